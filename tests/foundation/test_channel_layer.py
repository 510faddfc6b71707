"""The channel layer: in-memory by default, Redis when REDIS_URL is set (several daphne processes)."""

import asyncio
import os
import uuid

from channels.layers import get_channel_layer
from django.conf import settings

from tests.services import require_redis


def test_the_layer_follows_redis_url():
    backend = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    if os.environ.get("REDIS_URL"):
        assert backend == "channels_redis.pubsub.RedisPubSubChannelLayer"
    else:
        assert backend == "channels.layers.InMemoryChannelLayer"


async def test_a_listener_idle_for_more_than_ten_seconds_still_gets_the_next_message():
    # redis-py 8 closes sockets idle for 5 s by default: a quiet table must not lose its players.
    require_redis()
    layer = get_channel_layer()
    group = f"idle-test-{uuid.uuid4().hex}"
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    try:
        waiting = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(11)
        assert not waiting.done(), "the listener stopped while idle"
        await layer.group_send(group, {"type": "table.update", "seq": 1})
        message = await asyncio.wait_for(waiting, timeout=5)
        assert message == {"type": "table.update", "seq": 1}
    finally:
        await layer.group_discard(group, channel)
