"""The history of a table: each hand's winner, pot and the viewer's own result; the replay jumps to
a street and plays by itself."""

import re

from playwright.sync_api import expect

from .passes import drawing_only
from .test_table import log_in

pytestmark = drawing_only

# A heads-up hand called and checked down to the showdown.
ARRANGE = """
from django.contrib.auth import get_user_model
from poker import services
from poker.models import Seat
users = [get_user_model().objects.create_user(n, password="table-pass-2026", first_name=n.capitalize())
         for n in ("hery", "voahangy")]
table = services.table_open(name="Table du vendredi", kind="tournament", action_seconds=600)
for k, user in enumerate(users):
    services.table_seat_player(table=table, user=user, stack=1000, seat=k + 1)
services.table_start(table=table)
while table.hands_dealt == 1 and table.actor_seat:
    actor = Seat.objects.get(table=table, number=table.actor_seat).user
    action = "check" if table.legal["check"] else "call"
    services.table_act(table_id=table.pk, user=actor, action=action, hand_id=table.hand_id, seq=table.seq)
    table.refresh_from_db()
print(table.pk)
"""


def test_the_replay_jumps_to_a_street_and_plays_by_itself(app_server, browser):
    table_id = app_server.shell(ARRANGE).strip().splitlines()[-1]
    context, page = log_in(browser, app_server, "hery")
    page.goto(f"{app_server.url}/tables/{table_id}/mains/")
    row = page.locator("table.hand-list tbody tr").first
    expect(row.locator("td").nth(3)).to_have_text("40")  # the pot
    expect(row.locator("td").nth(4)).to_have_text(re.compile(r"^(\+20|−20|0)$"))  # his own result
    row.get_by_role("link", name="#1").click()
    streets = page.locator("#streets button")
    expect(streets).to_have_text(["Préflop", "Flop", "Turn", "River", "Résultat"])
    streets.nth(3).click()  # the river
    expect(page.locator("#board .playing-card")).to_have_count(5)
    expect(streets.nth(3)).to_have_attribute("aria-current", "step")
    streets.nth(4).click()  # the result: the hand as it ended, its last step
    total = page.locator("#step").text_content().split()[-1]
    expect(page.locator("#step")).to_have_text(f"Étape {total} sur {total}")
    expect(page.locator("#results .result")).to_have_count(1)
    expect(streets.nth(4)).to_have_attribute("aria-current", "step")
    streets.nth(0).click()
    expect(page.locator("#board .playing-card")).to_have_count(0)
    page.get_by_role("button", name="Lecture").click()
    total = page.locator("#step").text_content().split()[-1]
    expect(page.locator("#step")).to_have_text(f"Étape {total} sur {total}", timeout=30_000)
    expect(page.get_by_role("button", name="Lecture")).to_be_visible()  # stopped at the end
    expect(page.locator("#results .result")).to_have_count(1)
    context.close()
