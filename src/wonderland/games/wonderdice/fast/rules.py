"""Wonderdice's rules over the compiled state: the steps that change it.

Each step mirrors the plain engine's function of the same name in ``rules.py`` (the tests
replay plain games through both and compare them after every event).  A step takes the
game's :class:`~wonderland.games.wonderdice.fast.layout.State` and the table's
:class:`~wonderland.games.wonderdice.fast.layout.Rules` (``layout.py``); what a seat may do is
``legality.py``'s.
"""

from __future__ import annotations

import numpy as np

from wonderland.compiled.jit import Int, compiled, compiled_call
from wonderland.games.wonderdice.fast.layout import (
    ADV_N,
    ADV_T,
    ADVANCE_REST,
    BETRAY,
    BLOCKER,
    BT,
    BVAL,
    CHAR,
    CHAR_WINS,
    CLAIM,
    DEALT,
    END_D27,
    END_D29,
    END_D33,
    END_D36,
    END_E3,
    HAND,
    K_JABBER,
    K_JABBER_ONLY,
    K_NONE,
    MADDEN,
    NBLOCKS,
    NO_SEAT,
    PASS,
    PENALTY,
    PLEN,
    POW,
    POWERS,
    R_AUTO_CLAIM,
    R_BETRAYER_TEAM,
    R_CHALLENGE,
    R_CHALLENGE_ROUNDS,
    R_JABBERWOCKY,
    R_PLAY_ME,
    R_PLAY_ME_ERASES,
    R_TEAM_ALL,
    ROW,
    S_ADMIRING_WINS,
    S_BLOCKS,
    S_CANCELS,
    S_DECIDER,
    S_END,
    S_GAME_NO,
    S_JABBER,
    S_MAD_WINS,
    S_N,
    S_NOW,
    S_PHASE,
    S_RECLAIMS,
    S_ROLLER,
    S_ROLLS,
    S_ROUND_MS,
    S_ROUND_NO,
    S_ROUND_START,
    S_ROUNDS,
    S_STEPS,
    S_TAKE_BACKS,
    S_TEAM_WINS,
    S_UNBLOCKS,
    S_WINNERS,
    SERIES,
    SIDE,
    SUPP,
    TIRED,
    TOUCHED,
    UNBLOCK_COSTS,
    UPSIDE,
    WINS_A,
    WINS_M,
    Rules,
    State,
)
from wonderland.games.wonderdice.fast.legality import (
    KIND,
    TARGET,
    VALUE,
    blocking,
)
from wonderland.games.wonderdice.legality import (
    ADVANCE_KIND,
    ADVANCE_TWO_DICE,
    ADVANCE_TWO_KIND,
    BLOCK_KIND,
    RECLAIM_KIND,
    ROW_DONE,
    TAKE_BACK_KIND,
    UNBLOCK_KIND,
)
from wonderland.games.wonderdice.state import (
    ADMIRING,
    BETRAY_CHOICE,
    DICE,
    MAD,
    MADDEN_CHOICE,
    MAX_STEPS_PER_GAME,
    NEVER,
    OVER,
    PLAY,
    SIDES,
    TOUCH,
)


# -- changing the state ----------------------------------------------------------------------
@compiled
def refresh_powers(state: State, rules: Rules) -> None:
    """Every seat's powers from its card side, suppression and the Jabberwocky."""
    ps, sc, _ = state
    pw = rules.pw
    jabber = sc[S_JABBER]
    for i in range(sc[S_N]):
        if ps[SUPP, i]:
            kind = K_JABBER_ONLY if i == jabber else K_NONE
        else:
            kind = K_JABBER if i == jabber else ps[SIDE, i]
        c = ps[CHAR, i]
        for p in range(POWERS):
            ps[POW + p, i] = pw[c, kind, p]


