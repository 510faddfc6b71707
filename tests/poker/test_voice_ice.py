"""The ICE servers handed out at each welcome: STUN and TURN from the environment, TURN credentials
made per user by the TURN REST scheme coturn checks (use-auth-secret), short-lived."""

import base64
import hashlib
import hmac
import os
import subprocess
import sys
import time

import pytest
from channels.db import database_sync_to_async

from poker.voice import ice
from tests.factories import UserFactory

from .test_voice_room import open_table
from .voice_client import Voice

SECRET = "the-static-auth-secret"


@pytest.fixture
def turn(settings):
    settings.VOICE_STUN_URLS = ["stun:turn.example.org:3478"]
    settings.VOICE_TURN_URLS = ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"]
    settings.VOICE_TURN_SECRET = SECRET
    settings.VOICE_TURN_TTL = 3600
    return settings


def coturn_accepts(username: str, credential: str, *, secret: str = SECRET, now: float) -> bool:
    """What coturn checks with use-auth-secret: the HMAC of the username, and its expiry not past."""
    expected = base64.b64encode(hmac.new(secret.encode(), username.encode(), hashlib.sha1).digest()).decode()
    return hmac.compare_digest(expected, credential) and int(username.split(":")[0]) > now


def test_the_turn_credential_is_the_hmac_of_the_username_and_expires_after_the_ttl(turn):
    now = 1_800_000_000
    servers = ice.ice_servers(42, now=now)
    assert servers[0] == {"urls": ["stun:turn.example.org:3478"]}
    relay = servers[1]
    assert relay["urls"] == ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"]
    assert relay["username"] == f"{now + 3600}:42"
    assert coturn_accepts(relay["username"], relay["credential"], now=now + 3599)
    assert not coturn_accepts(relay["username"], relay["credential"], now=now + 3600)
    assert not coturn_accepts(relay["username"], relay["credential"], secret="another secret", now=now)


def test_a_credential_is_worth_nothing_for_another_user(turn):
    username, credential = ice.turn_credentials(42, secret=SECRET, ttl=3600, now=0)
    assert not coturn_accepts(username.replace(":42", ":43"), credential, now=0)


def test_without_turn_there_are_no_credentials_and_no_relay_only_policy(settings):
    settings.VOICE_STUN_URLS, settings.VOICE_TURN_URLS, settings.VOICE_RELAY_ONLY = [], [], True
    assert ice.ice_servers(1) == []
    assert ice.transport_policy() == "all"  # relay only needs a relay


def test_relay_only_where_turn_is_configured(turn):
    turn.VOICE_RELAY_ONLY = True
    assert ice.transport_policy() == "relay"
    turn.VOICE_RELAY_ONLY = False
    assert ice.transport_policy() == "all"


@pytest.mark.django_db(transaction=True)
async def test_each_welcome_carries_fresh_credentials_for_its_user(turn):
    turn.VOICE_RELAY_ONLY = True
    hery = await database_sync_to_async(UserFactory)(username="hery")
    table = await database_sync_to_async(open_table)(hery)
    voice = await Voice(table.pk, hery).open()
    await voice.close()
    welcome = voice.welcome
    assert welcome["ice_transport_policy"] == "relay"
    relay = welcome["ice_servers"][1]
    expiry, user = relay["username"].split(":")
    assert user == str(hery.pk) and 3500 < int(expiry) - time.time() <= 3600
    assert coturn_accepts(relay["username"], relay["credential"], now=time.time())
    assert SECRET not in str(welcome)


@pytest.mark.parametrize(
    ("env", "complaint"),
    [
        ({"VOICE_TURN_URLS": "turn:t.example.org"}, "VOICE_TURN_SECRET"),
        ({"VOICE_TURN_URLS": "http://t.example.org", "VOICE_TURN_SECRET": "s"}, "turn:"),
        ({"VOICE_STUN_URLS": "t.example.org:3478"}, "stun:"),
        ({"VOICE_TURN_TTL": "10"}, "VOICE_TURN_TTL"),
        ({"VOICE_RELAY_ONLY": "perhaps"}, "VOICE_RELAY_ONLY"),
    ],
)
def test_a_voice_setting_that_makes_no_sense_stops_the_server(env, complaint):
    result = subprocess.run(
        [sys.executable, "-c", "import arf.settings"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0 and complaint in result.stderr
