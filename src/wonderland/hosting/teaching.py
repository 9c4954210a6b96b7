"""Teaching scripts: TOML data, validated with pydantic and by playing every step on the engine.

A script is a list of scenes; each scene builds a real position (the game's ``setup`` table, or
a seeded deal; ``chance`` lists outcomes to apply first, e.g. the first roll) and walks through
steps.  A step says what happens and why (a clause of the
game's RULES.md) and either asks the learner for a move (``expect``), makes a move for a seat
(``play``) or only explains.  After a move, listed chance outcomes (``chance``, e.g. the card
drawn) are applied, then any further chance is drawn with the scene's seed.

Loading checks everything before the first step is shown: TOML syntax, the schema, the clause
ids, the variants, the position and every move.  A broken script raises :class:`ScriptError`
naming the file, the key and the reason.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from wonderland.core import (
    CHANCE,
    TERMINAL,
    AnyGame,
    GameConfig,
    IllegalAction,
    WonderlandError,
    get_plugin,
)
from wonderland.hosting.aids import GameAids, SetupError, get_aids
from wonderland.hosting.rulebook import Rulebook, load_rulebook


class ScriptError(WonderlandError, ValueError):
    """A teaching script that cannot be used: names the file, the key and the reason."""

    def __init__(self, source: str, key: str, reason: str) -> None:
        where = f"{source}: {key}" if key else source
        super().__init__(f"teaching script {where}: {reason}")
        self.source = source
        self.key = key
        self.reason = reason


class StepModel(BaseModel):
    """One step of a scene."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1)
    say: str = Field(min_length=1, description="what happens and why")
    rule: str | None = Field(default=None, description="the clause of RULES.md behind it")
    seat: int | None = Field(default=None, ge=0, description="who moves (default: the learner)")
    expect: str | None = Field(default=None, description="the move the learner must make")
    play: str | None = Field(default=None, description="a move made for the seat and shown")
    hint: str = Field(default="", description="extra words for a wrong move")
    chance: list[str] = Field(default_factory=list, description="chance outcomes after it")

    @model_validator(mode="after")
    def _one_kind_of_move(self) -> StepModel:
        if self.expect is not None and self.play is not None:
            raise ValueError("a step either asks for a move (expect) or makes one (play)")
        if self.expect is not None and self.rule is None:
            raise ValueError("a step that asks for a move needs the rule that explains it")
        return self


class SceneModel(BaseModel):
    """A position and the steps played on it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1)
    intro: str = ""
    players: int = Field(ge=1)
    variants: dict[str, bool | int | str] = Field(default_factory=dict)
    setup: dict[str, Any] = Field(
        default_factory=dict, description="the game's position builder; empty: a seeded deal"
    )
    seed: int = 0
    chance: list[str] = Field(
        default_factory=list, description="chance outcomes at the start (e.g. the first roll)"
    )
    steps: list[StepModel] = Field(min_length=1)


class ScriptModel(BaseModel):
    """A whole teaching script."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1)
    game: str
    summary: str = ""
    minutes: int | None = Field(default=None, ge=1)
    seat: int = Field(default=0, ge=0, description="the learner's seat")
    scenes: list[SceneModel] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class TeachScript:
    """A validated script and where it came from."""

    source: str
    model: ScriptModel

    @property
    def title(self) -> str:
        """The script's title."""
        return self.model.title


def prose(text: str) -> str:
    """Text as paragraphs: lines joined with spaces, blank lines kept as paragraph breaks."""
    paragraphs = [" ".join(p.split()) for p in text.strip().split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)


