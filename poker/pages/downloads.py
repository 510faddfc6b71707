"""Hand histories to download, in the formats the poker world reads: one hand, a table's hands, a
player's hands of a session or of a season (the championship's player page), as PHH (a ``.phh``
for one hand, a ``.phhs`` or a zip of ``.phh`` files for many) or as PokerStars text (Hold'em).

What a file holds of each hand is what its viewer may see, by the replay's rule: ``seen_by``
(``Hand.player_of`` and ``poker.engine.visible_events``), his own hole cards and the cards shown at
the showdown, nobody else's; a spectator, only the cards shown. The writers are the engine's
(``poker.engine.exports``); this module reads the hands and sends the files.

Many hands stream (``StreamingHttpResponse``): they are read by batches of ``BATCH`` in the order
they were dealt, each batch in two queries (the hands with their tables, then their events), and
each hand is written and sent before the next batch is read, so a season of a few thousand hands is
never in memory at once.
"""

from __future__ import annotations

import zipfile
from collections import defaultdict
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext_lazy as _

from ..engine import EVENT_TYPES, visible_events
from ..engine.exports import HandInfo, phh_text, phhs_entry, pokerstars_text
from ..engine.exports.pokerstars import HAND_SEPARATOR
from ..models import Hand, HandEvent, Table
from ..tables.registry import game_of

BATCH = 200  # hands read at once


@dataclass(frozen=True)
class Format:
    key: str  # as the games name it (``Game.hand_files``) and as ``?format=`` asks for it
    label: str
    one: str  # a hand's file: its extension
    many: str  # many hands: the extension
    content_type: str


PHH = Format("phh", _("PHH (PokerKit)"), "phh", "phhs", "application/toml")
ZIP = Format("phh-zip", _("PHH, a zip of one file a hand"), "phh", "zip", "application/zip")
POKERSTARS = Format("pokerstars", _("PokerStars text"), "txt", "txt", "text/plain")
FORMATS = {f.key: f for f in (PHH, ZIP, POKERSTARS)}


def choices(variant: str, many: bool) -> list[Format]:
    """The formats a table of this game offers (its plug-in says: ``Game.hand_files``), for one hand
    or for many (a zip is for many)."""
    return [FORMATS[key] for key in game_of(variant).hand_files if many or key != ZIP.key]


def format_of(key: str | None, variant: str, many: bool) -> Format | None:
    """The format asked for (``?format=``), if it is one this game offers; the first by default."""
    offered = choices(variant, many)
    if key is None:
        return offered[0] if offered else None
    return next((f for f in offered if f.key == key), None)


def seen_by(hand: Hand, payloads: Iterable[dict], user_id: int | None) -> list[dict]:
    """The engine's events of ``hand`` that ``user_id`` may see: the replay's rule."""
    events = [p for p in payloads if p["type"] in EVENT_TYPES]  # not the table's own (equities...)
    return visible_events(events, hand.player_of(user_id))


def hand_info(hand: Hand, table: Table) -> HandInfo:
    return HandInfo(
        hand_id=hand.pk,
        number=hand.number,
        table=table.title,
        seat_count=table.max_seats,
        seats=hand.seats,
        button_seat=hand.button_seat,
        names=hand.names,
        started_at=hand.started_at,
        time_zone=settings.TIME_ZONE,
    )


def _text(fmt: Format, hand: Hand, events: list[dict]) -> str:
    info = hand_info(hand, hand.table)
    return pokerstars_text(events, info) if fmt is POKERSTARS else phh_text(events, info)


def _file_name(hand: Hand) -> str:
    """A hand's file in a zip: table and hand numbers, as the PHH style guide names them."""
    return f"{hand.table_id}-{hand.number}.phh"


