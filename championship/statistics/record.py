"""Adding a finished hand's figures (``poker.engine.figures``) to each member's rows: in the
hand's follow-up just after its transaction (``receivers.on_hand_finished``), or for stored hands by the
``compute_statistics`` command. Only members count; bots and guests are left out."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from datetime import date, timedelta

from django.db import connection, transaction
from django.db.models import Q

from poker.engine.figures import HandFigures, hand_figures
from poker.engine.figures import PlayerFigures as HandPart
from poker.models import Hand, HandEvent, Table
from poker.tables import after_end

from ..models import AllIn, KnockOut, Member, PlayerFigures, Registration, Season, Session

SUMMED = (
    "hands",
    "vpip",
    "pfr",
    "three_bet_chances",
    "three_bets",
    "aggressive",
    "calls",
    "saw_flop",
    "showdowns",
    "showdowns_won",
    "hands_won",
    "net",
    "allins",
)
FIELDS = (
    *SUMMED,
    "biggest_pot",
    "biggest_pot_hand",
    "best_hand",
    "best_hand_hand",
    "allin_luck",
    "allin_luck_bb",
)

PROVIDER = "championship"


def session_key(table: Table) -> int | None:
    """The pk of the session a poker table plays for ("championship:<pk>"), or None."""
    name, _, key = (table.blind_provider or "").partition(":")
    return int(key) if name == PROVIDER and key.isdigit() else None


def season_on(day: date) -> Season | None:
    """The season in progress on ``day``: the last one started on or before it."""
    return Season.objects.filter(starts_on__lte=day).order_by("-starts_on", "-pk").first()


def public_events(hand: Hand) -> list[dict]:
    return list(
        HandEvent.objects.filter(hand=hand, private=False).order_by("seq").values_list("payload", flat=True)
    )


def add(row: PlayerFigures, part: HandPart, hand: Hand) -> None:
    """One hand's part added to a member's row; a record taken by a bigger figure only."""
    for name in SUMMED:
        setattr(row, name, getattr(row, name) + getattr(part, name))
    if part.won > row.biggest_pot:
        row.biggest_pot, row.biggest_pot_hand = part.won, hand
    if part.best_hand is not None and (row.best_hand is None or part.best_hand > row.best_hand):
        row.best_hand, row.best_hand_hand = part.best_hand, hand
    if part.allins:
        row.allin_luck += part.luck
        row.allin_luck_bb += part.luck / part.big_blind if part.big_blind else 0.0


def allin_rows(hand: Hand, figures: HandFigures, members: dict[int, int], **where) -> list[AllIn]:
    return [
        AllIn(
            member_id=members[user_id],
            hand=hand,
            expected=part.allin_expected,
            won=part.allin_won,
            big_blind=part.big_blind,
            **where,
        )
        for user_id, part in zip(hand.user_ids, figures.players)
        if part.allins and user_id in members
    ]


def record_hand(table: Table, hand: Hand, session: Session | None, events=None) -> None:
    """The figures of a hand just finished, added in its transaction: about six small queries."""
    members = dict(Member.objects.filter(user_id__in=hand.user_ids).values_list("user_id", "pk"))
    if not members:
        return
    season = session.season if session is not None else season_on(hand.ended_at.date())
    if season is None:
        return
    # ``events``: the follow-up's (poker.tables.after_end.HandEvents), read once for its receivers.
    figures = hand_figures(events.public() if events is not None else public_events(hand))
    where = {"season": season, "session": session, "game": table.variant}
    mine = Q(member_id__in=members.values(), season=season, game=table.variant)
    mine &= Q(session=session) if session is not None else Q(session__isnull=True)
    rows = {r.member_id: r for r in PlayerFigures.objects.select_for_update().filter(mine)}
    if len(rows) < len(members):
        # Two tables may finish a hand of the same member at once (open tables): the second insert
        # is ignored and both read the one row, locked.
        PlayerFigures.objects.bulk_create(
            [PlayerFigures(member_id=m, **where) for m in members.values() if m not in rows],
            ignore_conflicts=True,
        )
        rows = {r.member_id: r for r in PlayerFigures.objects.select_for_update().filter(mine)}
    for user_id, part in zip(hand.user_ids, figures.players):
        if user_id in members:
            add(rows[members[user_id]], part, hand)
    save_rows(list(rows.values()))
    allins = allin_rows(hand, figures, members, season=season, session=session)
    if allins:
        AllIn.objects.bulk_create(allins, ignore_conflicts=True)
    if figures.knockouts and session is not None:
        credit_knockouts(table, hand, session, figures)


def save_rows(rows: list[PlayerFigures]) -> None:
    """The rows' figures written, one statement a row sent at once: ``bulk_update`` built a CASE of
    every row for each of the 19 fields, whose compilation cost more CPU than the whole action."""
    fields = [PlayerFigures._meta.get_field(name) for name in FIELDS]
    values = [
        [field.get_db_prep_save(getattr(row, field.attname), connection) for field in fields] + [row.pk]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(_update_sql(), values)


@functools.cache
def _update_sql() -> str:
    quote, meta = connection.ops.quote_name, PlayerFigures._meta
    columns = ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in FIELDS)
    return f"UPDATE {quote(meta.db_table)} SET {columns} WHERE {quote(meta.pk.column)} = %s"


def credit_knockouts(table: Table, hand: Hand, session: Session, figures: HandFigures) -> None:
    """The hand's knock-outs (recorded by ``receivers.on_hand_knockouts`` just before) credited
    to the players who won the largest part of each one's last chips."""
    user_of = hand.user_ids
    knockouts = {
        k.registration.member.user_id: k
        for k in KnockOut.objects.select_related("registration__member").filter(
            session=session, hand_key=f"t{table.pk}-h{hand.number}", undone_at__isnull=True
        )
    }
    if not knockouts:
        return
    credited = {user_of[w] for winners in figures.knockouts.values() for w in winners}
    registrations = dict(
        Registration.objects.filter(session=session, member__user_id__in=credited).values_list(
            "member__user_id", "pk"
        )
    )
    through = KnockOut.knocked_out_by.through
    links = [
        through(knockout_id=knockouts[user_of[out]].pk, registration_id=registrations[user_of[w]])
        for out, winners in figures.knockouts.items()
        if user_of[out] in knockouts
        for w in winners
        if user_of[w] in registrations
    ]
    through.objects.bulk_create(links, ignore_conflicts=True)


