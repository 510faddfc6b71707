"""Differential test: our Razz against PokerKit 0.7.7's ``FixedLimitRazz``, decision by decision.

Random hands (2 to 8 players, short, deep and equal stacks, several stakes, tables where nobody
folds so that eight players reach 7th street) are played with random legal actions on our engine and
replayed on PokerKit with the same cards (the burns too) and the same actions. At every decision
both must agree on the player to act, the bring-in he may post, whether he may fold, what he must
call and the raise-to (fixed limit: one amount); at the end on the final stacks.

Where docs/rules.md and PokerKit agree without help: the bring-in by the highest up card, king high and
ace low, ties by suit with spades > hearts > diamonds > clubs (PokerKit's suit order is alphabetical,
c < d < h < s, the same order); the bring-in passing to the next player with chips when the highest
card is all-in from his ante; the completion; the small bet on 3rd and 4th street and the big bet
from 5th; the cap of four completions, bets and raises a round (the bring-in not counted, a short
all-in counted); the acting order from 4th street; and the community card: PokerKit too deals one
card face up to everybody when the deck with the burned and folded cards cannot serve every player
still in (we feed it our cards, so which card it is does not matter).

docs/rules.md differs from PokerKit in these places; the test adjusts for each, and the tests at the end
play each one on both engines with explicit cards:

1. Odd chips. docs/rules.md: one each to the winners in seat order from the dealer's left; PokerKit gives
   the whole remainder to the first winner. The final stacks are compared after giving PokerKit's
   split to such pots (only three or more winners with two or more odd chips differ).
2. An all-in "completion" for less than the small bet (bring-in 10, an all-in to 15). docs/rules.md reads
   it as an all-in for less: the completion stays open and is still to the small bet (20); PokerKit
   takes it as the completion and wants a raise to 15 + 20 = 35.
3. A bring-in player whose whole stack is no more than the bring-in: PokerKit also offers him a
   "completion" of the same chips; docs/rules.md: he posts the bring-in all-in, that is all.
4. Reopening below half a bet. docs/rules.md (TDA rule 47B): an all-in that raises what a player who has
   already acted last faced by less than half a bet of the street (half the small bet on 3rd and 4th
   street, half the big bet from 5th) does not reopen the betting for him. PokerKit measures "full"
   against the largest increment of the round so far, so an all-in that is the first bet of a round
   reopens for it however small it is. The test checks that the disagreement is such a case, then
   plays a call or a fold, legal in both, so that the hands go on together.
5. TDA 47B: half a bet reopens. An all-in raise of at least half a bet, but less than PokerKit's
   full increment (on 4th street, after a full bet of 20, an all-in raise of 10 to 19), reopens the
   betting under docs/rules.md; PokerKit only lets him call or fold. So does a player whose short all-ins
   together reached a full increment once: PokerKit's count of several short all-ins restarts then.
   On 3rd street the two agree by chance: the completion's increment over the bring-in is half a
   small bet. The test checks the case, then plays a call or a fold.

One more difference is not a rule but a way of running a hand: when the only player left with chips
has nothing to call, PokerKit may still wait for him to check where we run the hand out at once; the
test checks that PokerKit's only option is then a check, and plays it.
"""

from __future__ import annotations

import random
from collections import deque

import pytest
from pokerkit import Automation, FixedLimitRazz, RegularLowHand

from poker.engine import Action, Razz, shuffled_deck
from poker.engine import events as ev
from poker.engine.razz import BRING_IN_EVENT, COMPLETE, THIRD, UP_CARDS, RazzHand, deck_for
from tests.engine.pokerkit_memo import remembered_hands
from tests.engine.pokerkit_odd_chips import pokerkit_split

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
STAKES = ((5, 10), (1, 2), (0, 10), (10, 25), (2, 50))  # (ante, bring-in)

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # PokerKit's "card not recommended"


