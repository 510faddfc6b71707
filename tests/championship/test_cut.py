"""The round-1 cut when several players go out in one hand: the same hands played at an online
table and recorded live give the same qualifiers, the same knock-outs in the same order, and close
the table (README: at the cut the biggest stacks at the start of the hand qualify, equal stacks at
the cut all qualify; rules.round1_busts decides, in one place)."""

import pytest

from championship.models import GameTable, KnockOut
from championship.models import Seat as ChampionshipSeat
from championship.services import sessions as run
from poker import services as poker_services
from poker.models import Seat as PokerSeat
from poker.models import Table
from poker.tables import cache as poker_cache
from tests.factories import UserFactory, season_with_session
from tests.kit.online import go_online, register_paid
from tests.poker.helpers import act, actor, fire_until_next_hand, stack_decks

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_tables")]

NAMES = "ABCDE"
# The hands: each player's stack at the start of the hand, who goes all-in (the others fold), and
# the winner (the biggest stack, with aces). What the cut must give: who is out, who qualifies.
HANDS = {
    "2 of 4 out, equal stacks: both qualify": (
        {"A": 1000, "B": 1000, "C": 9000, "D": 9000},
        "ABC",
        "C",
        {"out": "", "qualified": "ABCD"},
    ),
    "2 of 4 out, different stacks: the bigger qualifies": (
        {"A": 1000, "B": 2000, "C": 9000, "D": 8000},
        "ABC",
        "C",
        {"out": "A", "qualified": "BCD"},
    ),
    "3 of 5 out, the two bigger equal: both qualify": (
        {"A": 500, "B": 1000, "C": 1000, "D": 9000, "E": 8500},
        "ABCD",
        "D",
        {"out": "A", "qualified": "BCDE"},
    ),
}


def _session(players: int, *, online: bool):
    _season, session = season_with_session(players=0, name="Online" if online else "Live")
    if online:
        go_online(session)
    by_name = {}
    for name in NAMES[:players]:
        user = UserFactory(username=f"{'online' if online else 'live'}{name}")
        by_name[name] = register_paid(session, user, nickname=f"{name}{'' if online else '.'}")
    return session, by_name


def _outcome(session, by_name):
    name_of = {r.pk: name for name, r in by_name.items()}
    qualified = ChampionshipSeat.objects.filter(session=session, round_number=1, active=True)
    knockouts = KnockOut.objects.filter(session=session).order_by("sequence")
    (game_table,) = GameTable.objects.filter(session=session, round_number=1)
    return {
        "out": "".join(name_of[k.registration_id] for k in knockouts),
        "qualified": "".join(sorted(name_of[s.registration_id] for s in qualified)),
        "closed": game_table.closed_at is not None,
    }


def _live(stacks, all_in, winner):
    session, by_name = _session(len(stacks), online=False)
    run.session_start(session=session, by=None)
    busted = [(by_name[n], stacks[n]) for n in all_in if n != winner]
    run.knockout_record(session=session, table=1, busted=busted, by=None)
    return _outcome(session, by_name)


def _online(monkeypatch, stacks, all_in, winner):
    session, by_name = _session(len(stacks), online=True)
    run.session_start(session=session, by=None)  # the table waits for its players: stacks first
    table = GameTable.objects.get(session=session, round_number=1).poker_table
    seats = {}
    for name, registration in by_name.items():
        seat = PokerSeat.objects.get(table=table, user=registration.member.user)
        seat.stack = stacks[name]
        seat.save(update_fields=["stack"])
        seats[seat.number] = name
    poker_cache.forget_all()
    # The winner holds aces; the others hold hands that lose on this board.
    losing = iter(["2c 7d", "3h 8s", "4d 9c", "2h 8d"])
    holes = [("As Ad" if seats[n] == winner else next(losing)) for n in sorted(seats)]
    stack_decks(monkeypatch, {"hole_cards": holes, "board": "Kc Qd Jh 5s 6c"}, button=min(seats))
    poker_services.table_start(table=table)
    user_name = {r.member.user_id: n for n, r in by_name.items()}
    while (user := actor(table)) is not None:
        legal = Table.objects.get(pk=table.pk).legal
        if user_name[user.pk] not in all_in:
            act(table, user, "fold")
        elif legal["min"] is not None and legal["all_in_to"] > max(legal["min"] - 1, 0):
            act(table, user, "raise", legal["all_in_to"])
        else:
            act(table, user, "call")
    fire_until_next_hand(table)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return _outcome(session, by_name)


@pytest.mark.parametrize("hand", list(HANDS))
def test_the_cut_is_the_same_live_and_online(hand, monkeypatch):
    stacks, all_in, winner, expected = HANDS[hand]
    live = _live(stacks, all_in, winner)
    online = _online(monkeypatch, stacks, all_in, winner)
    assert live == online == {**expected, "closed": True}


def test_round2_is_drawn_with_the_players_saved_at_the_cut():
    session, by_name = _session(4, online=False)
    run.session_start(session=session, by=None)
    outcome = run.knockout_record(
        session=session, table=1, busted=[(by_name["A"], 1000), (by_name["B"], 1000)], by=None
    )
    assert set(outcome.qualified) == {by_name["A"], by_name["B"]}
    assert run.round1_done(session)
    run.round2_draw(session=session, by=None)
    assert ChampionshipSeat.objects.filter(session=session, round_number=2).count() == 4
