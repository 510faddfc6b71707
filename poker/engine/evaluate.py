"""Hand evaluators: the best high hand (Hold'em, draw) and the best ace-to-five low (Razz).

Both return an ``int`` subclass, so hands compare, sort, hash and serialise as plain numbers:
a greater value is a better hand, equal values split the pot (docs/rules.md, "High hands": suits
never break a tie).
High values are dense, 0 (7-5-4-3-2 offsuit) to 7,461 (royal flush); low values run from 0
(four kings) to 6,174 (A-2-3-4-5). The numbers are stable: they can be stored.

``evaluate_high_raw`` and ``evaluate_low_raw`` return the plain ``int`` for hot loops; the batch
evaluator for numpy arrays lives in ``batch.py`` and gives the very same numbers.
How hands are said, in French and English, is here and nowhere else: ``HighHand.names`` and
``LowHand.names`` give the names the events carry (``hand_names``: the name alone, "Paire de dix",
and the phrase for the middle of a sentence, "une paire de dix"); given the best hand it beat,
a winning high hand also names the kickers that decided ("Paire de dix, roi en kicker").
``describe_high(category, ranks, lang)`` and ``high_hand_names`` name a high hand from its parts,
for games that value hands their own way (two-deck draw against the dealer, where five of a kind
exists). Ranks are written as the cards show them ("Q-10-8-4-2", "10 bas").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from . import _tables as t
from .cards import RANKS, Card, parse_cards

HIGH_CARD = "high_card"
PAIR = "pair"
TWO_PAIR = "two_pair"
THREE_OF_A_KIND = "three_of_a_kind"
STRAIGHT = "straight"
FLUSH = "flush"
FULL_HOUSE = "full_house"
FOUR_OF_A_KIND = "four_of_a_kind"
STRAIGHT_FLUSH = "straight_flush"
ROYAL_FLUSH = "royal_flush"
CATEGORIES = (
    HIGH_CARD,
    PAIR,
    TWO_PAIR,
    THREE_OF_A_KIND,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
    ROYAL_FLUSH,
)  # worst to best; the index is the category number of docs/rules.md
FIVE_OF_A_KIND = "five_of_a_kind"  # category number 10: only two decks make it (draw against the dealer)
_NAMED_CATEGORIES = (*CATEGORIES, FIVE_OF_A_KIND)

_CATEGORY_NAMES = {
    "fr": (
        "Hauteur",
        "Paire",
        "Double paire",
        "Brelan",
        "Quinte",
        "Couleur",
        "Full",
        "Carré",
        "Quinte flush",
        "Quinte flush royale",
    ),
    "en": (
        "High card",
        "Pair",
        "Two pair",
        "Three of a kind",
        "Straight",
        "Flush",
        "Full house",
        "Four of a kind",
        "Straight flush",
        "Royal flush",
    ),
}


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# Rank words, indexed like RANKS (deuce first).
_FR_ONE = _words("deux trois quatre cinq six sept huit neuf dix valet dame roi as")
_FR_MANY = _words("deux trois quatre cinq six sept huit neuf dix valets dames rois as")
_EN_ONE = _words("two three four five six seven eight nine ten jack queen king ace")
_EN_MANY = _words("twos threes fours fives sixes sevens eights nines tens jacks queens kings aces")


def _fr_of(rank: int) -> str:
    """French "of": "d'as", "de rois" (elision before a vowel; "huit" has an aspirated h)."""
    word = _FR_MANY[rank]
    return f"d'{word}" if word == "as" else f"de {word}"


def _fr_at(rank: int) -> str:
    """French "…-high": "à l'as", "au roi", "à la dame"."""
    if rank == 12:
        return "à l'as"
    if rank == 10:
        return "à la dame"
    return f"au {_FR_ONE[rank]}"


def _fr_with(rank: int) -> str:
    """French "full of": "aux rois", "aux as", "aux dix"."""
    return f"aux {_FR_MANY[rank]}"


def _check_lang(lang: str) -> str:
    if lang not in _CATEGORY_NAMES:
        raise ValueError(f"unknown language {lang!r}: use 'fr' or 'en'")
    return lang


class HighHand(int):
    """The value of the best five-card high hand; greater is better, equal splits."""

    __slots__ = ()

    @property
    def category(self) -> str:
        return CATEGORIES[t.HIGH_CLASSES[self][0]]

    @property
    def category_number(self) -> int:
        """0 for high card ... 9 for a royal flush (the numbers of docs/rules.md's draw payouts)."""
        return t.HIGH_CLASSES[self][0]

    @property
    def ranks(self) -> str:
        """The ranks that decide ties, most significant first: "AK" for aces full of kings."""
        return "".join(RANKS[r] for r in t.HIGH_CLASSES[self][1])

    def name(self, lang: str = "fr") -> str:
        """The category in French ("Double paire") or English ("Two pair")."""
        return _CATEGORY_NAMES[_check_lang(lang)][t.HIGH_CLASSES[self][0]]

    def describe(self, lang: str = "fr") -> str:
        """The hand's name: "Full aux rois par les dix", "Pair of aces"."""
        category, r = t.HIGH_CLASSES[self]
        return describe_high(category, r, lang)

    def names(self, beaten: int | None = None) -> HandNames:
        """The names the events carry (``hand_names``); ``beaten``: the best hand this one beat,
        so that the kickers are named when they decided."""
        category, r = t.HIGH_CLASSES[self]
        over = t.HIGH_CLASSES[beaten] if beaten is not None else None
        return high_hand_names(category, r, over)

    def __repr__(self) -> str:
        return f"HighHand({int(self)}, {self.describe('en')!r})"


# How each category is said, by category number (five of a kind, 10, only with two decks), with
# the words of its ranks: {one}/{One} the top rank ("roi", "King"), {many} its plural ("rois",
# "kings"), {of} "de rois"/"d'as", {at} "au roi"/"à l'as", {with_} "aux rois", {second} the plural
# of the second rank (full house, two pair).
_HIGH_NAMES = {
    "fr": (
        "Hauteur {one}",
        "Paire {of}",
        "Double paire {with_} par les {second}",
        "Brelan {of}",
        "Quinte {at}",
        "Couleur {at}",
        "Full {with_} par les {second}",
        "Carré {of}",
        "Quinte flush {at}",
        "Quinte flush royale",
        "Cinq {many}",
    ),
    "en": (
        "{One} high",
        "Pair of {many}",
        "Two pair, {many} and {second}",
        "Three {many}",
        "{One}-high straight",
        "{One}-high flush",
        "Full house, {many} full of {second}",
        "Four {many}",
        "{One}-high straight flush",
        "Royal flush",
        "Five {many}",
    ),
}


# The same, in the middle of a sentence ("gagne 212 avec une paire d'as"): lower case, with the
# article; {a} is "a" or "an" before the English top rank.
_HIGH_PHRASES = {
    "fr": (
        "hauteur {one}",
        "une paire {of}",
        "une double paire {with_} par les {second}",
        "un brelan {of}",
        "une quinte {at}",
        "une couleur {at}",
        "un full {with_} par les {second}",
        "un carré {of}",
        "une quinte flush {at}",
        "une quinte flush royale",
        "cinq {many}",
    ),
    "en": (
        "{one} high",
        "a pair of {many}",
        "two pair, {many} and {second}",
        "three {many}",
        "{a} {one}-high straight",
        "{a} {one}-high flush",
        "a full house, {many} full of {second}",
        "four {many}",
        "{a} {one}-high straight flush",
        "a royal flush",
        "five {many}",
    ),
}
# How many of a category's tie-break ranks its name already says (two pair, full house: two);
# the ranks after them are the kickers.
_NAMED_RANKS = (1, 1, 2, 1, 1, 1, 2, 1, 1, 1, 1)

HandNames = dict[str, Any]  # see hand_names


def _high_words(category: int, ranks: Sequence[int], lang: str, templates: dict[str, tuple[str, ...]]) -> str:
    template = templates[_check_lang(lang)][category]
    top = ranks[0]
    second = ranks[1] if len(ranks) > 1 else top
    if lang == "fr":
        return template.format(
            one=_FR_ONE[top],
            many=_FR_MANY[top],
            of=_fr_of(top),
            at=_fr_at(top),
            with_=_fr_with(top),
            second=_FR_MANY[second],
        )
    one = _EN_ONE[top]
    return template.format(
        One=one.capitalize(),
        one=one,
        a="an" if one in ("ace", "eight") else "a",
        many=_EN_MANY[top],
        second=_EN_MANY[second],
    )


def describe_high(category: int, ranks: Sequence[int], lang: str = "fr") -> str:
    """The name of a high hand from its parts: "Full aux rois par les dix", "Pair of aces".

    ``category`` is docs/rules.md's category number (high card 0 ... royal flush 9, and five of a kind
    10, which only two decks can make); ``ranks`` are the ranks that break ties, most significant
    first, deuce 0 ... ace 12 (for a full house: the three, then the pair). For games that value
    hands themselves (draw against the dealer) and still name them like ``HighHand.describe``.
    """
    return _high_words(category, ranks, lang, _HIGH_NAMES)


def deciding_kickers(
    category: int, ranks: Sequence[int], over: tuple[int, Sequence[int]] | None
) -> tuple[int, ...]:
    """The kickers that make this hand beat ``over`` (category number, ranks), down to the one that
    decides: () when the category or the ranks the name says already decide, or when they tie."""
    if over is None or over[0] != category:
        return ()
    named = _NAMED_RANKS[category]
    for k, (mine, theirs) in enumerate(zip(ranks, over[1])):
        if mine != theirs:
            return tuple(ranks[named : k + 1]) if k >= named else ()
    return ()


def _kicker_words(kickers: Sequence[int], lang: str) -> str:
    """ ", roi en kicker", ", roi et dame en kickers" / ", king kicker", ", king-queen kickers"."""
    if not kickers:
        return ""
    if lang == "fr":
        words = [_FR_ONE[r] for r in kickers]
        listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " et " + words[-1]
        return f", {listed} en kicker" + ("s" if len(words) > 1 else "")
    return ", " + "-".join(_EN_ONE[r] for r in kickers) + " kicker" + ("s" if len(kickers) > 1 else "")


def hand_names(category: str, fr: str, en: str, fr_phrase: str, en_phrase: str) -> HandNames:
    """What an event says of a hand: ``{"category", "fr", "en", "phrase": {"fr", "en"}}``.

    ``fr``/``en`` is the name on its own ("Paire de dix, roi en kicker", a badge, a list);
    ``phrase`` the same in the middle of a sentence ("une paire de dix, roi en kicker")."""
    return {"category": category, "fr": fr, "en": en, "phrase": {"fr": fr_phrase, "en": en_phrase}}


def high_hand_names(
    category: int, ranks: Sequence[int], over: tuple[int, Sequence[int]] | None = None
) -> HandNames:
    """``hand_names`` of a high hand from its parts (``describe_high``); ``over``, the (category
    number, ranks) of the best hand it beat: the kickers that decided are named."""
    kickers = deciding_kickers(category, ranks, over)
    words = {
        lang: (
            describe_high(category, ranks, lang) + _kicker_words(kickers, lang),
            _high_words(category, ranks, lang, _HIGH_PHRASES) + _kicker_words(kickers, lang),
        )
        for lang in ("fr", "en")
    }
    return hand_names(
        _NAMED_CATEGORIES[category], words["fr"][0], words["en"][0], words["fr"][1], words["en"][1]
    )


# Keyed by the interned Card objects, so lookups hit on identity; a plain int 0..51 finds its card too.
_KEY = {Card(i): key for i, key in enumerate(t.HIGH_CARD_KEY)}
_BY_RANKS = t.HIGH_BY_RANKS
_FLUSH = t.HIGH_FLUSH
_FLUSH_SUIT = t.FLUSH_SUIT
_CARD_MASK = t.CARD_MASK
_SUIT_SHIFT = t.SUIT_SHIFT
_SUIT_MASK = t.SUIT_MASK
_RANK_SHIFT = t.RANK_SHIFT
_HIGH_HANDS = [HighHand(value) for value in range(len(t.HIGH_CLASSES))]  # interned, like cards


def evaluate_high_raw(cards: tuple[int, ...] | list[int]) -> int:
    """The best high hand of 5 to 7 distinct cards as a plain int, without any check.

    This is the hot path (showdowns, equity loops): 7 cards are summed unrolled, which is twice
    as fast in CPython as ``sum(map(...))``; see ``_tables`` for what the key sum holds.
    """
    if len(cards) == 7:
        a, b, c, d, e, f, g = cards
        k = _KEY
        key = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
    else:
        key = sum(map(_KEY.__getitem__, cards))
    suit = _FLUSH_SUIT[key >> _SUIT_SHIFT & _SUIT_MASK]
    if suit < 0:
        return _BY_RANKS[key >> _RANK_SHIFT]
    return _FLUSH[key >> 13 * suit & 0x1FFF]  # 5 suited cards of 7 leave no room for a full house


def evaluate_high(cards: Iterable[Card | int | str] | str) -> HighHand:
    """The best five-card high hand among 5 or more cards ("As Kd ..." or Card/int 0..51).

    Raises ValueError naming a malformed or repeated card, or when there are fewer than five.
    """
    hand = cards if type(cards) is tuple else _as_tuple(cards)
    n = len(hand)
    try:
        if n == 7:
            a, b, c, d, e, f, g = hand
            k = _KEY
            key = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
        elif 5 <= n < 7:
            key = sum(map(_KEY.__getitem__, hand))
        else:
            key = -1
    except (KeyError, TypeError):  # not a card, or a name such as "As": _checked() says which
        key = -1
    if key >= 0 and (key & _CARD_MASK).bit_count() == n:  # fewer bits: a card is repeated
        suit = _FLUSH_SUIT[key >> _SUIT_SHIFT & _SUIT_MASK]
        if suit < 0:
            return _HIGH_HANDS[_BY_RANKS[key >> _RANK_SHIFT]]
        return _HIGH_HANDS[_FLUSH[key >> 13 * suit & 0x1FFF]]
    hand = _checked(hand, 5, "a high hand")
    if len(hand) <= 7:
        return _HIGH_HANDS[evaluate_high_raw(hand)]
    # More than 7 cards (a flush may then sit beside a full house): the best of every 7 is the best.
    return _HIGH_HANDS[max(evaluate_high_raw(seven) for seven in combinations(hand, 7))]


def _as_tuple(cards: Iterable[Card | int | str] | str) -> tuple[Card | int | str, ...]:
    return tuple(parse_cards(cards)) if isinstance(cards, str) else tuple(cards)


def _checked(hand: tuple[Card | int | str, ...], smallest: int, what: str) -> tuple[Card, ...]:
    """The hand as cards, or a ValueError that names the first problem."""
    cards = tuple(_to_card(item) for item in hand)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"duplicate card: {card}")
        seen.add(card)
    if len(cards) < smallest:
        raise ValueError(f"{what} needs at least {smallest} cards, got {len(cards)}")
    return cards


