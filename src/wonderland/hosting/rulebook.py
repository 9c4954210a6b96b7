"""A game's RULES.md as data: numbered clauses, the ambiguity register, search.

Clauses are Markdown list items that start with a bold id (``- **P14.** text``); the ambiguity
register is either table rows whose first cell is an id (``| A3 | ... |``) or the clauses of a
section called "Ambiguity register".

>>> book = parse_rulebook("parade", "## Scoring\\n- **P9.** The goal is the lowest score.\\n")
>>> book.clause("p9").text
'The goal is the lowest score.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from wonderland.core import ConfigError, get_game, get_plugin

_CLAUSE = re.compile(r"^- \*\*(?P<id>[A-Z]{1,3}\d+[a-z]?)\.\*\*\s*(?P<text>.*)$")
_ROW = re.compile(r"^\|\s*(?P<id>[A-Z]{1,3}\d+[a-z]?)\s*\|(?P<rest>.*)\|\s*$")
_WORD = re.compile(r"[a-z0-9_]+")


@dataclass(frozen=True, slots=True)
class Clause:
    """One numbered rule (or ambiguity-register row) with the section it belongs to."""

    id: str
    text: str
    section: str
    register: bool = False
    """True for a row of the ambiguity register."""

    def words(self) -> set[str]:
        """Lower-case words of the id, the text and the section, for search."""
        return set(_WORD.findall(f"{self.id} {self.text} {self.section}".lower()))


@dataclass(frozen=True, slots=True)
class Rulebook:
    """Every clause of one game's RULES.md, in file order, plus the file's full text."""

    game: str
    text: str
    clauses: tuple[Clause, ...]

    def clause(self, clause_id: str) -> Clause | None:
        """The clause called ``clause_id`` (case-insensitive), or None."""
        wanted = clause_id.strip().rstrip(".").upper()
        return next((c for c in self.clauses if c.id.upper() == wanted), None)

    def ids(self) -> list[str]:
        """Every clause id, in file order."""
        return [c.id for c in self.clauses]

    def register(self) -> list[Clause]:
        """The rows of the ambiguity register."""
        return [c for c in self.clauses if c.register]

    def mentions(self, clause_id: str) -> list[Clause]:
        """Other clauses whose text cites ``clause_id`` (e.g. register rows naming P24)."""
        pattern = re.compile(rf"\b{re.escape(clause_id)}\b")
        return [c for c in self.clauses if c.id != clause_id and pattern.search(c.text)]

    def search(self, query: str) -> list[Clause]:
        """Clauses containing every query word (a word matches any word it starts), best first.

        Clauses matching more words rank first; without a clause that has them all, clauses
        with at least one word are returned, most words first.
        """
        terms = [t for t in _WORD.findall(query.lower()) if t]
        if not terms:
            return []
        scored: list[tuple[int, int, Clause]] = []
        for index, clause in enumerate(self.clauses):
            words = clause.words()
            hits = sum(1 for t in terms if any(w.startswith(t) for w in words))
            if hits:
                scored.append((-hits, index, clause))
        scored.sort(key=lambda item: (item[0], item[1]))
        complete = [c for hits, _, c in scored if -hits == len(terms)]
        return complete or [c for _, _, c in scored]


def parse_rulebook(game_id: str, text: str) -> Rulebook:
    """Parse the text of a RULES.md."""
    clauses: list[Clause] = []
    section = ""
    current: list[str] | None = None
    current_id = ""

    def close() -> None:
        nonlocal current
        if current is not None:
            register = "ambiguity register" in section.lower()
            clauses.append(Clause(current_id, " ".join(current).strip(), section, register))
        current = None

    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("#"):
            close()
            section = line.lstrip("#").strip()
            continue
        if match := _CLAUSE.match(line):
            close()
            current_id, current = match["id"], [match["text"]]
            continue
        if match := _ROW.match(line):
            close()
            cells = [cell.strip() for cell in match["rest"].split("|")]
            clauses.append(Clause(match["id"], " — ".join(cells), section, register=True))
            continue
        if current is not None and line.startswith((" ", "\t")) and line.strip():
            current.append(line.strip())
        else:
            close()
    close()
    return Rulebook(game_id, text, tuple(clauses))


def rules_text(game_id: str) -> str:
    """The text of the rules file that the game's plugin declares."""
    plugin, name = get_plugin(game_id), get_game(game_id).spec.name
    if plugin.rules is None:
        raise ConfigError(f"{name} declares no rules file")
    path = resources.files(plugin.package).joinpath(plugin.rules)
    if not path.is_file():
        raise ConfigError(f"{name} has no {plugin.rules} in {plugin.package}")
    return path.read_text(encoding="utf-8")


@cache
def load_rulebook(game_id: str) -> Rulebook:
    """The parsed RULES.md of a registered game."""
    return parse_rulebook(game_id, rules_text(game_id))
