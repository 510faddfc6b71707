"""What the table pages show around the game: the last actions numbered in their order, the table's
owner's panel, the table list, the forms' help."""

import re

import pytest
from django.urls import reverse

from poker import services
from poker.models import Table

from .helpers import act, actor

pytestmark = pytest.mark.django_db


@pytest.fixture
def played_hand(players):
    table = services.table_open(name="Vendredi", kind=Table.Kind.TOURNAMENT)
    services.table_seat_player(table=table, user=players[0], stack=1000, seat=1)
    services.table_seat_player(table=table, user=players[1], stack=1000, seat=2)
    services.table_start(table=table)
    act(table, actor(table), "fold")
    return table


def log_list(html: str) -> str:
    return re.search(r'<ol id="log"[^>]*>', html).group(0)


def test_the_last_actions_newest_first_are_numbered_down_to_the_first(client, players, played_hand):
    """The page draws the newest action first: the list counts down (``reversed``), so action 1 is
    the first of the hand, at the bottom."""
    client.force_login(players[0])
    for url in (
        played_hand.get_absolute_url(),
        reverse("poker:hand_replay", args=[played_hand.pk, 1]),
    ):
        assert " reversed" in log_list(client.get(url).content.decode()), url


def organize_panel(html: str) -> str:
    match = re.search(r'<section class="card organize" id="organize">.*?</section>', html, re.S)
    return match.group(0) if match else ""


def test_a_players_own_practice_table_shows_him_only_pause_and_resume_in_his_words(client, players):
    hery = players[0]
    table = services.practice_table_open(user=hery, bots=2)
    client.force_login(hery)
    panel = organize_panel(client.get(table.get_absolute_url()).content.decode())
    assert "Votre table d’entraînement" in panel and "Mettre en pause" in panel
    for word in ("Organisateur", "Lancer", "Fermer la discussion", "Ouvrir la discussion"):
        assert word not in panel
    for command in ("start", "chat-off", "chat-on"):
        response = client.post(reverse("poker:table_command", args=[table.pk, command]))
        assert response.status_code == 404
    table.refresh_from_db()
    assert table.chat_enabled
    client.post(reverse("poker:table_command", args=[table.pk, "pause"]))
    table.refresh_from_db()
    assert table.pause_requested or table.status == Table.Status.PAUSED
    panel = organize_panel(client.get(table.get_absolute_url()).content.decode())
    if table.status == Table.Status.PAUSED:
        assert re.search(r'data-when="paused">', panel) and re.search(r'data-when="running" hidden', panel)


def start_form(panel: str) -> str:
    return re.search(r'<form[^>]*data-when="new"[^>]*>', panel).group(0)


def test_the_organizers_start_button_goes_once_the_first_hand_is_dealt(client, players):
    from tests.factories import OrganizerFactory

    table = services.table_open(name="Vendredi", kind=Table.Kind.TOURNAMENT)
    services.table_seat_player(table=table, user=players[0], stack=1000, seat=1)
    services.table_seat_player(table=table, user=players[1], stack=1000, seat=2)
    client.force_login(OrganizerFactory())
    panel = organize_panel(client.get(table.get_absolute_url()).content.decode())
    assert "Organisateur" in panel and "hidden" not in start_form(panel)
    client.post(reverse("poker:table_command", args=[table.pk, "start"]))
    panel = organize_panel(client.get(table.get_absolute_url()).content.decode())
    assert "hidden" in start_form(panel)


def test_a_finished_table_offers_no_organizers_buttons(client, players, played_hand):
    from tests.factories import OrganizerFactory

    Table.objects.filter(pk=played_hand.pk).update(status=Table.Status.FINISHED)  # as at its end
    client.force_login(OrganizerFactory())
    assert organize_panel(client.get(played_hand.get_absolute_url()).content.decode()) == ""


def list_rows(html: str) -> list[str]:
    body = re.search(r"<tbody>(.*?)</tbody>", html, re.S).group(1)
    return re.findall(r"<tr>(.*?)</tr>", body, re.S)


def test_the_table_list_shows_a_player_his_own_practice_tables_and_the_demo_not_the_others(client, players):
    from django.core.management import call_command

    hery, voahangy = players[:2]
    call_command("load_demo_tables", stdout=open("/dev/null", "w"))  # noqa: SIM115
    services.practice_table_open(user=hery, bots=2)
    services.draw_practice_open(user=hery)
    services.practice_table_open(user=voahangy, bots=2)
    services.table_open(name="Table du vendredi", kind=Table.Kind.CASH)
    client.force_login(hery)
    rows = list_rows(client.get(reverse("poker:table_list")).content.decode())
    names = [re.search(r">([^<]+)</a>", row).group(1) for row in rows]
    assert "Table du vendredi" in names and "Table de démonstration" in names
    assert "Entraînement de Hery" in names and "Contre le croupier\u202f: Hery" in names
    assert not [n for n in names if "Voahangy" in n]
    dealer_row = next(row for row in rows if "Contre le croupier\u202f: Hery" in row)
    assert "robots" not in dealer_row and "Entraînement" in dealer_row


def visible_helps(html: str) -> list[str]:
    return re.findall(r'<small class="help">(.*?)</small>', html, re.S)


def test_opening_a_holdem_table_shows_no_help_of_the_dealer_game(client):
    from tests.factories import OrganizerFactory

    client.force_login(OrganizerFactory())
    html = client.get(reverse("poker:table_create")).content.decode()
    helps = visible_helps(html)
    assert helps and not [h for h in helps if "croupier" in h or "entraînement" in h]
    # The dealer game's helps ride along for the page's script, shown when that game is chosen.
    dealer_help = "Contre le croupier\u202f: le temps pour miser, puis pour échanger."
    assert f'data-help-dealer_draw="{dealer_help}"' in html
    # A dealer-draw form sent back with an error shows that game's helps.
    html = client.post(reverse("poker:table_create"), {"variant": "dealer_draw", "name": ""}).content.decode()
    assert any("croupier" in h for h in visible_helps(html))


def test_the_history_gives_each_hands_winner_pot_and_the_viewers_own_result(client, players, monkeypatch):
    from .helpers import stack_decks

    hery, voahangy, tiana = players[:3]
    stack_decks(monkeypatch, {"hole_cards": ["As Ah", "7c 2d"], "board": "Kh Qd 8h 9s 3c"}, button=1)
    table = services.table_open(name="Vendredi", kind=Table.Kind.TOURNAMENT, small_blind=10, big_blind=20)
    services.table_seat_player(table=table, user=hery, stack=1000, seat=1)
    services.table_seat_player(table=table, user=voahangy, stack=1000, seat=2)
    services.table_start(table=table)
    while table.hands_dealt == 1 and table.actor_seat:  # call and check it down: aces win 40
        act(table, actor(table), "check" if table.legal["check"] else "call")
    rows = {}
    for user in (hery, voahangy, tiana):
        client.force_login(user)
        html = client.get(reverse("poker:hand_list", args=[table.pk])).content.decode()
        row = re.search(r"<tbody>\s*<tr>(.*?)</tr>", html, re.S).group(1)
        rows[user.username] = [
            re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
    assert rows["hery"][2:5] == ["Hery", "40", "+20"]  # winner, pot, his own result
    assert rows["voahangy"][2:5] == ["Hery", "40", "−20"]
    assert rows["tiana"][2:5] == ["Hery", "40", "—"]  # not dealt in
