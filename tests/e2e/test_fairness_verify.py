"""The Verify page checks a played session in the browser (Web Crypto), for anyone, on a phone:
every deal, both seat draws and each table's first button match; a record with one card changed, or
a first button moved, is rejected, naming the hand or the table."""

import json

from playwright.sync_api import expect

from poker.engine.fairness import check_epoch
from tests.engine.fairness_samples import sample_record

from .passes import drawing_only
from .server import AppServer

# What the page draws and computes in the browser; the record it reads is tested on both databases
# (tests/championship/test_fairness_session.py).
pytestmark = drawing_only

# A session of 12 bots played online to its end: two round-1 tables, then round 2.
ARRANGE = """
from django.conf import settings
from tests.kit.online import FAST_LEVEL, online_session, play_fast, play_until
play_fast(settings)
from championship.models import Session
from championship.services import clock, sessions as run
_season, session, _users = online_session(12)
run.session_start(session=session, by=None)
clock.clock_set_level(session=session, level=FAST_LEVEL, by=None)
play_until(session, lambda: run.round1_done(session), chips_per_round=60000, round_number=1)
qualifiers = session.registrations.filter(seats__round_number=1, seats__active=True).count()
clock.clock_set_level(session=session, level=FAST_LEVEL, by=None)
def finished():
    session.refresh_from_db()
    return session.status == Session.Status.FINISHED
play_until(session, finished, chips_per_round=5000 * qualifiers, round_number=2)
print(session.epoch_id)
"""


CHECK = """async ([record, words]) => {
  try { return { lines: (await ArfFairnessCheck.check(record, words)).length }; }
  catch (error) { return { error: error.message }; }
}"""


def test_the_verify_page_checks_a_played_session_and_rejects_a_tampered_record(tmp_path, browser, artifacts):
    server = AppServer(tmp_path, processes=0)
    try:
        server.start()
        # A whole session of bots, played in one shell: a minute here, more on a loaded machine.
        epoch = server.shell(ARRANGE, timeout=600).strip().splitlines()[-1]
        server.start_process()
        context = browser.new_context(locale="fr-FR", viewport={"width": 360, "height": 640})
        page = context.new_page()  # a spectator: nobody signed in
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{server.url}/tables/equite/{epoch}/")
        verdict = page.locator("#verdict")
        expect(verdict).to_contain_text("Tout concorde", timeout=30_000)
        expect(verdict).to_contain_text("2 tirages des places")
        page.screenshot(path=str(artifacts / "fairness-verify-360.png"), full_page=True)

        record = page.request.get(f"{server.url}/tables/equite/{epoch}.json").json()
        assert record["revealed"] and len(record["draws"]) == 2 and record["hands"]
        assert {b["table"] for b in record["buttons"]} == {h["table"] for h in record["hands"]}
        hand = record["hands"][-1]
        board = next(e for e in hand["events"] if e["type"] in ("board", "hole_cards"))
        board["cards"][0] = "As" if board["cards"][0] != "As" else "2c"
        tampered = tmp_path / "tampered.json"
        tampered.write_text(json.dumps(record))
        page.set_input_files("#record-file", str(tampered))
        expect(verdict).to_contain_text("Ne concorde pas", timeout=30_000)
        expect(verdict).to_contain_text(f"table {hand['table']}, main {hand['hand']}")
        page.screenshot(path=str(artifacts / "fairness-verify-tampered-360.png"), full_page=True)
        # The browser's checker and the server's agree on hands of every game, put-backs included.
        words = json.loads(page.locator("#fairness-words").text_content())
        sample = sample_record()
        checked = page.evaluate(CHECK, [sample, words])
        assert checked == {"lines": len(check_epoch(sample))}
        razz = next(h for h in sample["hands"] if h["game"] == "razz" and h["hand"] == 3)
        event = next(e for e in reversed(razz["events"]) if e["type"] in ("up_cards", "hole_cards"))
        event["cards"] = ["As"] if event["cards"] != ["As"] else ["Ks"]
        checked = page.evaluate(CHECK, [sample, words])
        assert checked["error"].startswith("table 4, main 3, cartes du joueur"), checked
        sample = sample_record()  # a balanced player moved to another seat than the seed's
        sample["balancing"][1]["moved"][0][4] = 7
        checked = page.evaluate(CHECK, [sample, words])
        assert checked["error"].startswith("balance:5:t1-h40\u202f: la graine"), checked
        sample = sample_record()  # table 1's first button given to player 1 instead of player 3
        sample["buttons"][0]["button"] = 0
        checked = page.evaluate(CHECK, [sample, words])
        assert checked["error"] == (
            "premier bouton de la table 1\u202f: la graine le donne au joueur 3 (place 5), "
            "le relevé montre le joueur 1"
        ), checked
        assert not errors, errors  # no script refused by the content security policy
        context.close()
    finally:
        server.stop()
