"""The rules as pure queries of a state: what a seat may do and why not.  No clock, no
randomness.

Every event carries its own time stamp (``state.now`` advances by the event's gap); the only
time comparison the rules make is the simultaneity window of D24.  ``legal_actions`` lists what
the seat whose roll is resolving may do; ``check`` says why anything else is refused, with the
clause id of RULES.md; ``steps.py`` changes the state only after ``check`` passed.  What a roll
allows is decided once, by the per-kind queries below, with the faces, tables and arithmetic
of ``legality.py`` (which the compiled engine reads too).
"""

from __future__ import annotations

from wonderland.core.errors import IllegalAction
from wonderland.games.wonderdice import actions, legality
from wonderland.games.wonderdice.legality import (
    ADVANCE_ID,
    ADVANCE_TWO_ID,
    BLOCK_ID,
    BLOCK_NUMBER,
    FACES,
    NO_RANGE,
    NO_RANGES,
    ON_ROLL,
    PAIR,
    ROW_DONE,
    TAKE_BACK_ID,
    UNBLOCK_ID,
    in_window,
    may_take_back,
    unblock_range,
)
from wonderland.games.wonderdice.state import (
    ADMIRING,
    BETRAY_CHOICE,
    DEAL,
    DICE,
    MADDEN_CHOICE,
    OVER,
    PLAY,
    TOUCH,
    WonderdiceState,
)

_KIND, _TARGET, _VALUE = legality.KIND, legality.TARGET, legality.VALUE


# -- small queries ------------------------------------------------------------------------
def character_name(state: WonderdiceState, seat: int) -> str:
    """The name of the character ``seat`` plays."""
    return state.table.content.characters[state.chars[seat]].name


def won_by_words(winners: tuple[int, ...]) -> str:
    """A game's winners as the history writes them, seats counted from 1 (the terminal and
    the table name them by character, :func:`~wonderland.games.wonderdice.words.history_words`).

    >>> won_by_words((0,)), won_by_words((0, 2)), won_by_words(())
    ('won by seat 1', 'won by seats 1, 3', 'won by nobody')
    """
    if not winners:
        return "won by nobody"
    numbers = ", ".join(str(seat + 1) for seat in winners)
    return f"won by {'seat' if len(winners) == 1 else 'seats'} {numbers}"


def ability_id(state: WonderdiceState, seat: int) -> str:
    """The id of ``seat``'s active card side (the clause cited when an ability decides)."""
    side = ADMIRING if seat == state.jabber else state.side[seat]
    return state.table.content.characters[state.chars[seat]].sides[side].id


def block_number(state: WonderdiceState, target: int) -> int:
    """The number a block on ``target`` must show (Q2): next needed, or the top die (0: none)."""
    return BLOCK_NUMBER[state.table.flags.block_matches_top_die][state.row[target]]


def _shortest_other(state: WonderdiceState, seat: int) -> int:
    return min(r for i, r in enumerate(state.row) if i != seat)


def protected(state: WonderdiceState, target: int) -> str:
    """The clause that protects ``target`` from blocks now, or ``""``."""
    p = state.powers[target]
    if p.unblockable:
        if not _own_unblockable(state, target):
            return "Q16"  # the Jabberwocky power card
        aid = ability_id(state, target)
        return "D7" if aid == "cheshire_cat.admiring" else aid
    if p.shield_when_last and state.row[target] < _shortest_other(state, target):
        return ability_id(state, target)
    return ""


def _own_unblockable(state: WonderdiceState, seat: int) -> bool:
    side = ADMIRING if seat == state.jabber else state.side[seat]
    ch = state.table.content.characters[state.chars[seat]]
    return not state.suppressed[seat] and ch.sides[side].effect == "unblockable"


def last_block(state: WonderdiceState, seat: int) -> int:
    """The target of the block ``seat`` placed last (-1: none)."""
    for entry in reversed(state.placed[seat]):
        if entry >= 0:
            return entry
    return -1


