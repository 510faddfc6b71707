"""A hand's figures as docs/statistics.md defines them, on hands worked out by hand: who put money
in of his own will, who raised, who re-raised the first raise, who went to the showdown and won
there, the biggest pot, the best hand shown, the all-in luck (pot x equity against what he got:
zero over the players of every hand) and who is credited with a knock-out."""

from __future__ import annotations

import random

import pytest

from poker.engine import Action, NoLimitHoldem, equity, evaluate_high
from poker.engine.cards import full_deck
from poker.engine.figures import hand_figures
from poker.engine.holdem import deck_for


def play(stacks, holes, board, actions, button=0, blinds=(50, 100)):
    hand = NoLimitHoldem(*blinds).start_hand(stacks, button, deck_for(holes, board, button=button))
    for action in actions:
        hand.act(action)
    assert hand.is_over
    return hand_figures(hand.events)


def aces_against_kings():
    """Button 0 opens to 300, the small blind (1) moves all-in for 1000, the big blind (2) folds,
    the button calls: aces against kings for a pot of 2100, and a king on the flop."""
    return play(
        [3000, 1000, 2000],
        ["AsAh", "KsKh", "7c2d"],
        "Kd 9c 4h 3s 2h",
        [Action.raise_to(300), Action.raise_to(1000), Action.fold(), Action.call()],
    )


def test_vpip_pfr_and_3bet_count_the_choices_made_before_the_flop():
    button, small_blind, big_blind = aces_against_kings().players
    # The button opened: voluntarily in and a raise; calling the 3-bet is no 3-bet chance of his.
    assert (button.vpip, button.pfr, button.three_bet_chances, button.three_bets) == (1, 1, 0, 0)
    # The small blind answered the open raise with a raise: a 3-bet, out of one chance.
    assert (small_blind.vpip, small_blind.pfr, small_blind.three_bet_chances, small_blind.three_bets) == (
        1,
        1,
        1,
        1,
    )
    # The big blind's forced chips are not voluntary; he folded to two raises: no 3-bet chance.
    assert (big_blind.vpip, big_blind.pfr, big_blind.three_bet_chances) == (0, 0, 0)


def test_the_all_in_luck_is_what_he_got_minus_the_pot_times_his_equity():
    button, small_blind, big_blind = aces_against_kings().players
    aces, kings = equity(["As Ah", "Ks Kh"])
    assert aces.equity == pytest.approx(0.8264, abs=1e-4)
    # The pot of 2100 (1000 each and the big blind's 100): the aces expected 82.6 % of it, got nothing.
    assert button.allins == small_blind.allins == 1 and big_blind.allins == 0
    assert button.luck == pytest.approx(0 - 2100 * aces.equity)
    assert small_blind.luck == pytest.approx(2100 - 2100 * kings.equity)
    assert button.luck + small_blind.luck == pytest.approx(0, abs=1e-9)
    assert button.big_blind == 100  # -17.4 big blinds
    # Both saw the flop and went to the showdown; the kings won there, and the pot of 2100.
    assert (button.saw_flop, button.showdowns, button.showdowns_won, button.won) == (1, 1, 0, 0)
    assert (small_blind.showdowns, small_blind.showdowns_won, small_blind.won, small_blind.net) == (
        1,
        1,
        2100,
        1100,
    )
    assert small_blind.best_hand == evaluate_high("Ks Kh Kd 9c 4h 3s 2h")  # three kings


def test_a_split_side_pot_has_equities_of_its_own_and_the_knock_out_goes_to_each_winner():
    """Stacks 500, 1000, 1000: the button moves in for 500, the small blind for 1000, the big blind
    calls. Main pot 1500 (all three), side pot 1000 (the blinds). Both blinds make the same
    ace-high straight: they split both pots; the button's sevens lose all his chips."""
    figures = play(
        [500, 1000, 1000],
        ["7h7d", "Ah2c", "Ad3c"],
        "Kc Qd Js Td 4h",
        [Action.raise_to(500), Action.raise_to(1000), Action.call()],
    )
    sevens, ace_deuce, ace_trey = figures.players
    # Each pot's equity among its own players, the sevens' cards out of the deck for the side pot.
    main = equity(["7h7d", "Ah2c", "Ad3c"])
    side = equity(["Ah2c", "Ad3c"], dead="7h 7d")
    assert sevens.luck == pytest.approx(0 - 1500 * main[0].equity)
    assert ace_deuce.luck == pytest.approx(750 + 500 - 1500 * main[1].equity - 1000 * side[0].equity)
    assert ace_trey.luck == pytest.approx(750 + 500 - 1500 * main[2].equity - 1000 * side[1].equity)
    assert sum(p.luck for p in figures.players) == pytest.approx(0, abs=1e-9)
    # Each blind took half of the button's 500 chips: a tie, the knock-out is credited to each.
    assert figures.knockouts == {0: [1, 2]}
    assert ace_deuce.won == ace_trey.won == 1250


def test_the_knock_out_goes_to_the_winner_of_the_largest_part_of_his_last_chips():
    """Stacks 200, 600, 2000, button 0: the button moves in for 200, the small blind for 600, the
    big blind calls. The button's aces win the main pot (600: 200 of the small blind's chips), the
    big blind's kings the side pot (800: the other 400 of them). The small blind's queens are out,
    knocked out by the kings, who took the larger part of his chips."""
    figures = play(
        [200, 600, 2000],
        ["AhAd", "QhQd", "KhKd"],
        "2c 5d 7s Jc 3h",
        [Action.raise_to(200), Action.raise_to(600), Action.call()],
    )
    assert figures.knockouts == {1: [2]}
    assert (figures.players[0].won, figures.players[2].won) == (600, 800)


