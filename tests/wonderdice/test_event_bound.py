"""E3 at a live table: a game stopped by its event budget ends at the event that reaches it,
and its record replays to that same end (through the driver, the server's live table and the
terminal table).  The budget is lowered so that a game of random players reaches it at once.

Without decisions between rounds, the deal is one event and every turn two (its roll event,
then the seat's action), so an even budget is reached by a roll event, whose action never
comes, and an odd budget by a seat's action.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.wonderdice.test_terminal_table import ScriptedKeys, keep_rolling, use_keys
from wonderland.cli.main import main
from wonderland.core import CHANCE, GameRecord, IllegalAction, final_state
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import steps
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.live import resume, start
from wonderland.games.wonderdice.realtime import Driver, SimClock
from wonderland.games.wonderdice.simulation import simulate_one
from wonderland.games.wonderdice.state import WonderdiceState

SIX = GAME.make_config(6, {"countdown_ms": "0"})


def assert_abandoned_at(
    state: WonderdiceState, actions: Sequence[tuple[int, int]], budget: int
) -> None:
    """The game ended by E3 after exactly ``budget`` events, every one of them recorded (a
    roll event last for an even budget)."""
    assert (state.end_rule, state.steps, len(actions)) == ("E3", budget, budget)
    assert GAME.returns(state) == pytest.approx((1 / state.n,) * state.n)
    assert (actions[-1][0] == CHANCE) == (budget % 2 == 0)


@pytest.mark.parametrize("budget", [60, 61])
def test_a_simulated_game_ends_at_its_budget_and_replays(
    budget: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Six random bots in the discrete-event simulation: the record replays to the end."""
    monkeypatch.setattr(steps, "MAX_STEPS_PER_GAME", budget)
    result = simulate_one(SIX, ["random"] * 6, 3, True)
    assert result.record is not None
    record = GameRecord.loads(result.record.dumps())
    state = final_state(GAME, record)
    assert_abandoned_at(state, record.actions, budget)
    assert result.returns == GAME.returns(state)


def test_a_live_table_ends_at_its_budget_and_tells_and_resumes_its_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Six random bots at the server's live table on a hand-driven clock: the table's log
    tells every recorded action, and the table restored from its actions is the same over
    game."""
    budget = 80
    monkeypatch.setattr(steps, "MAX_STEPS_PER_GAME", budget)
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    live = start(SIX, 5, dict.fromkeys(range(6), "random"))
    choices = random.Random(5)

    async def pick(seat: int, legal: list[int]) -> int:
        return choices.choice(legal)

    async def play() -> None:
        while not GAME.is_terminal(live.driver.state) and now[0] < 2000.0:
            await live.tick(pick)
            now[0] += 0.01

    asyncio.run(play())
    actions = list(live.driver.actions)
    assert_abandoned_at(live.driver.state, actions, budget)
    told = live.log_lines(len(actions))
    assert [index for index, _ in told] == list(range(len(actions)))
    restored = resume(SIX, 5, actions, {}).driver.state
    assert GAME.view(restored, None) == GAME.view(live.driver.state, None)


def test_the_terminal_table_saves_a_game_ended_at_its_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A person and five random bots at the terminal: the game ends at the budget, reached by
    a roll event, and the record saved replays to it."""
    budget = 60
    monkeypatch.setattr(steps, "MAX_STEPS_PER_GAME", budget)
    saved = tmp_path / "bound.json"
    use_keys(monkeypatch, ScriptedKeys(keep_rolling(300)))
    argv = ["play", "wonderdice", "--players", "6", "--seed", "4", "--bots", "random"]
    assert main([*argv, "--variant", "countdown_ms=0", "--record", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out and "(rule E3)" in out and "error" not in out
    record = GameRecord.load(saved)
    assert_abandoned_at(final_state(GAME, record), record.actions, budget)


def test_a_roll_after_the_games_last_event_rolls_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rolling again lapses the roll not acted on (a pass, RT3); when that roll's event
    reaches the budget the game is over: no dice are rolled, none is pending, and the table
    refuses what comes next (D27)."""
    monkeypatch.setattr(steps, "MAX_STEPS_PER_GAME", 2)
    clock = SimClock()
    config = GAME.make_config(2, {"countdown_ms": "0"})
    drv = Driver(config, 1, clock)
    drv.roll(0)
    clock.t = 1.0
    assert sum(drv.roll(0)) == 0
    assert drv.pending == [None, None]
    with pytest.raises(IllegalAction) as err:
        drv.turn(1, A.PASS)
    assert err.value.rule == "D27"
    record = GameRecord(GAME.spec.id, GAME.spec.version, config, 1, tuple(drv.actions))
    assert_abandoned_at(final_state(GAME, record), record.actions, 2)
