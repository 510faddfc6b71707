"""The voice room of a table (docs/voice.md): who is in it, what is forwarded to whom, what is refused."""

import asyncio
import json
import logging

import pytest
from channels.db import database_sync_to_async

from arf.asgi import application as full_application
from poker import services
from poker.models import Table, VoiceMember
from poker.voice import consumer as voice_consumer
from tests.factories import UserFactory

from .test_consumer import _session_cookie
from .voice_client import Voice

pytestmark = pytest.mark.django_db(transaction=True)

SDP = (
    "v=0\r\no=- 4611731400430051336 2 IN IP4 192.168.1.23\r\ns=-\r\nt=0 0\r\n"
    "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\n"
)
CANDIDATE = {
    "candidate": "candidate:842163049 1 udp 1677729535 192.168.1.23 46154 typ srflx raddr 0.0.0.0 rport 0",
    "sdpMid": "0",
    "sdpMLineIndex": 0,
}


def offer(to: str, sdp: str = SDP) -> dict:
    return {"type": "signal", "to": to, "description": {"type": "offer", "sdp": sdp}}


def open_table(*users, listeners: bool = False, name: str = "Table") -> Table:
    table = services.table_open(name=name, kind=Table.Kind.TOURNAMENT, voice_listeners=listeners)
    for number, user in enumerate(users, start=1):
        services.table_seat_player(table=table, user=user, stack=1000, seat=number)
    return table


@pytest.fixture
def family(db):
    """hery and voahangy seated at one table, tiana and mialy at another; fanja watches."""
    hery, voahangy, tiana, mialy, fanja = (
        UserFactory(username=n) for n in ("hery", "voahangy", "tiana", "mialy", "fanja")
    )
    one, two = open_table(hery, voahangy, name="One"), open_table(tiana, mialy, name="Two")
    return one, two, hery, voahangy, tiana, mialy, fanja


async def refused(table_id: int, user) -> dict:
    voice = Voice(table_id, user)
    await voice.open()
    closed = await voice.next()
    await voice.close()
    assert closed == {"type": "closed", "code": 4403}
    return voice.welcome


async def test_a_seated_player_is_welcomed_as_a_speaker_with_the_players_already_there(family):
    one, _two, hery, voahangy, *_ = family
    h = await Voice(one.pk, hery).open()
    v = await Voice(one.pk, voahangy).open()
    try:
        assert h.welcome["role"] == "speaker" and h.welcome["peers"] == []
        assert v.welcome["role"] == "speaker"
        assert v.welcome["peers"] == [
            {
                "peer": h.peer,
                "user": hery.pk,
                "name": "Hery",
                "seat": 1,
                "role": "speaker",
                "mic": False,
                "cam": False,
            }
        ]
        joined = await h.until("peer_joined")
        assert joined["peer"]["peer"] == v.peer and joined["peer"]["seat"] == 2
        assert v.peer != h.peer
    finally:
        await h.close()
        await v.close()


async def test_an_anonymous_visitor_is_refused(family):
    one = family[0]
    welcome = await refused(one.pk, None)
    assert welcome["type"] == "error" and welcome["code"] == "not_in_room"


async def test_a_spectator_is_refused_where_the_table_does_not_allow_listeners(family):
    one, *_rest, fanja = family
    await refused(one.pk, fanja)


async def test_a_spectator_listens_where_the_table_allows_it_but_cannot_turn_a_microphone_on(family):
    one, _two, hery, *_rest, fanja = family
    await database_sync_to_async(services.table_set_voice_listeners)(table=one, allowed=True)
    h = await Voice(one.pk, hery).open()
    f = await Voice(one.pk, fanja).open()
    try:
        assert f.welcome["role"] == "listener"
        assert [p["peer"] for p in f.welcome["peers"]] == [h.peer]
        await f.send({"type": "state", "mic": True, "cam": False})
        error = await f.until("error")
        assert error["code"] == "not_allowed"
        assert (await h.until("peer_joined"))["peer"]["role"] == "listener"
        assert await h.quiet()  # no state was broadcast
        await f.send({"type": "state", "mic": False, "cam": False})  # off is always allowed
        assert (await h.until("state"))["mic"] is False
    finally:
        await h.close()
        await f.close()


