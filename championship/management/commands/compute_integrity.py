"""Read the stored hands of championship sessions again for the pair figures (docs/integrity.md):
for the hands stored before they were kept as hands finished, or after a change of a definition.

    python manage.py compute_integrity               # every session
    python manage.py compute_integrity --season 3    # the sessions of one season (repeatable)
    python manage.py compute_integrity --session 12  # one session (repeatable)
"""

from django.core.management.base import BaseCommand, CommandError

from championship.integrity.record import rebuild
from championship.models import Season, Session


class Command(BaseCommand):
    help = "Read the stored hands of the sessions given (default: all) again for the pair figures."

    def add_arguments(self, parser):
        parser.add_argument("--season", type=int, action="append", help="a season's id (repeatable)")
        parser.add_argument("--session", type=int, action="append", help="a session's id (repeatable)")

    def handle(self, *args, season=None, session=None, **options):
        for model, ids in ((Season, season), (Session, session)):
            if ids:
                missing = sorted(
                    set(ids) - set(model.objects.filter(pk__in=ids).values_list("pk", flat=True))
                )
                if missing:
                    raise CommandError(f"no {model.__name__.lower()} with id {', '.join(map(str, missing))}")
        sessions = Session.objects.all()
        if season or session:
            sessions = sessions.filter(pk__in=session or []) | sessions.filter(season__in=season or [])
        sessions = list(sessions.distinct())
        counted = rebuild(sessions)
        self.stdout.write(f"{counted} hands read in {len(sessions)} session(s)")
