"""Parade practice tasks, generated and answered by the engine.

* ``collect`` -- which cards does this card collect? (P12-P17)
* ``cheapest`` -- which card of your hand takes the fewest points? (P13-P14, P34)
* ``majority`` -- who holds each colour's majority, and what are the scores? (P31-P36)

Each generator builds real positions by playing seeded random games on the engine, rates each
candidate's difficulty and keeps one whose rating is closest to the requested level.
"""

from __future__ import annotations

import random
from typing import Any

from wonderland.core import CHANCE, TERMINAL, NotationError, next_actor
from wonderland.core.words import counted
from wonderland.games.parade.cards import (
    COLOUR_NAMES,
    COLOUR_OF,
    COLOURS,
    NUM_COLOURS,
    VALUE_OF,
    Card,
    card_str,
    cards_str,
)
from wonderland.games.parade.game import GAME
from wonderland.games.parade.render import by_colour
from wonderland.games.parade.rules import explain_take, explain_winners, score_sheet
from wonderland.games.parade.state import OVER, PLAY, ParadeState
from wonderland.hosting.aids import TaskMaker
from wonderland.hosting.practice import AnswerError, Question, Task, read_numbers, seat_numbers

CANDIDATES = 12
CARDS_FORM = "the cards separated by spaces (e.g. R2 B0), or 'none'"


def read_cards(text: str) -> set[int]:
    """A set of cards typed as ``R2 B0`` (commas allowed); ``none`` or ``-`` is the empty set."""
    words = text.replace(",", " ").split()
    if not words:
        raise AnswerError(f"type {CARDS_FORM}")
    if len(words) == 1 and words[0].lower() in ("none", "-", "nothing"):
        return set()
    try:
        return {Card.parse(word).id for word in words}
    except NotationError as err:
        raise AnswerError(str(err)) from None


def _position(rng: random.Random, players: int, turns: int) -> ParadeState:
    """A real position: a seeded deal, then up to ``turns`` random turns (stops at the end)."""
    state = GAME.initial_state(GAME.make_config(players))
    while (actor := next_actor(GAME, state)) != TERMINAL:
        if actor == CHANCE:
            GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        if state.phase == PLAY and state.turns >= turns:
            break
        legal = GAME.legal_actions(state, actor)
        GAME.apply_in_place(state, actor, legal[int(rng.random() * len(legal))])
    return state


def engine_takes(state: ParadeState, card: int) -> list[int]:
    """The cards the current seat collects by playing ``card``, read off the engine's step."""
    seat = state.current
    after = GAME.apply(state, seat, card)
    return after.collections[seat][len(state.collections[seat]) :]


def _parade_line(parade: list[int]) -> str:
    return "Parade (front → end): " + " ".join(
        f"{i + 1}:{card_str(c)}" for i, c in enumerate(parade)
    )


def _closest(candidates: list[tuple[int, Any]], level: int) -> Any:
    """The first candidate whose difficulty is closest to ``level``."""
    return min(candidates, key=lambda item: abs(item[0] - level))[1]


# -- which cards does this card collect? ------------------------------------------------------
def _collect_difficulty(parade: list[int], card: int) -> int:
    report = explain_take(parade, card)
    value = VALUE_OF[card]
    traps = any(COLOUR_OF[c] == COLOUR_OF[card] or VALUE_OF[c] <= value for c in report.safe)
    return (
        1
        + (len(parade) >= 8)
        + (len(report.taken) >= 2)
        + traps
        + (value == 0 or (not report.taken and bool(report.checked)))
    )