def _to_card(item: Card | int | str) -> Card:
    if isinstance(item, str) or (isinstance(item, int) and not isinstance(item, bool)):
        return Card(item)  # raises ValueError naming a bad name or index
    raise ValueError(f"not a card: {item!r}")


class LowHand(int):
    """The value of the best ace-to-five low; greater is better (a lower hand), equal splits."""

    __slots__ = ()

    @property
    def category(self) -> str:
        """high_card for an unpaired low, else pair, two_pair, ... (straights and flushes don't count)."""
        return CATEGORIES[_low_tables()[0][self][0]]

    @property
    def ranks(self) -> str:
        """The five ranks, highest first: "7542A" (pairs first for a paired hand: "88642")."""
        category, r = _low_tables()[0][self]
        return "".join(_LOW_RANKS[x] for x in _low_five(category, r))

    def name(self, lang: str = "fr") -> str:
        """An unpaired hand by its highest card, "7 bas" / "Seven low"; else "Paire", "Full"...

        French says the rank as the cards show it (they show Q, 10), English in words."""
        category, r = _low_tables()[0][self]
        if category != t.HIGH_CARD:
            return _CATEGORY_NAMES[_check_lang(lang)][category]
        if _check_lang(lang) == "fr":
            return f"{_LOW_SHOWN[r[0]]} bas"
        return f"{_EN_ONE[(r[0] - 1) % 13].capitalize()} low"  # back to the deuce-first word lists

    def describe(self, lang: str = "fr") -> str:
        """The five cards from the highest down, the way players call a low: "10-7-5-4-A"."""
        _check_lang(lang)
        category, r = _low_tables()[0][self]
        return "-".join(_LOW_SHOWN[x] for x in _low_five(category, r))

    def names(self) -> HandNames:
        """The names the events carry (``hand_names``): "7 bas, 7-5-4-2-A", "un 7 bas, 7-5-4-2-A"."""
        category, r = _low_tables()[0][self]
        fr, en = self.name("fr"), self.name("en")
        if category == t.HIGH_CARD:
            article = "an" if _EN_ONE[(r[0] - 1) % 13] == "eight" else "a"
            fr_phrase, en_phrase = f"un {fr}", f"{article} {en.lower()}"
        else:
            fr_phrase = _LOW_ARTICLE_FR[category] + fr.lower()
            en_phrase = _LOW_ARTICLE_EN[category] + en.lower()
        cards = self.describe()
        return hand_names(
            self.category,
            f"{fr}, {cards}",
            f"{en}, {cards}",
            f"{fr_phrase}, {cards}",
            f"{en_phrase}, {cards}",
        )

    def __repr__(self) -> str:
        return f"LowHand({int(self)}, {self.describe()!r})"


