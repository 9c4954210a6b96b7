"""Difficulty levels: registered for every game, documented, usable from play and simulate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bots.positions import midgame, seat_to_move
from wonderland.bots import bot_names, make_bot
from wonderland.bots.base import RandomBot
from wonderland.bots.ismcts import ISMCTSBot
from wonderland.bots.levels import LEVEL_NAMES, LEVELS, describe_level, level_definition
from wonderland.cli.main import main
from wonderland.core import game_ids, get_game

GAMES = game_ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_level_is_a_bot_of_every_game(game_id: str) -> None:
    assert LEVEL_NAMES == ("easy", "medium", "hard", "expert")
    assert set(LEVEL_NAMES) <= set(bot_names(game_id))
    game = get_game(game_id)
    state = midgame(game, game.spec.min_players, 1, decisions=4)
    seat = seat_to_move(game, state)
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    for name in LEVEL_NAMES:
        bot = make_bot(name, game_id, 3)
        assert bot.name == name
        advice = bot.advise(game, view, legal)
        assert advice.action in legal and advice.bot == name and advice.reason
        assert describe_level(name, game_id)


def test_search_levels_are_iteration_budgets_that_grow() -> None:
    budgets = [LEVELS[name].search.iterations for name in ("hard", "expert")]
    assert budgets == sorted(budgets) and budgets[0] >= 100
    assert all(LEVELS[name].search.seconds is None for name in LEVEL_NAMES)


def test_parade_levels_play_the_documented_bots() -> None:
    kinds = {
        name: type(make_bot(name, "parade", 1).bot_for("parade")).__name__ for name in LEVEL_NAMES
    }  # type: ignore[attr-defined]
    assert kinds == {
        "easy": "ParadeGreedyBot",
        "medium": "ParadeHeuristicBot",
        "hard": "ISMCTSBot",
        "expert": "ISMCTSBot",
    }
    assert describe_level("hard", "parade") == "ISMCTS, 500 iterations, the game's policy rollouts"


def test_a_level_definition_names_its_bot_or_its_whole_search() -> None:
    """What a ladder's results file records: the stand-in bot, or every search setting with
    the game's budget scale and rollout depth applied."""
    assert level_definition("easy", "parade") == "bot greedy"
    assert level_definition("heuristic", "parade") == "bot heuristic"
    hard = level_definition("hard", "wonderlands_war")
    assert hard.startswith("ismcts iterations=250 exploration=0.3 rollout=heuristic depth=")
    assert level_definition("expert", "wonderlands_war") != hard
    assert level_definition("hard", "parade").endswith("depth=8")


def test_a_game_without_rule_of_thumb_bots_searches_at_every_level() -> None:
    """Levels fall back to small searches where a game registers no bots of its own."""
    bot = make_bot("easy", "toy-game-without-bots", 1)
    inner = bot.bot_for("toy-game-without-bots")  # type: ignore[attr-defined]
    assert (
        isinstance(inner, ISMCTSBot) and inner.config.iterations == LEVELS["easy"].search.iterations
    )
    assert isinstance(make_bot("random", "anything", 1), RandomBot)


@pytest.mark.slow
def test_simulate_accepts_levels(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "parade", "--players", "2", "--games", "2", "--bot", "medium,hard"]
    assert main([*argv, "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["win_share_by_bot"]) == {"medium", "hard"}


@pytest.mark.slow
def test_levels_play_wonderdice_in_real_time_simulation() -> None:
    """The discrete-event simulation asks search bots with views of their own rolls."""
    from wonderland.sim.runner import simulate_one

    config = get_game("wonderdice").make_config(2)
    result = simulate_one("wonderdice", config, ["hard", "medium"], seed=5)
    assert sorted(result.returns) == [0.0, 1.0]
    assert result.bots == ("hard", "medium")


def test_play_against_a_level_with_hints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--bot hard --hints``: the hard bot's advice appears before the human's move."""
    record = tmp_path / "game.json"
    argv = ["play", "parade", "--players", "2", "--seed", "5", "--bot", "hard", "--hints"]
    import io
    import sys

    stdin = sys.stdin
    sys.stdin = io.StringIO("quit\n")
    try:
        assert main([*argv, "--record", str(record)]) == 0
    finally:
        sys.stdin = stdin
    out = capsys.readouterr().out
    assert "Hint (hard bot)" in out and "estimated win share" in out and "Why:" in out
    assert "seat 1 (hard)" in out
    assert record.exists()


def test_web_table_offers_the_levels_and_runs_them_in_workers() -> None:
    """The lobby's seat selector lists the levels; the worker-process entry point plays them."""
    from wonderland.server.app import describe_game
    from wonderland.server.bot_worker import decide

    for game_id in GAMES:
        assert set(LEVEL_NAMES) <= set(describe_game(game_id)["bots"])
    game = get_game("parade")
    state = midgame(game, 3, 2, decisions=3)
    seat = seat_to_move(game, state)
    legal = game.legal_actions(state, seat)
    assert decide("parade", "hard", 7, game.view(state, seat), legal) in legal
