"""What one seat may know of a Parade game (P39), and full states consistent with it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from wonderland.games.parade.actions import KEEP_BASE, PAIRS, keep_id
from wonderland.games.parade.cards import DECK_SIZE, card_str
from wonderland.games.parade.rules import (
    colour_counts,
    explain_winners,
    ranking_winners,
    score_sheet,
)
from wonderland.games.parade.state import CHOOSE, OVER, PHASE_NAMES, ParadeState, Phase
from wonderland.games.parade.variants import ParadeRules


@dataclass(frozen=True, slots=True)
class ParadeView:
    """A seat's view: public table plus its own hand, keep choice and discards.

    Public (P39): the parade, every collection, each hand's size, the draw pile's size, whose
    turn it is and who has made the end choice.  Private: the hands' contents, pending end
    choices (unless the sequential variant shows them) and the discards.
    """

    seat: int | None
    num_players: int
    rules: ParadeRules
    phase: Phase
    current: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    parade: tuple[int, ...]
    collections: tuple[tuple[int, ...], ...]
    pile_size: int
    chosen: tuple[bool, ...]
    keeps: tuple[int, ...]
    discards: tuple[int, ...]
    discard_sizes: tuple[int, ...]
    trigger: int
    trigger_reason: str
    final_left: int
    turns: int
    dealt: int
    last_play: tuple[int, int, tuple[int, ...]] | None
    winners: tuple[int, ...]


_SHARED = (
    "current",
    "dealt",
    "trigger",
    "trigger_reason",
    "final_left",
    "turns",
    "last_play",
    "winners",
)
"""The fields a view copies from its state as they are (and a determinized state from its
view)."""


def _shared(source: ParadeState | ParadeView) -> dict[str, Any]:
    """The values of the :data:`_SHARED` fields of a state or a view."""
    return {name: getattr(source, name) for name in _SHARED}


def make_view(state: ParadeState, seat: int | None) -> ParadeView:
    """The view of ``seat`` (``None``: a spectator)."""
    public_keeps = state.rules.end_choice_sequential
    keeps = tuple(k if (public_keeps or p == seat) else -1 for p, k in enumerate(state.keeps))
    return ParadeView(
        seat=seat,
        num_players=state.num_players,
        rules=state.rules,
        phase=state.phase,
        hand=tuple(state.hands[seat]) if seat is not None else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        parade=tuple(state.parade),
        collections=tuple(tuple(c) for c in state.collections),
        pile_size=len(state.pile),
        chosen=tuple(k >= 0 for k in state.keeps),
        keeps=keeps,
        discards=tuple(state.discards[seat]) if seat is not None else (),
        discard_sizes=tuple(len(d) for d in state.discards),
        **_shared(state),
    )


def determinize(view: ParadeView, rng: random.Random) -> ParadeState:
    """A full state that ``view``'s seat cannot tell from the real one.

    The cards it has not seen are dealt at random to the other hands, the other discards and
    the pile; other seats' hidden end choices are drawn from their possible pairs.
    """
    n = view.num_players
    known: list[list[int]] = [[] for _ in range(n)]
    for p, keep in enumerate(view.keeps):
        if keep >= 0 and p != view.seat and view.phase == CHOOSE:
            known[p] = list(PAIRS[keep - KEEP_BASE])  # a visible (sequential) choice
    seen = set(view.hand) | set(view.parade) | set(view.discards)
    for cards in (*view.collections, *known):
        seen.update(cards)
    unseen = [card for card in range(DECK_SIZE) if card not in seen]
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    discards: list[list[int]] = []
    for p in range(n):
        if p == view.seat:
            hands.append(list(view.hand))
            discards.append(list(view.discards))
            continue
        missing = view.hand_sizes[p] - len(known[p])
        hands.append(known[p] + [unseen.pop() for _ in range(missing)])
        discards.append([unseen.pop() for _ in range(view.discard_sizes[p])])
    keeps = list(view.keeps)
    for p in range(n):
        if view.chosen[p] and keeps[p] < 0:
            a, b = rng.sample(hands[p], 2)
            keeps[p] = keep_id(a, b)
    return ParadeState(
        num_players=n,
        rules=view.rules,
        phase=view.phase,
        hands=hands,
        parade=list(view.parade),
        pile=unseen,
        collections=[list(c) for c in view.collections],
        counts=[colour_counts(c) for c in view.collections],
        discards=discards,
        keeps=keeps,
        **_shared(view),
    )


def view_to_json(view: ParadeView) -> dict[str, Any]:
    """A JSON-ready dict; cards in notation."""

    def cards(ids: tuple[int, ...]) -> list[str]:
        return [card_str(c) for c in ids]

    last = None
    if view.last_play is not None:
        seat, card, taken = view.last_play
        last = {"seat": seat, "card": card_str(card), "taken": cards(taken)}
    return {
        "seat": view.seat,
        "num_players": view.num_players,
        "phase": PHASE_NAMES[view.phase],
        "current": view.current,
        "hand": cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "parade": cards(view.parade),
        "collections": [cards(c) for c in view.collections],
        "pile_size": view.pile_size,
        "chosen": list(view.chosen),
        "keeps": [cards(PAIRS[k - KEEP_BASE]) if k >= 0 else None for k in view.keeps],
        "discards": cards(view.discards),
        "discard_sizes": list(view.discard_sizes),
        "trigger": view.trigger,
        "trigger_reason": view.trigger_reason,
        "final_left": view.final_left,
        "turns": view.turns,
        "last_play": last,
        "winners": list(view.winners),
        "final": _final_scores(view) if view.phase == OVER else None,
    }


def _final_scores(view: ParadeView) -> dict[str, Any]:
    """The end-of-game score sheet, with the winner explanation."""
    rules = view.rules
    sheet = score_sheet(
        view.collections, rules.two_player_plain_majority, rules.all_equal_no_majority
    )
    explanation = explain_winners(sheet)
    if len(view.winners) == 1 and len(ranking_winners(sheet.totals, sheet.card_totals)) > 1:
        explanation += f"; seat {view.winners[0] + 1} won the random tie-break (A6)"
    return {
        "counts": [list(c) for c in sheet.counts],
        "majority": [list(m) for m in sheet.majority],
        "points": [list(p) for p in sheet.points],
        "totals": list(sheet.totals),
        "cards": list(sheet.card_totals),
        "explanation": explanation,
    }
