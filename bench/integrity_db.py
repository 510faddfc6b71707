"""The database half of ``bench/integrity.py``: a session's hands stored as the tables store them,
then timed on the real code path (``championship.integrity``). Needs Django set up and a
throw-away database (``bench/integrity.py`` makes one)."""

from __future__ import annotations

import time
from datetime import UTC, datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from championship.integrity.record import rebuild
from championship.integrity.report import session_report
from championship.models import Season, Session
from championship.statistics.record import PROVIDER
from poker.models import Hand, HandEvent, Table


def store_session(rng, *, players: int, hands: int, simulate) -> tuple[Session, int]:
    """``hands`` simulated hands of a ``players``-player session stored as poker.Hand and
    poker.HandEvent rows (every event, the private hole cards included), with no pair figures yet."""
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"integrity{i:03d}") for i in range(players)
    )
    season = Season.objects.create(name="Saison banc", starts_on=datetime(2026, 1, 1, tzinfo=UTC).date())
    session = Session.objects.create(
        season=season, number=1, scheduled_at=timezone.now(), status=Session.Status.CLOSED
    )
    played = simulate(rng, players, hands)
    tables: dict[int, Table] = {}
    numbers: dict[int, int] = {}
    seqs: dict[int, int] = {}
    rows, events = [], []
    for t, ids, hand_events in played:
        if t not in tables:
            tables[t] = Table.objects.create(
                name=f"Table {t + 1}", blind_provider=f"{PROVIDER}:{session.pk}", status=Table.Status.FINISHED
            )
        numbers[t] = numbers.get(t, 0) + 1
        started = hand_events[0]
        rows.append(
            Hand(
                table=tables[t],
                number=numbers[t],
                ended_at=timezone.now(),
                small_blind=started.get("small_blind", 0),
                big_blind=started.get("big_blind", 0),
                button_seat=1,
                seats=list(range(1, len(ids) + 1)),
                user_ids=[users[p].pk for p in ids],
                names=[users[p].username for p in ids],
                starting_stacks=list(started["stacks"]),
                state={},
            )
        )
        events.append((t, hand_events))
    Hand.objects.bulk_create(rows, batch_size=500)
    hand_rows = []
    for hand, (t, hand_events) in zip(rows, events):
        for event in hand_events:
            seqs[t] = seqs.get(t, 0) + 1
            hand_rows.append(
                HandEvent(
                    table=tables[t],
                    hand=hand,
                    seq=seqs[t],
                    type=event["type"],
                    player=event.get("player"),
                    private=event["type"] == "hole_cards",
                    payload=event,
                )
            )
    HandEvent.objects.bulk_create(hand_rows, batch_size=2000)
    return session, len(rows)


def time_session(session: Session) -> dict[str, float]:
    """Wall and CPU seconds of reading every stored hand (``rebuild``: what the tables do a hand at
    a time as each ends) and of the organizer's page's figures (``session_report``)."""
    wall, cpu = time.perf_counter(), time.process_time()
    rebuild([session])
    read_wall, read_cpu = time.perf_counter() - wall, time.process_time() - cpu
    wall, cpu = time.perf_counter(), time.process_time()
    report = session_report(session)
    page_wall, page_cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert report.hands > 0
    return {"read_wall": read_wall, "read_cpu": read_cpu, "page_wall": page_wall, "page_cpu": page_cpu}
