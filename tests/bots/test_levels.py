"""Difficulty levels: registered for every game, documented, usable from play and simulate."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.bots.positions import midgame, seat_to_move
from wonderland.bots import bot_names, hooks, make_bot
from wonderland.bots.base import RandomBot
from wonderland.bots.hooks import GameLevel, SearchHooks
from wonderland.bots.ismcts import ISMCTSBot
from wonderland.bots.levels import (
    CLOCK_ENV,
    LEVEL_NAMES,
    LEVELS,
    LevelBot,
    clock_off,
    clock_on,
    describe_level,
    level_definition,
    search_config,
)
from wonderland.cli.main import main
from wonderland.core import game_ids, get_game

GAMES = game_ids()


def inner_bot(level: str, game_id: str) -> Any:
    """The bot that ``level`` plays in ``game_id``."""
    bot = make_bot(level, game_id, 1)
    assert isinstance(bot, LevelBot)
    return bot.bot_for(game_id)


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


def test_search_levels_are_thinking_times_with_caps_that_grow() -> None:
    """hard and expert: a time per decision and an iteration cap, both growing; easy and
    medium (where a game has no bot of its own) search without a clock."""
    hard, expert = LEVELS["hard"].search, LEVELS["expert"].search
    assert (hard.seconds, expert.seconds) == (0.2, 1.0)
    assert 100 <= hard.iterations < expert.iterations
    assert LEVELS["easy"].search.seconds is None and LEVELS["medium"].search.seconds is None


def test_the_clock_can_be_switched_off_for_reproducible_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert search_config(LEVELS["hard"], "no_such_game").seconds == 0.2  # no hooks
    assert search_config(LEVELS["hard"], "wonderlands_war").seconds == 0.6  # War's time scale
    assert search_config(LEVELS["expert"], "wonderlands_war").seconds == 3.0
    monkeypatch.setenv(CLOCK_ENV, "off")
    assert LEVELS["hard"].seconds is None
    war = search_config(LEVELS["hard"], "wonderlands_war")
    assert war.seconds is None and war.iterations == 250
    assert level_definition("expert", "parade").endswith("seconds=none")


def test_a_reproducible_run_leaves_the_clock_setting_as_it_found_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``clock_off`` (train, the warm-up): off within, the caller's setting after."""
    monkeypatch.delenv(CLOCK_ENV, raising=False)
    with clock_off():
        assert not clock_on()
    assert clock_on() and CLOCK_ENV not in os.environ
    monkeypatch.setenv(CLOCK_ENV, "on")
    with clock_off():
        assert not clock_on()
    assert os.environ[CLOCK_ENV] == "on"


def parade_bot(level: str, players: int) -> Any:
    """The bot that ``level`` plays at a Parade table of ``players``."""
    game = get_game("parade")
    view = game.view(midgame(game, players, 1, decisions=2), 0)
    return inner_bot(level, "parade").bot_for(view)


def test_parade_levels_play_the_documented_bots_at_two_players() -> None:
    """Careless greedy (30 % random cards), the heuristic, the compiled search at 500 and at
    25,000 iterations."""
    kinds = {name: type(parade_bot(name, 2)).__name__ for name in LEVEL_NAMES[:3]}
    assert kinds == {
        "easy": "CarelessBot",
        "medium": "ParadeHeuristicBot",
        "hard": "ParadeFastSearchBot",
    }
    easy = parade_bot("easy", 2)
    assert easy.slip == 0.3 and type(easy.policy).__name__ == "ParadeGreedyBot"
    hard, expert = parade_bot("hard", 2), inner_bot("expert", "parade")
    assert type(expert).__name__ == "ParadeFastSearchBot"
    assert (hard.config.seconds, hard.config.iterations) == (0.2, 500)
    assert (expert.config.seconds, expert.config.iterations) == (1.0, 25000)
    assert (hard.config.value, expert.config.value) == ("win", "win")
    assert describe_level("expert", "parade", 2) == (
        "compiled ISMCTS, at most 25,000 iterations, greedy rollouts, 1 s a decision"
    )
    assert describe_level("easy", "parade", 2) == "greedy, a random card on 30 % of its moves"
    assert describe_level("medium", "parade", 2) == "the heuristic bot"
    assert describe_level("hard", "parade", 2) == (
        "compiled ISMCTS, at most 500 iterations, greedy rollouts, 0.2 s a decision"
    )


