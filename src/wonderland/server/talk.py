"""What people say at a table: display names and chat lines, checked before they are kept."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from wonderland.server.refusals import refuse
from wonderland.store.values import StoredChat

NAME_MAX = 24
"""The longest display name, in characters after trimming."""
NAME_MARKS = " ._-'"
"""What a name may hold besides letters and digits."""
SPECTATOR_NAME = "spectator"
"""The chat name of a spectator who chose none."""
CHAT_HISTORY = 100
"""How many of a table's last chat lines a connection is sent on joining (in its welcome)."""
_BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f]")
_BLANKS = re.compile(r"\s+")


def check_name(raw: str) -> str:
    """A display name, trimmed; a refusal (``invalid_name``) that says why otherwise."""
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        raise refuse("invalid_name", "a name needs at least one character: type the name to show")
    wrong = sorted({c for c in name if not (c.isalnum() or c in NAME_MARKS)})
    if wrong:
        shown = " ".join(repr(c) if c.isprintable() else f"U+{ord(c):04X}" for c in wrong[:5])
        raise refuse(
            "invalid_name",
            "a name may hold only letters, digits, spaces and the marks . _ - ' "
            f"(not {shown}): choose another",
        )
    if len(name) > NAME_MAX:
        raise refuse(
            "invalid_name",
            f"a name is at most {NAME_MAX} characters long and this one has {len(name)}: "
            "choose a shorter one",
        )
    if not any(c.isalnum() for c in name):
        raise refuse("invalid_name", "a name needs at least one letter or digit: choose another")
    return name


def check_chat(raw: str, limit: int) -> str:
    """A chat line on one line, trimmed; a refusal when it is empty or over ``limit``."""
    words = _BLANKS.sub(" ", _BIDI_CONTROLS.sub("", raw))
    words = "".join(c if c.isprintable() else " " for c in words).strip()
    if not words:
        raise refuse("malformed", "this chat line is empty: type something to say first")
    if len(words) > limit:
        raise refuse(
            "too_long",
            f"a chat line is at most {limit} characters long and this one has {len(words)}: "
            "say it in shorter lines",
        )
    return words


def chat_line(line: StoredChat) -> dict[str, Any]:
    """A chat line as the protocol's ``ChatLine``."""
    return {
        "id": line.id,
        "seat": line.seat,
        "spectator": line.seat is None,
        "name": line.name,
        "text": line.text,
        "step": line.step,
        "at_ms": line.at_ms,
    }
