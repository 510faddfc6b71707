"""The best-draw hint of draw against the dealer: time per hint, and what it leaves out.

Run from the repository root:  nice -n 10 .venv/bin/python bench/dealer_hint.py [--hands 2000] [--removal 100]

How to read the output:
1. Time: CPU time of ``best_draws`` (all 26 draws, exact over the full deck) on random hands:
   the first call (it loads the stored counts) and then p50 / p99 / max. Target: p99 well under
   1 s of CPU.
2. The hint of before (the dealer's final hands simulated, 20,000 rounds with a fixed seed) against
   the exact one, on the same hands: how often it named another draw, and what that cost on
   average by the exact count. This is the anchor: what exactness bought.
3. Card removal (``--removal`` hands, about 4 s of CPU each): the exact average of every draw when
   the dealer's five cards and his replacements come from the 47 cards the player was not dealt
   (``dealer_finals.count_paths`` over those cards), against the hint's full deck. How often the
   best draw changes, what following the hint then costs, the largest difference in one draw's
   average. The player's replacements are still allowed to the dealer in this reference: excluding
   them too needs a count per set of replacements (poker/engine/strategy/draw.py).
4. Full card removal for one-card draws (``--full`` hands, about 3 minutes of CPU each): standing
   pat and the five one-card draws counted exactly with the dealer playing from the cards the
   player neither was dealt nor received (one dealer count per replacement card, 47 a hand),
   against the reference of 3 (his replacement still allowed to the dealer) and against the hint.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from math import comb
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from poker.engine.batch import evaluate_high_batch
from poker.engine.cards import Card, full_deck
from poker.engine.dealer_draw import MAX_DRAW, dealer_discards
from poker.engine.strategy.dealer_finals import count_paths
from poker.engine.strategy.draw import best_draws, final_values, net_by_value


def simulated_net(rounds: int = 20_000, seed: int = 35) -> np.ndarray:
    """The hint of before: the dealer's final hands dealt ``rounds`` times from a full deck."""
    rng = random.Random(seed)
    deck = full_deck()
    finals = np.empty((rounds, 5), dtype=np.intp)
    for k in range(rounds):
        cards = rng.sample(deck, 5 + MAX_DRAW)
        hand, spare = cards[:5], cards[5:]
        thrown = dealer_discards(hand)
        kept = [c for c in hand if c not in thrown]
        finals[k] = [int(c) for c in kept + spare[: len(thrown)]]
    weights = np.bincount(evaluate_high_batch(finals, check=False), minlength=7462).astype(np.float64)
    return net_by_value(weights) / rounds


def net_without(out: list[int]) -> np.ndarray:
    """His average net by final value when the dealer plays from the cards not in ``out``."""
    deck = tuple(c for c in range(52) if c not in out)
    paths = count_paths(deck=deck)
    m = len(deck)
    return net_by_value(sum(paths[d] / (comb(m, 5) * comb(m - 5, d)) for d in range(4)))


def without_his_cards(cards: list[Card]) -> np.ndarray:
    """Every draw's exact average when the dealer plays from the 47 cards the player was not dealt."""
    net = net_without(cards)
    return np.array([net[values].mean() for _, values in final_values(cards)])


