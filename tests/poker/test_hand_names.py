"""What the tables say of the winning hand: the kicker when it decided, a split pot with a plural
verb, and hand names in lower case in the middle of a sentence, in French and in English (the data
the page draws, its words, and the text export). The page's drawing: tests/e2e/test_hand_names.py.
"""

import pytest
from django.conf import settings
from django.urls import reverse

from poker import services
from poker.models import Table

from .helpers import act, actor, fire_until_next_hand, stack_decks
from .test_pages import config_of

pytestmark = pytest.mark.django_db

KICKER = {"hole_cards": ["Ts Kc", "Th Qd"], "board": "Td 8c 5h 3s 2d"}  # tens; king beats queen
SPLIT = {"hole_cards": ["As Kc", "Ad Kh"], "board": "Ts Td 8c 5h 2d"}  # tens, A-K-8 both


def played(monkeypatch, players, deck):
    """Hery (seat 1) and Voahangy (seat 2) call and check one hand down to the showdown (10/20)."""
    stack_decks(monkeypatch, deck, button=1)
    table = services.table_open(name="Vendredi", kind=Table.Kind.TOURNAMENT)
    for k, user in enumerate(players[:2]):
        services.table_seat_player(table=table, user=user, stack=1000, seat=k + 1)
    services.table_start(table=table)
    table.refresh_from_db()
    while actor(table) is not None:
        act(table, actor(table), "call" if table.legal["call"] else "check")
    fire_until_next_hand(table)
    return table


def export(client, table, lang):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    return client.get(reverse("poker:hand_text", args=[table.pk, 1])).content.decode().splitlines()


def last_step(client, table, lang):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    config = config_of(client.get(reverse("poker:hand_replay", args=[table.pk, 1])))
    return config, config["steps"][-1]


def test_the_winners_hand_names_the_kicker_that_decided(client, monkeypatch, players):
    table = played(monkeypatch, players, KICKER)
    client.force_login(players[0])
    _, step = last_step(client, table, "fr")
    (result,) = step["hand"]["results"]
    assert [w["name"] for w in result["winners"]] == ["Hery"]
    assert result["hand"]["fr"] == "Paire de dix, roi en kicker"
    assert result["hand"]["phrase"] == {
        "fr": "une paire de dix, roi en kicker",
        "en": "a pair of tens, king kicker",
    }
    pot_line = next(entry for entry in step["log"] if entry["type"] == "pot_awarded")
    assert pot_line["hand"] == result["hand"]  # the log says it too
    assert "Hery remporte 40 sur le pot principal avec une paire de dix, roi en kicker" in export(
        client, table, "fr"
    )
    assert "Hery collected 40 from the main pot with a pair of tens, king kicker" in export(
        client, table, "en"
    )


def test_a_split_pot_is_said_with_a_plural_verb(client, monkeypatch, players):
    table = played(monkeypatch, players, SPLIT)
    client.force_login(players[1])
    config, step = last_step(client, table, "fr")
    (result,) = step["hand"]["results"]
    assert sorted(w["share"] for w in result["winners"]) == [20, 20]
    assert result["hand"]["fr"] == "Paire de dix"  # equal hands: no kicker decided
    assert config["text"]["split_with"] == "%(names)s partagent %(amount)s avec %(hand)s"
    assert config["text"]["win_with"] == "%(name)s gagne %(amount)s avec %(hand)s"
    french = export(client, table, "fr")
    assert any(line.endswith("partagent le pot principal (40) avec une paire de dix") for line in french)
    english_config, _ = last_step(client, table, "en")
    assert english_config["text"]["split_with"] == "%(names)s split %(amount)s with %(hand)s"
    assert any(
        line.endswith("split the main pot (40) with a pair of tens") for line in export(client, table, "en")
    )
