"""The hand history downloads (poker/pages/downloads.py): every file a viewer can download holds his own
cards and the cards shown at the showdown, never a card hidden from him; the files open in PokerKit;
many hands stream, a fixed number of queries a batch.

Three players play a dozen hands of Hold'em and of Razz through the table services (seeded decks
and seeded random actions: folds, showdowns, all-ins); then each of them and a spectator download
every file the pages offer them (each hand in each format, the table's hands and "my hands of this
session" in each format), and every card of every hand in every file is checked against the cards
that viewer may see in that hand, read from the stored events by the rule of the replay.
"""

from __future__ import annotations

import io
import random
import re
import tomllib
import zipfile

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pokerkit import HandHistory

from championship.models import Result, Session
from championship.services.online import provider_key
from poker import services
from poker.engine.cards import full_deck
from poker.models import Hand, HandEvent, Table
from poker.pages import downloads
from tests.factories import MemberFactory, UserFactory, season_with_session

from .helpers import act, actor, fire_until_next_hand, stack_decks, stack_razz_decks

pytestmark = [pytest.mark.django_db, pytest.mark.filterwarnings("ignore::UserWarning")]
HANDS = 10
HOLDEM_ONLY = pytest.mark.parametrize("played", [Table.Variant.HOLDEM], indirect=True)
CARD = re.compile(r"[2-9TJQKA][cdhs]")


def seeded_decks(rng: random.Random, razz: bool) -> list[dict]:
    decks = []
    for _ in range(HANDS + 5):
        cards = [str(c) for c in full_deck()]
        rng.shuffle(cards)
        if razz:
            decks.append({"cards": [" ".join(cards[7 * p : 7 * p + 7]) for p in range(3)]})
        else:
            decks.append({"hole_cards": [" ".join(cards[2 * p : 2 * p + 2]) for p in range(3)]})
            decks[-1]["board"] = " ".join(cards[6:11])
    return decks


def play(table: Table, rng: random.Random) -> None:
    """Random legal actions until ``HANDS`` hands are over (or the table stops)."""
    for _ in range(2000):
        table.refresh_from_db()
        if Hand.objects.filter(table=table, ended_at__isnull=False).count() >= HANDS:
            return
        user = actor(table)
        if user is None:
            if table.status == Table.Status.FINISHED:
                return
            fire_until_next_hand(table)
            continue
        legal, choice = table.legal, rng.random()
        if legal["bring_in"] is not None:  # the bring-in, or the completion
            act(table, user, "bring_in") if choice < 0.7 else act(table, user, "raise", legal["min"])
        elif legal["min"] is not None and choice < 0.3 and (choice < 0.02 or legal["min"] < 400):
            act(table, user, "raise", legal["max"] if choice < 0.02 else legal["min"])  # a few all-ins
        elif legal["check"]:
            act(table, user, "check")
        elif legal["call"] is not None and choice < (0.75 if legal["call"] < 400 else 0.1):
            act(table, user, "call")  # an all-in is called now and then: side pots, not the end
        else:
            act(table, user, "fold")


@pytest.fixture(params=[Table.Variant.HOLDEM, Table.Variant.RAZZ])
def played(db, monkeypatch, request, settings):
    settings.POKER_PAUSE_MS = settings.POKER_REVEAL_MS = settings.POKER_BOT_MS = 0
    rng = random.Random(26)
    razz = request.param == Table.Variant.RAZZ
    if razz:
        stack_razz_decks(monkeypatch, *seeded_decks(rng, True), dealer=1)
        stakes = {"ante": 5, "bring_in": 10, "small_bet": 20}
    else:
        stack_decks(monkeypatch, *seeded_decks(rng, False), button=1)
        stakes = {"small_blind": 10, "big_blind": 20}
    players = [UserFactory(username=name, first_name=name.title()) for name in ("hery", "voahangy", "tiana")]
    table = services.table_open(name="Vendredi", variant=request.param, kind=Table.Kind.TOURNAMENT, **stakes)
    for k, user in enumerate(players):
        services.table_seat_player(table=table, user=user, stack=20000, seat=2 * k + 1)
    services.table_start(table=table)
    play(table, rng)
    fire_until_next_hand(table)  # the last run-out shown: the hand is in the history
    table.refresh_from_db()
    return table, players, UserFactory(username="watcher")


def allowed(hand: Hand, user_id: int | None) -> set[str]:
    """The cards ``user_id`` may see in ``hand``: his own hole cards, the board, the up cards and the
    hands turned up; read from the stored events, not by the code under test."""
    player = hand.player_of(user_id)
    cards: set[str] = set()
    for event in HandEvent.objects.filter(hand=hand):
        own = event.type == "hole_cards" and event.payload["player"] == player
        if own or event.type in ("board", "up_cards", "show"):
            cards |= set(event.payload["cards"])
    return cards


