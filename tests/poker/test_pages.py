"""The table pages: list, opening tables, the live page, the hand history and its text export."""

import json
import re

import pytest
from django.urls import reverse

from poker import services
from poker.models import Hand, Seat, Table
from poker.tables import delta, rows
from tests.factories import OrganizerFactory, UserFactory

from .helpers import act, actor, fire_deadline, fire_until_next_hand, stack_decks

pytestmark = pytest.mark.django_db


def config_of(response, script: str = "table-config") -> dict:
    match = re.search(
        rf'<script id="{script}" type="application/json">(.*?)</script>', response.content.decode(), re.S
    )
    return json.loads(match.group(1))


def view_of(response) -> dict:
    """The viewer's view in the snapshot the page carries (the socket's first message)."""
    return config_of(response, "table-snapshot")["view"]


@pytest.fixture
def heads_up(players, monkeypatch):
    stack_decks(monkeypatch, {"hole_cards": ["As Kd", "7c 2h"], "board": "Qs Jh 4d 9c 3s"}, button=1)
    table = services.table_open(name="Table <b>1</b>", kind=Table.Kind.TOURNAMENT)
    services.table_seat_player(table=table, user=players[0], stack=1000, seat=1)
    services.table_seat_player(table=table, user=players[1], stack=1000, seat=2)
    services.table_start(table=table)
    table.refresh_from_db()
    return table, players[0], players[1]


def test_the_table_list_shows_the_open_tables_and_the_practice_button(client, heads_up):
    _, hery, _ = heads_up
    client.force_login(hery)
    html = client.get(reverse("poker:table_list")).content.decode()
    assert "Table &lt;b&gt;1&lt;/b&gt;" in html and "<b>1</b>" not in html
    assert "S’entraîner contre des robots" in html


def test_the_nav_has_a_tables_link(client, players):
    client.force_login(players[0])
    assert 'href="/tables/"' in client.get("/").content.decode()


def test_an_organizer_opens_a_table(client):
    client.force_login(OrganizerFactory())
    response = client.post(
        reverse("poker:table_create"),
        {
            "name": "Vendredi",
            "kind": "cash",
            "max_seats": 6,
            "small_blind": 25,
            "big_blind": 50,
            "ante": 0,
            "starting_stack": 3000,
            "action_seconds": 20,
            "time_bank_seconds": 30,
            "chat_enabled": "on",
        },
    )
    table = Table.objects.get(name="Vendredi")
    assert response.status_code == 302 and response.url == table.get_absolute_url()
    assert (table.max_seats, table.big_blind, table.action_seconds, table.time_bank_seconds) == (
        6,
        50,
        20,
        30,
    )


def test_a_player_cannot_open_a_table(client, players):
    client.force_login(players[0])
    assert client.get(reverse("poker:table_create")).status_code == 403


def test_a_player_opens_a_practice_table_and_the_first_hand_is_dealt(client, players):
    client.force_login(players[0])
    response = client.post(reverse("poker:practice_open"))
    table = Table.objects.get(kind=Table.Kind.PRACTICE)
    assert response.url == table.get_absolute_url()
    assert Seat.objects.filter(table=table, is_bot=True).count() == 4
    assert table.status == Table.Status.PLAYING and table.hand_id


def test_bots_play_their_turns_when_their_time_comes(players):
    table = services.practice_table_open(user=players[0])
    for _ in range(40):
        if actor(table) == players[0]:
            break
        fire_deadline(table)  # a bot's turn, the pause after a hand, or a run-out's next street
    assert actor(table) == players[0]


def test_the_table_page_embeds_the_viewers_own_cards_only(client, heads_up):
    table, hery, _ = heads_up
    client.force_login(hery)
    response = client.get(table.get_absolute_url())
    config = config_of(response)
    seats = {s["number"]: s for s in view_of(response)["seats"]}
    assert seats[1]["cards"] == ["As", "Kd"] and not seats[2].get("cards")
    # Another player's card as the page would write it ("7c", quoted in the embedded JSON); not
    # the bare letters, which a random CSRF token may contain.
    assert '"7c"' not in response.content.decode() and '"deck"' not in response.content.decode()
    assert config["text"]["fold"] == "Se coucher"  # the button says what to do
    assert config["text"]["act_fold"] == "Couché"  # a seat's badge, what was done
    client.force_login(UserFactory(username="spectator"))
    spectator = client.get(table.get_absolute_url())
    assert not any(s.get("cards") for s in view_of(spectator)["seats"])
    assert '"As"' not in spectator.content.decode() and '"7c"' not in spectator.content.decode()


def test_the_table_page_carries_the_snapshot_the_socket_sends_first(client, heads_up):
    table, _, voahangy = heads_up
    client.force_login(voahangy)
    snapshot = config_of(client.get(table.get_absolute_url()), "table-snapshot")
    expected = json.loads(json.dumps(rows.snapshot_message(table.pk, voahangy.pk)))
    for message in (snapshot, expected):  # when it was read, and the time left then
        message["presence"].pop("at")
        message["view"].pop("deadline_ms")
        message["public"]["set"].pop("deadline_ms")
    assert snapshot == expected and snapshot["type"] == "snapshot" and snapshot["seq"] == table.seq
    seats = {s["number"]: s for s in snapshot["view"]["seats"]}
    assert seats[2]["cards"] == ["7c", "2h"] and not seats[1].get("cards")
    # The patch to the public view that the next updates patch takes his cards off, adds none.
    public = delta.apply(snapshot["view"], snapshot["public"])
    assert not any(s.get("cards") for s in public["seats"])
    assert '"As"' not in json.dumps(snapshot) and '"Kd"' not in json.dumps(snapshot)


