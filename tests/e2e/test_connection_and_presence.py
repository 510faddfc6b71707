"""The first real evening (issue 32): people arrive late and lose the network.

Phones (360x640, touch) and a laptop, each its own browser context, at two tables whose other
seats are played by bots:
- a late player, dealt in and out of time before his page opened, is back by himself when it opens
  and plays the next hand from his phone;
- a player offline for 20 s on his turn is told within 2 s (and a spectator too), his tap is not
  shown as accepted and no move is sent; back online the view is the server's at once, and he was
  folded by his timer only; "I'm back" is in view on a 360x640 phone without scrolling;
- the server's process dies and another takes its place: the pages say so, and come back.
The times from the drop to the banner and from the reconnection to the resynced view are printed
(pytest -s) and written to artifacts/connection-times.txt. Screenshots: artifacts/, /tmp/shots-connection/.
"""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import expect

from tests.factories import PASSWORD  # the accounts the kit and the factories make

from .server import AppServer

SHOTS = Path("/tmp/shots-connection")
PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}

ARRANGE = f"""
from django.contrib.auth import get_user_model
from poker import services
User = get_user_model()
def user(name):
    return User.objects.create_user(name, password="{PASSWORD}", first_name=name.capitalize())
hery, lova, sitraka = user("hery"), user("lova"), user("sitraka")
def table(name, seconds):
    return services.table_open(name=name, kind="tournament", action_seconds=seconds, starting_stack=5000)
offline = table("Table du soir", 12)
services.table_seat_player(table=offline, user=hery, seat=1)
late = table("Table des retardataires", 8)
services.table_seat_player(table=late, user=lova, seat=1)
for k, at in enumerate((offline, late)):
    for n in range(2):
        services.table_seat_player(table=at, user=user(f"bot{{k}}{{n}}"), seat=n + 2, is_bot=True)
print(offline.pk, late.pk)
"""
# The late table's first hand: dealt after a short countdown without Lova, whose time then runs out.
LATE_DEAL = """
import time
from poker import services
from poker.models import Seat, Table
table = Table.objects.get(pk={pk})
services.table_get_ready(table=table, seconds=1)
for _ in range(300):
    seat = Seat.objects.get(table=table, user__username="lova")
    if seat.sitting_out:
        break
    time.sleep(0.1)
print(seat.sitting_out, seat.away_unseen, Table.objects.get(pk={pk}).hands_dealt)
"""
# The hand Hery was offline in: his moves in it, as the server recorded them.
HIS_MOVES = """
from poker.models import Hand, HandEvent
hand = Hand.objects.get(table_id={pk}, number={number})
player = hand.user_ids.index(hand.table.seats.get(user__username="hery").user_id)
forced = ["hole_cards", "small_blind", "big_blind", "ante"]
moves = HandEvent.objects.filter(hand=hand, player=player).exclude(type__in=forced)
print(",".join(moves.order_by("seq").values_list("type", flat=True)))
"""
START = """
from poker import services
from poker.models import Table
services.table_start(table=Table.objects.get(pk={pk}))
"""
STATE = """
from poker.models import Seat, Table
t = Table.objects.get(pk={pk})
print(t.status, t.hands_dealt, t.actor_seat, t.deadline_kind, t.deadline_at, t.seq)
print(list(Seat.objects.filter(table=t).values_list("number", "sitting_out", "connections", "stack")))
"""
LATE_HANDS = """
import time
from poker.engine.figures import hand_figures
from poker.models import Hand, HandEvent, Seat
for _ in range(300):  # the hand of his move is over (his next decisions, if any, take 8 s at most)
    if Hand.objects.filter(table_id={pk}, number={number}, ended_at__isnull=False).exists():
        break
    time.sleep(0.1)
lova = Seat.objects.get(table_id={pk}, user__username="lova").user_id
for hand in [h for h in Hand.objects.filter(table_id={pk}).order_by("number") if lova in h.user_ids]:
    player = hand.user_ids.index(lova)
    events = HandEvent.objects.filter(hand=hand).order_by("seq").values_list("payload", flat=True)
    if hand.ended_at is not None:
        print(hand.number, hand_figures(list(events)).players[player].away)
"""


def log_in(browser, server, username, profile):
    context = browser.new_context(locale="fr-FR", **profile)
    page = context.new_page()
    page.goto(server.url + "/compte/connexion/")
    page.get_by_label("Nom d’utilisateur").fill(username)
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Connexion").click()
    page.wait_for_url(lambda url: "/connexion/" not in url)
    return context, page


def shot(page, artifacts, name):
    SHOTS.mkdir(exist_ok=True)
    for folder in (SHOTS, artifacts):
        page.screenshot(path=str(folder / f"connection-{name}.png"))


def seconds_until(condition, timeout=10.0) -> float:
    """How long until ``condition()`` holds (polled every 20 ms)."""
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < timeout, f"not within {timeout} s"
        time.sleep(0.02)
    return time.monotonic() - start


def banner_shown(page) -> bool:
    return page.locator("#connection").is_visible()


