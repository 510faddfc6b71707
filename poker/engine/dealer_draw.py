"""Five-card draw against the dealer (docs/rules.md, section "Five-card draw against the dealer").

>>> from poker.engine import Action, DealerDraw, parse_cards
>>> from poker.engine.dealer_draw import deck_for
>>> deck = deck_for(["As Ad 7c 4h 2s"], dealer="Th Tc 9d 6s 3c", draws=["Ks Qd Jc"], dealer_draws="8h 5d 4c")
>>> rnd = DealerDraw(decks=1).start_round(bets=[10], deck=deck)
>>> _ = rnd.act(Action.draw(parse_cards("7c 4h 2s")))
>>> rnd.is_over, rnd.results, [str(c) for c in rnd.dealer_cards]
(True, [10], ['Th', 'Tc', '8h', '5d', '4c'])

The house (the app) is the dealer and banks the game: each player plays against the dealer alone.
Each player has bet before the deal (``bets``); players draw once each, in seat order
(``Action.draw(cards)``: 0 to 3 cards from his own hand; ``Action.draw()`` stands pat); then the
dealer draws by the house rule (``dealer_discards``) and every hand is compared with the dealer's.
``results[i]`` is player i's net: ``-bet`` (worse), 0 (equal), ``multiple * bet`` (better).

How the rules are read, where docs/rules.md leaves a choice to the program:

- 1 to 8 players (one table), one or two decks. With two decks, identical cards can be dealt; a hand
  is valued the same way (a flush may hold a pair) and five of a kind is the best hand of all.
- Dealing (any deck order, fixed or shuffled): one card at a time to players 0, 1, ... then the
  dealer, five times round; replacements off the top of what is left, in seat order, the dealer's
  last. A player's new cards join his kept cards after them.
- When the deck runs out (eight players, one deck), the discards of the players who have already
  drawn are put back; nobody gets his own discards back. For a shuffled deck they are shuffled in a
  random order drawn with the CSPRNG at the deal (``reshuffle_keys``, secret like the deck), so a
  stored round resumed elsewhere deals the same cards; for an explicit deck they come back in the
  order they were thrown (tests and replays know every card).
- The paytable: the multiple is the player's category number, less the dealer's category number
  when the dealer holds three of a kind or better, and at least 1 (``payout_multiple``).

Events: ``events.py``, section "Five-card draw against the dealer" (a player's cards, dealt and
drawn, are private ``hole_cards`` and ``new_cards``; the number he draws is public).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import events as ev
from ._deck import deck_to_deal, put_back, reshuffle_order
from ._state import StateFormat, whole
from .actions import DRAW, Action, IllegalAction, LegalActions
from .cards import Card, card_names, check_deck, full_deck, parse_cards
from .evaluate import CATEGORIES, HandNames, high_hand_names

MIN_PLAYERS, MAX_PLAYERS = 1, 8
MAX_DRAW = 3
STATE_VERSION = 1

HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH = range(6)
FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH, FIVE_OF_A_KIND = range(6, 11)
DRAW_CATEGORIES = (*CATEGORIES, "five_of_a_kind")  # the index is docs/rules.md's category number

# The event types of a round, under the names this module has always given them (see events.py)
ROUND_STARTED, DRAW_EVENT, NEW_CARDS, RESHUFFLE = ev.ROUND_STARTED, ev.DRAW, ev.NEW_CARDS, ev.RESHUFFLE
DEALER_DRAW, DEALER_SHOWS, RESULT, ROUND_OVER = ev.DEALER_DRAW, ev.DEALER_SHOWS, ev.RESULT, ev.ROUND_OVER

HandValue = tuple[int, tuple[int, ...]]  # (category number, ranks that break ties, deuce 0 ... ace 12)


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The value of a five-card high hand, from one deck or two: greater is better, equal splits.

    ``(category number, ranks)``: the category numbers of docs/rules.md (high card 0 ... royal flush 9,
    five of a kind 10), then the ranks that break ties, most significant first (deuce 0, ace 12).
    """
    if len(cards) != 5:
        raise ValueError(f"a draw hand has five cards, not {len(cards)}")
    ranks = sorted((c.rank_index for c in cards), reverse=True)
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    pattern = tuple(n for _, n in groups)
    grouped = tuple(rank for rank, _ in groups)
    flush = len({c.suit_index for c in cards}) == 1
    top = None
    if len(groups) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # the wheel: A-2-3-4-5, five high
            top = 3
    if pattern == (5,):
        return FIVE_OF_A_KIND, grouped
    if top is not None and flush:
        return (ROYAL_FLUSH if top == 12 else STRAIGHT_FLUSH), (top,)
    if pattern == (4, 1):
        return FOUR_OF_A_KIND, grouped
    if pattern == (3, 2):
        return FULL_HOUSE, grouped
    if flush:
        return FLUSH, tuple(ranks)
    if top is not None:
        return STRAIGHT, (top,)
    category = {(3, 1, 1): THREE_OF_A_KIND, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}.get(pattern, HIGH_CARD)
    return category, grouped