@pytest.fixture(autouse=True, scope="module")
def pokerkit_with_a_memory():
    """PokerKit values the same seven cards again and again at showdown (each player, each pot, each
    kill check): its pure hand and opening lookups are memoised here, which makes this test several
    times faster and changes no answer."""
    with remembered_hands(RegularLowHand):
        yield


class LoggedHand(RazzHand):
    """Our hand, noting every card it takes after 3rd street (burns included), for PokerKit."""

    def _take(self):
        card = super()._take()
        self.__dict__.setdefault("log", []).append(card)
        return card


def start(game: Razz, stacks: list[int], deck) -> LoggedHand:
    return LoggedHand._deal(game, stacks, deck)  # type: ignore[return-value]


class PokerKitHand:
    """The same hand on PokerKit, fed the cards our hand dealt (PokerKit's player i is ours)."""

    def __init__(self, hand: LoggedHand) -> None:
        n = hand.player_count
        self.hand = hand
        self.state = FixedLimitRazz.create_state(
            AUTOMATIONS,
            True,
            hand.ante,
            hand.bring_in,
            hand.small_bet,
            hand.big_bet,
            list(hand.starting_stacks),
            n,
        )
        self.ops: deque = deque(("hole", i, hand.hole_cards[i][k]) for k in range(3) for i in range(n))
        self.seen = 0
        self.taken = 0
        self.advance()

    def collect(self) -> None:
        """Queue the burns and cards our hand dealt since the last look."""
        log = self.hand.__dict__.get("log", [])
        for event in self.hand.events[self.seen :]:
            kind = event["type"]
            if kind == ev.BURN:
                self.ops.append(("burn", None, log[self.taken]))
            elif kind in (UP_CARDS, ev.HOLE_CARDS) and event["street"] != "third":
                self.ops.append(("hole", event["player"], log[self.taken]))
                assert str(log[self.taken]) == event["cards"][0]
            elif kind == ev.BOARD:
                self.ops.append(("board", None, log[self.taken]))
            else:
                continue
            self.taken += 1
        self.seen = len(self.hand.events)

    def advance(self) -> None:
        self.collect()
        s = self.state
        while s.status and s.actor_index is None:
            kind, player, card = self.ops.popleft()
            if kind == "burn":
                assert s.can_burn_card(), "PokerKit does not burn here"
                s.burn_card(str(card))
            elif kind == "hole":
                assert s.can_deal_hole(), "PokerKit deals no hole card here (a community card?)"
                s.deal_hole(str(card), player)
            else:
                assert s.can_deal_board(), "PokerKit deals no community card here"
                s.deal_board(str(card))
        assert not self.ops or not s.status

    @property
    def actor(self) -> int | None:
        return self.state.actor_index

    def options(self) -> tuple:
        s = self.state
        return (
            s.effective_bring_in_amount,
            s.can_fold(),
            s.checking_or_calling_amount,
            s.min_completion_betting_or_raising_to_amount,
            s.max_completion_betting_or_raising_to_amount,
        )

    def raise_refusal(self) -> str:
        try:
            self.state._verify_completion_betting_or_raising()
        except ValueError as reason:
            return str(reason)
        return ""

    def act(self, action: Action) -> None:
        s = self.state
        if action.kind == "bring_in":
            s.post_bring_in()
        elif action.kind == "fold":
            s.fold()
        elif action.kind in ("check", "call"):
            s.check_or_call()
        else:
            s.complete_bet_or_raise_to(action.amount)
        self.advance()

    def final_stacks(self) -> list[int]:
        assert not self.state.status
        return list(self.state.stacks)


def ours(hand: RazzHand) -> tuple:
    la = hand.legal_actions()
    call = la.call_amount if (la.can_check or la.can_call) else None
    return (la.bring_in, la.can_fold, call, la.min_raise_to, la.max_raise_to)


