"""A Hold'em hand as PokerStars writes its hand histories (a play-money cash game), for the hand
trackers and replayers that import that format (PokerTracker, Hold'em Manager, PokerKit's
``HandHistory.from_pokerstars``).

``pokerstars_text(events, info)`` writes one finished hand of no-limit Hold'em from the events one
viewer may see, in English, amounts in chips::

    PokerStars Hand #1234:  Hold'em No Limit (10/20) - 2026/12/03 21:15:00 CET
    Table 'Vendredi' 8-max Seat #3 is the button
    Seat 1: Hery (1500 in chips)
    ...
    Hery: posts the ante 5
    Voahangy: posts small blind 10
    Tiana: posts big blind 20
    *** HOLE CARDS ***
    Dealt to Hery [Ac Kd]
    Hery: raises 40 to 60
    Voahangy: calls 50 and is all-in
    ...
    *** FLOP *** [2c 7d 9h]
    *** TURN *** [2c 7d 9h] [Qs]
    *** RIVER *** [2c 7d 9h Qs] [3c]
    *** SHOW DOWN ***
    Hery: shows [Ac Kd] (high card Ace)
    Voahangy: shows [Qh Qd] (three of a kind, Queens)
    Voahangy collected 130 from pot
    *** SUMMARY ***
    Total pot 130 | Rake 0
    Board [2c 7d 9h Qs 3c]
    Seat 1: Hery (button) showed [Ac Kd] and lost with high card Ace
    ...

As PokerStars does, the hands shown are written after the river, under ``*** SHOW DOWN ***``,
also when they were turned up at an all-in before the board was out (the app shows them at once);
the side pots are collected before the main pot, each named (``side pot-2``, ``side pot-1``,
``main pot``; ``side pot`` when there is one, ``pot`` when there is no side pot). The seat of the
button is the table's, an empty seat under the dead-button rule, as PokerStars writes it. Several
hands make one file with three blank lines after each (``HAND_SEPARATOR``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .. import events as ev
from ..cards import RANKS, parse_cards
from ..evaluate import evaluate_high
from .info import HandInfo

HAND_SEPARATOR = "\n\n\n\n"  # after each hand's last line: three blank lines
_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")
_RANK_NAMES = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")
_RANK_NAMES += ("Jack", "Queen", "King", "Ace")
_RANK_PLURALS = ("Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens")
_RANK_PLURALS += ("Jacks", "Queens", "Kings", "Aces")
_FOLDED_ON = {"preflop": "before Flop", "flop": "on the Flop", "turn": "on the Turn", "river": "on the River"}


def pokerstars_text(events: Iterable[ev.Event], info: HandInfo | None = None) -> str:
    """The PokerStars hand history of a finished Hold'em hand, from the events one viewer may see."""
    events = list(events)
    if not events or events[0]["type"] != ev.HAND_STARTED or events[0].get("game", "holdem") != "holdem":
        raise ValueError("a PokerStars hand history is written from a Hold'em hand's events")
    info = info or HandInfo()
    started = events[0]
    n = started["players"]

    def name(player: int) -> str:
        return _CONTROL.sub(" ", info.name(player)).strip() or f"Player {player + 1}"

    lines = [_header(started, info)]
    button_seat = info.button_seat if info.button_seat is not None else info.seat(started["button"])
    seat_count = info.seat_count if info.seat_count is not None else n
    table = _CONTROL.sub(" ", info.table or "ARF")
    lines.append(f"Table '{table}' {seat_count}-max Seat #{button_seat} is the button")
    for i in range(n):
        lines.append(f"Seat {info.seat(i)}: {name(i)} ({started['stacks'][i]} in chips)")

    street = "preflop"
    board: list[str] = []
    shows: list[ev.Event] = []
    awards: list[ev.Event] = []
    folded_on: dict[int, str] = {}
    put_in_preflop: set[int] = set()  # blinds, calls and raises before the flop: "didn't bet" if none
    hole_header = False
    for event in events:
        kind = event["type"]
        player = event.get("player")
        if kind == ev.ANTE:
            lines.append(f"{name(player)}: posts the ante {event['amount']}{_all_in(event)}")
        elif kind in (ev.SMALL_BLIND, ev.BIG_BLIND):
            which = "small" if kind == ev.SMALL_BLIND else "big"
            lines.append(f"{name(player)}: posts {which} blind {event['amount']}{_all_in(event)}")
            put_in_preflop.add(player)
        elif kind == ev.HOLE_CARDS:
            if not hole_header:
                lines.append("*** HOLE CARDS ***")
                hole_header = True
            lines.append(f"Dealt to {name(player)} [{' '.join(event['cards'])}]")
        elif kind in ev.PLAYER_ACTIONS:
            if not hole_header:
                lines.append("*** HOLE CARDS ***")
                hole_header = True
            lines.append(f"{name(player)}: {_action(event)}")
            if kind == ev.FOLD:
                folded_on[player] = street
            elif kind != ev.CHECK and street == "preflop":
                put_in_preflop.add(player)
        elif kind == ev.UNCALLED_BET_RETURNED:
            lines.append(f"Uncalled bet ({event['amount']}) returned to {name(player)}")
        elif kind == ev.BOARD:
            if not hole_header:
                lines.append("*** HOLE CARDS ***")
                hole_header = True
            street = event["street"]
            new = " ".join(event["cards"])
            before = f" [{' '.join(board)}]" if board else ""
            lines.append(f"*** {street.upper()} ***{before} [{new}]")
            board = list(event["board"])
        elif kind == ev.SHOW:
            shows.append(event)
        elif kind == ev.POT_AWARDED:
            awards.append(event)
    if not hole_header:
        lines.append("*** HOLE CARDS ***")

    shown = {e["player"]: e["cards"] for e in shows}
    if shows:
        lines.append("*** SHOW DOWN ***")
        for e in shows:
            lines.append(f"{name(e['player'])}: shows [{' '.join(e['cards'])}] ({_hand(e['cards'], board)})")
    won: dict[int, int] = {}
    for award in reversed(awards):  # side pots first, as PokerStars collects them
        pot = _pot_name(award["pot"], len(awards))
        for winner, share in zip(award["winners"], award["shares"]):
            won[winner] = won.get(winner, 0) + share
            lines.append(f"{name(winner)} collected {share} from {pot}")
    if not shows:
        for winner in won:
            lines.append(f"{name(winner)}: doesn't show hand")

    lines.append("*** SUMMARY ***")
    total = sum(a["amount"] for a in awards)
    if len(awards) > 1:
        parts = [f"Main pot {awards[0]['amount']}."]
        parts += [f"{_pot_name(a['pot'], len(awards)).capitalize()} {a['amount']}." for a in awards[1:]]
        lines.append(f"Total pot {total} {' '.join(parts)} | Rake 0")
    else:
        lines.append(f"Total pot {total} | Rake 0")
    if board:
        lines.append(f"Board [{' '.join(board)}]")
    roles = (
        ("button", started["button"]),
        ("small blind", started["small_blind_player"]),
        ("big blind", started["big_blind_player"]),
    )
    for i in range(n):
        role = "".join(f" ({word})" for word, player in roles if player == i)
        if i in folded_on:
            when = _FOLDED_ON[folded_on[i]]
            didnt = " (didn't bet)" if folded_on[i] == "preflop" and i not in put_in_preflop else ""
            outcome = f" folded {when}{didnt}"
        elif i in shown:
            cards = " ".join(shown[i])
            result = f"won ({won[i]})" if i in won else "lost"
            outcome = f" showed [{cards}] and {result} with {_hand(shown[i], board)}"
        elif i in won:
            outcome = f" collected ({won[i]})"
        else:
            outcome = ""
        lines.append(f"Seat {info.seat(i)}: {name(i)}{role}{outcome}")
    return "\n".join(lines)


