"""Sweeps compare each point with its baseline game by game, over the seeds they share: the
mean of the per-game differences and the 95 % interval of those differences."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from tests.sim.helpers import parade_job
from wonderland.cli.main import main
from wonderland.sim.batch import run_simulation
from wonderland.sim.compare import GameFigures, compare, paired_difference, seat_labels
from wonderland.sim.report import load_report_input, plots, write_report
from wonderland.sim.store import RunDir
from wonderland.sim.summary import Z95

VARIANT = "two_player_plain_majority"  # a rule of two-player games only


def sweep_argv(out: Path, players: str, games: int, *extra: str) -> list[str]:
    return [
        "sweep",
        "parade",
        "--players",
        players,
        "--variant",
        f"{VARIANT}=false,true",
        "--games",
        str(games),
        "--bots",
        "greedy,random" if players == "2" else "greedy,random,random,random",
        "--seed",
        "3",
        "--workers",
        "1",
        "--out",
        str(out),
        *extra,
    ]


@pytest.fixture
def figures(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Every plot drawn, by file name (the figures themselves, not their PNG)."""
    drawn: dict[str, Any] = {}
    real = plots._save

    def keep(figure: Any, path: Path) -> Path:
        drawn[path.name] = figure
        return real(figure, path)

    monkeypatch.setattr(plots, "_save", keep)
    return drawn


def test_paired_difference_of_equal_values_is_exactly_zero() -> None:
    """Equal pairs: 0 with the interval [0, 0], not an interval of two noisy samples."""
    values = [0.0, 1.0, 0.5, 0.25, 1 / 3] * 20
    assert paired_difference(values, list(values)) == paired_difference([0.0] * 100, [0.0] * 100)
    d = paired_difference(values, list(values))
    assert (d.mean, d.low, d.high, d.n) == (0.0, 0.0, 0.0, 100)
    with pytest.raises(ValueError, match="3 values paired with 2"):
        paired_difference([1.0, 2.0, 3.0], [1.0, 2.0])


def test_a_variant_that_changes_nothing_differs_by_exactly_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], figures: dict[str, Any]
) -> None:
    """A two-player rule swept in four-player games: every figure 0 [0, 0], paired over the
    40 shared seeds, in the JSON, the table and the report; seats named with their bots."""
    out = tmp_path / "sweep"
    assert main(sweep_argv(out, "4", 40, "--json")) == 0
    points = json.loads(capsys.readouterr().out)["points"]
    assert points[0]["baseline"] is None and points[0]["against_baseline"] is None
    diff = points[1]["against_baseline"]
    assert points[1]["baseline"] == f"{VARIANT}=false"
    assert diff["method"] == "paired" and diff["games"] == 40
    assert diff["description"] == "paired over the same 40 seeds"
    estimates = [
        *diff["win_share_by_seat"],
        *diff["mean_score_by_seat"],
        diff["mean_length"],
        *diff["stats"].values(),
    ]
    assert len(estimates) > 9 and diff["stats"]
    for e in estimates:
        assert (e["mean"], e["low"], e["high"]) == (0.0, 0.0, 0.0)

    assert main(sweep_argv(out, "4", 40)) == 0  # the same command: resumed, the table
    text = " ".join(re.sub("[│┃]", " ", capsys.readouterr().out).split())
    assert "paired over the same 40 seeds" in text
    assert "win share seat 1 (greedy) +0.0 [+0.0, +0.0] pp" in text
    assert "win share seat 4 (random) +0.0 [+0.0, +0.0] pp" in text
    assert text.count("+0.0 [+0.0, +0.0] pp") == 4 and "+0.00 [+0.00, +0.00]" in text
    page = (out / "report.html").read_text()
    assert "paired over the same 40 seeds" in page and "+0.0 pp [+0.0, +0.0]" in page
    assert "Δ win share seat 1 (greedy)" in page

    legend = [t.get_text() for t in figures["effect.png"].legends[0].get_texts()]
    assert legend == ["seat 1 (greedy)", "seat 2 (random)", "seat 3 (random)", "seat 4 (random)"]
    ticks = [t.get_text() for t in figures["win_by_seat.png"].axes[0].get_xticklabels()]
    assert ticks == ["seat 1\n(greedy)", *(f"seat {s}\n(random)" for s in (2, 3, 4))]
    ticks = [t.get_text() for t in figures["scores.png"].axes[0].get_xticklabels()]
    assert ticks[0] == "seat 1\n(greedy)"
    advantage = [t.get_text() for t in figures["seat_advantage.png"].legends[0].get_texts()]
    assert advantage == legend


