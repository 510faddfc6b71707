"""Sessions numbered by their date within the season (they were numbered by creation)."""

from django.db import migrations
from django.db.models import F


def renumber(apps, schema_editor):
    Season = apps.get_model("championship", "Season")
    Session = apps.get_model("championship", "Session")
    for season in Season.objects.all():
        sessions = list(Session.objects.filter(season=season).order_by("scheduled_at", "pk"))
        if not sessions:
            continue
        offset = max(s.number for s in sessions) + len(sessions)
        Session.objects.filter(season=season).update(number=F("number") + offset)
        for number, session in enumerate(sessions, start=1):
            Session.objects.filter(pk=session.pk).update(number=number)


class Migration(migrations.Migration):
    dependencies = [("championship", "0006_member_nickname_key")]

    operations = [migrations.RunPython(renumber, migrations.RunPython.noop)]
