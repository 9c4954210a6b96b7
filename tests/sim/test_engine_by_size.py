"""``--engine auto`` weighs the run's size: a short run plays on the plain engine (or in this
process alone) rather than pay the compiled engine's start-up; a cold numba cache is seen on
the file system, counted as compiling time, and announced on stderr, never in --json output."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wonderland.cli.main import main
from wonderland.core import GameConfig
from wonderland.sim import engine_cost
from wonderland.sim import job as job_module
from wonderland.sim.compile_cache import cache_folder, engine_sources, needs_compiling
from wonderland.sim.engine_cost import RunEstimate, estimate_run
from wonderland.sim.fast import FAST_BY_CHOICE, SHORT_RUN, choose_engine, fast_wins
from wonderland.sim.job import SimJob

PLAIN_GAME = 5e-4
"""A random 4-player Parade game on the plain engine, in seconds (about that on a loaded core)."""


def parade_job(games: int) -> SimJob:
    return SimJob("parade", GameConfig(num_players=4), ("random",) * 4, games, 1)


def fixed_costs(job: SimJob, plain_game: float | None = None) -> RunEstimate:
    """An estimate without timing anything: :data:`PLAIN_GAME` per game, a warm cache."""
    return RunEstimate(
        job.games,
        PLAIN_GAME,
        engine_cost.FAST_START_SECONDS,
        PLAIN_GAME / engine_cost.FAST_SPEEDUP,
    )


@pytest.mark.parametrize(
    ("games", "engine", "reason"),
    [(100, "plain", SHORT_RUN), (1000, "plain", SHORT_RUN), (100_000, "fast", FAST_BY_CHOICE)],
)
def test_auto_takes_the_engine_that_finishes_first(
    games: int, engine: str, reason: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A thousand random games end on the plain engine before the compiled engine has
    started; a hundred thousand do not."""
    monkeypatch.setattr("wonderland.sim.fast.estimate_run", fixed_costs)
    choice = choose_engine([parade_job(games)], "auto")
    assert (choice.engine, choice.reason) == (engine, reason)
    assert choose_engine([parade_job(games)], "fast").engine == "fast"  # asked for: no weighing


def test_the_threshold_is_the_compiled_start_up_against_the_time_saved() -> None:
    """Fast wins exactly when its start-up is less than the plain time it saves; the runs of
    one command pay the start-up once."""
    start, speedup = 1.2, 20.0
    saved_per_game = PLAIN_GAME * (1 - 1 / speedup)
    even = int(start / saved_per_game)
    below = RunEstimate(even - 10, PLAIN_GAME, start, PLAIN_GAME / speedup)
    above = RunEstimate(even + 10, PLAIN_GAME, start, PLAIN_GAME / speedup)
    assert not below.fast_finishes_first() and above.fast_finishes_first()
    assert not fast_wins([below]) and fast_wins([below, below])
    assert not fast_wins([])


def test_a_cold_cache_counts_the_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    """With nothing compiled yet the compiled engine's start-up includes compiling it, so a
    run it would win warm is played on the plain engine."""
    job = parade_job(20_000)
    monkeypatch.setattr("wonderland.sim.engine_cost.needs_compiling", lambda game: False)
    warm = estimate_run(job, PLAIN_GAME)
    monkeypatch.setattr("wonderland.sim.engine_cost.needs_compiling", lambda game: True)
    cold = estimate_run(job, PLAIN_GAME)
    assert cold.fast_start == warm.fast_start + engine_cost.COMPILE_SECONDS
    assert warm.fast_finishes_first() and not cold.fast_finishes_first()


def test_a_short_run_plays_in_this_process() -> None:
    """Worker processes only when what they save exceeds starting one; a compiled engine's
    short run therefore starts numba once, here."""
    short = RunEstimate(3000, PLAIN_GAME, 1.2, PLAIN_GAME / 20)
    assert short.workers("fast", 2) == 1 and short.workers("plain", 2) == 2
    assert RunEstimate(100, PLAIN_GAME, 1.2, 1e-5).workers("plain", 8) == 1
    assert RunEstimate(10**7, PLAIN_GAME, 1.2, 1e-6).workers("fast", 8) == 8


