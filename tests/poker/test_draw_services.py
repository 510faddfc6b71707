"""Draw against the dealer at the tables, rule by rule (docs/rules.md, "Five-card draw against the
dealer"): the bets, the draw, the dealer's hand, the paytable applied to the stacks, the practice
bankroll, the deadlines, and every refusal leaving the table as it was."""

import pytest

from poker import services
from poker.games.dealer_draw.bankroll import bankroll_refill
from poker.models import BANKROLL_START, Bankroll, Hand, HandEvent, Seat, Table
from poker.services import TableError

from .draw_helpers import (
    bankroll,
    bet,
    exchange,
    open_draw_table,
    results,
    stack,
    stack_draw_decks,
    state_of,
)
from .helpers import fire_deadline

pytestmark = pytest.mark.django_db

# Two pair (jacks and fours) stands pat; the dealer keeps his tens and draws three.
TWO_PAIR_AGAINST_TENS = {
    "hands": ["Js Jd 4s 4d 9c"],
    "dealer": "Th Tc 8d 6s 3c",
    "dealer_draws": "2h 5d 7c",
}
# The dealer's king-high straight stands pat. Hery: a flush; Voahangy: the same straight; Tiana: junk.
WIN_PUSH_LOSE = {
    "hands": ["2h 5h 8h 4h Ah", "9d Th Js Qc Kd", "2c 3d 7s 8c Jh"],
    "dealer": "9c Tc Jd Qs Kh",
    "draws": ["", "", "4c 6d 9s"],
}


def test_sitting_down_takes_the_buy_in_from_the_bankroll_and_leaving_gives_the_chips_back(players):
    hery = players[0]
    table = open_draw_table(hery, stack=2000)
    assert stack(table, hery) == 2000 and bankroll(hery) == BANKROLL_START - 2000
    services.table_leave(table_id=table.pk, user=hery)
    assert not Seat.objects.filter(table=table).exists() and bankroll(hery) == BANKROLL_START


def test_the_buy_in_is_the_whole_bankroll_when_it_holds_less_than_the_starting_stack(players):
    hery = players[0]
    Bankroll.objects.create(user=hery, chips=700)
    table = open_draw_table(hery, stack=2000)
    assert stack(table, hery) == 700 and bankroll(hery) == 0


def test_a_bankroll_below_the_minimum_bet_cannot_buy_in(players):
    hery = players[0]
    Bankroll.objects.create(user=hery, chips=5)
    table = open_draw_table(min_bet=10)
    with pytest.raises(TableError) as refused:
        services.table_sit(table_id=table.pk, user=hery)
    assert refused.value.code == "bankroll_too_small"
    assert bankroll(hery) == 5 and not Seat.objects.filter(table=table).exists()


def test_one_player_is_enough_and_his_bet_deals_the_round_at_once(players, monkeypatch):
    stack_draw_decks(monkeypatch, TWO_PAIR_AGAINST_TENS)
    hery = players[0]
    table = open_draw_table(hery)
    assert table.deadline_kind == Table.DeadlineKind.BETTING and table.status == Table.Status.PLAYING
    bet(table, hery, 100)
    hand = Hand.objects.get(pk=table.hand_id)
    assert hand.seats == [1] and hand.state["bets"] == [100]
    assert table.actor_seat == 1 and table.deadline_kind == Table.DeadlineKind.ACTION


def test_two_pair_against_the_dealers_pair_of_tens_pays_twice_the_bet(players, monkeypatch):
    stack_draw_decks(monkeypatch, TWO_PAIR_AGAINST_TENS)
    hery = players[0]
    table = open_draw_table(hery, stack=2000)
    bet(table, hery, 100)
    exchange(table, hery, "")  # stands pat
    dealer = HandEvent.objects.get(hand_id=table.hand_id, type="dealer_shows").payload
    assert dealer["cards"] == ["Th", "Tc", "2h", "5d", "7c"] and dealer["hand"]["category"] == "pair"
    assert results(table)["Hery"] == {
        "type": "result",
        "player": 0,
        "bet": 100,
        "outcome": "win",
        "multiple": 2,
        "net": 200,
    }
    assert stack(table, hery) == 2200
    assert table.deadline_kind == Table.DeadlineKind.NEXT_HAND
    services.table_leave(table_id=table.pk, user=hery)
    assert bankroll(hery) == BANKROLL_START + 200


