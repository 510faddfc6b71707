"""Backing up and restoring the one database that holds the championship's years of results.

PostgreSQL: ``pg_dump`` in its custom format (a consistent snapshot taken while the app runs) and
``pg_restore``. SQLite: the online backup API of ``sqlite3``, consistent too while others write.
Either way the backup is one dated file; a restore goes only into an empty database, so it can
never mix two histories.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.db import connections
from django.utils import timezone

SUFFIX = {"postgresql": ".dump", "sqlite": ".sqlite3"}


class BackupError(RuntimeError):
    pass


def _vendor(alias: str = "default") -> str:
    vendor = connections[alias].vendor
    if vendor not in SUFFIX:
        raise BackupError(f"backups support PostgreSQL and SQLite, not {vendor}")
    return vendor


def _pg_env(settings: dict) -> dict[str, str]:
    """libpq's variables for the configured database (the password never on a command line)."""
    env = dict(os.environ)
    for key, name in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"), ("PASSWORD", "PGPASSWORD")):
        if settings.get(key):
            env[name] = str(settings[key])
    env["PGDATABASE"] = settings["NAME"]
    return env


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise BackupError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return path


def backup_create(directory: Path, alias: str = "default") -> Path:
    """Writes a consistent backup into ``directory`` as ``arf-<date>-<time>.<dump|sqlite3>``."""
    vendor = _vendor(alias)
    directory.mkdir(parents=True, exist_ok=True)
    stamp = timezone.localtime().strftime("%Y-%m-%d-%H%M%S")
    target = directory / f"arf-{stamp}{SUFFIX[vendor]}"
    partial = target.with_name(target.name + ".partial")  # never a half-written file under the name
    settings = connections[alias].settings_dict
    if vendor == "postgresql":
        result = subprocess.run(
            [_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges", f"--file={partial}"],
            env=_pg_env(settings),
            capture_output=True,
            text=True,
        )
        if result.returncode:
            partial.unlink(missing_ok=True)
            raise BackupError(f"pg_dump failed: {result.stderr.strip()}")
    else:
        source = sqlite3.connect(settings["NAME"])
        copy = sqlite3.connect(partial)
        try:
            with copy:
                source.backup(copy)
        finally:
            copy.close()
            source.close()
    partial.rename(target)
    return target


def _tables(alias: str) -> list[str]:
    with connections[alias].cursor() as cursor:
        return connections[alias].introspection.table_names(cursor)


def backup_restore(path: Path, alias: str = "default") -> None:
    """Restores ``path`` into the configured database, which must be empty."""
    vendor = _vendor(alias)
    if not path.is_file():
        raise BackupError(f"no backup file at {path}")
    if path.suffix != SUFFIX[vendor]:
        raise BackupError(f"{path.name} is not a {vendor} backup (expected a {SUFFIX[vendor]} file)")
    if tables := _tables(alias):
        raise BackupError(
            f"the database is not empty ({len(tables)} tables): restore only into a new, empty database"
        )
    settings = connections[alias].settings_dict
    connections[alias].close()
    if vendor == "postgresql":
        result = subprocess.run(
            [
                _tool("pg_restore"),
                "--no-owner",
                "--no-privileges",
                "--exit-on-error",
                "--single-transaction",
                f"--dbname={settings['NAME']}",
                str(path),
            ],
            env=_pg_env(settings),
            capture_output=True,
            text=True,
        )
        if result.returncode:
            raise BackupError(f"pg_restore failed: {result.stderr.strip()}")
    else:
        source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        target = sqlite3.connect(settings["NAME"])
        try:
            with target:
                source.backup(target)
        finally:
            target.close()
            source.close()
