"""The same seed and N give the same games and summary whatever the workers or backend."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sim.helpers import parade_job, summary_of
from wonderland.core import derive_seed, game_ids, get_game
from wonderland.sim.batch import run_simulation
from wonderland.sim.job import SimJob, play_chunk
from wonderland.sim.runner import run_games
from wonderland.sim.store import RunDir

GAMES = 60


def test_one_and_two_workers_write_identical_rows(tmp_path: Path) -> None:
    """W=1 in this process and W=2 worker processes (other chunks) store equal tables."""
    job = parade_job(GAMES)
    one = run_simulation(job, workers=1, out=tmp_path / "w1", chunk_size=7)
    two = run_simulation(job, workers=2, out=tmp_path / "w2")
    first = RunDir.load(tmp_path / "w1")
    second = RunDir.load(tmp_path / "w2")
    assert len(first.parts()) == 9 and len(second.parts()) != 9  # really cut differently
    table = first.read_table()
    assert table.num_rows == GAMES
    assert table.equals(second.read_table())
    assert summary_of(tmp_path / "w1") == summary_of(tmp_path / "w2")
    assert one.summary == two.summary
    assert table.column("seed").to_pylist() == [derive_seed(11, i) for i in range(GAMES)]


def test_stored_rows_match_the_plain_runner(tmp_path: Path) -> None:
    """Each stored row is the game ``run_games`` plays for that index."""
    job = parade_job(12)
    run_simulation(job, workers=2, out=tmp_path / "run", chunk_size=5)
    rows = RunDir.load(tmp_path / "run").read_table().to_pylist()
    expected = list(run_games("parade", job.config, job.bots, 12, job.seed, rotate=True))
    assert [r["bots"] for r in rows] == [list(e.bots) for e in expected]
    assert [r["score"] for r in rows] == [list(e.scores) for e in expected]
    assert [r["win_share"] for r in rows] == [list(e.returns) for e in expected]
    assert [r["stat_turns"] for r in rows] == [e.stats["turns"] for e in expected]
    assert play_chunk(job, 3, 5).results == tuple(expected[3:5])


def test_summary_without_out_equals_stored_summary(tmp_path: Path) -> None:
    """The in-memory summary (no --out) equals the one computed from the stored rows."""
    job = parade_job(30)
    assert (
        run_simulation(job, workers=2, chunk_size=4).summary
        == run_simulation(job, workers=1, out=tmp_path / "run").summary
    )


@pytest.mark.slow
@pytest.mark.ray
def test_ray_backend_matches_local(tmp_path: Path) -> None:
    """A local Ray cluster (2 CPUs) stores the same rows and summary as local workers."""
    job = parade_job(GAMES)
    run_simulation(job, workers=1, out=tmp_path / "local")
    run_simulation(job, workers=2, backend="ray", out=tmp_path / "ray", chunk_size=9)
    local, ray = RunDir.load(tmp_path / "local"), RunDir.load(tmp_path / "ray")
    assert len(ray.parts()) == 7
    assert local.read_table().equals(ray.read_table())
    assert summary_of(tmp_path / "local") == summary_of(tmp_path / "ray")


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_stores_the_same_rows_with_one_or_two_workers(
    tmp_path: Path, game_id: str
) -> None:
    """Each registered game: W=1 and W=2 store equal rows with its labels and figures."""
    game = get_game(game_id)
    players = game.spec.min_players + 1
    job = SimJob(game_id, game.make_config(players), ("random",) * players, 12, seed=5)
    run_simulation(job, workers=1, out=tmp_path / "w1", chunk_size=5)
    run_simulation(job, workers=2, out=tmp_path / "w2", chunk_size=3)
    table = RunDir.load(tmp_path / "w1").read_table()
    assert table.equals(RunDir.load(tmp_path / "w2").read_table())
    assert summary_of(tmp_path / "w1") == summary_of(tmp_path / "w2")
    rows = table.to_pylist()
    expected = list(run_games(game_id, job.config, job.bots, 12, 5))
    assert [r["labels"] for r in rows] == [list(e.labels) for e in expected]
    for row, result in zip(rows, expected, strict=True):
        assert {k: row[f"stat_{k}"] for k in result.stats} == dict(result.stats)
        assert min(row["rank"]) == 1 and len(row["rank"]) == players
        assert {s for s, r in enumerate(row["rank"]) if r == 1} >= set(row["winners"])
