"""At a table waiting for its players, each page contributes its client seed; when the first hand is
dealt, each page shows the table's client seed and that his own contribution is included."""

import re

from playwright.sync_api import expect

from .passes import drawing_only
from .test_table import log_in

pytestmark = drawing_only

ARRANGE = """
from django.contrib.auth import get_user_model
from poker import services
users = [get_user_model().objects.create_user(n, password="table-pass-2026", first_name=n.capitalize())
         for n in ("hery", "voahangy")]
table = services.table_open(name="Table du vendredi", kind="tournament", action_seconds=600)
for k, user in enumerate(users):
    services.table_seat_player(table=table, user=user, stack=1000, seat=k + 1)
services.table_get_ready(table=table, seconds=600)  # dealt once both pages are open
print(table.pk)
"""

CLIENT_SEED = """
from poker.models import Hand
print(Hand.objects.get(table_id={table}, number=1).client_seed)
"""


def test_each_page_sees_its_contribution_in_the_client_seed_of_the_first_deal(app_server, browser, artifacts):
    table_id = app_server.shell(ARRANGE).strip().splitlines()[-1]
    pages, contexts, typed = [], [], []
    for name in ("hery", "voahangy"):
        context, page = log_in(browser, app_server, name)
        page.goto(f"{app_server.url}/tables/{table_id}/")
        expect(page.locator("#table-commitment")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
        typed.append(page.locator("#client-seed").input_value())
        pages.append(page)
        contexts.append(context)
        if name == "hery":  # the table waits for voahangy: his contribution is in, he may change it
            expect(page.locator("#client-seed-form")).to_be_visible()
            expect(page.locator("#client-seed-note")).to_contain_text(
                f"Votre contribution {typed[0]} est reçue"
            )
            page.locator("#table-fairness").scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / "fairness-table-before-360.png"), full_page=True)
    for page in pages:
        expect(page.locator("#client-seed-shown")).to_contain_text(
            "Votre contribution y est incluse.", timeout=15_000
        )
    client_seed = app_server.shell(CLIENT_SEED.format(table=table_id)).strip().splitlines()[-1]
    assert client_seed == "|".join(typed) and all(len(t) == 32 for t in typed)  # 16 random bytes each
    expect(pages[0].locator("#client-seed-shown")).to_contain_text(client_seed)
    expect(pages[0].locator("#client-seed-form")).to_be_hidden()
    expect(pages[0].locator("#client-seed-note")).to_have_text("")
    for width, height in ((360, 640), (412, 915), (1366, 900)):
        pages[0].set_viewport_size({"width": width, "height": height})
        pages[0].locator("#table-fairness").scroll_into_view_if_needed()
        pages[0].screenshot(path=str(artifacts / f"fairness-table-{width}.png"), full_page=True)
    for context in contexts:
        context.close()
