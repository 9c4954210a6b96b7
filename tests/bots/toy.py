"""A tiny game with every feature search must handle: hidden cards dealt by chance, a
simultaneous decision and a sequential one, and per-seat returns.

Sealed bid: chance deals each of two seats a hidden card 0-2.  Both decide at once to bet (1)
or fold (0).  If exactly one bets, the bettor wins; if both fold, they share.  If both bet,
seat 0 then chooses to show (the higher card wins, a tie shares) or to settle (0.4 for seat 0,
0.6 for seat 1).  Betting is dominant.  Against an unknown card, showing is worth 1/6 with a 0,
1/2 with a 1 and 5/6 with a 2: settle with the 0, show otherwise -- whereas a player who could
see the other card would settle with a 1 against a 2.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from wonderland.core import (
    CHANCE,
    TERMINAL,
    Game,
    GameConfig,
    GameSpec,
    IllegalAction,
    ToMove,
    VariantSet,
)

FOLD, BET = 0, 1
SHOW, SETTLE = 2, 3


@dataclass
class BidState:
    cards: list[int] = field(default_factory=list)
    bids: list[int] = field(default_factory=lambda: [-1, -1])
    shown: int = -1


@dataclass(frozen=True)
class BidView:
    seat: int | None
    card: int
    dealt: int
    bids_made: tuple[bool, bool]
    bids: tuple[int, int]
    shown: int


class SealedBid(Game[BidState, BidView]):
    spec = GameSpec("sealed_bid", "Sealed bid", 1, 2, 2, 4, True, True, True, max_steps=6)
    variants = VariantSet([])

    def initial_state(self, config: GameConfig) -> BidState:
        return BidState()

    def _revealed(self, s: BidState) -> bool:
        return min(s.bids) >= 0

    def to_move(self, s: BidState) -> ToMove:
        if len(s.cards) < 2:
            return CHANCE
        if not self._revealed(s):
            return frozenset(p for p in (0, 1) if s.bids[p] < 0)
        if s.bids == [BET, BET] and s.shown < 0:
            return 0
        return TERMINAL

    def legal_actions(self, s: BidState, seat: int) -> list[int]:
        mover = self.to_move(s)
        if isinstance(mover, frozenset) and seat in mover:
            return [FOLD, BET]
        if mover == seat == 0:
            return [SHOW, SETTLE]
        return []

    def chance_outcomes(self, s: BidState) -> list[tuple[int, float]]:
        return [(c, 1 / 3) for c in range(3)] if len(s.cards) < 2 else []

    def apply_in_place(self, s: BidState, actor: int, action: int) -> None:
        mover = self.to_move(s)
        if mover == CHANCE and actor == CHANCE and 0 <= action < 3:
            s.cards.append(action)
        elif isinstance(mover, frozenset) and actor in mover and action in (FOLD, BET):
            s.bids[actor] = action
        elif mover == actor == 0 and action in (SHOW, SETTLE):
            s.shown = action
        else:
            raise IllegalAction("T1", f"{actor} cannot take {action} now")

    def clone(self, s: BidState) -> BidState:
        return BidState(s.cards[:], s.bids[:], s.shown)

    def returns(self, s: BidState) -> tuple[float, ...]:
        if self.to_move(s) != TERMINAL:
            return (0.0, 0.0)
        if s.bids == [FOLD, FOLD]:
            return (0.5, 0.5)
        if s.bids != [BET, BET]:
            return (1.0, 0.0) if s.bids[0] == BET else (0.0, 1.0)
        if s.shown == SETTLE:
            return (0.4, 0.6)
        if s.cards[0] < s.cards[1]:
            return (0.0, 1.0)
        return (1.0, 0.0) if s.cards[0] > s.cards[1] else (0.5, 0.5)

    def scores(self, s: BidState) -> tuple[float, ...]:
        return self.returns(s)

    def winners(self, s: BidState) -> tuple[int, ...]:
        r = self.returns(s)
        return tuple(p for p in (0, 1) if r[p] > 0) if self.to_move(s) == TERMINAL else ()

    def view(self, s: BidState, seat: int | None) -> BidView:
        revealed = self._revealed(s)
        bids = (s.bids[0], s.bids[1]) if revealed else (-1, -1)
        if seat is not None and not revealed:
            bids = (s.bids[0] if seat == 0 else -1, s.bids[1] if seat == 1 else -1)
        card = s.cards[seat] if seat is not None and seat < len(s.cards) else -1
        made = (s.bids[0] >= 0, s.bids[1] >= 0)
        return BidView(seat, card, len(s.cards), made, bids, s.shown)

    def determinize(self, v: BidView, rng: random.Random) -> BidState:
        cards = [rng.randrange(3) for _ in range(v.dealt)]
        if v.seat is not None and v.card >= 0:
            cards[v.seat] = v.card
        bids = list(v.bids)
        for p in (0, 1):
            if v.bids_made[p] and bids[p] < 0:
                bids[p] = rng.choice((FOLD, BET))
        return BidState(cards, bids, v.shown)

    def view_to_json(self, v: BidView) -> dict[str, Any]:
        return {"seat": v.seat, "card": v.card, "bids": list(v.bids), "shown": v.shown}

    def action_to_string(self, action: int) -> str:
        return ("fold", "bet", "show", "settle")[action]

    def parse_action(self, s: BidState, seat: int, text: str) -> int:
        return ("fold", "bet", "show", "settle").index(text)

    def render(self, s: BidState, seat: int | None = None) -> str:
        return str(self.view(s, seat))


GAME = SealedBid()


def dealt(cards: tuple[int, int]) -> BidState:
    """Both cards dealt, nobody has bid."""
    return BidState(list(cards))
