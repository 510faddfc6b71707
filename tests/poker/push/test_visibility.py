"""A table page says whether it is in sight (``{"type": "visibility", "visible": ...}``); the seat
counts its pages in sight, which decides whether his turn is pushed. Bad messages are refused with
an error to that page alone, a page flipping fast is slowed down, a closed page is not in sight."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from poker import services
from poker.models import Seat, Table
from tests.poker.wsclient import Client

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def _in_sight(table, user) -> int:
    return Seat.objects.get(table=table, user=user).visible_pages


async def test_each_page_in_sight_is_counted_until_it_is_hidden_or_closed(table_with_two):
    table, hery, voahangy, tiana = table_with_two
    phone, laptop = await Client(table.pk, hery).connect(), await Client(table.pk, hery).connect()
    spectator = await Client(table.pk, tiana).connect()
    try:
        assert await _in_sight(table, hery) == 0  # not in sight until the page says so
        await phone.send({"type": "visibility", "visible": True})
        await laptop.send({"type": "visibility", "visible": True})
        await phone.send({"type": "visibility", "visible": True})  # the same again changes nothing
        await spectator.send({"type": "visibility", "visible": True})  # not seated: not counted
        assert await phone.quiet() and await spectator.quiet()
        assert await _in_sight(table, hery) == 2
        await phone.send({"type": "visibility", "visible": False})  # his phone locked
        assert await phone.quiet()
        assert await _in_sight(table, hery) == 1
        await laptop.close()
        assert await _in_sight(table, hery) == 0
        assert await _in_sight(table, voahangy) == 0
    finally:
        await phone.close()
        await spectator.close()


@pytest.mark.parametrize("bad", ["yes", 1, None, {"x": 1}])
async def test_a_visibility_that_is_not_true_or_false_is_refused(table_with_two, bad):
    table, hery, *_ = table_with_two
    page = await Client(table.pk, hery).connect()
    try:
        await page.send({"type": "visibility", "visible": bad})
        error = await page.error()
        assert (
            error["code"] == "malformed" and error["message"] == "Un message de visibilité dit true ou false."
        )
        assert await _in_sight(table, hery) == 0
    finally:
        await page.close()


async def test_a_page_flipping_its_visibility_fast_is_slowed_down(table_with_two):
    table, hery, *_ = table_with_two
    page = await Client(table.pk, hery).connect()
    try:
        for i in range(8):
            await page.send({"type": "visibility", "visible": i % 2 == 0})
        error = await page.error()
        assert error["code"] == "too_fast"
        assert await _in_sight(table, hery) in (0, 1)  # what it last had counted, no more
    finally:
        await page.close()
    assert await _in_sight(table, hery) == 0


async def test_a_page_in_sight_counts_once_its_viewer_sits_down(db):
    from tests.factories import UserFactory

    hery = await database_sync_to_async(UserFactory)(username="hery")
    table = await database_sync_to_async(services.table_open)(name="Ouverte", kind=Table.Kind.CASH)
    page = await Client(table.pk, hery).connect()
    try:
        await page.send({"type": "visibility", "visible": True})  # watching, not seated: nothing to count
        await page.send({"type": "sit", "seat": 2})
        await page.until(lambda m: m["type"] == "update" and page.view["me"]["seat"] == 2)
        await page.send({"type": "snapshot"})  # answered once the sit's handler is done
        await page.until(lambda m: m["type"] == "snapshot")
        assert await _in_sight(table, hery) == 1
    finally:
        await page.close()
    assert await _in_sight(table, hery) == 0
