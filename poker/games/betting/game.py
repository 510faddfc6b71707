"""A betting game's plug-in, as the table core sees it: Hold'em and Razz differ in their ``Play``
(the deal, the offer to the player to act), their fold (Razz's cards face up) and their settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...pages.catalogue import table_catalogue
from ...tables.registry import Game
from . import views
from .services import MESSAGES, practice_table_open


def betting_game(
    *,
    variant: str,
    play: type,
    fold: type[views.HandFold],
    stakes: tuple[str, ...],
    check_settings: Callable[..., dict[str, int]],
    practice_stakes: dict[str, int],
    hand_files: tuple[str, ...],
    form: dict[str, Any],
    coach: bool = False,
) -> Game:
    def practice(*, user: Any, bots: int = 4, name: str = "", level: str = "beginner") -> Any:
        return practice_table_open(
            variant=variant, stakes=practice_stakes, user=user, bots=bots, name=name, level=level
        )

    def replay_steps(hand, events, user_id, max_seats):
        return views.replay_steps(hand, events, user_id, max_seats, fold(hand))

    return Game(
        variant=variant,
        play=play,
        new_fold=fold,
        public_view=views.table_view,
        private_part=views.private_part,
        me=views.me,
        messages=MESSAGES,
        stakes=stakes,
        check_settings=check_settings,
        replay_steps=replay_steps,
        page={
            "template": "poker/table.html",
            "replay": "poker/hand_replay.html",
            "words": table_catalogue,
            "coach": coach,  # "Revoir mes décisions" on its hands (poker.coach)
        },
        practice=practice,
        hand_files=hand_files,
        form=form,
    )
