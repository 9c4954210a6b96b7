"""The terminal table for Alice in Wonderdice: real time, single keys, bots at their own speed.

The table runs the real-time driver on the monotonic clock; bots roll and act on the same
speed model as the simulation.  Keys are read one at a time from a terminal in cbreak mode.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
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
from pathlib import Path

from rich.console import Console, Group
from rich.live import Live
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from wonderland.bots import Bot, make_bot
from wonderland.core import ConfigError, GameRecord, IllegalAction
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import rules
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.realtime import Driver
from wonderland.games.wonderdice.render import event_text
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

COLOURS = {
    "green": "green",
    "blue": "blue",
    "yellow": "yellow",
    "red": "red",
    "grey": "bright_black",
    "purple": "magenta",
}
HELP = (
    "[bold]space[/] roll  [bold]a[/] advance  [bold]d[/] advance two  [bold]u[/] unblock  "
    "[bold]b[/]+seat block  [bold]t[/]+seat take back  [bold]c[/] touch the Rabbit/token  "
    "[bold]x[/] take your block back  [bold]p[/] no action  [bold]y[/]/[bold]n[/] betray/loyal  "
    "[bold]m[/]+seat madden  [bold]R[/]+n roll n dice (partial_roll)  [bold]s[/] start (host)  "
    "[bold]q[/] quit"
)


class KeyReader:
    """Single keys from a terminal in cbreak mode (restored on exit)."""

    def __init__(self) -> None:
        if not sys.stdin.isatty():
            raise ConfigError(
                "wonderland play wonderdice is a real-time game: it needs an interactive "
                "terminal for its single-key input, and stdin is not a terminal"
            )
        self.fd = sys.stdin.fileno()
        self.saved = termios.tcgetattr(self.fd)

    @contextlib.contextmanager
    def raw(self) -> Iterator[KeyReader]:
        """Cbreak mode for the duration of the block."""
        try:
            tty.setcbreak(self.fd)
            yield self
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def read(self, timeout: float) -> str | None:
        """One key, or None after ``timeout`` seconds."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return None
        data = os.read(self.fd, 1)
        return data.decode("utf-8", "replace") if data else "q"


