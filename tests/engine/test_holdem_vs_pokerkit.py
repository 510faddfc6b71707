"""Differential test: our no-limit Hold'em against PokerKit 0.7.7, hand by hand, decision by decision.

Thousands of random hands (2 to 8 players, short and deep stacks, antes, heads-up) are played with
random legal actions on our engine and replayed on PokerKit with the same cards. At every decision
both must agree on the player to act, the call amount, whether he may fold, and the minimum and
maximum raise-to; at the end on the final stacks.

docs/rules.md differs from PokerKit in these places; this test avoids or adjusts for each, and the
rule tests (test_holdem_rules.py) check our side of them with explicit cards:

1. Odd chips. docs/rules.md: one chip each to the winners from the first clockwise from the button;
   PokerKit gives the whole remainder to the first winner. The two differ only when three or more
   winners leave two or more odd chips: the final stacks are compared after giving PokerKit's
   split to such pots.
2. A big blind all-in for less than the full big blind. docs/rules.md (TDA): it still counts as a full
   big blind, the others call the full big blind; PokerKit lets them call what was posted. Avoided:
   the big blind always has at least the ante plus the big blind here.
3. A short all-in that is the first bet or raise of a round and adds less than one big blind (say
   250 over a 200 big blind, or an all-in bet of 50 after checks). docs/rules.md: it does not reopen the
   betting for players who already acted (a limper or a player who checked may only call or fold);
   PokerKit lets them raise. Found by this test (the issue expected only 1 and 2); 1 also shows
   when pots merge: PokerKit first kills the hands that win nothing (see ``pokerkit_split``).
4. PokerKit's count of "several short all-ins together": once short all-ins have added up to a full
   raise, PokerKit starts counting again from the next short all-in, and then refuses a raise to a
   player who has already acted although the bet he faces has grown by more than a full raise
   since he acted (docs/rules.md, TDA: he may raise). Found reading PokerKit's code; rare in random
   hands.

For 3 and 4 the random test checks that the disagreement is exactly that case and then plays a
call or a fold, legal in both, so the hands go on together. The tests at the end play each
difference on both engines with explicit cards.

One more difference is not a rule but a way of running a hand: when the only player left with chips
has nothing to call (everybody else is all-in for no more than his bet), PokerKit still waits for
him to check, where we run the hand out at once (docs/rules.md: a hand in which nobody can act any more
runs itself out). The test checks that PokerKit's only option is then a check, and plays it.
"""

from __future__ import annotations

import random

from pokerkit import Automation, NoLimitTexasHoldem

from poker.engine import Action, NoLimitHoldem, shuffled_deck
from poker.engine import events as ev
from poker.engine.holdem import deck_for
from tests.engine.pokerkit_odd_chips import pokerkit_split

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
LEVELS = ((10, 20, 0), (50, 100, 0), (100, 200, 20), (150, 300, 30), (200, 400, 40), (1, 2, 0), (5, 10, 1))


def random_table(rng: random.Random) -> tuple[NoLimitHoldem, list[int], int]:
    n = rng.choice((2, 2, 3, 3, 4, 5, 6, 6, 7, 8))
    sb, bb, ante = rng.choice(LEVELS)
    style = rng.random()
    stacks = []
    for _ in range(n):
        if style < 0.4:  # short stacks: all-ins, side pots, short all-ins
            stacks.append(rng.randint(1, 12 * bb))
        elif style < 0.8:
            stacks.append(
                rng.choice((rng.randint(1, 3 * bb), rng.randint(bb, 40 * bb), rng.randint(20 * bb, 200 * bb)))
            )
        else:  # equal stacks: split pots
            stacks.append(25 * bb)
    button = rng.randrange(n)
    big_blind_player = (button + 1) % n if n == 2 else (button + 2) % n
    # Difference 2: a big blind all-in for less is not compared here (see the rule tests).
    stacks[big_blind_player] = max(stacks[big_blind_player], ante + bb)
    return NoLimitHoldem(sb, bb, ante), stacks, button


def random_action(rng: random.Random, la, no_raise: bool = False) -> Action:
    choices = []
    if la.can_check:
        choices += ["check"] * 5
    if la.can_call:
        choices += ["call"] * 5 + ["fold"] * 3
    if la.min_raise_to is not None and not no_raise:
        choices += ["raise"] * 4
    kind = rng.choice(choices)
    if kind == "raise":
        low, high = la.min_raise_to, la.max_raise_to
        amount = rng.choice((low, low, high, rng.randint(low, high), rng.randint(low, min(high, 3 * low))))
        return Action.raise_to(amount)
    return {"check": Action.check, "call": Action.call, "fold": Action.fold}[kind]()


