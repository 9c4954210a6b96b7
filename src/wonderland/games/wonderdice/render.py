"""Plain-text pictures of a state and words for events."""

from __future__ import annotations

from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.legality import unblock_range
from wonderland.games.wonderdice.rules import character_name, side_name
from wonderland.games.wonderdice.state import ADMIRING, MAD, PHASE_NAMES, WonderdiceState

ROW_MARKS = "123456"


def row_text(state: WonderdiceState, seat: int) -> str:
    """``123...`` with the blocking die shown as ``X4@2`` (a 4 placed by seat 2)."""
    r = state.row[seat]
    text = ROW_MARKS[:r] + "." * (6 - r)
    b = state.block_on[seat]
    if b is not None:
        text += f" X{b[1]}@{b[0]}"
    return text


def seat_line(state: WonderdiceState, seat: int) -> str:
    """One line about ``seat``: character, side, row, hand, round wins per side."""
    ch = state.table.content.characters[state.chars[seat]]
    marks = []
    if seat == state.jabber:
        marks.append("JABBERWOCKY")
    if state.upside[seat]:
        marks.append("betrayer")
    if state.suppressed[seat]:
        marks.append("no ability")
    extra = f" ({', '.join(marks)})" if marks else ""
    return (
        f"seat {seat + 1} {ch.name:<16.16} {side_name(state, state.side[seat]):<8} "
        f"{row_text(state, seat):<12} hand {state.hand[seat]}  "
        f"wins {state.wins[seat][0]}/{state.wins[seat][1]}{extra}"
    )


def event_text(state: WonderdiceState) -> str:
    """Words for the last seat action (D16: every action is announced)."""
    seat, action, note = state.last_event
    if seat < 0:
        return ""
    who = f"seat {seat + 1} ({character_name(state, seat)})"
    a = actions.decode(action)
    value, target = actions.value_of(a), actions.target_of(a)
    words = {
        "pass": "takes no action",
        "claim": "touches the White Rabbit",
        "touch": "touches the token",
        "betray": "betrays the team",
        "loyal": "stays loyal",
        "advance": f"advances with a {value}",
        "advance_two": f"advances with {value} and {value + 1}",
        "unblock": f"unblocks with a {value}",
        "block": f"blocks seat {target + 1} with a {value}",
        "reclaim": f"takes back the block die from seat {target + 1}",
        "take_back": f"makes seat {target + 1} take back the die placed last",
        "madden": f"turns seat {target + 1} Mad",
    }[a.kind]
    if note == "D24":
        words += ": at the same time as an advance, both dice go back (D24)"
    return f"{who} {words}"


def render(state: WonderdiceState, seat: int | None = None) -> str:
    """The whole table as text (nothing is hidden)."""
    lines = [
        f"Alice in Wonderdice: round {state.round_no}, {PHASE_NAMES[state.phase]}, "
        f"t={state.now / 1000:.2f}s"
        + (f", game {state.game_no + 1}" if state.table.flags.challenge else "")
    ]
    if state.jabber >= 0:
        lines.append(f"The Jabberwocky is seat {state.jabber + 1}; team wins {state.team_wins}")
    for i in range(state.n):
        lines.append(("> " if i == seat else "  ") + seat_line(state, i))
    lines.append("  (row: dice placed; X5@2: blocked by a 5 of seat 2; wins: Admiring/Mad)")
    if state.roller >= 0 and state.faces:
        shown = " ".join(map(str, actions.faces_list(state.faces)))
        lines.append(f"seat {state.roller + 1} rolled: {shown}")
    text = event_text(state)
    if text:
        lines.append(text)
    if state.winners or state.end_rule:
        lines.append(
            f"Game over ({state.end_rule}): "
            f"won by {', '.join(f'seat {w + 1}' for w in state.winners)}"
        )
    return "\n".join(lines)


def unblock_faces(state: WonderdiceState, seat: int) -> tuple[int, ...]:
    """The faces that unblock ``seat`` now (D22, widened by absolem.admiring and
    queen_of_hearts.mad); empty when it is not blocked."""
    b = state.block_on[seat]
    if b is None:
        return ()
    lo, hi = unblock_range(
        b[1], state.powers[seat].unblock_reach, state.powers[b[0]].weak_blocks_reach
    )
    return tuple(range(lo, hi + 1))


def numbers_text(values: tuple[int, ...]) -> str:
    """``a 4`` or ``a 3, 4 or 5``."""
    if len(values) == 1:
        return f"a {values[0]}"
    return "a " + ", ".join(map(str, values[:-1])) + f" or {values[-1]}"


def blocked_text(state: WonderdiceState, seat: int, you: bool = True) -> str:
    """Why ``seat`` cannot advance and what frees it, or ``""`` when it is not blocked."""
    b = state.block_on[seat]
    if b is None:
        return ""
    faces = numbers_text(unblock_faces(state, seat))
    who = "you" if you else f"seat {seat + 1}"
    return (
        f"blocked by a {b[1]} of seat {b[0] + 1}: {faces} unblocks {who} (D22), "
        "no advance before (D21)"
    )


def round_win_text(
    state: WonderdiceState, seat: int, side_won: int, wins_before: tuple[int, int], you: bool
) -> str:
    """Why the round winner's card flips (D26) and what it still needs to win (D27), or
    ``""`` in the Jabberwocky phase (whose own lines say what happened, D33-D36)."""
    who = "your card" if you else f"seat {seat + 1}'s card ({character_name(state, seat)})"
    them = "you" if you else "them"
    adm, mad = side_name(state, ADMIRING), side_name(state, MAD)
    other = MAD if side_won == ADMIRING else ADMIRING
    if wins_before[other]:
        return (
            f"{who} has now won a round on each side: that wins the game (D27: a player "
            f"with a round won on each side, {adm} and {mad}, wins the game)"
        )
    if state.jabber == seat:
        return f"{who} turns {mad} (D26) and every card is now {mad}: the token turns (D31, D32)"
    if state.jabber >= 0:
        return ""
    if side_won == ADMIRING:
        return (
            f"{who} turns {mad} (D26: the round winner turns to Mad): one more round win on "
            f"the {mad} side wins the game for {them} (D27: a round won on each side)"
        )
    return (
        f"{who} stays {mad} (D26): a round won on the {adm} side is still missing (D27); "
        "only Play Me turns a card back (D28)"
    )


PLAY_ME_TEXT = (
    "Play Me!: everyone but the round winner touches the token (c); the last to touch turns "
    "to Admiring and plays the next round without the ability (D28)"
)
COUNTDOWN_TEXT = (
    "'Play Me! in {left}' counts down to the call that opens the round: nobody may roll "
    "before 'Play Me!' (D12); how long it runs is a table option (Q19)"
)