def hand_response(hand: Hand, user_id: int | None, fmt: Format) -> HttpResponse:
    """One hand's file, as ``user_id`` may see it."""
    events = list(hand.events.order_by("seq").values_list("payload", flat=True))
    response = HttpResponse(_text(fmt, hand, seen_by(hand, events, user_id)), content_type=_type(fmt))
    name = f"arf-{hand.table_id}-{hand.number}.{fmt.one}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def hands_response(
    request: HttpRequest,
    hands: QuerySet[Hand],
    fmt: Format,
    name: str,
    *,
    only_his: bool = False,
) -> StreamingHttpResponse:
    """The file of ``hands`` as the user of ``request`` may see each (``only_his``: the hands he was
    dealt in), streamed a batch at a time. ``name``: the file's name, without its extension.

    Under ASGI (daphne) the file is an asynchronous iterator, each batch read and written in the
    request's thread: Django would read a synchronous one whole before sending a byte."""
    chunks = _stream(hands, request.user.pk, fmt, only_his)
    content = _each_in_a_thread(chunks) if isinstance(request, ASGIRequest) else chunks
    response = StreamingHttpResponse(content, content_type=_type(fmt))
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt.many}"'
    return response


async def _each_in_a_thread(chunks: Iterator[bytes]) -> AsyncIterator[bytes]:
    step = sync_to_async(next, thread_sensitive=True)
    while (chunk := await step(chunks, None)) is not None:
        yield chunk


def _type(fmt: Format) -> str:
    return fmt.content_type if fmt is ZIP else f"{fmt.content_type}; charset=utf-8"


def _stream(hands: QuerySet[Hand], user_id: int | None, fmt: Format, only_his: bool) -> Iterator[bytes]:
    """The file, one chunk a batch of hands."""
    pipe = _Pipe()
    archive = zipfile.ZipFile(pipe, "w", compression=zipfile.ZIP_DEFLATED) if fmt is ZIP else None  # type: ignore[arg-type]
    k = 0
    for batch in batches(hands, user_id if only_his else None):
        for hand, events in batch:
            if fmt.key not in game_of(hand.table.variant).hand_files:
                continue
            text = _text(fmt, hand, seen_by(hand, events, user_id))
            k += 1
            if archive is not None:
                archive.writestr(_zip_entry(hand), text)
            elif fmt is PHH:
                pipe.write(phhs_entry(k, text).encode())
            else:
                pipe.write((text + HAND_SEPARATOR).encode())
        yield pipe.take()
    if archive is not None:
        archive.close()
        yield pipe.take()


def batches(hands: QuerySet[Hand], player: int | None = None) -> Iterator[list[tuple[Hand, list[dict]]]]:
    """``hands`` in the order they were dealt, ``BATCH`` at a time, each with its events (payloads,
    in order): two queries a batch. ``player``: only the hands this user was dealt in."""
    if player is not None and connection.features.supports_json_field_contains:  # PostgreSQL
        hands, player = hands.filter(user_ids__contains=[player]), None
    hands = hands.select_related("table").defer("state").order_by("pk")
    last = 0
    while True:
        batch = list(hands.filter(pk__gt=last)[:BATCH])
        if not batch:
            return
        last = batch[-1].pk
        if player is not None:  # SQLite: no JSON containment, the batch is sorted here
            batch = [hand for hand in batch if player in hand.user_ids]
        events: dict[int, list[dict]] = defaultdict(list)
        rows = HandEvent.objects.filter(hand__in=batch).order_by("hand_id", "seq")
        for hand_id, payload in rows.values_list("hand_id", "payload"):
            events[hand_id].append(payload)
        yield [(hand, events[hand.pk]) for hand in batch]


class _Pipe:
    """What ``zipfile`` writes, kept until it is taken: a zip written as it is sent."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []

    def write(self, data: bytes) -> int:
        self.chunks.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        pass

    def take(self) -> bytes:
        data = b"".join(self.chunks)
        self.chunks.clear()
        return data


def _zip_entry(hand: Hand) -> zipfile.ZipInfo:
    start = hand_info(hand, hand.table).local_start()
    entry = zipfile.ZipInfo(_file_name(hand), start.timetuple()[:6] if start else (1980, 1, 1, 0, 0, 0))
    entry.compress_type = zipfile.ZIP_DEFLATED
    return entry
