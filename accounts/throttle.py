"""django-axes' database handler with a limit of its own for an address.

Five wrong passwords lock a username; an address is shared by a whole family gathering (one Wi-Fi,
one public address), so it is locked only after ``LOGIN_ADDRESS_FAILURE_LIMIT`` failures (20),
enough to stop one machine trying many usernames without locking the room out when a few cousins
mistype. Axes compares one count with one limit (``AXES_FAILURE_LIMIT``): the address's failures
are put on the username's scale, so that comparison holds exactly for both.
"""

from __future__ import annotations

from axes.handlers.database import AxesDatabaseHandler
from django.conf import settings
from django.db.models import Sum


class LoginThrottle(AxesDatabaseHandler):
    def get_failures(self, request, credentials: dict | None = None) -> int:
        by_username, by_address = (
            attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            for attempts in self.get_user_attempts(request, credentials)  # AXES_LOCKOUT_PARAMETERS' order
        )
        # floor(a * L / A) >= L exactly when a >= A: the address is locked at its own limit A.
        scaled = by_address * settings.AXES_FAILURE_LIMIT // settings.LOGIN_ADDRESS_FAILURE_LIMIT
        return max(by_username, scaled)
