"""Compute the season's statistics again from the stored hands (docs/statistics.md): for the seasons
before the figures were kept as hands finished, or after a change of their definitions.

    python manage.py compute_statistics              # every season
    python manage.py compute_statistics --season 3   # one season (repeatable)
"""

from django.core.management.base import BaseCommand, CommandError

from championship.models import Season
from championship.statistics.record import rebuild


class Command(BaseCommand):
    help = "Compute each member's statistics again from the stored hands of the seasons given (default: all)."

    def add_arguments(self, parser):
        parser.add_argument("--season", type=int, action="append", help="a season's id (repeatable)")

    def handle(self, *args, season=None, **options):
        seasons = list(Season.objects.filter(pk__in=season)) if season else list(Season.objects.all())
        if season and len(seasons) != len(set(season)):
            missing = sorted(set(season) - {s.pk for s in seasons})
            raise CommandError(f"no season with id {', '.join(map(str, missing))}")
        counted = rebuild(seasons)
        self.stdout.write(f"{counted} hands counted in {len(seasons)} season(s)")
