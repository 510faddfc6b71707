"""High hands as docs/rules.md ranks them ("High hands"), checked exhaustively and against references."""

from itertools import chain, combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker.engine import (
    CATEGORIES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    Card,
    HighHand,
    describe_high,
    evaluate_high,
    evaluate_high_batch,
    parse_cards,
)
from poker.engine.evaluate import evaluate_high_raw

DISTINCT_HIGH_HANDS = 7462
CATEGORY_OF = np.array([HighHand(v).category_number for v in range(DISTINCT_HIGH_HANDS)])


def high(text: str) -> HighHand:
    return evaluate_high(text)


def random_hands(n: int, size: int, seed: int) -> np.ndarray:
    """n rows of ``size`` distinct cards."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size].astype(np.uint8)


# --- Exhaustive: every five-card hand ---------------------------------------------------------


@pytest.fixture(scope="module")
def all_five_card_values() -> np.ndarray:
    count = 2_598_960
    hands = np.fromiter(chain.from_iterable(combinations(range(52), 5)), dtype=np.uint8, count=count * 5)
    return evaluate_high_batch(hands.reshape(count, 5))


def test_all_five_card_hands_give_the_known_counts(all_five_card_values):
    counts = np.bincount(CATEGORY_OF[all_five_card_values], minlength=10)
    by_category = dict(zip(CATEGORIES, counts.tolist()))
    assert by_category == {
        ROYAL_FLUSH: 4,
        STRAIGHT_FLUSH: 36,
        FOUR_OF_A_KIND: 624,
        FULL_HOUSE: 3_744,
        FLUSH: 5_108,
        STRAIGHT: 10_200,
        THREE_OF_A_KIND: 54_912,
        TWO_PAIR: 123_552,
        PAIR: 1_098_240,
        HIGH_CARD: 1_302_540,
    }


def test_five_card_hands_take_exactly_7462_distinct_values(all_five_card_values):
    assert len(np.unique(all_five_card_values)) == DISTINCT_HIGH_HANDS
    assert all_five_card_values.min() == 0
    assert all_five_card_values.max() == DISTINCT_HIGH_HANDS - 1


# --- Against independent references -----------------------------------------------------------


def test_seven_card_values_match_phevaluator_on_200000_random_hands():
    from phevaluator.evaluator import evaluate_7cards

    hands = random_hands(200_000, 7, seed=7)
    ours = evaluate_high_batch(hands)
    # phevaluator numbers the same 7,462 classes from 1 (royal flush) to 7,462: the same order.
    theirs = np.array([evaluate_7cards(*row) for row in hands.tolist()])
    assert np.array_equal(ours, DISTINCT_HIGH_HANDS - theirs)


def test_single_evaluations_match_treys():
    from treys import Card as TreysCard
    from treys import Evaluator

    evaluator = Evaluator()
    treys_cards = [TreysCard.new(str(Card(i))) for i in range(52)]
    for size in (5, 6, 7):
        for row in random_hands(4_000, size, seed=size).tolist():
            cards = [treys_cards[c] for c in row]
            expected = DISTINCT_HIGH_HANDS - evaluator.evaluate(cards[:2], cards[2:])
            assert evaluate_high([Card(c) for c in row]) == expected, str([Card(c) for c in row])


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_and_single_give_identical_values(size):
    hands = random_hands(30_000, size, seed=100 + size)
    batch = evaluate_high_batch(hands)
    cards = [Card(i) for i in range(52)]
    single = [evaluate_high_raw(tuple(cards[c] for c in row)) for row in hands.tolist()]
    assert batch.tolist() == single


# --- The rules, one by one ---------------------------------------------------------------------


def test_categories_rank_from_royal_flush_down_to_high_card():
    hands = [
        "As Ks Qs Js Ts",
        "9h 8h 7h 6h 5h",
        "Qc Qd Qh Qs 2d",
        "Jc Jd Jh 4s 4d",
        "Ad Jd 9d 6d 3d",
        "Tc 9d 8h 7s 6c",
        "7c 7d 7h Ks 2d",
        "Kc Kd 5h 5s 9c",
        "Ac Ad 9h 6s 3c",
        "Ac Qd 9h 6s 3c",
    ]
    values = [high(h) for h in hands]
    assert values == sorted(values, reverse=True)
    assert [v.category for v in values] == list(reversed(CATEGORIES))


def test_category_numbers_are_those_of_the_rulebook():
    assert high("Ac Qd 9h 6s 3c").category_number == 0
    assert high("Ac Ad 9h 6s 3c").category_number == 1
    assert high("Tc 9d 8h 7s 6c").category_number == 4
    assert high("As Ks Qs Js Ts").category_number == 9


def test_the_wheel_is_the_lowest_straight():
    wheel = high("Ah 2d 3c 4s 5h")
    assert wheel.category == STRAIGHT
    assert wheel < high("2h 3d 4c 5s 6h")
    assert wheel > high("Ah Ad Ac Ks Qh")  # but still a straight: it beats three of a kind
    assert wheel.describe("en") == "Five-high straight"


def test_the_ace_plays_high_in_a_straight():
    broadway = high("Ah Kd Qc Js Th")
    assert broadway.category == STRAIGHT
    assert broadway > high("Kh Qd Jc Ts 9h")


def test_king_ace_deuce_is_no_straight():
    hand = high("Kh Ad 2c 3s 4h")
    assert hand.category == HIGH_CARD
    assert hand.describe("en") == "Ace high"


def test_the_steel_wheel_is_the_lowest_straight_flush():
    assert high("As 2s 3s 4s 5s").category == STRAIGHT_FLUSH
    assert high("As 2s 3s 4s 5s") < high("2s 3s 4s 5s 6s")
    assert high("As 2s 3s 4s 5s") > high("Ac Ad Ah As Kd")


def test_the_royal_flush_is_the_best_hand():
    assert high("Ts Js Qs Ks As") == DISTINCT_HIGH_HANDS - 1
    assert high("Ts Js Qs Ks As").category == ROYAL_FLUSH


def test_suits_never_break_a_tie():
    assert high("As Kd Qh 9c 7s") == high("Ah Kc Qd 9s 7c")
    assert high("Ah Kh Qh 9h 7h") == high("Ac Kc Qc 9c 7c")
    assert high("9s 8s 7s 6s 5s") == high("9d 8d 7d 6d 5d")


def test_ties_are_broken_by_the_ranks_of_the_category_first():
    assert high("Kc Kd Kh 2s 2d") > high("Qc Qd Qh As Ad")  # full: the three cards first
    assert high("Ac Ad 2h 2s 3c") > high("Kc Kd Qh Qs Jc")  # two pair: the higher pair first
    assert high("Ac Ad 3h 3s 2c") > high("Ac Ad 2h 2s Kc")  # then the lower pair
    assert high("2c 2d 2h 2s 3c") > high("Ac Ad Ah Ks Kc")  # any four of a kind beats any full


def test_then_kickers_break_the_tie_in_order():
    assert high("Ac Ad Kh 4s 3c") > high("Ac Ad Qh Js Tc")
    assert high("Ac Ad Kh 5s 3c") > high("Ac Ad Kh 4s 3c")
    assert high("Ac Ad Kh 5s 3c") == high("Ah As Kd 5c 3d")
    assert high("Qh Qd 7c 7s Ac") > high("Qh Qd 7c 7s Kc")
    assert high("Ah Jh 9h 6h 4h") > high("Ah Jh 9h 6h 3h")  # flushes compare all five cards


def test_the_best_five_of_seven_play():
    assert high("Ah Kh Qh Jh Th 2c 2d").category == ROYAL_FLUSH
    assert high("Ac Ad Ah Kc Kd Kh 2s").describe("en") == "Full house, aces full of kings"
    assert high("Ac Ad Kc Kd Qc Qd Js") == high("Ah As Kh Ks Qh 2d 3d")  # a third pair is a kicker
    assert high("9s 8s 7s 6s 5s 4s 3s").describe("en") == "Nine-high straight flush"
    assert high("2c 3d 4h 5s 6c 7d 8h").describe("en") == "Eight-high straight"


def test_a_sixth_and_seventh_card_do_not_play_when_the_board_plays():
    board = "Ac Kd Qh Js 9c"
    assert high(f"{board} 2d 3h") == high(f"{board} 4d 5h")
    assert high(f"{board} 2d 3h") < high(f"{board} Td 5h")


def test_a_flush_uses_its_five_highest_cards_of_the_suit():
    assert high("Ah Kh 9h 7h 4h 3h 2h") == high("Ah Kh 9h 7h 4h")
    assert high("Ah Kh 9h 7h 4h 3h Qc") == high("Ah Kh 9h 7h 4h 2h Qd")
    assert high("Ah Kh 9h 7h 4h 3h 2h").category == FLUSH


def test_a_flush_beats_a_straight_and_loses_to_a_full_house():
    straight_and_flush = high("2h 7h 9h Jh Qh Tc 8d")  # Q-J-T-9-8 straight and a queen-high flush
    assert straight_and_flush.category == FLUSH
    assert high("Ah Ad Ac 5h 5d 9h 2h").category == FULL_HOUSE


def test_more_than_seven_cards_still_give_the_best_five():
    # With eight cards a flush and a full house can both be there: the full house plays.
    assert high("Ah Kh 9h 7h 4h Ac Ad Kd").category == FULL_HOUSE


def test_french_and_english_category_names():
    expected = {
        "As Ks Qs Js Ts": ("Quinte flush royale", "Royal flush"),
        "9h 8h 7h 6h 5h": ("Quinte flush", "Straight flush"),
        "Qc Qd Qh Qs 2d": ("Carré", "Four of a kind"),
        "Jc Jd Jh 4s 4d": ("Full", "Full house"),
        "Ad Jd 9d 6d 3d": ("Couleur", "Flush"),
        "Tc 9d 8h 7s 6c": ("Quinte", "Straight"),
        "7c 7d 7h Ks 2d": ("Brelan", "Three of a kind"),
        "Kc Kd 5h 5s 9c": ("Double paire", "Two pair"),
        "Ac Ad 9h 6s 3c": ("Paire", "Pair"),
        "Ac Qd 9h 6s 3c": ("Hauteur", "High card"),
    }
    for hand, (fr, en) in expected.items():
        assert (high(hand).name(), high(hand).name("fr"), high(hand).name("en")) == (fr, fr, en)


def test_descriptive_names():
    assert high("Kc Kd Kh Ts Td").describe() == "Full aux rois par les dix"
    assert high("Kc Kd Kh Ts Td").describe("en") == "Full house, kings full of tens"
    assert high("Ac Ad 9h 6s 3c").describe() == "Paire d'as"
    assert high("Ac Ad 9h 6s 3c").describe("en") == "Pair of aces"
    assert high("8c 8d 9h 6s 3c").describe() == "Paire de huit"
    assert high("Qc Qd Qh Qs 2d").describe() == "Carré de dames"
    assert high("Ad Jd 9d 6d 3d").describe() == "Couleur à l'as"
    assert high("Kh Qd Jc Ts 9h").describe() == "Quinte au roi"
    assert high("Qh Jh Th 9h 8h").describe() == "Quinte flush à la dame"
    assert high("7c 7d 7h Ks 2d").describe() == "Brelan de sept"
    assert high("Kc Kd 5h 5s 9c").describe() == "Double paire aux rois par les cinq"
    assert high("Ac Qd 9h 6s 3c").describe() == "Hauteur as"
    assert high("As Ks Qs Js Ts").describe() == "Quinte flush royale"
    assert high("Kc Kd 5h 5s 9c").ranks == "K59"


def test_describe_high_names_a_hand_from_its_category_number_and_ranks():
    for value in range(7462):
        hand = HighHand(value)
        ranks = ["23456789TJQKA".index(r) for r in hand.ranks]
        for lang in ("fr", "en"):
            assert describe_high(hand.category_number, ranks, lang) == hand.describe(lang)
    assert describe_high(6, [12, 11], "en") == "Full house, aces full of kings"
    assert describe_high(10, [12]) == "Cinq as"  # five of a kind: two decks only
    assert describe_high(10, [12], "en") == "Five aces"
    with pytest.raises(ValueError, match="'de'"):
        describe_high(1, [12, 7, 4, 2], "de")


# -- What a winner's name says: the kickers when they decided, and the phrase for a sentence ---------


def names(winner: str, beaten: str | None = None) -> tuple[str, str]:
    named = high(winner).names(high(beaten) if beaten else None)
    return named["fr"], named["en"]


@pytest.mark.parametrize(
    ("winner", "beaten", "fr", "en"),
    [
        ("Ts Td Kc 5h 3s", "Tc Th Qc 5d 3c", "Paire de dix, roi en kicker", "Pair of tens, king kicker"),
        (  # the first kicker ties, the second decides: both are named
            "Ts Td Kc Qh 3s",
            "Tc Th Kd 9d 4c",
            "Paire de dix, roi et dame en kickers",
            "Pair of tens, king-queen kickers",
        ),
        (
            "As Ad Kc Kh 9s",
            "Ac Ah Kd Ks 8c",
            "Double paire aux as par les rois, neuf en kicker",
            "Two pair, aces and kings, nine kicker",
        ),
        ("7s 7d 7c Ah 2s", "7h 7c 7d Kd Qc", "Brelan de sept, as en kicker", "Three sevens, ace kicker"),
        ("Qs Qd Qc Qh As", "Qs Qd Qc Qh Ks", "Carré de dames, as en kicker", "Four queens, ace kicker"),
        (
            "As Kd Js 4s 2c",
            "Ad Kh Jd 3h 2d",
            "Hauteur as, roi, valet et quatre en kickers",
            "Ace high, king-jack-four kickers",
        ),
        (
            "As 9s 7s 4s 2s",
            "Ad 9d 6d 4d 2d",
            "Couleur à l'as, neuf et sept en kickers",
            "Ace-high flush, nine-seven kickers",
        ),
    ],
)
def test_when_kickers_decide_the_winners_name_gives_them_down_to_the_deciding_card(winner, beaten, fr, en):
    assert names(winner, beaten) == (fr, en)


@pytest.mark.parametrize(
    ("winner", "beaten"),
    [
        ("Ts Td Kc 5h 3s", "9c 9h Ac Kd 3c"),  # a higher pair: the name says it
        ("Ts Td Kc 5h 3s", "Ac Kh Qc 5d 3c"),  # another category
        ("As Ad Kc Kh 9s", "Ac Ah Qd Qs Jc"),  # the second pair decides, and the name gives it
        ("Ks Kd Kc Th Ts", "Kh Kd Kc 9h 9s"),  # full houses: both ranks are in the name
        ("Ts Td Kc 5h 3s", "Tc Th Kd 5d 3c"),  # equal hands
    ],
)
def test_no_kicker_is_named_when_the_name_already_says_what_decides(winner, beaten):
    assert names(winner, beaten) == names(winner)


@pytest.mark.parametrize(
    ("hand", "fr", "en"),
    [
        ("Ac Qd 9h 6s 3c", "hauteur as", "ace high"),
        ("Ac Ad 9h 6s 3c", "une paire d'as", "a pair of aces"),
        ("Kc Kd 5h 5s 9c", "une double paire aux rois par les cinq", "two pair, kings and fives"),
        ("7c 7d 7h Ks 2d", "un brelan de sept", "three sevens"),
        ("Kh Qd Jc Ts 9h", "une quinte au roi", "a king-high straight"),
        ("8h 7d 6c 5s 4h", "une quinte au huit", "an eight-high straight"),
        ("Ad Jd 9d 6d 3d", "une couleur à l'as", "an ace-high flush"),
        ("Kc Kd Kh Ts Td", "un full aux rois par les dix", "a full house, kings full of tens"),
        ("Qc Qd Qh Qs 2d", "un carré de dames", "four queens"),
        ("Qh Jh Th 9h 8h", "une quinte flush à la dame", "a queen-high straight flush"),
        ("As Ks Qs Js Ts", "une quinte flush royale", "a royal flush"),
    ],
)
def test_in_the_middle_of_a_sentence_a_hand_is_said_in_lower_case_with_its_article(hand, fr, en):
    assert high(hand).names()["phrase"] == {"fr": fr, "en": en}


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="'de'"):
        high("Ac Qd 9h 6s 3c").name("de")


def test_hands_given_as_names_cards_or_indices_agree():
    as_cards = [Card(c) for c in ("As", "Kd", "Qh", "9c", "7s")]
    assert evaluate_high(as_cards) == evaluate_high(["As", "Kd", "Qh", "9c", "7s"])
    assert evaluate_high(as_cards) == evaluate_high([int(c) for c in as_cards])
    assert evaluate_high(as_cards) == evaluate_high(iter(as_cards))


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("As Kd Qh 9c As", "duplicate card: As"),
        ((*parse_cards("As Kd Qh 9c 7s 2d"), Card("Kd")), "duplicate card: Kd"),
        ([51, 50, 49, 48, 47, 51], "duplicate card: As"),
        (["As", "Kd", "Qh", "9c", "Xx"], "'Xx'"),
        ([51, 50, 49, 48, 52], "52"),
        ([51, 50, 49, 48, None], "None"),
        ("As Kd Qh 9c", "at least 5 cards, got 4"),
    ],
)
def test_bad_hands_raise_a_value_error_naming_the_problem(cards, message):
    with pytest.raises(ValueError, match=message):
        evaluate_high(cards)


def test_the_batch_evaluator_refuses_bad_rows():
    with pytest.raises(ValueError, match="row 1 repeats a card"):
        evaluate_high_batch([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 5]])
    with pytest.raises(ValueError, match="row 0 holds a card index outside 0"):
        evaluate_high_batch([[0, 1, 2, 3, 52]])
    with pytest.raises(ValueError, match="5, 6 or 7 cards"):
        evaluate_high_batch([[0, 1, 2, 3]])
    with pytest.raises(ValueError, match="shape"):
        evaluate_high_batch([0, 1, 2, 3, 4])


# --- Properties --------------------------------------------------------------------------------

distinct_cards = st.lists(st.integers(0, 51), min_size=8, max_size=8, unique=True)


@settings(max_examples=300, deadline=None)
@given(distinct_cards, st.integers(5, 7))
def test_one_more_card_never_makes_the_hand_worse(cards, size):
    assert evaluate_high(cards[: size + 1]) >= evaluate_high(cards[:size])


@settings(max_examples=300, deadline=None)
@given(distinct_cards, st.permutations(range(4)))
def test_renaming_the_suits_changes_nothing(cards, suits):
    renamed = [(c >> 2) * 4 + suits[c & 3] for c in cards[:7]]
    assert evaluate_high(renamed) == evaluate_high(cards[:7])


@settings(max_examples=300, deadline=None)
@given(distinct_cards)
def test_the_order_of_the_cards_does_not_matter(cards):
    assert (
        evaluate_high(cards[:7])
        == evaluate_high(list(reversed(cards[:7])))
        == evaluate_high(sorted(cards[:7]))
    )
