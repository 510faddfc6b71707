"""The games a table can play: each game's plug-in (``poker.games``) registers here what the core
asks of it, and the core finds a table's game by its ``variant``. The core never imports a game:
``poker.apps`` loads the plug-ins when Django starts.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

# Every part of the core imports the registry, and it imports none of them: the types it would
# name (a ``Play`` class, a ``Hand``, a ``StoredEvent``) are written ``Any``.


class Fold(Protocol):
    """A hand's events folded into what its views are drawn from (one viewer's, or the public)."""

    def apply(self, event: Any) -> None: ...


# A websocket message of the game: the consumer (``poker.tables.consumer``) and the message.
Handler = Callable[[Any, dict[str, Any]], Awaitable[None]]


@dataclass(frozen=True)
class Game:
    """What one game gives the table core.

    ``play``: the class of its changes (a ``Play``: how a hand is dealt, advanced and finished).
    ``new_fold(hand)``: the empty fold of a hand's public events. ``public_view(table, seats,
    names, hand, fold, now)``: the view every viewer gets. ``private_part(seat, hand, own_events,
    user_id, extra)``: what only that player sees, laid over the public view by ``compose`` with
    ``me(view, seat_entry, private, user_id)``; ``extras(user_ids)``: what his part needs from
    other rows (the dealer game's bankroll), read once for all. ``messages``: the websocket
    messages the game adds to the core's. ``stakes``: the names of the game's stakes fields on
    ``Table`` and ``Hand`` (the others stay 0). ``check_settings(kind=, blind_provider=,
    **stakes)``: the game's stakes as stored (its defaults filled in), ValueError when the table's
    settings make no sense for the game. ``replay_steps``: a finished hand step by step. ``page``: the
    templates and words of its pages (``template``, ``replay``, ``words``; ``context(table)``: what
    else its table page shows; ``list_context(user)``: what the table list shows of it; ``urls``:
    its other pages; ``coach``: whether the coach reviews its hands, ``poker.coach``)."""

    variant: str
    play: type  # a subclass of poker.tables.play.Play
    new_fold: Callable[[Any], Fold]  # (hand) -> its empty fold
    public_view: Callable[..., dict[str, Any]]
    private_part: Callable[..., dict[str, Any]]
    me: Callable[[dict[str, Any], dict[str, Any] | None, dict[str, Any], int], dict[str, Any]]
    messages: Mapping[str, Handler]
    stakes: tuple[str, ...]
    check_settings: Callable[..., dict[str, int]]
    replay_steps: Callable[..., list[dict[str, Any]]]
    page: Mapping[str, Any] = field(default_factory=dict)
    extras: Callable[[set[int]], dict[int, dict[str, Any]]] = lambda user_ids: {}
    # Whether a player is counted present at his seat while his page is open (the get-ready wait).
    counts_presence: bool = True
    # A practice table of the game for ``user`` (``practice(user=, bots=, name=, level=)``), if it has bots.
    practice: Callable[..., Any] | None = None
    # The hand history files of the poker world its hands are written as (``poker.pages.downloads``:
    # "phh", "phh-zip", "pokerstars"); none for a game no such format describes.
    hand_files: tuple[str, ...] = ()
    # Its part of the organizer's table form (``poker.pages.forms.TableForm``), so that the form
    # names no game: ``fields``, the settings only some games have that it shows; ``field_help``, the
    # help of such a field of its own; ``help``, the help it gives a field every game shows (the
    # game, the kind, the stack, the action time; none where the label says it all); ``clean(form,
    # data)``, its settings checked and completed as ``table_open`` takes them (the other games'
    # fields already dropped); ``practice_label``, its name on the practice form (a game with bots).
    form: Mapping[str, Any] = field(default_factory=dict)


_games: dict[str, Game] = {}


def register(game: Game) -> None:
    _games[game.variant] = game


def game_of(variant: str) -> Game:
    """The game of a table's ``variant`` (KeyError for a game no plug-in registered)."""
    return _games[variant]


def game_of_table(table: Any) -> Game:
    return _games[table.variant]


def games() -> list[Game]:
    """Every game, in the order the plug-ins registered."""
    return list(_games.values())
