"""Wonderland's War practice tasks, generated and answered by the engine.

* ``bust`` -- what is your bust risk if you draw now? (W33-W35), computed by drawing every chip
  of the bag on a copy of the real battle;
* ``battle`` -- who wins this battle and what does each player score? (W41-W45, G4-G6), read off
  the engine's own resolution of a real battle.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.wonderlands_war.actions import ACCEPT, AWARD_VP, DRAW, STOP
from wonderland.games.wonderlands_war.game import GAME
from wonderland.games.wonderlands_war.render import faction_name
from wonderland.games.wonderlands_war.state import (
    BUST,
    DRAWING,
    HALTED,
    OUT,
    Phase,
    WonderlandsWarState,
)
from wonderland.games.wonderlands_war.state import Task as StackTask
from wonderland.hosting.aids import TaskMaker, seats_text
from wonderland.hosting.practice import (
    Question,
    Task,
    read_numbers,
    read_percent,
    read_seats,
    seat_numbers,
)

TOLERANCE = 0.01
"""A typed chance is right within one percentage point (exact fractions always are)."""


def _random_step(state: WonderlandsWarState, rng: random.Random) -> None:
    """One step: chance drawn with ``rng``, any decision picked at random."""
    actor = next_actor(GAME, state)
    if actor == CHANCE:
        GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
    else:
        legal = GAME.legal_actions(state, actor)
        GAME.apply_in_place(state, actor, legal[int(rng.random() * len(legal))])


def decisions(rng: random.Random, players: int) -> list[tuple[WonderlandsWarState, int]]:
    """Every draw-or-stop decision of one real game played at random (ties for first take
    the points): a copy of the state and the seat deciding."""
    state = GAME.initial_state(GAME.make_config(players))
    found = []
    while next_actor(GAME, state) != TERMINAL:
        if state.tasks[-1].phase == Phase.DRAW_OR_STOP:
            mover = GAME.to_move(state)
            assert isinstance(mover, frozenset)
            found += [(GAME.clone(state), seat) for seat in sorted(mover)]
        _random_step(state, rng)
    return found


def battles(
    rng: random.Random, players: int
) -> list[tuple[WonderlandsWarState, WonderlandsWarState, tuple[Any, ...]]]:
    """Every battle of one real game played at random (ties for first take the points): the
    state before the step that fought it, the state after its awards, and its log entry.
    Battles fought in the same step as the next one are left out (their awards would mix)."""
    state = GAME.initial_state(GAME.make_config(players))
    found = []
    while next_actor(GAME, state) != TERMINAL:
        before = GAME.clone(state)
        fought = len(state.log)
        _random_step(state, rng)
        if len(state.log) == fought:
            continue
        while (
            len(state.log) == fought + 1
            and state.tasks
            and state.tasks[-1].phase == Phase.CHOOSE_AWARD
        ):
            GAME.apply_in_place(state, state.tasks[-1].seat, AWARD_VP)
        if len(state.log) == fought + 1:
            found.append((before, GAME.clone(state), state.log[fought]))
    return found


def _pick(rng: random.Random, rated: list[tuple[int, Any]], level: int) -> Any:
    """A random candidate of difficulty ``level``, else one of the closest difficulty."""
    gap = min(abs(d - level) for d, _ in rated)
    closest = [item for d, item in rated if abs(d - level) == gap]
    return closest[int(rng.random() * len(closest))]


def _play_draw(state: WonderlandsWarState, seat: int) -> WonderlandsWarState:
    """A copy where ``seat`` draws and every other seat still deciding stops."""
    after = GAME.clone(state)
    GAME.apply_in_place(after, seat, DRAW)
    mover = GAME.to_move(after)
    while isinstance(mover, frozenset) and after.tasks[-1].phase == Phase.DRAW_OR_STOP:
        GAME.apply_in_place(after, min(mover), STOP)
        mover = GAME.to_move(after)
    return after


def engine_bust_risk(state: WonderlandsWarState, seat: int) -> float:
    """The chance that ``seat`` busts on drawing now, without the shield: every chip of the
    bag is drawn on a copy of the battle and the engine's resolution is read."""
    base = _play_draw(state, seat)
    while base.tasks[-1] != StackTask(Phase.DRAW_CHIP, seat):  # earlier seats' draws: any chip
        GAME.apply_in_place(base, CHANCE, GAME.chance_outcomes(base)[0][0])
    risk = 0.0
    before = base.players[seat].busts
    for outcome, probability in GAME.chance_outcomes(base):
        after = GAME.clone(base)
        GAME.apply_in_place(after, CHANCE, outcome)
        while after.battle.drawn[seat] >= 0:  # until this chip is resolved (W33-W35)
            if GAME.to_move(after) == CHANCE:  # later seats' draws: any chip will do
                GAME.apply_in_place(after, CHANCE, GAME.chance_outcomes(after)[0][0])
            elif after.tasks[-1].phase == Phase.SHIELD_OR_ACCEPT:  # nobody uses a shield
                mover = GAME.to_move(after)
                assert isinstance(mover, frozenset)
                GAME.apply_in_place(after, min(mover), ACCEPT)
            else:
                break
        if after.players[seat].busts > before:
            risk += probability
    return risk


