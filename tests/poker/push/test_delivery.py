"""A notice reaches each device of its player through his push service: encrypted for that device
alone (RFC 8291, aes128gcm), signed for the push service with the server's VAPID key (RFC 8292).
A device the push service no longer knows is forgotten."""

from __future__ import annotations

import json
import logging
import time

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from poker.push.models import Subscription
from poker.push.notices import Notice
from poker.push.sending import send_notice
from tests.factories import UserFactory

from .conftest import unb64url

pytestmark = pytest.mark.django_db(transaction=True)


def _turn(user, table_id: int = 7) -> Notice:
    return Notice(
        "turn",
        user.pk,
        url=f"/tables/{table_id}/",
        tag=f"turn-{table_id}",
        params={"table": "Table 2"},
        table_id=None,
    )


def _check_vapid(header: str, *, service_url: str, public_key: ec.EllipticCurvePublicKey, settings) -> None:
    scheme, _, rest = header.partition(" ")
    assert scheme == "vapid"
    parts = dict(part.split("=", 1) for part in rest.split(","))
    assert unb64url(parts["k"]) == unb64url(settings.WEBPUSH_VAPID_PUBLIC_KEY)
    head, claims, signature = parts["t"].split(".")
    assert json.loads(unb64url(head)) == {"typ": "JWT", "alg": "ES256"}
    claims = json.loads(unb64url(claims))
    assert claims["aud"] == service_url
    assert claims["sub"] == "mailto:organisateur@arf.example"
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600  # RFC 8292: at most 24 hours
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public_key.verify(der, f"{head}.{parts['t'].split('.')[1]}".encode(), ec.ECDSA(hashes.SHA256()))


def test_a_notice_is_encrypted_for_each_device_of_its_player_and_signed_with_the_server_key(
    push_service, device, vapid, settings
):
    hery, voahangy = UserFactory(username="hery"), UserFactory(username="voahangy")
    phone, laptop = device(hery, "hery-phone"), device(hery, "hery-laptop", language="en")
    other = device(voahangy)

    assert send_notice(_turn(hery)) == 2

    assert other.messages() == []
    assert phone.messages() == [
        {
            "title": "À vous de jouer",
            "body": "Table 2\u202f: c’est à vous de jouer.",
            "url": "/tables/7/",
            "tag": "turn-7",
            "kind": "turn",
        }
    ]
    assert laptop.messages()[0]["title"] == "Your turn"
    (received,) = push_service.to(phone.path)
    assert received.headers["content-encoding"] == "aes128gcm"
    assert received.headers["ttl"] == "60"  # a turn is worth nothing a minute later
    assert received.headers["urgency"] == "high"
    assert b"jouer" not in received.body  # the push service sees ciphertext only
    _check_vapid(
        received.headers["authorization"], service_url=push_service.url, public_key=vapid, settings=settings
    )


def test_the_wrong_device_keys_cannot_read_it(push_service, device):
    hery = UserFactory(username="hery")
    phone, stranger = device(hery, "hery-phone"), device(UserFactory(), "stranger")
    send_notice(_turn(hery))
    (received,) = push_service.to(phone.path)
    with pytest.raises(Exception):  # noqa: B017 (the library's own error for a failed tag)
        stranger.decrypt(received)


@pytest.mark.parametrize("status", [404, 410])
def test_a_device_the_push_service_no_longer_knows_is_forgotten(push_service, device, status, caplog):
    hery = UserFactory(username="hery")
    gone, kept = device(hery, "gone"), device(hery, "kept")
    push_service.answers[gone.path] = status
    with caplog.at_level(logging.INFO, logger="poker.push"):
        assert send_notice(_turn(hery)) == 1
    assert list(Subscription.objects.filter(user=hery)) == [kept.subscription]
    (line,) = [r.getMessage() for r in caplog.records if r.name.startswith("poker.push")]
    assert f"answered {status}" in line and "\n" not in line


def test_a_push_service_failing_keeps_the_device_and_logs_one_line(push_service, device, caplog):
    hery = UserFactory(username="hery")
    phone = device(hery)
    push_service.answers[phone.path] = 500
    with caplog.at_level(logging.INFO, logger="poker.push"):
        assert send_notice(_turn(hery)) == 0
    assert Subscription.objects.filter(pk=phone.subscription.pk).exists()
    (record,) = [r for r in caplog.records if r.name.startswith("poker.push")]
    assert record.levelno == logging.WARNING and "500" in record.getMessage() and not record.exc_info


def test_an_unreachable_push_service_is_one_line_too(device, caplog):
    hery = UserFactory(username="hery")
    phone = device(hery)
    Subscription.objects.filter(pk=phone.subscription.pk).update(endpoint="http://127.0.0.1:9/push/nobody")
    with caplog.at_level(logging.INFO, logger="poker.push"):
        assert send_notice(_turn(hery)) == 0
    (record,) = [r for r in caplog.records if r.name.startswith("poker.push")]
    assert "unreachable" in record.getMessage() and not record.exc_info


def test_without_keys_nothing_is_sent(push_service, device, settings):
    hery = UserFactory(username="hery")
    phone = device(hery)
    settings.WEBPUSH_VAPID_PUBLIC_KEY = settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    assert send_notice(_turn(hery)) == 0
    assert push_service.to(phone.path) == []


def test_the_key_command_prints_a_pair_that_signs_and_verifies(capsys):
    from django.core.management import call_command
    from py_vapid import Vapid

    call_command("webpush_keys")
    lines = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    signer = Vapid.from_string(lines["WEBPUSH_VAPID_PRIVATE_KEY"])
    point = signer.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    assert point == unb64url(lines["WEBPUSH_VAPID_PUBLIC_KEY"]) and len(point) == 65
    assert lines["WEBPUSH_SUBJECT"].startswith("mailto:")