def random_table(rng: random.Random) -> tuple[Razz, list[int], float]:
    n = rng.choice((2, 2, 3, 4, 5, 6, 7, 8, 8, 8))
    ante, bring_in = rng.choice(STAKES)
    game = Razz(ante, bring_in)
    style = rng.random()
    if style < 0.35:  # short stacks: all-ins, side pots, short bring-ins and completions
        stacks = [rng.randint(1, 12 * bring_in) for _ in range(n)]
    elif style < 0.75:
        stacks = [rng.choice((rng.randint(1, 4 * bring_in), rng.randint(5, 60) * bring_in)) for _ in range(n)]
    else:  # equal deep stacks: caps and split pots
        stacks = [200 * bring_in] * n
    fold_weight = rng.choice((0, 0, 1, 3))  # 0: nobody folds, eight players see 7th street
    return game, stacks, fold_weight


def random_action(rng: random.Random, la, fold_weight: int, no_raise: bool) -> Action:
    choices = []
    if la.bring_in is not None:
        choices += ["bring_in"] * 3
    if la.can_check:
        choices += ["check"] * 5
    if la.can_call:
        choices += ["call"] * 5 + ["fold"] * fold_weight
    if la.min_raise_to is not None and not no_raise:
        choices += ["raise"] * 3
    if not choices:  # a bring-in player told to play a call or a fold: post the bring-in
        choices = ["bring_in"]
    kind = rng.choice(choices)
    if kind == "raise":
        return Action.raise_to(la.min_raise_to)
    return getattr(Action, kind)()


def round_events(hand: RazzHand) -> list[ev.Event]:
    """The events of the current betting round, oldest first."""
    found = []
    for event in reversed(hand.events):
        if event["type"] in (UP_CARDS, ev.HOLE_CARDS, ev.BOARD):
            break
        found.append(event)
    return found[::-1]


def explain(hand: RazzHand, theirs: PokerKitHand, mine: tuple, pk: tuple) -> str:
    """Which known difference makes the engines disagree; fails if none does."""
    i = hand.actor
    assert i is not None
    assert mine[:3] == pk[:3] or (mine[0] is None and pk[0] is None), (mine, pk)
    stack = hand.stacks[i]
    if mine[0] is not None and mine[3] is None:  # difference 3
        assert stack <= hand.bring_in and pk[3] == pk[4] == stack, (mine, pk)
        return "bring-in all-in offered a completion"
    assert mine[:3] == pk[:3], (mine, pk)
    short = [
        e for e in round_events(hand) if e["type"] == COMPLETE and e["all_in"] and e["total"] < hand.small_bet
    ]
    if hand.street == THIRD and short:  # difference 2: PokerKit took a short all-in as the completion
        if hand.level < hand.small_bet:
            assert mine[3] == min(hand.small_bet, hand.bets[i] + stack), (mine, pk)
        return "short completion"
    assert hand.acted[i], "only a player who has already acted can be refused a raise by one engine"
    raised = hand.level - hand.faced[i]  # since he last acted
    if mine[3] is None:  # difference 4, PokerKit reopens
        assert 2 * raised < hand.unit, (mine, pk)
        shorts = [e for e in round_events(hand) if e["type"] in (ev.BET, ev.RAISE, COMPLETE) and e["all_in"]]
        assert shorts, round_events(hand)
        return "short all-in reopens for PokerKit"
    assert pk[3] is None and 2 * raised >= hand.unit, (mine, pk, theirs.raise_refusal())
    if raised < hand.unit:  # difference 5
        return "TDA 47B: half a bet reopens"
    return "short all-ins counted again"


