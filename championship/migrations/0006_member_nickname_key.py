"""Nicknames unique on a case-folded, Unicode-normalised key held by the database on every
backend (SQLite's lower() folded ASCII only: "ZOÉ" passed beside "Zoé")."""

import unicodedata

from django.db import migrations, models


def _key(nickname: str) -> str:
    # A copy of championship.models.members.nickname_key at the time of this migration.
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", nickname).casefold()).strip()


def fill_keys(apps, schema_editor):
    """Existing records that now clash keep their history: the later one gets a number."""
    Member = apps.get_model("championship", "Member")
    taken = set()
    for member in Member.objects.order_by("pk"):
        key, nickname, n = _key(member.nickname), member.nickname, 1
        while key in taken:
            n += 1
            nickname = f"{member.nickname[:36]} ({n})"
            key = _key(nickname)
        taken.add(key)
        Member.objects.filter(pk=member.pk).update(nickname=nickname, nickname_key=key)


class Migration(migrations.Migration):
    dependencies = [("championship", "0005_session_ready_seconds")]

    operations = [
        migrations.AddField(
            model_name="member",
            name="nickname_key",
            field=models.CharField(default="", editable=False, max_length=120),
            preserve_default=False,
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.RemoveConstraint(model_name="member", name="member_nickname_unique_ci"),
        migrations.AddConstraint(
            model_name="member",
            constraint=models.UniqueConstraint(fields=["nickname_key"], name="member_nickname_key_unique"),
        ),
    ]


