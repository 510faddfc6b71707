"""Whether spectators may listen to a table's voice room: chosen when the organizer opens the table,
changed from his buttons on the table page, off by default (docs/voice.md)."""

from django.urls import reverse

from poker import services
from poker.models import Table
from tests.factories import OrganizerFactory, UserFactory

FORM = {
    "name": "Vendredi",
    "kind": "cash",
    "max_seats": 6,
    "small_blind": 25,
    "big_blind": 50,
    "ante": 0,
    "starting_stack": 3000,
    "action_seconds": 20,
}


def test_a_table_is_closed_to_listeners_unless_the_organizer_opens_it_to_them(client, db):
    client.force_login(OrganizerFactory())
    page = client.get(reverse("poker:table_create")).content.decode()
    assert "Les spectateurs peuvent écouter le salon vocal" in page
    client.post(reverse("poker:table_create"), FORM)
    client.post(reverse("poker:table_create"), {**FORM, "name": "Samedi", "voice_listeners": "on"})
    assert not Table.objects.get(name="Vendredi").voice_listeners
    assert Table.objects.get(name="Samedi").voice_listeners


def test_only_the_organizer_lets_spectators_listen_and_stops_them(client, db):
    table = services.table_open(name="Table", kind=Table.Kind.TOURNAMENT)
    client.force_login(UserFactory(username="hery"))
    assert client.post(reverse("poker:table_command", args=[table.pk, "listeners-on"])).status_code == 404
    client.force_login(OrganizerFactory())
    assert (
        "Laisser les spectateurs écouter le salon vocal"
        in client.get(table.get_absolute_url()).content.decode()
    )
    client.post(reverse("poker:table_command", args=[table.pk, "listeners-on"]))
    table.refresh_from_db()
    assert table.voice_listeners
    assert (
        "Les spectateurs n’entendent plus le salon vocal"
        in client.get(table.get_absolute_url()).content.decode()
    )
    client.post(reverse("poker:table_command", args=[table.pk, "listeners-off"]))
    table.refresh_from_db()
    assert not table.voice_listeners
