"""The family's chip set."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..models import ChipColour


@transaction.atomic
def chip_colour_save(*, colour: str, count: int, value: int | None = None) -> ChipColour:
    """Adds a colour to the set, or changes how many there are and their value."""
    if count <= 0:
        raise ValidationError({"count": _("There must be at least one chip.")})
    if value is not None and value <= 0:
        raise ValidationError({"value": _("A chip's value must be more than zero.")})
    if value is not None and ChipColour.objects.filter(value=value).exclude(colour__iexact=colour).exists():
        raise ValidationError({"value": _("Another colour has this value already.")})
    chip = ChipColour.objects.filter(colour__iexact=colour).first() or ChipColour(colour=colour)
    chip.count, chip.value = count, value
    chip.save()
    return chip


@transaction.atomic
def chip_colour_delete(*, chip: ChipColour) -> None:
    chip.delete()
