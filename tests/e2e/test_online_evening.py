"""A whole online evening seen from two phones: 9 members with accounts on two round-1 tables, two
of them in phone browsers (the others played by the table’s bots), from their self-registration to
the points.
Each step is observed in the pages, without reloading them: the home page that takes its player to
his table when it opens, the notice and its link on another page, the get-ready countdown naming who is
missing, the knock-out or the move to round 2, the end.
Screenshots go to artifacts/ and /tmp/shots-evening/."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import expect

from tests.factories import PASSWORD  # the accounts the kit and the factories make

from .server import AppServer

SHOTS = Path("/tmp/shots-evening")
OTHER_SIZES = [(412, 915), (1366, 900)]
SETUP = """
from tests.factories import MemberFactory, OrganizerFactory, UserFactory
from tests.kit.online import online_session, register_paid
OrganizerFactory(username="orga", first_name="Orga")
_season, session, _ = online_session(tonight=True, ready_seconds=25, name="Saison en ligne", action_seconds=3)
for i, name in enumerate(["Hery", "Voahangy", "Tiana", "Mialy", "Fanja", "Njaka", "Lova", "Haja", "Soa"]):
    user = UserFactory(username=f"p{i}", first_name=name)
    if i >= 2:  # the two phones' players register themselves, on the home page
        register_paid(session, user, nickname=name)
    else:
        MemberFactory(user=user, nickname=name)
print(session.pk)
"""
# The organizer records the fees the two phones' players owe since they registered themselves.
PAY = """
from championship.models import Registration
from championship.services.registrations import fee_record
for registration in Registration.objects.filter(member__user__username__in=["p0", "p1"], paid=False):
    fee_record(registration=registration, amount="1", paid=True, method="cash")
