"""/healthz (database and Redis, cheap) and the logs: one line per event on stdout naming the table,
hand and user; a crash in a deadline or a websocket message is logged with its traceback and
stops neither the deadline loop nor the player's socket."""

from __future__ import annotations

import asyncio
import io
import logging

import pytest
from channels.db import database_sync_to_async
from django.db import OperationalError, connection
from django.urls import reverse
from django.utils import timezone

from arf.asgi import application  # (sets logging up again: imported before the tests swap streams)
from arf.logs import OneLineFormatter, log_context
from poker import services
from poker.models import Table
from poker.tables import clock
from poker.tables import consumer as table_consumer
from tests.factories import UserFactory
from tests.poker.wsclient import Client as TableClient


@pytest.fixture(autouse=True)
def _fast(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.POKER_DEADLINE_LOOP = False
    settings.POKER_PAUSE_MS = 0


@pytest.fixture
def stdout_log():
    """What the configured stdout handler writes, for the duration of the test."""
    handler = next(h for h in logging.getLogger().handlers if isinstance(h.formatter, OneLineFormatter))
    stream = io.StringIO()
    previous = handler.setStream(stream)
    yield stream
    handler.setStream(previous)


# ---- /healthz


@pytest.mark.django_db
def test_the_health_check_says_the_database_answers_in_one_query(client, settings, django_assert_num_queries):
    settings.REDIS_URL = ""
    with django_assert_num_queries(1):
        response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}


@pytest.mark.django_db
def test_the_health_check_fails_when_redis_does_not_answer(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get(reverse("healthz"))
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "ok", "redis": "error"}


@pytest.mark.django_db
def test_the_health_check_fails_when_the_database_does_not_answer(client, settings, monkeypatch):
    settings.REDIS_URL = ""

    def refused(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", refused)
    response = client.get(reverse("healthz"))
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "error"}


@pytest.mark.django_db
def test_the_health_check_asks_redis_when_the_deployment_has_it(client):
    from tests.services import require_redis

    require_redis()
    assert client.get(reverse("healthz")).json() == {"status": "ok", "database": "ok", "redis": "ok"}


# ---- one line per event


def test_a_line_names_the_table_hand_and_user_and_keeps_the_traceback_on_it(stdout_log):
    with log_context(table=7, user="hery"), log_context(hand=42):
        try:
            raise RuntimeError("boom")
        except RuntimeError:
            logging.getLogger("poker.test").exception("the hand failed")
    logging.getLogger("poker.test").warning("outside")
    lines = stdout_log.getvalue().splitlines()
    assert len(lines) == 2
    assert "ERROR poker.test the hand failed table=7 hand=42 user=hery | Traceback" in lines[0]
    assert "RuntimeError: boom" in lines[0]
    assert lines[1].endswith("WARNING poker.test outside")


@pytest.mark.django_db
def test_a_page_s_lines_name_its_user(client, stdout_log):
    client.force_login(UserFactory(username="hery"))
    client.get("/tables/999999/")  # not found: Django logs it
    line = next(line for line in stdout_log.getvalue().splitlines() if "Not Found" in line)
    assert "user=hery" in line and "table=999999" in line


# ---- crashes are logged and stop nothing


def _due_tables(count: int) -> list[int]:
    ids = []
    for k in range(count):
        players = [UserFactory(username=f"p{k}{s}") for s in (1, 2)]
        table = services.table_open(name=f"Due {k}", kind=Table.Kind.TOURNAMENT)
        for seat, user in enumerate(players):
            services.table_seat_player(table=table, user=user, stack=1000, seat=seat + 1)
        services.table_start(table=table)
        Table.objects.filter(pk=table.pk).update(deadline_at=timezone.now())
        ids.append(table.pk)
    return ids


@pytest.mark.django_db(transaction=True)
async def test_a_crashing_deadline_is_logged_with_its_table_and_the_others_still_fire(
    monkeypatch, stdout_log
):
    broken, fine = await database_sync_to_async(_due_tables)(2)
    fire = clock.services.table_fire_deadline

    def crash_on_one(**kwargs):
        if kwargs["table_id"] == broken:
            raise ZeroDivisionError("a bug")
        return fire(**kwargs)

    monkeypatch.setattr(clock.services, "table_fire_deadline", crash_on_one)
    assert await clock.fire_due_deadlines_async() == 1
    line = next(line for line in stdout_log.getvalue().splitlines() if "ERROR" in line)
    assert f"of table {broken} failed table={broken} | Traceback" in line
    assert "ZeroDivisionError: a bug" in line
    assert await database_sync_to_async(lambda: Table.objects.get(pk=fine).deadline_at)() is not None


