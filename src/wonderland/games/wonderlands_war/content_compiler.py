"""The content compiler: cross-checks merged content files and resolves ids to indices."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from wonderland.games.wonderlands_war import capacity
from wonderland.games.wonderlands_war.content_files import (
    Ability,
    AllySet,
    CardHalf,
    Chip,
    Condition,
    EffectSpec,
    Faction,
    GameRules,
    Origin,
    Problem,
    Quest,
    Region,
    ShardDie,
    TeaCard,
    TeaTable,
    Tile,
    Wonderlandian,
    plain,
)
from wonderland.games.wonderlands_war.content_values import (
    AbilityDef,
    AllySetDef,
    CardDef,
    ChipDef,
    CondDef,
    Content,
    FactionDef,
    Fx,
    HalfDef,
    QuestDef,
    TrackDef,
    WonderlandianDef,
)
from wonderland.games.wonderlands_war.effects import (
    BATTLE_HOOKS,
    CONDITIONS,
    EFFECTS,
    FEATS,
    HOOKS,
    OBJECTIVES,
)


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


class ContentCompiler:
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
            {n: {k: plain(v) for k, v in f.items()} for n, f in sorted(self.data.items())},
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
        if not capacity.MIN_REGIONS <= len(regions) <= capacity.MAX_REGIONS:
            self.bad(
                "regions",
                "",
                "",
                f"need {capacity.MIN_REGIONS}-{capacity.MAX_REGIONS} regions, found {len(regions)}",
            )
        tiles: list[Tile] = board.get("tiles", [])
        self.index("tiles", tiles)
        if len(tiles) < len(regions) or len(tiles) > capacity.MAX_TILES:
            self.bad("tiles", "", "", f"need one tile per region (at most {capacity.MAX_TILES})")
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
        if len(chips) > capacity.MAX_CHIPS:
            self.bad("chips", "", "", f"at most {capacity.MAX_CHIPS} chip kinds")
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
        if not capacity.MAX_SEATS <= len(factions) <= capacity.MAX_FACTIONS:
            self.bad(
                "factions", "", "", f"need {capacity.MAX_SEATS}-{capacity.MAX_FACTIONS} factions"
            )
        faction_defs = []
        per_faction: dict[int, list[int]] = {}
        for f in factions:
            faction = self.faction(f, rules, chip_ids)
            for chip in set(faction.start_bag):
                per_faction.setdefault(chip, []).append(faction.start_bag.count(chip))
            faction_defs.append(faction)
        # the kits of the five factions that need the most of a chip must fit in the box
        needed = {
            k: sum(sorted(v, reverse=True)[: capacity.MAX_SEATS]) for k, v in per_faction.items()
        }
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
        if len(cards) > capacity.MAX_CARDS:
            self.bad("cards", "", "", f"at most {capacity.MAX_CARDS} tea party cards")
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
            for players in range(capacity.MIN_SEATS, capacity.MAX_SEATS + 1):
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
        if not capacity.MARKET_SLOTS <= len(wls) <= capacity.MAX_WONDERLANDIANS:
            self.bad(
                "wonderlandians",
                "",
                "",
                f"need {capacity.MARKET_SLOTS}-{capacity.MAX_WONDERLANDIANS} Wonderlandians",
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
        if not 1 <= len(sets) <= capacity.MAX_ALLY_SETS:
            self.bad("ally_sets", "", "", f"need 1-{capacity.MAX_ALLY_SETS} ally sets")
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
        if not capacity.MIN_QUESTS <= len(quests) <= capacity.MAX_QUESTS:
            self.bad("quests", "", "", f"need {capacity.MIN_QUESTS}-{capacity.MAX_QUESTS} quests")
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