def collect_task(rng: random.Random, level: int) -> Task:
    """Which cards does a given card collect from a real parade?"""
    candidates = []
    for _ in range(CANDIDATES):
        state = _position(rng, rng.choice((3, 4)), rng.randint(0, 6 * level))
        if state.phase != PLAY:
            continue
        for card in state.hands[state.current]:
            candidates.append((_collect_difficulty(state.parade, card), (state, card)))
    state, card = _closest(candidates, level)
    taken = engine_takes(state, card)
    expected = set(taken)
    report = explain_take(state.parade, card)
    reasons = [f"{card_str(c)} ({reason})" for c, reason in report.taken]
    value = VALUE_OF[card]
    lines = [
        f"N = {value}: counting back from the end, the nearest "
        f"{counted(value, 'card')} {'is' if value == 1 else 'are'} safe (P13)"
        + (f": {cards_str(report.safe)}." if report.safe else "."),
        (
            f"Checked (P14): {cards_str(report.checked)}; a checked card goes when it is "
            f"{COLOUR_NAMES[COLOUR_OF[card]]} or worth {value} or less."
            if report.checked
            else "Nothing is checked, so nothing is collected."
        ),
        ("Taken: " + "; ".join(reasons) + "." if reasons else "No checked card matches."),
    ]
    if value == 0:
        lines.append("N = 0 protects no card; only the colour and value-0 cards go (P17).")
    return Task(
        kind="collect",
        title="Which cards does this card collect?",
        level=level,
        table=_parade_line(state.parade),
        questions=(
            Question(
                prompt=f"You add {card_str(card)} to the end of this parade. "
                "Which cards do you collect?",
                form=CARDS_FORM,
                answer=cards_str(sorted(expected)) if expected else "none",
                judge=lambda text: read_cards(text) == expected,
            ),
        ),
        explanation=" ".join(lines),
        rules=("P12", "P13", "P14", "P16", "P17"),
        position=state,
        seat=state.current,
    )


# -- which card of your hand takes the fewest points? -----------------------------------------
def cheapest_task(rng: random.Random, level: int) -> Task:
    """Which card of the hand collects the fewest points (face values of the taken cards)?"""
    candidates = []
    for _ in range(CANDIDATES):
        state = _position(rng, rng.choice((3, 4)), rng.randint(2, 6 + 5 * level))
        if state.phase != PLAY:
            continue
        hand = sorted(state.hands[state.current])
        costs = {card: sum(VALUE_OF[c] for c in engine_takes(state, card)) for card in hand}
        ordered = sorted(costs.values())
        difficulty = (
            1
            + (len(state.parade) >= 8)
            + (ordered[0] > 0)
            + (ordered.count(ordered[0]) == 1)
            + (ordered[1] - ordered[0] <= 3)
        )
        candidates.append((difficulty, (state, hand, costs)))
    state, hand, costs = _closest(candidates, level)
    best = min(costs.values())
    winners = {card for card, cost in costs.items() if cost == best}
    detail = []
    for card in hand:
        taken = engine_takes(state, card)
        got = cards_str(taken) if taken else "nothing"
        detail.append(f"{card_str(card)} takes {got} ({costs[card]} points)")
    answer = " or ".join(card_str(c) for c in sorted(winners))
    return Task(
        kind="cheapest",
        title="Which card of your hand takes the fewest points?",
        level=level,
        table=_parade_line(state.parade) + f"\nYour hand: {cards_str(hand)}",
        questions=(
            Question(
                prompt="Which card of your hand collects the fewest points "
                "(the face values of the cards it takes)?",
                form="one card, e.g. R3",
                answer=answer,
                judge=lambda text: _one_card(text) in winners,
                choices=tuple(card_str(c) for c in hand),
            ),
        ),
        explanation="; ".join(detail)
        + f". Fewest: {answer} (P13 safe zone, P14 colour or value ≤ N, P34 face values).",
        rules=("P13", "P14", "P34"),
        position=state,
        seat=state.current,
    )


def _one_card(text: str) -> int:
    cards = read_cards(text)
    if len(cards) != 1:
        raise AnswerError("name one card, e.g. R3")
    return cards.pop()


# -- who holds each majority, and what are the scores? ----------------------------------------
MAJORITY_FORM = (
    "each colour letter followed by the seats holding it, '-' for nobody, "
    "e.g. R1 B23 P- G1 K3 Y- (colours left out: nobody)"
)