def own_cards(hand: Hand, user_id: int) -> set[str]:
    player = hand.player_of(user_id)
    events = HandEvent.objects.filter(hand=hand, type="hole_cards", player=player)
    return {card for e in events for card in e.payload["cards"]} if player is not None else set()


def phh_cards(data: dict) -> set[str]:
    cards = set()
    for action in data["actions"]:
        words = action.split()
        if words[:2] in (["d", "dh"], ["d", "db"]) or (len(words) == 3 and words[1] == "sm"):
            cards |= set(CARD.findall(words[-1]))
    return cards


def hands_in(body: bytes, fmt: str, table: Table) -> dict[int, set[str]]:
    """Each hand of a downloaded file (by its number at the table) and the cards it shows."""
    by_number = {h.pk: h.number for h in Hand.objects.filter(table=table)}
    if fmt == "phh-zip":
        archive = zipfile.ZipFile(io.BytesIO(body))
        found = {}
        for name in archive.namelist():
            table_id, number = map(int, name.removesuffix(".phh").split("-"))
            assert table_id == table.pk
            found[number] = phh_cards(tomllib.loads(archive.read(name).decode()))
        return found
    text = body.decode()
    if fmt == "phh":
        data = tomllib.loads(text)
        hands = data.values() if all(isinstance(v, dict) for v in data.values()) else [data]
        return {hh["hand"]: phh_cards(hh) for hh in hands}
    found = {}
    for piece in re.split(r"(?=^PokerStars Hand #)", text, flags=re.M):
        if piece.strip():
            hand_id = int(re.match(r"PokerStars Hand #(\d+):", piece)[1])
            brackets = " ".join(re.findall(r"\[([^\]]*)\]", piece))
            found[by_number[hand_id]] = set(CARD.findall(brackets))
    return found


def every_download(client, table: Table) -> list[tuple[str, str, bytes]]:
    """(what, format, body) of every file the history pages offer this viewer."""
    files = []
    for hand in Hand.objects.filter(table=table, ended_at__isnull=False):
        for fmt in downloads.choices(table.variant, many=False):
            url = reverse("poker:hand_download", args=[table.pk, hand.number]) + f"?format={fmt.key}"
            files.append((f"hand {hand.number}", fmt.key, client.get(url).content))
    for scope in ("table", "mine"):
        for fmt in downloads.choices(table.variant, many=True):
            url = reverse("poker:hands_download", args=[table.pk]) + f"?format={fmt.key}&scope={scope}"
            response = client.get(url)
            assert response.streaming
            files.append((scope, fmt.key, b"".join(response.streaming_content)))
    return files


def test_every_file_holds_only_what_its_viewer_may_see(client, played):
    table, players, watcher = played
    hands = {h.number: h for h in Hand.objects.filter(table=table, ended_at__isnull=False)}
    assert len(hands) >= 7
    hidden = 0  # cards dealt and never shown: some must exist, or the test proves nothing
    for viewer in [*players, watcher]:
        client.force_login(viewer)
        for what, fmt, body in every_download(client, table):
            found = hands_in(body, fmt, table)
            dealt_in = {n for n, h in hands.items() if h.player_of(viewer.pk) is not None}
            expected = (
                dealt_in if what == "mine" else set(hands) if what == "table" else {int(what.split()[1])}
            )
            assert set(found) == expected, (viewer, what, fmt)
            for number, cards in found.items():
                assert cards <= allowed(hands[number], viewer.pk), (viewer.username, what, fmt, number)
                assert own_cards(hands[number], viewer.pk) <= cards, (viewer.username, what, fmt, number)
    for hand in hands.values():
        everything = {
            c for e in HandEvent.objects.filter(hand=hand, type="hole_cards") for c in e.payload["cards"]
        }
        hidden += len(everything - allowed(hand, watcher.pk))
    assert hidden > 0


def test_the_files_open_in_pokerkit(client, played):
    table, players, _ = played
    client.force_login(players[0])
    url = reverse("poker:hands_download", args=[table.pk])
    phhs = b"".join(client.get(url + "?format=phh&scope=table").streaming_content).decode()
    loaded = list(HandHistory.loads_all(phhs))
    finished = Hand.objects.filter(table=table, ended_at__isnull=False).order_by("pk")
    assert [hh.hand for hh in loaded] == [h.number for h in finished]
    for hh, hand in zip(loaded, finished):
        final = HandEvent.objects.get(hand=hand, type="hand_over").payload["stacks"]
        assert sorted(hh.finishing_stacks) == sorted(final)
    if table.variant == Table.Variant.HOLDEM:
        text = b"".join(client.get(url + "?format=pokerstars&scope=table").streaming_content).decode()
        parsed = list(HandHistory.from_pokerstars(text))
        assert [hh.hand for hh in parsed] == [h.pk for h in finished]