def side_name(state: WonderdiceState, side: int) -> str:
    """The displayed name of a side (Q1 skin)."""
    if state.table.flags.skin == "cmon_en":
        return ("Wonder", "Madness")[side]
    return ("Admiring", "Mad")[side]


# -- what the seat to move may do -------------------------------------------------------
def legal_actions(state: WonderdiceState, seat: int) -> list[int]:
    """Every action ``seat`` may take now (empty when it is not theirs to act)."""
    phase = state.phase
    if phase == PLAY:
        if seat != state.roller:
            return []
        if not state.faces:
            return free_turn_actions(state, seat)
        return roll_actions(state, seat, state.faces)
    if phase == TOUCH:
        return [actions.TOUCH] if seat == state.roller else []
    if phase == BETRAY_CHOICE:
        return [actions.BETRAY, actions.LOYAL] if seat == state.decider else []
    if phase == MADDEN_CHOICE:
        if seat != state.decider:
            return []
        return [
            actions.madden(t)
            for t in range(state.n)
            if t != state.jabber and state.side[t] == ADMIRING
        ]
    return []


def free_turn_actions(state: WonderdiceState, seat: int) -> list[int]:
    """A turn without a roll (empty hand): touch the White Rabbit (D25) or take a block die
    back (D23, Q3)."""
    if state.row[seat] == ROW_DONE:
        return [actions.CLAIM]
    if state.table.flags.reclaim_any_block:
        targets = [t for t, b in enumerate(state.block_on) if b is not None and b[0] == seat]
    else:
        targets = [last_block(state, seat)]
    return [actions.PASS] + [actions.reclaim(t) for t in targets if t >= 0]


def roll_actions(
    state: WonderdiceState, seat: int, f: tuple[int, ...], at: int | None = None
) -> list[int]:
    """What ``seat`` may do with a roll showing ``f`` (counts per face) in state ``state``, for
    an action stamped ``at`` (default: the time of the last event), in the order of
    ``legality.ON_ROLL``.  Only the simultaneity window (D24) depends on the stamp."""
    now = state.now if at is None or at < state.now else at
    out = [actions.PASS]
    need = state.row[seat] + 1
    one, two = _advances(state, seat, f, need, now)
    if one:
        out.append(ADVANCE_ID[need])
    if two:
        out.append(ADVANCE_TWO_ID[need])
    lo, hi = _unblock_range(state, seat)
    for v in range(lo, hi + 1):
        if f[v]:
            out.append(UNBLOCK_ID[v])
    if _only_unblock(state, seat):
        return out
    n = state.n
    for t in range(n):
        lo, hi, lo2, hi2 = block_ranges_on(state, seat, t, now)
        if lo2 > hi2:  # the common case: one range, often one number
            if lo == hi:
                if f[lo]:
                    out.append(BLOCK_ID[t][lo])
            elif lo < hi:
                ids = BLOCK_ID[t]
                out += [ids[v] for v in range(lo, hi + 1) if f[v]]
            continue
        ids = BLOCK_ID[t]  # two ranges, listed in increasing order
        out += [ids[v] for v in FACES if f[v] and (lo <= v <= hi or lo2 <= v <= hi2)]
    pair = max(f) >= PAIR
    if may_take_back(state.powers[seat].take_back, pair, True):  # someone may be made to
        for t in range(n):
            if _may_take_back(state, seat, t, pair):
                out.append(TAKE_BACK_ID[t])
    return out


