"""The rules as pure functions of (state, time-stamped event).  No clock, no randomness.

Every event carries its own time stamp (``state.now`` advances by the event's gap); the only
time comparison the rules make is the simultaneity window of D24.  ``legal_actions`` lists what
the seat whose roll is resolving may do; ``check`` says why anything else is refused, with the
clause id of RULES.md; ``apply_*`` change the state only after ``check`` passed.  What a roll
allows is decided once, by the per-kind queries below, with the faces, tables and arithmetic
of ``legality.py`` (which the compiled engine reads too).
"""

from __future__ import annotations

from wonderland.core.errors import IllegalAction
from wonderland.games.wonderdice import actions, legality
from wonderland.games.wonderdice.effects import grant
from wonderland.games.wonderdice.legality import (
    ADVANCE_ID,
    ADVANCE_TWO_DICE,
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
    MAD,
    MADDEN_CHOICE,
    MAX_STEPS_PER_GAME,
    NEVER,
    OVER,
    PLAY,
    SIDES,
    TOUCH,
    WonderdiceState,
)

_KIND, _TARGET, _VALUE = legality.KIND, legality.TARGET, legality.VALUE


# -- small queries ------------------------------------------------------------------------
def character_name(s: WonderdiceState, seat: int) -> str:
    """The name of the character ``seat`` plays."""
    return s.table.content.characters[s.chars[seat]].name


def ability_id(s: WonderdiceState, seat: int) -> str:
    """The id of ``seat``'s active card side (the clause cited when an ability decides)."""
    side = ADMIRING if seat == s.jabber else s.side[seat]
    return s.table.content.characters[s.chars[seat]].sides[side].id


def block_number(s: WonderdiceState, target: int) -> int:
    """The number a block on ``target`` must show (Q2): next needed, or the top die (0: none)."""
    return BLOCK_NUMBER[s.table.flags.block_matches_top_die][s.row[target]]


def _shortest_other(s: WonderdiceState, seat: int) -> int:
    return min(r for i, r in enumerate(s.row) if i != seat)


def protected(s: WonderdiceState, target: int) -> str:
    """The clause that protects ``target`` from blocks now, or ``""``."""
    p = s.powers[target]
    if p.unblockable:
        if not _own_unblockable(s, target):
            return "Q16"  # the Jabberwocky power card
        aid = ability_id(s, target)
        return "D7" if aid == "cheshire_cat.admiring" else aid
    if p.shield_when_last and s.row[target] < _shortest_other(s, target):
        return ability_id(s, target)
    return ""


def _own_unblockable(s: WonderdiceState, seat: int) -> bool:
    side = ADMIRING if seat == s.jabber else s.side[seat]
    ch = s.table.content.characters[s.chars[seat]]
    return not s.suppressed[seat] and ch.sides[side].effect == "unblockable"


def last_block(s: WonderdiceState, seat: int) -> int:
    """The target of the block ``seat`` placed last (-1: none)."""
    for entry in reversed(s.placed[seat]):
        if entry >= 0:
            return entry
    return -1


# -- what the seat to move may do -------------------------------------------------------
def legal_actions(s: WonderdiceState, seat: int) -> list[int]:
    """Every action ``seat`` may take now (empty when it is not theirs to act)."""
    phase = s.phase
    if phase == PLAY:
        if seat != s.roller:
            return []
        if not s.faces:
            return free_turn_actions(s, seat)
        return roll_actions(s, seat, s.faces)
    if phase == TOUCH:
        return [actions.TOUCH] if seat == s.roller else []
    if phase == BETRAY_CHOICE:
        return [actions.BETRAY, actions.LOYAL] if seat == s.decider else []
    if phase == MADDEN_CHOICE:
        if seat != s.decider:
            return []
        return [actions.madden(t) for t in range(s.n) if t != s.jabber and s.side[t] == ADMIRING]
    return []


