"""Forget the shared-connection signals of the seasons that are over (docs/integrity.md). It also
runs by itself each time a session is closed.

    python manage.py forget_connections
"""

from django.core.management.base import BaseCommand

from championship.integrity.retention import forget_connections


class Command(BaseCommand):
    help = "Delete the shared-connection signals of the seasons that are over."

    def handle(self, *args, **options):
        self.stdout.write(f"{forget_connections()} connection signal(s) forgotten")
