"""Teaching scripts: every shipped script runs to the end with a wrong move per step; broken
scripts are named precisely."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from wonderland.cli.main import main
from wonderland.hosting.aids import (
    aids_game_ids,
    get_aids,
    get_score_calculator,
    scored_game_ids,
)
from wonderland.hosting.teaching import (
    Lesson,
    ScriptError,
    TeachScript,
    parse_script,
    shipped_scripts,
)

SHIPPED = [(game, script) for game in aids_game_ids() for script in shipped_scripts(game)]
PARADE_SCRIPT = (
    Path(__file__).parents[2] / "src/wonderland/games/parade/teach/01-first-game.toml"
).read_text(encoding="utf-8")


def wrong_moves(script: TeachScript) -> list[str]:
    """Per asking step, a wrong move: a legal other move when there is one, else nonsense."""
    lesson = Lesson(script)
    moves = []
    while not lesson.done:
        step = lesson.stage.scene.steps[lesson.step_index]
        if step.expect is None:
            lesson.proceed()
            continue
        card = lesson.card()
        expected = lesson.game.parse_action(lesson.state, card.seat, step.expect)
        others = [a for a in lesson.game.legal_actions(lesson.state, card.seat) if a != expected]
        moves.append(lesson.game.action_to_string(others[0]) if others else "nonsense")
        assert lesson.attempt(step.expect).accepted
    return moves


def test_shipped_scripts_exist_for_every_game_with_aids() -> None:
    """Every game with hosting aids ships at least one teaching script."""
    assert {game for game, _ in SHIPPED} == set(aids_game_ids())


@pytest.mark.parametrize(("game", "script"), SHIPPED, ids=[s.source for _, s in SHIPPED])
def test_shipped_script_runs_to_the_end_through_the_terminal(
    game: str,
    script: TeachScript,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Typed at the prompt: one wrong move, then the right one, at every asking step."""
    expected = [s.expect for scene in script.model.scenes for s in scene.steps if s.expect]
    wrong = iter(wrong_moves(script))
    answers = []
    for scene in script.model.scenes:
        for step in scene.steps:
            answers += [next(wrong), step.expect] if step.expect else [""]
    typed: Iterator[str] = iter(answers)
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(typed)

    monkeypatch.setattr("builtins.input", fake_input)
    name = script.source.rsplit("/", 1)[-1]
    assert main(["teach", game, "--script", name]) == 0
    out = capsys.readouterr().out
    assert out.count("✗") == len(expected) and out.count("✓") == len(expected)
    assert "That is the whole lesson" in out
    steps = sum(len(scene.steps) for scene in script.model.scenes)
    assert len(prompts) == steps + len(expected)  # one extra prompt per wrong move
    assert next(typed, None) is None


def test_wrong_moves_are_explained_and_change_nothing() -> None:
    """Notation, illegal and legal-but-other moves each get the step's rule and another try."""
    lesson = Lesson(shipped_scripts("parade")[0])
    lesson.proceed()
    lesson.proceed()
    card = lesson.card()
    assert card.asks and card.rule == "P14" and "Checked zone" in card.rule_text
    before = lesson.aids.table(lesson.state, 0)
    bad = lesson.attempt("Z3")
    assert (
        not bad.accepted
        and "bad card 'z3'" in bad.message.lower()
        and "P14. Checked zone" in bad.message
    )
    illegal = lesson.attempt("B8")
    assert not illegal.accepted and "not in their hand" in illegal.message
    assert "P11. Any hand card" in illegal.message
    other = lesson.attempt("K0")
    assert not other.accepted and "K0 is allowed" in other.message and "takes" in other.message
    assert lesson.aids.table(lesson.state, 0) == before and lesson.card() == card
    good = lesson.attempt("r3")
    assert good.accepted and "takes R2" in good.message
    assert lesson.card().title == "You draw"


def test_lesson_cards_are_json_without_the_answer() -> None:
    """The step card the web table shows carries no expected move."""
    lesson = Lesson(shipped_scripts("parade")[0])
    data = lesson.card().to_json()
    assert data["scene_number"] == 1 and "expect" not in data and "R3" in data["table"]


def broken(old: str, new: str, count: int = 1) -> str:
    assert old in PARADE_SCRIPT
    return PARADE_SCRIPT.replace(old, new, count)


@pytest.mark.parametrize(
    ("text", "key", "reason"),
    [
        (broken('title = "Parade', "title = Parade"), "", "not valid TOML"),
        (broken("seed = 1\n", 'seed = 1\ncolour = "red"\n'), "scenes[0].colour", "Extra inputs"),
        (broken('expect = "R3"', 'expect = "R3"\nplay = "R3"'), "scenes[0].steps[2]", "either"),
        (broken('rule = "P14"', 'rule = "P99"'), "scenes[0].steps[2].rule", "no clause 'P99'"),
        (broken('expect = "R3"', 'expect = "B8"'), "scenes[0].steps[2].expect", "P11"),
        (broken('expect = "R3"', 'expect = "Q3"'), "scenes[0].steps[2].expect", "bad card"),
        (broken('chance = ["G5"]', 'chance = ["R2"]'), "steps[2].chance[0]", "not a possible"),
        (broken('"R3 G10', '"Z3 G10'), "scenes[0].setup.hands[0]", "bad card 'Z3'"),
        (broken('"B2 G1 P9', '"R2 G1 P9'), "scenes[0].setup.parade", "R2 is already in hands[1]"),
        (broken('"B2 G1 P9 K6 R7"', '"B2 G1 P9 K6"'), "setup.hands[1]", "holds 5 cards, not 4"),
        (broken("start_player = 0", "start_player = 9"), "scenes[0].players/variants", "0..5"),
        (broken("players = 3", "players = 8"), "scenes[0].players/variants", "2-6 players"),
        (broken('game = "parade"', 'game = "wonderdice"'), "game", "not 'parade'"),
        (broken("current = 0", "current = 0\nturn = 4"), "scenes[0].setup.turn", "unknown key"),
    ],
)
def test_broken_scripts_name_file_key_and_reason(text: str, key: str, reason: str) -> None:
    """Every kind of mistake is caught at load time, before the first step."""
    with pytest.raises(ScriptError) as caught:
        parse_script(text, "my-script.toml", "parade")
    message = str(caught.value)
    assert message.startswith("teaching script my-script.toml")
    assert key in caught.value.key and reason in caught.value.reason, message


def test_own_script_from_a_file_and_bad_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--script FILE` teaches a host's own script; a broken one exits 2 with the reason."""
    own = tmp_path / "mine.toml"
    own.write_text(PARADE_SCRIPT.replace("Parade in ten minutes", "Our house lesson"))
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    assert main(["teach", "parade", "--script", str(own)]) == 0
    assert "Our house lesson" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text(broken('rule = "P14"', 'rule = "P99"'))
    assert main(["teach", "parade", "--script", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: scenes[0].steps[2].rule: no clause 'P99'" in err.splitlines()[0]
    assert main(["teach", "parade", "--script", str(tmp_path / "none.toml")]) == 2
    assert main(["teach", "parade", "--list"]) == 0
    assert "01-first-game.toml" in capsys.readouterr().out


def test_aids_registry_names_missing_games() -> None:
    """Asking for aids of an unknown game lists the games that have them; the registry's
    score flags match the calculators."""
    with pytest.raises(ValueError, match="available for: parade"):
        get_aids("chess")
    for game in aids_game_ids():
        assert (game in scored_game_ids()) == (get_score_calculator(game) is not None)