def fully_without(cards: list[Card]) -> dict[frozenset, float]:
    """Standing pat and the one-card draws, the dealer playing from neither his cards nor his new one."""
    unseen = [c for c in full_deck() if c not in cards]
    averages = {frozenset(): float(net_without(cards)[evaluate_high_batch([cards])[0]])}
    nets = [net_without([*cards, new]) for new in unseen]
    for thrown in cards:
        kept = [c for c in cards if c != thrown]
        values = evaluate_high_batch([[*kept, new] for new in unseen])
        averages[frozenset([thrown])] = float(np.mean([net[v] for net, v in zip(nets, values)]))
    return averages


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--removal", type=int, default=100)
    parser.add_argument("--full", type=int, default=3)
    parser.add_argument("--two-decks", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(2026)
    hands = [rng.sample(full_deck(), 5) for _ in range(args.hands)]

    start = time.process_time()
    exact = [best_draws(hands[0])]
    first = time.process_time() - start
    times = []
    for cards in hands[1:]:
        start = time.process_time()
        exact.append(best_draws(cards))
        times.append(time.process_time() - start)
    p50, p99 = np.percentile(times, [50, 99])
    print(f"1. time per hint, {len(hands)} hands: first {first * 1000:.0f} ms (loads the counts), then")
    print(f"   p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {max(times) * 1000:.1f} ms of CPU")

    if args.two_decks:
        shoe = full_deck(2)
        start = time.process_time()
        best_draws(rng.sample(shoe, 5), decks=2)
        first = time.process_time() - start
        times = []
        for _ in range(args.two_decks):
            cards = rng.sample(shoe, 5)
            start = time.process_time()
            best_draws(cards, decks=2)
            times.append(time.process_time() - start)
        p50, p99 = np.percentile(times, [50, 99])
        print(
            f"   two decks, {args.two_decks} hands: first {first * 1000:.0f} ms,"
            f" then p50 {p50 * 1000:.1f} ms,",
            end=" ",
        )
        print(f"p99 {p99 * 1000:.1f} ms, max {max(times) * 1000:.1f} ms of CPU")

    simulated = simulated_net()
    changed, cost = 0, []
    for cards, draws in zip(hands, exact):
        by_thrown = {frozenset(d.thrown): d.expected for d in draws}
        options = final_values(cards)
        guess = max(options, key=lambda o: simulated[o[1]].mean())
        if frozenset(guess[0]) != frozenset(draws[0].thrown):
            changed += 1
            cost.append(draws[0].expected - by_thrown[frozenset(guess[0])])
    print(f"2. the simulated hint of before named another draw on {changed} of {len(hands)} hands;", end=" ")
    print(f"cost {np.mean(cost) if cost else 0:.4f} bet on average there, at most {max(cost, default=0):.4f}")

    changes, worst, worst_best, lost = 0, 0.0, 0.0, []
    start = time.process_time()
    for cards, draws in zip(hands[: args.removal], exact[: args.removal]):
        reference = without_his_cards(cards)
        order = [frozenset(t) for t, _ in final_values(cards)]
        hint = np.array([next(d.expected for d in draws if frozenset(d.thrown) == o) for o in order])
        worst = max(worst, float(np.abs(reference - hint).max()))
        best = int(np.argmax(reference))
        chosen = order.index(frozenset(draws[0].thrown))
        worst_best = max(worst_best, abs(float(reference[chosen] - hint[chosen])))
        if chosen != best:
            changes += 1
            lost.append(float(reference[best] - reference[chosen]))
    seconds = (time.process_time() - start) / max(1, args.removal)
    print(f"3. card removal (the dealer without the five cards dealt to the player), {args.removal} hands,")
    print(f"   {seconds:.1f} s of CPU a hand: the best draw changes on {changes};", end=" ")
    print(f"following the hint then costs {np.mean(lost) if lost else 0:.4f} bet on average,")
    print(f"   at most {max(lost, default=0):.4f}; largest difference in a draw's average {worst:.4f} bet,")
    print(f"   in the hinted draw's {worst_best:.4f} bet")

    against_dealt, against_hint = 0.0, 0.0
    for cards, draws in zip(hands[: args.full], exact[: args.full]):
        full = fully_without(cards)
        dealt = dict(zip((frozenset(t) for t, _ in final_values(cards)), without_his_cards(cards)))
        hint = {frozenset(d.thrown): d.expected for d in draws}
        against_dealt = max(against_dealt, max(abs(full[t] - dealt[t]) for t in full))
        against_hint = max(against_hint, max(abs(full[t] - hint[t]) for t in full))
    print(f"4. full card removal, standing pat and one-card draws, {args.full} hands: largest difference")
    print(f"   from 3's reference {against_dealt:.4f} bet, from the hint {against_hint:.4f} bet")


if __name__ == "__main__":
    main()
