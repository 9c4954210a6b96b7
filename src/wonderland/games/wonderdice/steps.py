"""How the state changes: a roll's turn begins, a checked action takes effect, and the
rounds and games it decides go on (D10, D18-D36, E3).  Nothing here checks an action:
``rules.check`` has passed before :func:`apply_action` runs (:func:`begin_turn` checks its
chance event itself).
"""

from __future__ import annotations

from wonderland.core.errors import IllegalAction
from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.effects import grant
from wonderland.games.wonderdice.legality import (
    ADVANCE_TWO_DICE,
    ROW_DONE,
)
from wonderland.games.wonderdice.rules import (
    block_ranges_on,
    character_name,
    side_name,
    won_by_words,
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
    WonderdiceState,
)


# -- changing the state ----------------------------------------------------------------------
def refresh_powers(state: WonderdiceState) -> None:
    """Recompute every seat's powers from its card side, suppression and the Jabberwocky."""
    chars = state.table.content.characters
    for i in range(state.n):
        abilities = []
        if not state.suppressed[i]:
            side = ADMIRING if i == state.jabber else state.side[i]
            ab = chars[state.chars[i]].sides[side]
            abilities.append((ab.effect, dict(ab.params)))
        if i == state.jabber:
            jab = state.table.content.jabberwocky
            abilities.append((jab.effect, dict(jab.params)))
        state.powers[i] = grant(abilities)


def deal(state: WonderdiceState, chars: list[int]) -> None:
    """D10: each seat takes its character, Admiring side up, and six dice; round 1 starts."""
    state.chars = list(chars)
    state.dealt = list(chars)
    _start_game(state)


def _start_game(state: WonderdiceState) -> None:
    n = state.n
    state.side = [ADMIRING] * n
    state.upside = [False] * n
    state.penalty = [False] * n
    state.wins = [[0] * SIDES for _ in range(n)]
    state.jabber = -1
    state.team_wins = 0
    new_round(state)


def new_round(state: WonderdiceState) -> None:
    """D26: everyone takes all their dice back; a new round begins."""
    n = state.n
    state.phase = PLAY
    state.hand = [DICE] * n
    state.row = [0] * n
    state.block_on = [None] * n
    state.nblocks = [0] * n
    state.placed = [[] for _ in range(n)]
    state.adv_t = [NEVER] * n
    state.adv_n = [0] * n
    state.tired = [False] * n
    state.suppressed = state.penalty
    state.penalty = [False] * n
    state.roller = -1
    state.faces = ()
    state.decider = -1
    state.round_no += 1
    state.round_start = state.now
    refresh_powers(state)


def begin_turn(state: WonderdiceState, seat: int, gap: int, faces: tuple[int, ...]) -> None:
    """Chance: ``seat`` acts ``gap`` ms after the last event, with these rolled faces."""
    count = sum(faces)
    if state.phase == PLAY:
        if state.hand[seat]:
            if not 1 <= count <= state.hand[seat]:
                raise IllegalAction(
                    "E2", f"seat {seat + 1} rolls 1..{state.hand[seat]} dice, not {count}"
                )
            state.stats["rolls"] += 1
        elif count:
            raise IllegalAction("E2", f"seat {seat + 1} has no die in hand to roll")
    elif state.phase == TOUCH:
        if state.touched[seat] or count:
            raise IllegalAction("D28", f"seat {seat + 1} does not touch the token now")
    else:
        raise IllegalAction("E1", "no roll is resolving now")
    state.now += gap
    state.roller = seat
    state.faces = faces if count else ()


def apply_action(state: WonderdiceState, seat: int, action: int) -> None:
    """Apply a checked seat action."""
    state.last_event = (seat, action, "")
    phase = state.phase
    if phase == PLAY:
        state.roller = -1
        faces = state.faces
        state.faces = ()
        _play(state, seat, action, faces)
    elif phase == TOUCH:
        state.roller = -1
        _touch(state, seat)
    elif phase == BETRAY_CHOICE:
        _betray(state, seat, action == actions.BETRAY)
    elif phase == MADDEN_CHOICE:
        target = action - actions.madden(0)
        state.side[target] = MAD
        state.history.append(
            f"round {state.round_no}: the Jabberwocky turns seat {target + 1} "
            f"({character_name(state, target)}) Mad (D34)"
        )
        if not _check_jabberwocky(state):
            _after_round(state)


def _play(state: WonderdiceState, seat: int, action: int, faces: tuple[int, ...]) -> None:
    if faces:
        state.tired[seat] = False  # mad_hatter.mad rests for one roll only
    if action == actions.PASS:
        return
    stats = state.stats
    if action == actions.CLAIM:
        win_round(state, seat, "D25")
        return
    match actions.DECODED[action]:
        case actions.Advance() | actions.AdvanceTwo() as a:
            _advance(
                state, seat, action, ADVANCE_TWO_DICE if isinstance(a, actions.AdvanceTwo) else 1
            )
        case actions.Block(target, value):
            _block(state, seat, action, target, value)
        case actions.Unblock():
            _remove_block(state, seat)
            stats["unblocks"] += 1
            if state.powers[seat].unblock_costs_die and state.row[seat]:
                _take_back_row(state, seat)
        case actions.Reclaim(target):
            _remove_block(state, target)
            stats["reclaims"] += 1
        case actions.TakeBack(target):
            _take_back(state, target)
            stats["take_backs"] += 1