def test_many_hands_stream_in_two_queries_a_batch(client, played, monkeypatch):
    table, players, _ = played
    monkeypatch.setattr(downloads, "BATCH", 3)
    client.force_login(players[1])
    count = Hand.objects.filter(table=table, ended_at__isnull=False).count()
    for fmt in downloads.choices(table.variant, many=True):
        response = client.get(reverse("poker:hands_download", args=[table.pk]) + f"?format={fmt.key}")
        with CaptureQueriesContext(connection) as queries:
            body = b"".join(response.streaming_content)
        assert len(queries) == 2 * -(-count // 3) + 1  # the hands, their events; the last, empty batch
        assert len(hands_in(body, fmt.key, table)) == count


def test_a_razz_table_offers_no_pokerstars_text_and_bad_choices_are_refused(client, played):
    table, players, _ = played
    client.force_login(players[0])
    hand = Hand.objects.filter(table=table, ended_at__isnull=False).first()
    pokerstars = client.get(
        reverse("poker:hand_download", args=[table.pk, hand.number]) + "?format=pokerstars"
    )
    assert pokerstars.status_code == (404 if table.variant == Table.Variant.RAZZ else 200)
    url = reverse("poker:hands_download", args=[table.pk])
    assert client.get(url + "?format=phh&scope=everybody").status_code == 404
    assert client.get(url + "?format=doc").status_code == 404
    one = reverse("poker:hand_download", args=[table.pk, hand.number]) + "?format=phh-zip"
    assert client.get(one).status_code == 404
    page = client.get(reverse("poker:hand_list", args=[table.pk])).content.decode()
    assert reverse("poker:hands_download", args=[table.pk]) in page and "PokerKit" in page


@HOLDEM_ONLY
def test_my_hands_of_the_session_take_every_table_of_the_session(client, played):
    table, players, watcher = played
    other = services.table_open(name="Autre", variant=table.variant, kind=Table.Kind.TOURNAMENT)
    Table.objects.filter(pk__in=[table.pk, other.pk]).update(blind_provider="championship:999")
    Hand.objects.filter(table=table).update(table=other)  # the hands were played at the session's other table
    client.force_login(players[2])
    url = reverse("poker:hands_download", args=[table.pk]) + "?format=phh&scope=mine"
    text = b"".join(client.get(url).streaming_content).decode()
    mine = [
        h
        for h in Hand.objects.filter(table=other, ended_at__isnull=False)
        if h.player_of(players[2].pk) is not None
    ]
    assert len(tomllib.loads(text)) == len(mine) > 0
    client.force_login(watcher)
    assert b"".join(client.get(url).streaming_content) == b""


@HOLDEM_ONLY  # the championship plays Hold'em
def test_all_my_hands_of_a_season_on_my_own_page(client, played):
    table, players, _ = played
    season, session = season_with_session()
    Table.objects.filter(pk=table.pk).update(blind_provider=provider_key(session))
    member = MemberFactory(user=players[0])
    Session.objects.filter(pk=session.pk).update(status=Session.Status.CLOSED)
    Result.objects.create(session=session, member=member, round_reached=2, place=1, points=10)
    url = reverse("player_hands", args=[member.pk, season.pk])
    client.force_login(players[0])
    page = client.get(reverse("player_detail", args=[member.pk])).content.decode()
    assert url in page
    text = b"".join(client.get(url + "?format=phh").streaming_content).decode()
    mine = [
        h
        for h in Hand.objects.filter(table=table, ended_at__isnull=False)
        if h.player_of(players[0].pk) is not None
    ]
    assert len(tomllib.loads(text)) == len(mine) > 0
    client.force_login(players[1])  # somebody else's page: no download
    assert url not in client.get(reverse("player_detail", args=[member.pk])).content.decode()
    assert client.get(url + "?format=phh").status_code == 404


def test_under_asgi_the_file_streams_an_asynchronous_iterator_batch_by_batch(played, monkeypatch):
    # Django reads a synchronous iterator whole before it sends a byte under ASGI (daphne).
    from asgiref.sync import async_to_sync
    from django.test import AsyncRequestFactory

    from poker.pages.views import hands_download

    table, players, _ = played
    monkeypatch.setattr(downloads, "BATCH", 4)
    request = AsyncRequestFactory().get(reverse("poker:hands_download", args=[table.pk]), {"format": "phh"})
    request.user = players[0]
    response = hands_download(request, table.pk)
    assert response.is_async

    async def chunks():
        return [chunk async for chunk in response]

    parts = async_to_sync(chunks)()
    count = Hand.objects.filter(table=table, ended_at__isnull=False).count()
    assert len(parts) == -(-count // 4)  # one chunk a batch
    assert len(tomllib.loads(b"".join(parts).decode())) == count
