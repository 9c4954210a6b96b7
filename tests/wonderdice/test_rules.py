"""RULES.md is complete and every clause is cited by a test."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from wonderland.games.wonderdice.game import GAME

RULES = Path(__file__).parents[2] / "src" / "wonderland" / "games" / "wonderdice" / "RULES.md"
CLAUSE = re.compile(r"^- \*\*([A-Z]+\d+)\.\*\*", re.MULTILINE)


def clause_ids() -> list[str]:
    return CLAUSE.findall(RULES.read_text(encoding="utf-8"))


def cited() -> set[str]:
    found: set[str] = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                found.update(re.findall(r"\b([A-Z]+\d+)\b", doc.split(":")[0]))
    return found


def test_rules_md_numbers_every_reference_clause() -> None:
    """RULES.md carries D1-D36, Q1-Q19, RT1-RT6 and the engine's E-clauses, in order."""
    ids = clause_ids()
    expected = (
        [f"D{i}" for i in range(1, 37)]
        + [f"Q{i}" for i in range(1, 20)]
        + [f"RT{i}" for i in range(1, 7)]
        + ["E1", "E2", "E3"]
    )
    assert ids == expected


def test_every_clause_is_cited_by_a_test() -> None:
    """Each clause id opens the docstring of at least one test."""
    missing = [c for c in clause_ids() if c not in cited()]
    assert missing == []


def test_every_variant_is_documented() -> None:
    """Every variant appears in RULES.md (the register names it)."""
    text = RULES.read_text(encoding="utf-8")
    for variant in GAME.variants:
        if variant.name not in ("deal", "skin", "roll_cooldown_ms", "countdown_ms"):
            assert f"`{variant.name}" in text, variant.name