def free_turn_actions(s: WonderdiceState, seat: int) -> list[int]:
    """A turn without a roll (empty hand): touch the White Rabbit (D25) or take a block die
    back (D23, Q3)."""
    if s.row[seat] == ROW_DONE:
        return [actions.CLAIM]
    if s.table.flags.reclaim_any_block:
        targets = [t for t, b in enumerate(s.block_on) if b is not None and b[0] == seat]
    else:
        targets = [last_block(s, seat)]
    return [actions.PASS] + [actions.reclaim(t) for t in targets if t >= 0]


def roll_actions(
    s: WonderdiceState, seat: int, f: tuple[int, ...], at: int | None = None
) -> list[int]:
    """What ``seat`` may do with a roll showing ``f`` (counts per face) in state ``s``, for
    an action stamped ``at`` (default: the time of the last event), in the order of
    ``legality.ON_ROLL``.  Only the simultaneity window (D24) depends on the stamp."""
    now = s.now if at is None or at < s.now else at
    out = [actions.PASS]
    need = s.row[seat] + 1
    one, two = _advances(s, seat, f, need, now)
    if one:
        out.append(ADVANCE_ID[need])
    if two:
        out.append(ADVANCE_TWO_ID[need])
    lo, hi = _unblock_range(s, seat)
    for v in range(lo, hi + 1):
        if f[v]:
            out.append(UNBLOCK_ID[v])
    if _only_unblock(s, seat):
        return out
    n = s.n
    for t in range(n):
        lo, hi, lo2, hi2 = _block_ranges(s, seat, t, now)
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
    if may_take_back(s.powers[seat].take_back, pair, True):  # someone may be made to
        for t in range(n):
            if _may_take_back(s, seat, t, pair):
                out.append(TAKE_BACK_ID[t])
    return out


def roll_action_allowed(
    s: WonderdiceState, seat: int, f: tuple[int, ...], action: int, at: int | None = None
) -> bool:
    """Whether ``action`` is among :func:`roll_actions` ``(s, seat, f, at)``, decided for
    that one action instead of listing them all (a driver checks an arriving action with it).
    """
    if not 0 <= action < actions.NUM_ACTIONS:
        return False
    kind = _KIND[action]
    if kind not in ON_ROLL:  # claim, touch, betray, loyal, reclaim, madden
        return False
    if kind == legality.PASS_KIND:
        return True
    now = s.now if at is None or at < s.now else at
    v = _VALUE[action]
    if kind in (legality.ADVANCE_KIND, legality.ADVANCE_TWO_KIND):
        if v != s.row[seat] + 1:
            return False
        one, two = _advances(s, seat, f, v, now)
        return two if kind == legality.ADVANCE_TWO_KIND else one
    if kind == legality.UNBLOCK_KIND:
        lo, hi = _unblock_range(s, seat)
        return lo <= v <= hi and f[v] > 0
    if _only_unblock(s, seat):  # a block or a take-back
        return False
    t = _TARGET[action]
    if t >= s.n:
        return False
    if kind == legality.TAKE_BACK_KIND:
        return _may_take_back(s, seat, t, max(f) >= PAIR)
    lo, hi, lo2, hi2 = _block_ranges(s, seat, t, now)
    return f[v] > 0 and (lo <= v <= hi or lo2 <= v <= hi2)


def _advances(
    s: WonderdiceState, seat: int, f: tuple[int, ...], need: int, now: int
) -> tuple[bool, bool]:
    """Whether the roll lets ``seat`` ADVANCE its next number ``need`` (D18; while blocked
    only as the cancel of D24) and place the next two at once (double_advance)."""
    if need > ROW_DONE or not f[need] or s.tired[seat] or not _under_cap(s, seat, need):
        return False, False
    blocked = s.block_on[seat]
    if blocked is not None:
        return in_window(now, blocked[2], s.table.flags.window_ms), False
    two = (
        s.powers[seat].double_advance
        and need < ROW_DONE
        and f[need + 1] > 0
        and _under_cap(s, seat, need + 1)
    )
    return True, two


