"""The real-time terminal table driven deterministically: scripted keys on a simulated clock.

Records and resuming, bots reseeded from the record, hints, the words for round results and
blocks, and a live screen that fits the terminal.
"""

from __future__ import annotations

import contextlib
import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from tests.wonderdice.helpers import do, set_row
from wonderland.bots import make_bot
from wonderland.cli.main import main
from wonderland.core import CHANCE, GameRecord, final_state
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import rules, steps, terminal, terminal_loop
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.realtime import Driver, SimClock
from wonderland.games.wonderdice.render import COUNTDOWN_TEXT
from wonderland.games.wonderdice.simulation import SeatSpeed
from wonderland.games.wonderdice.state import BETRAY_CHOICE, MADDEN_CHOICE, TOUCH
from wonderland.games.wonderdice.terminal_loop import LiveTable, dice_source
from wonderland.games.wonderdice.view import WonderdiceView
from wonderland.terminal.keys import Keys
from wonderland.terminal.records import StepSeeds


class ScriptedKeys:
    """Keys pressed at set moments of a simulated clock; Ctrl-C at ``interrupt_at``."""

    def __init__(self, script: list[tuple[float, str]], interrupt_at: float | None = None) -> None:
        self.clock = SimClock()
        self.script = sorted(script)
        self.interrupt_at = interrupt_at

    @contextlib.contextmanager
    def raw(self) -> Iterator[ScriptedKeys]:
        yield self

    def read(self, timeout: float) -> str | None:
        self.clock.t += timeout
        if self.interrupt_at is not None and self.clock.t >= self.interrupt_at:
            raise KeyboardInterrupt
        if self.script and self.script[0][0] <= self.clock.t:
            return self.script.pop(0)[1]
        return None


def keep_rolling(seconds: float) -> list[tuple[float, str]]:
    """A person who rolls and advances (or tries to) about once a second."""
    return [(t + dt, key) for t in range(1, int(seconds)) for dt, key in ((0.0, " "), (0.4, "a"))]


def views_of_play(monkeypatch: pytest.MonkeyPatch) -> list[WonderdiceView]:
    """Record the table's state (as a view) when each game starts and when it stops."""
    seen: list[WonderdiceView] = []
    original = LiveTable.play

    def play(self: LiveTable, keys: Keys, console: Console) -> None:
        seen.append(GAME.view(self.s, None))
        try:
            original(self, keys, console)
        finally:
            seen.append(GAME.view(self.s, None))

    monkeypatch.setattr(LiveTable, "play", play)
    return seen


def use_keys(monkeypatch: pytest.MonkeyPatch, keys: ScriptedKeys) -> None:
    monkeypatch.setattr(terminal_loop, "KeyReader", lambda game_id: keys)