async def test_a_crash_of_the_whole_pass_is_logged_and_the_loop_goes_on(monkeypatch, stdout_log, settings):
    settings.POKER_DEADLINE_POLL_MS = 1
    stop = asyncio.Event()
    passes = []

    async def flaky():
        passes.append(1)
        if len(passes) == 1:
            raise RuntimeError("a bug in the pass")
        stop.set()
        return 0

    monkeypatch.setattr(clock, "fire_due_deadlines_async", flaky)
    await asyncio.wait_for(clock.run_deadlines(stop), 5)
    assert len(passes) == 2
    line = next(line for line in stdout_log.getvalue().splitlines() if "ERROR" in line)
    assert "poker.tables.clock deadline loop | Traceback" in line and "a bug in the pass" in line


async def test_the_database_away_pauses_the_loop_in_two_lines_not_a_traceback_a_pass(
    monkeypatch, stdout_log, settings
):
    settings.POKER_DEADLINE_POLL_MS = 1
    monkeypatch.setattr(clock, "UNAVAILABLE_POLL_SECONDS", 0.001)
    stop = asyncio.Event()
    passes = []

    async def database_away_three_times():
        passes.append(1)
        if len(passes) <= 3:
            raise OperationalError("the database went away")
        stop.set()
        return 0

    monkeypatch.setattr(clock, "fire_due_deadlines_async", database_away_three_times)
    await asyncio.wait_for(clock.run_deadlines(stop), 5)
    assert len(passes) == 4
    lines = [line for line in stdout_log.getvalue().splitlines() if "poker.tables.clock" in line]
    assert len(lines) == 2 and "Traceback" not in stdout_log.getvalue(), lines
    assert "WARNING" in lines[0] and "deadlines wait for the database" in lines[0] and "went away" in lines[0]
    assert "deadlines fire again" in lines[1]


@pytest.mark.django_db(transaction=True)
async def test_a_crashing_websocket_message_is_logged_and_the_socket_stays_open(monkeypatch, stdout_log):
    def arrange():
        from django.test import Client

        hery = UserFactory(username="hery")
        table = services.table_open(name="T", kind=Table.Kind.TOURNAMENT)
        browser = Client()
        browser.force_login(hery)
        return table, browser.cookies["sessionid"].value

    table, session = await database_sync_to_async(arrange)()
    real = table_consumer.CORE_MESSAGES["snapshot"]
    calls = []

    async def crash_once(consumer, message):
        calls.append(1)
        if len(calls) == 1:
            raise KeyError("a bug")
        await real(consumer, message)

    monkeypatch.setitem(table_consumer.CORE_MESSAGES, "snapshot", crash_once)
    headers = [(b"origin", b"http://localhost"), (b"cookie", f"sessionid={session}".encode())]
    socket = TableClient(table.pk, app=application, headers=headers)
    del socket.comm.scope["user"]
    try:
        await socket.connect()
        await socket.send({"type": "snapshot", "hand": 5})
        assert (await socket.error())["code"] == "server_error"
        await socket.send({"type": "snapshot"})
        assert (await socket.next())["type"] == "snapshot"
    finally:
        await socket.comm.disconnect()
    line = next(line for line in stdout_log.getvalue().splitlines() if "ERROR" in line)
    assert f"table={table.pk} hand=5 user=hery | Traceback" in line and "KeyError: 'a bug'" in line


def test_redis_restarting_is_one_line_a_failure_not_a_traceback(stdout_log):
    """channels-redis logs its receive task's failure with the traceback while Redis restarts (a
    handful each time): on our console, one line each, naming the cause."""
    import redis

    try:
        raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
    except redis.exceptions.ConnectionError:
        logging.getLogger("channels_redis.pubsub").exception("Unexpected exception in receive task")
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        logging.getLogger("channels_redis.pubsub").exception("Unexpected exception in receive task")
    first, second = stdout_log.getvalue().splitlines()
    assert "Unexpected exception in receive task (service unavailable: ConnectionError: Error 111" in first
    assert "Traceback" not in first
    assert "Traceback" in second and "a bug" in second  # a bug keeps its traceback