@compiled_call
def new_round(state: State, rules: Rules) -> None:
    """D26: everyone takes all their dice back; a new round begins."""
    ps, sc, _ = state
    for i in range(sc[S_N]):
        ps[HAND, i] = DICE
        ps[ROW, i] = 0
        ps[BLOCKER, i] = NO_SEAT
        ps[BVAL, i] = 0
        ps[BT, i] = 0
        ps[NBLOCKS, i] = 0
        ps[PLEN, i] = 0
        ps[ADV_T, i] = NEVER
        ps[ADV_N, i] = 0
        ps[TIRED, i] = 0
        ps[SUPP, i] = ps[PENALTY, i]
        ps[PENALTY, i] = 0
    sc[S_PHASE] = PLAY
    sc[S_ROLLER] = NO_SEAT
    sc[S_DECIDER] = NO_SEAT
    sc[S_ROUND_NO] += 1
    sc[S_ROUND_START] = sc[S_NOW]
    refresh_powers(state, rules)


@compiled_call
def start_game(state: State, rules: Rules) -> None:
    """Admiring sides up, no wins, no Jabberwocky; the first round."""
    ps, sc, _ = state
    for i in range(sc[S_N]):
        ps[SIDE, i] = ADMIRING
        ps[UPSIDE, i] = 0
        ps[PENALTY, i] = 0
        ps[WINS_A, i] = 0
        ps[WINS_M, i] = 0
    sc[S_JABBER] = NO_SEAT
    sc[S_TEAM_WINS] = 0
    new_round(state, rules)


@compiled
def reset(state: State, n: Int) -> None:
    """The state before the deal of an ``n``-player game."""
    ps, sc, _ = state
    ps[:, :] = 0
    sc[:] = 0
    sc[S_N] = n
    sc[S_DECIDER] = NO_SEAT
    sc[S_ROLLER] = NO_SEAT
    sc[S_JABBER] = NO_SEAT
    for i in range(n):
        ps[BLOCKER, i] = NO_SEAT
        ps[CHAR, i] = i
        ps[DEALT, i] = i


@compiled
def deal(state: State, rules: Rules, chars: np.ndarray) -> None:
    """D10: each seat takes its character (``chars[seat]``); round 1 starts."""
    ps, sc, _ = state
    for i in range(sc[S_N]):
        ps[CHAR, i] = chars[i]
        ps[DEALT, i] = chars[i]
    start_game(state, rules)


@compiled
def begin_turn(state: State, seat: Int, gap: Int) -> None:
    """``seat`` acts ``gap`` ms after the last event (the event was checked by the caller)."""
    ps, sc, _ = state
    if sc[S_PHASE] == PLAY and ps[HAND, seat]:
        sc[S_ROLLS] += 1
    sc[S_NOW] += gap
    sc[S_ROLLER] = seat


@compiled
def count_step(state: State, rules: Rules) -> None:
    """E3: abandon a game that runs past its step budget (a draw)."""
    sc = state.sc
    rf = rules.rf
    sc[S_STEPS] += 1
    budget = MAX_STEPS_PER_GAME * (sc[S_N] if rf[R_CHALLENGE] else 1)
    if sc[S_STEPS] >= budget and sc[S_PHASE] != OVER:
        sc[S_PHASE] = OVER
        sc[S_WINNERS] = (1 << sc[S_N]) - 1
        sc[S_END] = END_E3
        sc[S_ROLLER] = NO_SEAT


@compiled_call
def remove_block(state: State, target: Int) -> None:
    """The block on ``target`` goes back to its owner's hand."""
    ps, _, placed = state
    blocker = ps[BLOCKER, target]
    ps[BLOCKER, target] = NO_SEAT
    ps[BVAL, target] = 0
    ps[BT, target] = 0
    ps[HAND, blocker] += 1
    ps[NBLOCKS, blocker] -= 1
    length = ps[PLEN, blocker]
    for i in range(length - 1, -1, -1):
        if placed[blocker, i] == target:
            for j in range(i, length - 1):
                placed[blocker, j] = placed[blocker, j + 1]
            ps[PLEN, blocker] = length - 1
            break


