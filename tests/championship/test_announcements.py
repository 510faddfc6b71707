"""The organizer's announcement: a short text from the session's live view, kept in the audit log,
shown at once on every page of the session's players and on the TV clock, and still there after a
reload until the player closes it (its drawing and the close: tests/e2e/test_announcement.py)."""

import html
import json
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.html import escape

from championship.announcements.services import announcement_send
from championship.models import Announcement, AuditEntry, Session
from championship.services import sessions as run
from tests.championship.test_evening import Notices, page_of
from tests.factories import OrganizerFactory, UserFactory, season_with_session
from tests.kit.online import online_session, round_tables

SCRIPT = '<script>alert("x")</script> & « pause »'


def _shown(page: str, marker: str) -> dict | None:
    """The announcement a page carries in ``marker``'s data-announcement attribute."""
    match = re.search(marker + r'[^>]*data-announcement="([^"]*)"', page)
    assert match, marker
    return json.loads(html.unescape(match.group(1)))


# --- The service: its rules, its row, its audit entry ----------------------------------------------


@pytest.mark.django_db
def test_an_announcement_is_stored_on_one_line_and_written_in_the_audit_log():
    organizer = OrganizerFactory()
    _, session = season_with_session(players=2)
    sent = announcement_send(
        session=session, text="  Pause de 10 minutes :\n\n  le dessert\test servi.  ", by=organizer
    )
    assert sent.text == "Pause de 10 minutes : le dessert est servi."
    assert list(Announcement.objects.filter(session=session)) == [sent]
    entry = AuditEntry.objects.get(session=session, action=AuditEntry.Action.ANNOUNCEMENT)
    assert entry.by == organizer and entry.details == {"announcement": sent.pk, "text": sent.text}


@pytest.mark.django_db
@pytest.mark.parametrize("text", ["", "   ", "\n\t \r\n", "\x00\x07"])
def test_an_empty_announcement_is_refused_and_nothing_is_written(text):
    _, session = season_with_session(players=2)
    with pytest.raises(ValidationError) as refused:
        announcement_send(session=session, text=text, by=None)
    assert refused.value.messages == ["Écrivez d’abord l’annonce."]
    assert not Announcement.objects.exists() and not AuditEntry.objects.filter(action="announcement").exists()


@pytest.mark.django_db
def test_an_announcement_is_280_characters_at_most():
    _, session = season_with_session(players=2)
    assert len(announcement_send(session=session, text="é" * 280, by=None).text) == 280
    with pytest.raises(ValidationError) as refused:
        announcement_send(session=session, text="a" * 281, by=None)
    assert refused.value.messages == ["Une annonce fait 280 caractères au plus (celle-ci en a 281)."]
    assert Announcement.objects.count() == 1


@pytest.mark.django_db
def test_a_closed_session_takes_no_announcement():
    _, session = season_with_session(players=2)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.CLOSED)
    with pytest.raises(ValidationError, match="La séance est clôturée"):
        announcement_send(session=session, text="Merci à tous", by=None)
    assert not Announcement.objects.exists()


# --- The pushes, after the commit --------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_every_player_of_the_session_and_its_tv_get_it_at_once_and_nobody_else():
    from channels.db import database_sync_to_async as db
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator

    from arf.routing import websocket_urlpatterns

    _season, session, users = await db(online_session)(3)
    stranger = await db(UserFactory)(username="stranger")
    tv = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/sessions/{session.pk}/")
    assert (await tv.connect())[0]
    try:
        async with Notices(users[0]) as first, Notices(users[2]) as third, Notices(stranger) as other:
            sent = await db(announcement_send)(session=session, text=SCRIPT, by=None)
            for page in (first, third):
                message = await page.notice()
                assert message == {"type": "announcement", "announcement": {"id": sent.pk, "text": SCRIPT}}
            assert json.loads(await tv.receive_from(timeout=3)) == {"type": "changed"}
            assert await other.nothing()
    finally:
        await tv.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_refused_announcement_pushes_nothing():
    from channels.db import database_sync_to_async as db

    _season, session, users = await db(online_session)(2)
    async with Notices(users[0]) as page:
        with pytest.raises(ValidationError):
            await db(announcement_send)(session=session, text=" ", by=None)
        assert await page.nothing()


# --- What a page shows after a reload ----------------------------------------------------------------


