"""Demo tables for `make run`: tables of bots that play by themselves (Hold'em and Razz), so a
newcomer sees a live game at once (and can take one of their free seats, or open his own practice
table)."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext_noop

from poker import services
from poker.models import Table

# Stored in English, shown in the reader's language (poker.titles: a demo table's name is a message
# of the catalogue).
DEMO_TABLES = {
    Table.Variant.HOLDEM: gettext_noop("Demonstration table"),
    Table.Variant.RAZZ: gettext_noop("Razz demonstration"),
}


class Command(BaseCommand):
    help = "Open the demo tables of bots, unless they are already there."

    def handle(self, *args, **options):
        for variant, name in DEMO_TABLES.items():
            demo = Table.objects.filter(kind=Table.Kind.PRACTICE, created_by=None, variant=variant)
            if demo.exclude(status=Table.Status.FINISHED).exists():
                self.stdout.write(f"{name}: already open.")
                continue
            table = services.practice_table_open(user=None, bots=4, name=name, variant=variant)
            self.stdout.write(self.style.SUCCESS(f"{name}: /tables/{table.pk}/"))
