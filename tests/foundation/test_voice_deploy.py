"""The voice room's TURN relay as docker-compose deploys it (docs/voice.md): coturn checks the
app's short-lived credentials with the app's secret, relays into no private network, and caps
what one user and the server take. tests/e2e/test_voice_turn.py runs this file for real."""

import ipaddress

from tests import topology

CONF = topology.ROOT / "deploy" / "turnserver.conf"


def settings_of(text: str) -> list[tuple[str, str]]:
    lines = [line.split("#")[0].strip() for line in text.splitlines()]
    return [tuple(line.split("=", 1)) if "=" in line else (line, "") for line in lines if line]


def denied(entries: list[tuple[str, str]]) -> list[tuple]:
    ranges = []
    for key, value in entries:
        if key == "denied-peer-ip":
            low, _, high = value.partition("-")
            ranges.append((ipaddress.ip_address(low), ipaddress.ip_address(high or low)))
    return ranges


def test_coturn_takes_the_apps_credentials_and_relays_into_no_private_network():
    entries = settings_of(CONF.read_text())
    keys = {key for key, _ in entries}
    assert {"use-auth-secret", "no-cli", "no-multicast-peers", "fingerprint"} <= keys
    assert "static-auth-secret" not in keys and "lt-cred-mech" not in keys and "user" not in keys
    assert "allow-loopback-peers" not in keys
    values = dict(entries)
    assert 0 < int(values["user-quota"]) <= int(values["total-quota"])
    ranges = denied(entries)
    for network in (
        "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "169.254.0.0/16",
        "100.64.0.0/10", "0.0.0.0/8", "224.0.0.0/4", "fc00::/7", "fe80::/10", "::1/128",
    ):  # fmt: skip
        net = ipaddress.ip_network(network)
        assert any(low <= net[0] and net[-1] <= high for low, high in ranges if low.version == net.version), (
            network
        )


def test_docker_compose_gives_coturn_and_the_app_the_same_secret():
    services = topology.compose()["services"]
    app = topology.compose()["x-app"]["environment"]
    coturn = services["coturn"]
    assert coturn["image"].startswith("coturn/coturn:") and coturn["image"].endswith("-debian")
    assert "./deploy/turnserver.conf:/etc/coturn/turnserver.conf:ro" in coturn["volumes"]
    assert coturn["environment"]["VOICE_TURN_SECRET"] == app["VOICE_TURN_SECRET"] == "${VOICE_TURN_SECRET:-}"
    command = " ".join(coturn["command"])
    assert (
        '--static-auth-secret="$$VOICE_TURN_SECRET"' in command
        and "-c /etc/coturn/turnserver.conf" in command
    )
    for name in ("VOICE_STUN_URLS", "VOICE_TURN_URLS", "VOICE_TURN_TTL", "VOICE_RELAY_ONLY"):
        assert name in app
