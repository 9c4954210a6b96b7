"""The state of a game of Wonderland's War: small mutable values, cloned by hand.

The flow of the game is a stack of :class:`Task` values, each a :class:`Phase` and the
arguments it carries (:data:`ARGUMENTS`).  ``rules.settle`` runs automatic phases until a
chance step or a decision is on top.  ``tea.set_up`` pushes every set-up phase at once; after
that a phase pushes what follows it (listed below in the order it runs; blank: the task
underneath comes next).

=========================  =========================================  ========================
phase (arguments)          what happens                               what follows
=========================  =========================================  ========================
DEAL_TILE (region)         chance: the region's scoring tile (W4)
DRAW_ALLY_SET              chance: the ally set in play (W5)
FILL_MARKET (slot)         chance: a Wonderlandian to the market (W6)
DEAL_ALL                   deal to every space in use (W9, W18)       DEAL_CARD per space
DEAL_CARD (space)          chance: a card of the round's deck (W9)
PLACE_MARKER               chance: a quest sets the battle marker
                           (W10)
CHOOSE_FACTION (seat)      a faction and its kit (W11-W14)
DRAW_QUEST (seat)          chance: a quest to choose from (W15)
KEEP_QUEST (seat)          keep one quest drawn (W15)
DRAW_START_PLAYER          chance: start player, start shards (W16)   (START_ROUND 1)
START_ROUND (round)        leaders at the Head of the Table (W18)     DEAL_ALL (round 2 on),
                                                                      TEA_TURN
TEA_TURN (seat)            take a card, stop at the Head of the       card: PLACE_SUPPORTERS,
                           Table, or go to a region (W19-W26)         ROLL_DIE, EFFECTs,
                                                                      NEXT_TURN; Head:
                                                                      ROLL_DIE, REFILL,
                                                                      TEA_CONTINUE; region:
                                                                      NEXT_TURN
TEA_CONTINUE (seat)        move on from the Head (W24)                as TEA_TURN
ROLL_DIE (seat)            chance: shards from the shard die (W23)
REFILL                     refill empty, free spaces (W24)            DEAL_CARD per space
PLACE_SUPPORTERS (seat,    all supporters to a region, or one         one: PLACE_SUPPORTERS
left)                      (W21, W22)                                 (left - 1)
NEXT_TURN                  the next leader at the table (W19, W27)    TEA_TURN, or END_TEA
END_TEA                    madness, shards (W29); battle order (W30)  NEXT_BATTLE 0
NEXT_BATTLE (battle)       the next region's battle (W30, W45, W48)   WAGER, EFFECTs,
                                                                      BATTLE_STEP 0,
                                                                      BATTLE_END, NEXT_BATTLE
                                                                      (battle + 1); after the
                                                                      last: ROUND_END
WAGER                      simultaneous: bystanders bet (W48)
BATTLE_STEP (step)         unless the battle is over (W41, W42),      DRAW_OR_STOP (first
                           the drawing seats draw or stop (W33)       step: the draws),
                                                                      BATTLE_STEP (step + 1)
DRAW_OR_STOP               simultaneous: draw or stop (W33, W39)      DRAW_CHIP per drawer,
                                                                      REVEAL
DRAW_CHIP (seat)           chance: a chip from the bag (W33)
REVEAL                     drawn madness, shield ready? (W36)         SHIELD_OR_ACCEPT,
                                                                      RESOLVE
SHIELD_OR_ACCEPT           simultaneous: shield or madness (W36)
RESOLVE                    drawn chips act; busts, resets (W33-W38)   redraws: DRAW_CHIP per
                                                                      seat, REVEAL
BATTLE_END                 awards, feats, wagers (W43-W48)            CHOOSE_AWARD, EFFECTs,
                                                                      FORGE, CLEANUP
CHOOSE_AWARD (seat)        a tied winner: VP or a castle (W44)
FORGE (seat)               a drawn chip to a forge track (W40)        EFFECTs
CLEANUP                    drawn chips to the exhaust (W47)
ROUND_END                  clear the table; leaders home (W2, W52)    EFFECTs, START_ROUND
                                                                      (round + 1) or FINAL
FINAL                      the game is over (W52)                     (the stack is empty)
EFFECT (seat, fx)          an effect of a card, chip, forge track     the decision it asks
                           or ability (W21)                           for, if any
BUILD_CASTLE (seat)        an effect's castle to a region (W21)
PICK_WONDERLANDIAN (seat)  a Wonderlandian from the market (W28)      a figure:
                                                                      PLACE_WONDERLANDIAN;
                                                                      FILL_MARKET
PLACE_WONDERLANDIAN        the figure to a region (W28)
(seat, wonderlandian)
PICK_ALLY (seat, left)     an ally chip of the set (W21)              PICK_ALLY (left - 1)
=========================  =========================================  ========================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import NamedTuple

from wonderland.games.wonderlands_war.capacity import MARKET_SLOTS
from wonderland.games.wonderlands_war.content_values import Content, Fx
from wonderland.games.wonderlands_war.variants import Options


class Phase(IntEnum):
    """What a task on the stack does.  The values are stable: observations encode them."""

    # chance steps
    DEAL_TILE = 1
    DRAW_ALLY_SET = 2
    FILL_MARKET = 3
    DEAL_CARD = 4
    PLACE_MARKER = 5
    DRAW_QUEST = 6
    DRAW_START_PLAYER = 7
    ROLL_DIE = 8
    DRAW_CHIP = 9
    # one seat decides
    CHOOSE_FACTION = 20
    KEEP_QUEST = 21
    TEA_TURN = 22
    TEA_CONTINUE = 23
    PLACE_SUPPORTERS = 24
    BUILD_CASTLE = 25
    PICK_WONDERLANDIAN = 26
    PLACE_WONDERLANDIAN = 27
    PICK_ALLY = 28
    CHOOSE_AWARD = 29
    FORGE = 30
    # several seats decide together (who: the seats whose battle choice, or wager, is WAITING)
    DRAW_OR_STOP = 40
    SHIELD_OR_ACCEPT = 41
    WAGER = 42
    # automatic steps
    START_ROUND = 60
    NEXT_TURN = 61
    END_TEA = 62
    NEXT_BATTLE = 63
    BATTLE_STEP = 64
    REVEAL = 65
    RESOLVE = 66
    BATTLE_END = 67
    ROUND_END = 68
    EFFECT = 69
    DEAL_ALL = 70
    REFILL = 71
    FINAL = 72
    CLEANUP = 73


CHANCE_PHASES = frozenset(
    {
        Phase.DEAL_TILE,
        Phase.DRAW_ALLY_SET,
        Phase.FILL_MARKET,
        Phase.DEAL_CARD,
        Phase.PLACE_MARKER,
        Phase.DRAW_QUEST,
        Phase.DRAW_START_PLAYER,
        Phase.ROLL_DIE,
        Phase.DRAW_CHIP,
    }
)
"""Chance steps: chance picks the outcome."""
SEAT_PHASES = frozenset(
    {
        Phase.CHOOSE_FACTION,
        Phase.KEEP_QUEST,
        Phase.TEA_TURN,
        Phase.TEA_CONTINUE,
        Phase.PLACE_SUPPORTERS,
        Phase.BUILD_CASTLE,
        Phase.PICK_WONDERLANDIAN,
        Phase.PLACE_WONDERLANDIAN,
        Phase.PICK_ALLY,
        Phase.CHOOSE_AWARD,
        Phase.FORGE,
    }
)
"""Decisions of one seat (``Task.seat``)."""
SIMULTANEOUS_PHASES = frozenset({Phase.DRAW_OR_STOP, Phase.SHIELD_OR_ACCEPT, Phase.WAGER})
"""Decisions that several seats make together."""
BATTLE_CHOICE_PHASES = frozenset({Phase.DRAW_OR_STOP, Phase.SHIELD_OR_ACCEPT})
"""Simultaneous decisions kept in ``battle.choice`` (a wager is kept in ``wagers``)."""
AUTOMATIC_PHASES = frozenset(Phase) - CHANCE_PHASES - SEAT_PHASES - SIMULTANEOUS_PHASES
"""Steps the rules run by themselves (``rules.settle``)."""

ARGUMENTS: dict[Phase, tuple[str, ...]] = {
    Phase.DEAL_TILE: ("region",),
    Phase.FILL_MARKET: ("slot",),
    Phase.DEAL_CARD: ("space",),
    Phase.DRAW_QUEST: ("seat",),
    Phase.ROLL_DIE: ("seat",),
    Phase.DRAW_CHIP: ("seat",),
    **dict.fromkeys(SEAT_PHASES, ("seat",)),
    Phase.PLACE_SUPPORTERS: ("seat", "left"),
    Phase.PLACE_WONDERLANDIAN: ("seat", "wonderlandian"),
    Phase.PICK_ALLY: ("seat", "left"),
    Phase.START_ROUND: ("round",),
    Phase.NEXT_BATTLE: ("battle",),
    Phase.BATTLE_STEP: ("step",),
    Phase.EFFECT: ("seat", "fx"),
}
"""The fields of :class:`Task` that each phase uses, in order (the others are unused)."""


class Task(NamedTuple):
    """One entry of the task stack: a phase and its arguments (see :data:`ARGUMENTS`).

    Immutable, so cloning a state copies the list of tasks and shares the tasks.
    """

    phase: Phase
    seat: int = -1
    """The seat that decides, draws, rolls or gains (-1: none)."""
    region: int = 0
    """DEAL_TILE: the region dealt a scoring tile."""
    slot: int = 0
    """FILL_MARKET: the market slot to fill."""
    space: int = 0
    """DEAL_CARD: the tea-table space dealt a card."""
    left: int = 0
    """PLACE_SUPPORTERS, PICK_ALLY: the supporters to place, or ally chips to pick, still."""
    wonderlandian: int = 0
    """PLACE_WONDERLANDIAN: the figure to place."""
    round: int = 0
    """START_ROUND: the round that starts."""
    battle: int = 0
    """NEXT_BATTLE: the index in the battle order of the battle to fight."""
    step: int = 0
    """BATTLE_STEP: the steps of the battle so far."""
    fx: Fx | None = None
    """EFFECT: the effect to run."""

    def as_tuple(self) -> tuple[int | Fx | None, ...]:
        """``(phase code, *arguments)``: the task with only the arguments its phase uses."""
        return (int(self.phase), *(getattr(self, name) for name in ARGUMENTS.get(self.phase, ())))


# battle status per seat
OUT, DRAWING, HALTED, BUST = 0, 1, 2, 3
WAITING = -1  # battle.choice: a simultaneous decision still to make
NONE = -2  # battle.choice: nothing asked
HIDDEN = -3  # a simultaneous choice the viewer may not see
NO_BET = 9  # wagers[seat]: decided not to bet


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
class Battle:
    """The battle being fought (``region`` -1 between battles), per seat where a list."""

    region: int = -1
    status: list[int] = field(default_factory=list)
    """OUT, DRAWING, HALTED or BUST."""
    strength: list[int] = field(default_factory=list)
    choice: list[int] = field(default_factory=list)
    """The simultaneous decision's action id, WAITING, or NONE (nothing asked)."""
    drawn: list[int] = field(default_factory=list)
    """The chip drawn and not yet resolved (-1: none)."""
    forge: list[int] = field(default_factory=list)
    """Forges won in this battle."""
    first: list[int] = field(default_factory=list)
    """First place of the last battle."""
    winner: int = -1
    """The seat that reached the auto-win strength (-1: none)."""

    def clone(self) -> Battle:
        """An independent copy."""
        return Battle(
            self.region,
            self.status[:],
            self.strength[:],
            self.choice[:],
            self.drawn[:],
            self.forge[:],
            self.first[:],
            self.winner,
        )


@dataclass(slots=True)
class WonderlandsWarState:
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
    market: list[int] = field(default_factory=lambda: [-1] * MARKET_SLOTS)
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
    battle: Battle = field(default_factory=Battle)
    wagers: list[int] = field(default_factory=list)
    decisions: int = 0
    final: bool = False
    log: list[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = field(
        default_factory=list
    )  # per battle fought: round, region, strengths, statuses, first place

    @property
    def phase(self) -> Phase | None:
        """The phase of the task on top of the stack (None once the game is over)."""
        return self.tasks[-1].phase if self.tasks else None

    def clone(self) -> WonderlandsWarState:
        """An independent copy (content and options shared)."""
        return WonderlandsWarState(
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
            self.battle.clone(),
            self.wagers[:],
            self.decisions,
            self.final,
            self.log[:],
        )
