"""What a seat sees.  Wonderdice has no hidden information: every die, roll and card is on
the table and every action is announced (D16), so a view is the public state, frozen, plus the
seat it belongs to; ``determinize`` rebuilds that state exactly."""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Any

from wonderland.games.wonderdice.actions import faces_list
from wonderland.games.wonderdice.content import SIDES as SIDE_IDS
from wonderland.games.wonderdice.effects import Powers
from wonderland.games.wonderdice.state import (
    ADMIRING,
    MAD,
    PHASE_NAMES,
    Phase,
    Table,
    WonderdiceState,
)


@dataclass(frozen=True, slots=True)
class WonderdiceView:
    """A frozen copy of the public state as ``seat`` (None: a spectator) sees it."""

    seat: int | None
    table: Table
    phase: Phase
    char_wins: tuple[int, ...]
    chars: tuple[int, ...]
    dealt: tuple[int, ...]
    side: tuple[int, ...]
    upside: tuple[bool, ...]
    suppressed: tuple[bool, ...]
    penalty: tuple[bool, ...]
    powers: tuple[Powers, ...]
    hand: tuple[int, ...]
    row: tuple[int, ...]
    block_on: tuple[tuple[int, int, int] | None, ...]
    nblocks: tuple[int, ...]
    placed: tuple[tuple[int, ...], ...]
    adv_t: tuple[int, ...]
    adv_n: tuple[int, ...]
    tired: tuple[bool, ...]
    wins: tuple[tuple[int, ...], ...]
    now: int
    roller: int
    faces: tuple[int, ...]
    touched: tuple[bool, ...]
    decider: int
    jabber: int
    team_wins: int
    round_no: int
    round_start: int
    game_no: int
    series_score: tuple[int, ...]
    winners: tuple[int, ...]
    end_rule: str
    last_event: tuple[int, int, str]
    history: tuple[str, ...]
    steps: int
    stats: tuple[tuple[str, int], ...]

    @property
    def n(self) -> int:
        """Number of players."""
        return self.table.n


_COPIED = [f.name for f in fields(WonderdiceView) if f.name not in ("seat", "table", "stats")]
_NESTED = {"placed", "wins"}


def make_view(state: WonderdiceState, seat: int | None) -> WonderdiceView:
    """The view of ``state`` for ``seat``."""
    return WonderdiceView(
        seat,
        state.table,
        state.phase,
        tuple(state.char_wins),
        tuple(state.chars),
        tuple(state.dealt),
        tuple(state.side),
        tuple(state.upside),
        tuple(state.suppressed),
        tuple(state.penalty),
        tuple(state.powers),
        tuple(state.hand),
        tuple(state.row),
        tuple(state.block_on),
        tuple(state.nblocks),
        tuple(map(tuple, state.placed)),
        tuple(state.adv_t),
        tuple(state.adv_n),
        tuple(state.tired),
        tuple(map(tuple, state.wins)),
        state.now,
        state.roller,
        state.faces,
        tuple(state.touched),
        state.decider,
        state.jabber,
        state.team_wins,
        state.round_no,
        state.round_start,
        state.game_no,
        tuple(state.series_score),
        state.winners,
        state.end_rule,
        state.last_event,
        tuple(state.history),
        state.steps,
        tuple(state.stats.items()),
    )


def determinize(view: WonderdiceView, rng: random.Random) -> WonderdiceState:
    """The state ``view`` shows (nothing is hidden, so ``rng`` is not needed)."""
    del rng
    s = WonderdiceState.__new__(WonderdiceState)
    s.table = view.table
    for name in _COPIED:
        value = getattr(view, name)
        if name in _NESTED:
            value = [list(x) for x in value]
        elif isinstance(value, tuple) and name not in ("faces", "winners", "last_event"):
            value = list(value)
        setattr(s, name, value)
    s.stats = dict(view.stats)
    return s


def to_json(view: WonderdiceView) -> dict[str, Any]:
    """A JSON-ready dict of ``view`` (character ids and side names spelled out)."""
    content = view.table.content
    players = []
    for i in range(view.n):
        ch = content.characters[view.chars[i]]
        b = view.block_on[i]
        players.append(
            {
                "seat": i,
                "character": ch.id,
                "side": SIDE_IDS[view.side[i]],
                "upside_down": view.upside[i],
                "ability_suppressed": view.suppressed[i],
                "hand": view.hand[i],
                "row": view.row[i],
                "blocked_by": None if b is None else {"seat": b[0], "value": b[1], "t_ms": b[2]},
                "placed": list(view.placed[i]),
                "wins": {
                    SIDE_IDS[ADMIRING]: view.wins[i][ADMIRING],
                    SIDE_IDS[MAD]: view.wins[i][MAD],
                },
                "jabberwocky": i == view.jabber,
                "series_score": view.series_score[i],
            }
        )
    return {
        "seat": view.seat,
        "phase": PHASE_NAMES[view.phase],
        "now_ms": view.now,
        "round": view.round_no,
        "game": view.game_no,
        "side_names": ["Wonder", "Madness"]
        if view.table.flags.skin == "cmon_en"
        else ["Admiring", "Mad"],
        "content": content.digest,
        "players": players,
        "resolving": None
        if view.roller < 0
        else {
            "seat": view.roller,
            "faces": faces_list(view.faces) if view.faces else [],
        },
        "decider": view.decider,
        "team_wins": view.team_wins,
        "winners": list(view.winners),
        "end_rule": view.end_rule,
        "history": list(view.history),
        "stats": dict(view.stats),
    }