def _under_cap(s: WonderdiceState, seat: int, new_len: int) -> bool:
    """Whether ``seat``'s row may grow to ``new_len`` (hold_back: no further ahead of the
    shortest other row than its lead; no lead, no cap)."""
    lead = s.powers[seat].hold_back_lead
    return lead == 0 or new_len <= _shortest_other(s, seat) + lead


def _unblock_range(s: WonderdiceState, seat: int) -> tuple[int, int]:
    """The faces that unblock ``seat`` (D22), ``(lo, hi)``; none when it is not blocked."""
    blocked = s.block_on[seat]
    if blocked is None:
        return NO_RANGE
    powers = s.powers
    return unblock_range(
        blocked[1], powers[seat].unblock_reach, powers[blocked[0]].weak_blocks_reach
    )


def _only_unblock(s: WonderdiceState, seat: int) -> bool:
    """Q4 ``blocked_may_only_unblock``: ``seat`` is blocked, so it may only unblock."""
    return s.block_on[seat] is not None and s.table.flags.blocked_may_only_unblock


def _block_ranges(s: WonderdiceState, seat: int, t: int, now: int) -> tuple[int, int, int, int]:
    """The faces a block by ``seat`` on ``t`` may show (``legality.block_ranges``); none
    when ``t`` is ``seat``, already blocked (D20) or protected."""
    if t == seat or s.block_on[t] is not None:
        return NO_RANGES
    pt = s.powers[t]
    if pt.unblockable or (pt.shield_when_last and protected(s, t)):
        return NO_RANGES
    flags = s.table.flags
    number = BLOCK_NUMBER[flags.block_matches_top_die][s.row[t]]
    k = s.adv_n[t]  # the dice of an advance within the window (D24)
    recent = k if k and in_window(now, s.adv_t[t], flags.window_ms) else 0
    return legality.block_ranges(number, s.powers[seat].block_reach, pt.exposed_reach, recent)


def _may_take_back(s: WonderdiceState, seat: int, t: int, pair: bool) -> bool:
    """Whether ``seat`` may make ``t`` take back its last placed die (D8, Q9, walrus.mad)."""
    if t == seat or not s.placed[t]:
        return False
    return may_take_back(s.powers[seat].take_back, pair, s.powers[t].exposed_take_back)


# -- why something is refused -------------------------------------------------------------
def check(s: WonderdiceState, seat: int, action: int) -> None:
    """Raise IllegalAction with the deciding clause unless ``seat`` may take ``action`` now."""
    phase = s.phase
    acting_on_roll = phase == PLAY and seat == s.roller and bool(s.faces)
    if acting_on_roll and roll_action_allowed(s, seat, s.faces, action):
        return  # a pass is always legal: a roll may go unused (D14)
    if phase == OVER:
        raise IllegalAction("D27", "the game is over")
    if not 0 <= seat < s.n:
        raise IllegalAction("D13", f"there is no seat {seat} at a {s.n}-player table")
    if not 0 <= action < actions.NUM_ACTIONS:
        raise IllegalAction("E1", f"{action} is not an action id (0..{actions.NUM_ACTIONS - 1})")
    if not acting_on_roll and action in legal_actions(s, seat):
        return
    rule, why = _explain(s, seat, actions.decode(action))
    raise IllegalAction(
        rule,
        f"seat {seat} ({character_name(s, seat)}) cannot {actions.action_to_string(action)}: {why}",
    )


def _explain(s: WonderdiceState, seat: int, a: actions.Action) -> tuple[str, str]:
    """The clause and reason that refuse ``a`` (it is known to be illegal)."""
    phase = s.phase
    if phase == DEAL:
        return "D10", "the characters have not been dealt yet"
    if phase == TOUCH:
        if seat != s.roller:
            return "D28", "it is another player's touch of the token now"
        return "D28", "everyone but the winner must touch the token now"
    if phase in (BETRAY_CHOICE, MADDEN_CHOICE):
        if seat != s.decider:
            return ("D36" if phase == BETRAY_CHOICE else "D34"), (
                f"seat {s.decider} is deciding now"
            )
        if phase == BETRAY_CHOICE:
            return "D36", "choose betray or loyal"
        return "Q18", "the Jabberwocky must turn an Admiring player Mad"
    if seat != s.roller:
        return "E1", "no action is accepted without a roll of your own (D14)"
    if isinstance(a, actions.Touch | actions.Betray | actions.Loyal | actions.Madden):
        return "E1", "this is not the moment for that action"
    if not s.faces:
        return _explain_without_roll(s, seat, a)
    return _explain_on_roll(s, seat, a)


