"""The state of a game of Wonderland's War: small mutable values, cloned by hand.

The flow of the game is a stack of *tasks* (tuples of a kind and small ints): chance steps,
decisions of one seat, simultaneous decisions and automatic steps.  ``rules.settle`` runs the
automatic ones until a chance step or a decision is on top.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wonderland.games.wonderlands_war.content import Content
    from wonderland.games.wonderlands_war.variants import Options

# -- task kinds -------------------------------------------------------------------------------
# chance steps
C_TILE = 1  # (region)
C_ALLYSET = 2
C_MARKET = 3  # (slot)
C_DEAL = 4  # (space)
C_MARKER = 5
C_QUEST = 6  # (seat)
C_START = 7
C_DIE = 8  # (seat)
C_BAG = 9  # (seat)
# one seat decides
D_FACTION = 20  # (seat)
D_KEEP = 21  # (seat)
D_TURN = 22  # (seat)
D_CONTINUE = 23  # (seat)
D_SUPPORT = 24  # (seat, supporters left to place)
D_CASTLE = 25  # (seat)
D_WL_PICK = 26  # (seat)
D_WL_PLACE = 27  # (seat, wonderlandian)
D_ALLY = 28  # (seat, chips left to pick)
D_AWARD = 29  # (seat)
D_FORGE = 30  # (seat)
# several seats decide together (who: the seats whose b_choice is WAITING)
S_STEP = 40
S_SHIELD = 41
S_WAGER = 42
# automatic steps
A_ROUND = 60  # (round)
A_NEXT_TURN = 61
A_END_TEA = 62
A_BATTLE = 63  # (index into battle order)
A_STEP = 64
A_REVEAL = 65
A_RESOLVE = 66
A_BATTLE_END = 67
A_ROUND_END = 68
A_FX = 69  # (seat, Fx)
A_DEAL_ALL = 70
A_REFILL = 71
A_FINAL = 72
A_CLEANUP = 73

CHANCE_TASKS = frozenset(range(1, 20))
SEAT_TASKS = frozenset(range(20, 40))
SIMULTANEOUS_TASKS = frozenset(range(40, 60))

# battle status per seat
OUT, DRAWING, HALTED, BUST = 0, 1, 2, 3
WAITING = -1  # b_choice: a simultaneous decision still to make
NONE = -2  # b_choice: nothing asked
HIDDEN = -3  # a simultaneous choice the viewer may not see
NO_BET = 9  # wagers[seat]: decided not to bet

Task = tuple[Any, ...]


@dataclass(slots=True)
class Player:
    """One seat's faction, pieces, chips (counts per chip kind) and score."""

    faction: int = -1
    bag: list[int] = field(default_factory=list)
    active: list[int] = field(default_factory=list)
    exhaust: list[int] = field(default_factory=list)
    track: list[int] = field(default_factory=list)  # madness chips, leftmost first
    forged: list[list[int]] = field(default_factory=list)  # chips on each forge track
    reserve: int = 0
    on_forge: int = 0
    castles_left: int = 0
    leader_level: int = 0
    castle_level: int = 0
    unlocked: int = 1  # abilities unlocked (the starting ability counts)
    shield: bool = True
    shards: int = 0
    vp_battles: int = 0
    vp_other: int = 0
    quests: list[int] = field(default_factory=list)
    feats: list[bool] = field(default_factory=list)
    pair: list[int] = field(default_factory=list)  # quests drawn, one to keep
    cards: list[int] = field(default_factory=list)  # tea cards taken this round
    war_bonus: int = 0
    retinue: list[int] = field(default_factory=list)
    figures: list[tuple[int, int]] = field(default_factory=list)  # (wonderlandian, region)
    pos: int = -1  # tea table position; -1 once the leader is in a region
    region: int = -1  # the leader's region
    passed_head: bool = False
    busts: int = 0
    battles: int = 0

    def clone(self) -> Player:
        """An independent copy."""
        return Player(
            self.faction,
            self.bag[:],
            self.active[:],
            self.exhaust[:],
            self.track[:],
            [t[:] for t in self.forged],
            self.reserve,
            self.on_forge,
            self.castles_left,
            self.leader_level,
            self.castle_level,
            self.unlocked,
            self.shield,
            self.shards,
            self.vp_battles,
            self.vp_other,
            self.quests[:],
            self.feats[:],
            self.pair[:],
            self.cards[:],
            self.war_bonus,
            self.retinue[:],
            self.figures[:],
            self.pos,
            self.region,
            self.passed_head,
            self.busts,
            self.battles,
        )


@dataclass(slots=True)
class State:
    """The whole table.  ``content`` and ``opts`` are shared, never copied."""

    content: Content = field(compare=False, repr=False)
    opts: Options = field(compare=False, repr=False)
    n: int
    players: list[Player]
    supply: list[int]
    tasks: list[Task] = field(default_factory=list)
    round: int = 1
    war: bool = False
    tiles: list[int] = field(default_factory=list)  # scoring tile per region
    ally_set: int = -1
    market: list[int] = field(default_factory=lambda: [-1, -1, -1])
    wl_deck: list[int] = field(default_factory=list)
    decks: list[list[int]] = field(default_factory=list)
    table: list[int] = field(default_factory=list)  # card on each space (-1: none)
    occupant: list[int] = field(default_factory=list)  # leader on each space (-1: none)
    quest_deck: list[int] = field(default_factory=list)
    marker: int = -1
    start: int = -1
    turn: int = -1
    supporters: list[list[int]] = field(default_factory=list)  # [region][seat]
    castles: list[list[int]] = field(default_factory=list)  # [region][seat]
    order: list[int] = field(default_factory=list)  # regions of this war, in battle order
    b_region: int = -1
    b_status: list[int] = field(default_factory=list)
    b_strength: list[int] = field(default_factory=list)
    b_choice: list[int] = field(default_factory=list)
    b_drawn: list[int] = field(default_factory=list)
    b_forge: list[int] = field(default_factory=list)
    b_first: list[int] = field(default_factory=list)  # first place of the last battle
    b_winner: int = -1  # reached the auto-win strength
    wagers: list[int] = field(default_factory=list)
    decisions: int = 0
    final: bool = False
    log: list[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = field(
        default_factory=list
    )  # per battle fought: round, region, strengths, statuses, first place

    def clone(self) -> State:
        """An independent copy (content and options shared)."""
        return State(
            self.content,
            self.opts,
            self.n,
            [p.clone() for p in self.players],
            self.supply[:],
            self.tasks[:],
            self.round,
            self.war,
            self.tiles[:],
            self.ally_set,
            self.market[:],
            self.wl_deck[:],
            [d[:] for d in self.decks],
            self.table[:],
            self.occupant[:],
            self.quest_deck[:],
            self.marker,
            self.start,
            self.turn,
            [r[:] for r in self.supporters],
            [r[:] for r in self.castles],
            self.order[:],
            self.b_region,
            self.b_status[:],
            self.b_strength[:],
            self.b_choice[:],
            self.b_drawn[:],
            self.b_forge[:],
            self.b_first[:],
            self.b_winner,
            self.wagers[:],
            self.decisions,
            self.final,
            self.log[:],
        )