def test_the_table_page_loads_no_htmx(client, heads_up):
    table, hery, _ = heads_up
    client.force_login(hery)
    html = client.get(table.get_absolute_url()).content.decode()
    assert "htmx" not in html and "js/table.js" in html


def _play_to_the_end(table, hery, voahangy):
    # Both call and check down to the showdown.
    while actor(table) is not None:
        act(table, actor(table), "call" if table.legal["call"] else "check")


def test_the_hand_history_replays_a_hand_as_each_viewer_saw_it(client, heads_up):
    table, hery, voahangy = heads_up
    _play_to_the_end(table, hery, voahangy)
    fire_until_next_hand(table)
    client.force_login(voahangy)
    listing = client.get(reverse("poker:hand_list", args=[table.pk])).content.decode()
    assert reverse("poker:hand_replay", args=[table.pk, 1]) in listing
    steps = config_of(client.get(reverse("poker:hand_replay", args=[table.pk, 1])))["steps"]
    first_decision = next(s for s in steps if s["log"] and s["log"][-1]["type"] in ("call", "check"))
    first = {s["number"]: s for s in first_decision["seats"]}
    assert first[2]["cards"] == ["7c", "2h"] and not first[1].get("cards")  # before the showdown
    assert not first_decision["hand"]["results"] and not first_decision["hand"]["board"]
    last = {s["number"]: s for s in steps[-1]["seats"]}
    assert last[1]["cards"] == ["As", "Kd"]  # shown at the showdown
    assert steps[-1]["hand"]["results"][0]["winners"][0]["name"] == "Hery"


def test_a_hand_being_played_is_not_in_the_history(client, heads_up):
    table, hery, _ = heads_up
    client.force_login(hery)
    assert client.get(reverse("poker:hand_replay", args=[table.pk, 1])).status_code == 404


def test_the_text_export_shows_only_the_viewers_own_folded_cards(client, heads_up):
    table, hery, voahangy = heads_up
    act(table, actor(table), "raise", 100)
    act(table, actor(table), "fold")
    fire_until_next_hand(table)
    hand = Hand.objects.get(table=table, number=1)
    folder = voahangy if hand.state["folded"][1] else hery
    client.force_login(folder)
    text = client.get(reverse("poker:hand_text", args=[table.pk, 1])).content.decode()
    own, other = ("7c 2h", "As Kd") if folder == voahangy else ("As Kd", "7c 2h")
    assert own in text and other not in text
    client.force_login(UserFactory(username="watcher"))
    text = client.get(reverse("poker:hand_text", args=[table.pk, 1])).content.decode()
    assert "7c" not in text and "Kd" not in text


def test_only_the_organizer_turns_the_chat_off(client, heads_up):
    table, hery, _ = heads_up
    client.force_login(hery)
    assert client.post(reverse("poker:table_command", args=[table.pk, "chat-off"])).status_code == 404
    client.force_login(OrganizerFactory())
    client.post(reverse("poker:table_command", args=[table.pk, "chat-off"]))
    table.refresh_from_db()
    assert not table.chat_enabled


def test_names_are_escaped_everywhere(client, players):
    villain = UserFactory(username="villain", first_name='<img src=x onerror="alert(1)">')
    table = services.table_open(name="<script>alert(2)</script>", kind=Table.Kind.TOURNAMENT)
    services.table_seat_player(table=table, user=villain, stack=1000)
    services.table_seat_player(table=table, user=players[0], stack=1000)
    services.table_start(table=table)
    client.force_login(players[0])
    for url in (reverse("poker:table_list"), table.get_absolute_url()):
        html = client.get(url).content.decode()
        assert "<script>alert(2)" not in html and "<img src=x" not in html
    # In the embedded JSON too (the page's script then sets it as text, never as HTML).
    view = view_of(client.get(table.get_absolute_url()))
    assert any(s.get("name") == '<img src=x onerror="alert(1)">' for s in view["seats"])


def test_the_demo_tables_of_bots_play_by_themselves(db, settings):
    from django.core.management import call_command

    call_command("load_demo_tables", stdout=open("/dev/null", "w"))  # noqa: SIM115
    call_command("load_demo_tables", stdout=open("/dev/null", "w"))  # noqa: SIM115
    tables = Table.objects.filter(kind=Table.Kind.PRACTICE).order_by("variant")
    assert [t.variant for t in tables] == ["holdem", "razz"]  # once each, however often it runs
    for table in tables:
        assert table.status == Table.Status.PLAYING and table.created_by is None
        for _ in range(30):
            fire_deadline(table)
        assert Hand.objects.filter(table=table).count() >= 2


def test_the_deadline_worker_fires_what_is_due(heads_up, settings):
    from django.utils import timezone

    from poker.tables.clock import fire_due_deadlines

    settings.POKER_PAUSE_MS = 60_000
    table, *_ = heads_up
    assert fire_due_deadlines() == 0  # the small blind still has his 30 seconds
    Table.objects.filter(pk=table.pk).update(deadline_at=timezone.now())
    assert fire_due_deadlines() == 1  # out of time: he folds, the next hand waits its pause
    assert fire_due_deadlines() == 0
    table.refresh_from_db()
    assert table.deadline_kind == Table.DeadlineKind.NEXT_HAND
