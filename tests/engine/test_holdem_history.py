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
        "Hery: shows [As Ah] (a pair of aces)",
        "Hery collected 3020 from the main pot with a pair of aces",
        "Voahangy collected 4840 from side pot-1 with a pair of kings",
        "Total pot 7860",
        "Board [2c 7d 9c 3h 4s]",
        "Seat 1: Hery (small blind) showed [As Ah] and won (3020) with a pair of aces",
        "Seat 3: Tiana showed [Qs Qh] and lost with a pair of queens",
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
        "Voahangy remporte 4840 sur le pot annexe 1 avec une paire de rois",
        "Siège 1 : Hery (petite blinde) a montré [As Ah] et a gagné (3020) avec une paire d'as",
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


def heads_up_to_the_river(holes, board):
    """Hery (button, small blind) calls, Voahangy checks, and both check down."""
    hand = NoLimitHoldem(100, 200).start_hand([5000, 5000], 0, deck_for(holes, board))
    hand.act(Action.call())
    while hand.actor is not None:
        hand.act(Action.check())
    return hand


def test_when_the_kicker_decides_the_winners_hand_names_it():
    # Both make a pair of tens; Hery's king beats Voahangy's queen.
    hand = heads_up_to_the_river(["Ts Kc", "Th Qd"], "Td 8c 5h 3s 2d")
    english = hand_history_text(hand.events, NAMES).splitlines()
    assert "Voahangy: shows [Th Qd] (a pair of tens)" in english
    assert "Hery collected 400 from the main pot with a pair of tens, king kicker" in english
    assert (
        "Seat 1: Hery (button) (small blind) showed [Ts Kc] and won (400) with a pair of tens, king kicker"
        in english
    )
    assert "Seat 2: Voahangy (big blind) showed [Th Qd] and lost with a pair of tens" in english
    french = hand_history_text(hand.events, NAMES, lang="fr").splitlines()
    assert "Hery remporte 400 sur le pot principal avec une paire de dix, roi en kicker" in french


def test_when_the_category_decides_no_kicker_is_named():
    hand = heads_up_to_the_river(["Ts Kc", "9h 9d"], "Td 8c 5h 3s 2d")
    assert "Hery collected 400 from the main pot with a pair of tens" in hand_history_text(hand.events, NAMES)


def test_equal_hands_split_the_pot_in_one_line_with_a_plural_verb():
    hand = heads_up_to_the_river(["As Kc", "Ad Kh"], "Ts Td 8c 5h 2d")
    english = hand_history_text(hand.events, NAMES).splitlines()
    assert "Voahangy and Hery split the main pot (400) with a pair of tens" in english
    assert "Seat 2: Voahangy (big blind) showed [Ad Kh] and won (200) with a pair of tens" in english
    french = hand_history_text(hand.events, NAMES, lang="fr").splitlines()
    assert "Voahangy et Hery partagent le pot principal (400) avec une paire de dix" in french
