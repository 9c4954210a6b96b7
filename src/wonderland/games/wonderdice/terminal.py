"""The terminal table for Alice in Wonderdice: real time, single keys, bots at their own speed.

The table runs the real-time driver on the monotonic clock; bots roll and act on the same
speed model as the simulation.  Keys are read one at a time from a terminal in cbreak mode.

Ctrl-C, ``q`` and a closed terminal save the game as an unfinished record (its actions), and
``wonderland play --resume FILE`` carries it on from exactly that position (``Driver.resume``,
with a new countdown for the round in play).  Every roll's dice are drawn from a generator
seeded by the record's seed, the seat and the step, and every bot is reseeded at each choice
(:class:`StepSeeds`), so what follows depends on the record and the moments of the events only.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import math
import os
import random
import secrets
import select
import sys
import termios
import time
import tty
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Protocol

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from wonderland.bots import Bot, make_bot
from wonderland.core import ConfigError, GameConfig, GameRecord, IllegalAction, derive_seed
from wonderland.games.wonderdice import actions, rules
from wonderland.games.wonderdice.bots.greedy import WonderdiceGreedyBot
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.legality import ROW_DONE
from wonderland.games.wonderdice.realtime import Clock, Driver
from wonderland.games.wonderdice.render import (
    COUNTDOWN_TEXT,
    PLAY_ME_TEXT,
    blocked_text,
    event_text,
    numbers_text,
    round_win_text,
    unblock_faces,
)
from wonderland.games.wonderdice.simulation import (
    DECISION_MEDIAN_MS,
    DECISION_SIGMA,
    REACTION_MEDIAN_MS,
    REACTION_SHIFT_MS,
    REACTION_SIGMA,
    SeatSpeed,
    parse_spec,
)
from wonderland.games.wonderdice.state import (
    BETRAY_CHOICE,
    MADDEN_CHOICE,
    OVER,
    PLAY,
    TOUCH,
    WonderdiceState,
)
from wonderland.terminal.options import game_and_config, parse_bots
from wonderland.terminal.records import (
    HUMAN,
    Resumed,
    StepSeeds,
    default_record_path,
    hangup_interrupts,
    save_record,
)

COLOURS = {
    "green": "green",
    "blue": "blue",
    "yellow": "yellow",
    "red": "red",
    "grey": "bright_black",
    "purple": "magenta",
}
LOG_LINES = 60
"""Log entries kept; the screen shows as many of the newest as fit."""
FRAME_S = 0.05
"""Seconds between two pictures of the table (a key press redraws at once)."""
WIDE_SCREEN_LINES = 30
"""From this terminal height on, both sides of your card are shown."""
WIDE_TABLE = 100
"""From this terminal width on, the seat table's names are never shortened."""
NARROW_COLUMNS = {"player": 11, "character": 15, "side": 16}
"""The widest the seat table's long columns may be on a narrower terminal (ellipsis)."""
TAKE_BACK_EFFECTS = ("force_take_back", "exposed_take_back")


class Keys(Protocol):
    """Where the table's keys and time come from: a terminal and the wall clock, or a script
    on a simulated clock."""

    clock: Clock

    def raw(self) -> AbstractContextManager[object]:
        """Single-key mode for the duration of the block."""

    def read(self, timeout: float) -> str | None:
        """One key, or None after ``timeout`` seconds."""


