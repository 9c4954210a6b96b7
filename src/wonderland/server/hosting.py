"""The web side of the hosting aids: Learn pages (teaching scripts and practice) and score
calculators, as JSON endpoints over the same engine code the terminal uses.

The answers themselves are ``wonderland.hosting.web_api``'s (the offline engine in the
browser runs the same code); here they become routes. Lessons and practice sessions live in
memory (a bounded store: the oldest are dropped); they hold no hidden information of anyone
else, so losing one on a restart costs only a restart.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import fastapi
from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

from wonderland.core import game_ids
from wonderland.hosting.aids import scored_game_ids
from wonderland.hosting.web_api import HostingApi, aided
from wonderland.hosting.web_json import (
    GAME_ID,
    SESSION_KEY,
    Answers,
    LessonMove,
    Refusal,
    StartLesson,
    StartPractice,
)
from wonderland.server.problems import ScoreProblems, answers

GameId = Annotated[
    str,
    fastapi.Path(
        pattern=GAME_ID, description="The game's id (`GET /api/games`)", examples=game_ids()[:1]
    ),
]
"""A game's id in a route's path."""
SessionKey = Annotated[
    str,
    fastapi.Path(pattern=SESSION_KEY, description="The session's id, as its start gave it"),
]
"""A lesson's or practice session's id in a route's path."""


@contextmanager
def refused_as_http() -> Iterator[None]:
    """A refusal of the hosting aids becomes the HTTP error of its status and detail."""
    try:
        yield
    except Refusal as refusal:
        raise HTTPException(refusal.status, detail=refusal.detail) from None


def hosting_router(static: Path) -> APIRouter:
    """Pages and endpoints of the Learn and score-calculator pages."""
    router = APIRouter()
    api = HostingApi()
    router.include_router(lessons_router(static, api))
    router.include_router(practice_router(api))
    router.include_router(score_router(static, api))
    return router


def lessons_router(static: Path, api: HostingApi) -> APIRouter:
    """The Learn page, its game's scripts and task kinds, and the lessons of a script."""
    router = APIRouter()

    @router.get("/learn/{game_id}", include_in_schema=False)
    async def learn_page(game_id: str) -> FileResponse:
        with refused_as_http():
            aided(game_id)
        return FileResponse(static / "learn.html")

    @router.get("/api/learn/{game_id}", responses=answers(404, 422))
    async def learn_info(game_id: GameId) -> dict[str, Any]:
        """The game's teaching scripts and practice task kinds."""
        with refused_as_http():
            return api.learn_info(game_id)

    @router.post("/api/learn/{game_id}/lessons", responses=answers(404, 422))
    async def start_lesson(body: StartLesson, game_id: GameId) -> dict[str, Any]:
        """Start a teaching script: its first step."""
        with refused_as_http():
            return api.start_lesson(game_id, body)

    @router.post("/api/lessons/{key}", responses=answers(404, 409, 422))
    async def lesson_step(body: LessonMove, key: SessionKey) -> dict[str, Any]:
        """Continue past an explaining step, or try a move."""
        with refused_as_http():
            return api.lesson_step(key, body)

    return router


def practice_router(api: HostingApi) -> APIRouter:
    """Practice sessions: a task at a time, each answer checked."""
    router = APIRouter()

    @router.post("/api/learn/{game_id}/practice", responses=answers(404, 422))
    async def start_practice(body: StartPractice, game_id: GameId) -> dict[str, Any]:
        """Start a practice session: its first task."""
        with refused_as_http():
            return api.start_practice(game_id, body)

    @router.post("/api/practice/{key}", responses=answers(400, 404, 409, 422))
    async def answer_task(body: Answers, key: SessionKey) -> dict[str, Any]:
        """Check the answers to the current task; 400 (nothing changes) for unreadable ones."""
        with refused_as_http():
            return api.answer_task(key, body)

    return router


def score_router(static: Path, api: HostingApi) -> APIRouter:
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
        with refused_as_http():
            return api.score_form(game_id)

    @router.post("/api/score/{game_id}", responses=answers(400, 404, 422, model=ScoreProblems))
    async def score(body: dict[str, Any], game_id: GameId) -> dict[str, Any]:
        """Score ``{"players": [...], "variants": {...}}``; 400 lists every problem."""
        with refused_as_http():
            return api.score(game_id, body)

    @router.post("/api/score/{game_id}/check", responses=answers(404, 422))
    async def score_check(body: dict[str, Any], game_id: GameId) -> dict[str, Any]:
        """The page's form: ``{"report": ...}``, or ``{"problems": [...]}`` when the entries
        cannot be scored (answered 200 either way: a person's typing is not a failed request)."""
        with refused_as_http():
            return api.score_check(game_id, body)

    return router
