"""The planner: the solved race follows the rules, and its choices are legal and sound."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from wonderland.core import AnyGame
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import rules
from wonderland.games.wonderdice.bots.planner import (
    WAIT_MS,
    WonderdicePlannerBot,
    options,
    position,
    race_for,
)
from wonderland.games.wonderdice.bots.race import Position, Race, Rules, race
from wonderland.games.wonderdice.effects import NO_POWERS
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.simulation import _Sim
from wonderland.games.wonderdice.state import PLAY
from wonderland.games.wonderdice.steps import apply_action, refresh_powers

from .helpers import ABSOLEM, ALICE, HATTER, QUEEN, WALRUS, do, new_state, roll, set_row

PAIRS = [(HATTER, ABSOLEM), (ALICE, QUEEN), (WALRUS, HATTER), (QUEEN, WALRUS), (ABSOLEM, ALICE)]


def _model_moves(model: Race, s: Any, seat: int, faces: tuple[int, ...]) -> set[Position]:
    shown = sum(1 << v for v in range(1, 7) if faces[v])
    pair = max(faces) >= 2
    pos = position(s, seat)
    return {model.canonical(q) for _, q in model.moves(pos, 0, shown, pair)}


def _rules_moves(model: Race, s: Any, seat: int, faces: tuple[int, ...]) -> set[Position]:
    out: set[Position] = set()
    for a in rules.roll_actions(s, seat, faces):
        after = s.clone()
        after.roller, after.faces = seat, faces
        apply_action(after, seat, a)
        out.add(model.canonical(position(after, seat)))
    return out


@settings(max_examples=60, deadline=None)
@given(
    pair=st.sampled_from(PAIRS),
    mad=st.tuples(st.booleans(), st.booleans()),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 60),
)
def test_the_race_allows_what_the_rules_allow(
    pair: tuple[int, int], mad: tuple[bool, bool], seed: int, steps: int
) -> None:
    """D14-D22, Q3, the abilities: from positions reached by random legal play, a roll's
    moves in the model leave exactly the positions the rules' actions leave."""
    s = new_state(2, abilities=True)
    s.chars = list(pair)
    s.side = [int(m) for m in mad]
    refresh_powers(s)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = rng.randrange(2)
        if not s.hand[seat] or s.phase != PLAY:
            break
        roll(s, seat, [rng.randint(1, 6) for _ in range(s.hand[seat])], gap=400)
        GAME.apply_in_place(s, seat, rng.choice(GAME.legal_actions(s, seat)))  # no D24 cancel
        if max(s.row) == 6:
            break
    if s.phase != PLAY or max(s.row) == 6:
        return
    seat = rng.randrange(2)
    if not s.hand[seat]:
        return
    s.now += 400
    faces = A.counts_of([rng.randint(1, 6) for _ in range(s.hand[seat])])
    model = Race(s.powers[seat], s.powers[1 - seat], Rules())  # its moves; never solved
    assert _model_moves(model, s, seat, faces) == _rules_moves(model, s, seat, faces)


def test_the_race_is_won_more_often_than_greedy_wins_it() -> None:
    """Against greedy play, the planner's best reply wins a plain round more than half the
    time from either seat order, and the Walrus's take-backs make it almost sure (Q9)."""
    plain = race(NO_POWERS, NO_POWERS, Rules())
    start = (0,) * 8
    assert 0.52 < plain.chance(start, 0) < 0.6
    assert 0.52 < plain.chance(start, 1) < 0.6
    walrus = race_for(_walrus_state(), 0)
    assert walrus.chance(start, 1) > 0.95


def _walrus_state() -> Any:
    s = new_state(2, abilities=True)
    s.chars = [WALRUS, HATTER]
    refresh_powers(s)
    return s


