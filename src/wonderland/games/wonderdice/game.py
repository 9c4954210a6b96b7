"""Alice in Wonderdice as a turn-based protocol game: one event at a time.

The real game has no turns (D13).  This view serialises it: a chance node draws *which seat's
roll resolves next*, how many milliseconds after the previous event, and the rolled faces;
then that seat (``to_move``) takes its one action (D14).  A seat with no die in hand gets a
turn without a roll (to touch the White Rabbit, or to take a block die back).  The real-time
driver (``realtime.py``) produces exactly these events from its clock, so a simulated or live
game is recorded and replayed through this same interface.
"""

from __future__ import annotations

import itertools
import math
import random
from functools import lru_cache
from typing import Any

from wonderland.core.errors import ConfigError, IllegalAction
from wonderland.core.game import CHANCE, TERMINAL, Game, GameConfig, GameSpec, ToMove
from wonderland.core.variants import VariantValue
from wonderland.games.wonderdice import actions, rules, steps
from wonderland.games.wonderdice.content import load_content
from wonderland.games.wonderdice.legality import FACE_SLOTS, FACES, HIGH_FACE
from wonderland.games.wonderdice.render import render as render_state
from wonderland.games.wonderdice.state import (
    BETRAY_CHOICE,
    DEAL,
    MADDEN_CHOICE,
    MAX_STEPS_PER_GAME,
    OVER,
    PLAY,
    TOUCH,
    Table,
    WonderdiceState,
)
from wonderland.games.wonderdice.variants import VARIANTS, RuleFlags
from wonderland.games.wonderdice.view import WonderdiceView, determinize, make_view, to_json
from wonderland.games.wonderdice.words import step_words

GAPS = ((50, 0.25), (400, 0.75))
"""The turn-based view's timing model: the next roll resolves 50 ms (inside the default
simultaneity window) or 400 ms after the previous event.  Drivers may use any gap."""


