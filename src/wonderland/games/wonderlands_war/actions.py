"""Typed actions of Wonderland's War and their stable int codec over a fixed action space.

Every action kind owns a block of ids; the block sizes are the content capacities of
``capacity.py``, so the codec does not depend on the content pack in use.  An action is a kind
and up to two small ints, its ``target`` and its ``option`` (their meaning per kind: the
comments of ``_LAYOUT``).

>>> encode(Action("move", 3, 1)), decode(7)
(7, Action(kind='move', target=3, option=1))
>>> chip = encode(Action("chip", 2, 5))
>>> action_to_string(chip), parse("chip 2 5") == chip
('chip 2 5', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from wonderland.core.errors import NotationError
from wonderland.games.wonderlands_war.capacity import (
    CARD_HALVES,
    MARKET_SLOTS,
    MAX_ALLY_SETS,
    MAX_CARDS,
    MAX_CHIPS,
    MAX_DIE_FACES,
    MAX_FACTIONS,
    MAX_KEEP,
    MAX_QUESTS,
    MAX_REGIONS,
    MAX_SEATS,
    MAX_SPACES,
    MAX_TILES,
    MAX_TRACKS,
    MAX_WONDERLANDIANS,
)


@dataclass(frozen=True, slots=True)
class Action:
    """A decoded action: its kind, its target and its option (0 when the kind has none)."""

    kind: str
    target: int = 0
    option: int = 0


# kind, number of targets, number of options; the order fixes the codec
_LAYOUT: tuple[tuple[str, int, int], ...] = (
    ("move", MAX_SPACES, CARD_HALVES),  # target: space; option: card half
    ("head", 1, 1),
    ("leader", MAX_REGIONS, 1),  # target: region
    ("support_all", MAX_REGIONS, 1),  # target: region
    ("support_one", MAX_REGIONS, 1),  # target: region
    ("castle", MAX_REGIONS, 1),  # target: region
    ("pick_wl", MARKET_SLOTS, 1),  # target: market slot
    ("place_wl", MAX_REGIONS, 1),  # target: region
    ("ally", MAX_CHIPS, 1),  # target: chip kind
    ("keep", MAX_KEEP, 1),  # target: index among the quests drawn
    ("faction", MAX_FACTIONS, 1),  # target: faction
    ("draw", 1, 1),
    ("stop", 1, 1),
    ("shield", 1, 1),
    ("accept", 1, 1),
    ("award_vp", 1, 1),
    ("award_castle", 1, 1),
    ("forge", MAX_TRACKS, MAX_CHIPS),  # target: forge track; option: chip kind
    ("no_forge", 1, 1),
    ("wager", MAX_SEATS, 1),  # target: the seat bet on
    ("no_wager", 1, 1),
    # chance outcomes
    ("tile", MAX_TILES, 1),  # target: scoring tile
    ("ally_set", MAX_ALLY_SETS, 1),  # target: ally set
    ("wl", MAX_WONDERLANDIANS, 1),  # target: Wonderlandian
    ("card", MAX_CARDS, 1),  # target: tea card
    ("quest", MAX_QUESTS, 1),  # target: quest
    ("start", MAX_SEATS, 1),  # target: start seat
    ("die", MAX_SEATS, MAX_DIE_FACES),  # target: seat rolling; option: face index
    ("chip", MAX_SEATS, MAX_CHIPS),  # target: seat drawing; option: chip kind
)
BASE: dict[str, int] = {}
"""Kind -> the first id of its block."""
_SIZE: dict[str, tuple[int, int]] = {}
_KINDS: list[tuple[int, str]] = []
_next = 0
for _kind, _targets, _options in _LAYOUT:
    BASE[_kind] = _next
    _SIZE[_kind] = (_targets, _options)
    _KINDS.append((_next, _kind))
    _next += _targets * _options
NUM_ACTIONS = _next
_NO_ARGS = frozenset(k for k, (targets, options) in _SIZE.items() if targets == options == 1)
_ONE_ARG = frozenset(k for k, (targets, options) in _SIZE.items() if targets > 1 and options == 1)

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


def encode(action: Action) -> int:
    """The id of ``action``; ValueError when an argument is out of its block."""
    targets, options = _SIZE[action.kind]
    if not (0 <= action.target < targets and 0 <= action.option < options):
        raise ValueError(f"{action} is outside the action space")
    return BASE[action.kind] + action.target * options + action.option


def _decode(action: int) -> Action:
    kind = ""
    base = 0
    for start, name in _KINDS:
        if start > action:
            break
        kind, base = name, start
    options = _SIZE[kind][1]
    return Action(kind, (action - base) // options, (action - base) % options)


DECODED = tuple(_decode(a) for a in range(NUM_ACTIONS))
"""The typed form of every action id, by id."""


def decode(action: int) -> Action:
    """The action with id ``action``; ValueError outside the action space."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} is outside 0..{NUM_ACTIONS - 1}")
    return DECODED[action]


def action_to_string(action: int) -> str:
    """Notation of ``action``: the kind and its arguments, e.g. ``move 3 0`` or ``draw``."""
    decoded = decode(action)
    if decoded.kind in _NO_ARGS:
        return decoded.kind
    if decoded.kind in _ONE_ARG:
        return f"{decoded.kind} {decoded.target}"
    return f"{decoded.kind} {decoded.target} {decoded.option}"


def parse(text: str) -> int:
    """Parse the notation of ``action_to_string`` (or a bare action id); NotationError
    otherwise."""
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
        return encode(Action(kind, args[0], args[1]))
    except ValueError as err:
        raise NotationError(str(err)) from None
