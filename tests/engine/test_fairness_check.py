"""The checker of docs/fairness.md against the engine's own deals: every game, the cards put back
into play included, and the first difference named when a card of the record is changed."""

import copy

import pytest

from poker.engine.fairness import Difference, check_epoch

from .fairness_samples import sample_record


def test_every_game_dealt_from_fair_decks_checks_out_put_backs_included():
    record = sample_record()
    events = [e["type"] for hand in record["hands"] for e in hand["events"]]
    assert "new_cards" in events and "dealer_shows" in events and "up_cards" in events
    reshuffled = [
        h for h in record["hands"] if any(e["type"] == "board" for e in h["events"]) and h["game"] == "razz"
    ]
    assert reshuffled, "no Razz hand ran out of cards: the put-back is not tested"
    lines = check_epoch(record)
    assert lines[:4] == [
        "seating:5:round1: matches",
        "button:1: matches",
        "balance:5:t8-h31: matches",
        "balance:5:t1-h40: matches",
    ]
    assert len(lines) == 4 + len(record["hands"])


def _first(record, game, types):
    hand = next(h for h in record["hands"] if h["game"] == game)
    return hand, next(e for e in reversed(hand["events"]) if e["type"] in types)


@pytest.mark.parametrize(
    ("game", "types", "key"),
    [
        ("holdem", ("board",), "cards"),
        ("holdem", ("hole_cards",), "cards"),
        ("razz", ("up_cards", "hole_cards"), "cards"),
        ("razz", ("board",), "cards"),
        ("dealer_draw", ("new_cards",), "received"),
        ("dealer_draw", ("dealer_shows",), "cards"),
    ],
)
def test_one_card_changed_is_named_with_its_hand(game, types, key):
    record = copy.deepcopy(sample_record())
    hand, event = _first(record, game, types)
    cards = event[key]
    cards[-1] = "As" if cards[-1] != "As" else "Ks"
    with pytest.raises(Difference, match=f"table {hand['table']} hand {hand['hand']}"):
        check_epoch(record)


def test_a_seed_that_does_not_give_the_commitment_is_refused():
    record = sample_record()
    record["server_seed"] = "00" * 32
    with pytest.raises(Difference, match="commitment"):
        check_epoch(record)


def test_a_seat_draw_in_another_order_is_refused():
    record = sample_record()
    record["draws"][0]["tables"][0] = [2, 9, 5, 3]
    with pytest.raises(Difference, match="seating:5:round1: table 1 should seat"):
        check_epoch(record)


def test_a_first_button_moved_to_another_player_is_refused():
    record = sample_record()
    record["buttons"][0]["button"] = 0
    with pytest.raises(Difference, match=r"button:1: the button should go to player 3 \(seat 5\)"):
        check_epoch(record)


def test_a_first_button_among_seats_out_of_order_is_refused():
    record = sample_record()
    record["buttons"][0]["seats"] = [5, 4, 2]
    with pytest.raises(Difference, match="ascending"):
        check_epoch(record)


@pytest.mark.parametrize("change", ["seat", "broken"])
def test_a_balancing_move_to_another_seat_or_a_table_not_broken_is_refused(change):
    record = sample_record()
    draw = record["balancing"][0]
    if change == "seat":
        draw["moved"][1][4] = 5
    else:
        draw["broken"] = []
    with pytest.raises(
        Difference, match=r"balance:5:t8-h31: the seed moves \[\[21, 2, 2, 3, 4\], \[22, 2, 6, 3, 2\]\]"
    ):
        check_epoch(record)
