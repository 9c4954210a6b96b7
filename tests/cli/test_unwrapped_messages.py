"""Refusals that name a file print each path and ``file:key: reason`` locator on one line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from wonderland.cli.main import main

# Each case writes its bad input under a folder and returns the arguments and the locators that
# must each appear whole on one line of the output.
Case = Callable[[Path], tuple[list[str], list[str]]]


def teach_script(folder: Path) -> tuple[list[str], list[str]]:
    """A teaching script without its title."""
    script = folder / "lesson.toml"
    script.write_text('game = "parade"\n', encoding="utf-8")
    locator = f"teaching script {script}: title: Field required"
    return ["teach", "parade", "--script", str(script)], [locator]


def content_validate(folder: Path) -> tuple[list[str], list[str]]:
    """A content pack with an unknown key."""
    pack = folder / "pack"
    pack.mkdir()
    (pack / "factions.toml").write_text("unknown_key = 1\n", encoding="utf-8")
    return ["content", "validate", str(pack)], [
        f"1 problem(s) in {pack}:",
        "factions.toml: unknown_key: Extra inputs are not permitted",
    ]


def score_file(folder: Path) -> tuple[list[str], list[str]]:
    """A score sheet with a line in no known form."""
    sheet = folder / "scores.txt"
    sheet.write_text("nonsense\n", encoding="utf-8")
    return ["score", "parade", "--file", str(sheet)], [
        f"cannot score {sheet}:",
        "line 1: expected 'Name: ...', got 'nonsense'",
    ]


def score_missing_file(folder: Path) -> tuple[list[str], list[str]]:
    """A score sheet that is not there."""
    sheet = folder / "missing.txt"
    return ["score", "parade", "--file", str(sheet)], [f"cannot read {sheet}: "]


def simulate_out(folder: Path) -> tuple[list[str], list[str]]:
    """An output folder that is really a file."""
    out = folder / "not-a-run"
    out.write_text("something else\n", encoding="utf-8")
    return ["simulate", "parade", "--games", "2", "--out", str(out)], [
        f"--out {out}: that is a file; name a folder"
    ]


def replay_bad_record(folder: Path) -> tuple[list[str], list[str]]:
    """A JSON file that is no game record."""
    record = folder / "record.json"
    record.write_text("{}\n", encoding="utf-8")
    return ["replay", str(record)], [f"{record}: not a game record"]


def replay_missing_record(folder: Path) -> tuple[list[str], list[str]]:
    """A record that is not there."""
    record = folder / "missing.json"
    return ["replay", str(record)], [f"cannot read {record}: "]


def play_resume_bad_record(folder: Path) -> tuple[list[str], list[str]]:
    """An unfinished game to resume that is no game record."""
    record = folder / "saved.json"
    record.write_text("[]\n", encoding="utf-8")
    return ["play", "--resume", str(record)], [f"{record}: a game record must be a JSON object"]


def play_resume_missing_record(folder: Path) -> tuple[list[str], list[str]]:
    """An unfinished game to resume that is not there."""
    record = folder / "missing.json"
    return ["play", "--resume", str(record)], [f"cannot read {record}: "]


CASES: list[Case] = [
    teach_script,
    content_validate,
    score_file,
    score_missing_file,
    simulate_out,
    replay_bad_record,
    replay_missing_record,
    play_resume_bad_record,
    play_resume_missing_record,
]


@pytest.mark.parametrize("width", [40, 80, 200])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.__name__)
def test_locators_stay_on_one_line(
    case: Case,
    width: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """At any width, each path and locator of a refusal can be copied and grepped whole."""
    folder = tmp_path.joinpath(*[f"a-deliberately-long-folder-name-{i}" for i in range(6)])
    folder.mkdir(parents=True)
    assert len(str(folder)) > 200
    argv, locators = case(folder)
    monkeypatch.setenv("COLUMNS", str(width))
    assert main(argv) in (1, 2)
    captured = capsys.readouterr()
    lines = (captured.out + captured.err).splitlines()
    for locator in locators:
        assert any(locator in line for line in lines), (locator, lines)
