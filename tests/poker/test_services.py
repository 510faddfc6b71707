"""The table services, rule by rule: the database row is the truth and every refusal changes nothing."""

import itertools

import pytest

from poker import selectors, services, signals
from poker.models import Hand, HandEvent, KnockOut, Seat, Table
from poker.services import TableError
from poker.tables import rows

from .helpers import act, actor, chips_on_table, fire_deadline, fire_until_next_hand, stack_decks

pytestmark = pytest.mark.django_db


def open_table(players, n=2, stacks=None, **settings):
    settings.setdefault("kind", Table.Kind.TOURNAMENT)
    table = services.table_open(name="Table 1", small_blind=10, big_blind=20, **settings)
    for k, user in enumerate(players[:n]):
        services.table_seat_player(table=table, user=user, stack=(stacks or [1000] * n)[k], seat=k + 1)
    return table


def start(table):
    services.table_start(table=table)
    table.refresh_from_db()
    return table


def test_the_first_hand_is_dealt_with_the_blinds_posted(players, monkeypatch):
    table = start(open_table(players, 3))
    hand = Hand.objects.get(table=table)
    assert table.status == Table.Status.PLAYING and hand.number == 1
    assert sorted(hand.seats) == [1, 2, 3]
    types = list(HandEvent.objects.filter(hand=hand).values_list("type", flat=True))
    assert types[:3] == ["hand_started", "small_blind", "big_blind"]
    assert types.count("hole_cards") == 3
    assert table.actor_seat is not None and table.deadline_kind == Table.DeadlineKind.ACTION


def test_seq_numbers_every_event_of_the_table(players):
    table = start(open_table(players, 2))
    seqs = list(HandEvent.objects.filter(table=table).values_list("seq", flat=True))
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    assert seqs[-1] <= table.seq


def test_an_action_out_of_turn_is_refused_and_changes_nothing(players):
    table = start(open_table(players, 3))
    waiting = next(u for u in players[:3] if u != actor(table))
    before = (table.seq, Hand.objects.get(pk=table.hand_id).state)
    with pytest.raises(TableError) as refused:
        act(table, waiting, "fold")
    assert refused.value.code == "not_your_turn"
    assert (table.seq, Hand.objects.get(pk=table.hand_id).state) == before


def test_a_player_not_seated_cannot_act(players):
    table = start(open_table(players, 2))
    with pytest.raises(TableError) as refused:
        act(table, players[5], "fold")
    assert refused.value.code == "not_seated"


def test_a_double_click_is_applied_once(players):
    table = start(open_table(players, 3))
    user = actor(table)
    seq = table.seq
    act(table, user, "call", seq=seq)
    after = table.seq
    with pytest.raises(TableError) as refused:
        act(table, user, "call", seq=seq)
    assert refused.value.code in ("stale", "not_your_turn")
    assert table.seq == after


def test_an_action_answering_an_older_decision_is_stale(players):
    # Heads-up: the small blind calls, the big blind checks; the small blind's old seq is refused
    # when his turn comes again after the flop.
    table = start(open_table(players, 2))
    first = actor(table)
    old_seq = table.seq
    act(table, first, "call")
    act(table, actor(table), "check")
    assert actor(table) != first  # after the flop the big blind acts first
    act(table, actor(table), "check")
    assert actor(table) == first
    with pytest.raises(TableError) as refused:
        act(table, first, "check", seq=old_seq)
    assert refused.value.code == "stale"


def test_an_action_for_an_older_hand_is_stale(players):
    table = start(open_table(players, 2))
    old_hand = table.hand_id
    act(table, actor(table), "fold")
    fire_until_next_hand(table)
    assert table.hand_id != old_hand
    with pytest.raises(TableError) as refused:
        services.table_act(
            table_id=table.pk, user=actor(table), action="fold", hand_id=old_hand, seq=table.seq
        )
    assert refused.value.code == "stale"


def test_a_bet_above_the_stack_is_refused(players):
    table = start(open_table(players, 2, stacks=[1000, 1000]))
    with pytest.raises(TableError) as refused:
        act(table, actor(table), "raise", 5000)
    assert refused.value.code == "amount_too_high"


def test_a_raise_below_the_minimum_is_refused(players):
    table = start(open_table(players, 2))
    with pytest.raises(TableError) as refused:
        act(table, actor(table), "raise", 30)  # the minimum raise is to 40
    assert refused.value.code == "amount_too_low"
    act(table, actor(table), "raise", 40)


@pytest.mark.parametrize("amount", ["100", 12.5, None, True, -40])
def test_an_amount_that_is_not_a_whole_number_of_chips_is_refused(players, amount):
    table = start(open_table(players, 2))
    with pytest.raises(TableError) as refused:
        act(table, actor(table), "raise", amount)
    assert refused.value.code in ("bad_amount", "amount_too_low")


