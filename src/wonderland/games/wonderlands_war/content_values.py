"""Wonderland's War content as the rules use it: plain frozen values, ids resolved to indices."""

from __future__ import annotations

from dataclasses import dataclass

from wonderland.games.wonderlands_war.content_files import GameRules


@dataclass(frozen=True, slots=True)
class Fx:
    """A compiled effect: registry id, amount and chip index (-1 when unused)."""

    effect: str
    n: int
    chip: int


@dataclass(frozen=True, slots=True)
class ChipDef:
    """A compiled chip kind."""

    id: str
    name: str
    kind: str
    strength: int
    supporters_lost: int
    count: int
    on_draw: tuple[Fx, ...]
    provisional: bool


@dataclass(frozen=True, slots=True)
class AbilityDef:
    """A compiled ability."""

    id: str
    name: str
    hook: str
    effects: tuple[Fx, ...]
    provisional: bool


@dataclass(frozen=True, slots=True)
class TrackDef:
    """A compiled forge track."""

    id: str
    name: str
    slots: tuple[tuple[Fx, ...], ...]
    on_complete: tuple[Fx, ...]


@dataclass(frozen=True, slots=True)
class FactionDef:
    """A compiled faction."""

    id: str
    name: str
    counterclockwise: bool
    split_supporters: bool
    leader_strength: tuple[int, ...]
    madness_slots: int
    castle_values: tuple[int, ...]
    artifact_chip: int
    start_bag: tuple[int, ...]
    abilities: tuple[AbilityDef, ...]  # index 0 is the starting ability
    forge_tracks: tuple[TrackDef, ...]
    supporters_track: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class HalfDef:
    """A compiled card half."""

    supporters: int
    shard_die: bool
    effects: tuple[Fx, ...]


@dataclass(frozen=True, slots=True)
class CardDef:
    """A compiled tea party card (one half when plain, two when split)."""

    id: str
    name: str
    deck: int
    halves: tuple[HalfDef, ...]
    provisional: bool


@dataclass(frozen=True, slots=True)
class WonderlandianDef:
    """A compiled Wonderlandian."""

    id: str
    name: str
    figure: bool
    strength: int
    chip: int
    chips: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class CondDef:
    """A compiled quest condition."""

    type: str
    n: int
    region: int


@dataclass(frozen=True, slots=True)
class QuestDef:
    """A compiled quest."""

    id: str
    name: str
    region: int
    feat: CondDef
    objective: CondDef
    feat_points: int
    objective_points: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class AllySetDef:
    """A compiled ally set."""

    id: str
    chips: tuple[int, ...]
    weak: int


@dataclass(frozen=True, slots=True)
class Content:
    """All content of one game, as plain values with cross references resolved to indices."""

    rules: GameRules
    regions: tuple[str, ...]
    region_ids: tuple[str, ...]
    tiles: tuple[tuple[int, ...], ...]
    tile_ids: tuple[str, ...]
    spaces: tuple[int, ...]  # minimum player count per space; 0 marks the Head of the Table
    head: int
    die_faces: tuple[int, ...]
    chips: tuple[ChipDef, ...]
    factions: tuple[FactionDef, ...]
    cards: tuple[CardDef, ...]
    decks: tuple[tuple[int, ...], ...]  # card indices of deck I, II, III, ...
    wonderlandians: tuple[WonderlandianDef, ...]
    ally_sets: tuple[AllySetDef, ...]
    quests: tuple[QuestDef, ...]
    madness_chip: int  # the regular madness chip gained from the supply
    provisional_ids: frozenset[str]
    digest: str

    def card_limit(self, players: int) -> int:
        """Tea party cards a player may hold in one round (W26, G3)."""
        table = self.rules.cards_per_tea_party
        return table.get(str(players), table.get("default", 4))

    def active_spaces(self, players: int) -> tuple[int, ...]:
        """Positions of plates used with ``players`` players (W9)."""
        return tuple(
            pos for pos, need in enumerate(self.spaces) if pos != self.head and need <= players
        )
