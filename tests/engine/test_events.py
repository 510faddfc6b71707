"""Events of every game: known types, plain JSON, and private cards seen only by their player.

STYLE.md, "A player's private cards travel only to that player": for random complete hands of each
game (Hold'em, Razz, draw against the dealer with one and two decks), the events filtered for a
viewer never show him another player's private cards before that player shows them at showdown.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from poker.engine import (
    Action,
    DealerDraw,
    NoLimitHoldem,
    Razz,
    hand_history_text,
    is_visible,
    shuffled_deck,
    visible_events,
)
from poker.engine import events as ev

CARD_FIELDS = ("cards", "received", "discarded", "board")
DECISIONS = (*ev.PLAYER_ACTIONS, ev.BRING_IN, ev.DRAW)


def random_stacks(rng: random.Random, n: int, unit: int) -> list[int]:
    return [rng.choice((rng.randint(1, 4 * unit), rng.randint(1, 60 * unit))) for _ in range(n)]


def play_betting_hand(hand, rng: random.Random):
    while hand.actor is not None:
        la = hand.legal_actions()
        moves = [Action.check()] if la.can_check else []
        if la.can_call:
            moves += [Action.call(), Action.fold()]
        if la.bring_in is not None:
            moves.append(Action.bring_in())
        if la.min_raise_to is not None:
            moves.append(Action.raise_to(rng.randint(la.min_raise_to, la.max_raise_to)))
        hand.act(rng.choice(moves))
    return hand


def holdem_hand(rng: random.Random):
    n = rng.randint(2, 8)
    game = NoLimitHoldem(100, 200, rng.choice((0, 20)))
    hand = game.start_hand(random_stacks(rng, n, 200), rng.randrange(n), shuffled_deck(rng=rng))
    return play_betting_hand(hand, rng), n


def razz_hand(rng: random.Random):
    n = rng.randint(2, 8)
    hand = Razz(ante=5, bring_in=10).start_hand(random_stacks(rng, n, 10), shuffled_deck(rng=rng))
    hand.reshuffle_keys = rng.sample(range(52), 52) if rng.random() < 0.5 else None
    return play_betting_hand(hand, rng), n


def draw_round(rng: random.Random, decks: int):
    n = rng.randint(1, 8)
    rnd = DealerDraw(decks).start_round([10] * n, shuffled_deck(decks, rng=rng))
    while rnd.actor is not None:
        hand = rnd.hole_cards[rnd.actor]
        rnd.act(Action.draw(rng.sample(hand, rng.randint(0, 3))))
    return rnd, n


GAMES = {
    "holdem": holdem_hand,
    "razz": razz_hand,
    "dealer draw, one deck": lambda rng: draw_round(rng, 1),
    "dealer draw, two decks": lambda rng: draw_round(rng, 2),
}


def assert_no_private_card_leaks(events: list[ev.Event], players: int, decks: int) -> None:
    """Replay the log for every viewer and check what each event lets him see.

    ``held[j]`` follows the cards that only player j may see now (dealt down, drawn; a fold or a
    discard ends it). A public event leaks when it names a card that players who have not shown
    hold privately, in more copies than the deck leaves for the event (one deck: any copy).
    """
    for viewer in (None, *range(players)):
        held = [Counter() for _ in range(players)]
        shown: set[int] = set()
        for event in events:
            kind, player = event["type"], event.get("player")
            if event.get("private"):
                assert kind in ev.PRIVATE_EVENTS
                held[player].subtract(event.get("discarded", ()))
                held[player].update(event["received"] if kind == ev.NEW_CARDS else event["cards"])
                assert is_visible(event, viewer) == (player == viewer)
                continue
            assert kind not in ev.PRIVATE_EVENTS, f"a private event made public: {event}"
            assert is_visible(event, viewer), f"a public event is hidden: {event}"
            if kind == ev.FOLD:
                held[player].clear()
            if kind == ev.SHOW:
                shown.add(player)
            named = Counter()  # the most copies of each card that one field names ("board" repeats "cards")
            for field in CARD_FIELDS:
                named |= Counter(event.get(field, ()))
            for card, copies in named.items():
                hidden = sum(held[j][card] for j in range(players) if j != viewer and j not in shown)
                assert hidden + copies <= decks, f"{event} shows {card}, still private to another player"
        assert sorted(e["player"] for e in visible_events(events, viewer) if e.get("private")) == sorted(
            e["player"] for e in events if e.get("private") and e["player"] == viewer
        )


@pytest.mark.parametrize("game", GAMES)
def test_a_viewer_never_sees_another_players_private_cards_before_the_showdown(game):
    rng = random.Random(f"privacy {game}")
    decks = 2 if "two decks" in game else 1
    for _ in range(150):
        hand, players = GAMES[game](rng)
        events = hand.events
        assert_no_private_card_leaks(events, players, decks)
        kinds = [event["type"] for event in events]
        if ev.SHOW in kinds:  # cards are shown only once nobody can decide anything any more
            assert not set(kinds[kinds.index(ev.SHOW) :]) & set(DECISIONS)


@pytest.mark.parametrize("game", GAMES)
def test_every_event_is_a_known_type_and_plain_json(game):
    rng = random.Random(f"types {game}")
    for _ in range(50):
        hand, _players = GAMES[game](rng)
        assert {event["type"] for event in hand.events} <= set(ev.EVENT_TYPES)
        assert json.loads(json.dumps(hand.events)) == hand.events
        assert all(event["private"] is True for event in hand.events if event["type"] in ev.PRIVATE_EVENTS)


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_history_can_be_written_for_every_viewer_in_both_languages(game):
    rng = random.Random(f"history {game}")
    for _ in range(30):
        hand, players = GAMES[game](rng)
        for viewer in (None, *range(players)):
            for lang in ("en", "fr"):
                text = hand_history_text(visible_events(hand.events, viewer), lang=lang)
                assert text.count("\n") > players and "{" not in text


def test_a_spectator_sees_no_private_event_even_one_without_a_player():
    odd = {"type": ev.HOLE_CARDS, "cards": ["As", "Kd"], "private": True}
    assert not is_visible(odd, None)
    assert visible_events([odd], None) == []
    mine = {"type": ev.NEW_CARDS, "player": 2, "cards": ["As"], "private": True}
    assert is_visible(mine, 2) and not is_visible(mine, 1) and not is_visible(mine, None)
    assert visible_events([odd, mine], 2) == [mine]


def test_the_privacy_check_catches_a_leak():
    hand, players = holdem_hand(random.Random(7))
    theirs = next(e for e in hand.events if e["type"] == ev.HOLE_CARDS and e["player"] == 1)
    leak = {"type": ev.CHECK, "player": 0, "cards": theirs["cards"][:1]}
    events = [*hand.events[: hand.events.index(theirs) + 1], leak]
    with pytest.raises(AssertionError, match="still private to another player"):
        assert_no_private_card_leaks(events, players, decks=1)
    public = {**theirs, "private": False}
    with pytest.raises(AssertionError, match="private event made public"):
        assert_no_private_card_leaks([*events[:-2], public], players, decks=1)
    bragging = {"type": ev.CALL, "player": 1, "cards": theirs["cards"]}  # his own, before showdown
    with pytest.raises(AssertionError, match="still private"):
        assert_no_private_card_leaks([*events[:-1], bragging], players, decks=1)
