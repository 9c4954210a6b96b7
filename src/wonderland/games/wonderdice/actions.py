"""Typed actions and their stable integer codec.

A seat action is one of the small frozen dataclasses of :data:`Action`; its id is a small
int (``0 .. NUM_ACTIONS-1``) and its notation a word (``pass``, ``advance 3``,
``block@2:4``).  Chance outcomes are larger ints: ``DEAL_BASE + code`` for the deal of
characters and ``ROLL_BASE + ...`` for "seat s acts ``gap`` ms after the previous event, having
rolled these faces" (no faces: a turn without a roll, to claim, reclaim or touch the token).

>>> action_to_string(block(2, 4)), decode(block(2, 4))
('block@2:4', Block(target=2, value=4))
>>> encode(Block(2, 4)) == block(2, 4), encode(Pass()) == PASS
(True, True)
>>> [action_to_string(encode(a)) for a in (AdvanceTwo(3), Reclaim(1), Claim())]
['advance 3+4', 'reclaim@1', 'claim']
>>> decode_roll(encode_roll(3, 150, (0, 2, 0, 0, 1, 0, 0)))
(3, 150, (0, 2, 0, 0, 1, 0, 0))
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from wonderland.core.errors import NotationError

PASS, CLAIM, TOUCH, BETRAY, LOYAL = 0, 1, 2, 3, 4
_RECLAIM_BASE, _ADVANCE_BASE, _ADVANCE_TWO_BASE = 5, 11, 17
_UNBLOCK_BASE, _TAKE_BACK_BASE, _MADDEN_BASE, _BLOCK_BASE = 23, 29, 35, 41
NUM_ACTIONS = 77
MAX_SEATS = 6

DEAL_BASE = 1_000
ROLL_BASE = 1 << 32
FACE_CODES = 7**6
MAX_GAP_MS = 3_600_000
"""Longest gap a roll event may carry; a driver clamps longer silences to it (they never
matter to the rules, whose only time comparison is the simultaneity window)."""


# -- the typed actions ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pass:
    """Let the roll go unused (D14), or end a turn without a roll."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Claim:
    """Touch the White Rabbit with a complete row (D25)."""

    kind: ClassVar[str] = "claim"


@dataclass(frozen=True, slots=True)
class Touch:
    """Touch the token after someone's win (D28)."""

    kind: ClassVar[str] = "touch"


@dataclass(frozen=True, slots=True)
class Betray:
    """Betray the team against the Jabberwocky (D36)."""

    kind: ClassVar[str] = "betray"


@dataclass(frozen=True, slots=True)
class Loyal:
    """Stay loyal to the team against the Jabberwocky (D36)."""

    kind: ClassVar[str] = "loyal"


@dataclass(frozen=True, slots=True)
class Reclaim:
    """Take back the block die lying on ``target`` without a roll (D23, Q3)."""

    target: int
    kind: ClassVar[str] = "reclaim"


@dataclass(frozen=True, slots=True)
class Advance:
    """Place a die showing ``value`` on your row (D18)."""

    value: int
    kind: ClassVar[str] = "advance"


@dataclass(frozen=True, slots=True)
class AdvanceTwo:
    """Place ``value`` and ``value + 1`` at once (an ability)."""

    value: int
    kind: ClassVar[str] = "advance_two"