def test_the_aggression_factor_and_the_showdown_count_after_the_flop():
    """Heads-up, the button (0) is the small blind: he calls, the big blind checks. Flop: the big
    blind bets, the button raises, the big blind calls. Turn and river checked: the big blind's
    queens win at the showdown."""
    button, big_blind = play(
        [2000, 2000],
        ["Th9h", "QcQd"],
        "Qs 7h 2c 4d 5s",
        [Action.call(), Action.check(), Action.raise_to(100), Action.raise_to(300), Action.call()]
        + [Action.check()] * 4,
    ).players
    assert (button.vpip, button.pfr, button.aggressive, button.calls) == (1, 0, 1, 0)
    assert (big_blind.vpip, big_blind.aggressive, big_blind.calls) == (0, 1, 1)
    assert (button.saw_flop, button.showdowns, button.showdowns_won) == (1, 1, 0)
    assert (big_blind.showdowns, big_blind.showdowns_won, big_blind.won) == (1, 1, 800)
    assert button.allins == big_blind.allins == 0  # nobody was all-in: no luck to count


def test_a_hand_won_without_a_showdown_is_no_showdown():
    figures = play(
        [2000, 2000, 2000], ["AsAh", "KsKh", "7c2d"], "", [Action.raise_to(300), Action.fold(), Action.fold()]
    )
    opener = figures.players[0]
    # 200 of his 300 come back uncalled: he collects his 100, the blinds' 150.
    assert (opener.won, opener.hands_won, opener.net) == (250, 1, 150)
    assert (opener.showdowns, opener.showdowns_won, opener.saw_flop) == (0, 0, 0)
    assert opener.best_hand is None and figures.knockouts == {}


def test_all_in_luck_sums_to_zero_over_the_players_of_each_hand():
    """200 random hands of three players moving in on the turn (side pots from unequal stacks)."""
    rng = random.Random(28)
    checked = 0
    for _ in range(200):
        cards = full_deck()
        rng.shuffle(cards)
        stacks = [rng.choice([300, 800, 1500]) for _ in range(3)]
        hand = NoLimitHoldem(10, 20).start_hand(stacks, 0, cards)
        for action in (Action.call(), Action.call(), Action.check()):  # the flop
            hand.act(action)
        for _street in range(1):  # the flop checked, then everybody in on the turn
            for _k in range(3):
                hand.act(Action.check())
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.act(Action.raise_to(legal.max_raise_to) if legal.max_raise_to else Action.call())
        figures = hand_figures(hand.events)
        lucky = [p for p in figures.players if p.allins]
        if lucky:
            checked += 1
            assert sum(p.luck for p in figures.players) == pytest.approx(0, abs=1e-6)
            assert sum(p.allin_won for p in lucky) == sum(
                e["amount"] for e in hand.events if e["type"] == "pot_awarded" and len(e["players"]) > 1
            )
    assert checked > 150


def test_razz_counts_hands_won_and_the_pot_collected():
    """tests/engine/test_razz_history.py's hand: antes 5 each, Hery brings in, Voahangy completes
    to 20, Tiana folds, Hery calls; a bet of 40 on 6th street called: Hery's wheel takes the pot."""
    from tests.engine.test_razz_history import played_hand

    figures = hand_figures(played_hand().events)
    hery, voahangy, tiana = figures.players
    assert figures.game == "razz"
    assert (hery.hands, hery.hands_won, hery.won, hery.net) == (1, 1, 15 + 2 * 20 + 2 * 40, 70)
    assert (voahangy.hands_won, voahangy.net, tiana.net) == (0, -65, -5)
    assert hery.vpip == hery.allins == 0  # the Hold'em figures are Hold'em's only


def test_the_dealer_game_counts_rounds_won_and_the_net_result():
    """tests/engine/test_dealer_draw_history.py's round: Hery's bet of 10 paid twice, Voahangy's
    20 paid once, Tiana loses her 5."""
    from tests.engine.test_dealer_draw_history import played_round

    figures = hand_figures(played_round().events)
    assert figures.game == "dealer_draw"
    assert [(p.hands_won, p.won, p.net) for p in figures.players] == [(1, 30, 20), (1, 40, 20), (0, 0, -5)]
    assert figures.knockouts == {}


def test_a_hand_he_was_away_for_is_not_played_unless_he_came_back_and_moved_himself():
    """The table marks the hands dealt to a player away (``away``) and his return (``back``)
    (docs/statistics.md, "Which hands count")."""
    hand = NoLimitHoldem(50, 100).start_hand(
        [3000, 1000, 2000], 0, deck_for(["AsAh", "KsKh", "7c2d"], "Kd 9c 4h 3s 2h", button=0)
    )
    started = len(hand.events)  # the deal: the blinds are posted, the cards dealt
    for action in (Action.raise_to(300), Action.raise_to(1000), Action.fold(), Action.call()):
        hand.act(action)
    events = list(hand.events)
    away = {"type": "away", "player": 2}
    # Away from the deal, folded by the table: no hand of his, no choice counted; his chips are.
    figures = hand_figures([*events[:started], away, *events[started:]]).players
    assert (figures[2].hands, figures[2].away, figures[2].three_bet_chances) == (0, 1, 0)
    assert figures[2].net == -100 and figures[0].hands == figures[1].hands == 1
    # Back before his turn, he folded himself: a hand he played.
    back = {"type": "back", "player": 2}
    figures = hand_figures([*events[:started], away, back, *events[started:]]).players
    assert (figures[2].hands, figures[2].away) == (1, 0)