@compiled_call
def unplace_row(state: State, seat: Int, k: Int) -> None:
    """Forget the last ``k`` row dice in ``seat``'s placement order."""
    ps, _, placed = state
    i = ps[PLEN, seat] - 1
    while k and i >= 0:
        if placed[seat, i] == -1:
            length = ps[PLEN, seat]
            for j in range(i, length - 1):
                placed[seat, j] = placed[seat, j + 1]
            ps[PLEN, seat] = length - 1
            k -= 1
        i -= 1


@compiled
def take_back_row(state: State, seat: Int) -> None:
    """The top die of ``seat``'s row goes back to the hand."""
    ps = state.ps
    unplace_row(state, seat, 1)
    ps[ROW, seat] -= 1
    ps[HAND, seat] += 1
    ps[ADV_N, seat] = max(0, ps[ADV_N, seat] - 1)


@compiled
def seat_mask(ps: np.ndarray, n: Int, skip: Int) -> Int:
    """Bits of the seats other than ``skip`` that have not betrayed (the team, D33)."""
    mask = 0
    for i in range(n):
        if i != skip and not ps[UPSIDE, i]:
            mask |= 1 << i
    return mask


@compiled_call
def end_game(state: State, rules: Rules, winners: Int, rule: Int) -> None:
    """The game is decided; under Challenge the series goes on with rotated characters."""
    ps, sc, _ = state
    rf = rules.rf
    n = sc[S_N]
    if rf[R_CHALLENGE] and rule != END_E3:
        if not rf[R_CHALLENGE_ROUNDS]:
            for w in range(n):
                if winners >> w & 1:
                    ps[SERIES, w] += 1
        sc[S_GAME_NO] += 1
        if sc[S_GAME_NO] < n:
            first = ps[CHAR, 0]
            for i in range(n - 1):
                ps[CHAR, i] = ps[CHAR, i + 1]
            ps[CHAR, n - 1] = first
            start_game(state, rules)
            return
        best = 0
        for i in range(n):
            best = max(best, ps[SERIES, i])
        winners = 0
        for i in range(n):
            if ps[SERIES, i] == best:
                winners |= 1 << i
        rule = END_D29
    sc[S_PHASE] = OVER
    sc[S_ROLLER] = NO_SEAT
    sc[S_DECIDER] = NO_SEAT
    sc[S_WINNERS] = winners
    sc[S_END] = rule


@compiled_call
def after_round(state: State, rules: Rules, w: Int) -> None:
    """Play Me's touches (D28), or the next round."""
    ps, sc, _ = state
    rf = rules.rf
    winner = sc[S_DECIDER] if w < 0 else w
    if rf[R_PLAY_ME] and sc[S_PHASE] != OVER:
        sc[S_PHASE] = TOUCH
        for i in range(sc[S_N]):
            ps[TOUCHED, i] = 1 if i == winner else 0
        sc[S_ROLLER] = NO_SEAT
        sc[S_DECIDER] = winner
    else:
        new_round(state, rules)


@compiled_call
def check_jabberwocky(state: State, rules: Rules) -> bool:
    """D33: the Jabberwocky wins once every other card shows Mad."""
    ps, sc, _ = state
    jabber = sc[S_JABBER]
    for i in range(sc[S_N]):
        if i != jabber and ps[SIDE, i] != MAD:
            return False
    end_game(state, rules, 1 << jabber, END_D33)
    return True


@compiled_call
def count_for_team(state: State, rules: Rules, seat: Int) -> None:
    """A team round win (D35); the team wins at its target (Q15)."""
    ps, sc, _ = state
    rf = rules.rf
    n = sc[S_N]
    sc[S_TEAM_WINS] += 1
    target = n if rf[R_TEAM_ALL] else n - 1
    if sc[S_TEAM_WINS] >= target:
        end_game(state, rules, seat_mask(ps, n, sc[S_JABBER]), END_D33)
    else:
        after_round(state, rules, seat)