@pytest.mark.django_db
def test_a_table_page_opened_after_it_was_sent_carries_the_latest_as_text_never_markup():
    _season, session, users = online_session(4)
    run.session_start(session=session, by=None)
    (table,) = round_tables(session, 1)
    announcement_send(session=session, text="Première annonce", by=None)
    latest = announcement_send(session=session, text=SCRIPT, by=None)
    page = page_of(users[0], f"/tables/{table.pk}/")
    assert _shown(page, 'id="evening"') == {"id": latest.pk, "text": SCRIPT}
    assert "<script>alert" not in page  # escaped in the attribute; the page draws it as text
    assert 'id="organizer-announcement"' in page and "js/announcement.js" in page
    # The same on his other pages, and on the TV.
    assert _shown(page_of(users[1], "/"), 'id="evening"')["id"] == latest.pk
    tv = page_of(UserFactory(username="tv"), reverse("session_tv", args=[session.pk]))
    assert _shown(tv, 'class="tv-head"') == {"id": latest.pk, "text": SCRIPT}
    assert re.search(r'id="organizer-announcement"[^>]* class="announcement tv-announcement" data-tv', tv)


@pytest.mark.django_db
def test_one_sent_before_the_end_is_not_shown_after_it_one_sent_after_is_until_the_close():
    _season, session, users = online_session(4)
    run.session_start(session=session, by=None)
    announcement_send(session=session, text="Pause de 10 minutes", by=None)
    from django.utils import timezone

    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED, finished_at=timezone.now())
    session.refresh_from_db()
    tv_path = reverse("session_tv", args=[session.pk])
    assert _shown(page_of(users[0], tv_path), 'class="tv-head"') is None
    thanks = announcement_send(session=session, text="Merci à tous, résultats demain", by=None)
    assert _shown(page_of(users[0], tv_path), 'class="tv-head"')["id"] == thanks.pk
    Session.objects.filter(pk=session.pk).update(status=Session.Status.CLOSED)
    assert _shown(page_of(users[0], tv_path), 'class="tv-head"') is None


# --- The organizer's form -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_organizer_sends_it_from_the_live_view_and_sees_what_was_sent(client):
    organizer = OrganizerFactory()
    client.force_login(organizer)
    _season, session, _users = online_session(2)
    page = client.get(reverse("session_detail", args=[session.pk])).content.decode()
    assert 'id="announcements"' in page and "Envoyer à toutes les tables" in page
    url = reverse("announcement_send", args=[session.pk])
    answer = client.post(url, {"text": SCRIPT}, HTTP_HX_REQUEST="true").content.decode()
    escaped = escape(SCRIPT)  # as the template writes it: a text, never markup
    assert "Annonce envoyée à toutes les tables et à l’horloge TV\u202f: «\u00a0" + escaped in answer
    assert re.search(
        r'<ul class="announcement-list">\s*<li><time[^>]*>\d\d:\d\d</time> ' + re.escape(escaped), answer
    )
    assert "<script>alert" not in answer
    assert Announcement.objects.get(session=session).by == organizer
    # The audit log of the live view says it too.
    page = client.get(reverse("session_detail", args=[session.pk])).content.decode()
    assert "Annonce à toutes les tables\u202f: «\u00a0" + escaped in page


@pytest.mark.django_db
def test_an_empty_text_is_answered_in_the_form_and_changes_nothing(client):
    client.force_login(OrganizerFactory())
    _season, session, _users = online_session(2)
    url = reverse("announcement_send", args=[session.pk])
    answer = client.post(url, {"text": "   "}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert '<p class="error" role="alert">Écrivez d’abord l’annonce.</p>' in answer.content.decode()
    assert not Announcement.objects.exists()
    # Without JavaScript: the session page again, with the reason.
    answer = client.post(url, {"text": ""}, follow=True)
    assert "Écrivez d’abord l’annonce." in answer.content.decode()
    assert not Announcement.objects.exists()


@pytest.mark.django_db
def test_a_player_or_a_visitor_cannot_send_one_nor_sees_the_form(client):
    _season, session, users = online_session(2)
    url = reverse("announcement_send", args=[session.pk])
    assert client.post(url, {"text": "Je suis l’organisateur"}).url.startswith(reverse("login"))
    client.force_login(users[0])
    assert client.post(url, {"text": "Je suis l’organisateur"}).status_code == 403
    assert client.get(url).status_code in (403, 405)
    assert (
        'id="announcements"' not in client.get(reverse("session_detail", args=[session.pk])).content.decode()
    )
    assert not Announcement.objects.exists()