def _explain_without_roll(s: WonderdiceState, seat: int, a: actions.Action) -> tuple[str, str]:
    """Why ``a`` is refused on a turn without a roll (an empty hand)."""
    if isinstance(a, actions.Claim) or s.row[seat] == ROW_DONE:
        return "D25", (
            "you must touch the White Rabbit now"
            if s.row[seat] == ROW_DONE
            else "only a complete row 1-6 may touch the White Rabbit"
        )
    if isinstance(a, actions.Reclaim):
        return "Q3", (
            "you may only take back your own block die"
            + ("" if s.table.flags.reclaim_any_block else ", the one placed last")
        )
    return "D14", "an action needs a roll: you have no die in hand"


def _explain_on_roll(s: WonderdiceState, seat: int, a: actions.Action) -> tuple[str, str]:
    """Why ``a`` is refused with the roll ``s.faces`` resolving."""
    match a:
        case actions.Claim():
            return "D25", "only a complete row 1-6 may touch the White Rabbit"
        case actions.Reclaim():
            return "Q3", "a block die is taken back without a roll only when your hand is empty"
        case actions.Advance() | actions.AdvanceTwo():
            return _explain_advance(s, seat, a)
        case actions.Unblock(value):
            b = s.block_on[seat]
            if b is None:
                return "D22", "you are not blocked"
            if not s.faces[value]:
                return "D15", f"your roll shows no {value}"
            return "D22", f"the blocking die shows {b[1]}: unblock with that number"
        case actions.Block(target, value):
            return _explain_block(s, seat, target, value)
        case actions.TakeBack(target):
            if s.table.flags.blocked_may_only_unblock and s.block_on[seat] is not None:
                return "Q4", "a blocked player may only unblock"
            if target >= s.n or target == seat:
                return "D8", "make another player take back a die"
            if not s.placed[target]:
                return "D8", f"seat {target} has no die placed"
            return "D8", "only the Walrus may do that (or anyone against a Mad Walrus, with a pair)"
    return "E1", "that action is not possible now"


def _explain_advance(
    s: WonderdiceState, seat: int, a: actions.Advance | actions.AdvanceTwo
) -> tuple[str, str]:
    """Why an advance (or a double advance) is refused."""
    need = s.row[seat] + 1
    two = isinstance(a, actions.AdvanceTwo)
    if two and not s.powers[seat].double_advance:
        return "D17", "you may not place two dice at once without an ability"
    if a.value != need:
        return "D17", f"your row needs {need} next (no skipping)" if need <= ROW_DONE else (
            "your row is complete"
        )
    if s.block_on[seat] is not None:
        return "D21", "you are blocked: unblock first"
    if not s.faces[a.value]:
        return "D15", f"your roll shows no {need}"
    if s.tired[seat]:
        return ability_id(s, seat), "you advanced on your previous roll"
    if two and (need == ROW_DONE or not s.faces[need + 1]):
        return "D15", f"your roll does not show both {need} and {need + 1}"
    return ability_id(s, seat), "you may not run that far ahead of the shortest row"


