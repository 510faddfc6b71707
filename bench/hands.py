"""Complete six-player no-limit Hold'em hands per second: our engine beside PokerKit, same hands.

    python bench/hands.py [N]      (from the repository root; N hands, default 2000)

N random hands (blinds 100/200, ante 20, stacks of 10 to 150 big blinds, random legal actions) are
first played once on our engine to record the actions, then replayed, timed, on our engine
(``start_hand`` with the deck, then ``act`` for each action) and on PokerKit 0.7.7 (``create_state``
with its usual automations, the same hole cards, burns and board, then the same actions). Both
replays must end with the same stacks. Hands where docs/rules.md and PokerKit differ are left out (see
tests/engine/test_holdem_vs_pokerkit.py).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pokerkit import Automation, NoLimitTexasHoldem

from poker.engine import Action, NoLimitHoldem, shuffled_deck

PLAYERS = 6
GAME = NoLimitHoldem(small_blind=100, big_blind=200, ante=20)
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def record(rng: random.Random) -> tuple[list[int], int, list, list[Action]]:
    """One random hand played on our engine: its table, deck and actions."""
    stacks = [rng.randint(10, 150) * GAME.big_blind + rng.randint(0, 199) for _ in range(PLAYERS)]
    button = rng.randrange(PLAYERS)
    deck = shuffled_deck(rng=rng)  # type: ignore[arg-type]  # seeded: the same hands every run
    hand = GAME.start_hand(stacks, button, deck)
    actions = []
    while hand.actor is not None:
        la = hand.legal_actions()
        moves = [Action.check()] * 4 if la.can_check else [Action.call()] * 4 + [Action.fold()] * 3
        if la.min_raise_to is not None:
            low, high = la.min_raise_to, la.max_raise_to
            moves += [Action.raise_to(rng.choice((low, high, rng.randint(low, min(high, 3 * low)))))] * 2
        action = rng.choice(moves)
        actions.append(action)
        hand.act(action)
    return stacks, button, deck, actions


def play_ours(stacks: list[int], button: int, deck: list, actions: list[Action]) -> list[int]:
    hand = GAME.start_hand(stacks, button, deck)
    for action in actions:
        hand.act(action)
    return hand.stacks


def play_pokerkit(stacks: list[int], button: int, deck: list, actions: list[Action]) -> list[int]:
    n = len(stacks)
    order = [(button + 1 + k) % n for k in range(n)]  # PokerKit's player k is our order[k]
    names = [str(card) for card in deck]
    state = NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        True,
        GAME.ante,
        (GAME.small_blind, GAME.big_blind),
        GAME.big_blind,
        [stacks[p] for p in order],
        n,
    )
    for k in range(2 * n):  # one card at a time from the button's left: PokerKit's player 0 first
        state.deal_hole(names[k])
    rest = iter(names[2 * n :])
    actions = iter(actions)
    while state.status:
        if state.actor_index is not None:
            action = next(actions, None)
            if action is None:  # PokerKit waits for a check we do not ask for: nobody else has chips
                state.check_or_call()
            elif action.kind == "fold":
                state.fold()
            elif action.kind == "raise":
                state.complete_bet_or_raise_to(action.amount)
            else:
                state.check_or_call()
        elif state.can_burn_card():
            state.burn_card(next(rest))
        elif state.can_deal_board():
            count = state.board_dealing_count or 1
            state.deal_board("".join(next(rest) for _ in range(count)))
    final = [0] * n
    for k, player in enumerate(order):
        final[player] = state.stacks[k]
    return final


def main(count: int = 2000) -> None:
    rng = random.Random(2026)
    hands = []
    left_out = 0
    while len(hands) < count:
        hand = record(rng)
        try:
            same = play_pokerkit(*hand) == play_ours(*hand)
        except ValueError:  # an action PokerKit refuses: a place where the rules differ
            same = False
        if same:
            hands.append(hand)
        else:
            left_out += 1
    decisions = sum(len(h[3]) for h in hands)

    start = time.perf_counter()
    for hand in hands:
        play_ours(*hand)
    ours = count / (time.perf_counter() - start)

    start = time.perf_counter()
    for hand in hands:
        play_pokerkit(*hand)
    theirs = count / (time.perf_counter() - start)

    print(
        f"{count} six-player hands, {decisions / count:.1f} actions a hand on average ({left_out} left out)"
    )
    print(f"  ours      {ours:>10,.0f} hands/s")
    print(f"  PokerKit  {theirs:>10,.0f} hands/s")
    print(f"  ratio     {ours / theirs:>10.1f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
