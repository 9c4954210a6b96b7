"""Wonderland's War content: TOML files validated by pydantic models, compiled to plain values.

A content pack is a folder of TOML files (one per kind, see ``FILES``).  The base pack ships
inside this package; a user pack overrides or extends it record by record (matched by ``id``);
a singleton table (``[game]``, ``[tea_table]``, ``[shard_die]``) in a user file replaces the
base one.  Every problem is reported with file, key and reason.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wonderland.core.errors import ContentError
from wonderland.games.wonderlands_war.effects import (
    BATTLE_HOOKS,
    CONDITIONS,
    EFFECTS,
    FEATS,
    HOOKS,
    OBJECTIVES,
)
from wonderland.games.wonderlands_war.state import MARKET_SLOTS

BASE_DIR = Path(__file__).parent / "content"

# Capacities of the fixed action space (content beyond them is rejected by validation).
MAX_REGIONS = 8
MAX_SPACES = 24
MAX_CHIPS = 64
MAX_CARDS = 192
MAX_QUESTS = 96
MAX_WONDERLANDIANS = 48
MAX_FACTIONS = 8
MAX_TRACKS = 6
MAX_DIE_FACES = 12
MAX_TILES = 8
MAX_ALLY_SETS = 8
MAX_SEATS = 5
CARD_HALVES = 2
"""Halves of a split card (a plain card has one)."""

MIN_SEATS = 2
MIN_REGIONS = 2
MIN_QUESTS = 2 * MAX_SEATS + 1
"""Two quests to draw for each seat at set-up (W15), and one more."""


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


def json_schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schema of each content file, keyed by schema file name."""
    return {
        name.replace(".toml", ".schema.json"): model.model_json_schema()
        for name, model in FILES.items()
    }


# -- compiled content (plain values used by the rules) ---------------------------------------


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


# -- loading and validation -------------------------------------------------------------------


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


def _loc(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top)"


def _read_dir(folder: Path, problems: list[Problem]) -> dict[str, Model]:
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
                problems.append(Problem(path.name, _loc(tuple(e["loc"])), e["msg"]))
    return parsed


Origin = dict[str, str]  # "kind:id" -> file it came from