def read_majorities(text: str, players: int) -> tuple[frozenset[int], ...]:
    """``R1 B23 P-``: per colour (R B P G K Y), the seats holding its majority (typed from 1,
    returned as indices)."""
    holders: list[frozenset[int] | None] = [None] * NUM_COLOURS
    for word in text.replace(":", "").replace(",", "").upper().split():
        letter, rest = word[:1], word[1:]
        if letter not in COLOURS:
            raise AnswerError(
                f"{word!r}: start with a colour letter (R B P G K Y); {MAJORITY_FORM}"
            )
        colour = COLOURS.index(letter)
        if holders[colour] is not None:
            raise AnswerError(f"colour {letter} is named twice")
        if rest in ("", "-", "NONE"):
            holders[colour] = frozenset()
            continue
        if not rest.isdigit() or any(not 1 <= int(d) <= players for d in rest):
            raise AnswerError(f"{word!r}: after the colour, the seats 1-{players} or '-'")
        holders[colour] = frozenset(int(d) - 1 for d in rest)
    return tuple(h if h is not None else frozenset() for h in holders)


def majority_text(holders: tuple[frozenset[int], ...]) -> str:
    """The canonical ``R1 B23 P- ...`` form (seats counted from 1)."""
    return " ".join(COLOURS[k] + (seat_numbers(h, "") if h else "-") for k, h in enumerate(holders))


_MAJORITY_LEVELS: dict[int, tuple[tuple[int, ...], int | None]] = {
    1: ((3,), 12),
    2: ((3, 4), 24),
    3: ((2,), 24),
    4: ((3, 4, 5), None),
    5: ((2, 5, 6), None),
}
"""Level -> (player counts, turns played; None: a finished game)."""


def majority_task(rng: random.Random, level: int) -> Task:
    """Majority holders per colour and each seat's score, for real collections."""
    counts, turns = _MAJORITY_LEVELS[level]
    players = rng.choice(counts)
    state = _position(rng, players, turns if turns is not None else 10_000)
    finished = state.phase == OVER
    rules = state.rules
    sheet = score_sheet(
        state.collections, rules.two_player_plain_majority, rules.all_equal_no_majority
    )
    engine_scores = [int(s) for s in GAME.scores(state)]
    holders = tuple(
        frozenset(p for p in range(players) if sheet.majority[p][k]) for k in range(NUM_COLOURS)
    )
    rows = [
        f"seat {p + 1}: {by_colour(state.collections[p], rules)}  "
        f"({len(state.collections[p])} cards)"
        for p in range(players)
    ]
    when = "The game is over" if finished else "Score these collections as if the game ended now"
    rule = "a lead of 2 or more cards (P36)" if players == 2 else "the most cards, ties too (P32)"
    colour_lines = []
    for k in range(NUM_COLOURS):
        cells = "/".join(str(sheet.counts[p][k]) for p in range(players))
        who = ", ".join(f"seat {p + 1}" for p in sorted(holders[k])) or "nobody"
        colour_lines.append(f"{COLOUR_NAMES[k]} {cells}: {who}")
    points = [" + ".join(str(x) for x in sheet.points[p] if x) or "0" for p in range(players)]
    explanation = (
        f"Cards per colour, by seat — {'; '.join(colour_lines)}. A majority needs {rule}; "
        "its holders score 1 per card (P33), everyone else the face values (P34). Scores: "
        + "; ".join(f"seat {p + 1}: {points[p]} = {engine_scores[p]}" for p in range(players))
        + ". "
        + explain_winners(sheet)
        + "."
    )
    scores_text = " ".join(map(str, engine_scores))
    return Task(
        kind="majority",
        title="Who holds each colour's majority, and what are the scores?",
        level=level,
        table=f"{when}; {players} players.\n" + "\n".join(rows),
        questions=(
            Question(
                prompt="Who holds the majority in each colour?",
                form=MAJORITY_FORM,
                answer=majority_text(holders),
                judge=lambda text: read_majorities(text, players) == holders,
            ),
            Question(
                prompt="What is each seat's score, in seat order?",
                form=f"{players} whole numbers, seat 1 first",
                answer=scores_text,
                judge=lambda text: (
                    read_numbers(text, players, "one score per seat") == engine_scores
                ),
            ),
        ),
        explanation=explanation,
        rules=("P31", "P32", "P33", "P34", "P35", "P36"),
    )


TASK_KINDS: dict[str, TaskMaker] = {
    "collect": collect_task,
    "cheapest": cheapest_task,
    "majority": majority_task,
}