def _explain_block(s: WonderdiceState, seat: int, t: int, value: int) -> tuple[str, str]:
    """Why a block on ``t`` with a die showing ``value`` is refused."""
    if t >= s.n or t == seat:
        return "D19", "block an opponent at the table"
    if s.table.flags.blocked_may_only_unblock and s.block_on[seat] is not None:
        return "Q4", "a blocked player may only unblock"
    if not s.faces[value]:
        return "D15", f"your roll shows no {value}"
    if s.block_on[t] is not None:
        return "D20", f"seat {t} is already blocked (one blocking die per player)"
    rule = protected(s, t)
    if rule:
        return rule, f"seat {t} ({character_name(s, t)}) cannot be blocked"
    nt = block_number(s, t)
    if s.table.flags.block_matches_top_die and nt == 0:
        return "Q2", f"seat {t} has no die to match yet"
    if nt > ROW_DONE:
        return "D19", f"seat {t} has completed the row"
    return "D19", f"seat {t} needs {nt}: a block must show that number"


# -- changing the state ----------------------------------------------------------------------
def refresh_powers(s: WonderdiceState) -> None:
    """Recompute every seat's powers from its card side, suppression and the Jabberwocky."""
    chars = s.table.content.characters
    for i in range(s.n):
        abilities = []
        if not s.suppressed[i]:
            side = ADMIRING if i == s.jabber else s.side[i]
            ab = chars[s.chars[i]].sides[side]
            abilities.append((ab.effect, dict(ab.params)))
        if i == s.jabber:
            jab = s.table.content.jabberwocky
            abilities.append((jab.effect, dict(jab.params)))
        s.powers[i] = grant(abilities)


def deal(s: WonderdiceState, chars: list[int]) -> None:
    """D10: each seat takes its character, Admiring side up, and six dice; round 1 starts."""
    s.chars = list(chars)
    s.dealt = list(chars)
    _start_game(s)


def _start_game(s: WonderdiceState) -> None:
    n = s.n
    s.side = [ADMIRING] * n
    s.upside = [False] * n
    s.penalty = [False] * n
    s.wins = [[0] * SIDES for _ in range(n)]
    s.jabber = -1
    s.team_wins = 0
    new_round(s)


def new_round(s: WonderdiceState) -> None:
    """D26: everyone takes all their dice back; a new round begins."""
    n = s.n
    s.phase = PLAY
    s.hand = [DICE] * n
    s.row = [0] * n
    s.block_on = [None] * n
    s.nblocks = [0] * n
    s.placed = [[] for _ in range(n)]
    s.adv_t = [NEVER] * n
    s.adv_n = [0] * n
    s.tired = [False] * n
    s.suppressed = s.penalty
    s.penalty = [False] * n
    s.roller = -1
    s.faces = ()
    s.decider = -1
    s.round_no += 1
    s.round_start = s.now
    refresh_powers(s)


def begin_turn(s: WonderdiceState, seat: int, gap: int, faces: tuple[int, ...]) -> None:
    """Chance: ``seat`` acts ``gap`` ms after the last event, with these rolled faces."""
    count = sum(faces)
    if s.phase == PLAY:
        if s.hand[seat]:
            if not 1 <= count <= s.hand[seat]:
                raise IllegalAction("E2", f"seat {seat} rolls 1..{s.hand[seat]} dice, not {count}")
            s.stats["rolls"] += 1
        elif count:
            raise IllegalAction("E2", f"seat {seat} has no die in hand to roll")
    elif s.phase == TOUCH:
        if s.touched[seat] or count:
            raise IllegalAction("D28", f"seat {seat} does not touch the token now")
    else:
        raise IllegalAction("E1", "no roll is resolving now")
    s.now += gap
    s.roller = seat
    s.faces = faces if count else ()


def apply_action(s: WonderdiceState, seat: int, action: int) -> None:
    """Apply a checked seat action."""
    s.last_event = (seat, action, "")
    phase = s.phase
    if phase == PLAY:
        s.roller = -1
        faces = s.faces
        s.faces = ()
        _play(s, seat, action, faces)
    elif phase == TOUCH:
        s.roller = -1
        _touch(s, seat)
    elif phase == BETRAY_CHOICE:
        _betray(s, seat, action == actions.BETRAY)
    elif phase == MADDEN_CHOICE:
        target = action - actions.madden(0)
        s.side[target] = MAD
        s.history.append(
            f"round {s.round_no}: the Jabberwocky turns seat {target} "
            f"({character_name(s, target)}) Mad (D34)"
        )
        if not _check_jabberwocky(s):
            _after_round(s)