@compiled_call
def win_round(state: State, rules: Rules, seat: Int) -> None:
    """D25: ``seat`` caught the White Rabbit; the card flips and the game may end."""
    ps, sc, _ = state
    rf = rules.rf
    n = sc[S_N]
    sc[S_ROUNDS] += 1
    sc[S_ROUND_MS] += sc[S_NOW] - sc[S_ROUND_START]
    side = ps[SIDE, seat]
    sc[S_MAD_WINS if side == MAD else S_ADMIRING_WINS] += 1
    sc[CHAR_WINS + SIDES * ps[CHAR, seat] + side] += 1
    if rf[R_CHALLENGE] and rf[R_CHALLENGE_ROUNDS]:
        ps[SERIES, seat] += 1
    jabber = sc[S_JABBER]
    if jabber >= 0:  # the Jabberwocky's rounds (D33-D36)
        if seat == jabber:
            if not check_jabberwocky(state, rules):
                sc[S_PHASE] = MADDEN_CHOICE
                sc[S_DECIDER] = seat
            return
        if ps[UPSIDE, seat]:
            end_game(state, rules, 1 << seat, END_D36)
            return
        if side == ADMIRING:
            sc[S_PHASE] = BETRAY_CHOICE
            sc[S_DECIDER] = seat
            return
        count_for_team(state, rules, seat)
        return
    if side == MAD:
        ps[WINS_M, seat] += 1
    else:
        ps[WINS_A, seat] += 1
    ps[SIDE, seat] = MAD
    if ps[WINS_A, seat] and ps[WINS_M, seat]:
        end_game(state, rules, 1 << seat, END_D27)
        return
    if rf[R_JABBERWOCKY]:
        every = True
        for i in range(n):
            if ps[SIDE, i] != MAD:
                every = False
        if every:  # D31, D32
            sc[S_JABBER] = seat
            for i in range(n):
                ps[SIDE, i] = ADMIRING
            sc[S_TEAM_WINS] = 0
    after_round(state, rules, seat)


@compiled
def cancels(state: State, rules: Rules, seat: Int, t: Int, value: Int) -> bool:
    """Whether a (checked) block showing ``value`` aims at the number ``t`` had before an
    advance within the window: the second range of :func:`blocking` (``steps._cancels``)."""
    sc = state.sc
    _, _, lo, hi = blocking(state.ps, rules.rf, sc[S_N], seat, t, sc[S_NOW])
    return bool(lo <= value <= hi)


@compiled
def advance(state: State, rules: Rules, seat: Int, k: Int) -> None:
    """``seat`` advances ``k`` dice, or (blocked, D24) both dice of the block go back."""
    ps, sc, placed = state
    if ps[BLOCKER, seat] >= 0:
        remove_block(state, seat)
        sc[S_CANCELS] += 1
        return
    ps[ROW, seat] += k
    ps[HAND, seat] -= k
    for _ in range(k):
        placed[seat, ps[PLEN, seat]] = -1
        ps[PLEN, seat] += 1
    ps[ADV_T, seat] = sc[S_NOW]
    ps[ADV_N, seat] = k
    ps[TIRED, seat] = ps[ADVANCE_REST, seat]
    if ps[ROW, seat] == ROW_DONE and rules.rf[R_AUTO_CLAIM]:
        win_round(state, rules, seat)


@compiled
def block(state: State, rules: Rules, seat: Int, action: Int) -> None:
    """``seat`` blocks with ``action``, or cancels the target's advance within the window."""
    ps, sc, placed = state
    t = TARGET[action]
    value = VALUE[action]
    if cancels(state, rules, seat, t, value):
        k = ps[ADV_N, t]
        ps[ROW, t] -= k  # D24: the target's advance within the window is undone
        ps[HAND, t] += k
        unplace_row(state, t, k)
        ps[ADV_N, t] = 0
        ps[ADV_T, t] = NEVER
        sc[S_CANCELS] += 1
        return
    ps[BLOCKER, t] = seat
    ps[BVAL, t] = value
    ps[BT, t] = sc[S_NOW]
    ps[HAND, seat] -= 1
    ps[NBLOCKS, seat] += 1
    placed[seat, ps[PLEN, seat]] = t
    ps[PLEN, seat] += 1
    sc[S_BLOCKS] += 1


