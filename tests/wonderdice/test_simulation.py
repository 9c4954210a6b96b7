"""The simulation's lean paths give what the plain ones give: the same draws, the same
choices, the same games."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from wonderland.core import CHANCE, GameRecord, final_state
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import rules
from wonderland.games.wonderdice.bots.greedy import _RANK, WonderdiceGreedyBot
from wonderland.games.wonderdice.game import GAME, roll_dice
from wonderland.games.wonderdice.realtime import Driver, SimClock
from wonderland.games.wonderdice.simulation import lognormal, simulate_one
from wonderland.games.wonderdice.state import PLAY, WonderdiceState
from wonderland.games.wonderdice.view import WonderdiceView


@given(seed=st.integers(0, 2**64), mu=st.floats(-3, 8), sigma=st.floats(0.01, 2))
def test_lognormal_draws_as_the_standard_library(seed: int, mu: float, sigma: float) -> None:
    """RT6: the inlined log-normal takes the same draws and gives the same value as
    random.Random.lognormvariate, so seeded games stay what they were."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(20):
        assert lognormal(ours.random, mu, sigma) == theirs.lognormvariate(mu, sigma)
    assert ours.random() == theirs.random()


@given(seed=st.integers(0, 2**64), k=st.integers(1, 6))
def test_roll_dice_counts_one_draw_per_die(seed: int, k: int) -> None:
    """RT1, Q7: k dice take k draws; die j shows int(6 * draw) + 1."""
    ours, theirs = random.Random(seed), random.Random(seed)
    counts = [0] * 7
    for _ in range(k):
        counts[int(theirs.random() * 6) + 1] += 1
    assert roll_dice(ours, k) == tuple(counts)
    assert ours.random() == theirs.random()


def reference_choice(bot: WonderdiceGreedyBot, view: WonderdiceView, legal: Sequence[int]) -> int:
    """The greedy order written plainly: the largest (rank, value) key, first of equals."""
    if len(legal) == 1:
        return legal[0]
    for a in (A.CLAIM, A.TOUCH):
        if a in legal:
            return a
    best, best_key = legal[0], (-1, 0.0)
    for a in legal:
        rank, target = _RANK[a]
        if a == A.BETRAY:
            goal = view.n if view.table.flags.team_target_all_players else view.n - 1
            key = (1, 0.0) if goal - view.team_wins > 2 else (-1, 0.0)
        elif rank in (5, 6):
            key = (rank, view.row[target] + bot.rng.random() * 0.1)
        elif rank == 3:
            key = (rank, sum(view.wins[target]) + bot.rng.random() * 0.1)
        else:
            key = (rank, 0.0)
        if key > best_key:
            best, best_key = a, key
    return best


def positions(seed: int, n: int) -> list[WonderdiceState]:
    """Positions of a random game where a seat acts with a choice."""
    rng = random.Random(seed)
    variants = {"opt_jabberwocky": True, "opt_play_me": rng.random() < 0.5}
    s = GAME.initial_state(GAME.make_config(n, variants))
    out = []
    for _ in range(400):
        mover = GAME.to_move(s)
        if mover == CHANCE:
            GAME.apply_in_place(s, CHANCE, GAME.sample_chance(s, rng))
            continue
        if not isinstance(mover, int) or mover < 0:
            break
        legal = GAME.legal_actions(s, mover)
        if len(legal) > 1:
            out.append(s.clone())
        GAME.apply_in_place(s, mover, legal[int(rng.random() * len(legal))])
    return out


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 6))
def test_greedy_one_pass_ranking_matches_the_plain_order(seed: int, n: int) -> None:
    """The greedy bot's one-pass ranking chooses what the plain (rank, value) order chooses,
    with the same tie-break draws."""
    fast, plain = WonderdiceGreedyBot(seed), WonderdiceGreedyBot(seed)
    for s in positions(seed, n):
        seat = GAME.to_move(s)
        assert isinstance(seat, int)
        legal = GAME.legal_actions(s, seat)
        view = GAME.view(s, seat)
        assert fast.choose(GAME, view, legal) == reference_choice(plain, view, legal)
    assert fast.rng.random() == plain.rng.random()


def test_driver_without_record_plays_the_same_game() -> None:
    """RT6: a driver keeping no record reaches the same state as one that does, and the
    recorded one replays to it."""
    config = GAME.make_config(3)
    drivers = [Driver(config, 5, SimClock(), record=keep) for keep in (True, False)]
    for d in drivers:
        clock = d.clock
        assert isinstance(clock, SimClock)
        s = d.state
        for step in range(400):
            clock.t = 3.0 + step * 0.3
            seat = step % 3
            if s.phase != PLAY:
                break
            if s.hand[seat] and d.roll_wait_ms(seat) == 0:
                faces = d.roll(seat)
                d.act(seat, rules.roll_actions(s, seat, faces, d.now_ms())[-1])
            elif not s.hand[seat]:
                d.turn(seat, rules.free_turn_actions(s, seat)[-1])
    recorded, bare = drivers
    assert bare.actions == []
    assert len(recorded.actions) > 100
    assert GAME.view(bare.state, None) == GAME.view(recorded.state, None)
    replayed = final_state(GAME, GameRecord("wonderdice", 1, config, 5, tuple(recorded.actions)))
    assert GAME.view(replayed, None) == GAME.view(recorded.state, None)


def test_simulated_game_is_the_same_with_or_without_its_record() -> None:
    """RT6: keeping the record changes nothing in the game."""
    config = GAME.make_config(4)
    kept, bare = (simulate_one(config, ["greedy"] * 4, 11, keep) for keep in (True, False))
    assert kept.record is not None and bare.record is None
    assert (kept.stats, kept.returns) == (bare.stats, bare.returns)