def rebuild(seasons: Iterable[Season]) -> int:
    """The figures of ``seasons`` computed again from their stored hands (and online knock-outs
    credited again): the rows are replaced, in one transaction. Returns the hands counted."""
    seasons = sorted(seasons, key=lambda s: (s.starts_on, s.pk))
    if not seasons:
        return 0
    after_end.catch_up(ended_before=timedelta(0))  # no hand left to be counted again after this
    season_ids = {s.pk for s in seasons}
    all_seasons = list(Season.objects.order_by("starts_on", "pk"))
    sessions = {s.pk: s for s in Session.objects.select_related("season").filter(season__in=season_ids)}
    members = dict(Member.objects.filter(user__isnull=False).values_list("user_id", "pk"))
    counted = 0
    with transaction.atomic():
        PlayerFigures.objects.filter(season__in=season_ids).delete()
        AllIn.objects.filter(season__in=season_ids).delete()
        KnockOut.knocked_out_by.through.objects.filter(
            knockout__session__season__in=season_ids, knockout__source=KnockOut.Source.ONLINE
        ).delete()
        rows: dict[tuple, PlayerFigures] = {}
        allins: list[AllIn] = []
        hands = Hand.objects.filter(ended_at__isnull=False).select_related("table").order_by("ended_at", "pk")
        for hand in hands.iterator(chunk_size=500):
            key = session_key(hand.table)
            session = sessions.get(key) if key is not None else None
            if key is not None and session is None:
                continue  # another season's session
            season = session.season if session else _season_of(all_seasons, hand.ended_at.date())
            if season is None or season.pk not in season_ids:
                continue
            mine = {u: members[u] for u in hand.user_ids if u in members}
            if not mine:
                continue
            figures = hand_figures(public_events(hand))
            for user_id, part in zip(hand.user_ids, figures.players):
                if user_id in mine:
                    row_key = (mine[user_id], season.pk, session.pk if session else None, hand.table.variant)
                    row = rows.get(row_key)
                    if row is None:
                        row = rows[row_key] = PlayerFigures(
                            member_id=mine[user_id], season=season, session=session, game=hand.table.variant
                        )
                    add(row, part, hand)
            allins += allin_rows(hand, figures, mine, season=season, session=session)
            if figures.knockouts and session is not None:
                credit_knockouts(hand.table, hand, session, figures)
            counted += 1
        PlayerFigures.objects.bulk_create(rows.values(), batch_size=500)
        AllIn.objects.bulk_create(allins, batch_size=500)
    return counted


def _season_of(seasons: list[Season], day: date) -> Season | None:
    started = [s for s in seasons if s.starts_on <= day]
    return started[-1] if started else None


def merge_member(keep: Member, duplicate: Member) -> None:
    """A merge of two records of one person (``services.members.member_merge``): his figures and
    all-ins move to ``keep``; the rows of the open tables of a season both have are added up."""
    PlayerFigures.objects.filter(member=duplicate, session__isnull=False).update(member=keep)
    kept = {(r.season_id, r.game): r for r in PlayerFigures.objects.filter(member=keep, session__isnull=True)}
    for row in PlayerFigures.objects.filter(member=duplicate, session__isnull=True):
        into = kept.get((row.season_id, row.game))
        if into is None:
            row.member = keep
            row.save(update_fields=["member"])
            continue
        add_figures(into, row, pot_hand="biggest_pot_hand_id", best_hand="best_hand_hand_id")
        into.save()
        row.delete()
    both = AllIn.objects.filter(member=keep).values("hand_id")
    AllIn.objects.filter(member=duplicate).exclude(hand_id__in=both).update(member=keep)


def add_figures(into, row: PlayerFigures, *, pot_hand: str, best_hand: str) -> None:
    """``row``'s figures added to ``into`` (another row, or a page's totals): the counts and the
    luck summed, the biggest pot and the best hand kept with the hand each came from (in ``into``'s
    attributes named ``pot_hand`` and ``best_hand``)."""
    for name in SUMMED:
        setattr(into, name, getattr(into, name) + getattr(row, name))
    into.allin_luck += row.allin_luck
    into.allin_luck_bb += row.allin_luck_bb
    if row.biggest_pot > into.biggest_pot:
        into.biggest_pot = row.biggest_pot
        setattr(into, pot_hand, row.biggest_pot_hand_id)
    if row.best_hand is not None and (into.best_hand is None or row.best_hand > into.best_hand):
        into.best_hand = row.best_hand
        setattr(into, best_hand, row.best_hand_hand_id)
