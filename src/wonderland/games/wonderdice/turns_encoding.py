"""Observations of Wonderdice turn by turn (``turns.py``): Wonderdice's, plus the horizon.

The state is a Wonderdice state, so the observation is Wonderdice's encoding of it
(``encoding.py``, ``state_encoder.py``) with one more entry, ``horizon``: the share of the
game's steps used so far (0 before the deal, 1 at the horizon, T3).  The module is both the
encoding (``rl.encoders.EncodingModule``) and the encoder of states
(``rl.encoders.StateEncoderModule``).

For OpenSpiel every chance event is one chance node whose outcomes are numbered ``0 .. k-1``
in the order of ``chance_outcomes`` (``openspiel_game.FactoredChance`` with one part): a turn's
roll has at most ``2 * 462`` outcomes, a deal one per way to deal the characters.

>>> observation_size(4) == sum(size for _, size in layout(4))
True
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from wonderland.core import GameConfig
from wonderland.games.wonderdice import actions, encoding
from wonderland.games.wonderdice.content import load_content
from wonderland.games.wonderdice.game import GAPS, _deal_codes, _seat_outcomes, roll_table
from wonderland.games.wonderdice.legality import HIGH_FACE
from wonderland.games.wonderdice.state import DEAL, PLAY, WonderdiceState
from wonderland.games.wonderdice.state_encoder import state_encoder as plain_state_encoder
from wonderland.games.wonderdice.turns import GAME, _limits, next_seat
from wonderland.games.wonderdice.view import WonderdiceView

ENCODING_VERSION = 1
"""Bumped whenever the layout below changes (environment ids carry it)."""

observe_step = encoding.observe_step


def layout(num_players: int) -> list[tuple[str, int]]:
    """Wonderdice's features, then ``horizon``."""
    return [*encoding.layout(num_players), ("horizon", 1)]


def observation_size(num_players: int) -> int:
    """Length of the observation vector at ``num_players`` seats."""
    return encoding.observation_size(num_players) + 1


def horizon_used(t: WonderdiceState | WonderdiceView) -> float:
    """The share of the horizon's steps taken so far, in [0, 1]."""
    limit, _ = _limits(t.table)
    return min(t.steps, limit) / limit


def _with_horizon(
    t: WonderdiceState | WonderdiceView, sparse: tuple[list[int], list[tuple[int, float]]]
) -> tuple[list[int], list[tuple[int, float]]]:
    ones, others = sparse
    used = horizon_used(t)
    if used:
        others.append((encoding.observation_size(t.table.n), used))
    return ones, others


def encode_sparse(view: WonderdiceView) -> tuple[list[int], list[tuple[int, float]]]:
    """The non-zero entries of ``view``'s observation (a seat's view is required)."""
    return _with_horizon(view, encoding.encode_sparse(view))


def encode_state_sparse(
    state: WonderdiceState, seat: int
) -> tuple[list[int], list[tuple[int, float]]]:
    """``encode_sparse`` of ``seat``'s view of ``state``, without building the view."""
    return _with_horizon(state, encoding.encode_state_sparse(state, seat))


def encode(view: WonderdiceView) -> list[float]:
    """The dense observation of ``view``."""
    return [*encoding.encode(view), horizon_used(view)]


class StateEncoder:
    """Wonderdice's encoder of states, with the horizon entry appended."""

    def __init__(self, num_players: int) -> None:
        self._inner = plain_state_encoder(num_players)

    def observe(self, state: WonderdiceState, seat: int) -> array[float]:
        """A new float32 array: the observation of ``seat``'s view of ``state``."""
        out = self._inner.observe(state, seat)
        out.append(horizon_used(state))
        return out


def state_encoder(num_players: int) -> StateEncoder:
    """A :class:`StateEncoder` for tables of ``num_players`` seats."""
    return StateEncoder(num_players)


# -- OpenSpiel: one chance node per event --------------------------------------------------------
def max_chance_outcomes(config: GameConfig) -> int:
    """The most outcomes of one chance node: a six-dice roll, a touch or a deal."""
    n = config.num_players
    deals = len(_deal_codes(n, len(load_content(config.content).characters), True))
    return max(len(GAPS) * len(roll_table(HIGH_FACE)), len(GAPS) * n, deals)


@lru_cache(maxsize=64)
def _roll_codes(seat: int, k: int) -> tuple[int, ...]:
    return tuple(code for code, _ in _seat_outcomes(seat, k, 1))


@lru_cache(maxsize=64)
def _roll_parts(seat: int, k: int) -> tuple[tuple[int, float], ...]:
    return tuple((i, p) for i, (_, p) in enumerate(_seat_outcomes(seat, k, 1)))


@lru_cache(maxsize=64)
def _roll_names(seat: int, k: int) -> tuple[str, ...]:
    return tuple(actions.action_to_string(code) for code in _roll_codes(seat, k))


def _codes(state: WonderdiceState) -> tuple[int, ...]:
    if state.phase == PLAY and state.roller < 0:
        seat = next_seat(state)
        return _roll_codes(seat, state.hand[seat])
    if state.phase == DEAL:
        return GAME._deal_codes(state)  # the order of chance_outcomes, remembered
    return tuple(code for code, _ in GAME.chance_outcomes(state))


def chance_parts(state: WonderdiceState, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
    """The outcomes of the chance node, numbered in the order of ``chance_outcomes``; ``[]``
    once one is drawn (an event is one part)."""
    if drawn:
        return []
    if state.phase == PLAY and state.roller < 0:
        seat = next_seat(state)
        return list(_roll_parts(seat, state.hand[seat]))
    return [(i, p) for i, (_, p) in enumerate(GAME.chance_outcomes(state))]


def chance_event(state: WonderdiceState, drawn: tuple[int, ...]) -> int:
    """The game's chance outcome numbered ``drawn[0]``."""
    return _codes(state)[drawn[0]]


def chance_part_to_string(state: WonderdiceState, drawn: tuple[int, ...], part: int) -> str:
    """The notation of the outcome numbered ``part``."""
    if state.phase == PLAY and state.roller < 0:
        seat = next_seat(state)
        return _roll_names(seat, state.hand[seat])[part]
    return actions.action_to_string(_codes(state)[part])
