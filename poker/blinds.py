"""Where a Hold'em table's blinds come from: its own settings, or a provider another app registers.

The championship runs one clock for all the tables of a session: it registers a provider, and a
table opened with ``blind_provider="championship:<session_pk>"`` asks it for the level each time
a hand starts (docs/rules.md, "Blinds and clock": a new level starts with the next hand dealt).
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ImproperlyConfigured

Blinds = tuple[int, int, int]  # small blind, big blind, ante
BlindProvider = Callable[[str], Blinds]

_providers: dict[str, BlindProvider] = {}


def register_blind_provider(name: str, func: BlindProvider) -> None:
    """``func(key)`` is called with the table's whole ``blind_provider`` value ("championship:12")."""
    _providers[name] = func


def unregister_blind_provider(name: str) -> None:
    _providers.pop(name, None)


def table_blinds(table) -> Blinds:
    """The blinds and ante of the next hand dealt at ``table``."""
    key = table.blind_provider
    if not key:
        return table.small_blind, table.big_blind, table.ante
    name = key.split(":", 1)[0]
    try:
        provider = _providers[name]
    except KeyError:
        raise ImproperlyConfigured(
            f"no blind provider registered under {name!r} (table {table.pk})"
        ) from None
    small_blind, big_blind, ante = provider(key)
    return int(small_blind), int(big_blind), int(ante)
