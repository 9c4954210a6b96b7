"""``simulate parade --engine fast``: the compiled engine behind the same runner, backends,
Parquet rows and summary; jobs it cannot play are refused with a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.sim.helpers import summary_of
from wonderland.cli.main import main
from wonderland.core import ConfigError
from wonderland.games.parade import GAME
from wonderland.sim.backends import backend_session
from wonderland.sim.batch import run_simulation
from wonderland.sim.job import SimJob, play_chunk
from wonderland.sim.runner import seat_bots
from wonderland.sim.store import RunDir
from wonderland.sim.summary import SummaryBuilder, summarize

GAMES = 3000


def fast_job(players: int = 4, rotate: bool = False, **variants: bool) -> SimJob:
    """A fast job of greedy and random bots."""
    bots = tuple(("greedy", "random")[i % 2] for i in range(players))
    config = GAME.make_config(players, variants)
    return SimJob("parade", config, bots, GAMES, seed=9, rotate=rotate, engine="fast")


def test_one_and_two_workers_store_identical_rows(tmp_path: Path) -> None:
    """W=1 and W=2 worker processes, cut into different chunks, store equal tables."""
    job = fast_job(rotate=True)
    one = run_simulation(job, workers=1, out=tmp_path / "w1", chunk_size=700)
    two = run_simulation(job, workers=2, out=tmp_path / "w2", chunk_size=1000)
    table = RunDir.load(tmp_path / "w1").read_table()
    assert table.num_rows == GAMES
    assert table.equals(RunDir.load(tmp_path / "w2").read_table())
    assert one.summary == two.summary
    assert summary_of(tmp_path / "w1")["engine"] == "fast"
    assert len(set(table.column("seed").to_pylist())) == GAMES


@pytest.mark.slow
@pytest.mark.ray
def test_ray_backend_stores_the_same_rows(tmp_path: Path) -> None:
    """Ray tasks (a local Ray with 2 CPUs) store the rows and summary of local workers, and
    summarise from tallies alike when nothing is stored."""
    job = fast_job()
    local = run_simulation(job, workers=1, out=tmp_path / "local")
    with backend_session("ray", 2, None):  # one local Ray for both runs
        run_simulation(job, workers=2, backend="ray", out=tmp_path / "ray", chunk_size=800)
        bare = run_simulation(job, workers=2, backend="ray", chunk_size=900)
    assert bare.summary == local.summary
    ray = RunDir.load(tmp_path / "ray")
    assert len(ray.parts()) == 4
    assert RunDir.load(tmp_path / "local").read_table().equals(ray.read_table())
    assert summary_of(tmp_path / "local") == summary_of(tmp_path / "ray")


def test_summary_from_columns_equals_summary_from_rows() -> None:
    """The summary taken column by column is the summary of the rows, bit for bit."""
    for job in (fast_job(), fast_job(players=5, rotate=True, tiebreak_random=True)):
        chunk = play_chunk(job, 0, 500)
        assert chunk.columns is not None and chunk.results == ()
        builder = SummaryBuilder()
        builder.add_columns(chunk.columns)
        assert builder.build() == summarize(chunk.rows())
        rows = chunk.rows()
        assert all(r.winners and sum(r.returns) == pytest.approx(1.0) for r in rows)
        assert [r.bots for r in rows] == [seat_bots(job.bots, i, job.rotate) for i in range(500)]
    assert play_chunk(fast_job(rotate=True), 0, 2).rows()[1].bots == ("random", "greedy") * 2


def test_games_do_not_depend_on_the_chunks() -> None:
    """Game i is the same game whichever chunk plays it."""
    job = fast_job(players=3)
    whole = play_chunk(job, 0, 40).rows()
    parts = play_chunk(job, 0, 17).rows() + play_chunk(job, 17, 40).rows()
    assert whole == parts


def test_cli_prints_the_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    """The fast engine's report has the plain engine's tables; --json names the engine."""
    argv = ["simulate", "parade", "--players", "3", "--games", "2000", "--seed", "4"]
    assert main([*argv, "--engine", "fast", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "By seat" in out and "2000 games" in out and "ended_by_six_colours" in out
    assert main([*argv, "--engine", "fast", "--workers", "1", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["engine"] == "fast" and printed["games"] == 2000
    assert main([*argv, "--engine", "plain", "--workers", "1", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert plain["engine"] == "plain" and plain["engine_reason"] == "--engine plain"
    assert plain["seeding"] == "game i is seeded with derive_seed(seed, i)"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["wonderlands_war", "--players", "3"], "--engine fast plays parade and wonderdice only"),
        (["parade", "--bots", "heuristic"], "plays the random and greedy bots only"),
        (["parade", "--record", "recs"], "keeps no game records"),
    ],
)
def test_jobs_the_fast_engine_cannot_play_are_refused(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another game, another bot or records: a clear message, exit status 2, nothing run."""
    argv = [a.replace("recs", str(tmp_path / "recs")) for a in argv]
    assert main(["simulate", *argv, "--games", "5", "--engine", "fast"]) == 2
    assert message in " ".join(capsys.readouterr().err.split())
    assert not (tmp_path / "recs").exists()


