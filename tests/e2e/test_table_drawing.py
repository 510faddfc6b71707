"""The table page draws each update by parts (static/js/table.js): after many updates, hands and
showdowns, what it shows is what a page opened afresh on the same view shows."""

import re

import pytest
from playwright.sync_api import expect

from .passes import drawing_only
from .test_table import log_in

ARRANGE = """
from django.contrib.auth import get_user_model
from poker import services
hery = get_user_model().objects.create_user("hery", password="table-pass-2026", first_name="Hery")
print(services.practice_table_open(user=hery, bots=3, variant="{variant}").pk)
"""

PASSIVE = re.compile(r"^(Parole|Suivre|Mise forcée)")

# The felt as drawn, without what runs on its own clock (the action timer's text and bar).
FELT = """() => {
  const felt = document.getElementById("felt").cloneNode(true);
  felt.querySelectorAll(".timer").forEach((timer) => timer.remove());
  return felt.innerHTML.replace(/\\s+/g, " ");
}"""


def his_turn(page) -> None:
    """The bots have played and wait for him: nothing moves until he acts."""
    expect(page.locator("#actions")).to_be_visible(timeout=20_000)
    page.wait_for_timeout(300)


@drawing_only
@pytest.mark.parametrize("variant", ["holdem", "razz"])
def test_after_many_updates_the_page_shows_what_a_fresh_page_shows(fast_server, browser, variant):
    table_id = fast_server.shell(ARRANGE.format(variant=variant)).strip().splitlines()[-1]
    context, page = log_in(browser, fast_server, "hery")
    page.goto(f"{fast_server.url}/tables/{table_id}/")
    for _ in range(4):
        his_turn(page)
        fresh = context.new_page()
        fresh.goto(page.url)
        his_turn(fresh)
        assert page.evaluate(FELT) == fresh.evaluate(FELT)
        fresh.close()
        # He calls or checks (or posts the bring-in), and the bots play on to his next turn.
        page.locator("#actions").get_by_role("button", name=PASSIVE).first.click()
    context.close()
