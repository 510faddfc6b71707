"""The games the tables play, one plug-in each, all of one shape (``poker.tables.registry.Game``):
Hold'em and Razz share the betting games' machinery (``betting``); draw against the dealer is banked
by the house (``dealer_draw``). Adding a game is adding its module here and its page.
"""

from __future__ import annotations

from ..tables.registry import register
from . import dealer_draw, holdem, razz

GAMES = (holdem.GAME, razz.GAME, dealer_draw.GAME)


def register_all() -> None:
    """Called once Django is ready (``poker.apps``)."""
    for game in GAMES:
        register(game)
