"""A whole session played online: 20 members registered and paid, round 1 on three tables played by
bots through the real table service, round 2 with balancing, points and standings. Every registered
player ends with exactly one result, and no chip is created or lost at any table."""

import pytest
from django.test import Client
from django.urls import reverse

from championship import rules, selectors
from championship.models import KnockOut, Registration, Result, Session, TableMove
from championship.services import clock
from championship.services import sessions as run
from poker.models import Seat as PokerSeat
from poker.models import Table
from tests.factories import MemberFactory
from tests.kit.online import FAST_LEVEL, online_session, play_until, round_tables

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_tables")]


def test_a_whole_session_online_with_bots():
    season, session, _users = online_session(20)
    run.session_start(session=session, by=None)
    round1 = round_tables(session, 1)
    assert sorted(PokerSeat.objects.filter(table=t).count() for t in round1) == [6, 7, 7]
    assert all(t.blind_provider == f"championship:{session.pk}" and t.stop_at_players == 3 for t in round1)
    page = Client().get(reverse("session_detail", args=[session.pk])).content.decode()
    assert all(reverse("poker:table", args=[t.pk]) in page for t in round1)
    clock.clock_set_level(session=session, level=FAST_LEVEL, by=None)
    per_table = {t.pk: 5000 * PokerSeat.objects.filter(table=t).count() for t in round1}
    play_until(
        session, lambda: run.round1_done(session), chips_per_round=100000, round_number=1, per_table=per_table
    )
    assert all(t.status == Table.Status.FINISHED for t in round_tables(session, 1))
    qualifiers = Registration.objects.filter(
        session=session, seats__round_number=1, seats__active=True
    ).count()
    # 3 a table, more when equal stacks at the cut all qualify (the bots' hands are random)
    assert qualifiers >= 9

    session.refresh_from_db()
    assert session.status == Session.Status.ROUND2  # drawn by itself when the last table finished
    round2 = round_tables(session, 2)
    assert sorted(PokerSeat.objects.filter(table=t).count() for t in round2) == sorted(
        rules.table_sizes(qualifiers)
    )
    assert all(t.stop_at_players == 1 for t in round2)
    clock.clock_set_level(session=session, level=FAST_LEVEL, by=None)

    def finished():
        session.refresh_from_db()
        return session.status == Session.Status.FINISHED

    play_until(session, finished, chips_per_round=5000 * qualifiers, round_number=2)

    # down to 8 merges the tables into the final table: the moves went through the table service
    assert TableMove.objects.filter(session=session, applied_at__isnull=False).exists()
    knockouts = KnockOut.objects.filter(session=session, undone_at__isnull=True)
    assert (
        knockouts.count() == 19
        and knockouts.filter(round_number=2).count() == qualifiers - 1
        and set(knockouts.values_list("source", flat=True)) == {"online"}
    )
    results = Result.objects.filter(session=session)
    assert results.count() == 20
    # places and points follow the elimination order, same-hand knock-outs by starting stack
    hands: dict[str, list] = {}
    for k in knockouts.filter(round_number=2).order_by("sequence").select_related("registration"):
        hands.setdefault(k.hand_key, []).append((k.registration.member_id, k.stack_at_hand_start))
    winner = results.get(place=1)
    expected = rules.round2_placings(
        players=qualifiers,
        eliminations=list(hands.values()),
        winner=winner.member_id,
        scale=season.points_scale,
        unplaced=20,
    )
    assert {(p.player, p.place, p.points) for p in expected} == set(
        results.filter(round_reached=2).values_list("member_id", "place", "points")
    )
    assert winner.points == 100
    assert results.filter(round_reached=1, points=0).count() == 20 - qualifiers
    run.session_close(session=session, by=None)
    table = selectors.standings(season)
    assert table.rows[0].points == 100 and table.rows[0].wins == 1


def test_the_tables_read_their_blinds_from_the_session_clock_and_pause_with_it():
    from poker.blinds import table_blinds

    _season, session, _users = online_session(4)
    run.session_start(session=session, by=None)
    (table,) = round_tables(session, 1)
    assert table_blinds(table) == (10, 20, 0)
    clock.clock_set_level(session=session, level=5, by=None)
    assert table_blinds(table) == (100, 200, 20)
    clock.clock_pause(session=session, by=None)
    table.refresh_from_db()
    assert table.pause_requested or table.status == Table.Status.PAUSED
    clock.clock_resume(session=session, by=None)
    table.refresh_from_db()
    assert not table.pause_requested and table.status != Table.Status.PAUSED


def test_an_online_session_needs_an_account_for_every_entrant():
    from django.core.exceptions import ValidationError

    from championship.services.registrations import fee_record, registration_create

    _, session, _users = online_session(2)
    nobody = MemberFactory(nickname="Sanscompte")
    with pytest.raises(ValidationError, match="Sanscompte n’a pas encore de compte"):
        registration_create(session=session, member=nobody, by=None)  # refused at registration
    # Registered while the session was live, then switched online: the start still checks.
    Session.objects.filter(pk=session.pk).update(mode=Session.Mode.LIVE)
    late = registration_create(session=session, member=nobody, by=None)
    Session.objects.filter(pk=session.pk).update(mode=Session.Mode.ONLINE)
    fee_record(registration=late, amount="1", paid=True, method="cash")
    with pytest.raises(ValidationError, match="Sanscompte"):
        run.session_start(session=session, by=None)
    session.refresh_from_db()
    assert session.status == Session.Status.PLANNED and not Table.objects.exists()