def test_late_and_offline_players_are_told_the_truth_and_never_folded_by_a_tap_not_taken(
    browser, artifacts, tmp_path
):
    server = AppServer(tmp_path)
    server.env.update({"POKER_PAUSE_MS": "300", "POKER_REVEAL_MS": "200", "POKER_BOT_MS": "50"})
    server.start()
    times: dict[str, list[float]] = {}
    try:
        offline_pk, late_pk = server.shell(ARRANGE).strip().splitlines()[-1].split()

        # ---- the late player: dealt in, out of time before his page opened
        away, unseen, first_hand = server.shell(LATE_DEAL.format(pk=late_pk)).split()[-3:]
        assert (away, unseen) == ("True", "True")
        lova_context, lova = log_in(browser, server, "lova", PHONE)
        lova.goto(f"{server.url}/tables/{late_pk}/")
        expect(lova.locator("#back-bar")).to_be_hidden()  # back by himself
        expect(lova.locator("#status")).to_have_text("À vous de jouer", timeout=30_000)
        label = lova.locator("#hand-number").inner_text()
        number = int(label.split("°")[-1].strip().lstrip("#"))
        assert number > int(first_hand)
        # She plays that hand out herself, checking or calling at each turn of hers (the bots act
        # in 50 ms: her next turn of the hand may come before the page could be seen waiting).
        taps, until = 0, time.monotonic() + 60
        while lova.locator("#hand-number").inner_text() == label:
            assert time.monotonic() < until, f"hand {number} not over within 60 s"
            button = lova.locator("#check-call")
            if lova.locator("#status.my-turn").count() and button.is_visible() and button.is_enabled():
                button.tap()
                taps += 1
            lova.wait_for_timeout(100)
        assert taps >= 1
        lines = server.shell(LATE_HANDS.format(pk=late_pk, number=number)).strip().splitlines()
        hands = [line.split() for line in lines if line.replace(" ", "").isdigit()]
        away_for = {int(n): int(a) for n, a in hands}
        assert away_for[int(first_hand)] == 1  # away: the table checked or folded for him
        assert away_for[number] == 0  # the hand of his turn: played, by himself
        lova_context.close()

        # ---- the offline player, and a spectator on a laptop
        hery_context, hery = log_in(browser, server, "hery", PHONE)
        frames: list[tuple[str, str]] = []  # what his page's sockets sent and received
        hery.on(
            "websocket",
            lambda ws: (
                ws.on("framesent", lambda text: frames.append(("sent", str(text)))),
                ws.on("framereceived", lambda text: frames.append(("received", str(text)))),
            ),
        )
        hery.goto(f"{server.url}/tables/{offline_pk}/")
        watcher_context, watcher = log_in(browser, server, "sitraka", LAPTOP)
        watcher.goto(f"{server.url}/tables/{offline_pk}/")
        server.shell(START.format(pk=offline_pk))
        # The shell is another process: on the embedded in-memory layer its start reaches no page
        # of the server's (an organizer starts a table from a page of the server itself). Dealt the
        # button, Hery is first to act and the server changes nothing until his time runs out: his
        # page asks for the table as it is now, as it does when it comes back into view.
        for page in (hery, watcher):
            page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        try:
            expect(hery.locator("#status")).to_have_text("À vous de jouer", timeout=30_000)
        except AssertionError:
            shot(hery, artifacts, "no-turn")
            print(server.shell(STATE.format(pk=offline_pk)))
            raise
        expect(hery.locator("#check-call")).to_be_enabled()
        hand = hery.locator("#hand-number").inner_text()

        hery_context.set_offline(True)
        watcher_context.set_offline(True)
        times["offline → banner (player)"] = [seconds_until(lambda: banner_shown(hery))]
        times["offline → banner (spectator)"] = [seconds_until(lambda: banner_shown(watcher))]
        expect(hery.locator("#connection")).to_have_text("Connexion perdue — reconnexion…")
        expect(hery.locator("#check-call")).to_be_disabled()
        expect(hery.locator("#amount-range")).to_be_disabled()
        hery.locator("#check-call").tap(force=True)  # his tap on "Call" while offline
        expect(hery.locator("#actions")).to_be_visible()  # not shown as taken
        shot(hery, artifacts, "offline-360x640")
        time.sleep(20)

        hery_context.set_offline(False)
        watcher_context.set_offline(False)
        times.setdefault("online → resynced view (player)", []).append(
            seconds_until(lambda: not banner_shown(hery))
        )
        times.setdefault("online → resynced view (spectator)", []).append(
            seconds_until(lambda: not banner_shown(watcher))
        )
        # The page says it: his time ran out while offline (he sent nothing).
        expect(hery.locator("#status")).to_contain_text("Temps écoulé pendant la coupure")
        # The hand he was offline in: no move of his but the fold of his timer.
        number = hand.split("°")[-1].strip().lstrip("#")
        moves = server.shell(HIS_MOVES.format(pk=offline_pk, number=number)).strip().splitlines()[-1]
        # Out of time, away (the hand marked so): the table checked or folded for him, and never
        # made the "call" he tapped (checked down to the showdown, his cards are shown there).
        first, *answers = moves.split(",")
        bets = [move for move in answers if move not in ("show", "muck")]
        assert first == "away" and bets and set(bets) <= {"check", "fold"}, moves
        # The view is the server's: a later hand, and the log says what happened to him.
        expect(hery.locator("#hand-number")).not_to_have_text(hand, timeout=5_000)
        shot(hery, artifacts, "back-online-360x640")

        # ---- the phone brings the page back from the background: a snapshot asked and drawn at once
        frames.clear()
        hery.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        for _ in range(100):  # (the sync API hears the socket's frames while it waits)
            hery.wait_for_timeout(20)
            if any(d == "received" and '"type":"snapshot"' in f for d, f in frames):
                break
        assert any(d == "received" and '"type":"snapshot"' in f for d, f in frames), frames
        assert any(d == "sent" and '"snapshot"' in f for d, f in frames)
        assert not any(d == "sent" and '"act"' in f for d, f in frames)

        # ---- "I'm back" in view on the phone without scrolling
        if hery.locator("#back-bar").is_hidden():
            hery.locator("#sit-out").tap()
        back = hery.locator("#sit-in")
        expect(back).to_be_visible()
        hery.evaluate("window.scrollTo(0, 0)")
        box = back.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 640, box
        shot(hery, artifacts, "away-360x640")
        for width, height in ((412, 915), (1366, 900)):
            hery.set_viewport_size({"width": width, "height": height})
            box = back.bounding_box()
            assert box is not None and box["y"] + box["height"] <= height, (width, box)
            shot(hery, artifacts, f"away-{width}x{height}")
        hery.set_viewport_size({"width": 360, "height": 640})
        back.tap()
        expect(hery.locator("#back-bar")).to_be_hidden()

        # ---- the server's process dies; another takes its place on the same address
        port = server.ports[0]
        server.processes[0].kill()
        server.processes[0].wait()
        times["process killed → banner (player)"] = [seconds_until(lambda: banner_shown(hery))]
        server.processes.clear()
        server.ports.clear()
        server.start_process(port)  # returns once it answers
        times.setdefault("process answering → resynced view (player)", []).append(
            seconds_until(lambda: not banner_shown(hery), timeout=15)
        )
        expect(hery.locator("#connection")).to_be_hidden()
        watcher_context.close()
        hery_context.close()
    finally:
        server.stop()
    lines = [f"{name}: {', '.join(f'{t:.2f} s' for t in values)}" for name, values in times.items()]
    (artifacts / "connection-times.txt").write_text("\n".join(lines) + "\n")
    print("\n" + "\n".join(lines))
    for name, values in times.items():
        if "banner" in name:
            assert max(values) < 2.0, (name, values)


