"""Wonderland's War's actions and their stable int codec over a fixed action space.

Every action type owns a block of ids; the block sizes are the content capacities of
``capacity.py``, so the codec does not depend on the content pack in use.  The notation is
the type's word and its fields in order (``move 3 1``, ``draw``, ``chip 2 5``).

>>> encode(Move(3, 1)), decode(7)
(7, Move(space=3, half=1))
>>> chip = encode(DrawChip(2, 5))
>>> action_to_string(chip), parse("chip 2 5") == chip
('chip 2 5', True)
>>> decode(parse("draw")), decode(DRAW)
(Draw(), Draw())
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from wonderland.core.errors import NotationError
from wonderland.games.wonderlands_war import capacity


class _ActionType:
    """What every action type shares: its word in the notation and its block of ids (set by
    the layout below: ``targets`` values of its first field times ``options`` of its second)."""

    __slots__ = ()
    kind: ClassVar[str]
    first_id: ClassVar[int] = 0
    targets: ClassVar[int] = 1
    options: ClassVar[int] = 1


# -- a seat's decisions ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move(_ActionType):
    """Move the leader to a tea-table space and take its card, using one half (W19-W21)."""

    kind = "move"
    space: int
    half: int


@dataclass(frozen=True, slots=True)
class Head(_ActionType):
    """Move the leader to the Head of the Table (W23, W24)."""

    kind = "head"


@dataclass(frozen=True, slots=True)
class PlaceLeader(_ActionType):
    """Leave the tea party: the leader goes to a region (W26)."""

    kind = "leader"
    region: int


@dataclass(frozen=True, slots=True)
class SupportAll(_ActionType):
    """All the supporters left to place go to a region (W21)."""

    kind = "support_all"
    region: int


@dataclass(frozen=True, slots=True)
class SupportOne(_ActionType):
    """One supporter goes to a region; the next one is asked for (W22)."""

    kind = "support_one"
    region: int


@dataclass(frozen=True, slots=True)
class BuildCastle(_ActionType):
    """An effect's castle goes to a region (W21)."""

    kind = "castle"
    region: int


@dataclass(frozen=True, slots=True)
class PickWonderlandian(_ActionType):
    """Take the Wonderlandian of a market slot (W28)."""

    kind = "pick_wl"
    slot: int


@dataclass(frozen=True, slots=True)
class PlaceWonderlandian(_ActionType):
    """The Wonderlandian figure taken goes to a region (W28)."""

    kind = "place_wl"
    region: int


@dataclass(frozen=True, slots=True)
class PickAlly(_ActionType):
    """Gain an ally chip of the set in play (W21)."""

    kind = "ally"
    chip: int


@dataclass(frozen=True, slots=True)
class KeepQuest(_ActionType):
    """Keep one of the quests drawn, by its index among them (W15)."""

    kind = "keep"
    index: int


@dataclass(frozen=True, slots=True)
class ChooseFaction(_ActionType):
    """Play a faction (W11)."""

    kind = "faction"
    faction: int


@dataclass(frozen=True, slots=True)
class Draw(_ActionType):
    """Draw a chip in the battle (W33)."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class Stop(_ActionType):
    """Stop drawing, keeping the strength reached (W33)."""

    kind = "stop"


@dataclass(frozen=True, slots=True)
class Shield(_ActionType):
    """Flip the shield: the madness chip drawn goes back and the seat draws again (W36)."""

    kind = "shield"


@dataclass(frozen=True, slots=True)
class Accept(_ActionType):
    """Keep the madness chip drawn (W36)."""

    kind = "accept"


@dataclass(frozen=True, slots=True)
class AwardVictoryPoints(_ActionType):
    """A tied winner takes the victory points (W44)."""

    kind = "award_vp"


@dataclass(frozen=True, slots=True)
class AwardCastle(_ActionType):
    """A tied winner places a castle in the battle's region (W44)."""

    kind = "award_castle"


@dataclass(frozen=True, slots=True)
class Forge(_ActionType):
    """Forge a chip drawn in the battle onto a forge track (W40)."""

    kind = "forge"
    track: int
    chip: int


@dataclass(frozen=True, slots=True)
class NoForge(_ActionType):
    """Forge nothing (W40)."""

    kind = "no_forge"


