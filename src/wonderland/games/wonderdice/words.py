"""Words for the web table: each action and event as a person would write it ("Alice blocks
the Walrus' 3", "advance to 4"), the players named by their characters.

The terminal keeps its own compact lines (``render.event_text``) and the notation of
``actions.action_to_string`` / ``actions.parse`` (``block@1:3``) stays the typed language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.rules import character_name, side_name
from wonderland.games.wonderdice.state import ADMIRING, DEAL, MAD, WonderdiceState


def name(state: WonderdiceState, seat: int, start: bool = False) -> str:
    """The character ``seat`` plays, as it reads inside a sentence ("the Walrus") or at its
    start ("The Walrus")."""
    text = character_name(state, seat)
    if start:
        return text[:1].upper() + text[1:]
    return "the" + text[3:] if text.startswith("The ") else text


def possessive(state: WonderdiceState, seat: int) -> str:
    """``Alice's``, ``the Walrus'``, ``the Queen of Hearts'`` (a name ending in s takes the
    apostrophe alone)."""
    text = name(state, seat)
    return text + ("'" if text.endswith("s") else "'s")


def action_words(state: WonderdiceState, seat: int, action: int) -> str:
    """What ``action`` would do for ``seat``, as a button says it ("block Alice's 3")."""
    a = actions.decode(action)
    match a:
        case actions.Advance(value):
            return f"advance to {value}"
        case actions.AdvanceTwo(value):
            return f"advance to {value} and {value + 1}"
        case actions.Unblock():
            b = state.block_on[seat]
            whose = f" ({possessive(state, b[0])} {b[1]} goes back)" if b is not None else ""
            return f"unblock yourself{whose}"
        case actions.Block(target, value):
            return f"block {possessive(state, target)} {value}"
        case actions.Reclaim(target):
            return f"take your block die back from {name(state, target)}"
        case actions.TakeBack(target):
            return f"make {name(state, target)} take back the die placed last"
        case actions.Madden(target):
            return f"turn {name(state, target)} Mad"
    return _SIMPLE_WORDS[a.kind]


_SIMPLE_WORDS = {
    "pass": "let this roll go",
    "claim": "touch the White Rabbit",
    "touch": "touch the token",
    "betray": "betray the team",
    "loyal": "stay loyal to the team",
}
"""A button's words for the actions with neither target nor value."""


def event_words(state: WonderdiceState) -> str:
    """The last seat action of ``state`` as a log line ("Alice advances to 3"); ``""`` when
    there is none."""
    seat, action, note = state.last_event
    if seat < 0:
        return ""
    a = actions.decode(action)
    who = name(state, seat, start=True)
    match a:
        case actions.Advance(value) | actions.AdvanceTwo(value):
            to = f"{value}" if isinstance(a, actions.Advance) else f"{value} and {value + 1}"
            if note == "D24":
                return (
                    f"{who} advances to {to} at the same moment as the block lands: both dice "
                    "go back to their owners (D24)"
                )
            return f"{who} advances to {to}"
        case actions.Block(target, value):
            if note == "D24":
                return (
                    f"{who} blocks {possessive(state, target)} {value} at the same moment as it "
                    "was placed: both dice go back to their owners (D24)"
                )
            return f"{who} blocks {possessive(state, target)} {value}"
    target = actions.target_of(a)
    whom = name(state, target) if target >= 0 else ""
    return (
        f"{who} "
        + {
            "pass": "lets the roll go",
            "claim": "touches the White Rabbit",
            "touch": "touches the token",
            "betray": "betrays the team",
            "loyal": "stays loyal to the team",
            "unblock": f"unblocks with a {actions.value_of(a)}",
            "reclaim": f"takes the block die back from {whom}",
            "take_back": f"makes {whom} take back the die placed last",
            "madden": f"turns {whom} Mad",
        }[a.kind]
    )


def roll_words(state: WonderdiceState, seat: int, counts: tuple[int, ...]) -> str:
    """``Alice rolls 1, 3 and 5``."""
    faces = [str(v) for v in actions.faces_list(counts)]
    shown = faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + f" and {faces[-1]}"
    return f"{name(state, seat, start=True)} rolls {shown}"


