"""Real daphne processes on PostgreSQL and Redis: several processes serve one table, and a process
killed in the middle of a hand loses nothing (runs in the CI pass with the real services)."""

import asyncio
import json
import signal
from types import SimpleNamespace

import pytest

from poker.tables.views import compose
from tests.e2e.server import AppServer
from tests.e2e.wsclient import WebSocket
from tests.poker.wsclient import patched
from tests.services import require_postgres, require_redis

ARRANGE = """
import json
from django.contrib.auth import get_user_model
from django.test import Client
from poker import services
User = get_user_model()
users = [User.objects.create_user(n, first_name=n.capitalize()) for n in ("hery", "voahangy")]
table = services.table_open(name="Multi", kind="tournament", action_seconds={action_seconds})
for k, user in enumerate(users):
    services.table_seat_player(table=table, user=user, stack=1000, seat=k + 1)
services.table_start(table=table)
cookies = {{}}
for user in users:
    client = Client()
    client.force_login(user)
    cookies[user.username] = "sessionid=" + client.cookies["sessionid"].value
print(json.dumps({{"table": table.pk, "cookies": cookies}}))
"""


@pytest.fixture
def real_services():
    require_postgres()
    require_redis()


def arrange(server: AppServer, action_seconds: int = 30) -> dict:
    return json.loads(server.shell(ARRANGE.format(action_seconds=action_seconds)).strip().splitlines()[-1])


async def join(port: int, table: int, cookie: str) -> tuple[WebSocket, dict]:
    ws = await WebSocket.connect(f"ws://127.0.0.1:{port}/ws/tables/{table}/", cookie=cookie)
    snapshot = await ws.recv()
    assert snapshot["type"] == "snapshot", snapshot
    ws.follower = SimpleNamespace(public=None, history={})
    patched(snapshot, ws.follower)
    return ws, snapshot["view"]


async def public_after(ws: WebSocket, seq: int) -> dict:
    """The public view the page has once an update newer than ``seq`` arrived: every update is a
    patch of the one before, so each is applied on the way, as ``static/js/table.js`` does."""
    while True:
        message = await ws.recv()
        if message["type"] == "update":
            patched(message, ws.follower)
            if message["seq"] > seq:
                assert message["view"] is not None, message
                return message["view"]


def to_act(views: dict) -> str:
    return next(name for name, view in views.items() if view["me"]["to_act"])


def test_a_player_on_one_process_sees_an_action_made_through_the_other_within_a_second(
    real_services, tmp_path
):
    server = AppServer(tmp_path, processes=2).start()
    try:
        arranged = arrange(server)

        async def scenario():
            ports = dict(zip(("hery", "voahangy"), server.ports))
            sockets, views, user_ids = {}, {}, {}
            for name, port in ports.items():
                sockets[name], views[name] = await join(port, arranged["table"], arranged["cookies"][name])
                user_ids[name] = views[name]["me"]["user_id"]
            loop = asyncio.get_running_loop()
            delays = []
            for _ in range(4):  # call, check, then the flop: each action crosses the processes
                actor = to_act(views)
                other = "voahangy" if actor == "hery" else "hery"
                legal = views[actor]["me"]["legal"]
                action = "check" if legal["check"] else "call"
                seq = views[actor]["seq"]
                start = loop.time()
                await sockets[actor].send(
                    {"type": "act", "action": action, "hand": views[actor]["me"]["hand_id"], "seq": seq}
                )
                public = await public_after(sockets[other], seq)
                delays.append(loop.time() - start)
                # The public view says whose turn it is and what he may do.
                views[other] = compose(public, None, user_ids[other])
                views[actor] = compose(await public_after(sockets[actor], seq), None, user_ids[actor])
                while views[actor]["seq"] != views[other]["seq"]:  # settle both on the newest view
                    newest = max(views, key=lambda n: views[n]["seq"])
                    lagging = "voahangy" if newest == "hery" else "hery"
                    public = await public_after(sockets[lagging], views[lagging]["seq"])
                    views[lagging] = compose(public, None, user_ids[lagging])
            for ws in sockets.values():
                await ws.close()
            return delays

        delays = asyncio.run(scenario())
        assert max(delays) < 1.0, delays
    finally:
        server.stop()