print(Registration.objects.filter(paid=True).count())
"""
FAST_BLINDS = """
from championship.services import clock
from championship.models import Session
clock.clock_set_level(session=Session.objects.get(pk={pk}), level=11, by=None)
"""
# The others are played by bots; a third player of the first phone's table stays away (the countdown
# names him); the second phone's seat is played by a bot with a deep stack, so that he reaches round 2.
ARRANGE = """
from django.db.models import F
from poker.models import Seat, Table
a = Seat.objects.get(user__username="p0", table__championship_table__round_number=1)
mine = Seat.objects.filter(table=a.table).exclude(user__username__in=["p0", "p1"]).order_by("number")
away = mine.first()
Seat.objects.filter(table__championship_table__round_number=1).exclude(
    user__username__in=["p0", "p1", away.user.username]
).update(is_bot=True)
Seat.objects.filter(user__username="p1").update(is_bot=True, stack=40000)
Table.objects.filter(championship_table__round_number=1).update(seq=F("seq") + 1, visible_seq=F("seq") + 1)
print(away.user.first_name)
"""
# Round 2: the second phone's seat and the others played by bots, the first phone's player away.
ROUND2 = """
from django.db.models import F
from championship.services import clock
from championship.models import Session
from poker.models import Seat, Table
round2 = Table.objects.filter(championship_table__round_number=2)
Seat.objects.filter(table__in=round2).exclude(user__username="p0").update(is_bot=True)
round2.update(seq=F("seq") + 1, visible_seq=F("seq") + 1)
clock.clock_set_level(session=Session.objects.get(pk={pk}), level=11, by=None)
"""
STATUS = """
from championship.models import Session
print(Session.objects.get(pk={pk}).status)
"""


def _phone(browser, server, username, **options):  # (the organizer's is resized to a laptop)
    context = browser.new_context(locale="fr-FR", viewport={"width": 360, "height": 640}, **options)
    page = context.new_page()
    page.goto(server.url + "/compte/connexion/")
    page.get_by_label("Nom d’utilisateur").fill(username)
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Connexion").click()
    page.wait_for_url(lambda url: "/connexion/" not in url)
    return page


def _shot(page, artifacts, name, *, sizes=()):
    """The page as it is (and at the other viewports in ``sizes``, then back)."""
    SHOTS.mkdir(exist_ok=True)
    for folder in (SHOTS, artifacts):
        page.screenshot(path=str(folder / f"evening-{name}.png"), full_page=True)
    size = page.viewport_size
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"evening-{name}-{width}x{height}.png"), full_page=True)
    page.set_viewport_size(size)


def test_a_whole_online_evening_seen_from_two_phones(browser, artifacts, tmp_path):
    server = AppServer(tmp_path)
    server.env.update({"POKER_PAUSE_MS": "300", "POKER_REVEAL_MS": "200", "POKER_BOT_MS": "50"})
    server.start()
    try:
        pk = server.shell(SETUP).strip().splitlines()[-1]
        a = _phone(browser, server, "p0")
        b = _phone(browser, server, "p1")
        for phone in (a, b):  # self-registration: the fee is owed until the organizer records it
            phone.goto(server.url + "/")
            phone.get_by_role("button", name="M’inscrire").click()
            expect(phone.locator("#self-registration")).to_contain_text("à régler")
        _shot(a, artifacts, "0-self-registered")
        assert server.shell(PAY).strip().splitlines()[-1] == "9"
        notice = a.locator("#evening")
        expect(notice).to_be_hidden()  # registered tonight: the page listens, nothing to say yet
        # The second phone's player waits elsewhere than on the home page: the standings.
        b.goto(server.url + "/championnat/classement/")
        expect(b.locator("#evening")).to_be_hidden()

        # The organizer starts: without a reload, the open home page takes its player to his table,
        # and the standings page says where he plays, with a link to his table.
        organizer = _phone(browser, server, "orga")
        organizer.set_viewport_size({"width": 1366, "height": 900})
        organizer.goto(f"{server.url}/championnat/seances/{pk}/")
        organizer.get_by_role("button", name="Commencer la séance").click()
        organizer.locator("dialog").get_by_role("button", name="Commencer et tirer les places").click()
        expect(organizer.locator("#session-status")).to_have_text("1er tour")
        server.shell(FAST_BLINDS.format(pk=pk))
        a.wait_for_url(re.compile(r"/tables/\d+/$"), timeout=5000)
        b_notice = b.locator("#evening")
        expect(b_notice).to_be_visible(timeout=5000)
        expect(b_notice).to_contain_text("Vous jouez le tour 1 à la table")
        expect(b).to_have_url(re.compile("/championnat/classement/$"))  # not a page where he waits
        _shot(b, artifacts, "1-notice", sizes=OTHER_SIZES)
        away = server.shell(ARRANGE).strip().splitlines()[-1]

        # Get ready: his table counts down and names who is still on the way.
        expect(a.locator("#get-ready")).to_be_visible()
        expect(a.locator("#get-ready-missing")).to_contain_text(away)
        expect(a.locator("#evening")).to_be_hidden()  # he is at his table: no link to it
        _shot(a, artifacts, "2-get-ready", sizes=OTHER_SIZES)
        organizer.reload()
        expect(organizer.locator(".online-seat").first).to_be_visible()
        _shot(organizer, artifacts, "2b-organizer-tables", sizes=[(360, 640), (412, 915)])
        expect(a.locator("#get-ready")).to_be_hidden(timeout=40000)  # the countdown ended: dealt
        expect(a.locator("#hand-number")).not_to_be_empty()

        # The second phone goes to his table too, by the notice's link, and stays on it.
        b_notice.get_by_role("link", name="Aller à ma table").click()
        b.wait_for_url(re.compile(r"/tables/\d+/$"))
        expect(b.locator("#evening")).to_be_hidden()
        round1_b = b.url

        # The first phone's player is away (he never acts): he is knocked out in round 1, or
        # qualifies and is taken to his round-2 table.
        _wait_out_or_moved(a)
        _shot(a, artifacts, "3-first-phone-out-or-moved")

        # The second phone reaches round 2: his old table's page takes him to the new one.
        b.wait_for_url(lambda url: url != round1_b and "/tables/" in url, timeout=300000)
        expect(b.locator("#get-ready, #felt").first).to_be_visible()
        _shot(b, artifacts, "4-moved-to-round2")
        server.shell(ROUND2.format(pk=pk))

        # The end: both phones say the place and the points (the winner is congratulated).
        for _ in range(600):
            if server.shell(STATUS.format(pk=pk)).strip().endswith("finished"):
                break
            time.sleep(1)
        else:
            raise AssertionError("the session did not finish")
        expect(b.locator("#evening")).to_contain_text("Votre classement", timeout=10000)
        _shot(b, artifacts, "5-end-second-phone")
        out_or_ranked = re.compile("Votre séance s’arrête au tour 1|Votre classement")
        expect(a.locator("#evening")).to_contain_text(out_or_ranked)
        _shot(a, artifacts, "6-end-first-phone", sizes=OTHER_SIZES)
        session_page = b.context.new_page()
        session_page.goto(f"{server.url}/championnat/seances/{pk}/")
        expect(session_page.locator("#results tbody tr")).to_have_count(9)
        _shot(session_page, artifacts, "7-results")
    finally:
        server.stop()


def _wait_out_or_moved(page):
    start = page.url
    for _ in range(480):
        text = page.locator("#evening").text_content() or ""
        if "Votre séance s’arrête" in text or page.url != start:
            return
        time.sleep(0.5)
    raise AssertionError("the first phone's player was neither knocked out nor moved")


START = """
from championship.models import Session
from championship.services import sessions
sessions.session_start(session=Session.objects.get(pk={pk}), by=None)
"""


def test_a_page_that_loads_as_the_session_starts_still_says_where_he_plays(browser, artifacts, tmp_path):
    """The notice of the draw is sent while his home page is on its way (rendered before the draw,
    its script and socket after): the page looks again once its socket is open and, as he waits for
    his table there, takes him to it, without a reload."""
    server = AppServer(tmp_path).start()
    try:
        pk = server.shell(SETUP).strip().splitlines()[-1]
        # Registered and paid by the organizer. His service worker would serve evening.js from its
        # cache, past the route that holds the script back until the draw: none here.
        a = _phone(browser, server, "p2", service_workers="block")

        def after_the_draw(route):
            server.shell(START.format(pk=pk))  # the draw's notice goes out: no socket of his is open
            route.continue_()

        # Once: his table's page, where the home page takes him, loads the script too.
        a.route("**/static/js/evening.js", after_the_draw, times=1)
        a.goto(server.url + "/")
        a.wait_for_url(re.compile(r"/tables/\d+/$"), timeout=10000)
        expect(a.locator("#get-ready")).to_be_visible()
        _shot(a, artifacts, "late-page-table")
    finally:
        server.stop()
