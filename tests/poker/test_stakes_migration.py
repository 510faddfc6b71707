"""Migration 0005 keeps every table and hand: Razz's bring-in and small bet and the dealer game's
minimum and maximum bet move out of the blinds into fields named for them, and back."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("poker", "0004_get_ready")]
AFTER = [("poker", "0005_stakes_named_by_game")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def stakes(row, *fields):
    row.refresh_from_db()
    return tuple(getattr(row, f) for f in fields)


@pytest.fixture
def old_tables(transactional_db):
    """One table and one hand of each game, stored the old way (the stakes in the blinds)."""
    apps = migrate(BEFORE)
    Table, Hand = apps.get_model("poker", "Table"), apps.get_model("poker", "Hand")
    rows = {}
    for variant, (small, big, ante) in {
        "holdem": (25, 50, 5),
        "razz": (10, 20, 5),
        "dealer_draw": (10, 200, 0),
    }.items():
        table = Table.objects.create(
            name=variant, variant=variant, small_blind=small, big_blind=big, ante=ante
        )
        hand = Hand.objects.create(
            table=table, number=1, small_blind=small, big_blind=big, ante=ante, button_seat=1,
            seats=[1, 2], user_ids=[1, 2], names=["A", "B"], starting_stacks=[1000, 1000], state={},
        )  # fmt: skip
        rows[variant] = (table.pk, hand.pk)
    yield rows
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # the other tests' schema


def test_the_stakes_move_into_the_fields_of_their_game_and_back(old_tables):
    apps = migrate(AFTER)
    Table, Hand = apps.get_model("poker", "Table"), apps.get_model("poker", "Hand")
    fields = ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "min_bet", "max_bet")
    expected = {
        "holdem": (25, 50, 5, 0, 0, 0, 0),  # Hold'em keeps its blinds
        "razz": (0, 0, 5, 10, 20, 0, 0),
        "dealer_draw": (0, 0, 0, 0, 0, 10, 200),
    }
    for variant, (table_pk, hand_pk) in old_tables.items():
        assert stakes(Table.objects.get(pk=table_pk), *fields) == expected[variant], variant
        assert stakes(Hand.objects.get(pk=hand_pk), *fields) == expected[variant], variant

    apps = migrate(BEFORE)
    Table, Hand = apps.get_model("poker", "Table"), apps.get_model("poker", "Hand")
    before = {"holdem": (25, 50, 5), "razz": (10, 20, 5), "dealer_draw": (10, 200, 0)}
    for variant, (table_pk, hand_pk) in old_tables.items():
        for row in (Table.objects.get(pk=table_pk), Hand.objects.get(pk=hand_pk)):
            assert stakes(row, "small_blind", "big_blind", "ante") == before[variant], variant


def test_after_the_migration_each_game_checks_its_own_stakes(old_tables):
    apps = migrate(AFTER)
    Table = apps.get_model("poker", "Table")
    refused = [
        {"variant": "holdem", "small_blind": 20, "big_blind": 10},
        {"variant": "razz", "bring_in": 10, "small_bet": 30},
        {"variant": "razz", "bring_in": 0, "small_bet": 0},
        {"variant": "dealer_draw", "min_bet": 0, "max_bet": 100},
        {"variant": "dealer_draw", "min_bet": 100, "max_bet": 10},
    ]
    for fields in refused:
        with pytest.raises(IntegrityError), transaction.atomic():
            Table.objects.create(name="x", **fields)
    # A Razz or draw table's blinds are 0, and nothing asks more of them.
    Table.objects.create(name="r", variant="razz", small_blind=0, big_blind=0, bring_in=10, small_bet=20)
    Table.objects.create(name="d", variant="dealer_draw", small_blind=0, big_blind=0, min_bet=10, max_bet=10)