class PokerKitHand:
    """The same hand on PokerKit: PokerKit's player k is our player order[k] (k=0 left of the button;
    heads-up, PokerKit's player 1 is the button and posts the small blind)."""

    def __init__(self, game: NoLimitHoldem, stacks: list[int], button: int, deck: list) -> None:
        n = len(stacks)
        self.order = [(button + 1 + k) % n for k in range(n)]
        self.index = {player: k for k, player in enumerate(self.order)}
        self.state = NoLimitTexasHoldem.create_state(
            AUTOMATIONS,
            True,  # antes count as chips put in: an all-in ante wins at most what it put in
            game.ante,
            (game.small_blind, game.big_blind),
            game.big_blind,
            [stacks[p] for p in self.order],
            n,
        )
        # Our dealing order: one card at a time from the button's left, twice; then burn and board.
        self.hole = {p: [str(deck[k * n + j]) for k in range(2)] for j, p in enumerate(self.order)}
        rest = [str(c) for c in deck[2 * n :]]
        self.burns = [rest[0], rest[4], rest[6]]
        self.boards = [rest[1:4], [rest[5]], [rest[7]]]
        self.dealt = {p: 0 for p in self.order}
        self.advance()

    def advance(self) -> None:
        s = self.state
        while s.status and s.actor_index is None:
            if s.can_deal_hole():
                player = self.order[s.hole_dealee_index]
                s.deal_hole(self.hole[player][self.dealt[player]])
                self.dealt[player] += 1
            elif s.can_burn_card():
                s.burn_card(self.burns.pop(0))
            elif s.can_deal_board():
                s.deal_board("".join(self.boards.pop(0)))
            else:
                raise AssertionError("PokerKit is stuck")

    @property
    def actor(self) -> int | None:
        k = self.state.actor_index
        return None if k is None else self.order[k]

    def options(self) -> tuple:
        s = self.state
        return (
            s.can_fold(),
            s.checking_or_calling_amount or 0,
            s.min_completion_betting_or_raising_to_amount,
            s.max_completion_betting_or_raising_to_amount,
        )

    def act(self, action: Action) -> None:
        s = self.state
        if action.kind == "fold":
            s.fold()
        elif action.kind in ("check", "call"):
            s.check_or_call()
        else:
            s.complete_bet_or_raise_to(action.amount)
        self.advance()

    def final_stacks(self) -> list[int]:
        assert not self.state.status
        stacks = [0] * len(self.order)
        for k, player in enumerate(self.order):
            stacks[player] = self.state.stacks[k]
        return stacks


def round_increments(hand) -> list[tuple[int, bool, bool]]:
    """(increment, all-in, full) of each bet or raise on the current round, from the events."""
    found = []
    for event in reversed(hand.events):
        if event["type"] in (ev.BOARD, ev.HOLE_CARDS):
            break
        if event["type"] == ev.BET:
            found.append(event["total"])
        elif event["type"] == ev.RAISE:
            found.append(event["by"])
    return found[::-1]


def explain_raise_difference(hand, ours: bool, theirs: bool) -> str:
    """Which known difference makes the two engines disagree on a raise; fails if none does."""
    i = hand.actor
    increments = round_increments(hand)
    assert hand.acted[i], "only a player who has already acted can be refused a raise by one engine"
    if theirs and not ours:  # difference 3: the round's bets and raises all add less than one big blind
        assert max(increments) < hand.big_blind, increments
        return "short all-in under one big blind"
    # difference 4: several short all-ins, counted again after they had added up to a full raise
    assert ours and not theirs
    assert len(increments) >= 3, increments
    return "short all-ins counted again"


def play_both(rng: random.Random, stats: dict[str, int]) -> None:
    game, stacks, button = random_table(rng)
    deck = shuffled_deck(rng=rng)  # type: ignore[arg-type]  # seeded: a test that can be replayed
    hand = game.start_hand(stacks, button, deck)
    theirs = PokerKitHand(game, stacks, button, deck)
    while True:
        if hand.actor is None and theirs.actor is not None:
            assert theirs.options() == (False, 0, None, None), "PokerKit waits for more than a check"
            theirs.act(Action.check())
            stats["checks only PokerKit asks for"] += 1
            continue
        assert hand.actor == theirs.actor
        if hand.actor is None:
            break
        la = hand.legal_actions()
        ours = (la.can_fold, la.call_amount, la.min_raise_to, la.max_raise_to)
        pk = theirs.options()
        no_raise = False
        if ours != pk:
            assert ours[:2] == pk[:2], (ours, pk)
            if (ours[2] is None) != (pk[2] is None):
                stats[explain_raise_difference(hand, ours[2] is not None, pk[2] is not None)] += 1
                no_raise = True
            else:
                raise AssertionError((ours, pk))
        stats["decisions"] += 1
        action = random_action(rng, la, no_raise)
        hand.act(action)
        theirs.act(action)
        assert hand.total_chips == sum(stacks)
    assert hand.is_over
    final = theirs.final_stacks()
    if final != hand.stacks:
        assert final == pokerkit_split(hand)
        stats["odd chips split differently"] += 1
    pots = [e for e in hand.events if e["type"] == ev.POT_AWARDED]
    stats["hands"] += 1
    stats["heads-up"] += len(stacks) == 2
    stats["side pots"] += len(pots) > 1
    stats["split pots"] += any(len(e["winners"]) > 1 for e in pots)
    stats["showdowns"] += any(not e["uncontested"] for e in pots)
    kinds = [e["type"] for e in hand.events]
    stats["all-in run-outs"] += ev.SHOW in kinds and ev.BOARD in kinds[kinds.index(ev.SHOW) :]


