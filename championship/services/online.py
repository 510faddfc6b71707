"""The link to the online tables (poker app), for sessions played online. Live sessions do nothing
here. Until the table app provides poker.services (see CONTRACT.md), online sessions cannot start."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ..models import SeatingDraw, Session, TableMove


def check_available(session: Session) -> None:
    if session.mode == Session.Mode.ONLINE:
        raise ValidationError(
            _("Online tables are not available in this version: switch this session to live mode.")
        )


def after_draw(*, session: Session, draw: SeatingDraw, by) -> None:
    check_available(session)


def after_moves(*, session: Session, moves: list[TableMove], broken: list[int]) -> None:
    check_available(session)
