from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PokerConfig(AppConfig):
    name = "poker"
    verbose_name = _("Poker tables")

    def ready(self) -> None:
        # The games plug into the table core, which never imports them.
        from .games import register_all

        register_all()