def test_an_interrupted_game_is_saved_and_resumes_from_exactly_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C saves an unfinished record and says where; --resume starts from exactly the
    saved state (the state the interrupted table stopped in, the state replaying the record
    gives), plays to the end, and does so reproducibly: bots are reseeded from the record."""
    seen = views_of_play(monkeypatch)
    saved = tmp_path / "saved.json"
    argv = ["play", "wonderdice", "--players", "3", "--seed", "7", "--bots", "greedy,greedy:fast"]
    use_keys(monkeypatch, ScriptedKeys(keep_rolling(30), interrupt_at=20.0))
    assert main([*argv, "--variant", "countdown_ms=500", "--record", str(saved)]) == 130
    out = capsys.readouterr().out
    assert "interrupted" in out
    assert f"continue it with:\n  wonderland play --resume {saved}\n" in out
    record = GameRecord.load(saved)
    assert record.players == ("you", "greedy", "greedy:fast")
    assert not GAME.is_terminal(final_state(GAME, record))
    assert len(record.actions) > 20
    stopped_at = seen[-1]
    assert stopped_at == GAME.view(final_state(GAME, record), None)
    copy = tmp_path / "copy.json"
    shutil.copy(saved, copy)

    use_keys(monkeypatch, ScriptedKeys(keep_rolling(900)))
    assert main(["play", "--resume", str(saved)]) == 0
    out = capsys.readouterr().out
    assert f"resumed at step {len(record.actions)}" in out
    assert "Game over" in out and "Game record saved" in out
    assert seen[-2] == stopped_at  # the resumed game starts from exactly the saved state
    finished = GameRecord.load(saved)
    assert GAME.is_terminal(final_state(GAME, finished))
    assert finished.actions[: len(record.actions)] == record.actions

    again = tmp_path / "again.json"
    use_keys(monkeypatch, ScriptedKeys(keep_rolling(900)))
    assert main(["play", "--resume", str(copy), "--record", str(again)]) == 0
    capsys.readouterr()
    assert GameRecord.load(again).actions == finished.actions  # the same continuation
    assert_bots_reseeded_by_step(finished, len(record.actions))


def assert_bots_reseeded_by_step(record: GameRecord, start: int) -> None:
    """Every bot choice after ``start`` is the choice of that bot reseeded by StepSeeds at the
    step it was made at (the step of its roll event)."""
    seeds = StepSeeds(record.seed or 0)
    config = GAME.make_config(record.config.num_players, record.config.variants)
    states = [GAME.initial_state(config)]
    for actor, action in record.actions:
        state = states[-1].clone()
        GAME.apply_in_place(state, actor, action)
        states.append(state)
    checked = 0
    for j in range(start + 1, len(record.actions)):
        seat, action = record.actions[j]
        if seat == CHANCE or record.players[seat] == "you":
            continue
        before = states[j]
        if before.phase in (BETRAY_CHOICE, MADDEN_CHOICE):
            step, state, legal = j, before, GAME.legal_actions(before, seat)
        else:
            roller, gap, faces = A.decode_roll(record.actions[j - 1][1])
            state = states[j - 1]
            assert roller == seat
            if state.phase == TOUCH:
                continue
            if any(faces):
                legal = rules.roll_actions(state, seat, faces, state.now + gap)
            else:
                legal = rules.free_turn_actions(state, seat)
            step = j - 1
        if len(legal) < 2:
            continue
        bot = make_bot(record.players[seat].split(":")[0], GAME.spec.id, 0)
        bot = seeds.reseed(bot, seat, step)
        assert bot.choose(GAME, GAME.view(state, seat), legal) == action, j
        checked += 1
    assert checked > 10


def test_quitting_saves_an_unfinished_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``q`` leaves the table: exit status 0, the game kept unfinished, the screen says where."""
    saved = tmp_path / "q.json"
    use_keys(monkeypatch, ScriptedKeys([(4.0, " "), (5.0, "q")]))
    assert main(["play", "wonderdice", "--players", "2", "--record", str(saved)]) == 0
    assert "Game saved, unfinished" in capsys.readouterr().out
    assert not GAME.is_terminal(final_state(GAME, GameRecord.load(saved)))


def table_at(n: int, hints: bool = True) -> tuple[LiveTable, SimClock]:
    """A mid-game table of ``n`` (seat i plays character i): you are blocked by seat 1 and
    hold a roll; seat 2 has lost its ability; the log is full."""
    clock = SimClock()
    config = GAME.make_config(n, {"deal": "in_order"})
    drv = Driver(config, 5, clock, dice=dice_source(5))
    s = drv.state
    bots = {i: make_bot("greedy", GAME.spec.id, i) for i in range(1, n)}
    speeds = {i: SeatSpeed() for i in range(1, n)}
    table = LiveTable(drv, 0, bots, speeds, StepSeeds(5), hints=hints)
    set_row(s, 0, 3)
    for seat in range(1, n):
        set_row(s, seat, seat % 6)
    do(s, 1, [4, 4], A.block(0, 4))
    if n > 2:
        s.suppressed[2] = True
        steps.refresh_powers(s)
    clock.t = 5.0
    drv.roll(0)
    for k in range(40):
        table.note(f"round 1: a long line about the table that wraps at 80 columns, entry {k} " * 2)
    table.message = Text("IllegalAction D21: you are blocked: unblock first " * 2)
    return table, clock


