"""Demo data for `make run`: loaded only into an empty database, so a newcomer can look around."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.roles import ORGANIZER_GROUP
from championship.models import Member

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
        self.stdout.write(self.style.SUCCESS("Demo data loaded."))
        self.stdout.write(f"  organizer: {ORGANIZER[0]} / {DEMO_PASSWORD}")
        players = ", ".join(m[1].lower() for m in MEMBERS if m[3])
        self.stdout.write(f"  players:   {players} (password {DEMO_PASSWORD})")
