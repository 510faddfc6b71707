"""Five-card draw against the dealer (docs/rules.md, "Five-card draw against the dealer"): the
house banks the game, with practice chips from each player's bankroll. ``play``: a table's
change (bets, deal, draw, settlement); ``services``: the bet and the draw; ``views``: what the
viewers see; ``bankroll``: the practice chips.

The table's stakes: the minimum bet and the maximum (``Table.min_bet``, ``Table.max_bet``).
"""

from __future__ import annotations

from ...models import Table
from ...pages.catalogue import draw_catalogue
from ...tables.registry import Game
from . import pages, views
from .form import FORM
from .play import DrawPlay
from .services import MESSAGES, paytable


def check_settings(
    *, kind: str, blind_provider: str, min_bet: int = 10, max_bet: int = 200, ante: int = 0
) -> dict[str, int]:
    if kind == Table.Kind.TOURNAMENT or blind_provider:
        raise ValueError("draw against the dealer is played with practice chips: no tournament table")
    if min_bet < 1 or max_bet < min_bet:
        raise ValueError(f"bets from {min_bet} to {max_bet} make no sense")
    if ante:
        raise ValueError("draw against the dealer has no ante")
    return {"min_bet": min_bet, "max_bet": max_bet}


GAME = Game(
    variant=Table.Variant.DEALER_DRAW,
    play=DrawPlay,
    new_fold=views.RoundFold,
    public_view=views.public_view,
    private_part=views.private_part,
    me=views.me,
    extras=views.extras,
    messages=MESSAGES,
    stakes=("min_bet", "max_bet"),
    check_settings=check_settings,
    replay_steps=views.draw_replay_steps,
    page={
        "template": "poker/draw_table.html",
        "replay": "poker/draw_replay.html",
        "words": draw_catalogue,
        "context": lambda table: {"paytable": paytable(table.decks)},
        "list_context": pages.list_context,
        "urls": pages.urls,
    },
    counts_presence=False,
    form=FORM,
)
