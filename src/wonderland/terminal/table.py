"""The terminal table: one person against bots, for every game (``wonderland play``).

The table owns what every game's terminal play shares: who sits where (new or resumed), whose
turn it is, chance and the bots (each seeded by the step, :class:`StepSeeds`), the person's
answers ``help``, ``hint`` and ``q``, advice (``--hints``), refusals with their rule clause,
and the record, saved when the game ends and whenever it is left (``q``, Ctrl-C, the end of
the input, a closed terminal) to go on with ``wonderland play --resume FILE``.  The game's
face (``core.terminal_face.TerminalFace``; :class:`Face` when the game declares none) draws
the table and reads the person's choices.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, cast

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.protocol import is_renderable
from rich.text import Text

from wonderland.bots import Advice, Bot
from wonderland.core import (
    CHANCE,
    TERMINAL,
    AnyGame,
    GameRecord,
    next_actor,
)
from wonderland.core.terminal_face import Loop, Picture, TerminalFace
from wonderland.terminal.hints import Hinter
from wonderland.terminal.messages import refuse
from wonderland.terminal.records import (
    HUMAN,
    StepSeeds,
    TableSetup,
    hangup_interrupts,
    keep_record,
    make_bots,
    save_record,
    terminal_record,
)
from wonderland.terminal.screen import Quit, Screen
from wonderland.terminal.words import shown_error

QUIT_WORDS = ("q", "quit")
HELP_WORDS = ("help", "h")
HINT_WORD = "hint"

FaceOfTable = TerminalFace["TerminalTable"]
"""A game's face at this table."""


class TerminalTable:
    """One game at the terminal: the person's seat is asked through the face, bots answer."""

    def __init__(
        self,
        game: AnyGame,
        face: FaceOfTable,
        setup: TableSetup,
        console: Console,
        hints: bool = False,
    ) -> None:
        self.game = game
        self.face = face
        self.config = setup.config
        self.seat = setup.seat
        self.bot_names = setup.bots
        self.seed = setup.seed
        self.seeds = StepSeeds(setup.seed)
        self.resumed_at = len(setup.done)
        self.actions: list[tuple[int, int]] = list(setup.done)
        """The steps so far, saved as the record (a game's own loop may put its own list and
        state here, as a real-time driver does)."""
        self.hints = hints
        self.console = console
        self.screen = Screen(console, face.paged)
        self.state: Any = game.initial_state(setup.config)
        for actor, action in setup.done:
            game.apply_in_place(self.state, actor, action)

    @cached_property
    def bots(self) -> dict[int, Bot]:
        """The bots by seat (each reseeded at every decision, see :class:`StepSeeds`)."""
        return make_bots(self.game.spec.id, self.bot_names, self.seeds)

    @cached_property
    def hinter(self) -> Hinter:
        """The advising bot of the person's seat."""
        return Hinter(self.game.spec.id, self.seed, self.seat)

    def name(self, seat: int) -> str:
        """``you`` or ``seat 2 (greedy)``."""
        return "you" if seat == self.seat else f"seat {seat + 1} ({self.bots[seat].name})"

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.game.to_move(self.state) == TERMINAL)

    # -- what the person sees and answers ---------------------------------------------------
    def show(self, picture: Picture) -> None:
        """Print on the table's screen (a ``str`` with console markup or a renderable); rule
        clauses in brackets read "rule P14"."""
        if not is_renderable(picture):
            raise TypeError(f"the terminal cannot print a {type(picture).__name__}")
        self.screen.show(cast(RenderableType, picture))

    def refuse(self, problem: str | Exception) -> None:
        """A refusal (with its rule, when the rules refused) in red, unwrapped."""
        text = shown_error(problem)
        if self.screen.paging:
            self.show(f"[red]{escape(text)}[/]")
        else:
            refuse(self.console, text)

    def answer(self, prompt: str, view: Any, legal: Sequence[int]) -> str:
        """The person's next answer that is not one of the table's own: ``help`` shows the
        face's help, ``hint`` its advice, ``q`` (or the end of the input) leaves: Quit."""
        while True:
            text = self.screen.ask(prompt)
            word = text.lower()
            if word in QUIT_WORDS:
                raise Quit
            if word in HELP_WORDS:
                self.show(Text(self.face.help))
            elif word == HINT_WORD:
                self.show(self.face.hint(self, view, legal))
            else:
                return text

    def advise(self, view: Any, legal: Sequence[int]) -> Advice:
        """The advising bot's advice for the person's decision, seeded by the step."""
        return self.hinter.advise(self.game, view, legal, step=len(self.actions))

    # -- the game -------------------------------------------------------------------------
    def play_turns(self) -> None:
        """Play step by step until the game ends: chance, bots, and the person through the
        face (Quit when they leave)."""
        game, state = self.game, self.state
        while (actor := next_actor(game, state)) != TERMINAL:
            step = len(self.actions)
            if actor == CHANCE:
                action = game.sample_chance(state, self.seeds.chance(step))
            elif actor == self.seat:
                legal = game.legal_actions(state, actor)
                action = self.face.choose(self, game.view(state, actor), legal)
            else:
                bot = self.seeds.reseed(self.bots[actor], actor, step)
                action = bot.choose(game, game.view(state, actor), game.legal_actions(state, actor))
            self.step(actor, action)
        self.face.ending(self)

    def step(self, actor: int, action: int) -> None:
        """Play one step and let the face tell what the person may know of it."""
        before = self.game.clone(self.state)
        self.game.apply_in_place(self.state, actor, action)
        self.actions.append((actor, action))
        self.face.describe(self, before, actor, action)

    def greet(self) -> None:
        """Game, seats and seed, then the face's introduction."""
        again = f", resumed at step {self.resumed_at}{self.face.resumed}" if self.resumed_at else ""
        self.console.print(
            f"[bold]{self.game.spec.name}[/], {self.config.num_players} players, you are seat "
            f"{self.seat + 1}; seed {self.seed}{again}. {self.face.intro}"
        )

    def record(self) -> GameRecord:
        """The record of the game so far."""
        players = [HUMAN if s == self.seat else self.bot_names[s] for s in range(self.n)]
        record = terminal_record(self.game, self.config, self.seed, self.actions, players)
        return dataclasses.replace(record, content_hash=self.face.content_hash(self.state))

    @property
    def n(self) -> int:
        """The number of seats."""
        return self.config.num_players

    def run(self, loop: Loop, path: Path) -> int:
        """Play, then save the record to ``path`` (also when anything goes wrong); 130 when
        interrupted (Ctrl-C, a closed terminal), else 0."""
        interrupted = False
        try:
            with hangup_interrupts():
                loop()
        except Quit:
            pass
        except KeyboardInterrupt:
            interrupted = True
            self.console.print("\ninterrupted" if self.screen.prompting else "interrupted")
        except BaseException:
            keep_record(self.console, self.record(), path)  # whatever went wrong, it is kept
            raise
        if self.over:  # the last screen keeps room for the message (not after q or ^C)
            with contextlib.suppress(Quit, KeyboardInterrupt):
                self.screen.make_room((2 * len(str(path)) + 80) // self.console.width + 2)
        save_record(self.console, self.record(), path)
        return 130 if interrupted else 0
