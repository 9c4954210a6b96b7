"""Wonderland's War content files: the pydantic models of the TOML files, read and merged.

A content pack is a folder of TOML files (one per kind, see ``FILES``).  Each file is validated
on its own here; a user pack's records override or extend the base pack's by ``id``, and a
singleton table (``[game]``, ``[tea_table]``, ``[shard_die]``) in a user file replaces the base
one.  Every problem is reported with file, key and reason.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wonderland.core.errors import ContentError
from wonderland.games.wonderlands_war.capacity import (
    CARD_HALVES,
    MAX_DIE_FACES,
    MAX_SEATS,
    MAX_SPACES,
    MAX_TRACKS,
)


class Model(BaseModel):
    """Strict base: unknown keys are errors, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Record(Model):
    """A record with an id; ``provisional`` marks content of our own design."""

    id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.-]+$")
    name: str = ""
    provisional: bool = False
    source: str | None = None


class EffectSpec(Model):
    """One effect: an id from the effect registry and its parameters."""

    effect: str
    n: int | None = Field(default=None, ge=0, le=50)
    chip: str | None = None


class Condition(Model):
    """A quest feat or objective: a condition id and its parameters."""

    type: str
    n: int | None = Field(default=None, ge=0, le=50)
    region: str | None = None


class GameRules(Model):
    """Numbers of the rules that content may change."""

    rounds: int = Field(default=3, ge=1, le=5)
    auto_win_strength: int = Field(default=25, ge=1, le=100)
    castle_battle_strength: int = Field(default=2, ge=0, le=20)
    castle_base_vp: int = Field(default=3, ge=0, le=20)
    shard_vp: int = Field(default=-1, ge=-10, le=0)
    start_shards: list[int] = Field(default=[3, 2, 1, 0, 0], min_length=5, max_length=5)
    cards_per_tea_party: dict[str, int] = Field(default={"default": 4, "2": 5})
    madness_each_round: int = Field(default=1, ge=0, le=5)
    most_shards_extra_madness: int = Field(default=1, ge=0, le=5)
    supporters: int = Field(default=14, ge=1, le=40)
    supporters_on_forge_track: int = Field(default=4, ge=0, le=20)
    castles: int = Field(default=5, ge=0, le=20)
    battle_track_forge_icons: list[int] = Field(default=[])
    wager_shard_penalty: int = Field(default=1, ge=0, le=10)
    provisional: bool = False
    source: str | None = None


class Region(Record):
    """A region of Wonderland (listed clockwise)."""


class Tile(Record):
    """A region scoring tile: the first-place VP award for each round."""

    awards: list[int] = Field(min_length=1)


class Space(Model):
    """A tea party space: the Head of the Table, or a plate with a player-count marker."""

    head: bool = False
    min_players: int = Field(default=2, ge=1, le=MAX_SEATS)


class TeaTable(Model):
    """The tea table, clockwise; exactly one space is the Head of the Table."""

    spaces: list[Space] = Field(min_length=3, max_length=MAX_SPACES)
    provisional: bool = False
    source: str | None = None


class ShardDie(Model):
    """Faces of the shard die (shards taken per roll)."""

    faces: list[int] = Field(min_length=1, max_length=MAX_DIE_FACES)
    provisional: bool = False
    source: str | None = None


ChipKind = Literal["strength", "madness", "forge", "artifact", "ally", "wonderlandian"]


class Chip(Record):
    """A kind of chip and how many exist in the box."""

    kind: ChipKind
    strength: int = Field(default=0, ge=0, le=25)
    supporters_lost: int = Field(default=0, ge=0, le=14)
    count: int = Field(ge=0, le=200)
    on_draw: list[EffectSpec] = []


class Ability(Record):
    """A faction ability: effects run at a hook once unlocked."""

    hook: str
    effects: list[EffectSpec] = Field(min_length=1)


class ForgeTrack(Record):
    """A forge track: each slot grants effects; filling it grants ``on_complete``."""

    slots: list[list[EffectSpec]] = Field(min_length=1, max_length=8)
    on_complete: list[EffectSpec] = []


class Faction(Record):
    """A faction's board, pieces and start."""

    tea_direction: Literal["clockwise", "counterclockwise"] = "clockwise"
    split_supporters: bool = False
    leader_strength: list[int] = Field(min_length=1, max_length=10)
    madness_track_slots: int = Field(default=4, ge=1, le=10)
    castle_values: list[int] = Field(min_length=1, max_length=10)
    artifact_chip: str
    start_bag: list[str] = Field(min_length=1)
    starting_ability: Ability
    abilities: list[Ability] = Field(max_length=8)
    forge_tracks: list[ForgeTrack] = Field(min_length=1, max_length=MAX_TRACKS)
    supporters_track: int = Field(default=2, ge=0, lt=MAX_TRACKS)


class CardHalf(Model):
    """One half of a split card (or the whole of a plain one)."""

    supporters: int = Field(default=0, ge=0, le=14)
    shard_die: bool = False
    effects: list[EffectSpec] = []


