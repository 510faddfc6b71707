"""The blind clock follows play: online, a round's clock starts with its first deal (the get-ready
countdown does not eat level 1), and the session's screens hear of every change at once over
``/ws/sessions/<pk>/``."""

import json
from datetime import timedelta

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from championship import selectors
from championship.models import Session, SessionClock
from championship.services import clock
from championship.services import sessions as run
from poker.models import Hand
from tests.kit.online import online_session, round_tables
from tests.poker.helpers import fire_deadline

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_tables")]


def _board_clock(session):
    return selectors.session_board(Session.objects.get(pk=session.pk)).clock


def test_the_clock_waits_for_the_first_deal_and_the_countdown_does_not_count():
    _season, session, _users = online_session(4, ready_seconds=60)
    run.session_start(session=session, by=None)
    shown = _board_clock(session)
    assert shown.waiting and not shown.running and shown.level == 1
    assert shown.seconds_left == shown.level_seconds  # level 1 whole while the players get ready
    page = Client().get(reverse("session_tv", args=[session.pk])).content.decode()
    assert "commence à la première donne" in page
    # The countdown ran 50 s before the deal: none of it is counted.
    SessionClock.objects.filter(session=session).update(level=0)
    (table,) = round_tables(session, 1)
    before_deal = timezone.now()
    fire_deadline(table, late=50)
    assert table.hand_id is not None
    started = SessionClock.objects.get(session=session).started_at
    assert started >= before_deal
    shown = _board_clock(session)
    assert shown.running and not shown.waiting and shown.level == 1
    assert shown.seconds_left >= shown.level_seconds - 2


def test_a_pause_before_the_first_deal_holds_the_clock_until_the_deal_after_the_resume():
    _season, session, _users = online_session(4, ready_seconds=60)
    run.session_start(session=session, by=None)
    clock.clock_pause(session=session, by=None)
    clock.clock_set_level(session=session, level=2, by=None)  # the organizer sets level 3 meanwhile
    shown = _board_clock(session)
    assert not shown.running and shown.level == 3 and shown.seconds_left == shown.level_seconds
    (table,) = round_tables(session, 1)
    assert not Hand.objects.filter(table=table).exists()
    clock.clock_resume(session=session, by=None)  # the paused tables deal again: the first hand
    assert Hand.objects.filter(table=table).exists()
    shown = _board_clock(session)
    assert shown.running and shown.level == 3 and shown.seconds_left >= shown.level_seconds - 2


def test_a_live_session_starts_its_clock_with_the_start():
    from tests.factories import season_with_session

    _season, session = season_with_session(players=4)
    run.session_start(session=session, by=None)
    assert _board_clock(session).running


async def test_the_screens_hear_the_start_the_first_deal_a_pause_and_a_level():
    from channels.db import database_sync_to_async as db
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator

    from arf.routing import websocket_urlpatterns

    _season, session, _users = await db(online_session)(4, ready_seconds=60)
    tv = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/sessions/{session.pk}/")
    other = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/sessions/{session.pk + 1}/")
    assert (await tv.connect())[0] and (await other.connect())[0]
    try:

        async def heard():
            message = json.loads(await tv.receive_from(timeout=2))
            assert message == {"type": "changed"}
            while not await tv.receive_nothing(timeout=0.05):  # one change may say it twice
                await tv.receive_from()

        await db(run.session_start)(session=session, by=None)
        await heard()
        (table,) = await db(round_tables)(session, 1)
        await db(fire_deadline)(table)  # the first deal starts the clock
        await heard()
        assert (await db(SessionClock.objects.get)(session=session)).started_at is not None
        await db(clock.clock_pause)(session=session, by=None)
        await heard()
        await db(clock.clock_set_level)(session=session, level=3, by=None)
        await heard()
        # A refused change (already paused) is not heard; nor is anything of another session.
        with pytest.raises(Exception, match="déjà"):
            await db(clock.clock_pause)(session=session, by=None)
        assert await tv.receive_nothing(timeout=0.2)
        assert await other.receive_nothing(timeout=0.1)
        # The screen's socket only listens.
        await tv.send_to(text_data='{"type": "pause"}')
        assert json.loads(await tv.receive_from())["code"] == "read_only"
        assert (await db(SessionClock.objects.get)(session=session)).paused_at is not None
    finally:
        await tv.disconnect()
        await other.disconnect()


def test_round_2_without_the_reset_goes_on_from_its_first_deal():
    _season, session, _users = online_session(4, ready_seconds=60)
    season = session.season
    season.round2_reset_stacks = False
    season.save(update_fields=["round2_reset_stacks"])
    run.session_start(session=session, by=None)
    (table,) = round_tables(session, 1)
    fire_deadline(table)
    # Round 1 played 5 minutes.
    SessionClock.objects.filter(session=session).update(started_at=timezone.now() - timedelta(minutes=5))
    session.refresh_from_db()
    with transaction.atomic():  # what the round-2 draw does, when the stacks are not reset
        run._hold_clock(session)
    held = SessionClock.objects.get(session=session)
    assert held.started_at is None and 299 <= held.elapsed <= 302
    from championship.services.clock import clock_first_deal

    assert clock_first_deal(session_id=session.pk)
    assert not clock_first_deal(session_id=session.pk)  # a second table's first hand: no change