class KeyReader:
    """Single keys from a terminal in cbreak mode (restored on exit), on the monotonic clock."""

    def __init__(self) -> None:
        if not sys.stdin.isatty():
            raise ConfigError(
                "wonderland play wonderdice is a real-time game: it needs an interactive "
                "terminal for its single-key input, and stdin is not a terminal"
            )
        self.fd = sys.stdin.fileno()
        self.saved = termios.tcgetattr(self.fd)
        self.clock: Clock = time.monotonic

    @contextlib.contextmanager
    def raw(self) -> Iterator[KeyReader]:
        """Cbreak mode for the duration of the block (a closed terminal is left as it is)."""
        try:
            tty.setcbreak(self.fd)
            yield self
        finally:
            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def read(self, timeout: float) -> str | None:
        """One key, or None after ``timeout`` seconds (a closed input reads as ``q``)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return None
        data = os.read(self.fd, 1)
        return data.decode("utf-8", "replace") if data else "q"


def dice_source(seed: int) -> Callable[[int, int], random.Random]:
    """The dice of a roll, fixed by the game's seed, the seat and the step."""

    def dice(seat: int, step: int) -> random.Random:
        return random.Random(derive_seed(seed, "dice", seat, step))

    return dice


class LiveTable:
    """One live game: a human seat and bots on the driver's clock."""

    def __init__(
        self,
        drv: Driver,
        seat: int,
        bots: dict[int, Bot],
        speeds: dict[int, SeatSpeed],
        seeds: StepSeeds,
        hints: bool = False,
    ) -> None:
        self.drv = drv
        self.s: WonderdiceState = drv.state
        self.me = seat
        self.bots = bots
        self.speeds = speeds
        self.seeds = seeds
        self.hints = hints
        self.rng = random.Random(derive_seed(seeds.seed, "bot timing", len(drv.actions)))
        self.factor = {i: sp.factor or 1.0 for i, sp in speeds.items()}
        self.next_t: dict[int, float] = {}
        self.plan: dict[int, float] = {}
        self.touch_t: dict[int, float] = {}
        self.decide_t: float | None = None
        self.log: deque[Text] = deque(maxlen=LOG_LINES)
        self.message = Text("")
        self.prefix = ""
        self.history_seen = len(self.s.history)
        self.round_seen: tuple[int, int | None] = (-1, None)
        self.countdown_explained = False
        self.quit = False
        self.adviser = WonderdiceGreedyBot(derive_seed(seeds.seed, "hints", seat))
        self._hint: tuple[object, Text | None] = (None, None)
        self._measure: dict[int, Console] = {}

    # -- timing -----------------------------------------------------------------------------
    def now(self) -> float:
        """The driver's clock, in seconds."""
        return self.drv.clock()

    def reaction(self, seat: int) -> float:
        """A bot's reaction time in seconds (the simulation's speed model)."""
        draw = self.rng.lognormvariate(math.log(REACTION_MEDIAN_MS), REACTION_SIGMA)
        return (REACTION_SHIFT_MS + draw) * self.factor[seat] / 1000

    def decision(self, seat: int) -> float:
        """A bot's thinking time in seconds."""
        median = DECISION_MEDIAN_MS / self.speeds[seat].skill
        return self.rng.lognormvariate(math.log(median), DECISION_SIGMA) / 1000

    def schedule_round(self) -> None:
        """A new round (or its start by the host): every bot's first roll."""
        drv = self.drv
        self.round_seen = (self.s.round_no, drv.open_at)
        self.plan.clear()
        if drv.open_at is None:
            self.next_t = dict.fromkeys(self.bots, math.inf)
            return
        opened = self.drv.t0 + drv.open_at / 1000 + drv.timing.cooldown_ms / 1000
        self.next_t = {i: opened + self.reaction(i) for i in self.bots}

    # -- bots -------------------------------------------------------------------------------
    def bot_choose(self, seat: int, legal: list[int]) -> int:
        """The bot's choice, reseeded by the step it is made at."""
        if len(legal) == 1:
            return legal[0]
        bot = self.seeds.reseed(self.bots[seat], seat, len(self.drv.actions))
        return bot.choose(GAME, GAME.view(self.s, seat), legal)

    def tick_bots(self) -> None:
        """Let every bot whose moment has come act."""
        s, now = self.s, self.now()
        if s.phase == PLAY:
            if self.round_seen != (s.round_no, self.drv.open_at):
                self.schedule_round()
            for seat in self.bots:
                if self.next_t.get(seat, math.inf) <= now and s.phase == PLAY:
                    self.bot_event(seat, now)
        elif s.phase == TOUCH:
            if not self.touch_t:
                self.touch_t = {i: now + self.reaction(i) for i in self.bots if not s.touched[i]}
            for seat, t in sorted(self.touch_t.items(), key=lambda kv: kv[1]):
                if t <= now and s.phase == TOUCH and not s.touched[seat]:
                    del self.touch_t[seat]
                    self.run(functools.partial(self.drv.turn, seat, actions.TOUCH))
                    break
        elif s.phase in (BETRAY_CHOICE, MADDEN_CHOICE) and s.decider in self.bots:
            if self.decide_t is None:
                self.decide_t = now + self.decision(s.decider) + 0.8
            if self.decide_t <= now:
                seat = s.decider
                choice = self.bot_choose(seat, GAME.legal_actions(s, seat))
                self.decide_t = None
                self.run(lambda: self.drv.decide(seat, choice))
        if s.phase != TOUCH:
            self.touch_t = {}

    def bot_event(self, seat: int, now: float) -> None:
        """One bot's next step: act on its roll, roll, or a turn without a roll."""
        s, drv = self.s, self.drv
        cooldown = drv.timing.cooldown_ms / 1000
        if self.plan.pop(seat, None) is not None:
            faces = drv.pending[seat]
            if faces is not None:  # it reads the table as it acts (nothing is stale, Q6)
                choice = self.bot_choose(seat, rules.roll_actions(s, seat, faces, drv.now_ms()))
                self.run(lambda: drv.act(seat, choice), quiet=choice == actions.PASS)
            self.next_t[seat] = now + cooldown + self.reaction(seat)
            return
        if s.hand[seat]:
            wait = drv.roll_wait_ms(seat)
            if wait:
                self.next_t[seat] = now + wait / 1000
                return
            faces = drv.roll(seat)
            if rules.roll_actions(s, seat, faces, drv.now_ms()) == [actions.PASS]:
                drv.act(seat, actions.PASS)
                self.next_t[seat] = now + cooldown + self.reaction(seat)
            else:
                self.plan[seat] = now + self.decision(seat)
                self.next_t[seat] = self.plan[seat]
            return
        choice = self.bot_choose(seat, rules.free_turn_actions(s, seat))
        self.run(lambda: drv.turn(seat, choice), quiet=choice == actions.PASS)
        self.next_t[seat] = now + self.reaction(seat)

    # -- what happened ----------------------------------------------------------------------
    def note(self, text: str, style: str = "") -> None:
        """One line in the table's log."""
        self.log.append(Text(text, style=style))

    def run(self, step: Callable[[], object], quiet: bool = False) -> None:
        """Run a driver call, then log what happened (refusals raise IllegalAction): the
        action, the round results and why the winner's card flips."""
        s = self.s
        before = len(self.drv.actions)
        rounds, side, wins = s.stats["rounds"], list(s.side), [(w[0], w[1]) for w in s.wins]
        phase = s.phase
        step()
        if len(self.drv.actions) != before and not quiet:
            line = event_text(s)
            if line:
                self.note(f"{self.now() - self.drv.t0:7.2f}s  {line}")
        for entry in s.history[self.history_seen :]:
            self.note(entry, "bold yellow")
        self.history_seen = len(s.history)
        if s.stats["rounds"] != rounds:
            winner = s.last_event[0]
            if 0 <= winner < s.n:
                why = round_win_text(s, winner, side[winner], wins[winner], winner == self.me)
                if why:
                    self.note(why, "yellow")
        if s.phase == TOUCH and phase != TOUCH:
            self.note(PLAY_ME_TEXT, "magenta")

    # -- the human ----------------------------------------------------------------------------
    def human(self, key: str) -> None:
        """One key of the person at the table."""
        s, drv, me = self.s, self.drv, self.me
        if key == "q":
            self.quit = True
            return
        if self.prefix:
            prefix, self.prefix = self.prefix, ""
            limit = 7 if prefix == "R" else s.n
            if not key.isdigit() or int(key) >= limit:
                self.message = Text(f"'{prefix}' needs a number 0-{limit - 1}", style="red")
                return
            target = int(key)
            if prefix == "R":
                self.attempt(lambda: drv.roll(me, dice=target), log=False)
                return
            if prefix == "m":
                self.attempt(lambda: drv.decide(me, actions.madden(target)))
                return
            faces = drv.pending[me]
            if faces is None:
                self.message = Text("Roll first (space): no action without a roll (D14)", "red")
                return
            legal = rules.roll_actions(s, me, faces, drv.now_ms())
            kind = actions.Block if prefix == "b" else actions.TakeBack
            options = [
                a
                for a in legal
                if isinstance(actions.decode(a), kind)
                and actions.target_of(actions.decode(a)) == target
            ]
            if prefix == "b":
                need = rules.block_number(s, target)
                action = options[0] if options else actions.block(target, min(max(need, 1), 6))
            else:
                action = options[0] if options else actions.take_back(target)
            self.attempt(lambda: drv.act(me, action))
            return
        if key in "btm":
            self.prefix = key
            self.message = Text(f"{key}: which seat (0-{s.n - 1})?", style="cyan")
            return
        if key == "R":  # Q7 partial_roll: roll only some dice
            self.prefix = key
            self.message = Text("R: how many dice (1-6)?", style="cyan")
            return
        if key in " r":
            self.attempt(lambda: drv.roll(me), log=False)
        elif key in "adup":
            faces = drv.pending[me]
            if faces is None:
                self.message = Text("Roll first (space): no action without a roll (D14)", "red")
                return
            need = s.row[me] + 1
            if key == "a":
                action = actions.advance(min(need, 6))
            elif key == "d":
                action = actions.advance_two(min(need, 5))
            elif key == "p":
                action = actions.PASS
            else:
                b = s.block_on[me]
                legal = [
                    a
                    for a in rules.roll_actions(s, me, faces, drv.now_ms())
                    if isinstance(actions.decode(a), actions.Unblock)
                ]
                action = legal[0] if legal else actions.unblock(b[1] if b else 1)
            self.attempt(lambda: drv.act(me, action))
        elif key == "c":
            action = actions.TOUCH if s.phase == TOUCH else actions.CLAIM
            self.attempt(lambda: drv.turn(me, action))
        elif key == "x":
            self.attempt(lambda: drv.turn(me, actions.reclaim(max(rules.last_block(s, me), 0))))
        elif key in "yn":
            self.attempt(lambda: drv.decide(me, actions.BETRAY if key == "y" else actions.LOYAL))
        elif key == "s":
            self.attempt(lambda: drv.start_round(me))
        elif key.isprintable() and key.strip():
            self.message = Text(f"unknown key {key!r}", style="red")
        else:
            self.message = Text(f"unknown key {key!r} (q leaves, the game is kept)", style="red")

    def attempt(self, step: Callable[[], object], log: bool = True) -> None:
        """A driver call for the person; a refusal becomes the message line."""
        try:
            self.run(step, quiet=not log)
            self.message = Text("")
        except IllegalAction as err:
            self.message = Text(str(err), style="red")

    # -- hints ------------------------------------------------------------------------------
    def my_choice(self) -> list[int]:
        """What the person may do now that a hint can weigh (empty: nothing to decide)."""
        s, drv, me = self.s, self.drv, self.me
        if s.phase == PLAY:
            faces = drv.pending[me]
            if faces is not None:
                return rules.roll_actions(s, me, faces, drv.now_ms())
            if not s.hand[me] or s.row[me] == ROW_DONE:
                return rules.free_turn_actions(s, me)
            return []
        if s.phase in (BETRAY_CHOICE, MADDEN_CHOICE) and s.decider == me:
            return GAME.legal_actions(s, me)
        return []

    def hint(self) -> Text | None:
        """The best action for your roll (or decision) by the greedy order, and why."""
        legal = self.my_choice()
        if not self.hints or not legal:
            return None
        key = (len(self.drv.actions), self.drv.pending[self.me], tuple(legal))
        if self._hint[0] == key:
            return self._hint[1]
        self.adviser.rng.seed(derive_seed(self.seeds.seed, "hints", self.me, key[0]))
        action = self.adviser.choose(GAME, GAME.view(self.s, self.me), legal)
        press, why = hint_words(self.s, self.me, action, legal)
        text = Text("Hint: ", style="bold green")
        text.append(press, style="bold")
        text.append(f" - {why}")
        self._hint = (key, text)
        return text

    # -- the picture ------------------------------------------------------------------------
    def picture(self, width: int, height: int) -> Group:
        """The live screen, fitted to a terminal of ``width`` × ``height``: fewer lines than
        ``height`` (the newest log lines fill what is left), none wider than ``width``."""
        parts: list[RenderableType] = [
            self.title_line(),
            self.seat_table(width),
            self.card_lines(height >= WIDE_SCREEN_LINES),
            self.status_line(),
        ]
        hint = self.hint()
        if hint is not None:
            parts.append(hint)
        if self.message.plain:
            parts.append(self.message)
        keys = Text.from_markup(self.key_help(), style="dim")
        room = height - 1 - self.lines(keys, width) - sum(self.lines(p, width) for p in parts)
        shown: list[Text] = []
        if room >= 2:
            room -= 1
            for entry in reversed(self.log):
                used = self.lines(entry, width)
                if used > room:
                    break
                shown.append(entry)
                room -= used
            parts.append(Rule("table", style="dim", characters="─"))
            parts.extend(reversed(shown))
        parts.append(keys)
        return Group(*parts)

    def lines(self, renderable: RenderableType, width: int) -> int:
        """How many lines ``renderable`` takes at ``width``."""
        console = self._measure.get(width)
        if console is None:
            console = Console(width=width, file=io.StringIO(), highlight=False)
            self._measure[width] = console
        return len(console.render_lines(renderable, console.options, pad=False))

    def title_line(self) -> Text:
        """Round, table time, and the game or team count where it matters."""
        s = self.s
        text = Text(f"Alice in Wonderdice: round {s.round_no}", style="bold")
        if s.table.flags.challenge:
            text.append(f", game {s.game_no + 1}/{s.n}")
        if s.jabber >= 0:
            text.append(f", team wins {s.team_wins}")
        text.append(f"  {max(0, self.drv.now_ms()) / 1000:.1f}s  you are seat {self.me}", "dim")
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    def seat_table(self, width: int) -> Table:
        """One line per seat: player, character, side, row, block, hand, wins."""
        s = self.s
        content = s.table.content
        skin = ("Wonder", "Madness") if s.table.flags.skin == "cmon_en" else ("Admiring", "Mad")
        table = Table(box=None, pad_edge=False, header_style="bold", padding=(0, 1, 0, 0))
        narrow = width < WIDE_TABLE
        for col in ("#", "player", "character", "side", "row", "block", "hand", "wins A/M"):
            limit = NARROW_COLUMNS.get(col) if narrow else None
            table.add_column(col, no_wrap=True, overflow="ellipsis", max_width=limit)
        for i in range(s.n):
            ch = content.characters[s.chars[i]]
            style = COLOURS.get(ch.colour, "white")
            row = Text()
            for v in range(1, 7):
                done = v <= s.row[i]
                row.append(str(v) if done else "·", style=style if done else "dim")
            b = s.block_on[i]
            block = Text(f"X{b[1]} by {b[0]}", style="bold red") if b else Text("")
            marks = [skin[s.side[i]]]
            if s.suppressed[i]:
                marks.append("no ability")
            if i == s.jabber:
                marks.append("JABBERWOCKY")
            if s.upside[i]:
                marks.append("betrayer")
            who = "you" if i == self.me else self.bots[i].name
            table.add_row(
                ("▶" if i == self.me else " ") + str(i),
                Text(who, style="bold" if i == self.me else ""),
                Text(ch.name, style=style),
                ", ".join(marks),
                row,
                block,
                str(s.hand[i]),
                f"{s.wins[i][0]}/{s.wins[i][1]}",
            )
        return table

    def card_lines(self, both: bool) -> Text:
        """Your card: the side in play (and, on a tall screen, the other side dimmed)."""
        s = self.s
        skin = ("Wonder", "Madness") if s.table.flags.skin == "cmon_en" else ("Admiring", "Mad")
        ch = s.table.content.characters[s.chars[self.me]]
        text = Text(f"You: {ch.name}", style="bold")
        for side_i, ab in enumerate(ch.sides):
            active = side_i == s.side[self.me]
            if not (active or both):
                continue
            text.append("\n" if both else " - ")
            text.append(f"{skin[side_i]}: {ab.text}", "" if active else "dim")
            if ab.provisional:
                text.append(" (provisional)", "italic dim")
            if active and s.suppressed[self.me]:
                text.append(" - lost for this round (D28)", "italic")
        return text

    def status_line(self) -> Text:
        """What you may do now: the countdown, your roll and the number you need."""
        s, drv, me = self.s, self.drv, self.me
        mine = Text()
        faces = drv.pending[me]
        blocked = blocked_text(s, me)
        if s.phase == PLAY:
            wait = drv.roll_wait_ms(me)
            if drv.open_at is None:
                mine.append("Waiting for the host to start the round (s). ")
            elif drv.open_at > drv.now_ms():
                left = f"{(drv.open_at - drv.now_ms()) / 1000:.1f}s"
                mine.append(f"Play Me! in {left}  ", "bold")
                if not self.countdown_explained:
                    self.countdown_explained = True
                    self.note(COUNTDOWN_TEXT.format(left=left), "cyan")
            if faces is not None:
                mine.append("Your roll: ", "bold")
                mine.append(" ".join(map(str, actions.faces_list(faces))), "bold cyan")
                if blocked:
                    mine.append(f"   (you are {blocked})", "red")
                elif s.row[me] < ROW_DONE:
                    mine.append(f"   (you need {s.row[me] + 1})")
            elif s.row[me] == ROW_DONE:
                mine.append("Row complete: press c to touch the White Rabbit!", "bold green")
            elif not s.hand[me]:
                mine.append("No dice left: x takes your last block back (Q3).")
            else:
                if not wait:
                    mine.append("Ready: space to roll. ", "green")
                if blocked:
                    mine.append(f"You are {blocked}.", "red")
                else:
                    mine.append(f"You need {s.row[me] + 1}.")
        elif s.phase == TOUCH and not s.touched[me]:
            mine.append("Play Me! Press c to touch the token!", "bold magenta")
        elif s.phase == BETRAY_CHOICE and s.decider == me:
            mine.append("You won a round for the team: y betray, n stay loyal", "bold")
        elif s.phase == MADDEN_CHOICE and s.decider == me:
            mine.append("Jabberwocky: m + seat turns an Admiring player Mad", "bold")
        return mine

    def key_help(self) -> str:
        """The keys that can matter at this table (the characters and variants in play)."""
        s = self.s
        flags = s.table.flags
        content = s.table.content
        effects = {ab.effect for i in range(s.n) for ab in content.characters[s.chars[i]].sides}
        mine = {ab.effect for ab in content.characters[s.chars[self.me]].sides}
        keys = ["[bold]space[/] roll", "[bold]a[/] advance"]
        if "double_advance" in mine:
            keys.append("[bold]d[/] advance two")
        keys += ["[bold]u[/] unblock", "[bold]b[/]+seat block"]
        if effects & set(TAKE_BACK_EFFECTS):
            keys.append("[bold]t[/]+seat take back")
        keys += ["[bold]c[/] touch Rabbit/token", "[bold]x[/] take your block back"]
        keys.append("[bold]p[/] no action")
        if flags.jabberwocky:
            keys += ["[bold]y[/]/[bold]n[/] betray/loyal", "[bold]m[/]+seat madden"]
        if self.drv.timing.partial_roll:
            keys.append("[bold]R[/]+n roll n dice")
        if self.drv.timing.host_starts and self.me == 0:
            keys.append("[bold]s[/] start")
        keys.append("[bold]q[/] quit (saved)")
        return "  ".join(keys)

    def play(self, keys: Keys, console: Console) -> None:
        """Read keys and let bots act until the game ends or the person leaves."""
        width, height = console.size
        frame = -math.inf
        with Live(
            self.picture(width, height), console=console, refresh_per_second=20, screen=False
        ) as live:
            while self.s.phase != OVER and not self.quit:
                key = keys.read(0.03)
                if key:
                    self.human(key)
                self.tick_bots()
                wall = time.monotonic()
                if key or wall - frame >= FRAME_S:
                    frame = wall
                    width, height = console.size
                    live.update(self.picture(width, height))
            live.update(self.picture(*console.size))


