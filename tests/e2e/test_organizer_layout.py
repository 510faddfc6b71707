"""The organizer's and the standings' pages on a phone and a laptop: the registrations table's
action column stays in line with its rows, "select all" ticks every member, the chart's labels
are readable and apart, the logged-in player's row stands out. Screenshots at each size."""

from playwright.sync_api import expect

from .passes import drawing_only

pytestmark = drawing_only

SETUP = """
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from championship.bulk import build_history
from championship.models import Member, Season
from championship.services.registrations import registration_create
from championship.services.seasons import season_create
import datetime
users = get_user_model().objects
orga = users.create_user("orga", password="orga-pass-2026", first_name="Orga")
orga.groups.add(Group.objects.get(name="Organisateurs"))
members = build_history(seasons=1, sessions=6, players=12, prefix="Joueur")
me = users.create_user("hery", password="hery-pass-2026", first_name="Hery")
members[5].user = me
members[5].save(update_fields=["user"])
season = season_create(name="Saison à venir", starts_on=datetime.date.today() + datetime.timedelta(days=30))
session = season.sessions.get(number=1)
for member in members[:4]:
    registration_create(session=session, member=member, by=orga)
print(session.pk, members[5].nickname, Season.objects.get(name__startswith="Saison J").pk)
"""
SIZES = [(360, 640), (412, 915), (1366, 900)]


def _login(page, url, username, password):
    page.goto(url + "/compte/connexion/")
    page.get_by_label("Nom d’utilisateur").fill(username)
    page.get_by_label("Mot de passe").fill(password)
    page.get_by_role("button", name="Connexion").click()


def test_the_registrations_table_stays_in_line_and_select_all_ticks_everyone(app_server, browser, artifacts):
    session_pk, _, _ = app_server.shell(SETUP).strip().splitlines()[-1].split()
    for width, height in SIZES:
        context = browser.new_context(locale="fr-FR", viewport={"width": width, "height": height})
        page = context.new_page()
        _login(page, app_server.url, "orga", "orga-pass-2026")
        page.goto(f"{app_server.url}/championnat/seances/{session_pk}/inscriptions/")
        rows = page.locator("#registrations tbody tr")
        expect(rows).to_have_count(4)
        for i in range(4):
            cells = rows.nth(i).locator("td")
            boxes = [cells.nth(j).bounding_box() for j in range(3)]
            tops = [b["y"] for b in boxes]
            bottoms = [b["y"] + b["height"] for b in boxes]
            # every cell starts and ends with its row (the action cell was not a table cell)
            assert max(tops) - min(tops) < 1 and max(bottoms) - min(bottoms) < 1, (width, boxes)
        header = page.locator("#registrations thead th").nth(2).bounding_box()
        action = rows.first.locator("td").nth(2).bounding_box()
        assert abs(header["x"] - action["x"]) < 1 and abs(header["width"] - action["width"]) < 1
        page.screenshot(path=str(artifacts / f"registrations-{width}x{height}.png"), full_page=True)
        form = page.locator("#register-form")
        boxes = form.locator('input[name="members"]')
        count = boxes.count()
        assert count == 8
        form.get_by_label("Tout cocher").check()
        for i in range(count):
            expect(boxes.nth(i)).to_be_checked()
        boxes.first.uncheck()
        expect(form.get_by_label("Tout cocher")).not_to_be_checked()
        form.get_by_label("Tout cocher").check()
        form.get_by_role("button", name="Inscrire", exact=True).click()
        expect(rows).to_have_count(12)
        page.locator('form[action$="/supprimer/"] button').count()  # the page is back
        if (width, height) != SIZES[-1]:
            app_server.shell(
                f"from championship.models import Registration\n"
                f"for r in Registration.objects.filter(session_id={session_pk}).order_by('pk')[4:]:\n"
                f"    r.delete()\n"
            )
        context.close()


def test_the_chart_is_readable_on_a_phone_and_my_row_stands_out(app_server, browser, artifacts):
    _, my_name, season_pk = app_server.shell(SETUP).strip().splitlines()[-1].split()
    for width, height in SIZES:
        context = browser.new_context(locale="fr-FR", viewport={"width": width, "height": height})
        page = context.new_page()
        _login(page, app_server.url, "hery", "hery-pass-2026")
        page.goto(f"{app_server.url}/championnat/saisons/{season_pk}/classement/")
        mine = page.locator("#standings tr.me")
        expect(mine).to_have_count(1)
        # The whole table in sight, no sideways scroll (a phone shows rank, player, points, wins).
        assert page.evaluate("document.querySelector('#standings').getBoundingClientRect().right") <= width
        expect(page.locator("#standings thead")).to_contain_text("Victoires")
        expect(mine).to_contain_text(my_name)
        other = page.locator("#standings tbody tr:not(.me):not(.leader)").first
        mine_bg = mine.locator("td").first.evaluate("e => getComputedStyle(e).backgroundColor")
        other_bg = other.locator("td").first.evaluate("e => getComputedStyle(e).backgroundColor")
        assert mine_bg != other_bg
        ticks = page.locator(".chart svg text")
        boxes = [ticks.nth(i).bounding_box() for i in range(ticks.count())]
        assert min(b["height"] for b in boxes) >= 11, (width, min(b["height"] for b in boxes))
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                apart = (
                    a["x"] + a["width"] <= b["x"]
                    or b["x"] + b["width"] <= a["x"]
                    or a["y"] + a["height"] <= b["y"]
                    or b["y"] + b["height"] <= a["y"]
                )
                assert apart, (width, a, b)
        legend = page.locator(".chart-legend li")
        expect(legend).to_have_count(8)
        size = legend.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 14
        page.locator(".chart").screenshot(path=str(artifacts / f"chart-{width}x{height}.png"))
        page.screenshot(path=str(artifacts / f"standings-{width}x{height}.png"), full_page=True)
        context.close()