def _advance(state: WonderdiceState, seat: int, action: int, k: int) -> None:
    """``seat`` places ``k`` dice on its row (D18), or cancels the block on it (D24)."""
    stats = state.stats
    b = state.block_on[seat]
    if b is not None:  # D24: the block landed within the window: both dice go back
        _remove_block(state, seat)
        stats["cancels"] += 1
        state.last_event = (seat, action, "D24")
        return
    state.row[seat] += k
    state.hand[seat] -= k
    state.placed[seat].extend([-1] * k)
    state.adv_t[seat] = state.now
    state.adv_n[seat] = k
    state.tired[seat] = state.powers[seat].advance_rest
    if state.row[seat] == ROW_DONE and state.table.flags.auto_claim:
        win_round(state, seat, "Q8")


def _block(state: WonderdiceState, seat: int, action: int, t: int, value: int) -> None:
    """``seat`` blocks ``t`` with a die showing ``value`` (D19), or cancels its advance
    within the window (D24)."""
    stats = state.stats
    if _cancels(state, seat, t, value):
        k = state.adv_n[t]  # D24: the target's advance within the window is undone
        state.row[t] -= k
        state.hand[t] += k
        _unplace_row(state.placed[t], k)
        state.adv_n[t] = 0
        state.adv_t[t] = NEVER
        stats["cancels"] += 1
        state.last_event = (seat, action, "D24")
        return
    state.block_on[t] = (seat, value, state.now)
    state.hand[seat] -= 1
    state.nblocks[seat] += 1
    state.placed[seat].append(t)
    stats["blocks"] += 1


def _cancels(state: WonderdiceState, seat: int, t: int, value: int) -> bool:
    """Whether a (checked) block showing ``value`` aims at the number ``t`` had before an
    advance within the window: the second range of :func:`~.rules.block_ranges_on` (D24 then undoes
    both); otherwise it is a plain block on the current number."""
    _, _, lo, hi = block_ranges_on(state, seat, t, state.now)
    return lo <= value <= hi


def _unplace_row(placed: list[int], k: int) -> None:
    """Forget the last ``k`` row dice in a placement order."""
    for i in range(len(placed) - 1, -1, -1):
        if k and placed[i] == -1:
            del placed[i]
            k -= 1


def _remove_block(state: WonderdiceState, target: int) -> None:
    b = state.block_on[target]
    assert b is not None
    blocker = b[0]
    state.block_on[target] = None
    state.hand[blocker] += 1
    state.nblocks[blocker] -= 1
    placed = state.placed[blocker]
    for i in range(len(placed) - 1, -1, -1):
        if placed[i] == target:
            del placed[i]
            break


def _take_back(state: WonderdiceState, target: int) -> None:
    last = state.placed[target][-1]
    if last >= 0:
        _remove_block(state, last)
    else:
        _take_back_row(state, target)


def _take_back_row(state: WonderdiceState, seat: int) -> None:
    """The top die of ``seat``'s row goes back to the hand."""
    _unplace_row(state.placed[seat], 1)
    state.row[seat] -= 1
    state.hand[seat] += 1
    state.adv_n[seat] = max(0, state.adv_n[seat] - 1)


# -- winning -------------------------------------------------------------------------------
def win_round(state: WonderdiceState, seat: int, rule: str) -> None:
    """D25: ``seat`` caught the White Rabbit; the card flips and the game may end."""
    stats = state.stats
    stats["rounds"] += 1
    stats["round_ms"] += state.now - state.round_start
    state.last_event = (seat, actions.CLAIM, rule)
    name = character_name(state, seat)
    side = state.side[seat]
    stats["mad_round_wins" if side == MAD else "admiring_round_wins"] += 1
    state.char_wins[SIDES * state.chars[seat] + side] += 1
    flags = state.table.flags
    if flags.challenge and flags.challenge_counts_round_wins:
        state.series_score[seat] += 1
    if state.jabber >= 0:
        _jabberwocky_round(state, seat, rule, name)
        return
    state.wins[seat][side] += 1
    state.history.append(
        f"round {state.round_no}: seat {seat + 1} ({name}, {side_name(state, side)}) "
        f"completed 1-6 and caught the White Rabbit ({rule})"
    )
    state.side[seat] = MAD  # D26
    if state.wins[seat][ADMIRING] and state.wins[seat][MAD]:
        end_game(state, (seat,), "D27")
        return
    if flags.jabberwocky and all(x == MAD for x in state.side):
        state.jabber = seat  # D31, D32
        state.side = [ADMIRING] * state.n
        state.team_wins = 0
        state.history.append(
            f"every card is Mad: the token turns and seat {seat + 1} ({name}) "
            "becomes the Jabberwocky (D31, D32)"
        )
    _after_round(state, seat)