def hint_words(state: WonderdiceState, me: int, action: int, legal: list[int]) -> tuple[str, str]:
    """The key(s) to press for ``action`` and why it is the best of ``legal`` by the greedy
    order (advance > unblock > block the leader > take back), in words."""
    a = actions.decode(action)
    target = actions.target_of(a)
    name = f"seat {target} ({rules.character_name(state, target)})" if target >= 0 else ""
    match a:
        case actions.Advance(value):
            return (
                "a",
                f"advance with your {value}: the number you need next (D18); advancing first",
            )
        case actions.AdvanceTwo(value):
            return "d", f"place your {value} and {value + 1} at once: two steps for one roll"
        case actions.Unblock(value):
            return "u", (
                f"unblock with the {value}: the block on you stops every advance until it is "
                "gone (D21, D22)"
            )
        case actions.Block(target, value):
            why = f"block {name} with the {value}: "
            why += f"at {state.row[target]}/6 the leader you can block; they cannot advance (D21)"
            if state.block_on[me] is not None:
                why += "; nothing on your roll frees you"
            return f"b{target}", why
        case actions.TakeBack(target):
            return f"t{target}", f"make {name}, the leader, take back the die placed last (Q9)"
        case actions.Reclaim():
            return "x", f"take your block die back from {name}: with no die in hand, no roll (Q3)"
        case actions.Claim():
            return "c", "touch the White Rabbit: your row is complete, the first touch wins (D25)"
        case actions.Touch():
            return "c", "touch the token: the last to touch loses the ability (D28)"
        case actions.Betray() | actions.Loyal():
            needed = state.n if state.table.flags.team_target_all_players else state.n - 1
            left = needed - state.team_wins
            if isinstance(a, actions.Betray):
                return "y", f"betray: the team still needs {left} wins, alone you need one (D36)"
            return "n", f"stay loyal: the team needs only {left} more wins (D33)"
        case actions.Madden(target):
            return f"m{target}", f"turn {name} Mad: the most round wins among the Admiring (D34)"
    return _pass_hint(state, me, legal)


