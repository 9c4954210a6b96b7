"""What one seat may know, and full states consistent with it (for search).

Hidden: other players' quests (kept, drawn and their feats), the quest deck, and other seats'
pending simultaneous choices (draw/stop, shield, wager).  Bag contents are counts, which every
player can follow at the table; draws are chance steps, so no order is stored anywhere.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Any

from wonderland.games.wonderlands_war.content_values import Fx
from wonderland.games.wonderlands_war.rules import legal
from wonderland.games.wonderlands_war.scoring import score_parts
from wonderland.games.wonderlands_war.state import (
    BATTLE_CHOICE_PHASES,
    HIDDEN,
    NO_BET,
    SIMULTANEOUS_PHASES,
    WAITING,
    Battle,
    Player,
    Task,
    WonderlandsWarState,
)


@dataclass(slots=True)
class WonderlandsWarView:
    """A seat's view (``seat`` None: a spectator): the state with hidden parts masked."""

    seat: int | None
    state: WonderlandsWarState


def redact(state: WonderlandsWarState, seat: int | None) -> WonderlandsWarState:
    """A copy of ``state`` with everything ``seat`` may not know masked (-1 or HIDDEN)."""
    out = state.clone()
    out.quest_deck = [-1] * len(state.quest_deck)
    if not state.tasks:  # the game is over: quests are shown for the final scoring (G26)
        return out
    top = state.tasks[-1].phase
    for s, p in enumerate(out.players):
        if s == seat:
            continue
        p.quests = [-1] * len(p.quests)
        p.feats = [False] * len(p.feats)
        p.pair = [-1] * len(p.pair)
        if top in BATTLE_CHOICE_PHASES and out.battle.choice[s] >= 0:
            out.battle.choice[s] = HIDDEN
        if out.wagers[s] >= 0:
            out.wagers[s] = HIDDEN
    return out


def view(state: WonderlandsWarState, seat: int | None) -> WonderlandsWarView:
    """The view of ``seat``."""
    return WonderlandsWarView(seat, redact(state, seat))


def determinize(v: WonderlandsWarView, rng: random.Random) -> WonderlandsWarState:
    """A full state whose view for ``v.seat`` is ``v``: hidden quests dealt at random from the
    quests the seat has not seen, hidden choices filled with legal ones."""
    state = v.state.clone()
    known = set()
    if v.seat is not None:
        me = state.players[v.seat]
        known = {q for q in me.quests + me.pair if q >= 0}
    pool = [q for q in range(len(state.content.quests)) if q not in known]
    rng.shuffle(pool)
    it = iter(pool)
    for p in state.players:
        p.quests = [q if q >= 0 else next(it) for q in p.quests]
        p.pair = [q if q >= 0 else next(it) for q in p.pair]
    state.quest_deck = [q if q >= 0 else next(it) for q in state.quest_deck]
    top = state.phase
    for s in range(state.n):
        if state.wagers[s] == HIDDEN:
            state.wagers[s] = NO_BET
        if state.battle.choice[s] == HIDDEN:
            state.battle.choice[s] = WAITING
            options = legal(state, s) if top in SIMULTANEOUS_PHASES else []
            state.battle.choice[s] = rng.choice(options) if options else WAITING
    return state


_PLAIN = frozenset({int, float, str, bool, type(None)})
"""Types written to JSON as they are (checked first: most values are plain numbers)."""
_FIELDS: dict[type, tuple[str, ...]] = {}
_BATTLE_KEYS = tuple((f"b_{f.name}", f.name) for f in fields(Battle))
"""The view's keys of the battle's fields (``b_region``, ``b_status``...), in their order."""


def _json(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if isinstance(value, Fx):
        return [value.effect, value.n, value.chip]
    if isinstance(value, Task):
        return _json(value.as_tuple())
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _PLAIN else _json(v) for v in value]
    if isinstance(value, (Player, WonderlandsWarState)):
        names = _FIELDS.get(type(value))
        if names is None:
            names = _FIELDS[type(value)] = tuple(
                f.name for f in fields(value) if f.name not in ("content", "opts")
            )
        data: dict[str, Any] = {}
        for name in names:
            field_value = getattr(value, name)
            if type(field_value) is Battle:  # flat, under the keys the browser reads
                data.update(_json(field_value))
            else:
                data[name] = _json(field_value)
        return data
    if isinstance(value, Battle):
        return {key: _json(getattr(value, name)) for key, name in _BATTLE_KEYS}
    return value


def to_json(v: WonderlandsWarView) -> dict[str, Any]:
    """A JSON-ready dict of the view."""
    data: dict[str, Any] = _json(v.state)
    data["seat"] = v.seat
    data["content"] = v.state.content.digest
    if not v.state.tasks:  # W53: the final scoring by source
        data["final_scores"] = [score_parts(v.state, s) for s in range(v.state.n)]
    return data