def _bag_text(state: WonderlandsWarState, seat: int) -> str:
    chips = state.content.chips
    parts = []
    for i, k in enumerate(state.players[seat].bag):
        if not k:
            continue
        chip = chips[i]
        extra = f" (−{chip.supporters_lost} supporter)" if chip.kind == "madness" else ""
        extra = f" (+{chip.strength})" if chip.kind == "strength" else extra
        parts.append(f"{chip.name}{extra} ×{k}")
    return ", ".join(parts)


def _who(state: WonderlandsWarState, seat: int) -> str:
    return f"seat {seat + 1} ({faction_name(state, seat)})"


def bust_task(rng: random.Random, level: int) -> Task:
    """What is the chance that drawing now busts you (shield not used)?"""
    rated: list[tuple[int, tuple[WonderlandsWarState, int]]] = []
    for state, seat in decisions(rng, rng.choice((2, 3, 4))):
        p = state.players[seat]
        risk = bust_fraction(state, seat)
        difficulty = (
            1
            + (sum(p.bag) >= 10)
            + 2 * (risk == 0)
            + (sum(1 for k in p.bag if k) >= 6 or len(p.track) >= 2)
        )
        rated.append((min(difficulty, 5), (state, seat)))
    state, seat = _pick(rng, rated, level)
    return _bust_task(state, seat, level)


def bust_fraction(state: WonderlandsWarState, seat: int) -> Fraction:
    """The same chance counted by hand: madness chips that take the last supporter, over
    the chips in the bag (W34, W35)."""
    p = state.players[seat]
    here = state.supporters[state.battle.region][seat]
    chips = state.content.chips
    busting = sum(
        k
        for i, k in enumerate(p.bag)
        if chips[i].kind == "madness" and chips[i].supporters_lost >= here
    )
    return Fraction(busting, sum(p.bag))


def _bust_task(state: WonderlandsWarState, seat: int, level: int) -> Task:
    p = state.players[seat]
    region = state.content.regions[state.battle.region]
    here = state.supporters[state.battle.region][seat]
    risk = engine_bust_risk(state, seat)
    exact = bust_fraction(state, seat)
    total = sum(p.bag)
    busting = exact.numerator * total // exact.denominator
    slots = state.content.factions[p.faction].madness_slots
    table = (
        f"Round {state.round}, battle in {region}. You are {_who(state, seat)}, "
        f"strength {state.battle.strength[seat]}, still drawing.\n"
        f"Your supporters in {region}: {here}. Madness track: {len(p.track)}/{slots}. "
        f"Shield: {'up' if p.shield else 'used'}.\n"
        f"Your bag ({total} chips): {_bag_text(state, seat)}"
    )
    shown = f"{busting}/{total} = {round(100 * risk)} %" if busting else "0 %"
    if here == 0:
        why = "You have no supporter left here, so any madness chip busts you (W35)."
    else:
        why = (
            f"A madness chip sends supporters home (W34); you bust when none is left (W35). "
            f"With {here} here, only madness chips that take {here} or more bust you."
        )
    explanation = (
        f"{why} Chips that bust you: {busting} of the {total} in your bag, drawn with "
        f"equal chance (W33): {shown}. The shield could put a madness chip back and let you "
        "draw again (W36); this question is about the draw itself."
    )

    def judge(text: str) -> bool:
        typed = read_percent(text)
        return abs(typed - risk) <= TOLERANCE or typed == float(exact)

    return Task(
        kind="bust",
        title="What is your bust risk if you draw now?",
        level=level,
        table=table,
        questions=(
            Question(
                prompt="If you draw a chip now and do not use your shield, what is the chance "
                "that you bust?",
                form="a chance such as 25 %, 0.25 or 3/12",
                answer=shown,
                judge=judge,
            ),
        ),
        explanation=explanation,
        rules=("W33", "W34", "W35", "W36"),
    )


