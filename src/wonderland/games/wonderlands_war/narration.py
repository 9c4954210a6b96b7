"""What a Wonderland's War step settled, in words for the log: each fighter's change with its
cause, the battles it ended, a new round, the end of the game."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from wonderland.games.wonderlands_war.actions import (
    Accept,
    ChooseFaction,
    Draw,
    Head,
    NoForge,
    NoWager,
    Shield,
    Stop,
    Wager,
    decode,
)
from wonderland.games.wonderlands_war.battle_story import (
    RESULT,
    START,
    Change,
    Name,
    battle_changes,
    sentence,
    verb,
)
from wonderland.games.wonderlands_war.render import faction_label
from wonderland.games.wonderlands_war.scoring import score_parts
from wonderland.games.wonderlands_war.state import BUST, DRAWING, HALTED, WonderlandsWarState

STATUS = {DRAWING: "drawing", HALTED: "stopped", BUST: "bust"}
"""A fighter's status in a battle, in words."""


BattleEntry = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A battle of the state's log: round, region, strengths, statuses, the first places."""


def battle_result(state: WonderlandsWarState, entry: BattleEntry, name: Name | None = None) -> str:
    """A battle of the state's log in words: ``battle in Tulgey Wood: Alice 7 (stopped),
    Jabberwock 0 (bust) - won by Alice``; a lone fighter's battle says why it is won."""
    _, region, strengths, statuses, firsts = entry
    named = name or (lambda seat: faction_label(state, seat))
    where = state.content.regions[region]
    fighters = [s for s in range(state.n) if statuses[s] in STATUS]
    if len(fighters) == 1:
        return lone_result(state, where, fighters[0], strengths[fighters[0]], firsts, named)
    told = ", ".join(f"{named(s)} {strengths[s]} ({STATUS[statuses[s]]})" for s in fighters)
    won = " and ".join(named(s) for s in firsts) or "nobody"
    return f"battle in {where}: {told} - won by {won}"


def lone_result(
    state: WonderlandsWarState,
    where: str,
    seat: int,
    strength: int,
    firsts: Sequence[int],
    name: Name,
) -> str:
    """W45, G25: a fighter alone in a region wins it without a battle (with the two-player
    resistance variant, only by reaching the resistance)."""
    who = name(seat)
    resistance = state.opts.resistance
    if not resistance:
        wins = verb(who, "wins")
        return f"{who} {verb(who, 'is')} alone in {where} and {wins} it without a battle (W45)"
    if seat in firsts:
        outcome = f"{verb(who, 'reaches')} the resistance of {resistance} and {verb(who, 'wins')}"
    else:
        outcome = f"{verb(who, 'stays')} below the resistance of {resistance}: nobody wins"
    return f"{who}, alone in {where}, {outcome} with strength {strength} (G25)"


def start_sentence(starts: Sequence[Change], name: Name) -> str:
    """``battle in Tulgey Wood begins: Alice 3, Jabberwock 0``."""
    fighters = ", ".join(f"{name(c.seat)} {c.new}" for c in starts)
    return f"battle in {starts[0].where} begins: {fighters}"


def told_changes(state: WonderlandsWarState, changes: Sequence[Change], name: Name) -> list[str]:
    """Each change in words, in order (a contested battle's start in one sentence where it
    happened; a lone fighter's start is told by its result; ``state``: the state after the
    step, whose log holds the results)."""
    told: list[str] = []
    for i, change in enumerate(changes):
        if change.cause == RESULT:
            told.append(battle_result(state, state.log[change.entry], name))
        elif change.cause != START:
            told.append(sentence(change, name))
        elif i == 0 or changes[i - 1].cause != START:
            starts = list(itertools.takewhile(lambda c: c.cause == START, changes[i:]))
            if len(starts) > 1:
                told.append(start_sentence(starts, name))
    return told


def changes_told(
    before: WonderlandsWarState, actor: int, action: int, after: WonderlandsWarState
) -> list[str]:
    """What a step settled that everyone sees: each fighter's change with its cause, the
    battles it ended, a new round, the end."""

    def name(seat: int) -> str:
        return faction_label(after, seat)

    told = told_changes(after, battle_changes(before, actor, action), name)
    if after.round > before.round and after.tasks:
        told.append(f"round {after.round} begins with a tea party")
    if before.tasks and not after.tasks:
        scores = ", ".join(
            f"{faction_label(after, s)} {score_parts(after, s)['total']}" for s in range(after.n)
        )
        told.append(f"the game is over; final scores: {scores}")
    return told


def deed(state: WonderlandsWarState, seat: int, action: int, words: str) -> str:
    """A seat's choice ``words`` (the button's words, as :func:`render.describe` or
    :func:`render.option` give them) told in the third person for the log: ``stops at 12``,
    ``keeps the madness chip``, ``places the leader in Tulgey Wood``."""
    typed = decode(action)
    if isinstance(typed, Stop):
        return f"stops at {state.battle.strength[seat]}"
    if isinstance(typed, ChooseFaction):
        return f"plays the {state.content.factions[typed.faction].name} faction"
    fixed = {
        Draw: "chooses to draw",
        Shield: "flips the shield",
        Accept: "keeps the madness chip",
        NoWager: "places no bet",
        NoForge: "does not forge",
        Head: "moves to the Head of the Table",
    }.get(type(typed))
    if fixed:
        return fixed
    first, _, rest = words.partition(" ")
    rest = re.sub(r"\band (take|place|draw|gain|roll)\b", r"and \1s", rest)
    return f"{first}s {rest}" if rest else f"{first}s"


def sentences(parts: Sequence[str]) -> str:
    """Each part its own sentence: ``Queen of Hearts draws Strength 1. Cheshire Cat's Madness
    sends 1 supporter home.`` ("" for none)."""
    return " ".join(f"{p[:1].upper()}{p[1:]}." for p in parts)


def decided(state: WonderlandsWarState, seat: int, action: int) -> str:
    """A secret choice as its own seat reads it before it is revealed: ``has decided to stop``
    (the others read ``has decided``; what it leads to is told when it is revealed)."""
    typed = decode(action)
    if isinstance(typed, Wager):
        return f"has decided to bet on {faction_label(state, typed.seat)}"
    words = {
        Stop: "to stop",
        Draw: "to draw",
        Shield: "to flip the shield",
        Accept: "to keep the madness chip",
        NoWager: "to place no bet",
    }.get(type(typed), "")
    return f"has decided {words}".rstrip()