class TeaCard(Record):
    """A tea party card of deck I, II or III."""

    deck: int = Field(ge=1, le=5)
    supporters: int = Field(default=0, ge=0, le=14)
    shard_die: bool = False
    effects: list[EffectSpec] = []
    split: list[CardHalf] | None = Field(
        default=None, min_length=CARD_HALVES, max_length=CARD_HALVES
    )


class Wonderlandian(Record):
    """A Wonderlandian: a figure that fights in a region, or chips for the bag."""

    mode: Literal["figure", "chips"]
    strength: int = Field(default=0, ge=0, le=25)
    chip: str | None = None
    chips: int = Field(default=0, ge=0, le=10)


class AllySet(Record):
    """An ally set (one per game): its chip kinds and the weak one paid for wagers."""

    chips: list[str] = Field(min_length=1)
    weak: str


class Quest(Record):
    """A quest: the region that places the battle marker, a feat and an objective."""

    region: str
    feat: Condition
    objective: Condition
    feat_points: int = Field(default=3, ge=0, le=50)
    objective_points: int = Field(default=3, ge=0, le=50)


class RulesFile(Model):
    """``rules.toml``."""

    game: GameRules


class BoardFile(Model):
    """``board.toml``."""

    regions: list[Region] = []
    tiles: list[Tile] = []
    tea_table: TeaTable | None = None
    shard_die: ShardDie | None = None


class ChipsFile(Model):
    """``chips.toml``."""

    chips: list[Chip] = []


class FactionsFile(Model):
    """``factions.toml``."""

    factions: list[Faction] = []


class TeaCardsFile(Model):
    """``tea_cards.toml``."""

    cards: list[TeaCard] = []


class WonderlandiansFile(Model):
    """``wonderlandians.toml``."""

    wonderlandians: list[Wonderlandian] = []


class AlliesFile(Model):
    """``allies.toml``."""

    ally_sets: list[AllySet] = []


class QuestsFile(Model):
    """``quests.toml``."""

    quests: list[Quest] = []


FILES: dict[str, type[Model]] = {
    "rules.toml": RulesFile,
    "board.toml": BoardFile,
    "chips.toml": ChipsFile,
    "factions.toml": FactionsFile,
    "tea_cards.toml": TeaCardsFile,
    "wonderlandians.toml": WonderlandiansFile,
    "allies.toml": AlliesFile,
    "quests.toml": QuestsFile,
}
SINGLETONS = {"game", "tea_table", "shard_die"}


@dataclass(frozen=True, slots=True)
class Problem:
    """One content problem: the file, the key inside it and the reason."""

    file: str
    key: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file}: {self.key}: {self.reason}"


class ContentProblemsError(ContentError):
    """Content failed validation; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        lines = "\n".join(f"  {p}" for p in problems)
        super().__init__(f"content has {len(problems)} problem(s):\n{lines}")
        self.problems = problems


def _location(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top)"


def read_folder(folder: Path, problems: list[Problem]) -> dict[str, Model]:
    """Parse and validate every known file of ``folder`` on its own."""
    parsed: dict[str, Model] = {}
    if not folder.is_dir():
        problems.append(Problem(str(folder), "(folder)", "not a folder"))
        return parsed
    for path in sorted(folder.glob("*.toml")):
        if path.name not in FILES:
            known = ", ".join(FILES)
            problems.append(Problem(path.name, "(file)", f"unknown content file; known: {known}"))
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as err:
            problems.append(Problem(path.name, "(file)", f"cannot read: {err}"))
            continue
        except tomllib.TOMLDecodeError as err:
            problems.append(Problem(path.name, "(file)", f"not valid TOML: {err}"))
            continue
        try:
            parsed[path.name] = FILES[path.name].model_validate(data)
        except ValidationError as err:
            for e in err.errors():
                problems.append(Problem(path.name, _location(tuple(e["loc"])), e["msg"]))
    return parsed


Origin = dict[str, str]  # "kind:id" -> file it came from


def merge(
    base: dict[str, Model], user: dict[str, Model], origin: Origin
) -> dict[str, dict[str, Any]]:
    """Base and user records merged by id; returns plain dicts per file."""
    merged: dict[str, dict[str, Any]] = {}
    for name in FILES:
        layers = [
            (tag, files[name]) for tag, files in (("", base), ("user ", user)) if name in files
        ]
        out: dict[str, Any] = {}
        for tag, model in layers:
            for key, value in model:
                if value is None:
                    continue
                if isinstance(value, list) and key not in SINGLETONS:
                    records = {getattr(r, "id", str(i)): r for i, r in enumerate(out.get(key, []))}
                    for record in value:
                        records[record.id] = record
                        origin[f"{key}:{record.id}"] = tag + name
                    out[key] = list(records.values())
                else:
                    out[key] = value
                    origin[f"{key}:"] = tag + name
        merged[name] = out
    return merged


def plain(value: Any) -> Any:
    """``value`` with its pydantic models as plain dicts (lists followed)."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, BaseModel):
        return value.model_dump()
    return value
