"""``simulate wonderdice --engine fast``: the compiled simulation behind the same runner,
summary, report, Parquet rows and resume; jobs it cannot play are refused with a message
that says why; user content reaches the compiled abilities."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.sim.helpers import summary_of
from wonderland.cli.main import main
from wonderland.games.wonderdice.content import load_content
from wonderland.games.wonderdice.effects import grant
from wonderland.games.wonderdice.fast.bridge import power_values
from wonderland.games.wonderdice.fast.layout import K_ADMIRING, K_MAD, powers_table
from wonderland.games.wonderdice.game import GAME
from wonderland.sim.batch import run_simulation
from wonderland.sim.job import SimJob, play_chunk
from wonderland.sim.store import RunDir
from wonderland.sim.summary import SummaryBuilder, summarize

GAMES = 600


def fast_job(players: int = 4, rotate: bool = False, **variants: object) -> SimJob:
    """A fast job of greedy and random bots, one of them quick."""
    bots = tuple(
        ("greedy:fast", "random", "greedy", "random:latency=40")[i % 4] for i in range(players)
    )
    config = GAME.make_config(players, dict(variants))  # type: ignore[arg-type]
    return SimJob("wonderdice", config, bots, GAMES, seed=9, rotate=rotate, engine="fast")


@pytest.mark.parametrize(
    ("players", "rotate", "variants"),
    [(4, False, {}), (3, True, {"opt_jabberwocky": True}), (5, True, {"opt_challenge": True})],
)
def test_summaries_from_tallies_and_columns_equal_the_rows_summary(
    players: int, rotate: bool, variants: dict[str, object]
) -> None:
    """Columns, and tallies cut into uneven chunks, summarise as the rows do, bit for bit:
    win shares by seat, bot and character, round wins, every statistic."""
    job = fast_job(players, rotate, **variants)
    chunk = play_chunk(job, 0, GAMES)
    assert chunk.columns is not None
    rows = chunk.rows()
    expected = summarize(rows)
    by_columns = SummaryBuilder()
    by_columns.add_columns(chunk.columns)
    assert by_columns.build() == expected
    by_tallies = SummaryBuilder()
    for start, stop in ((0, 170), (170, 400), (400, GAMES)):
        tally = play_chunk(job, start, stop, summary_only=True).tally
        assert tally is not None
        by_tallies.add_tally(tally)
    assert by_tallies.build() == expected
    assert set(expected.win_by_label) <= {ch.id for ch in load_content().characters}
    assert len(expected.win_by_label) >= players
    assert all(len(r.labels) == players and sum(r.returns) == pytest.approx(1) for r in rows)
    assert play_chunk(job, 100, 101).rows()[0] == rows[100]


def test_cli_report_json_and_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The report has the plain simulation's tables; --json names the engine; --out stores
    rows and a second run resumes them to the same summary as one run."""
    argv = ["simulate", "wonderdice", "--players", "3", "--seed", "4", "--engine", "fast"]
    assert main([*argv, "--games", "300", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "By character" in out and "300 games" in out and "win_fastest_seat" in out
    assert main([*argv, "--games", "300", "--workers", "1", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["engine"] == "fast" and printed["games"] == 300
    assert "game_seconds" in printed["stats"] and printed["win_share_by_label"]
    folder = tmp_path / "run"
    assert main([*argv, "--games", "120", "--out", str(folder), "--json"]) == 0
    capsys.readouterr()
    assert main([*argv, "--games", "300", "--out", str(folder), "--json"]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert RunDir.load(folder).read_table().num_rows == 300
    assert resumed == printed
    assert summary_of(folder)["win_share_by_label"] == printed["win_share_by_label"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "ismcts"], "plays the random and greedy bots only"),
        (["--record", "recs"], "keeps no game records"),
    ],
)
def test_jobs_the_fast_engine_cannot_play_are_refused(
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another bot or records: a clear message, exit status 2, nothing run (not even the
    trial game that sizes a run)."""

    def no_trial(*_: object) -> None:
        raise AssertionError("a trial game was played before the refusal")

    monkeypatch.setattr("wonderland.sim.engine_cost.play_chunk", no_trial)
    argv = [a.replace("recs", str(tmp_path / "recs")) for a in argv]
    base = ["simulate", "wonderdice", "--players", "2", "--games", "5", "--engine", "fast"]
    assert main([*base, *argv]) == 2
    assert message in " ".join(capsys.readouterr().err.split())
    assert not (tmp_path / "recs").exists()


def test_missing_numba_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without numba, --engine fast names the extra to install."""
    target = "wonderland.games.wonderdice.fast.simulation.numba_available"
    monkeypatch.setattr(target, lambda: False)
    assert main(["simulate", "wonderdice", "--games", "5", "--engine", "fast"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "the fast engine needs numba: pip install 'wonderland[fast]'" in err


def test_user_content_reaches_the_compiled_abilities(tmp_path: Path) -> None:
    """--content DIR: the compiled powers are the content's effects with their parameters,
    and a run with that content plays and differs from the built-in cards."""
    (tmp_path / "characters.toml").write_text(
        '[[characters]]\nid = "alice"\n[characters.admiring]\neffect = "block_with_neighbours"\n'
        'params = { reach = 2 }\ntext = "Alice blocks with the number +-2."\n',
        encoding="utf-8",
    )
    content = load_content(str(tmp_path))
    table = powers_table(content)
    for c, ch in enumerate(content.characters):
        for kind, side in ((K_ADMIRING, 0), (K_MAD, 1)):
            ability = ch.sides[side]
            expected = power_values(grant([(ability.effect, dict(ability.params))]))
            assert tuple(table[c, kind]) == expected
    alice = content.index("alice")
    assert table[alice, K_ADMIRING].tolist() != powers_table(load_content())[alice, 0].tolist()
    config = GAME.make_config(3, {"deal": "in_order"}, str(tmp_path))
    custom = SimJob("wonderdice", config, ("greedy",) * 3, 200, 1, engine="fast")
    plain_cards = SimJob(
        "wonderdice",
        GAME.make_config(3, {"deal": "in_order"}),
        ("greedy",) * 3,
        200,
        1,
        engine="fast",
    )
    assert run_simulation(custom).summary != run_simulation(plain_cards).summary
