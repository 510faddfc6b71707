"""The content security policy holds on every kind of page: a Hold'em table, a draw table, the
TV clock, the standings chart, the organizer's forms. Every page is loaded in chromium with the
policy on; none logs a violation (the browser refuses inline code and reports it in the console),
and each page's own scripts still run (the table draws its seats, the clock ticks)."""

from __future__ import annotations

import json

import pytest

from .passes import drawing_only

pytestmark = [pytest.mark.e2e, drawing_only]

ARRANGE = """
import json
from django.contrib.auth import get_user_model
from championship.models import Member, Session
from poker import services
User = get_user_model()
organizer = User.objects.get(username="organisateur")
hery = User.objects.get(username="hery")
holdem = services.practice_table_open(user=organizer, bots=3)
dealer = services.draw_practice_open(user=organizer)
session = Session.objects.order_by("-scheduled_at").first()
member = Member.objects.filter(user__isnull=True).first()
print(json.dumps({
    "holdem": holdem.pk, "dealer": dealer.pk, "session": session.pk, "season": session.season_id,
    "member": member.pk, "hery_member": Member.objects.get(user=hery).pk,
}))
"""


def _watch(page) -> list[str]:
    """What the page reports against the policy (the violation event and chromium's console
    message), and any script error (a script the policy stopped halfway)."""
    problems: list[str] = []

    def console(message) -> None:
        text = message.text
        if "Content Security Policy" in text or "CSP violation" in text or "Refused to" in text:
            problems.append(f"console: {text}")

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => console.error("
        "'CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));"
    )
    return problems


def test_no_page_breaks_the_content_security_policy(app_server, page):
    app_server.manage("load_demo")
    ids = json.loads(app_server.shell(ARRANGE).strip().splitlines()[-1])
    problems = _watch(page)

    response = page.goto(app_server.url + "/compte/connexion/")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert response.headers["referrer-policy"] == "same-origin"
    assert "camera=()" in response.headers["permissions-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    page.get_by_label("Nom d’utilisateur").fill("organisateur")
    page.get_by_label("Mot de passe").fill("arf-demo-2026")
    page.get_by_role("button", name="Connexion").click()
    page.wait_for_url(app_server.url + "/")

    visited = []

    def visit(path: str, ready: str | None = None) -> None:
        page.goto(app_server.url + path)
        if ready:
            page.wait_for_selector(ready)
        page.wait_for_load_state("networkidle")
        visited.append(path)

    visit("/")
    visit("/championnat/classement/", "svg")  # the cumulative-points chart
    visit(f"/championnat/joueurs/{ids['hery_member']}/")
    visit(f"/tables/{ids['holdem']}/", ".seat")  # table.js drew the seats from the websocket
    visit(f"/tables/{ids['dealer']}/", "main")
    visit(f"/tables/{ids['holdem']}/mains/")
    visit(f"/championnat/seances/{ids['session']}/")
    visit(f"/championnat/seances/{ids['session']}/horloge/", ".tv-sound")
    page.locator("[data-sound-toggle]").click()  # Web Audio, from clock.js
    visit("/championnat/tableau-de-bord/")
    visit("/championnat/saisons/nouvelle/", "form")
    visit(f"/championnat/saisons/{ids['season']}/reglages/", "form")
    visit(f"/championnat/saisons/{ids['season']}/seances/nouvelle/", "form")
    visit(f"/championnat/seances/{ids['session']}/inscriptions/")
    visit("/championnat/membres/nouveau/", "form")
    visit("/championnat/jetons/")
    visit("/tables/nouvelle/", "form")
    visit("/compte/comptes/")
    # The organizer's one-time links: the copy button is static/js/copy_link.js, not inline code.
    visit("/championnat/membres/")
    page.locator(f"form[action='/championnat/membres/{ids['member']}/invitation/'] button").click()
    page.wait_for_selector("#invitation-link")
    page.locator("#invitation-link").click()
    assert page.evaluate("document.activeElement.id") == "invitation-link"
    visit("/compte/comptes/")
    page.locator("form[action$='/reinitialisation/'] button").first.click()
    page.wait_for_selector("#reset-link")
    page.wait_for_timeout(300)  # the TV clock and table sockets have had time to report anything

    assert not problems, "\n".join(problems)
    assert len(visited) >= 17
