"""Alice in Wonderdice practice tasks, generated and answered by the engine.

* ``actions`` -- which actions does this roll allow? (D14-D22 and the characters' abilities)
* ``block`` -- who may you block with this roll? (D7, D19, D20, Q2)

Positions are real: seeded games played at random through the turn-based protocol, stopped
where a seat has just rolled.  The answers are the engine's legal actions for that roll.
"""

from __future__ import annotations

import random

from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.legality import ROW_DONE
from wonderland.games.wonderdice.rules import (
    ability_id,
    block_number,
    character_name,
    protected,
    side_name,
)
from wonderland.games.wonderdice.state import ADMIRING, PLAY, WonderdiceState
from wonderland.hosting.aids import TaskMaker, seats_text
from wonderland.hosting.practice import AnswerError, Question, Task, read_seats, seat_numbers

KINDS = ("advance", "block", "unblock", "take back")
"""The actions a roll may allow, as the questions name them (an ability's double advance is an
advance; passing is always allowed)."""
_KIND_OF = {
    "advance": "advance",
    "advance_two": "advance",
    "block": "block",
    "unblock": "unblock",
    "take_back": "take back",
}
EVENTS_PER_GAME = 300


def roll_positions(rng: random.Random, players: int) -> list[WonderdiceState]:
    """Copies of the states of one seeded random game (its first events) where a seat has
    just rolled and chooses its action."""
    state = GAME.initial_state(GAME.make_config(players))
    found = []
    for _ in range(EVENTS_PER_GAME):
        actor = next_actor(GAME, state)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        if state.phase == PLAY and state.faces:
            found.append(GAME.clone(state))
        legal = GAME.legal_actions(state, actor)
        GAME.apply_in_place(state, actor, legal[int(rng.random() * len(legal))])
    return found


def allowed(state: WonderdiceState) -> tuple[set[str], set[int]]:
    """The kinds of action the roll allows and the seats it may block, from the engine."""
    kinds: set[str] = set()
    targets: set[int] = set()
    for action in GAME.legal_actions(state, state.roller):
        typed = actions.decode(action)
        if typed.kind in _KIND_OF:
            kinds.add(_KIND_OF[typed.kind])
        if isinstance(typed, actions.Block):
            targets.add(typed.target)
    return kinds, targets


def _side(state: WonderdiceState, seat: int) -> str:
    return side_name(state, ADMIRING if seat == state.jabber else state.side[seat])


def _ability(state: WonderdiceState, seat: int) -> str:
    character = state.table.content.characters[state.chars[seat]]
    side = ADMIRING if seat == state.jabber else state.side[seat]
    if state.suppressed[seat]:
        return "no ability this round"
    return character.sides[side].text


def _row(state: WonderdiceState, seat: int) -> str:
    r = state.row[seat]
    cells = " ".join(str(i + 1) if i < r else "." for i in range(ROW_DONE))
    need = "complete" if r == ROW_DONE else f"needs a {r + 1}"
    block = state.block_on[seat]
    blocked = f", blocked by seat {block[0] + 1}'s {block[1]}" if block is not None else ""
    actions = "die" if state.hand[seat] == 1 else "dice"
    return f"row [{cells}] {need}{blocked}, {state.hand[seat]} {actions} in hand"


def table_text(state: WonderdiceState, viewer: int) -> str:
    """Every seat's character, side, ability, row and block, and the current roll."""
    lines = []
    for seat in range(state.n):
        you = " (you)" if seat == viewer else ""
        lines.append(
            f"seat {seat + 1}{you}: {character_name(state, seat)}, {_side(state, seat)} — "
            f"{_row(state, seat)}\n    ability: {_ability(state, seat)}"
        )
    if state.roller >= 0 and state.faces:
        shown = " ".join(map(str, actions.faces_list(state.faces)))
        who = "You" if state.roller == viewer else f"Seat {state.roller + 1}"
        lines.append(f"{who} (seat {state.roller + 1}) rolled: {shown}")
    return "\n".join(lines)


def _block_reasons(state: WonderdiceState, targets: set[int]) -> list[str]:
    me = state.roller
    faces = state.faces
    reasons = []
    for t in range(state.n):
        if t == me:
            continue
        name = f"seat {t + 1}"
        if state.block_on[t] is not None:
            reasons.append(f"{name} is already blocked (D20)")
        elif state.row[t] == ROW_DONE:
            reasons.append(f"{name}'s row is complete (D19)")
        elif clause := protected(state, t):
            reasons.append(f"{name} cannot be blocked now ({clause}: {_ability(state, t)})")
        else:
            need = block_number(state, t)
            if t in targets and 1 <= need <= 6 and faces[need]:
                reasons.append(f"{name} needs a {need} and you rolled one (D19)")
            elif t in targets:
                reasons.append(f"{name} may be blocked with a number next to {need} (ability)")
            else:
                reasons.append(f"{name} needs a {need}; your roll has none (D19)")
    return reasons