def roll_action_allowed(
    state: WonderdiceState, seat: int, f: tuple[int, ...], action: int, at: int | None = None
) -> bool:
    """Whether ``action`` is among :func:`roll_actions` ``(state, seat, f, at)``, decided for
    that one action instead of listing them all (a driver checks an arriving action with it).
    """
    if not 0 <= action < actions.NUM_ACTIONS:
        return False
    kind = _KIND[action]
    if kind not in ON_ROLL:  # claim, touch, betray, loyal, reclaim, madden
        return False
    if kind == legality.PASS_KIND:
        return True
    now = state.now if at is None or at < state.now else at
    v = _VALUE[action]
    if kind in (legality.ADVANCE_KIND, legality.ADVANCE_TWO_KIND):
        if v != state.row[seat] + 1:
            return False
        one, two = _advances(state, seat, f, v, now)
        return two if kind == legality.ADVANCE_TWO_KIND else one
    if kind == legality.UNBLOCK_KIND:
        lo, hi = _unblock_range(state, seat)
        return lo <= v <= hi and f[v] > 0
    if _only_unblock(state, seat):  # a block or a take-back
        return False
    t = _TARGET[action]
    if t >= state.n:
        return False
    if kind == legality.TAKE_BACK_KIND:
        return _may_take_back(state, seat, t, max(f) >= PAIR)
    lo, hi, lo2, hi2 = block_ranges_on(state, seat, t, now)
    return f[v] > 0 and (lo <= v <= hi or lo2 <= v <= hi2)


def _advances(
    state: WonderdiceState, seat: int, f: tuple[int, ...], need: int, now: int
) -> tuple[bool, bool]:
    """Whether the roll lets ``seat`` ADVANCE its next number ``need`` (D18; while blocked
    only as the cancel of D24) and place the next two at once (double_advance)."""
    if need > ROW_DONE or not f[need] or state.tired[seat] or not _under_cap(state, seat, need):
        return False, False
    blocked = state.block_on[seat]
    if blocked is not None:
        return in_window(now, blocked[2], state.table.flags.window_ms), False
    two = (
        state.powers[seat].double_advance
        and need < ROW_DONE
        and f[need + 1] > 0
        and _under_cap(state, seat, need + 1)
    )
    return True, two


def _under_cap(state: WonderdiceState, seat: int, new_len: int) -> bool:
    """Whether ``seat``'s row may grow to ``new_len`` (hold_back: no further ahead of the
    shortest other row than its lead; no lead, no cap)."""
    lead = state.powers[seat].hold_back_lead
    return lead == 0 or new_len <= _shortest_other(state, seat) + lead


def _unblock_range(state: WonderdiceState, seat: int) -> tuple[int, int]:
    """The faces that unblock ``seat`` (D22), ``(lo, hi)``; none when it is not blocked."""
    blocked = state.block_on[seat]
    if blocked is None:
        return NO_RANGE
    powers = state.powers
    return unblock_range(
        blocked[1], powers[seat].unblock_reach, powers[blocked[0]].weak_blocks_reach
    )


def _only_unblock(state: WonderdiceState, seat: int) -> bool:
    """Q4 ``blocked_may_only_unblock``: ``seat`` is blocked, so it may only unblock."""
    return state.block_on[seat] is not None and state.table.flags.blocked_may_only_unblock


def block_ranges_on(
    state: WonderdiceState, seat: int, t: int, now: int
) -> tuple[int, int, int, int]:
    """The faces a block by ``seat`` on ``t`` may show (``legality.block_ranges``); none
    when ``t`` is ``seat``, already blocked (D20) or protected."""
    if t == seat or state.block_on[t] is not None:
        return NO_RANGES
    pt = state.powers[t]
    if pt.unblockable or (pt.shield_when_last and protected(state, t)):
        return NO_RANGES
    flags = state.table.flags
    number = BLOCK_NUMBER[flags.block_matches_top_die][state.row[t]]
    k = state.adv_n[t]  # the dice of an advance within the window (D24)
    recent = k if k and in_window(now, state.adv_t[t], flags.window_ms) else 0
    return legality.block_ranges(number, state.powers[seat].block_reach, pt.exposed_reach, recent)


def _may_take_back(state: WonderdiceState, seat: int, t: int, pair: bool) -> bool:
    """Whether ``seat`` may make ``t`` take back its last placed die (D8, Q9, walrus.mad)."""
    if t == seat or not state.placed[t]:
        return False
    return may_take_back(state.powers[seat].take_back, pair, state.powers[t].exposed_take_back)


