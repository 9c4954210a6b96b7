"""Typed actions and their stable integer codec.

Seat actions are small ints (``0 .. NUM_ACTIONS-1``).  Chance outcomes are larger ints:
``DEAL_BASE + code`` for the deal of characters and ``ROLL_BASE + ...`` for "seat s acts
``gap`` ms after the previous event, having rolled these faces" (no faces: a turn without a
roll, to claim, reclaim or touch the token).

>>> action_to_string(block(2, 4)), decode(block(2, 4))
('block@2:4', Action(kind='block', target=2, value=4))
>>> decode_roll(encode_roll(3, 150, (0, 2, 0, 0, 1, 0, 0)))
(3, 150, (0, 2, 0, 0, 1, 0, 0))
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from wonderland.core.errors import NotationError

PASS, CLAIM, TOUCH, BETRAY, LOYAL = 0, 1, 2, 3, 4
_RECLAIM, _ADVANCE, _ADVANCE2, _UNBLOCK, _TAKEBACK, _MADDEN, _BLOCK = 5, 11, 17, 23, 29, 35, 41
NUM_ACTIONS = 77
MAX_SEATS = 6

DEAL_BASE = 1_000
ROLL_BASE = 1 << 32
FACE_CODES = 7**6
MAX_GAP_MS = 3_600_000
"""Longest gap a roll event may carry; a driver clamps longer silences to it (they never
matter to the rules, whose only time comparison is the simultaneity window)."""


@dataclass(frozen=True, slots=True)
class Action:
    """A decoded seat action: kind, target seat (or -1) and die value (or 0)."""

    kind: str
    target: int = -1
    value: int = 0


def reclaim(target: int) -> int:
    """Take back the block die lying on ``target`` without a roll (D23, Q3)."""
    return _RECLAIM + target


def advance(value: int) -> int:
    """Place a die showing ``value`` on your row (D18)."""
    return _ADVANCE + value - 1


def advance_two(value: int) -> int:
    """Place ``value`` and ``value + 1`` at once (an ability)."""
    return _ADVANCE2 + value - 1


def unblock(value: int) -> int:
    """Free yourself with a die showing ``value`` (D22)."""
    return _UNBLOCK + value - 1


def take_back(target: int) -> int:
    """Make ``target`` take back the die they placed last (Walrus; D8, Q9)."""
    return _TAKEBACK + target


def madden(target: int) -> int:
    """The Jabberwocky turns ``target`` Mad (D34)."""
    return _MADDEN + target


def block(target: int, value: int) -> int:
    """Block ``target`` with a die showing ``value`` (D19)."""
    return _BLOCK + target * 6 + value - 1


_SIMPLE = {PASS: "pass", CLAIM: "claim", TOUCH: "touch", BETRAY: "betray", LOYAL: "loyal"}
_BY_NAME = {name: code for code, name in _SIMPLE.items()}


def decode(action: int) -> Action:
    """The typed form of seat action ``action`` (NotationError if it is not one)."""
    if 0 <= action < NUM_ACTIONS:
        return DECODED[action]
    raise NotationError(f"{action} is not a seat action id (0..{NUM_ACTIONS - 1})")


def _decode(action: int) -> Action:
    if action in _SIMPLE:
        return Action(_SIMPLE[action])
    if not 0 <= action < NUM_ACTIONS:
        raise NotationError(f"{action} is not a seat action id (0..{NUM_ACTIONS - 1})")
    if action >= _BLOCK:
        target, value = divmod(action - _BLOCK, 6)
        return Action("block", target, value + 1)
    for base, kind, per_seat in (
        (_MADDEN, "madden", True),
        (_TAKEBACK, "take_back", True),
        (_UNBLOCK, "unblock", False),
        (_ADVANCE2, "advance_two", False),
        (_ADVANCE, "advance", False),
        (_RECLAIM, "reclaim", True),
    ):
        if action >= base:
            offset = action - base
            return Action(kind, offset) if per_seat else Action(kind, value=offset + 1)
    raise NotationError(f"{action} is not a seat action id")  # pragma: no cover


DECODED = tuple(_decode(a) for a in range(NUM_ACTIONS))
"""The typed form of every seat action id, by id (for hot paths that know the id is valid)."""


def action_to_string(action: int) -> str:
    """Notation of a seat action or a chance outcome."""
    if action >= ROLL_BASE:
        seat, gap, faces = decode_roll(action)
        shown = " ".join(str(v) for v in faces_list(faces))
        return f"roll s{seat} +{gap}ms [{shown}]" if shown else f"turn s{seat} +{gap}ms"
    if action >= DEAL_BASE:
        return f"deal #{action - DEAL_BASE}"
    a = decode(action)
    if a.kind == "block":
        return f"block@{a.target}:{a.value}"
    if a.kind == "advance_two":
        return f"advance {a.value}+{a.value + 1}"
    if a.kind in ("advance", "unblock"):
        return f"{a.kind} {a.value}"
    if a.target >= 0:
        return f"{a.kind}@{a.target}"
    return a.kind


_PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], int]]] = [
    (re.compile(r"block@([0-5]):([1-6])"), lambda m: block(int(m[1]), int(m[2]))),
    (re.compile(r"advance ([1-6])\+[2-7]"), lambda m: advance_two(int(m[1]))),
    (re.compile(r"advance ([1-6])"), lambda m: advance(int(m[1]))),
    (re.compile(r"unblock ([1-6])"), lambda m: unblock(int(m[1]))),
    (re.compile(r"reclaim@([0-5])"), lambda m: reclaim(int(m[1]))),
    (re.compile(r"take_back@([0-5])"), lambda m: take_back(int(m[1]))),
    (re.compile(r"madden@([0-5])"), lambda m: madden(int(m[1]))),
]


def parse(text: str) -> int:
    """The seat action written as ``text`` (the notation of :func:`action_to_string`).

    >>> parse("block@1:3") == block(1, 3), parse(" Pass ") == PASS
    (True, True)
    """
    word = " ".join(text.strip().lower().split())
    if word in _BY_NAME:
        return _BY_NAME[word]
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(word)
        if m:
            return build(m)
    raise NotationError(
        f"{text!r} is not an action; write pass, claim, touch, betray, loyal, advance 3, "
        "advance 3+4, unblock 4, block@2:4, reclaim@2, take_back@1 or madden@2"
    )


# -- chance outcomes -----------------------------------------------------------------------
def faces_code(counts: tuple[int, ...]) -> int:
    """Code of a roll given as counts per face (index 1..6; index 0 unused)."""
    return (
        counts[1]
        + 7 * counts[2]
        + 49 * counts[3]
        + 343 * counts[4]
        + 2401 * counts[5]
        + 16807 * counts[6]
    )


def faces_from_code(code: int) -> tuple[int, ...]:
    """Counts per face (index 0 is 0) from a faces code."""
    cached = _FACES.get(code)
    if cached is not None:
        return cached
    counts = [0]
    key = code
    for _ in range(6):
        code, c = divmod(code, 7)
        counts.append(c)
    _FACES[key] = result = tuple(counts)
    return result


_FACES: dict[int, tuple[int, ...]] = {}


def faces_list(counts: tuple[int, ...]) -> list[int]:
    """The rolled values, sorted."""
    return [v for v in range(1, 7) for _ in range(counts[v])]


def counts_of(values: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Counts per face of rolled ``values``."""
    counts = [0] * 7
    for v in values:
        counts[v] += 1
    return tuple(counts)


def encode_roll(seat: int, gap_ms: int, counts: tuple[int, ...]) -> int:
    """Chance outcome: ``seat`` acts ``gap_ms`` after the last event with these faces."""
    return ROLL_BASE + (gap_ms * 8 + seat) * FACE_CODES + faces_code(counts)


def decode_roll(action: int) -> tuple[int, int, tuple[int, ...]]:
    """``(seat, gap_ms, counts)`` of a roll outcome."""
    rest, code = divmod(action - ROLL_BASE, FACE_CODES)
    gap, seat = divmod(rest, 8)
    return seat, gap, faces_from_code(code)