def _header(started: ev.Event, info: HandInfo) -> str:
    number = info.hand_id if info.hand_id is not None else (info.number or 1)
    stakes = f"({started['small_blind']}/{started['big_blind']})"
    start = info.local_start()
    when = f" - {start:%Y/%m/%d %H:%M:%S} {start.tzname()}" if start is not None else ""
    return f"PokerStars Hand #{number}:  Hold'em No Limit {stakes}{when}"


def _all_in(event: ev.Event) -> str:
    return " and is all-in" if event.get("all_in") else ""


def _action(event: ev.Event) -> str:
    kind = event["type"]
    if kind == ev.FOLD:
        return "folds"
    if kind == ev.CHECK:
        return "checks"
    if kind == ev.CALL:
        return f"calls {event['amount']}{_all_in(event)}"
    if kind == ev.BET:
        return f"bets {event['amount']}{_all_in(event)}"
    return f"raises {event['by']} to {event['total']}{_all_in(event)}"


def _pot_name(index: int, pots: int) -> str:
    if pots == 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if pots == 2 else f"side pot-{index}"


def _hand(cards: list[str], board: list[str]) -> str:
    """The hand as PokerStars names it: "a pair of Aces", "two pair, Jacks and Fives"."""
    value = evaluate_high(parse_cards(cards + board))
    ranks = [RANKS.index(r) for r in value.ranks]
    one, many = _RANK_NAMES, _RANK_PLURALS
    category = value.category_number
    if category == 0:
        return f"high card {one[ranks[0]]}"
    if category == 1:
        return f"a pair of {many[ranks[0]]}"
    if category == 2:
        return f"two pair, {many[ranks[0]]} and {many[ranks[1]]}"
    if category == 3:
        return f"three of a kind, {many[ranks[0]]}"
    if category in (4, 8):
        top = ranks[0]
        low = 12 if top == 3 else top - 4  # the wheel: Ace to Five
        word = "a straight" if category == 4 else "a straight flush"
        return f"{word}, {one[low]} to {one[top]}"
    if category == 5:
        return f"a flush, {one[ranks[0]]} high"
    if category == 6:
        return f"a full house, {many[ranks[0]]} full of {many[ranks[1]]}"
    if category == 7:
        return f"four of a kind, {many[ranks[0]]}"
    return "a Royal Flush"
