"""What the table page's voice script (static/js/voice.js) is given: the room's socket, its words,
and the camera's limits (docs/voice.md, "On the table page"). The room itself is ``poker/voice/``."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from ..models import Table

# The camera's tiles are small: 320x240 at 15 frames a second, at most 150 kb/s a stream, so that
# four cameras in a full mesh of nine stay within a phone's upload (docs/voice.md).
VIDEO = {"width": 320, "height": 240, "frame_rate": 15, "max_bitrate": 150_000}


def voice_config(table: Table) -> dict[str, object]:
    return {
        "ws": f"/ws/voice/{table.pk}/",
        # At most this many cameras on at a table (0: no camera button); the page refuses the next.
        "max_cameras": settings.VOICE_MAX_CAMERAS,
        "video": VIDEO,
        "text": voice_catalogue(),
    }


def voice_catalogue() -> dict[str, str]:
    return {
        "mic_off": _("Mic off"),
        "mic_live": _("Mic live"),
        "hold_to_talk": _("Hold to talk"),
        "talking_now": _("Talking…"),
        "cam_off": _("Camera off"),
        "cam_live": _("Camera live"),
        "mic_denied": _("The microphone could not be opened: allow it in the browser’s settings."),
        "cam_denied": _("The camera could not be opened: allow it in the browser’s settings."),
        "cameras_full": _("At most %(n)s cameras at a table: one must be turned off first."),
        "talking": _("%(name)s is talking"),
        "mic_on_of": _("%(name)s: microphone on"),
        "mic_off_of": _("%(name)s: microphone off"),
        "mic_off_short": _("(mic off)"),
        "listener": _("(listening)"),
        "connecting": _("(connecting)"),
        "you": _("You"),
        "mute": _("Mute"),
        "unmute": _("Unmute"),
        "mute_for_me": _("Mute %(name)s for me"),
        "volume_of": _("Volume of %(name)s"),
        "camera_of": _("Camera of %(name)s"),
        "nobody": _("Nobody else is in the voice room yet."),
        "listening": _("You listen to the table."),
        "replaced": _("The voice of this table is open in another page of yours."),
        "reconnecting": _("Voice: reconnecting…"),
    }
