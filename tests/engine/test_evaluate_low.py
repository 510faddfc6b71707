"""Ace-to-five low for Razz (docs/rules.md, "Razz", with the examples of the family's Razz rules)."""

import random
from collections import Counter
from itertools import combinations

import pytest

from poker.engine import FULL_HOUSE, HIGH_CARD, PAIR, Card, LowHand, evaluate_low, full_deck


def low(text: str) -> LowHand:
    return evaluate_low(text)


# --- The examples of the Razz rules and of docs/rules.md -----------------------------------------------


def test_a2567_beats_24678_seven_high_against_eight_high():
    assert low("Ac 2d 5h 6s 7c") > low("2c 4d 6h 7s 8c")


def test_23458_beats_34678_on_the_second_card():
    assert low("2c 3d 4h 5s 8c") > low("3c 4d 6h 7s 8d")


def test_the_source_example_a56jt9t_makes_a_ten_low():
    hand = low("Ah 5c 6d Js Tc 9h Td")
    assert hand == low("Ah 5c 6d 9h Tc")  # the pair of tens is dropped, then the jack
    assert hand.describe() == "10-9-6-5-A"  # the ranks as the cards show them
    assert hand.name() == "10 bas"
    assert hand.name("en") == "Ten low"


def test_the_wheel_is_the_best_hand():
    wheel = low("Ac 2d 3h 4s 5c")
    assert wheel.describe() == "5-4-3-2-A"
    for five in combinations(full_deck()[::3], 5):  # a spread of other hands
        assert low(list(five)) <= wheel


def test_straights_and_flushes_do_not_count():
    assert low("Ah 2h 3h 4h 5h") == low("Ac 2d 3h 4s 5c")  # a straight flush is the best low
    assert low("9h 7h 5h 3h 2h") == low("9c 7d 5h 3s 2c")


def test_aces_are_low():
    assert low("Ac 2d 3h 4s 6c") > low("2c 3d 4h 5s 6d")
    assert low("Kc Qd Jh Ts 9c") < low("Ac Qd Jh Ts 9c")  # queen low beats king low


def test_a_pair_loses_to_no_pair():
    assert low("Ac Ad 2h 3s 4c") < low("Kc Qd Jh Ts 9c")
    assert low("Ac Ad 2h 3s 4c").category == PAIR
    assert low("Kc Qd Jh Ts 9c").category == HIGH_CARD


def test_pairs_rank_like_high_hands_but_lowest_first():
    assert low("2c 2d 8h 7s 6c") > low("3c 3d 4h 5s 6c")  # the lower pair wins
    assert low("5c 5d 4h 3s 2c") > low("5c 5d 6h 3s 2d")  # then the lower kickers
    assert low("2c 2d 3h 3s 4c") < low("Kc Kd Qh Js Tc")  # two pair is worse than any one pair
    assert low("Kc Kd Kh Ks Qc Qd Qh").category == FULL_HOUSE  # a full is better than four kings


def test_the_best_five_of_seven_play():
    assert low("7d 5c 4h 2s Ac Kd Kc") == low("Ac 2s 4h 5c 7d")
    assert low("Ac Ad 2h 2s 3c 3d 4h") == low("Ah 2h 3h 4h Ad")  # four ranks: the lowest pair plays


def test_suits_never_break_a_tie():
    assert low("Ac 2d 4h 6s 8c") == low("As 2h 4d 6c 8h")


def test_names_and_descriptions():
    hand = low("7d 5c 4h 2s Ac Kd Kc")
    assert hand.describe() == "7-5-4-2-A"
    assert hand.describe("en") == "7-5-4-2-A"
    assert (hand.name(), hand.name("en")) == ("7 bas", "Seven low")
    assert (low("8c 8d 6h 4s 2c").name(), low("8c 8d 6h 4s 2c").name("en")) == ("Paire", "Pair")
    assert low("8c 8d 6h 4s 2c").describe() == "8-8-6-4-2"
    assert repr(hand) == "LowHand(6166, '7-5-4-2-A')"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("Ac 2d 3h 4s Ac", "duplicate card: Ac"),
        ("Ac 2d 3h 4s", "at least 5 cards"),
        (["Ac", "2d", "3h", "4s", "1x"], "'1x'"),
    ],
)
def test_bad_hands_raise_a_value_error_naming_the_problem(cards, message):
    with pytest.raises(ValueError, match=message):
        evaluate_low(cards)


# --- Brute force: an independent reading of the rule, best five of every seven ---------------


def reference_low(cards: list[Card]) -> tuple:
    """Smaller is better: the count pattern (no pair < pair < two pair < ...), then the ranks,
    the most repeated first, from the highest down, with the ace as 1."""

    def five_key(five):
        counts = Counter(1 if c.rank == "A" else "A23456789TJQK".index(c.rank) + 1 for c in five)
        ordered = sorted(counts, key=lambda rank: (-counts[rank], -rank))
        return tuple(sorted(counts.values(), reverse=True)), tuple(ordered)

    return min(five_key(five) for five in combinations(cards, 5))


def test_seven_card_lows_order_like_a_brute_force():
    rng = random.Random(2024)
    deck = full_deck()
    hands = [rng.sample(deck, rng.choice((5, 6, 7))) for _ in range(3_000)]
    ours = [evaluate_low(hand) for hand in hands]
    theirs = [reference_low(hand) for hand in hands]
    # Same order, same ties: the dense rank of our value (greater better) and of theirs agree.
    ours_rank = {v: i for i, v in enumerate(sorted(set(ours), reverse=True))}
    theirs_rank = {k: i for i, k in enumerate(sorted(set(theirs)))}
    assert [ours_rank[v] for v in ours] == [theirs_rank[k] for k in theirs]


def test_there_are_6175_distinct_lows_from_a2345_to_four_kings():
    values = {evaluate_low(five) for five in _one_hand_per_rank_multiset()}
    assert len(values) == 6_175
    assert min(values) == low("Kc Kd Kh Ks Qc") and max(values) == low("Ac 2d 3h 4s 5c")


def _one_hand_per_rank_multiset():
    """A 5-card hand (with valid suits) for every multiset of 5 ranks, four of a kind at most."""
    for ranks in combinations(range(13 + 4), 5):  # stars and bars: multisets of 5 from 13 ranks
        multiset = [r - i for i, r in enumerate(ranks)]
        counts = Counter(multiset)
        if max(counts.values()) > 4:
            continue
        seen: Counter[int] = Counter()
        hand = []
        for rank in multiset:
            hand.append(Card(rank * 4 + seen[rank]))
            seen[rank] += 1
        yield hand


def test_a_low_is_named_with_the_ranks_the_cards_show_in_french():
    named = low("Qs Td 8c 4h 2s Kd Ks").names()
    assert named["fr"] == "Q bas, Q-10-8-4-2"  # the cards show Q and 10, not "Dame" and "T"
    assert named["en"] == "Queen low, Q-10-8-4-2"
    assert named["phrase"] == {"fr": "un Q bas, Q-10-8-4-2", "en": "a queen low, Q-10-8-4-2"}
    assert low("8c 7d 6h 4s 2c").names()["phrase"]["en"] == "an eight low, 8-7-6-4-2"
    paired = low("8c 8d 6h 4s 2c").names()
    assert (paired["fr"], paired["phrase"]["fr"]) == ("Paire, 8-8-6-4-2", "une paire, 8-8-6-4-2")
    assert low("8c 8d 6h 6s 2c").names()["phrase"]["en"] == "two pair, 8-8-6-6-2"
