"""Every PokerStars hand history the app writes (poker/engine/exports/pokerstars.py) parses with
PokerKit 0.7.7's ``HandHistory.from_pokerstars`` into our players, actions, cards and stacks.

2,000 random Hold'em hands, from the generators of test_holdem_vs_pokerkit.py (2 to 8 players,
heads-up, all-ins, side pots, split pots, antes), one file each, a spectator's and a player's in
turn (``visible_events``, the rule of the replay). PokerKit must find the one hand, with our players
(names, seats, stacks) in our order, the viewer's own hole cards, every move as our PHH file of the
same hand writes it (``pokerkit_replay.same_moves``: PokerKit only adds the check it waits for from
the only player left with chips), the board, the cards shown, and replay it to our final stacks (its
odd chips aside).

PokerKit's PokerStars parser reads no ante: its pattern of the ante line matches nothing
(``PokerStarsParser.ANTE_POSTING`` is ``UNMATCHABLE_PATTERN``). The hands with antes are read by the
same parser given the line PokerStars writes ("Hery: posts the ante 20", ``WithAntes``) and replayed
with ``ante_trimming_status`` (an ante all-in wins back only what it put in, docs/rules.md), which a
PokerStars text cannot say.

Skipped, as in test_phh_vs_pokerkit.py: a hand where PokerKit refuses one of our actions (a raise
after short all-ins adding up to more than a full raise, reopened under TDA; ``refused_by_pokerkit``
names the difference). The text still says what happened at our table.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime, time

import pytest
from pokerkit import BoardDealing, HandHistory, HoleCardsShowingOrMucking, HoleDealing, StandardHighHand
from pokerkit.notation import PokerStarsParser

from poker.engine import Action, NoLimitHoldem, visible_events
from poker.engine import events as ev
from poker.engine.exports import HandInfo, phh_text, pokerstars_text
from poker.engine.exports.pokerstars import HAND_SEPARATOR
from poker.engine.holdem import deck_for
from tests.engine.pokerkit_memo import remembered_hands
from tests.engine.pokerkit_odd_chips import pokerkit_split
from tests.engine.pokerkit_replay import (
    Played,
    made_moves,
    play_holdem,
    refused_by_pokerkit,
    replay,
    same_moves,
    written_moves,
)

HANDS = 2000
NAMES = ["Hery", "Voahangy R.", "Tiana", "Zoé", "Mialy l'Ancien", "Fanja", "Njaka 2", "Rado"]
STARTED = datetime(2026, 12, 3, 20, 15, tzinfo=UTC)  # 21:15 in Paris
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # time_zone_abbreviation, cards


@pytest.fixture(autouse=True, scope="module")
def pokerkit_with_a_memory():
    with remembered_hands(StandardHighHand):
        yield


class WithAntes(PokerStarsParser):
    """PokerKit's PokerStars parser, reading the ante line as PokerStars writes it."""

    ANTE_POSTING = re.compile(r"(?P<player>.+): posts the ante (?P<ante>[0-9.]+)")


