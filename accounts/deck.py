"""A player's card settings (the four-colour deck, bigger cards), read by every table page."""

from __future__ import annotations

from django.db import transaction

from .models import DeckSettings


def deck_settings_of(user) -> DeckSettings:
    """His settings, or the classic deck (unsaved) for a player who never chose, or a visitor."""
    if not user.is_authenticated:
        return DeckSettings()
    return DeckSettings.objects.filter(user=user).first() or DeckSettings(user=user)


@transaction.atomic
def deck_settings_save(*, user, four_colours: bool, big_cards: bool) -> DeckSettings:
    settings, _ = DeckSettings.objects.update_or_create(
        user=user, defaults={"four_colours": four_colours, "big_cards": big_cards}
    )
    return settings
