"""A session played online can be checked by anyone once it ends (docs/fairness.md): two round-1
tables and a round 2, every deck, both seat draws, each table's first button and the balancing
moves recomputed from the revealed seed."""

import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from championship.models import AuditEntry, Session
from championship.services import clock
from championship.services import sessions as run
from poker.engine import fairness
from poker.engine.fairness import Difference, check_epoch
from poker.models import Hand
from tests.kit.live import active_seats, play_round2, round2_with
from tests.kit.online import FAST_LEVEL, online_session, play_until, round_tables

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_tables")]


def _record(session):
    response = Client().get(reverse("poker:fairness_record", args=[session.epoch_id]))
    assert response.status_code == 200
    return json.loads(response.content)


def test_a_session_played_online_checks_out_hand_by_hand_and_draw_by_draw(capsys):
    _season, session, _users = online_session(12)  # round 1 at two tables of 6
    commitment = session.epoch.commitment
    seed = session.epoch.server_seed
    page = Client().get(reverse("session_detail", args=[session.pk])).content.decode()
    assert commitment in page and seed not in page  # committed when the session was made

    run.session_start(session=session, by=None)
    assert len(round_tables(session, 1)) == 2
    clock.clock_set_level(session=session, level=FAST_LEVEL, by=None)
    play_until(session, lambda: run.round1_done(session), chips_per_round=60000, round_number=1)
    session.refresh_from_db()
    before = _record(session)
    assert before == {
        "version": 1,
        "epoch": session.epoch_id,
        "kind": "session",
        "commitment": commitment,
        "revealed": False,
    }
    for url in (
        reverse("poker:fairness_verify", args=[session.epoch_id]),
        reverse("session_detail", args=[session.pk]),
    ):
        assert seed not in Client().get(url).content.decode()

    qualifiers = session.registrations.filter(seats__round_number=1, seats__active=True).count()
    clock.clock_set_level(session=session, level=FAST_LEVEL, by=None)

    def finished():
        session.refresh_from_db()
        return session.status == Session.Status.FINISHED

    play_until(session, finished, chips_per_round=5000 * qualifiers, round_number=2)

    record = _record(session)
    assert record["revealed"] and record["server_seed"] == seed
    hands = Hand.objects.filter(table__championship_table__session=session)
    assert len(record["hands"]) == hands.count() > 0
    assert {h.epoch_id for h in hands} == {session.epoch_id}
    assert [d["label"] for d in record["draws"]] == [
        f"seating:{session.pk}:round1",
        f"seating:{session.pk}:round2",
    ]
    # Each table's first button was drawn from the session's seed, among the seats of its first hand.
    tables = sorted({h.table_id for h in hands})
    assert [b["table"] for b in record["buttons"]] == tables
    for draw in record["buttons"]:
        first = hands.get(table_id=draw["table"], number=1)
        assert draw["seats"] == sorted(first.seats) and draw["seats"][draw["button"]] == first.button_seat
    lines = check_epoch(record)
    assert all("tables" in d for d in record["balancing"])  # every balancing move is checkable
    checked = hands.count() + 2 + len(tables) + len(record["balancing"])
    assert len(lines) == checked and all(line.endswith("matches") for line in lines)
    # The draws are in the audit log with their labels.
    labels = {e.details["label"] for e in AuditEntry.objects.filter(session=session, action="random_draw")}
    assert {f"seating:{session.pk}:round1", f"seating:{session.pk}:round2"} <= labels

    # The Verify page names what the seed served, as the players know it, and the session page
    # leads to it: the session, each table with its hands, when; never the epoch's number.
    verify = reverse("poker:fairness_verify", args=[session.epoch_id])
    assert f'href="{verify}"' in Client().get(reverse("session_detail", args=[session.pk])).content.decode()
    page = Client().get(verify).content.decode()
    assert f'<h2><a href="{session.get_absolute_url()}">Saison 2026 – Séance 1</a></h2>' in page
    for table in {h.table for h in hands}:
        numbers = [h.number for h in hands if h.table_id == table.pk]
        hands_played = f"mains {min(numbers)} à {max(numbers)}" if len(numbers) > 1 else f"main {numbers[0]}"
        assert f"{table.title}</a> · {hands_played}" in page
    assert "Joué du " in page and "époque" not in page

    call_command("verify_fairness", f"session:{session.pk}")
    out = capsys.readouterr().out
    assert f"{hands.count()} hands and 2 seat draws and {len(tables)} first buttons: matches" in out

    # One card changed in the record, and the check names the hand and the cards.
    tampered = json.loads(json.dumps(record))
    event = next(e for e in tampered["hands"][0]["events"] if e["type"] == "hole_cards")
    event["cards"] = ["As", "Ks"] if event["cards"] != ["As", "Ks"] else ["2c", "2d"]
    hand = tampered["hands"][0]
    with pytest.raises(Difference, match=f"table {hand['table']} hand {hand['hand']}: player"):
        check_epoch(tampered)
    # Another seed, with its own commitment: the seat draws no longer match.
    other = bytes(range(32))
    tampered = {**record, "server_seed": other.hex(), "commitment": fairness.commitment(other)}
    with pytest.raises(Difference, match="seating"):
        check_epoch(tampered)


def test_the_command_says_what_it_wants_and_what_is_not_revealed(capsys):
    _season, session, _users = online_session(0)
    with pytest.raises(CommandError, match="session:<id>"):
        call_command("verify_fairness", "5")
    call_command("verify_fairness", f"session:{session.pk}")
    assert "not revealed yet" in capsys.readouterr().out


def test_the_balancing_moves_are_in_the_record_with_their_inputs_and_check_out():
    _season, session = round2_with(30)  # round 2: two tables of 6
    t1 = [s for s in active_seats(session, 2) if s.table == 1]
    before = {s.seat: s.registration.member_id for s in active_seats(session, 2) if s.table == 2}
    run.knockout_record(session=session, table=1, busted=[(t1[0].registration, None)], by=None)
    outcome = run.knockout_record(session=session, table=1, busted=[(t1[1].registration, None)], by=None)
    play_round2(session)
    record = _record(session)
    key = f"balance:{session.pk}:{outcome.moves[0].hand_key}"
    draw = next(d for d in record["balancing"] if d["label"] == key)
    # 4 against 6: the record shows both tables as they were, and the one player who moved.
    assert draw["tables"]["2"] == {str(seat): member for seat, member in sorted(before.items())}
    assert len(draw["tables"]["1"]) == 4 and draw["broken"] == []
    move = outcome.moves[0]
    member = before[move.from_seat]
    assert draw["moved"] == [[member, 2, move.from_seat, 1, move.to_seat]]
    lines = check_epoch(record)
    assert {d["label"] for d in record["balancing"]} <= {line.removesuffix(": matches") for line in lines}
    assert any(d["broken"] for d in record["balancing"])  # the final table's merge is checked too
    draw["moved"][0][4] = next(
        s for s in range(1, 9) if s not in (move.to_seat, *map(int, draw["tables"]["1"]))
    )
    with pytest.raises(Difference, match=f"{key}: the seed moves"):
        check_epoch(record)
