"""The text history of a round of draw against the dealer, in English and French, from its events."""

from __future__ import annotations

from poker.engine import Action, DealerDraw, hand_history_text, visible_events
from poker.engine.dealer_draw import deck_for

NAMES = ["Hery", "Voahangy", "Tiana"]


def played_round():
    """Hery draws three to his aces, Voahangy one, Tiana stands pat; the dealer keeps his tens."""
    deck = deck_for(
        ["As Ad 7c 4h 2s", "Ks Kd 9c 8h 3s", "Js 8d 6h 4c 2d"],
        dealer="Th Tc 9d 6s 3c",
        draws=["Qs Qd Jc", "4s"],
        dealer_draws="Jd 5d 4d",
    )
    rnd = DealerDraw(decks=1).start_round([10, 20, 5], deck)
    for action in (Action.draw("7c 4h 2s"), Action.draw("8h"), Action.draw()):
        rnd.act(action)
    assert rnd.is_over
    return rnd


def test_draw_history_tells_the_draws_the_dealers_hand_and_each_result():
    text = hand_history_text(played_round().events, NAMES).splitlines()
    assert text[:2] == ["Five-card draw against the dealer (1 deck)", "Seat 1: Hery (bet 10)"]
    for line in (
        "Dealt to Tiana [Js 8d 6h 4c 2d]",
        "*** DRAW ***",
        "Hery: discards 3 cards",
        "Dealt to Hery [As Ad] [Qs Qd Jc]",
        "Voahangy: discards 1 card",
        "Tiana: stands pat",
        "Dealer: discards 3 cards",
        "*** SHOW DOWN ***",
        "Dealer: shows [Th Tc Jd 5d 4d] (a pair of tens)",
        "Hery: shows [As Ad Qs Qd Jc] (two pair, aces and queens)",
        "Hery wins 20 (2 x 10)",
        "Tiana loses 5",
        "*** SUMMARY ***",
        "Dealer: [Th Tc Jd 5d 4d] (a pair of tens)",
        "Seat 2: Voahangy showed [Ks Kd 9c 3s 4s] and won (20) with a pair of kings",
        "Seat 3: Tiana showed [Js 8d 6h 4c 2d] and lost (5) with jack high",
    ):
        assert line in text


def test_draw_history_in_french_for_one_player_shows_only_his_cards_before_the_showdown():
    text = hand_history_text(visible_events(played_round().events, 0), NAMES, lang="fr").splitlines()
    assert text[0] == "Poker cinq cartes contre le croupier (1 jeu)"
    for line in (
        "Cartes de Hery [As Ad 7c 4h 2s]",
        "*** ÉCHANGE ***",
        "Hery : échange 3 cartes",
        "Cartes de Hery [As Ad] [Qs Qd Jc]",
        "Voahangy : échange 1 carte",
        "Tiana : est servi",
        "Croupier : échange 3 cartes",
        "Croupier : montre [Th Tc Jd 5d 4d] (une paire de dix)",
        "Hery gagne 20 (2 x 10)",
        "Tiana perd 5",
    ):
        assert line in text
    assert not any(line.startswith(("Cartes de Voahangy", "Cartes de Tiana")) for line in text)


def test_draw_history_of_a_push_with_two_decks():
    deck = deck_for(["9s Ts Jd Qc Kh"], dealer="9s Ts Jd Qc Kh", decks=2)  # the dealer stands pat
    rnd = DealerDraw(decks=2).start_round([10], deck)
    rnd.act(Action.draw())
    assert rnd.results == [0]
    text = hand_history_text(rnd.events).splitlines()
    assert text[0] == "Five-card draw against the dealer (2 decks)"
    assert "Player 1 pushes: the bet (10) is returned" in text
    assert "Seat 1: Player 1 showed [9s Ts Jd Qc Kh] and pushed with a king-high straight" in text
    assert "Player 1 : égalité, la mise (10) est rendue" in hand_history_text(rnd.events, lang="fr")
