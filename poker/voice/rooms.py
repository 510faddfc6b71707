"""Who is in a table's voice room, and with which role (docs/voice.md, "Who is in a room").

A **speaker** is a logged-in user with a seat at the table he has not left (a bot never speaks; a
player leaving at the end of the hand has left). A **listener** is any other logged-in user, on a
table whose ``voice_listeners`` is on. Nobody else. A player moved by the online evening has his
``Seat`` row deleted here and created at the other table (``table_remove_player``,
``table_seat_player``), so the same question answers "moved" too.

These functions run in a worker thread (``poker.tables.db.in_thread``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from accounts.roles import display_name

from ..models import Seat, Table
from .models import VoiceMember

SPEAKER = VoiceMember.Role.SPEAKER.value
LISTENER = VoiceMember.Role.LISTENER.value
# A member's row stops counting once its socket has not checked in for this long (its process died
# without closing it); the live sockets check in every ``consumer.CHECK_SECONDS``.
STALE = timedelta(seconds=30)


@dataclass(frozen=True)
class Role:
    role: str  # SPEAKER or LISTENER
    seat: int | None


@dataclass(frozen=True)
class Joined:
    role: Role
    peers: list[dict]  # the PEERs already in the room, each with its "channel" (never sent out)
    replaced: list[str]  # the channels of this user's other sockets in this room, now out of it


def group_name(table_id: int) -> str:
    """The Channels group of the table's voice room."""
    return f"poker.voice.{table_id}"


def role_of(table_id: int, user_id: int | None, *, lock: bool = False) -> Role | None:
    """The user's role in the table's room, None when he is not in it: one query (the table's
    ``voice_listeners`` and his seat, side by side). ``lock``: the table's row is locked for the
    rest of the transaction, so the joins of one room are read one after the other."""
    if user_id is None:
        return None
    seats = Seat.objects.filter(table=OuterRef("pk"), user_id=user_id, is_bot=False, leaving=False)
    tables = Table.objects.filter(pk=table_id)
    if lock:
        tables = tables.select_for_update(of=("self",))
    row = (
        tables.annotate(seat=Subquery(seats.values("number")[:1]))
        .values_list("voice_listeners", "seat")
        .first()
    )
    if row is None:
        return None
    listeners, seat = row
    if seat is not None:
        return Role(SPEAKER, seat)
    return Role(LISTENER, None) if listeners else None


@transaction.atomic
def room_join(*, table_id: int, user, peer: str, channel_name: str) -> Joined | None:
    """Enter the room as ``peer`` (None: not a member). Under the table's row lock, so two members
    joining at once see each other once: the later one finds the earlier in its roster, the earlier
    hears of the later (``peer_joined``). This user's other sockets in the room are taken out of it
    (``replaced``): a reload leaves no ghost peer."""
    role = role_of(table_id, user.pk, lock=True)
    if role is None:
        return None
    now = timezone.now()
    VoiceMember.objects.filter(table_id=table_id, seen_at__lt=now - STALE).delete()
    mine = VoiceMember.objects.filter(table_id=table_id, user_id=user.pk)
    replaced = list(mine.values_list("channel_name", flat=True))
    mine.delete()
    others = list(VoiceMember.objects.filter(table_id=table_id).select_related("user"))
    VoiceMember.objects.create(
        table_id=table_id,
        user=user,
        peer=peer,
        channel_name=channel_name,
        role=role.role,
        seat=role.seat,
        seen_at=now,
    )
    return Joined(role, [{**peer_of(m), "channel": m.channel_name} for m in others], replaced)


def peer_of(member: VoiceMember) -> dict:
    """A member as the browser sees him (``PEER`` in docs/voice.md)."""
    return {
        "peer": member.peer,
        "user": member.user_id,
        "name": display_name(member.user),
        "seat": member.seat,
        "role": member.role,
        "mic": member.mic,
        "cam": member.cam,
    }


def new_peer(*, peer: str, user, role: Role) -> dict:
    """The PEER of a member who just joined (his microphone and camera off)."""
    return {
        "peer": peer,
        "user": user.pk,
        "name": display_name(user),
        "seat": role.seat,
        "role": role.role,
        "mic": False,
        "cam": False,
    }


def room_check(*, table_id: int, user_id: int, peer: str) -> Role | None:
    """The periodic check of a member: his role now, and his row marked as alive."""
    role = role_of(table_id, user_id)
    if role is not None:
        VoiceMember.objects.filter(peer=peer).update(seen_at=timezone.now())
    return role


@transaction.atomic
def room_state(*, peer: str, mic: bool, cam: bool) -> bool:
    """A member's microphone and camera, for the rosters of those who join after. False (nothing
    changed) when his camera would be one more than ``VOICE_MAX_CAMERAS`` at the table: counted
    under the table's row lock, so two cameras pressed at once cannot both be the last one."""
    table_id = VoiceMember.objects.filter(peer=peer).values_list("table_id", flat=True).first()
    if table_id is None:
        return True  # gone meanwhile: nothing to keep
    if cam:
        list(Table.objects.select_for_update(of=("self",)).filter(pk=table_id).values_list("pk"))
        others = VoiceMember.objects.filter(
            table_id=table_id, cam=True, seen_at__gte=timezone.now() - STALE
        ).exclude(peer=peer)
        if others.count() >= settings.VOICE_MAX_CAMERAS:
            return False
    VoiceMember.objects.filter(peer=peer).update(mic=mic, cam=cam)
    return True


def room_leave(*, peer: str) -> None:
    VoiceMember.objects.filter(peer=peer).delete()
