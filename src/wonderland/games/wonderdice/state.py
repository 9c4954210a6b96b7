"""The state of a game of Alice in Wonderdice: small lists of ints, cheap to clone."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from wonderland.games.wonderdice.content import Content
from wonderland.games.wonderdice.effects import Powers
from wonderland.games.wonderdice.variants import RuleFlags

DICE = 6
"""Dice per player (D2)."""
ADMIRING, MAD = 0, 1
SIDES = 2
"""Sides of a character card (D1): Admiring and Mad."""
NEVER = -(10**12)
"""Time stamp of an event that never happened."""


class Phase(IntEnum):
    """The phases of a game; the values are stable (observations and the compiled engine
    read them as ints)."""

    DEAL = 0
    """Chance deals the characters (D10)."""
    PLAY = 1
    """The race: rolls resolve one at a time (D12-D25)."""
    TOUCH = 2
    """Play Me!: everyone but the round's winner touches the token (D28)."""
    BETRAY_CHOICE = 3
    """A round winner against the Jabberwocky betrays the team or stays loyal (D36)."""
    MADDEN_CHOICE = 4
    """The Jabberwocky turns an Admiring player Mad (D34)."""
    OVER = 5


DEAL, PLAY, TOUCH, BETRAY_CHOICE, MADDEN_CHOICE, OVER = Phase
"""The phases by name, as the rules and the compiled engine compare them."""
PHASE_NAMES = ("deal", "play", "play_me", "betrayal", "jabberwocky_choice", "over")
"""The name of each phase in views and text, by value."""

MAX_STEPS_PER_GAME = 40_000
"""E3: a game still undecided after this many events per game of the series is abandoned."""


@dataclass(frozen=True, slots=True)
class Table:
    """What never changes during a game: player count, rule flags, content."""

    n: int
    flags: RuleFlags
    content: Content
    variants: tuple[tuple[str, object], ...]


class WonderdiceState:
    """A game in progress.  Dice are counted per place; every die is in exactly one place:
    its owner's hand, its owner's row, or lying on an opponent as a block."""

    __slots__ = (
        "adv_n",
        "adv_t",
        "block_on",
        "char_wins",
        "chars",
        "dealt",
        "decider",
        "end_rule",
        "faces",
        "game_no",
        "hand",
        "history",
        "jabber",
        "last_event",
        "nblocks",
        "now",
        "penalty",
        "phase",
        "placed",
        "powers",
        "roller",
        "round_no",
        "round_start",
        "row",
        "series_score",
        "side",
        "stats",
        "steps",
        "suppressed",
        "table",
        "team_wins",
        "tired",
        "touched",
        "upside",
        "winners",
        "wins",
    )

    def __init__(self, table: Table) -> None:
        n = table.n
        self.table = table
        self.phase = DEAL
        self.chars: list[int] = list(range(n))
        self.side = [ADMIRING] * n
        self.upside = [False] * n
        self.suppressed = [False] * n
        self.penalty = [False] * n
        self.powers: list[Powers] = [Powers()] * n
        self.hand = [DICE] * n
        self.row = [0] * n
        self.block_on: list[tuple[int, int, int] | None] = [None] * n
        self.nblocks = [0] * n
        self.placed: list[list[int]] = [[] for _ in range(n)]
        self.adv_t = [NEVER] * n
        self.adv_n = [0] * n
        self.tired = [False] * n
        self.wins = [[0] * SIDES for _ in range(n)]
        self.now = 0
        self.roller = -1
        self.faces: tuple[int, ...] = ()
        self.touched = [False] * n
        self.decider = -1
        self.jabber = -1
        self.team_wins = 0
        self.round_no = 0
        self.round_start = 0
        self.game_no = 0
        self.series_score = [0] * n
        self.winners: tuple[int, ...] = ()
        self.end_rule = ""
        self.last_event: tuple[int, int, str] = (-1, -1, "")
        self.history: list[str] = []
        self.dealt: list[int] = list(range(n))
        self.char_wins = [0] * (SIDES * len(table.content.characters))
        self.steps = 0
        self.stats = {
            "rolls": 0,
            "rounds": 0,
            "round_ms": 0,
            "blocks": 0,
            "unblocks": 0,
            "cancels": 0,
            "take_backs": 0,
            "reclaims": 0,
            "admiring_round_wins": 0,
            "mad_round_wins": 0,
        }

    def clone(self) -> WonderdiceState:
        """An independent copy."""
        c = WonderdiceState.__new__(WonderdiceState)
        c.table = self.table
        c.phase = self.phase
        c.chars = self.chars[:]
        c.dealt = self.dealt[:]
        c.char_wins = self.char_wins[:]
        c.side = self.side[:]
        c.upside = self.upside[:]
        c.suppressed = self.suppressed[:]
        c.penalty = self.penalty[:]
        c.powers = self.powers[:]
        c.hand = self.hand[:]
        c.row = self.row[:]
        c.block_on = self.block_on[:]
        c.nblocks = self.nblocks[:]
        c.placed = [p[:] for p in self.placed]
        c.adv_t = self.adv_t[:]
        c.adv_n = self.adv_n[:]
        c.tired = self.tired[:]
        c.wins = [w[:] for w in self.wins]
        c.now = self.now
        c.roller = self.roller
        c.faces = self.faces
        c.touched = self.touched[:]
        c.decider = self.decider
        c.jabber = self.jabber
        c.team_wins = self.team_wins
        c.round_no = self.round_no
        c.round_start = self.round_start
        c.game_no = self.game_no
        c.series_score = self.series_score[:]
        c.winners = self.winners
        c.end_rule = self.end_rule
        c.last_event = self.last_event
        c.history = self.history[:]
        c.steps = self.steps
        c.stats = dict(self.stats)
        return c

    @property
    def n(self) -> int:
        """Number of players."""
        return self.table.n
