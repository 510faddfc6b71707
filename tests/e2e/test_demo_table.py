"""The demo Hold'em table of `make run` (bots only) keeps playing by itself after a visitor sits,
plays, closes his browser and runs out of time, comes back, and leaves (issue: it used to wait for
good on "Waiting for players")."""

import re

from playwright.sync_api import expect

from .test_table import log_in

ARRANGE = """
from django.contrib.auth import get_user_model
from django.core.management import call_command
from poker.models import Table
for name in ("hery", "tiana"):
    get_user_model().objects.create_user(name, password="table-pass-2026", first_name=name.capitalize())
call_command("load_demo_tables")
demo = Table.objects.get(kind="practice", created_by=None, variant="holdem")
Table.objects.filter(pk=demo.pk).update(action_seconds=2)  # his time runs out soon
print(demo.pk)
"""

SEAT = """
from poker.models import Seat
seat = Seat.objects.filter(table_id=%s, user__username="hery").first()
print("away" if seat and seat.sitting_out else ("seated" if seat else "gone"))
"""


def hand_number(page) -> int:
    text = page.locator("#hand-number").text_content() or ""
    return int(re.sub(r"\D", "", text) or 0)


def expect_hands_go_on(page, count: int = 3) -> None:
    """``count`` more hands are dealt at the table, as the watcher's page shows them."""
    page.wait_for_function(
        "n => parseInt(document.getElementById('hand-number').textContent.replace(/\\D/g, '') || '0') >= n",
        arg=hand_number(page) + count,
        timeout=60_000,
    )
    expect(page.locator("#status")).not_to_have_text("En attente de joueurs")


def test_the_demo_table_plays_on_after_a_visitor_leaves_it_in_every_way(fast_server, browser):
    table_id = fast_server.shell(ARRANGE).strip().splitlines()[-1]
    url = f"{fast_server.url}/tables/{table_id}/"
    watcher_context, watcher = log_in(browser, fast_server, "tiana")
    watcher.goto(url)

    # Hery sits, plays a decision, and closes his browser.
    context, page = log_in(browser, fast_server, "hery")
    page.goto(url)
    page.get_by_role("button", name="S’asseoir ici").first.click()
    bar = page.locator("#actions")
    expect(bar).to_be_visible(timeout=60_000)
    page.locator("#check-call").click()
    expect(bar).to_be_hidden()
    context.close()

    # Out of time, he sits out: the bots go on.
    for _ in range(100):
        if fast_server.shell(SEAT % table_id).strip().endswith("away"):
            break
    else:
        raise AssertionError("his time never ran out")
    expect_hands_go_on(watcher)

    # He comes back, then leaves: the bots still go on.
    context, page = log_in(browser, fast_server, "hery")
    page.goto(url)
    page.get_by_role("button", name="Je reviens").click()
    expect(page.get_by_role("button", name="M’absenter")).to_be_visible()
    page.get_by_role("button", name="Quitter la table").click()
    expect(page.get_by_role("button", name="S’asseoir ici").first).to_be_visible(timeout=30_000)
    assert fast_server.shell(SEAT % table_id).strip().endswith("gone")
    expect_hands_go_on(watcher)
    context.close()
    watcher_context.close()
