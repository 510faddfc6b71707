"""The two roles: organizer (runs the championship) and player (everyone else with an account)."""

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

ORGANIZER_GROUP = "Organisateurs"
# Declared on championship.Member; named here as a string so accounts imports no other app.
ORGANIZER_PERMISSION = "championship.manage_championship"


def is_organizer(user: AbstractBaseUser | AnonymousUser) -> bool:
    return bool(user.is_authenticated and user.has_perm(ORGANIZER_PERMISSION))


def display_name(user: AbstractBaseUser) -> str:
    """The name shown at tables and in lists: the one the user chose, else the username."""
    return user.first_name or user.get_username()
