"""The demo table of `make run` (bots only, opened by load_demo_tables) plays by itself, whatever a
visitor does at it: sits, plays, goes away (out of time), comes back, leaves."""

from django.core.management import call_command

from poker import services
from poker.models import Seat, Table

from .helpers import act, actor, fire_deadline


def demo_holdem() -> Table:
    call_command("load_demo_tables", stdout=open("/dev/null", "w"))  # noqa: SIM115
    return Table.objects.get(kind=Table.Kind.PRACTICE, created_by=None, variant=Table.Variant.HOLDEM)


def play_until(table: Table, done, limit: int = 400) -> None:
    """Fire the table's deadlines (bots thinking, a human's time running out, pauses) until ``done``."""
    for _ in range(limit):
        if done():
            return
        assert fire_deadline(table), f"the table stopped: {table.status}"
    raise AssertionError("not reached")


def test_the_demo_table_goes_on_after_a_visitor_sits_times_out_comes_back_and_leaves(players):
    hery = players[0]
    table = demo_holdem()
    services.table_sit(table_id=table.pk, user=hery)
    # He plays one decision, then closes his browser: his time runs out and he sits out.
    play_until(table, lambda: actor(table) == hery)
    table.refresh_from_db()
    act(table, hery, "fold" if table.legal.get("fold") else "check")
    play_until(table, lambda: Seat.objects.get(table=table, user=hery).sitting_out)
    dealt = table.hands_dealt
    play_until(table, lambda: table.hands_dealt >= dealt + 3)
    assert table.status == Table.Status.PLAYING  # the bots go on without him

    # He comes back, then leaves between two hands: the bots still play.
    services.table_sit_out(table_id=table.pk, user=hery, away=False)
    play_until(table, lambda: table.deadline_kind == Table.DeadlineKind.NEXT_HAND)
    services.table_leave(table_id=table.pk, user=hery)
    assert not Seat.objects.filter(table=table, user=hery).exists()
    dealt = table.hands_dealt
    play_until(table, lambda: table.hands_dealt >= dealt + 3)
    assert table.status == Table.Status.PLAYING


def test_the_demo_table_goes_on_when_a_visitor_who_was_away_leaves(players):
    hery = players[0]
    table = demo_holdem()
    services.table_sit(table_id=table.pk, user=hery)
    services.table_sit_out(table_id=table.pk, user=hery)
    play_until(table, lambda: table.deadline_kind == Table.DeadlineKind.NEXT_HAND)
    services.table_leave(table_id=table.pk, user=hery)
    dealt = table.hands_dealt
    play_until(table, lambda: table.hands_dealt >= dealt + 2)


def test_a_players_own_practice_table_still_waits_while_he_is_away(players):
    hery = players[0]
    table = services.practice_table_open(user=hery, bots=3)
    services.table_sit_out(table_id=table.pk, user=hery)
    for _ in range(40):
        if table.status == Table.Status.WAITING:
            break
        fire_deadline(table)
    assert table.status == Table.Status.WAITING  # no endless hands between bots for nobody