def _play(s: WonderdiceState, seat: int, action: int, faces: tuple[int, ...]) -> None:
    if faces:
        s.tired[seat] = False  # mad_hatter.mad rests for one roll only
    if action == actions.PASS:
        return
    st = s.stats
    if action == actions.CLAIM:
        win_round(s, seat, "D25")
        return
    match actions.DECODED[action]:
        case actions.Advance() | actions.AdvanceTwo() as a:
            _advance(s, seat, action, ADVANCE_TWO_DICE if isinstance(a, actions.AdvanceTwo) else 1)
        case actions.Block(target, value):
            _block(s, seat, action, target, value)
        case actions.Unblock():
            _remove_block(s, seat)
            st["unblocks"] += 1
            if s.powers[seat].unblock_costs_die and s.row[seat]:
                _take_back_row(s, seat)
        case actions.Reclaim(target):
            _remove_block(s, target)
            st["reclaims"] += 1
        case actions.TakeBack(target):
            _take_back(s, target)
            st["take_backs"] += 1


def _advance(s: WonderdiceState, seat: int, action: int, k: int) -> None:
    """``seat`` places ``k`` dice on its row (D18), or cancels the block on it (D24)."""
    st = s.stats
    b = s.block_on[seat]
    if b is not None:  # D24: the block landed within the window: both dice go back
        _remove_block(s, seat)
        st["cancels"] += 1
        s.last_event = (seat, action, "D24")
        return
    s.row[seat] += k
    s.hand[seat] -= k
    s.placed[seat].extend([-1] * k)
    s.adv_t[seat] = s.now
    s.adv_n[seat] = k
    s.tired[seat] = s.powers[seat].advance_rest
    if s.row[seat] == ROW_DONE and s.table.flags.auto_claim:
        win_round(s, seat, "Q8")


def _block(s: WonderdiceState, seat: int, action: int, t: int, value: int) -> None:
    """``seat`` blocks ``t`` with a die showing ``value`` (D19), or cancels its advance
    within the window (D24)."""
    st = s.stats
    if _cancels(s, seat, t, value):
        k = s.adv_n[t]  # D24: the target's advance within the window is undone
        s.row[t] -= k
        s.hand[t] += k
        _unplace_row(s.placed[t], k)
        s.adv_n[t] = 0
        s.adv_t[t] = NEVER
        st["cancels"] += 1
        s.last_event = (seat, action, "D24")
        return
    s.block_on[t] = (seat, value, s.now)
    s.hand[seat] -= 1
    s.nblocks[seat] += 1
    s.placed[seat].append(t)
    st["blocks"] += 1


def _cancels(s: WonderdiceState, seat: int, t: int, value: int) -> bool:
    """Whether a (checked) block showing ``value`` aims at the number ``t`` had before an
    advance within the window: the second range of :func:`_block_ranges` (D24 then undoes
    both); otherwise it is a plain block on the current number."""
    _, _, lo, hi = _block_ranges(s, seat, t, s.now)
    return lo <= value <= hi


def _unplace_row(placed: list[int], k: int) -> None:
    """Forget the last ``k`` row dice in a placement order."""
    for i in range(len(placed) - 1, -1, -1):
        if k and placed[i] == -1:
            del placed[i]
            k -= 1


def _remove_block(s: WonderdiceState, target: int) -> None:
    b = s.block_on[target]
    assert b is not None
    blocker = b[0]
    s.block_on[target] = None
    s.hand[blocker] += 1
    s.nblocks[blocker] -= 1
    placed = s.placed[blocker]
    for i in range(len(placed) - 1, -1, -1):
        if placed[i] == target:
            del placed[i]
            break


def _take_back(s: WonderdiceState, target: int) -> None:
    last = s.placed[target][-1]
    if last >= 0:
        _remove_block(s, last)
    else:
        _take_back_row(s, target)