def test_checking_facing_a_bet_is_refused(players):
    table = start(open_table(players, 2))
    with pytest.raises(TableError) as refused:
        act(table, actor(table), "check")
    assert refused.value.code == "illegal"


def test_a_player_out_of_time_checks_if_he_can_else_folds_and_sits_out(players):
    table = start(open_table(players, 2))
    late = actor(table)
    fire_deadline(table)
    seat = Seat.objects.get(table=table, user=late)
    assert seat.sitting_out
    hand = Hand.objects.get(pk=table.hand_id)
    assert hand.state["is_over"]  # the small blind folded heads-up
    assert HandEvent.objects.filter(hand=hand, type="fold").count() == 1


def test_a_deadline_seen_before_an_action_does_not_fire_after_it(players):
    table = start(open_table(players, 2))
    seen = (table.deadline_kind, table.seq)
    act(table, actor(table), "call")
    fired = services.table_fire_deadline(table_id=table.pk, kind=seen[0], seq=seen[1])
    assert not fired


def test_a_deadline_not_yet_due_does_not_fire(players):
    table = start(open_table(players, 2))
    assert not services.table_fire_deadline(table_id=table.pk, kind=table.deadline_kind, seq=table.seq)


def test_a_sitting_out_player_posts_his_blinds_and_is_folded_at_once(players, monkeypatch):
    table = start(open_table(players, 3))
    away = players[0]
    services.table_sit_out(table_id=table.pk, user=away)
    for _ in range(6):  # a few hands: he is dealt in, posts when it is his turn, never decides
        while actor(table) is not None:
            assert actor(table) != away
            act(table, actor(table), "check" if Table.objects.get(pk=table.pk).legal["check"] else "call")
        fire_until_next_hand(table)
    blinds = HandEvent.objects.filter(table=table, type__in=["small_blind", "big_blind"])
    seat_number = Seat.objects.get(table=table, user=away).number
    posted_by_him = [e for e in blinds if Hand.objects.get(pk=e.hand_id).seats[e.player] == seat_number]
    assert posted_by_him


def test_the_time_bank_gives_more_time_once(players):
    table = start(open_table(players, 2, time_bank_seconds=20))
    user = actor(table)
    fire_deadline(table)
    assert table.deadline_kind == Table.DeadlineKind.TIME_BANK
    assert not Seat.objects.get(table=table, user=user).sitting_out
    act(table, user, "call")
    assert Seat.objects.get(table=table, user=user).time_bank < 20


def test_pre_actions_act_the_moment_it_is_his_turn(players):
    table = start(open_table(players, 3))
    waiting = [u for u in players[:3] if u != actor(table)]
    later = (
        waiting[-1]
        if Seat.objects.get(table=table, user=waiting[0]).number == table.big_blind_seat
        else waiting[0]
    )
    services.table_set_pre_action(table_id=table.pk, user=later, pre_action="call_any")
    act(table, actor(table), "call")
    hand = Hand.objects.get(pk=table.hand_id)
    later_index = hand.user_ids.index(later.pk)
    assert HandEvent.objects.filter(hand=hand, player=later_index, type__in=["call", "check"]).exists()


def test_chips_are_conserved_across_many_hands(players):
    table = start(open_table(players, 4, stacks=[500, 800, 1200, 1500]))
    total = 4000
    for _ in range(25):
        if table.status == Table.Status.FINISHED:
            break
        while actor(table) is not None:
            legal = table.legal
            user = actor(table)
            if legal["min"] is not None and table.seq % 3 == 0:
                act(table, user, "raise", legal["max"])
            elif legal["check"]:
                act(table, user, "check")
            else:
                act(table, user, "call")
            assert chips_on_table(table) == total
        hand = Hand.objects.get(pk=table.hand_id)
        assert sum(hand.state["stacks"]) == sum(hand.starting_stacks)
        fire_until_next_hand(table)
        assert chips_on_table(table) == total


