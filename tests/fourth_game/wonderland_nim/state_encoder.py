"""Nim observations of states, as the learning environments read them: each equal to
:func:`~.encoding.encode` of the seat's view (the table is small, so it is written afresh)."""

from __future__ import annotations

from array import array

from .encoding import encode_state_sparse, observation_size
from .game import NimState


class StateEncoder:
    """Observations of one table's states at ``num_players`` seats."""

    def __init__(self, num_players: int) -> None:
        self.n = num_players
        self._zeros = array("f", bytes(4 * observation_size(num_players)))

    def observe(self, state: NimState, seat: int) -> array[float]:
        """A new float32 array: the observation of ``seat``'s view of ``state``."""
        if state.num_players != self.n:
            raise ValueError(f"this encoder observes {self.n}-seat tables, not {state.num_players}")
        if not 0 <= seat < self.n:
            raise ValueError(f"seat index {seat} is not at a table of {self.n}")
        out = self._zeros[:]
        ones, others = encode_state_sparse(state, seat)
        for i in ones:
            out[i] = 1.0
        for i, value in others:
            out[i] = value
        return out


def state_encoder(num_players: int) -> StateEncoder:
    """A :class:`StateEncoder` for tables of ``num_players`` seats."""
    return StateEncoder(num_players)
