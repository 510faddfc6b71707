"""The pages of draw against the dealer: opening a table (the form per game), the practice table,
the bankroll on the list, the live page, and the history: replay and text as each viewer saw it."""

import json
import re

import pytest
from django.urls import reverse

from poker import services
from poker.models import BANKROLL_START, Bankroll, Seat, Table
from tests.factories import OrganizerFactory

from .draw_helpers import bet, exchange, open_draw_table, stack_draw_decks
from .helpers import fire_deadline

pytestmark = pytest.mark.django_db

DECK = {
    "hands": ["2h 5h 8h 4h Ah", "9d Th Js Qc Kd"],
    "dealer": "9c Tc Jd Qs Kh",
    "draws": ["3s 4s"],
}


def config_of(response, script: str = "table-config") -> dict:
    match = re.search(
        rf'<script id="{script}" type="application/json">(.*?)</script>', response.content.decode(), re.S
    )
    return json.loads(match.group(1))


def view_of(response) -> dict:
    """The viewer's view in the snapshot the page carries (the socket's first message)."""
    return config_of(response, "table-snapshot")["view"]


def draw_form(**override):
    data = {
        "name": "Croupier du samedi",
        "variant": "dealer_draw",
        "kind": "cash",
        "max_seats": 6,
        "decks": 2,
        "min_bet": 10,
        "max_bet": 100,
        "starting_stack": 1000,
        "action_seconds": 20,
        "chat_enabled": "on",
    }
    data.update(override)
    return data


def test_an_organizer_opens_a_dealer_draw_table_with_its_own_settings(client):
    client.force_login(OrganizerFactory())
    response = client.post(reverse("poker:table_create"), draw_form())
    table = Table.objects.get(name="Croupier du samedi")
    assert response.status_code == 302 and response.url == table.get_absolute_url()
    assert (table.variant, table.decks, table.min_bet, table.max_bet, table.starting_stack) == (
        "dealer_draw",
        2,
        10,
        100,
        1000,
    )


@pytest.mark.parametrize(
    ("override", "field"),
    [
        ({"kind": "tournament"}, "kind"),
        ({"decks": 3}, "decks"),
        ({"min_bet": 200, "max_bet": 100}, "max_bet"),
        ({"max_bet": ""}, "max_bet"),
        ({"starting_stack": 5}, "starting_stack"),
    ],
)
def test_the_form_refuses_dealer_draw_settings_that_make_no_sense(client, override, field):
    client.force_login(OrganizerFactory())
    response = client.post(reverse("poker:table_create"), draw_form(**override))
    assert response.status_code == 200 and field in response.context["form"].errors
    assert not Table.objects.exists()


def test_the_form_shows_each_setting_for_its_game(client):
    client.force_login(OrganizerFactory())
    html = client.get(reverse("poker:table_create")).content.decode()
    assert 'name="decks"' in html and 'data-variants="dealer_draw"' in html
    assert re.search(
        r'name="big_blind"[^>]*data-variants="holdem"|data-variants="holdem"[^>]*name="big_blind"', html
    )
    assert "Mise minimum" in html and "js/table_form.js" in html


def test_the_table_list_shows_the_bankroll_and_the_dealer_draw_practice_button(client, players):
    client.force_login(players[0])
    html = client.get(reverse("poker:table_list")).content.decode()
    assert "10\xa0000 jetons" in html  # French grouping: a no-break space
    assert reverse("poker:draw_practice_open") in html
    assert reverse("poker:bankroll_refill") not in html  # plenty of chips: no refill


def test_any_player_opens_a_dealer_draw_practice_table_for_himself(client, players):
    hery = players[0]
    client.force_login(hery)
    response = client.post(reverse("poker:draw_practice_open"))
    table = Table.objects.get(variant=Table.Variant.DEALER_DRAW)
    assert response.url == table.get_absolute_url()
    assert table.kind == Table.Kind.PRACTICE and table.created_by == hery
    seat = Seat.objects.get(table=table, user=hery)
    assert Bankroll.objects.get(user=hery).chips + seat.stack == BANKROLL_START