_SEAT_SIDE = re.compile(r"\bseat (\d) \(([^,()]+), ")
_SEAT_NAME = re.compile(r"\bseat (\d) \(([^,()]+)\)")
_SEAT_IN = re.compile(r"\(seat (\d), ([^()]+)\)")
_WON_BY = re.compile(r"won by (?:seats? (\d(?:, \d)*)|nobody)")
_GAME_WON = re.compile(r"game \d+: won by .*\(D27\)$")
WINS_THE_GAME = ": that wins the game (D27)"
"""The end of the round winner's sentence when its round wins the game."""


def history_words(state: WonderdiceState, line: str) -> str:
    """A round or game result of the rules (``round 2: seat 1 (Alice, Mad) completed ...``)
    with the players named by their characters."""

    def won_by(m: re.Match[str]) -> str:
        seats = [int(x) - 1 for x in (m[1] or "").replace(" ", "").split(",") if x.isdigit()]
        return "won by " + (and_list([name(state, i) for i in seats]) if seats else "nobody")

    line = _WON_BY.sub(won_by, line)  # first: "won by seat 1 (D27)" names no character
    line = _SEAT_SIDE.sub(lambda m: f"{m[2]} (", line)
    line = _SEAT_NAME.sub(lambda m: m[2], line)
    line = _SEAT_IN.sub(lambda m: f"({m[2]})", line)
    return line[:1].upper() + line[1:]


def and_list(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + f" and {words[-1]}"


def round_why(
    state: WonderdiceState, seat: int, side_won: int, wins_before: tuple[int, int]
) -> str:
    """Why the round winner's card flips (D26) and what it still needs (D27), named by its
    character; ``""`` in the Jabberwocky phase (whose own lines say what happened)."""
    card = f"{possessive(state, seat)} card"
    card = card[:1].upper() + card[1:]
    adm, mad = side_name(state, ADMIRING), side_name(state, MAD)
    other = MAD if side_won == ADMIRING else ADMIRING
    if wins_before[other]:
        return f"{card} has won a round on each side, {adm} and {mad}{WINS_THE_GAME}"
    if state.jabber == seat:
        return f"{card} turns {mad} and every card is now {mad}: the token turns (D31, D32)"
    if state.jabber >= 0:
        return ""
    if side_won == ADMIRING:
        return f"{card} turns {mad} (D26): one more round win on the {mad} side wins the game (D27)"
    return f"{card} stays {mad} (D26): a round won on the {adm} side is still missing (D27)"


@dataclass(frozen=True)
class Before:
    """What the words of a step read of the state before it."""

    history: int
    rounds: int
    side: tuple[int, ...]
    wins: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, state: WonderdiceState) -> Before:
        """The facts of ``state`` (taken before a step changes it in place)."""
        wins = tuple((w[0], w[1]) for w in state.wins)
        return cls(len(state.history), state.stats["rounds"], tuple(state.side), wins)


def step_lines(
    before: Before, actor: int, after: WonderdiceState, passes: bool = True
) -> list[str]:
    """The lines about a seat's step (``actor``, now applied in ``after``): the action (a
    pass only with ``passes``), the round or game results it brought, and why the round
    winner's card turns; none for a chance step's own."""
    lines = []
    if actor >= 0 and (passes or after.last_event[1] != actions.PASS):
        lines.append(event_words(after))
    results = after.history[before.history :]
    why = ""
    if after.stats["rounds"] != before.rounds and 0 <= actor < after.n:
        why = round_why(after, actor, before.side[actor], before.wins[actor])
    if why.endswith(WINS_THE_GAME):  # said once: by the card's sentence, or the series' line
        if after.table.flags.challenge:
            why = why.removesuffix(WINS_THE_GAME)
        else:
            results = [line for line in results if not _GAME_WON.match(line)]
    lines += [history_words(after, line) for line in results] + [why]
    return [line for line in lines if line]


def step_words(before: WonderdiceState, actor: int, action: int, after: WonderdiceState) -> str:
    """One line about a protocol step (a replay's label): the deal, a roll, an action, and
    the results it brought; ``""`` for a silent step (a turn without a roll)."""
    if actor < 0:
        if before.phase == DEAL:
            return "The characters are dealt: " + and_list([name(after, i) for i in range(after.n)])
        seat, _, counts = actions.decode_roll(action)
        return roll_words(after, seat, counts) if sum(counts) else ""
    return ". ".join(step_lines(Before.of(before), actor, after))