async def test_two_spectators_never_signal_each_other(family):
    one, *_others, mialy, fanja = family
    await database_sync_to_async(services.table_set_voice_listeners)(table=one, allowed=True)
    f = await Voice(one.pk, fanja).open()
    m = await Voice(one.pk, mialy).open()  # seated at the other table: a spectator here
    try:
        assert m.welcome["role"] == "listener" and m.welcome["peers"][0]["role"] == "listener"
        await m.send(offer(f.peer))
        assert (await m.until("error"))["code"] == "not_allowed"
        assert (await f.until("peer_joined"))["peer"]["peer"] == m.peer
        assert await f.quiet()
    finally:
        await f.close()
        await m.close()


async def test_listeners_are_dropped_when_the_organizer_turns_them_off(family, monkeypatch):
    monkeypatch.setattr(voice_consumer, "CHECK_SECONDS", 0.05)
    one, _two, hery, *_rest, fanja = family
    await database_sync_to_async(services.table_set_voice_listeners)(table=one, allowed=True)
    h = await Voice(one.pk, hery).open()
    f = await Voice(one.pk, fanja).open()
    try:
        await h.until("peer_joined")
        await database_sync_to_async(services.table_set_voice_listeners)(table=one, allowed=False)
        assert (await f.until("error"))["code"] == "not_in_room"
        assert (await f.next()) == {"type": "closed", "code": 4403}
        assert (await h.until("peer_left"))["peer"] == f.peer
    finally:
        await h.close()
        await f.close()


async def test_a_signal_reaches_only_the_member_it_names(family):
    one, two, hery, voahangy, tiana, mialy, _fanja = family
    await database_sync_to_async(services.table_seat_player)(table=one, user=tiana, stack=1000, seat=3)
    h, v, t = [await Voice(one.pk, u).open() for u in (hery, voahangy, tiana)]
    m = await Voice(two.pk, mialy).open()
    try:
        await h.until("peer_joined")
        await h.until("peer_joined")
        await v.until("peer_joined")
        await t.send(offer(h.peer))
        await t.send({"type": "signal", "to": h.peer, "candidate": {**CANDIDATE, "extra": "dropped"}})
        await t.send({"type": "signal", "to": h.peer, "candidate": None})
        got = [await h.until("signal") for _ in range(3)]
        assert got == [
            {"type": "signal", "from": t.peer, "description": {"type": "offer", "sdp": SDP}},
            {"type": "signal", "from": t.peer, "candidate": CANDIDATE},
            {"type": "signal", "from": t.peer, "candidate": None},
        ]
        assert await v.quiet() and await m.quiet()
    finally:
        for voice in (h, v, t, m):
            await voice.close()


async def test_a_signal_never_crosses_to_another_tables_room(family):
    one, two, hery, _voahangy, tiana, *_ = family
    h = await Voice(one.pk, hery).open()
    t = await Voice(two.pk, tiana).open()
    try:
        await t.send(offer(h.peer))
        error = await t.until("error")
        assert error["code"] == "unknown_peer"
        assert await h.quiet()
        await t.send({"type": "state", "mic": True, "cam": False})
        assert await h.quiet()  # another room's microphone is not heard of either
    finally:
        await h.close()
        await t.close()


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("{not json", "bad_message"),
        ('["signal"]', "bad_message"),
        ('{"type": "shout"}', "bad_message"),
        ('{"type": "signal", "to": "x"}', "bad_message"),
        ('{"type": "signal", "to": "x", "description": {"type": "pranswer", "sdp": ""}}', "bad_message"),
        ('{"type": "signal", "to": "x", "candidate": {"candidate": 12}}', "bad_message"),
        ('{"type": "state", "mic": "yes", "cam": false}', "bad_message"),
        (json.dumps(offer("x", "a" * 12_001)), "too_large"),
        (json.dumps({"type": "signal", "to": "x", "candidate": {"candidate": "a" * 1_001}}), "too_large"),
        (json.dumps({"type": "state", "mic": True, "cam": False, "pad": "a" * 16_400}), "too_large"),
        (json.dumps(offer("nobody-here")), "unknown_peer"),
    ],
)
async def test_a_bad_message_gets_an_error_and_the_socket_stays_open(family, message, code):
    one, _two, hery, voahangy, *_ = family
    h = await Voice(one.pk, hery).open()
    v = await Voice(one.pk, voahangy).open()
    try:
        await h.until("peer_joined")
        await v.send(message)
        error = await v.until("error")
        assert error["code"] == code and error["message"]
        await v.send(offer(h.peer))  # still open, still served
        assert (await h.until("signal"))["from"] == v.peer
    finally:
        await h.close()
        await v.close()


