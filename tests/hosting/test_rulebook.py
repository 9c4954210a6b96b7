"""The rules lookup over RULES.md: clauses, the ambiguity register, search, the command."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from wonderland.cli.main import main
from wonderland.core import game_ids, get_game
from wonderland.hosting.rulebook import load_rulebook, parse_rulebook


def test_rules_files_ship_inside_the_game_packages() -> None:
    """Each registered game's RULES.md is found through its package, as in an installed wheel."""
    for game_id in game_ids():
        package = type(get_game(game_id)).__module__.rpartition(".")[0]
        assert resources.files(package).joinpath("RULES.md").is_file(), game_id
        assert load_rulebook(game_id).clauses


def test_parade_clauses_and_register() -> None:
    """P1-P39 are all parsed with their sections; A1-A14 form the ambiguity register."""
    book = load_rulebook("parade")
    assert [c for c in book.ids() if c.startswith("P")] == [f"P{i}" for i in range(1, 40)]
    assert [c.id for c in book.register()] == [f"A{i}" for i in range(1, 15)]
    p14 = book.clause("p14")
    assert p14 is not None and p14.section == "A turn" and "value ≤ N" in p14.text
    assert book.clause("P99") is None


def test_register_as_a_list_section() -> None:
    """Wonderland's War writes its register as list items in its own section."""
    book = load_rulebook("wonderlands_war")
    register = [c.id for c in book.register()]
    assert register[0] == "G1" and all(c.startswith("G") for c in register)
    assert not any(c.register for c in book.clauses if c.id.startswith("W"))


def test_continuation_lines_join_the_clause() -> None:
    """A clause wrapped over several lines is one text; a heading ends it."""
    book = parse_rulebook("x", "## A\n- **X1.** one\n  two\n## B\n- **X2.** three\n")
    assert [(c.id, c.text, c.section) for c in book.clauses] == [
        ("X1", "one two", "A"),
        ("X2", "three", "B"),
    ]


def test_every_clause_the_engine_cites_exists() -> None:
    """The clause ids in Parade's engine messages all resolve in its RULES.md."""
    source = resources.files("wonderland.games.parade").joinpath("game.py").read_text()
    cited = set(re.findall(r'IllegalAction\(\s*"([A-Z]\d+)"', source))
    assert cited and all(load_rulebook("parade").clause(c) for c in cited)


def test_search_ranks_clauses_with_every_word_first() -> None:
    """Search needs every word (prefixes match); the register and its section are searched."""
    book = load_rulebook("parade")
    assert [c.id for c in book.search("safe zone")] == ["P13", "P14", "A12"]
    assert "P36" in [c.id for c in book.search("2 players lead")]
    assert {c.id for c in book.search("ambiguity")} >= {f"A{i}" for i in range(1, 15)}
    assert book.search("   ") == []
    assert [c.id for c in book.mentions("P24")] == ["A2"]


def test_rules_command_clause_search_variants(capsys: pytest.CaptureFixture[str]) -> None:
    """By clause (with what cites it and its variant), by search, the variants, everything."""
    assert main(["rules", "parade", "A5"]) == 0
    out = capsys.readouterr().out
    assert "The 2-of-4 choice" in out and "end_choice_sequential" in out
    assert main(["rules", "parade", "P24"]) == 0
    out = capsys.readouterr().out
    assert "Final round" in out and "Cited by" in out and "A2" in out
    assert main(["rules", "parade", "checked", "zone"]) == 0
    assert "P14" in capsys.readouterr().out
    assert main(["rules", "parade", "--variants"]) == 0
    out = capsys.readouterr().out
    assert all(v.name[:12] in out for v in get_game("parade").variants)
    assert main(["rules", "parade"]) == 0
    out = capsys.readouterr().out
    assert "Ambiguity register" in out and "tiebreak_random" in out
    assert main(["rules", "parade", "xylophone"]) == 1
    assert "No clause" in capsys.readouterr().out
