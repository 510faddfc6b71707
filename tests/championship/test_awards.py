"""The season's awards and the head-to-head as docs/statistics.md defines them, on a season whose
figures are written out by hand: three closed sessions of four cousins (Hery, Voahangy, Tiana,
Mialy), with their places, knock-outs and Hold'em figures."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.urls import reverse

from championship.models import KnockOut, Member, PlayerFigures, Registration, Result, Season, Session
from championship.statistics.awards import season_awards
from championship.statistics.head_to_head import head_to_head

pytestmark = pytest.mark.django_db

# Places by session (None: out in round 1) and, for the round-1 outs, the order they went out.
PLACES = [
    {"Hery": 1, "Voahangy": 2, "Tiana": None, "Mialy": None},
    {"Hery": 2, "Voahangy": 1, "Tiana": None, "Mialy": None},
    {"Hery": 1, "Voahangy": None, "Tiana": 2, "Mialy": None},
]
POINTS = {1: 100, 2: 70, None: 0}
# (session, out, knocked out by, hand): Mialy is the first out of every session; in session 2,
# Tiana goes out in the same hand as Mialy.
KNOCKOUTS = [
    (0, "Mialy", "Hery", "h1"),
    (0, "Tiana", "Hery", "h2"),
    (1, "Mialy", "Voahangy", "h1"),
    (1, "Tiana", "Voahangy", "h1"),
    (2, "Mialy", "Tiana", "h1"),
    (2, "Voahangy", "Hery", "h2"),
]


@pytest.fixture
def season():
    season = Season.objects.create(name="Saison 2030", starts_on=date(2030, 1, 5))
    members = {n: Member.objects.create(full_name=n, nickname=n) for n in PLACES[0]}
    for k, places in enumerate(PLACES):
        session = Session.objects.create(
            season=season,
            number=k + 1,
            scheduled_at=datetime(2030, 1 + 2 * k, 5, 15, tzinfo=UTC),
            status=Session.Status.CLOSED,
        )
        regs = {n: Registration.objects.create(session=session, member=m) for n, m in members.items()}
        for name, place in places.items():
            Result.objects.create(
                session=session,
                member=members[name],
                round_reached=1 if place is None else 2,
                place=place,
                points=POINTS[place],
            )
        for sequence, (s, out, by, hand) in enumerate(KNOCKOUTS, start=1):
            if s == k:
                knockout = KnockOut.objects.create(
                    session=session,
                    registration=regs[out],
                    round_number=1,
                    table=1,
                    sequence=sequence,
                    hand_key=hand,
                    stack_at_hand_start=1000 if out == "Tiana" else 500,
                )
                knockout.knocked_out_by.add(regs[by])
        # Hold'em figures of the session: Hery 2 all-ins a session (6: luck +12 BB over the season),
        # Mialy 3 in all (-9 BB), Tiana 2 (+40 BB, too few to count).
        luck = {"Hery": (2, 4.0), "Mialy": (1, -3.0), "Tiana": (1 if k < 2 else 0, 20.0 if k < 2 else 0.0)}
        for name, member in members.items():
            allins, bb = luck.get(name, (0, 0.0))
            PlayerFigures.objects.create(
                member=member,
                season=season,
                session=session,
                game="holdem",
                hands=50 + 10 * k,
                allins=allins,
                allin_luck_bb=bb,
                allin_luck=bb * 100,
                biggest_pot=3000 if (name, k) == ("Voahangy", 1) else 1000,
            )
    return season, members


def _award(awards, key):
    award = next(a for a in awards if a.key == key)
    return [m.nickname for m in award.winners], award.figure


def test_the_awards_name_their_winners_and_figures(season):
    season, _members = season
    awards = season_awards(season)
    assert _award(awards, "leader") == (["Hery"], 270)  # 100 + 70 + 100
    assert _award(awards, "knockouts") == (["Hery"], 3)  # Mialy and Tiana in session 1, Voahangy in 3
    # Tiana's +40 BB come from 2 all-ins: fewer than 3, she is not in it.
    assert _award(awards, "luckiest") == (["Hery"], 12.0)
    assert _award(awards, "unluckiest") == (["Mialy"], -9.0)
    assert _award(awards, "biggest_pot") == (["Voahangy"], 3000)
    assert _award(awards, "hands") == (["Hery", "Mialy", "Tiana", "Voahangy"], 180)  # 50 + 60 + 70 each
    # The first out of each session: Mialy, 3 times (with Tiana, out in the same first hand once).
    assert _award(awards, "first_out") == (["Mialy"], 3)
    # Hery reached round 2 in the three sessions; Voahangy in the first two.
    assert _award(awards, "round2_run") == (["Hery"], 3)


def test_head_to_head_counts_who_finished_ahead_and_the_knock_outs_between_them(season):
    _season, members = season
    record = head_to_head(members["Hery"], members["Voahangy"])
    assert len(record.sessions) == 3
    # Hery 1st vs 2nd, 2nd vs 1st, 1st vs out in round 1.
    assert [s.ahead for s in record.sessions] == [0, 1, 0]
    assert record.ahead == (2, 1)
    assert record.knockouts == (1, 0)  # Hery knocked Voahangy out in session 3
    # Out in round 1 both times: Tiana went out after Mialy (session 1), in the same hand with
    # more chips (session 2): ahead both times.
    record = head_to_head(members["Tiana"], members["Mialy"])
    assert [s.ahead for s in record.sessions] == [0, 0, 0]


def test_the_awards_page_is_linked_from_the_standings_and_shows_the_winners(season, client):
    season, _members = season
    standings = client.get(reverse("standings_season", args=[season.pk])).content.decode()
    assert reverse("season_awards", args=[season.pk]) in standings
    page = client.get(reverse("season_awards", args=[season.pk])).content.decode()
    assert "Le plus chanceux" in page and "+12,0 GB sur 6 tapis" in page
    assert "Le plus malchanceux" in page and "\u22129,0 GB sur 3 tapis" in page


def test_the_player_page_shows_his_knock_outs_and_his_nemesis(season, client):
    _season, members = season
    page = client.get(reverse("player_detail", args=[members["Mialy"].pk])).content.decode()
    # Knocked out by Hery, Voahangy and Tiana once each: no nemesis (twice at least).
    assert "Bête noire" in page
    page = client.get(reverse("player_detail", args=[members["Tiana"].pk])).content.decode()
    assert reverse("head_to_head", args=[members["Tiana"].pk, members["Hery"].pk]) in page


def test_a_merge_moves_the_duplicate_s_figures_to_the_member_kept(season):
    from championship.services.members import member_merge

    season, members = season
    twin = Member.objects.create(full_name="Hery bis", nickname="Hery2")
    PlayerFigures.objects.create(member=twin, season=season, game="razz", hands=7, hands_won=2)
    PlayerFigures.objects.create(member=members["Hery"], season=season, game="razz", hands=3, hands_won=1)
    member_merge(keep=members["Hery"], duplicate=twin, by=None)
    razz = PlayerFigures.objects.get(member=members["Hery"], season=season, game="razz")
    assert (razz.hands, razz.hands_won) == (10, 3)
