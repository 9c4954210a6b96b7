"""The real-time driver and the discrete-event simulation: RT1-RT6, D12, Q5-Q7, Q19, and a
fuzz over random event timings."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wonderland.core import CHANCE, GameRecord, IllegalAction, final_state
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import rules
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.realtime import Driver, SimClock
from wonderland.games.wonderdice.simulation import parse_spec, simulate_one
from wonderland.games.wonderdice.state import PLAY


def driver(n: int = 2, seed: int = 1, **variants: object) -> tuple[Driver, SimClock]:
    clock = SimClock()
    config = GAME.make_config(n, {"deal": "in_order", **variants})  # type: ignore[dict-item]
    return Driver(config, seed, clock), clock


def test_d12_no_roll_before_play_me() -> None:
    """D12, Q19: rolling opens when the countdown ends."""
    d, clock = driver()
    with pytest.raises(IllegalAction) as err:
        d.roll(0)
    assert err.value.rule == "D12"
    clock.t = 3.0
    assert sum(d.roll(0)) == 6


def test_q19_variant_host_starts() -> None:
    """Q19 variant host_starts: only seat 0 opens the round."""
    d, clock = driver(host_starts=True)
    clock.t = 10.0
    with pytest.raises(IllegalAction):
        d.roll(1)
    with pytest.raises(IllegalAction):
        d.start_round(1)
    d.start_round(0)
    assert sum(d.roll(1)) == 6


def test_rt1_same_seed_same_dice() -> None:
    """RT1: the driver owns a seeded dice RNG."""
    rolls = []
    for _ in range(2):
        d, clock = driver(seed=42)
        clock.t = 3.0
        rolls.append([d.roll(0), d.roll(1)])
    assert rolls[0] == rolls[1]


def test_rt2_roll_cooldown() -> None:
    """RT2: 800 ms between two rolls of one player (a variant)."""
    d, clock = driver()
    clock.t = 3.0
    d.roll(0)
    clock.t = 3.5
    with pytest.raises(IllegalAction) as err:
        d.roll(0)
    assert err.value.rule == "RT2"
    clock.t = 3.8
    d.roll(0)
    d2, clock2 = driver(roll_cooldown_ms=100)
    clock2.t = 3.0
    d2.roll(0)
    clock2.t = 3.1
    d2.roll(0)


def test_rt3_one_action_per_roll_and_lapse() -> None:
    """RT3, D14: one action per roll; an unused roll lapses as a pass at the next roll."""
    d, clock = driver()
    clock.t = 3.0
    with pytest.raises(IllegalAction) as err:
        d.act(0, A.PASS)
    assert err.value.rule == "D14"
    d.roll(0)
    d.act(0, A.PASS)
    with pytest.raises(IllegalAction):
        d.act(0, A.PASS)
    clock.t = 4.0
    d.roll(1)
    clock.t = 5.0
    d.roll(1)  # the first roll lapses
    assert d.actions[-1] == (1, A.PASS)
    assert d.state.stats["rolls"] == 2


def test_q6_stale_action_refused_and_roll_kept() -> None:
    """Q6: a refused action changes nothing and the roll's action stays available."""
    d, clock = driver(seed=3)
    clock.t = 3.0
    faces = d.roll(0)
    before = GAME.view(d.state, None)
    with pytest.raises(IllegalAction):
        d.act(0, A.advance(2))
    assert GAME.view(d.state, None) == before
    assert d.pending[0] == faces
    d.act(0, A.PASS)


def test_q6_variant_rejected_action_consumes_roll() -> None:
    """Q6 variant: a refused action spends the roll."""
    d, clock = driver(rejected_action_consumes_roll=True)
    clock.t = 3.0
    d.roll(0)
    with pytest.raises(IllegalAction):
        d.act(0, A.advance(2))
    assert d.pending[0] is None
    assert d.actions[-1] == (0, A.PASS)


def test_q7_rolls_use_every_die_unless_partial_roll() -> None:
    """Q7: every die in hand is rolled; partial_roll lets a player roll fewer."""
    d, clock = driver()
    clock.t = 3.0
    with pytest.raises(IllegalAction) as err:
        d.roll(0, dice=2)
    assert err.value.rule == "Q7"
    d2, clock2 = driver(partial_roll=True)
    clock2.t = 3.0
    assert sum(d2.roll(0, dice=2)) == 2