async def test_errors_are_in_french_for_a_french_page(family):
    one, _two, hery, *_ = family
    h = Voice(one.pk, hery)
    h.comm.scope["cookies"] = {"django_language": "fr"}
    await h.open()
    try:
        await h.send('{"type": "shout"}')
        assert (await h.until("error"))["message"] == "Type de message inconnu."
    finally:
        await h.close()


async def test_too_many_messages_are_refused_without_closing(family, monkeypatch):
    monkeypatch.setattr(voice_consumer, "RATE", 1.0)  # a token a second, bursts of 5 (the room's: 40 and 80)
    monkeypatch.setattr(voice_consumer, "BURST", 5.0)
    one, _two, hery, voahangy, *_ = family
    h = await Voice(one.pk, hery).open()
    v = await Voice(one.pk, voahangy).open()
    try:
        await h.until("peer_joined")
        for _ in range(8):
            await v.send("{not json")
        codes = [(await v.until("error"))["code"] for _ in range(6)]
        assert codes == ["bad_message"] * 5 + ["too_fast"]
        assert await v.quiet()  # the two others dropped unread, no second warning, no close
        await asyncio.sleep(1.1)  # the bucket fills again
        await v.send(offer(h.peer))
        assert (await h.until("signal", timeout=5))["from"] == v.peer
    finally:
        await h.close()
        await v.close()


async def test_a_player_moved_to_another_table_is_dropped_and_his_peers_told(family):
    one, two, hery, voahangy, *_ = family
    h = await Voice(one.pk, hery).open()
    v = await Voice(one.pk, voahangy).open()
    try:
        await h.until("peer_joined")

        def move():
            stack = services.table_remove_player(table=one, user=voahangy)
            services.table_seat_player(table=two, user=voahangy, stack=stack, seat=3)

        await database_sync_to_async(move)()
        await v.send(offer(h.peer))  # checked again before it is forwarded
        assert (await v.until("error"))["code"] == "not_in_room"
        assert (await v.next()) == {"type": "closed", "code": 4403}
        assert (await h.until("peer_left"))["peer"] == v.peer
        assert not [m for m in h.messages if m["type"] == "signal"]
        # His page opens the new table's room.
        t = await Voice(two.pk, voahangy).open()
        assert t.welcome["role"] == "speaker" and t.welcome["peers"] == []  # nobody there yet
        await t.close()
    finally:
        await h.close()
        await v.close()


async def test_a_player_who_left_is_dropped_at_the_next_check_without_a_message(family, monkeypatch):
    monkeypatch.setattr(voice_consumer, "CHECK_SECONDS", 0.05)
    one, _two, hery, voahangy, *_ = family
    h = await Voice(one.pk, hery).open()
    v = await Voice(one.pk, voahangy).open()
    try:
        await h.until("peer_joined")
        await database_sync_to_async(services.table_remove_player)(table=one, user=voahangy)
        assert (await v.until("error"))["code"] == "not_in_room"
        assert (await h.until("peer_left"))["peer"] == v.peer
        assert not await database_sync_to_async(VoiceMember.objects.filter(user=voahangy).exists)()
    finally:
        await h.close()
        await v.close()


async def test_a_second_page_of_the_same_player_replaces_the_first(family):
    one, _two, hery, voahangy, *_ = family
    h = await Voice(one.pk, hery).open()
    first = await Voice(one.pk, voahangy).open()
    try:
        await h.until("peer_joined")
        second = await Voice(one.pk, voahangy).open()
        assert (await first.until("replaced")) == {"type": "replaced"}
        assert (await first.next()) == {"type": "closed", "code": 4409}
        assert [p["peer"] for p in second.welcome["peers"]] == [h.peer]
        events = [await h.next(), await h.next()]
        assert {
            (e["type"], e["peer"] if e["type"] == "peer_left" else e["peer"]["peer"]) for e in events
        } == {
            ("peer_left", first.peer),
            ("peer_joined", second.peer),
        }
        await second.close()
    finally:
        await h.close()
        await first.close()


