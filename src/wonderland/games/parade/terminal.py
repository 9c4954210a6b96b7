"""The terminal table for Parade: you against bots, one seat's view only."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from wonderland.bots import Bot
from wonderland.core import (
    CHANCE,
    TERMINAL,
    IllegalAction,
    NotationError,
    next_actor,
)
from wonderland.games.parade.actions import keep_id
from wonderland.games.parade.cards import COLOUR_OF, NUM_COLOURS, VALUE_OF, Card, card_str
from wonderland.games.parade.game import GAME, ParadeGame
from wonderland.games.parade.render import by_colour, colour_label
from wonderland.games.parade.rules import explain_take, explain_winners, score_sheet
from wonderland.games.parade.state import CHOOSE, DRAW, PLAY, ParadeState
from wonderland.games.parade.view import ParadeView
from wonderland.terminal.hints import Hinter
from wonderland.terminal.messages import refuse
from wonderland.terminal.records import (
    HUMAN,
    StepSeeds,
    default_record_path,
    hangup_interrupts,
    make_bots,
    save_record,
    table_setup,
    terminal_record,
)

STYLE = ("red", "blue", "magenta", "green", "bright_black", "yellow")
HELP = (
    "Type a card (R3) or its number in your hand (1-5) to play it; ?R3 or ?2 shows what it "
    "would collect; 'hint' asks the hard bot for advice; 'help' shows this; 'quit' leaves "
    "(the record is kept)."
)


def card_text(card: int) -> Text:
    """A card in its colour."""
    return Text(card_str(card), style=f"bold {STYLE[COLOUR_OF[card]]}")


def cards_text(cards: tuple[int, ...] | list[int]) -> Text:
    """Several cards in colour, space separated."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        text.append_text(card_text(card))
    return text