def test_knock_outs_are_recorded_with_the_stack_at_the_start_of_the_hand(players, monkeypatch):
    # Three players all-in: the aces win, the two short stacks are out in the same hand.
    stack_decks(monkeypatch, {"hole_cards": ["As Ad", "2c 7d", "3h 8s"], "board": "Kc Qd 9h 5s 4c"}, button=1)
    received = []

    def on_knock_out(sender, **kwargs):
        received.append((kwargs["busted"], kwargs["hand_number"], kwargs["players_left"]))

    signals.hand_knockouts.connect(on_knock_out)
    finished = []
    signals.table_finished.connect(lambda sender, **kw: finished.append(kw["remaining_user_ids"]), weak=False)
    try:
        table = open_table(players, 3, stacks=[3000, 700, 500])
        start(table)
        while actor(table) is not None:
            legal = Table.objects.get(pk=table.pk).legal
            act(table, actor(table), "raise", legal["max"]) if legal["min"] else act(
                table, actor(table), "call"
            )
        fire_until_next_hand(table)
    finally:
        signals.hand_knockouts.disconnect(on_knock_out)
    knockouts = selectors.table_knockouts(table)
    assert [(k.user_id, k.stack_at_hand_start, k.hand_number) for k in knockouts] == [
        (players[2].pk, 500, 1),
        (players[1].pk, 700, 1),
    ]
    # One signal for the hand, every player out in it, smallest stack first.
    assert received == [([(players[2].pk, 500), (players[1].pk, 700)], 1, 1)]
    assert finished == [[players[0].pk]]
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert selectors.table_players(table) == [(players[0].pk, 1, 4200)]
    assert KnockOut.objects.count() == 2


def test_a_table_stops_when_stop_at_players_remain(players, monkeypatch):
    stack_decks(
        monkeypatch, {"hole_cards": ["As Ad", "2c 7d", "Kh Ks", "3h 8s"], "board": "Kc Qd 9h 5s 4c"}, button=1
    )
    table = start(open_table(players, 4, stacks=[1000, 100, 1000, 1000], stop_at_players=3))
    while actor(table) is not None:
        user = actor(table)
        legal = table.legal
        if user == players[1]:
            act(table, user, "raise", legal["max"]) if legal["min"] else act(table, user, "call")
        else:
            act(table, user, "call" if legal["call"] else "check")
    fire_until_next_hand(table)
    assert table.status == Table.Status.FINISHED


def test_remove_player_between_hands_returns_his_chips(players):
    table = open_table(players, 3)
    assert services.table_remove_player(table=table, user=players[2]) == 1000
    assert [p[0] for p in selectors.table_players(table)] == [players[0].pk, players[1].pk]


def test_remove_player_during_his_hand_is_refused(players):
    table = start(open_table(players, 2))
    with pytest.raises(TableError):
        services.table_remove_player(table=table, user=players[0])


def test_pause_waits_for_the_end_of_the_hand_and_resume_deals(players):
    table = start(open_table(players, 2))
    services.table_pause(table=table)
    act(table, actor(table), "fold")
    fire_until_next_hand(table)
    assert table.status == Table.Status.PAUSED and table.hands_dealt == 1
    services.table_resume(table=table)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and table.hands_dealt == 2


def test_the_big_blind_moves_forward_one_seat_each_hand(players):
    table = start(open_table(players, 4))
    seen = []
    for _ in range(5):
        seen.append(table.big_blind_seat)
        while actor(table) is not None:
            act(table, actor(table), "fold" if table.legal["fold"] else "check")
        fire_until_next_hand(table)
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(seen))


def test_blinds_come_from_the_registered_provider(players):
    from poker.blinds import register_blind_provider, unregister_blind_provider

    # A name of its own: the championship's real provider stays registered for the other tests.
    register_blind_provider("test-clock", lambda key: (100, 200, 20) if key == "test-clock:7" else None)
    try:
        table = start(open_table(players, 2, blind_provider="test-clock:7"))
        hand = Hand.objects.get(pk=table.hand_id)
        assert (hand.small_blind, hand.big_blind, hand.ante) == (100, 200, 20)
    finally:
        unregister_blind_provider("test-clock")


def test_an_all_in_run_out_is_revealed_street_by_street_with_equities(players, monkeypatch):
    stack_decks(monkeypatch, {"hole_cards": ["As Ad", "Kc Kd"], "board": "2c 7h 9s Jd 3c"}, button=1)
    table = start(open_table(players, 2, stacks=[1000, 1500]))
    act(table, actor(table), "raise", 1000)
    act(table, actor(table), "call")
    assert table.deadline_kind == Table.DeadlineKind.REVEAL
    assert table.visible_seq < table.seq
    view = rows.viewer_snapshot(table.pk, None)
    assert view["hand"]["board"] == []
    assert all(seat.get("cards") for seat in view["seats"] if seat.get("in_hand"))
    equities = [seat["equity"] for seat in view["seats"] if seat.get("in_hand")]
    assert sum(equities) == pytest.approx(1, abs=0.01) and max(equities) > 0.7
    boards = []
    while table.deadline_kind == Table.DeadlineKind.REVEAL:
        fire_deadline(table)
        boards.append(len(rows.viewer_snapshot(table.pk, None)["hand"]["board"]))
    assert boards == [3, 4, 5]
    assert table.deadline_kind == Table.DeadlineKind.NEXT_HAND
