"""The season in numbers, as the pages show them after hands played at the real tables: a hand's
figures are added to each member's row in the transaction that ends it, the knock-out is credited
to who won the chips, the command recomputes the same rows from the stored hands, and the pages
(player, head-to-head, awards) show them at a fixed number of queries."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from championship.models import AllIn, GameTable, KnockOut, Member, PlayerFigures, Session
from championship.services import sessions as run
from poker.engine import equity
from poker.games.betting import play as betting
from poker.models import Hand
from tests.kit.online import online_session
from tests.poker.helpers import act, actor, fire_deadline

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_tables")]


@pytest.fixture
def kings_bust_to_aces(monkeypatch):
    """Four players, the button on the first seat (engine player 0); the first to act (3) moves
    in with kings, the button calls with aces, the blinds fold; the board gives nothing."""
    from poker.engine.holdem import deck_for

    monkeypatch.setattr(betting, "first_button", lambda active: active[0])
    pending = [{"hole_cards": ["AsAh", "7c2d", "8c3d", "KsKh"], "board": "Qd 9c 4h 3s 2h"}]
    monkeypatch.setattr(
        betting, "new_deck", lambda button: deck_for(**pending.pop(0), button=button) if pending else None
    )
    season, session, users = online_session(4)
    run.session_start(session=session, by=None)
    table = GameTable.objects.get(session=session, round_number=1).poker_table
    fire_deadline(table)  # the get-ready countdown: the first hand
    hand = Hand.objects.get(table=table, number=1)
    by_index = [next(u for u in users if u.pk == user_id) for user_id in hand.user_ids]
    act(table, actor(table), "raise", hand.starting_stacks[3])  # all in
    act(table, actor(table), "call")
    act(table, actor(table), "fold")
    act(table, actor(table), "fold")
    hand.refresh_from_db()
    assert hand.ended_at is not None
    return season, session, hand, by_index


def _row(user, session):
    return PlayerFigures.objects.get(member__user=user, session=session, game="holdem")


def test_a_finished_hand_is_counted_for_each_member_in_its_transaction(kings_bust_to_aces):
    _season, session, hand, (aces, small_blind, big_blind, kings) = kings_bust_to_aces
    stack = hand.starting_stacks[3]
    pot = 2 * stack + hand.small_blind + hand.big_blind
    the_aces, the_kings = equity(["As Ah", "Ks Kh"])
    aces_row, kings_row = _row(aces, session), _row(kings, session)
    assert (aces_row.hands, aces_row.vpip, aces_row.pfr, aces_row.three_bet_chances) == (1, 1, 0, 1)
    assert (kings_row.vpip, kings_row.pfr, kings_row.showdowns, kings_row.showdowns_won) == (1, 1, 1, 0)
    assert aces_row.biggest_pot == pot and aces_row.biggest_pot_hand_id == hand.pk
    assert aces_row.allins == kings_row.allins == 1
    assert aces_row.allin_luck == pytest.approx(pot - pot * the_aces.equity)
    assert kings_row.allin_luck == pytest.approx(0 - pot * the_kings.equity)
    assert aces_row.allin_luck_bb == pytest.approx(aces_row.allin_luck / hand.big_blind)
    blinds = [_row(u, session) for u in (small_blind, big_blind)]
    assert [(r.hands, r.vpip, r.allins, r.three_bet_chances) for r in blinds] == [(1, 0, 0, 1)] * 2
    assert sum(a.luck for a in AllIn.objects.filter(hand=hand)) == pytest.approx(0, abs=1e-6)
    # The kings' knock-out is the aces' (who won all of his chips).
    knockout = KnockOut.objects.get(session=session, registration__member__user=kings)
    assert [r.member.user_id for r in knockout.knocked_out_by.all()] == [aces.pk]


def test_the_command_recomputes_the_same_figures_from_the_stored_hands(kings_bust_to_aces):
    season, session, _hand, _users = kings_bust_to_aces
    fields = ["member_id", "game", "hands", "vpip", "pfr", "three_bets", "showdowns", "biggest_pot", "allins"]
    before = sorted(PlayerFigures.objects.filter(session=session).values_list(*fields))
    luck = sorted(PlayerFigures.objects.filter(session=session).values_list("member_id", "allin_luck"))
    PlayerFigures.objects.all().delete()
    KnockOut.knocked_out_by.through.objects.all().delete()
    call_command("compute_statistics", "--season", str(season.pk), verbosity=0)
    assert sorted(PlayerFigures.objects.filter(session=session).values_list(*fields)) == before
    again = sorted(PlayerFigures.objects.filter(session=session).values_list("member_id", "allin_luck"))
    assert [m for m, _l in again] == [m for m, _l in luck]
    assert [x for _m, x in again] == pytest.approx([x for _m, x in luck])
    assert KnockOut.knocked_out_by.through.objects.count() == 1


def test_the_pages_show_the_figures_with_their_counts(kings_bust_to_aces, client):
    season, _session, hand, (aces, _sb, _bb, kings) = kings_bust_to_aces
    aces_member, kings_member = Member.objects.get(user=aces), Member.objects.get(user=kings)
    page = client.get(reverse("player_detail", args=[aces_member.pk])).content.decode()
    assert "VPIP" in page and "1 / 1 mains" in page
    assert reverse("poker:hand_replay", args=[hand.table_id, hand.number]) in page
    versus = client.get(reverse("head_to_head", args=[aces_member.pk, kings_member.pk])).content.decode()
    assert reverse("poker:hand_replay", args=[hand.table_id, hand.number]) in versus
    awards = client.get(reverse("season_awards", args=[season.pk])).content.decode()
    assert aces_member.nickname in awards


def test_a_player_page_costs_the_same_queries_however_long_his_history(client):
    from championship.bulk import build_figures, build_history

    members = build_history(seasons=2, sessions=2, players=8)
    build_figures(members)
    url = reverse("player_detail", args=[members[0].pk])
    client.get(url)
    with CaptureQueriesContext(connection) as small:
        client.get(url)
    more = build_history(seasons=4, sessions=3, players=8, prefix="K")
    build_figures(more)
    url = reverse("player_detail", args=[more[0].pk])
    with CaptureQueriesContext(connection) as large:
        client.get(url)
    assert len(large) == len(small)


def test_counting_a_hand_costs_a_few_queries_in_its_transaction(kings_bust_to_aces):
    """The table core stays fast: a hand's figures are a handful of small queries, however many
    hands came before (the rows are updated, never re-read from the hands)."""
    from championship.statistics import record

    _season, session, hand, _users = kings_bust_to_aces
    table, session = hand.table, Session.objects.select_related("season").get(pk=session.pk)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:  # as in the hand's
        record.record_hand(table, hand, session)
    verbs = ("SELECT", "INSERT", "UPDATE", "DELETE")  # not the transaction's own statements
    assert len([q for q in queries.captured_queries if q["sql"].startswith(verbs)]) <= 9
    assert _row(_users[0], session).hands == 2  # counted again: the command, not this, rebuilds


def test_the_hands_a_late_player_was_away_for_are_not_hands_he_played():
    """Dealt in before his page opened, out of time, then away for the next hand: he played none of
    them (docs/statistics.md, "Which hands count"), and "most hands played" is not his."""
    from championship.statistics.awards import season_awards
    from poker.models import Table

    season, session, users = online_session(4)
    run.session_start(session=session, by=None)
    table = GameTable.objects.get(session=session, round_number=1).poker_table
    fire_deadline(table)  # the get-ready countdown: dealt without any page open
    late = actor(table)
    fire_deadline(table)  # his time runs out
    for _hand in range(2):
        while actor(table) is not None:
            assert actor(table) != late  # answered for while away
            act(table, actor(table), "check" if Table.objects.get(pk=table.pk).legal["check"] else "call")
        fire_deadline(table)  # the pause after the hand
    others = [u for u in users if u != late]
    assert [_row(u, session).hands for u in others] == [2, 2, 2]
    row = _row(late, session)
    assert (row.hands, row.vpip, row.saw_flop, row.showdowns) == (0, 0, 0, 0)
    award = next(a for a in season_awards(season) if a.key == "hands")
    assert sorted(m.user_id for m in award.winners) == sorted(u.pk for u in others) and award.figure == 2
