"""The Wonderland's War table in the terminal: you against bots, battles told draw by draw.

Each decision shows a screen that fits the terminal: what the decision needs (the plates at a
tea turn, the regions when placing, the battle when drawing) and the numbered menu; the parts
that find no room are named in a note, and ``table`` shows everything.  A log longer than the
terminal waits for Enter.  Answers are read line by line from standard input, so a game can be
piped (``yes 1 | wonderland play wonderlands_war``).  Every game is saved; an interrupted one
(``q``, Ctrl-C, a closed terminal) unfinished, to go on with ``wonderland play --resume FILE``.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from wonderland.bots import Advice, Bot
from wonderland.core import CHANCE, TERMINAL, ConfigError, derive_seed, next_actor
from wonderland.games.wonderlands_war import rules
from wonderland.games.wonderlands_war.actions import (
    REGION_ACTIONS,
    DrawChip,
    RollDie,
    StartPlayer,
    decode,
)
from wonderland.games.wonderlands_war.game import GAME, WonderlandsWarGame
from wonderland.games.wonderlands_war.render import (
    bag_counts,
    describe,
    faction_name,
    menu,
    option,
    option_text,
    region_award,
    short_names,
    unit_cell,
)
from wonderland.games.wonderlands_war.scoring import score_parts
from wonderland.games.wonderlands_war.state import (
    BUST,
    DRAWING,
    HALTED,
    NO_BET,
    Phase,
    WonderlandsWarState,
)
from wonderland.games.wonderlands_war.tea import card_limit
from wonderland.games.wonderlands_war.view import redact
from wonderland.terminal.hints import Hinter
from wonderland.terminal.records import (
    HUMAN,
    Resumed,
    StepSeeds,
    default_record_path,
    hangup_interrupts,
    make_bots,
    save_record,
    table_setup,
    terminal_record,
)

QUIET_CHANCE = {"tile", "ally_set", "wl", "card", "quest"}
"""Chance steps of set-up and refills, not told one by one (the table shows their result)."""
SECRET = {"draw", "stop", "shield", "accept", "wager", "no_wager"}
"""Choices made together and in secret: their consequences are told, not the choices."""
STATUS = {DRAWING: "drawing", HALTED: "stopped", BUST: "BUST"}
HELP = (
    "Answer with the number of an option. Also: 'hint' asks the hard bot for advice, 'table' "
    "shows the whole table in detail, Enter shows the screen again, 'help' shows this, 'q' "
    "saves the game and leaves "
    "(wonderland play --resume FILE goes on with it). In the tables a number is supporters, "
    "L the leader, F a figure, C castles; * marks content of our own design."
)
MORE = "-- more: Enter goes on, q saves and leaves -- "
BOUNDARIES = frozenset(
    {Phase.END_TEA, Phase.NEXT_BATTLE, Phase.CLEANUP, Phase.ROUND_END, Phase.START_ROUND}
)
"""Automatic phases that open or close a war, a battle or a round: the log tells what happened
before each of them on its own."""
TITLES = {
    Phase.CHOOSE_FACTION: "choose your faction",
    Phase.KEEP_QUEST: "keep one of the two quests you drew",
    Phase.TEA_TURN: "your tea party turn",
    Phase.TEA_CONTINUE: "move on from the Head of the Table",
    Phase.PLACE_SUPPORTERS: "place your supporters",
    Phase.BUILD_CASTLE: "build a castle",
    Phase.PICK_WONDERLANDIAN: "take a Wonderlandian",
    Phase.PLACE_WONDERLANDIAN: "place your figure",
    Phase.PICK_ALLY: "gain an ally chip",
    Phase.CHOOSE_AWARD: "first place: the award or a castle",
    Phase.FORGE: "forge a chip",
    Phase.DRAW_OR_STOP: "draw or stop",
    Phase.SHIELD_OR_ACCEPT: "you drew madness",
    Phase.WAGER: "bet on a fighter?",
}
REGION_KINDS = frozenset({"leader", "support_all", "support_one", "castle", "place_wl"})


class QuitError(Exception):
    """The person leaves the table (``q``, or the end of the input)."""


def apply_in_stages(
    state: WonderlandsWarState, actor: int, action: int
) -> list[tuple[Phase, WonderlandsWarState]]:
    """Play one step on ``state`` with ``rules.apply``, and return each automatic phase of
    :data:`BOUNDARIES` it ran with a copy of the state before it."""
    stages: list[tuple[Phase, WonderlandsWarState]] = []

    def keep(phase: Phase, state: WonderlandsWarState) -> None:
        if phase in BOUNDARIES:
            stages.append((phase, state.clone()))

    rules.apply(state, actor, action, keep)
    return stages


@dataclass(frozen=True, slots=True)
class Part:
    """A part of a screen; one that is not ``kept`` gives way when room is short."""

    body: RenderableType
    kept: bool = True
    name: str = ""


def pages_wait() -> bool:
    """Whether screens are fitted to the terminal and a long log waits for Enter: only when a
    person reads them (standard input and output are terminals), not when answers are piped."""
    return sys.stdin.isatty() and sys.stdout.isatty()


class Pager:
    """The console, counting the lines shown since the last answer: a screen fits below the
    log or starts a new page, and a log never scrolls out unread (Enter shows more)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.used = 0
        self.paging = pages_wait()

    @property
    def page(self) -> int:
        """Lines above the prompt line."""
        return max(4, self.console.height - 1)

    def height(self, body: RenderableType) -> int:
        """Lines ``body`` takes at the console's width."""
        return len(self.console.render_lines(body, self.console.options, pad=False))

    def ask(self, prompt: str) -> str:
        """One answer; the end of the input leaves the table."""
        try:
            answer = input(prompt)
        except EOFError:
            raise QuitError from None
        self.used = 0
        return answer.strip()

    def more(self) -> None:
        """Wait before the next page (``q`` leaves)."""
        if self.used and self.paging and self.ask(MORE).lower() in ("q", "quit"):
            raise QuitError

    def make_room(self, lines: int) -> None:
        """A new page first unless ``lines`` more fit on this one."""
        if self.paging and self.used + lines > self.page:
            self.more()

    def show(self, body: RenderableType) -> None:
        """Print ``body``, a page at a time."""
        if not self.paging:
            self.console.print(body)
            return
        lines = self.console.render_lines(body, self.console.options, pad=False)
        for line in lines:
            if self.used >= self.page:
                self.more()
            text = Text()
            for segment in line:
                text.append(segment.text, segment.style)
            text.rstrip()
            self.console.print(text)
            self.used += 1

    def screen(self, parts: Sequence[Part]) -> None:
        """The parts that fit below the log, in their order: all of them if they fit, else
        the kept ones and as many others as fit, with a note naming the rest; a new page when
        even the kept ones do not fit."""
        if not self.paging:
            for part in parts:
                self.console.print(part.body)
            return
        heights = [self.height(p.body) for p in parts]
        room = self.page - self.used
        chosen = self._fit(parts, heights, room)
        if chosen is None:
            self.more()
            chosen = self._fit(parts, heights, self.page) or list(range(len(parts)))
        left_out = [p.name for i, p in enumerate(parts) if i not in chosen and p.name]
        for i in chosen:
            self.show(parts[i].body)
        if left_out:
            self.show(Text(f"(no room for {', '.join(left_out)}: 'table' shows them)", "dim"))

    @staticmethod
    def _fit(parts: Sequence[Part], heights: Sequence[int], room: int) -> list[int] | None:
        if sum(heights) <= room:
            return list(range(len(parts)))
        kept = [i for i, p in enumerate(parts) if p.kept]
        used = sum(heights[i] for i in kept) + 1  # the note
        if used > room:
            return None
        chosen = set(kept)
        for i, part in enumerate(parts):
            if not part.kept and used + heights[i] <= room:
                chosen.add(i)
                used += heights[i]
        return sorted(chosen)


