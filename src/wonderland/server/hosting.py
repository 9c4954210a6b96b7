"""The web side of the hosting aids: Learn pages (teaching scripts and practice) and score
calculators, as JSON endpoints over the same engine code the terminal uses.

Lessons and practice sessions live in memory (a bounded store: the oldest are dropped); they
hold no hidden information of anyone else, so losing one on a restart costs only a restart.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

import fastapi
from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from wonderland.core import CHANCE, TERMINAL, WonderlandError, get_game
from wonderland.hosting.aids import (
    GameAids,
    aids_game_ids,
    get_aids,
    get_score_calculator,
    scored_game_ids,
)
from wonderland.hosting.practice import PracticeSession, Task, Verdict
from wonderland.hosting.scoring import ScoreCalculator
from wonderland.hosting.teaching import Feedback, Lesson, shipped_scripts
from wonderland.server.problems import ScoreProblems, answers

MAX_SESSIONS = 500
MAX_TASKS = 100
T = TypeVar("T")
GameId = Annotated[
    str,
    fastapi.Path(
        pattern=r"^[a-z0-9_]{1,40}$",
        description="The game's id (`GET /api/games`)",
        examples=["parade"],
    ),
]
"""A game's id in a route's path."""
SessionKey = Annotated[
    str,
    fastapi.Path(
        pattern=r"^[A-Za-z0-9_-]{1,64}$", description="The session's id, as its start gave it"
    ),
]
"""A lesson's or practice session's id in a route's path."""


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
        """The item, or 404."""
        item = self.items.get(key)
        if item is None:
            raise HTTPException(404, detail="this session has expired: start again")
        self.items.move_to_end(key)
        return item

    def going_on(self, key: str, over: str) -> T:
        """The item if it is not done yet; 404 when expired, 409 with ``over`` when done."""
        item = self.get(key)
        if getattr(item, "done", False):
            raise HTTPException(409, detail=over)
        return item


def _aided(game_id: str) -> None:
    if game_id not in aids_game_ids():
        raise HTTPException(404, detail=f"no Learn page for {game_id!r}")


