"""The leaderboard and the player page issue a fixed number of queries, whatever the history."""

import pytest
from django.urls import reverse

from championship.bulk import build_history
from championship.models import Season

pytestmark = pytest.mark.django_db

# session, user, seasons list, sessions, results (+ the season itself on its own URL)
LEADERBOARD_QUERIES = 6
# member, his results across seasons, his numbers (figures, knock-outs: docs/statistics.md)
PLAYER_QUERIES = 5


@pytest.fixture
def history():
    return build_history(seasons=10, sessions=6, players=60)


def test_the_leaderboard_issues_a_fixed_number_of_queries(client, history, django_assert_max_num_queries):
    season = Season.objects.order_by("starts_on").first()
    with django_assert_max_num_queries(LEADERBOARD_QUERIES):
        response = client.get(reverse("standings_season", args=[season.pk]))
    assert response.status_code == 200
    assert response.content.decode().count('<tr class="leader">') >= 1
    with django_assert_max_num_queries(LEADERBOARD_QUERIES):
        assert client.get(reverse("standings")).status_code == 200


def test_the_player_page_issues_a_fixed_number_of_queries(client, history, django_assert_max_num_queries):
    with django_assert_max_num_queries(PLAYER_QUERIES):
        response = client.get(reverse("player_detail", args=[history[0].pk]))
    html = response.content.decode()
    assert html.count("sur 60") == 10  # a rank in each of the 10 seasons


def test_the_queries_do_not_grow_with_the_history(client):
    small = build_history(seasons=1, sessions=1, players=5)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        client.get(reverse("player_detail", args=[small[0].pk]))
        client.get(reverse("standings"))
    Season.objects.all().delete()
    big = build_history(seasons=4, sessions=6, players=30, seed=3, prefix="K")
    with CaptureQueriesContext(connection) as many:
        client.get(reverse("player_detail", args=[big[0].pk]))
        client.get(reverse("standings"))
    assert len(many) == len(few)


def test_standings_totals_match_the_results(client, history):
    from championship import selectors
    from championship.models import Result

    season = Season.objects.first()
    table = selectors.standings(season)
    for row in table.rows[:5]:
        expected = sum(
            Result.objects.filter(session__season=season, member=row.member).values_list("points", flat=True)
        )
        assert row.points == expected
    assert [row.rank for row in table.rows] == sorted(row.rank for row in table.rows)
