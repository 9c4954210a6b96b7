"""Typed actions of Wonderland's War and their stable int codec over a fixed action space.

Every action kind owns a block of ids; the block sizes are the content capacities of
``content.py``, so the codec does not depend on the content pack in use.

>>> encode(Act("move", 3, 1)), decode(7)
(7, Act(kind='move', a=3, b=1))
>>> to_text(encode(Act("chip", 2, 5))), from_text("chip 2 5") == encode(Act("chip", 2, 5))
('chip 2 5', True)
"""

from __future__ import annotations

from typing import NamedTuple

from wonderland.core.errors import NotationError
from wonderland.games.wonderlands_war.content import (
    MAX_ALLY_SETS,
    MAX_CARDS,
    MAX_CHIPS,
    MAX_DIE_FACES,
    MAX_FACTIONS,
    MAX_QUESTS,
    MAX_REGIONS,
    MAX_SEATS,
    MAX_SPACES,
    MAX_TILES,
    MAX_TRACKS,
    MAX_WONDERLANDIANS,
)

MAX_KEEP = 6


class Act(NamedTuple):
    """A decoded action: its kind and up to two small ints."""

    kind: str
    a: int = 0
    b: int = 0


# kind -> (size of first argument, size of second argument); order fixes the codec
_LAYOUT: tuple[tuple[str, int, int], ...] = (
    ("move", MAX_SPACES, 2),  # space, card half
    ("head", 1, 1),
    ("leader", MAX_REGIONS, 1),
    ("support_all", MAX_REGIONS, 1),
    ("support_one", MAX_REGIONS, 1),
    ("castle", MAX_REGIONS, 1),
    ("pick_wl", 3, 1),  # market slot
    ("place_wl", MAX_REGIONS, 1),
    ("ally", MAX_CHIPS, 1),
    ("keep", MAX_KEEP, 1),
    ("faction", MAX_FACTIONS, 1),
    ("draw", 1, 1),
    ("stop", 1, 1),
    ("shield", 1, 1),
    ("accept", 1, 1),
    ("award_vp", 1, 1),
    ("award_castle", 1, 1),
    ("forge", MAX_TRACKS, MAX_CHIPS),  # track, chip
    ("no_forge", 1, 1),
    ("wager", MAX_SEATS, 1),
    ("no_wager", 1, 1),
    # chance outcomes
    ("tile", MAX_TILES, 1),
    ("ally_set", MAX_ALLY_SETS, 1),
    ("wl", MAX_WONDERLANDIANS, 1),
    ("card", MAX_CARDS, 1),
    ("quest", MAX_QUESTS, 1),
    ("start", MAX_SEATS, 1),
    ("die", MAX_SEATS, MAX_DIE_FACES),  # seat, face index
    ("chip", MAX_SEATS, MAX_CHIPS),  # seat, chip kind
)
BASE: dict[str, int] = {}
_SIZE: dict[str, tuple[int, int]] = {}
_KINDS: list[tuple[int, str]] = []
_next = 0
for _kind, _sa, _sb in _LAYOUT:
    BASE[_kind] = _next
    _SIZE[_kind] = (_sa, _sb)
    _KINDS.append((_next, _kind))
    _next += _sa * _sb
NUM_ACTIONS = _next
_NO_ARGS = frozenset(k for k, (sa, sb) in _SIZE.items() if sa == 1 and sb == 1)
_ONE_ARG = frozenset(k for k, (sa, sb) in _SIZE.items() if sa > 1 and sb == 1)

# frequently used ids
DRAW = BASE["draw"]
STOP = BASE["stop"]
SHIELD = BASE["shield"]
ACCEPT = BASE["accept"]
AWARD_VP = BASE["award_vp"]
AWARD_CASTLE = BASE["award_castle"]
NO_FORGE = BASE["no_forge"]
NO_WAGER = BASE["no_wager"]
HEAD = BASE["head"]


def encode(act: Act) -> int:
    """The id of ``act``; ValueError when an argument is out of its block."""
    sa, sb = _SIZE[act.kind]
    if not (0 <= act.a < sa and 0 <= act.b < sb):
        raise ValueError(f"{act} is outside the action space")
    return BASE[act.kind] + act.a * sb + act.b


def decode(action: int) -> Act:
    """The action with id ``action``; ValueError outside the action space."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} is outside 0..{NUM_ACTIONS - 1}")
    kind = ""
    base = 0
    for start, name in _KINDS:
        if start > action:
            break
        kind, base = name, start
    sb = _SIZE[kind][1]
    return Act(kind, (action - base) // sb, (action - base) % sb)


def to_text(action: int) -> str:
    """Notation of ``action``: the kind and its arguments, e.g. ``move 3 0`` or ``draw``."""
    act = decode(action)
    if act.kind in _NO_ARGS:
        return act.kind
    if act.kind in _ONE_ARG:
        return f"{act.kind} {act.a}"
    return f"{act.kind} {act.a} {act.b}"


def from_text(text: str) -> int:
    """Parse the notation of ``to_text`` (or a bare action id); NotationError otherwise."""
    words = text.strip().lower().replace("-", "_").split()
    if len(words) == 1 and words[0].isdigit():
        action = int(words[0])
        if 0 <= action < NUM_ACTIONS:
            return action
        raise NotationError(f"action id {action} is outside 0..{NUM_ACTIONS - 1}")
    if not words or words[0] not in _SIZE:
        raise NotationError(f"{text!r} is not an action; kinds: {', '.join(_SIZE)}")
    try:
        args = [int(w) for w in words[1:]]
    except ValueError:
        raise NotationError(f"{text!r}: arguments must be whole numbers") from None
    kind = words[0]
    expected = 0 if kind in _NO_ARGS else 1 if kind in _ONE_ARG else 2
    if len(args) != expected:
        raise NotationError(f"{kind!r} takes {expected} number(s), got {len(args)}")
    args += [0] * (2 - len(args))
    try:
        return encode(Act(kind, args[0], args[1]))
    except ValueError as err:
        raise NotationError(str(err)) from None
