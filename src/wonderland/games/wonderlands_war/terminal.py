"""Wonderland's War at the terminal table: battles told draw by draw, a menu per decision.

Each decision shows a screen that fits the terminal: what the decision needs (the plates at a
tea turn, the regions when placing, the battle when drawing) and the numbered menu; the parts
that find no room are named in a note, and ``table`` shows everything.  A log longer than the
terminal waits for Enter.  Answers are read line by line from standard input, so a game can be
piped (``yes 1 | wonderland play wonderlands_war``).  The generic table
(``wonderland.terminal.table``) plays the game and keeps its record; the log of a step is
:mod:`terminal_log`'s.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Group
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from wonderland.bots import Advice
from wonderland.bots.ismcts import move_words
from wonderland.games.wonderlands_war.actions import REGION_ACTIONS, SupportAll, SupportOne, decode
from wonderland.games.wonderlands_war.render import (
    bag_counts,
    faction_name,
    menu,
    option,
    option_text,
    provisional_mark,
    region_award,
    short_names,
    unit_cell,
)
from wonderland.games.wonderlands_war.scoring import score_parts
from wonderland.games.wonderlands_war.state import Phase, WonderlandsWarState
from wonderland.games.wonderlands_war.tea import card_limit
from wonderland.games.wonderlands_war.terminal_log import STATUS, WarLog, public_score
from wonderland.games.wonderlands_war.view import WonderlandsWarView
from wonderland.terminal.face import Face
from wonderland.terminal.screen import Part
from wonderland.terminal.table import TerminalTable

HELP = (
    "Answer with the number of an option. Also: 'hint' asks the hard bot for advice, 'table' "
    "shows the whole table in detail, Enter shows the screen again, 'help' shows this, 'q' "
    "saves the game and leaves "
    "(wonderland play --resume FILE goes on with it). In the tables a number is supporters, "
    "L the leader, F a figure, C castles; * marks content of our own design."
)
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


def _grid(*columns: str) -> Table:
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False)
    table.header_style = "bold"
    for column in columns:
        table.add_column(column)
    return table


class WarFace(Face):
    """Wonderland's War's face: a screen and a numbered menu per decision, a paged log."""

    players = 3
    bot = "heuristic"
    intro = "Content marked (provisional) is our own design. Type help for the commands."
    help = HELP
    paged = True

    def content_hash(self, state: WonderlandsWarState) -> str:
        """The digest of the content pack (a resumed game must be played with the same)."""
        return state.content.digest

    def draw(self, table: TerminalTable, view: WonderlandsWarView) -> Text:
        """The whole table in detail (``table``)."""
        return Text(table.game.render(table.state, table.seat))

    def describe(
        self, table: TerminalTable, state: WonderlandsWarState, actor: int, action: int
    ) -> None:
        """The step in order, phase by phase (:class:`WarLog`)."""
        WarLog(table).step(state, actor, action)

    def choose(self, table: TerminalTable, view: WonderlandsWarView, legal: Sequence[int]) -> int:
        """Show the decision's screen and read answers until one is an option."""
        screen = WarScreen(table)
        entries = menu(table.state, table.seat)
        choices = [a for a, _, why in entries if not why]
        table.screen.screen(screen.parts(entries, choices))
        prompt = f"choose 1-{len(choices)} (help, hint, table, q) > "
        while True:
            answer = table.answer(prompt, view, choices).lower()
            if answer == "?":
                table.show(Text(HELP))
            elif answer in ("", "menu"):
                table.screen.screen(screen.parts(entries, choices))
            elif answer == "table":
                table.show(self.draw(table, view))
            elif answer.isdigit() and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1]
            else:
                table.show(
                    Text.from_markup(
                        f"[red]please answer a number from 1 to {len(choices)}[/] "
                        "(or help, hint, table, q)"
                    )
                )

    def hint(self, table: TerminalTable, view: WonderlandsWarView, legal: Sequence[int]) -> Group:
        """The hard bot's advice in the menu's numbers and words."""
        return WarScreen(table).hint(list(legal))

    def ending(self, table: TerminalTable) -> None:
        """Final scoring by source (W53) and the winner (W54)."""
        st: WonderlandsWarState = table.state
        won = ", ".join(faction_name(st, s) for s in table.game.winners(st))
        winner = Text.from_markup(f"[bold]Winner: {escape(won)}[/] - the new ruler of Wonderland")
        table.screen.screen([Part(Rule("The end")), Part(final_table(st)), Part(winner)])


