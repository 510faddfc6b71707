"""Complete six-player Razz hands per second: our engine beside PokerKit, same hands.

    python bench/razz.py [N]      (from the repository root; N hands, default 1000)

N random hands (ante 5, bring-in 10, stacks of 1,000: deep enough that nobody is ever all-in, so
docs/rules.md and PokerKit agree, see tests/engine/test_razz_vs_pokerkit.py) are first played once on
our engine to record the deck and the actions, then replayed, timed, on our engine (``start_hand``
with the deck, then ``act`` for each action) and on PokerKit 0.7.7 (``FixedLimitRazz`` with its
usual automations, fed the same cards and burns, then the same actions). Both replays must end with
the same stacks.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pokerkit import Automation, FixedLimitRazz

from poker.engine import Action, Razz, shuffled_deck
from poker.engine import events as ev
from poker.engine.razz import UP_CARDS

PLAYERS = 6
STACK = 1000
GAME = Razz(ante=5, bring_in=10)
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def record(rng: random.Random) -> tuple[list, list[Action], list[tuple], list[int]]:
    """One random hand on our engine: its deck, actions, PokerKit's dealing steps and final stacks."""
    deck = shuffled_deck(rng=rng)  # type: ignore[arg-type]  # seeded: the same hands every run
    hand = GAME.start_hand([STACK] * PLAYERS, deck)
    actions = []
    while hand.actor is not None:
        la = hand.legal_actions()
        if la.bring_in is not None:
            moves = [Action.bring_in()] * 3
        elif la.can_check:
            moves = [Action.check()] * 4
        else:
            moves = [Action.call()] * 4 + [Action.fold()] * 2
        if la.min_raise_to is not None:
            moves += [Action.raise_to(la.min_raise_to)] * 2
        action = rng.choice(moves)
        actions.append(action)
        hand.act(action)
    # Six players never run the deck out: after 3rd street the cards come off the deck in order.
    steps: list[tuple] = [("hole", i, str(deck[k * PLAYERS + i])) for k in range(3) for i in range(PLAYERS)]
    rest = iter(deck[3 * PLAYERS :])
    for event in hand.events:
        if event["type"] == ev.BURN:
            steps.append(("burn", None, str(next(rest))))
        elif event["type"] in (UP_CARDS, ev.HOLE_CARDS) and event["street"] != "third":
            steps.append(("hole", event["player"], str(next(rest))))
    return deck, actions, steps, hand.stacks


def play_ours(deck: list, actions: list[Action]) -> list[int]:
    hand = GAME.start_hand([STACK] * PLAYERS, deck)
    for action in actions:
        hand.act(action)
    return hand.stacks


def play_pokerkit(actions: list[Action], steps: list[tuple]) -> list[int]:
    state = FixedLimitRazz.create_state(
        AUTOMATIONS, True, GAME.ante, GAME.bring_in, GAME.small_bet, GAME.big_bet, [STACK] * PLAYERS, PLAYERS
    )
    steps = list(reversed(steps))
    moves = list(reversed(actions))
    while state.status:
        if state.actor_index is None:
            kind, player, card = steps.pop()
            if kind == "burn":
                state.burn_card(card)
            else:
                state.deal_hole(card, player)
            continue
        action = moves.pop()
        if action.kind == "bring_in":
            state.post_bring_in()
        elif action.kind == "fold":
            state.fold()
        elif action.kind in ("check", "call"):
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(action.amount)
    return list(state.stacks)


def main(count: int) -> None:
    rng = random.Random(20261130)
    hands = [record(rng) for _ in range(count)]
    start = time.perf_counter()
    ours = [play_ours(deck, actions) for deck, actions, _, _ in hands]
    ours_time = time.perf_counter() - start
    start = time.perf_counter()
    theirs = [play_pokerkit(actions, steps) for _, actions, steps, _ in hands]
    theirs_time = time.perf_counter() - start
    assert ours == theirs == [stacks for *_, stacks in hands], "the two engines disagree"
    decisions = sum(len(actions) for _, actions, _, _ in hands)
    print(f"{count} six-player Razz hands, {decisions} decisions, same final stacks on both engines")
    print(f"ours      {count / ours_time:10.0f} hands/s")
    print(f"PokerKit  {count / theirs_time:10.0f} hands/s   (ours is {theirs_time / ours_time:.1f}x faster)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
