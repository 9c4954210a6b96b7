"""Practice tasks: questions generated from the engine, answered, checked and explained.

A :class:`Task` carries its questions with the engine's answers; each question has a judge
that reads the learner's text (AnswerError for text it cannot read, which changes nothing)
and says whether it is right.  A :class:`PracticeSession` hands out tasks, rotating through the
game's task kinds; the level rises with each correct task and falls with each miss.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from wonderland.core import WonderlandError, derive_seed
from wonderland.hosting.aids import GameAids

MIN_LEVEL = 1
MAX_LEVEL = 5


class AnswerError(WonderlandError, ValueError):
    """Text that cannot be read as an answer to the question; says what form is expected."""


Judge = Callable[[str], bool]
"""Whether the text is a right answer (AnswerError when it is not an answer at all)."""


@dataclass(frozen=True, slots=True)
class Question:
    """One question of a task, with the engine's answer."""

    prompt: str
    form: str
    """How to type an answer, e.g. ``cards separated by spaces, or 'none'``."""
    answer: str
    """The engine's answer, written the way the learner would type it."""
    judge: Judge = field(repr=False, compare=False)
    choices: tuple[str, ...] = ()
    """The possible answers, for a multiple-choice question (empty: free text)."""

    def mark(self, text: str) -> bool:
        """Whether ``text`` is right; a choice may be named by its number (1-based)."""
        word = text.strip()
        if self.choices and word.isdigit() and 1 <= int(word) <= len(self.choices):
            word = self.choices[int(word) - 1]
        return self.judge(word)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict without the answer (the server keeps that)."""
        return {"prompt": self.prompt, "form": self.form, "choices": list(self.choices)}


@dataclass(frozen=True, slots=True)
class Task:
    """A practice task: a position, its questions and the explanation of the answers."""

    kind: str
    title: str
    level: int
    table: str
    questions: tuple[Question, ...]
    explanation: str
    rules: tuple[str, ...] = ()
    """The clauses the task exercises."""
    position: Any = field(default=None, repr=False, compare=False)
    """The engine state the task was built from, where one exists (never sent to a client:
    only the view of ``seat`` is)."""
    seat: int | None = None
    """The seat whose view of ``position`` the task shows."""

    def check(self, answers: Sequence[str]) -> Verdict:
        """Judge one answer per question (AnswerError, naming the question, for unreadable text)."""
        if len(answers) != len(self.questions):
            raise AnswerError(f"this task has {len(self.questions)} question(s)")
        marks = []
        for number, (question, text) in enumerate(zip(self.questions, answers, strict=True)):
            try:
                marks.append(question.mark(text))
            except AnswerError as err:
                prefix = f"question {number + 1}: " if len(self.questions) > 1 else ""
                raise AnswerError(f"{prefix}{err}") from None
        return Verdict(all(marks), tuple(marks), tuple(q.answer for q in self.questions), self)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of what the learner sees before answering."""
        return {
            "kind": self.kind,
            "title": self.title,
            "level": self.level,
            "table": self.table,
            "questions": [q.to_json() for q in self.questions],
            "rules": list(self.rules),
        }


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of answering a task."""

    correct: bool
    marks: tuple[bool, ...]
    expected: tuple[str, ...]
    task: Task

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, answers and explanation included."""
        return {
            "correct": self.correct,
            "marks": list(self.marks),
            "expected": list(self.expected),
            "explanation": self.task.explanation,
        }


@dataclass(slots=True)
class KindTally:
    """Asked and correct counts of one task kind."""

    asked: int = 0
    correct: int = 0


@dataclass(frozen=True, slots=True)
class Summary:
    """How a practice session went."""

    asked: int
    correct: int
    by_kind: dict[str, tuple[int, int]]
    """kind -> (asked, correct)."""
    start_level: int
    final_level: int
    highest_level: int

    def lines(self) -> list[str]:
        """The summary in words."""
        if not self.asked:
            return ["No task answered."]
        share = round(100 * self.correct / self.asked)
        lines = [f"{self.correct} of {self.asked} tasks right ({share} %)."]
        for kind, (asked, correct) in self.by_kind.items():
            lines.append(f"  {kind}: {correct} of {asked}")
        lines.append(
            f"Level {self.start_level} → {self.final_level} "
            f"(highest reached: {self.highest_level})."
        )
        return lines

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "asked": self.asked,
            "correct": self.correct,
            "by_kind": {k: {"asked": a, "correct": c} for k, (a, c) in self.by_kind.items()},
            "start_level": self.start_level,
            "final_level": self.final_level,
            "highest_level": self.highest_level,
        }


def make_task(aids: GameAids, kind: str, level: int, seed: int) -> Task:
    """The task of ``kind`` at ``level`` for ``seed``: the same arguments give the same task."""
    if kind not in aids.task_kinds:
        known = ", ".join(aids.task_kinds)
        raise AnswerError(f"no practice task {kind!r} for {aids.game.spec.name}; known: {known}")
    level = max(MIN_LEVEL, min(MAX_LEVEL, level))
    return aids.task_kinds[kind](random.Random(seed), level)


