from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PokerConfig(AppConfig):
    name = "poker"
    verbose_name = _("Poker tables")