def _jabberwocky_round(state: WonderdiceState, seat: int, rule: str, name: str) -> None:
    if seat == state.jabber:
        state.history.append(
            f"round {state.round_no}: the Jabberwocky (seat {seat + 1}, {name}) wins "
            f"the round ({rule}, D34)"
        )
        if not _check_jabberwocky(state):
            state.phase = MADDEN_CHOICE
            state.decider = seat
        return
    if state.upside[seat]:
        state.history.append(
            f"round {state.round_no}: the betrayer seat {seat + 1} ({name}) wins again"
        )
        end_game(state, (seat,), "D36")
        return
    state.history.append(
        f"round {state.round_no}: seat {seat + 1} ({name}) wins the round for the team "
        f"({rule}, D35)"
    )
    if state.side[seat] == ADMIRING:
        state.phase = BETRAY_CHOICE
        state.decider = seat
        return
    _count_for_team(state, seat)


def _count_for_team(state: WonderdiceState, seat: int) -> None:
    state.team_wins += 1
    target = state.n if state.table.flags.team_target_all_players else state.n - 1
    if state.team_wins >= target:
        team = tuple(i for i in range(state.n) if i != state.jabber and not state.upside[i])
        end_game(state, team, "D33")
    else:
        _after_round(state, seat)


def _betray(state: WonderdiceState, seat: int, betray: bool) -> None:
    if not betray:
        _count_for_team(state, seat)
        return
    state.side[seat] = MAD
    state.upside[seat] = True
    state.history.append(f"seat {seat + 1} ({character_name(state, seat)}) betrays the team (D36)")
    if state.table.flags.betrayer_counts_for_team:
        _count_for_team(state, seat)
    elif not _check_jabberwocky(state):
        _after_round(state, seat)


def _check_jabberwocky(state: WonderdiceState) -> bool:
    """D33: the Jabberwocky wins once every other card shows Mad."""
    if all(state.side[i] == MAD for i in range(state.n) if i != state.jabber):
        end_game(state, (state.jabber,), "D33")
        return True
    return False


def _after_round(state: WonderdiceState, winner: int = -1) -> None:
    if winner < 0:
        winner = state.decider
    if state.table.flags.play_me and state.phase != OVER:
        state.phase = TOUCH
        state.touched = [i == winner for i in range(state.n)]
        state.roller = -1
        state.decider = winner
    else:
        new_round(state)


def _touch(state: WonderdiceState, seat: int) -> None:
    state.touched[seat] = True
    if not all(state.touched):
        return
    state.penalty[seat] = True  # D28: the last to touch loses the ability next round
    note = "loses the ability for the next round"
    if state.jabber < 0:
        if state.side[seat] == MAD:
            note = "turns back to Admiring and " + note
            if state.table.flags.play_me_erases_admiring_win:
                state.wins[seat][ADMIRING] = 0
                note += " (and the Admiring win is lost)"
        state.side[seat] = ADMIRING
    state.history.append(
        f"Play Me!: seat {seat + 1} ({character_name(state, seat)}) touched last and {note} (D28)"
    )
    new_round(state)


def end_game(state: WonderdiceState, winners: tuple[int, ...], rule: str) -> None:
    """The game is decided; under Challenge the series goes on with rotated characters."""
    state.history.append(f"game {state.game_no + 1}: {won_by_words(winners)} ({rule})")
    flags = state.table.flags
    if flags.challenge and rule != "E3":
        if not flags.challenge_counts_round_wins:
            for w in winners:
                state.series_score[w] += 1
        state.game_no += 1
        if state.game_no < state.n:
            state.chars = state.chars[1:] + state.chars[:1]
            state.history.append(
                f"Challenge: game {state.game_no + 1} of {state.n}, characters rotate (D29)"
            )
            _start_game(state)
            return
        best = max(state.series_score)
        winners = tuple(i for i, v in enumerate(state.series_score) if v == best)
        rule = "D29"
    state.phase = OVER
    state.roller = -1
    state.decider = -1
    state.winners = winners
    state.end_rule = rule


def count_step(state: WonderdiceState) -> None:
    """E3: abandon a game that runs past its step budget (no winner)."""
    state.steps += 1
    budget = MAX_STEPS_PER_GAME * (state.n if state.table.flags.challenge else 1)
    if state.steps >= budget and state.phase != OVER:
        state.history.append(f"the game is abandoned as a draw after {state.steps} events (E3)")
        state.phase = OVER
        state.winners = tuple(range(state.n))
        state.end_rule = "E3"
        state.roller = -1