def hand_names(value: HandValue, beaten: HandValue | None = None) -> HandNames:
    """The names for the events (``evaluate.hand_names``): "Pair of aces" / "Paire d'as", "Five aces" /
    "Cinq as"; ``beaten``, the dealer's hand when this one beat it, names the kickers that decided."""
    category, ranks = value
    return high_hand_names(category, ranks, beaten)


def payout_multiple(player: int, dealer: int) -> int:
    """What a winning hand pays, times the bet, from the two category numbers (docs/rules.md).

    The player's category number, less the dealer's when the dealer holds three of a kind or
    better, and at least 1: a pair of aces against a pair of tens pays 1, two pair against a pair 2;
    against three of a kind a straight pays 1 and a royal flush 6.
    """
    return max(1, player - (dealer if dealer >= THREE_OF_A_KIND else 0))


def dealer_discards(cards: Sequence[Card]) -> list[Card]:
    """The cards the dealer throws, by the published house rule (docs/rules.md).

    A straight or better stands pat. With a pair, two pair or three of a kind he keeps the cards that
    make it and draws the rest. Otherwise: four to a flush, then four to an open-ended straight
    (2-3-4-5 counts: an ace or a six makes it; A-2-3-4 and J-Q-K-A do not), he keeps those four and
    draws one; otherwise he keeps his two highest cards and draws three.
    """
    category, _ = hand_value(cards)
    if category >= STRAIGHT:
        return []
    ranks = Counter(c.rank_index for c in cards)
    if category != HIGH_CARD:
        return [c for c in cards if ranks[c.rank_index] == 1]
    suits = Counter(c.suit_index for c in cards)
    suit, count = suits.most_common(1)[0]
    if count == 4:
        return [c for c in cards if c.suit_index != suit]
    for low in range(9):  # four in a row from ``low`` (deuce 0), with a card to make it at each end
        run = range(low, low + 4)
        if all(r in ranks for r in run):
            return [c for c in cards if c.rank_index not in run]
    return sorted(cards, key=lambda c: c.rank_index)[:3]


@dataclass(frozen=True, slots=True)
class DealerDraw:
    """Five-card draw against the dealer with one or two decks: deals rounds with ``start_round``."""

    decks: int = 1

    def __post_init__(self) -> None:
        if not whole(self.decks) or self.decks not in (1, 2):
            raise ValueError(f"draw against the dealer is played with 1 or 2 decks, not {self.decks!r}")

    def start_round(
        self,
        bets: Sequence[int],
        deck: Sequence[Card | str] | str | None = None,
        reshuffle_keys: Sequence[int] | None = None,
    ) -> DrawRound:
        """Take the bets, deal five cards to each player and the dealer, and wait for player 0's draw.

        ``deck``: None shuffles with the OS's CSPRNG; otherwise every card ``decks`` times, top first
        (``deck_for`` builds one from the cards each should get). ``reshuffle_keys``: the order
        discards put back take (``fairness.reshuffle_keys``), given with a table's fair deck.
        """
        return DrawRound._deal(self, bets, deck, reshuffle_keys)


