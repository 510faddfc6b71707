"""Properties of every no-limit Hold'em hand, on random tables played with random legal actions.

2 to 8 players, short and deep stacks, antes, heads-up, dead-button blinds: chips are never created
or lost (stacks + pots + bets = the starting total after every action), the hand always ends, an
illegal action changes nothing, and a JSON round trip of the state at any point gives a hand that
plays on exactly like the original.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from poker.engine import Action, IllegalAction, NoLimitHoldem, full_deck
from poker.engine import events as ev
from poker.engine.holdem import HoldemHand

LEVELS = [(10, 20, 0), (100, 200, 20), (200, 400, 40), (1, 2, 0), (5, 10, 1), (0, 50, 0), (25, 25, 5)]


@st.composite
def tables(draw):
    n = draw(st.integers(2, 8))
    sb, bb, ante = draw(st.sampled_from(LEVELS))
    chips = st.one_of(st.integers(1, 3 * bb), st.integers(1, 30 * bb), st.just(25 * bb))
    stacks = draw(st.lists(chips, min_size=n, max_size=n))
    button = draw(st.integers(0, n - 1))
    blind_players = None
    if draw(st.integers(0, 4)) == 0:  # dead-button blinds, as the table app may pass them
        big = draw(st.integers(0, n - 1))
        small = draw(st.one_of(st.none(), st.integers(0, n - 1).filter(lambda p: p != big)))
        blind_players = (small, big)
    deck = draw(st.permutations(full_deck()))
    return NoLimitHoldem(sb, bb, ante), stacks, button, deck, blind_players


def legal_action(la):
    options = []
    if la.can_check:
        options.append(st.just(Action.check()))
    if la.can_call:
        options += [st.just(Action.call()), st.just(Action.fold())]
    if la.min_raise_to is not None:
        options.append(st.sampled_from([la.min_raise_to, la.max_raise_to]).map(Action.raise_to))
        options.append(st.integers(la.min_raise_to, la.max_raise_to).map(Action.raise_to))
    return st.one_of(options)


def illegal_action(hand, la):
    """Some action the rules do not allow now (there is always one)."""
    if la.min_raise_to is None:
        return Action.raise_to(hand.bets[hand.actor] + hand.stacks[hand.actor] + 1)
    if la.min_raise_to > hand.level + 1:
        return Action.raise_to(la.min_raise_to - 1)
    return Action.raise_to(la.max_raise_to + 1)


def round_trip(hand: HoldemHand) -> HoldemHand:
    return HoldemHand.from_dict(json.loads(json.dumps(hand.to_dict())))


def check_chips(hand: HoldemHand, total: int) -> None:
    assert sum(hand.stacks) + sum(p.amount for p in hand.pots) + sum(hand.bets) == total
    assert min(hand.stacks) >= 0 and min(hand.bets) >= 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), data=st.data())
def test_random_hands_conserve_chips_always_end_and_play_on_after_a_json_round_trip(table, data):
    game, stacks, button, deck, blind_players = table
    total = sum(stacks)
    hand = game.start_hand(stacks, button, deck, blind_players=blind_players)
    check_chips(hand, total)
    copy = round_trip(hand) if data.draw(st.booleans(), label="copy at start") else None
    for _ in range(200):  # a hand has far fewer decisions than this
        if hand.actor is None:
            break
        la = hand.legal_actions()
        assert la.can_check != la.can_call and la.can_fold == la.can_call
        if la.min_raise_to is not None:
            assert (
                hand.level
                < la.min_raise_to
                <= la.max_raise_to
                == hand.bets[hand.actor] + hand.stacks[hand.actor]
            )
        if data.draw(st.integers(0, 9), label="try an illegal action") == 0:
            before = hand.to_dict()
            wrong = illegal_action(hand, la)
            assert not hand.can_act(wrong)
            try:
                hand.act(wrong)
            except IllegalAction as error:
                assert str(error)
            else:
                raise AssertionError(f"{wrong} was accepted")
            assert hand.to_dict() == before
        action = data.draw(legal_action(la), label="action")
        events = hand.act(action)
        assert events and events == hand.events[len(hand.events) - len(events) :]
        check_chips(hand, total)
        if copy is None and data.draw(st.integers(0, 5), label="copy now") == 0:
            copy = round_trip(hand)
        elif copy is not None:
            assert copy.act(action) == events
            assert copy.to_dict() == hand.to_dict()
    else:
        raise AssertionError("the hand did not end")
    assert hand.is_over and hand.actor is None
    assert sum(hand.stacks) == total and hand.pots == [] and not any(hand.bets)
    assert hand.events[-1] == {"type": "hand_over", "stacks": hand.stacks, "winnings": hand.winnings}
    assert round_trip(hand).to_dict() == hand.to_dict()
    if copy is not None:
        assert copy.to_dict() == hand.to_dict()


@settings(max_examples=150, deadline=None)
@given(table=tables(), seed=st.randoms(use_true_random=False))
def test_events_are_json_and_only_hole_cards_are_private(table, seed):
    game, stacks, button, deck, blind_players = table
    hand = game.start_hand(stacks, button, deck, blind_players=blind_players)
    while hand.actor is not None:
        la = hand.legal_actions()
        moves = [Action.check()] if la.can_check else [Action.call(), Action.fold()]
        if la.min_raise_to is not None:
            moves.append(Action.raise_to(seed.randint(la.min_raise_to, la.max_raise_to)))
        hand.act(seed.choice(moves))
    assert json.loads(json.dumps(hand.events)) == hand.events
    assert all(event["type"] in ev.EVENT_TYPES for event in hand.events)
    private = [e for e in hand.events if e.get("private")]
    assert [e["type"] for e in private] == [ev.HOLE_CARDS] * len(stacks)
    shown_by_anyone = {card for e in hand.events if not e.get("private") for card in e.get("cards", ())}
    burned = {str(card) for card in hand.burned}
    assert not burned & shown_by_anyone  # burned cards never appear
    for viewer in range(len(stacks)):
        mine = [e for e in ev.visible_events(hand.events, viewer) if e["type"] == ev.HOLE_CARDS]
        assert [e["player"] for e in mine] == [viewer]
    put_in = sum(
        e["amount"] for e in hand.events if e["type"] in (*ev.FORCED_BETS, ev.CALL, ev.BET, ev.RAISE)
    )
    returned = sum(e["amount"] for e in hand.events if e["type"] == ev.UNCALLED_BET_RETURNED)
    awarded = sum(e["amount"] for e in hand.events if e["type"] == ev.POT_AWARDED)
    assert put_in - returned == awarded
    for e in hand.events:
        if e["type"] == ev.POT_AWARDED:
            assert sum(e["shares"]) == e["amount"] and max(e["shares"]) - min(e["shares"]) <= 1
            assert set(e["winners"]) <= set(e["players"])
