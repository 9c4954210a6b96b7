"""What people say at a table: display names and chat lines, checked before they are kept.

A name is normalised (Unicode NFKC: a fullwidth "Ａｄｍｉｎ" is "Admin"; control and format
characters removed; white space one space; trimmed) and refused when it looks like a name the
table shows for someone else (Unicode's confusable characters: "plаyer 1" with a Cyrillic "а" is
"player 1"). A chat line may not pile marks on its letters (a "Zalgo" line).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

import confusables

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
CHAT_MARKS = 3
"""The most combining marks (accents, dots, tone marks) a chat line's letter may carry."""
_BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f]")
_BLANKS = re.compile(r"\s+")
_INVISIBLE = frozenset({"Cc", "Cf"})
"""The categories of control and format characters (zero-width spaces and joiners, bidi
controls, soft hyphens), removed from names."""
_MARKS = frozenset({"Mn", "Me"})
"""The categories of combining marks drawn over or under the character before them."""


def default_name(seat: int) -> str:
    """The name a person's seat shows until they choose one (``seat`` from 0; the name counts
    seats from 1, as people do).

    >>> default_name(0)
    'player 1'
    """
    return f"player {seat + 1}"


def normal_name(raw: str) -> str:
    """``raw`` as a name is kept: NFKC, without control or format characters, each run of
    white space one space, trimmed.

    >>> normal_name(" \uff21\uff44\uff4d\uff49\uff4e\u200b  Cat\t")
    'Admin Cat'
    """
    spaced = _BLANKS.sub(" ", raw)
    visible = "".join(c for c in spaced if unicodedata.category(c) not in _INVISIBLE)
    return _BLANKS.sub(" ", unicodedata.normalize("NFKC", visible)).strip()


def check_name(raw: str) -> str:
    """A display name, normalised (``normal_name``); a refusal (``invalid_name``) that says
    why otherwise."""
    name = normal_name(raw)
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


def refuse_look_alike(name: str, shown: Mapping[str, str]) -> None:
    """Refuse ``name`` when it is, or looks like (Unicode's confusable characters, any case),
    one of the names the table ``shown`` for others (each with what it is, in words)."""
    folded = name.casefold()
    for other, what in shown.items():
        if confusables.is_confusable(folded, other.casefold()):
            same = "is" if name == other else "looks too much like"
            raise refuse(
                "invalid_name",
                f"the name {name!r} {same} {other!r}, {what}: choose a name nobody can "
                "mistake for someone else's",
            )


def check_chat(raw: str, limit: int) -> str:
    """A chat line on one line, trimmed; a refusal when it is empty, over ``limit`` or piles
    more than ``CHAT_MARKS`` marks on a letter."""
    words = _BLANKS.sub(" ", _BIDI_CONTROLS.sub("", unicodedata.normalize("NFC", raw)))
    words = "".join(c if c.isprintable() else " " for c in words).strip()
    if not words:
        raise refuse("malformed", "this chat line is empty: type something to say first")
    piled = most_marks(words)
    if piled > CHAT_MARKS:
        raise refuse(
            "malformed",
            f"this chat line piles {piled} marks on one letter, and a letter may carry at "
            f"most {CHAT_MARKS} accents or marks: nothing was said; write it without them",
        )
    if len(words) > limit:
        raise refuse(
            "too_long",
            f"a chat line is at most {limit} characters long and this one has {len(words)}: "
            "say it in shorter lines",
        )
    return words


def most_marks(text: str) -> int:
    """The most combining marks in a row in ``text`` (on one character).

    >>> most_marks("Zoë, ca\u0300 va?"), most_marks("Z" + "\u0336" * 7 + "a\u0301")
    (1, 7)
    """
    most = run = 0
    for c in text:
        run = run + 1 if unicodedata.category(c) in _MARKS else 0
        most = max(most, run)
    return most


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