class PracticeSession:
    """A run of tasks: kinds in rotation, level up after a right task and down after a miss."""

    def __init__(
        self,
        aids: GameAids,
        count: int,
        seed: int,
        level: int = MIN_LEVEL,
        kinds: Sequence[str] | None = None,
    ) -> None:
        if count < 1:
            raise AnswerError("practise at least 1 task")
        self.aids = aids
        self.count = count
        self.seed = seed
        self.kinds = list(kinds or aids.task_kinds)
        for kind in self.kinds:
            if kind not in aids.task_kinds:
                known = ", ".join(aids.task_kinds)
                raise AnswerError(f"no practice task {kind!r}; known: {known}")
        self.level = max(MIN_LEVEL, min(MAX_LEVEL, level))
        self.start_level = self.level
        self.highest = self.level
        self.index = 0
        self.tally: dict[str, KindTally] = {kind: KindTally() for kind in self.kinds}

    @property
    def done(self) -> bool:
        """Whether every task has been answered."""
        return self.index >= self.count

    def task(self) -> Task:
        """The current task (generated from the session seed, its number and the level)."""
        kind = self.kinds[self.index % len(self.kinds)]
        return make_task(self.aids, kind, self.level, derive_seed(self.seed, self.index, kind))

    def answer(self, answers: Sequence[str]) -> Verdict:
        """Judge the current task and move on (AnswerError changes nothing)."""
        task = self.task()
        verdict = task.check(answers)
        tally = self.tally[task.kind]
        tally.asked += 1
        if verdict.correct:
            tally.correct += 1
            self.level = min(MAX_LEVEL, self.level + 1)
        else:
            self.level = max(MIN_LEVEL, self.level - 1)
        self.highest = max(self.highest, self.level)
        self.index += 1
        return verdict

    def summary(self) -> Summary:
        """The tally so far."""
        asked = sum(t.asked for t in self.tally.values())
        correct = sum(t.correct for t in self.tally.values())
        return Summary(
            asked=asked,
            correct=correct,
            by_kind={k: (t.asked, t.correct) for k, t in self.tally.items() if t.asked},
            start_level=self.start_level,
            final_level=self.level,
            highest_level=self.highest,
        )


# -- answer readers shared by the games -------------------------------------------------------
def read_numbers(text: str, count: int, what: str) -> list[int]:
    """Exactly ``count`` whole numbers separated by spaces or commas."""
    words = text.replace(",", " ").split()
    try:
        numbers = [int(w) for w in words]
    except ValueError:
        raise AnswerError(f"type {count} whole numbers ({what}), e.g. 12 7 9") from None
    if len(numbers) != count:
        raise AnswerError(f"type {count} numbers ({what}), not {len(numbers)}")
    return numbers


def read_choice(text: str, choices: Sequence[str]) -> str:
    """One of ``choices``, by its words (case-insensitive) or its number (1-based)."""
    word = text.strip().lower()
    if word.isdigit() and 1 <= int(word) <= len(choices):
        return choices[int(word) - 1]
    for choice in choices:
        if choice.lower() == word:
            return choice
    raise AnswerError(f"answer with one of: {', '.join(choices)} (or its number)")


def read_percent(text: str) -> float:
    """A probability typed as ``25 %``, ``25``, ``0.25`` or ``1/4``; returned as 0..1."""
    word = text.strip().replace(" ", "").rstrip("%")
    try:
        if "/" in word:
            top, _, bottom = word.partition("/")
            value = int(top) / int(bottom)
        else:
            number = float(word)
            value = number / 100 if number > 1 or text.strip().endswith("%") else number
    except (ValueError, ZeroDivisionError):
        raise AnswerError("type a chance such as 25 %, 0.25 or 1/4") from None
    if not 0 <= value <= 1:
        raise AnswerError("a chance lies between 0 % and 100 %")
    return value


def read_seats(text: str, seats: int) -> set[int]:
    """Seat numbers, counted from 1 as the tables show them, typed as ``1 3``, ``1,3``, ``13``
    or ``seats 1 and 3``; ``none`` is empty.  Returned as seat indices (from 0).

    >>> sorted(read_seats("seats 1 and 3", 3))
    [0, 2]
    """
    word = text.strip().lower()
    if word in ("none", "-", "nobody"):
        return set()
    cleaned = word.replace("seats", " ").replace("seat", " ").replace("and", " ")
    cleaned = cleaned.replace(",", " ")
    if not cleaned.strip() or any(not (ch.isdigit() or ch.isspace()) for ch in cleaned):
        raise AnswerError("type seat numbers, e.g. 1 3, or 'none'")
    found = {int(ch) for ch in cleaned if ch.isdigit()}
    if any(not 1 <= seat <= seats for seat in found):
        raise AnswerError(f"the seats are 1-{seats}")
    return {seat - 1 for seat in found}


def seat_numbers(seats: Iterable[int], between: str = " ") -> str:
    """Seat indices as a person reads and types them, counted from 1 (``none`` for none).

    >>> seat_numbers({0, 2}), seat_numbers([]), seat_numbers([1, 0], "")
    ('1 3', 'none', '12')
    """
    return between.join(str(seat + 1) for seat in sorted(seats)) or "none"
