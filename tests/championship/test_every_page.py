"""Every page of the app, opened once as a visitor, a player and an organizer on the demo data
(load_demo, load_demo_tables): none answers 500, and none shows English in French mode.

The pages are found as a user finds them: from the home page, by following every link of every
page (GET only; each URL pattern a few times at most). Then every GET pattern of the app must have
been opened by at least one role, so a page no link leads to is noticed too.
"""

from __future__ import annotations

import gettext
import html as html_lib
import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.exceptions import Resolver404

from championship.models import Session
from championship.services import sessions as run

pytestmark = pytest.mark.django_db

PER_PATTERN = 3
# Patterns that are not pages (POST-only actions, downloads, the admin, machinery).
NOT_PAGES = {
    "logout",
    "set_language",
    "healthz",
    "poker:table_command",
    "chip_delete",
    "member_invite",
    "registration_fee",
    "registration_delete",
    "registration_override",
    "session_start",
    "round2_draw",
    "knockout_record",
    "knockout_undo",
    "session_close",
    "moves_apply",
    "clock_action",
    "announcement_send",  # the POST of the session page's announcement form
    "poker:practice_open",
    "poker:draw_practice_open",
    "poker:bankroll_refill",
    "session_register_me",
    "session_withdraw_me",
    "invitation_accept",  # needs a fresh token: tests/championship/test_members.py opens it
    "lockout_clear",  # a POST button of the accounts page
    "password_reset_create",  # a POST button of the accounts page
    "password_reset_use",  # needs a fresh token: tests/foundation opens it
    "evening_notice",  # the notice alone, fetched by static/js/evening.js: test_evening.py opens it
    "poker:hand_download",  # hand history files (a form's GET): tests/poker/test_downloads.py
    "poker:hands_download",
    "poker:hand_review",  # a player's own hand only: tests/poker/test_coach.py opens it
    "player_hands",
    "profile_deck",  # a POST form of the profile page
    "service_worker",  # registered by static/js/pwa.js: tests/foundation/test_pwa.py opens it
    "offline",  # kept by the service worker: tests/foundation/test_pwa.py opens it
    "season_ics",  # a webcal:// link: tests/championship/test_calendar.py opens it
    "push:subscribe",  # POSTs of static/js/push.js: tests/poker/push/test_consent.py
    "push:unsubscribe",
    "poker:hand_replay_all",  # a finished table's hands with a flag: tests/poker/test_replay_all_cards.py
}
# English words that French text never uses: a page in French showing one of them shows English.
ENGLISH = re.compile(
    r"\b(the|and|with|your|you|is|are|of|for|this|from|has|have|will|not|by|at|yes|"
    r"session|sessions|player|players|round|level|seat|hand|hands|fee|paid|unpaid|start|close)\b"
)


def _patterns(resolver: URLResolver | None = None, prefix: str = "") -> list[str]:
    names = []
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if entry.app_name == "admin":
                continue
            names += _patterns(entry, prefix + (f"{entry.namespace}:" if entry.namespace else ""))
        elif isinstance(entry, URLPattern) and entry.name:
            names.append(prefix + entry.name)
    return names


def _english_phrases() -> list[str]:
    """Multi-word English texts of the catalogue that French translates differently."""
    mo = Path(settings.BASE_DIR) / "locale/fr/LC_MESSAGES/django.mo"
    with mo.open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)._catalog  # msgid (or (msgid, n)) -> French
    phrases = set()
    for key, msgstr in catalogue.items():
        msgid = key[0] if isinstance(key, tuple) else key
        if not msgid or msgid == msgstr or ("\x04" in msgid and msgid.split("\x04")[1] == msgstr):
            continue
        msgid = msgid.split("\x04")[-1]
        for piece in re.split(r"%\(\w+\)[sd]|%[sd]|\{\{.*?\}\}", msgid):
            piece = piece.strip(" .,:;()«»“”-–·")
            if len(piece.split()) >= 2 and len(piece) >= 8:
                phrases.add(piece)
    return sorted(phrases)


