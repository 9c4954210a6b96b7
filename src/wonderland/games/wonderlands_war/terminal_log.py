"""The log of a Wonderland's War game at the terminal: what the person may know of each step.

A step is told in order, phase by phase (:func:`stages.apply_in_stages`): the move or the
draw itself, the war's start, each battle's header, result, bets, awards and the scores that
moved, a new round.  Choices made together and in secret are told by their consequences.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from wonderland.core import CHANCE
from wonderland.games.wonderlands_war import actions
from wonderland.games.wonderlands_war.battle_story import RESULT, START, Change, battle_changes
from wonderland.games.wonderlands_war.narration import deed, lone_result, told_changes
from wonderland.games.wonderlands_war.render import describe, faction_name, option
from wonderland.games.wonderlands_war.scoring import score_parts
from wonderland.games.wonderlands_war.stages import apply_in_stages
from wonderland.games.wonderlands_war.state import (
    BUST,
    DRAWING,
    HALTED,
    NO_BET,
    Phase,
    WonderlandsWarState,
)
from wonderland.games.wonderlands_war.view import redact
from wonderland.terminal.table import TerminalTable

QUIET_CHANCE = (
    actions.DealTile,
    actions.DrawAllySet,
    actions.RevealWonderlandian,
    actions.DealCard,
    actions.DrawQuest,
)
"""Chance steps of set-up and refills, not told one by one (the table shows their result)."""
SECRET = (
    actions.Draw,
    actions.Stop,
    actions.Shield,
    actions.Accept,
    actions.Wager,
    actions.NoWager,
)
"""Choices made together and in secret: their consequences are told, not the choices."""
STATUS = {DRAWING: "drawing", HALTED: "stopped", BUST: "BUST"}


def public_score(state: WonderlandsWarState, viewer: int, seat: int) -> int:
    """``seat``'s score as ``viewer`` may know it (others' quests are hidden)."""
    return score_parts(redact(state, viewer), seat)["total"]


class WarLog:
    """The log of one table, told from the person's seat."""

    def __init__(self, table: TerminalTable) -> None:
        self.table = table
        self.seat = table.seat
        self.changes: list[Change] = []
        """The fighters' changes in the stage being told."""

    def step(self, state: WonderlandsWarState, actor: int, action: int) -> None:
        """Tell the step just played from ``state``, the state before it: the action, then each
        stage in order."""
        staged = state.clone()
        stages = apply_in_stages(staged, actor, action)
        changes = battle_changes(state, actor, action)
        self.tell_action(state, actor, action)
        if staged != self.table.state:  # cannot happen while apply_in_stages follows rules
            stages = []
        previous, opening = state, None
        for index, (phase, stage) in enumerate([*stages, (None, self.table.state)]):
            self.changes = [c for c in changes if c.stage == index or not stages]
            self.tell(previous, stage, opening)
            previous, opening = stage, phase

    def name(self, state: WonderlandsWarState, seat: int) -> str:
        """``you``, or the faction of ``seat``."""
        return "you" if seat == self.seat else faction_name(state, seat)

    def verb(self, seat: int, verb: str) -> str:
        """``draws``, or ``draw`` after ``you``."""
        return verb.removesuffix("s") if seat == self.seat else verb

    def out(self, text: str) -> None:
        """One line (markup allowed) of the log."""
        self.table.show(Text.from_markup(text))

    def tell_action(self, state: WonderlandsWarState, actor: int, action: int) -> None:
        """The step itself, told from the state before it: a move, a draw, a roll (set-up deals
        and secret choices are not told)."""
        typed = actions.decode(action)
        if actor == CHANCE:
            task = state.tasks[-1]
            if isinstance(typed, actions.DrawChip):
                chip = state.content.chips[typed.chip]
                who, draws = self.name(state, task.seat), self.verb(task.seat, "draws")
                self.out(f"  {escape(who)} {draws} {escape(chip.name)}")
            elif isinstance(typed, actions.StartPlayer):
                who = self.name(state, typed.seat)
                self.out(f"  {escape(who)} {self.verb(typed.seat, 'starts')} (W16)")
            elif isinstance(typed, actions.RollDie):
                who = self.name(state, typed.seat)
                shards = state.content.die_faces[typed.face]
                plural = "" if shards == 1 else "s"
                self.out(
                    f"  {escape(who)} {self.verb(typed.seat, 'rolls')} the shard die: "
                    f"{shards} shard{plural}"
                )
            elif not isinstance(typed, QUIET_CHANCE):
                self.out(f"  {escape(describe(state, action))}")
            return
        if isinstance(typed, SECRET):
            return
        if isinstance(typed, actions.KeepQuest) and actor != self.seat:
            words = "keeps one of the quests drawn, hidden until the end (G26)"
        else:
            words, detail = option(state, actor, action)
            if actor != self.seat:
                words = deed(state, actor, action, words)
            if detail and isinstance(
                typed, (actions.Move, actions.PickWonderlandian, actions.PickAlly, actions.Forge)
            ):
                words += f" ({detail})"
        self.out(f"{escape(self.name(state, actor))} {escape(words)}")

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
        return public_score(state, self.seat, seat)

    def tell(
        self, prev: WonderlandsWarState, cur: WonderlandsWarState, opening: Phase | None
    ) -> None:
        """What changed from ``prev`` to ``cur`` (at most one battle's worth; ``opening``: the
        phase that ran first): the war's start, a battle's header and start, its result, bets,
        awards, score changes, a new round."""
        c = cur.content
        if not prev.war and cur.war:
            self.table.show(Rule(f"War, round {cur.round}"))
            self.tell_end_of_tea(prev, cur)
        ended = cur.log[len(prev.log) :]
        region = cur.battle.region if cur.battle.region >= 0 else (ended[-1][1] if ended else -1)
        lone = False
        if region >= 0 and prev.battle.region != region:
            self.table.show(Rule(f"Battle in {escape(c.regions[region])}"))
            statuses = ended[-1][3] if ended else tuple(cur.battle.status)
            strengths = ended[-1][2] if ended else tuple(cur.battle.strength)
            lone = sum(1 for x in statuses if x) == 1
            starts = [c for c in self.changes if c.cause == START]
            if starts:
                at = {c.seat: c.new for c in starts}
                strengths = tuple(at.get(s, strengths[s]) for s in range(cur.n))
            if not lone:
                self.out(f"  start: {escape(self.battle_line(cur, strengths, statuses))}")
        if ended:
            self.tell_moves(prev, cur)
        for _, where, strengths, statuses, firsts in ended:
            won = ", ".join(self.name(cur, s) for s in firsts) or "nobody"
            line = self.battle_line(cur, strengths, statuses)
            if lone:
                seat = next(s for s in range(cur.n) if statuses[s])
                name = lambda s: self.name(cur, s)  # noqa: E731
                told = lone_result(cur, c.regions[where], seat, strengths[seat], firsts, name)
                self.out(f"  uncontested: {escape(told)}")
            else:
                self.out(
                    f"  {escape(c.regions[where])}: {escape(line)} - won by [bold]{escape(won)}[/]"
                )
            self.tell_bets(prev, cur, firsts)
        if ended or prev.war or cur.war:
            self.tell_awards(prev, cur)
        if not ended:
            self.tell_moves(prev, cur)
        if opening == Phase.START_ROUND:
            self.table.show(Rule(f"Round {cur.round}: tea party"))

    def tell_moves(self, prev: WonderlandsWarState, cur: WonderlandsWarState) -> None:
        """Each fighter's change in this stage with its cause (a chip, an ability, a stop, a
        bust), one per line, in the order they happened."""
        changes = [c for c in self.changes if c.cause not in (START, RESULT)]
        for line in told_changes(cur, changes, lambda seat: self.name(cur, seat)):
            self.out(f"  {escape(line)}")

    def tell_end_of_tea(self, prev: WonderlandsWarState, cur: WonderlandsWarState) -> None:
        """W29: a madness chip for everyone, another and half the shards off for the most."""
        most = [s for s in range(cur.n) if cur.players[s].shards < prev.players[s].shards]
        line = "  Everyone gains a madness chip (W29)"
        if most:
            names = [
                f"{self.name(cur, s)} ({prev.players[s].shards} → {cur.players[s].shards} shards)"
                for s in most
            ]
            who = names[0] if len(most) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"
            has = "has" if len(most) == 1 and most[0] != self.seat else "have"
            line += (
                f"; {who} {has} the most shards: another madness chip, and half the shards"
                " discarded"
            )
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
