"""A seat's view of Parade as the compiled search's template arrays: everything the seat may
know, and nothing else.

:func:`template_of` reads a :class:`ParadeView` only (never a full state): the public table,
the seat's own hand and keep, each hidden hand's size, the pile's size and, under the
sequential end choice (A5), the pairs other seats kept in the open.  The cards the seat has
not seen are listed apart (``unseen``); each iteration of the search deals them at random to
the hidden hands and the pile (``search.determinize``), so a determinization agrees with the
view by construction.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wonderland.games.parade.actions import KEEP_BASE, PAIRS
from wonderland.games.parade.cards import DECK_SIZE, NUM_VALUES
from wonderland.games.parade.fast.rules import (
    CN,
    CNT,
    COLL,
    HAND,
    HN,
    KEEP,
    MASK,
    PARADE,
    PILE_EMPTY,
    S_CHOSEN,
    S_CUR,
    S_DPOS,
    S_FINAL,
    S_PHASE,
    S_PN,
    S_REASON,
    S_SHUFFLE,
    S_TRIG,
    S_TURNS,
    SEAT,
    SIX_COLOURS,
    VS,
    new_state,
    reset,
    rules_array,
)
from wonderland.games.parade.game import PILE_EMPTY as PLAIN_PILE_EMPTY
from wonderland.games.parade.game import SIX_COLOURS as PLAIN_SIX_COLOURS
from wonderland.games.parade.state import CHOOSE, PLAY
from wonderland.games.parade.view import ParadeView

_REASONS = {"": 0, PLAIN_SIX_COLOURS: SIX_COLOURS, PLAIN_PILE_EMPTY: PILE_EMPTY}


class Template(NamedTuple):
    """What a seat knows, as compiled state arrays with the hidden cards left out."""

    st: np.ndarray
    """uint8[ROWS, 66]: the public rows and the seat's own hand; a hidden hand's row holds
    only the cards known to be in it (a pair kept in the open), first."""
    sc: np.ndarray
    """int64[SCALARS]: phase, seats, counts; the pile is drawn at random (``S_SHUFFLE``)."""
    rules: np.ndarray
    """int64[6]: the resolved variants."""
    unseen: np.ndarray
    """int64[k]: the cards the seat has not seen (hidden hands and pile), in id order."""
    fixed: np.ndarray
    """int64[n]: per seat, how many cards of its hand row are known (own seat: all)."""
    hidden_keep: np.ndarray
    """int64[n]: 1 where a seat has chosen its pair out of sight (drawn per deal)."""
    seat: int


def template_of(view: ParadeView) -> Template:
    """The template of ``view`` (ValueError for a spectator's view or a finished game)."""
    if view.seat is None:
        raise ValueError("a search needs a seat's view, not a spectator's")
    if view.phase not in (PLAY, CHOOSE):
        raise ValueError("a search needs a view where a seat decides (play or end choice)")
    n, me = view.num_players, view.seat
    st, sc = new_state()
    reset(st, sc, n, True)
    sc[S_PHASE] = view.phase
    sc[S_CUR] = view.current
    sc[S_TRIG] = view.trigger
    sc[S_REASON] = _REASONS[view.trigger_reason]
    sc[S_FINAL] = view.final_left
    sc[S_TURNS] = view.turns
    sc[S_DPOS] = DECK_SIZE - view.pile_size
    sc[S_SHUFFLE] = 1
    sc[S_PN] = len(view.parade)
    st[PARADE, : len(view.parade)] = view.parade
    seen = set(view.hand) | set(view.parade) | set(view.discards)
    fixed = np.zeros(n, np.int64)
    hidden_keep = np.zeros(n, np.int64)
    for p in range(n):
        row = SEAT + p
        collection = view.collections[p]
        seen.update(collection)
        st[COLL + p, : len(collection)] = collection
        st[row, CN] = len(collection)
        for card in collection:
            st[row, CNT + card // NUM_VALUES] += 1
            st[row, VS + card // NUM_VALUES] += card % NUM_VALUES
            st[row, MASK] |= 1 << (card // NUM_VALUES)
        st[row, HN] = view.hand_sizes[p]
        known: tuple[int, ...] = ()
        if p == me:
            known = view.hand
        if view.chosen[p]:
            sc[S_CHOSEN] += 1
            if view.keeps[p] >= 0:
                low, high = PAIRS[view.keeps[p] - KEEP_BASE]
                st[row, KEEP : KEEP + 2] = (low, high)
                if p != me:
                    known = (low, high)
            else:
                hidden_keep[p] = 1
        st[HAND + p, : len(known)] = known
        fixed[p] = len(known)
        seen.update(known)
    unseen = np.array([c for c in range(DECK_SIZE) if c not in seen], np.int64)
    missing = sum(view.hand_sizes[p] - int(fixed[p]) for p in range(n)) + view.pile_size
    if missing != len(unseen):
        raise ValueError(
            f"the view does not add up: {len(unseen)} unseen cards for {missing} hidden places"
        )
    return Template(st, sc, rules_array(view.rules), unseen, fixed, hidden_keep, me)
