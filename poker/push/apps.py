from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PushConfig(AppConfig):
    name = "poker.push"
    label = "push"
    verbose_name = _("Push notifications")

    def ready(self) -> None:
        # The table core's signals, heard here: the core never imports this package.
        from .. import signals
        from . import services

        signals.turn_started.connect(services.on_turn_started, dispatch_uid="push.turn_started")
        signals.get_ready_started.connect(services.on_get_ready_started, dispatch_uid="push.get_ready")
