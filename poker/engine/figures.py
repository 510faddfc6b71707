"""A hand's figures for each player, from its public events: what the season's statistics add up
(docs/statistics.md defines each one; this module is that definition in code).

``hand_figures(events)`` reads the public events of one finished hand of any game (``events.py``,
plus the table's ``equity`` events of an all-in run-out, which it reuses when they carry the pots'
equities) and returns one ``PlayerFigures`` per player dealt in, with the knock-outs it credits.
It reads each event once and, for a Hold'em hand, evaluates only the hands shown; the one costly
step, the exact all-in equity, is taken from the table's ``equity`` event when it has the pots, and
computed (``equity.pot_equities``) only for hands stored before it did.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from . import events as ev
from .cards import parse_cards
from .equity import pot_equities
from .evaluate import evaluate_high

HOLDEM, RAZZ, DEALER_DRAW = "holdem", "razz", "dealer_draw"
POSTFLOP = ("flop", "turn", "river")
EQUITY = "equity"  # the table's event (poker.games.holdem), not the engine's


@dataclass
class PlayerFigures:
    """One player's part of one hand. Counts are 0 or 1 (``aggressive`` and ``calls`` count
    actions); chips are chips of this hand."""

    hands: int = 1  # 0: a hand he was away for (``away``)
    away: int = 0  # away when dealt in, or before any move of his own (the table answered for him)
    vpip: int = 0  # put chips in before the flop of his own will (a call or a raise; not the blinds)
    pfr: int = 0  # raised before the flop
    three_bet_chances: int = 0  # faced the first raise before the flop and had to answer it
    three_bets: int = 0  # ... and raised it again
    aggressive: int = 0  # bets and raises on the flop, turn and river
    calls: int = 0  # calls on the flop, turn and river
    saw_flop: int = 0  # still in when the flop was dealt
    showdowns: int = 0  # still in at the end, with at least one other player still in
    showdowns_won: int = 0  # ... and won chips from a pot that went to the showdown
    won: int = 0  # chips collected from the pots (his own chips in them included)
    hands_won: int = 0  # collected chips (the dealer game: beat the dealer)
    net: int = 0  # chips at the end minus chips at the start (the dealer game: his result)
    best_hand: int | None = None  # Hold'em: the value (evaluate_high) of the best hand he showed
    allins: int = 0  # contested a pot at an all-in with cards to come and no betting left
    allin_expected: float = 0.0  # sum over those pots of the pot times his equity
    allin_won: int = 0  # what he collected from those pots
    big_blind: int = 0  # the hand's big blind (luck in big blinds)

    @property
    def luck(self) -> float:
        """What the cards gave him above his equity (negative: below)."""
        return self.allin_won - self.allin_expected


@dataclass
class HandFigures:
    game: str
    players: list[PlayerFigures]
    # Each player knocked out in the hand -> the players credited with it (several on a tie).
    knockouts: dict[int, list[int]] = field(default_factory=dict)


def hand_figures(events: Iterable[ev.Event]) -> HandFigures:
    """The figures of one finished hand, from its public events (private ones are ignored)."""
    events = [e for e in events if not e.get("private")]
    if not events:
        raise ValueError("a hand's figures need its events")
    if events[0]["type"] == ev.ROUND_STARTED:
        return _dealer_draw(events)
    if events[0]["type"] != ev.HAND_STARTED:
        raise ValueError(f"a hand starts with hand_started or round_started, not {events[0]['type']!r}")
    return _betting(events)


def _dealer_draw(events: list[ev.Event]) -> HandFigures:
    players = [PlayerFigures() for _ in range(events[0]["players"])]
    for event in events:
        if event["type"] == ev.RESULT:
            figures = players[event["player"]]
            figures.net = event["net"]
            if event["outcome"] == "win":
                figures.hands_won = 1
                figures.won = event["bet"] + event["net"]
    return HandFigures(DEALER_DRAW, players)


def _betting(events: list[ev.Event]) -> HandFigures:
    started = events[0]
    game = RAZZ if started.get("game") == RAZZ else HOLDEM
    n = started["players"]
    players = [PlayerFigures(big_blind=started.get("big_blind", 0)) for _ in range(n)]
    folded = [False] * n
    street = "third" if game == RAZZ else "preflop"
    raises_preflop = 0
    board: list[str] = []
    shown: dict[int, list[str]] = {}
    runout_board: list[str] | None = None  # the board when the cards were turned up with more to come
    equities: list[dict] | None = None
    pots: list[ev.Event] = []
    final: list[int] = list(started["stacks"])
    back = [False] * n  # came back during the hand: a move of his own after it makes it played
    for event in events:
        kind = event["type"]
        player = event.get("player")
        if kind == ev.AWAY:
            players[player].away = 1
        elif kind == ev.BACK:
            back[player] = True
        elif player is not None and back[player] and kind in (*ev.PLAYER_ACTIONS, ev.BRING_IN):
            players[player].away = 0
        if kind == ev.FOLD:
            folded[player] = True
        if kind in (ev.CALL, ev.BET, ev.RAISE, ev.COMPLETE) and game == HOLDEM:
            figures = players[player]
            if street == "preflop":
                figures.vpip = 1
                if kind == ev.RAISE:
                    figures.pfr = 1
            elif kind == ev.CALL:
                figures.calls += 1
            else:
                figures.aggressive += 1
        if street == "preflop" and kind in (ev.FOLD, ev.CALL, ev.RAISE) and game == HOLDEM:
            if raises_preflop == 1:  # the open raise stands: his answer is a 3-bet or not
                players[player].three_bet_chances += 1
                players[player].three_bets += kind == ev.RAISE
            raises_preflop += kind == ev.RAISE
        elif kind == ev.BOARD:
            street = event["street"]
            board = list(event["board"])
            if street == "flop":
                for i in range(n):
                    players[i].saw_flop = int(not folded[i])
            if shown and runout_board is None:
                runout_board = [c for c in board if c not in event["cards"]]
        elif kind in (ev.HOLE_CARDS, ev.UP_CARDS):
            street = event.get("street", street)
        elif kind == ev.SHOW:
            shown[player] = list(event["cards"])
        elif kind == EQUITY and "pots" in event and equities is None:
            equities = event["pots"]
        elif kind == ev.POT_AWARDED:
            pots.append(event)
        elif kind == ev.HAND_OVER:
            final = list(event["stacks"])
    still_in = [i for i in range(n) if not folded[i]]
    for pot in pots:
        for winner, share in zip(pot["winners"], pot["shares"]):
            players[winner].won += share
            if not pot["uncontested"]:
                players[winner].showdowns_won = 1
    for i, figures in enumerate(players):
        figures.net = final[i] - started["stacks"][i]
        figures.hands_won = int(figures.won > 0)
        if len(still_in) > 1 and i in still_in:
            figures.showdowns = 1
        if game == HOLDEM and i in shown and len(board) == 5:
            figures.best_hand = int(evaluate_high(parse_cards(shown[i] + board)))
    if game == HOLDEM and runout_board is not None:
        _allin_luck(players, shown, runout_board, pots, equities)
    for i, figures in enumerate(players):
        if figures.away:
            players[i] = _away(figures)
    return HandFigures(game, players, _knockout_credits(started["stacks"], final, players, pots))


def _away(figures: PlayerFigures) -> PlayerFigures:
    """A hand he was away for is not one he played: no hand, no choice counted (the table checked or
    folded for him); only his chips are, as they moved (blinds lost, a pot won)."""
    return PlayerFigures(
        hands=0,
        away=1,
        won=figures.won,
        net=figures.net,
        big_blind=figures.big_blind,
        allins=figures.allins,
        allin_expected=figures.allin_expected,
        allin_won=figures.allin_won,
    )


def _allin_luck(
    players: list[PlayerFigures],
    shown: dict[int, list[str]],
    board: list[str],
    pots: list[ev.Event],
    equities: list[dict] | None,
) -> None:
    """Each contested pot: every player who could win it expected the pot times his equity at the
    moment the cards were turned up; he got his share. Sums to zero over the players of a pot."""
    contested = [pot for pot in pots if len(pot["players"]) > 1]
    if not contested:
        return
    stored = {tuple(e["players"]): e["equity"] for e in equities or ()}
    missing = [pot["players"] for pot in contested if tuple(pot["players"]) not in stored]
    if missing:
        order = sorted(shown)
        computed = pot_equities(
            [shown[i] for i in order], board, [[order.index(i) for i in p] for p in missing]
        )
        for pot_players, results in zip(missing, computed):
            stored[tuple(pot_players)] = [r.equity for r in results]
    for pot in contested:
        shares = dict(zip(pot["winners"], pot["shares"]))
        for i, equity in zip(pot["players"], stored[tuple(pot["players"])]):
            figures = players[i]
            figures.allins = 1
            figures.allin_expected += pot["amount"] * equity
            figures.allin_won += shares.get(i, 0)


def _knockout_credits(
    start: Sequence[int], final: Sequence[int], players: list[PlayerFigures], pots: list[ev.Event]
) -> dict[int, list[int]]:
    """Who knocked out whom: the player who won the largest part of his last chips (ties: each).

    A player's chips in the pots are what he lost plus what he collected; a pot is cut at the level
    of the smallest stack among its players, so his chips in each pot he could win are that pot's
    level above the one before, and each winner of it takes them in proportion to his share."""
    put_in = [start[i] - final[i] + players[i].won for i in range(len(start))]
    credits: dict[int, list[int]] = {}
    for out in (i for i in range(len(start)) if final[i] == 0 and start[i] > 0):
        taken: dict[int, float] = {}
        below = 0
        for pot in pots:
            level = min(put_in[i] for i in pot["players"])
            if out in pot["players"]:
                mine = min(put_in[out], level) - below
                for winner, share in zip(pot["winners"], pot["shares"]):
                    if winner != out:
                        taken[winner] = taken.get(winner, 0.0) + mine * share / pot["amount"]
            below = level
        if taken:
            most = max(taken.values())
            credits[out] = sorted(w for w, chips in taken.items() if abs(chips - most) < 1e-9)
    return credits