def test_same_actors_options_and_final_stacks_as_pokerkit():
    rng = random.Random(20260817)
    stats: dict[str, int] = dict.fromkeys(
        (
            "hands",
            "decisions",
            "heads-up",
            "side pots",
            "split pots",
            "showdowns",
            "all-in run-outs",
            "odd chips split differently",
            "short all-in under one big blind",
            "short all-ins counted again",
            "checks only PokerKit asks for",
        ),
        0,
    )
    for _ in range(2000):
        play_both(rng, stats)
    # The random hands reach the cases that matter (the seed is fixed: these counts do not move).
    assert stats["hands"] == 2000
    assert stats["decisions"] > 15_000
    assert stats["heads-up"] > 300
    assert stats["side pots"] > 600
    assert stats["split pots"] > 60
    assert stats["all-in run-outs"] > 1000
    assert stats["short all-in under one big blind"] > 20
    assert stats["odd chips split differently"] > 0
    assert stats["checks only PokerKit asks for"] > 0


# -- Each difference, played on both engines with explicit cards --------------------------------------


def both(stacks, button, moves=(), sb=100, bb=200, ante=0, holes=(), board=""):
    game = NoLimitHoldem(sb, bb, ante)
    deck = deck_for(list(holes) + [""] * (len(stacks) - len(holes)), board, button)
    hand = game.start_hand(stacks, button, deck)
    theirs = PokerKitHand(game, stacks, button, deck)
    for move in moves:
        action = Action.raise_to(move) if isinstance(move, int) else getattr(Action, move)()
        hand.act(action)
        theirs.act(action)
    return hand, theirs


def options(hand):
    la = hand.legal_actions()
    return (la.can_fold, la.call_amount, la.min_raise_to, la.max_raise_to)


def test_difference_1_odd_chips_one_each_from_the_button_where_pokerkit_gives_them_all_to_one():
    hand, theirs = both(
        [1000] * 4, 0, ["call", "call", "fold", "check"] + ["check"] * 9, sb=5, bb=10, board="AsKsQsJsTs"
    )
    assert hand.stacks == [1001, 995, 1002, 1002]  # 35 chips for 3 winners: 2 odd chips, players 2 and 3
    assert theirs.final_stacks() == [1001, 995, 1003, 1001]  # PokerKit: both to player 2
    assert pokerkit_split(hand) == theirs.final_stacks()


def test_difference_2_a_short_all_in_big_blind_counts_as_a_full_big_blind_for_the_others():
    hand, theirs = both([5000, 5000, 150, 5000], 0)
    assert hand.actor == theirs.actor == 3
    assert options(hand) == (True, 200, 400, 5000)  # docs/rules.md (TDA): call the full big blind
    assert theirs.options() == (True, 150, 350, 5000)  # PokerKit: call what the big blind posted


def test_difference_3_a_short_all_in_under_one_big_blind_does_not_reopen_the_betting():
    hand, theirs = both([5000, 5000, 5000, 5000, 250], 4, ["call", "call", 250, "call", "call"])
    assert hand.actor == theirs.actor == 2  # the first limper, facing 50 more
    assert options(hand) == (True, 50, None, None)  # docs/rules.md: call or fold
    assert theirs.options() == (True, 50, 450, 5000)  # PokerKit: he may raise


def test_difference_4_short_all_ins_that_add_up_to_a_full_raise_and_then_some_reopen_the_betting():
    # Player 2 raises to 400; all-ins to 500, 650 (together a full raise) and 700 follow.
    hand, theirs = both([5000, 5000, 5000, 500, 650, 700], 5, [400, 500, 650, 700, "call", "fold"])
    assert hand.actor == theirs.actor == 2  # he faces 300 more than his 400
    assert options(hand) == (True, 300, 900, 5000)  # docs/rules.md (TDA): reopened
    assert theirs.options() == (True, 300, None, None)  # PokerKit counts only the last all-in, 50


def test_pokerkit_waits_for_a_check_from_the_only_player_left_with_chips():
    hand, theirs = both([5000, 5000, 150, 5000], 3, ["call", "fold", "fold"])  # player 2 all-in for 150
    assert hand.is_over  # the big blind can only check: the hand ran out
    assert theirs.actor == 1 and theirs.options() == (False, 0, None, None)
    theirs.act(Action.check())
    assert theirs.final_stacks() == hand.stacks