@dataclass(frozen=True, slots=True)
class Wager(_ActionType):
    """A bystander bets on a seat of the battle (W48)."""

    kind = "wager"
    seat: int


@dataclass(frozen=True, slots=True)
class NoWager(_ActionType):
    """A bystander does not bet (W48)."""

    kind = "no_wager"


# -- chance outcomes ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealTile(_ActionType):
    """A scoring tile is dealt to the region of the task (W4)."""

    kind = "tile"
    tile: int


@dataclass(frozen=True, slots=True)
class DrawAllySet(_ActionType):
    """The ally set in play (W5)."""

    kind = "ally_set"
    ally_set: int


@dataclass(frozen=True, slots=True)
class RevealWonderlandian(_ActionType):
    """A Wonderlandian fills the market slot of the task (W6)."""

    kind = "wl"
    wonderlandian: int


@dataclass(frozen=True, slots=True)
class DealCard(_ActionType):
    """A tea card is dealt to the space of the task (W9)."""

    kind = "card"
    card: int


@dataclass(frozen=True, slots=True)
class DrawQuest(_ActionType):
    """A quest is drawn (W10, W15)."""

    kind = "quest"
    quest: int


@dataclass(frozen=True, slots=True)
class StartPlayer(_ActionType):
    """The start player (W16)."""

    kind = "start"
    seat: int


@dataclass(frozen=True, slots=True)
class RollDie(_ActionType):
    """A seat's shard die shows a face, by its index (W23)."""

    kind = "die"
    seat: int
    face: int


@dataclass(frozen=True, slots=True)
class DrawChip(_ActionType):
    """A seat draws a chip from its bag (W33)."""

    kind = "chip"
    seat: int
    chip: int


Action = (
    Move
    | Head
    | PlaceLeader
    | SupportAll
    | SupportOne
    | BuildCastle
    | PickWonderlandian
    | PlaceWonderlandian
    | PickAlly
    | KeepQuest
    | ChooseFaction
    | Draw
    | Stop
    | Shield
    | Accept
    | AwardVictoryPoints
    | AwardCastle
    | Forge
    | NoForge
    | Wager
    | NoWager
    | DealTile
    | DrawAllySet
    | RevealWonderlandian
    | DealCard
    | DrawQuest
    | StartPlayer
    | RollDie
    | DrawChip
)
REGION_ACTIONS = (PlaceLeader, SupportAll, SupportOne, BuildCastle, PlaceWonderlandian)
"""The actions whose one field is a region."""

# the action types with the sizes of their fields; the order fixes the codec
_LAYOUT: tuple[tuple[type[Action], int, int], ...] = (
    (Move, capacity.MAX_SPACES, capacity.CARD_HALVES),
    (Head, 1, 1),
    (PlaceLeader, capacity.MAX_REGIONS, 1),
    (SupportAll, capacity.MAX_REGIONS, 1),
    (SupportOne, capacity.MAX_REGIONS, 1),
    (BuildCastle, capacity.MAX_REGIONS, 1),
    (PickWonderlandian, capacity.MARKET_SLOTS, 1),
    (PlaceWonderlandian, capacity.MAX_REGIONS, 1),
    (PickAlly, capacity.MAX_CHIPS, 1),
    (KeepQuest, capacity.MAX_KEEP, 1),
    (ChooseFaction, capacity.MAX_FACTIONS, 1),
    (Draw, 1, 1),
    (Stop, 1, 1),
    (Shield, 1, 1),
    (Accept, 1, 1),
    (AwardVictoryPoints, 1, 1),
    (AwardCastle, 1, 1),
    (Forge, capacity.MAX_TRACKS, capacity.MAX_CHIPS),
    (NoForge, 1, 1),
    (Wager, capacity.MAX_SEATS, 1),
    (NoWager, 1, 1),
    (DealTile, capacity.MAX_TILES, 1),
    (DrawAllySet, capacity.MAX_ALLY_SETS, 1),
    (RevealWonderlandian, capacity.MAX_WONDERLANDIANS, 1),
    (DealCard, capacity.MAX_CARDS, 1),
    (DrawQuest, capacity.MAX_QUESTS, 1),
    (StartPlayer, capacity.MAX_SEATS, 1),
    (RollDie, capacity.MAX_SEATS, capacity.MAX_DIE_FACES),
    (DrawChip, capacity.MAX_SEATS, capacity.MAX_CHIPS),
)
_FIELDS: dict[type[Action], tuple[str, ...]] = {}
"""Each action type's fields, in notation order."""
_BY_WORD: dict[str, type[Action]] = {}
BASE: dict[str, int] = {}
"""Word -> the first id of its type's block."""
_next_id = 0
for _type, _targets, _options in _LAYOUT:
    _type.first_id, _type.targets, _type.options = _next_id, _targets, _options
    _FIELDS[_type] = tuple(f.name for f in fields(_type))
    _BY_WORD[_type.kind] = _type
    BASE[_type.kind] = _next_id
    _next_id += _targets * _options
