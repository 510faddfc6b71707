"""What happened in a hand, as events the table app stores, numbers and broadcasts.

An event is a plain ``dict`` that ``json.dumps`` takes as it is (ints, strings, bools, lists,
None): a ``"type"`` string and the fields below. Cards are their text ("As"). Players are indices
0..n-1, clockwise. The engine appends every event to ``hand.events`` (``rnd.events`` for a round of
draw against the dealer) and ``act()`` returns the ones that action produced; events are never
changed once made (treat them as read-only).

Visibility: an event with ``"private": True`` may be shown only to its ``"player"``; every other
event is public. The private events are the cards a player alone may see, in every game:
``hole_cards`` (Hold'em hole cards, Razz down cards, the five cards of draw against the dealer) and
``new_cards`` (what a player threw and got in draw against the dealer). ``visible_events(events,
viewer)`` filters a list for one viewer (a player index, or None for a spectator, who sees no
private event). Nothing public ever names a card that is private to a player until he shows it
(``show``, at the showdown); burned cards, the undealt deck and the dealer's hand before he shows
it never appear in an event.

Events of every game that bets (Hold'em, Razz):

``away``          ``player``: the table's own event, not the engine's (like Hold'em's ``equity``):
                  he was away when the hand was dealt, or went away (out of time) before any move
                  of his own; the table answered for him. Such a hand is not one he "played"
                  (``figures``, docs/statistics.md) unless he is ``back`` and then moves himself.
``back``          ``player``: the table's own event: he came back during the hand.

``ante``          ``player``, ``amount``, ``all_in``: one per player dealt in (Hold'em: from the
                  button's left; Razz: from player 0).
``fold``          ``player``.
``check``         ``player``.
``call``          ``player``, ``amount`` (chips added), ``total`` (his bet for the round), ``all_in``.
``bet``           ``player``, ``amount`` (chips added), ``total``, ``all_in``: the first bet of a
                  round (Hold'em after the flop, Razz from 4th street).
``raise``         ``player``, ``amount`` (chips added), ``total`` (the "raise to"), ``by`` (the
                  increase over the bet he faced), ``all_in``.
``uncalled_bet_returned``  ``player``, ``amount``: the part of a bet nobody matched, given back.
``pots``          ``street`` (the betting round just ended), ``pots``: a list of
                  ``{"amount", "players"}``, main pot first, then side pots.
``burn``          ``street`` (the street it comes before). No card: burned cards are never shown.
``board``         ``street``, ``cards`` (the new cards), ``board`` (all the community cards).
``show``          ``player``, ``cards``, ``hand``: the hand he makes, ``{"category", "en", "fr",
                  "phrase": {"en", "fr"}}`` (``"Pair of aces"`` / ``"Paire d'as"`` on its own,
                  ``"a pair of aces"`` / ``"une paire d'as"`` in the middle of a sentence: see
                  ``evaluate.hand_names``), or None (Hold'em, while the board has fewer than three
                  cards: all-in before the flop, the cards are shown at once).
``pot_awarded``   ``pot`` (index, 0 = main pot), ``amount``, ``players`` (who could win it),
                  ``winners`` (in the order odd chips go: Hold'em clockwise from the button's left,
                  Razz from player 0), ``shares`` (chips each winner gets, same order), ``hand``
                  (the winning hand, as in ``show``, naming the kickers when they decided against
                  the best hand it beat: "Pair of tens, king kicker"; or None), ``uncontested``
                  (True when only one player could win it: no showdown for it).
``hand_over``     ``stacks`` (final stacks), ``winnings`` (final minus starting stack, per player).

No-limit Hold'em, in the order a hand produces them:

``hand_started``  ``players`` (count), ``button``, ``small_blind_player`` (None: no small blind),
                  ``big_blind_player``, ``small_blind``, ``big_blind``, ``ante``, ``stacks``
                  (starting stacks).
``ante``          as above.
``small_blind``   ``player``, ``amount``, ``all_in`` (``amount`` below the blind when all-in).
``big_blind``     ``player``, ``amount``, ``all_in``. A forced bet of 0 chips (the ante took the
                  whole stack) makes no event.
``hole_cards``    ``player``, ``cards`` (2), ``private``: True. One per player, in dealing order.
then the betting (``fold`` ... ``raise``), ``uncalled_bet_returned``, ``pots``, ``burn`` and
``board`` (``street`` "flop", "turn", "river") on each street, ``show``, ``pot_awarded``,
``hand_over``.

Razz (``street``: "third" ... "seventh"):

``hand_started``  ``game`` ("razz"), ``players``, ``ante``, ``bring_in``, ``small_bet``, ``big_bet``,
                  ``stacks``.
``hole_cards``    ``player``, ``street``, ``cards`` (the down cards just dealt: two on 3rd street,
                  one on 7th), ``private``: True.
``up_cards``      ``player``, ``street``, ``cards`` (the up card just dealt): public.
``bring_in``      ``player``, ``amount``, ``all_in``: the forced bet of the highest up card.
``complete``      ``player``, ``amount`` (chips added), ``total``, ``all_in``: the completion of the
                  bring-in to the small bet (``total`` below it when all-in for less).
``reshuffle``     ``street``, ``count``: the burned and folded cards go back into the deck.
``board``         ``street`` ("seventh"), ``cards``, ``board``: the community card, when the deck
                  cannot give every player still in a card.
``show``          ``hand`` as in Hold'em: "Seven low, 7-5-4-2-A" / "7 bas, 7-5-4-2-A" (the ranks
                  as the cards show them: "10", not "T").

Five-card draw against the dealer (a round, not a hand: the house banks it):

``round_started``  ``game`` ("dealer_draw"), ``players``, ``decks``, ``bets``.
``hole_cards``     ``player``, ``cards`` (his five cards), ``private``: True.
``draw``           ``player``, ``count``: how many cards he exchanged (public).
``new_cards``      ``player``, ``discarded``, ``received``, ``cards`` (his hand now), ``private``: True.
``reshuffle``      ``count``: the discards go back into the deck.
``dealer_draw``    ``count``: how many cards the dealer exchanged.
``dealer_shows``   ``cards``, ``hand``: as in Hold'em.
``show``           ``player``, ``cards``, ``hand``: every player's final hand, after the dealer's
                   (naming the kickers when they made it beat the dealer's).
``result``         ``player``, ``bet``, ``outcome`` ("win", "push", "lose"), ``multiple`` (0 unless
                   he wins), ``net``.
``round_over``     ``results``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Event = dict[str, Any]

# Shared by the games that bet
ANTE = "ante"
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
HAND_STARTED = "hand_started"
HOLE_CARDS = "hole_cards"
# Hold'em
SMALL_BLIND = "small_blind"
BIG_BLIND = "big_blind"
# Razz
UP_CARDS = "up_cards"
BRING_IN = "bring_in"
COMPLETE = "complete"
RESHUFFLE = "reshuffle"  # also draw against the dealer
# Draw against the dealer
ROUND_STARTED = "round_started"
DRAW = "draw"
NEW_CARDS = "new_cards"
DEALER_DRAW = "dealer_draw"
DEALER_SHOWS = "dealer_shows"
RESULT = "result"
ROUND_OVER = "round_over"
# The table's (poker.games.betting.play), not the engine's: not in EVENT_TYPES
AWAY = "away"
BACK = "back"

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
    UP_CARDS,
    BRING_IN,
    COMPLETE,
    RESHUFFLE,
    ROUND_STARTED,
    DRAW,
    NEW_CARDS,
    DEALER_DRAW,
    DEALER_SHOWS,
    RESULT,
    ROUND_OVER,
)
PRIVATE_EVENTS = (HOLE_CARDS, NEW_CARDS)  # always ``"private": True``, for their ``player`` only
FORCED_BETS = (ANTE, SMALL_BLIND, BIG_BLIND, BRING_IN)
PLAYER_ACTIONS = (FOLD, CHECK, CALL, BET, RAISE, COMPLETE)  # the betting decisions


def is_visible(event: Event, viewer: int | None) -> bool:
    """May ``viewer`` (a player index, or None for a spectator) see this event?"""
    return not event.get("private") or (viewer is not None and event.get("player") == viewer)


def visible_events(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """The events one viewer may see: his own private cards, nobody else's."""
    if viewer is None:
        return [event for event in events if not event.get("private")]
    return [event for event in events if not event.get("private") or event.get("player") == viewer]
