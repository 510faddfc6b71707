"""A session's number is fixed when it is made (it was its rank by date, and changed when a session
was added or moved before it). Each session keeps the number it shows today: that is the name the
players last saw on the pages, the notices and in their calendars, so fixing it changes nothing they
know. The season remembers the highest number given, so that a deleted session's is not given again."""

from django.db import migrations, models
from django.db.models import Max


def remember_highest(apps, schema_editor):
    Season = apps.get_model("championship", "Season")
    for season in Season.objects.annotate(highest=Max("sessions__number")):
        Season.objects.filter(pk=season.pk).update(last_session_number=season.highest or 0)


class Migration(migrations.Migration):
    dependencies = [("championship", "0011_session_calendar_sequence")]

    operations = [
        migrations.AddField(
            model_name="season",
            name="last_session_number",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(remember_highest, migrations.RunPython.noop),
    ]
