"""The terminal tables as a person sees them in an 80×24 terminal (tmux ``capture-pane``).

A game runs in a detached tmux session of 80 columns and 24 rows, driven with ``send-keys``;
what the pane shows is captured and read: the narration of every change is there and
nothing a player needs is cut ("…").
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

WONDERLAND = str(Path(sys.executable).with_name("wonderland"))


class Pane:
    """A detached 80×24 tmux session running one command."""

    def __init__(self, command: list[str]) -> None:
        self.socket = f"wonderland-test-{uuid.uuid4().hex[:8]}"
        self.tmux("new-session", "-d", "-s", "t", "-x", "80", "-y", "24", *command)

    def tmux(self, *args: str) -> str:
        """Run a tmux command on this test's own server."""
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True
        )
        return done.stdout

    def send(self, *keys: str) -> None:
        """Type ``keys`` (each followed by Enter)."""
        for key in keys:
            self.tmux("send-keys", "-t", "t", key, "Enter")

    def screen(self) -> str:
        """The 24 rows shown now."""
        return self.tmux("capture-pane", "-p", "-t", "t")

    def everything(self) -> str:
        """Every row shown so far, scrolled out or not."""
        return self.tmux("capture-pane", "-p", "-t", "t", "-S", "-", "-E", "-")

    def wait_for(self, text: str, seconds: float = 20.0) -> str:
        """The screen once it shows ``text``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if text in (shown := self.screen()):
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{self.screen()}")

    def close(self) -> None:
        """End the session (and its tmux server)."""
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def pane_of(tmp_path: Path) -> Iterator[type[Pane]]:
    """Panes closed after the test."""
    panes: list[Pane] = []

    class Closing(Pane):
        def __init__(self, command: list[str]) -> None:
            super().__init__(command)
            panes.append(self)

    yield Closing
    for pane in panes:
        pane.close()


def play(game: str, players: int, seed: int, record: Path) -> list[str]:
    """The command that plays ``game`` against random bots, then waits to be read."""
    argv = [WONDERLAND, "play", game, "--players", str(players), "--seed", str(seed)]
    argv += ["--bots", "random", "--record", str(record)]
    return ["sh", "-c", " ".join(argv) + "; sleep 60"]


def test_parade_says_who_starts_and_every_play(pane_of: type[Pane], tmp_path: Path) -> None:
    """Who starts, then each play with what it collected and the rule, uncut at 80×24."""
    pane = pane_of(play("parade", 3, 2, tmp_path / "parade.json"))
    first = pane.wait_for("Play >")
    assert "Seat 3 (random) starts (rule P8)." in first
    assert "seat 3 (random) played Y7: collected nothing (rule P13: all 6 cards are safe)" in first
    pane.send("1")
    shown = pane.wait_for("turn 5")
    assert "you played P0: collected nothing (rule P14: no checked card matches)" in shown
    assert "you drew G5" in shown
    assert "seat 2 (random) played P4: collected K1 (rule P14: value at most 4)" in shown
    assert "…" not in pane.everything()


def test_a_war_battle_names_each_draw_and_each_stop(pane_of: type[Pane], tmp_path: Path) -> None:
    """Every draw of a battle is named with what it added, a stop is said, then the result:
    all of it on the 80×24 screens as they were shown (the answers always take choice 1)."""
    pane = pane_of(play("wonderlands_war", 3, 2, tmp_path / "war.json"))
    pane.wait_for("choose 1-")
    end = time.monotonic() + 60
    while "Battle in Croquet Ground" not in pane.everything() and time.monotonic() < end:
        pane.send("1")
        time.sleep(0.15)
    shown = pane.everything()
    battle = shown[shown.index("Battle in Tulgey Wood") : shown.index("Battle in Croquet Ground")]
    for line in (
        "you draw Teacup",
        "your Teacup: +2, strength 4 → 6",
        "Queen of Hearts stops at 1",
        "you draw Strength 1",
        "your Strength 1: +1, strength 6 → 7",
        "won by you",
    ):
        assert line in battle, f"{line!r} is not in:\n{battle}"
    assert "…" not in shown
