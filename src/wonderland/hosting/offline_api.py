"""The hosting aids' HTTP API without a server: ``(method, path, body)`` in, ``(status,
JSON)`` out, with the answers and refusals the server's routes give (the same
``web_api`` code; a request that does not fit is refused 422 with the server's sentence).

The offline engine of the web pages runs this in the browser (Pyodide) when the network is
gone, so the Learn pages and the score calculators keep working.

>>> status, answer = OfflineApi().answer("GET", "/api/score/nothing", None)
>>> status, answer["detail"]
(404, "no Learn page for 'nothing'")
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from wonderland.hosting.web_api import HostingApi
from wonderland.hosting.web_json import (
    GAME_ID,
    SESSION_KEY,
    UNFIT,
    Answers,
    LessonMove,
    Refusal,
    StartLesson,
    StartPractice,
    explain,
)

Handler = Callable[[HostingApi, str, Any], dict[str, Any]]
ANY_OBJECT: TypeAdapter[dict[str, Any]] = TypeAdapter(dict[str, Any])


def _body_of(model: type[BaseModel] | None) -> Callable[[Any], Any]:
    """What reads a request's JSON body: the route's model, or any object (``None``)."""

    def read(body: Any) -> Any:
        if body is None:  # as the server's routes: a body is required
            raise ValidationError.from_exception_data(
                "body", [{"type": "missing", "loc": (), "input": None}]
            )
        if model is None:
            return ANY_OBJECT.validate_python(body)
        return model.model_validate(body)

    return read


ROUTES: list[tuple[str, str, str, type[BaseModel] | None, Handler]] = [
    ("GET", r"/api/learn/([^/]+)", "game_id", None, lambda api, g, _: api.learn_info(g)),
    ("POST", r"/api/learn/([^/]+)/lessons", "game_id", StartLesson, HostingApi.start_lesson),
    ("POST", r"/api/lessons/([^/]+)", "key", LessonMove, HostingApi.lesson_step),
    ("POST", r"/api/learn/([^/]+)/practice", "game_id", StartPractice, HostingApi.start_practice),
    ("POST", r"/api/practice/([^/]+)", "key", Answers, HostingApi.answer_task),
    ("GET", r"/api/score/([^/]+)", "game_id", None, lambda api, g, _: api.score_form(g)),
    ("POST", r"/api/score/([^/]+)", "game_id", None, HostingApi.score),
    ("POST", r"/api/score/([^/]+)/check", "game_id", None, HostingApi.score_check),
]
"""Each request the offline engine answers: method, path, the path parameter's name, the
body's model (``None``: a JSON object, or no body for a GET) and the answer."""


class OfflineApi:
    """The hosting aids' requests answered in-process, with their own sessions."""

    def __init__(self) -> None:
        self.api = HostingApi()

    def answer(self, method: str, path: str, body: Any) -> tuple[int, dict[str, Any]]:
        """The status and JSON the server would answer ``method path`` with ``body`` (the
        request's parsed JSON, or None when it has none)."""
        for verb, pattern, name, model, handler in ROUTES:
            found = re.fullmatch(pattern, path)
            if found is None or verb != method:
                continue
            problems = _unfit_path(name, found.group(1))
            try:
                read = _body_of(model)(body) if verb == "POST" else None
            except ValidationError as err:
                problems += [{**e, "loc": ("body", *e["loc"])} for e in err.errors()]
            if problems:
                return 422, {"detail": explain(problems, UNFIT)}
            try:
                return 200, handler(self.api, found.group(1), read)
            except Refusal as refusal:
                return refusal.status, {"detail": refusal.detail}
        return 404, {"detail": "Not Found"}

    def answer_json(self, method: str, path: str, body: str | None) -> str:
        """:meth:`answer` with the body and the answer as JSON text (``[status, answer]``),
        as the browser's worker passes them."""
        try:
            parsed = None if body is None else json.loads(body)
        except ValueError:
            problem = {"loc": ("body", 0), "msg": "JSON decode error"}
            return json.dumps([422, {"detail": explain([problem], UNFIT)}])
        return json.dumps(self.answer(method, path, parsed))


def _unfit_path(name: str, value: str) -> list[dict[str, Any]]:
    """The path parameter's problem as the server words it (none when it fits)."""
    pattern = GAME_ID if name == "game_id" else SESSION_KEY
    if re.fullmatch(pattern, value):
        return []
    return [{"loc": ("path", name), "msg": f"String should match pattern '{pattern}'"}]