@pytest.mark.parametrize(("columns", "lines"), [(80, 24), (120, 45)])
@pytest.mark.parametrize("players", [2, 6])
def test_the_live_screen_fits_the_terminal(columns: int, lines: int, players: int) -> None:
    """The live screen as the table draws it has fewer lines than the terminal and none
    wider, with every seat, your roll, the unblock numbers and the hint on it."""
    table, _ = table_at(players)
    console = Console(width=columns, height=lines, record=True, file=io.StringIO())
    console.print(table.picture(columns, lines))
    rows = console.export_text().rstrip("\n").split("\n")
    assert len(rows) < lines, "\n".join(rows)
    assert max(cell_len(row) for row in rows) <= columns, "\n".join(rows)
    text = "\n".join(rows)
    assert f" {players} greedy" in text  # the last seat is on the screen, counted from 1
    assert "Your roll:" in text and "unblocks you" in text and "Hint: " in text
    assert "entry 39" in text and "quit" in text


def test_while_blocked_the_need_line_shows_the_unblock_numbers() -> None:
    """A blocked seat is told which numbers unblock it, not the number it needs next."""
    table, _ = table_at(3)
    line = table.status_line().plain
    assert "blocked by a 4 of seat 2: a 4 unblocks you (D22)" in line  # Absolem is seat 2
    assert "you need" not in line


def test_hints_name_the_best_action_for_your_roll_and_why() -> None:
    """--hints: the key to press for your roll and the reason in words."""
    table, _ = table_at(3)
    faces = table.drv.pending[0]
    assert faces is not None
    hint = table.hint()
    assert hint is not None
    if 4 in A.faces_list(faces):
        assert hint.plain.startswith("Hint: u - unblock with the 4")
    else:
        assert "no action helps" in hint.plain or "block" in hint.plain
    assert LiveTable.hint(table_at(3, hints=False)[0]) is None
    press, why = terminal.hint_words(table.s, 0, A.advance(4), [A.PASS, A.advance(4)])
    assert (press, why.split(":")[0]) == ("a", "advance with your 4")


def test_round_results_say_why_the_card_flips_and_the_countdown_is_explained_once() -> None:
    """A round won on the Admiring side: the card turns Mad and one more win on the Mad side
    wins the game (D26, D27); the second win ends it (D27).  The countdown is explained the
    first time it is shown only."""
    clock = SimClock()
    drv = Driver(GAME.make_config(2, {"deal": "in_order"}), 1, clock)
    table = LiveTable(
        drv, 0, {1: make_bot("greedy", GAME.spec.id, 1)}, {1: SeatSpeed()}, StepSeeds(1)
    )
    table.status_line()
    table.status_line()
    explained = [e.plain for e in table.log if "counts down" in e.plain]
    assert explained == [COUNTDOWN_TEXT.format(left="3.0s")]
    set_row(drv.state, 0, 6)
    clock.t = 4.0
    table.run(lambda: drv.turn(0, A.CLAIM))
    log = [e.plain for e in table.log]
    assert any(
        "your card turns Mad (D26: the round winner turns to Mad): one more round win on the "
        "Mad side wins the game for you (D27" in e
        for e in log
    ), log
    table.status_line()
    assert sum("counts down" in e.plain for e in table.log) == 1
    set_row(drv.state, 1, 6)
    clock.t = 9.0
    table.run(lambda: drv.turn(1, A.CLAIM))
    assert "seat 2's card (Absolem the Caterpillar) turns Mad" in table.log[-1].plain
    set_row(drv.state, 0, 6)
    table.run(lambda: drv.turn(0, A.CLAIM))
    assert "your card has now won a round on each side: that wins the game (D27" in (
        table.log[-1].plain
    )
