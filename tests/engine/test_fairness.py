"""The contract of docs/fairness.md, by its test vectors: any verifier must get the same."""

import hashlib
import hmac

import pytest

from poker.engine import NoLimitHoldem, Razz, fairness
from poker.engine.cards import card_names, full_deck
from poker.engine.dealer_draw import DealerDraw

SEED = bytes(range(32))  # 00 01 02 ... 1f


def test_the_commitment_is_the_sha256_of_the_seed_in_lowercase_hex():
    assert fairness.commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_table_1_hand_1_with_no_client_seed_deals_the_published_top_ten():
    deck = fairness.deal_deck(SEED, 1, 1, "")
    assert card_names(deck[:10]) == ["Kd", "3c", "5c", "9c", "Ts", "5d", "8h", "Kc", "Js", "Td"]


def test_a_client_seed_goes_into_the_label():
    deck = fairness.deal_deck(SEED, 7, 3, "ab|cd")
    assert card_names(deck[:10]) == ["3c", "9s", "Js", "8c", "7d", "8h", "3h", "3d", "Qh", "Qd"]


def test_the_round_1_seating_of_session_5():
    order = fairness.seating(SEED, 5, 1, [10, 3, 7, 1, 5, 2, 9, 4, 8, 6])  # any order in: sorted first
    assert order == [9, 2, 5, 3, 7, 4, 10, 6, 1, 8]
    assert [order[:4], order[4:7], order[7:]] == [[9, 2, 5, 3], [7, 4, 10], [6, 1, 8]]


def test_more_vectors_of_the_documentation():
    assert card_names(fairness.deal_deck(SEED, 1, 2, "")[:5]) == DOC_HAND_2
    assert fairness.seating(SEED, 5, 2, range(1, 7)) == DOC_ROUND_2
    assert fairness.reshuffle_keys(SEED, 1, 1, "")[:8] == DOC_KEYS
    two_decks = fairness.deal_deck(SEED, 1, 1, "", decks=2)
    assert card_names(two_decks[:10]) == ["Tc", "3h", "7d", "8c", "Tc", "8c", "6d", "Qh", "8s", "2c"]


def test_a_tables_first_button_is_a_choice_by_its_own_label():
    block = hmac.new(SEED, b"button:1:0", hashlib.sha256).digest()
    assert block.hex() == "cf164bf15ae7989292bae9ce659348a6e0eefffbfc93c06838170fb9ea2d325a"
    assert int.from_bytes(block[:4], "big") == 3474344945
    assert fairness.button_label(1) == "button:1"
    # Player 0 is the lowest seat dealt in: among 3 players table 1's button goes to player 2.
    assert [fairness.first_button(SEED, 1, 3), fairness.first_button(SEED, 1, 6)] == [2, 5]
    assert fairness.first_button(SEED, 7, 6) == 4


def test_the_stream_is_hmac_sha256_of_label_colon_counter_read_big_endian():
    stream = fairness.Stream(SEED, "x")
    block = hmac.new(SEED, b"x:0", hashlib.sha256).digest()
    assert stream.uniform(2**32) == int.from_bytes(block[:4], "big")
    assert stream.uniform(2**32) == int.from_bytes(block[4:8], "big")


def test_values_at_or_above_the_limit_are_skipped():
    class Words(fairness.Stream):
        def __init__(self, words):
            self._words = iter(words)

    limit = 2**32 - (2**32 % 3)  # 4294967295: only 2^32 - 1 is skipped
    assert Words([limit, 7]).uniform(3) == 1


def test_a_shuffle_is_a_permutation_and_does_not_change_its_input():
    pack = full_deck()
    deck = fairness.deal_deck(SEED, 3, 9, "zz")
    assert sorted(deck) == pack and deck != pack


@pytest.mark.parametrize("text", ["", "x" * 65, "é", "tab\there", "\n", None, 12])
def test_a_bad_client_seed_is_refused(text):
    with pytest.raises(ValueError):
        fairness.check_client_seed(text)


@pytest.mark.parametrize("text", ["a", "x" * 64, "0123456789abcdef0123456789abcdef", "mon porte-bonheur ~!|"])
def test_a_good_client_seed_is_kept_as_typed(text):
    assert fairness.check_client_seed(text) == text


def test_client_seeds_are_joined_in_seat_order():
    assert fairness.table_client_seed({5: "cd", 2: "ab"}) == "ab|cd"
    assert fairness.table_client_seed({}) == ""


def test_the_engines_deal_the_fair_deck_from_the_top():
    deck = fairness.deal_deck(SEED, 1, 1, "")
    hand = NoLimitHoldem(small_blind=1, big_blind=2).start_hand([100, 100, 100], 0, deck)
    # One card at a time from the button's left: player 1, 2, 0, then again.
    assert [card_names(h) for h in hand.hole_cards] == [["5c", "5d"], ["Kd", "9c"], ["3c", "Ts"]]
    razz = Razz(ante=0, bring_in=1, small_bet=2).start_hand(
        [100, 100], deck, fairness.reshuffle_keys(SEED, 1, 1, "")
    )
    assert card_names(razz.hole_cards[0]) == ["Kd", "5c", "Ts"]
    draw = DealerDraw(1).start_round([10], deck)
    assert card_names(draw.hole_cards[0]) == ["Kd", "5c", "Ts", "8h", "Js"]
    assert card_names(draw.dealer_cards) == ["3c", "9c", "5d", "Kc", "Td"]


# The extra vectors of docs/fairness.md.
DOC_HAND_2 = ["Ac", "9c", "Qd", "Jd", "Jh"]  # deal:1:2:
DOC_ROUND_2 = [2, 3, 6, 4, 5, 1]  # seating:5:round2 of members 1 to 6
DOC_KEYS = [20, 10, 14, 19, 12, 41, 38, 36]  # reshuffle:1:1: keys of 2c 2d 2h 2s 3c 3d 3h 3s