async def test_a_state_is_heard_by_the_room_and_kept_for_those_who_join_after(family):
    one, _two, hery, voahangy, *_ = family
    h = await Voice(one.pk, hery).open()
    try:
        await h.send({"type": "state", "mic": True, "cam": False})
        await asyncio.sleep(0.1)
        v = await Voice(one.pk, voahangy).open()
        assert v.welcome["peers"][0]["mic"] is True
        await v.send({"type": "state", "mic": True, "cam": True})
        assert (await h.until("state")) == {"type": "state", "peer": v.peer, "mic": True, "cam": True}
        await v.close()
    finally:
        await h.close()


async def test_no_sdp_or_candidate_is_ever_logged(family, caplog):
    caplog.set_level(logging.DEBUG)
    one, _two, hery, voahangy, *_ = family
    h = await Voice(one.pk, hery).open()
    v = await Voice(one.pk, voahangy).open()
    try:
        await h.until("peer_joined")
        await v.send(offer(h.peer))
        await v.send({"type": "signal", "to": h.peer, "candidate": CANDIDATE})
        await v.send(json.dumps(offer(h.peer, SDP + "a" * 12_000)))  # refused
        await v.send({"type": "signal", "to": "nobody", "candidate": CANDIDATE})  # refused
        await h.until("signal")
        await h.until("signal")
        await v.until("error")
        await v.until("error")
    finally:
        await h.close()
        await v.close()
    logged = "\n".join(r.getMessage() + str(r.args) for r in caplog.records)
    assert "192.168.1.23" not in logged and "v=0" not in logged and "srflx" not in logged


async def test_the_deployed_stack_serves_the_room_to_the_sites_own_pages_only(family):
    one, _two, hery, *_ = family
    cookie = await database_sync_to_async(_session_cookie)(hery)
    foreign = Voice(one.pk, app=full_application, headers=[(b"origin", b"https://evil.example"), cookie])
    connected, _ = await foreign.comm.connect()
    assert not connected
    own = await Voice(one.pk, app=full_application, headers=[(b"origin", b"http://localhost"), cookie]).open()
    try:
        assert own.welcome["type"] == "welcome" and own.welcome["role"] == "speaker"
    finally:
        await own.close()


async def test_a_spectator_who_sits_down_is_asked_to_join_again_as_a_speaker(family, monkeypatch):
    monkeypatch.setattr(voice_consumer, "CHECK_SECONDS", 0.05)
    one, _two, hery, *_rest, fanja = family
    await database_sync_to_async(services.table_set_voice_listeners)(table=one, allowed=True)
    h = await Voice(one.pk, hery).open()
    f = await Voice(one.pk, fanja).open()
    try:
        await h.until("peer_joined")
        await database_sync_to_async(services.table_seat_player)(table=one, user=fanja, stack=1000, seat=5)
        assert (await f.next()) == {"type": "closed", "code": 4100}
        assert (await h.until("peer_left"))["peer"] == f.peer
        again = await Voice(one.pk, fanja).open()
        assert again.welcome["role"] == "speaker" and again.welcome["peers"][0]["peer"] == h.peer
        await again.close()
    finally:
        await h.close()
        await f.close()


async def test_a_camera_beyond_the_tables_limit_stays_off_and_the_others_are_not_told(family, settings):
    settings.VOICE_MAX_CAMERAS = 1
    one, _two, hery, voahangy, *_ = family
    h = await Voice(one.pk, hery).open()
    v = await Voice(one.pk, voahangy).open()
    try:
        await h.until("peer_joined")
        await h.send({"type": "state", "mic": False, "cam": True})
        assert (await v.until("state"))["cam"] is True
        await v.send({"type": "state", "mic": True, "cam": True})
        error = await v.until("error")
        assert error["code"] == "too_many_cameras" and "1" in error["message"]
        assert await h.quiet()  # nothing said of a camera that stays off
        await h.send({"type": "state", "mic": False, "cam": False})
        await v.until("state")
        await v.send({"type": "state", "mic": True, "cam": True})  # now it is his turn
        assert (await h.until("state")) == {"type": "state", "peer": v.peer, "mic": True, "cam": True}
    finally:
        await h.close()
        await v.close()
