"""``manage.py restore_db FILE``: a backup of ``backup_db`` restored into an empty database."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from arf.backups import BackupError, backup_restore


class Command(BaseCommand):
    help = "Restore a backup made by backup_db into the configured database, which must be empty."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file (.dump for PostgreSQL, .sqlite3 for SQLite)")

    def handle(self, *args, file: str, **options):
        try:
            backup_restore(Path(file))
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(self.style.SUCCESS(f"Restored {file}."))