def test_win_push_and_lose_against_the_dealers_straight(players, monkeypatch):
    stack_draw_decks(monkeypatch, WIN_PUSH_LOSE)
    hery, voahangy, tiana = players[:3]
    table = open_draw_table(hery, voahangy, tiana, stack=1000)
    bet(table, hery, 50)
    bet(table, voahangy, 80)
    assert table.hand_id is None  # Tiana has not bet yet
    bet(table, tiana, 30)
    assert table.actor_seat == 1
    exchange(table, hery, "")
    exchange(table, voahangy, "")
    exchange(table, tiana, "2c 3d 7s")
    outcome = {name: (r["outcome"], r["multiple"], r["net"]) for name, r in results(table).items()}
    # A flush against a straight (three of a kind or better) pays 5 - 4 = 1.
    assert outcome == {"Hery": ("win", 1, 50), "Voahangy": ("push", 0, 0), "Tiana": ("lose", 0, -30)}
    assert [stack(table, u) for u in (hery, voahangy, tiana)] == [1050, 1000, 970]
    new_cards = HandEvent.objects.get(hand_id=table.hand_id, type="new_cards", player=2).payload
    assert new_cards["received"] == ["4c", "6d", "9s"] and new_cards["private"]


def test_chips_are_conserved_between_the_bankrolls_and_the_seats_over_many_rounds(players):
    hery, voahangy = players[:2]
    table = open_draw_table(hery, voahangy, stack=1500)
    total = sum(bankroll(u) + stack(table, u) for u in (hery, voahangy))
    won = 0
    for _ in range(6):
        bet(table, hery, 40)
        bet(table, voahangy, 10)
        exchange(table, hery, "")
        hand = Hand.objects.get(pk=table.hand_id)
        exchange(table, voahangy, hand.state["hole_cards"][1][:2])
        won += sum(hand_results := Hand.objects.get(pk=table.hand_id).state["results"])
        assert len(hand_results) == 2
        assert sum(bankroll(u) + stack(table, u) for u in (hery, voahangy)) == total + won
        fire_deadline(table)  # the pause after the results: the next bets
        assert table.deadline_kind == Table.DeadlineKind.BETTING
    for user in (hery, voahangy):
        services.table_leave(table_id=table.pk, user=user)
    assert bankroll(hery) + bankroll(voahangy) == total + won


def test_a_player_who_does_not_bet_in_time_is_not_dealt_in_and_sits_out(players, monkeypatch):
    stack_draw_decks(monkeypatch, TWO_PAIR_AGAINST_TENS)
    hery, voahangy = players[:2]
    table = open_draw_table(hery, voahangy)
    bet(table, hery, 20)
    assert table.hand_id is None
    assert fire_deadline(table)
    hand = Hand.objects.get(pk=table.hand_id)
    assert hand.user_ids == [hery.pk]
    assert Seat.objects.get(user=voahangy).sitting_out
    assert Seat.objects.get(user=hery).round_bet == 0


def test_nobody_betting_in_time_leaves_the_table_waiting_until_a_player_comes_back(players):
    hery = players[0]
    table = open_draw_table(hery)
    assert fire_deadline(table)
    assert table.status == Table.Status.WAITING and table.deadline_kind == "" and table.hand_id is None
    assert Seat.objects.get(user=hery).sitting_out
    services.table_sit_out(table_id=table.pk, user=hery, away=False)
    table.refresh_from_db()
    assert table.deadline_kind == Table.DeadlineKind.BETTING


def test_a_player_away_who_bets_is_back_and_dealt_in(players):
    hery = players[0]
    table = open_draw_table(hery)
    fire_deadline(table)
    bet(table, hery, 10)
    assert table.hand_id is not None and not Seat.objects.get(user=hery).sitting_out