def _take_back_row(s: WonderdiceState, seat: int) -> None:
    """The top die of ``seat``'s row goes back to the hand."""
    _unplace_row(s.placed[seat], 1)
    s.row[seat] -= 1
    s.hand[seat] += 1
    s.adv_n[seat] = max(0, s.adv_n[seat] - 1)


# -- winning -------------------------------------------------------------------------------
def win_round(s: WonderdiceState, seat: int, rule: str) -> None:
    """D25: ``seat`` caught the White Rabbit; the card flips and the game may end."""
    st = s.stats
    st["rounds"] += 1
    st["round_ms"] += s.now - s.round_start
    s.last_event = (seat, actions.CLAIM, rule)
    name = character_name(s, seat)
    side = s.side[seat]
    st["mad_round_wins" if side == MAD else "admiring_round_wins"] += 1
    s.char_wins[SIDES * s.chars[seat] + side] += 1
    flags = s.table.flags
    if flags.challenge and flags.challenge_counts_round_wins:
        s.series_score[seat] += 1
    if s.jabber >= 0:
        _jabberwocky_round(s, seat, rule, name)
        return
    s.wins[seat][side] += 1
    s.history.append(
        f"round {s.round_no}: seat {seat} ({name}, {side_name(s, side)}) "
        f"completed 1-6 and caught the White Rabbit ({rule})"
    )
    s.side[seat] = MAD  # D26
    if s.wins[seat][ADMIRING] and s.wins[seat][MAD]:
        end_game(s, (seat,), "D27")
        return
    if flags.jabberwocky and all(x == MAD for x in s.side):
        s.jabber = seat  # D31, D32
        s.side = [ADMIRING] * s.n
        s.team_wins = 0
        s.history.append(
            f"every card is Mad: the token turns and seat {seat} ({name}) "
            "becomes the Jabberwocky (D31, D32)"
        )
    _after_round(s, seat)


def _jabberwocky_round(s: WonderdiceState, seat: int, rule: str, name: str) -> None:
    if seat == s.jabber:
        s.history.append(
            f"round {s.round_no}: the Jabberwocky (seat {seat}, {name}) wins "
            f"the round ({rule}, D34)"
        )
        if not _check_jabberwocky(s):
            s.phase = MADDEN_CHOICE
            s.decider = seat
        return
    if s.upside[seat]:
        s.history.append(f"round {s.round_no}: the betrayer seat {seat} ({name}) wins again")
        end_game(s, (seat,), "D36")
        return
    s.history.append(
        f"round {s.round_no}: seat {seat} ({name}) wins the round for the team ({rule}, D35)"
    )
    if s.side[seat] == ADMIRING:
        s.phase = BETRAY_CHOICE
        s.decider = seat
        return
    _count_for_team(s, seat)


def _count_for_team(s: WonderdiceState, seat: int) -> None:
    s.team_wins += 1
    target = s.n if s.table.flags.team_target_all_players else s.n - 1
    if s.team_wins >= target:
        team = tuple(i for i in range(s.n) if i != s.jabber and not s.upside[i])
        end_game(s, team, "D33")
    else:
        _after_round(s, seat)


def _betray(s: WonderdiceState, seat: int, betray: bool) -> None:
    if not betray:
        _count_for_team(s, seat)
        return
    s.side[seat] = MAD
    s.upside[seat] = True
    s.history.append(f"seat {seat} ({character_name(s, seat)}) betrays the team (D36)")
    if s.table.flags.betrayer_counts_for_team:
        _count_for_team(s, seat)
    elif not _check_jabberwocky(s):
        _after_round(s, seat)


def _check_jabberwocky(s: WonderdiceState) -> bool:
    """D33: the Jabberwocky wins once every other card shows Mad."""
    if all(s.side[i] == MAD for i in range(s.n) if i != s.jabber):
        end_game(s, (s.jabber,), "D33")
        return True
    return False


