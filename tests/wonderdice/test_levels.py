"""Wonderdice's levels: speed, care and policy as defined, applied by the simulation, and a
level bot that slips as often as it should and sees only its own view."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from wonderland.bots import make_bot
from wonderland.bots.levels import LevelBot, describe_level, level_definition
from wonderland.core import derive_seed
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import rules
from wonderland.games.wonderdice.bots.greedy import WonderdiceGreedyBot
from wonderland.games.wonderdice.bots.levels import LEVELS, DiceLevel, WonderdiceLevelBot
from wonderland.games.wonderdice.bots.planner import WonderdicePlannerBot
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.realtime import Driver, SimClock
from wonderland.games.wonderdice.simulation import DECISION_MEDIAN_MS, _Sim, parse_spec
from wonderland.games.wonderdice.state import PLAY

NAMES = ("easy", "medium", "hard", "expert")


def test_each_level_is_quicker_and_more_careful_than_the_one_below() -> None:
    """Speed factor falls, decision skill grows and the slip chance falls from each level to
    the next; the two lower levels play greedy, the two upper the planner."""
    levels = [LEVELS[name] for name in NAMES]
    assert tuple(LEVELS) == NAMES
    for low, high in itertools.pairwise(levels):
        assert high.speed < low.speed
        assert high.skill > low.skill
        assert high.slip < low.slip
    assert [lv.policy for lv in levels] == ["greedy", "greedy", "planner", "planner"]
    assert LEVELS["expert"].slip == 0.0


def test_the_shared_levels_play_wonderdice_s_own() -> None:
    """SearchHooks.levels: ``make_bot("hard")`` plays the Wonderdice level, and the ladder's
    words and definition name its policy, speed, skill and slip."""
    for name in NAMES:
        bot = make_bot(name, "wonderdice", 5)
        assert isinstance(bot, LevelBot)
        played = bot.bot_for("wonderdice")
        assert isinstance(played, WonderdiceLevelBot)
        assert played.level is LEVELS[name]
        policy = WonderdicePlannerBot if LEVELS[name].policy == "planner" else WonderdiceGreedyBot
        assert isinstance(played.policy, policy)
        assert LEVELS[name].policy in describe_level(name, "wonderdice")
        definition = level_definition(name, "wonderdice")
        assert f"slip={LEVELS[name].slip:g}" in definition
        assert f"speed={LEVELS[name].speed:g}" in definition


def test_a_level_s_seat_rolls_and_decides_at_the_level_s_speed() -> None:
    """The simulation gives a level's seat the level's speed factor and skill, unless the
    spec names its own."""
    assert parse_spec("expert")[1].factor == LEVELS["expert"].speed
    assert parse_spec("easy")[1].skill == LEVELS["easy"].skill
    assert parse_spec("hard:speed=1.3")[1].factor == 1.3
    assert parse_spec("greedy")[1].factor is None
    sim = _Sim(GAME.make_config(2), ["easy", "expert"], 4, record=False)
    assert sim.factor == [LEVELS["easy"].speed, LEVELS["expert"].speed]
    for seat, name in enumerate(("easy", "expert")):
        median = DECISION_MEDIAN_MS / LEVELS[name].skill
        assert math.isclose(math.exp(sim.decision_mu[seat]), median)


def test_the_slip_chance_really_skips_actions() -> None:
    """Over seeded simulated games, a level misses about its slip chance of the decisions
    that offered an action (within four standard deviations), and every miss is a pass."""
    config = GAME.make_config(2)
    chances = slips = 0
    for seed in range(30):
        sim = _Sim(config, ["easy", "medium"], seed, record=False)
        bot = sim.bots[0]
        assert isinstance(bot, LevelBot)
        sim.run()
        played = bot.bot_for("wonderdice")
        assert isinstance(played, WonderdiceLevelBot)
        chances += played.chances
        slips += played.slips
    p = LEVELS["easy"].slip
    assert chances > 500
    assert abs(slips - p * chances) < 4 * math.sqrt(chances * p * (1 - p))


def test_a_slip_is_a_pass_and_a_careful_level_never_slips() -> None:
    """A level that always slips passes on every decision with an action available (and
    still claims: a claim offers no pass); one that never slips plays its policy."""
    s = GAME.initial_state(GAME.make_config(2, {"deal": "in_order"}))
    GAME.apply_in_place(s, -1, GAME.chance_outcomes(s)[0][0])
    s.now += 400
    s.roller, s.faces = 0, A.counts_of([1, 2, 3])
    legal = rules.roll_actions(s, 0, s.faces)
    view = GAME.view(s, 0)
    always = WonderdiceLevelBot(DiceLevel("x", "greedy", 1.0, 1.0, 1.0, ""), 1)
    never = WonderdiceLevelBot(DiceLevel("y", "greedy", 1.0, 1.0, 0.0, ""), 1)
    best = A.advance_two(1)  # the Mad Hatter places 1 and 2 at once
    for _ in range(20):
        assert always.choose(GAME, view, legal) == A.PASS
        assert never.choose(GAME, view, legal) == best
    assert (always.slips, always.chances, never.slips) == (20, 20, 0)
    assert always.choose(GAME, view, [A.CLAIM]) == A.CLAIM
    assert always.advise(GAME, view, legal).action == best  # a hint never slips


def _table(seed: int, steps: int, hidden: int) -> tuple[Driver, SimClock, list[bool]]:
    """A two-seat table after ``steps`` greedy events; seat 1's dice change with ``hidden``
    once the returned flag is raised."""
    late = [False]
    config = GAME.make_config(2, {"deal": "in_order"})

    def dice(seat: int, step: int) -> random.Random:
        stream = hidden if late[0] and seat == 1 else 0
        return random.Random(derive_seed(seed, seat, step, stream))

    clock = SimClock()
    drv = Driver(config, seed, clock, dice=dice)
    greedy = WonderdiceGreedyBot(seed)
    clock.t = 4.0
    for step in range(steps):
        seat = step % 2
        s = drv.state
        if s.phase != PLAY:
            break
        clock.t += 1.0 + drv.roll_wait_ms(seat) / 1000
        if s.hand[seat]:
            faces = drv.roll(seat)
            legal = rules.roll_actions(s, seat, faces, drv.now_ms())
            drv.act(seat, greedy.choose(GAME, _shown(drv, seat, faces), legal))
        else:
            drv.turn(seat, rules.free_turn_actions(s, seat)[-1])
    return drv, clock, late


def _shown(drv: Driver, seat: int, faces: tuple[int, ...]) -> Any:
    """The view of a decision on ``faces``, as the simulation shows it."""
    shown = drv.state.clone()
    shown.roller, shown.faces, shown.now = seat, faces, max(drv.state.now, drv.now_ms())
    return GAME.view(shown, seat)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 40),
    hidden=st.tuples(st.integers(1, 2**32), st.integers(1, 2**32)),
    level=st.sampled_from(NAMES),
)
def test_a_level_bot_never_acts_on_hidden_information(
    seed: int, steps: int, hidden: tuple[int, int], level: str
) -> None:
    """What a seat cannot see -- the roll the other seat is holding and the dice still to
    come -- never changes a level bot's choice: at two tables equal in everything shown,
    whose other seats hold different rolls, it sees the same view and picks the same."""
    choices, views = [], []
    for stream in hidden:
        drv, clock, late = _table(seed, steps, stream)
        s = drv.state
        if s.phase != PLAY or not s.hand[0] or not s.hand[1]:
            return
        clock.t += 1.0 + max(drv.roll_wait_ms(0), drv.roll_wait_ms(1)) / 1000
        late[0] = True
        drv.roll(1)  # held, unseen by seat 0
        faces = drv.roll(0)
        view = _shown(drv, 0, faces)
        legal = rules.roll_actions(s, 0, faces, drv.now_ms())
        bot = WonderdiceLevelBot(LEVELS[level], seed)
        views.append(view)
        choices.append(bot.choose(GAME, view, legal))
    assert views[0] == views[1]
    assert choices[0] == choices[1]