def _visible_text(page: str) -> str:
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    attrs = " ".join(re.findall(r'(?:aria-label|placeholder|title|alt)="([^"]*)"', page))
    page = re.sub(r"<[^>]+>", " ", page)
    return " ".join(html_lib.unescape(page + " " + attrs).split())


def _links(page: str) -> list[str]:
    return re.findall(r'href="(/[^"#]*)"', page)


class Crawl:
    def __init__(self, client, english: list[str], names: set[str]):
        self.client, self.english, self.names = client, english, names
        self.seen: set[str] = set()
        self.per_pattern: Counter = Counter()
        self.opened: set[str] = set()
        self.problems: list[str] = []

    def run(self, start: str = "/") -> None:
        queue = [start]
        while queue:
            url = queue.pop(0)
            path = urlsplit(html_lib.unescape(url)).path
            if path in self.seen or path.startswith((settings.STATIC_URL, "/admin/")):
                continue
            self.seen.add(path)
            try:
                match = resolve(path)
            except Resolver404:
                self.problems.append(f"{path}: a link to no page")
                continue
            name = match.view_name
            if name in NOT_PAGES or self.per_pattern[name] >= PER_PATTERN:
                continue
            self.per_pattern[name] += 1
            response = self.client.get(path)
            if response.status_code >= 500:
                self.problems.append(f"{path}: {response.status_code}")
                continue
            if response.status_code in (301, 302):
                queue.append(response["Location"])
                continue
            self.opened.add(name)
            if "text/html" not in response.get("Content-Type", ""):
                continue
            page = response.content.decode()
            text = _visible_text(page)
            found = [p for p in self.english if p in text] + ENGLISH.findall(text)
            if found:
                self.problems.append(f"{path}: English in French mode: {sorted(set(found))[:8]}")
            queue += _links(page)


@pytest.fixture
def demo(settings):
    settings.LANGUAGE_CODE = "fr"
    devnull = open("/dev/null", "w")  # noqa: SIM115
    call_command("load_demo", stdout=devnull)
    call_command("load_demo_tables", stdout=devnull)
    from django.contrib.auth import get_user_model

    from poker.models import Table
    from tests.poker.helpers import fire_deadline

    for table in Table.objects.all():  # the bots play a hand, so the hand pages exist
        for _ in range(300):
            if not fire_deadline(table) or table.hands_dealt >= 2:
                break

    users = get_user_model().objects
    return {"organizer": users.get(username="organisateur"), "player": users.get(username="hery")}


def _crawl_as(client, who, english, names) -> Crawl:
    if who is not None:
        client.force_login(who)
    crawl = Crawl(client, english, names)
    crawl.run("/")
    for extra in ("/compte/connexion/", "/compte/mot-de-passe/fait/", "/championnat/saisons/", "/tables/"):
        crawl.run(extra)
    client.logout()
    return crawl


def test_every_page_opens_without_error_and_in_french(demo):
    from django.test import Client

    client = Client(raise_request_exception=False)
    english, names = _english_phrases(), set(_patterns())
    problems, opened = [], set()
    for state in ("planned", "running"):
        if state == "running":
            upcoming = Session.objects.filter(status=Session.Status.PLANNED).order_by("scheduled_at").first()
            upcoming.registrations.update(paid=True, method="cash")
            run.session_start(session=upcoming, by=demo["organizer"])
        for who in (None, demo["player"], demo["organizer"]):
            crawl = _crawl_as(client, who, english, names)
            problems += [f"{state}/{who or 'visitor'}: {p}" for p in crawl.problems]
            opened |= crawl.opened
    assert problems == [], "\n".join(problems)
    never = sorted(names - opened - NOT_PAGES)
    assert never == [], f"pages that no link leads to: {never}"
