"""Alice in Wonderdice at the terminal: the live screen and the words of its hints.

The table's real-time loop (:mod:`terminal_loop`) draws this picture many times a second: the
round and the table clock, one line per seat, your card, what you may do now, a hint, the last
refusal, the newest lines of the log and the keys that matter at this table, fitted to the
terminal.
"""

from __future__ import annotations

import io
from collections import deque

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from wonderland.bots import Bot
from wonderland.core import derive_seed
from wonderland.games.wonderdice import actions, rules
from wonderland.games.wonderdice.bots.greedy import WonderdiceGreedyBot
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.legality import ROW_DONE
from wonderland.games.wonderdice.realtime import Driver
from wonderland.games.wonderdice.render import (
    COUNTDOWN_TEXT,
    blocked_text,
    numbers_text,
    unblock_faces,
)
from wonderland.games.wonderdice.state import (
    BETRAY_CHOICE,
    MADDEN_CHOICE,
    PLAY,
    TOUCH,
    WonderdiceState,
)
from wonderland.terminal.records import StepSeeds

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
WIDE_SCREEN_LINES = 30
"""From this terminal height on, both sides of your card are shown."""
WIDE_TABLE = 100
"""From this terminal width on, the seat table's names are never shortened."""
NARROW_COLUMNS = {"player": 11, "character": 15, "side": 16}
"""The widest the seat table's long columns may be on a narrower terminal (ellipsis)."""
TAKE_BACK_EFFECTS = ("force_take_back", "exposed_take_back")


class LivePicture:
    """What a live table shows: its log, its last message, the hint and the screen."""

    def __init__(
        self, drv: Driver, seat: int, bots: dict[int, Bot], seeds: StepSeeds, hints: bool
    ) -> None:
        self.drv = drv
        self.s: WonderdiceState = drv.state
        self.me = seat
        self.bots = bots
        self.seeds = seeds
        self.hints = hints
        self.log: deque[Text] = deque(maxlen=LOG_LINES)
        self.message = Text("")
        self.countdown_explained = False
        self.adviser = WonderdiceGreedyBot(derive_seed(seeds.seed, "hints", seat))
        self._hint: tuple[object, Text | None] = (None, None)
        self._measure: dict[int, Console] = {}

    def note(self, text: str, style: str = "") -> None:
        """One line in the table's log."""
        self.log.append(Text(text, style=style))

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
        text.append(f"  {max(0, self.drv.now_ms()) / 1000:.1f}s  you are seat {self.me + 1}", "dim")
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
            block = Text(f"X{b[1]} by {b[0] + 1}", style="bold red") if b else Text("")
            marks = [skin[s.side[i]]]
            if s.suppressed[i]:
                marks.append("no ability")
            if i == s.jabber:
                marks.append("JABBERWOCKY")
            if s.upside[i]:
                marks.append("betrayer")
            who = "you" if i == self.me else self.bots[i].name
            table.add_row(
                ("▶" if i == self.me else " ") + str(i + 1),
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


def hint_words(state: WonderdiceState, me: int, action: int, legal: list[int]) -> tuple[str, str]:
    """The key(s) to press for ``action`` and why it is the best of ``legal`` by the greedy
    order (advance > unblock > block the leader > take back), in words."""
    a = actions.decode(action)
    target = actions.target_of(a)
    name = f"seat {target + 1} ({rules.character_name(state, target)})" if target >= 0 else ""
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