_LOW_RANKS = "A23456789TJQK"  # indexed by the ace-low rank
# The article of a paired low's category, by category number: "une paire", "two pair".
_LOW_ARTICLE_FR = ("", "une ", "une ", "un ", "", "", "un ", "un ")
_LOW_ARTICLE_EN = ("", "a ", "", "", "", "", "a ", "")
_LOW_SHOWN = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")  # as the cards show them


def _low_five(category: int, r: tuple[int, ...]) -> tuple[int, ...]:
    if category == t.HIGH_CARD:
        return r
    if category == t.PAIR:
        return (r[0], r[0], *r[1:])
    if category == t.TWO_PAIR:
        return (r[0], r[0], r[1], r[1], r[2])
    if category == t.THREE_OF_A_KIND:
        return (r[0], r[0], r[0], *r[1:])
    if category == t.FULL_HOUSE:
        return (r[0], r[0], r[0], r[1], r[1])
    return (r[0], r[0], r[0], r[0], r[1])


_LOW: tuple[list[t.Class], dict[int, int], dict[int, int]] | None = None


def _low_tables() -> tuple[list[t.Class], dict[int, int], dict[int, int]]:
    global _LOW
    if _LOW is None:
        classes, by_ranks, card_key = t.build_low()
        _LOW = classes, by_ranks, {Card(i): key for i, key in enumerate(card_key)}
    return _LOW


def evaluate_low_raw(cards: tuple[int, ...] | list[int]) -> int:
    """The best ace-to-five low of 5 to 7 distinct cards as a plain int, without any check."""
    _, by_ranks, key = _LOW or _low_tables()
    return by_ranks[sum(map(key.__getitem__, cards))]


def evaluate_low(cards: Iterable[Card | int | str] | str) -> LowHand:
    """The best ace-to-five low (Razz) among 5 or more cards: aces low, straights and flushes
    ignored, pairs bad. Greater is better: A-2-3-4-5 is the greatest value."""
    hand = cards if type(cards) is tuple else _as_tuple(cards)
    hand = _checked(hand, 5, "a low hand")
    if len(hand) <= 7:
        return LowHand(evaluate_low_raw(hand))
    return LowHand(max(evaluate_low_raw(seven) for seven in combinations(hand, 7)))