def _merge(
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


@dataclass(frozen=True, slots=True)
class _Board:
    """The compiled board: regions (and their ids), tiles, tea table and shard die."""

    regions: list[Region]
    region_ids: dict[str, int]
    tiles: list[Tile]
    table: TeaTable | None
    spaces: tuple[int, ...]
    head: int
    die: ShardDie | None


class _Compiler:
    """Cross-checks merged content and resolves ids to indices, collecting every problem."""

    def __init__(self, data: dict[str, dict[str, Any]], origin: Origin) -> None:
        self.data = data
        self.origin = origin
        self.problems: list[Problem] = []

    def bad(self, kind: str, rid: str, key: str, reason: str) -> None:
        """Record a problem of record ``rid`` of ``kind`` (file found from the origin map)."""
        file = self.origin.get(f"{kind}:{rid}", self.origin.get(f"{kind}:", "?"))
        where = f"{kind}[id={rid}]" if rid else kind
        self.problems.append(Problem(file, f"{where}{'.' + key if key else ''}", reason))

    def index(self, kind: str, records: list[Any]) -> dict[str, int]:
        """Id -> position of ``records``; a repeated id is a problem."""
        ids: dict[str, int] = {}
        for i, record in enumerate(records):
            if record.id in ids:
                self.bad(kind, record.id, "id", "duplicate id")
            ids[record.id] = i
        return ids

    def effects(
        self,
        specs: list[EffectSpec],
        kind: str,
        rid: str,
        key: str,
        chips: dict[str, int],
        in_battle: bool = False,
    ) -> tuple[Fx, ...]:
        """Compiled effects: known ids, the parameters each requires, battle effects only
        where a battle is fought (``in_battle``)."""
        out = []
        for i, spec in enumerate(specs):
            where = f"{key}[{i}]"
            registered = EFFECTS.get(spec.effect)
            if registered is None:
                self.bad(kind, rid, f"{where}.effect", f"unknown effect {spec.effect!r}")
                continue
            if registered.in_battle and not in_battle:
                self.bad(
                    kind,
                    rid,
                    f"{where}.effect",
                    f"{spec.effect!r} only acts in a battle: use it in a chip's on_draw or an "
                    f"ability with hook {' or '.join(BATTLE_HOOKS)}",
                )
            needs = registered.params
            for param in ("n", "chip"):
                given = getattr(spec, param) is not None
                if param in needs and not given:
                    self.bad(kind, rid, where, f"effect {spec.effect!r} needs {param!r}")
                if given and param not in needs:
                    self.bad(kind, rid, where, f"effect {spec.effect!r} takes no {param!r}")
            chip = -1
            if spec.chip is not None:
                if spec.chip not in chips:
                    self.bad(kind, rid, f"{where}.chip", f"unknown chip {spec.chip!r}")
                chip = chips.get(spec.chip, -1)
            out.append(Fx(spec.effect, spec.n if spec.n is not None else 1, chip))
        return tuple(out)

    def condition(
        self, cond: Condition, table: set[str], key: str, rid: str, regions: dict[str, int]
    ) -> CondDef:
        """A compiled quest feat or objective (``key``) whose id must be in ``table``."""
        if cond.type not in table:
            known = ", ".join(sorted(table))
            self.bad("quests", rid, f"{key}.type", f"unknown {key} {cond.type!r}; known: {known}")
        needs = CONDITIONS.get(cond.type, ())
        for param in ("n", "region"):
            if param in needs and getattr(cond, param) is None:
                self.bad("quests", rid, key, f"{cond.type!r} needs {param!r}")
        region = -1
        if cond.region is not None:
            if cond.region not in regions:
                self.bad("quests", rid, f"{key}.region", f"unknown region {cond.region!r}")
            region = regions.get(cond.region, -1)
        return CondDef(cond.type, cond.n or 0, region)

    def ability(self, a: Ability, fid: str, key: str, chips: dict[str, int]) -> AbilityDef:
        """A compiled ability of faction ``fid``: a known hook and its effects."""
        if a.hook not in HOOKS:
            known = ", ".join(HOOKS)
            self.bad("factions", fid, f"{key}.hook", f"unknown hook {a.hook!r}; known: {known}")
        fx = self.effects(
            a.effects, "factions", fid, f"{key}.effects", chips, a.hook in BATTLE_HOOKS
        )
        return AbilityDef(a.id, a.name or a.id, a.hook, fx, a.provisional)

    def compile(self) -> Content | None:
        """The compiled content, or None when any problem was found (see ``problems``)."""
        rules = self.rules()
        board = self.board(rules)
        chips, chip_ids, chip_defs, madness = self.chips()
        factions, faction_defs = self.factions(rules, chips, chip_ids)
        cards, card_defs, decks = self.cards(rules, board.table, chip_ids)
        wls, wl_defs = self.wonderlandians(chip_ids)
        sets, set_defs = self.ally_sets(chips, chip_ids)
        quests, quest_defs = self.quests(board.region_ids)
        if self.problems or board.die is None:
            return None
        records = (board.regions, board.tiles, chips, factions, cards, wls, sets, quests)
        provisional = {r.id for kind in records for r in kind if r.provisional}
        blob = json.dumps(
            {n: {k: _dump(v) for k, v in f.items()} for n, f in sorted(self.data.items())},
            sort_keys=True,
        )
        return Content(
            rules=rules,
            regions=tuple(r.name or r.id for r in board.regions),
            region_ids=tuple(r.id for r in board.regions),
            tiles=tuple(tuple(t.awards) for t in board.tiles),
            tile_ids=tuple(t.id for t in board.tiles),
            spaces=board.spaces,
            head=board.head,
            die_faces=tuple(board.die.faces),
            chips=chip_defs,
            factions=faction_defs,
            cards=card_defs,
            decks=decks,
            wonderlandians=wl_defs,
            ally_sets=set_defs,
            quests=quest_defs,
            madness_chip=madness,
            provisional_ids=frozenset(provisional),
            digest=hashlib.sha256(blob.encode()).hexdigest()[:16],
        )

    def rules(self) -> GameRules:
        """The ``[game]`` table of ``rules.toml`` (the defaults when it is missing)."""
        rules_data = self.data["rules.toml"].get("game")
        if rules_data is None:
            self.bad("game", "", "", "missing [game] table (rules.toml)")
            rules_data = GameRules()
        rules: GameRules = rules_data
        return rules

    def board(self, rules: GameRules) -> _Board:
        """``board.toml``: regions, one scoring tile per region, the tea table, the die."""
        board = self.data["board.toml"]
        regions: list[Region] = board.get("regions", [])
        region_ids = self.index("regions", regions)
        if not MIN_REGIONS <= len(regions) <= MAX_REGIONS:
            self.bad(
                "regions", "", "", f"need {MIN_REGIONS}-{MAX_REGIONS} regions, found {len(regions)}"
            )
        tiles: list[Tile] = board.get("tiles", [])
        self.index("tiles", tiles)
        if len(tiles) < len(regions) or len(tiles) > MAX_TILES:
            self.bad("tiles", "", "", f"need one tile per region (at most {MAX_TILES})")
        for t in tiles:
            if len(t.awards) != rules.rounds:
                self.bad("tiles", t.id, "awards", f"need one award per round ({rules.rounds})")
        table: TeaTable | None = board.get("tea_table")
        spaces: tuple[int, ...] = ()
        head = 0
        if table is None:
            self.bad("tea_table", "", "", "missing [tea_table] (board.toml)")
        else:
            heads = [i for i, s in enumerate(table.spaces) if s.head]
            if len(heads) != 1:
                self.bad("tea_table", "", "spaces", "exactly one space must have head = true")
            head = heads[0] if heads else 0
            spaces = tuple(0 if s.head else s.min_players for s in table.spaces)
        die: ShardDie | None = board.get("shard_die")
        if die is None:
            self.bad("shard_die", "", "", "missing [shard_die] (board.toml)")
        return _Board(regions, region_ids, tiles, table, spaces, head, die)

    def chips(self) -> tuple[list[Chip], dict[str, int], tuple[ChipDef, ...], int]:
        """``chips.toml``: the chips, their ids, compiled chips and the madness chip."""
        chips: list[Chip] = self.data["chips.toml"].get("chips", [])
        chip_ids = self.index("chips", chips)
        if len(chips) > MAX_CHIPS:
            self.bad("chips", "", "", f"at most {MAX_CHIPS} chip kinds")
        chip_defs = []
        for c in chips:
            if c.kind == "madness" and c.supporters_lost < 1:
                self.bad("chips", c.id, "supporters_lost", "a madness chip must cost a supporter")
            fx = self.effects(c.on_draw, "chips", c.id, "on_draw", chip_ids, in_battle=True)
            chip_defs.append(
                ChipDef(
                    c.id,
                    c.name or c.id,
                    c.kind,
                    c.strength,
                    c.supporters_lost,
                    c.count,
                    fx,
                    c.provisional,
                )
            )
        madness = chip_ids.get("madness", -1)
        if madness < 0 or chips[madness].kind != "madness":
            self.bad("chips", "madness", "", "a madness chip with id 'madness' is required")
        return chips, chip_ids, tuple(chip_defs), madness

    def factions(
        self, rules: GameRules, chips: list[Chip], chip_ids: dict[str, int]
    ) -> tuple[list[Faction], tuple[FactionDef, ...]]:
        """``factions.toml``; the box must hold the starting bags of any five factions."""
        factions: list[Faction] = self.data["factions.toml"].get("factions", [])
        self.index("factions", factions)
        if not MAX_SEATS <= len(factions) <= MAX_FACTIONS:
            self.bad("factions", "", "", f"need {MAX_SEATS}-{MAX_FACTIONS} factions")
        faction_defs = []
        per_faction: dict[int, list[int]] = {}
        for f in factions:
            faction = self.faction(f, rules, chip_ids)
            for chip in set(faction.start_bag):
                per_faction.setdefault(chip, []).append(faction.start_bag.count(chip))
            faction_defs.append(faction)
        # the kits of the five factions that need the most of a chip must fit in the box
        needed = {k: sum(sorted(v, reverse=True)[:MAX_SEATS]) for k, v in per_faction.items()}
        for cidx, need in needed.items():
            if chips[cidx].count < need:
                self.bad(
                    "chips",
                    chips[cidx].id,
                    "count",
                    f"{need} needed for five starting bags, only {chips[cidx].count}",
                )
        return factions, tuple(faction_defs)

    def faction(self, f: Faction, rules: GameRules, chip_ids: dict[str, int]) -> FactionDef:
        """One compiled faction: its kit, abilities and forge tracks."""
        bag = []
        for i, cid in enumerate(f.start_bag):
            if cid not in chip_ids:
                self.bad("factions", f.id, f"start_bag[{i}]", f"unknown chip {cid!r}")
            else:
                bag.append(chip_ids[cid])
        if f.artifact_chip not in chip_ids:
            self.bad("factions", f.id, "artifact_chip", f"unknown chip {f.artifact_chip!r}")
        if f.castle_values[0] != rules.castle_base_vp:
            self.bad("factions", f.id, "castle_values[0]", "must equal game.castle_base_vp")
        if f.supporters_track >= len(f.forge_tracks):
            self.bad("factions", f.id, "supporters_track", "no such forge track")
        abilities = [self.ability(f.starting_ability, f.id, "starting_ability", chip_ids)]
        abilities += [
            self.ability(a, f.id, f"abilities[{i}]", chip_ids) for i, a in enumerate(f.abilities)
        ]
        tracks = tuple(
            TrackDef(
                t.id,
                t.name or t.id,
                tuple(
                    self.effects(slot, "factions", f.id, f"forge_tracks[{i}].slots[{j}]", chip_ids)
                    for j, slot in enumerate(t.slots)
                ),
                self.effects(
                    t.on_complete, "factions", f.id, f"forge_tracks[{i}].on_complete", chip_ids
                ),
            )
            for i, t in enumerate(f.forge_tracks)
        )
        return FactionDef(
            f.id,
            f.name or f.id,
            f.tea_direction == "counterclockwise",
            f.split_supporters,
            tuple(f.leader_strength),
            f.madness_track_slots,
            tuple(f.castle_values),
            chip_ids.get(f.artifact_chip, -1),
            tuple(bag),
            tuple(abilities),
            tracks,
            f.supporters_track,
            f.provisional,
        )

    def cards(
        self, rules: GameRules, table: TeaTable | None, chip_ids: dict[str, int]
    ) -> tuple[list[TeaCard], tuple[CardDef, ...], tuple[tuple[int, ...], ...]]:
        """``tea_cards.toml``: the cards and the decks, each big enough for every table size."""
        cards: list[TeaCard] = self.data["tea_cards.toml"].get("cards", [])
        self.index("cards", cards)
        if len(cards) > MAX_CARDS:
            self.bad("cards", "", "", f"at most {MAX_CARDS} tea party cards")
        card_defs = []
        for card in cards:
            if card.split is not None and (card.effects or card.supporters or card.shard_die):
                self.bad("cards", card.id, "split", "a split card keeps its contents in its halves")
            halves_src = card.split or [
                CardHalf(supporters=card.supporters, shard_die=card.shard_die, effects=card.effects)
            ]
            halves = tuple(
                HalfDef(
                    h.supporters,
                    h.shard_die,
                    self.effects(
                        h.effects,
                        "cards",
                        card.id,
                        f"split[{i}].effects" if card.split else "effects",
                        chip_ids,
                    ),
                )
                for i, h in enumerate(halves_src)
            )
            card_defs.append(
                CardDef(card.id, card.name or card.id, card.deck, halves, card.provisional)
            )
        decks = tuple(
            tuple(i for i, c in enumerate(cards) if c.deck == r) for r in range(1, rules.rounds + 1)
        )
        if table is not None:
            for players in range(MIN_SEATS, MAX_SEATS + 1):
                usable = sum(1 for s in table.spaces if not s.head and s.min_players <= players)
                for r, deck in enumerate(decks):
                    if len(deck) < usable:
                        self.bad(
                            "cards",
                            "",
                            "",
                            f"deck {r + 1} has {len(deck)} cards; "
                            f"{players} players use {usable} spaces",
                        )
                        break
        return cards, tuple(card_defs), decks

    def wonderlandians(
        self, chip_ids: dict[str, int]
    ) -> tuple[list[Wonderlandian], tuple[WonderlandianDef, ...]]:
        """``wonderlandians.toml``: enough to fill the market."""
        wls: list[Wonderlandian] = self.data["wonderlandians.toml"].get("wonderlandians", [])
        self.index("wonderlandians", wls)
        if not MARKET_SLOTS <= len(wls) <= MAX_WONDERLANDIANS:
            self.bad(
                "wonderlandians", "", "", f"need {MARKET_SLOTS}-{MAX_WONDERLANDIANS} Wonderlandians"
            )
        wl_defs = []
        for w in wls:
            chip = -1
            if w.mode == "chips":
                if w.chip is None or w.chip not in chip_ids or w.chips < 1:
                    self.bad(
                        "wonderlandians",
                        w.id,
                        "chip",
                        "chips mode needs a known chip and chips >= 1",
                    )
                else:
                    chip = chip_ids[w.chip]
            wl_defs.append(
                WonderlandianDef(
                    w.id,
                    w.name or w.id,
                    w.mode == "figure",
                    w.strength,
                    chip,
                    w.chips,
                    w.provisional,
                )
            )
        return wls, tuple(wl_defs)

    def ally_sets(
        self, chips: list[Chip], chip_ids: dict[str, int]
    ) -> tuple[list[AllySet], tuple[AllySetDef, ...]]:
        """``allies.toml``: sets of ally chips, each naming its weak chip."""
        sets: list[AllySet] = self.data["allies.toml"].get("ally_sets", [])
        self.index("ally_sets", sets)
        if not 1 <= len(sets) <= MAX_ALLY_SETS:
            self.bad("ally_sets", "", "", f"need 1-{MAX_ALLY_SETS} ally sets")
        set_defs = []
        for s in sets:
            ids = []
            for i, cid in enumerate(s.chips):
                if cid not in chip_ids or chips[chip_ids[cid]].kind != "ally":
                    self.bad("ally_sets", s.id, f"chips[{i}]", f"{cid!r} is not an ally chip")
                else:
                    ids.append(chip_ids[cid])
            if s.weak not in s.chips:
                self.bad("ally_sets", s.id, "weak", "the weak chip must be one of the set's chips")
            set_defs.append(AllySetDef(s.id, tuple(ids), chip_ids.get(s.weak, -1)))
        return sets, tuple(set_defs)

    def quests(self, region_ids: dict[str, int]) -> tuple[list[Quest], tuple[QuestDef, ...]]:
        """``quests.toml``: enough for set-up, each with a known region, feat and objective."""
        quests: list[Quest] = self.data["quests.toml"].get("quests", [])
        self.index("quests", quests)
        if not MIN_QUESTS <= len(quests) <= MAX_QUESTS:
            self.bad("quests", "", "", f"need {MIN_QUESTS}-{MAX_QUESTS} quests")
        quest_defs = []
        for q in quests:
            if q.region not in region_ids:
                self.bad("quests", q.id, "region", f"unknown region {q.region!r}")
            quest_defs.append(
                QuestDef(
                    q.id,
                    q.name or q.id,
                    region_ids.get(q.region, 0),
                    self.condition(q.feat, FEATS, "feat", q.id, region_ids),
                    self.condition(q.objective, OBJECTIVES, "objective", q.id, region_ids),
                    q.feat_points,
                    q.objective_points,
                    q.provisional,
                )
            )
        return quests, tuple(quest_defs)


def _dump(value: Any) -> Any:
    if isinstance(value, list):
        return [_dump(v) for v in value]
    if isinstance(value, BaseModel):
        return value.model_dump()
    return value


def check(folder: str | Path | None) -> tuple[Content | None, list[Problem]]:
    """Load the base pack overridden by ``folder``; the content (or None) and every problem."""
    problems: list[Problem] = []
    base = _read_dir(BASE_DIR, problems)
    user = _read_dir(Path(folder), problems) if folder is not None else {}
    origin: Origin = {}
    compiler = _Compiler(_merge(base, user, origin), origin)  # the files that did validate:
    content = compiler.compile()  # their cross-references are checked in the same pass
    if problems:
        return None, problems + compiler.problems
    return content, compiler.problems


def summary(content: Content) -> str:
    """What a checked pack holds, in one line (``wonderland content validate``)."""
    return (
        f"{len(content.cards)} tea cards, {len(content.factions)} factions, "
        f"{len(content.quests)} quests, {len(content.wonderlandians)} Wonderlandians, "
        f"{len(content.chips)} chip kinds ({len(content.provisional_ids)} provisional records); "
        f"content hash {content.digest}"
    )


@lru_cache(maxsize=16)
def _load(folder: str | None) -> Content:
    content, problems = check(folder)
    if content is None:
        raise ContentProblemsError(problems)
    return content


def load_content(folder: str | Path | None = None) -> Content:
    """The compiled content (cached); ContentProblemsError listing every problem otherwise."""
    return _load(None if folder is None else str(Path(folder).resolve()))