def _action_reasons(state: WonderdiceState, kinds: set[str], targets: set[int]) -> list[str]:
    me = state.roller
    faces = state.faces
    need = state.row[me] + 1
    block = state.block_on[me]
    reasons = []
    if "advance" in kinds:
        reasons.append(f"advance: you need a {need} and rolled one (D18)")
    elif block is not None:
        reasons.append("no advance: you are blocked (D21)")
    elif need <= ROW_DONE and faces[need]:
        reasons.append(f"no advance: your ability stops it ({ability_id(state, me)})")
    else:
        reasons.append(f"no advance: you need a {need}; the roll has none (D17, D18)")
    if block is not None:
        if "unblock" in kinds:
            reasons.append(f"unblock: a die equal to the blocking {block[1]} frees you (D22)")
        else:
            reasons.append(f"no unblock: you need a {block[1]} (D22)")
    if targets:
        reasons.append(f"block: {seats_text(sorted(targets))} (D19)")
    else:
        reasons.append("no block: no opponent's number shows (or they are protected) (D19)")
    if "take back" in kinds:
        reasons.append("take back: allowed by the Walrus's card (D8, Q9)")
    return reasons


def read_kinds(text: str) -> set[str]:
    """``advance block`` (commas allowed; ``take back`` or ``take_back``); ``none`` or
    ``pass`` for nothing but passing."""
    words = text.lower().replace("take back", "take_back").replace(",", " ").split()
    if not words:
        raise AnswerError("type the allowed actions, e.g. advance block, or 'none'")
    if words in (["none"], ["pass"], ["-"]):
        return set()
    kinds = set()
    for word in words:
        kind = word.replace("_", " ")
        if kind not in KINDS:
            raise AnswerError(f"{word!r}: the actions are {', '.join(KINDS)} (or 'none')")
        kinds.add(kind)
    return kinds


def _rated(rng: random.Random, blocking: bool) -> list[tuple[int, WonderdiceState]]:
    rated = []
    positions = roll_positions(rng, rng.choice((2, 3, 4))) + roll_positions(rng, rng.choice((3, 5)))
    for state in positions:
        me = state.roller
        kinds, targets = allowed(state)
        others = [t for t in range(state.n) if t != me]
        guarded = any(state.block_on[t] is not None or protected(state, t) for t in others)
        difficulty = (
            1
            + (state.n >= 4)
            + guarded
            + (state.block_on[me] is not None)
            + (len(kinds) >= 3 if not blocking else bool(targets) and len(targets) < len(others))
        )
        rated.append((difficulty, state))
    return rated


def _pick(
    rng: random.Random, rated: list[tuple[int, WonderdiceState]], level: int
) -> WonderdiceState:
    gap = min(abs(d - level) for d, _ in rated)
    closest = [s for d, s in rated if abs(d - level) == gap]
    return closest[int(rng.random() * len(closest))]


def actions_task(rng: random.Random, level: int) -> Task:
    """Which of advance, block, unblock (take back) does this roll allow?"""
    state = _pick(rng, _rated(rng, False), level)
    kinds, targets = allowed(state)
    question = Question(
        prompt="Which actions does your roll allow (one of them, with one die, D14)?",
        form="the allowed actions among advance, block, unblock, take back, or 'none'",
        answer=" ".join(k for k in KINDS if k in kinds) or "none",
        judge=lambda text: read_kinds(text) == kinds,
    )
    reasons = _action_reasons(state, kinds, targets)
    rules = ("D14", "D17", "D18", "D19", "D21", "D22")
    return _roll_task(
        "actions", "Which action does this roll allow?", state, level, question, reasons, rules
    )


def block_task(rng: random.Random, level: int) -> Task:
    """Whom may this roll block?"""
    state = _pick(rng, _rated(rng, True), level)
    _, targets = allowed(state)
    n = state.n
    question = Question(
        prompt="Which seats may you block with this roll?",
        form="the seat numbers, e.g. 1 3, or 'none'",
        answer=seat_numbers(targets),
        judge=lambda text: read_seats(text, n) == targets,
    )
    reasons = _block_reasons(state, targets)
    return _roll_task(
        "block", "Who may you block?", state, level, question, reasons, ("D7", "D19", "D20", "Q2")
    )


def _roll_task(
    kind: str,
    title: str,
    state: WonderdiceState,
    level: int,
    question: Question,
    reasons: list[str],
    rules: tuple[str, ...],
) -> Task:
    """A task about the roll resolving in ``state``, asked of its roller."""
    return Task(
        kind=kind,
        title=title,
        level=level,
        table=table_text(state, state.roller),
        questions=(question,),
        explanation="; ".join(reasons) + ".",
        rules=rules,
        position=state,
        seat=state.roller,
    )


TASK_KINDS: dict[str, TaskMaker] = {"actions": actions_task, "block": block_task}
