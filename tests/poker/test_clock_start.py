"""A web process fires the tables' deadlines from the moment it starts: after a restart, a player
who is away is still folded on time even if nobody opens a page (no request at all reaches it)."""

import time

from tests.e2e.server import AppServer

from .test_processes import arrange

FOLDED = """
from poker.models import HandEvent
print(HandEvent.objects.filter(table_id={table}, type="fold").exists())
"""


def test_a_freshly_started_process_fires_deadlines_before_any_request(tmp_path):
    server = AppServer(tmp_path)
    server.manage("migrate", "--noinput", "-v0")
    table = arrange(server, action_seconds=1)["table"]
    server.start_process(wait=False)  # no request at all: not even the readiness check
    process = server.processes[0]
    try:
        folded = False
        deadline = time.monotonic() + 40
        while not folded and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.5)
            folded = server.shell(FOLDED.format(table=table)).strip().endswith("True")
        assert process.poll() is None, "daphne exited"
        assert folded, "the player to act was not folded: the deadline did not fire"
    finally:
        server.stop()