# Two registered players (fees paid) of tonight's online session, which has not started yet.
SESSION = """
from tests.factories import OrganizerFactory, UserFactory
from tests.kit.online import online_session, register_paid
OrganizerFactory(username="orga", first_name="Orga")
evening = online_session(tonight=True, ready_seconds=60, name="Saison en ligne", action_seconds=30)
session = evening.session
for name in ("Hery", "Lova", "Soa"):
    register_paid(session, UserFactory(username=name.lower(), first_name=name), nickname=name)
print(session.pk)
"""


def test_a_player_waiting_on_the_session_page_is_taken_to_his_table_when_it_opens(app_server, browser):
    pk = app_server.shell(SESSION).strip().splitlines()[-1]
    context, page = log_in(browser, app_server, "lova", PHONE)
    page.goto(f"{app_server.url}/championnat/seances/{pk}/")
    # The organizer starts it (from his laptop; the start is a form's POST).
    orga_context, orga = log_in(browser, app_server, "orga", LAPTOP)
    orga.goto(f"{app_server.url}/championnat/seances/{pk}/")
    token = next(c["value"] for c in orga_context.cookies() if c["name"] == "csrftoken")
    started = orga.request.post(
        f"{app_server.url}/championnat/seances/{pk}/demarrer/",
        form={"csrfmiddlewaretoken": token, "confirm": "yes"},
        headers={"Referer": orga.url, "X-CSRFToken": token},
    )
    assert started.ok, started.status
    page.wait_for_url(lambda url: "/tables/" in url, timeout=15_000)
    expect(page.locator("#felt")).to_be_visible()
    # The organizer's live view: one word each (it refreshes itself every 5 s once the session runs).
    orga.reload()
    lova = orga.locator(".online-seat", has=orga.locator(".badge", has_text="en jeu"))
    expect(lova).to_have_count(1, timeout=15_000)
    expect(orga.locator(".online-seat .badge", has_text="pas encore en ligne")).to_have_count(2)
    expect(orga.locator(".online-seat .badge", has_text="connecté")).to_have_count(0)
    for width, height in ((1366, 900), (412, 915), (360, 640)):
        orga.set_viewport_size({"width": width, "height": height})
        SHOTS.mkdir(exist_ok=True)
        orga.screenshot(path=str(SHOTS / f"connection-organizer-{width}x{height}.png"), full_page=True)
    orga_context.close()
    context.close()
