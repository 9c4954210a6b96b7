"""The hosting aids as the web shows them: request bodies, the JSON of a lesson's step, a
practice task and a table position, and the refusals (a status and a sentence).

Free of any web framework: the server's routes and the offline engine (the same code run in
the browser by Pyodide, ``offline_api``) both answer with these.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Sequence
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from wonderland.core import CHANCE, TERMINAL, WonderlandError
from wonderland.hosting.aids import GameAids
from wonderland.hosting.practice import PracticeSession, Task, Verdict
from wonderland.hosting.teaching import Feedback, Lesson

MAX_SESSIONS = 500
MAX_TASKS = 100
GAME_ID = r"^[a-z0-9_]{1,40}$"
"""The pattern of a game's id in a path."""
SESSION_KEY = r"^[A-Za-z0-9_-]{1,64}$"
"""The pattern of a lesson's or practice session's id in a path."""
T = TypeVar("T")


class Refusal(WonderlandError):  # noqa: N818 - an answer of the API, as the server's 4xx
    """A refused request: its HTTP status and ``detail`` (a sentence, or the score
    calculator's ``{"problems": [...]}``); nothing changed."""

    def __init__(self, status: int, detail: Any) -> None:
        super().__init__(detail if isinstance(detail, str) else f"refused ({status})")
        self.status = status
        self.detail = detail


UNFIT = "this request does not fit the API"
"""What a request that does not fit the API's schema is, before the errors that say why."""


def explain(errors: Sequence[Any], subject: str) -> str:
    """Pydantic's validation errors in one readable line about ``subject`` (at most three)."""
    parts = []
    for problem in list(errors)[:3]:
        where = ".".join(str(p) for p in problem["loc"]) or "message"
        parts.append(f"{where}: {problem['msg']}")
    return f"{subject}: " + "; ".join(parts)


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


def not_true_or_false(value: Any) -> Any:
    """A number as JSON gives it: ``true`` and ``false`` are not 1 and 0."""
    if isinstance(value, bool):
        raise ValueError("a number is needed here, not true or false")
    return value


Number = Annotated[int, BeforeValidator(not_true_or_false)]
"""A whole number in a request body (``3.0`` is 3, as JSON Schema counts; ``false`` is not 0)."""


class StartLesson(_Body):
    """Start a shipped teaching script (by file name; default: the first)."""

    script: str | None = Field(default=None, max_length=100)


class LessonMove(_Body):
    """The learner's move, or nothing to continue past an explaining step."""

    move: str | None = Field(default=None, max_length=100)


class StartPractice(_Body):
    """Start a practice session."""

    count: Number = Field(default=10, ge=1, le=MAX_TASKS)
    seed: int | None = Field(default=None, ge=0)

    @field_validator("seed", mode="before")
    @classmethod
    def _seed_is_a_number(cls, value: Any) -> Any:
        return not_true_or_false(value)

    level: Number = Field(default=1, ge=1, le=5)


class Answers(_Body):
    """One answer per question of the current task."""

    answers: list[str] = Field(max_length=10)


class Sessions(Generic[T]):
    """A bounded in-memory store keyed by unguessable ids."""

    def __init__(self, limit: int = MAX_SESSIONS) -> None:
        self.limit = limit
        self.items: OrderedDict[str, T] = OrderedDict()

    def add(self, item: T) -> str:
        """Store ``item``; returns its id (the oldest item goes when full)."""
        key = secrets.token_urlsafe(12)
        self.items[key] = item
        while len(self.items) > self.limit:
            self.items.popitem(last=False)
        return key

    def get(self, key: str) -> T:
        """The item, or a 404 refusal."""
        item = self.items.get(key)
        if item is None:
            raise Refusal(404, "this session has expired: start again")
        self.items.move_to_end(key)
        return item

    def going_on(self, key: str, over: str) -> T:
        """The item if it is not done yet; 404 when expired, 409 with ``over`` when done."""
        item = self.get(key)
        if getattr(item, "done", False):
            raise Refusal(409, over)
        return item


def _legal_json(aids: GameAids, state: Any, viewer: int) -> list[dict[str, Any]]:
    game = aids.game
    return [
        {"id": a, "label": game.action_to_string(a), "info": aids.action_info(state, viewer, a)}
        for a in game.legal_actions(state, viewer)
    ]


def table_json(
    aids: GameAids, state: Any, viewer: int, learner: int, version: int, asks: bool
) -> dict[str, Any]:
    """A position as the web table's ``state`` message shows it to ``viewer`` (the same
    shape and the game's own view-to-JSON), so a game's renderer draws it. The legal actions
    are listed only when the step asks ``viewer`` for a move; the other seats are scripted."""
    game = aids.game
    mover = game.to_move(state)
    to_move = sorted(mover) if isinstance(mover, frozenset) else ([mover] if mover >= 0 else [])
    finished = mover == TERMINAL
    return {
        "type": "state",
        "version": version,
        "view": game.view_to_json(game.view(state, viewer)),
        "to_move": to_move,
        "chance_next": mover == CHANCE,
        "legal": _legal_json(aids, state, viewer) if asks and viewer in to_move else [],
        "log_start": 0,
        "log": [],
        "finished": finished,
        "winners": list(game.winners(state)) if finished else [],
        "scores": list(game.scores(state)) if finished else [],
        "seats": [
            {
                "seat": seat,
                "kind": "human" if seat == learner else "bot",
                "name": "you" if seat == learner else f"player {seat + 1}",
                "connected": True,
            }
            for seat in range(len(game.returns(state)))
        ],
        "live": None,
        "expired": False,
    }


def lesson_json(key: str, lesson: Lesson, feedback: Feedback | None = None) -> dict[str, Any]:
    """The lesson's current step (or its end), the feedback to the last move and the step's
    position as a table ``state`` message (``table``) with the game's public facts."""
    table = None
    if not lesson.done:
        card = lesson.card()
        table = {
            "state": table_json(
                lesson.aids,
                lesson.state,
                lesson.viewer(),
                lesson.script.model.seat,
                lesson.attempts,
                card.asks,
            ),
            "seat": lesson.viewer(),
            "content": lesson.game.table_content(lesson.config),
        }
    return {
        "lesson": key,
        "title": lesson.script.title,
        "done": lesson.done,
        "card": None if lesson.done else lesson.card().to_json(),
        "table": table,
        "feedback": None
        if feedback is None
        else {"accepted": feedback.accepted, "message": feedback.message},
    }


def practice_json(
    key: str, session: PracticeSession, verdict: Verdict | None = None
) -> dict[str, Any]:
    """The session's next task (or its summary) and the verdict on the last answers."""
    task: Task | None = None if session.done else session.task()
    table = None
    if task is not None and task.position is not None and task.seat is not None:
        game = session.aids.game
        state = table_json(session.aids, task.position, task.seat, task.seat, session.index, False)
        config = game.make_config(len(state["seats"]))
        table = {"state": state, "seat": task.seat, "content": game.table_content(config)}
    return {
        "session": key,
        "seed": session.seed,
        "number": session.index + 1,
        "count": session.count,
        "task": None if task is None else task.to_json(),
        "table": table,
        "verdict": None if verdict is None else verdict.to_json(),
        "summary": session.summary().to_json() | {"lines": session.summary().lines()},
    }
