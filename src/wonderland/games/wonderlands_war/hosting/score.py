"""Wonderland's War's score calculator: points per source in, the W53 total and W54 ranking out.

Each player gives the award VP from battles, other VP, castles on the board and the castle
value (3, raised by the castle forge track), the quests (``feat/objective`` points of each
quest, ``-`` for a part not achieved), shards, and units on the board (only for the tie-break).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from wonderland.core import VariantValue
from wonderland.games.wonderlands_war.content import load_content
from wonderland.games.wonderlands_war.content_values import Content
from wonderland.hosting.scoring import (
    Field,
    PlayerEntry,
    ScoreCalculator,
    ScoreInputError,
    ScoreReport,
)

FIELDS = (
    Field(
        "battles",
        "award VP won in battles",
        "12",
        label="battles",
        clause="W53",
        kind="number",
        minimum=0,
    ),
    Field(
        "other",
        "other VP (card and ability effects)",
        "2",
        blank="0",
        label="other VP",
        clause="W53",
        kind="number",
    ),
    Field(
        "castles",
        "castles on the board",
        "3",
        blank="0",
        label="castles",
        clause="W49",
        kind="number",
        minimum=0,
    ),
    Field(
        "castle_value",
        "value of one castle (3 unless forged higher)",
        "3",
        blank="3",
        label="castle value",
        clause="W49",
        kind="number",
    ),
    Field(
        "quests",
        "quests as feat/objective points, '-' if not achieved",
        "3/2 -/4",
        "none",
        label="quests",
        clause="W51",
        kind="quests",
    ),
    Field(
        "shards",
        "shards held",
        "2",
        blank="0",
        label="shards",
        clause="W53",
        kind="number",
        minimum=0,
    ),
    Field(
        "units",
        "units on the board (tie-break only)",
        "9",
        blank="0",
        label="units",
        clause="W54",
        kind="number",
        minimum=0,
    ),
)
OPTIONAL = {f.key: f.blank for f in FIELDS if f.blank is not None and f.key != "castle_value"}
"""Fields that may be left blank and the number a blank stands for (castle value: the base
value of the content in use)."""
SCORING_VARIANTS = ("quest_scoring_3_3_9",)


@dataclass(frozen=True, slots=True)
class Parts:
    """One player's points by source (W53)."""

    battles: int
    other: int
    castles: int
    quests: int
    shards: int
    shard_count: int
    units: int

    @property
    def total(self) -> int:
        """The final score."""
        return self.battles + self.other + self.castles + self.quests + self.shards


def quest_points(text: str, three_three_nine: bool) -> int:
    """``3/2 -/4``: each achieved part scores its points, both parts double them (G1); under
    the 3/3/9 variant a part scores 3 and a whole quest 9 (the printed points are ignored)."""
    total = 0
    for word in text.split():
        if word.lower() in ("none", "-"):
            continue
        feat_text, slash, objective_text = word.partition("/")
        if not slash:
            raise ValueError(f"{word!r} is not feat/objective, e.g. 3/2 or -/4")
        parts: list[int | None] = []
        for what, part in (("feat", feat_text), ("objective", objective_text)):
            if part == "":
                raise ValueError(
                    f"{word!r} leaves the {what} empty: write its points, or '-' if it was not "
                    "achieved (e.g. 3/- or -/4)"
                )
            if part == "-":
                parts.append(None)
            elif part.isdigit():
                parts.append(int(part))
            else:
                raise ValueError(f"{word!r}: each part is points or '-'")
        feat, objective = parts
        both = feat is not None and objective is not None
        if three_three_nine:
            total += 9 if both else 3 * ((feat is not None) + (objective is not None))
        else:
            subtotal = (feat or 0) + (objective or 0)
            total += 2 * subtotal if both else subtotal
    return total


def fields_for(content: Content) -> tuple[Field, ...]:
    """The fields with the ranges of ``content``: at most its castles, its castle values."""
    values = tuple(sorted({v for f in content.factions for v in f.castle_values}))
    bounded = {
        "castles": {"maximum": content.rules.castles},
        "castle_value": {"choices": values, "minimum": values[0], "maximum": values[-1]},
    }
    return tuple(replace(f, **bounded.get(f.key, {})) for f in FIELDS)  # type: ignore[arg-type]


