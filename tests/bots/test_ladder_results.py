"""The ladder's results file: every game saved as it ends, resumed and lengthened, refused when
it belongs to another ladder or is damaged; the ladder on Ray."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wonderland.cli.main import main
from wonderland.sim.runner import GameResult

BASE = ["ladder", "parade", "--players", "3", "--seed", "4", "--bots", "random,greedy,heuristic"]
QUIET = ["--bootstrap", "20", "--no-plot", "--json"]


def ladder(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    assert main([*BASE, *QUIET, *extra]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def refused(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main([*BASE, *QUIET, *extra]) == 2
    return " ".join(capsys.readouterr().err.split())  # the console wraps long lines


def test_every_game_is_saved_and_a_cut_run_resumes_to_the_same_ladder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run cut short (three games saved, the fourth half written) and resumed with more
    games rates exactly as one uninterrupted run."""
    results = tmp_path / "ladder.jsonl"
    ladder(capsys, "--games", "6", "--results", str(results))
    lines = results.read_bytes().split(b"\n")
    assert len(lines) == 1 + 6 + 1 and lines[-1] == b""
    header = json.loads(lines[0])
    assert header["game"] == "parade" and header["num_players"] == 3 and header["seed"] == 4
    assert sorted(json.loads(line)["index"] for line in lines[1:-1]) == list(range(6))

    results.write_bytes(b"\n".join(lines[:4]) + b"\n" + lines[4][:25])
    resumed = ladder(capsys, "--games", "9", "--results", str(results))
    whole = ladder(capsys, "--games", "9")
    assert resumed["ratings"] == whole["ratings"]
    assert resumed["head_to_head"] == whole["head_to_head"]
    saved = results.read_bytes().split(b"\n")
    assert saved[-1] == b"" and len(saved) == 1 + 9 + 1
    assert sorted(json.loads(line)["index"] for line in saved[1:-1]) == list(range(9))


def test_resuming_says_how_many_games_are_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "ladder.jsonl"
    ladder(capsys, "--games", "3", "--results", str(results))
    assert main([*BASE, *QUIET, "--games", "4", "--results", str(results)]) == 0
    assert "Resuming: 3 of 4 games" in " ".join(capsys.readouterr().err.split())
    assert main([*BASE, *QUIET, "--games", "4", "--results", str(results)]) == 0
    assert "All 4 games are in" in " ".join(capsys.readouterr().err.split())


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--seed", "5"], "holds another ladder (seed 4)"),
        (["--bots", "random,greedy"], "holds another ladder (entrants"),
        (["--variant", "no_draw_on_trigger=true"], "holds another ladder (variants"),
    ],
)
def test_a_file_of_another_ladder_is_refused_and_left_as_it_is(
    extra: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "ladder.jsonl"
    ladder(capsys, "--games", "3", "--results", str(results))
    before = results.read_bytes()
    assert message in refused(capsys, "--games", "3", "--results", str(results), *extra)
    assert results.read_bytes() == before


def test_a_file_whose_entrants_played_otherwise_is_refused_and_left_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The header records what each entrant plays; games of a level since redefined (here:
    another budget) are never mixed with new ones, and a file of the earlier format, which did
    not record it, is refused with the reason."""
    results = tmp_path / "ladder.jsonl"
    ladder(capsys, "--games", "3", "--results", str(results))
    header, rest = results.read_bytes().split(b"\n", 1)
    fields = json.loads(header)
    assert fields["plays"] == ["bot random", "bot greedy", "bot heuristic"]

    fields["plays"][2] = "ismcts iterations=200 exploration=0.7 rollout=random depth=end"
    redefined = json.dumps(fields).encode() + b"\n" + rest
    results.write_bytes(redefined)
    assert "holds another ladder (plays" in refused(capsys, "--results", str(results))
    assert results.read_bytes() == redefined

    del fields["plays"]
    fields["format"] = "wonderland-ladder/1"
    older = json.dumps(fields).encode() + b"\n" + rest
    results.write_bytes(older)
    message = refused(capsys, "--results", str(results))
    assert "older ladder file (wonderland-ladder/1)" in message
    assert "what each entrant plays" in message
    assert results.read_bytes() == older


def test_damaged_files_are_refused_with_the_line_and_left_as_they_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "ladder.jsonl"
    ladder(capsys, "--games", "3", "--results", str(results))
    lines = results.read_bytes().split(b"\n")

    garbled = b"\n".join([lines[0], lines[1], b'{"index": 1, "seed"', *lines[3:]])
    results.write_bytes(garbled)
    assert "line 3: not a game result" in refused(capsys, "--results", str(results))
    assert results.read_bytes() == garbled

    game = json.loads(lines[2])
    game["bots"] = list(reversed(game["bots"]))
    moved = b"\n".join([lines[0], lines[1], json.dumps(game).encode(), *lines[3:]])
    results.write_bytes(moved)
    assert "line 3: game 1 is not the game" in refused(capsys, "--results", str(results))
    assert results.read_bytes() == moved

    twice = b"\n".join([lines[0], lines[1], lines[1], *lines[3:]])
    results.write_bytes(twice)
    assert "game 0 twice" in refused(capsys, "--results", str(results))

    other = tmp_path / "notes.txt"
    other.write_text("shopping list\n")
    assert "not a ladder results file" in refused(capsys, "--results", str(other))
    assert other.read_text() == "shopping list\n"
    assert "is a folder" in refused(capsys, "--results", str(tmp_path))
    missing = tmp_path / "nowhere" / "ladder.jsonl"
    assert "does not exist" in refused(capsys, "--results", str(missing))


def test_backend_options_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--address names a Ray cluster" in refused(capsys, "--address", "auto")
    assert "--workers must be at least 1" in refused(capsys, "--workers", "0")


@pytest.mark.slow
@pytest.mark.ray
def test_the_ladder_on_ray_equals_the_local_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    """A local Ray with two CPUs plays the same games: the same ratings."""
    on_ray = ladder(capsys, "--games", "6", "--backend", "ray", "--workers", "2")
    local = ladder(capsys, "--games", "6")
    assert on_ray["ratings"] == local["ratings"]
    assert on_ray["head_to_head"] == local["head_to_head"]


def test_an_interrupted_ladder_keeps_its_games_and_says_how_to_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C after two games: both are in the file, and the message says how to go on."""
    import wonderland.cli.ladder as ladder_cli

    real = ladder_cli.play_games

    def two_then_interrupt(*args: Any, **kwargs: Any) -> Iterator[tuple[int, GameResult]]:
        played = real(*args, **kwargs)
        yield next(played)
        yield next(played)
        raise KeyboardInterrupt

    monkeypatch.setattr(ladder_cli, "play_games", two_then_interrupt)
    results = tmp_path / "ladder.jsonl"
    assert main([*BASE, *QUIET, "--games", "5", "--results", str(results)]) == 130
    err = " ".join(capsys.readouterr().err.split())
    assert "2 of 5 games are saved in" in err and "the same command resumes" in err
    assert len(results.read_bytes().splitlines()) == 1 + 2
    monkeypatch.undo()
    assert ladder(capsys, "--games", "5", "--results", str(results)) == ladder(
        capsys, "--games", "5"
    )
