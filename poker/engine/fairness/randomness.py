"""Provably fair randomness: every deck and every seat draw comes from a committed secret.

The contract is docs/fairness.md (with its test vectors); this module follows it to the letter, and
an independent verifier (the browser's Verify page, ``manage.py verify_fairness``) must get the same.

- ``new_server_seed()``: 32 bytes from the operating system's CSPRNG, the only random draw.
- ``commitment(seed)``: SHA-256 of the seed, lowercase hex, published before the seed's first use.
- ``Stream(seed, label)``: HMAC-SHA256(key=seed, msg=UTF-8(label + ":" + counter)) for counter
  0, 1, 2 ..., read as 4-byte big-endian unsigned integers; ``uniform(n)`` by rejection.
- ``shuffle(seed, label, items)``: Fisher-Yates from the end; item 0 is the top.
- ``deal_deck(seed, table, hand, client_seed, decks)``: a hand's deck (label ``deal:t:k:client_seed``).
- ``reshuffle_keys(...)``: the order cards put back into play take (label ``reshuffle:t:k:client_seed``).
- ``seating(seed, session, round_number, member_ids)``: a round's seat draw.
- ``first_button(seed, table, players)``: the player given a table's first button (label ``button:t``).
- ``check_client_seed(text)``: a player's contribution, or ValueError saying what is wrong.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator, Sequence
from typing import TypeVar

from ..cards import Card, full_deck

T = TypeVar("T")

SEED_BYTES = 32
CLIENT_SEED_MAX = 64
_SPAN = 1 << 32


def new_server_seed() -> bytes:
    """A fresh secret for one epoch (the CSPRNG: nothing else in a deal or a draw is random)."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """SHA-256 of the seed, lowercase hex: shown before the seed is used, checked after."""
    return hashlib.sha256(seed).hexdigest()


def seed_from_hex(text: str) -> bytes:
    """The 32 bytes of a seed written as 64 hex digits; ValueError otherwise."""
    seed = bytes.fromhex(text)
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a server seed is {SEED_BYTES} bytes, not {len(seed)}")
    return seed


class Stream:
    """The random integers of one label: HMAC-SHA256 blocks of counter 0, 1, ..., 4 bytes at a time."""

    __slots__ = ("_words",)

    def __init__(self, seed: bytes, label: str) -> None:
        self._words = self._generate(seed, label)

    @staticmethod
    def _generate(seed: bytes, label: str) -> Iterator[int]:
        counter = 0
        while True:
            block = hmac.new(seed, f"{label}:{counter}".encode(), hashlib.sha256).digest()
            for i in range(0, 32, 4):
                yield int.from_bytes(block[i : i + 4], "big")
            counter += 1

    def uniform(self, n: int) -> int:
        """A uniform integer in [0, n): ``u mod n`` for the first ``u`` below 2^32 - (2^32 mod n)."""
        if not 1 <= n <= _SPAN:
            raise ValueError(f"cannot draw among {n} values")
        limit = _SPAN - _SPAN % n
        for u in self._words:
            if u < limit:
                return u % n
        raise AssertionError("unreachable: the stream is endless")

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates from the end, in place: for i = N-1 down to 1, swap i and uniform(i + 1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.uniform(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``: the one at uniform(len(items))."""
        return items[self.uniform(len(items))]


def shuffle(seed: bytes, label: str, items: Sequence[T]) -> list[T]:
    """``items`` shuffled by the stream of ``label`` (a new list; item 0 is the top)."""
    shuffled = list(items)
    Stream(seed, label).shuffle(shuffled)
    return shuffled


def deal_label(table: int, hand: int, client_seed: str) -> str:
    return f"deal:{table}:{hand}:{client_seed}"


def reshuffle_label(table: int, hand: int, client_seed: str) -> str:
    return f"reshuffle:{table}:{hand}:{client_seed}"


def seating_label(session: int, round_number: int) -> str:
    return f"seating:{session}:round{round_number}"


def button_label(table: int) -> str:
    """A table's first button (docs/fairness.md, "The first button")."""
    return f"button:{table}"


def balance_label(session: int, hand_key: str) -> str:
    """The balancing moves and table breaks after the knock-outs of one round-2 hand."""
    return f"balance:{session}:{hand_key}"


def deal_deck(seed: bytes, table: int, hand: int, client_seed: str, decks: int = 1) -> list[Card]:
    """The deck of hand ``hand`` of table ``table``, top first: the pack 2c 2d 2h 2s 3c ... As
    (``decks`` times) shuffled by the label ``deal:table:hand:client_seed``."""
    return shuffle(seed, deal_label(table, hand, client_seed), full_deck(decks))


def reshuffle_keys(seed: bytes, table: int, hand: int, client_seed: str) -> list[int]:
    """Card ``c`` (0 = 2c ... 51 = As) gets the key ``P[c]`` where P is 0..51 shuffled by the label
    ``reshuffle:table:hand:client_seed``; cards put back into play go smallest key on top."""
    return shuffle(seed, reshuffle_label(table, hand, client_seed), range(52))


def seating(seed: bytes, session: int, round_number: int, member_ids: Sequence[int]) -> list[int]:
    """The members in the order they fill table 1 seat 1, 2, ..., then table 2 ...: sorted by id,
    then shuffled by the label ``seating:session:roundN``."""
    return shuffle(seed, seating_label(session, round_number), sorted(member_ids))


def first_button(seed: bytes, table: int, players: int) -> int:
    """The player (0 = the lowest seat dealt in, then by ascending seat) given the first button of
    table ``table`` among ``players``: a choice by the stream of ``button:table``."""
    return Stream(seed, button_label(table)).uniform(players)


def check_client_seed(text: object) -> str:
    """A player's contribution as it goes into the table's client seed: 1 to 64 printable ASCII
    characters (space to tilde); ValueError naming the fault otherwise."""
    if not isinstance(text, str) or not text:
        raise ValueError("empty")
    if len(text) > CLIENT_SEED_MAX:
        raise ValueError("too long")
    if any(not " " <= ch <= "~" for ch in text):
        raise ValueError("not printable ASCII")
    return text


def table_client_seed(contributions: dict[int, str]) -> str:
    """The contributions in seat order, joined by ``|`` ("" when none came)."""
    return "|".join(contributions[seat] for seat in sorted(contributions))