def test_the_intervals_are_those_of_the_per_game_differences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Where the variant matters: each figure is the mean of game i minus game i over the
    shared seeds, with mean ± 1.96 standard errors of those differences."""
    out = tmp_path / "sweep"
    assert main(sweep_argv(out, "2", 300, "--json")) == 0
    diff = json.loads(capsys.readouterr().out)["points"][1]["against_baseline"]
    base = RunDir.load(out / f"{VARIANT}=false").read_table().to_pylist()
    other = RunDir.load(out / f"{VARIANT}=true").read_table().to_pylist()
    assert [r["seed"] for r in base] == [r["seed"] for r in other]

    def paired(a: list[float], b: list[float]) -> tuple[float, float, float]:
        d = [x - y for x, y in zip(a, b, strict=True)]
        mean = math.fsum(d) / len(d)
        half = Z95 * math.sqrt(math.fsum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))
        return mean, mean - half, mean + half

    figures = {
        "seat 0": (diff["win_share_by_seat"][0], [r["win_share"][0] for r in other]),
        "score 1": (diff["mean_score_by_seat"][1], [r["score"][1] for r in other]),
        "length": (diff["mean_length"], [r["length"] for r in other]),
    }
    baselines = {
        "seat 0": [r["win_share"][0] for r in base],
        "score 1": [r["score"][1] for r in base],
        "length": [r["length"] for r in base],
    }
    changed = 0
    for name, (got, values) in figures.items():
        expected = paired(values, baselines[name])
        assert (got["mean"], got["low"], got["high"]) == pytest.approx(expected, abs=1e-12)
        changed += values != baselines[name]
    assert changed == len(figures)  # the variant changed games: a real test of the formula


def test_runs_that_share_no_seed_are_compared_as_independent_samples(tmp_path: Path) -> None:
    """Other run seeds: no pair, the difference of two independent samples, said so; the
    same seed: paired, over the indices both hold."""
    for name, job in (("a", parade_job(30, seed=3)), ("b", parade_job(30, seed=4))):
        run_simulation(job, workers=1, out=tmp_path / name)
    run_simulation(parade_job(20, seed=3, tiebreak_random=True), workers=1, out=tmp_path / "c")
    a, b, c = (GameFigures.of(RunDir.load(tmp_path / n).indexed_results()) for n in ("a", "b", "c"))
    unpaired = compare(b, a)
    assert not unpaired.paired and unpaired.games == 30
    assert unpaired.method == "independent samples (the runs share no game seeds)"
    shared = compare(c, a)
    assert shared.paired and shared.games == 20 and shared.method.endswith("same 20 seeds")
    data = load_report_input([tmp_path / "a", tmp_path / "b"])
    page = write_report(data=data, paths=[tmp_path / "a", tmp_path / "b"]).read_text()
    assert "independent samples (the runs share no game seeds)" in page


def test_seat_labels_name_the_bots_of_every_run() -> None:
    """One bot per seat; several joined; rotated seats say so."""
    two = parade_job(5, players=2)
    fixed = [type(two)("parade", two.config, ("greedy", "random"), 5, 1)]
    other = type(two)("parade", two.config, ("random", "random"), 5, 1)
    assert seat_labels(fixed) == ["seat 1 (greedy)", "seat 2 (random)"]
    assert seat_labels([*fixed, other]) == ["seat 1 (greedy/random)", "seat 2 (random)"]
    assert seat_labels([two]) == ["seat 1 (rotated)", "seat 2 (rotated)"]