class LiveTable:
    """One live game: a human seat and bots on the driver's clock."""

    def __init__(
        self,
        drv: Driver,
        seat: int,
        bots: dict[int, Bot],
        speeds: dict[int, SeatSpeed],
        seed: int,
    ) -> None:
        self.drv = drv
        self.s: WonderdiceState = drv.state
        self.me = seat
        self.bots = bots
        self.speeds = speeds
        self.rng = random.Random(seed)
        self.factor = {i: sp.factor or 1.0 for i, sp in speeds.items()}
        self.next_t: dict[int, float] = {}
        self.plan: dict[int, tuple[int, float]] = {}
        self.touch_t: dict[int, float] = {}
        self.decide_t: float | None = None
        self.log: deque[Text] = deque(maxlen=9)
        self.message = Text("")
        self.prefix = ""
        self.history_seen = 0
        self.round_seen: tuple[int, int | None] = (-1, None)
        self.quit = False

    # -- timing -----------------------------------------------------------------------------
    def now(self) -> float:
        return self.drv.clock()

    def reaction(self, seat: int) -> float:
        draw = self.rng.lognormvariate(math.log(REACTION_MEDIAN_MS), REACTION_SIGMA)
        return (REACTION_SHIFT_MS + draw) * self.factor[seat] / 1000

    def decision(self, seat: int) -> float:
        median = DECISION_MEDIAN_MS / self.speeds[seat].skill
        return self.rng.lognormvariate(math.log(median), DECISION_SIGMA) / 1000

    def schedule_round(self) -> None:
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
        if len(legal) == 1:
            return legal[0]
        return self.bots[seat].choose(GAME, GAME.view(self.s, seat), legal)

    def tick_bots(self) -> None:
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
                    self.run(functools.partial(self.drv.turn, seat, A.TOUCH))
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
        s, drv = self.s, self.drv
        cooldown = drv.timing.cooldown_ms / 1000
        planned = self.plan.pop(seat, None)
        if planned is not None:
            try:
                self.run(lambda: drv.act(seat, planned[0]), quiet=planned[0] == A.PASS)
            except IllegalAction:
                faces = drv.pending[seat]
                if faces is not None:  # Q6: stale; look again
                    self.bot_roll(seat, faces, now)
                    return
            self.next_t[seat] = now + cooldown + self.reaction(seat)
            return
        if s.hand[seat]:
            wait = drv.roll_wait_ms(seat)
            if wait:
                self.next_t[seat] = now + wait / 1000
                return
            self.bot_roll(seat, drv.roll(seat), now)
            return
        legal = rules.free_turn_actions(s, seat)
        choice = self.bot_choose(seat, legal)
        self.run(lambda: drv.turn(seat, choice), quiet=choice == A.PASS)
        self.next_t[seat] = now + self.reaction(seat)

    def bot_roll(self, seat: int, faces: tuple[int, ...], now: float) -> None:
        legal = rules.roll_actions(self.s, seat, faces, self.drv.now_ms())
        choice = self.bot_choose(seat, legal)
        if choice == A.PASS:
            self.drv.act(seat, A.PASS)
            self.next_t[seat] = now + self.drv.timing.cooldown_ms / 1000 + self.reaction(seat)
        else:
            self.plan[seat] = (choice, now + self.decision(seat))
            self.next_t[seat] = self.plan[seat][1]

    # -- the human ----------------------------------------------------------------------------
    def run(self, step: Callable[[], object], quiet: bool = False) -> None:
        """Run a driver call, then log what happened (refusals raise IllegalAction)."""
        before = len(self.drv.actions)
        step()
        if len(self.drv.actions) != before and not quiet:
            line = event_text(self.s)
            if line:
                self.log.append(Text(f"{self.now() - self.drv.t0:7.2f}s  {line}"))
        for entry in self.s.history[self.history_seen :]:
            self.log.append(Text(entry, style="bold yellow"))
        self.history_seen = len(self.s.history)

    def human(self, key: str) -> None:
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
                self.attempt(lambda: drv.decide(me, A.madden(target)))
                return
            faces = drv.pending[me]
            if faces is None:
                self.message = Text("Roll first (space): no action without a roll (D14)", "red")
                return
            legal = rules.roll_actions(s, me, faces, drv.now_ms())
            kind = "block" if prefix == "b" else "take_back"
            options = [
                a for a in legal if A.decode(a).kind == kind and A.decode(a).target == target
            ]
            if prefix == "b":
                need = rules.block_number(s, target)
                action = options[0] if options else A.block(target, min(max(need, 1), 6))
            else:
                action = options[0] if options else A.take_back(target)
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
                action = A.advance(min(need, 6))
            elif key == "d":
                action = A.advance_two(min(need, 5))
            elif key == "p":
                action = A.PASS
            else:
                b = s.block_on[me]
                legal = [
                    a
                    for a in rules.roll_actions(s, me, faces, drv.now_ms())
                    if A.decode(a).kind == "unblock"
                ]
                action = legal[0] if legal else A.unblock(b[1] if b else 1)
            self.attempt(lambda: drv.act(me, action))
        elif key == "c":
            action = A.TOUCH if s.phase == TOUCH else A.CLAIM
            self.attempt(lambda: drv.turn(me, action))
        elif key == "x":
            self.attempt(lambda: drv.turn(me, A.reclaim(max(rules.last_block(s, me), 0))))
        elif key in "yn":
            self.attempt(lambda: drv.decide(me, A.BETRAY if key == "y" else A.LOYAL))
        elif key == "s":
            self.attempt(lambda: drv.start_round(me))
        else:
            self.message = Text(f"unknown key {key!r}", style="red")

    def attempt(self, step: Callable[[], object], log: bool = True) -> None:
        try:
            self.run(step, quiet=not log)
            self.message = Text("")
        except IllegalAction as err:
            self.message = Text(str(err), style="red")

    # -- the picture ------------------------------------------------------------------------
    def picture(self) -> Group:
        s, drv = self.s, self.drv
        content = s.table.content
        skin = ("Wonder", "Madness") if s.table.flags.skin == "cmon_en" else ("Admiring", "Mad")
        table = Table(expand=True, title=self.title())
        for col in ("seat", "player", "character", "side", "row", "block", "hand", "wins A/M"):
            table.add_column(col)
        for i in range(s.n):
            ch = content.characters[s.chars[i]]
            style = COLOURS.get(ch.colour, "white")
            row = Text()
            for v in range(1, 7):
                row.append(
                    f"{v} " if v <= s.row[i] else ". ", style=style if v <= s.row[i] else "dim"
                )
            b = s.block_on[i]
            block = Text(f"X{b[1]} (seat {b[0]})", style="bold red") if b else Text("")
            side = skin[s.side[i]] + (" (no ability)" if s.suppressed[i] else "")
            if i == s.jabber:
                side += " JABBERWOCKY"
            if s.upside[i]:
                side += " betrayer"
            who = "you" if i == self.me else self.bots[i].name
            table.add_row(
                str(i),
                who,
                Text(ch.name, style=style),
                side,
                row,
                block,
                str(s.hand[i]),
                f"{s.wins[i][0]}/{s.wins[i][1]}",
            )
        mine = Text()
        faces = drv.pending[self.me]
        if s.phase == PLAY:
            wait = drv.roll_wait_ms(self.me)
            if drv.open_at is None:
                mine.append("Waiting for the host to start the round (s). ")
            elif drv.open_at > drv.now_ms():
                mine.append(f"Play Me! in {(drv.open_at - drv.now_ms()) / 1000:.1f}s  ", "bold")
            if faces is not None:
                mine.append("Your roll: ", "bold")
                mine.append(" ".join(map(str, A.faces_list(faces))), "bold cyan")
                mine.append(f"   (you need {s.row[self.me] + 1})")
            elif s.row[self.me] == 6:
                mine.append("Row complete: press c to touch the White Rabbit!", "bold green")
            elif not s.hand[self.me]:
                mine.append("No dice left: x takes your last block back.")
            elif not wait:
                mine.append("Ready: space to roll.", "green")
        elif s.phase == TOUCH and not s.touched[self.me]:
            mine.append("Play Me! Press c to touch the token!", "bold magenta")
        elif s.phase == BETRAY_CHOICE and s.decider == self.me:
            mine.append("You won a round for the team: y betray, n stay loyal", "bold")
        elif s.phase == MADDEN_CHOICE and s.decider == self.me:
            mine.append("Jabberwocky: m + seat turns an Admiring player Mad", "bold")
        ch = content.characters[s.chars[self.me]]
        abilities = Text()
        for side_i, ab in enumerate(ch.sides):
            abilities.append(
                f"{skin[side_i]}: {ab.text}", "bold" if side_i == s.side[self.me] else "dim"
            )
            if ab.provisional:
                abilities.append(" (provisional)", "italic dim")
            abilities.append("\n")
        log = Text("\n").join(list(self.log)) if self.log else Text("")
        return Group(
            table,
            Panel(abilities, title=f"You: {ch.name}"),
            mine,
            self.message,
            Panel(log, title="Table"),
            Text.from_markup(HELP),
        )

    def title(self) -> str:
        s = self.s
        text = f"Alice in Wonderdice: round {s.round_no}"
        if s.table.flags.challenge:
            text += f", game {s.game_no + 1}/{s.n}"
        if s.jabber >= 0:
            text += f", team wins {s.team_wins}"
        return text

    def play(self, keys: KeyReader, console: Console) -> None:
        with Live(self.picture(), console=console, refresh_per_second=20, screen=False) as live:
            while self.s.phase != OVER and not self.quit:
                key = keys.read(0.03)
                if key:
                    self.human(key)
                self.tick_bots()
                live.update(self.picture())


