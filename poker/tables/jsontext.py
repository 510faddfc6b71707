"""The JSON text of the tables' messages, made with orjson.

orjson (in Rust) writes a table's messages about 8 times quicker than the standard library's C
encoder: a change's document for the database 6 µs instead of 49 µs (bench/tables.py's profile
had JSON at about 3 % of daphne's time an action). Its text is the same JSON: dict keys that are
not strings become strings, as with ``json``; datetimes go to Django's encoder, as they did
(milliseconds, ``Z``), so what the pages read does not change.
"""

from __future__ import annotations

import orjson
from django.core.serializers.json import DjangoJSONEncoder

_django = DjangoJSONEncoder()
_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME


def dumps(data) -> str:
    """A message to the browser, as ``json.dumps(data, cls=DjangoJSONEncoder)`` without spaces."""
    return orjson.dumps(data, default=_django.default, option=_OPTIONS).decode()


def dumps_for_database(data) -> str:
    """A document for PostgreSQL: datetimes to the microsecond, with their offset (a timestamptz)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