class WonderlandsWarScoreCalculator(ScoreCalculator):
    """Scores the end of a physical game of Wonderland's War (W49-W54)."""

    game_id = "wonderlands_war"
    title = "Wonderland's War"
    fields: tuple[Field, ...] = FIELDS
    min_players = 2
    max_players = 5
    variant_names = SCORING_VARIANTS
    web_widgets = "score.js"

    def __init__(self, content: Content | None = None) -> None:
        self.content = content or load_content(None)
        self.fields = fields_for(self.content)

    def _number(self, entry: PlayerEntry, key: str, problems: list[str]) -> int:
        text = entry.values.get(key, "").strip() or OPTIONAL.get(key) or ""
        if not text and key == "castle_value":
            return self.content.rules.castle_base_vp
        try:
            value = int(text)
        except ValueError:
            what = "missing" if not text else f"{text!r} is not a whole number"
            problems.append(f"{entry.name}: {key} {what}")
            return 0
        if value < 0 and key != "other":
            problems.append(f"{entry.name}: {key} cannot be negative ({value})")
        return value

    def read(self, entry: PlayerEntry, three_three_nine: bool = False) -> tuple[Parts, list[str]]:
        """The entry's points by source and the problems of its values."""
        problems: list[str] = []
        rules = self.content.rules
        numbers = {f.key: self._number(entry, f.key, problems) for f in FIELDS if f.key != "quests"}
        if numbers["castles"] > rules.castles:
            problems.append(
                f"{entry.name}: {numbers['castles']} castles, but a faction has {rules.castles} "
                "(W11)"
            )
        values = {v for f in self.content.factions for v in f.castle_values}
        if numbers["castle_value"] not in values:
            problems.append(
                f"{entry.name}: a castle is worth one of {sorted(values)} (W49), "
                f"not {numbers['castle_value']}"
            )
        try:
            quests = quest_points(entry.values.get("quests", ""), three_three_nine)
        except ValueError as err:
            problems.append(f"{entry.name}: quests: {err}")
            quests = 0
        parts = Parts(
            battles=numbers["battles"],
            other=numbers["other"],
            castles=numbers["castles"] * numbers["castle_value"],
            quests=quests,
            shards=rules.shard_vp * numbers["shards"],
            shard_count=numbers["shards"],
            units=numbers["units"],
        )
        return parts, problems

    def parse_text(self, text: str) -> list[PlayerEntry]:
        """``Name: field=value; ...`` lines; a malformed quests value is refused with its line."""
        entries = super().parse_text(text)
        lines = [
            number
            for number, raw in enumerate(text.splitlines(), start=1)
            if raw.split("#", 1)[0].strip()
        ]
        problems = []
        for number, entry in zip(lines, entries, strict=True):
            value = entry.values.get("quests", "")
            try:
                quest_points(value, False)
            except ValueError as err:
                problems.append(f"line {number} ({entry.name}): quests={value}: {err}")
        if problems:
            raise ScoreInputError(problems)
        return entries

    def problems(self, entries: Sequence[PlayerEntry], players: int) -> list[str]:
        """Every value that is not a number, out of range or not a quest."""
        found: list[str] = []
        for entry in entries:
            found += self.read(entry)[1]
        return found

    def report(
        self, entries: Sequence[PlayerEntry], variants: Mapping[str, VariantValue]
    ) -> ScoreReport:
        """Points by source, totals, and the winner by W54's tie-breaks."""
        three = bool(variants.get("quest_scoring_3_3_9", False))
        parts = [self.read(entry, three)[0] for entry in entries]
        names = tuple(entry.name for entry in entries)
        cells = tuple(
            (
                str(p.battles),
                str(p.other),
                str(p.castles),
                str(p.quests),
                str(p.shards),
                str(p.units),
            )
            for p in parts
        )
        keys = [(p.total, -p.shard_count, p.units) for p in parts]
        best = max(keys)
        winners = tuple(i for i, key in enumerate(keys) if key == best)
        return ScoreReport(
            game=self.game_id,
            columns=("battles", "other", "castles", "quests", "shards", "units"),
            names=names,
            cells=cells,
            totals=tuple(p.total for p in parts),
            winners=winners,
            explanation=explain(parts, names),
            notes=(
                "Score = battles + other VP + castles × value + quests − 1 per shard (W53).",
                "Quests: each achieved part scores, a whole quest doubles (G1)"
                + (" — variant: 3 a part, 9 a quest." if three else "."),
                "Units count only to break a tie (W54).",
            ),
            lowest_wins=False,
        )


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def explain(parts: Sequence[Parts], names: Sequence[str]) -> str:
    """W54: highest score, then fewest shards, then most units; still tied: shared."""
    best = max(p.total for p in parts)
    tied = [i for i, p in enumerate(parts) if p.total == best]
    if len(tied) == 1:
        return f"{names[tied[0]]} wins with the highest score, {best} (W54)."
    head = f"{_names([names[i] for i in tied])} tie on {best} points"
    fewest = min(parts[i].shard_count for i in tied)
    by_shards = [i for i in tied if parts[i].shard_count == fewest]
    shards = ", ".join(f"{names[i]} {parts[i].shard_count}" for i in tied)
    if len(by_shards) == 1:
        return f"{head}; shards: {shards}. {names[by_shards[0]]} wins with the fewest (W54)."
    most = max(parts[i].units for i in by_shards)
    by_units = [i for i in by_shards if parts[i].units == most]
    units = ", ".join(f"{names[i]} {parts[i].units}" for i in by_shards)
    if len(by_units) == 1:
        return (
            f"{head} and on shards ({fewest}); units on the board: {units}. "
            f"{names[by_units[0]]} wins with the most (W54)."
        )
    return (
        f"{head}, on shards and on units: {_names([names[i] for i in by_units])} "
        "share the win (W54)."
    )