def test_q5_latency_compensation_moves_the_stamp_back() -> None:
    """Q5 latency_compensated: arrival minus the seat's latency (capped, never backwards)."""
    d, clock = driver(latency_compensated=True)
    clock.t = 5.0
    assert d.stamp(60) == 5000 - 60
    assert d.stamp(500) == 5000 - 100
    plain, clock2 = driver()
    clock2.t = 5.0
    assert plain.stamp(60) == 5000


def test_rt4_d24_driver_stamps_decide_the_cancel() -> None:
    """RT4, D24: the driver's stamps put a block and an advance inside the window."""
    d, clock = driver(seed=0)
    s = d.state
    clock.t = 3.0
    # force the rolls we need by giving the driver pending faces directly
    d.pending[0] = A.counts_of([1, 2, 3, 4, 5, 6])
    d.pending[1] = A.counts_of([1, 2, 3, 4, 5, 6])
    d.act(0, A.block(1, 1))
    clock.t = 3.1
    d.act(1, A.advance(1))
    assert s.block_on[1] is None
    assert s.row[1] == 0
    assert s.last_event[2] == "D24"


def test_rt5_claims_are_stamped_and_first_wins() -> None:
    """RT5, Q8: a claim is a turn without a roll, stamped by the driver's clock."""
    d, clock = driver()
    s = d.state
    s.row[1], s.hand[1], s.placed[1] = 6, 0, [-1] * 6
    clock.t = 7.25
    d.turn(1, A.CLAIM)
    assert s.wins[1] == [1, 0]
    assert s.stats["round_ms"] == 7250
    assert d.open_at == 7250 + 3000


def test_a_turn_without_a_roll_while_holding_dice_is_refused_in_words() -> None:
    """A claim or a take-back asked with dice in hand (the terminal's c and x keys) is
    refused by the rule the player misses, not by the event format (E2), and changes
    nothing."""
    d, clock = driver()
    clock.t = 3.0
    s = d.state
    before, steps = GAME.view(s, None), len(d.actions)
    with pytest.raises(IllegalAction) as claim:
        d.turn(0, A.CLAIM)
    assert claim.value.rule == "D25" and "only a complete row 1-6" in claim.value.message
    with pytest.raises(IllegalAction) as reclaim:
        d.turn(0, A.reclaim(1))
    assert reclaim.value.rule == "Q3" and "still has 6 dice in hand" in reclaim.value.message
    assert "1..6" not in claim.value.message + reclaim.value.message
    assert GAME.view(s, None) == before and len(d.actions) == steps


def test_rt6_simulation_is_deterministic_by_seed() -> None:
    """RT6: the same seed gives the same simulated game; another seed another game."""
    config = GAME.make_config(4)
    bots = ["greedy", "random", "greedy:fast", "random:slow"]
    a = simulate_one(config, bots, 11, True)
    b = simulate_one(config, bots, 11, True)
    c = simulate_one(config, bots, 12, True)
    assert a.record is not None
    assert b.record is not None
    assert c.record is not None
    assert a.record.actions == b.record.actions
    assert a.stats == b.stats
    assert a.record.actions != c.record.actions


@pytest.mark.parametrize(
    "variants",
    [
        {},
        {"opt_play_me": True, "opt_jabberwocky": True},
        {"opt_challenge": True, "host_starts": True},
        {"fixed_input_delay": 120, "latency_compensated": True},
        {"rejected_action_consumes_roll": True, "reclaim_any_block": True, "auto_claim": True},
    ],
)
def test_simulated_records_replay_exactly(variants: dict[str, object]) -> None:
    """The simulation's records replay through the protocol to the same final state."""
    config = GAME.make_config(3, variants)  # type: ignore[arg-type]
    result = simulate_one(config, ["greedy", "random:latency=90", "greedy:skill=2"], 5, True)
    assert result.record is not None
    record = GameRecord.loads(result.record.dumps())
    state = final_state(GAME, record)
    assert GAME.returns(state) == result.returns
    assert GAME.winners(state) == result.winners
    assert not GAME.invariants(state)