def _grid(*columns: str) -> Table:
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False)
    table.header_style = "bold"
    for column in columns:
        table.add_column(column)
    return table


class WarTable:
    """One terminal game: the person's seat is asked through the console, bots answer alone."""

    def __init__(
        self,
        console: Console,
        state: WonderlandsWarState,
        seat: int,
        bots: dict[int, Bot],
        seeds: StepSeeds,
        hints: bool = False,
        actions: list[tuple[int, int]] | None = None,
    ) -> None:
        self.console = console
        self.pager = Pager(console)
        self.game: WonderlandsWarGame = GAME
        self.state = state
        self.seat = seat
        self.bots = bots
        self.seeds = seeds
        self.actions: list[tuple[int, int]] = actions if actions is not None else []
        self.hinter = Hinter(GAME.spec.id, seeds.seed, seat)
        self.hints = hints

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> None:
        """Play until the game ends (QuitError when the person leaves)."""
        game, st = self.game, self.state
        while (actor := next_actor(game, st)) != TERMINAL:
            step = len(self.actions)
            if actor == CHANCE:
                action = game.sample_chance(st, self.seeds.chance(step))
            elif actor == self.seat:
                action = self.ask()
            else:
                bot = self.seeds.reseed(self.bots[actor], actor, step)
                action = bot.choose(game, game.view(st, actor), game.legal_actions(st, actor))
            self.step(actor, action)
        self.show_end()

    def step(self, actor: int, action: int) -> None:
        """Play one step and tell what the person may know of it, in order."""
        before = self.state.clone()
        staged = before.clone()
        stages = apply_in_stages(staged, actor, action)
        self.game.apply_in_place(self.state, actor, action)
        self.actions.append((actor, action))
        self.tell_action(before, actor, action)
        if staged != self.state:  # cannot happen while apply_in_stages follows rules.apply
            stages = []
        previous, opening = before, None
        for phase, stage in [*stages, (None, self.state)]:
            self.tell(previous, stage, opening)
            previous, opening = stage, phase

    # -- the log --------------------------------------------------------------------------
    def name(self, state: WonderlandsWarState, seat: int) -> str:
        """``you``, or the faction of ``seat``."""
        return "you" if seat == self.seat else faction_name(state, seat)

    def verb(self, seat: int, verb: str) -> str:
        """``draws``, or ``draw`` after ``you``."""
        return verb.removesuffix("s") if seat == self.seat else verb

    def out(self, text: str) -> None:
        """One line (markup allowed) of the log."""
        self.pager.show(Text.from_markup(text))

    def tell_action(self, state: WonderlandsWarState, actor: int, action: int) -> None:
        """The step itself: a move, a draw, a roll (set-up deals and secret choices are not
        told)."""
        typed = decode(action)
        kind = typed.kind
        if actor == CHANCE:
            task = state.tasks[-1]
            if isinstance(typed, DrawChip):
                chip = state.content.chips[typed.chip]
                who, draws = self.name(state, task.seat), self.verb(task.seat, "draws")
                self.out(f"  {escape(who)} {draws} {escape(chip.name)}")
            elif isinstance(typed, StartPlayer):
                who = self.name(state, typed.seat)
                self.out(f"  {escape(who)} {self.verb(typed.seat, 'starts')} (W16)")
            elif isinstance(typed, RollDie):
                who = self.name(state, typed.seat)
                shards = state.content.die_faces[typed.face]
                plural = "" if shards == 1 else "s"
                self.out(
                    f"  {escape(who)} {self.verb(typed.seat, 'rolls')} the shard die: "
                    f"{shards} shard{plural}"
                )
            elif kind not in QUIET_CHANCE:
                self.out(f"  {escape(describe(state, action))}")
            return
        if kind in SECRET:
            return
        if kind == "keep" and actor != self.seat:
            words = "keeps one of the quests drawn (hidden, G26)"
        else:
            words, detail = option(state, actor, action)
            if detail and kind in ("move", "pick_wl", "ally", "forge"):
                words += f" ({detail})"
        self.out(f"{escape(self.name(state, actor))}: {escape(words)}")

    def battle_line(
        self, state: WonderlandsWarState, strengths: Sequence[int], statuses: Sequence[int]
    ) -> str:
        """``Alice 7 (drawing), Jabberwock 0 (BUST)``."""
        return ", ".join(
            f"{self.name(state, s)} {strengths[s]} ({STATUS[statuses[s]]})"
            for s in range(state.n)
            if statuses[s] in STATUS
        )

    def public_score(self, state: WonderlandsWarState, seat: int) -> int:
        """``seat``'s score as the person may know it (others' quests are hidden)."""
        return score_parts(redact(state, self.seat), seat)["total"]

    def tell(
        self, prev: WonderlandsWarState, cur: WonderlandsWarState, opening: Phase | None
    ) -> None:
        """What changed from ``prev`` to ``cur`` (at most one battle's worth; ``opening``: the
        phase that ran first): the war's start, a battle's header and start, its result, bets,
        awards, score changes, a new round."""
        c = cur.content
        if not prev.war and cur.war:
            self.pager.show(Rule(f"War, round {cur.round}"))
            self.tell_end_of_tea(prev, cur)
        ended = cur.log[len(prev.log) :]
        region = cur.battle.region if cur.battle.region >= 0 else (ended[-1][1] if ended else -1)
        lone = False
        if region >= 0 and prev.battle.region != region:
            self.pager.show(Rule(f"Battle in {escape(c.regions[region])}"))
            statuses = ended[-1][3] if ended else tuple(cur.battle.status)
            strengths = ended[-1][2] if ended else tuple(cur.battle.strength)
            lone = sum(1 for x in statuses if x) == 1
            if not lone:
                self.out(f"  start: {escape(self.battle_line(cur, strengths, statuses))}")
        for _, where, strengths, statuses, firsts in ended:
            won = ", ".join(self.name(cur, s) for s in firsts) or "nobody"
            line = self.battle_line(cur, strengths, statuses)
            head = "uncontested" if lone else escape(c.regions[where])
            self.out(f"  {head}: {escape(line)} - won by [bold]{escape(won)}[/]")
            self.tell_bets(prev, cur, firsts)
        if ended or prev.war or cur.war:
            self.tell_awards(prev, cur)
        for s in range(cur.n):
            if prev.players[s].shield and not cur.players[s].shield:
                self.out(f"  {escape(self.name(cur, s))} {self.verb(s, 'flips')} the shield")
        if (
            not ended
            and cur.battle.region >= 0
            and prev.battle.region == cur.battle.region
            and (
                prev.battle.strength != cur.battle.strength
                or prev.battle.status != cur.battle.status
            )
        ):
            line = self.battle_line(cur, cur.battle.strength, cur.battle.status)
            self.out(f"  now: {escape(line)}")
        if opening == Phase.START_ROUND:
            self.pager.show(Rule(f"Round {cur.round}: tea party"))

    def tell_end_of_tea(self, prev: WonderlandsWarState, cur: WonderlandsWarState) -> None:
        """W29: a madness chip for everyone, another and half the shards off for the most."""
        most = [
            f"{self.name(cur, s)} ({prev.players[s].shards} → {cur.players[s].shards})"
            for s in range(cur.n)
            if cur.players[s].shards < prev.players[s].shards
        ]
        line = "  Everyone gains a madness chip (W29)"
        if most:
            line += f"; most shards, one more and half the shards off: {', '.join(most)}"
        self.out(escape(line))

    def tell_bets(
        self, prev: WonderlandsWarState, cur: WonderlandsWarState, firsts: Sequence[int]
    ) -> None:
        """W48: the bets, shown when the battle ends, and what they brought."""
        c = cur.content
        weak = c.ally_sets[cur.ally_set].weak if cur.ally_set >= 0 else -1
        bets = []
        for s in range(cur.n):
            bet = prev.wagers[s]
            if bet == NO_BET:
                bets.append(f"{self.name(cur, s)} no bet")
            elif 0 <= bet < cur.n:
                target = self.name(cur, bet)
                if bet in firsts:
                    gain = f"gains {c.chips[weak].name}" if weak >= 0 else "right"
                    bets.append(f"{self.name(cur, s)} on {target} (right: {gain})")
                else:
                    shards = c.rules.wager_shard_penalty
                    bets.append(f"{self.name(cur, s)} on {target} (wrong: +{shards} shard)")
        if bets:
            self.out(f"  bets: {escape('; '.join(bets))}")

    def tell_awards(self, prev: WonderlandsWarState, cur: WonderlandsWarState) -> None:
        """Award VP and castles won, quest feats of the person, then the scores that moved."""
        c = cur.content
        awards = []
        for s in range(cur.n):
            bits = []
            vp = cur.players[s].vp_battles - prev.players[s].vp_battles
            if vp:
                bits.append(f"+{vp} VP")
            for r, region in enumerate(c.regions):
                change = cur.castles[r][s] - prev.castles[r][s]
                if change > 0:
                    bits.append(f"a castle in {region}")
                elif change < 0:
                    bits.append(f"a castle moved from {region}")
            if bits:
                awards.append(f"{self.name(cur, s)} {' and '.join(bits)}")
        if awards:
            self.out(f"  awards: {escape('; '.join(awards))}")
        mine, was = cur.players[self.seat], prev.players[self.seat]
        for i, quest in enumerate(mine.quests):
            if mine.feats[i] and not (i < len(was.feats) and was.feats[i]):
                self.out(f"  your quest {escape(c.quests[quest].name)}: feat achieved (W50)")
        moved = []
        for s in range(cur.n):
            old, new = self.public_score(prev, s), self.public_score(cur, s)
            if old != new:
                moved.append(f"{self.name(cur, s)} {old} → {new}")
        if moved:
            what = "scores" if cur.tasks else "scores with every quest shown (G26)"
            self.out(f"  {what}: {escape(', '.join(moved))}")

    # -- the person's decisions -----------------------------------------------------------
    def ask(self) -> int:
        """Show the decision's screen and read answers until one is an option (QuitError on q)."""
        st = self.state
        entries = menu(st, self.seat)
        choices = [a for a, _, why in entries if not why]
        self.pager.screen(self.parts(entries, choices))
        prompt = f"choose 1-{len(choices)} (help, hint, table, q) > "
        while True:
            answer = self.pager.ask(prompt).lower()
            if answer in ("q", "quit"):
                raise QuitError
            if answer in ("help", "h", "?"):
                self.pager.show(Text(HELP))
            elif answer in ("", "menu"):
                self.pager.screen(self.parts(entries, choices))
            elif answer == "hint":
                self.pager.show(self.hint(choices))
            elif answer == "table":
                self.pager.show(Text(self.game.render(st, self.seat)))
            elif answer.isdigit() and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1]
            else:
                self.pager.show(
                    Text.from_markup(
                        f"[red]please answer a number from 1 to {len(choices)}[/] "
                        "(or help, hint, table, q)"
                    )
                )

    def parts(self, entries: Sequence[tuple[int, str, str]], choices: list[int]) -> list[Part]:
        """The screen of the person's decision: title, status, context, hint, menu."""
        st = self.state
        phase = st.tasks[-1].phase
        out = [Part(self.title(phase)), Part(self.status())]
        battle = phase in (
            Phase.DRAW_OR_STOP,
            Phase.SHIELD_OR_ACCEPT,
            Phase.WAGER,
            Phase.CHOOSE_AWARD,
            Phase.FORGE,
        )
        if battle and st.battle.region >= 0:
            out.append(Part(self.battle()))
        if phase in (Phase.DRAW_OR_STOP, Phase.SHIELD_OR_ACCEPT, Phase.FORGE):
            out.append(Part(self.bag(phase)))
        kinds = {decode(a).kind for a in choices}
        by_region = kinds <= REGION_KINDS
        if phase != Phase.CHOOSE_FACTION and not by_region and not battle:
            out.append(Part(self.regions(), kept=False, name="regions"))
        if st.players[self.seat].faction >= 0:
            out.append(Part(self.players(), kept=False, name="players"))
        if phase in (Phase.TEA_TURN, Phase.TEA_CONTINUE, Phase.PICK_WONDERLANDIAN):
            out.append(Part(self.market(), kept=False, name="market"))
        if self.hints:
            out.append(Part(self.hint(choices)))
        if by_region:
            out.append(Part(self.region_menu(choices)))
        else:
            legal = [(a, text) for a, text, why in entries if not why]
            out.append(Part(self.menu(legal)))
            unavailable = [(text, why) for a, text, why in entries if why]
            if unavailable:
                out.append(
                    Part(self.unavailable(unavailable), kept=False, name="what is not possible")
                )
        return out

    def title(self, phase: Phase) -> Rule:
        """``Round 1/3 · tea party · your tea party turn``."""
        st = self.state
        what = TITLES.get(phase, "your decision")
        if phase in (Phase.CHOOSE_FACTION, Phase.KEEP_QUEST):
            return Rule(f"Set-up: {what}")
        part = "war" if st.war else "tea party"
        if st.war and st.battle.region >= 0:
            part = f"battle in {st.content.regions[st.battle.region]}"
        return Rule(f"Round {st.round}/{st.content.rules.rounds} · {escape(part)} · {what}")

    def status(self) -> Text:
        """The person's own numbers in one or two lines."""
        st = self.state
        p = st.players[self.seat]
        if p.faction < 0:
            return Text(f"You are seat {self.seat} of {st.n}.")
        f = st.content.factions[p.faction]
        bits = [f"score {score_parts(st, self.seat)['total']}", f"shards {p.shards}"]
        if not st.war:
            bits.append(f"cards {len(p.cards)}/{card_limit(st)}")
        quests = ", ".join(st.content.quests[q].name for q in p.quests)
        line = f"You: {f.name} · {' · '.join(bits)}"
        return Text(line + (f" · quests: {quests}" if quests else ""))

    def region(self, r: int) -> str:
        """The region's name, ``*`` when it is of our own design."""
        c = self.state.content
        return c.regions[r] + ("*" if c.region_ids[r] in c.provisional_ids else "")

    def regions(self) -> Table:
        """Regions: award, marker, every seat's pieces."""
        st = self.state
        names = short_names(st, self.seat)
        table = _grid("region", "VP", "", *names)
        for r in range(len(st.content.regions)):
            table.add_row(
                self.region(r),
                region_award(st, r),
                "battle" if st.battle.region == r else "marker" if st.marker == r else "",
                *(unit_cell(st, s, r) for s in range(st.n)),
            )
        return table

    def region_menu(self, choices: list[int]) -> Group:
        """The regions as the menu: each row with the numbers of its options."""
        st = self.state
        names = short_names(st, self.seat)
        numbers: dict[int, list[str]] = {}
        kinds = {decode(a).kind for a in choices}
        for n, action in enumerate(choices, start=1):
            a = decode(action)
            assert isinstance(a, REGION_ACTIONS)
            verb = {"support_all": "all", "support_one": "one"}.get(a.kind, "")
            numbers.setdefault(a.region, []).append(
                f"{n})" + (f" {verb}" if len(kinds) > 1 else "")
            )
        first = decode(choices[0])
        assert isinstance(first, REGION_ACTIONS)
        words, _ = option(st, self.seat, choices[0])
        heading = words.removesuffix(f" in {st.content.regions[first.region]}")
        if len(kinds) > 1:
            heading = "place your supporters, all at once or one at a time (W22)"
        table = _grid("", "region", "VP", "", *names)
        for r in range(len(st.content.regions)):
            table.add_row(
                "  ".join(numbers.get(r, ["-"])),
                self.region(r),
                region_award(st, r),
                "battle" if st.battle.region == r else "marker" if st.marker == r else "",
                *(unit_cell(st, s, r) for s in range(st.n)),
            )
        return Group(Text(f"{heading[0].upper()}{heading[1:]} in:"), table)

    def players(self) -> Table:
        """Every faction's numbers (others' scores without their hidden quests)."""
        st = self.state
        names = short_names(st, self.seat)
        table = _grid(
            "",
            "score",
            "shards",
            "shield",
            "madness",
            "reserve",
            "castles",
            "cards",
            "bag/mad.",
        )
        for s, p in enumerate(st.players):
            if p.faction < 0:
                continue
            hidden = "+?" if s != self.seat and p.quests else ""
            bag = sum(p.bag)
            madness = sum(
                k for chip, k in enumerate(p.bag) if st.content.chips[chip].kind == "madness"
            )
            table.add_row(
                names[s],
                f"{self.public_score(st, s)}{hidden}",
                str(p.shards),
                "up" if p.shield else "used",
                f"{len(p.track)}/{st.content.factions[p.faction].madness_slots}",
                str(p.reserve),
                str(p.castles_left),
                str(len(p.cards)),
                f"{bag}/{madness}",
            )
        return table

    def market(self) -> Text:
        """The Wonderlandians on offer."""
        st = self.state
        c = st.content
        shown = []
        for w in st.market:
            if w < 0:
                continue
            wl = c.wonderlandians[w]
            star = "*" if wl.id in c.provisional_ids else ""
            what = f"figure {wl.strength}" if wl.figure else f"{wl.chips} chip"
            what += "s" if not wl.figure and wl.chips != 1 else ""
            shown.append(f"{wl.name}{star} ({what})")
        return Text(f"Wonderlandian market: {', '.join(shown) or 'empty'}")

    def battle(self) -> Table:
        """The battle: strength, status, supporters here, madness track, shield."""
        st = self.state
        names = short_names(st, self.seat)
        award = region_award(st, st.battle.region)
        table = _grid(f"battle ({award} VP)", "strength", "", "supporters", "madness", "shield")
        for s in range(st.n):
            if st.battle.status[s] not in STATUS:
                continue
            p = st.players[s]
            table.add_row(
                names[s],
                str(st.battle.strength[s]),
                STATUS[st.battle.status[s]],
                str(st.supporters[st.battle.region][s]),
                f"{len(p.track)}/{st.content.factions[p.faction].madness_slots}",
                "up" if p.shield else "used",
            )
        return table

    def bag(self, phase: Phase) -> Text:
        """The person's bag, with the chance that the next chip is madness."""
        st = self.state
        p = st.players[self.seat]
        if phase == Phase.FORGE:
            drawn = [f"{st.content.chips[chip].name} x{k}" for chip, k in enumerate(p.active) if k]
            return Text(f"Drawn in this battle: {', '.join(drawn) or 'nothing'}")
        bag = p.bag
        madness = sum(k for chip, k in enumerate(bag) if st.content.chips[chip].kind == "madness")
        total = sum(bag)
        odds = 100 * madness / max(1, total)
        return Text(
            f"your bag: {madness} madness in {total} chips ({odds:.0f} % madness next draw): "
            f"{bag_counts(st, self.seat)}"
        )

    def menu(self, legal: Sequence[tuple[int, str]]) -> Table:
        """The numbered options (a long one wraps under its words)."""
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", style="bold", no_wrap=True)
        table.add_column()
        for n, (_, words) in enumerate(legal, start=1):
            table.add_row(f" {n})", words)
        return table

    def unavailable(self, entries: Sequence[tuple[str, str]]) -> Text:
        """What cannot be taken now and why; plates without a card grouped by the reason."""
        lines: list[str] = []
        bare: dict[str, list[str]] = {}
        for words, why in entries:
            if words.startswith("plate ") and "(" not in words:
                bare.setdefault(why, []).append(words.split()[1])
            else:
                lines.append(f"  -  {words} (unavailable: {why})")
        for why, plates in bare.items():
            lines.append(f"  -  plates {', '.join(plates)} (unavailable: {why})")
        return Text("\n".join(lines), style="dim")

    def hint(self, choices: list[int]) -> Group:
        """The hard bot's advice in the menu's numbers and words."""
        st = self.state
        self.hinter.bot.rng.seed(
            derive_seed(self.seeds.seed, "hints", self.seat, len(self.actions))
        )
        advice = self.hinter.advise(self.game, self.game.view(st, self.seat), choices)
        number = {a: n for n, a in enumerate(choices, start=1)}
        table = Table(
            title=f"Hint ({advice.bot} bot: {advice.value_label}, share of the search)",
            title_justify="left",
            box=None,
            pad_edge=False,
        )
        width = max(20, self.console.width - 16)
        table.add_column("move", no_wrap=True, overflow="ellipsis", max_width=width)
        table.add_column("value", justify="right", no_wrap=True, min_width=5)
        table.add_column("share", justify="right", no_wrap=True, min_width=5)
        for alt in advice.top(3):
            mark = "▶" if alt.action == advice.action else " "
            label = f"{mark} {number[alt.action]}) {option_text(st, self.seat, alt.action)}"
            value = "-" if alt.value is None else f"{100 * alt.value:.0f} %"
            table.add_row(escape(label), value, f"{100 * alt.share:.0f} %")
        return Group(table, Text(f"Why: {self.reason(advice, choices, number)}"))

    def reason(self, advice: Advice, choices: list[int], number: dict[int, int]) -> str:
        """The advice's reason, its moves named by the menu's numbers and words."""
        names = {
            self.game.action_to_string(a): f"{number[a]}) {option(self.state, self.seat, a)[0]}"
            for a in choices
        }
        pattern = "|".join(re.escape(k) for k in sorted(names, key=len, reverse=True))
        return re.sub(rf"(?<![\w])({pattern})(?![\w])", lambda m: names[m.group(1)], advice.reason)

    # -- the end --------------------------------------------------------------------------
    def show_end(self) -> None:
        """Final scoring by source (W53) and the winner (W54)."""
        st = self.state
        won = ", ".join(faction_name(st, s) for s in self.game.winners(st))
        winner = Text.from_markup(f"[bold]Winner: {escape(won)}[/] - the new ruler of Wonderland")
        self.pager.screen([Part(Rule("The end")), Part(final_table(st)), Part(winner)])