@dataclass(frozen=True, slots=True)
class Unblock:
    """Free yourself with a die showing ``value`` (D22)."""

    value: int
    kind: ClassVar[str] = "unblock"


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Make ``target`` take back the die they placed last (Walrus; D8, Q9)."""

    target: int
    kind: ClassVar[str] = "take_back"


@dataclass(frozen=True, slots=True)
class Madden:
    """The Jabberwocky turns ``target`` Mad (D34)."""

    target: int
    kind: ClassVar[str] = "madden"


@dataclass(frozen=True, slots=True)
class Block:
    """Block ``target`` with a die showing ``value`` (D19)."""

    target: int
    value: int
    kind: ClassVar[str] = "block"


Action = (
    Pass
    | Claim
    | Touch
    | Betray
    | Loyal
    | Reclaim
    | Advance
    | AdvanceTwo
    | Unblock
    | TakeBack
    | Madden
    | Block
)
"""A decoded seat action; ``kind`` names its class in the notation and on the wire."""

Targeted = Reclaim | TakeBack | Madden | Block
"""The actions aimed at another seat."""
Valued = Advance | AdvanceTwo | Unblock | Block
"""The actions that use a die of one value."""


def target_of(action: Action) -> int:
    """The seat ``action`` aims at (-1: none)."""
    return action.target if isinstance(action, Targeted) else -1


def value_of(action: Action) -> int:
    """The die value ``action`` uses (0: none)."""
    return action.value if isinstance(action, Valued) else 0


# -- the integer codec -----------------------------------------------------------------------
def reclaim(target: int) -> int:
    """The id of :class:`Reclaim` ``(target)``."""
    return _RECLAIM_BASE + target


def advance(value: int) -> int:
    """The id of :class:`Advance` ``(value)``."""
    return _ADVANCE_BASE + value - 1


def advance_two(value: int) -> int:
    """The id of :class:`AdvanceTwo` ``(value)``."""
    return _ADVANCE_TWO_BASE + value - 1


def unblock(value: int) -> int:
    """The id of :class:`Unblock` ``(value)``."""
    return _UNBLOCK_BASE + value - 1


def take_back(target: int) -> int:
    """The id of :class:`TakeBack` ``(target)``."""
    return _TAKE_BACK_BASE + target


def madden(target: int) -> int:
    """The id of :class:`Madden` ``(target)``."""
    return _MADDEN_BASE + target


def block(target: int, value: int) -> int:
    """The id of :class:`Block` ``(target, value)``."""
    return _BLOCK_BASE + target * 6 + value - 1


_SIMPLE: dict[int, Action] = {
    PASS: Pass(),
    CLAIM: Claim(),
    TOUCH: Touch(),
    BETRAY: Betray(),
    LOYAL: Loyal(),
}
_BY_NAME = {action.kind: code for code, action in _SIMPLE.items()}


def encode(action: Action) -> int:
    """The id of a typed seat action."""
    match action:
        case Block(target, value):
            return block(target, value)
        case Advance(value):
            return advance(value)
        case AdvanceTwo(value):
            return advance_two(value)
        case Unblock(value):
            return unblock(value)
        case Reclaim(target):
            return reclaim(target)
        case TakeBack(target):
            return take_back(target)
        case Madden(target):
            return madden(target)
    return _BY_NAME[action.kind]


def decode(action: int) -> Action:
    """The typed form of seat action ``action`` (NotationError if it is not one)."""
    if 0 <= action < NUM_ACTIONS:
        return DECODED[action]
    raise NotationError(f"{action} is not a seat action id (0..{NUM_ACTIONS - 1})")


_BY_SEAT: tuple[tuple[int, Callable[[int], Action]], ...] = (
    (_MADDEN_BASE, Madden),
    (_TAKE_BACK_BASE, TakeBack),
    (_UNBLOCK_BASE, lambda offset: Unblock(offset + 1)),
    (_ADVANCE_TWO_BASE, lambda offset: AdvanceTwo(offset + 1)),
    (_ADVANCE_BASE, lambda offset: Advance(offset + 1)),
    (_RECLAIM_BASE, Reclaim),
)
"""The ranges of ids above the simple actions, highest first: each range's first id and
its action from the offset into the range."""


def _decode(action: int) -> Action:
    if action in _SIMPLE:
        return _SIMPLE[action]
    if action >= _BLOCK_BASE:
        target, value = divmod(action - _BLOCK_BASE, 6)
        return Block(target, value + 1)
    for base, build in _BY_SEAT:
        if action >= base:
            return build(action - base)
    raise NotationError(f"{action} is not a seat action id")  # pragma: no cover


DECODED = tuple(_decode(a) for a in range(NUM_ACTIONS))
"""The typed form of every seat action id, by id (for hot paths that know the id is valid)."""


# -- the notation ----------------------------------------------------------------------------
def typed_to_string(action: Action) -> str:
    """The notation of a typed seat action."""
    match action:
        case Block(target, value):
            return f"block@{target}:{value}"
        case AdvanceTwo(value):
            return f"advance {value}+{value + 1}"
        case Advance(value) | Unblock(value):
            return f"{action.kind} {value}"
        case Reclaim(target) | TakeBack(target) | Madden(target):
            return f"{action.kind}@{target}"
    return action.kind


def action_to_string(action: int) -> str:
    """Notation of a seat action or a chance outcome."""
    if action >= ROLL_BASE:
        seat, gap, faces = decode_roll(action)
        shown = " ".join(str(v) for v in faces_list(faces))
        return f"roll s{seat} +{gap}ms [{shown}]" if shown else f"turn s{seat} +{gap}ms"
    if action >= DEAL_BASE:
        return f"deal #{action - DEAL_BASE}"
    return typed_to_string(decode(action))


_PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], int]]] = [
    (re.compile(r"block@([0-5]):([1-6])"), lambda match: block(int(match[1]), int(match[2]))),
    (re.compile(r"advance ([1-6])\+[2-7]"), lambda match: advance_two(int(match[1]))),
    (re.compile(r"advance ([1-6])"), lambda match: advance(int(match[1]))),
    (re.compile(r"unblock ([1-6])"), lambda match: unblock(int(match[1]))),
    (re.compile(r"reclaim@([0-5])"), lambda match: reclaim(int(match[1]))),
    (re.compile(r"take_back@([0-5])"), lambda match: take_back(int(match[1]))),
    (re.compile(r"madden@([0-5])"), lambda match: madden(int(match[1]))),
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
        match = pattern.fullmatch(word)
        if match:
            return build(match)
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