class DrawRound:
    """One round of draw against the dealer: plain data, advanced by ``act``."""

    __slots__ = (
        "actor",
        "bets",
        "dealer_cards",
        "deck",
        "decks",
        "discards",
        "drawn",
        "events",
        "hole_cards",
        "is_over",
        "reshuffle_keys",
        "results",
    )

    decks: int
    bets: list[int]
    hole_cards: list[list[Card]]  # each player's hand now
    dealer_cards: list[Card]  # the dealer's hand (secret until the end)
    deck: list[Card]  # undealt cards, top first: secret
    discards: list[Card]  # thrown cards, put back when the deck runs out
    drawn: list[bool]
    reshuffle_keys: list[int] | None  # a random rank per card for putting discards back; None: in order
    actor: int | None
    is_over: bool
    results: list[int] | None  # each player's net chips once the round is over
    events: list[ev.Event]

    @classmethod
    def _deal(
        cls,
        game: DealerDraw,
        bets: Sequence[int],
        deck: Sequence[Card | str] | str | None,
        keys: Sequence[int] | None = None,
    ) -> DrawRound:
        n = len(bets)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"draw against the dealer needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
        for i, bet in enumerate(bets):
            if not whole(bet) or bet <= 0:
                raise ValueError(
                    f"the bet of player {i} must be a positive whole number of chips, not {bet!r}"
                )
        cards = deck_to_deal(deck, game.decks)

        self = cls.__new__(cls)
        self.decks = game.decks
        self.bets = list(bets)
        self.hole_cards = [cards[k : 5 * (n + 1) : n + 1] for k in range(n)]
        self.dealer_cards = cards[n : 5 * (n + 1) : n + 1]
        self.deck = cards[5 * (n + 1) :]
        self.discards = []
        self.drawn = [False] * n
        self.reshuffle_keys = reshuffle_order(deck, keys)
        self.actor = 0
        self.is_over = False
        self.results = None
        self.events = [
            {
                "type": ROUND_STARTED,
                "game": "dealer_draw",
                "players": n,
                "decks": game.decks,
                "bets": list(bets),
            }
        ]
        for i in range(n):
            self.events.append(
                {
                    "type": ev.HOLE_CARDS,
                    "player": i,
                    "cards": card_names(self.hole_cards[i]),
                    "private": True,
                }
            )
        return self

    @property
    def player_count(self) -> int:
        return len(self.bets)

    def legal_actions(self) -> LegalActions:
        """The player to act may draw 0 to 3 cards (``can_draw``, ``max_draw``); nothing else."""
        if self.actor is None:
            return LegalActions()
        return LegalActions(can_draw=True, max_draw=MAX_DRAW)

    def check_action(self, action: Action, player: int | None = None) -> None:
        """Raise IllegalAction saying why ``action`` is not allowed now; return if it is.

        ``player``, when given, must be the player to act."""
        i = self.actor
        if player is not None and whole(player) and 0 <= player < len(self.bets) and self.drawn[player]:
            raise IllegalAction(f"player {player} has already drawn: one exchange only")
        if i is None:
            raise IllegalAction("the round is over" if self.is_over else "no player is to act")
        if player is not None and player != i:
            raise IllegalAction(f"it is player {i}'s turn to draw, not player {player}'s")
        if action.kind != DRAW:
            raise IllegalAction(
                f"{action} is not an action of draw against the dealer: draw 0 to {MAX_DRAW} cards"
            )
        if len(action.cards) > MAX_DRAW:
            raise IllegalAction(f"player {i} may exchange at most {MAX_DRAW} cards, not {len(action.cards)}")
        held = Counter(self.hole_cards[i])
        for card, count in Counter(action.cards).items():
            if held[card] < count:
                raise IllegalAction(
                    f"player {i} does not hold {card}" + (" that often" if held[card] else "")
                )

    def can_act(self, action: Action, player: int | None = None) -> bool:
        try:
            self.check_action(action, player)
        except IllegalAction:
            return False
        return True

    def act(self, action: Action, player: int | None = None) -> list[ev.Event]:
        """Apply the actor's draw and return the events it produced (IllegalAction if not allowed)."""
        self.check_action(action, player)
        i = self.actor
        assert i is not None
        start = len(self.events)
        thrown = list(action.cards)
        kept, received = self._exchange(self.hole_cards[i], thrown)
        self.hole_cards[i] = kept + received
        self.drawn[i] = True
        self.events.append({"type": DRAW_EVENT, "player": i, "count": len(thrown)})
        self.events.append(
            {
                "type": NEW_CARDS,
                "player": i,
                "discarded": card_names(thrown),
                "received": card_names(received),
                "cards": card_names(self.hole_cards[i]),
                "private": True,
            }
        )
        self.actor = i + 1 if i + 1 < len(self.bets) else None
        if self.actor is None:
            self._dealer_plays()
        return self.events[start:]

    def _exchange(self, hand: list[Card], thrown: list[Card]) -> tuple[list[Card], list[Card]]:
        """Kept cards (in order) and the replacements; the thrown cards go to the discards afterwards."""
        kept = list(hand)
        for card in thrown:
            kept.remove(card)
        received = []
        for _ in thrown:
            if not self.deck:
                cards = self.deck = put_back(self.discards, self.reshuffle_keys)
                self.discards = []
                self.events.append({"type": RESHUFFLE, "count": len(cards)})
            received.append(self.deck.pop(0))
        self.discards.extend(thrown)
        return kept, received

    def _dealer_plays(self) -> None:
        thrown = dealer_discards(self.dealer_cards)
        kept, received = self._exchange(self.dealer_cards, thrown)
        self.dealer_cards = kept + received
        events = self.events
        events.append({"type": DEALER_DRAW, "count": len(thrown)})
        dealer = hand_value(self.dealer_cards)
        events.append(
            {"type": DEALER_SHOWS, "cards": card_names(self.dealer_cards), "hand": hand_names(dealer)}
        )
        results = []
        for i, cards in enumerate(self.hole_cards):
            value = hand_value(cards)
            events.append(
                {
                    "type": ev.SHOW,
                    "player": i,
                    "cards": card_names(cards),
                    "hand": hand_names(value, dealer if value > dealer else None),
                }
            )
            bet = self.bets[i]
            if value > dealer:
                multiple = payout_multiple(value[0], dealer[0])
                outcome, net = "win", multiple * bet
            else:
                multiple = 0
                outcome, net = ("push", 0) if value == dealer else ("lose", -bet)
            results.append(net)
            events.append(
                {
                    "type": RESULT,
                    "player": i,
                    "bet": bet,
                    "outcome": outcome,
                    "multiple": multiple,
                    "net": net,
                }
            )
        self.results = results
        self.is_over = True
        events.append({"type": ROUND_OVER, "results": list(results)})

    # ----------------------------------------------------------------------------------------------
    # Storing and resuming

    def to_dict(self) -> dict[str, Any]:
        """The whole state as a JSON-compatible dict (with the secret deck: keep it server-side)."""
        return _STORED.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DrawRound:
        """The round stored by ``to_dict``; ValueError if the data is not such a round."""
        self = _STORED.load(cls, data)
        DealerDraw(self.decks)
        _STORED.check_players(len(self.bets), MIN_PLAYERS, MAX_PLAYERS, self.hole_cards, self.drawn)
        every = [c for hand in self.hole_cards for c in hand] + self.dealer_cards + self.deck + self.discards
        check_deck(every, decks=self.decks)  # every card is somewhere, exactly ``decks`` times
        _STORED.check_reshuffle_keys(self.reshuffle_keys)
        return self

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"player {self.actor} to draw"
        return f"<DrawRound {len(self.bets)} players, {self.decks} deck(s), {state}>"