def test_the_dealer_draw_page_shows_the_players_own_cards_only(client, players, monkeypatch):
    stack_draw_decks(monkeypatch, DECK)
    hery, voahangy = players[:2]
    table = open_draw_table(hery, voahangy)
    bet(table, hery, 20)
    bet(table, voahangy, 20)
    client.force_login(hery)
    response = client.get(table.get_absolute_url())
    assert "js/draw.js" in response.content.decode()
    view = view_of(response)
    assert view["game"] == "dealer_draw" and view["phase"] == "draw" and view["me"]["to_draw"]
    assert view["seats"][0]["cards"] == ["2h", "5h", "8h", "4h", "Ah"] and view["seats"][1]["cards"] is None
    assert "9d" not in json.dumps(view) and view["round"]["dealer"]["cards"] is None
    assert config_of(response)["text"]["stand_pat"] == "Servi"


def test_a_refill_is_refused_with_chips_left_and_given_without(client, players):
    hery = players[0]
    table = open_draw_table(hery)
    client.force_login(hery)
    client.post(reverse("poker:bankroll_refill"), {"table": table.pk})
    assert Bankroll.objects.get(user=hery).chips == BANKROLL_START - 2000
    services.table_leave(table_id=table.pk, user=hery)
    Bankroll.objects.filter(user=hery).update(chips=3)
    response = client.post(reverse("poker:bankroll_refill"))
    assert response.url == reverse("poker:table_list")
    assert Bankroll.objects.get(user=hery).chips == BANKROLL_START


@pytest.fixture
def played_round(players, monkeypatch):
    """Hery throws two hearts and loses; Voahangy stands pat and pushes."""
    stack_draw_decks(monkeypatch, DECK)
    hery, voahangy = players[:2]
    table = open_draw_table(hery, voahangy)
    bet(table, hery, 20)
    bet(table, voahangy, 30)
    exchange(table, hery, "2h 5h")
    exchange(table, voahangy, "")
    return table, hery, voahangy, players[2]


def test_the_history_lists_the_round_with_its_bets(client, played_round):
    table, hery, *_ = played_round
    client.force_login(hery)
    html = client.get(reverse("poker:hand_list", args=[table.pk])).content.decode()
    assert "Mises" in html and "20, 30" in html


def test_the_replay_shows_each_viewer_only_what_was_shown_to_him(client, played_round):
    table, hery, _, tiana = played_round
    url = reverse("poker:hand_replay", args=[table.pk, 1])
    client.force_login(hery)
    steps = config_of(client.get(url))["steps"]
    before_show = [s for s in steps if s["round"]["dealer"]["cards"] is None]
    assert before_show and all(s["seats"][1]["cards"] is None for s in before_show)
    # The deal, then his own five cards.
    assert [s["seats"][0]["cards"] for s in before_show[:2]] == [None, ["2h", "5h", "8h", "4h", "Ah"]]
    last = steps[-1]
    assert last["round"]["dealer"]["cards"] == ["9c", "Tc", "Jd", "Qs", "Kh"]
    assert last["seats"][0]["result"]["outcome"] == "lose" and last["seats"][1]["result"]["outcome"] == "push"
    client.force_login(tiana)
    steps = config_of(client.get(url))["steps"]
    assert all(s["seats"][0]["cards"] is None for s in steps if s["round"]["dealer"]["cards"] is None)


def test_the_text_history_has_the_dealer_and_only_the_viewers_own_cards(client, played_round):
    table, hery, *_ = played_round
    client.force_login(hery)
    text = client.get(reverse("poker:hand_text", args=[table.pk, 1])).content.decode()
    assert "Croupier : montre [9c Tc Jd Qs Kh]" in text
    assert "Cartes de Hery [2h 5h 8h 4h Ah]" in text
    assert "Cartes de Voahangy" not in text
    assert "Voahangy : égalité" in text


