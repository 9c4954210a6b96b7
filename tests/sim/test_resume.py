"""A killed run resumes from --out without repeating or losing a game; bad folders are refused."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.sim.helpers import parade_job, summary_of
from wonderland.cli.main import main
from wonderland.core import ConfigError, derive_seed
from wonderland.sim.batch import run_simulation
from wonderland.sim.job import play_chunk
from wonderland.sim.rows import chunk_table
from wonderland.sim.store import GAMES_DIR, RunDir

GAMES = 2000
ARGS = [
    "simulate",
    "parade",
    "--players",
    "4",
    "--games",
    str(GAMES),
    "--seed",
    "5",
    "--workers",
    "2",
    "--chunk-size",
    "20",
    "--engine",
    "plain",
    "--json",
]


def start_and_kill(out: Path) -> None:
    """Start the run in its own process group and SIGKILL the whole group mid-run."""
    process = subprocess.Popen(
        [sys.executable, "-m", "wonderland.cli.main", *ARGS, "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    try:
        while not list((out / GAMES_DIR).glob("part-*.parquet")):
            assert process.poll() is None, "the run ended before it could be interrupted"
            assert time.monotonic() < deadline, "no part file appeared"
            time.sleep(0.005)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    assert process.returncode == -signal.SIGKILL


def test_killed_run_resumes_without_duplicates_or_gaps(tmp_path: Path) -> None:
    """SIGKILL a 2-worker run, resume it: every index once, old parts untouched."""
    out = tmp_path / "run"
    start_and_kill(out)
    run = RunDir.load(out)
    before = {path.name: path.read_bytes() for _, _, path in run.parts()}
    assert 0 < run.games_done() < GAMES and not (out / "summary.json").exists()
    (out / GAMES_DIR / ".part-000000000-000000020.parquet.tmp").write_bytes(b"half a file")

    assert main([*ARGS, "--out", str(out)]) == 0

    table = run.read_table()  # refuses overlapping parts
    assert table.column("game_index").to_pylist() == list(range(GAMES))
    assert table.column("seed").to_pylist() == [derive_seed(5, i) for i in range(GAMES)]
    assert {p.name: p.read_bytes() for _, _, p in run.parts() if p.name in before} == before
    assert not list((out / GAMES_DIR).glob(".*.tmp"))
    assert summary_of(out)["games"] == GAMES
    job = run.job
    for start in (0, GAMES // 2, GAMES - 3):
        expected = chunk_table(job, play_chunk(job, start, start + 3), 1).to_pylist()
        assert table.slice(start, 3).select(list(expected[0])).to_pylist() == expected


def test_extending_a_run_plays_only_the_new_games(tmp_path: Path) -> None:
    """More games in the same folder: the first ones are kept, the result equals one run."""
    run_simulation(parade_job(20), workers=1, out=tmp_path / "grown", chunk_size=8)
    first_parts = {p.name for _, _, p in RunDir.load(tmp_path / "grown").parts()}
    grown = run_simulation(parade_job(30), workers=1, out=tmp_path / "grown", chunk_size=8)
    assert (grown.already_done, grown.played) == (20, 10)
    assert first_parts < {p.name for _, _, p in RunDir.load(tmp_path / "grown").parts()}
    run_simulation(parade_job(30), workers=1, out=tmp_path / "once")
    assert (
        RunDir.load(tmp_path / "grown")
        .read_table()
        .equals(RunDir.load(tmp_path / "once").read_table())
    )
    assert summary_of(tmp_path / "grown") == summary_of(tmp_path / "once")
    again = run_simulation(parade_job(30), workers=1, out=tmp_path / "once")
    assert (again.already_done, again.played) == (30, 0)


@pytest.mark.parametrize(
    ("job", "message"),
    [
        (parade_job(20, seed=12), "seed 11 there, 12 now"),
        (parade_job(20, players=3), "holds another run"),
        (parade_job(20, tiebreak_random=True), "holds another run"),
        (parade_job(10), "holds a run of 20 games"),
    ],
)
def test_another_run_in_the_folder_is_refused(tmp_path: Path, job: object, message: str) -> None:
    """A different job in an existing run folder is refused and nothing changes."""
    out = tmp_path / "run"
    run_simulation(parade_job(20), workers=1, out=out)
    files = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    with pytest.raises(ConfigError, match=message):
        run_simulation(job, workers=1, out=out)  # type: ignore[arg-type]
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == files


def test_a_folder_of_other_files_is_refused(tmp_path: Path) -> None:
    """--out on a non-empty folder without a run writes nothing into it."""
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ConfigError, match="not empty"):
        run_simulation(parade_job(5), workers=1, out=tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
