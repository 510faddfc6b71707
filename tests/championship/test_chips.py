"""Chips for live play: values, each player's chips, coverage of the set, colour-ups."""

from championship.chips_rules import Colour, chip_plan, propose_values
from championship.rules import default_levels


def test_values_start_at_the_chip_that_makes_the_first_blinds():
    values = propose_values(
        [Colour("white", 200), Colour("red", 150), Colour("green", 100)], default_levels()
    )
    # 10/20, 15/30, 25/50: the smallest chip is 5; the most numerous colour gets it
    assert values == {"white": 5, "red": 25, "green": 100}


def test_a_set_that_covers_eight_players_gives_each_the_starting_stack():
    colours = [
        Colour("white", 200, 5),
        Colour("red", 200, 25),
        Colour("green", 200, 100),
        Colour("black", 100, 500),
    ]
    plan = chip_plan(colours, stack=5000, levels=default_levels())
    assert plan.ok, plan.errors
    assert sum(n * plan.values[c] for c, n in plan.per_player.items()) == 5000
    assert all(plan.covers[size] for size in (6, 7, 8))
    for colour in colours:
        assert plan.per_player[colour.name] * 8 <= colour.count


def test_a_set_too_small_for_eight_players_says_so():
    colours = [
        Colour("white", 150, 5),
        Colour("red", 150, 25),
        Colour("green", 100, 100),
        Colour("black", 50, 500),
    ]
    plan = chip_plan(colours, stack=5000, levels=default_levels())
    assert not plan.covers[8]
    assert plan.covers[6]
    assert ("cover", {"stack": 5000, "players": 8}) in plan.errors


def test_small_chips_that_cannot_make_the_antes_are_refused():
    colours = [Colour("red", 400, 25), Colour("green", 200, 100), Colour("black", 100, 500)]
    plan = chip_plan(colours, stack=5000, levels=[[25, 50, 0], [50, 100, 0], [100, 200, 20]])
    assert next(e for e in plan.errors if e[0] == "level")[1]["level"] == 3


def test_a_colour_up_is_proposed_when_the_small_chips_are_no_longer_needed():
    colours = [
        Colour("white", 200, 5),
        Colour("red", 200, 25),
        Colour("green", 200, 100),
        Colour("black", 100, 500),
    ]
    plan = chip_plan(colours, stack=5000, levels=default_levels())
    # from 500/1000 ante 100 on, every blind and ante is a multiple of 25
    assert plan.colour_up[0] == (11, "white")