def final_table(state: WonderlandsWarState) -> Table:
    """Final scoring broken down per source (W53)."""
    table = Table(title="Final scoring")
    for column in ("faction", "battles", "other", "castles", "quests", "shards", "total"):
        table.add_column(column, justify="left" if column == "faction" else "right")
    for s in range(state.n):
        parts = score_parts(state, s)
        table.add_row(
            faction_name(state, s),
            *(str(parts[k]) for k in ("battles", "other", "castles", "quests", "shards", "total")),
        )
    return table


def play(args: argparse.Namespace) -> int:
    """``wonderland play wonderlands_war`` (or ``--resume FILE``); always saves the record."""
    game = GAME
    resumed: Resumed | None = getattr(args, "resumed", None)
    setup = table_setup(args, game, 3, "heuristic")
    config, seat, names, seed, done = setup.config, setup.seat, setup.bots, setup.seed, setup.done
    n = config.num_players
    state = game.initial_state(config)
    digest = state.content.digest
    if resumed is not None and resumed.record.content_hash not in (None, digest):
        raise ConfigError(
            "the content pack of this game has changed since it was saved; it cannot go on"
        )
    for actor, action in done:
        game.apply_in_place(state, actor, action)
    seeds = StepSeeds(seed)
    bots = make_bots(game.spec.id, names, seeds)
    console = Console(highlight=False)
    again = f", resumed at step {len(done)}" if done else ""
    console.print(
        f"[bold]Wonderland's War[/], {n} players, you are seat {seat}; seed {seed}{again}. "
        "Content marked * is provisional. Type help for the commands."
    )
    hints = bool(getattr(args, "hints", False))
    table = WarTable(console, state, seat, bots, seeds, hints, done)
    interrupted = False
    try:
        with hangup_interrupts():
            table.run()
    except QuitError:
        pass
    except KeyboardInterrupt:
        interrupted = True
        console.print("\ninterrupted")
    players = [HUMAN if s == seat else names[s] for s in range(n)]
    path = Path(args.record) if args.record else default_record_path(game.spec.id)
    if table.state.final:  # the last screen keeps room for the message (not after q or ^C)
        with contextlib.suppress(QuitError, KeyboardInterrupt):
            table.pager.make_room((2 * len(str(path)) + 80) // console.width + 1)
    record = terminal_record(game, config, seed, table.actions, players)
    save_record(console, dataclasses.replace(record, content_hash=digest), path)
    return 130 if interrupted else 0
