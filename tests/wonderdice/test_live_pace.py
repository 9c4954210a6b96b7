"""Bots at a live Wonderdice table play at their level's pace: a level's speed factor scales
its reaction times and its skill shortens the moment it takes to act on a roll."""

from __future__ import annotations

import asyncio
import time

import pytest

from wonderland.games.wonderdice.bots.levels import LEVELS
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.live import THINK_S, pace, start

CONFIG = GAME.make_config(2, {"countdown_ms": "0"})


def test_a_level_has_its_own_pace_and_any_other_bot_the_plain_one() -> None:
    assert pace("expert") == (LEVELS["expert"].speed, LEVELS["expert"].skill) == (0.45, 3.5)
    assert pace("easy") == (1.4, 0.6)
    assert pace("greedy") == pace("random") == (1.0, 1.0)


def test_reaction_and_thinking_times_follow_the_seats_bot() -> None:
    """The same draw of the timing RNG, scaled by each level's factor; a seat given to
    another bot takes that bot's pace."""
    easy = start(CONFIG, 3, {0: "easy"})
    expert = start(CONFIG, 3, {0: "expert"})
    assert easy.reaction(0) / expert.reaction(0) == pytest.approx(1.4 / 0.45)
    assert (easy.think(0), expert.think(0)) == (THINK_S / 0.6, THINK_S / 3.5)
    easy.set_bots({0: "medium", 1: "greedy"})
    assert easy.think(0) == THINK_S / 0.9 and easy.think(1) == THINK_S


def actions_in_a_race(bots: dict[int, str], monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each seat's actions over 40 seconds of table time on a hand-driven clock."""
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    live = start(CONFIG, 11, bots)

    async def first(seat: int, legal: list[int]) -> int:
        return legal[0]

    async def race() -> None:
        while now[0] < 1040.0:
            await live.tick(first)
            now[0] += 0.01

    asyncio.run(race())
    return [sum(actor == seat for actor, _ in live.driver.actions) for seat in (0, 1)]


@pytest.mark.parametrize("expert_seat", [0, 1])
def test_in_a_race_an_expert_seat_acts_far_more_often_than_an_easy_one(
    expert_seat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both seats bots, from either seat: the expert's quick hands (factor 0.45, skill 3.5)
    act at least 1.3 times as often as the easy seat's (factor 1.4, skill 0.6), the roll
    cooldown of 0.8 s being the same for both; two bots at the plain pace act about equally."""
    bots = {expert_seat: "expert", 1 - expert_seat: "easy"}
    acted = actions_in_a_race(bots, monkeypatch)
    assert acted[expert_seat] > 1.3 * acted[1 - expert_seat] > 0
    plain = actions_in_a_race({0: "greedy", 1: "greedy"}, monkeypatch)
    assert abs(plain[0] - plain[1]) < 0.2 * max(plain)
