"""The deadline loop: each due deadline fires in its own change, its broadcast sent at once."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from poker import services
from poker.models import Table
from poker.tables import broadcast, clock

pytestmark = pytest.mark.django_db(transaction=True)


def _two_tables_due(players):
    ids = []
    for k in range(2):
        table = services.table_open(name=f"Clock {k}", kind=Table.Kind.TOURNAMENT)
        for seat, user in enumerate(players[2 * k : 2 * k + 2]):
            services.table_seat_player(table=table, user=user, stack=1000, seat=seat + 1)
        services.table_start(table=table)
        Table.objects.filter(pk=table.pk).update(deadline_at=timezone.now())
        ids.append(table.pk)
    return ids


async def test_each_due_deadline_is_broadcast_before_the_next_one_fires(players, monkeypatch):
    ids = await database_sync_to_async(_two_tables_due)(players)
    order = []
    fire, send = clock.services.table_fire_deadline, broadcast.send_now

    def fired(**kwargs):
        order.append(("fire", kwargs["table_id"]))
        return fire(**kwargs)

    async def sent(messages):
        order.extend(("send", group) for group, _ in messages)
        await send(messages)

    monkeypatch.setattr(clock.services, "table_fire_deadline", fired)
    monkeypatch.setattr(broadcast, "send_now", sent)
    assert await clock.fire_due_deadlines_async() == 2
    first, second = (Table(pk=pk).group_name for pk in ids)
    fires = [k for k, (what, _) in enumerate(order) if what == "fire"]
    assert len(fires) == 2
    assert ("send", first) in order[fires[0] : fires[1]] or ("send", second) in order[fires[0] : fires[1]]


async def test_a_deadline_that_fails_is_tried_again_later_not_every_poll(players, monkeypatch):
    """A table whose deadline raises stays as it was; the other tables' clocks go on, and the
    failing one is tried after 1 s, then 2, 4... (not at every poll of the loop)."""
    broken, fine = await database_sync_to_async(_two_tables_due)(players)
    fire, now = clock.services.table_fire_deadline, [1000.0]
    tried = []

    def fired(**kwargs):
        tried.append(kwargs["table_id"])
        if kwargs["table_id"] == broken:
            raise RuntimeError("a record refused")
        return fire(**kwargs)

    monkeypatch.setattr(clock.services, "table_fire_deadline", fired)
    monkeypatch.setattr(clock.time, "monotonic", lambda: now[0])
    assert await clock.fire_due_deadlines_async() == 1 and fine in tried  # the fine table fired
    for _ in range(5):  # the loop's next polls, within the second
        now[0] += 0.1
        await clock.fire_due_deadlines_async()
    assert tried.count(broken) == 1
    now[0] += 1.0
    await clock.fire_due_deadlines_async()
    assert tried.count(broken) == 2  # after 1 s
    now[0] += 1.5
    await clock.fire_due_deadlines_async()
    assert tried.count(broken) == 2  # the next wait is 2 s
    now[0] += 0.6
    await clock.fire_due_deadlines_async()
    assert tried.count(broken) == 3
    # Mended (or the table changed): it fires and is tried at every poll again.
    seq = (await database_sync_to_async(Table.objects.get)(pk=broken)).seq
    monkeypatch.setattr(clock.services, "table_fire_deadline", fire)
    now[0] += 4.0
    assert await clock.fire_due_deadlines_async() >= 1
    assert (await database_sync_to_async(Table.objects.get)(pk=broken)).seq > seq
