"""What is pushed, to whom, and when not: the tables opening (his table and seat), his table's
get-ready countdown while his page is not open, his turn while no page of his table is in sight, his
move to another table. Each through the real services, sent after the commit from the push thread,
received and decrypted by the player's device at the push service the test plays."""

from __future__ import annotations

import pytest
from django.utils import timezone

from championship.models import GameTable, TableMove
from championship.models import Seat as ChampionshipSeat
from championship.services import online
from championship.services import sessions as run
from poker import services
from poker.models import Table
from poker.push import outbox
from poker.tables import services as core
from tests.factories import UserFactory
from tests.kit.online import online_session
from tests.poker.helpers import act, actor

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fast(settings):
    settings.POKER_PAUSE_MS = 0
    settings.POKER_DEADLINE_LOOP = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _received(*devices) -> list[list[dict]]:
    outbox.drain()
    return [d.messages() for d in devices]


def _table_of_two(hery, voahangy) -> Table:
    table = services.table_open(name="Table des cousins", kind=Table.Kind.TOURNAMENT, action_seconds=30)
    services.table_seat_player(table=table, user=hery, stack=1000, seat=1)
    services.table_seat_player(table=table, user=voahangy, stack=1000, seat=2)
    return table


def test_his_turn_is_pushed_to_him_alone_and_not_while_a_page_of_his_table_is_in_sight(device):
    hery, voahangy = UserFactory(username="hery"), UserFactory(username="voahangy")
    table = _table_of_two(hery, voahangy)
    devices = {hery: device(hery), voahangy: device(voahangy)}
    services.table_start(table=table)
    first = actor(table)
    second = voahangy if first == hery else hery
    assert _received(devices[first], devices[second]) == [
        [
            {
                "title": "À vous de jouer",
                "body": "Table des cousins\u202f: c’est à vous de jouer.",
                "url": f"/tables/{table.pk}/",
                "tag": f"turn-{table.pk}",
                "kind": "turn",
            }
        ],
        [],
    ]
    # His page of the table is in sight: his turn is not pushed (the other's still is).
    core.table_visibility(table_id=table.pk, user=second, visible=True)
    act(table, first, "call")
    act(table, second, "check")  # the flop: the big blind speaks first, heads-up
    act(table, second, "check")
    assert actor(table) == first
    first_got, second_got = _received(devices[first], devices[second])
    assert [m["kind"] for m in first_got] == ["turn", "turn"] and second_got == []
    # Hidden again (his phone locked): pushed again.
    core.table_visibility(table_id=table.pk, user=second, visible=False)
    act(table, first, "check")  # the turn card: his to speak first
    assert actor(table) == second
    assert [m["kind"] for m in _received(devices[second])[0]] == ["turn"]


def test_the_get_ready_countdown_is_pushed_to_those_whose_page_is_not_open(device):
    hery, voahangy, tiana = (UserFactory(username=n) for n in ("hery", "voahangy", "tiana"))
    table = _table_of_two(hery, voahangy)
    devices = [device(hery), device(voahangy), device(tiana)]
    core.table_presence(table_id=table.pk, user=hery, connected=True)  # his page is open
    services.table_get_ready(table=table, seconds=120)
    at_hery, at_voahangy, at_tiana = _received(*devices)
    assert at_hery == [] and at_tiana == []
    (notice,) = at_voahangy
    assert notice["title"] == "Votre table vous attend"
    assert notice["body"] == (
        "Table des cousins\u202f: la première main est distribuée dès que tout le monde est là, "
        "dans 120 s au plus tard."
    )
    assert notice["url"] == f"/tables/{table.pk}/" and notice["tag"] == f"table-{table.pk}"


def test_the_tables_opening_tells_each_entrant_his_table_and_seat_once(device):
    _season, session, users = online_session(4)
    devices = {user.pk: device(user) for user in users}
    outsider = device(UserFactory(username="outsider"))
    run.session_start(session=session, by=None)

    assert _received(outsider) == [[]]
    for seat in ChampionshipSeat.objects.filter(session=session, round_number=1).select_related(
        "registration__member"
    ):
        user_id = seat.registration.member.user_id
        table = GameTable.objects.get(session=session, round_number=1, number=seat.table).poker_table
        # One notice: the opening with his seat, not the get-ready countdown of the same table too.
        assert devices[user_id].messages() == [
            {
                "title": "Les tables sont ouvertes",
                "body": f"Séance 1\u202f: table {seat.table}, place {seat.seat}. Touchez pour vous asseoir.",
                "url": f"/tables/{table.pk}/",
                "tag": f"table-{table.pk}",
                "kind": "tables_open",
            }
        ]


def test_a_player_moved_to_another_table_is_told_where(device, push_service):
    _season, session, users = online_session(10)
    devices = {user.pk: device(user) for user in users}
    run.session_start(session=session, by=None)
    # Round 1 over (its tables closed as their last hands would), round 2 drawn: two tables.
    GameTable.objects.filter(session=session, round_number=1).update(closed_at=timezone.now())
    run.round2_draw(session=session, by=None)
    outbox.drain()
    push_service.received.clear()
    seats = ChampionshipSeat.objects.filter(session=session, round_number=2, active=True)
    mover = seats.filter(table=1).select_related("registration__member").first()
    taken = set(seats.filter(table=2).values_list("seat", flat=True))
    free = min(set(range(1, 9)) - taken)
    TableMove.objects.create(
        session=session,
        round_number=2,
        registration=mover.registration,
        from_table=1,
        from_seat=mover.seat,
        to_table=2,
        to_seat=free,
        hand_key="t1-h1",
    )
    online.moves_apply(session=session)

    target = GameTable.objects.get(session=session, round_number=2, number=2).poker_table
    user_id = mover.registration.member.user_id
    outbox.drain()
    # (Table 2 deals again at once with him: a turn may be pushed too, to whoever's it is.)
    moved = [m for m in devices[user_id].messages() if m["kind"] == "moved"]
    assert moved == [
        {
            "title": "Vous changez de table",
            "body": f"Séance 1\u202f: désormais table 2, place {free}.",
            "url": f"/tables/{target.pk}/",
            "tag": f"table-{target.pk}",
            "kind": "moved",
        }
    ]
    others = [m for pk, d in devices.items() if pk != user_id for m in d.messages()]
    assert not [m for m in others if m["kind"] == "moved"]


def test_nothing_is_pushed_for_a_change_that_rolled_back(device):
    from django.db import transaction

    from poker.push.services import on_get_ready_started, push_moved

    hery, voahangy = UserFactory(username="hery"), UserFactory(username="voahangy")
    table = _table_of_two(hery, voahangy)
    phone = device(hery)
    with pytest.raises(RuntimeError), transaction.atomic():
        push_moved(user_id=hery.pk, session="Séance 1", table=table, number=2, seat=3)
        raise RuntimeError("the change failed")
    # The next transaction's notice of the same table is its own: not hidden by the lost one.
    with transaction.atomic():
        on_get_ready_started(table=table, missing_user_ids=[hery.pk])
    assert [m["kind"] for m in _received(phone)[0]] == ["get_ready"]
