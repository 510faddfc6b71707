"""``manage.py backup_db [--dir backups]``: a consistent, dated backup of the database."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from arf.backups import BackupError, backup_create


class Command(BaseCommand):
    help = "Write a consistent backup of the database (pg_dump, or SQLite's online backup) into a dated file."

    def add_arguments(self, parser):
        parser.add_argument("--dir", default="backups", help="directory of the backups (default: backups)")

    def handle(self, *args, dir: str, **options):
        try:
            path = backup_create(Path(dir))
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(str(path))
