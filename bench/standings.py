"""Render time of the leaderboard and the player page on a long history (10 seasons x 6 sessions x
60 players), printed beside the anchor: a page budget of 200 ms on the server. The season's
numbers (docs/statistics.md: the player page with them, the head-to-head, the awards) read the rows
of 200 Hold'em hands a session kept as hands finished: 100 ms each, and a fixed number of queries.

    python bench/standings.py --small    # 2 seasons x 3 sessions x 20 players: a quick check

    python bench/standings.py            # a throw-away SQLite database
    DATABASE_URL=postgres://... python bench/standings.py   # a throw-away PostgreSQL test database
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arf.settings")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

BUDGET_MS = 200
NUMBERS_BUDGET_MS = 100
RUNS = 20


def _time(client: Client, url: str) -> tuple[float, float, int, int]:
    from django.test.utils import CaptureQueriesContext

    client.get(url)  # warm up
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    count = len(queries)  # now: with DEBUG each request empties the log the context reads
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        response = client.get(url)
        samples.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200
    return statistics.median(samples), max(samples), len(response.content), count


def main() -> None:
    setup_test_environment()
    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from championship.bulk import build_figures, build_history
        from championship.models import Season

        seasons, sessions, players = (2, 3, 20) if "--small" in sys.argv else (10, 6, 60)
        start = time.perf_counter()
        members = build_history(seasons=seasons, sessions=sessions, players=players)
        build_figures(members, hands=200)
        built = time.perf_counter() - start
        season = Season.objects.order_by("-starts_on").first()
        client = Client()
        print(
            f"history: {seasons} seasons x {sessions} sessions x {players} players, the figures of 200 hands"
            f" a session, built in {built:.1f} s ({connection.vendor})"
        )
        print(f"{'page':<22}{'median ms':>10}{'max ms':>9}{'KB':>7}{'queries':>9}{'anchor ms':>11}")
        for name, url, budget in [
            ("leaderboard", reverse("standings_season", args=[season.pk]), BUDGET_MS),
            ("player page", reverse("player_detail", args=[members[0].pk]), NUMBERS_BUDGET_MS),
            ("head-to-head", reverse("head_to_head", args=[members[0].pk, members[1].pk]), NUMBERS_BUDGET_MS),
            ("season awards", reverse("season_awards", args=[season.pk]), NUMBERS_BUDGET_MS),
            ("leaderboard CSV", reverse("standings_csv", args=[season.pk]), BUDGET_MS),
        ]:
            median, worst, size, queries = _time(client, url)
            print(f"{name:<22}{median:>10.1f}{worst:>9.1f}{size / 1024:>7.1f}{queries:>9}{budget:>11}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
