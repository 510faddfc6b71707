"""What a push message says, in the device's language, and whether it is still worth saying.

A notice is built when its event happens (inside the transaction) and rendered for each device when
it is sent (after the commit), in the language the device's page had when its player said yes. The
payload is small JSON the service worker shows (static/js/service_worker.js): title, body, the page
to open and a tag, so that a newer notice of the same kind replaces the older on the device.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from ..models import Seat

TEXTS = {
    "tables_open": (
        _("The tables are open"),
        _("%(session)s: table %(table)s, seat %(seat)s. Tap to sit down."),
    ),
    "get_ready": (
        _("Your table is waiting for you"),
        _("%(table)s: the first hand is dealt when everybody is there, in %(seconds)s s at the latest."),
    ),
    "turn": (_("Your turn"), _("%(table)s: it is your turn to play.")),
    "moved": (
        _("You move to another table"),
        _("%(session)s: now table %(table)s, seat %(seat)s."),
    ),
}

# A turn is worth nothing a minute later: the push service may drop it rather than deliver it late.
TTL = {"turn": 60, "get_ready": 600}
DEFAULT_TTL = 3600


@dataclass
class Notice:
    kind: str  # a key of TEXTS
    user_id: int
    url: str  # the page a click opens
    tag: str  # a newer notice of the same tag replaces the older, on the device and in the outbox
    params: dict[str, Any] = field(default_factory=dict)
    rank: int = 1  # of two notices with one tag in one transaction, the higher is the one sent
    table_id: int | None = None  # get_ready and turn: checked again when sent (``still_due``)

    @property
    def ttl(self) -> int:
        return TTL.get(self.kind, DEFAULT_TTL)

    @property
    def urgency(self) -> str:
        return "high" if self.kind in ("turn", "get_ready") else "normal"

    def still_due(self) -> bool:
        """Read when sent: his page may have opened (or come into sight) since."""
        if self.table_id is None:
            return True
        seat = Seat.objects.filter(table_id=self.table_id, user_id=self.user_id)
        if self.kind == "get_ready":
            return seat.filter(connections=0).exists()
        if self.kind == "turn":
            return seat.filter(visible_pages=0).exists()
        return True

    def payload(self, language: str) -> str:
        title, body = TEXTS[self.kind]
        with translation.override(language):
            text = {"title": str(title), "body": str(body) % self.params}
        return json.dumps({**text, "url": self.url, "tag": self.tag, "kind": self.kind}, ensure_ascii=False)
