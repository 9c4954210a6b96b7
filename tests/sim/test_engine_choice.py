"""``--engine auto`` (the default): the compiled engine whenever it can play the run, the plain
engine otherwise, and the summary says which and why; run folders keep their engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wonderland.cli.main import main
from wonderland.compiled import INSTALL_HINT
from wonderland.core import GameConfig, derive_seed
from wonderland.sim.fast import FAST_BY_CHOICE, choose_engine
from wonderland.sim.job import SimJob
from wonderland.sim.store import RUN_FILE, RunDir

ARGV = ["simulate", "parade", "--players", "3", "--games", "40", "--seed", "4", "--workers", "1"]


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(list(argv)) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def without_reason(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "engine_reason"}


def test_auto_plays_on_the_compiled_engine_when_it_can(capsys: pytest.CaptureFixture[str]) -> None:
    """Random bots, standard cards, no records: the compiled engine, the very games of
    --engine fast, and the summary says so in text and JSON."""
    auto = run_json(capsys, *ARGV, "--json")
    fast = run_json(capsys, *ARGV, "--engine", "fast", "--json")
    assert auto["engine"] == "fast" and auto["engine_reason"] == FAST_BY_CHOICE
    assert without_reason(auto) == without_reason(fast)
    plain = run_json(capsys, *ARGV, "--engine", "plain", "--json")
    assert plain["engine"] == "plain" and plain["win_share_by_seat"] != auto["win_share_by_seat"]
    assert main(ARGV) == 0
    out = capsys.readouterr().out
    assert "engine: fast (compiled; --engine plain for the plain engine)" in out
    assert main([*ARGV, "--engine", "plain"]) == 0
    assert "engine: plain (--engine plain)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        (
            ["--bots", "heuristic"],
            "the compiled engine plays the random and greedy bots only, not 'heuristic'",
        ),
        (["--record", "{tmp}/recs"], "the compiled engine keeps no game records"),
    ],
)
def test_auto_falls_back_to_the_plain_engine_and_says_why(
    extra: list[str], reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bots or options the compiled engine cannot play: the plain engine's games, the reason
    in the summary, and no refusal."""
    extra = [word.replace("{tmp}", str(tmp_path)) for word in extra]
    auto = run_json(capsys, *ARGV, *extra, "--json")
    assert auto["engine"] == "plain" and auto["engine_reason"] == reason
    plain = run_json(
        capsys, *ARGV, *[w.replace("recs", "recs2") for w in extra], "--engine", "plain", "--json"
    )
    assert without_reason(auto) == without_reason(plain)
    assert main([*ARGV, *extra]) == 0
    assert f"engine: plain ({reason})" in " ".join(capsys.readouterr().out.split())


def test_auto_without_numba_plays_plain(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without numba the plain engine runs, saying which extra would bring the compiled one."""
    monkeypatch.setattr("wonderland.games.parade.fast.simulation.numba_available", lambda: False)
    auto = run_json(capsys, *ARGV, "--json")
    assert auto["engine"] == "plain" and auto["engine_reason"] == INSTALL_HINT
    assert main([*ARGV, "--engine", "fast"]) == 2  # asked for, it is still refused
    assert INSTALL_HINT in " ".join(capsys.readouterr().err.split())


@pytest.mark.usefixtures("nim_installed")
def test_a_game_without_a_compiled_engine_plays_plain(capsys: pytest.CaptureFixture[str]) -> None:
    """A game whose plugin declares no compiled engine: plain, said so."""
    job = SimJob("nim", GameConfig(num_players=2), ("random",) * 2, 5, 1)
    choice = choose_engine([job], "auto")
    assert (choice.engine, choice.reason) == ("plain", "nim has no compiled engine")
    auto = run_json(capsys, "simulate", "nim", "--games", "5", "--workers", "1", "--json")
    assert auto["engine"] == "plain" and auto["engine_reason"] == "nim has no compiled engine"


def test_a_run_folder_records_its_engine_and_resumes_on_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """run.json names the engine played; auto resumes a folder on that engine, whatever it
    would pick for a new run; asking for the other engine is refused, changing nothing."""
    fast_dir, plain_dir = tmp_path / "fast", tmp_path / "plain"
    short = [w if w != "40" else "20" for w in ARGV]
    run_json(capsys, *short, "--out", str(fast_dir), "--json")
    assert json.loads((fast_dir / RUN_FILE).read_text())["job"]["engine"] == "fast"
    grown = run_json(capsys, *ARGV, "--out", str(fast_dir), "--json")
    assert grown["engine"] == "fast" and grown["engine_reason"] == FAST_BY_CHOICE

    run_json(capsys, *short, "--engine", "plain", "--out", str(plain_dir), "--json")
    assert json.loads((plain_dir / RUN_FILE).read_text())["job"]["engine"] == "plain"
    resumed = run_json(capsys, *ARGV, "--out", str(plain_dir), "--json")
    assert resumed["engine"] == "plain" and resumed["games"] == 40
    assert resumed["engine_reason"] == f"the run in {plain_dir} was played on it"
    seeds = RunDir.load(plain_dir).read_table().column("seed").to_pylist()
    assert seeds == [derive_seed(4, i) for i in range(40)]

    files = {p: p.read_bytes() for p in plain_dir.rglob("*") if p.is_file()}
    assert main([*ARGV, "--games", "60", "--engine", "fast", "--out", str(plain_dir)]) == 2
    assert "engine 'plain' there, 'fast' now" in " ".join(capsys.readouterr().err.split())
    assert {p: p.read_bytes() for p in plain_dir.rglob("*") if p.is_file()} == files


def test_a_run_folder_of_the_earlier_format_resumes_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A plain run written before jobs named their engine (no ``engine`` in run.json) resumes
    on the plain engine: the same games as one plain run of them all."""
    old, once = tmp_path / "old", tmp_path / "once"
    short = [w if w != "40" else "20" for w in ARGV]
    run_json(capsys, *short, "--engine", "plain", "--out", str(old), "--json")
    manifest = json.loads((old / RUN_FILE).read_text())
    del manifest["job"]["engine"]
    (old / RUN_FILE).write_text(json.dumps(manifest, indent=2) + "\n")

    resumed = run_json(capsys, *ARGV, "--out", str(old), "--json")
    assert resumed["engine"] == "plain" and resumed["games"] == 40
    run_json(capsys, *ARGV, "--engine", "plain", "--out", str(once), "--json")
    assert RunDir.load(old).read_table().equals(RunDir.load(once).read_table())


def test_sweep_plays_every_point_on_one_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sweep picks one engine for all its points (they are compared game by game)."""
    argv = [
        "sweep",
        "parade",
        "--players",
        "2",
        "--variant",
        "two_player_plain_majority=false,true",
        "--games",
        "20",
        "--workers",
        "1",
        "--json",
    ]
    auto = run_json(capsys, *argv, "--out", str(tmp_path / "auto"))
    assert {p["engine"] for p in auto["points"]} == {"fast"}
    plain = run_json(capsys, *argv, "--engine", "plain", "--out", str(tmp_path / "plain"))
    assert {p["engine"] for p in plain["points"]} == {"plain"}
    for point in plain["points"]:
        folder = tmp_path / "plain" / point["point"]
        assert RunDir.load(folder).job.engine == "plain"
