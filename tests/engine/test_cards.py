"""Cards, their text form and decks (docs/rules.md, "Cards")."""

import copy
import pickle
import secrets

import pytest

from poker.engine import Card, check_deck, format_cards, full_deck, parse_cards, shuffled_deck
from poker.engine import cards as cards_module


def test_a_card_prints_as_rank_then_suit():
    card = Card("As")
    assert str(card) == "As"
    assert repr(card) == "Card('As')"
    assert (card.rank, card.suit) == ("A", "s")
    assert (card.rank_index, card.suit_index) == (12, 3)
    assert Card.of("T", "d") == Card("Td")


def test_a_card_is_its_index_rank_times_four_plus_suit():
    assert int(Card("2c")) == 0
    assert int(Card("2s")) == 3
    assert int(Card("As")) == 51
    assert Card(51) is Card("As")
    assert [str(c) for c in full_deck()[:5]] == ["2c", "2d", "2h", "2s", "3c"]


@pytest.mark.parametrize("text", ["As Kd", "AsKd", "as, kd", " As  KD "])
def test_parse_cards_accepts_spaces_commas_and_any_case(text):
    assert parse_cards(text) == [Card("As"), Card("Kd")]


def test_parse_cards_accepts_a_list_of_names_and_cards():
    assert parse_cards(["As", Card("Kd")]) == [Card("As"), Card("Kd")]
    assert format_cards(parse_cards("Th 9c")) == "Th 9c"


@pytest.mark.parametrize(("text", "culprit"), [("As Xd", "'Xd'"), ("As 1c", "'1c'"), ("Az", "'Az'")])
def test_a_malformed_card_raises_naming_it(text, culprit):
    with pytest.raises(ValueError, match=culprit):
        parse_cards(text)


def test_an_odd_number_of_characters_is_no_list_of_cards():
    with pytest.raises(ValueError, match="two-character"):
        parse_cards("As K")


def test_a_duplicate_card_raises_naming_it():
    with pytest.raises(ValueError, match="duplicate card: Kd"):
        parse_cards("As Kd 7c kd")


def test_card_index_out_of_range():
    with pytest.raises(ValueError, match="52"):
        Card(52)
    with pytest.raises(ValueError, match="-1"):
        Card(-1)


def test_cards_stay_interned_through_pickle_and_copy():
    card = Card("Qh")
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card


def test_the_deck_has_52_different_cards():
    deck = full_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert len(full_deck(decks=2)) == 104


def test_check_deck_names_repeated_and_missing_cards():
    deck = full_deck()
    assert check_deck(deck) == deck
    with pytest.raises(ValueError, match="repeated cards: As"):
        check_deck([*deck[:-2], Card("As"), Card("As")])
    with pytest.raises(ValueError, match="missing cards: Ah As"):
        check_deck(deck[:-2])
    with pytest.raises(ValueError, match="'Zz'"):
        check_deck([*deck[:-1], "Zz"])


def test_check_deck_with_two_decks_wants_every_card_twice():
    assert len(check_deck(full_deck(decks=2), decks=2)) == 104
    with pytest.raises(ValueError, match="missing cards: 2c"):
        check_deck(full_deck(decks=2)[1:], decks=2)


def test_shuffling_uses_the_operating_system_csprng(monkeypatch):
    used = []

    class SpyRandom(secrets.SystemRandom):
        def shuffle(self, x):
            used.append(type(self))
            super().shuffle(x)

    monkeypatch.setattr(cards_module.secrets, "SystemRandom", SpyRandom)
    deck = shuffled_deck()
    assert used == [SpyRandom]
    assert sorted(deck) == full_deck()


def test_a_shuffled_deck_holds_every_card_in_a_new_order():
    first, second = shuffled_deck(), shuffled_deck()
    assert sorted(first) == sorted(second) == full_deck()
    assert first != second  # equal only once in 52! shuffles
    assert sorted(shuffled_deck(decks=2)) == sorted(full_deck(decks=2))
