"""The ladder: schedule, pairwise outcomes, Bradley–Terry ratings, intervals, CLI and plot."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest

from wonderland.cli.main import main
from wonderland.core import get_game
from wonderland.sim.ladder import (
    bradley_terry,
    lineup,
    pair_table,
    placings,
    play_ladder,
    rate,
    score_direction,
)
from wonderland.sim.runner import GameResult

CHEAP = ["random", "greedy", "heuristic"]


def result(
    bots: tuple[str, ...], scores: tuple[float, ...], winners: tuple[int, ...]
) -> GameResult:
    returns = tuple(1 / len(winners) if s in winners else 0.0 for s in range(len(bots)))
    return GameResult(0, bots, scores, returns, winners, 10.0)


@pytest.mark.parametrize(("entrants", "players"), [(5, 4), (5, 2), (3, 3), (2, 4), (5, 6)])
def test_schedule_is_balanced_and_rotates_seats(entrants: int, players: int) -> None:
    """Over whole cycles every entrant sits in every seat equally often."""
    names = [f"b{i}" for i in range(entrants)]
    cycle = players * (math.comb(entrants, players) if players <= entrants else entrants)
    games = [lineup(names, players, i) for i in range(2 * cycle)]
    seats = Counter((seat, bot) for game in games for seat, bot in enumerate(game))
    assert len(set(seats.values())) == 1
    assert {bot for _, bot in seats} == set(names)
    if players <= entrants:
        assert all(len(set(game)) == players for game in games)


def test_placings_and_direction() -> None:
    """Win share first, then the score in the direction the games show."""
    low_wins = [result(("a", "b", "c"), (3, 9, 5), (0,)), result(("a", "b", "c"), (8, 2, 4), (1,))]
    assert score_direction(low_wins) == -1
    assert placings(low_wins[0], -1) == [1, 3, 2]
    high_wins = [result(("a", "b"), (30, 20), (0,))]
    assert score_direction(high_wins) == 1
    shared = result(("a", "b", "c"), (4, 4, 7), (0, 1))
    assert placings(shared, -1) == [1, 1, 3]


def test_pair_table_counts_every_pair_of_different_bots() -> None:
    games = [result(("a", "b", "c"), (3, 9, 5), (0,)), result(("a", "b", "b"), (5, 5, 1), (2,))]
    wins = pair_table(games, ["a", "b", "c"], -1)
    assert wins[0][1] == 1 + 0.5 + 0  # game 1: a above b; game 2: a level with b, below b
    assert wins[1][0] == 0.5 + 1
    assert wins[0][2] == 1 and wins[2][1] == 1 and wins[2][0] == 0


def test_bradley_terry_matches_the_closed_form() -> None:
    """Two entrants: the rating difference is 400·log10 of the win ratio."""
    ratings = bradley_terry([[0, 30], [10, 0]], prior=0)
    assert ratings[0] == 0
    assert ratings[1] == pytest.approx(-400 * 0.47712125, abs=0.01)
    assert bradley_terry([[0, 5], [5, 0]], prior=0)[1] == pytest.approx(0.0, abs=1e-9)


def test_bradley_terry_prior_keeps_an_unbeaten_entrant_finite() -> None:
    ratings = bradley_terry([[0, 0, 0], [20, 0, 0], [20, 20, 0]])
    assert ratings[0] < ratings[1] < ratings[2] < 3000


def test_ladder_orders_cheap_bots_and_is_reproducible() -> None:
    """random < greedy in 4-player Parade; the same seed, the same figures; the worker count
    changes nothing."""
    config = get_game("parade").make_config(4)
    results = list(play_ladder("parade", config, CHEAP, 48, seed=2))
    ladder = rate("parade", results, CHEAP, seed=2, bootstrap=50)
    again = rate(
        "parade", list(play_ladder("parade", config, CHEAP, 48, 2, workers=2)), CHEAP, 2, 50
    )
    assert ladder == again
    elo = [s.elo.mean for s in ladder.standings]
    assert elo[0] == 0 < elo[1]
    assert ladder.score_direction == -1
    assert all(s.elo.low <= s.elo.mean <= s.elo.high for s in ladder.standings)
    assert [(s.lower, s.upper) for s in ladder.steps] == [
        ("random", "greedy"),
        ("greedy", "heuristic"),
    ]
    assert ladder.steps[0].diff.mean == pytest.approx(elo[1] - elo[0])
    assert ladder.steps[0].meets_goal
    assert ladder.head_to_head[1][0] + ladder.head_to_head[0][1] == pytest.approx(1.0)


def test_ladder_command_json_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ladder", "parade", "--players", "3", "--games", "12", "--seed", "4"]
    argv += ["--bots", ",".join(CHEAP), "--bootstrap", "20", "--out", str(tmp_path), "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["bot"] for r in out["ratings"]] == CHEAP
    assert out["games"] == 12 and out["players"] == 3
    assert len(out["steps"]) == 2 and out["step_goal"] == 150
    plot = tmp_path / "ladder-parade-3p.png"
    assert out["plot"] == str(plot)
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_ladder_command_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "mine.png"
    argv = ["ladder", "parade", "--players", "2", "--games", "6", "--bots", "random,easy"]
    assert main([*argv, "--bootstrap", "10", "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert "Ratings" in out and "Steps between consecutive bots" in out and "Head to head" in out
    assert "greedy, a random card on 30 % of its moves" in out  # Parade's easy level
    assert plot.exists()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "random,wizard"], "no bot 'wizard'"),
        (["--bots", "random,random"], "two different bots"),
        (["--games", "0"], "--games"),
        (["--out", "/nonexistent/dir"], "the folder /nonexistent does not exist"),
    ],
)
def test_ladder_command_refuses_bad_input(
    extra: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ladder", "parade", "--players", "2", *extra]) == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_ladder_records_the_time_and_iterations_each_search_reached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game's line keeps, per seat, its searches with their time and iterations, and the
    ratings give each entrant's mean per search; a bot that does not search has none."""
    from wonderland.bots.levels import CLOCK_ENV
    from wonderland.games.parade.bots import levels as parade_levels
    from wonderland.games.parade.bots.fast_search import FastSearchConfig
    from wonderland.sim.ladder_log import result_from_json, result_to_json

    monkeypatch.setenv(CLOCK_ENV, "off")
    small = parade_levels.compiled_search(FastSearchConfig(iterations=300))
    monkeypatch.setitem(parade_levels.LEVELS, "expert", small)
    entrants = ["random", "expert"]
    results = play_ladder("parade", get_game("parade").make_config(2), entrants, 2, seed=3)
    for played in results:
        searched = played.bots.index("expert")
        searches, seconds, iterations = played.thinking[searched]
        assert searches > 5 and seconds > 0 and iterations == 300 * searches
        assert played.thinking[1 - searched] == (0, 0.0, 0)
        assert result_from_json(json.loads(json.dumps(result_to_json(1, played))))[1] == played
    standings = {s.bot: s for s in rate("parade", results, entrants, seed=3, bootstrap=5).standings}
    assert standings["expert"].iterations_per_search == 300
    seconds = sum(played.thinking[played.bots.index("expert")][1] for played in results)
    searches = sum(played.thinking[played.bots.index("expert")][0] for played in results)
    assert standings["expert"].seconds_per_search == pytest.approx(seconds / searches)
    assert standings["random"].searches == 0