@compiled_call
def play(state: State, rules: Rules, seat: Int, action: Int, rolled: bool) -> None:
    """A checked action during play (``steps._play``); ``rolled``: on a roll, not a free turn."""
    ps, sc, placed = state
    if rolled:
        ps[TIRED, seat] = 0
    if action == PASS:
        return
    if action == CLAIM:
        win_round(state, rules, seat)
        return
    kind = KIND[action]
    if kind in (ADVANCE_KIND, ADVANCE_TWO_KIND):
        advance(state, rules, seat, ADVANCE_TWO_DICE if kind == ADVANCE_TWO_KIND else 1)
    elif kind == BLOCK_KIND:
        block(state, rules, seat, action)
    elif kind == UNBLOCK_KIND:
        remove_block(state, seat)
        sc[S_UNBLOCKS] += 1
        if ps[UNBLOCK_COSTS, seat] and ps[ROW, seat]:
            take_back_row(state, seat)
    elif kind == RECLAIM_KIND:
        remove_block(state, TARGET[action])
        sc[S_RECLAIMS] += 1
    elif kind == TAKE_BACK_KIND:
        t = TARGET[action]
        last = placed[t, ps[PLEN, t] - 1]
        if last >= 0:
            remove_block(state, last)
        else:
            take_back_row(state, t)
        sc[S_TAKE_BACKS] += 1


@compiled_call
def touch(state: State, rules: Rules, seat: Int) -> None:
    """D28: ``seat`` touches the token; the last to touch loses the ability next round."""
    ps, sc, _ = state
    rf = rules.rf
    n = sc[S_N]
    ps[TOUCHED, seat] = 1
    for i in range(n):
        if not ps[TOUCHED, i]:
            return
    ps[PENALTY, seat] = 1
    if sc[S_JABBER] < 0:
        if ps[SIDE, seat] == MAD and rf[R_PLAY_ME_ERASES]:
            ps[WINS_A, seat] = 0
        ps[SIDE, seat] = ADMIRING
    new_round(state, rules)


@compiled_call
def decide(state: State, rules: Rules, seat: Int, action: Int) -> None:
    """A decision between rounds: betray or stay loyal (D36); the Jabberwocky's victim (D34)."""
    ps, sc, _ = state
    rf = rules.rf
    if sc[S_PHASE] == BETRAY_CHOICE:
        if action != BETRAY:
            count_for_team(state, rules, seat)
            return
        ps[SIDE, seat] = MAD
        ps[UPSIDE, seat] = 1
        if rf[R_BETRAYER_TEAM]:
            count_for_team(state, rules, seat)
        elif not check_jabberwocky(state, rules):
            after_round(state, rules, seat)
        return
    ps[SIDE, action - MADDEN] = MAD
    if not check_jabberwocky(state, rules):
        after_round(state, rules, -1)


@compiled_call
def apply_event(state: State, rules: Rules, seat: Int, action: Int, rolled: bool) -> None:
    """A checked event's action (``rules.apply_action`` during play or Play Me), with the
    driver's two step counts around it; none when the event itself ended the game (E3)."""
    sc = state.sc
    count_step(state, rules)
    phase = sc[S_PHASE]
    if phase == PLAY:
        sc[S_ROLLER] = NO_SEAT
        play(state, rules, seat, action, rolled)
    elif phase == TOUCH:
        sc[S_ROLLER] = NO_SEAT
        touch(state, rules, seat)
    else:  # E3: the roll event was the game's last; its action never comes
        return
    count_step(state, rules)
