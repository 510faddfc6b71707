"""The text hand history of a Razz hand, in English and French, from its events."""

from __future__ import annotations

from poker.engine import Action, Razz, hand_history_text, visible_events
from poker.engine.razz import deck_for

NAMES = ["Hery", "Voahangy", "Tiana"]


def played_hand():
    """Hery shows the king and brings in, Voahangy completes, Tiana folds; a wheel wins."""
    deck = deck_for(["As 2s Kd 3h 4d 5c 9s", "3c 4c 5h 7d 8s 6h Qc", "Ac 2c 7c"], dealt=[7, 7, 3])
    hand = Razz(ante=5, bring_in=10).start_hand([1000, 1000, 300], deck)
    for action in (Action.bring_in(), Action.raise_to(20), Action.fold(), Action.call()):
        hand.act(action)
    for action in (*[Action.check()] * 4, Action.raise_to(40), Action.call(), *[Action.check()] * 2):
        hand.act(action)
    assert hand.is_over
    return hand


def test_razz_history_deals_the_streets_and_shows_the_lows():
    text = hand_history_text(played_hand().events, NAMES).splitlines()
    assert text[:2] == ["Razz Limit (20/40, ante 5, bring-in 10)", "Seat 1: Hery (1000 in chips)"]
    for line in (
        "Tiana: posts the ante 5",
        "*** 3rd STREET ***",
        "Dealt to Hery [As 2s Kd]",
        "Hery: brings in for 10",
        "Voahangy: completes it to 20",
        "Tiana: folds",
        "*** 4th STREET ***",
        "Dealt to Voahangy [3c 4c 5h] [7d]",
        "*** 6th STREET ***",
        "Voahangy: bets 40",
        "*** 7th STREET ***",
        "Dealt to Hery [As 2s Kd 3h 4d 5c] [9s]",
        "*** SHOW DOWN ***",
        "Hery: shows [As 2s Kd 3h 4d 5c 9s] (a five low, 5-4-3-2-A)",
        "Hery collected 135 from the main pot with a five low, 5-4-3-2-A",
        "Total pot 135",
        "Seat 1: Hery showed [As 2s Kd 3h 4d 5c 9s] and won (135) with a five low, 5-4-3-2-A",
        "Seat 2: Voahangy showed [3c 4c 5h 7d 8s 6h Qc] and lost with a seven low, 7-6-5-4-3",
        "Seat 3: Tiana folded on 3rd Street",
    ):
        assert line in text
    assert not any("button" in line for line in text)


def test_razz_history_in_french_for_one_player_shows_only_his_down_cards():
    text = hand_history_text(visible_events(played_hand().events, 1), NAMES, lang="fr").splitlines()
    for line in (
        "*** 3e RUE ***",
        "Cartes de Hery [Kd]",  # his up card only
        "Cartes de Voahangy [3c 4c 5h]",  # her own down cards too
        "Hery : paie la mise forcée 10",
        "Voahangy : complète à 20",
        "Cartes de Hery [Kd 3h 4d] [5c]",
        "*** 7e RUE ***",
        "Cartes de Voahangy [3c 4c 5h 7d 8s 6h] [Qc]",
        "*** ABATTAGE ***",
        "Hery : montre [As 2s Kd 3h 4d 5c 9s] (un 5 bas, 5-4-3-2-A)",
        "Hery remporte 135 sur le pot principal avec un 5 bas, 5-4-3-2-A",
        "Siège 2 : Voahangy a montré [3c 4c 5h 7d 8s 6h Qc] et a perdu avec un 7 bas, 7-6-5-4-3",
        "Siège 3 : Tiana s'est couché en 3e rue",
    ):
        assert line in text
    before_showdown = text[: text.index("*** ABATTAGE ***")]
    assert not any(card in line for line in before_showdown for card in ("As", "2s", "9s", "Ac", "2c"))


def test_razz_history_tells_the_reshuffle_and_the_community_card():
    holes = [f"{r}c {r}d {r}h" for r in "23456789"]
    hand = Razz(1, 2).start_hand([100] * 8, deck_for(holes, "As Ah Ad", dealt=[6] * 8))
    hand.act(Action.bring_in())
    while hand.actor is not None:
        hand.act(Action.check() if hand.legal_actions().can_check else Action.call())
    text = hand_history_text(hand.events, lang="en").splitlines()
    assert "The burned and folded cards (4) are shuffled back into the deck" in text
    assert "Community card [As]" in text
    assert "Board [As]" in text
    french = hand_history_text(hand.events, lang="fr").splitlines()
    assert "Carte commune [As]" in french