def _loc(parts: tuple[int | str, ...]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def parse_script(text: str, source: str, game_id: str | None = None) -> TeachScript:
    """Parse and fully check a script's TOML text (ScriptError on the first problem)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ScriptError(source, "", f"not valid TOML: {err}") from None
    try:
        model = ScriptModel.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        reason = str(first["msg"]).removeprefix("Value error, ")
        raise ScriptError(source, _loc(tuple(first["loc"])), reason) from None
    if game_id is not None and model.game != game_id:
        raise ScriptError(source, "game", f"this script is for {model.game!r}, not {game_id!r}")
    script = TeachScript(source, model)
    for _ in run_script(script):  # plays every step: any broken move is named here
        pass
    return script


def load_script(path: Path, game_id: str | None = None) -> TeachScript:
    """Read and check a script file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ScriptError(str(path), "", f"cannot read it: {err.strerror}") from None
    return parse_script(text, str(path), game_id)


def shipped_scripts(game_id: str) -> list[TeachScript]:
    """The scripts shipped in the folder the game's plugin declares, in file-name order."""
    plugin = get_plugin(game_id)
    if plugin.lessons is None:
        return []
    folder = resources.files(plugin.package).joinpath(plugin.lessons)
    if not folder.is_dir():
        return []
    entries = sorted(
        (e for e in folder.iterdir() if e.name.endswith(".toml")), key=lambda e: e.name
    )
    return [
        parse_script(entry.read_text(encoding="utf-8"), f"{game_id}/teach/{entry.name}", game_id)
        for entry in entries
    ]


# -- playing a script ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StepCard:
    """What the learner is shown for one step."""

    scene: str
    scene_intro: str
    scene_number: int
    scenes: int
    step_number: int
    steps: int
    title: str
    say: str
    rule: str | None
    rule_text: str
    table: str
    seat: int
    asks: bool
    """True when the learner must type the move; False when Enter continues."""
    move: str | None
    """The move made for the seat (``play``), shown after the step; None otherwise."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the expected move is not in it)."""
        return {
            "scene": self.scene,
            "scene_intro": self.scene_intro,
            "scene_number": self.scene_number,
            "scenes": self.scenes,
            "step_number": self.step_number,
            "steps": self.steps,
            "title": self.title,
            "say": self.say,
            "rule": self.rule,
            "rule_text": self.rule_text,
            "table": self.table,
            "seat": self.seat,
            "asks": self.asks,
            "move": self.move,
        }


@dataclass(frozen=True, slots=True)
class Feedback:
    """The answer to an attempt: accepted or not, and the words that go with it."""

    accepted: bool
    message: str


class _Stage:
    """One scene being played: the state, its chance RNG and the step index."""

    def __init__(self, script: TeachScript, aids: GameAids, index: int) -> None:
        scene = script.model.scenes[index]
        key = f"scenes[{index}]"
        game = aids.game
        self.key = key
        self.scene = scene
        self.rng = random.Random(scene.seed)
        self.source = script.source
        try:
            config = game.make_config(scene.players, scene.variants)
        except WonderlandError as err:
            raise ScriptError(script.source, f"{key}.players/variants", str(err)) from None
        self.config = config
        if not 0 <= script.model.seat < scene.players:
            raise ScriptError(
                script.source, "seat", f"the learner's seat must be 0-{scene.players - 1}"
            )
        try:
            if scene.setup:
                self.state = aids.build_position(config, scene.setup)
            else:
                self.state = game.initial_state(config)
        except SetupError as err:
            raise ScriptError(script.source, f"{key}.setup.{err.key}", err.message) from None
        except WonderlandError as err:
            raise ScriptError(script.source, f"{key}.setup", str(err)) from None
        problems = game.invariants(self.state)
        if problems:
            raise ScriptError(script.source, f"{key}.setup", "; ".join(problems))
        self.chance(game, scene.chance, key)

    def settle(self, game: AnyGame) -> None:
        """Draw every pending chance outcome with the scene's RNG."""
        while game.to_move(self.state) == CHANCE:
            game.apply_in_place(self.state, CHANCE, game.sample_chance(self.state, self.rng))

    def chance(self, game: AnyGame, outcomes: list[str], key: str) -> None:
        """Apply the listed chance outcomes (by notation), then settle the rest.  A chance step
        with a single possible outcome (a fixed deal) need not be listed."""
        for j, text in enumerate(outcomes):
            while True:
                if game.to_move(self.state) != CHANCE:
                    raise ScriptError(self.source, f"{key}.chance[{j}]", "no chance step comes now")
                possible = game.chance_outcomes(self.state)
                names = {game.action_to_string(a).lower(): a for a, _ in possible}
                if text.strip().lower() in names or len(possible) != 1:
                    break
                game.apply_in_place(self.state, CHANCE, possible[0][0])
            action = names.get(text.strip().lower())
            if action is None:
                raise ScriptError(
                    self.source, f"{key}.chance[{j}]", f"{text!r} is not a possible outcome now"
                )
            game.apply_in_place(self.state, CHANCE, action)
        self.settle(game)


def _may_act(game: AnyGame, state: Any, seat: int) -> bool:
    mover = game.to_move(state)
    return seat in mover if isinstance(mover, frozenset) else mover == seat


class Lesson:
    """A teaching script played step by step on the engine; the same object serves every edge.

    >>> lesson = Lesson(shipped_scripts("parade")[0])
    >>> lesson.card().scene_number
    1
    """

    def __init__(self, script: TeachScript, aids: GameAids | None = None) -> None:
        self.script = script
        self.aids = aids or get_aids(script.model.game)
        self.game: AnyGame = self.aids.game
        self.rulebook: Rulebook = load_rulebook(self.game.spec.id)
        self.scene_index = 0
        self.step_index = 0
        self.stage = _Stage(script, self.aids, 0)
        self.attempts = 0
        """How many moves and continues were tried (a drawn table's version: it changes with
        every answer, accepted or not)."""
        self._check_rules()

    def _check_rules(self) -> None:
        for i, scene in enumerate(self.script.model.scenes):
            for j, step in enumerate(scene.steps):
                if step.rule is not None and self.rulebook.clause(step.rule) is None:
                    raise ScriptError(
                        self.script.source,
                        f"scenes[{i}].steps[{j}].rule",
                        f"no clause {step.rule!r} in {self.game.spec.name}'s RULES.md",
                    )

    # -- where we are ---------------------------------------------------------------------
    @property
    def done(self) -> bool:
        """Whether every step of every scene has been taken."""
        return self.scene_index >= len(self.script.model.scenes)

    @property
    def state(self) -> Any:
        """The engine state of the current scene."""
        return self.stage.state

    def _step_key(self) -> str:
        return f"{self.stage.key}.steps[{self.step_index}]"

    def _actor(self) -> int:
        step = self.stage.scene.steps[self.step_index]
        return step.seat if step.seat is not None else self.script.model.seat

    @property
    def config(self) -> GameConfig:
        """The configuration of the current scene."""
        return self.stage.config

    def viewer(self) -> int:
        """Whose view the current step shows: the seat asked to move, else the learner."""
        step = self.stage.scene.steps[self.step_index]
        return self._actor() if step.expect is not None else self.script.model.seat

    def rule_text(self, clause_id: str | None) -> str:
        """``P14. Checked zone: ...`` for a clause id (empty for None)."""
        if clause_id is None:
            return ""
        clause = self.rulebook.clause(clause_id)
        return f"{clause.id}. {clause.text}" if clause else clause_id

    def card(self) -> StepCard:
        """The current step as the learner sees it."""
        if self.done:
            raise ScriptError(self.script.source, "", "the script is finished")
        scene = self.stage.scene
        step = scene.steps[self.step_index]
        actor = self._actor()
        viewer = self.viewer()
        return StepCard(
            scene=scene.title,
            scene_intro=prose(scene.intro),
            scene_number=self.scene_index + 1,
            scenes=len(self.script.model.scenes),
            step_number=self.step_index + 1,
            steps=len(scene.steps),
            title=step.title,
            say=prose(step.say),
            rule=step.rule,
            rule_text=self.rule_text(step.rule),
            table=self.aids.table(self.state, viewer),
            seat=actor,
            asks=step.expect is not None,
            move=step.play,
        )

    # -- moving on ------------------------------------------------------------------------
    def _parse(self, text: str, key: str) -> int:
        """The action id of a scripted move (ScriptError naming ``key`` if it fails)."""
        actor = self._actor()
        if not _may_act(self.game, self.state, actor):
            mover = self.game.to_move(self.state)
            who = "nobody (the game is over)" if mover == TERMINAL else f"{mover}"
            raise ScriptError(
                self.script.source, key, f"seat {actor + 1} cannot move now; to move: {who}"
            )
        try:
            action: int = self.game.parse_action(self.state, actor, text)
        except WonderlandError as err:
            raise ScriptError(self.script.source, key, str(err)) from None
        try:
            self.game.apply(self.state, actor, action)
        except IllegalAction as err:
            raise ScriptError(self.script.source, key, str(err)) from None
        return action

    def _finish_step(self, action: int | None) -> str:
        """Apply the step's move and chance outcomes, then advance; returns what happened."""
        step = self.stage.scene.steps[self.step_index]
        key = self._step_key()
        said = ""
        if action is not None:
            actor = self._actor()
            said = self.aids.describe_move(self.state, actor, action)
            self.game.apply_in_place(self.state, actor, action)
        if step.chance or action is not None:
            self.stage.chance(self.game, step.chance, key)
        self.step_index += 1
        if self.step_index >= len(self.stage.scene.steps):
            self.scene_index += 1
            self.step_index = 0
            if not self.done:
                self.stage = _Stage(self.script, self.aids, self.scene_index)
        return said

    def proceed(self) -> Feedback:
        """Take a step that asks nothing (an explanation, or a move made for a seat)."""
        self.attempts += 1
        step = self.stage.scene.steps[self.step_index]
        if step.expect is not None:
            return Feedback(False, "this step asks for your move")
        action = None if step.play is None else self._parse(step.play, f"{self._step_key()}.play")
        return Feedback(True, self._finish_step(action))

    def attempt(self, text: str) -> Feedback:
        """The learner's move for an asking step: accepted and applied, or explained."""
        step = self.stage.scene.steps[self.step_index]
        if step.expect is None:
            return self.proceed()
        self.attempts += 1
        expected = self._parse(step.expect, f"{self._step_key()}.expect")
        actor = self._actor()
        why = self.rule_text(step.rule)
        hint = f" {prose(step.hint)}" if step.hint.strip() else ""
        try:
            action = self.game.parse_action(self.state, actor, text)
            if action != expected:
                self.game.apply(self.state, actor, action)  # raises when illegal
        except IllegalAction as err:
            clause = self.rule_text(err.rule)
            extra = f" ({clause})" if err.rule != step.rule and clause != err.rule else ""
            return Feedback(False, f"{err.message}{extra}.{hint} Rule {why}")
        except WonderlandError as err:
            return Feedback(False, f"{err}.{hint} Rule {why}")
        if action != expected:
            would = self.aids.describe_move(self.state, actor, action)
            return Feedback(
                False,
                f"{self.game.action_to_string(action)} is allowed ({would}), but this step is "
                f"about another move.{hint} Rule {why}",
            )
        return Feedback(True, self._finish_step(action))


def run_script(script: TeachScript, aids: GameAids | None = None) -> Iterator[StepCard]:
    """Every step card of ``script``, playing the expected moves (this checks the script)."""
    lesson = Lesson(script, aids)
    while not lesson.done:
        card = lesson.card()
        yield card
        step = lesson.stage.scene.steps[lesson.step_index]
        feedback = lesson.attempt(step.expect) if step.expect is not None else lesson.proceed()
        if not feedback.accepted:  # the expected move was refused: a broken script
            raise ScriptError(script.source, lesson._step_key(), feedback.message)