def _pass_hint(state: WonderdiceState, me: int, legal: list[int]) -> tuple[str, str]:
    """Why passing is the best of ``legal``."""
    if state.block_on[me] is not None:
        need = numbers_text(unblock_faces(state, me))
        return "p", f"no action helps: you need {need} to unblock, roll again after the cooldown"
    if len(legal) == 1 and state.hand[me]:
        return "p", f"no action helps: no {state.row[me] + 1} and no block; roll again (space)"
    return "p", "no action helps: roll again (space) when the cooldown allows"


def table_record(drv: Driver, seed: int, players: list[str]) -> GameRecord:
    """The record of the game so far (finished or not)."""
    return GameRecord(
        GAME.spec.id,
        GAME.spec.version,
        drv.config,
        seed,
        tuple(drv.actions),
        drv.state.table.content.digest,
        tuple(players),
    )


def play(args: argparse.Namespace) -> int:
    """``wonderland play wonderdice`` (or ``--resume FILE``): a terminal and the wall clock."""
    return play_table(args, KeyReader(), Console(highlight=False))


def play_table(args: argparse.Namespace, keys: Keys, console: Console) -> int:
    """The game on ``keys`` and their clock; always saves its record (130: interrupted)."""
    resumed: Resumed | None = getattr(args, "resumed", None)
    done: list[tuple[int, int]] = []
    if resumed is None:
        if args.players is None:
            args.players = 3
        _, config = game_and_config(args)
        n, seat = config.num_players, args.seat
        if not 0 <= seat < n:
            raise ConfigError(f"--seat must be a seat of this game, 0-{n - 1}")
        others = [i for i in range(n) if i != seat]
        names = dict(zip(others, parse_bots(args.bots, "greedy", n - 1), strict=True))
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    else:
        record = resumed.record
        config = GAME.make_config(
            record.config.num_players, record.config.variants, record.config.content
        )
        n, seat, names, done = config.num_players, resumed.seat, resumed.bots, list(record.actions)
        seed = record.seed if record.seed is not None else 0
    seeds = StepSeeds(seed)
    bots: dict[int, Bot] = {}
    speeds: dict[int, SeatSpeed] = {}
    for other, spec in names.items():
        name, speed = parse_spec(spec)
        bots[other] = make_bot(name, GAME.spec.id, seed + 1 + other)
        speeds[other] = speed
    drv = new_driver(config, seed, keys.clock, done)
    table = LiveTable(drv, seat, bots, speeds, seeds, bool(getattr(args, "hints", False)))
    again = f", resumed at step {len(done)} (a new countdown opens the round)" if done else ""
    console.print(
        f"[bold]Alice in Wonderdice[/], {n} players, you are seat {seat}; seed {seed}{again}. "
        "Roll, roll, roll: first to complete 1-6 and touch the White Rabbit wins the round."
    )
    players = [HUMAN if i == seat else names[i] for i in range(n)]
    path = Path(args.record) if args.record else default_record_path(GAME.spec.id)
    interrupted = False
    try:
        with hangup_interrupts(), keys.raw():
            table.play(keys, console)
    except KeyboardInterrupt:
        interrupted = True
    except BaseException:
        table_record(drv, seed, players).save(path)  # whatever went wrong, the game is kept
        raise
    s = drv.state
    if interrupted:
        console.print("interrupted")
    for entry in s.history[table.history_seen :]:
        console.print(entry)
    if s.phase == OVER:
        winners = ", ".join("you" if w == seat else f"seat {w}" for w in s.winners)
        console.print(f"[bold]Game over: {winners} won ({s.end_rule}).[/]")
    save_record(console, table_record(drv, seed, players), path)
    return 130 if interrupted else 0


def new_driver(config: GameConfig, seed: int, clock: Clock, done: list[tuple[int, int]]) -> Driver:
    """A new game's driver, or one carrying on the recorded actions ``done``; either way each
    roll's dice are fixed by the seed, the seat and the step."""
    if done:
        return Driver.resume(config, seed, clock, done, dice=dice_source(seed))
    return Driver(config, seed, clock, dice=dice_source(seed))
