"""A hand as a PHH file: the Poker Hand History format of the phh-std specification, in TOML.

``phh_text(events, info)`` writes one hand of no-limit Hold'em (variant ``NT``) or Razz (``FR``)
from the events one viewer may see: the required fields (``variant``, ``antes``,
``blinds_or_straddles`` and ``min_bet`` or ``bring_in``, ``small_bet`` and ``big_bet``,
``starting_stacks``, ``actions``) and the optional ones the app knows (``hand``, ``table``,
``seat_count``, ``seats``, ``players``, ``finishing_stacks``, ``winnings``, ``day``, ``month``,
``year``, ``time``, ``time_zone``; no ``currency``: the chips are not money).
``phhs_entry(k, text)`` is hand ``k`` (1, 2, ...) of the multi-hand ``.phhs`` form, one TOML
table a hand (``[1]``, ``[2]``, ...), as PokerKit's ``HandHistory.dumps_all`` and ``loads_all``.

The actions, in the specification's notation (players ``p1``, ``p2``... in PHH order):
``d dh p1 AcKd`` (hole cards; ``????`` for cards the viewer did not see, Razz ``????7h``: two down
cards and the up card), ``d db AhKhQh`` (the board; Razz: the community card), ``p1 pb`` (the
bring-in), ``p1 cbr 40`` (completion, bet or raise to a total), ``p1 cc`` (check or call), ``p1 f``
(fold), ``p1 sm AcKd`` (the cards shown at the showdown). Burned cards are not written (PokerKit
burns them itself). The comments name the streets.

The order of the players (docs of phh-std, "Position"): Hold'em from the button's left (``p1``
posts the small blind, the last player is the button; heads-up ``p1`` is the big blind and the
blinds array ``[small, big]`` is read in reverse, as the specification says); Razz in the engine's
order, from the dealer's left.

The file states what happened at our table, under our rules (docs/rules.md), also where PokerKit's
rules differ (a big blind all-in for less, TDA short all-ins): ``finishing_stacks`` are our final
stacks. A player's stack that does not cover the ante posts what he has and can win back only what
he put in: ``ante_trimming_status = true``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import time
from typing import Any

from .. import events as ev
from .info import HandInfo

HOLDEM_STREETS = {"preflop": "Pre-flop", "flop": "Flop", "turn": "Turn", "river": "River"}
RAZZ_STREETS = {
    "third": "Third street",
    "fourth": "Fourth street",
    "fifth": "Fifth street",
    "sixth": "Sixth street",
    "seventh": "Seventh street",
}
UNKNOWN = "??"


def phh_text(events: Iterable[ev.Event], info: HandInfo | None = None) -> str:
    """The PHH file of a finished hand of Hold'em or Razz, from the events one viewer may see."""
    events = list(events)
    if not events or events[0]["type"] != ev.HAND_STARTED:
        raise ValueError("a PHH file is written from a hand's events, hand_started first")
    info = info or HandInfo()
    started = events[0]
    razz = started.get("game") == "razz"
    n = started["players"]
    # Our player index -> PHH position (0-based): Razz as dealt, Hold'em from the button's left.
    order = list(range(n)) if razz else [(started["button"] + 1 + k) % n for k in range(n)]
    position = {player: k for k, player in enumerate(order)}

    fields: dict[str, Any] = {"variant": "FR" if razz else "NT"}
    if started["ante"]:
        fields["ante_trimming_status"] = True
    fields["antes"] = [started["ante"]] * n
    if razz:
        fields["bring_in"] = started["bring_in"]
        fields["small_bet"] = started["small_bet"]
        fields["big_bet"] = started["big_bet"]
    else:
        blinds = [0] * n
        for key, player in (("small_blind", "small_blind_player"), ("big_blind", "big_blind_player")):
            if started[player] is not None:
                blinds[position[started[player]]] = started[key]
        fields["blinds_or_straddles"] = blinds[::-1] if n == 2 else blinds  # heads-up: read reversed
        fields["min_bet"] = started["big_blind"]
    fields["starting_stacks"] = [started["stacks"][p] for p in order]
    actions = _razz_actions(events, position) if razz else _holdem_actions(events, position)

    optional: dict[str, Any] = {}
    if info.number is not None:
        optional["hand"] = info.number
    if info.table is not None:
        optional["table"] = info.table
    if info.seat_count is not None:
        optional["seat_count"] = info.seat_count
    if info.seats is not None:
        optional["seats"] = [info.seats[p] for p in order]
    if info.names is not None:
        optional["players"] = [info.names[p] for p in order]
    over = next((e for e in events if e["type"] == ev.HAND_OVER), None)
    if over is not None:
        won = [0] * n
        for award in (e for e in events if e["type"] == ev.POT_AWARDED):
            for winner, share in zip(award["winners"], award["shares"]):
                won[winner] += share
        optional["finishing_stacks"] = [over["stacks"][p] for p in order]
        optional["winnings"] = [won[p] for p in order]
    start = info.local_start()
    if start is not None:
        optional.update(
            day=start.day,
            month=start.month,
            year=start.year,
            time=start.time().replace(microsecond=0),
            time_zone=info.time_zone,
        )

    lines = [f"{key} = {_value(value)}" for key, value in fields.items()]
    lines.append("actions = [")
    lines += [f"  {line}" if line.startswith("#") else f"  {_value(line)}," for line in actions]
    lines.append("]")
    lines += [f"{key} = {_value(value)}" for key, value in optional.items()]
    return "\n".join(lines) + "\n"


