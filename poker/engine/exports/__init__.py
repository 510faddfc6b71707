"""Hand histories in the formats the poker world reads, written from a hand's events.

- ``phh.py``: PHH, the Poker Hand History format of the phh-std specification (TOML; variant
  ``NT`` for no-limit Hold'em, ``FR`` for Razz), read and written by PokerKit; ``phhs_entry`` makes
  one hand of the multi-hand ``.phhs`` form.
- ``pokerstars.py``: the PokerStars text of a Hold'em hand, as hand trackers import it.

Both are pure functions of the events (``events.py``) and a ``HandInfo`` (what the events do not
hold: the table, the seats, the names, the time). They write every card they are given: pass the
events one viewer may see (``visible_events(events, player)``), never a hand's whole list. A card
a viewer may not see is written as unknown (``??`` in PHH, no ``Dealt to`` line in PokerStars).
"""

from .info import HandInfo
from .phh import phh_text, phhs_entry
from .pokerstars import pokerstars_text

__all__ = ["HandInfo", "phh_text", "phhs_entry", "pokerstars_text"]
