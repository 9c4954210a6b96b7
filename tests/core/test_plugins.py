"""Games are plugins: found by entry point on first lookup, and named by no generic module."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from wonderland.core import ConfigError, GamePlugin, Ref, game_ids, get_game, get_plugin, plugins

SRC = Path(__file__).resolve().parents[2] / "src" / "wonderland"
GENERIC = [p for p in SRC.rglob("*.py") if "games" not in p.relative_to(SRC).parts]
STATIC = SRC / "server" / "static"
WEB = sorted(p for p in STATIC.rglob("*") if p.suffix in (".js", ".html", ".css"))
GAME_TERMS = {
    "parade": (r"\bpd-", r"\bpcard\b"),
    "wonderdice": ("wonderdice", r"\bwd-"),
    "wonderlands_war": (r"\bww-", r"\bquests?\b", "feat/objective"),
}
"""Each built-in game's own words beyond its id and name: the prefix of its renderer's classes
and properties, and terms of its own scoring."""


def test_a_fresh_interpreter_finds_the_games_without_importing_them_first() -> None:
    """``get_game`` works in a new process with no import of ``wonderland.games``."""
    code = "from wonderland.core.registry import get_game; print(get_game('parade').spec.name)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "Parade"


def test_every_built_in_game_is_declared_by_its_entry_point() -> None:
    """The three games, each a GamePlugin whose package is its own folder."""
    assert game_ids() == ["parade", "wonderdice", "wonderlands_war"]
    for plugin in plugins():
        assert isinstance(plugin, GamePlugin)
        assert plugin.package == f"wonderland.games.{plugin.game_id}"


def test_an_unknown_game_names_the_known_ones() -> None:
    """A typo is refused with the list of games."""
    with pytest.raises(ConfigError, match="known games: parade, wonderdice, wonderlands_war"):
        get_plugin("parad")


def test_a_reference_of_the_wrong_kind_is_refused_with_its_path() -> None:
    """``load`` checks what a declaration points at."""
    with pytest.raises(ConfigError, match=r"wonderland\.core:ConfigError is a type, not a str"):
        Ref("wonderland.core:ConfigError", str).load()


@pytest.mark.usefixtures("nim_installed")
def test_every_reference_of_every_declared_game_is_what_its_field_names() -> None:
    """Each game's references (the three games and the fourth) load as their fields' protocols,
    so that a typo in a ``plugin.py`` fails here rather than when that path first runs."""
    assert game_ids() == ["nim", "parade", "wonderdice", "wonderlands_war"]
    for plugin in plugins():
        for name, ref in plugin.refs():
            assert ref.kind is not None, f"{plugin.game_id}.{name} has no kind"
            ref.load()


@pytest.mark.parametrize(
    ("field", "ref", "refusal"),
    [
        (
            "fast_engine",
            Ref("wonderland.core.errors"),
            r"core\.errors is a module, not a FastEngine",
        ),
        (
            "terminal",
            Ref("wonderland.core:TERMINAL"),
            r"core:TERMINAL is an int, not a TerminalFace",
        ),
        ("aids", Ref("wonderland.core:Ref"), r"core:Ref is a type, not a GameAids"),
        ("bots", {"x": Ref("wonderland.core:Ref")}, r"core:Ref is a type, not a Bot class"),
    ],
)
def test_a_plugin_gives_each_reference_its_fields_protocol(
    field: str, ref: object, refusal: str
) -> None:
    """A game's ``plugin.py`` writes a bare ``Ref``; the declaration binds it to the protocol its
    field names, and loading something else is refused naming the path and the protocol."""
    plugin = GamePlugin(game_id="x", game=Ref("wonderland.core:CHANCE"), **{field: ref})
    bound = next(r for name, r in plugin.refs() if name.partition(".")[0] == field)
    with pytest.raises(ConfigError, match=refusal):
        bound.load()
    with pytest.raises(ConfigError, match=r"core:CHANCE is an int, not a Game"):
        plugin.game.load()


def _code_strings(path: Path) -> list[str]:
    """The string constants of a module's code, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if id(node) not in docstrings
    ]


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(SRC)))
def test_no_generic_module_names_a_game(path: Path) -> None:
    """Outside ``games/`` no code names a game id or a game's module: only plugins do."""
    named = [
        text for text in _code_strings(path) if text in game_ids() or "wonderland.games." in text
    ]
    assert named == []


def _game_words() -> re.Pattern[str]:
    """Any game's id, name or own terms (case-insensitive)."""
    words = [re.escape(game_id) for game_id in game_ids()]
    words += [re.escape(get_game(game_id).spec.name) for game_id in game_ids()]
    words += [term for terms in GAME_TERMS.values() for term in terms]
    return re.compile("|".join(words), re.IGNORECASE)


@pytest.mark.parametrize("path", WEB, ids=lambda p: str(p.relative_to(SRC)))
def test_no_generic_web_file_names_a_game(path: Path) -> None:
    """The generic pages (``server/static``: scripts, pages, styles, comments included) name no
    game: a game's drawing and styles live in its own web folder, found through its plugin."""
    text = path.read_text(encoding="utf-8")
    found = [
        f"line {text.count(chr(10), 0, hit.start()) + 1}: {hit.group()}"
        for hit in _game_words().finditer(text)
    ]
    assert found == []
