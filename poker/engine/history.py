"""A text hand history from the events of a hand, laid out like a PokerStars hand history.

``hand_history_text(events, names=None, lang="en")`` reads only the events (``events.py``), so a
stored hand can be written out again at any time. It takes the events of any game: a Hold'em hand,
a Razz hand (told apart by ``hand_started``'s ``game``) or a round of draw against the dealer
(``round_started``). It prints every private card it is given: for one player's view pass
``visible_events(events, player)``, for a spectator ``visible_events(events, None)``.
``lang`` is "en" or "fr".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from . import events as ev
from .cards import parse_cards
from .evaluate import evaluate_high

_TEXT: dict[str, dict[str, Any]] = {
    "en": {
        # Every game
        "seat": "Seat {seat}: {name} ({chips} in chips)",
        "seat_summary": "Seat {seat}: {name}{role} {outcome}",
        "hole": "*** HOLE CARDS ***",
        "dealt": "Dealt to {name} [{cards}]",
        "dealt_more": "Dealt to {name} [{before}] [{cards}]",
        "showdown": "*** SHOW DOWN ***",
        ev.SHOW: "{name}: shows [{cards}]{hand}",
        "summary": "*** SUMMARY ***",
        "showed_won": "showed [{cards}] and won ({amount}){hand}",
        "showed_lost": "showed [{cards}] and lost{hand}",
        "with": " with {hand}",
        # The games that bet
        "title_ante": ", ante {ante}",
        ev.ANTE: "{name}: posts the ante {amount}",
        ev.FOLD: "{name}: folds",
        ev.AWAY: "{name}: away, the table plays for this seat",
        ev.BACK: "{name}: is back",
        ev.CHECK: "{name}: checks",
        ev.CALL: "{name}: calls {amount}",
        ev.BET: "{name}: bets {amount}",
        ev.RAISE: "{name}: raises {by} to {total}",
        "all_in": " and is all-in",
        ev.UNCALLED_BET_RETURNED: "Uncalled bet ({amount}) returned to {name}",
        "main_pot": "the main pot",
        "side_pot": "side pot-{k}",
        "collected": "{name} collected {amount} from {pot}{hand}",
        "split": "{names} split {pot} ({amount}){hand}",
        "and": " and ",
        "total": "Total pot {amount}",
        "board": "Board [{cards}]",
        "folded": "folded {when}",
        "collected_summary": "collected ({amount})",
        # Hold'em
        "title": "Hold'em No Limit ({sb}/{bb}{ante})",
        "button": "Seat #{seat} is the button",
        ev.SMALL_BLIND: "{name}: posts small blind {amount}",
        ev.BIG_BLIND: "{name}: posts big blind {amount}",
        "flop": "*** FLOP *** [{cards}]",
        "turn": "*** TURN *** [{before}] [{cards}]",
        "river": "*** RIVER *** [{before}] [{cards}]",
        "roles": {"button": "button", "small_blind": "small blind", "big_blind": "big blind"},
        "folded_when": {
            "preflop": "before Flop",
            "flop": "on the Flop",
            "turn": "on the Turn",
            "river": "on the River",
            "third": "on 3rd Street",
            "fourth": "on 4th Street",
            "fifth": "on 5th Street",
            "sixth": "on 6th Street",
            "seventh": "on 7th Street",
        },
        # Razz
        "razz_title": "Razz Limit ({small_bet}/{big_bet}{ante}, bring-in {bring_in})",
        "streets": {
            "third": "*** 3rd STREET ***",
            "fourth": "*** 4th STREET ***",
            "fifth": "*** 5th STREET ***",
            "sixth": "*** 6th STREET ***",
            "seventh": "*** 7th STREET ***",
        },
        ev.BRING_IN: "{name}: brings in for {amount}",
        ev.COMPLETE: "{name}: completes it to {total}",
        "razz_reshuffle": "The burned and folded cards ({count}) are shuffled back into the deck",
        "community": "Community card [{cards}]",
        # Draw against the dealer
        "draw_title": "Five-card draw against the dealer ({decks} {deck_word})",
        "deck_word": ("deck", "decks"),
        "seat_bet": "Seat {seat}: {name} (bet {bet})",
        "draw_header": "*** DRAW ***",
        "discards": "{name}: discards {count} {card_word}",
        "card_word": ("card", "cards"),
        "stands_pat": "{name}: stands pat",
        "draw_reshuffle": "The discards ({count}) are shuffled back into the deck",
        "dealer": "Dealer",
        "dealer_shows": "{name}: shows [{cards}] ({hand})",
        "win": "{name} wins {net} ({multiple} x {bet})",
        "push": "{name} pushes: the bet ({bet}) is returned",
        "lose": "{name} loses {bet}",
        "dealer_summary": "{name}: [{cards}] ({hand})",
        "showed_lost_bet": "showed [{cards}] and lost ({amount}){hand}",
        "showed_pushed": "showed [{cards}] and pushed{hand}",
    },
    "fr": {
        "seat": "Siège {seat} : {name} ({chips} jetons)",
        "seat_summary": "Siège {seat} : {name}{role} {outcome}",
        "hole": "*** CARTES FERMÉES ***",
        "dealt": "Cartes de {name} [{cards}]",
        "dealt_more": "Cartes de {name} [{before}] [{cards}]",
        "showdown": "*** ABATTAGE ***",
        ev.SHOW: "{name} : montre [{cards}]{hand}",
        "summary": "*** RÉSUMÉ ***",
        "showed_won": "a montré [{cards}] et a gagné ({amount}){hand}",
        "showed_lost": "a montré [{cards}] et a perdu{hand}",
        "with": " avec {hand}",
        "title_ante": ", ante {ante}",
        ev.ANTE: "{name} : paie l'ante {amount}",
        ev.FOLD: "{name} : se couche",
        ev.AWAY: "{name} : absence, la table joue à sa place",
        ev.BACK: "{name} : de retour",
        ev.CHECK: "{name} : parle",  # the word of the button ("Parole")
        ev.CALL: "{name} : suit {amount}",
        ev.BET: "{name} : mise {amount}",
        ev.RAISE: "{name} : relance de {by} à {total}",
        "all_in": " et est à tapis",
        ev.UNCALLED_BET_RETURNED: "Mise non suivie ({amount}) rendue à {name}",
        "main_pot": "le pot principal",
        "side_pot": "le pot annexe {k}",
        "collected": "{name} remporte {amount} sur {pot}{hand}",
        "split": "{names} partagent {pot} ({amount}){hand}",
        "and": " et ",
        "total": "Pot total {amount}",
        "board": "Tableau [{cards}]",
        "folded": "s'est couché {when}",
        "collected_summary": "a remporté ({amount})",
        "title": "Hold'em No Limit ({sb}/{bb}{ante})",
        "button": "Le siège n° {seat} a le bouton",
        ev.SMALL_BLIND: "{name} : paie la petite blinde {amount}",
        ev.BIG_BLIND: "{name} : paie la grosse blinde {amount}",
        "flop": "*** FLOP *** [{cards}]",
        "turn": "*** TURN *** [{before}] [{cards}]",
        "river": "*** RIVER *** [{before}] [{cards}]",
        "roles": {"button": "bouton", "small_blind": "petite blinde", "big_blind": "grosse blinde"},
        "folded_when": {
            "preflop": "avant le flop",
            "flop": "au flop",
            "turn": "au turn",
            "river": "à la river",
            "third": "en 3e rue",
            "fourth": "en 4e rue",
            "fifth": "en 5e rue",
            "sixth": "en 6e rue",
            "seventh": "en 7e rue",
        },
        "razz_title": "Razz limite fixe ({small_bet}/{big_bet}{ante}, mise forcée {bring_in})",
        "streets": {
            "third": "*** 3e RUE ***",
            "fourth": "*** 4e RUE ***",
            "fifth": "*** 5e RUE ***",
            "sixth": "*** 6e RUE ***",
            "seventh": "*** 7e RUE ***",
        },
        ev.BRING_IN: "{name} : paie la mise forcée {amount}",
        ev.COMPLETE: "{name} : complète à {total}",
        "razz_reshuffle": "Les cartes brûlées et couchées ({count}) sont remélangées dans le paquet",
        "community": "Carte commune [{cards}]",
        "draw_title": "Poker cinq cartes contre le croupier ({decks} {deck_word})",
        "deck_word": ("jeu", "jeux"),
        "seat_bet": "Siège {seat} : {name} (mise {bet})",
        "draw_header": "*** ÉCHANGE ***",
        "discards": "{name} : échange {count} {card_word}",
        "card_word": ("carte", "cartes"),
        "stands_pat": "{name} : est servi",
        "draw_reshuffle": "Les cartes écartées ({count}) sont remélangées dans le paquet",
        "dealer": "Croupier",
        "dealer_shows": "{name} : montre [{cards}] ({hand})",
        "win": "{name} gagne {net} ({multiple} x {bet})",
        "push": "{name} : égalité, la mise ({bet}) est rendue",
        "lose": "{name} perd {bet}",
        "dealer_summary": "{name} : [{cards}] ({hand})",
        "showed_lost_bet": "a montré [{cards}] et a perdu ({amount}){hand}",
        "showed_pushed": "a montré [{cards}] et a fait égalité{hand}",
    },
}

_Name = Callable[[int], str]


def _phrase(hand: ev.Event, lang: str) -> str:
    """A hand's name in the middle of a sentence ("une paire d'as"); hands stored before the
    phrase existed have only their name."""
    return hand.get("phrase", {}).get(lang) or hand[lang]


def _listed(names: Sequence[str], text: dict[str, Any]) -> str:
    """ "Hery, Voahangy and Tiana" / "Hery, Voahangy et Tiana"."""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + text["and"] + names[-1]


def hand_history_text(
    events: Iterable[ev.Event], names: Sequence[str] | None = None, lang: str = "en"
) -> str:
    """The hand history of a hand (Hold'em, Razz) or a round (draw against the dealer): one line
    per event, then a summary. ``names[i]`` is player i's name (default "Player 1", ...)."""
    if lang not in _TEXT:
        raise ValueError(f"unknown language {lang!r}: use 'en' or 'fr'")
    text = _TEXT[lang]
    events = list(events)

    def name(player: int) -> str:
        return names[player] if names is not None else f"Player {player + 1}"

    if events and events[0]["type"] == ev.ROUND_STARTED:
        return _draw_history(events, name, text, lang)
    return _betting_history(events, name, text, lang)


def _betting_history(events: list[ev.Event], name: _Name, text: dict[str, Any], lang: str) -> str:
    """Hold'em and Razz: the same betting lines; the deal, the streets and the summary differ."""
    lines: list[str] = []
    started: ev.Event = {}
    razz = False
    street = "preflop"
    board: list[str] = []
    known: dict[int, list[str]] = {}  # Razz: each player's cards this history has seen
    shown: dict[int, ev.Event] = {}
    folded_on: dict[int, str] = {}
    won: dict[int, int] = {}
    won_with: dict[int, str] = {}  # the hand each winner won his first pot at showdown with
    total = 0
    hole_header = False
    for event in events:
        kind = event["type"]
        player = event.get("player")
        who = name(player) if player is not None else ""
        if kind == ev.HAND_STARTED:
            started = event
            razz = event.get("game") == "razz"
            ante = text["title_ante"].format(ante=event["ante"]) if event["ante"] else ""
            if razz:
                street = "third"
                lines.append(
                    text["razz_title"].format(
                        small_bet=event["small_bet"],
                        big_bet=event["big_bet"],
                        ante=ante,
                        bring_in=event["bring_in"],
                    )
                )
            else:
                lines.append(text["title"].format(sb=event["small_blind"], bb=event["big_blind"], ante=ante))
                lines.append(text["button"].format(seat=event["button"] + 1))
            for i, chips in enumerate(event["stacks"]):
                lines.append(text["seat"].format(seat=i + 1, name=name(i), chips=chips))
        elif kind in ev.FORCED_BETS:
            line = text[kind].format(name=who, amount=event["amount"])
            lines.append(line + (text["all_in"] if event["all_in"] else ""))
        elif razz and kind in (ev.BURN, ev.HOLE_CARDS, ev.UP_CARDS):
            if not hole_header or event["street"] != street:
                street = event["street"]
                lines.append(text["streets"][street])
                hole_header = True
            if kind == ev.BURN:
                continue
            seen = known.setdefault(player, [])
            new = event["cards"]
            if kind == ev.HOLE_CARDS and street == "third":
                seen.extend(new)  # the down cards: printed with his up card
                continue
            if street == "third" or not seen:
                lines.append(text["dealt"].format(name=who, cards=" ".join(seen + new)))
            else:
                lines.append(text["dealt_more"].format(name=who, before=" ".join(seen), cards=" ".join(new)))
            seen.extend(new)
        elif kind == ev.HOLE_CARDS:
            if not hole_header:
                lines.append(text["hole"])
                hole_header = True
            lines.append(text["dealt"].format(name=who, cards=" ".join(event["cards"])))
        elif kind in ev.PLAYER_ACTIONS:
            if not hole_header:
                lines.append(text["hole"])
                hole_header = True
            line = text[kind].format(
                name=who, amount=event.get("amount"), by=event.get("by"), total=event.get("total")
            )
            lines.append(line + (text["all_in"] if event.get("all_in") else ""))
            if kind == ev.FOLD:
                folded_on[player] = street  # type: ignore[index]
        elif kind == ev.UNCALLED_BET_RETURNED:
            lines.append(text[kind].format(name=who, amount=event["amount"]))
        elif kind in (ev.AWAY, ev.BACK):
            lines.append(text[kind].format(name=who))
        elif kind == ev.RESHUFFLE:
            lines.append(text["razz_reshuffle"].format(count=event["count"]))
        elif kind == ev.BOARD:
            if razz:
                board = list(event["board"])
                lines.append(text["community"].format(cards=" ".join(event["cards"])))
                continue
            street = event["street"]
            before = " ".join(board)
            board = list(event["board"])
            lines.append(text[street].format(before=before, cards=" ".join(event["cards"])))
        elif kind == ev.SHOW:
            if not shown:
                lines.append(text["showdown"])
            shown[player] = event  # type: ignore[index]
            hand = f" ({_phrase(event['hand'], lang)})" if event.get("hand") else ""
            lines.append(text[kind].format(name=who, cards=" ".join(event["cards"]), hand=hand))
        elif kind == ev.POT_AWARDED:
            pot = text["main_pot"] if event["pot"] == 0 else text["side_pot"].format(k=event["pot"])
            phrase = _phrase(event["hand"], lang) if event.get("hand") else ""
            hand = text["with"].format(hand=phrase) if phrase else ""
            total += event["amount"]
            winners = event["winners"]
            for winner, share in zip(winners, event["shares"]):
                won[winner] = won.get(winner, 0) + share
                if phrase:
                    won_with.setdefault(winner, phrase)
            if len(winners) > 1:  # equal hands: one line, the pot is split
                names = _listed([name(w) for w in winners], text)
                lines.append(text["split"].format(names=names, pot=pot, amount=event["amount"], hand=hand))
            else:
                lines.append(
                    text["collected"].format(
                        name=name(winners[0]), amount=event["amount"], pot=pot, hand=hand
                    )
                )

    if not started:
        return "\n".join(lines)
    lines.append(text["summary"])
    lines.append(text["total"].format(amount=total))
    if board:
        lines.append(text["board"].format(cards=" ".join(board)))
    roles = (
        ()
        if razz
        else (
            ("button", started["button"]),
            ("small_blind", started["small_blind_player"]),
            ("big_blind", started["big_blind_player"]),
        )
    )
    for i in range(started["players"]):
        role = "".join(f" ({text['roles'][role]})" for role, player in roles if player == i)
        if i in folded_on:
            outcome = text["folded"].format(when=text["folded_when"][folded_on[i]])
        elif i in shown:
            cards = " ".join(shown[i]["cards"])
            if i in won_with:  # what won, with the kickers when they decided
                hand = won_with[i]
            elif razz:
                hand = _phrase(shown[i]["hand"], lang) if shown[i].get("hand") else ""
            else:
                hand = _final_hand(shown[i]["cards"], board, lang)
            with_hand = text["with"].format(hand=hand) if hand else ""
            if i in won:
                outcome = text["showed_won"].format(cards=cards, amount=won[i], hand=with_hand)
            else:
                outcome = text["showed_lost"].format(cards=cards, hand=with_hand)
        elif i in won:
            outcome = text["collected_summary"].format(amount=won[i])
        else:
            outcome = ""
        lines.append(
            text["seat_summary"].format(seat=i + 1, name=name(i), role=role, outcome=outcome).rstrip()
        )
    return "\n".join(lines)


def _final_hand(cards: list[str], board: list[str], lang: str) -> str:
    """Hold'em: the hand a player shown before the board was out makes with the whole board."""
    if len(board) < 3:
        return ""
    return evaluate_high(parse_cards(cards + board)).names()["phrase"][lang]


def _draw_history(events: list[ev.Event], name: _Name, text: dict[str, Any], lang: str) -> str:
    """A round of draw against the dealer: the deal, the draws, the dealer's hand, each result."""
    lines: list[str] = []
    started: ev.Event = {}
    dealer = text["dealer"]
    dealer_event: ev.Event = {}
    shown: dict[int, ev.Event] = {}
    results: dict[int, ev.Event] = {}
    draw_header = False
    for event in events:
        kind = event["type"]
        player = event.get("player")
        who = name(player) if player is not None else dealer
        if kind == ev.ROUND_STARTED:
            started = event
            decks = event["decks"]
            lines.append(text["draw_title"].format(decks=decks, deck_word=text["deck_word"][decks > 1]))
            for i, bet in enumerate(event["bets"]):
                lines.append(text["seat_bet"].format(seat=i + 1, name=name(i), bet=bet))
            lines.append(text["hole"])
        elif kind == ev.HOLE_CARDS:
            lines.append(text["dealt"].format(name=who, cards=" ".join(event["cards"])))
        elif kind in (ev.DRAW, ev.DEALER_DRAW):
            if not draw_header:
                lines.append(text["draw_header"])
                draw_header = True
            count = event["count"]
            if count:
                word = text["card_word"][count > 1]
                lines.append(text["discards"].format(name=who, count=count, card_word=word))
            else:
                lines.append(text["stands_pat"].format(name=who))
        elif kind == ev.NEW_CARDS:
            received = event["received"]
            if received:
                kept = event["cards"][: len(event["cards"]) - len(received)]
                lines.append(
                    text["dealt_more"].format(name=who, before=" ".join(kept), cards=" ".join(received))
                )
        elif kind == ev.RESHUFFLE:
            lines.append(text["draw_reshuffle"].format(count=event["count"]))
        elif kind == ev.DEALER_SHOWS:
            dealer_event = event
            lines.append(text["showdown"])
            lines.append(
                text["dealer_shows"].format(
                    name=dealer, cards=" ".join(event["cards"]), hand=_phrase(event["hand"], lang)
                )
            )
        elif kind == ev.SHOW:
            shown[player] = event  # type: ignore[index]
            hand = f" ({_phrase(event['hand'], lang)})"
            lines.append(text[ev.SHOW].format(name=who, cards=" ".join(event["cards"]), hand=hand))
        elif kind == ev.RESULT:
            results[player] = event  # type: ignore[index]
            lines.append(
                text[event["outcome"]].format(
                    name=who, net=event["net"], multiple=event["multiple"], bet=event["bet"]
                )
            )

    if not started or not dealer_event:
        return "\n".join(lines)
    lines.append(text["summary"])
    lines.append(
        text["dealer_summary"].format(
            name=dealer, cards=" ".join(dealer_event["cards"]), hand=_phrase(dealer_event["hand"], lang)
        )
    )
    for i in range(started["players"]):
        show, result = shown.get(i), results.get(i)
        if show is None or result is None:
            continue
        cards = " ".join(show["cards"])
        with_hand = text["with"].format(hand=_phrase(show["hand"], lang))
        if result["outcome"] == "win":
            outcome = text["showed_won"].format(cards=cards, amount=result["net"], hand=with_hand)
        elif result["outcome"] == "push":
            outcome = text["showed_pushed"].format(cards=cards, hand=with_hand)
        else:
            outcome = text["showed_lost_bet"].format(cards=cards, amount=result["bet"], hand=with_hand)
        lines.append(text["seat_summary"].format(seat=i + 1, name=name(i), role="", outcome=outcome))
    return "\n".join(lines)
