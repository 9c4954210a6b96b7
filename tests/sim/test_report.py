"""Reports: the page and its plots exist, with the sections and the numbers of the data."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from tests.sim.helpers import parade_job
from wonderland.cli.main import main
from wonderland.core import get_game
from wonderland.sim.batch import run_simulation
from wonderland.sim.job import SimJob
from wonderland.sim.report import write_report
from wonderland.sim.store import RunDir
from wonderland.sim.summary import Z95


def pct(shares: list[float]) -> str:
    """A seat's mean win share as the report prints it, computed here from the rows."""
    return f"{100 * math.fsum(shares) / len(shares):.1f} %"


def png(path: Path) -> bool:
    return path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_report_of_one_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """report DIR: sections, plots, N, seed, and per-seat numbers recomputed from Parquet;
    the page's path is said on one unbroken line, however much longer than the terminal."""
    out = tmp_path / ("a-folder-with-a-long-name-" * 4) / "run"
    run_simulation(parade_job(50, seed=23), workers=1, out=out)
    assert main(["report", str(out)]) == 0
    assert f"report written to {out / 'report.html'}\n" in capsys.readouterr().out
    page = (out / "report.html").read_text()
    for section in (
        "Runs",
        "Win share by seat",
        "Score by seat",
        "Game length",
        "Win share by bot",
        "Game figures",
    ):
        assert f"<h2>{section}</h2>" in page
    assert "N = 50 games" in page and "run seed 23" in page
    assert (
        "wonderland simulate parade --players 4 --games 50 --bots greedy,random,greedy,random"
        in page
    )
    plots = sorted(p.name for p in (out / "report_plots").iterdir())
    assert plots == ["length.png", "scores.png", "win_by_bot.png", "win_by_seat.png"]
    assert all(png(out / "report_plots" / name) for name in plots)
    for name in plots:
        assert f'src="report_plots/{name}"' in page

    rows = RunDir.load(out).read_table().to_pylist()
    for seat in range(4):
        assert pct([r["win_share"][seat] for r in rows]) in page
    greedy = [r["win_share"][s] for r in rows for s in range(4) if r["bots"][s] == "greedy"]
    assert f"{pct(greedy)} " in page and "(n=100)" in page
    turns = [r["length"] for r in rows]
    mean = math.fsum(turns) / len(turns)
    sd = math.sqrt(math.fsum((t - mean) ** 2 for t in turns) / (len(turns) - 1))
    low, high = mean - Z95 * sd / math.sqrt(len(turns)), mean + Z95 * sd / math.sqrt(len(turns))
    assert f"{mean:.2f} [{low:.2f}, {high:.2f}]" in page


def test_compare_puts_two_runs_side_by_side(tmp_path: Path) -> None:
    """--compare: both runs in every table, the effect of the change with its interval."""
    run_simulation(parade_job(40, seed=3), workers=1, out=tmp_path / "base")
    run_simulation(parade_job(40, seed=4), workers=1, out=tmp_path / "other")
    page_path = tmp_path / "cmp" / "compare.html"
    argv = ["report", str(tmp_path / "base"), "--compare", str(tmp_path / "other")]
    assert main([*argv, "--output", str(page_path), "--mkdir"]) == 0
    page = page_path.read_text()
    assert "<h2>Effect of the change</h2>" in page and "<h2>Seat advantage</h2>" in page
    assert "run seeds 3, 4" in page and "N = 80 games" in page
    a = RunDir.load(tmp_path / "base").read_table().to_pylist()
    b = RunDir.load(tmp_path / "other").read_table().to_pylist()
    for rows in (a, b):
        assert pct([r["win_share"][0] for r in rows]) in page
    delta = 100 * (
        math.fsum(r["win_share"][1] for r in b) / 40 - math.fsum(r["win_share"][1] for r in a) / 40
    )
    assert f"{delta:+.1f} pp [" in page
    assert (tmp_path / "cmp" / "compare_plots" / "effect.png").is_file()


def test_sweep_runs_the_grid_and_reports_the_effect(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """sweep: one run folder per point, sweep.json, the report with the variant's effect."""
    out = tmp_path / "sweep"
    argv = [
        "sweep",
        "parade",
        "--players",
        "2,3",
        "--variant",
        "two_player_plain_majority=false,true",
        "--games",
        "30",
        "--bots",
        "random",
        "--seed",
        "9",
        "--workers",
        "1",
        "--out",
        str(out),
        "--json",
    ]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    names = [p["point"] for p in result["points"]]
    assert names == [
        "players=2,two_player_plain_majority=false",
        "players=2,two_player_plain_majority=true",
        "players=3,two_player_plain_majority=false",
        "players=3,two_player_plain_majority=true",
    ]
    assert all(p["games"] == 30 and p["seed"] == 9 for p in result["points"])
    page = (out / "report.html").read_text()
    assert "<h2>Sweep</h2>" in page and "<h2>Effect of the variant</h2>" in page
    assert "N = 120 games" in page
    base = RunDir.load(out / names[0]).read_table().to_pylist()
    plain = RunDir.load(out / names[1]).read_table().to_pylist()
    delta = 100 * (
        math.fsum(r["win_share"][0] for r in plain) / 30
        - math.fsum(r["win_share"][0] for r in base) / 30
    )
    row = re.search(
        r"<td>players=2,two_player_plain_majority=true</td><td>players=2,[^<]*</td><td>([^<]*)</td>",
        page,
    )
    assert row is not None and row[1].startswith(f"{delta:+.1f} pp")
    assert (out / "report_plots" / "effect.png").is_file()
    # the same command again resumes: nothing is played twice
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["points"] == result["points"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["report", "{tmp}"], "holds no simulation run"),
        (["sweep", "parade", "--players", "2", "--games", "5"], "nothing to sweep"),
        (["sweep", "parade", "--variant", "nope=1,2"], "unknown variant 'nope'"),
        (["sweep", "parade", "--players", "2,9"], "2-6 players"),
        (["sweep", "parade", "--players", "2,3", "--bots", "random,random"], "2 bots for 3"),
        (["simulate", "parade", "--address", "auto", "--out", "{tmp}/x"], "--backend ray"),
        (["simulate", "parade", "--workers", "0", "--out", "{tmp}/x"], "at least 1"),
    ],
)
def test_bad_input_is_named_and_writes_nothing(
    tmp_path: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 2 with a message that says what is wrong; no folder appears."""
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main([*argv, "--out", str(tmp_path / "x")] if argv[0] == "sweep" else argv) == 2
    assert message in " ".join(capsys.readouterr().err.split())
    assert not (tmp_path / "x").exists()


def test_report_shows_win_share_by_faction(tmp_path: Path) -> None:
    """A game with labels (Wonderland's War factions): the faction section, from the rows."""
    game = get_game("wonderlands_war")
    job = SimJob("wonderlands_war", game.make_config(3), ("random",) * 3, 12, seed=2)
    run_simulation(job, workers=1, out=tmp_path / "war")
    page_path = write_report([tmp_path / "war"])
    page = page_path.read_text()
    assert "<h2>Win share by faction</h2>" in page
    assert (tmp_path / "war" / "report_plots" / "win_by_faction.png").is_file()
    rows = RunDir.load(tmp_path / "war").read_table().to_pylist()
    shares: dict[str, list[float]] = {}
    for row in rows:
        for label, share in zip(row["labels"], row["win_share"], strict=True):
            shares.setdefault(label, []).append(share)
    assert len(shares) > 1
    for label, values in shares.items():
        assert f"<th>{label}</th>" in page
        assert f"{pct(values)} [" in page and f"(n={len(values)})" in page
