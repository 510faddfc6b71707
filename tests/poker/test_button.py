"""The dead-button rule across hands (docs/rules.md, "Texas Hold'em, no limit"): the big blind always
moves forward one seat."""

from hypothesis import given, settings
from hypothesis import strategies as st

from poker.engine.button import Positions, engine_positions, first_positions, next_positions


def test_the_first_hand_puts_the_blinds_on_the_left_of_the_button():
    assert first_positions([1, 3, 5, 7], 3) == Positions(button=3, small_blind=5, big_blind=7)


def test_heads_up_the_button_posts_the_small_blind():
    assert first_positions([2, 6], 6) == Positions(button=6, small_blind=6, big_blind=2)
    assert next_positions([2, 6], Positions(6, 6, 2)) == Positions(button=2, small_blind=2, big_blind=6)


def test_without_busts_everything_moves_one_player_on():
    assert next_positions([1, 2, 3, 4], Positions(1, 2, 3)) == Positions(button=2, small_blind=3, big_blind=4)
    assert next_positions([1, 2, 3, 4], Positions(2, 3, 4)) == Positions(button=3, small_blind=4, big_blind=1)


def test_when_the_big_blind_busts_the_small_blind_is_dead_and_nobody_skips_the_big_blind():
    # Seats 1-4, button 1, blinds 2 and 3; the big blind (3) busts.
    positions = next_positions([1, 2, 4], Positions(1, 2, 3))
    assert positions == Positions(button=2, small_blind=3, big_blind=4)
    button, small_blind, big_blind = engine_positions([1, 2, 4], positions)
    assert (button, small_blind, big_blind) == (1, None, 2)  # seat 2 on the button, no small blind


def test_when_the_small_blind_busts_the_button_stays_on_his_empty_seat():
    # Seats 1-5, button 1, blinds 2 and 3; the small blind (2) busts.
    positions = next_positions([1, 3, 4, 5], Positions(1, 2, 3))
    assert positions == Positions(button=2, small_blind=3, big_blind=4)
    # The empty button seat: seat 1 acts last after the flop.
    assert engine_positions([1, 3, 4, 5], positions) == (0, 1, 2)


def test_going_heads_up_the_big_blind_still_moves_forward():
    positions = next_positions([3, 4], Positions(1, 2, 3))
    assert positions == Positions(button=3, small_blind=3, big_blind=4)


def test_a_player_sitting_down_between_the_blinds_does_not_make_anyone_skip_the_big_blind():
    positions = next_positions([2, 3, 4, 6], Positions(1, 2, 4))
    assert positions.big_blind == 6


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_over_many_hands_with_busts_and_newcomers_the_big_blind_never_skips_a_player(data):
    active = sorted(data.draw(st.sets(st.integers(1, 8), min_size=2, max_size=8)))
    positions = first_positions(active, data.draw(st.sampled_from(active)))
    for _ in range(12):
        engine_button, small_blind, big_blind = engine_positions(active, positions)
        assert active[big_blind] == positions.big_blind
        assert (small_blind != big_blind and engine_button != big_blind) or len(active) == 2
        if len(active) == 2:
            assert active[engine_button] == positions.small_blind == positions.button
        # Change the table: someone busts (not below 2) or sits down on a free seat.
        change = data.draw(st.sampled_from(["none", "bust", "join"]))
        if change == "bust" and len(active) > 2:
            active.remove(data.draw(st.sampled_from(active)))
        elif change == "join" and len(active) < 8:
            active = sorted(
                {*active, data.draw(st.sampled_from([s for s in range(1, 9) if s not in active]))}
            )
        before = positions
        positions = next_positions(active, before)
        # The big blind goes to the first player clockwise after the last big blind's seat.
        expected = next(s for k in range(1, 9) if (s := (before.big_blind - 1 + k) % 8 + 1) in active)
        assert positions.big_blind == expected
