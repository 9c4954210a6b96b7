"""How steps are written: a run of chance steps (a deal) is one commit, so the other
processes hear of it in one notification, and it deals the cards that drawing them one at a
time would deal."""

from __future__ import annotations

import asyncio
from typing import Any

from wonderland.core import CHANCE, get_game
from wonderland.server.live_table import LiveTable
from wonderland.server.runner import chance_rng, commit
from wonderland.store import SeatInfo


class Writes:
    """A table core that keeps each write (one commit each) instead of storing it."""

    def __init__(self) -> None:
        self.commits: list[tuple[Any, ...]] = []

    async def write(self, *rows: Any) -> None:
        self.commits.append(rows)


def parade_table(seed: int) -> LiveTable:
    """A new two-person Parade, not dealt yet."""
    game = get_game("parade")
    config = game.make_config(2)
    seats = [SeatInfo("human", None, "a"), SeatInfo("human", None, "b")]
    return LiveTable("t", game, config, seed, seats, game.initial_state(config))


def test_a_deal_is_one_commit_of_the_cards_drawn_one_by_one() -> None:
    dealt, one_by_one = parade_table(7), parade_table(7)
    game = dealt.game
    core = Writes()
    first = game.sample_chance(dealt.state, chance_rng(dealt))
    asyncio.run(commit(core, dealt, CHANCE, first))  # type: ignore[arg-type]
    assert len(core.commits) == 1
    rows = core.commits[0]
    assert len(rows) == len(dealt.actions) > 10  # the deck, the parade and both hands
    assert [row[1] for row in rows] == list(range(len(rows)))
    assert game.to_move(dealt.state) in (0, 1)  # a person is to play
    while game.to_move(one_by_one.state) == CHANCE:
        outcome = game.sample_chance(one_by_one.state, chance_rng(one_by_one))
        after = game.apply(one_by_one.state, CHANCE, outcome)
        one_by_one.accept_step(one_by_one.state, after, CHANCE, outcome)
    assert one_by_one.actions == dealt.actions
    assert one_by_one.logs == dealt.logs