def _after_round(s: WonderdiceState, winner: int = -1) -> None:
    if winner < 0:
        winner = s.decider
    if s.table.flags.play_me and s.phase != OVER:
        s.phase = TOUCH
        s.touched = [i == winner for i in range(s.n)]
        s.roller = -1
        s.decider = winner
    else:
        new_round(s)


def _touch(s: WonderdiceState, seat: int) -> None:
    s.touched[seat] = True
    if not all(s.touched):
        return
    s.penalty[seat] = True  # D28: the last to touch loses the ability next round
    note = "loses the ability for the next round"
    if s.jabber < 0:
        if s.side[seat] == MAD:
            note = "turns back to Admiring and " + note
            if s.table.flags.play_me_erases_admiring_win:
                s.wins[seat][ADMIRING] = 0
                note += " (and the Admiring win is lost)"
        s.side[seat] = ADMIRING
    s.history.append(
        f"Play Me!: seat {seat} ({character_name(s, seat)}) touched last and {note} (D28)"
    )
    new_round(s)


def end_game(s: WonderdiceState, winners: tuple[int, ...], rule: str) -> None:
    """The game is decided; under Challenge the series goes on with rotated characters."""
    s.history.append(
        f"game {s.game_no + 1}: won by seat(s) {', '.join(map(str, winners)) or 'none'} ({rule})"
    )
    flags = s.table.flags
    if flags.challenge and rule != "E3":
        if not flags.challenge_counts_round_wins:
            for w in winners:
                s.series_score[w] += 1
        s.game_no += 1
        if s.game_no < s.n:
            s.chars = s.chars[1:] + s.chars[:1]
            s.history.append(f"Challenge: game {s.game_no + 1} of {s.n}, characters rotate (D29)")
            _start_game(s)
            return
        best = max(s.series_score)
        winners = tuple(i for i, v in enumerate(s.series_score) if v == best)
        rule = "D29"
    s.phase = OVER
    s.roller = -1
    s.decider = -1
    s.winners = winners
    s.end_rule = rule


def count_step(s: WonderdiceState) -> None:
    """E3: abandon a game that runs past its step budget (no winner)."""
    s.steps += 1
    budget = MAX_STEPS_PER_GAME * (s.n if s.table.flags.challenge else 1)
    if s.steps >= budget and s.phase != OVER:
        s.history.append(f"the game is abandoned as a draw after {s.steps} events (E3)")
        s.phase = OVER
        s.winners = tuple(range(s.n))
        s.end_rule = "E3"
        s.roller = -1


def side_name(s: WonderdiceState, side: int) -> str:
    """The displayed name of a side (Q1 skin)."""
    if s.table.flags.skin == "cmon_en":
        return ("Wonder", "Madness")[side]
    return ("Admiring", "Mad")[side]


# -- conservation -----------------------------------------------------------------------------
def invariants(s: WonderdiceState) -> list[str]:
    """Every die in exactly one place: hand, own row, or blocking one opponent."""
    problems = []
    n = s.n
    out = [0] * n
    for t, b in enumerate(s.block_on):
        if b is not None:
            if b[0] == t or not 0 <= b[0] < n:
                problems.append(f"seat {t} is blocked by an impossible seat {b[0]}")
                continue
            out[b[0]] += 1
            if t not in s.placed[b[0]]:
                problems.append(f"block of seat {b[0]} on {t} missing from its placements")
    for i in range(n):
        if s.hand[i] < 0 or not 0 <= s.row[i] <= DICE:
            problems.append(f"seat {i}: impossible hand {s.hand[i]} or row {s.row[i]}")
        if out[i] != s.nblocks[i]:
            problems.append(f"seat {i}: {s.nblocks[i]} blocks counted, {out[i]} lying out")
        if s.hand[i] + s.row[i] + out[i] != DICE:
            problems.append(
                f"seat {i}: hand {s.hand[i]} + row {s.row[i]} + blocks {out[i]} != {DICE} dice"
            )
        if s.placed[i].count(-1) != s.row[i] or len(s.placed[i]) != s.row[i] + out[i]:
            problems.append(f"seat {i}: placement order does not match row and blocks")
    return problems
