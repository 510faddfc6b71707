"""Each game's stakes in fields named for it: Razz's bring-in and small bet, draw against the
dealer's minimum and maximum bet, which were kept in ``small_blind`` and ``big_blind`` (as were
each hand's). The blinds then hold Hold'em's only: those of the other games' tables and hands go to 0.
Backwards, the values go back into the blinds. One check constraint per game says what must hold.
"""

import django.db.models.expressions
from django.conf import settings
from django.db import migrations, models


# variant: (the new field that held small_blind, the one that held big_blind)
MOVED = {"razz": ("bring_in", "small_bet"), "dealer_draw": ("min_bet", "max_bet")}


def blinds_to_named_stakes(apps, schema_editor):
    Table, Hand = apps.get_model("poker", "Table"), apps.get_model("poker", "Hand")
    for variant, (low, high) in MOVED.items():
        # One UPDATE each: every right-hand side reads the row as it was before it.
        moved = {low: models.F("small_blind"), high: models.F("big_blind"), "small_blind": 0, "big_blind": 0}
        Table.objects.filter(variant=variant).update(**moved)
        Hand.objects.filter(table__variant=variant).update(**moved)


def named_stakes_to_blinds(apps, schema_editor):
    Table, Hand = apps.get_model("poker", "Table"), apps.get_model("poker", "Hand")
    for variant, (low, high) in MOVED.items():
        moved = {"small_blind": models.F(low), "big_blind": models.F(high), low: 0, high: 0}
        Table.objects.filter(variant=variant).update(**moved)
        Hand.objects.filter(table__variant=variant).update(**moved)


class Migration(migrations.Migration):

    dependencies = [
        ('poker', '0004_get_ready'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='table',
            name='table_big_blind_at_least_small_blind',
        ),
        migrations.AddField(
            model_name='hand',
            name='bring_in',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='hand',
            name='max_bet',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='hand',
            name='min_bet',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='hand',
            name='small_bet',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='table',
            name='bring_in',
            field=models.PositiveIntegerField(default=0, verbose_name='bring-in'),
        ),
        migrations.AddField(
            model_name='table',
            name='max_bet',
            field=models.PositiveIntegerField(default=0, verbose_name='maximum bet'),
        ),
        migrations.AddField(
            model_name='table',
            name='min_bet',
            field=models.PositiveIntegerField(default=0, verbose_name='minimum bet'),
        ),
        migrations.AddField(
            model_name='table',
            name='small_bet',
            field=models.PositiveIntegerField(default=0, verbose_name='small bet'),
        ),
        migrations.AlterField(
            model_name='hand',
            name='big_blind',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AlterField(
            model_name='hand',
            name='small_blind',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(blinds_to_named_stakes, named_stakes_to_blinds),
        migrations.AddConstraint(
            model_name='table',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('variant', 'holdem'), _negated=True), models.Q(('big_blind__gt', 0), ('big_blind__gte', models.F('small_blind'))), _connector='OR'), name='table_holdem_big_blind_at_least_small_blind'),
        ),
        migrations.AddConstraint(
            model_name='table',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('variant', 'razz'), _negated=True), models.Q(('bring_in__gt', 0), ('small_bet', django.db.models.expressions.CombinedExpression(models.F('bring_in'), '*', models.Value(2)))), _connector='OR'), name='table_razz_small_bet_twice_the_bring_in'),
        ),
        migrations.AddConstraint(
            model_name='table',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('variant', 'dealer_draw'), _negated=True), models.Q(('max_bet__gte', models.F('min_bet')), ('min_bet__gt', 0)), _connector='OR'), name='table_draw_max_bet_at_least_min_bet'),
        ),
    ]