def play_both(rng: random.Random, stats: dict[str, int]) -> None:
    game, stacks, fold_weight = random_table(rng)
    deck = shuffled_deck(rng=rng)  # type: ignore[arg-type]  # seeded: the test can be replayed
    hand = start(game, stacks, deck)
    theirs = PokerKitHand(hand)
    while True:
        if hand.actor is None and theirs.actor is not None:
            assert theirs.options() == (None, False, 0, None, None), "PokerKit waits for more than a check"
            theirs.act(Action.check())
            stats["checks only PokerKit asks for"] += 1
            continue
        assert hand.actor == theirs.actor, (hand.actor, theirs.actor)
        if hand.actor is None:
            break
        mine, pk = ours(hand), theirs.options()
        no_raise = False
        if mine != pk:
            stats[explain(hand, theirs, mine, pk)] += 1
            no_raise = True
        stats["decisions"] += 1
        action = random_action(rng, hand.legal_actions(), fold_weight, no_raise)
        hand.act(action)
        theirs.act(action)
        assert hand.total_chips == sum(stacks)
    assert hand.is_over
    final = theirs.final_stacks()
    if final != hand.stacks:
        assert final == pokerkit_split(hand)
        stats["odd chips split differently"] += 1
    kinds = [e["type"] for e in hand.events]
    pots = [e for e in hand.events if e["type"] == ev.POT_AWARDED]
    stats["hands"] += 1
    stats["community cards"] += ev.BOARD in kinds
    stats["reshuffles"] += "reshuffle" in kinds
    stats["completions"] += COMPLETE in kinds
    stats["bring-ins"] += BRING_IN_EVENT in kinds
    stats["side pots"] += len(pots) > 1
    stats["split pots"] += any(len(e["winners"]) > 1 for e in pots)
    stats["showdowns"] += ev.SHOW in kinds
    bets = 0
    for kind in kinds:
        bets = 0 if kind == ev.POTS else bets + (kind in (COMPLETE, ev.BET, ev.RAISE))
        stats["capped rounds"] += bets == 4 and kind in (COMPLETE, ev.BET, ev.RAISE)


def test_same_actors_options_and_final_stacks_as_pokerkit():
    rng = random.Random(20261130)
    stats: dict[str, int] = dict.fromkeys(
        (
            "hands",
            "decisions",
            "community cards",
            "reshuffles",
            "completions",
            "bring-ins",
            "side pots",
            "split pots",
            "showdowns",
            "capped rounds",
            "odd chips split differently",
            "short completion",
            "bring-in all-in offered a completion",
            "short all-in reopens for PokerKit",
            "short all-ins counted again",
            "TDA 47B: half a bet reopens",
            "checks only PokerKit asks for",
        ),
        0,
    )
    for _ in range(1500):
        play_both(rng, stats)
    # The random hands reach the cases that matter (the seed is fixed: these counts do not move).
    assert stats["hands"] == 1500
    assert stats["decisions"] > 25_000
    assert stats["community cards"] > 100
    assert stats["reshuffles"] > 150
    assert stats["completions"] > 800
    assert stats["capped rounds"] > 500
    assert stats["side pots"] > 400
    assert stats["split pots"] > 0
    assert stats["showdowns"] > 1000
    assert stats["short completion"] > 100
    assert stats["bring-in all-in offered a completion"] > 50
    assert stats["short all-in reopens for PokerKit"] > 20
    assert stats["TDA 47B: half a bet reopens"] > 50


# -- Each difference, played on both engines with explicit cards --------------------------------------


def both(stacks, cards, moves=(), ante=5, bring_in=10):
    hand = start(Razz(ante, bring_in), stacks, deck_for(cards))
    theirs = PokerKitHand(hand)
    for move in moves:
        action = Action.raise_to(move) if isinstance(move, int) else getattr(Action, move)()
        hand.act(action)
        theirs.act(action)
    return hand, theirs


