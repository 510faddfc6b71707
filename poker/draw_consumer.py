"""The websocket messages of a table of draw against the dealer (``poker.consumers`` routes them).

From the browser (JSON), beside ``snapshot``, ``chat``, ``sit``, ``leave``, ``sit_out``, ``sit_in``:

``{"type": "bet", "amount": 50}``: the bet on the next round (between rounds).
``{"type": "draw", "cards": ["3c", "5d"], "hand": 12, "seq": 345}``: the cards thrown (0 to 3),
answering the view of that round and seq.

Anything malformed is refused here, before a service is called: an ``error`` to this client only.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext_lazy as _

from . import draw
from .db import in_thread
from .engine.dealer_draw import MAX_DRAW
from .messages import BadMessage, chips, hand_and_seq, seat_number
from .services import _fmt

CARD = re.compile(r"[2-9TJQKA][cdhs]")


class DrawMessages:
    """The handlers ``on_<type>`` of a dealer-draw table (mixed into ``TableConsumer``)."""

    async def on_snapshot(self, message: dict[str, Any]) -> None:
        await self.do_snapshot(message)

    async def on_chat(self, message: dict[str, Any]) -> None:
        await self.do_chat(message)

    async def on_sit(self, message: dict[str, Any]) -> None:
        seat = seat_number(message.get("seat"))
        await in_thread(draw.draw_sit)(table_id=self.table_id, user=self.user, seat=seat)

    async def on_leave(self, message: dict[str, Any]) -> None:
        await in_thread(draw.draw_leave)(table_id=self.table_id, user=self.user)

    async def on_sit_out(self, message: dict[str, Any]) -> None:
        await in_thread(draw.draw_sit_out)(table_id=self.table_id, user=self.user, away=True)

    async def on_sit_in(self, message: dict[str, Any]) -> None:
        await in_thread(draw.draw_sit_out)(table_id=self.table_id, user=self.user, away=False)

    async def on_bet(self, message: dict[str, Any]) -> None:
        amount = chips(message.get("amount"))
        await in_thread(draw.draw_bet)(table_id=self.table_id, user=self.user, amount=amount)

    async def on_draw(self, message: dict[str, Any]) -> None:
        cards = message.get("cards", [])
        hand, seq = hand_and_seq(message)
        if not isinstance(cards, list) or not all(isinstance(c, str) and CARD.fullmatch(c) for c in cards):
            raise BadMessage("bad_cards", _("The cards to throw are a list of cards like “7c”."))
        if len(cards) > MAX_DRAW:
            raise BadMessage("too_many_cards", _fmt(_("You may throw at most %(n)s cards."), n=MAX_DRAW))
        await in_thread(draw.draw_exchange)(
            table_id=self.table_id, user=self.user, cards=cards, hand_id=hand, seq=seq
        )