@lru_cache(maxsize=8)
def roll_table(k: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every roll of ``k`` dice as counts per face, with its probability."""
    out = []
    for combo in itertools.combinations_with_replacement(FACES, k):
        counts = actions.counts_of(combo)
        ways = math.factorial(k)
        for c in counts:
            ways //= math.factorial(c)
        out.append((counts, ways / HIGH_FACE**k))
    return tuple(out)


@lru_cache(maxsize=512)
def _seat_outcomes(seat: int, k: int, seats: int) -> tuple[tuple[int, float], ...]:
    """Chance outcomes of ``seat`` rolling ``k`` dice next, one of ``seats`` equally likely."""
    table = roll_table(k) if k else (((0,) * FACE_SLOTS, 1.0),)
    return tuple(
        (actions.encode_roll(seat, gap, counts), pg * pf / seats)
        for gap, pg in GAPS
        for counts, pf in table
    )


@lru_cache(maxsize=64)
def _deal_codes(n: int, characters: int, random_deal: bool) -> tuple[int, ...]:
    """The chance outcomes of the deal (D10): every way to give ``n`` seats distinct
    characters out of ``characters`` (or seat i the i-th character), encoded."""
    if not random_deal:
        deals: list[tuple[int, ...]] = [tuple(range(n))]
    else:
        deals = list(itertools.permutations(range(characters), n))
    codes = []
    for chars in deals:
        code, weight = actions.DEAL_BASE, 1
        for c in chars:
            code += c * weight
            weight *= characters
        codes.append(code)
    return tuple(codes)


@lru_cache(maxsize=64)
def _equal_weights(k: int) -> tuple[float, ...]:
    return (1 / k,) * k


def roll_dice(rng: random.Random, k: int) -> tuple[int, ...]:
    """Counts per face of ``k`` fair dice (one draw per die: face ``int(6 * draw) + 1``)."""
    code = 0
    rand = rng.random
    for _ in range(k):
        code += _FACE_WEIGHT[int(rand() * HIGH_FACE)]
    return actions.faces_from_code(code)


_FACE_WEIGHT = tuple(FACE_SLOTS**i for i in range(HIGH_FACE))
"""What one die showing 1..6 adds to a faces code (``actions.faces_code``)."""


def _who(mover: int | frozenset[int]) -> str:
    """Who moves next, in words: a chance event, or seats counted from 1."""
    if mover == CHANCE:
        return "a chance event"
    seats = sorted(mover) if isinstance(mover, frozenset) else [mover]
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(s + 1) for s in seats)


class WonderdiceGame(Game[WonderdiceState, WonderdiceView]):
    """The rules of Alice in Wonderdice behind the core protocol."""

    spec = GameSpec(
        id="wonderdice",
        name="Alice in Wonderdice",
        version=1,
        min_players=2,
        max_players=6,
        num_actions=actions.NUM_ACTIONS,
        has_chance=True,
        hidden_information=False,
        simultaneous=False,
        real_time=True,
        description="Play Me: Alice in Wonderdice, a real-time dice race (2-6 players).",
        max_steps=MAX_STEPS_PER_GAME * 6,
    )
    variants = VARIANTS

    # -- setting up -------------------------------------------------------------------------
    def initial_state(self, config: GameConfig) -> WonderdiceState:
        """Before the deal (a chance node)."""
        content = load_content(config.content)
        if config.num_players > len(content.characters):
            raise ConfigError(
                f"{config.num_players} players need as many characters; the content has "
                f"{len(content.characters)}"
            )
        values = self.variants.resolve(config.variants)
        table = Table(
            config.num_players,
            RuleFlags.from_variants(self._rule_values(values)),
            content,
            tuple(sorted(values.items())),
        )
        return WonderdiceState(table)

    @staticmethod
    def _rule_values(values: dict[str, VariantValue]) -> dict[str, VariantValue]:
        """The resolved variants the rules read (here: all of them)."""
        return values

    @staticmethod
    def _deal_codes(state: WonderdiceState) -> tuple[int, ...]:
        return _deal_codes(
            state.n, len(state.table.content.characters), state.table.flags.random_deal
        )

    # -- the step function -----------------------------------------------------------------
    def to_move(self, state: WonderdiceState) -> ToMove:
        """CHANCE while a deal or the next event is drawn, the acting seat, or TERMINAL."""
        phase = state.phase
        if phase in (PLAY, TOUCH):
            return CHANCE if state.roller < 0 else state.roller
        if phase == DEAL:
            return CHANCE
        if phase in (BETRAY_CHOICE, MADDEN_CHOICE):
            return state.decider
        return TERMINAL

    def legal_actions(self, state: WonderdiceState, seat: int) -> list[int]:
        """What ``seat`` may do now."""
        return rules.legal_actions(state, seat)

    def _eligible(self, state: WonderdiceState) -> list[int]:
        if state.phase == TOUCH:
            return [i for i in range(state.n) if not state.touched[i]]
        return list(range(state.n))

    def chance_outcomes(self, state: WonderdiceState) -> list[tuple[int, float]]:
        """The deal, or (next seat, gap, faces) with their probabilities."""
        if state.phase == DEAL:
            codes = self._deal_codes(state)
            return [(code, 1 / len(codes)) for code in codes]
        if state.roller >= 0 or state.phase not in (PLAY, TOUCH):
            return []
        seats = self._eligible(state)
        out: list[tuple[int, float]] = []
        for seat in seats:
            out += _seat_outcomes(seat, state.hand[seat] if state.phase == PLAY else 0, len(seats))
        return out

    def sample_chance(self, state: WonderdiceState, rng: random.Random) -> int:
        """One chance outcome, drawn directly (same distribution as chance_outcomes)."""
        if state.phase == DEAL:  # as the protocol's default draw, with the outcomes cached
            codes = self._deal_codes(state)
            return rng.choices(codes, _equal_weights(len(codes)))[0]
        seats = self._eligible(state)
        seat = seats[int(rng.random() * len(seats))]
        gap = GAPS[0][0] if rng.random() < GAPS[0][1] else GAPS[1][0]
        k = state.hand[seat] if state.phase == PLAY else 0
        return actions.encode_roll(seat, gap, roll_dice(rng, k) if k else (0,) * FACE_SLOTS)

    def apply_in_place(self, state: WonderdiceState, actor: int, action: int) -> None:
        """Check, then apply; IllegalAction (with its clause) leaves ``state`` unchanged."""
        mover = self.to_move(state)
        if mover == TERMINAL:
            raise IllegalAction("D27", "the game is over")
        if actor == CHANCE:
            if mover != CHANCE:
                raise IllegalAction("E1", f"{_who(mover)} is acting; no chance event now")
            self._apply_chance(state, action)
        else:
            if actor != mover:
                raise IllegalAction(
                    "E1",
                    f"seat {actor + 1} cannot act now: no action is accepted without a roll "
                    f"(D14); {_who(mover)} is next",
                )
            rules.check(state, actor, action)
            steps.apply_action(state, actor, action)
        steps.count_step(state)

    def _apply_chance(self, state: WonderdiceState, action: int) -> None:
        if state.phase == DEAL:
            base = len(state.table.content.characters)
            code = action - actions.DEAL_BASE
            chars = []
            for _ in range(state.n):
                code, c = divmod(code, base)
                chars.append(c)
            if action not in self._deal_codes(state):
                raise IllegalAction("D10", f"{action} is not a deal of distinct characters")
            steps.deal(state, chars)
            return
        if action < actions.ROLL_BASE:
            raise IllegalAction("E2", f"{action} is not a roll event")
        seat, gap, counts = actions.decode_roll(action)
        if seat >= state.n or gap > actions.MAX_GAP_MS:
            raise IllegalAction(
                "E2", f"roll event for seat {seat + 1} after {gap} ms is impossible"
            )
        steps.begin_turn(state, seat, gap, counts)

    def clone(self, state: WonderdiceState) -> WonderdiceState:
        """An independent copy."""
        return state.clone()

    # -- outcome ----------------------------------------------------------------------------
    def returns(self, state: WonderdiceState) -> tuple[float, ...]:
        """1 shared among the winners (a team shares it), 0 otherwise."""
        result = [0.0] * state.n
        if state.phase == OVER and state.winners:
            share = 1 / len(state.winners)
            for w in state.winners:
                result[w] = share
        return tuple(result)

    def scores(self, state: WonderdiceState) -> tuple[float, ...]:
        """Round wins this game (series score under Challenge)."""
        if state.table.flags.challenge:
            return tuple(float(x) for x in state.series_score)
        return tuple(float(sum(w)) for w in state.wins)

    def winners(self, state: WonderdiceState) -> tuple[int, ...]:
        """The winners of a finished game."""
        return state.winners if state.phase == OVER else ()

    # -- information -----------------------------------------------------------------------
    def view(self, state: WonderdiceState, seat: int | None) -> WonderdiceView:
        """The public table (nothing is hidden in this game)."""
        return make_view(state, seat)

    def determinize(self, view: WonderdiceView, rng: random.Random) -> WonderdiceState:
        """The state the view shows."""
        return determinize(view, rng)

    def view_to_json(self, view: WonderdiceView) -> dict[str, Any]:
        """A JSON-ready dict."""
        return to_json(view)

    # -- words -----------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        """Notation of an action or chance outcome."""
        return actions.action_to_string(action)

    def parse_action(self, state: WonderdiceState, seat: int, text: str) -> int:
        """The action ``text`` names (NotationError if none)."""
        return actions.parse(text)

    def render(self, state: WonderdiceState, seat: int | None = None) -> str:
        """Text picture of the table."""
        return render_state(state, seat)

    def describe_step(
        self,
        before: WonderdiceState,
        actor: int,
        action: int,
        after: WonderdiceState,
        viewer: int | None,
    ) -> str | None:
        """One line about a step in words ("Alice blocks the Walrus' 3"): nothing is hidden
        in this game, so every viewer reads the same; None for a silent turn."""
        del viewer
        return step_words(before, actor, action, after) or None

    # -- self-checks and figures -----------------------------------------------------------
    def table_content(self, config: GameConfig) -> dict[str, Any]:
        """The character cards in play (both sides, provisional ones marked) and the help
        card, for a table to show."""
        content = load_content(config.content)
        return {
            "characters": {
                ch.id: {
                    "name": ch.name,
                    "colour": ch.colour,
                    "sides": [
                        {"text": side.text, "provisional": side.provisional} for side in ch.sides
                    ],
                }
                for ch in content.characters
            },
            "jabberwocky": {
                "text": content.jabberwocky.text,
                "provisional": content.jabberwocky.provisional,
            },
            "help": content.help_text,
            "help_provisional": True,
        }

    def invariants(self, state: WonderdiceState) -> list[str]:
        """Every die in exactly one place; 6 dice per player."""
        return rules.invariants(state)

    def labels(self, state: WonderdiceState) -> tuple[str, ...]:
        """The character each seat played (first game of a Challenge series)."""
        chars = state.table.content.characters
        return tuple(chars[c].id for c in state.dealt)

    def stats(self, state: WonderdiceState) -> dict[str, float]:
        """Rounds, rolls per round, round length in seconds, actions per round."""
        st = state.stats
        rounds = st["rounds"]
        per = max(rounds, 1)
        out = {
            "rounds": float(rounds),
            "rolls": float(st["rolls"]),
            "rolls_per_round": st["rolls"] / per,
            "round_seconds": st["round_ms"] / per / 1000,
            "blocks_per_round": st["blocks"] / per,
            "cancels_per_game": float(st["cancels"]),
            "take_backs_per_game": float(st["take_backs"]),
            "abandoned": 1.0 if state.end_rule == "E3" else 0.0,
        }
        wins_a = st["admiring_round_wins"]
        wins_m = st["mad_round_wins"]
        if wins_a + wins_m:
            out["round_win_share_admiring_side"] = wins_a / (wins_a + wins_m)
        chars = state.table.content.characters
        for c in sorted(set(state.dealt)):
            for side, name in enumerate(("admiring", "mad")):
                out[f"round_wins_{chars[c].id}_{name}"] = float(state.char_wins[2 * c + side])
        if state.table.flags.jabberwocky:
            out["jabberwocky_appeared"] = 1.0 if state.jabber >= 0 else 0.0
            out["jabberwocky_won"] = (
                1.0 if state.end_rule == "D33" and state.winners == (state.jabber,) else 0.0
            )
        return out


GAME = WonderdiceGame()
