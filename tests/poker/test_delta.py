"""The public update is a patch of the view the page has (``poker.tables.delta``): applied change after
change from the first snapshot, over many hands of Hold'em and of Razz, it gives at every step the
view a fresh read gives, and with each player's own part his own snapshot. The page's JavaScript
applies the patches exactly as the Python does."""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from poker import services
from poker.models import Table
from poker.tables import broadcast, delta, rows
from poker.tables.views import compose

from .draw_helpers import bet, exchange, open_draw_table
from .helpers import act, actor, fire_deadline, record_broadcasts
from .wsclient import own_part

pytestmark = pytest.mark.django_db(transaction=True)

COMMON_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "table_common.js"
TIMED = ("deadline_ms", "get_ready")  # counted from the moment of sending: not compared


def fresh(view: dict) -> dict:
    view = json.loads(json.dumps(view, default=str))
    for key in TIMED:
        view.pop(key, None)
    return view


def snapshot(table_id: int, user_id: int | None) -> dict:
    return json.loads(json.dumps(rows.snapshot_message(table_id, user_id), default=str))


def open_table(players, variant):
    table = services.table_open(
        name="Delta",
        variant=variant,
        kind=Table.Kind.TOURNAMENT,
        **(
            {"ante": 5, "bring_in": 10, "small_bet": 20}
            if variant == Table.Variant.RAZZ
            else {"small_blind": 10, "big_blind": 20}
        ),
    )
    for k, user in enumerate(players):
        services.table_seat_player(table=table, user=user, stack=1500, seat=k + 1)
    return table


def play_one(table: Table, rng: random.Random) -> None:
    """A random legal decision, or the pending deadline fired (run-out, next hand)."""
    if table.actor_seat is None or table.deadline_kind != Table.DeadlineKind.ACTION:
        assert fire_deadline(table)
        return
    legal, user, choice = table.legal, actor(table), rng.random()
    if legal.get("bring_in") is not None and (choice < 0.5 or legal["min"] is None):
        act(table, user, "bring_in")
    elif legal["min"] is not None and (choice < 0.2 or legal.get("bring_in") is not None):
        act(table, user, "raise", legal["max"] if choice < 0.03 else legal["min"])
    elif legal["call"] is not None and choice < 0.8:
        act(table, user, "call")
    else:
        act(table, user, "check" if legal["check"] else "fold")


@pytest.fixture(params=[Table.Variant.HOLDEM, Table.Variant.RAZZ])
def variant(request):
    return request.param


def test_every_patch_applied_to_the_first_snapshot_gives_the_fresh_view(players, variant, monkeypatch):
    sent = record_broadcasts(monkeypatch)
    rng = random.Random(17)
    users = players[:4]
    sizes = {"delta": [], "whole": []}
    hands = set()
    table = None
    for step in range(240):
        if table is None or table.status == Table.Status.FINISHED:
            table = open_table(users, variant)
            services.table_start(table=table)
            table.refresh_from_db()
            # Where a page starts: a spectator's snapshot, and each player's, turned into the public view.
            first = snapshot(table.pk, None)
            public = delta.apply(first["view"], first["public"])
            mine = {}
            for user in users:
                own = snapshot(table.pk, user.pk)
                assert fresh(delta.apply(own["view"], own["public"])) == fresh(public)
                mine[user.pk] = own_part(own["view"])
        sent.clear()
        play_one(table, rng)
        for group, message in sent:
            if message["type"] == "private":
                mine[int(group.rsplit(".", 1)[1])] = message["private"]
                continue
            assert message["type"] == "update" and "delta" in message, f"step {step}: {message}"
            assert message["prev"] == public["seq"], f"step {step}"
            public = delta.apply(public, message["delta"])
            on_the_wire = {key: value for key, value in message.items() if key != "view"}
            sizes["delta"].append(len(json.dumps(on_the_wire, separators=(",", ":"))))
            sizes["whole"].append(len(broadcast.update_message(public, message["prev"])))
        table.refresh_from_db()
        now = rows.table_views(rows.table_rows(table.pk), set())[0]
        assert fresh(public) == fresh(now), f"step {step}"
        # And each player's page: the public view with his own part is his snapshot.
        for user in users:
            assert fresh(compose(public, mine[user.pk], user.pk)) == fresh(
                rows.viewer_snapshot(table.pk, user.pk)
            ), f"step {step}, {user}"
        if public["hand"]:
            hands.add(public["hand"]["id"])
    assert len(hands) >= 10 and len(sizes["delta"]) >= 200
    # What the patches are for: a small part of the whole view.
    assert sum(sizes["delta"]) < sum(sizes["whole"]) / 3, sizes


