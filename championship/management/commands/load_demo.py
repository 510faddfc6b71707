"""Demo data for `make run`: loaded only into an empty database, so a newcomer can look around."""

import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.roles import ORGANIZER_GROUP
from championship.models import ChipColour, GameTable, Member, Seat, Session
from championship.services import registrations as reg_services
from championship.services import seasons as season_services
from championship.services import sessions as run

DEMO_PASSWORD = "arf-demo-2026"
ORGANIZER = ("organisateur", "Organisateur")
# (full name, nickname, branch, has a player account)
MEMBERS = [
    ("Hery Rakotomalala", "Hery", "Rakoto", True),
    ("Voahangy Rasoanaivo", "Voahangy", "Rasoa", True),
    ("Tiana Andrianarisoa", "Tiana", "Andriana", True),
    ("Mialy Razafindrabe", "Mialy", "Razafy", True),
    ("Fanja Ravelojaona", "Fanja", "Ravelo", True),
    ("Njaka Rakotondrabe", "Njaka", "Rakoto", True),
    ("Lova Randrianasolo", "Lova", "Andriana", False),
    ("Haja Ratsimbazafy", "Haja", "Razafy", False),
    ("Soa Rahariniaina", "Soa", "Rasoa", False),
    ("Faly Rabemananjara", "Faly", "Ravelo", False),
    ("Zo Rafanomezantsoa", "Zo", "Rakoto", False),
    ("Aina Rasolofoniaina", "Aina", "Andriana", False),
]


class Command(BaseCommand):
    help = "Load demo data (an organizer, a dozen members) when the database has no member yet."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="load even if the database has data")

    @transaction.atomic
    def handle(self, *args, force: bool = False, **options):
        User = get_user_model()
        if not force and (Member.objects.exists() or User.objects.exists()):
            self.stdout.write("Database not empty: demo data not loaded.")
            return
        organizer = User.objects.create_user(
            username=ORGANIZER[0], password=DEMO_PASSWORD, first_name=ORGANIZER[1], is_staff=True
        )
        organizer.groups.add(Group.objects.get(name=ORGANIZER_GROUP))
        for full_name, nickname, branch, has_account in MEMBERS:
            user = None
            if has_account:
                user = User.objects.create_user(
                    username=nickname.lower(), password=DEMO_PASSWORD, first_name=nickname
                )
            Member.objects.create(full_name=full_name, nickname=nickname, branch=branch, user=user)
        self._season(organizer)
        self.stdout.write(self.style.SUCCESS("Demo data loaded."))
        self.stdout.write(f"  organizer: {ORGANIZER[0]} / {DEMO_PASSWORD}")
        players = ", ".join(m[1].lower() for m in MEMBERS if m[3])
        self.stdout.write(f"  players:   {players} (password {DEMO_PASSWORD})")

    def _season(self, organizer) -> None:
        """A season begun five months ago: its past sessions played live and closed, the next one
        open with a few registrations, and the family's chip set."""
        rng = random.Random(2026)
        first = timezone.localdate() - timedelta(days=150)
        season = season_services.season_create(name=f"Saison {first.year}", starts_on=first.replace(day=1))
        members = list(Member.objects.filter(eligible=True))
        for session in season.sessions.filter(scheduled_at__lt=timezone.now()).order_by("number"):
            for member in rng.sample(members, rng.randint(9, len(members))):
                registration = reg_services.registration_create(session=session, member=member, by=organizer)
                reg_services.fee_record(
                    registration=registration,
                    amount=registration.fee,
                    paid=True,
                    method=rng.choice(["cash", "transfer"]),
                    by=organizer,
                )
            run.session_start(session=session, by=organizer)
            self._play(session, rng, organizer)
            run.session_close(session=session, by=organizer)
            Session.objects.filter(pk=session.pk).update(
                started_at=session.scheduled_at, finished_at=session.scheduled_at + timedelta(hours=4)
            )
        upcoming = season.sessions.filter(status=Session.Status.PLANNED).order_by("number").first()
        if upcoming is not None:
            for member in members[:5]:
                registration = reg_services.registration_create(session=upcoming, member=member, by=organizer)
                if member.user_id:
                    reg_services.fee_record(
                        registration=registration,
                        amount=registration.fee,
                        paid=True,
                        method="cash",
                        by=organizer,
                    )
        for colour, value, count in [
            ("blanc", 5, 200),
            ("rouge", 25, 200),
            ("vert", 100, 200),
            ("noir", 500, 100),
        ]:
            ChipColour.objects.create(colour=colour, value=value, count=count)

    @staticmethod
    def _play(session: Session, rng: random.Random, organizer) -> None:
        """Knock-outs at random, one at a time, until the session has its winner."""
        while True:
            session.refresh_from_db()
            if session.status == Session.Status.FINISHED:
                return
            if session.status == Session.Status.ROUND1 and run.round1_done(session):
                run.round2_draw(session=session, by=organizer)
                continue
            round_number = session.round_number
            open_tables = GameTable.objects.filter(
                session=session, round_number=round_number, closed_at__isnull=True
            )
            table = rng.choice(list(open_tables.values_list("number", flat=True)))
            seats = list(
                Seat.objects.filter(
                    session=session, round_number=round_number, table=table, active=True
                ).select_related("registration__member")
            )
            out = rng.choice(seats)
            # Who knocked him out, from a draw of its own: the demo's results stay those of its seed.
            by = random.Random(session.pk * 1000 + len(seats)).choice([s for s in seats if s != out])
            run.knockout_record(
                session=session,
                table=table,
                busted=[(out.registration, None)],
                by=organizer,
                knocked_out_by=by.registration,
            )
