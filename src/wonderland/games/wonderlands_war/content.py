"""Wonderland's War content: the base pack, a user pack merged over it, checked and compiled.

The files and their models are in ``content_files``, the compiled values the rules use in
``content_values`` and the cross-checks in ``content_compiler``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from wonderland.games.wonderlands_war.content_compiler import ContentCompiler
from wonderland.games.wonderlands_war.content_files import (
    FILES,
    ContentProblemsError,
    Origin,
    Problem,
    merge,
    read_folder,
)
from wonderland.games.wonderlands_war.content_values import Content

BASE_DIR = Path(__file__).parent / "content"


def json_schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schema of each content file, keyed by schema file name."""
    return {
        name.replace(".toml", ".schema.json"): model.model_json_schema()
        for name, model in FILES.items()
    }


def check(folder: str | Path | None) -> tuple[Content | None, list[Problem]]:
    """Load the base pack overridden by ``folder``; the content (or None) and every problem."""
    problems: list[Problem] = []
    base = read_folder(BASE_DIR, problems)
    user = read_folder(Path(folder), problems) if folder is not None else {}
    origin: Origin = {}
    compiler = ContentCompiler(merge(base, user, origin), origin)  # the files that did validate:
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
