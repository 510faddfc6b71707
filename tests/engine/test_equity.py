"""All-in equity: exact counts over every board still to come."""

import random
from itertools import combinations

import pytest

from poker.engine import Card, Equity, equity, evaluate_high, full_deck, parse_cards


def test_aces_against_kings_before_the_flop_exactly():
    aces, kings = equity(["As Ad", "Kc Kd"])
    assert aces.boards == kings.boards == 1_712_304  # C(48, 5): every board is counted
    assert aces.equity == pytest.approx(0.8195, abs=5e-5)
    assert kings.equity == pytest.approx(0.1805, abs=5e-5)
    assert aces.win + kings.win + aces.tie == pytest.approx(1)
    assert aces.tie == kings.tie > 0  # a straight or a flush on the board can split them


def test_a_flush_draw_on_the_turn_counts_its_outs_exactly():
    # Ah Kh against a set of tens: nine hearts are left, but Th gives quads and Qh a full house;
    # the three other jacks make broadway. 7 + 3 = 10 outs among 44 river cards.
    draw, tens = equity(["Ah Kh", "Ts Td"], board="2h 7h Tc Qd")
    assert draw.boards == 44
    assert draw.equity == pytest.approx(10 / 44)
    assert tens.equity == pytest.approx(34 / 44)
    assert draw.tie == tens.tie == 0


def test_dead_cards_are_no_outs():
    draw, _ = equity(["Ah Kh", "Ts Td"], board="2h 7h Tc Qd", dead="3h Jc")
    assert draw.boards == 42
    assert draw.equity == pytest.approx(8 / 42)


def test_a_board_that_plays_splits_the_pot():
    first, second = equity(["Ah Kd", "2c 3c"], board="Qs Js Ts 9s 8s")
    assert first == second == Equity(win=0.0, tie=1.0, equity=0.5, boards=1)


def test_a_three_way_split_shares_the_pot_in_three():
    results = equity(["Ah Kd", "Ac Kc", "Ad Ks"], board="Qs Js Th 2d")
    assert [r.equity for r in results] == pytest.approx([1 / 3] * 3)
    assert all(r.tie == 1 for r in results)


def test_a_finished_board_gives_the_showdown_result():
    winner, loser = equity(["As Ad", "Kc Kd"], board="2c 7d 9h Ts 3s")
    assert (winner.win, winner.equity, loser.equity) == (1.0, 1.0, 0.0)


def test_flop_equity_matches_a_count_board_by_board():
    rng = random.Random(5)
    for _ in range(5):
        cards = rng.sample(full_deck(), 3 + 3 * 2)
        board, holes = cards[:3], [cards[3:5], cards[5:7], cards[7:9]]
        results = equity(holes, board=board)
        rest = [c for c in full_deck() if c not in cards]
        wins, shares = [0, 0, 0], [0.0, 0.0, 0.0]
        for turn_river in combinations(rest, 2):
            values = [evaluate_high([*hole, *board, *turn_river]) for hole in holes]
            best = [i for i, v in enumerate(values) if v == max(values)]
            for i in best:
                shares[i] += 1 / len(best)
            if len(best) == 1:
                wins[best[0]] += 1
        boards = len(rest) * (len(rest) - 1) // 2
        assert [r.boards for r in results] == [boards] * 3
        assert [r.win for r in results] == pytest.approx([w / boards for w in wins])
        assert [r.equity for r in results] == pytest.approx([s / boards for s in shares])


def test_multiway_preflop_is_exact_too():
    results = equity(["As Ad", "Kc Kd", "7h 8h"])
    assert [r.boards for r in results] == [1_370_754] * 3  # C(46, 5)
    assert sum(r.equity for r in results) == pytest.approx(1)
    assert results[0].equity > results[2].equity > results[1].equity


def test_cards_may_be_given_as_names_cards_or_indices():
    by_name = equity(["As Ad", "Kc Kd"], board="2c 7d 9h")
    by_card = equity([parse_cards("As Ad"), [Card("Kc"), Card("Kd")]], board=parse_cards("2c 7d 9h"))
    by_index = equity([[51, 50], [44, 45]], board=[0, 21, 30])
    assert by_name == by_card == by_index


@pytest.mark.parametrize(
    ("holes", "board", "dead", "message"),
    [
        (["As Ad", "As Kd"], "", "", "duplicate card: As \\(in player 1 and in player 2\\)"),
        (["As Ad", "Kc Kd"], "Ah 7d Ad", "", "duplicate card: Ad \\(in player 1 and in the board\\)"),
        (["As Ad", "Kc Kd"], "", "Kd", "duplicate card: Kd \\(in player 2 and in the dead cards\\)"),
        (["As Ad", "Kc Kd Qc"], "", "", "player 2 has 3 hole cards; Hold'em needs 2"),
        (["As", "Kc Kd"], "", "", "player 1 has 1 hole card; Hold'em needs 2"),
        (["As Ad"], "", "", "at least two players, got 1"),
        (["As Ad", "Kc Kd"], "2c 3c 4c 5c 6c 7c", "", "the board has 6 cards"),
        (["As Ad", "Kc Xd"], "", "", "player 2's hole cards: not a card: 'Xd'"),
        (["As Ad", "Kc Kd"], "2c 3c 4c 5c 6c 7c", "", "at most 5"),
        ("As Ad Kc Kd", "", "", "one hand per player"),
    ],
)
def test_bad_input_raises_a_value_error_naming_the_problem(holes, board, dead, message):
    with pytest.raises(ValueError, match=message):
        equity(holes, board=board, dead=dead)


def test_too_many_dead_cards_leave_no_board():
    dead = [c for c in full_deck() if str(c) not in ("As", "Ad", "Kc", "Kd", "2c", "3c")]
    with pytest.raises(ValueError, match="only 2 cards left in the deck for the 5 board cards"):
        equity(["As Ad", "Kc Kd"], dead=dead)
