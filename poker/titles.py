"""A table's name as each reader sees it, in his language, built when it is shown.

A table the championship runs is named from its parts (its session, round and number), which the
championship knows and the table app does not; so it registers a provider, under the same name as
its blind provider (a table with ``blind_provider="championship:<session>"`` is named by the
``"championship"`` provider). Any other table is called by the name its creator gave
(``Table.name``), which stays as a record of what it was called when it opened; a demo table (a
practice table nobody opened, ``load_demo_tables``) is named by a message of the catalogue, in
English, and shown translated.

A provider takes a list of tables and answers ``{table pk: title}`` for those it names, so that a
list of tables is named in one query (``with_titles``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.utils.translation import get_language, gettext

# Tables (poker.models.Table, which imports this module: not imported back here).
Table = Any
TitleProvider = Callable[[list[Table]], dict[int, str]]

_providers: dict[str, TitleProvider] = {}


def register_title_provider(name: str, func: TitleProvider) -> None:
    _providers[name] = func


def unregister_title_provider(name: str) -> None:
    _providers.pop(name, None)


def with_titles(tables: Iterable[Table]) -> list[Table]:
    """``tables`` (a list), each with its title in the current language worked out (kept on the
    row with its language: a row kept between two changes may be shown next in another), one
    query per provider at most."""
    tables = list(tables)
    language = get_language()
    by_provider: dict[str, list[Table]] = {}
    for table in tables:
        demo = table.kind == "practice" and table.created_by_id is None
        table._title = (language, gettext(table.name) if demo else table.name)
        name = table.blind_provider.split(":", 1)[0]
        if name in _providers:
            by_provider.setdefault(name, []).append(table)
    for name, named in by_provider.items():
        titles = _providers[name](named)
        for table in named:
            table._title = (language, titles.get(table.pk, table.name))
    return tables