def info_of(played: Played, k: int) -> HandInfo:
    n = len(played.stacks)
    return HandInfo(
        hand_id=5000 + k,
        number=k,
        table="Vendredi 'soir'",
        seat_count=8,
        seats=[1 + (j * 8) // n for j in range(n)],
        names=NAMES[:n],
        started_at=STARTED,
        time_zone="Europe/Paris",
    )


def parse(played: Played, text: str) -> list[HandHistory]:
    if played.game.ante:
        return list(WithAntes()(text, error_status=True))
    return list(HandHistory.from_pokerstars(text, error_status=True))


def check_text(played: Played, viewer: int | None, k: int, stats: Counter) -> bool:
    """The text parses into our hand and PokerKit replays it to our stacks; False if it cannot."""
    events = visible_events(played.hand.events, viewer)
    info = info_of(played, k)
    text = pokerstars_text(events, info)
    try:
        parsed = parse(played, text)
    except ValueError:  # PokerKit's own replay of the text refused an action
        return False
    assert len(parsed) == 1, text
    hh = parsed[0]
    ours = HandHistory.loads(phh_text(events, info))
    assert (hh.hand, hh.table, hh.seat_count) == (5000 + k, "Vendredi 'soir'", 8)
    assert (hh.players, hh.seats, hh.starting_stacks) == (ours.players, ours.seats, ours.starting_stacks)
    assert (hh.year, hh.month, hh.day, hh.time) == (2026, 12, 3, time(21, 15))
    if played.game.ante:
        hh = replace(hh, ante_trimming_status=True)
    state = replay(hh)
    if state is None:
        return False
    assert same_moves(made_moves(state), written_moves(ours.actions)), text
    board = [repr(c) for op in state.operations if isinstance(op, BoardDealing) for c in op.cards]
    assert board == [str(c) for c in played.hand.board], text
    order = played.order()
    shows = [op for op in state.operations if isinstance(op, HoleCardsShowingOrMucking)]
    shown = {op.player_index: op.hole_cards for op in shows}
    for e in events:
        if e["type"] == ev.SHOW:
            assert sorted(map(repr, shown[order.index(e["player"])])) == sorted(e["cards"]), text
    if viewer is not None:
        dealt = [op for op in state.operations if isinstance(op, HoleDealing)]
        mine = [repr(c) for op in dealt if op.player_index == order.index(viewer) for c in op.cards]
        assert mine == [str(c) for c in played.hand.hole_cards[viewer]], text
    final = played.ours(list(state.stacks))
    if final != played.hand.stacks:
        assert final == pokerkit_split(played.hand), text
        stats["odd chips split differently"] += 1
    stats["spectator texts" if viewer is None else "player texts"] += 1
    return True


def test_pokerstars_texts_parse_in_pokerkit_into_our_hands():
    rng, stats = random.Random(20270128), Counter()
    for k in range(1, HANDS + 1):
        played = play_holdem(rng)
        pots = [e for e in played.hand.events if e["type"] == ev.POT_AWARDED]
        stats["heads-up"] += len(played.stacks) == 2
        stats["8 players"] += len(played.stacks) == 8
        stats["antes"] += bool(played.game.ante)
        stats["side pots"] += len(pots) > 1
        stats["split pots"] += any(len(e["winners"]) > 1 for e in pots)
        # One text a hand (two PokerKit replays each): a spectator's, a player's, in turn.
        viewer = None if k % 2 else rng.randrange(len(played.stacks))
        if not check_text(played, viewer, k, stats):
            reason = refused_by_pokerkit(played)
            assert reason is not None
            stats[f"skipped: {reason}"] += 1
    skipped = {key: v for key, v in stats.items() if key.startswith("skipped")}
    assert set(skipped) <= {"skipped: short all-ins counted again"}, skipped
    assert sum(skipped.values()) < 10, skipped
    assert stats["spectator texts"] > 950 and stats["player texts"] > 950
    assert stats["heads-up"] > 300 and stats["8 players"] > 100 and stats["antes"] > 600
    assert stats["side pots"] > 600 and stats["split pots"] > 60


# -- What a text says, hand by hand --------------------------------------------------------------------


def holdem(stacks, button, moves=(), sb=10, bb=20, ante=0, holes=(), board=""):
    game = NoLimitHoldem(sb, bb, ante)
    deck = deck_for(list(holes) + [""] * (len(stacks) - len(holes)), board, button)
    hand = game.start_hand(stacks, button, deck)
    for move in moves:
        hand.act(Action.raise_to(move) if isinstance(move, int) else getattr(Action, move)())
    return hand


GOLDEN = """\
PokerStars Hand #1234:  Hold'em No Limit (10/20) - 2026/12/03 21:15:00 CET
Table 'Vendredi' 8-max Seat #1 is the button
Seat 1: Hery (1500 in chips)
Seat 3: Voahangy (1500 in chips)
Seat 5: Tiana (400 in chips)
Seat 7: Mialy (1500 in chips)
Voahangy: posts the ante 5
Tiana: posts the ante 5
Mialy: posts the ante 5
Hery: posts the ante 5
Voahangy: posts small blind 10
Tiana: posts big blind 20
*** HOLE CARDS ***
Dealt to Hery [As Kd]
Mialy: calls 20
Hery: raises 40 to 60
Voahangy: calls 50
Tiana: calls 40
Mialy: calls 40
*** FLOP *** [Qd 7d 2c]
Voahangy: checks
Tiana: bets 335 and is all-in
Mialy: calls 335
Hery: folds
Voahangy: folds
*** TURN *** [Qd 7d 2c] [9s]
*** RIVER *** [Qd 7d 2c 9s] [3h]
*** SHOW DOWN ***
Tiana: shows [Qs Qh] (three of a kind, Queens)
Mialy: shows [9d 9c] (three of a kind, Nines)
Tiana collected 930 from pot
*** SUMMARY ***
Total pot 930 | Rake 0
Board [Qd 7d 2c 9s 3h]
Seat 1: Hery (button) folded on the Flop
Seat 3: Voahangy (small blind) folded on the Flop
Seat 5: Tiana (big blind) showed [Qs Qh] and won (930) with three of a kind, Queens
Seat 7: Mialy showed [9d 9c] and lost with three of a kind, Nines"""


def test_a_hand_as_pokerstars_writes_it():
    # Seats 1, 3, 5, 7; the button on seat 1 (player 0), the blinds on seats 3 and 5. Tiana's all-in
    # on the flop ends the betting: the turn and the river are dealt at once.
    holes = ["As Kd", "7c 2h", "Qs Qh", "9d 9c"]
    moves = ["call", 60, "call", "call", "call", "check", 335, "call", "fold", "fold"]
    hand = holdem([1500, 1500, 400, 1500], 0, moves, ante=5, holes=holes, board="Qd 7d 2c 9s 3h")
    info = HandInfo(
        hand_id=1234,
        number=7,
        table="Vendredi",
        seat_count=8,
        seats=[1, 3, 5, 7],
        button_seat=1,
        names=["Hery", "Voahangy", "Tiana", "Mialy"],
        started_at=STARTED,
        time_zone="Europe/Paris",
    )
    assert pokerstars_text(visible_events(hand.events, 0), info) == GOLDEN
    (parsed,) = WithAntes()(GOLDEN, error_status=True)
    assert parsed.players == ["Voahangy", "Tiana", "Mialy", "Hery"] and parsed.seats == [3, 5, 7, 1]
    assert parsed.antes == [5, 5, 5, 5] and parsed.blinds_or_straddles == [10, 20, 0, 0]


def test_a_spectator_reads_no_hole_card_and_the_shown_hands_after_the_river():
    # Player 1 (small blind) all-in preflop, called by player 2: shown at once, written at the showdown.
    holes = ["As Kd", "7c 2h", "Qs Qh"]
    hand = holdem([1000, 300, 1000], 0, ["fold", 300, "call"], holes=holes, board="2c 7d 9h Qc 3s")
    text = pokerstars_text(visible_events(hand.events, None), HandInfo(names=["Hery", "Voahangy", "Tiana"]))
    lines = text.splitlines()
    assert "Dealt to" not in text and "As Kd" not in text
    river = lines.index("*** RIVER *** [2c 7d 9h Qc] [3s]")
    assert lines[river + 1 : river + 4] == [
        "*** SHOW DOWN ***",
        "Voahangy: shows [7c 2h] (two pair, Sevens and Deuces)",
        "Tiana: shows [Qs Qh] (three of a kind, Queens)",
    ]
    assert "Uncalled bet (700) returned to Tiana" not in lines  # he only called 300
    assert "Tiana collected 600 from pot" in lines
    assert "Seat 1: Hery (button) folded before Flop (didn't bet)" in lines
    assert "Seat 2: Voahangy (small blind) showed [7c 2h] and lost with two pair, Sevens and Deuces" in lines
    assert "Seat 3: Tiana (big blind) showed [Qs Qh] and won (600) with three of a kind, Queens" in lines


def test_side_pots_are_named_and_collected_before_the_main_pot():
    holes = ["As Ad", "Ks Kd", "Qs Qd", "Js Jd"]
    board = "2c 5d 9h 3s 8c"
    hand = holdem([100, 300, 600, 1000], 3, [100, "call", "call", "call"], holes=holes, board=board)
    while hand.actor is not None:
        la = hand.legal_actions()
        hand.act(Action.raise_to(la.max_raise_to) if la.min_raise_to else Action.call())
    lines = pokerstars_text(hand.events).splitlines()
    collected = [line for line in lines if " collected " in line]
    assert collected[-1] == "Player 1 collected 400 from main pot"
    assert collected[0].endswith("from side pot-2") and collected[1].endswith("from side pot-1")
    summary = lines[lines.index("*** SUMMARY ***") + 1]
    assert re.fullmatch(r"Total pot \d+ Main pot 400\. Side pot-1 \d+\. Side pot-2 \d+\. \| Rake 0", summary)


def test_an_uncontested_pot_and_names_that_cannot_break_a_line():
    hand = holdem([1000, 1000], 0, ["fold"])
    text = pokerstars_text(hand.events, HandInfo(names=["Hery\nPokerStars Hand #9", "Zoé"]))
    assert "Hery PokerStars Hand #9: posts small blind 10" in text.splitlines()
    assert text.splitlines()[-3:] == [
        "Total pot 20 | Rake 0",
        "Seat 1: Hery PokerStars Hand #9 (button) (small blind) folded before Flop",
        "Seat 2: Zoé (big blind) collected (20)",
    ]
    assert "Uncalled bet (10) returned to Zoé" in text and "Zoé: doesn't show hand" in text


def test_a_dead_button_seat_is_written_as_pokerstars_does_and_pokerkit_places_the_players():
    # Seats 2, 4 and 6 dealt in; the button on the empty seat 3: player 0 (seat 2) acts last.
    game = NoLimitHoldem(10, 20)
    hand = game.start_hand([1000, 1000, 1000], 0)
    for move in ("call", "call", "check", "check", "check", "check"):
        hand.act(getattr(Action, move)())
    while hand.actor is not None:
        hand.act(Action.check())
    info = HandInfo(seats=[2, 4, 6], button_seat=3, names=["Hery", "Voahangy", "Tiana"])
    text = pokerstars_text(hand.events, info)
    assert "Table 'ARF' 3-max Seat #3 is the button" in text
    (parsed,) = HandHistory.from_pokerstars(text, error_status=True)
    assert parsed.players == ["Voahangy", "Tiana", "Hery"]


def test_several_hands_make_one_file_pokerkit_splits():
    hands = [holdem([1000, 1000], 0, ["fold"]), holdem([1000, 1000, 1000], 1, ["fold", "fold"])]
    text = "".join(
        pokerstars_text(h.events, HandInfo(hand_id=k)) + HAND_SEPARATOR for k, h in enumerate(hands, 1)
    )
    assert [hh.hand for hh in HandHistory.from_pokerstars(text, error_status=True)] == [1, 2]
