from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChampionshipConfig(AppConfig):
    name = "championship"
    verbose_name = _("Championship")

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from poker import signals
        from poker.blinds import register_blind_provider
        from poker.fairness.record import register_draws, register_epoch_owner
        from poker.titles import register_title_provider

        from . import receivers
        from .fairness import session_draws, session_owner
        from .integrity import record as integrity
        from .integrity import retention
        from .services.clock import blinds_for_provider
        from .titles import table_titles

        register_blind_provider("championship", blinds_for_provider)
        register_draws(session_draws)
        register_epoch_owner(session_owner)
        register_title_provider("championship", table_titles)
        signals.hand_knockouts.connect(receivers.on_hand_knockouts, dispatch_uid="championship_knockout")
        signals.hand_finished.connect(receivers.on_hand_finished, dispatch_uid="championship_hand_finished")
        signals.hand_dealt.connect(receivers.on_hand_dealt, dispatch_uid="championship_hand_dealt")
        signals.hand_finished.connect(integrity.on_hand_finished, dispatch_uid="championship_integrity")
        post_save.connect(
            retention.on_session_saved, sender="championship.Session", dispatch_uid="championship_retention"
        )
        signals.table_finished.connect(
            receivers.on_table_finished, dispatch_uid="championship_table_finished"
        )
