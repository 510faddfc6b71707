"""The checks of the messages a browser sends to its table's voice room (docs/voice.md).

Each check returns only the fields the protocol names, rebuilt, so nothing else a browser adds is
ever forwarded; a message that breaks a bound raises ``VoiceError`` with a translated reason for
that browser alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

MAX_MESSAGE = 16 * 1024  # bytes of one text frame
MAX_SDP = 12_000  # characters of an offer or an answer (an audio and a video section: ~3,000)
MAX_CANDIDATE = 1_000  # characters of one ICE candidate line (~100 to 200 in practice)
MAX_MID = 64
MAX_UFRAG = 256
MAX_LINE_INDEX = 64
MAX_PEER = 32


class VoiceError(Exception):
    def __init__(self, code: str, message: Any) -> None:
        super().__init__(code)
        self.code, self.message = code, message


def bad(message: Any) -> VoiceError:
    return VoiceError("bad_message", message)


@dataclass(frozen=True)
class Signal:
    to: str
    payload: dict  # {"description": {...}} or {"candidate": {...} | None}


def parse(text_data: str | None, bytes_data: bytes | None = None) -> dict[str, Any]:
    """One message from the browser: a JSON object with a ``type``, at most ``MAX_MESSAGE`` bytes."""
    if text_data is None:
        if bytes_data is not None and len(bytes_data) > MAX_MESSAGE:
            raise VoiceError("too_large", _("Message too large."))
        raise bad(_("Messages are JSON text."))
    if len(text_data) > MAX_MESSAGE or len(text_data.encode("utf-8", "replace")) > MAX_MESSAGE:
        raise VoiceError("too_large", _("Message too large."))
    try:
        message = json.loads(text_data)
    except ValueError:
        raise bad(_("Malformed message (not JSON).")) from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise bad(_("Malformed message (no type)."))
    return message


def signal(message: dict[str, Any]) -> Signal:
    """``{"type": "signal", "to": peer, "description": {...}}`` or ``..., "candidate": {...} | null}``."""
    to = message.get("to")
    if not isinstance(to, str) or not 0 < len(to) <= MAX_PEER:
        raise bad(_("A signal names the peer it is for."))
    if ("description" in message) == ("candidate" in message):
        raise bad(_("A signal carries a description or a candidate."))
    if "description" in message:
        return Signal(to, {"description": description(message["description"])})
    return Signal(to, {"candidate": candidate(message["candidate"])})


def description(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or value.get("type") not in ("offer", "answer"):
        raise bad(_("A session description is an offer or an answer."))
    sdp = value.get("sdp")
    if not isinstance(sdp, str):
        raise bad(_("A session description carries its SDP as text."))
    if len(sdp) > MAX_SDP:
        raise VoiceError("too_large", _("Session description too large."))
    return {"type": value["type"], "sdp": sdp}


def candidate(value: Any) -> dict[str, Any] | None:
    """An RTCIceCandidateInit, or None (the end of the candidates)."""
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("candidate"), str):
        raise bad(_("An ICE candidate carries its line as text."))
    if len(value["candidate"]) > MAX_CANDIDATE:
        raise VoiceError("too_large", _("ICE candidate too large."))
    clean: dict[str, Any] = {"candidate": value["candidate"]}
    mid, index, ufrag = value.get("sdpMid"), value.get("sdpMLineIndex"), value.get("usernameFragment")
    if mid is not None and not (isinstance(mid, str) and len(mid) <= MAX_MID):
        raise bad(_("Malformed ICE candidate."))
    if index is not None and not (
        isinstance(index, int) and not isinstance(index, bool) and 0 <= index <= MAX_LINE_INDEX
    ):
        raise bad(_("Malformed ICE candidate."))
    if ufrag is not None and not (isinstance(ufrag, str) and len(ufrag) <= MAX_UFRAG):
        raise bad(_("Malformed ICE candidate."))
    for key, field in (("sdpMid", mid), ("sdpMLineIndex", index), ("usernameFragment", ufrag)):
        if key in value:
            clean[key] = field
    return clean


def state(message: dict[str, Any]) -> tuple[bool, bool]:
    """``{"type": "state", "mic": bool, "cam": bool}``."""
    mic, cam = message.get("mic"), message.get("cam")
    if not isinstance(mic, bool) or not isinstance(cam, bool):
        raise bad(_("A state message says true or false for mic and cam."))
    return mic, cam
