"""Plain Parade states to compiled state arrays and back, and a step-by-step replayer: what
the tests use to prove the compiled rules equal to the plain engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from wonderland.games.parade.actions import KEEP_BASE, PAIRS, SEAT_BASE
from wonderland.games.parade.cards import DECK_SIZE, NUM_VALUES
from wonderland.games.parade.fast.rules import (
    CN,
    CNT,
    COLL,
    DECK,
    HAND,
    HN,
    KEEP,
    MASK,
    NO_CARD,
    PARADE,
    PILE_EMPTY,
    S_CHOSEN,
    S_CUR,
    S_DPOS,
    S_FINAL,
    S_N,
    S_PHASE,
    S_PN,
    S_REASON,
    S_TRIG,
    S_TURNS,
    SEAT,
    SIX_COLOURS,
    TOTALS,
    VS,
    WON,
    break_tie,
    deal,
    draw,
    keep_cards,
    new_state,
    pick_start,
    play,
    reset,
    rules_array,
)
from wonderland.games.parade.game import PILE_EMPTY as PLAIN_PILE_EMPTY
from wonderland.games.parade.game import SIX_COLOURS as PLAIN_SIX_COLOURS
from wonderland.games.parade.state import (
    CHOOSE,
    DEAL,
    DRAW,
    OVER,
    PLAY,
    START,
    TIEBREAK,
    ParadeState,
)
from wonderland.games.parade.variants import ParadeRules

_REASONS = {0: "", SIX_COLOURS: PLAIN_SIX_COLOURS, PILE_EMPTY: PLAIN_PILE_EMPTY}


def load(state: ParadeState) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(st, sc, rules)`` holding the hands, parade, collections, phase and seats of a plain
    state after the deal (the pile's order is not part of a plain state and is left out)."""
    st, sc = new_state()
    n = state.num_players
    reset(st, sc, n, False)
    sc[S_PHASE] = state.phase
    sc[S_CUR] = state.current
    sc[S_TRIG] = state.trigger
    sc[S_FINAL] = state.final_left
    sc[S_TURNS] = state.turns
    sc[S_DPOS] = DECK_SIZE - len(state.pile)
    sc[S_PN] = len(state.parade)
    st[PARADE, : len(state.parade)] = state.parade
    for seat in range(n):
        hand = state.hands[seat]
        st[HAND + seat, : len(hand)] = hand
        st[SEAT + seat, HN] = len(hand)
        collection = state.collections[seat]
        st[COLL + seat, : len(collection)] = collection
        st[SEAT + seat, CN] = len(collection)
        for card in collection:
            st[SEAT + seat, CNT + card // NUM_VALUES] += 1
            st[SEAT + seat, VS + card // NUM_VALUES] += card % NUM_VALUES
            st[SEAT + seat, MASK] |= 1 << (card // NUM_VALUES)
        if state.keeps[seat] >= 0:
            low, high = PAIRS[state.keeps[seat] - KEEP_BASE]
            st[SEAT + seat, KEEP : KEEP + 2] = (low, high)
            sc[S_CHOSEN] += 1
    return st, sc, rules_array(state.rules)


def plain_snapshot(state: ParadeState, scores: Sequence[float] = ()) -> dict[str, Any]:
    """What the tests compare of a plain state (``scores`` once the game is over)."""
    over = state.phase in (OVER, TIEBREAK)
    return {
        "phase": state.phase,
        "current": state.current,
        "trigger": state.trigger,
        "reason": state.trigger_reason,
        "final_left": state.final_left,
        "turns": state.turns,
        "hands": [list(h) for h in state.hands],
        "parade": list(state.parade),
        "pile": sorted(state.pile),
        "collections": [list(c) for c in state.collections],
        "discards": [list(d) for d in state.discards] if over else [[]] * state.num_players,
        "keeps": [PAIRS[k - KEEP_BASE] if k >= 0 else None for k in state.keeps],
        "winners": list(state.winners) if over else [],
        "scores": [int(s) for s in scores] if over else [],
    }


def fast_snapshot(st: np.ndarray, sc: np.ndarray) -> dict[str, Any]:
    """The same figures as :func:`plain_snapshot`, read from compiled state arrays."""
    n = int(sc[S_N])
    over = sc[S_PHASE] in (OVER, TIEBREAK)
    rows = [st[HAND + p, : st[SEAT + p, HN]].tolist() for p in range(n)]
    keeps = [
        (int(st[SEAT + p, KEEP]), int(st[SEAT + p, KEEP + 1]))
        if st[SEAT + p, KEEP] != NO_CARD
        else None
        for p in range(n)
    ]
    return {
        "phase": int(sc[S_PHASE]),
        "current": int(sc[S_CUR]),
        "trigger": int(sc[S_TRIG]),
        "reason": _REASONS[int(sc[S_REASON])],
        "final_left": int(sc[S_FINAL]),
        "turns": int(sc[S_TURNS]),
        "hands": [[] for _ in range(n)] if over else rows,
        "parade": st[PARADE, : sc[S_PN]].tolist(),
        "pile": sorted(st[DECK, sc[S_DPOS] :].tolist()),
        "collections": [st[COLL + p, : st[SEAT + p, CN]].tolist() for p in range(n)],
        "discards": rows if over else [[]] * n,
        "keeps": keeps,
        "winners": [p for p in range(n) if st[SEAT + p, WON]] if over else [],
        "scores": [int(sc[TOTALS + p]) for p in range(n)] if over else [],
    }


class Replayer:
    """Replays a plain game's steps through the compiled steps, one call per step.

    The deck is the record's card outcomes in order (the deal, then every draw), so each
    compiled draw takes the card the record drew; the cards never drawn follow in id order.
    """

    def __init__(self, num_players: int, rules: ParadeRules, deck: Sequence[int]) -> None:
        self.st, self.sc = new_state()
        self.rules = rules_array(rules)
        self.rng = np.zeros(2, np.uint64)
        drawn = set(deck)
        self.st[DECK] = [*deck, *(c for c in range(DECK_SIZE) if c not in drawn)]
        reset(self.st, self.sc, num_players, False)
        deal(self.st, self.sc, self.rules, self.rng)

    def step(self, phase: int, actor: int, action: int) -> None:
        """Apply the plain step ``(actor, action)`` taken in plain ``phase``."""
        st, sc = self.st, self.sc
        if phase == DEAL:
            return  # dealt at once when the replay starts
        if phase == START:
            pick_start(st, sc, action - SEAT_BASE)
        elif phase == PLAY:
            play(st, sc, self.rules, actor, action)
        elif phase == DRAW:
            draw(st, sc, self.rng)
        elif phase == CHOOSE:
            low, high = PAIRS[action - KEEP_BASE]
            keep_cards(st, sc, self.rules, actor, low, high)
        else:
            break_tie(st, sc, action - SEAT_BASE)

    def snapshot(self) -> dict[str, Any]:
        """The compiled state's figures (see :func:`fast_snapshot`)."""
        return fast_snapshot(self.st, self.sc)
