"""Practice tasks: the engine's answers, checked against independent computations for many
seeds; right answers accepted, wrong ones rejected, unreadable ones refused."""

from __future__ import annotations

import itertools

import pytest

from wonderland.cli.main import main
from wonderland.games import parade
from wonderland.games.parade.cards import COLOURS, VALUE_OF, Card, card_str
from wonderland.games.parade.hosting.practice import read_cards, read_majorities
from wonderland.games.parade.rules import score_sheet
from wonderland.hosting.aids import get_aids
from wonderland.hosting.practice import (
    AnswerError,
    PracticeSession,
    Task,
    make_task,
    read_choice,
    read_percent,
    read_seats,
)

AIDS = get_aids("parade")
SEEDS = range(12)
LEVELS = range(1, 6)


def parse_table(task: Task) -> tuple[list[str], list[str]]:
    """The parade and the hand shown in a task's table."""
    parade_line, *rest = task.table.splitlines()
    line = [word.split(":")[1] for word in parade_line.split(": ", 1)[1].split()]
    hand = rest[0].removeprefix("Your hand: ").split() if rest else []
    return line, hand


@pytest.mark.parametrize("level", LEVELS)
def test_collect_tasks_match_the_rules(level: int) -> None:
    """The answer is exactly `cards_taken` of the shown parade; another set is wrong."""
    for seed in SEEDS:
        task = make_task(AIDS, "collect", level, seed)
        line, _ = parse_table(task)
        played = task.questions[0].prompt.split()[2]
        expected = {str(c) for c in parade.cards_taken(line, played)}
        question = task.questions[0]
        assert task.check([" ".join(expected) or "none"]).correct, (seed, task.table)
        assert {card_str(c) for c in read_cards(question.answer)} == expected
        wrong = expected ^ {line[-1]}  # the nearest card is always safe (or N = 0)
        assert not task.check([" ".join(wrong) or "none"]).correct


@pytest.mark.parametrize("level", LEVELS)
def test_cheapest_tasks_match_the_rules(level: int) -> None:
    """Every card of the hand is costed by `cards_taken`; only the minima are accepted."""
    for seed in SEEDS:
        task = make_task(AIDS, "cheapest", level, seed)
        line, hand = parse_table(task)
        cost = {c: sum(VALUE_OF[t.id] for t in parade.cards_taken(line, c)) for c in hand}
        best = min(cost.values())
        for card, points in cost.items():
            assert task.check([card]).correct == (points == best), (seed, card, task.table)
        assert set(task.questions[0].choices) == set(hand)
        by_number = str(task.questions[0].choices.index(hand[0]) + 1)
        assert task.check([by_number]).correct == (cost[hand[0]] == best)


@pytest.mark.parametrize("level", LEVELS)
def test_majority_tasks_match_the_scoring(level: int) -> None:
    """Holders and scores equal `score_sheet` of the shown collections; a changed score fails."""
    for seed in SEEDS:
        task = make_task(AIDS, "majority", level, seed)
        rows = task.table.splitlines()[1:]
        collections = []
        for row in rows:
            body = row.split(": ", 1)[1].rsplit("  (", 1)[0]
            words = [w for w in body.replace("|", " ").split() if not w.endswith(":")]
            collections.append([Card.parse(w).id for w in words if w != "(none)"])
        sheet = score_sheet(collections)
        holders = " ".join(
            COLOURS[k]
            + ("".join(str(p + 1) for p in range(len(rows)) if sheet.majority[p][k]) or "-")
            for k in range(6)
        )
        scores = " ".join(map(str, sheet.totals))
        assert task.check([holders, scores]).correct, (seed, task.table)
        assert (task.questions[0].answer, task.questions[1].answer) == (holders, scores)
        wrong_scores = " ".join(str(t + (p == 0)) for p, t in enumerate(sheet.totals))
        verdict = task.check([holders, wrong_scores])
        assert not verdict.correct and verdict.marks == (True, False)


def test_levels_change_the_tasks() -> None:
    """Level 3 majority tasks are 2-player games (P36); levels 4-5 are finished games."""
    for seed in SEEDS:
        assert "2 players" in make_task(AIDS, "majority", 3, seed).table
        assert make_task(AIDS, "majority", 5, seed).table.startswith("The game is over")
        assert "as if the game ended now" in make_task(AIDS, "majority", 1, seed).table
    short = [len(parse_table(make_task(AIDS, "collect", 1, s))[0]) for s in SEEDS]
    long = [len(parse_table(make_task(AIDS, "collect", 5, s))[0]) for s in SEEDS]
    assert sum(long) > sum(short)


