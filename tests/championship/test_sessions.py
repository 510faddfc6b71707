"""Running a session in live mode, service by service: registration and fees, start and draws, the
round-1 cut, round 2 with balancing and the final table, places and points, undo, closing."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from championship.models import (
    AuditEntry,
    GameTable,
    KnockOut,
    Registration,
    Result,
    Seat,
    Session,
    SessionClock,
)
from championship.services import registrations as reg
from championship.services import seasons
from championship.services import sessions as run
from tests.factories import MemberFactory, OrganizerFactory, season_with_session
from tests.kit.live import active_seats, play_round1, play_round2, round2_with

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_english():
    # The services' messages are matched in English here; the pages' tests read them in French.
    with translation.override("en"):
        yield


# --- Registration and fees ------------------------------------------------------------------------


def test_only_eligible_members_can_be_registered():
    _, session = season_with_session()
    member = MemberFactory(eligible=False)
    with pytest.raises(ValidationError, match="not eligible"):
        reg.registration_create(session=session, member=member, by=None)
    assert not Registration.objects.exists()


def test_a_member_is_registered_once_per_session():
    _, session = season_with_session()
    member = MemberFactory()
    reg.registration_create(session=session, member=member, by=None)
    with pytest.raises(ValidationError, match="already registered"):
        reg.registration_create(session=session, member=member, by=None)
    assert Registration.objects.count() == 1


def test_a_registration_owes_the_season_entry_fee():
    _, session = season_with_session(entry_fee=Decimal("2.50"))
    registration = reg.registration_create(session=session, member=MemberFactory(), by=None)
    assert registration.fee == Decimal("2.50") and not registration.paid


def test_a_negative_fee_is_refused_and_nothing_changes():
    _, _session = season_with_session(players=1, paid=False)
    registration = Registration.objects.get()
    with pytest.raises(ValidationError, match="negative"):
        reg.fee_record(registration=registration, amount="-1", paid=True, method="cash")
    registration.refresh_from_db()
    assert registration.fee == Decimal("1") and not registration.paid


def test_a_paid_fee_says_how_and_who_received_it():
    organizer = OrganizerFactory()
    _, _session = season_with_session(players=1, paid=False)
    registration = Registration.objects.get()
    with pytest.raises(ValidationError):
        reg.fee_record(registration=registration, amount="1", paid=True, method="")
    reg.fee_record(registration=registration, amount="1", paid=True, method="transfer", by=organizer)
    registration.refresh_from_db()
    assert (registration.paid, registration.method, registration.received_by) == (True, "transfer", organizer)


def test_a_negative_season_fee_is_refused():
    with pytest.raises(ValidationError):
        seasons.season_create(
            name="S", starts_on=__import__("datetime").date(2026, 1, 1), entry_fee=Decimal("-1")
        )


def test_a_points_scale_that_increases_is_refused_by_the_season():
    with pytest.raises(ValidationError, match="increase"):
        season_with_session(points_scale=[100, 80, 90, 50])
    season, _ = season_with_session()
    with pytest.raises(ValidationError, match="increase"):
        seasons.season_update(season=season, points_scale=[50, 60])
    season.refresh_from_db()
    assert season.points_scale == [100, 80, 65, 50, 40, 30]


def test_the_season_proposes_a_session_every_two_months():
    season, _ = season_with_session()
    dates = [s.scheduled_at.date().isoformat() for s in season.sessions.order_by("number")]
    assert dates == ["2026-01-10", "2026-03-10", "2026-05-10", "2026-07-10", "2026-09-10", "2026-11-10"]


def test_unregistering_before_the_start_only():
    _, session = season_with_session(players=3)
    registration = Registration.objects.first()
    reg.registration_delete(registration=registration, by=None)
    assert Registration.objects.count() == 2
    run.session_start(session=session, by=None)
    with pytest.raises(ValidationError, match="started"):
        reg.registration_delete(registration=Registration.objects.first(), by=None)
    assert Registration.objects.count() == 2


def test_fee_totals_per_session_and_season():
    from championship import selectors

    season, session = season_with_session(players=3)
    reg.registration_create(session=session, member=MemberFactory(), by=None)
    other = season.sessions.get(number=2)
    r = reg.registration_create(session=other, member=MemberFactory(), by=None)
    reg.fee_record(registration=r, amount="2", paid=True, method="transfer")
    totals = selectors.session_fee_totals(session)
    assert (totals.entrants, totals.paid_count, totals.expected, totals.paid, totals.unpaid) == (
        4,
        3,
        Decimal("4"),
        Decimal("3"),
        Decimal("1"),
    )
    _, season_totals = selectors.season_fees(season)
    assert (season_totals.paid, season_totals.cash, season_totals.transfer) == (
        Decimal("5"),
        Decimal("3"),
        Decimal("2"),
    )


# --- Start and draws ------------------------------------------------------------------------------


def test_starting_with_fewer_than_two_paid_entrants_is_refused():
    _, session = season_with_session(players=1)
    with pytest.raises(ValidationError, match="at least 2"):
        run.session_start(session=session, by=None)
    session.refresh_from_db()
    assert session.status == Session.Status.PLANNED and not Seat.objects.exists()


def test_an_unpaid_entrant_blocks_the_start_until_the_organizer_overrides():
    organizer = OrganizerFactory()
    _, session = season_with_session(players=2)
    late = reg.registration_create(session=session, member=MemberFactory(nickname="Tardif"), by=None)
    with pytest.raises(ValidationError, match="Tardif"):
        run.session_start(session=session, by=organizer)
    with pytest.raises(ValidationError):
        reg.unpaid_override(registration=late, by=organizer, reason="  ")
    reg.unpaid_override(registration=late, by=organizer, reason="pays next time")
    run.session_start(session=session, by=organizer)
    assert Seat.objects.filter(registration=late).exists()
    entry = AuditEntry.objects.get(action=AuditEntry.Action.UNPAID_SEATED)
    assert (entry.by, entry.reason) == (organizer, "pays next time")


def test_the_start_draws_round1_onto_balanced_tables_and_starts_the_clock():
    _, session = season_with_session(players=20)
    draw = run.session_start(session=session, by=None)
    session.refresh_from_db()
    assert session.status == Session.Status.ROUND1 and draw.drawn_at
    sizes = sorted(Seat.objects.filter(session=session, round_number=1, table=t).count() for t in (1, 2, 3))
    assert sizes == [6, 7, 7]
    assert Seat.objects.filter(session=session).count() == 20
    assert session.clock.started_at is not None


def test_pressing_start_twice_does_nothing_twice():
    _, session = season_with_session(players=4)
    run.session_start(session=session, by=None)
    with pytest.raises(ValidationError, match="already started"):
        run.session_start(session=session, by=None)
    assert Seat.objects.count() == 4


# --- Round 1 --------------------------------------------------------------------------------------


def test_a_round1_table_stops_at_three_who_qualify():
    _, session = season_with_session(players=5)
    run.session_start(session=session, by=None)
    seats = active_seats(session, 1)
    run.knockout_record(session=session, table=1, busted=[(seats[0].registration, None)], by=None)
    run.knockout_record(session=session, table=1, busted=[(seats[1].registration, None)], by=None)
    assert GameTable.objects.get(round_number=1).closed_at is not None
    with pytest.raises(ValidationError, match="done"):
        run.knockout_record(session=session, table=1, busted=[(seats[2].registration, None)], by=None)
    assert KnockOut.objects.count() == 2


def test_a_round1_table_of_three_qualifies_everyone_at_once():
    _, session = season_with_session(players=3)
    run.session_start(session=session, by=None)
    assert run.round1_done(session)


def test_knocking_out_a_player_already_out_is_refused():
    _, session = season_with_session(players=6)
    run.session_start(session=session, by=None)
    player = active_seats(session, 1)[0].registration
    run.knockout_record(session=session, table=1, busted=[(player, None)], by=None)
    with pytest.raises(ValidationError, match="already out"):
        run.knockout_record(session=session, table=1, busted=[(player, None)], by=None)
    assert KnockOut.objects.count() == 1


def test_knocking_out_a_player_at_another_table_is_refused():
    _, session = season_with_session(players=12)
    run.session_start(session=session, by=None)
    at_two = next(s for s in active_seats(session, 1) if s.table == 2).registration
    with pytest.raises(ValidationError, match="table 2"):
        run.knockout_record(session=session, table=1, busted=[(at_two, None)], by=None)
    assert not KnockOut.objects.exists()


def test_two_out_in_one_hand_at_four_the_bigger_stack_qualifies():
    _, session = season_with_session(players=4)
    run.session_start(session=session, by=None)
    a, b = (s.registration for s in active_seats(session, 1)[:2])
    outcome = run.knockout_record(session=session, table=1, busted=[(a, 3000), (b, 1000)], by=None)
    assert [k.registration for k in outcome.knockouts] == [b]
    assert outcome.qualified == [a]
    assert run.round1_done(session)


def test_same_hand_knockouts_need_the_chip_counts():
    _, session = season_with_session(players=8)
    run.session_start(session=session, by=None)
    a, b = (s.registration for s in active_seats(session, 1)[:2])
    with pytest.raises(ValidationError, match="chips"):
        run.knockout_record(session=session, table=1, busted=[(a, None), (b, None)], by=None)


def test_round2_is_drawn_only_when_round1_is_done():
    _, session = season_with_session(players=10)
    run.session_start(session=session, by=None)
    with pytest.raises(ValidationError, match="still playing"):
        run.round2_draw(session=session, by=None)
    play_round1(session)
    run.round2_draw(session=session, by=None)
    qualified = Seat.objects.filter(session=session, round_number=2)
    assert qualified.count() == 6  # 2 tables of 5 -> 3 + 3
    assert set(qualified.values_list("table", flat=True)) == {1}


@pytest.mark.parametrize("reset", [True, False])
def test_when_the_stacks_are_reset_for_round2_the_blinds_start_again_at_level_1(reset):
    _, session = season_with_session(players=4, round2_reset_stacks=reset)
    run.session_start(session=session, by=None)
    SessionClock.objects.filter(session=session).update(level=4)  # round 1 reached 75/150
    play_round1(session)
    run.round2_draw(session=session, by=None)
    assert SessionClock.objects.get(session=session).level == (0 if reset else 4)


# --- Round 2 --------------------------------------------------------------------------------------


def test_round2_balances_and_merges_into_the_final_table():
    # 30 players: 4 tables in round 1 -> 12 qualifiers -> 2 tables of 6
    _, session = round2_with(30)
    assert sorted(
        GameTable.objects.filter(session=session, round_number=2).values_list("number", flat=True)
    ) == [1, 2]
    t1 = [s for s in active_seats(session, 2) if s.table == 1]
    run.knockout_record(session=session, table=1, busted=[(t1[0].registration, None)], by=None)
    outcome = run.knockout_record(session=session, table=1, busted=[(t1[1].registration, None)], by=None)
    # 4 against 6: one player moves from table 2 to table 1
    assert len(outcome.moves) == 1
    assert (outcome.moves[0].from_table, outcome.moves[0].to_table) == (2, 1)
    sizes = sorted(
        Seat.objects.filter(session=session, round_number=2, active=True, table=t).count() for t in (1, 2)
    )
    assert sizes == [5, 5]
    # two more out: 8 players fit at one table -> final table
    t1 = [s for s in active_seats(session, 2) if s.table == 1]
    run.knockout_record(session=session, table=1, busted=[(t1[0].registration, None)], by=None)
    t2 = [s for s in active_seats(session, 2) if s.table == 2]
    outcome = run.knockout_record(session=session, table=2, busted=[(t2[0].registration, None)], by=None)
    assert outcome.broken_tables == [2]
    left = active_seats(session, 2)
    assert len(left) == 8 and {s.table for s in left} == {1}
    assert len({s.seat for s in left}) == 8


def test_the_winner_and_points_by_elimination_order():
    _season, session = round2_with(9)  # 2 tables of 5 and 4 -> 3 + 3 qualify (4 -> 3, 5 -> 3)
    order = []
    while Seat.objects.filter(session=session, round_number=2, active=True).count() > 1:
        seat = active_seats(session, 2)[0]
        order.append(seat.registration.member_id)
        run.knockout_record(session=session, table=seat.table, busted=[(seat.registration, None)], by=None)
    session.refresh_from_db()
    assert session.status == Session.Status.FINISHED
    results = {r.member_id: r for r in Result.objects.filter(session=session)}
    assert len(results) == 9  # every registered player: exactly one result
    assert [results[m].place for m in order] == [6, 5, 4, 3, 2]
    assert [results[m].points for m in order] == [30, 40, 50, 65, 80]
    winner = next(r for r in results.values() if r.place == 1)
    assert winner.points == 100
    assert sum(1 for r in results.values() if r.round_reached == 1 and r.points == 0) == 3


def test_same_hand_knockouts_in_round2_with_equal_stacks_share_points():
    _, session = round2_with(12)  # 2 tables of 6 -> 6 qualifiers
    seats = active_seats(session, 2)
    a, b = seats[0].registration, seats[1].registration
    run.knockout_record(session=session, table=seats[0].table, busted=[(a, 2000), (b, 2000)], by=None)
    play_round2(session)
    results = {r.member_id: r for r in Result.objects.filter(session=session)}
    assert (results[a.member_id].place, results[a.member_id].points) == (5, 35)  # (40 + 30) / 2
    assert (results[b.member_id].place, results[b.member_id].points) == (5, 35)


def test_the_last_player_cannot_be_knocked_out():
    _, session = round2_with(4)
    seats = active_seats(session, 2)
    with pytest.raises(ValidationError, match="winner"):
        run.knockout_record(
            session=session,
            table=1,
            busted=[(s.registration, 1000 + i) for i, s in enumerate(seats)],
            by=None,
        )


# --- Undo ------------------------------------------------------------------------------------------


def test_a_mistaken_knockout_is_undone_with_who_when_and_why():
    organizer = OrganizerFactory()
    _, session = season_with_session(players=6)
    run.session_start(session=session, by=organizer)
    player = active_seats(session, 1)[0].registration
    outcome = run.knockout_record(session=session, table=1, busted=[(player, None)], by=organizer)
    with pytest.raises(ValidationError, match="why"):
        run.knockout_undo(knockout=outcome.knockouts[0], by=organizer, reason="")
    run.knockout_undo(knockout=outcome.knockouts[0], by=organizer, reason="wrong player tapped")
    assert Seat.objects.get(registration=player, round_number=1).active
    entry = AuditEntry.objects.get(action=AuditEntry.Action.KNOCKOUT_UNDONE)
    assert (entry.by, entry.reason, entry.details["member"]) == (
        organizer,
        "wrong player tapped",
        player.member.nickname,
    )
    # the player can be knocked out again later, once
    run.knockout_record(session=session, table=1, busted=[(player, None)], by=organizer)
    assert KnockOut.objects.filter(undone_at__isnull=True).count() == 1


def test_undoing_a_knockout_that_closed_a_round1_table_opens_it_again():
    _, session = season_with_session(players=4)
    run.session_start(session=session, by=None)
    outcome = run.knockout_record(
        session=session, table=1, busted=[(active_seats(session, 1)[0].registration, None)], by=None
    )
    assert run.round1_done(session)
    run.knockout_undo(knockout=outcome.knockouts[0], by=None, reason="oops")
    assert not run.round1_done(session)


def test_undoing_the_last_knockout_reverts_the_merge_and_the_results():
    _, session = round2_with(30)  # 12 in round 2 at two tables of 6
    while Seat.objects.filter(session=session, round_number=2, active=True).count() > 9:
        seat = active_seats(session, 2)[0]
        run.knockout_record(session=session, table=seat.table, busted=[(seat.registration, None)], by=None)
    before = {s.registration_id: (s.table, s.seat) for s in active_seats(session, 2)}
    seat = active_seats(session, 2)[0]
    outcome = run.knockout_record(
        session=session, table=seat.table, busted=[(seat.registration, None)], by=None
    )
    assert outcome.broken_tables
    run.knockout_undo(knockout=outcome.knockouts[0], by=None, reason="he won the pot after all")
    after = {s.registration_id: (s.table, s.seat) for s in active_seats(session, 2)}
    assert after == before
    assert GameTable.objects.filter(session=session, round_number=2, closed_at__isnull=True).count() == 2
    # an earlier knock-out cannot be undone before the later ones
    earlier = KnockOut.objects.filter(session=session, round_number=2, undone_at__isnull=True).first()
    play_round2(session)
    with pytest.raises(ValidationError, match="last"):
        run.knockout_undo(knockout=earlier, by=None, reason="x")
    last = KnockOut.objects.filter(session=session, undone_at__isnull=True).order_by("-sequence").first()
    run.knockout_undo(knockout=last, by=None, reason="miscount")
    session.refresh_from_db()
    assert session.status == Session.Status.ROUND2 and not Result.objects.filter(session=session).exists()


def test_a_closed_session_is_final():
    _, session = round2_with(4)
    play_round2(session)
    run.session_close(session=session, by=None)
    session.refresh_from_db()
    assert session.status == Session.Status.CLOSED
    with pytest.raises(ValidationError, match="closed"):
        run.knockout_undo(knockout=KnockOut.objects.last(), by=None, reason="late")
    with pytest.raises(ValidationError, match="already closed"):
        run.session_close(session=session, by=None)