# -- who wins this battle, and what does each player score? -----------------------------------
def battle_task(rng: random.Random, level: int) -> Task:
    """Who wins a battle that has just been fought, and how many award VP does each seat get?"""
    rated = []
    fought = battles(rng, rng.choice((2, 3, 3, 4, 5))) + battles(rng, rng.choice((2, 3, 4, 5)))
    for before, after, entry in fought:
        _, _, strengths, statuses, firsts = entry
        alive = [s for s, state in enumerate(statuses) if state in (DRAWING, HALTED)]
        fighters = [s for s, state in enumerate(statuses) if state != OUT]
        top = sorted((strengths[s] for s in alive), reverse=True)
        ties = len(top) >= 2 and (top[0] == top[1] or (len(top) >= 3 and top[1] == top[2]))
        difficulty = (
            1
            + (len(fighters) >= 3)
            + (BUST in statuses)
            + ties
            + (len(firsts) != 1 or max(strengths) >= before.content.rules.auto_win_strength)
        )
        rated.append((difficulty, (before, after, entry)))
    before, after, entry = _pick(rng, rated, level)
    return _battle_task(before, after, entry, level)


def _battle_task(
    before: WonderlandsWarState, after: WonderlandsWarState, entry: tuple[Any, ...], level: int
) -> Task:
    round_no, region, _, _, firsts = entry
    n = before.n
    award = before.content.tiles[before.tiles[region]][round_no - 1]
    gained = [after.players[s].vp_battles - before.players[s].vp_battles for s in range(n)]
    winners = frozenset(firsts)
    why = _battle_explanation(before, entry, award, gained)

    return Task(
        kind="battle",
        title="Who wins this battle and what does each player score?",
        level=level,
        table=_battle_table(before, entry, award),
        questions=(
            Question(
                prompt="Who wins the battle?",
                form="the seat number(s), e.g. 1 or 2 3, or 'none'",
                answer=seat_numbers(winners),
                judge=lambda text: read_seats(text, n) == winners,
            ),
            Question(
                prompt="How many award VP does each seat gain from this battle, in seat order?",
                form=f"{n} whole numbers, seat 1 first (0 for seats not fighting)",
                answer=" ".join(map(str, gained)),
                judge=lambda text: read_numbers(text, n, "one per seat") == gained,
            ),
        ),
        explanation=why,
        rules=("W41", "W43", "W44", "W45", "G4", "G5", "G6"),
    )


def _battle_table(state: WonderlandsWarState, entry: tuple[Any, ...], award: int) -> str:
    """The battle as the task shows it: the award, and each seat's strength and status."""
    round_no, region, strengths, statuses, _ = entry
    status_word = {DRAWING: "still drawing", HALTED: "stopped", BUST: "BUST"}
    lines = [
        f"Round {round_no}, battle in {state.content.regions[region]}: "
        f"the award is {award} VP (second place: half, rounded down)."
    ]
    for s in range(state.n):
        if statuses[s] == OUT:
            lines.append(f"{_who(state, s)}: not in this battle")
        else:
            lines.append(f"{_who(state, s)}: strength {strengths[s]}, {status_word[statuses[s]]}")
    if sum(status != OUT for status in statuses) == 1:
        lines.append("Nobody else has units in this region.")
    lines.append("Players tied for first take the points, not a castle.")
    return "\n".join(lines)


def _battle_explanation(
    state: WonderlandsWarState, entry: tuple[Any, ...], award: int, gained: list[int]
) -> str:
    """Why the battle's winners win and what each seat scores, with the clauses."""
    _, _, _, statuses, firsts = entry
    fighters = [s for s in range(state.n) if statuses[s] != OUT]
    alive = [s for s in fighters if statuses[s] != BUST]
    if len(fighters) == 1:
        why = f"{_who(state, fighters[0])} is alone in the region and wins without a fight (W45)."
    elif not alive:
        why = "Everyone busted: nobody wins (W43 pays only players who did not bust)."
    elif len(firsts) == 1:
        why = (
            f"{_who(state, firsts[0])} is the strongest player who did not bust: the award "
            f"({award} VP) and a castle (W43)."
        )
        paid = [s for s in range(state.n) if gained[s] and s not in firsts]
        if paid:
            why += f" Second place, {seats_text(paid)}: half, {award // 2} VP (W43, G4, G5)."
    else:
        why = (
            f"{seats_text(sorted(firsts))} tie for first: each takes the award (or a castle) and "
            "nobody gets the half award (W44, G6)."
        )
    busted = [s for s in fighters if statuses[s] == BUST]
    if busted:
        why += f" {seats_text(busted).capitalize()} busted and scores nothing (W35, W43)."
    return why


TASK_KINDS: dict[str, TaskMaker] = {"bust": bust_task, "battle": battle_task}