def test_a_player_out_of_time_for_his_draw_stands_pat_and_sits_out(players, monkeypatch):
    stack_draw_decks(monkeypatch, WIN_PUSH_LOSE)
    hery, voahangy, tiana = players[:3]
    table = open_draw_table(hery, voahangy, tiana)
    for user in (hery, voahangy, tiana):
        bet(table, user, 10)
    assert fire_deadline(table)
    assert table.actor_seat == 2
    draws = HandEvent.objects.filter(hand_id=table.hand_id, type="draw")
    assert draws.get(player=0).payload["count"] == 0
    assert Seat.objects.get(user=hery).sitting_out


def test_a_player_leaving_in_a_round_stands_pat_and_is_paid_back_when_it_is_settled(players, monkeypatch):
    stack_draw_decks(monkeypatch, WIN_PUSH_LOSE)
    hery, voahangy, tiana = players[:3]
    table = open_draw_table(hery, voahangy, tiana, stack=1000)
    for user in (hery, voahangy, tiana):
        bet(table, user, 50)
    services.table_leave(table_id=table.pk, user=voahangy)
    exchange(table, hery, "")
    table.refresh_from_db()
    assert table.actor_seat == 3  # Voahangy stood pat for leaving
    exchange(table, tiana, "")
    assert not Seat.objects.filter(user=voahangy).exists()
    assert bankroll(voahangy) == BANKROLL_START  # pushed: 1000 back


def test_the_dealers_cards_are_stored_in_no_event_before_he_shows(players, monkeypatch):
    stack_draw_decks(monkeypatch, WIN_PUSH_LOSE)
    hery, voahangy, tiana = players[:3]
    table = open_draw_table(hery, voahangy, tiana)
    for user in (hery, voahangy, tiana):
        bet(table, user, 10)
    exchange(table, hery, "")
    payloads = [str(e.payload) for e in HandEvent.objects.filter(table=table)]
    assert not any(card in text for card in ("'9c'", "'Tc'", "'Qs'", "'Kh'") for text in payloads)
    assert all(e.private for e in HandEvent.objects.filter(table=table, type__in=["hole_cards", "new_cards"]))


# ---- refusals: a clear code, nothing changed


@pytest.fixture
def in_draw(players, monkeypatch):
    """Hery (seat 1) and Voahangy (seat 2) bet 50 each; Hery is to draw. Tiana watches."""
    stack_draw_decks(monkeypatch, WIN_PUSH_LOSE)
    hery, voahangy = players[:2]
    table = open_draw_table(hery, voahangy, stack=1000, max_bet=300)
    bet(table, hery, 50)
    bet(table, voahangy, 50)
    return table, hery, voahangy, players[2]


@pytest.mark.parametrize(
    ("amount", "code"),
    [
        (0, "bad_amount"),
        (-20, "bad_amount"),
        (12.5, "bad_amount"),
        ("50", "bad_amount"),
        (True, "bad_amount"),
        (5, "amount_too_low"),
        (301, "amount_too_high"),
    ],
)
def test_a_bet_outside_the_table_limits_is_refused(players, amount, code):
    hery = players[0]
    table = open_draw_table(hery, min_bet=10, max_bet=300)
    before = state_of(table)
    with pytest.raises(TableError) as refused:
        bet(table, hery, amount)
    assert refused.value.code == code and state_of(table) == before


def test_a_bet_above_the_stack_is_refused(players):
    hery = players[0]
    Bankroll.objects.create(user=hery, chips=100)
    table = open_draw_table(hery, min_bet=10, max_bet=300)
    before = state_of(table)
    with pytest.raises(TableError) as refused:
        bet(table, hery, 150)
    assert refused.value.code == "amount_over_stack" and state_of(table) == before


def test_a_player_with_less_than_the_minimum_bet_cannot_bet(players):
    hery = players[0]
    table = open_draw_table(hery, min_bet=10)
    Seat.objects.filter(user=hery).update(stack=5)
    before = state_of(table)
    with pytest.raises(TableError) as refused:
        bet(table, hery, 10)
    assert refused.value.code == "not_enough_chips" and state_of(table) == before


def test_betting_during_the_draw_is_refused(in_draw):
    table, hery, _, _ = in_draw
    before = state_of(table)
    with pytest.raises(TableError) as refused:
        bet(table, hery, 50)
    assert refused.value.code == "not_betting" and state_of(table) == before


