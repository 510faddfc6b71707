"""Records of hands of every game dealt from fair decks by the engine itself, with the put-backs
of Razz (eight players to 7th street) and of draw against the dealer (eight players, one deck):
for checking the two verifiers (Python and the browser's) against the engine's deal order."""

from __future__ import annotations

import random

from poker.engine import Action, NoLimitHoldem, Razz, fairness
from poker.engine.dealer_draw import DealerDraw
from poker.engine.fairness import CARD_EVENTS

SEED = bytes(range(32))


def _calls(hand, rng: random.Random, fold_rate: float) -> None:
    """Everyone calls or checks (or brings in), some fold: many cards dealt."""
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.bring_in is not None:
            hand.act(Action.bring_in())
        elif legal.can_fold and rng.random() < fold_rate:
            hand.act(Action.fold())
        elif legal.can_check:
            hand.act(Action.check())
        else:
            hand.act(Action.call())


def _record(game: str, table: int, number: int, client_seed: str, events, decks: int = 1) -> dict:
    return {
        "table": table,
        "hand": number,
        "game": game,
        "decks": decks,
        "client_seed": client_seed,
        "events": [e for e in events if e["type"] in CARD_EVENTS],
    }


def sample_hands() -> list[dict]:
    rng = random.Random(27)
    hands = []
    for number in range(1, 5):
        n, cs = 2 + 2 * number % 7, f"h{number}"
        deck = fairness.deal_deck(SEED, 3, number, cs)
        hand = NoLimitHoldem(small_blind=5, big_blind=10).start_hand([1000] * n, number % n, deck)
        _calls(hand, rng, 0.1)
        hands.append(_record("holdem", 3, number, cs, hand.events))
    for number, fold_rate in ((1, 0.0), (2, 0.08), (3, 0.2)):
        deck = fairness.deal_deck(SEED, 4, number, "")
        keys = fairness.reshuffle_keys(SEED, 4, number, "")
        hand = Razz(ante=1, bring_in=2, small_bet=4).start_hand([500] * 8, deck, keys)
        _calls(hand, rng, fold_rate)
        hands.append(_record("razz", 4, number, "", hand.events))
    for number, decks in ((1, 1), (2, 2), (3, 1)):
        cs = "ab|cd"
        deck = fairness.deal_deck(SEED, 5, number, cs, decks)
        keys = fairness.reshuffle_keys(SEED, 5, number, cs)
        rnd = DealerDraw(decks).start_round([10] * 8, deck, keys)
        while not rnd.is_over:
            cards = rnd.hole_cards[rnd.actor]
            rnd.act(Action.draw(cards[: rng.choice([0, 2, 3, 3])]))
        hands.append(_record("dealer_draw", 5, number, cs, rnd.events, decks))
    return hands


def sample_record() -> dict:
    return {
        "version": 1,
        "commitment": fairness.commitment(SEED),
        "server_seed": SEED.hex(),
        "revealed": True,
        "draws": [
            {
                "label": "seating:5:round1",
                "members": list(range(1, 11)),
                "tables": [[9, 2, 5, 3], [7, 4, 10], [6, 1, 8]],
            }
        ],
        # docs/fairness.md's vectors: a table broken, then a move from the fullest table.
        "balancing": [
            {
                "label": "balance:5:t8-h31",
                "moves": 2,
                "broken": [2],
                "tables": {
                    "1": {"1": 11, "2": 12, "3": 13, "4": 14, "5": 15},
                    "2": {"2": 21, "6": 22},
                    "3": {"1": 31, "3": 32, "8": 33},
                },
                "moved": [[21, 2, 2, 3, 4], [22, 2, 6, 3, 2]],
            },
            {
                "label": "balance:5:t1-h40",
                "moves": 1,
                "broken": [],
                "tables": {
                    "1": {str(s): 10 + s for s in range(1, 8)},
                    "2": {str(s): 20 + s for s in (1, 2, 3, 5, 8)},
                },
                "moved": [[17, 1, 7, 2, 6]],
            },
            {"label": "balance:5:live-1", "moves": 1, "broken": []},  # played before inputs were kept
        ],
        # docs/fairness.md's vector: table 1's first button among 3 players is player 2 (seat 5).
        "buttons": [{"table": 1, "label": "button:1", "seats": [2, 4, 5], "button": 2}],
        "hands": sample_hands(),
    }
