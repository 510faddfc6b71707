"""The text hand history, in English and French, from a hand's events."""

from __future__ import annotations

from poker.engine import Action, NoLimitHoldem, hand_history_text, visible_events
from poker.engine.holdem import deck_for

NAMES = ["Hery", "Voahangy", "Tiana", "Rado"]


def played_hand():
    deck = deck_for(["AsAh", "KsKh", "QsQh", "7c2d"], "2c 7d 9c 3h 4s", button=3)
    hand = NoLimitHoldem(100, 200, 20).start_hand([1000, 5000, 5000, 3000], 3, deck)
    for action in (
        Action.raise_to(600),
        Action.fold(),
        Action.raise_to(980),
        Action.raise_to(2400),
        Action.call(),
        Action.raise_to(1000),
        Action.call(),
        *[Action.check()] * 4,
    ):
        hand.act(action)
    return hand


def test_hand_history_reads_like_a_pokerstars_history():
    text = hand_history_text(played_hand().events, NAMES).splitlines()
    assert text[:3] == [
        "Hold'em No Limit (100/200, ante 20)",
        "Seat #4 is the button",
        "Seat 1: Hery (1000 in chips)",
    ]
    for line in (
        "Hery: posts the ante 20",
        "Hery: posts small blind 100",
        "Voahangy: posts big blind 200",
        "*** HOLE CARDS ***",
        "Dealt to Tiana [Qs Qh]",
        "Tiana: raises 400 to 600",
        "Rado: folds",
        "Hery: raises 380 to 980 and is all-in",
        "Tiana: calls 1800",
        "*** FLOP *** [2c 7d 9c]",
        "Voahangy: bets 1000",
        "*** TURN *** [2c 7d 9c] [3h]",
        "*** RIVER *** [2c 7d 9c 3h] [4s]",
        "*** SHOW DOWN ***",
        "Hery: shows [As Ah] (Pair of aces)",
        "Hery collected 3020 from the main pot (Pair of aces)",
        "Voahangy collected 4840 from side pot-1 (Pair of kings)",
        "Total pot 7860",
        "Board [2c 7d 9c 3h 4s]",
        "Seat 1: Hery (small blind) showed [As Ah] and won (3020) with Pair of aces",
        "Seat 3: Tiana showed [Qs Qh] and lost with Pair of queens",
        "Seat 4: Rado (button) folded before Flop",
    ):
        assert line in text


def test_hand_history_in_french_for_one_player_shows_only_his_hole_cards():
    text = hand_history_text(visible_events(played_hand().events, 0), NAMES, lang="fr").splitlines()
    assert "Cartes de Hery [As Ah]" in text
    assert not any(line.startswith("Cartes de Tiana") for line in text)
    for line in (
        "Hery : paie la petite blinde 100",
        "Hery : relance de 380 à 980 et est à tapis",
        "Tiana : suit 1800",
        "*** ABATTAGE ***",
        "Voahangy remporte 4840 sur le pot secondaire 1 (Paire de rois)",
        "Siège 4 : Rado (bouton) s'est couché avant le flop",
    ):
        assert line in text


def test_an_uncontested_hand_and_default_names():
    hand = NoLimitHoldem(100, 200).start_hand([5000, 5000], 0)
    hand.act(Action.raise_to(600))
    hand.act(Action.fold())
    text = hand_history_text(hand.events).splitlines()
    assert "Uncalled bet (400) returned to Player 1" in text
    assert "Player 1 collected 400 from the main pot" in text
    assert "Seat 1: Player 1 (button) (small blind) collected (400)" in text
    assert "Seat 2: Player 2 (big blind) folded before Flop" in text
