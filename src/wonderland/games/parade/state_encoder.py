"""Parade observations kept up to date by difference: what the learning environments
observe through.

:class:`StateEncoder` reads the state, masks what the seat's view masks and rewrites only what
changed since its last observation; each observation equals :func:`~.encoding.encode` of the
seat's view, which a test checks after every step of random games.
"""

from __future__ import annotations

from array import array

from wonderland.games.parade.cards import DECK_SIZE
from wonderland.games.parade.encoding import (
    COLLECTIONS_BASE,
    DEEP,
    DEPTHS,
    MAX_SEATS,
    NUM_PHASES,
    RECENT,
    observation_size,
)
from wonderland.games.parade.state import (
    CHOOSE,
    DRAW,
    HAND_SIZE,
    PLAY,
    ParadeState,
)


def _zeros(size: int) -> array[float]:
    """``size`` float32 zeros."""
    return array("f", bytes(4 * size))


class StateEncoder:
    """Observations of one table's states, each equal to ``encode(make_view(state, seat))``.

    Each observer has a float32 buffer with the collections in its order, and a copy of the
    cards in each; an observation rewrites the collections that changed since that observer's
    last one (they grow slowly), copies the buffer and writes the rest, which changes at
    nearly every step: the observer's hand, the parade, the per-seat and table features.  A
    state of another game at this table size works too: its collections differ, so they are
    rewritten.
    """

    def __init__(self, num_players: int) -> None:
        if not 1 <= num_players <= MAX_SEATS:
            raise ValueError(f"Parade seats 1 to {MAX_SEATS} players, not {num_players}")
        n = self.n = num_players
        self._bufs = [_zeros(observation_size(n)) for _ in range(n)]
        """Per observer: the collections in its order; 0 elsewhere."""
        self._collected: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(n)]
        """Per observer, per seat: the cards its buffer shows as collected."""
        self._tail = COLLECTIONS_BASE + n * DECK_SIZE

    def observe(self, state: ParadeState, seat: int) -> array[float]:
        """A new float32 array: the observation of ``seat``'s view of ``state``."""
        n = self.n
        if state.num_players != n:
            raise ValueError(f"this encoder observes {n}-seat tables, not {state.num_players}")
        if not 0 <= seat < n:
            raise ValueError(f"seat index {seat} is not at a table of {n} (indices 0 to {n - 1})")
        buf = self._bufs[seat]
        seen = self._collected[seat]
        if state.collections != seen:
            for s, collected in enumerate(state.collections):
                before = seen[s]
                if collected != before:
                    at = COLLECTIONS_BASE + (s - seat) % n * DECK_SIZE
                    known = len(before)
                    if collected[:known] != before:  # not just grown (cards only join, P18, P28)
                        for card in before:
                            buf[at + card] = 0.0
                        known = 0
                    for card in collected[known:]:
                        buf[at + card] = 1.0
                    seen[s] = collected[:]
        out = buf[:]
        for card in state.hands[seat]:
            out[card] = 1.0
        parade = state.parade
        if len(parade) < DEPTHS:  # every card is 9 .. 0 deep
            for i in map(tuple.__getitem__, RECENT[len(parade)], parade):
                out[i] = 1.0
        else:  # the last ten cards are 9 .. 0 deep, the cards before them 10 or more
            split = len(parade) - (DEPTHS - 1)
            for i in map(DEEP, parade[:split]):
                out[i] = 1.0
            for i in map(tuple.__getitem__, RECENT[DEPTHS - 1], parade[split:]):
                out[i] = 1.0
        at = self._tail  # hand sizes, end choices, current seat, trigger, phase, pile, final
        hands = state.hands
        for k, hand in enumerate(hands[seat:] + hands[:seat]):  # egocentric
            if hand:
                out[at + k] = len(hand) / HAND_SIZE
        phase = state.phase
        if phase >= CHOOSE:  # keeps are chosen in the end phase only (P28)
            keeps = state.keeps
            for k, keep in enumerate(keeps[seat:] + keeps[:seat]):
                if keep >= 0:
                    out[at + n + k] = 1.0
        if phase in (PLAY, DRAW, CHOOSE):
            out[at + 2 * n + (state.current - seat) % n] = 1.0
        if state.trigger >= 0:
            out[at + 3 * n + (state.trigger - seat) % n] = 1.0
        at += 4 * n
        out[at + phase] = 1.0
        at += NUM_PHASES
        if state.pile:
            out[at] = len(state.pile) / DECK_SIZE
        if state.final_left >= 0:
            out[at + 1] = 1.0
            out[at + 2] = state.final_left / n
        return out


def state_encoder(num_players: int) -> StateEncoder:
    """A :class:`StateEncoder` for tables of ``num_players`` seats."""
    return StateEncoder(num_players)
