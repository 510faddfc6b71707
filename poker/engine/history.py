"""A text hand history from a hand's events, laid out like a PokerStars hand history.

``hand_history_text(events, names=None, lang="en")`` reads only the events (``events.py``), so a
stored hand can be written out again at any time. It prints the hole cards of every
``hole_cards`` event it is given: for one player's view pass ``visible_events(events, player)``.
``lang`` is "en" or "fr".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from . import events as ev
from .cards import parse_cards
from .evaluate import evaluate_high

_TEXT = {
    "en": {
        "title": "Hold'em No Limit ({sb}/{bb}{ante})",
        "ante": ", ante {ante}",
        "button": "Seat #{seat} is the button",
        "seat": "Seat {seat}: {name} ({chips} in chips)",
        "seat_summary": "Seat {seat}: {name}{role} {outcome}",
        ev.ANTE: "{name}: posts the ante {amount}",
        ev.SMALL_BLIND: "{name}: posts small blind {amount}",
        ev.BIG_BLIND: "{name}: posts big blind {amount}",
        "hole": "*** HOLE CARDS ***",
        "dealt": "Dealt to {name} [{cards}]",
        ev.FOLD: "{name}: folds",
        ev.CHECK: "{name}: checks",
        ev.CALL: "{name}: calls {amount}",
        ev.BET: "{name}: bets {amount}",
        ev.RAISE: "{name}: raises {by} to {total}",
        "all_in": " and is all-in",
        ev.UNCALLED_BET_RETURNED: "Uncalled bet ({amount}) returned to {name}",
        "flop": "*** FLOP *** [{cards}]",
        "turn": "*** TURN *** [{before}] [{cards}]",
        "river": "*** RIVER *** [{before}] [{cards}]",
        "showdown": "*** SHOW DOWN ***",
        ev.SHOW: "{name}: shows [{cards}]{hand}",
        "main_pot": "the pot",
        "side_pot": "side pot-{k}",
        "collected": "{name} collected {amount} from {pot}{hand}",
        "summary": "*** SUMMARY ***",
        "total": "Total pot {amount}",
        "board": "Board [{cards}]",
        "roles": {"button": "button", "small_blind": "small blind", "big_blind": "big blind"},
        "folded": "folded {when}",
        "folded_when": {
            "preflop": "before Flop",
            "flop": "on the Flop",
            "turn": "on the Turn",
            "river": "on the River",
        },
        "showed_won": "showed [{cards}] and won ({amount}){hand}",
        "showed_lost": "showed [{cards}] and lost{hand}",
        "collected_summary": "collected ({amount})",
        "with": " with {hand}",
    },
    "fr": {
        "title": "Hold'em No Limit ({sb}/{bb}{ante})",
        "ante": ", ante {ante}",
        "button": "Le siège n° {seat} a le bouton",
        "seat": "Siège {seat} : {name} ({chips} jetons)",
        "seat_summary": "Siège {seat} : {name}{role} {outcome}",
        ev.ANTE: "{name} : paie l'ante {amount}",
        ev.SMALL_BLIND: "{name} : paie la petite blinde {amount}",
        ev.BIG_BLIND: "{name} : paie la grosse blinde {amount}",
        "hole": "*** CARTES FERMÉES ***",
        "dealt": "Cartes de {name} [{cards}]",
        ev.FOLD: "{name} : se couche",
        ev.CHECK: "{name} : checke",
        ev.CALL: "{name} : suit {amount}",
        ev.BET: "{name} : mise {amount}",
        ev.RAISE: "{name} : relance de {by} à {total}",
        "all_in": " et est à tapis",
        ev.UNCALLED_BET_RETURNED: "Mise non suivie ({amount}) rendue à {name}",
        "flop": "*** FLOP *** [{cards}]",
        "turn": "*** TURN *** [{before}] [{cards}]",
        "river": "*** RIVER *** [{before}] [{cards}]",
        "showdown": "*** ABATTAGE ***",
        ev.SHOW: "{name} : montre [{cards}]{hand}",
        "main_pot": "le pot principal",
        "side_pot": "le pot secondaire {k}",
        "collected": "{name} remporte {amount} sur {pot}{hand}",
        "summary": "*** RÉSUMÉ ***",
        "total": "Pot total {amount}",
        "board": "Tableau [{cards}]",
        "roles": {"button": "bouton", "small_blind": "petite blinde", "big_blind": "grosse blinde"},
        "folded": "s'est couché {when}",
        "folded_when": {
            "preflop": "avant le flop",
            "flop": "au flop",
            "turn": "au turn",
            "river": "à la river",
        },
        "showed_won": "a montré [{cards}] et a gagné ({amount}){hand}",
        "showed_lost": "a montré [{cards}] et a perdu{hand}",
        "collected_summary": "a remporté ({amount})",
        "with": " avec {hand}",
    },
}


def hand_history_text(
    events: Iterable[ev.Event], names: Sequence[str] | None = None, lang: str = "en"
) -> str:
    """The hand history of a Hold'em hand, one line per event, then a summary."""
    if lang not in _TEXT:
        raise ValueError(f"unknown language {lang!r}: use 'en' or 'fr'")
    text: dict[str, Any] = _TEXT[lang]
    events = list(events)

    def name(player: int) -> str:
        return names[player] if names is not None else f"Player {player + 1}"

    lines: list[str] = []
    street = "preflop"
    started: ev.Event = {}
    board: list[str] = []
    shown: dict[int, list[str]] = {}
    folded_on: dict[int, str] = {}
    won: dict[int, int] = {}
    total = 0
    hole_header = False
    for event in events:
        kind = event["type"]
        player = event.get("player")
        who = name(player) if player is not None else ""
        if kind == ev.HAND_STARTED:
            started = event
            ante = text["ante"].format(ante=event["ante"]) if event["ante"] else ""
            lines.append(text["title"].format(sb=event["small_blind"], bb=event["big_blind"], ante=ante))
            lines.append(text["button"].format(seat=event["button"] + 1))
            for i, chips in enumerate(event["stacks"]):
                lines.append(text["seat"].format(seat=i + 1, name=name(i), chips=chips))
        elif kind in ev.FORCED_BETS:
            line = text[kind].format(name=who, amount=event["amount"])
            lines.append(line + (text["all_in"] if event["all_in"] else ""))
        elif kind == ev.HOLE_CARDS:
            if not hole_header:
                lines.append(text["hole"])
                hole_header = True
            lines.append(text["dealt"].format(name=who, cards=" ".join(event["cards"])))
        elif kind in ev.PLAYER_ACTIONS:
            if not hole_header:
                lines.append(text["hole"])
                hole_header = True
            line = text[kind].format(name=who, amount=event.get("amount"), by=event.get("by"), total=event.get("total"))
            lines.append(line + (text["all_in"] if event.get("all_in") else ""))
            if kind == ev.FOLD:
                folded_on[player] = street  # type: ignore[index]
        elif kind == ev.UNCALLED_BET_RETURNED:
            lines.append(text[kind].format(name=who, amount=event["amount"]))
        elif kind == ev.BOARD:
            street = event["street"]
            before = " ".join(board)
            board = list(event["board"])
            lines.append(text[street].format(before=before, cards=" ".join(event["cards"])))
        elif kind == ev.SHOW:
            if not shown:
                lines.append(text["showdown"])
            shown[player] = event["cards"]  # type: ignore[index]
            hand = f" ({event['hand'][lang]})" if event.get("hand") else ""
            lines.append(text[kind].format(name=who, cards=" ".join(event["cards"]), hand=hand))
        elif kind == ev.POT_AWARDED:
            pot = text["main_pot"] if event["pot"] == 0 else text["side_pot"].format(k=event["pot"])
            hand = f" ({event['hand'][lang]})" if event.get("hand") else ""
            total += event["amount"]
            for winner, share in zip(event["winners"], event["shares"]):
                won[winner] = won.get(winner, 0) + share
                lines.append(text["collected"].format(name=name(winner), amount=share, pot=pot, hand=hand))

    if not started:
        return "\n".join(lines)
    lines.append(text["summary"])
    lines.append(text["total"].format(amount=total))
    if board:
        lines.append(text["board"].format(cards=" ".join(board)))
    roles = {
        started["button"]: "button",
        started["small_blind_player"]: "small_blind",
        started["big_blind_player"]: "big_blind",
    }
    for i in range(started["players"]):
        role = f" ({text['roles'][roles[i]]})" if i in roles else ""
        if i in folded_on:
            outcome = text["folded"].format(when=text["folded_when"][folded_on[i]])
        elif i in shown:
            cards = " ".join(shown[i])
            hand = _final_hand(shown[i], board, lang)
            with_hand = text["with"].format(hand=hand) if hand else ""
            if i in won:
                outcome = text["showed_won"].format(cards=cards, amount=won[i], hand=with_hand)
            else:
                outcome = text["showed_lost"].format(cards=cards, hand=with_hand)
        elif i in won:
            outcome = text["collected_summary"].format(amount=won[i])
        else:
            outcome = ""
        lines.append(text["seat_summary"].format(seat=i + 1, name=name(i), role=role, outcome=outcome).rstrip())
    return "\n".join(lines)


def _final_hand(cards: list[str], board: list[str], lang: str) -> str:
    if len(board) < 3:
        return ""
    return evaluate_high(parse_cards(cards + board)).describe(lang)
