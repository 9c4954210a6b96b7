"""What the Learn pages and the score calculators ask, answered: one method per request of
the HTTP API (``/api/learn/...``, ``/api/lessons/...``, ``/api/practice/...``,
``/api/score/...``), each refusing with a :class:`~wonderland.hosting.web_json.Refusal`.

The server's routes call these, and so does the offline engine in the browser (Pyodide runs
this same module), so both give the same answers and the same refusals.
"""

from __future__ import annotations

import secrets
from typing import Any

from wonderland.core import WonderlandError, get_game
from wonderland.hosting.aids import (
    aids_game_ids,
    get_aids,
    get_score_calculator,
    scored_game_ids,
)
from wonderland.hosting.practice import PracticeSession
from wonderland.hosting.scoring import ScoreCalculator
from wonderland.hosting.teaching import Lesson, shipped_scripts
from wonderland.hosting.web_json import (
    Answers,
    LessonMove,
    Refusal,
    Sessions,
    StartLesson,
    StartPractice,
    lesson_json,
    practice_json,
)


def aided(game_id: str) -> None:
    """Nothing when ``game_id`` has a Learn page; a 404 refusal otherwise."""
    if game_id not in aids_game_ids():
        raise Refusal(404, f"no Learn page for {game_id!r}")


def calculator(game_id: str) -> ScoreCalculator:
    """The game's score calculator; a 404 refusal when it has none."""
    aided(game_id)
    calc = get_score_calculator(game_id)
    if calc is None:
        raise Refusal(404, f"no score calculator for {game_id!r}")
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


class HostingApi:
    """The answers of the hosting aids' requests, with their lessons and practice sessions
    (held in memory: they hold no hidden information of anyone else)."""

    def __init__(self) -> None:
        self.lessons: Sessions[Lesson] = Sessions()
        self.practices: Sessions[PracticeSession] = Sessions()

    def learn_info(self, game_id: str) -> dict[str, Any]:
        """The game's teaching scripts and practice task kinds."""
        aided(game_id)
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

    def start_lesson(self, game_id: str, body: StartLesson) -> dict[str, Any]:
        """Start a teaching script: its first step."""
        aided(game_id)
        scripts = shipped_scripts(game_id)
        chosen = [s for s in scripts if body.script in (None, s.source.rsplit("/", 1)[-1])]
        if not chosen:
            raise Refusal(404, f"no teaching script {body.script!r}")
        lesson = Lesson(chosen[0])
        return lesson_json(self.lessons.add(lesson), lesson)

    def lesson_step(self, key: str, body: LessonMove) -> dict[str, Any]:
        """Continue past an explaining step, or try a move."""
        lesson = self.lessons.going_on(key, "the lesson is over")
        feedback = lesson.proceed() if body.move is None else lesson.attempt(body.move)
        return lesson_json(key, lesson, feedback)

    def start_practice(self, game_id: str, body: StartPractice) -> dict[str, Any]:
        """Start a practice session: its first task."""
        aided(game_id)
        seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
        session = PracticeSession(get_aids(game_id), body.count, seed, body.level)
        return practice_json(self.practices.add(session), session)

    def answer_task(self, key: str, body: Answers) -> dict[str, Any]:
        """Check the answers to the current task; 400 (nothing changes) for unreadable ones."""
        session = self.practices.going_on(key, "the practice session is over")
        try:
            verdict = session.answer(body.answers)
        except WonderlandError as err:
            raise Refusal(400, str(err)) from None
        return practice_json(key, session, verdict)

    def score_form(self, game_id: str) -> dict[str, Any]:
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

    def score(self, game_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """Score ``{"players": [...], "variants": {...}}``; a 400 refusal lists every problem."""
        report, problems = score_or_problems(calculator(game_id), game_id, body)
        if report is None:
            raise Refusal(400, {"problems": problems})
        return report

    def score_check(self, game_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """The page's form: ``{"report": ...}``, or ``{"problems": [...]}`` when the entries
        cannot be scored (answered 200 either way: a person's typing is not a failed request)."""
        report, problems = score_or_problems(calculator(game_id), game_id, body)
        return {"report": report} if report is not None else {"problems": problems}