def test_difference_1_odd_chips_one_each_in_seat_order_where_pokerkit_gives_them_all_to_one():
    # Players 0, 1 and 2 make the same 6-4-3-2-A; player 3 (king up: the bring-in) holds pairs.
    cards = ["Ac 2c 3c 4c 6c Kc Kd", "Ad 2d 3d 4d 6d Qc Qd", "Ah 2h 3h 4h 6h Jc Jd", "Th Td Ks Kh Qh Qs Js"]
    hand, theirs = both([1000] * 4, cards, ["bring_in", "call", "call", "call"] + ["check"] * 16, ante=1)
    # 4 antes and 4 times 10: 44 chips for three winners, 14 each and 2 odd chips.
    assert hand.stacks == [1004, 1004, 1003, 989]  # docs/rules.md: one each, to players 0 and 1
    assert theirs.final_stacks() == [1005, 1003, 1003, 989]  # PokerKit: both to player 0
    assert pokerkit_split(hand) == theirs.final_stacks()


def test_difference_2_a_short_all_in_completion_leaves_the_completion_to_the_small_bet():
    cards = ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"]  # player 0 shows the king: he brings in
    hand, theirs = both([1000, 20, 1000], cards, ["bring_in", 15])  # player 1: 5 ante, all-in to 15
    assert hand.actor == theirs.actor == 2
    assert ours(hand) == (None, True, 15, 20, 20)  # docs/rules.md: complete to the small bet
    assert theirs.options() == (None, True, 15, 35, 35)  # PokerKit: 15 was the completion


def test_difference_3_a_bring_in_player_with_no_more_than_the_bring_in_only_posts_it():
    cards = ["2c 3c Kd", "4c 5c 6d"]
    hand, theirs = both([12, 1000], cards)  # player 0: 7 chips after the ante, the bring-in is 10
    assert ours(hand) == (7, False, None, None, None)
    assert theirs.options() == (7, False, None, 7, 7)


# 4th street, the cards of these two tests: player 2 shows 9-5 and acts first, then 0 (K-K), then 1.
FOURTH = ["2c 3c Kd Kh", "4c 5c 6d Qh", "7c 8c 9d 5h"]


def test_difference_4_an_all_in_bet_below_half_a_bet_does_not_reopen_the_betting():
    # Everybody calls the bring-in; on 4th street players 2 and 0 check, player 1 bets all-in for 5.
    hand, theirs = both([1000, 20, 1000], FOURTH, ["bring_in", "call", "call", "check", "check", 5])
    assert hand.actor == theirs.actor == 2  # he checked and faces 5, less than half of 20
    assert ours(hand) == (None, True, 5, None, None)  # docs/rules.md (TDA 47B): call or fold
    assert theirs.options() == (None, True, 5, 25, 25)  # PokerKit: the first bet reopens


def test_difference_5_tda_47b_an_all_in_raise_of_half_a_bet_reopens_the_betting():
    # On 4th street player 2 bets 20, player 0 calls, player 1 raises all-in to 30 (10: half a bet).
    hand, theirs = both([1000, 45, 1000], FOURTH, ["bring_in", "call", "call", 20, "call", 30])
    assert hand.actor == theirs.actor == 2
    assert ours(hand) == (None, True, 10, 50, 50)  # docs/rules.md (TDA 47B): reopened
    assert theirs.options() == (None, True, 10, None, None)  # PokerKit: a full 20 is needed


def test_pokerkit_and_we_both_deal_a_community_card_to_eight_players_on_seventh_street():
    rng = random.Random(8)
    hand = start(Razz(1, 2), [1000] * 8, shuffled_deck(rng=rng))  # type: ignore[arg-type]
    theirs = PokerKitHand(hand)
    while hand.actor is not None:
        action = Action.bring_in() if hand.legal_actions().bring_in else Action.call()
        if hand.legal_actions().can_check:
            action = Action.check()
        hand.act(action)
        theirs.act(action)
    assert len(hand.board) == 1 and [len(cards) for cards in hand.hole_cards] == [6] * 8
    assert [repr(c) for c in theirs.state.board_cards[0]] == [str(hand.board[0])]
    assert theirs.final_stacks() in (hand.stacks, pokerkit_split(hand))