def phhs_entry(k: int, text: str) -> str:
    """Hand ``k`` (1, 2, ...) of a ``.phhs`` file: its PHH file as the TOML table ``[k]``."""
    return f"[{k}]\n{text}\n"


def _holdem_actions(events: list[ev.Event], position: dict[int, int]) -> list[str]:
    """The actions of a Hold'em hand, with ``# street`` comments between them."""
    known = {e["player"]: e["cards"] for e in events if e["type"] == ev.HOLE_CARDS}
    actions: list[str] = []
    dealt = showdown = False
    for event in events:
        kind = event["type"]
        if not dealt and kind not in (ev.HAND_STARTED, ev.ANTE, ev.SMALL_BLIND, ev.BIG_BLIND):
            actions.append(f"# {HOLDEM_STREETS['preflop']}")
            for player, _ in sorted(position.items(), key=lambda item: item[1]):
                cards = known.get(player, [UNKNOWN, UNKNOWN])
                actions.append(f"d dh p{position[player] + 1} {''.join(cards)}")
            dealt = True
        if kind == ev.BOARD:
            actions.append(f"# {HOLDEM_STREETS[event['street']]}")
            actions.append(f"d db {''.join(event['cards'])}")
        elif kind == ev.SHOW:
            if not showdown:
                actions.append("# Showdown")
                showdown = True
            actions.append(f"p{position[event['player']] + 1} sm {''.join(event['cards'])}")
        elif kind in ev.PLAYER_ACTIONS:
            actions.append(_player_action(event, position))
    return actions


def _razz_actions(events: list[ev.Event], position: dict[int, int]) -> list[str]:
    """The actions of a Razz hand: on each street the cards dealt to every player still in (his down
    cards ``??`` unless the viewer saw them), or the community card, then the betting."""
    n = len(position)
    down: dict[tuple[str, int], list[str]] = {}
    up: dict[tuple[str, int], list[str]] = {}
    for e in events:
        if e["type"] == ev.HOLE_CARDS:
            down[e["street"], e["player"]] = e["cards"]
        elif e["type"] == ev.UP_CARDS:
            up[e["street"], e["player"]] = e["cards"]
    folded: set[int] = set()
    actions: list[str] = []
    dealing = [e for e in events if e["type"] not in (ev.RESHUFFLE, ev.POTS)]
    for k, event in enumerate(dealing):
        kind = event["type"]
        if kind == ev.UP_CARDS and event["street"] == "third" and not actions:
            actions.append(f"# {RAZZ_STREETS['third']}")
            for player in range(n):
                cards = down.get(("third", player), [UNKNOWN, UNKNOWN]) + up["third", player]
                actions.append(f"d dh p{position[player] + 1} {''.join(cards)}")
        elif kind == ev.BURN:
            street = event["street"]
            actions.append(f"# {RAZZ_STREETS[street]}")
            if k + 1 < len(dealing) and dealing[k + 1]["type"] == ev.BOARD:
                continue  # a community card instead: the board event writes it
            for player in range(n):
                if player in folded:
                    continue
                cards = up.get((street, player)) or down.get((street, player)) or [UNKNOWN]
                actions.append(f"d dh p{position[player] + 1} {''.join(cards)}")
        elif kind == ev.BOARD:
            actions.append(f"d db {''.join(event['cards'])}")
        elif kind == ev.BRING_IN:
            actions.append(f"p{position[event['player']] + 1} pb")
        elif kind == ev.SHOW:
            if not any(a == "# Showdown" for a in actions):
                actions.append("# Showdown")
            actions.append(f"p{position[event['player']] + 1} sm {''.join(event['cards'])}")
        elif kind in ev.PLAYER_ACTIONS:
            actions.append(_player_action(event, position))
            if kind == ev.FOLD:
                folded.add(event["player"])
    return actions


def _player_action(event: ev.Event, position: dict[int, int]) -> str:
    player = f"p{position[event['player']] + 1}"
    kind = event["type"]
    if kind == ev.FOLD:
        return f"{player} f"
    if kind in (ev.CHECK, ev.CALL):
        return f"{player} cc"
    return f"{player} cbr {event['total']}"  # bet, raise, completion: to his total for the round


def _value(value: Any) -> str:
    """A TOML value: a string, a boolean, an integer, a local time, or an array of them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"no TOML value for {value!r}")


def _string(text: str) -> str:
    """A TOML basic string. JSON's escapes are TOML's (\\" \\\\ \\n \\uXXXX...); TOML also wants DEL
    escaped, which JSON leaves as it is."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007F")