@pytest.mark.parametrize("players", [3, 4, 6])
def test_parade_levels_below_expert_differ_at_three_or_more_players(players: int) -> None:
    """Greedy with 60 % and with 10 % random cards, the heuristic, and ``expert``'s search;
    the bots keep their level's name."""
    easy, medium = parade_bot("easy", players), parade_bot("medium", players)
    assert (easy.slip, medium.slip) == (0.6, 0.1)
    assert type(medium.policy).__name__ == "ParadeGreedyBot"
    hard = parade_bot("hard", players)
    assert type(hard).__name__ == "ParadeHeuristicBot" and hard.name == "hard"
    assert describe_level("medium", "parade", players) == (
        "greedy, a random card on 10 % of its moves"
    )
    assert level_definition("hard", "parade", players) == "bot heuristic"
    assert level_definition("expert", "parade", players) == level_definition("expert", "parade", 2)


def test_a_level_that_differs_by_table_size_names_both_sizes() -> None:
    """Without a table size, words and definition name both; the time belongs to the search."""
    assert describe_level("hard", "parade") == (
        "the heuristic bot at three or more players; at two, compiled ISMCTS, at most 500 "
        "iterations, greedy rollouts, 0.2 s a decision"
    )
    assert level_definition("easy", "parade") == (
        "players>=3: bot greedy careless=0.6; players=2: bot greedy careless=0.3"
    )


def test_one_bot_of_a_level_plays_each_table_as_its_size_asks() -> None:
    """The same ``hard`` bot searches at two players and follows the heuristic at four, and
    reports the searches it made."""
    game = get_game("parade")
    bot = make_bot("hard", "parade", 5)
    for players in (4, 2):
        state = midgame(game, players, 2, decisions=3)
        seat = seat_to_move(game, state)
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        advice = bot.advise(game, view, legal)
        assert advice.action in legal and advice.bot == "hard"
        searched = "searched games" in advice.reason
        assert searched == (players == 2), advice.reason
    assert bot.thought().searches >= 1


def test_a_level_that_does_not_think_is_given_no_time() -> None:
    """A game's own level marked untimed (a rule of thumb, Wonderdice's speed levels) gets
    no time, and neither its words nor its definition name one."""
    assert level_definition("medium", "parade", 2) == "bot heuristic"
    assert level_definition("easy", "parade", 2) == "bot greedy careless=0.3"
    assert "seconds" not in level_definition("hard", "wonderdice")
    assert "a decision" not in describe_level("hard", "wonderdice")


def test_a_level_definition_names_its_bot_or_its_whole_search() -> None:
    """What a ladder's results file records: the stand-in bot, or every search setting with
    the game's budget scale, rollout depth and the level's time applied."""
    assert level_definition("hard", "parade", 2) == (
        "parade-compiled-ismcts iterations=500 exploration=0.6 rollout=greedy epsilon=0.0 "
        "depth=end seconds=0.2"
    )
    assert level_definition("heuristic", "parade") == "bot heuristic"
    hard = level_definition("hard", "wonderlands_war")
    assert hard.startswith(
        "ismcts iterations=250 seconds=0.6 exploration=0.3 rollout=heuristic depth="
    )
    assert level_definition("expert", "wonderlands_war") != hard
    assert level_definition("easy", "wonderlands_war") == "bot heuristic careless=0.5"
    assert level_definition("expert", "parade") == (
        "parade-compiled-ismcts iterations=25000 exploration=0.6 rollout=greedy epsilon=0.0 "
        "depth=end seconds=1"
    )


def test_a_game_may_play_a_level_its_own_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """``SearchHooks.levels``: the game's own bot for a level gets the level's time and
    seed, and its definition and summary are the level's."""
    made: list[tuple[float | None, int | None]] = []

    def make(seconds: float | None, seed: int | None) -> RandomBot:
        made.append((seconds, seed))
        return RandomBot(seed)

    own = GameLevel("a coin", "coin flips", make)
    monkeypatch.setitem(hooks._LOADED, "toy-game-with-levels", SearchHooks(levels={"easy": own}))
    assert isinstance(inner_bot("easy", "toy-game-with-levels"), RandomBot)
    assert made and made[0][0] is None and made[0][1] is not None
    assert level_definition("easy", "toy-game-with-levels") == "coin flips seconds=none"
    assert describe_level("easy", "toy-game-with-levels") == "a coin"
    assert describe_level("hard", "toy-game-with-levels").startswith("ISMCTS, at most 500 ")


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
    assert "Hint (hard bot)" in out and "searched games in" in out and "Why:" in out
    assert "seat 2 (hard)" in out
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
