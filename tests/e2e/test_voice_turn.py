"""Through a real TURN server: the voice room's relay-only calls connect with the credentials the
server hands out, and not with expired ones (issue 34, docs/voice.md).

Debian's coturn (``turnserver``) is started on loopback with the deployment's own configuration
(deploy/turnserver.conf: use-auth-secret, private peers denied, quotas) and a fresh secret. Two
RTCPeerConnections in one chromium page, ``iceTransportPolicy: "relay"``, call each other with
the ICE servers of ``poker.voice.ice`` (what each ``welcome`` carries, tests/poker/test_voice_ice.py).
"""

import os
import secrets
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from poker.voice import ice
from tests.e2e.conftest import CHROMIUM_FLAGS, chromium_path
from tests.e2e.server import free_port

ROOT = Path(__file__).resolve().parents[2]
FAKE_MEDIA = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]

CALL = """
async ({iceServers, waitMs}) => {
  const config = {iceServers, iceTransportPolicy: "relay"};
  const a = new RTCPeerConnection(config), b = new RTCPeerConnection(config);
  const gathered = {a: [], b: []};
  const wire = (from, to, name) => {
    from.onicecandidate = (e) => {
      if (e.candidate && e.candidate.candidate) {
        gathered[name].push(e.candidate.type);
        to.addIceCandidate(e.candidate);
      }
    };
  };
  wire(a, b, "a");
  wire(b, a, "b");
  const stream = await navigator.mediaDevices.getUserMedia({audio: true});
  for (const track of stream.getTracks()) a.addTrack(track, stream);
  const offer = await a.createOffer();
  await a.setLocalDescription(offer);
  await b.setRemoteDescription(offer);
  await b.setLocalDescription(await b.createAnswer());
  await a.setRemoteDescription(b.localDescription);
  const up = (pc) => ["connected", "completed"].includes(pc.iceConnectionState);
  const state = await new Promise((resolve) => {
    const done = () => {
      if (up(a) && up(b)) resolve("connected");
      else if (a.iceConnectionState === "failed" || b.iceConnectionState === "failed") resolve("failed");
    };
    a.oniceconnectionstatechange = b.oniceconnectionstatechange = done;
    setTimeout(() => resolve(a.iceConnectionState + "/" + b.iceConnectionState), waitMs);
    done();
  });
  // The pair in use: the transport's selected pair, which the stats may report a moment after the
  // connection says "connected" (asked again for up to 5 s).
  let localType = null, remoteType = null;
  for (let tries = 0; state === "connected" && localType === null && tries < 50; tries++) {
    const stats = await a.getStats();
    stats.forEach((report) => {
      const pair = report.type === "transport" && report.selectedCandidatePairId
        ? stats.get(report.selectedCandidatePairId)
        : (report.type === "candidate-pair" && report.nominated && report.state === "succeeded"
          ? report : null);
      if (pair) {
        localType = stats.get(pair.localCandidateId).candidateType;
        remoteType = stats.get(pair.remoteCandidateId).candidateType;
      }
    });
    if (localType === null) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  a.close();
  b.close();
  for (const track of stream.getTracks()) track.stop();
  return {state, gathered, localType, remoteType};
}
"""


@pytest.fixture
def turn_server(tmp_path):
    binary = shutil.which("turnserver") or (
        "/usr/bin/turnserver" if os.path.exists("/usr/bin/turnserver") else None
    )
    if binary is None:
        pytest.skip("needs Debian's coturn (apt-get install coturn): the TURN server this test starts")
    port, secret = free_port(), secrets.token_urlsafe(24)
    relay_from = 50_000 + secrets.randbelow(9_000)
    argv = [
        binary,
        "-c", str(ROOT / "deploy" / "turnserver.conf"),
        f"--static-auth-secret={secret}",
        "--realm=arf-test",
        "--listening-ip=127.0.0.1",
        "--relay-ip=127.0.0.1",
        f"--listening-port={port}",
        f"--min-port={relay_from}",
        f"--max-port={relay_from + 60}",
        # Both browsers' peers are on loopback, which the deployment's configuration refuses as a
        # relay peer (denied-peer-ip 127/8, and coturn's own loopback rule): allowed here, for this
        # address only, since the test has no other network. Never in production.
        "--allow-loopback-peers",
        "--allowed-peer-ip=127.0.0.1",
        f"--pidfile={tmp_path / 'turnserver.pid'}",
        f"--userdb={tmp_path / 'turndb'}",
        "--log-file=stdout",
    ]  # fmt: skip
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 10
    while True:  # ready when it takes TCP connections on its port (it listens on UDP and TCP)
        assert process.poll() is None, "turnserver stopped at start-up"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            assert time.monotonic() < deadline, "turnserver did not start"
            time.sleep(0.05)
    yield {"url": f"turn:127.0.0.1:{port}?transport=udp", "secret": secret}
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def chromium(playwright):
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS + FAKE_MEDIA)
    page = browser.new_page()
    # getUserMedia needs a secure context, which http://localhost is: an empty page served there.
    page.route(
        "http://localhost/voice",
        lambda route: route.fulfill(content_type="text/html", body="<!doctype html>"),
    )
    page.goto("http://localhost/voice")
    yield page
    browser.close()


def servers(settings, turn_server, *, now=None):
    settings.VOICE_STUN_URLS = []
    settings.VOICE_TURN_URLS = [turn_server["url"]]
    settings.VOICE_TURN_SECRET = turn_server["secret"]
    settings.VOICE_TURN_TTL = 600
    return ice.ice_servers(7, now=now)


def test_two_players_connect_through_the_relay_with_the_servers_credentials(settings, turn_server, chromium):
    result = chromium.evaluate(CALL, {"iceServers": servers(settings, turn_server), "waitMs": 20_000})
    assert result["state"] == "connected", result
    assert result["localType"] == "relay" and result["remoteType"] == "relay", result
    assert result["gathered"]["a"] and set(result["gathered"]["a"] + result["gathered"]["b"]) == {"relay"}


def test_expired_credentials_gather_no_relay_and_never_connect(settings, turn_server, chromium):
    expired = servers(settings, turn_server, now=time.time() - 3600)  # ran out ten minutes after
    # Gathering fails at once (coturn answers 401 to the expired username); a few seconds are
    # enough to see the connection is not made.
    result = chromium.evaluate(CALL, {"iceServers": expired, "waitMs": 4_000})
    assert result["state"] != "connected", result
    assert result["gathered"] == {"a": [], "b": []}
    assert result["localType"] is None
