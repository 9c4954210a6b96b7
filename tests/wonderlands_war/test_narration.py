"""The log tells every change of a battle with its cause, each with its own subject, in the
third person: what the web table shows a seat and what the terminal prints."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from wonderland.bots.base import RandomBot
from wonderland.cli.main import main
from wonderland.core import CHANCE, TERMINAL, next_actor

from .helpers import GAME
from .test_terminal import battle_blocks, scripted

MOVED = re.compile(r"(?:^|\. )([^.]*?)strength (\d+) → (\d+)")
"""A strength change and the words before it (its subject and cause)."""
CAUSED = re.compile(
    r"^(?:(?P<chip>.+?)(?:'s|') .+: [+-]\d+, $"
    r"|(?P<mad>.+?)(?:'s|') .+ sends .+ home; with no supporter left in .+, (?P=mad)"
    r" (?:is|are) bust: $)",
    re.IGNORECASE,  # "The Alice faction's Madness ... the Alice faction is bust"
)
"""A strength change told with its fighter and its cause (a chip, an ability, a bust)."""
IMPERATIVE = re.compile(r"^[A-Z][\w' ]*: (?:stop|keep|place|move|take|play|draw|bet|gain|forge)\b")


def web_battle_lines(players: int, seed: int) -> list[str]:
    """The log lines every seat of a seeded random game is shown, in order."""
    rng = random.Random(seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    state = GAME.initial_state(GAME.make_config(players))
    lines = []
    while (actor := next_actor(GAME, state)) != TERMINAL:
        if actor == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            view = GAME.view(state, actor)
            action = bots[actor].choose(GAME, view, GAME.legal_actions(state, actor))
        before = state.clone()
        GAME.apply_in_place(state, actor, action)
        for viewer in (None, *range(players)):
            line = GAME.describe_step(before, actor, action, state, viewer)
            if line and viewer is None:
                lines.append(line)
    return lines


def check_strengths(sentences: list[str]) -> int:
    """Each fighter's strength moves on from where it was; each change names its fighter and
    cause; the result gives the strength the changes reached.  The number of changes."""
    at: dict[str, int] = {}
    checked = 0
    for text in sentences:
        start = re.match(r"Battle in .+ begins: (.*)\.$", text)
        if start:
            found = re.findall(r"([^,]+) (\d+)(?:, |$)", start[1])
            at = {name.strip().lower(): int(v) for name, v in found}
            continue
        for words, old, new in MOVED.findall(text):
            cause = CAUSED.match(words)
            assert cause, f"no fighter or cause for strength {old} → {new} in: {text}"
            who = (cause["chip"] or cause["mad"]).lower()
            if who in at:
                assert at[who] == int(old), f"{who} was at {at[who]}, not {old}: {text}"
            at[who] = int(new)
            checked += 1
        result = re.match(r"Battle in .+?: (.*) - won by", text)
        for name, value in re.findall(r"([^,]+) (\d+) \(", result[1] if result else ""):
            assert at.get(name.strip().lower(), -1) == int(value), f"{name} ended at {at}: {text}"
    return checked


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 3), (4, 7)])
def test_every_strength_change_of_a_web_battle_has_its_cause(players: int, seed: int) -> None:
    """Every strength change a seat reads names its fighter and what made it (the chip drawn,
    the ability, the madness that busts), one sentence each, and the changes add up from the
    battle's start to its result; a lone fighter's win says why; no button words."""
    lines = web_battle_lines(players, seed)
    sentences = [s for line in lines for s in re.split(r"(?<=\.) (?=[A-Z])", line)]
    assert check_strengths(sentences) > 20
    assert any(re.search(r"'s? ability .+: \+\d+, strength", s) for s in sentences)
    for text in sentences:
        assert not IMPERATIVE.match(text), text
        assert "(keep your strength)" not in text and " and take " not in text, text
        one = re.match(r"Battle in [^:]+: ([^,]+) \d+ \((?:stopped|drawing)\) - won by", text)
        assert not one, f"a lone fighter 'won' with no reason: {text}"
    alone = [s for s in sentences if "alone in" in s]
    assert alone or players == 4  # 4 players seldom leave a region to one
    assert all(s.endswith("without a battle (W45).") for s in alone), alone


def test_every_strength_change_at_the_terminal_has_its_cause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At the terminal too, each battle line that moves a strength names whose and why, and
    every strength moves on from the one before it: no +1 is left unexplained."""
    monkeypatch.setenv("COLUMNS", "400")  # a log line per line
    monkeypatch.setattr("builtins.input", scripted(seed=8))
    argv = ["play", "wonderlands_war", "--players", "3", "--seed", "6"]
    assert main([*argv, "--record", str(tmp_path / "r.json")]) == 0
    checked = 0
    for block in battle_blocks(capsys.readouterr().out):
        sentences = []
        for line in block.splitlines():
            text = line.strip()
            start = re.match(r"start: (.*)", text)
            if start:
                fighters = re.findall(r"(.+?) (\d+) \(\w+\)(?:, |$)", start[1])
                text = "Battle in here begins: " + ", ".join(f"{n} {v}" for n, v in fighters) + "."
            text = re.sub(r"^your ", "you's ", text)
            sentences.append(text)
        checked += check_strengths(sentences)
    assert checked > 20


def test_the_web_log_names_factions_so_that_no_one_reads_a_person() -> None:
    """A player may be called Alice: the web log names every faction as "the Alice faction"
    (the choice too: "plays the Alice faction"), never as a bare name."""
    lines = web_battle_lines(3, 3)
    factions = [f.name for f in GAME.initial_state(GAME.make_config(3)).content.factions]
    bare = re.compile(rf"(?<!the )\b(?:{'|'.join(map(re.escape, factions))})\b(?! faction)", re.I)
    assert any(re.search(r"plays the \w[\w ]* faction\.", line) for line in lines)
    assert any(re.search(r"\b[Tt]he Alice faction\b", line) for line in lines)
    for line in lines:
        assert not bare.search(line), line