def test_bot_spec_options() -> None:
    """Bot specs carry speed, skill and latency; bad ones are clear errors."""
    name, speed = parse_spec("greedy:fast:skill=2:latency=30")
    assert (name, speed.factor, speed.skill, speed.latency_ms) == ("greedy", 0.7, 2.0, 30)
    with pytest.raises(ValueError, match="bot option"):
        parse_spec("greedy:turbo")


# -- fuzz: random operations at random times -------------------------------------------------
OPS = st.lists(
    st.tuples(
        st.integers(0, 3),  # seat
        st.integers(0, 1500),  # ms to wait before it
        st.sampled_from(["roll", "act", "act_random", "turn", "decide"]),
        st.integers(0, 10_000),  # choice
    ),
    min_size=1,
    max_size=250,
)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), ops=OPS, n=st.integers(2, 4), play_me=st.booleans())
def test_fuzz_random_event_timings(
    seed: int, ops: list[tuple[int, int, str, int]], n: int, play_me: bool
) -> None:
    """Whatever arrives whenever: every die stays in exactly one place, refused events change
    nothing, and no action is accepted without a roll."""
    clock = SimClock()
    variants = {"opt_play_me": play_me, "opt_jabberwocky": True, "countdown_ms": 200}
    config = GAME.make_config(n, variants)
    d = Driver(config, seed, clock)
    s = d.state
    for seat, wait, op, choice in ops:
        seat %= n
        clock.t += wait / 1000
        before = GAME.view(s, None)
        pending = d.pending[seat]
        try:
            if op == "roll":
                d.roll(seat)
            elif op == "act" and pending is not None:
                legal = rules.roll_actions(s, seat, pending)
                d.act(seat, legal[choice % len(legal)])
            elif op in ("act", "act_random"):
                d.act(seat, choice % A.NUM_ACTIONS)
                assert pending is not None, "an action was accepted without a roll"
            elif op == "turn":
                d.turn(seat, [A.CLAIM, A.TOUCH, A.PASS, A.reclaim(choice % n)][choice % 4])
            elif GAME.to_move(s) not in (CHANCE, -2):
                mover = GAME.to_move(s)
                assert isinstance(mover, int)
                legal = GAME.legal_actions(s, mover)
                d.decide(mover, legal[choice % len(legal)])
        except IllegalAction as err:
            refused = err.rule
        else:
            refused = ""
        if refused and not (op == "act_random" and d.timing.rejected_consumes_roll):
            assert GAME.view(s, None) == before
        assert GAME.invariants(s) == []
        assert s.phase != PLAY or s.roller == -1
    assert s.stats["rolls"] <= len(ops)
    record = GameRecord("wonderdice", 1, config, seed, tuple(d.actions))
    replayed = final_state(GAME, record)
    assert GAME.view(replayed, None) == GAME.view(s, None)
    json.dumps(GAME.view_to_json(GAME.view(s, 0)))


def test_q5_fixed_input_delay_holds_actions_back() -> None:
    """Q5 fixed_input_delay: an action takes effect that long after it was decided (or after
    the seat's latency, whichever is longer)."""
    from wonderland.games.wonderdice.simulation import _Sim

    config = GAME.make_config(2, {"fixed_input_delay": 250})
    sim = _Sim(config, ["greedy", "greedy:latency=400"], 1)
    assert 1000.0 + sim.input_delay[0] == 1250.0
    assert 1000.0 + sim.input_delay[1] == 1400.0
    plain = _Sim(GAME.make_config(2), ["greedy", "greedy"], 1)
    assert 1000.0 + plain.input_delay[0] == 1000.0


@pytest.mark.slow
def test_speed_model_faster_seat_wins_more() -> None:
    """The speed model matters: a fast greedy seat beats a slow one most of the time."""
    config = GAME.make_config(2)
    results = [
        simulate_one(config, ["greedy:fast", "greedy:slow"], seed, False) for seed in range(60)
    ]
    fast_share = sum(r.returns[0] for r in results) / len(results)
    assert fast_share > 0.55
    assert all(r.stats["win_fastest_seat"] == r.returns[0] for r in results)
