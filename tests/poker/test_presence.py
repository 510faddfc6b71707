"""Presence decides "away" (issue 32): a player whose table page is open is there; one marked away
while no page of his was open comes back by himself when it opens; one who let his time run out
with his page open stays away until he says he is back. The hand record marks the hands he was
away for, and the statistics do not count them as played."""

import pytest

from poker import services
from poker.engine import hand_history_text
from poker.engine.figures import hand_figures
from poker.models import Hand, HandEvent, Seat, Table

from .helpers import act, actor, fire_deadline, fire_until_next_hand

pytestmark = pytest.mark.django_db


def open_table(players, n=3):
    table = services.table_open(name="Table 1", small_blind=10, big_blind=20, kind=Table.Kind.TOURNAMENT)
    for k, user in enumerate(players[:n]):
        services.table_seat_player(table=table, user=user, stack=1000, seat=k + 1)
    return table


def page(table, user, *, opened=True):
    return services.table_presence(table_id=table.pk, user=user, connected=opened)


def seat_of(table, user) -> Seat:
    return Seat.objects.get(table=table, user=user)


def away_players(hand: Hand) -> set[int]:
    return set(HandEvent.objects.filter(hand=hand, type="away").values_list("player", flat=True))


def play_out_hand(table, *, but=None):
    """The players to act call or check until the hand is over (``but`` is never asked)."""
    while actor(table) is not None:
        assert actor(table) != but
        act(table, actor(table), "check" if Table.objects.get(pk=table.pk).legal["check"] else "call")


def test_a_late_player_timed_out_before_his_page_opened_is_back_when_it_opens_and_plays_the_next_hand(
    players,
):
    table = open_table(players)
    late = players[0]
    for user in players[1:3]:
        page(table, user)
    services.table_get_ready(table=table, seconds=30)
    fire_deadline(table)  # the countdown is over: he is dealt in, his page still loading
    table.refresh_from_db()
    while actor(table) != late:
        act(table, actor(table), "call")
    first = Hand.objects.get(pk=table.hand_id)
    fire_deadline(table)  # his time runs out before his page opens

    seat = seat_of(table, late)
    assert seat.sitting_out and seat.away_unseen and seat.away_since_hand == first.number
    assert first.seats.index(seat.number) in away_players(first)

    page(table, late)  # his page opens

    seat = seat_of(table, late)
    assert not seat.sitting_out and not seat.away_unseen and seat.offline_since is None
    assert HandEvent.objects.filter(hand=first, type="back").exists()  # back during the hand
    play_out_hand(table, but=None)
    fire_until_next_hand(table)
    second = Hand.objects.get(pk=table.hand_id)
    assert second.number == first.number + 1
    assert seat.number in second.seats and away_players(second) == set()
    # His turn comes in the new hand and he is asked, not answered for.
    while actor(table) != late:
        act(table, actor(table), "call")
    answer = "check" if Table.objects.get(pk=table.pk).legal["check"] else "fold"
    act(table, late, answer)
    assert HandEvent.objects.filter(hand=second, type=answer, player=second.seats.index(seat.number)).exists()


def test_a_player_who_lets_his_time_run_out_with_his_page_open_stays_away_until_he_is_back(players):
    table = open_table(players)
    for user in players[:3]:
        page(table, user)
    services.table_start(table=table)
    sleeper = actor(table)
    fire_deadline(table)
    seat = seat_of(table, sleeper)
    assert seat.sitting_out and not seat.away_unseen

    page(table, sleeper, opened=False)  # he reloads the page: it closes and opens again
    page(table, sleeper)
    assert seat_of(table, sleeper).sitting_out

    play_out_hand(table, but=sleeper)
    fire_until_next_hand(table)
    hand = Hand.objects.get(pk=table.hand_id)
    assert hand.seats.index(seat.number) in away_players(hand)  # dealt in away: answered for
    play_out_hand(table, but=sleeper)
    services.table_sit_out(table_id=table.pk, user=sleeper, away=False)  # "I'm back"
    seat = seat_of(table, sleeper)
    assert not seat.sitting_out and seat.away_since_hand is None


def test_a_page_counted_in_the_race_with_his_time_running_out_brings_him_back_at_the_next_deal(players):
    table = open_table(players)
    for user in players[:3]:
        page(table, user)
    services.table_start(table=table)
    late = actor(table)
    page(table, late, opened=False)
    fire_deadline(table)
    assert seat_of(table, late).away_unseen
    # His page was counted just before the time ran out committed: its opening did not see him away.
    Seat.objects.filter(table=table, user=late).update(connections=1)
    play_out_hand(table, but=late)
    fire_until_next_hand(table)
    hand = Hand.objects.get(pk=table.hand_id)
    assert not seat_of(table, late).sitting_out
    assert away_players(hand) == set()


def test_the_organizer_sees_since_when_a_page_is_closed(players):
    table = open_table(players, 2)
    user = players[0]
    assert seat_of(table, user).offline_since is None
    page(table, user)
    page(table, user)  # a second page
    page(table, user, opened=False)
    assert seat_of(table, user).offline_since is None  # one page still open
    page(table, user, opened=False)
    assert seat_of(table, user).offline_since is not None
    page(table, user)
    assert seat_of(table, user).offline_since is None


def test_a_hand_he_was_away_for_is_marked_in_its_history_and_not_counted_as_played(players):
    table = open_table(players, 2)
    for user in players[:2]:
        page(table, user)
    services.table_start(table=table)
    sleeper = actor(table)
    fire_deadline(table)  # heads-up, the small blind folds: the hand is over
    hand = Hand.objects.get(pk=table.hand_id)
    events = list(HandEvent.objects.filter(hand=hand).order_by("seq").values_list("payload", flat=True))
    player = hand.user_ids.index(sleeper.pk)
    figures = hand_figures(events).players
    assert figures[player].hands == 0 and figures[player].away == 1
    assert figures[player].net < 0  # his small blind is lost all the same
    assert figures[1 - player].hands == 1
    text = hand_history_text(events, names=hand.names, lang="fr")
    assert f"{hand.names[player]} : absence, la table joue à sa place" in text


def test_the_pages_of_a_web_process_that_died_are_taken_back_from_the_count(players):
    from datetime import timedelta

    from django.utils import timezone

    from poker.models import OpenPages, WebProcess
    from poker.tables import pages

    table = open_table(players, 3)
    here, dead, alive = players[:3]
    page(table, here)  # counted by this process
    assert OpenPages.objects.get(process=pages.PROCESS, user=here).pages == 1
    long_ago = timezone.now() - timedelta(seconds=pages.DEAD_AFTER_SECONDS + 5)
    WebProcess.objects.create(key="web-2", seen_at=long_ago)  # killed: it beats no more
    WebProcess.objects.create(key="web-3", seen_at=timezone.now())
    for user, process in ((dead, "web-2"), (alive, "web-3")):
        Seat.objects.filter(table=table, user=user).update(connections=1)
        OpenPages.objects.create(process=process, table=table, user=user, pages=1)

    assert pages.sweep() == 1
    assert seat_of(table, dead).connections == 0 and seat_of(table, dead).offline_since is not None
    assert seat_of(table, alive).connections == 1 and seat_of(table, here).connections == 1
    assert not WebProcess.objects.filter(key="web-2").exists()
    assert pages.sweep() == 0  # taken back once
    page(table, dead)  # his page opens again on a live process: his first, counted once
    assert seat_of(table, dead).connections == 1
    page(table, here, opened=False)
    assert not OpenPages.objects.filter(process=pages.PROCESS, user=here).exists()