def test_the_last_round_stays_on_show_while_the_next_bets_are_placed(client, played_round):
    table, hery, voahangy, _ = played_round
    fire_deadline(table)  # the pause after the results: the bets are open
    bet(table, voahangy, 40)
    client.force_login(hery)
    view = view_of(client.get(table.get_absolute_url()))
    assert view["phase"] == "betting" and view["me"]["can_bet"]
    assert view["round"]["last"] and view["round"]["dealer"]["cards"] == ["9c", "Tc", "Jd", "Qs", "Kh"]
    assert view["seats"][0]["result"]["net"] == -20 and view["seats"][0]["stack"] == 1980
    assert view["seats"][1]["result"]["outcome"] == "push" and view["seats"][1]["bet"] == 40  # the new bet


def test_the_table_page_shows_the_paytable_and_the_dealers_rule(client, players):
    table = services.draw_practice_open(user=players[0])
    client.force_login(players[0])
    html = client.get(table.get_absolute_url()).content.decode()
    rules = re.search(r'<details class="card draw-rules".*?</details>', html, re.S).group(0)
    rows = re.findall(r"<tr><td>(.*?)</td><td class=\"num\">(\d+) × la mise</td></tr>", rules)
    assert rows[0] == ("Quinte flush royale", "9") and rows[-1] == ("Hauteur", "1")
    assert ("Double paire", "2") in rows
    assert "Cinq cartes de même rang" not in rules  # one deck
    assert "Égalité\u202f: votre mise vous est rendue" in rules and "il est servi" in rules
    Table.objects.filter(pk=table.pk).update(decks=2)
    html = client.get(table.get_absolute_url()).content.decode()
    assert '<tr><td>Cinq cartes de même rang</td><td class="num">10 × la mise</td></tr>' in html


def test_a_round_is_called_a_hand_on_the_page_as_in_the_history(client, players):
    client.force_login(players[0])
    table = services.draw_practice_open(user=players[0])
    config = config_of(client.get(table.get_absolute_url()))
    assert config["text"]["round_number"] % {"n": 3} == "Main n° 3"
    assert "Main" in client.get(reverse("poker:hand_list", args=[table.pk])).content.decode()


def test_the_player_to_draw_is_shown_the_best_draw_and_nobody_else_is(client, players, monkeypatch):
    stack_draw_decks(monkeypatch, DECK)
    hery, voahangy = players[:2]
    table = open_draw_table(hery, voahangy)
    bet(table, hery, 20)
    bet(table, voahangy, 20)
    client.force_login(hery)
    mine = view_of(client.get(table.get_absolute_url()))["me"]
    assert mine["to_draw"] and mine["hint"]["throw"] == []  # five hearts: a flush stands pat
    assert mine["hint"]["expected"] > 1  # a flush wins more than its bet on average
    assert "Meilleur tirage" in config_of(client.get(table.get_absolute_url()))["text"]["hint_stand"]
    client.force_login(voahangy)
    theirs = view_of(client.get(table.get_absolute_url()))
    assert theirs["me"]["hint"] is None and "2h" not in json.dumps(theirs)


def test_a_two_deck_table_shows_the_best_draw_as_two_decks_value_hands(client, players, monkeypatch):
    # Two aces of hearts in a flush: a hand only two decks deal; it stands pat (a flush holding a pair).
    stack_draw_decks(monkeypatch, {**DECK, "hands": ["Ah Ah Kh 9h 2h", "9d Th Js Qc Kd"]})
    hery, voahangy = players[:2]
    table = open_draw_table(hery, voahangy, decks=2)
    bet(table, hery, 20)
    bet(table, voahangy, 20)
    client.force_login(hery)
    mine = view_of(client.get(table.get_absolute_url()))["me"]
    assert mine["to_draw"] and mine["hint"]["throw"] == [] and mine["hint"]["expected"] > 1
