"""Properties of every Razz hand, on random tables played with random legal actions.

2 to 8 players, short and deep stacks, several stakes, decks that run out: chips are never created
or lost (stacks + pots + bets = the starting total after every action), the hand always ends, an
illegal action changes nothing, fixed limit holds (one raise amount), no round has more than four
bets, and a JSON round trip of the state at any point gives a hand that plays on exactly like the
original, for an explicit deck and for a shuffled one (the cards put back come in the same order).
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from poker.engine import Action, IllegalAction, Razz, full_deck, visible_events
from poker.engine import events as ev
from poker.engine.razz import CAP, COMPLETE, RazzHand

STAKES = [(5, 10), (1, 2), (0, 10), (10, 25), (2, 50)]  # (ante, bring-in)


@st.composite
def tables(draw):
    n = draw(st.integers(2, 8))
    ante, bring_in = draw(st.sampled_from(STAKES))
    chips = st.one_of(st.integers(1, 4 * bring_in), st.integers(1, 40 * bring_in), st.just(100 * bring_in))
    stacks = draw(st.lists(chips, min_size=n, max_size=n))
    deck = draw(st.permutations(full_deck()))
    # A shuffled deck puts cards back in an order drawn at the deal: drawn here too, so that
    # hypothesis can replay the hand.
    keys = draw(st.one_of(st.none(), st.permutations(range(52))))
    return Razz(ante, bring_in), stacks, deck, keys


def start(table) -> RazzHand:
    game, stacks, deck, keys = table
    hand = game.start_hand(stacks, deck)
    hand.reshuffle_keys = keys
    return hand


def legal_actions(la):
    options = []
    if la.bring_in is not None:
        options.append(Action.bring_in())
    if la.can_check:
        options.append(Action.check())
    if la.can_call:
        options += [Action.call(), Action.fold()]
    if la.min_raise_to is not None:
        assert la.min_raise_to == la.max_raise_to  # fixed limit: one amount
        options.append(Action.raise_to(la.min_raise_to))
    return options


def illegal_action(hand: RazzHand, la):
    """Some action the rules do not allow now (there is always one)."""
    if la.bring_in is not None:
        return Action.fold()
    if la.min_raise_to is not None:
        return Action.raise_to(la.min_raise_to + 1)
    return Action.raise_to(hand.bets[hand.actor] + hand.stacks[hand.actor] + 1)


def round_trip(hand: RazzHand) -> RazzHand:
    return RazzHand.from_dict(json.loads(json.dumps(hand.to_dict())))


def check_chips(hand: RazzHand, total: int) -> None:
    assert sum(hand.stacks) + sum(p.amount for p in hand.pots) + sum(hand.bets) == total
    assert min(hand.stacks) >= 0 and min(hand.bets) >= 0


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), data=st.data())
def test_random_hands_conserve_chips_always_end_and_play_on_after_a_json_round_trip(table, data):
    total = sum(table[1])
    hand = start(table)
    check_chips(hand, total)
    copy = round_trip(hand) if data.draw(st.booleans(), label="copy at start") else None
    for _ in range(200):  # a hand has far fewer decisions than this
        if hand.actor is None:
            break
        la = hand.legal_actions()
        if data.draw(st.integers(0, 9), label="try an illegal action") == 0:
            before = hand.to_dict()
            try:
                hand.act(illegal_action(hand, la))
            except IllegalAction:
                pass
            else:
                raise AssertionError("an illegal action was accepted")
            assert hand.to_dict() == before
        action = data.draw(st.sampled_from(legal_actions(la)), label="action")
        produced = hand.act(action)
        assert produced and hand.events[-len(produced) :] == produced
        if copy is not None:
            assert copy.act(action) == produced
        elif data.draw(st.integers(0, 5), label="copy now") == 0:
            copy = round_trip(hand)
        check_chips(hand, total)
        assert hand.raises <= CAP
    assert hand.is_over and hand.actor is None
    assert sum(hand.stacks) == total
    assert sum(hand.winnings) == 0
    if copy is not None:
        assert copy.to_dict() == hand.to_dict()
    json.dumps(hand.events)  # plain JSON


@settings(max_examples=60, deadline=None)
@given(table=tables(), data=st.data())
def test_no_round_has_more_than_four_bets_and_down_cards_stay_private(table, data):
    hand = start(table)
    while hand.actor is not None:
        hand.act(data.draw(st.sampled_from(legal_actions(hand.legal_actions())), label="action"))
    bets = 0
    for event in hand.events:
        if event["type"] == ev.POTS:
            bets = 0
        elif event["type"] in (COMPLETE, ev.BET, ev.RAISE):
            bets += 1
            assert bets <= CAP
    for viewer in range(hand.player_count):
        for event in visible_events(hand.events, viewer):
            if event["type"] == ev.HOLE_CARDS:
                assert event["player"] == viewer
    assert all(e.get("private") for e in hand.events if e["type"] == ev.HOLE_CARDS)