def test_same_seed_same_task() -> None:
    """Tasks are a function of kind, level and seed."""
    for kind, level in itertools.product(AIDS.task_kinds, LEVELS):
        first, again = make_task(AIDS, kind, level, 9), make_task(AIDS, kind, level, 9)
        assert (first.table, first.questions[0].answer) == (again.table, again.questions[0].answer)


@pytest.mark.parametrize(
    ("reader", "text", "message"),
    [
        (read_cards, "", "type the cards"),
        (read_cards, "R3 Z9", "bad card 'Z9'"),
        (lambda t: read_majorities(t, 3), "Q1", "start with a colour letter"),
        (lambda t: read_majorities(t, 3), "R1 R2", "named twice"),
        (lambda t: read_majorities(t, 3), "R7", "seats 1-3"),
        (lambda t: read_majorities(t, 3), "R0", "seats 1-3"),
        (lambda t: read_choice(t, ["advance", "block"]), "fly", "advance, block"),
        (read_percent, "lots", "type a chance"),
        (read_percent, "150 %", "between 0 % and 100 %"),
        (lambda t: read_seats(t, 3), "Bob", "type seat numbers"),
        (lambda t: read_seats(t, 3), "1 4", "the seats are 1-3"),
        (lambda t: read_seats(t, 3), "0 2", "the seats are 1-3"),
    ],
)
def test_unreadable_answers_say_what_form_is_expected(
    reader: object, text: str, message: str
) -> None:
    """Text that is not an answer raises AnswerError naming the expected form."""
    with pytest.raises(AnswerError, match=message):
        reader(text)  # type: ignore[operator]


def test_answer_readers_accept_the_usual_forms() -> None:
    """Numbers, percentages, fractions and choices by number are read alike."""
    assert read_percent("25 %") == read_percent("0.25") == read_percent("1/4") == 0.25
    assert read_choice("2", ["advance", "block"]) == "block"
    assert read_majorities("r1 b:2,3 P-", 3)[:3] == (frozenset({0}), frozenset({1, 2}), frozenset())
    assert read_cards("none") == set()
    assert read_seats("seats 1 and 3", 3) == read_seats("1,3", 3) == read_seats("13", 3) == {0, 2}
    assert read_seats("none", 3) == set()


def test_session_rotates_kinds_and_moves_the_level() -> None:
    """Right answers raise the level (up to 5), wrong ones lower it (down to 1)."""
    session = PracticeSession(AIDS, count=7, seed=3)
    levels, kinds = [], []
    for i in range(7):
        task = session.task()
        levels.append(task.level)
        kinds.append(task.kind)
        right = i != 5
        answers = [q.answer.split(" or ")[0] for q in task.questions]
        if not right:  # task 5 is a majority task: one score off by one
            scores = [int(s) for s in answers[1].split()]
            answers[1] = " ".join(str(s + (p == 0)) for p, s in enumerate(scores))
        assert session.answer(answers).correct == right
    assert kinds[:3] == ["collect", "cheapest", "majority"] and kinds[3] == "collect"
    assert levels == [1, 2, 3, 4, 5, 5, 4]
    summary = session.summary()
    assert summary.asked == 7 and summary.highest_level == 5
    assert summary.lines()[0].startswith(f"{summary.correct} of 7")


def test_unreadable_answer_changes_nothing() -> None:
    """An AnswerError leaves the session on the same task at the same level."""
    session = PracticeSession(AIDS, count=2, seed=1)
    task = session.task()
    with pytest.raises(AnswerError):
        session.answer(["R3 Z9"])
    assert session.index == 0 and session.task().table == task.table and session.level == 1
    with pytest.raises(AnswerError, match="at least 1"):
        PracticeSession(AIDS, count=0, seed=1)
    with pytest.raises(AnswerError, match="no practice task"):
        PracticeSession(AIDS, count=1, seed=1, kinds=["juggling"])


def test_practice_command_through_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad answer is re-asked; right and wrong answers are marked; a summary ends it."""
    session = PracticeSession(AIDS, count=3, seed=11)
    right = [q.answer.split(" or ")[0] for q in session.task().questions]
    session.answer(right)
    typed = iter(["R3 Z9", *right, "none", "K0", "R- B- P- G- K- Y-", "0 0 0"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert main(["practice", "parade", "--count", "3", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    assert "bad card 'Z9'" in out and "✓ Right." in out and "Summary" in out
    assert "level 1" in out and "level 2" in out
    assert "of 3 tasks right" in out


def test_practice_command_quits_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """'quit' ends the session early with the summary of what was answered."""
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    assert main(["practice", "parade", "--seed", "1"]) == 0
    assert "No task answered." in capsys.readouterr().out