# -- why something is refused -------------------------------------------------------------
def check(state: WonderdiceState, seat: int, action: int) -> None:
    """Raise IllegalAction with the deciding clause unless ``seat`` may take ``action`` now."""
    phase = state.phase
    acting_on_roll = phase == PLAY and seat == state.roller and bool(state.faces)
    if acting_on_roll and roll_action_allowed(state, seat, state.faces, action):
        return  # a pass is always legal: a roll may go unused (D14)
    if phase == OVER:
        raise IllegalAction("D27", "the game is over")
    if not 0 <= seat < state.n:
        raise IllegalAction("D13", f"there is no seat {seat + 1} at a {state.n}-player table")
    if not 0 <= action < actions.NUM_ACTIONS:
        raise IllegalAction("E1", f"{action} is not an action id (0..{actions.NUM_ACTIONS - 1})")
    if not acting_on_roll and action in legal_actions(state, seat):
        return
    rule, why = _explain(state, seat, actions.decode(action))
    who = f"seat {seat + 1} ({character_name(state, seat)})"
    raise IllegalAction(rule, f"{who} cannot {actions.action_to_string(action)}: {why}")


def _explain(state: WonderdiceState, seat: int, a: actions.Action) -> tuple[str, str]:
    """The clause and reason that refuse ``a`` (it is known to be illegal)."""
    phase = state.phase
    if phase == DEAL:
        return "D10", "the characters have not been dealt yet"
    if phase == TOUCH:
        if seat != state.roller:
            return "D28", "it is another player's touch of the token now"
        return "D28", "everyone but the winner must touch the token now"
    if phase in (BETRAY_CHOICE, MADDEN_CHOICE):
        if seat != state.decider:
            return ("D36" if phase == BETRAY_CHOICE else "D34"), (
                f"seat {state.decider + 1} is deciding now"
            )
        if phase == BETRAY_CHOICE:
            return "D36", "choose betray or loyal"
        return "Q18", "the Jabberwocky must turn an Admiring player Mad"
    if seat != state.roller:
        return "E1", "no action is accepted without a roll of your own (D14)"
    if isinstance(a, actions.Touch | actions.Betray | actions.Loyal | actions.Madden):
        return "E1", "this is not the moment for that action"
    if not state.faces:
        return _explain_without_roll(state, seat, a)
    return _explain_on_roll(state, seat, a)


def _explain_without_roll(state: WonderdiceState, seat: int, a: actions.Action) -> tuple[str, str]:
    """Why ``a`` is refused on a turn without a roll (an empty hand)."""
    if isinstance(a, actions.Claim) or state.row[seat] == ROW_DONE:
        return "D25", (
            "you must touch the White Rabbit now"
            if state.row[seat] == ROW_DONE
            else "only a complete row 1-6 may touch the White Rabbit"
        )
    if isinstance(a, actions.Reclaim):
        return "Q3", (
            "you may only take back your own block die"
            + ("" if state.table.flags.reclaim_any_block else ", the one placed last")
        )
    return "D14", "an action needs a roll: you have no die in hand"


def _explain_on_roll(state: WonderdiceState, seat: int, a: actions.Action) -> tuple[str, str]:
    """Why ``a`` is refused with the roll ``state.faces`` resolving."""
    match a:
        case actions.Claim():
            return "D25", "only a complete row 1-6 may touch the White Rabbit"
        case actions.Reclaim():
            return "Q3", "a block die is taken back without a roll only when your hand is empty"
        case actions.Advance() | actions.AdvanceTwo():
            return _explain_advance(state, seat, a)
        case actions.Unblock(value):
            b = state.block_on[seat]
            if b is None:
                return "D22", "you are not blocked"
            if not state.faces[value]:
                return "D15", f"your roll shows no {value}"
            return "D22", f"the blocking die shows {b[1]}: unblock with that number"
        case actions.Block(target, value):
            return _explain_block(state, seat, target, value)
        case actions.TakeBack(target):
            if state.table.flags.blocked_may_only_unblock and state.block_on[seat] is not None:
                return "Q4", "a blocked player may only unblock"
            if target >= state.n or target == seat:
                return "D8", "make another player take back a die"
            if not state.placed[target]:
                return "D8", f"seat {target + 1} has no die placed"
            return "D8", "only the Walrus may do that (or anyone against a Mad Walrus, with a pair)"
    return "E1", "that action is not possible now"


