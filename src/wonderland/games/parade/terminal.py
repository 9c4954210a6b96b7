"""Parade at the terminal table: the parade, every seat's collections, your hand, the scores.

The generic table (``wonderland.terminal.table``) plays the game; this face draws it and reads
a card (``R3`` or its place in your hand), the two cards to keep, or ``?R3`` to preview a play.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from wonderland.core import IllegalAction, NotationError
from wonderland.core.words import counted, rule_words
from wonderland.games.parade.actions import SEAT_BASE, keep_id
from wonderland.games.parade.cards import COLOUR_OF, NUM_COLOURS, VALUE_OF, Card, card_str
from wonderland.games.parade.render import by_colour, colour_label
from wonderland.games.parade.rules import explain_take, explain_winners, score_sheet
from wonderland.games.parade.state import CHOOSE, DRAW, PLAY, START, ParadeState
from wonderland.games.parade.view import ParadeView
from wonderland.terminal.face import Face
from wonderland.terminal.table import TerminalTable

STYLE = ("red", "blue", "magenta", "green", "bright_black", "yellow")
HELP = (
    "Type a card, such as R3, or its number in your hand (1-5) to play it; ?R3 or ?2 shows "
    "what it would collect; 'hint' asks the hard bot for advice; 'help' shows this; 'quit' leaves "
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


def numbered(label: str, cards: Sequence[int]) -> Text:
    """``label`` and the cards, each after its place (``1:R3 2:B7``)."""
    text = Text(label)
    for i, card in enumerate(cards):
        text.append(f"{i + 1}:")
        text.append_text(card_text(card))
        text.append(" ")
    return text


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


def preview(view: ParadeView, card: int) -> Text:
    """What ``card`` would collect now, zone by zone."""
    report = explain_take(view.parade, card)
    line = Text("If you play ").append_text(card_text(card))
    line.append(f" (N = {VALUE_OF[card]}): safe ")
    line.append_text(cards_text(report.safe) if report.safe else Text("none"))
    line.append("; checked ")
    line.append_text(cards_text(report.checked) if report.checked else Text("none"))
    line.append(f"; you would have {report.summary()}")
    return line


class ParadeFace(Face):
    """Parade's face: a card to play, two to keep, the scores by colour."""

    players = 4
    bot = "greedy"
    intro = "Lowest score wins. " + HELP
    help = HELP

    @staticmethod
    def short_name(table: TerminalTable, seat: int) -> str:
        """``you`` or ``2 greedy`` (seat 2, counted from 1), for the narrow table."""
        return "you" if seat == table.seat else f"{seat + 1} {table.bots[seat].name}"

    def describe(self, table: TerminalTable, before: ParadeState, actor: int, action: int) -> None:
        """Who starts, the card played and what it collected, your draws, the end's
        triggers."""
        state: ParadeState = table.state
        if before.phase == START:
            seat = action - SEAT_BASE
            verb = "start" if seat == table.seat else "starts"
            table.show(f"[bold]{table.name(seat).capitalize()} {verb}[/] (P8).")
        elif before.phase == PLAY:
            report = explain_take(tuple(before.parade), action)
            line = Text(f"{table.name(actor)} played ")
            line.append_text(card_text(action))
            line.append(f": {report.summary()}")
            table.show(line)
        elif before.phase == DRAW and state.last_play and state.last_play[0] == table.seat:
            table.show(Text("you drew ").append_text(card_text(action)))
        if before.trigger < 0 <= state.trigger:
            table.show(
                f"[bold]End triggered by {table.name(state.trigger)}[/] ({state.trigger_reason})."
                " Final round: everyone plays once more, without drawing (P24)."
            )
        if before.phase == PLAY and state.phase == CHOOSE:
            table.show(
                "[bold]End phase[/]: everyone keeps 2 of their 4 cards, chosen in secret (P28)."
            )

    def draw(self, table: TerminalTable, view: ParadeView) -> Group:
        """The table as your seat sees it: the parade, the collections, the pile, your hand."""
        rules = view.rules
        grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
        grid.add_column("seat", no_wrap=True)
        grid.add_column("hand", justify="right")
        for colour in range(NUM_COLOURS):
            grid.add_column(colour_label(colour, rules), style=STYLE[colour])
        for seat in range(view.num_players):
            values = [
                " ".join(
                    str(VALUE_OF[c]) for c in sorted(view.collections[seat]) if COLOUR_OF[c] == k
                )
                for k in range(NUM_COLOURS)
            ]
            marker = "▶ " if seat == view.current and view.phase == PLAY else "  "
            grid.add_row(marker + self.short_name(table, seat), str(view.hand_sizes[seat]), *values)
        status = f"Draw pile: {counted(view.pile_size, 'card')}."
        if view.final_left > 0 and view.phase == PLAY:
            status += f" Final round: {counted(view.final_left, 'turn')} left, no drawing."
        return Group(
            Rule(f"turn {view.turns + 1}"),
            numbered("Parade (front → end): ", view.parade),
            grid,
            status,
            numbered("Your hand: ", sorted(view.hand)),
        )

    def choose(self, table: TerminalTable, view: ParadeView, legal: Sequence[int]) -> int:
        """Ask until you name a card to play (or two to keep) that the rules allow."""
        table.show(self.draw(table, view))
        if table.hints:
            table.show(self.hint(table, view, legal))
        hand = sorted(view.hand)
        choosing = view.phase == CHOOSE
        prompt = "Keep which 2 cards? (e.g. 1 3 or R3 B4) > " if choosing else "Play > "
        while True:
            text = table.answer(prompt, view, legal)
            if not text:
                table.show(HELP)
                continue
            try:
                if text.startswith("?"):
                    table.show(preview(view, pick(hand, text[1:])[0]))
                    continue
                action = self.action(pick(hand, text), choosing)
                table.game.apply(table.state, table.seat, action)  # validates, changes nothing
                return action
            except (NotationError, IllegalAction) as err:
                table.refuse(err)

    @staticmethod
    def action(cards: list[int], choosing: bool) -> int:
        """The card to play, or the pair to keep at the end (P28)."""
        if choosing:
            if len(cards) != 2 or cards[0] == cards[1]:
                raise NotationError("name two different cards to keep, e.g. '1 3'")
            return keep_id(cards[0], cards[1])
        if len(cards) != 1:
            raise NotationError("name one card to play, e.g. 'R3' or '2'")
        return cards[0]

    def ending(self, table: TerminalTable) -> None:
        """Per colour: majority (1 per card) or face values; totals; winners and why."""
        state: ParadeState = table.state
        rules = state.rules
        table.show(Rule("Final scores"))
        for seat in range(state.num_players):
            kept = by_colour(list(state.collections[seat][-2:]), rules)
            table.show(f"{table.name(seat)} kept {kept}")
        table.show(score_table(table, state))
        if state.num_players == 2 and not rules.two_player_plain_majority:
            table.show("2 players: a majority needs a lead of 2 or more cards (P36).")
        sheet = score_sheet(
            state.collections, rules.two_player_plain_majority, rules.all_equal_no_majority
        )
        explanation = explain_winners(sheet)
        if len(state.winners) == 1 and "share" in explanation:
            explanation += f"; seat {state.winners[0] + 1} won the random tie-break (A6)"
        table.show(f"[bold]{explanation}[/]")


