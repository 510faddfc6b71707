"""backup_db and restore_db: a database with seasons, sessions, results, tables and hands, backed up
while the app could be running and restored into a fresh one, has the same standings, the same
player histories, the same table states and hand histories and the same fairness seeds (SQLite in
the first CI pass, PostgreSQL in the second)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.server import AppServer

ARRANGE_HANDS = """
from django.contrib.auth import get_user_model
from django.utils import timezone
from poker import services
from poker.tables.clock import fire_due_deadlines
from poker.models import Table
User = get_user_model()
table = services.table_open(name="Backed up", kind="tournament")
for k, name in enumerate(("hery", "voahangy", "tiana")):
    services.table_seat_player(table=table, user=User.objects.get(username=name), stack=1000, seat=k + 1)
services.table_start(table=table)
for _ in range(12):  # nobody answers: the timers fold and start the next hands
    Table.objects.filter(pk=table.pk).update(deadline_at=timezone.now())
    fire_due_deadlines()
"""

SNAPSHOT = """
import json
from django.contrib.auth import get_user_model
from championship import selectors
from championship.models import Member, Result, Season, Session
from poker.models import FairnessEpoch, Hand, HandEvent, Seat, Table, TableFairness
out = {
    "standings": {
        s.name: [
            [r.rank, r.member.nickname, r.points, r.played, r.wins, r.best_place, str(r.per_session)]
            for r in selectors.standings(s).rows
        ]
        for s in Season.objects.order_by("pk")
    },
    "histories": {
        m.nickname: [
            [rec.season.name, rec.rank, rec.points, [[x.session_id, x.place, x.points] for x in rec.results]]
            for rec in selectors.player_history(m)
        ]
        for m in Member.objects.order_by("pk")
    },
    "sessions": list(Session.objects.order_by("pk").values()),
    "results": Result.objects.count(),
    "tables": list(Table.objects.order_by("pk").values()),
    "seats": list(Seat.objects.order_by("pk").values()),
    "hands": list(Hand.objects.order_by("pk").values()),
    "events": list(HandEvent.objects.order_by("pk").values()),
    "epochs": list(FairnessEpoch.objects.order_by("pk").values()),
    "table_epochs": list(TableFairness.objects.order_by("pk").values()),
    "users": list(get_user_model().objects.order_by("pk").values("username", "password")),
}
print(json.dumps(out, default=str, sort_keys=True))
"""


def _snapshot(server: AppServer) -> dict:
    return json.loads(server.shell(SNAPSHOT).strip().splitlines()[-1])


def test_a_backup_restored_into_a_fresh_database_has_the_same_standings_histories_and_tables(tmp_path):
    original = AppServer(tmp_path / "a", processes=0)
    (tmp_path / "a").mkdir()
    original.env["POKER_PAUSE_MS"] = "0"
    fresh = None
    try:
        original.start()  # migrated
        original.manage("load_demo")  # seasons, sessions played and closed: results and standings
        original.shell(ARRANGE_HANDS)
        before = _snapshot(original)
        assert before["results"] and any(before["standings"].values()) and len(before["hands"]) >= 3
        assert before["events"] and before["tables"]
        # The secret seeds the decks and draws come from (docs/fairness.md): a restore keeps them,
        # so that every epoch can still be revealed and checked.
        assert before["table_epochs"] and all(h["epoch_id"] for h in before["hands"])
        assert all(len(e["server_seed"]) == 64 for e in before["epochs"])
        assert {s["epoch_id"] for s in before["sessions"]} <= {e["id"] for e in before["epochs"]}

        backup = Path(original.manage("backup_db", "--dir", str(tmp_path / "backups")).strip())
        assert backup.parent == tmp_path / "backups" and backup.name.startswith("arf-20")

        (tmp_path / "b").mkdir()
        fresh = AppServer(tmp_path / "b", processes=0)  # a new, empty database
        fresh.manage("restore_db", str(backup))
        assert _snapshot(fresh) == before
        # The restored database is complete: nothing left to migrate.
        assert "No migrations to apply" in fresh.manage("migrate", "--noinput")
    finally:
        original.stop()
        if fresh is not None:
            fresh.stop()


def test_a_restore_refuses_a_database_that_is_not_empty(tmp_path):
    server = AppServer(tmp_path, processes=0)
    try:
        server.start()
        backup = Path(server.manage("backup_db", "--dir", str(tmp_path / "backups")).strip())
        with pytest.raises(RuntimeError, match="not empty"):
            server.manage("restore_db", str(backup))
    finally:
        server.stop()