def test_the_planner_blocks_a_rival_one_die_from_winning() -> None:
    """D19: far behind a rival whose last die is out, the planner blocks where greedy
    advances."""
    s = new_state(2)
    set_row(s, 0, 1)
    set_row(s, 1, 5)
    s.now += 400
    s.roller, s.faces = 0, A.counts_of([2, 6, 3])
    view = GAME.view(s, 0)
    legal = rules.roll_actions(s, 0, s.faces)
    assert A.advance(2) in legal and A.block(1, 6) in legal
    planner = WonderdicePlannerBot(1)
    assert planner.greedy.choose(GAME, view, legal) == A.advance(2)
    assert planner.choose(GAME, view, legal) == A.block(1, 6)
    advice = planner.advise(GAME, view, legal)
    assert advice.action == A.block(1, 6)
    assert advice.alternatives[0].value is not None
    assert advice.alternatives[0].value > advice.alternatives[-1].value  # type: ignore[operator]
    assert "chance of winning the round" in advice.reason


def test_the_walrus_takes_back_a_rival_s_late_die() -> None:
    """D8, Q9: the Walrus undoes a rival's fifth die rather than place his own second."""
    s = _walrus_state()
    set_row(s, 0, 1)
    set_row(s, 1, 5)
    s.now += 400
    s.roller, s.faces = 0, A.counts_of([2, 3])
    legal = rules.roll_actions(s, 0, s.faces)
    assert A.take_back(1) in legal
    assert WonderdicePlannerBot(1).choose(GAME, GAME.view(s, 0), legal) == A.take_back(1)


def test_the_planner_plays_greedy_at_three_seats() -> None:
    """Three seats are beyond the two-seat race: the planner plays as greedy does."""
    s = new_state(3)
    do(s, 0, [1, 1, 2], A.advance(1))
    s.now += 400
    s.roller, s.faces = 1, A.counts_of([1, 2, 5])
    legal = rules.roll_actions(s, 1, s.faces)
    planner = WonderdicePlannerBot(3)
    view = GAME.view(s, 1)
    assert planner.choose(GAME, view, legal) == planner.greedy.choose(GAME, view, legal)


class _Checked(WonderdicePlannerBot):
    """A planner that records every decision and checks its choice is legal."""

    decisions = 0

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        action = super().choose(game, view, legal)
        assert action in legal
        type(self).decisions += 1
        return action


def test_the_planner_chooses_legal_actions_through_a_simulated_game() -> None:
    """E1: through seeded simulated games (with every refusal of a stale action looked at
    again), each of the planner's choices is one of the legal actions."""
    config = GAME.make_config(2, {"deal": "in_order"})
    for seed in range(3):
        sim = _Sim(config, ["greedy", "greedy"], seed, record=False)
        sim.bots[seed % 2] = _Checked(seed)
        sim.run()
        assert sim.drv.state.winners
    assert _Checked.decisions > 100


def _chances(
    planner: WonderdicePlannerBot, s: Any, seat: int, legal: list[int]
) -> dict[int, float]:
    return planner.chances(GAME.view(s, seat), legal)


def test_opening_a_round_with_a_block_beats_an_advance() -> None:
    """D19, D22: on the first roll of a plain round, blocking the rival's 1 (one more
    success it needs, one die fewer for a roll or two) is worth a little more than placing
    one's own 1, and both beat letting the roll go."""
    s = new_state(2)
    s.now += 400
    s.roller, s.faces = 0, A.counts_of([1, 1, 2, 3, 4, 5])
    legal = rules.roll_actions(s, 0, s.faces)
    planner = WonderdicePlannerBot(2)
    scored = _chances(planner, s, 0, legal)
    assert scored[A.block(1, 1)] > scored[A.advance(1)] > scored[A.PASS]
    assert planner.choose(GAME, GAME.view(s, 0), legal) == A.block(1, 1)


def test_the_planner_stops_waiting_on_an_old_block() -> None:
    """Q3: out of dice with its block on the rival, the planner may wait (pass) while the
    block is fresh, and takes it back once it has lain WAIT_MS: two planners that each wait
    for the other could otherwise hold a round for ever."""
    s = new_state(2)
    set_row(s, 0, 5)
    do(s, 0, [1], A.block(1, 1))
    assert s.hand[0] == 0
    legal = rules.free_turn_actions(s, 0)
    assert legal == [A.PASS, A.reclaim(1)]
    s.now += 400
    assert options(GAME.view(s, 0), legal) == legal
    s.now += WAIT_MS
    view = GAME.view(s, 0)
    assert options(view, legal) == [A.reclaim(1)]
    assert WonderdicePlannerBot(4).choose(GAME, view, legal) == A.reclaim(1)
