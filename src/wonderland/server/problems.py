"""The HTTP API's refusals, as its OpenAPI schema documents them.

Every refused request is answered with a status and ``{"detail": sentence}`` (the score
calculator's 400 lists its problems instead); a request that does not fit the schema is
answered 422 with a sentence naming what does not fit; a method a path does not take is
answered 405 with ``Allow`` listing every method it does take.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from starlette.exceptions import HTTPException
from starlette.routing import Match, Mount

from wonderland.hosting.web_json import UNFIT, explain


class Problem(BaseModel):
    """A refused request: nothing changed; ``detail`` says why, in a sentence."""

    detail: str


class ScoreProblemList(BaseModel):
    """Every problem found in a score sheet, each in a sentence."""

    problems: list[str]


class ScoreProblems(BaseModel):
    """A score sheet that cannot be scored: nothing is scored; every problem is listed."""

    detail: ScoreProblemList


WHY: dict[int, str] = {
    400: "Refused: the request asks for something the server does not do; `detail` says why",
    403: "Refused by the server's policy; `detail` says why",
    404: "There is no such thing; `detail` says what is missing",
    409: "Refused because of the state it is in now (a seat taken, a game over or running)",
    422: "The request does not fit this schema: a parameter or field of the wrong type, "
    "format or range; `detail` names it",
    429: "Too many requests from this address: wait the seconds `Retry-After` gives",
    503: "The database cannot be reached just now: nothing changed; try again after "
    "`Retry-After` seconds",
}
"""What each refusal means, as the schema describes it."""

RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before trying again",
        "required": True,
        "schema": {"type": "integer", "minimum": 1},
    }
}


def answers(*codes: int, model: type[BaseModel] = Problem) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route that may refuse with ``codes`` (each body a ``Problem``;
    ``model`` for a 400 of its own)."""
    documented: dict[int | str, dict[str, Any]] = {}
    for code in codes:
        answer: dict[str, Any] = {
            "model": model if code == 400 else Problem,
            "description": WHY[code],
        }
        if code in (429, 503):
            answer["headers"] = RETRY_AFTER
        documented[code] = answer
    return documented


async def unfit_request(request: Request, exc: Exception) -> Response:
    """422 with a sentence: what in the request does not fit the schema."""
    assert isinstance(exc, RequestValidationError)
    detail = explain(exc.errors(), UNFIT)
    return JSONResponse({"detail": detail}, status_code=422)


METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
"""The methods a route of this server may take."""


def allowed_methods(app: Any, scope: Mapping[str, Any]) -> list[str]:
    """Every method some route takes at the scope's path (``HEAD`` with ``GET``): each is
    tried against the app's routes as a request of that method would be."""
    routes = [route for route in app.router.routes if not isinstance(route, Mount)]
    methods = {
        method
        for method in METHODS
        if any(route.matches({**scope, "method": method})[0] == Match.FULL for route in routes)
    }
    if "GET" in methods:
        methods.add("HEAD")  # every GET route answers HEAD (``HeadAsGet``)
    return sorted(methods)


async def refused(request: Request, exc: Exception) -> Response:
    """An HTTP error as JSON; a 405 lists in ``Allow`` every method its path takes (the
    path's routes each answer their own methods); a body that is not UTF-8 is unfit (422)."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 400 and isinstance(exc.__cause__, UnicodeDecodeError):
        # FastAPI's answer to a JSON body that is not UTF-8: unfit, as any other unread body
        detail = "this request does not fit the API: its body is not UTF-8 text; send JSON"
        return JSONResponse({"detail": detail}, status_code=422)
    if exc.status_code != 405:
        return await http_exception_handler(request, exc)
    methods = allowed_methods(request.app, request.scope)
    if not methods:  # not a route's path (a mounted folder): its own answer stands
        return await http_exception_handler(request, exc)
    detail = f"{request.method} is not answered here: this path takes {', '.join(methods)}"
    return JSONResponse({"detail": detail}, status_code=405, headers={"Allow": ", ".join(methods)})


def answer_refusals(app: FastAPI) -> None:
    """Install the handlers of 422 and 405 answers."""
    app.add_exception_handler(RequestValidationError, unfit_request)
    app.add_exception_handler(HTTPException, refused)
