"""Plain Wonderdice states to compiled state arrays, and a replayer that steps recorded events
through the compiled rules: what the tests use to prove the compiled rules equal to the plain
engine, and the search (``search.py``) to start from a plain state."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import cast

import numpy as np

from wonderland.compiled.jit import Int, compiled_call
from wonderland.core import GameConfig
from wonderland.core.variants import VariantValue
from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.effects import Powers
from wonderland.games.wonderdice.fast.layout import (
    ADV_N,
    ADV_T,
    BLOCKER,
    BT,
    BVAL,
    CHAR,
    CHAR_WINS,
    DEALT,
    END_RULES,
    HAND,
    NBLOCKS,
    NUM_ACTIONS,
    PENALTY,
    PLEN,
    POW,
    ROW,
    S_ADMIRING_WINS,
    S_BLOCKS,
    S_CANCELS,
    S_DECIDER,
    S_END,
    S_GAME_NO,
    S_JABBER,
    S_MAD_WINS,
    S_N,
    S_NOW,
    S_PHASE,
    S_RECLAIMS,
    S_ROLLER,
    S_ROLLS,
    S_ROUND_MS,
    S_ROUND_NO,
    S_ROUND_START,
    S_ROUNDS,
    S_STEPS,
    S_TAKE_BACKS,
    S_TEAM_WINS,
    S_UNBLOCKS,
    S_WINNERS,
    SERIES,
    SIDE,
    SUPP,
    TIRED,
    TOUCHED,
    UPSIDE,
    WINS_A,
    WINS_M,
    Rules,
    State,
    new_state,
    powers_table,
    rules_array,
)
from wonderland.games.wonderdice.fast.legality import (
    free_turn_actions,
    roll_action_allowed,
    roll_actions,
)
from wonderland.games.wonderdice.fast.rules import (
    apply_event,
    begin_turn,
    count_step,
    decide,
)
from wonderland.games.wonderdice.realtime import Timing
from wonderland.games.wonderdice.state import Table, WonderdiceState

_STATS = (
    (S_ROLLS, "rolls"),
    (S_ROUNDS, "rounds"),
    (S_ROUND_MS, "round_ms"),
    (S_BLOCKS, "blocks"),
    (S_UNBLOCKS, "unblocks"),
    (S_CANCELS, "cancels"),
    (S_TAKE_BACKS, "take_backs"),
    (S_RECLAIMS, "reclaims"),
    (S_ADMIRING_WINS, "admiring_round_wins"),
    (S_MAD_WINS, "mad_round_wins"),
)


@lru_cache(maxsize=256)
def power_values(p: Powers) -> tuple[int, ...]:
    """A plain seat's powers in the order of the compiled ``P_*`` fields."""
    return tuple(int(getattr(p, f.name)) for f in dataclasses.fields(p))


def compiled_rules(config: GameConfig) -> Rules:
    """``(rf, pw)``: the resolved variants and the content's powers of ``config``."""
    from wonderland.games.wonderdice.game import GAME

    return table_rules(GAME.initial_state(config).table)


def table_rules(table: Table) -> Rules:
    """``(rf, pw)`` of a game's table: its resolved variants and its content's powers."""
    variants = cast(dict[str, VariantValue], dict(table.variants))
    timing = dataclasses.asdict(Timing.from_config(GameConfig(table.n, variants)))
    characters = len(table.content.characters)
    return Rules(rules_array(table.flags, timing, characters), powers_table(table.content))