def test_a_process_killed_mid_hand_comes_back_to_the_same_hand_and_its_deadline_fires(
    real_services, tmp_path
):
    server = AppServer(tmp_path, processes=1)
    server.env["POKER_PAUSE_MS"] = (
        "60000"  # the hand after stays unstarted: the state checked is the same hand's
    )
    server.start()
    try:
        arranged = arrange(server, action_seconds=2)
        port = server.ports[0]

        async def before_the_crash():
            sockets, views = {}, {}
            for name in ("hery", "voahangy"):
                sockets[name], views[name] = await join(port, arranged["table"], arranged["cookies"][name])
            actor = to_act(views)
            seq = views[actor]["seq"]
            await sockets[actor].send(
                {"type": "act", "action": "call", "hand": views[actor]["me"]["hand_id"], "seq": seq}
            )
            update = await sockets[actor].until(lambda m, seq=seq: m["type"] == "update" and m["seq"] > seq)
            return update["view"]

        view = asyncio.run(before_the_crash())
        # Killed without a chance to clean up, while the big blind is thinking.
        server.processes[0].send_signal(signal.SIGKILL)
        server.processes[0].wait()
        server.processes.clear()
        server.ports.clear()
        port = server.start_process()

        async def after_the_restart():
            ws, again = await join(port, arranged["table"], arranged["cookies"]["hery"])
            assert again["hand"]["id"] == view["hand"]["id"]
            assert [s.get("stack") for s in again["seats"]] == [s.get("stack") for s in view["seats"]]
            # Nobody answers: the restarted process fires the big blind's deadline (he checks). The
            # deadline is overdue when the process starts: it may have fired before the snapshot.
            if again["seq"] > view["seq"] and again["log"][-1]["type"] == "check":
                await ws.close()
                return again
            update = await ws.until(
                lambda m: m["type"] == "update" and m["view"]["log"][-1]["type"] == "check", 10
            )
            await ws.close()
            return update["view"]

        after = asyncio.run(after_the_restart())
        chips = sum(s["stack"] for s in after["seats"] if s.get("in_hand")) + after["hand"]["total"]
        assert chips == 2000
    finally:
        server.stop()


def test_the_voice_room_spans_the_processes(real_services, tmp_path):
    """Two players of one table on two daphne processes: the later finds the earlier in his welcome
    (the roster is shared), the earlier hears him join, a signal crosses the processes to the one
    member it names, and a closed page is heard as gone (docs/voice.md)."""
    server = AppServer(tmp_path, processes=2).start()
    try:
        arranged = arrange(server)

        async def voice(port: int, name: str) -> tuple[WebSocket, dict]:
            url = f"ws://127.0.0.1:{port}/ws/voice/{arranged['table']}/"
            ws = await WebSocket.connect(url, cookie=arranged["cookies"][name])
            return ws, await ws.recv()

        async def scenario():
            hery, hery_welcome = await voice(server.ports[0], "hery")
            voahangy, welcome = await voice(server.ports[1], "voahangy")
            assert hery_welcome["peers"] == [] and hery_welcome["role"] == "speaker"
            assert [p["peer"] for p in welcome["peers"]] == [hery_welcome["peer"]]
            joined = await hery.recv()
            assert joined["type"] == "peer_joined" and joined["peer"]["peer"] == welcome["peer"]
            offer = {"type": "offer", "sdp": "v=0\r\n"}
            await voahangy.send({"type": "signal", "to": hery_welcome["peer"], "description": offer})
            assert await hery.recv() == {"type": "signal", "from": welcome["peer"], "description": offer}
            await voahangy.close()
            assert await hery.recv() == {"type": "peer_left", "peer": welcome["peer"]}
            await hery.close()

        asyncio.run(scenario())
    finally:
        server.stop()
