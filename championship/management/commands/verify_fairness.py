"""``manage.py verify_fairness session:5`` (or ``table:12``, ``epoch:3``): every deal, seat draw,
first button and balancing move of the revealed epochs recomputed from their seeds and compared
with the record, as the Verify page does in the browser (docs/fairness.md). Fails at the first
difference."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from championship.models import Session
from poker.engine.fairness import Difference, check_epoch
from poker.fairness.record import epoch_record, epochs_of_table
from poker.models import FairnessEpoch, Table


class Command(BaseCommand):
    help = "Check the deals and seat draws of a session, a table or an epoch against their revealed seeds."

    def add_arguments(self, parser) -> None:
        parser.add_argument("target", help="session:<id>, table:<id> or epoch:<id>")
        parser.add_argument("--verbose-hands", action="store_true", help="one line per hand and draw")

    def handle(self, *args, target: str, verbose_hands: bool = False, **options) -> None:
        kind, _sep, number = target.partition(":")
        if not number.isdigit() or kind not in ("session", "table", "epoch"):
            raise CommandError("give session:<id>, table:<id> or epoch:<id>")
        pk = int(number)
        if kind == "session":
            session = Session.objects.filter(pk=pk).first()
            if session is None or session.epoch_id is None:
                raise CommandError(f"no session {pk}")
            epochs = [session.epoch]
        elif kind == "table":
            table = Table.objects.filter(pk=pk).first()
            if table is None:
                raise CommandError(f"no table {pk}")
            epochs = epochs_of_table(table)
        else:
            epochs = list(FairnessEpoch.objects.filter(pk=pk))
            if not epochs:
                raise CommandError(f"no epoch {pk}")
        for epoch in epochs:
            record = epoch_record(epoch)
            if not record["revealed"]:
                self.stdout.write(
                    f"epoch {epoch.pk} ({epoch.commitment}): not revealed yet, nothing to check"
                )
                continue
            try:
                lines = check_epoch(record)
            except Difference as difference:
                raise CommandError(f"epoch {epoch.pk}: DOES NOT MATCH: {difference}") from None
            if verbose_hands:
                for line in lines:
                    self.stdout.write(f"  {line}")
            for draw in record.get("balancing", []):
                if "tables" not in draw:  # played before the record kept the moves' inputs
                    self.stdout.write(f"  {draw['label']}: a balancing draw recorded without its inputs")
            self.stdout.write(
                f"epoch {epoch.pk} ({epoch.commitment}): {len(record['hands'])} hands and "
                f"{len(record['draws'])} seat draws and {len(record['buttons'])} first buttons: matches"
            )
