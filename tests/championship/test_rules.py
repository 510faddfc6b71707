"""The rulebook's tournament rules, as pure functions (docs/rules.md, "Tournament structure" and "Blinds and
clock")."""

import random
from datetime import date
from decimal import Decimal

import pytest

from championship import rules
from championship.rules import DEFAULT_POINTS_SCALE as SCALE


@pytest.mark.parametrize("players", range(2, 65))
def test_draw_sizes_never_exceed_8_and_differ_by_at_most_one(players):
    sizes = rules.table_sizes(players)
    assert sum(sizes) == players
    assert max(sizes) <= 8
    assert max(sizes) - min(sizes) <= 1
    assert len(sizes) == -(-players // 8)  # the fewest tables


def test_twenty_players_sit_at_7_7_6():
    assert rules.table_sizes(20) == [7, 7, 6]


def test_the_draw_seats_everyone_once_at_balanced_tables():
    players = list(range(37))
    tables = rules.seating_draw(players, rng=random.Random(4))
    assert sorted(p for t in tables for p in t) == players
    assert [len(t) for t in tables] == rules.table_sizes(37)


def test_the_draw_uses_the_system_csprng_by_default(monkeypatch):
    used = []

    class Spy(rules.secrets.SystemRandom):
        def shuffle(self, x):
            used.append(True)
            return super().shuffle(x)

    monkeypatch.setattr(rules.secrets, "SystemRandom", Spy)
    rules.seating_draw([1, 2, 3])
    assert used


@pytest.mark.parametrize("size", [1, 2, 3])
def test_a_round1_table_of_3_or_fewer_qualifies_everyone(size):
    assert rules.round1_table_qualifies_all(size)


def test_a_round1_table_of_4_plays_on():
    assert not rules.round1_table_qualifies_all(4)


def test_round1_cut_at_3_one_knockout_at_a_time():
    assert rules.round1_busts(players_left=4, busted=[("a", None)]) == (["a"], [])
    assert rules.round1_busts(players_left=3, busted=[("a", None)]) == ([], ["a"])


def test_round1_cut_two_out_in_one_hand_at_4_the_bigger_stack_qualifies():
    out, saved = rules.round1_busts(players_left=4, busted=[("a", 800), ("b", 300)])
    assert (out, saved) == (["b"], ["a"])


def test_round1_cut_equal_stacks_at_the_cut_all_qualify():
    out, saved = rules.round1_busts(players_left=4, busted=[("a", 500), ("b", 500)])
    assert (out, saved) == ([], ["a", "b"])
    out, saved = rules.round1_busts(players_left=5, busted=[("a", 500), ("b", 500), ("c", 100)])
    assert (out, sorted(saved)) == (["c"], ["a", "b"])


@pytest.mark.parametrize(
    ("place", "points"), [(1, 100), (2, 80), (3, 65), (4, 50), (5, 40), (6, 30), (7, 20), (8, 20), (24, 20)]
)
def test_points_for_every_place_with_the_default_scale(place, points):
    assert rules.points_for_place(place, SCALE, 20) == points


def test_round2_places_follow_the_elimination_order():
    placings = rules.round2_placings(
        players=4,
        eliminations=[[("d", None)], [("c", None)], [("b", None)]],
        winner="a",
        scale=SCALE,
        unplaced=20,
    )
    assert [(p.player, p.place, p.points) for p in placings] == [
        ("a", 1, 100),
        ("b", 2, 80),
        ("c", 3, 65),
        ("d", 4, 50),
    ]


def test_nine_in_round2_the_first_three_out_are_unplaced_with_20_points():
    hands = [[(p, None)] for p in "ihgfedcb"]
    placings = rules.round2_placings(players=9, eliminations=hands, winner="a", scale=SCALE, unplaced=20)
    assert {p.player: p.points for p in placings} == {
        "a": 100,
        "b": 80,
        "c": 65,
        "d": 50,
        "e": 40,
        "f": 30,
        "g": 20,
        "h": 20,
        "i": 20,
    }


def test_same_hand_knockouts_the_bigger_starting_stack_places_higher():
    placings = rules.round2_placings(
        players=4,
        eliminations=[[("c", 1000), ("d", 3000)], [("b", None)]],
        winner="a",
        scale=SCALE,
        unplaced=20,
    )
    assert {p.player: (p.place, p.points) for p in placings} == {
        "a": (1, 100),
        "b": (2, 80),
        "d": (3, 65),
        "c": (4, 50),
    }


def test_same_hand_equal_stacks_share_the_averaged_points_rounded_up():
    placings = rules.round2_placings(
        players=4,
        eliminations=[[("c", 2000), ("d", 2000)], [("b", None)]],
        winner="a",
        scale=SCALE,
        unplaced=20,
    )
    # places 3 and 4: (65 + 50) / 2 = 57.5 -> 58 each, both placed 3rd
    assert {p.player: (p.place, p.points) for p in placings} == {
        "a": (1, 100),
        "b": (2, 80),
        "c": (3, 58),
        "d": (3, 58),
    }


def test_shared_points_across_the_unplaced_boundary():
    # places 6 and 7: (30 + 20) / 2 = 25
    assert rules.shared_points([6, 7], SCALE, 20) == 25
    # places 5, 6, 7: (40 + 30 + 20) / 3 = 30
    assert rules.shared_points([5, 6, 7], SCALE, 20) == 30


def test_a_points_scale_that_increases_is_refused():
    with pytest.raises(rules.RuleError):
        rules.validate_points_scale([100, 80, 90], 20)
    with pytest.raises(rules.RuleError):
        rules.validate_points_scale([100, 80], 90)
    rules.validate_points_scale(list(SCALE), 20)


def test_default_levels_have_the_ante_from_100_200():
    levels = rules.default_levels()
    assert levels[0] == [10, 20, 0]
    assert levels[4] == [75, 150, 0]
    assert levels[5] == [100, 200, 20]
    assert levels[6] == [150, 300, 30]
    assert levels[-1] == [1000, 2000, 200]


def test_levels_double_after_the_last():
    levels = rules.default_levels()
    assert rules.level_at(levels, len(levels)) == (2000, 4000, 400)
    assert rules.level_at(levels, len(levels) + 1) == (4000, 8000, 800)


def test_a_big_blind_that_is_not_twice_the_small_blind_is_refused():
    with pytest.raises(rules.RuleError):
        rules.validate_levels([[10, 30, 0]])


def test_the_clock_gives_the_same_time_to_every_process():
    reading = rules.clock_reading(
        level=0, elapsed=0, started_at=1000.0, paused_at=None, now=1000 + 900 + 60, level_seconds=900
    )
    assert (reading.level, reading.seconds_left, reading.running) == (1, 840, True)


def test_a_paused_clock_does_not_move():
    reading = rules.clock_reading(
        level=2, elapsed=100, started_at=1000.0, paused_at=1200.0, now=99999, level_seconds=900
    )
    assert (reading.level, reading.seconds_into_level, reading.running) == (2, 300, False)


def _table(prefix, seats):
    return {s: f"{prefix}{s}" for s in seats}


def test_balancing_moves_from_the_fullest_to_the_shortest_when_they_differ_by_two():
    tables = {1: _table("a", range(1, 9)), 2: _table("b", range(1, 7)), 3: _table("c", range(1, 8))}
    moves, broken = rules.rebalance(tables, rng=random.Random(1))
    assert broken == []
    assert len(moves) == 1
    assert (moves[0].from_table, moves[0].to_table) == (1, 2)
    assert moves[0].to_seat not in tables[2]


def test_no_move_when_tables_differ_by_one():
    tables = {1: _table("a", range(1, 9)), 2: _table("b", range(1, 8)), 3: _table("c", range(1, 8))}
    assert rules.rebalance(tables) == ([], [])


def test_tables_merge_into_the_final_table_as_soon_as_the_players_fit():
    tables = {1: {s: f"a{s}" for s in (1, 2, 3, 5)}, 2: {s: f"b{s}" for s in (1, 2, 4, 6)}}
    moves, broken = rules.rebalance(tables, rng=random.Random(2))
    assert broken == [2]  # equal sizes: the higher number breaks
    assert {m.player for m in moves} == {"b1", "b2", "b4", "b6"}
    assert {m.to_table for m in moves} == {1}
    assert len({m.to_seat for m in moves} | set(tables[1])) == 8


def test_three_tables_become_two_when_the_players_fit():
    tables = {
        1: {s: f"a{s}" for s in range(1, 6)},
        2: {s: f"b{s}" for s in range(1, 6)},
        3: {s: f"c{s}" for s in range(1, 6)},
    }
    moves, broken = rules.rebalance(tables, rng=random.Random(3))
    assert broken == [3]
    sizes = {1: 5, 2: 5}
    for m in moves:
        sizes[m.to_table] += 1
    assert sorted(sizes.values()) == [7, 8]


def _key(results, order=(2, 1), depth=8):
    return rules.standings_key([rules.SessionResult(*r) for r in results], list(order), depth)


def test_standings_most_points_first():
    assert _key([(1, 1, 100)]) < _key([(1, 2, 80)])


def test_standings_tie_on_points_more_wins_first():
    one_win = _key([(1, 1, 100), (2, None, 0)])
    no_win = _key([(1, 3, 65), (2, 6, 35)])  # a made-up scale: same 100 points
    assert one_win < no_win


def test_standings_tie_on_points_and_wins_more_second_places_first():
    a = _key([(1, 2, 80), (2, 4, 50)])  # 130
    b = _key([(1, 3, 65), (2, 3, 65)])  # 130
    assert a < b


def test_standings_last_tie_break_is_the_most_recent_session():
    a = _key([(1, 2, 80), (2, 3, 65)])
    b = _key([(1, 3, 65), (2, 2, 80)])
    assert b < a  # b was better in session 2, the most recent


def test_session_dates_every_two_months():
    assert rules.session_dates(date(2026, 1, 31), 4) == [
        date(2026, 1, 31),
        date(2026, 3, 31),
        date(2026, 5, 31),
        date(2026, 7, 31),
    ]
    assert rules.session_dates(date(2026, 12, 15), 2) == [date(2026, 12, 15), date(2027, 2, 15)]


def test_fee_totals():
    assert rules.fee_totals([(Decimal("1"), True), (Decimal("1"), False), (Decimal("2.50"), True)]) == (
        Decimal("4.50"),
        Decimal("3.50"),
        Decimal("1"),
    )
