"""What happened in a hand, as events the table app stores, numbers and broadcasts.

An event is a plain ``dict`` that ``json.dumps`` takes as it is (ints, strings, bools, lists,
None): a ``"type"`` string and the fields below. Cards are their text ("As"). Players are indices
0..n-1, clockwise. The engine appends every event to ``hand.events`` and ``act()`` returns the ones
that action produced; events are never changed once made (treat them as read-only).

Visibility: an event with ``"private": True`` may be shown only to its ``"player"`` (his hole
cards); every other event is public. ``visible_events(events, viewer)`` filters a list for one
viewer (a player index, or None for a spectator). Burned cards and the undealt deck never appear
in an event.

No-limit Hold'em events, in the order a hand produces them:

``hand_started``  ``players`` (count), ``button``, ``small_blind_player`` (None: no small blind),
                  ``big_blind_player``, ``small_blind``, ``big_blind``, ``ante``, ``stacks``
                  (starting stacks).
``ante``          ``player``, ``amount``, ``all_in``: one per player dealt in, from the button's left.
``small_blind``   ``player``, ``amount``, ``all_in`` (``amount`` below the blind when all-in).
``big_blind``     ``player``, ``amount``, ``all_in``. A forced bet of 0 chips (the ante took the
                  whole stack) makes no event.
``hole_cards``    ``player``, ``cards`` (2), ``private``: True. One per player, in dealing order.
``fold``          ``player``.
``check``         ``player``.
``call``          ``player``, ``amount`` (chips added), ``total`` (his bet for the round), ``all_in``.
``bet``           ``player``, ``amount`` (chips added), ``total``, ``all_in``: the first bet of a
                  round after the flop.
``raise``         ``player``, ``amount`` (chips added), ``total`` (the "raise to"), ``by`` (the
                  increase over the bet he faced), ``all_in``.
``uncalled_bet_returned``  ``player``, ``amount``: the part of a bet nobody matched, given back.
``pots``          ``street`` (the betting round just ended), ``pots``: a list of
                  ``{"amount", "players"}``, main pot first, then side pots.
``burn``          ``street`` (the street it comes before). No card: burned cards are never shown.
``board``         ``street`` ("flop", "turn", "river"), ``cards`` (the new cards), ``board`` (all).
``show``          ``player``, ``cards``, ``hand``: the hand he makes, ``{"category", "en", "fr"}``
                  (``"Pair of aces"`` / ``"Paire d'as"``), or None while the board has fewer than
                  three cards (all-in before the flop: the cards are shown at once).
``pot_awarded``   ``pot`` (index, 0 = main pot), ``amount``, ``winners`` (clockwise from the
                  button's left), ``shares`` (chips each winner gets, same order), ``hand``
                  (the winning hand, as in ``show``, or None), ``uncontested`` (True when only one
                  player could win it: no showdown for it).
``hand_over``     ``stacks`` (final stacks), ``winnings`` (final minus starting stack, per player).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Event = dict[str, Any]

HAND_STARTED = "hand_started"
ANTE = "ante"
SMALL_BLIND = "small_blind"
BIG_BLIND = "big_blind"
HOLE_CARDS = "hole_cards"
FOLD = "fold"
CHECK = "check"
CALL = "call"
BET = "bet"
RAISE = "raise"
UNCALLED_BET_RETURNED = "uncalled_bet_returned"
POTS = "pots"
BURN = "burn"
BOARD = "board"
SHOW = "show"
POT_AWARDED = "pot_awarded"
HAND_OVER = "hand_over"

EVENT_TYPES = (
    HAND_STARTED,
    ANTE,
    SMALL_BLIND,
    BIG_BLIND,
    HOLE_CARDS,
    FOLD,
    CHECK,
    CALL,
    BET,
    RAISE,
    UNCALLED_BET_RETURNED,
    POTS,
    BURN,
    BOARD,
    SHOW,
    POT_AWARDED,
    HAND_OVER,
)
FORCED_BETS = (ANTE, SMALL_BLIND, BIG_BLIND)
PLAYER_ACTIONS = (FOLD, CHECK, CALL, BET, RAISE)


def is_visible(event: Event, viewer: int | None) -> bool:
    """May ``viewer`` (a player index, or None for a spectator) see this event?"""
    return not event.get("private") or event.get("player") == viewer


def visible_events(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """The events one viewer may see: his own hole cards, nobody else's."""
    return [event for event in events if not event.get("private") or event.get("player") == viewer]