class ParadeTable:
    """One terminal game: the human's seat is asked through the console, bots answer alone."""

    def __init__(
        self,
        console: Console,
        state: ParadeState,
        seat: int,
        bots: dict[int, Bot],
        seeds: StepSeeds,
        hints: bool = False,
        actions: list[tuple[int, int]] | None = None,
    ) -> None:
        self.console = console
        self.game: ParadeGame = GAME
        self.state = state
        self.seat = seat
        self.bots = bots
        self.seeds = seeds
        self.actions: list[tuple[int, int]] = actions if actions is not None else []
        self.quit = False
        self.hints = hints
        self.hinter = Hinter(GAME.spec.id, seeds.seed, seat)

    def short_name(self, seat: int) -> str:
        """``you`` or ``2 greedy``, for the narrow table."""
        return "you" if seat == self.seat else f"{seat} {self.bots[seat].name}"

    def name(self, seat: int) -> str:
        """``you`` or ``seat 2 (greedy)``."""
        return "you" if seat == self.seat else f"seat {seat} ({self.bots[seat].name})"

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> None:
        """Play until the game ends or the human quits."""
        game, state = self.game, self.state
        while not self.quit:
            actor = next_actor(game, state)
            if actor == TERMINAL:
                self.show_scores()
                return
            if actor == CHANCE:
                action = game.sample_chance(state, self.seeds.chance(len(self.actions)))
            elif actor == self.seat:
                choice = self.ask(game.view(state, actor))
                if choice is None:
                    return
                action = choice
            else:
                bot = self.seeds.reseed(self.bots[actor], actor, len(self.actions))
                action = bot.choose(game, game.view(state, actor), game.legal_actions(state, actor))
            self.step(actor, action)

    def step(self, actor: int, action: int) -> None:
        """Apply one step and log what the human may know of it."""
        state = self.state
        before_phase, before_parade = state.phase, tuple(state.parade)
        before_trigger = state.trigger
        self.game.apply_in_place(state, actor, action)
        self.actions.append((actor, action))
        if before_phase == PLAY:
            report = explain_take(before_parade, action)
            line = Text(f"{self.name(actor)} played ")
            line.append_text(card_text(action))
            line.append(f": {report.summary()}")
            self.console.print(line)
        elif before_phase == DRAW and state.last_play and state.last_play[0] == self.seat:
            self.console.print(Text("you drew ").append_text(card_text(action)))
        if before_trigger < 0 <= state.trigger:
            self.console.print(
                f"[bold]End triggered by {self.name(state.trigger)}[/] ({state.trigger_reason})."
                " Final round: everyone plays once more, without drawing (P24)."
            )
        if before_phase == PLAY and state.phase == CHOOSE:
            self.console.print(
                "[bold]End phase[/]: everyone keeps 2 of their 4 cards, chosen in secret (P28)."
            )

    # -- the human's turn -----------------------------------------------------------------
    def show(self, view: ParadeView) -> None:
        """The table as the human's seat sees it."""
        rules = view.rules
        self.console.rule(f"turn {view.turns + 1}")
        parade = Text("Parade (front → end): ")
        for i, card in enumerate(view.parade):
            parade.append(f"{i + 1}:")
            parade.append_text(card_text(card))
            parade.append(" ")
        self.console.print(parade)
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
        table.add_column("seat", no_wrap=True)
        table.add_column("hand", justify="right")
        for colour in range(NUM_COLOURS):
            table.add_column(colour_label(colour, rules), style=STYLE[colour])
        for seat in range(view.num_players):
            values = [
                " ".join(
                    str(VALUE_OF[c]) for c in sorted(view.collections[seat]) if COLOUR_OF[c] == k
                )
                for k in range(NUM_COLOURS)
            ]
            marker = "▶ " if seat == view.current and view.phase == PLAY else "  "
            table.add_row(marker + self.short_name(seat), str(view.hand_sizes[seat]), *values)
        self.console.print(table)
        status = f"Draw pile: {view.pile_size} cards."
        if view.final_left > 0 and view.phase == PLAY:
            status += f" Final round: {view.final_left} turn(s) left, no drawing."
        self.console.print(status)
        mine = Text("Your hand: ")
        for i, card in enumerate(sorted(view.hand)):
            mine.append(f"{i + 1}:")
            mine.append_text(card_text(card))
            mine.append(" ")
        self.console.print(mine)

    def ask(self, view: ParadeView) -> int | None:
        """Prompt until the human names a legal action (or quits: None)."""
        self.show(view)
        if self.hints:
            self.hint(view)
        hand = sorted(view.hand)
        choosing = view.phase == CHOOSE
        prompt = "Keep which 2 cards? (e.g. 1 3 or R3 B4) > " if choosing else "Play > "
        while True:
            try:
                text = self.console.input(prompt).strip()
            except EOFError:
                text = "quit"
            if text in ("quit", "q"):
                self.quit = True
                return None
            if text in ("help", "h", ""):
                self.console.print(HELP)
                continue
            if text == "hint":
                self.hint(view)
                continue
            try:
                if text.startswith("?"):
                    self.preview(view, self.pick(hand, text[1:])[0])
                    continue
                cards = self.pick(hand, text)
                if choosing:
                    if len(cards) != 2 or cards[0] == cards[1]:
                        raise NotationError("name two different cards to keep, e.g. '1 3'")
                    action = keep_id(cards[0], cards[1])
                else:
                    if len(cards) != 1:
                        raise NotationError("name one card to play, e.g. 'R3' or '2'")
                    action = cards[0]
                self.game.apply(self.state, self.seat, action)  # validates, changes nothing
                return action
            except (NotationError, IllegalAction) as err:
                refuse(self.console, str(err))

    def hint(self, view: ParadeView) -> None:
        """The hard bot's advice for the human's move: best moves, values, shares, reason."""
        assert view.seat is not None
        legal = self.game.legal_actions(self.state, view.seat)
        self.console.print(self.hinter.render(self.game, view, legal))

    @staticmethod
    def pick(hand: list[int], text: str) -> list[int]:
        """Cards named by position in the hand (1-based) or by notation."""
        cards = []
        for word in text.replace(",", " ").split():
            if word.isdigit():
                index = int(word)
                if not 1 <= index <= len(hand):
                    raise NotationError(f"there is no card {index} in your hand (1-{len(hand)})")
                cards.append(hand[index - 1])
            else:
                cards.append(Card.parse(word).id)
        if not cards:
            raise NotationError("name a card, e.g. 'R3' or '2'")
        return cards

    def preview(self, view: ParadeView, card: int) -> None:
        """What ``card`` would collect now, zone by zone."""
        report = explain_take(view.parade, card)
        line = Text("If you play ").append_text(card_text(card))
        line.append(f" (N = {VALUE_OF[card]}): safe ")
        line.append_text(cards_text(report.safe) if report.safe else Text("none"))
        line.append("; checked ")
        line.append_text(cards_text(report.checked) if report.checked else Text("none"))
        line.append(f"; you would have {report.summary()}")
        self.console.print(line)

    # -- the end --------------------------------------------------------------------------
    def show_scores(self) -> None:
        """Per colour: majority (1 per card) or face values; totals; winners and why."""
        state = self.state
        rules = state.rules
        sheet = score_sheet(
            state.collections, rules.two_player_plain_majority, rules.all_equal_no_majority
        )
        self.console.rule("Final scores")
        for seat in range(state.num_players):
            kept = by_colour(list(state.collections[seat][-2:]), rules)
            self.console.print(f"{self.name(seat)} kept {kept}")
        table = Table(title="Majority: 1 point per card (P33); otherwise face value (P34)")
        table.add_column("seat")
        for colour in range(NUM_COLOURS):
            table.add_column(colour_label(colour, rules), style=STYLE[colour], justify="right")
        table.add_column("cards", justify="right")
        table.add_column("total", justify="right", style="bold")
        for seat in range(state.num_players):
            cells = []
            for colour in range(NUM_COLOURS):
                count = sheet.counts[seat][colour]
                points = sheet.points[seat][colour]
                if count == 0:
                    cells.append("-")
                elif sheet.majority[seat][colour]:
                    cells.append(f"{count}× maj → {points}")
                else:
                    cells.append(f"{count} → {points}")
            winner = " ★" if seat in state.winners else ""
            table.add_row(
                self.name(seat) + winner,
                *cells,
                str(sheet.card_totals[seat]),
                str(sheet.totals[seat]),
            )
        self.console.print(table)
        if state.num_players == 2 and not rules.two_player_plain_majority:
            self.console.print("2 players: a majority needs a lead of 2 or more cards (P36).")
        explanation = explain_winners(sheet)
        if len(state.winners) == 1 and "share" in explanation:
            explanation += f"; seat {state.winners[0]} won the random tie-break (A6)"
        self.console.print(f"[bold]{explanation}[/]")