def _explain_advance(
    state: WonderdiceState, seat: int, a: actions.Advance | actions.AdvanceTwo
) -> tuple[str, str]:
    """Why an advance (or a double advance) is refused."""
    need = state.row[seat] + 1
    two = isinstance(a, actions.AdvanceTwo)
    if two and not state.powers[seat].double_advance:
        return "D17", "you may not place two dice at once without an ability"
    if a.value != need:
        return "D17", f"your row needs {need} next (no skipping)" if need <= ROW_DONE else (
            "your row is complete"
        )
    if state.block_on[seat] is not None:
        return "D21", "you are blocked: unblock first"
    if not state.faces[a.value]:
        return "D15", f"your roll shows no {need}"
    if state.tired[seat]:
        return ability_id(state, seat), "you advanced on your previous roll"
    if two and (need == ROW_DONE or not state.faces[need + 1]):
        return "D15", f"your roll does not show both {need} and {need + 1}"
    return ability_id(state, seat), "you may not run that far ahead of the shortest row"


def _explain_block(state: WonderdiceState, seat: int, t: int, value: int) -> tuple[str, str]:
    """Why a block on ``t`` with a die showing ``value`` is refused."""
    if t >= state.n or t == seat:
        return "D19", "block an opponent at the table"
    if state.table.flags.blocked_may_only_unblock and state.block_on[seat] is not None:
        return "Q4", "a blocked player may only unblock"
    if not state.faces[value]:
        return "D15", f"your roll shows no {value}"
    if state.block_on[t] is not None:
        return "D20", f"seat {t + 1} is already blocked (one blocking die per player)"
    rule = protected(state, t)
    if rule:
        return rule, f"seat {t + 1} ({character_name(state, t)}) cannot be blocked"
    nt = block_number(state, t)
    if state.table.flags.block_matches_top_die and nt == 0:
        return "Q2", f"seat {t + 1} has no die to match yet"
    if nt > ROW_DONE:
        return "D19", f"seat {t + 1} has completed the row"
    return "D19", f"seat {t + 1} needs {nt}: a block must show that number"


# -- conservation -----------------------------------------------------------------------------
def invariants(state: WonderdiceState) -> list[str]:
    """Every die in exactly one place: hand, own row, or blocking one opponent."""
    problems = []
    n = state.n
    out = [0] * n
    for t, b in enumerate(state.block_on):
        if b is not None:
            if b[0] == t or not 0 <= b[0] < n:
                problems.append(f"seat {t + 1} is blocked by an impossible seat {b[0] + 1}")
                continue
            out[b[0]] += 1
            if t not in state.placed[b[0]]:
                problems.append(
                    f"block of seat {b[0] + 1} on seat {t + 1} missing from its placements"
                )
    for i in range(n):
        if state.hand[i] < 0 or not 0 <= state.row[i] <= DICE:
            problems.append(f"seat {i + 1}: impossible hand {state.hand[i]} or row {state.row[i]}")
        if out[i] != state.nblocks[i]:
            problems.append(f"seat {i + 1}: {state.nblocks[i]} blocks counted, {out[i]} lying out")
        if state.hand[i] + state.row[i] + out[i] != DICE:
            problems.append(
                f"seat {i + 1}: hand {state.hand[i]} + row {state.row[i]} + blocks {out[i]} "
                f"!= {DICE} dice"
            )
        if (
            state.placed[i].count(-1) != state.row[i]
            or len(state.placed[i]) != state.row[i] + out[i]
        ):
            problems.append(f"seat {i + 1}: placement order does not match row and blocks")
    return problems
