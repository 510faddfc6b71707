"""The demo tables were stored with French names; they are now named by a message of the catalogue
(in English, shown in the reader's language: poker.titles)."""

from django.db import migrations

NAMES = {"Table de démonstration": "Demonstration table", "Razz de démonstration": "Razz demonstration"}


def forwards(apps, schema_editor):
    Table = apps.get_model("poker", "Table")
    for french, english in NAMES.items():
        Table.objects.filter(kind="practice", created_by__isnull=True, name=french).update(name=english)


def backwards(apps, schema_editor):
    Table = apps.get_model("poker", "Table")
    for french, english in NAMES.items():
        Table.objects.filter(kind="practice", created_by__isnull=True, name=english).update(name=french)


class Migration(migrations.Migration):
    dependencies = [("poker", "0009_seat_visible_pages")]

    operations = [migrations.RunPython(forwards, backwards)]
