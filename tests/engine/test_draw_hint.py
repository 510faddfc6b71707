"""The best draw against the dealer (poker.engine.strategy.draw), the hint of the one-deck table:
what the exact count says of hands a player meets, checked against a slow count written apart
(the pure-Python evaluator, ``payout_multiple``, a loop), and the dealer's stored final hands
(poker/engine/strategy/dealer_finals.npy) recomputed in part, or whole when slow tests run."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from poker.engine import evaluate_high, full_deck, parse_cards
from poker.engine.batch import evaluate_high_batch
from poker.engine.dealer_draw import dealer_discards, hand_value, payout_multiple
from poker.engine.strategy.dealer_finals import (
    DENOMINATOR,
    PATH_WEIGHT,
    all_hands,
    count_finals,
    count_paths,
    dealer_finals,
    dealer_keeps,
)
from poker.engine.strategy.draw import best_draws
from poker.engine.strategy.two_decks import DENOMINATOR as TWO_DECKS_DENOMINATOR
from poker.engine.strategy.two_decks import (
    count_paths_two_decks,
    dealer_finals_two_decks,
    dealt_hands,
    hand_keys,
    replacement_ways,
    stored_paths,
)


def throws(text: str) -> list[set[str]]:
    """The cards thrown by each draw, best first."""
    return [{str(c) for c in d.thrown} for d in best_draws(parse_cards(text))]


def slow_average(text: str, thrown: str) -> Fraction:
    """His average net for one draw, counted with a loop: every set of replacements, valued with
    ``evaluate_high``, against every final value of the dealer with its stored weight."""
    cards = parse_cards(text)
    out = set(parse_cards(thrown))
    kept = [c for c in cards if c not in out]
    unseen = [c for c in full_deck() if c not in cards]
    dealer = [(v, int(w)) for v, w in enumerate(dealer_finals().sum(axis=0)) if w]
    category = {v: evaluate_high_category(v) for v, _ in dealer}
    mine = Counter(evaluate_high(kept + list(new)) for new in combinations(unseen, len(out)))
    total = 0
    for value, times in mine.items():
        for v, weight in dealer:
            if value > v:
                total += times * weight * payout_multiple(value.category_number, category[v])
            elif value < v:
                total -= times * weight
    return Fraction(total, DENOMINATOR * comb(47, len(out)))


def evaluate_high_category(value: int) -> int:
    from poker.engine.evaluate import HighHand

    return HighHand(value).category_number


def test_a_pat_royal_flush_a_pat_flush_and_a_pat_straight_stand_pat():
    assert throws("As Ks Qs Js Ts")[0] == set()
    assert throws("2h 5h 8h 4h Ah")[0] == set()
    assert throws("9c Td Jh Qs Kc")[0] == set()


def test_a_royal_flush_wins_eight_and_a_half_bets_on_average_standing_pat():
    # The dealer ends with high card, a pair or two pair 88 % of the time (a royal flush then pays
    # 9), with three of a kind or better the rest (it pays 9 less his category, 3 at worst).
    best = best_draws(parse_cards("As Ks Qs Js Ts"))[0]
    assert best.exact == slow_average("As Ks Qs Js Ts", "")
    assert 8.5 < best.expected < 8.7


def test_a_pair_of_aces_keeps_the_pair_and_draws_three():
    assert throws("As Ad 7c 4h 2s")[0] == {"7c", "4h", "2s"}


def test_four_to_a_royal_flush_throws_the_odd_card():
    assert throws("Kh Qh Jh Th 2c")[0] == {"2c"}


def test_four_to_a_flush_beats_a_low_pair_but_not_a_pair_of_kings():
    # Whatever the exact numbers say, and they say this: with 3-3 the flush draw is worth 0.33 bet,
    # the pair 0.31; with K-K the pair is worth 0.89, the flush draw 0.43.
    draws = {frozenset(str(c) for c in d.thrown): d.exact for d in best_draws(parse_cards("3h 7h 9h Jh 3c"))}
    assert throws("3h 7h 9h Jh 3c")[0] == {"3c"}
    assert draws[frozenset({"3c"})] > draws[frozenset({"7h", "9h", "Jh"})]
    assert throws("Kh 7h 9h Jh Kc")[0] == {"7h", "9h", "Jh"}


def test_the_exact_averages_match_a_count_written_apart():
    draws = {frozenset(str(c) for c in d.thrown): d.exact for d in best_draws(parse_cards("3h 7h 9h Jh 3c"))}
    assert draws[frozenset({"3c"})] == slow_average("3h 7h 9h Jh 3c", "3c")
    assert draws[frozenset()] == slow_average("3h 7h 9h Jh 3c", "")
    assert draws[frozenset({"7h", "9h"})] == slow_average("3h 7h 9h Jh 3c", "7h 9h")


@pytest.mark.slow
def test_a_three_card_draw_matches_the_count_written_apart():
    draws = {frozenset(str(c) for c in d.thrown): d.exact for d in best_draws(parse_cards("As Ad 7c 4h 2s"))}
    assert draws[frozenset({"7c", "4h", "2s"})] == slow_average("As Ad 7c 4h 2s", "7c 4h 2s")


def test_every_way_to_draw_is_offered_once_best_first():
    draws = best_draws(parse_cards("2c 7d 9h Js 4s"))
    assert len({frozenset(d.thrown) for d in draws}) == 1 + 5 + 10 + 10
    assert [d.exact for d in draws] == sorted((d.exact for d in draws), reverse=True)
    with pytest.raises(ValueError):
        best_draws(parse_cards("2c 7d 9h Js"))


def test_the_dealer_keeps_what_the_house_rule_says_on_every_kind_of_hand():
    rng = random.Random(35)
    hands = [rng.sample(full_deck(), 5) for _ in range(3000)]
    hands += [
        parse_cards(h) for h in ("5c 2d 3h 4s 9c", "Ac 2d 3h 4s 9c", "Tc Jd Qh Ks 2c", "Jc Qd Kh As 2c")
    ]
    keep = dealer_keeps(np.array([[int(c) for c in h] for h in hands]))
    for cards, kept in zip(hands, keep):
        assert {c for c, k in zip(cards, kept) if not k} == set(dealer_discards(cards)), cards


def test_the_stored_counts_weigh_every_path_of_the_dealer_once():
    counts = dealer_finals()
    assert int(counts.sum()) == DENOMINATOR == comb(52, 5) * comb(47, 3)
    # He stands pat with a straight or better (from the wheel, the lowest, up): 10,200 straights,
    # 5,108 flushes, 3,744 full houses, 624 fours of a kind, 36 straight flushes and 4 royal flushes.
    assert int(counts[0].sum()) == 19_716 * PATH_WEIGHT[0]
    values = evaluate_high_batch(all_hands(), check=False)
    pat = np.bincount(values[values >= evaluate_high("5c 4s 3h 2d As")], minlength=len(counts[0]))
    assert (counts[0] == pat * PATH_WEIGHT[0]).all()
    for d in (1, 2, 3):
        assert int(counts[d].sum()) % (PATH_WEIGHT[d] * comb(47, d)) == 0


def test_the_stored_counts_match_a_recount_of_some_dealer_hands_one_card_at_a_time():
    # For a few hands the dealer may be dealt, every replacement set, valued by the pure-Python
    # evaluator: the vectorised count (inclusion-exclusion for three cards) gives the same.
    for text in ("As Ad 7c 4h 2s", "Kh Qh Jh 4h 2c", "9c 9d 9h 4s 2c", "2c 7d 9h Js 4s", "8c 8d 5h 5s Kc"):
        cards = parse_cards(text)
        kept = [c for c in cards if c not in dealer_discards(cards)]
        unseen = [c for c in full_deck() if c not in cards]
        slow = Counter(int(evaluate_high(kept + list(new))) for new in combinations(unseen, 5 - len(kept)))
        paths = count_paths(np.array([[int(c) for c in cards]]))
        fast = {v: int(n) for v, n in enumerate(paths[5 - len(kept)]) if n}
        assert fast == dict(slow), text


def test_the_three_card_draws_grouped_by_what_he_keeps_match_them_counted_hand_by_hand():
    hands = all_hands()
    keep = dealer_keeps(hands)
    rng = np.random.default_rng(35)
    sample = hands[rng.choice(np.flatnonzero(keep.sum(axis=1) == 2), 60, replace=False)]
    grouped = count_paths(sample)[3]
    one_by_one = sum(count_paths(hand[None, :])[3] for hand in sample[:20])
    assert grouped.sum() == 60 * comb(47, 3)
    assert (count_paths(sample[:20])[3] == one_by_one).all()


@pytest.mark.slow
def test_the_stored_counts_are_recomputed_whole():
    assert (count_finals() == dealer_finals()).all()


# Two decks: hands are valued as dealer_draw.hand_value does (five of a kind, flushes holding a pair)


def shoe_hands(n: int, seed: int) -> list[list]:
    rng = random.Random(seed)
    shoe = full_deck(2)
    special = ("As As Ad Ad Ah", "Ah Ah Kh 9h 2h", "Ah Ah Kh Kh 2h", "Ah 2h 3h 4h 5h", "2c 2c 3d 4h 5s")
    return [rng.sample(shoe, 5) for _ in range(n)] + [parse_cards(h, allow_duplicates=True) for h in special]


def test_two_deck_hands_are_ordered_as_the_rules_order_them():
    hands = shoe_hands(5000, 35)
    keys = hand_keys(np.array([[int(c) for c in h] for h in hands]))
    values = [hand_value(h) for h in hands]
    for i, j in zip(range(len(hands)), random.Random(1).sample(range(len(hands)), len(hands))):
        assert (keys[i] < keys[j]) == (values[i] < values[j]) and (keys[i] == keys[j]) == (
            values[i] == values[j]
        )
    assert keys[-5] // 13**5 == 10 and keys[-4] // 13**5 == 5  # five aces; a flush holding a pair


def test_the_dealer_keeps_what_the_house_rule_says_at_two_decks_too():
    hands = shoe_hands(3000, 36)
    keep = dealer_keeps(np.array([[int(c) for c in h] for h in hands]), hand_keys(hands) // 13**5)
    for cards, kept in zip(hands, keep):
        assert sorted(c for c, k in zip(cards, kept) if not k) == sorted(dealer_discards(cards)), cards


def test_five_of_a_kind_and_a_flush_holding_a_pair_stand_pat_at_two_decks():
    five = best_draws(parse_cards("As As Ad Ad Ah", allow_duplicates=True), decks=2)[0]
    assert five.thrown == () and five.expected > 9  # it pays 10, less the dealer's from trips up
    assert best_draws(parse_cards("Ah Ah Kh 9h 2h", allow_duplicates=True), decks=2)[0].thrown == ()


def test_a_two_deck_draw_matches_a_count_written_apart():
    # Throwing the 2h from a pair of aces of hearts: every replacement among the 99 cards of the
    # shoe he does not hold (the other Ah among them), valued by hand_value, against every final
    # hand of the dealer with its stored weight.
    cards = parse_cards("Ah Ah Kd 9c 2h", allow_duplicates=True)
    keys, weights = dealer_finals_two_decks()
    dealer = [(int(k), int(w)) for k, w in zip(keys, weights)]
    shoe = full_deck(2)
    for c in cards:
        shoe.remove(c)
    total = 0
    for new in shoe:
        mine = hand_keys([[*map(int, cards[:4]), int(new)]])[0]
        category = hand_value([*cards[:4], new])[0]
        for key, weight in dealer:
            if mine > key:
                total += weight * payout_multiple(category, key // 13**5)
            elif mine < key:
                total -= weight
    draws = {d.thrown: d.exact for d in best_draws(cards, decks=2)}
    assert draws[(cards[4],)] == Fraction(total, TWO_DECKS_DENOMINATOR * 99)


def test_the_two_deck_counts_weigh_every_path_of_the_dealer_once():
    keys, weights = dealer_finals_two_decks()
    assert int(weights.sum()) == TWO_DECKS_DENOMINATOR
    assert (np.diff(keys) > 0).all() and keys.max() // 13**5 == 10  # five of a kind ends some paths


def test_the_ways_to_deal_a_two_deck_hand_add_up_to_the_shoe():
    _, ways = dealt_hands()
    assert int(ways.sum()) == comb(104, 5)
    _, ways = replacement_ways(
        2 - np.bincount([int(c) for c in parse_cards("Ah Ah Kd 9c 2h", allow_duplicates=True)], minlength=52),
        3,
    )
    assert int(ways.sum()) == comb(99, 3)


@pytest.mark.slow
def test_the_two_deck_counts_match_a_recount_when_he_stands_pat_or_draws_one():
    keys, paths = stored_paths()
    again_keys, again = count_paths_two_decks(draws=(0, 1))
    for d in (0, 1):
        stored = {k: n for k, n in zip(keys.tolist(), paths[d].tolist()) if n}
        assert stored == {k: n for k, n in zip(again_keys.tolist(), again[d].tolist()) if n}