def default_record_path() -> Path:
    """``~/.wonderland/records/wonderdice-YYYYmmdd-HHMMSS.json``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return Path.home() / ".wonderland" / "records" / f"wonderdice-{stamp}.json"


def play(args: argparse.Namespace) -> int:
    """``wonderland play wonderdice``."""
    keys = KeyReader()
    if args.players is None:
        args.players = 3
    _, config = game_and_config(args)
    n = config.num_players
    if not 0 <= args.seat < n:
        raise ConfigError(f"--seat must be a seat of this game, 0-{n - 1}")
    specs = parse_bots(args.bots, "greedy", n - 1)
    others = [i for i in range(n) if i != args.seat]
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    bots: dict[int, Bot] = {}
    speeds: dict[int, SeatSpeed] = {}
    for seat, spec in zip(others, specs, strict=True):
        name, speed = parse_spec(spec)
        bots[seat] = make_bot(name, GAME.spec.id, seed + 1 + seat)
        speeds[seat] = speed
    console = Console(highlight=False)
    drv = Driver(config, seed, time.monotonic)
    table = LiveTable(drv, args.seat, bots, speeds, seed)
    console.print(
        f"[bold]Alice in Wonderdice[/], {n} players, you are seat {args.seat}; seed {seed}. "
        "Roll, roll, roll: first to complete 1-6 and touch the White Rabbit wins the round."
    )
    with keys.raw():
        table.play(keys, console)
    s = drv.state
    for entry in s.history[table.history_seen :]:
        console.print(entry)
    if s.phase == OVER:
        winners = ", ".join("you" if w == args.seat else f"seat {w}" for w in s.winners)
        console.print(f"[bold]Game over: {winners} won ({s.end_rule}).[/]")
    else:
        console.print("You left the table; the game is unfinished.")
    players = ["you" if i == args.seat else specs[others.index(i)] for i in range(n)]
    record = GameRecord(
        GAME.spec.id,
        GAME.spec.version,
        config,
        seed,
        tuple(drv.actions),
        s.table.content.digest,
        tuple(players),
    )
    path = Path(args.record) if args.record else default_record_path()
    record.save(path)
    console.print(f"Game record saved to {path} (wonderland replay {path})")
    return 0
