"""Sending an announcement: its rules, its row and its audit entry in one transaction, then, once
committed, the pushes: the session's screens look again (the TV draws it, session_events) and each
player's open pages get it over his notices socket (championship.notices), the text in the message:
it is the same for every player and no secret, so no page has to ask for it."""

from __future__ import annotations

import json
import unicodedata

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import notices
from ..models import AuditEntry, Registration, Session
from ..services.sessions import lock
from .models import MAX_LENGTH, Announcement


def announcement_text_clean(text: str) -> str:
    """The text as it will be shown: on one line (a bar), spaces squashed, no control character.
    Raises with the reason when nothing is left or it is too long."""
    words = "".join(c for c in str(text) if c.isspace() or unicodedata.category(c) != "Cc").split()
    cleaned = " ".join(words)
    if not cleaned:
        raise ValidationError(_("Write the announcement first."), code="empty")
    if len(cleaned) > MAX_LENGTH:
        raise ValidationError(
            ngettext(
                "An announcement is %(max)s character at most (this one has %(count)s).",
                "An announcement is %(max)s characters at most (this one has %(count)s).",
                MAX_LENGTH,
            )
            % {"max": MAX_LENGTH, "count": len(cleaned)},
            code="too_long",
        )
    return cleaned


@transaction.atomic
def announcement_send(*, session: Session, text: str, by: AbstractBaseUser | None) -> Announcement:
    """Stores the announcement, writes it in the audit log, and after the commit shows it on the
    session's TV and on every open page of its players. A closed session takes none."""
    cleaned = announcement_text_clean(text)
    session = lock(session)  # one at a time per session; the TV looks again after the commit
    if session.status == Session.Status.CLOSED:
        raise ValidationError(_("The session is closed: nobody is playing to read an announcement."))
    announcement = Announcement.objects.create(session=session, text=cleaned, by=by)
    AuditEntry.objects.create(
        session=session,
        action=AuditEntry.Action.ANNOUNCEMENT,
        by=by,
        details={"announcement": announcement.pk, "text": cleaned},
    )
    if session.mode == Session.Mode.ONLINE:  # only an online session's players have its pages open
        players = Registration.objects.filter(session=session).values_list("member__user_id", flat=True)
        message = json.dumps({"type": "announcement", "announcement": announcement.as_data()})
        notices.notify(players, message=message)
    return announcement