def score_table(table: TerminalTable, state: ParadeState) -> Table:
    """Every seat's points per colour (majority or face value), cards and total, narrow
    enough for 80 columns: the seats by their short names, a majority marked ``m``."""
    rules = state.rules
    sheet = score_sheet(
        state.collections, rules.two_player_plain_majority, rules.all_equal_no_majority
    )
    scores = Table(
        title=rule_words("m: a majority, 1 point per card (P33); otherwise face value (P34)"),
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        header_style="bold",
    )
    scores.add_column("seat", no_wrap=True)
    for colour in range(NUM_COLOURS):
        scores.add_column(
            colour_label(colour, rules), style=STYLE[colour], justify="right", no_wrap=True
        )
    scores.add_column("cards", justify="right", no_wrap=True)
    scores.add_column("total", justify="right", style="bold", no_wrap=True)
    for seat in range(state.num_players):
        cells = [sheet.cell(seat, colour, "m") for colour in range(NUM_COLOURS)]
        winner = " ★" if seat in state.winners else ""
        scores.add_row(
            ParadeFace.short_name(table, seat) + winner,
            *cells,
            str(sheet.card_totals[seat]),
            str(sheet.totals[seat]),
        )
    return scores


FACE = ParadeFace()
"""The face the plugin declares (``terminal``)."""