def load(state: WonderdiceState) -> State:
    """``(ps, sc, placed)`` holding everything of plain ``state`` that the rules read."""
    ps, sc, placed = new_state()
    n = state.n
    for i in range(n):
        ps[HAND, i] = state.hand[i]
        ps[ROW, i] = state.row[i]
        b = state.block_on[i]
        ps[BLOCKER, i], ps[BVAL, i], ps[BT, i] = (-1, 0, 0) if b is None else b
        ps[NBLOCKS, i] = state.nblocks[i]
        ps[PLEN, i] = len(state.placed[i])
        placed[i, : len(state.placed[i])] = state.placed[i]
        ps[ADV_T, i] = state.adv_t[i]
        ps[ADV_N, i] = state.adv_n[i]
        ps[TIRED, i] = state.tired[i]
        ps[SIDE, i] = state.side[i]
        ps[UPSIDE, i] = state.upside[i]
        ps[SUPP, i] = state.suppressed[i]
        ps[PENALTY, i] = state.penalty[i]
        ps[WINS_A, i], ps[WINS_M, i] = state.wins[i]
        ps[CHAR, i] = state.chars[i]
        ps[DEALT, i] = state.dealt[i]
        ps[TOUCHED, i] = state.touched[i]
        ps[SERIES, i] = state.series_score[i]
        values = power_values(state.powers[i])
        ps[POW : POW + len(values), i] = values
    sc[S_PHASE] = state.phase
    sc[S_N] = n
    sc[S_NOW] = state.now
    sc[S_ROUND_NO] = state.round_no
    sc[S_ROUND_START] = state.round_start
    sc[S_STEPS] = state.steps
    sc[S_JABBER] = state.jabber
    sc[S_TEAM_WINS] = state.team_wins
    sc[S_DECIDER] = state.decider
    sc[S_GAME_NO] = state.game_no
    sc[S_WINNERS] = sum(1 << w for w in state.winners)
    sc[S_END] = END_RULES.index(state.end_rule)
    sc[S_ROLLER] = state.roller
    for index, name in _STATS:
        sc[index] = state.stats[name]
    sc[CHAR_WINS : CHAR_WINS + len(state.char_wins)] = state.char_wins
    return State(ps, sc, placed)


def differences(
    expected: tuple[np.ndarray, np.ndarray, np.ndarray],
    actual: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> list[str]:
    """Where two loaded states differ (placements compared up to each seat's length)."""
    (ps, sc, placed), (ps2, sc2, placed2) = expected, actual
    n = int(sc[S_N])
    out = []
    if not np.array_equal(ps[:, :n], ps2[:, :n]):
        rows, seats = np.nonzero(ps[:, :n] != ps2[:, :n])
        out += [
            f"ps[{r}, {p}]: {ps[r, p]} != {ps2[r, p]}" for r, p in zip(rows, seats, strict=True)
        ]
    if not np.array_equal(sc, sc2):
        out += [f"sc[{i}]: {sc[i]} != {sc2[i]}" for i in np.nonzero(sc != sc2)[0]]
    for p in range(n):
        length = int(ps[PLEN, p])
        if placed[p, :length].tolist() != placed2[p, :length].tolist():
            out.append(f"placed[{p}]: {placed[p, :length]} != {placed2[p, :length]}")
    return out


@compiled_call
def every_allowed(
    state: State, rules: Rules, seat: Int, f: np.ndarray, at: Int, out: np.ndarray
) -> None:
    """``out[a]``: 1 when action ``a`` is allowed on the roll ``f`` (one call for all)."""
    for a in range(NUM_ACTIONS):
        out[a] = 1 if roll_action_allowed(state, rules, seat, f, a, at) else 0


class Replayer:
    """Steps a plain game's recorded events through the compiled rules, starting from the
    plain state after the deal."""

    def __init__(self, config: GameConfig, state: WonderdiceState) -> None:
        self.rules = compiled_rules(config)
        self.state = load(state)
        self.faces = np.zeros(7, np.int64)
        self.legal = np.zeros(128, np.int64)

    @property
    def arrays(self) -> State:
        """The compiled state."""
        return self.state

    def begin(self, roll: int) -> None:
        """The chance event ``roll`` (seat, gap, faces): the seat's turn begins."""
        seat, gap, counts = actions.decode_roll(roll)
        self.faces[:] = counts
        begin_turn(self.state, seat, gap)

    def legal_actions(self, seat: int) -> list[int]:
        """What ``seat`` may do in the turn just begun (its roll's actions or a free turn)."""
        if self.faces.sum():
            at = self.state.sc[S_NOW]
            k = roll_actions(self.state, self.rules, seat, self.faces, at, self.legal)
        else:
            k = free_turn_actions(self.state, self.rules, seat, self.legal)
        return [int(a) for a in self.legal[:k]]

    def allowed(self, seat: int) -> list[bool]:
        """``roll_action_allowed`` of every action id for the roll of the turn just begun."""
        out = np.zeros(NUM_ACTIONS, np.int64)
        every_allowed(self.state, self.rules, seat, self.faces, self.state.sc[S_NOW], out)
        return [bool(x) for x in out]

    def act(self, seat: int, action: int) -> None:
        """The action of the turn just begun (a roll's, a free turn's or a touch)."""
        rolled = bool(self.faces.sum())
        apply_event(self.state, self.rules, seat, action, rolled)

    def decide(self, seat: int, action: int) -> None:
        """A decision between rounds (betrayal, the Jabberwocky's victim)."""
        decide(self.state, self.rules, seat, action)
        count_step(self.state, self.rules)
