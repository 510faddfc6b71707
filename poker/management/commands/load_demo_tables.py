"""Demo tables for `make run`: a table of bots that plays by itself, so a newcomer sees a live game
at once (and can take one of its free seats, or open his own practice table)."""

from django.core.management.base import BaseCommand

from poker import services
from poker.models import Table

DEMO_NAME = "Table de démonstration"


class Command(BaseCommand):
    help = "Open the demo table of bots, unless it is already there."

    def handle(self, *args, **options):
        if (
            Table.objects.filter(kind=Table.Kind.PRACTICE, created_by=None)
            .exclude(status="finished")
            .exists()
        ):
            self.stdout.write("Demo table already open.")
            return
        table = services.practice_table_open(user=None, bots=4, name=DEMO_NAME)
        self.stdout.write(self.style.SUCCESS(f"Demo table open: /tables/{table.pk}/"))