def test_betting_twice_on_a_round_is_refused(players):
    hery, voahangy = players[:2]
    table = open_draw_table(hery, voahangy)
    bet(table, hery, 50)
    before = state_of(table)
    with pytest.raises(TableError) as refused:
        bet(table, hery, 60)
    assert refused.value.code == "already_bet" and state_of(table) == before


def test_a_player_not_seated_cannot_bet(players):
    table = open_draw_table(players[0])
    before = state_of(table)
    with pytest.raises(TableError) as refused:
        bet(table, players[1], 50)
    assert refused.value.code == "not_seated" and state_of(table) == before


@pytest.mark.parametrize(
    ("who", "cards", "code"),
    [
        ("voahangy", "", "not_your_turn"),
        ("tiana", "", "not_seated"),
        ("hery", "Kh", "not_your_cards"),  # the dealer's card
        ("hery", "2h 2h", "not_your_cards"),
        ("hery", "2h 5h 8h 4h", "too_many_cards"),
        ("hery", ["zz"], "bad_cards"),
        ("hery", [3], "bad_cards"),
    ],
)
def test_a_draw_that_is_not_allowed_is_refused_and_changes_nothing(in_draw, who, cards, code):
    table, hery, voahangy, tiana = in_draw
    user = {"hery": hery, "voahangy": voahangy, "tiana": tiana}[who]
    before = state_of(table)
    with pytest.raises(TableError) as refused:
        exchange(table, user, cards)
    assert refused.value.code == code and state_of(table) == before


def test_cards_to_throw_that_are_not_a_list_are_refused(in_draw):
    table, hery, _, _ = in_draw
    before = state_of(table)
    with pytest.raises(TableError) as refused:
        services.draw_exchange(table_id=table.pk, user=hery, cards="2h", hand_id=table.hand_id, seq=table.seq)
    assert refused.value.code == "bad_cards" and state_of(table) == before


def test_drawing_twice_is_refused(in_draw):
    table, hery, _, _ = in_draw
    seq = table.seq
    exchange(table, hery, "2h")
    before = state_of(table)
    with pytest.raises(TableError) as refused:
        exchange(table, hery, "", seq=seq)
    assert refused.value.code == "already_drawn" and state_of(table) == before


def test_a_draw_answering_an_older_view_or_another_round_is_stale(in_draw):
    table, hery, _, _ = in_draw
    before = state_of(table)
    with pytest.raises(TableError) as refused:
        exchange(table, hery, "", seq=table.turn_seq - 1)
    assert refused.value.code == "stale" and state_of(table) == before
    with pytest.raises(TableError) as refused:
        exchange(table, hery, "", hand_id=table.hand_id + 1)
    assert refused.value.code == "stale" and state_of(table) == before


# ---- the bankroll and the championship


def test_a_refill_is_refused_while_the_player_has_chips_and_allowed_once_he_has_none(players):
    hery = players[0]
    table = open_draw_table(hery, min_bet=10, stack=2000)
    with pytest.raises(TableError) as refused:
        bankroll_refill(user=hery, table=table)
    assert refused.value.code == "refill_refused"
    Bankroll.objects.filter(user=hery).update(chips=0)
    Seat.objects.filter(user=hery).update(stack=9)
    assert bankroll_refill(user=hery, table=table).chips == BANKROLL_START


def test_a_dealer_draw_table_cannot_be_a_tournament_table():
    with pytest.raises(ValueError):
        services.table_open(name="T", variant=Table.Variant.DEALER_DRAW, kind=Table.Kind.TOURNAMENT)
    with pytest.raises(ValueError):
        services.table_open(name="T", variant=Table.Variant.DEALER_DRAW, blind_provider="championship:1")


def test_holdem_services_refuse_a_dealer_draw_table(players):
    hery, voahangy = players[:2]
    table = open_draw_table(hery)
    before = state_of(table)
    with pytest.raises(TableError) as refused:
        services.table_seat_player(table=table, user=voahangy, stack=1000)
    assert refused.value.code == "wrong_game" and state_of(table) == before
