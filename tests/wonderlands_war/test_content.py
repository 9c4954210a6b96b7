"""Content: schema, effect registry coverage, validation of broken packs, user overrides."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from wonderland.cli.main import main
from wonderland.core import ContentError
from wonderland.games.wonderlands_war import content as wc
from wonderland.games.wonderlands_war.effects import EFFECTS, FEAT_FNS, OBJECTIVE_FNS

from .helpers import GAME, finish

SCHEMA_DIR = wc.BASE_DIR / "schema"


def test_checked_in_schema_matches_models() -> None:
    """The JSON Schemas in content/schema are those of the models (regenerate with
    ``wonderland content schema --write``)."""
    for name, schema in wc.json_schemas().items():
        on_disk = json.loads((SCHEMA_DIR / name).read_text())
        assert on_disk == json.loads(json.dumps(schema)), name


def _used_ids() -> tuple[set[str], set[str]]:
    effects: set[str] = set()
    conditions: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "effect" in node:
                effects.add(node["effect"])
            if "type" in node and isinstance(node["type"], str):
                conditions.add(node["type"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in wc.BASE_DIR.glob("*.toml"):
        walk(tomllib.loads(path.read_text()))
    return effects, conditions


def test_every_effect_used_is_implemented_and_every_one_is_used() -> None:
    """W21, W56: effect ids in data and the registry are the same set."""
    effects, conditions = _used_ids()
    assert effects == set(EFFECTS)
    assert conditions == set(FEAT_FNS) | set(OBJECTIVE_FNS)


def test_every_record_is_provisional_or_sourced() -> None:
    """Content of our own design says so; the rest names its source."""
    for path in wc.BASE_DIR.glob("*.toml"):
        data = tomllib.loads(path.read_text())
        for key, value in data.items():
            records = value if isinstance(value, list) else [value]
            for record in records:
                assert record.get("provisional") or record.get("source"), (path.name, key, record)


def _pack(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return tmp_path


def test_broken_pack_reports_every_problem(tmp_path: Path) -> None:
    """Validation names file, key and reason for each problem, schema and references."""
    pack = _pack(
        tmp_path,
        {
            "tea_cards.toml": '[[cards]]\nid = "tea_I_01"\ndeck = 1\n'
            'effects = [{ effect = "teleport" }, { effect = "gain_chip", n = 1 }]\n',
            "quests.toml": '[[quests]]\nid = "quest_01"\nregion = "moon"\n'
            'feat = { type = "win_region" }\nobjective = { type = "castles", n = 2 }\n',
        },
    )
    content, problems = wc.check(pack)
    assert content is None
    text = [str(p) for p in problems]
    assert any("cards[id=tea_I_01].effects[0].effect" in t and "teleport" in t for t in text)
    assert any("effects[1]" in t and "needs 'chip'" in t for t in text)
    assert any("quests[id=quest_01].region" in t and "moon" in t for t in text)
    assert any("quests[id=quest_01].feat" in t and "needs 'region'" in t for t in text)
    assert all(p.file.startswith("user ") for p in problems)


def test_schema_errors_name_file_and_key(tmp_path: Path) -> None:
    """Type errors, unknown keys and bad TOML are reported per file."""
    pack = _pack(
        tmp_path,
        {
            "chips.toml": '[[chips]]\nid = "x"\nkind = "laser"\ncount = -1\ncolour = 3\n',
            "board.toml": "regions = [",
            "extra.toml": "a = 1\n",
        },
    )
    _, problems = wc.check(pack)
    keys = {(p.file, p.key) for p in problems}
    assert ("chips.toml", "chips[0].kind") in keys
    assert ("chips.toml", "chips[0].count") in keys
    assert ("chips.toml", "chips[0].colour") in keys
    assert ("board.toml", "(file)") in keys
    assert ("extra.toml", "(file)") in keys


def test_load_raises_with_every_problem(tmp_path: Path) -> None:
    """Loading a broken pack raises ContentError listing the problems; nothing is played."""
    pack = _pack(tmp_path, {"rules.toml": "[game]\nrounds = 9\n"})
    with pytest.raises(ContentError, match="rounds"):
        wc.load_content(pack)


def test_user_pack_overrides_records_by_id(tmp_path: Path) -> None:
    """A user record with a known id replaces it; the game plays with the pack."""
    pack = _pack(
        tmp_path,
        {
            "tea_cards.toml": '[[cards]]\nid = "tea_I_01"\nname = "My Card"\ndeck = 1\n'
            "supporters = 4\n"
        },
    )
    content, problems = wc.check(pack)
    assert problems == []
    assert content is not None
    card = next(c for c in content.cards if c.id == "tea_I_01")
    assert card.name == "My Card"
    assert not card.provisional
    assert len(content.cards) == 90
    st = finish(GAME.initial_state(GAME.make_config(3, content=str(pack))))
    assert st.content.digest == content.digest != wc.load_content().digest


def test_cli_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``wonderland content validate DIR``: exit 1 and every problem, or ok."""
    bad = _pack(tmp_path, {"quests.toml": '[[quests]]\nid = "q"\nregion = "moon"\n'})
    assert main(["content", "validate", str(bad), "--game", "wonderlands_war"]) == 1
    out = capsys.readouterr().out
    assert "quests.toml" in out
    assert "feat" in out
    good = tmp_path / "good"
    good.mkdir()
    assert main(["content", "validate", str(good)]) == 0
    assert "ok" in capsys.readouterr().out


