"""A table's changes reach each process once, and the process forwards them to its pages
(``poker.tables.fanout``): every page still gets every change, in order, after its snapshot."""

import asyncio
import time

import pytest
from channels.layers import get_channel_layer
from django.conf import settings

from poker import services
from poker.models import Table
from poker.tables import broadcast, rows

from .wsclient import Client

pytestmark = pytest.mark.django_db(transaction=True)


def members(table: Table) -> int:
    """How many channels the in-memory layer delivers a message of the table's group to."""
    return len(get_channel_layer().groups.get(table.group_name, {}))


@pytest.mark.skipif(bool(settings.REDIS_URL), reason="counts the members of the in-memory layer's group")
async def test_the_process_takes_a_tables_changes_once_whatever_its_pages(table_with_two):
    table, hery, voahangy, tiana = table_with_two
    pages = [await Client(table.pk, user).connect() for user in (hery, voahangy, tiana)]
    assert members(table) == 1
    for page in pages:
        await page.close()
    assert members(table) == 0


async def test_every_page_gets_each_change_once_and_a_page_that_closes_none(table_with_two):
    table, hery, voahangy, tiana = table_with_two
    h, v, t = [await Client(table.pk, user).connect() for user in (hery, voahangy, tiana)]
    await t.close()
    actor = h if h.view["actor"] == h.view["me"]["seat"] else v
    await actor.act("call" if actor.view["legal"]["call"] else "check")
    for page in (h, v):
        await page.until(lambda m: m["type"] == "update")
        await page.drain(0.2)
        updates = [m for m in page.messages if m["type"] == "update"]
        assert [m["seq"] for m in updates] == [table.seq + 1]  # once, not once per page
        assert page.view["seq"] == table.seq + 1
    for page in (h, v):
        await page.close()


async def test_the_last_page_closing_then_a_new_one_opening_still_gets_the_changes(table_with_two):
    table, hery, voahangy, _ = table_with_two
    h = await Client(table.pk, hery).connect()
    await h.close()  # no page of the table is open in the process any more
    h, v = [await Client(table.pk, user).connect() for user in (hery, voahangy)]
    actor = h if h.view["actor"] == h.view["me"]["seat"] else v
    await actor.act("call" if actor.view["legal"]["call"] else "check")
    for page in (h, v):
        assert (await page.until(lambda m: m["type"] == "update"))["seq"] == table.seq + 1
        await page.close()


async def test_a_change_while_a_page_opens_comes_after_its_snapshot(table_with_two, monkeypatch):
    """Voahangy writes in the chat while Hery's page is being given its snapshot: the process
    forwards her line at once, and Hery's page still gets the snapshot first, then the line."""
    table, hery, voahangy, _ = table_with_two
    v = await Client(table.pk, voahangy).connect()
    loop = asyncio.get_running_loop()
    snapshot_message = rows.snapshot_message

    def snapshot_while_voahangy_writes(table_id, user_id):
        message = snapshot_message(table_id, user_id)
        if user_id == hery.pk:
            sent: list = []
            token = broadcast.deferred.set(sent)
            try:
                services.table_chat(table_id=table_id, user=voahangy, text="Tonga soa")
            finally:
                broadcast.deferred.reset(token)
            asyncio.run_coroutine_threadsafe(broadcast.send_now(sent), loop).result(timeout=5)
            time.sleep(0.2)  # the process forwards her line meanwhile
        return message

    monkeypatch.setattr(rows, "snapshot_message", snapshot_while_voahangy_writes)
    h = await Client(table.pk, hery).connect()
    assert h.messages[0]["type"] == "snapshot"
    line = await h.next()
    assert line["type"] == "chat" and line["text"] == "Tonga soa"
    assert (await v.next())["text"] == "Tonga soa"
    await h.close()
    await v.close()


async def test_a_page_whose_opening_fails_after_joining_is_not_kept_by_the_process(
    table_with_two, monkeypatch
):
    """An unexpected error while a page opens ends its consumer with no disconnect to follow: the
    process must not go on forwarding the table to it (nor keep it in memory)."""
    from poker.tables import consumer, fanout

    table, hery, _voahangy, _tiana = table_with_two

    async def broken(self):
        raise RuntimeError("a bug while the page opens")

    monkeypatch.setattr(consumer.TableConsumer, "note_connection", broken)
    page = Client(table.pk, hery)
    await page.comm.connect()  # accepted before the error
    for _ in range(100):
        if page.comm.future.done():
            break
        await asyncio.sleep(0.02)
    assert isinstance(page.comm.future.exception(), RuntimeError)  # the consumer is gone
    assert not fanout.fanout().viewers.get(table.group_name)