def test_the_check_s_trial_game_also_sizes_the_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run on the plain engine plays its game 0 once before the run: the trial that checks
    the job also measures its games (a slow bot's trial game is a whole game), and the run is
    not checked again."""
    played: list[int] = []
    play = job_module.simulate_one

    def counted(*args: Any, **kwargs: Any) -> Any:
        played.append(args[3])
        return play(*args, **kwargs)

    monkeypatch.setattr(job_module, "simulate_one", counted)
    monkeypatch.setattr(engine_cost, "TRIAL_SECONDS", 0.0)  # a game longer than the trial's time
    argv = ["simulate", "parade", "--players", "2", "--games", "3", "--engine", "plain"]
    assert main([*argv, "--seed", "7", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3
    assert len(played) == 4  # the trial, then the three games of the run
    assert played[0] == played[1]  # the trial was the run's game 0


def test_the_cache_is_read_from_the_file_system(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An empty NUMBA_CACHE_DIR is cold; an index file in the engine's folder there is warm;
    a game without a compiled engine never compiles."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert needs_compiling("parade")
    sources = engine_sources("parade")
    assert sources is not None and sources.name == "fast"
    folder = cache_folder(sources)
    assert folder == tmp_path / f"fast_{hashlib.sha1(str(sources).encode()).hexdigest()}"
    folder.mkdir(parents=True)
    (folder / "runner.play_games-1.py311.nbi").write_bytes(b"")
    assert not needs_compiling("parade")
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    assert cache_folder(sources) == sources / "__pycache__"


def test_an_index_older_than_its_module_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After an edit (or a pull) of a module, numba compiles it again: so does the check."""
    sources = tmp_path / "fast"
    (sources / "__pycache__").mkdir(parents=True)
    monkeypatch.setattr("wonderland.sim.compile_cache.engine_sources", lambda game: sources)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    module, index = sources / "runner.py", sources / "__pycache__" / "runner.play-9.py311.nbi"
    module.write_text("")
    index.write_bytes(b"")
    os.utime(module, (1_000, 1_000))
    assert not needs_compiling("parade")
    os.utime(index, (500, 500))
    assert needs_compiling("parade")


def test_a_first_compiled_run_says_so_on_stderr_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cold cache: the announcement goes to stderr before the run, --json output stays JSON;
    a warm cache says nothing."""
    compiled: list[SimJob] = []
    monkeypatch.setattr("wonderland.cli.compiling.needs_compiling", lambda game: True)
    monkeypatch.setattr(
        "wonderland.cli.compiling.compile_fast", lambda job, t: compiled.append(job)
    )
    argv = ["simulate", "parade", "--players", "2", "--games", "30", "--engine", "fast"]
    assert main([*argv, "--workers", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["engine"] == "fast" and "compiling" not in out
    assert "compiling the fast Parade engine once, about 60 s" in " ".join(err.split())
    assert len(compiled) == 1
    monkeypatch.setattr("wonderland.cli.compiling.needs_compiling", lambda game: False)
    assert main([*argv, "--workers", "1", "--json"]) == 0
    assert "compiling" not in capsys.readouterr().err and len(compiled) == 1


@pytest.mark.slow
def test_a_cold_cache_compiles_once_and_announces_it(tmp_path: Path) -> None:
    """For real, in a fresh process whose numba cache is an empty folder: the announcement on
    stderr, the JSON summary alone on stdout, and the engine cached there for the next run."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    argv = [sys.executable, "-m", "wonderland.cli.main", "simulate", "parade", "--players", "2"]
    argv += ["--games", "20", "--engine", "fast", "--workers", "1", "--json"]
    first = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    assert "compiling the fast Parade engine once" in first.stderr
    assert json.loads(first.stdout)["engine"] == "fast"
    assert list(tmp_path.rglob("*.nbi"))
    second = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    assert "compiling" not in second.stderr and json.loads(second.stdout) == json.loads(
        first.stdout
    )