def play(args: argparse.Namespace) -> int:
    """``wonderland play parade`` (or ``--resume FILE``); always saves the game's record."""
    game = GAME
    setup = table_setup(args, game, 4, "greedy")
    config, seat, names, seed, done = setup.config, setup.seat, setup.bots, setup.seed, setup.done
    n = config.num_players
    seeds = StepSeeds(seed)
    bots = make_bots(game.spec.id, names, seeds)
    state = game.initial_state(config)
    for actor, action in done:
        game.apply_in_place(state, actor, action)
    console = Console(highlight=False)
    again = f", resumed at step {len(done)}" if done else ""
    console.print(
        f"[bold]Parade[/], {n} players, you are seat {seat}; seed {seed}{again}. "
        "Lowest score wins. " + HELP
    )
    hints = bool(getattr(args, "hints", False))
    table = ParadeTable(console, state, seat, bots, seeds, hints, done)
    interrupted = False
    try:
        with hangup_interrupts():
            table.run()
    except KeyboardInterrupt:
        interrupted = True
        console.print("interrupted")
    players = [HUMAN if s == seat else names[s] for s in range(n)]
    path = Path(args.record) if args.record else default_record_path(game.spec.id)
    save_record(console, terminal_record(game, config, seed, table.actions, players), path)
    return 130 if interrupted else 0