def test_missing_numba_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without numba, --engine fast names the extra to install."""
    monkeypatch.setattr("wonderland.games.parade.fast.simulation.numba_available", lambda: False)
    assert main(["simulate", "parade", "--games", "5", "--engine", "fast"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "the fast engine needs numba: pip install 'wonderland[fast]'" in err


def test_unknown_engine_is_refused() -> None:
    """A job naming no known engine is refused before anything runs."""
    job = SimJob("parade", GAME.make_config(2), ("random",) * 2, 5, 1, engine="turbo")
    with pytest.raises(ConfigError, match="unknown engine 'turbo'"):
        run_simulation(job)


@pytest.mark.parametrize(
    ("players", "rotate", "variants"),
    [(4, False, {}), (5, True, {"tiebreak_random": False}), (2, True, {})],
)
def test_summary_from_tallies_equals_summary_from_rows(
    players: int, rotate: bool, variants: dict[str, bool]
) -> None:
    """Chunks reduced to tallies in any cut, merged, give the rows' summary bit for bit."""
    job = fast_job(players=players, rotate=rotate, **variants)
    rows = play_chunk(job, 0, GAMES).rows()
    builder = SummaryBuilder()
    for start, stop in ((0, 1234), (1234, 1235), (1235, GAMES)):
        chunk = play_chunk(job, start, stop, summary_only=True)
        assert chunk.tally is not None and chunk.columns is None
        builder.add_tally(chunk.tally)
    assert builder.build() == summarize(rows)
    assert builder.build().to_json() == summarize(rows).to_json()


def test_tallies_and_rows_mix_in_one_summary() -> None:
    """Games added as rows and as tallies are summarised as if all were rows."""
    job = fast_job(players=3)
    rows = play_chunk(job, 0, 600).rows()
    builder = SummaryBuilder()
    for row in rows[:200]:
        builder.add(row)
    tally = play_chunk(job, 200, 600, summary_only=True).tally
    assert tally is not None
    builder.add_tally(tally)
    assert builder.build() == summarize(rows)
    with pytest.raises(ValueError, match="holds tallies, not rows"):
        play_chunk(job, 0, 5, summary_only=True).rows()


def test_run_without_output_uses_tallies_and_prints_the_rows_summary(tmp_path: Path) -> None:
    """Without --out a run summarises from tallies; with it, from the stored rows: equal."""
    job = fast_job(rotate=True)
    bare = run_simulation(job, workers=2, chunk_size=1100)
    stored = run_simulation(job, workers=1, out=tmp_path / "run")
    assert bare.summary == stored.summary
