"""Does the pair score find colluders? Simulated tables with planted pairs among honest bots.

    nice -n 10 .venv/bin/python bench/integrity.py [--tables N] [--seed S]

Each simulated table is 8 players of no-limit Hold'em (blinds 10/20, every stack topped up to 100
big blinds before each hand, the button moving on). Honest players are the practice bots' rule
(``poker/games/betting/bots.py``: raise good hands and made hands, call what is cheap, fold the
rest, with a little noise). A planted pair sits among six honest players and plays one of:

- soft play: neither bets or raises while the partner is still in the hand, and each folds to the
  partner's bet whatever he holds (they know each other's cards: they fold the better hand too);
- chip dumping: the one behind in the session raises whenever the partner is in, and folds when
  the partner raises back; the partner raises him back whenever he can.

Each rule is applied at a strength: the chance that the colluder follows it at each chance (else he
plays honestly). For each length (50, 150 and 300 hands together) and strength, N tables with a
pair and N honest tables are played; the output is the share of planted pairs ranked first of
their table's 28 pairs, the share flagged ("à regarder"), and the share of honest pairs flagged (all 28
pairs of the honest tables, and the 27 others of the tables with a pair). Last, the pair figures of
a session of 60 players and 2,000 hands (8 tables) are timed.

Simplification against the championship's format: the stacks are topped up, so every table plays
its hands with 8 players (a session's blinds rise and its tables shrink); the hands together are
what the goal counts, so the table's length is set to them directly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from poker.engine import Action, NoLimitHoldem, evaluate_high, shuffled_deck
from poker.engine.integrity import HandPairs, PairBook, hand_pairs

GAME = NoLimitHoldem(small_blind=10, big_blind=20)
STACK = 2000
SEATS = 8
STRONG = {"two_pair", "three_of_a_kind", "straight", "flush", "full_house", "four_of_a_kind"}
STRONG |= {"straight_flush", "royal_flush"}


def strength(hand, player: int) -> float:
    cards = hand.hole_cards[player]
    if not hand.board:
        a, b = sorted((c.rank_index for c in cards), reverse=True)
        score = 0.6 + a / 30 if a == b else (a + b) / 24
        score += 0.05 * (cards[0].suit == cards[1].suit) + 0.03 * (a - b == 1)
        return min(score, 1.0)
    category = evaluate_high(list(cards) + list(hand.board)).category
    return 0.9 if category in STRONG else 0.6 if category == "pair" else 0.25


def honest(hand, rng: random.Random) -> Action:
    """The practice bot's rule (poker/games/betting/bots.holdem)."""
    player = hand.actor
    legal = hand.legal_actions()
    s = strength(hand, player) + rng.uniform(-0.1, 0.1)
    if legal.can_raise and s > 0.75 and (hand.level <= hand.big_blind or s > 0.95):
        pot = sum(hand.committed) + sum(hand.bets)
        return Action.raise_to(min(max(legal.min_raise_to, hand.level + pot * 2 // 3), legal.max_raise_to))
    if legal.can_check:
        return Action.check()
    cheap = legal.call_amount <= max(hand.big_blind * 2, hand.stacks[player] // 10)
    if s > 0.5 or (cheap and s > 0.3):
        return Action.call()
    return Action.fold()


def passive(action: Action, legal) -> Action:
    """The same decision without a bet or raise."""
    if action.kind != "raise":
        return action
    return Action.check() if legal.can_check else Action.call()


def colluder(hand, rng: random.Random, partner: int, mode: str, strength_: float, dumper: bool) -> Action:
    legal = hand.legal_actions()
    action = honest(hand, rng)
    if hand.folded[partner] or rng.random() >= strength_:
        return action
    facing_partner = hand.aggressor == partner and legal.call_amount > 0
    if mode == "soft":
        if facing_partner and legal.can_fold:
            return Action.fold()
        return passive(action, legal)
    # chip dumping
    if dumper:
        if facing_partner and legal.can_fold:
            return Action.fold()
        if legal.can_raise and hand.level <= hand.big_blind * 3:
            return Action.raise_to(legal.min_raise_to)
        return action
    if hand.aggressor is not None and hand.aggressor == partner and legal.can_raise:
        return Action.raise_to(legal.min_raise_to)
    return action


def play_table(rng: random.Random, ids: list[int], hands: int, plant: tuple | None, book: PairBook) -> None:
    """``plant``: (seat a, seat b, mode, strength) or None. Seat a dumps to seat b."""
    for number in range(hands):
        button = number % SEATS
        hand = GAME.start_hand(stacks=[STACK] * SEATS, button=button, deck=shuffled_deck(rng=rng))
        while not hand.is_over:
            p = hand.actor
            if plant and p in plant[:2]:
                a, b, mode, s = plant
                partner = b if p == a else a
                action = colluder(hand, rng, partner, mode, s, dumper=p == a)
            else:
                action = honest(hand, rng)
            hand.act(action)
        book.add(hand_pairs(hand.events), ids, ref=number)


def experiment(
    rng: random.Random, tables: int, hands: int, mode: str | None, s: float
) -> tuple[int, int, int, int, int]:
    """(planted ranked first, planted flagged, planted tables, honest pairs flagged, honest pairs)."""
    first = found = planted = flagged = honest_pairs = 0
    for _ in range(tables):
        ids = list(range(SEATS))
        book = PairBook()
        plant = (0, 1 + rng.randrange(SEATS - 1), mode, s) if mode else None
        if plant:
            plant = (plant[0], plant[1], mode, s)
        play_table(rng, ids, hands, plant, book)
        ranked = book.ranked()
        for rank, report in enumerate(ranked):
            is_planted = plant is not None and set(report.players) == {plant[0], plant[1]}
            if is_planted:
                planted += 1
                first += rank == 0
                found += report.flagged
            else:
                honest_pairs += 1
                flagged += report.flagged
    return first, found, planted, flagged, honest_pairs


def timing(rng: random.Random) -> tuple[float, float, float]:
    """The pair figures of 60 players and 2,000 hands: the hands first, then timed alone: read from
    the events (what the tables pay, a hand at a time, as each ends) and added up from the stored
    counts (what the organizer's page does)."""
    records = []
    players = list(range(60))
    rng.shuffle(players)
    tables = [players[k::8] for k in range(8)]  # 7 or 8 players a table
    for number in range(2000):
        ids = tables[number % 8]
        hand = NoLimitHoldem(small_blind=10, big_blind=20).start_hand(
            stacks=[STACK] * len(ids), button=number % len(ids), deck=shuffled_deck(rng=rng)
        )
        while not hand.is_over:
            hand.act(honest(hand, rng))
        records.append((list(hand.events), ids))
    start, cpu = time.perf_counter(), time.process_time()
    book = PairBook()
    stored = []
    for number, (events, ids) in enumerate(records):
        pairs = hand_pairs(events)
        stored.append(json.dumps(pairs.to_dict()))
        book.add(pairs, ids, ref=number)
    book.ranked()
    from_events, from_events_cpu = time.perf_counter() - start, time.process_time() - cpu
    start = time.perf_counter()
    book = PairBook()
    for number, ((_, ids), data) in enumerate(zip(records, stored)):
        book.add(HandPairs.from_dict(json.loads(data)), ids, ref=number)
    book.ranked()
    return from_events, from_events_cpu, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables of each kind and length")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--lengths", default="50,150,300")
    parser.add_argument("--strengths", default="0.5,0.8,1.0")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{args.tables} tables of 8 a line; goal at 150 hands: >= 90 % found, <= 5 % honest flagged")
    for hands in [int(h) for h in args.lengths.split(",")]:
        _, _, _, flagged_h, pairs_h = experiment(rng, args.tables, hands, None, 0)
        share = flagged_h / pairs_h
        print(f"{hands:4d} hands, honest tables: {flagged_h}/{pairs_h} pairs flagged ({share:.1%})")
        for mode in ("soft", "dump"):
            for s in [float(x) for x in args.strengths.split(",")]:
                first, found, planted, flagged, pairs = experiment(rng, args.tables, hands, mode, s)
                print(
                    f"{hands:4d} hands, {mode:4s} at {s:.0%}: planted pair ranked first {first}/{planted} "
                    f"({first / planted:.0%}), flagged {found}/{planted} ({found / planted:.0%}); "
                    f"honest pairs flagged {flagged}/{pairs} ({flagged / pairs:.1%})"
                )
    from_events, cpu, from_counts = timing(rng)
    print(
        f"60 players, 2,000 hands: pair figures from the events in {from_events:.1f} s "
        f"({cpu:.1f} s of CPU; goal < 10 s), from the stored counts (the page) in {from_counts:.2f} s"
    )


if __name__ == "__main__":
    main()