NUM_ACTIONS = _next_id


def _arguments(action: Action) -> tuple[int, int]:
    """The action's first and second field (0 for a field it does not have)."""
    values = [getattr(action, name) for name in _FIELDS[type(action)]]
    values += [0] * (2 - len(values))
    return values[0], values[1]


def encode(action: Action) -> int:
    """The id of ``action``; ValueError when a field is out of its block."""
    kind = type(action)
    target, option = _arguments(action)
    if not (0 <= target < kind.targets and 0 <= option < kind.options):
        raise ValueError(f"{action} is outside the action space")
    return kind.first_id + target * kind.options + option


def _decode(action: int) -> Action:
    kind = _LAYOUT[0][0]
    for candidate, _, _ in _LAYOUT:
        if candidate.first_id > action:
            break
        kind = candidate
    target, option = divmod(action - kind.first_id, kind.options)
    return kind(*(target, option)[: len(_FIELDS[kind])])


DECODED: tuple[Action, ...] = tuple(_decode(a) for a in range(NUM_ACTIONS))
"""The typed form of every action id, by id."""

# the ids of the actions without fields
HEAD = encode(Head())
DRAW = encode(Draw())
STOP = encode(Stop())
SHIELD = encode(Shield())
ACCEPT = encode(Accept())
AWARD_VP = encode(AwardVictoryPoints())
AWARD_CASTLE = encode(AwardCastle())
NO_FORGE = encode(NoForge())
NO_WAGER = encode(NoWager())


def decode(action: int) -> Action:
    """The action with id ``action``; ValueError outside the action space."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} is outside 0..{NUM_ACTIONS - 1}")
    return DECODED[action]


def to_text(action: Action) -> str:
    """The notation of a typed action: its word and its fields, e.g. ``move 3 0``."""
    return " ".join([action.kind, *(str(getattr(action, n)) for n in _FIELDS[type(action)])])


def action_to_string(action: int) -> str:
    """Notation of ``action``: the word and its fields, e.g. ``move 3 0`` or ``draw``."""
    return to_text(decode(action))


def from_text(text: str) -> Action:
    """The typed action of the notation of :func:`to_text`; NotationError otherwise (a field
    out of its block included)."""
    words = text.strip().lower().replace("-", "_").split()
    if not words or words[0] not in _BY_WORD:
        raise NotationError(f"{text!r} is not an action; kinds: {', '.join(_BY_WORD)}")
    try:
        args = [int(w) for w in words[1:]]
    except ValueError:
        raise NotationError(f"{text!r}: arguments must be whole numbers") from None
    kind = _BY_WORD[words[0]]
    expected = len(_FIELDS[kind])
    if len(args) != expected:
        raise NotationError(f"{kind.kind!r} takes {expected} number(s), got {len(args)}")
    action = kind(*args)
    target, option = _arguments(action)
    if not (0 <= target < kind.targets and 0 <= option < kind.options):
        raise NotationError(f"{action} is outside the action space")
    return action


def parse(text: str) -> int:
    """Parse the notation of ``action_to_string`` (or a bare action id); NotationError
    otherwise."""
    words = text.strip().split()
    if len(words) == 1 and words[0].isdigit():
        action = int(words[0])
        if 0 <= action < NUM_ACTIONS:
            return action
        raise NotationError(f"action id {action} is outside 0..{NUM_ACTIONS - 1}")
    return encode(from_text(text))
