"""What each audit entry changed, in words: from what to what, for whom."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .models import AuditEntry


def _money(value) -> str:
    try:
        return f"{number_format(Decimal(str(value)), 2)}\u00a0€"
    except (InvalidOperation, TypeError):
        return str(value)


def _fee(state: dict) -> str:
    fee = _money(state.get("fee"))
    return _("%(fee)s paid") % {"fee": fee} if state.get("paid") else _("%(fee)s unpaid") % {"fee": fee}


def audit_text(entry: AuditEntry, names: dict[int, str]) -> str:
    """One line for the session page's audit log; `names` maps member ids to nicknames."""
    d = entry.details or {}
    member = d.get("member") or names.get(d.get("member_id"), "?")
    action = entry.action
    if action == AuditEntry.Action.CLOCK:
        return _("Clock moved from level %(before)s to level %(after)s") % {
            "before": d.get("from_level", "?"),
            "after": d.get("to_level", "?"),
        }
    if action == AuditEntry.Action.FEE_CHANGED:
        return _("Fee of %(member)s changed from %(before)s to %(after)s") % {
            "member": member,
            "before": _fee(d.get("before", {})),
            "after": _fee(d.get("after", {})),
        }
    if action == AuditEntry.Action.UNREGISTERED:
        return _("%(member)s unregistered (fee: %(fee)s)") % {"member": member, "fee": _fee(d)}
    if action == AuditEntry.Action.UNPAID_SEATED:
        return _("%(member)s allowed to play unpaid") % {"member": member}
    if action == AuditEntry.Action.KNOCKOUT_UNDONE:
        return _("Knock-out of %(member)s undone (round %(round)s, table %(table)s)") % {
            "member": member,
            "round": d.get("round", "?"),
            "table": d.get("table", "?"),
        }
    if action == AuditEntry.Action.MEMBERS_MERGED:
        return _("%(merged)s merged into %(kept)s") % {"merged": d.get("merged"), "kept": d.get("kept")}
    if action == AuditEntry.Action.RANDOM_DRAW:
        return _random_draw(d)
    if action == AuditEntry.Action.ANNOUNCEMENT:
        return _("Announcement to every table: “%(text)s”") % {"text": d.get("text", "")}
    return entry.get_action_display()


def _random_draw(d: dict) -> str:
    """What a draw was for, in the reader's words; its label (docs/fairness.md) is the Verify
    page's business, not the log's."""
    label = str(d.get("label", ""))
    if label.startswith("seating:"):
        return _("Seat draw of round %(round)s (it can be checked once the seed is revealed)") % {
            "round": d.get("round") or label.rpartition("round")[2]
        }
    if label.startswith("balance:"):
        moves = int(d.get("moves") or 0)
        return ngettext(
            "Draw balancing the tables: %(count)s player moved (it can be checked once the seed is revealed)",
            "Draw balancing the tables: %(count)s players moved (it can be checked once the seed is "
            "revealed)",
            moves,
        ) % {"count": moves}
    return _("Random draw (it can be checked once the seed is revealed)")