_STORED = StateFormat(
    game="dealer_draw",
    version=STATE_VERSION,
    what="round of draw against the dealer",
    noun="round",
    values=("decks", "actor", "is_over"),
    lists=("bets", "drawn"),
    optional_lists=("reshuffle_keys", "results"),
    cards=("dealer_cards", "deck", "discards"),
    card_rows=("hole_cards",),
    duplicate_cards=True,
)


def deck_for(
    hands: Sequence[Sequence[Card | str] | str],
    dealer: Sequence[Card | str] | str = (),
    draws: Sequence[Sequence[Card | str] | str] = (),
    dealer_draws: Sequence[Card | str] | str = (),
    decks: int = 1,
) -> list[Card]:
    """The full deck that deals these five-card hands and these replacements, in docs/rules.md's order.

    For tests and replays: ``hands[i]`` is player i's five cards, ``dealer`` the dealer's,
    ``draws[i]`` the replacements player i gets (in order), ``dealer_draws`` the dealer's. Cards not
    given are filled with the unused cards in their fixed order (``decks`` times each). The deck
    must not run out before the dealer's draw.
    """
    n = len(hands)
    rows = [parse_cards(h, allow_duplicates=True) for h in hands] + [
        parse_cards(dealer, allow_duplicates=True)
    ]
    extra = [parse_cards(d, allow_duplicates=True) for d in draws] + [[]] * (n - len(draws))
    extra.append(parse_cards(dealer_draws, allow_duplicates=True))
    remaining = Counter({c: decks for c in full_deck()})
    remaining.subtract(c for row in rows + extra for c in row)
    if any(count < 0 for count in remaining.values()):
        raise ValueError(f"a card is given more than {decks} time(s)")
    unused = []
    for c in full_deck(decks):
        if remaining[c] > 0:
            remaining[c] -= 1
            unused.append(c)
    spare = iter(unused)

    def take(row: list[Card], k: int) -> Card:
        return row[k] if k < len(row) else next(spare)

    deck = [take(rows[p], k) for k in range(5) for p in range(n + 1)]
    for row in extra:
        deck.extend(row)
    deck.extend(spare)
    return deck
