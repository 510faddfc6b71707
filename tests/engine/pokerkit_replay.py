"""Our hand files read back by PokerKit 0.7.7, for the tests of poker/engine/exports (tests only).

- ``play_holdem``, ``play_razz``: a random hand on our engine, with the generators of the
  differential tests (``test_holdem_vs_pokerkit.py``, ``test_razz_vs_pokerkit.py``: 2 to 8 players,
  short, deep and equal stacks, antes), every action kept to play it again.
- ``replay``: PokerKit's state after a hand history, or None when PokerKit could not play it as
  written. PokerKit's ``HandHistory`` "repairs" an action it refuses (it folds or checks for the
  player and tries again): a file is read strictly here, every action applied as written and no move
  made up, but the one PokerKit always adds (a check from the only player left with chips, who has
  nothing to call: we run the hand out at once, PokerKit waits for him).
- ``refused_by_pokerkit``: the hand played again on both engines decision by decision; the known
  difference of rules (docs/rules.md against PokerKit, explained by the differential tests) at which
  PokerKit refuses one of our actions, or None. The files still say what happened at our table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pokerkit import (
    BringInPosting,
    CheckingOrCalling,
    CompletionBettingOrRaisingTo,
    Folding,
    HandHistory,
    State,
)

from poker.engine import Action, shuffled_deck
from tests.engine import test_holdem_vs_pokerkit as holdem_vs
from tests.engine import test_razz_vs_pokerkit as razz_vs

MOVES = (Folding, CheckingOrCalling, CompletionBettingOrRaisingTo, BringInPosting)


@dataclass
class Played:
    """A hand played on our engine, with what it takes to play it again."""

    game: Any
    stacks: list[int]
    deck: list
    button: int | None  # Hold'em
    hand: Any
    actions: list[Action] = field(default_factory=list)

    @property
    def razz(self) -> bool:
        return self.button is None

    def order(self) -> list[int]:
        """Our players in the files' order (Hold'em from the button's left, Razz as dealt)."""
        n = len(self.stacks)
        return list(range(n)) if self.razz else [(self.button + 1 + k) % n for k in range(n)]

    def ours(self, values: list) -> list:
        """Values in the files' order back in our players' order."""
        mine = [None] * len(values)
        for k, player in enumerate(self.order()):
            mine[player] = values[k]
        return mine


def play_holdem(rng: random.Random) -> Played:
    game, stacks, button = holdem_vs.random_table(rng)
    deck = shuffled_deck(rng=rng)  # type: ignore[arg-type]  # seeded: the test can be replayed
    played = Played(game, stacks, deck, button, game.start_hand(stacks, button, deck))
    while played.hand.actor is not None:
        action = holdem_vs.random_action(rng, played.hand.legal_actions())
        played.hand.act(action)
        played.actions.append(action)
    return played


def play_razz(rng: random.Random) -> Played:
    game, stacks, fold_weight = razz_vs.random_table(rng)
    deck = shuffled_deck(rng=rng)  # type: ignore[arg-type]
    played = Played(game, stacks, deck, None, razz_vs.start(game, stacks, deck))
    while played.hand.actor is not None:
        action = razz_vs.random_action(rng, played.hand.legal_actions(), fold_weight, False)
        played.hand.act(action)
        played.actions.append(action)
    return played


def written_moves(actions: list[str]) -> list[str]:
    """The players' betting moves of a file's actions (``p1 cbr 40``...), without the cards."""
    return [a for a in actions if a.split()[1] in ("f", "cc", "cbr", "pb")]


def made_moves(state: State) -> list[tuple[str, bool]]:
    """The betting moves PokerKit made, in PHH notation, each with whether it was a check."""
    moves = []
    for op in state.operations:
        if not isinstance(op, MOVES):
            continue
        player = f"p{op.player_index + 1}"
        if isinstance(op, Folding):
            moves.append((f"{player} f", False))
        elif isinstance(op, CheckingOrCalling):
            moves.append((f"{player} cc", op.amount == 0))
        elif isinstance(op, BringInPosting):
            moves.append((f"{player} pb", False))
        else:
            moves.append((f"{player} cbr {op.amount}", False))
    return moves


def same_moves(made: list[tuple[str, bool]], written: list[str]) -> bool:
    """PokerKit made exactly the written moves, and besides them only checks (the one it waits for)."""
    k = 0
    for move, is_check in made:
        if k < len(written) and move == written[k]:
            k += 1
        elif not is_check:
            return False
    return k == len(written)


def replay(hh: HandHistory) -> State | None:
    """PokerKit's last state after the file's actions, every one applied as written; else None."""
    applied = []
    states = hh.state_actions
    state, _ = next(states)
    try:
        for state, action in states:  # noqa: B007 (the last one is wanted)
            if action is not None:
                applied.append(action)
    except (ValueError, KeyError):  # "Unable to repair the hand history"; an unknown card it made up
        return None
    if applied != list(hh.actions) or state.status:
        return None
    if not same_moves(made_moves(state), written_moves(list(hh.actions))):
        return None  # it folded or called for a player to get past an action it refused
    return state


def refused_by_pokerkit(played: Played) -> str | None:
    """The known difference of rules at which PokerKit refuses one of our actions in this hand (its
    name in the differential tests), or None: played again on both engines, decision by decision."""
    if played.razz:
        hand = razz_vs.start(played.game, played.stacks, played.deck)
        theirs = razz_vs.PokerKitHand(hand)
        for action in played.actions:
            mine, pk = razz_vs.ours(hand), theirs.options()
            if action.kind == "raise" and mine != pk and action.amount != pk[3]:
                return razz_vs.explain(hand, theirs, mine, pk)
            hand.act(action)
            theirs.act(action)
        return None
    hand = played.game.start_hand(played.stacks, played.button, played.deck)
    theirs = holdem_vs.PokerKitHand(played.game, played.stacks, played.button, played.deck)
    for action in played.actions:
        la = hand.legal_actions()
        mine = (la.can_fold, la.call_amount, la.min_raise_to, la.max_raise_to)
        pk = theirs.options()
        if action.kind == "raise" and (pk[2] is None or not pk[2] <= action.amount <= pk[3]):
            return holdem_vs.explain_raise_difference(hand, mine[2] is not None, pk[2] is not None)
        hand.act(action)
        theirs.act(action)
    return None
