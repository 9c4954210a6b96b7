"""Score calculators for physical games: read what each player has, score it, explain it.

Input is one :class:`PlayerEntry` per player: a name and one text value per field of the
calculator (Parade: the collected cards; other games: points per source).  The same entries
come from interactive prompts, from a small text file (``Name: value`` per line, or
``Name: field=value; field=value`` for several fields) or from JSON
(``{"players": [{"name": ..., "<field>": ...}], "variants": {...}}``).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wonderland.core.errors import WonderlandError
from wonderland.core.variants import VariantValue
from wonderland.core.words import rule_words


class ScoreInputError(WonderlandError, ValueError):
    """Input a calculator cannot score; lists every problem, each naming what is wrong."""

    def __init__(self, problems: Sequence[str], source: str = "this input") -> None:
        lines = "".join(f"\n  - {rule_words(problem)}" for problem in problems)
        super().__init__(f"cannot score {source}:{lines}")
        self.problems = list(problems)


@dataclass(frozen=True, slots=True)
class Field:
    """One value asked of every player."""

    key: str
    prompt: str
    example: str
    blank: str | None = None
    """What an empty answer means (None: the field must be filled in)."""
    label: str = ""
    """The part's short name, shown with a picker (empty: the key)."""
    clause: str | None = None
    """The rule clause behind the part (e.g. ``W53``)."""
    kind: str = "text"
    """How a picker fills it in: ``number`` (a stepper) and ``text`` (typed only) are drawn by
    the score page; any other kind by the calculator's ``web_widgets`` module."""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[int, ...] = ()
    """The only values a ``number`` may take (empty: any between minimum and maximum)."""

    def to_json(self) -> dict[str, Any]:
        """What a form needs to ask for it, typed or picked."""
        return {
            "key": self.key,
            "prompt": self.prompt,
            "example": self.example,
            "blank": self.blank,
            "label": self.label or self.key,
            "clause": self.clause,
            "kind": self.kind,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "choices": list(self.choices),
        }


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """A player's name and raw text per field."""

    name: str
    values: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class ScoreReport:
    """A scored game: a table (one row per player), totals, winners and why."""

    game: str
    columns: tuple[str, ...]
    names: tuple[str, ...]
    cells: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    explanation: str
    notes: tuple[str, ...] = ()
    lowest_wins: bool = False

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "game": self.game,
            "columns": list(self.columns),
            "players": [
                {"name": name, "cells": list(cells), "total": total, "winner": p in self.winners}
                for p, (name, cells, total) in enumerate(
                    zip(self.names, self.cells, self.totals, strict=True)
                )
            ],
            "winners": [self.names[p] for p in self.winners],
            "explanation": self.explanation,
            "notes": list(self.notes),
            "lowest_wins": self.lowest_wins,
        }


class ScoreCalculator(ABC):
    """The scoring of one game's physical copy."""

    game_id: str
    title: str
    fields: tuple[Field, ...]
    min_players: int
    max_players: int
    variant_names: tuple[str, ...] = ()
    """The game's variants that change scoring."""
    web_widgets: str | None = None
    """The ES module, in the game's web folder, that draws the fields of the game's own kinds
    (``score.js``; see ``docs/architecture.md``); None when every field is a number or text."""
    web_content: bool = False
    """Whether the score page sends the game's table content to those widgets."""

    @abstractmethod
    def problems(self, entries: Sequence[PlayerEntry], players: int) -> list[str]:
        """Every problem of ``entries`` (possibly the first few of ``players``), named precisely."""

    @abstractmethod
    def report(
        self, entries: Sequence[PlayerEntry], variants: Mapping[str, VariantValue]
    ) -> ScoreReport:
        """Score complete, checked entries."""

    def score(
        self, entries: Sequence[PlayerEntry], variants: Mapping[str, VariantValue] | None = None
    ) -> ScoreReport:
        """Check, then score; ScoreInputError lists every problem."""
        problems = self.player_count_problems(len(entries))
        problems += self.name_problems(entries)
        problems += self.problems(entries, len(entries))
        if problems:
            raise ScoreInputError(problems)
        return self.report(entries, variants or {})

    def player_count_problems(self, players: int) -> list[str]:
        """A message when the number of players is out of range."""
        if self.min_players <= players <= self.max_players:
            return []
        return [
            f"{self.title} is scored for {self.min_players}-{self.max_players} players, "
            f"not {players}"
        ]

    @staticmethod
    def name_problems(entries: Sequence[PlayerEntry]) -> list[str]:
        """Empty or repeated player names."""
        problems = []
        seen: set[str] = set()
        for i, entry in enumerate(entries):
            if not entry.name.strip():
                problems.append(f"player {i + 1} has no name")
            elif entry.name.lower() in seen:
                problems.append(f"two players are called {entry.name!r}")
            seen.add(entry.name.lower())
        return problems

    # -- reading files --------------------------------------------------------------------
    def parse_text(self, text: str) -> list[PlayerEntry]:
        """``Name: value`` lines (``#`` starts a comment); ``field=value; ...`` for several."""
        entries = []
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            name, sep, rest = line.partition(":")
            if not sep:
                raise ScoreInputError([f"line {number}: expected 'Name: ...', got {line!r}"])
            entries.append(PlayerEntry(name.strip(), self._values(rest, f"line {number}")))
        return entries

    def _values(self, rest: str, where: str) -> dict[str, str]:
        if len(self.fields) == 1 and "=" not in rest:
            return {self.fields[0].key: rest.strip()}
        values: dict[str, str] = {}
        for part in rest.split(";"):
            if not part.strip():
                continue
            key, sep, value = part.partition("=")
            key = key.strip()
            if not sep or key not in {f.key for f in self.fields}:
                known = ", ".join(f.key for f in self.fields)
                raise ScoreInputError([f"{where}: expected FIELD=VALUE with FIELD one of {known}"])
            values[key] = value.strip()
        return values

    def parse_json(self, text: str) -> tuple[list[PlayerEntry], dict[str, VariantValue]]:
        """``{"players": [{"name": ..., field: value}], "variants": {...}}``."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ScoreInputError([f"not valid JSON: {err}"]) from None
        return self.parse_data(data)

    def parse_data(self, data: object) -> tuple[list[PlayerEntry], dict[str, VariantValue]]:
        """Parsed JSON: ``{"players": [{"name": ..., field: value}], "variants": {...}}``."""
        players = data.get("players") if isinstance(data, dict) else None
        if not isinstance(players, list):
            raise ScoreInputError(['expected {"players": [{"name": ..., ...}, ...]}'])
        entries = []
        for i, item in enumerate(players):
            if not isinstance(item, dict) or not isinstance(item.get("name"), str):
                raise ScoreInputError([f"players[{i}]: expected an object with a 'name'"])
            values = {}
            for f in self.fields:
                value = item.get(f.key, "")
                if isinstance(value, list):
                    value = " ".join(str(v) for v in value)
                values[f.key] = str(value)
            entries.append(PlayerEntry(item["name"], values))
        assert isinstance(data, dict)
        variants = data.get("variants") or {}
        if not isinstance(variants, dict):
            raise ScoreInputError(["'variants' must be an object of NAME: VALUE"])
        return entries, variants

    def parse_file_text(self, text: str) -> tuple[list[PlayerEntry], dict[str, VariantValue]]:
        """JSON when the text starts with ``{``, otherwise the line format."""
        if text.lstrip().startswith("{"):
            return self.parse_json(text)
        return self.parse_text(text), {}