def test_w57_shipped_pack_sizes() -> None:
    """W57: 90 tea cards, 24 Wonderlandians, 4 ally sets, 30 quests."""
    content = wc.load_content()
    assert len(content.cards) == 90
    assert len(content.wonderlandians) == 24
    assert len(content.ally_sets) == 4
    assert len(content.quests) == 30


def test_w58_new_faction_is_data(tmp_path: Path) -> None:
    """W58: a new faction is a record in a user pack, playable without code changes."""
    base = tomllib.loads((wc.BASE_DIR / "factions.toml").read_text())["factions"][1]
    text = (wc.BASE_DIR / "factions.toml").read_text()
    start = text.index('[[factions]]\nid = "mad_hatter"')
    end = text.index('[[factions]]\nid = "queen_of_hearts"')
    block = text[start:end].replace('"mad_hatter"', '"white_queen"', 1)
    block = block.replace(f'name = "{base["name"]}"', 'name = "White Queen"', 1)
    (tmp_path / "factions.toml").write_text(block)
    content, problems = wc.check(tmp_path)
    assert problems == []
    assert content is not None
    assert content.factions[-1].name == "White Queen"
    config = GAME.make_config(2, content=str(tmp_path))
    state = GAME.initial_state(config)
    assert GAME.labels(finish(state)) != ()


def test_every_clause_is_cited_by_a_test() -> None:
    """Each W and G clause of RULES.md is named by at least one test."""
    import re

    rules = (wc.BASE_DIR.parent / "RULES.md").read_text()
    ids = re.findall(r"\*\*([WG]\d+)\.\*\*", rules)
    here = Path(__file__).parent
    tests = "".join(p.read_text() for p in here.glob("test_*.py"))
    cited = set(re.findall(r"\b([WG]\d+)\b", tests.replace("\\b([WG]\\d+)\\b", "")))
    missing = [i for i in ids if i not in cited]
    assert len(ids) == 58 + 27
    assert missing == []


def test_battle_effects_only_where_a_battle_is_fought(tmp_path: Path) -> None:
    """W21, W56: a battle-only effect on a tea card is a content problem."""
    pack = _pack(
        tmp_path,
        {
            "tea_cards.toml": '[[cards]]\nid = "tea_I_02"\ndeck = 1\n'
            'effects = [{ effect = "add_strength", n = 2 }]\n'
        },
    )
    _, problems = wc.check(pack)
    assert [p.key for p in problems] == ["cards[id=tea_I_02].effects[0].effect"]
    assert "only acts in a battle" in problems[0].reason


def test_schema_and_cross_reference_problems_are_shown_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that fails its schema does not hide the other files' unknown references: one
    run lists both, so a pack is fixed in one go."""
    quest = (
        '[[quests]]\nid = "quest_01"\nname = "Q"\nregion = "moon"\n'
        'feat = { type = "win_region", region = "tulgey_wood" }\n'
        'objective = { type = "castles", n = 2 }\nfeat_points = 3\nobjective_points = 3\n'
    )
    pack = _pack(tmp_path, {"factions.toml": "unknown_key = 1\n", "quests.toml": quest})
    assert main(["content", "validate", str(pack)]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "factions.toml: unknown_key: Extra inputs are not permitted" in out
    assert "quests[id=quest_01].region: unknown region 'moon'" in out


def test_a_missing_pack_folder_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "validate", "/nonexistent/pack"]) == 2
    assert "/nonexistent/pack does not exist" in capsys.readouterr().err
