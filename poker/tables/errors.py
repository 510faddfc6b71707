"""The refusals of the table services, and the small helpers their messages use."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils.functional import lazy


class TableError(Exception):
    """A refusal: ``code`` for programs, ``message`` (translatable) for the player. Nothing changed."""

    def __init__(self, code: str, message: Any) -> None:
        super().__init__(code)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


def fmt(message: Any, **params: Any) -> Any:
    """A translatable message with its values, translated when shown (in the viewer's language)."""
    return lazy(lambda: str(message) % params, str)()


def ms(name: str, default: int) -> timedelta:
    """A duration of the settings, in milliseconds (the pauses and the bots' thinking time)."""
    return timedelta(milliseconds=getattr(settings, name, default))
