"""One player's view is the public view with his own part laid over it, by one rule on the server
(``poker.tables.views.compose``) and in the page (``ArfTable.compose`` of ``static/js/table_common.js``,
with the game's ``me`` of ``static/js/table.js`` or ``draw.js``): his cards only on his seat of the
hand they were dealt in, the legal actions only when he is the one to act, no seat for somebody not
at the table. Both are held to the same written-out fixtures (``fixtures/compose/``) for the betting
games, and to the server's views of a real round of draw against the dealer, so they cannot drift."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from poker import services
from poker.tables import delta, rows
from poker.tables.views import compose

from .draw_helpers import bet, exchange, open_draw_table

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted((Path(__file__).parent / "fixtures" / "compose").glob("*.json"))
SCRIPTS = [ROOT / "static" / "js" / name for name in ("table_common.js", "table.js", "draw.js")]
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the page's script")


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def run_pages(code: str, data, tmp_path: Path):
    """What ``code`` sets ``out`` to, run under node (``data`` given to it as ``data``) after the
    page scripts, loaded as the browser loads them but with no page to draw: their rules only."""
    path = tmp_path / "data.json"
    path.write_text(json.dumps(data))
    loads = "".join(f"eval(fs.readFileSync({json.dumps(str(script))}, 'utf8'));" for script in SCRIPTS)
    script = (
        "const fs = require('fs'); globalThis.window = {};"
        " globalThis.document = { getElementById: () => null };"
        f"{loads}"
        f"const data = JSON.parse(fs.readFileSync({json.dumps(str(path))}, 'utf8'));"
        f"let out; {code}"
        "process.stdout.write(JSON.stringify(out));"
    )
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def run_page_compose(cases: list[dict], tmp_path: Path) -> list[dict]:
    """``ArfTable.compose`` of each case (public, private, user_id, game); fails if a case's public
    view or private part was changed in place."""
    return run_pages(
        "out = data.map(c => { const before = JSON.stringify([c.public, c.private]);"
        " const game = window.ArfTable.games[c.game];"
        " const view = window.ArfTable.compose(c.public, c.private, c.user_id, game);"
        " if (JSON.stringify([c.public, c.private]) !== before) throw new Error('changed in place');"
        " return view; });",
        cases,
        tmp_path,
    )


def test_the_fixtures_cover_both_betting_games_his_turn_and_a_spectator():
    cases = [load(path) for path in FIXTURES]
    assert {case["game"] for case in cases} == {"holdem", "razz"}
    for game in ("holdem", "razz"):
        mine = [case["expected"]["me"] for case in cases if case["game"] == game]
        assert any(me.get("to_act") and me["legal"] for me in mine)
        assert any(me["seat"] and not me["to_act"] and me["legal"] is None for me in mine)
        assert any(me["seat"] is None for me in mine)


@pytest.mark.parametrize("path", FIXTURES, ids=[path.stem for path in FIXTURES])
def test_the_server_composes_the_written_view(path):
    case = load(path)
    assert compose(case["public"], case["private"], case["user_id"]) == case["expected"]
    assert case["public"] == load(path)["public"]  # the public view is shared: left as it was


@needs_node
def test_the_page_writes_numbers_as_intl_does_in_french_and_in_english(tmp_path):
    numbers = [0, 5, 999, 1000, 2000, 12345, 99.5, 0.25, -2000, -12.5, 1234567, 1.0005, 0.1 + 0.2, 10**16]
    written = run_pages(
        "out = ['fr', 'fr-FR', 'en'].map(lang => { const fmt = window.ArfTable.words({ lang, text: {} }).fmt;"
        " return data.map(n => [fmt(n), new Intl.NumberFormat(lang.slice(0, 2)).format(n)]); });",
        numbers,
        tmp_path,
    )
    for pairs in written:
        assert [ours for ours, _ in pairs] == [intl for _, intl in pairs]
    assert written[0][5][0] == "12\u202f345" and written[2][6][0] == "99.5"


@needs_node
def test_the_page_composes_the_written_view(tmp_path):
    cases = [load(path) for path in FIXTURES]
    views = run_page_compose(cases, tmp_path)
    for path, case, view in zip(FIXTURES, cases, views, strict=True):
        assert view == case["expected"], path.stem


@needs_node
def test_the_draw_page_builds_his_me_from_the_public_view_as_the_server_does(players, tmp_path):
    """Each viewer's view of a real round as the server composes it (before the bets, in the draw,
    after it, one player leaving in the middle, a viewer not seated) against the same public view
    with his own part (his cards, his bankroll, whether he may refill it) laid over it by the page:
    the same."""
    hery, voahangy, tiana, mialy = players[:4]
    table = open_draw_table(hery, voahangy, tiana, stack=1000)
    viewers = [hery, voahangy, tiana, mialy]
    cases, personal_views = [], []

    def capture():
        rows_ = rows.table_rows(table.pk)
        public = json.loads(json.dumps(rows.public_view(rows_), default=str))
        users = {u.pk for u in viewers}
        own = {u: rows.own_events(rows_.hand, rows_.events, u) for u in users}
        parts = rows.private_parts(rows_, users, own)
        for user in viewers:
            private = json.loads(json.dumps(parts[user.pk], default=str))
            cases.append({"public": public, "private": private, "user_id": user.pk, "game": "dealer_draw"})
            personal_views.append(compose(public, private, user.pk))  # the server's view of his

    capture()  # the bets are open
    bet(table, hery, 50)
    capture()
    bet(table, voahangy, 50)
    bet(table, tiana, 50)
    capture()  # Hery to draw
    services.table_leave(table_id=table.pk, user=voahangy)
    capture()  # Voahangy left in the round: her round still shows, no seat of hers
    exchange(table, hery, "")
    capture()  # Tiana to draw
    exchange(table, tiana, "")
    capture()  # the results
    views = run_page_compose(cases, tmp_path)
    phases = {case["public"]["phase"] for case in cases}
    assert {"betting", "draw", "results"} <= phases, phases
    assert any(view["me"]["to_draw"] for view in personal_views if view["me"]["seat"])
    assert any(view["me"]["can_bet"] for view in personal_views if view["me"]["seat"])
    assert any(case["private"]["cards"] for case in cases)
    for k, (view, expected) in enumerate(zip(views, personal_views, strict=True)):
        assert view == expected, k


@needs_node
def test_the_page_stream_patches_the_public_view_it_has_and_asks_for_a_snapshot_otherwise(tmp_path):
    """The page's view stream (``ArfTable.viewStream``) fed the socket's messages in turn: the views
    it shows, and the snapshots it asks for."""
    case = load(FIXTURES[0].parent / "holdem_his_turn.json")
    feno, part = case["user_id"], case["private"]
    v40 = case["public"]  # Feno to act
    v41 = {**v40, "seq": 41, "actor": 2}
    v42 = {**v41, "seq": 42}
    v43 = {**v42, "seq": 43, "actor": 1}
    whole40, whole42 = compose(v40, part, feno), compose(v42, part, feno)  # his whole views
    messages = [
        # The page starts from his whole view: no patch of the public view applies to it, so it
        # asks for a snapshot, once however many patches come before the snapshot does.
        {"type": "update", "seq": 41, "prev": 40, "delta": delta.diff(v40, v41)},
        {"type": "update", "seq": 42, "prev": 41, "delta": delta.diff(v41, v42)},
        {"type": "snapshot", "seq": 42, "view": whole42, "public": delta.diff(whole42, v42)},
        {"type": "update", "seq": 43, "prev": 42, "delta": delta.diff(v42, v43)},
        {"type": "private", "seq": 43, "private": {**part, "pre_action": "check_fold"}},
        {"type": "private", "seq": 41, "private": part},  # older than the part it has: dropped
        {"type": "update", "seq": 46, "prev": 45, "view": {**v43, "seq": 46}},  # a gap: shown, and asks
        {"type": "update", "seq": 44, "prev": 43, "view": {**v43, "seq": 44}},  # older: dropped
        {"type": "chat", "name": "Lanto", "text": "bonne chance"},  # the page's, not the stream's
    ]
    out = run_pages(
        "const shown = [], asked = [];"
        "const stream = window.ArfTable.viewStream(window.ArfTable.games.holdem, data.user_id,"
        " (view) => shown.push(view), (message) => asked.push([shown.length, message]));"
        "stream.start(data.whole, null);"
        "const taken = data.messages.map(m => stream.take(m));"
        "out = { shown, asked, taken };",
        {"whole": whole40, "messages": messages, "user_id": feno},
        tmp_path,
    )
    assert out["taken"] == [True] * 8 + [False]
    # Asked after the first view, and on the gap (before its view is shown).
    assert out["asked"] == [[1, {"type": "snapshot"}], [4, {"type": "snapshot"}]]
    shown = out["shown"]
    assert [view["seq"] for view in shown] == [40, 42, 43, 43, 46]
    assert shown[0] == whole40 and shown[1] == whole42
    assert shown[2] == compose(v43, part, feno) and shown[2]["me"]["to_act"]
    assert shown[3] == compose(v43, {**part, "pre_action": "check_fold"}, feno)
    assert shown[4]["me"]["pre_action"] == "check_fold" and shown[4]["seats"][0]["cards"] == ["Ah", "Kd"]