class WarScreen:
    """The screen of the person's decision at one table."""

    def __init__(self, table: TerminalTable) -> None:
        self.table = table
        self.state: WonderlandsWarState = table.state
        self.seat = table.seat

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
        by_region = all(isinstance(decode(a), REGION_ACTIONS) for a in choices)
        if phase != Phase.CHOOSE_FACTION and not by_region and not battle:
            out.append(Part(self.regions(), kept=False, name="regions"))
        if st.players[self.seat].faction >= 0:
            out.append(Part(self.players(), kept=False, name="players"))
        if phase in (Phase.TEA_TURN, Phase.TEA_CONTINUE, Phase.PICK_WONDERLANDIAN):
            out.append(Part(self.market(), kept=False, name="market"))
        if self.table.hints:
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
            return Text(f"You are seat {self.seat + 1} of {st.n}.")
        f = st.content.factions[p.faction]
        bits = [f"score {score_parts(st, self.seat)['total']}", f"shards {p.shards}"]
        if not st.war:
            bits.append(f"cards {len(p.cards)}/{card_limit(st)}")
        quests = ", ".join(st.content.quests[q].name for q in p.quests)
        line = f"You: {f.name} · {' · '.join(bits)}"
        return Text(line + (f" · quests: {quests}" if quests else ""))

    def region(self, r: int) -> str:
        """The region's name, ``(provisional)`` when it is of our own design."""
        c = self.state.content
        return c.regions[r] + provisional_mark(c, c.region_ids[r])

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
        kinds = {type(decode(a)) for a in choices}
        for n, action in enumerate(choices, start=1):
            a = decode(action)
            assert isinstance(a, REGION_ACTIONS)
            verb = (
                "all" if isinstance(a, SupportAll) else "one" if isinstance(a, SupportOne) else ""
            )
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
                f"{public_score(st, self.seat, s)}{hidden}",
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
            star = provisional_mark(c, wl.id)
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
        advice = self.table.advise(self.table.game.view(st, self.seat), choices)
        number = {a: n for n, a in enumerate(choices, start=1)}
        table = Table(
            title=f"Hint ({advice.bot} bot: {advice.value_label}, how much it preferred each)",
            title_justify="left",
            box=None,
            pad_edge=False,
        )
        width = max(20, self.table.console.width - 16)
        table.add_column("move", no_wrap=True, overflow="ellipsis", max_width=width)
        table.add_column("value", justify="right", no_wrap=True, min_width=5)
        table.add_column("preferred", justify="right", no_wrap=True, min_width=5)
        for alt in advice.top(3):
            mark = "▶" if alt.action == advice.action else " "
            label = f"{mark} {number[alt.action]}) {option_text(st, self.seat, alt.action)}"
            value = "-" if alt.value is None else f"{100 * alt.value:.0f} %"
            table.add_row(escape(label), value, f"{100 * alt.share:.0f} %")
        return Group(table, Text(f"Why: {self.reason(advice, choices, number)}"))

    def reason(self, advice: Advice, choices: list[int], number: dict[int, int]) -> str:
        """The advice's reason, its moves named by the menu's words and numbers."""
        game, view = self.table.game, self.table.game.view(self.state, self.seat)
        names = {}
        for a in choices:
            words = f"{option(self.state, self.seat, a)[0]} (choice {number[a]})"
            names[game.action_to_string(a)] = names[move_words(game, view, a)] = words
        pattern = "|".join(re.escape(k) for k in sorted(names, key=len, reverse=True))
        return re.sub(rf"(?<![\w])({pattern})(?![\w])", lambda m: names[m.group(1)], advice.reason)

    # -- the end --------------------------------------------------------------------------


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


FACE = WarFace()
"""The face the plugin declares (``terminal``)."""