def test_every_patch_of_a_dealer_draw_table_applied_to_the_first_snapshot_gives_the_fresh_view(
    players, monkeypatch
):
    """Draw against the dealer is broadcast as every table: the same holds for its public views,
    and each player's page (the public view with his cards and bankroll) is his snapshot."""
    sent = record_broadcasts(monkeypatch)
    rng = random.Random(23)
    users = players[:3]
    table = open_draw_table(*users, stack=2000, max_bet=100)
    first = snapshot(table.pk, None)
    public = delta.apply(first["view"], first["public"])
    mine = {user.pk: own_part(snapshot(table.pk, user.pk)["view"]) for user in users}
    rounds, privates = set(), 0
    for step in range(150):
        sent.clear()
        table.refresh_from_db()
        if table.deadline_kind == Table.DeadlineKind.NEXT_HAND:
            fire_deadline(table)
        elif table.actor_seat is not None:
            user = next(u for u in users if u.pk == table.seats.get(number=table.actor_seat).user_id)
            cards = next(
                s for s in rows.viewer_snapshot(table.pk, user.pk)["seats"] if s.get("user_id") == user.pk
            )
            exchange(table, user, rng.sample(cards["cards"], rng.randint(0, 3)))
        else:
            waiting = [u for u in users if not table.seats.get(user=u).round_bet]
            bet(table, rng.choice(waiting), rng.choice([10, 20, 50, 100]))
        for group, message in sent:
            if message["type"] == "private":
                mine[int(group.rsplit(".", 1)[1])] = message["private"]
                privates += 1
                continue
            assert message["type"] == "update" and "delta" in message, f"step {step}: {message}"
            assert message["prev"] == public["seq"], f"step {step}"
            public = delta.apply(public, message["delta"])
        now = rows.table_views(rows.table_rows(table.pk), set())[0]
        assert fresh(public) == fresh(now), f"step {step}"
        for user in users:
            assert fresh(compose(public, mine[user.pk], user.pk)) == fresh(
                rows.viewer_snapshot(table.pk, user.pk)
            ), f"step {step}, {user}"
        if public["round"]:
            rounds.add(public["round"]["id"])
    assert len(rounds) >= 8 and privates >= 20


def _cases(players, monkeypatch) -> list[dict]:
    """Patches of real views (a few Hold'em changes) and of made-up ones (every part of the format)."""
    sent = record_broadcasts(monkeypatch)
    table = open_table(players[:3], Table.Variant.HOLDEM)
    services.table_start(table=table)
    table.refresh_from_db()
    public = json.loads(json.dumps(snapshot(table.pk, None)["view"]))
    rng = random.Random(3)
    cases = []
    for _ in range(12):
        sent.clear()
        play_one(table, rng)
        table.refresh_from_db()
        for _group, message in sent:
            if message["type"] == "update" and "delta" in message:
                cases.append({"view": public, "patch": message["delta"]})
                public = message["view"]
    made_up = [
        ({"a": 1, "b": [1, 2], "c": {"d": None}}, {"a": 2, "b": [2, 3], "c": {"d": 4, "e": [5]}}),
        ({"log": [{"t": k} for k in range(14)]}, {"log": [{"t": k} for k in range(3, 17)]}),
        ({"seats": [{"n": 1, "x": 1}, {"n": 2}], "gone": True}, {"seats": [{"n": 1}, {"n": 2, "y": [1]}]}),
        ({"board": [], "pots": [10]}, {"board": ["Ah", "Kd", "2c"], "pots": [10, 20]}),
        ({"hand": {"board": ["Ah"], "results": []}}, {"hand": None}),
    ]
    cases += [{"view": old, "patch": delta.diff(old, new)} for old, new in made_up]
    return cases


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the page's script")
def test_the_page_applies_a_patch_exactly_as_the_python(players, monkeypatch, tmp_path):
    cases = _cases(players, monkeypatch)
    assert len(cases) >= 15
    fixture = tmp_path / "cases.json"
    fixture.write_text(json.dumps(cases))
    script = (
        "const fs = require('fs'); globalThis.window = {};"
        f"eval(fs.readFileSync({json.dumps(str(COMMON_JS))}, 'utf8'));"
        f"const cases = JSON.parse(fs.readFileSync({json.dumps(str(fixture))}, 'utf8'));"
        "const out = cases.map(c => { const before = JSON.stringify(c.view);"
        " const after = window.ArfTable.applyDelta(c.view, c.patch);"
        " if (JSON.stringify(c.view) !== before) throw new Error('the view was changed in place');"
        " return after; });"
        "process.stdout.write(JSON.stringify(out));"
    )
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout) == [delta.apply(c["view"], c["patch"]) for c in cases]
    # And the Python's apply undoes the diff (the made-up cases).
    assert [delta.apply(c["view"], c["patch"]) for c in cases[-5:]] == [
        {"a": 2, "b": [2, 3], "c": {"d": 4, "e": [5]}},
        {"log": [{"t": k} for k in range(3, 17)]},
        {"seats": [{"n": 1}, {"n": 2, "y": [1]}]},
        {"board": ["Ah", "Kd", "2c"], "pots": [10, 20]},
        {"hand": None},
    ]