def table_json(
    aids: GameAids, state: Any, viewer: int, learner: int, version: int, asks: bool
) -> dict[str, Any]:
    """A position as the web table's ``state`` message shows it to ``viewer`` (the same
    shape and the game's own view-to-JSON), so a game's renderer draws it. The legal actions
    are listed only when the step asks ``viewer`` for a move; the other seats are scripted."""
    game = aids.game
    view = game.view(state, viewer)
    mover = game.to_move(state)
    to_move = sorted(mover) if isinstance(mover, frozenset) else ([mover] if mover >= 0 else [])
    legal = (
        [
            {
                "id": a,
                "label": game.action_to_string(a),
                "info": aids.action_info(state, viewer, a),
            }
            for a in game.legal_actions(state, viewer)
        ]
        if asks and viewer in to_move
        else []
    )
    finished = mover == TERMINAL
    seats = len(game.returns(state))
    return {
        "type": "state",
        "version": version,
        "view": game.view_to_json(view),
        "to_move": to_move,
        "chance_next": mover == CHANCE,
        "legal": legal,
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
            for seat in range(seats)
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


def hosting_router(static: Path) -> APIRouter:
    """Pages and endpoints of the Learn and score-calculator pages."""
    router = APIRouter()
    router.include_router(lessons_router(static))
    router.include_router(practice_router())
    router.include_router(score_router(static))
    return router


def lessons_router(static: Path) -> APIRouter:
    """The Learn page, its game's scripts and task kinds, and the lessons of a script."""
    router = APIRouter()
    lessons: Sessions[Lesson] = Sessions()

    @router.get("/learn/{game_id}", include_in_schema=False)
    async def learn_page(game_id: str) -> FileResponse:
        _aided(game_id)
        return FileResponse(static / "learn.html")

    @router.get("/api/learn/{game_id}", responses=answers(404, 422))
    async def learn_info(game_id: GameId) -> dict[str, Any]:
        """The game's teaching scripts and practice task kinds."""
        _aided(game_id)
        aids = get_aids(game_id)
        return {
            "game": game_id,
            "name": aids.game.spec.name,
            "scripts": [
                {
                    "name": s.source.rsplit("/", 1)[-1],
                    "title": s.title,
                    "summary": s.model.summary,
                    "minutes": s.model.minutes,
                }
                for s in shipped_scripts(game_id)
            ],
            "practice": list(aids.task_kinds),
            "score": game_id in scored_game_ids(),
        }

    @router.post("/api/learn/{game_id}/lessons", responses=answers(404, 422))
    async def start_lesson(body: StartLesson, game_id: GameId) -> dict[str, Any]:
        """Start a teaching script: its first step."""
        _aided(game_id)
        scripts = shipped_scripts(game_id)
        chosen = [s for s in scripts if body.script in (None, s.source.rsplit("/", 1)[-1])]
        if not chosen:
            raise HTTPException(404, detail=f"no teaching script {body.script!r}")
        lesson = Lesson(chosen[0])
        return lesson_json(lessons.add(lesson), lesson)

    @router.post("/api/lessons/{key}", responses=answers(404, 409, 422))
    async def lesson_step(body: LessonMove, key: SessionKey) -> dict[str, Any]:
        """Continue past an explaining step, or try a move."""
        lesson = lessons.going_on(key, "the lesson is over")
        feedback = lesson.proceed() if body.move is None else lesson.attempt(body.move)
        return lesson_json(key, lesson, feedback)

    return router


def practice_router() -> APIRouter:
    """Practice sessions: a task at a time, each answer checked."""
    router = APIRouter()
    practices: Sessions[PracticeSession] = Sessions()

    @router.post("/api/learn/{game_id}/practice", responses=answers(404, 422))
    async def start_practice(body: StartPractice, game_id: GameId) -> dict[str, Any]:
        """Start a practice session: its first task."""
        _aided(game_id)
        seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
        session = PracticeSession(get_aids(game_id), body.count, seed, body.level)
        return practice_json(practices.add(session), session)

    @router.post("/api/practice/{key}", responses=answers(400, 404, 409, 422))
    async def answer_task(body: Answers, key: SessionKey) -> dict[str, Any]:
        """Check the answers to the current task; 400 (nothing changes) for unreadable ones."""
        session = practices.going_on(key, "the practice session is over")
        try:
            verdict = session.answer(body.answers)
        except WonderlandError as err:
            raise HTTPException(400, detail=str(err)) from None
        return practice_json(key, session, verdict)

    return router


def calculator(game_id: str) -> ScoreCalculator:
    """The game's score calculator; 404 when it has none."""
    _aided(game_id)
    calc = get_score_calculator(game_id)
    if calc is None:
        raise HTTPException(404, detail=f"no score calculator for {game_id!r}")
    return calc


def score_or_problems(
    calc: ScoreCalculator, game_id: str, body: dict[str, Any]
) -> tuple[dict[str, Any] | None, list[str]]:
    """The score report of ``body`` as JSON, or None and every problem found in it."""
    try:
        entries, variants = calc.parse_data(body)
        report = calc.score(entries, get_game(game_id).variants.resolve(variants))
    except WonderlandError as err:
        return None, list(getattr(err, "problems", [str(err)]))
    return report.to_json(), []


def score_router(static: Path) -> APIRouter:
    """The score-calculator page, its form and its scoring."""
    router = APIRouter()

    @router.get("/score/{game_id}", include_in_schema=False)
    async def score_page(game_id: str) -> FileResponse:
        if game_id not in scored_game_ids():
            raise HTTPException(404, detail=f"no score calculator for {game_id!r}")
        return FileResponse(static / "score.html")

    @router.get("/api/score/{game_id}", responses=answers(404, 422))
    async def score_form(game_id: GameId) -> dict[str, Any]:
        """What the calculator asks of each player, the module of the game's own widgets and
        the variants that change scoring."""
        calc = calculator(game_id)
        game = get_game(game_id)
        players = max(calc.min_players, game.spec.min_players)
        widgets = calc.web_widgets
        return {
            "game": game_id,
            "name": game.spec.name,
            "widgets": f"/games/{game_id}/{widgets}" if widgets else None,
            "content": game.table_content(game.make_config(players)) if calc.web_content else {},
            "min_players": calc.min_players,
            "max_players": calc.max_players,
            "fields": [f.to_json() for f in calc.fields],
            "variants": [
                {"name": v.name, "help": v.help, "clause": v.clause, "default": v.default}
                for v in game.variants
                if v.name in calc.variant_names and v.kind == "bool"
            ],
        }

    @router.post("/api/score/{game_id}", responses=answers(400, 404, 422, model=ScoreProblems))
    async def score(body: dict[str, Any], game_id: GameId) -> dict[str, Any]:
        """Score ``{"players": [...], "variants": {...}}``; 400 lists every problem."""
        report, problems = score_or_problems(calculator(game_id), game_id, body)
        if report is None:
            raise HTTPException(400, detail={"problems": problems})
        return report

    @router.post("/api/score/{game_id}/check", responses=answers(404, 422))
    async def score_check(body: dict[str, Any], game_id: GameId) -> dict[str, Any]:
        """The page's form: ``{"report": ...}``, or ``{"problems": [...]}`` when the entries
        cannot be scored (answered 200 either way: a person's typing is not a failed request)."""
        report, problems = score_or_problems(calculator(game_id), game_id, body)
        return {"report": report} if report is not None else {"problems": problems}

    return router
