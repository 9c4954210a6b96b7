"""Parade as a :class:`~wonderland.core.Game`: the step function and its checks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from wonderland.core import (
    CHANCE,
    TERMINAL,
    ConfigError,
    Game,
    GameConfig,
    GameSpec,
    IllegalAction,
    NotationError,
    ToMove,
)
from wonderland.games.parade.actions import (
    KEEP_BASE,
    NUM_ACTIONS,
    PAIRS,
    SEAT_BASE,
    action_to_string,
    keep_id,
    parse_cards,
)
from wonderland.games.parade.cards import (
    CHARACTERS,
    COLOUR_NAMES,
    COLOUR_OF,
    COLOURS,
    DECK_SIZE,
    NUM_COLOURS,
    RULEBOOK_NAMES,
    card_str,
    cards_str,
)
from wonderland.games.parade.render import render_view
from wonderland.games.parade.rules import (
    explain_take,
    explain_winners,
    ranking_winners,
    score_sheet,
    split_parade,
)
from wonderland.games.parade.state import (
    CHOOSE,
    DEAL,
    DRAW,
    HAND_SIZE,
    OPENING_PARADE,
    OVER,
    PLAY,
    START,
    TIEBREAK,
    ParadeState,
)
from wonderland.games.parade.variants import VARIANTS, ParadeRules
from wonderland.games.parade.view import ParadeView, determinize, make_view, view_to_json

SIX_COLOURS = "P21: six colours collected"
PILE_EMPTY = "P22: the draw pile ran out"


def _who(actor: int) -> str:
    return "chance" if actor == CHANCE else f"seat {actor + 1}"


class ParadeGame(Game[ParadeState, ParadeView]):
    """Parade, 2-6 players (RULES.md)."""

    spec = GameSpec(
        id="parade",
        name="Parade",
        version=1,
        min_players=2,
        max_players=6,
        num_actions=NUM_ACTIONS,
        has_chance=True,
        hidden_information=True,
        simultaneous=True,
        max_steps=400,
        description=(
            "A card game for 2-6 players. Each turn you add a card to the end of the parade; "
            "the nearest N cards are safe, and farther cards of its colour or of value N or "
            "less join your collection. When someone holds all six colours or the pile runs "
            "out, everyone plays once more and keeps two of their last four cards. Colour "
            "majorities score 1 per card, everything else its face value: lowest total wins."
        ),
    )
    variants = VARIANTS

    # -- setting up -----------------------------------------------------------------------
    def initial_state(self, config: GameConfig) -> ParadeState:
        """Before the deal: all 66 cards in the pile (P1, P3)."""
        rules = ParadeRules.from_variants(config.variants)
        n = config.num_players
        if rules.start_player is not None and rules.start_player >= n:
            raise ConfigError(
                f"start_player {rules.start_player} is not a seat index of {n} players "
                f"(0 to {n - 1})"
            )
        return ParadeState(
            num_players=n,
            rules=rules,
            phase=DEAL,
            hands=[[] for _ in range(n)],
            parade=[],
            pile=list(range(DECK_SIZE)),
            collections=[[] for _ in range(n)],
            counts=[[0] * NUM_COLOURS for _ in range(n)],
            discards=[[] for _ in range(n)],
            keeps=[-1] * n,
        )

    # -- the step function ----------------------------------------------------------------
    def to_move(self, state: ParadeState) -> ToMove:
        """Seat to play, CHANCE for deals and draws, the seats still choosing at the end."""
        phase = state.phase
        if phase == PLAY:
            return state.current
        if phase <= DRAW or phase == TIEBREAK:
            return CHANCE
        if phase == CHOOSE:
            if state.rules.end_choice_sequential:
                return state.current
            return frozenset(p for p, keep in enumerate(state.keeps) if keep < 0)
        return TERMINAL

    def legal_actions(self, state: ParadeState, seat: int) -> list[int]:
        """Any hand card (P11) when it is the seat's turn; any 2 hand cards at the end (P28)."""
        if state.phase == PLAY:
            return list(state.hands[seat]) if seat == state.current else []
        if state.phase == CHOOSE and self._may_choose(state, seat):
            return sorted(keep_id(a, b) for a, b in combinations(state.hands[seat], 2))
        return []

    def chance_outcomes(self, state: ParadeState) -> list[tuple[int, float]]:
        """Uniform over the pile (deal, draw), the seats (start) or the tied seats (A6)."""
        if state.phase in (DEAL, DRAW):
            p = 1.0 / len(state.pile)
            return [(card, p) for card in state.pile]
        if state.phase == START:
            return [(SEAT_BASE + s, 1.0 / state.num_players) for s in range(state.num_players)]
        if state.phase == TIEBREAK:
            return [(SEAT_BASE + s, 1.0 / len(state.winners)) for s in state.winners]
        return []

    def sample_chance(self, state: ParadeState, rng: random.Random) -> int:
        """A uniform draw without building the outcome list."""
        if state.phase <= DRAW and state.phase != START:
            pile = state.pile
            return pile[int(rng.random() * len(pile))]
        return super().sample_chance(state, rng)

    def apply_in_place(self, state: ParadeState, actor: int, action: int) -> None:
        """Validate, then apply; IllegalAction (state unchanged) names the rule that forbids it."""
        phase = state.phase
        if phase == PLAY:
            self._check_play(state, actor, action)
            self._play(state, actor, action)
        elif phase in (DRAW, DEAL):
            if actor != CHANCE:
                raise IllegalAction("P20", f"{_who(actor)} cannot act: a card is being drawn")
            if action not in state.pile:
                raise IllegalAction("P6", f"card id {action} is not in the draw pile")
            if phase == DRAW:
                self._draw(state, action)
            else:
                self._deal(state, action)
        elif phase in (START, TIEBREAK):
            self._pick_seat(state, actor, action)
        elif phase == CHOOSE:
            self._choose(state, actor, action)
        else:
            raise IllegalAction("P35", "the game is over")

    def clone(self, state: ParadeState) -> ParadeState:
        """An independent copy."""
        return state.copy()

    # -- the steps ------------------------------------------------------------------------
    def _deal(self, state: ParadeState, card: int) -> None:
        """P3/P4: five cards to each hand in seat order, then six face up in a row."""
        state.pile.remove(card)
        n = state.num_players
        if state.dealt < HAND_SIZE * n:
            state.hands[state.dealt % n].append(card)
        else:
            state.parade.append(card)
        state.dealt += 1
        if state.dealt == HAND_SIZE * n + OPENING_PARADE:
            if state.rules.start_player is None:
                state.phase = START
            else:
                state.current = state.rules.start_player
                state.phase = PLAY

    def _pick_seat(self, state: ParadeState, actor: int, action: int) -> None:
        seat = action - SEAT_BASE
        if actor != CHANCE:
            raise IllegalAction("P8", f"{_who(actor)} cannot act: chance is choosing a seat")
        if state.phase == START:
            if not 0 <= seat < state.num_players:
                raise IllegalAction("P8", f"action {action} does not pick a seat of this game")
            state.current = seat
            state.phase = PLAY
            return
        if seat not in state.winners:
            raise IllegalAction("A6", f"action {action} does not pick one of the tied seats")
        state.winners = (seat,)
        state.phase = OVER

    def _check_play(self, state: ParadeState, actor: int, card: int) -> None:
        if actor != state.current:
            raise IllegalAction("P8", f"it is seat {state.current + 1}'s turn, not {_who(actor)}'s")
        hand = state.hands[actor]
        if card not in hand:
            name = card_str(card) if 0 <= card < DECK_SIZE else f"action {card}"
            raise IllegalAction(
                "P11",
                f"seat {actor + 1} cannot play {name}: it is not in their hand "
                f"(hand: {cards_str(sorted(hand))})",
            )

    def _play(self, state: ParadeState, seat: int, card: int) -> None:
        """P10-P18: add to the end, take from the checked zone, then draw or move on."""
        state.hands[seat].remove(card)
        kept, taken = split_parade(state.parade, card)
        kept.append(card)
        state.parade = kept
        if taken:
            state.collections[seat].extend(taken)
            counts = state.counts[seat]
            for c in taken:
                counts[COLOUR_OF[c]] += 1
        state.turns += 1
        state.last_play = (seat, card, tuple(taken))
        if state.final_left >= 0:  # P24/P26: final round, no drawing, no new trigger
            state.final_left -= 1
            if state.final_left == 0:
                self._start_choice(state)
            else:
                state.current = (seat + 1) % state.num_players
            return
        if 0 not in state.counts[seat]:  # P21/A11: checked after collecting
            state.trigger = seat
            state.trigger_reason = SIX_COLOURS
            if state.rules.no_draw_on_trigger:  # variant A3
                self._start_final_round(state)
                return
        state.phase = DRAW  # P23: the triggering turn still draws

    def _draw(self, state: ParadeState, card: int) -> None:
        """P20: back to five; P22: the last card drawn triggers the end."""
        state.pile.remove(card)
        state.hands[state.current].append(card)
        if not state.pile and state.trigger < 0:
            state.trigger = state.current
            state.trigger_reason = PILE_EMPTY
        if state.trigger >= 0:  # P25: both triggers in one turn still give one final round
            self._start_final_round(state)
        else:
            state.current = (state.current + 1) % state.num_players
            state.phase = PLAY

    def _start_final_round(self, state: ParadeState) -> None:
        """P24: everyone plays once more, from the player after the trigger; no drawing."""
        state.final_left = state.num_players
        state.current = (state.trigger + 1) % state.num_players
        state.phase = PLAY

    def _start_choice(self, state: ParadeState) -> None:
        """P28/P29: everyone keeps 2 of their hand cards (in turn under variant A5)."""
        state.phase = CHOOSE
        state.current = (state.trigger + 1) % state.num_players

    def _may_choose(self, state: ParadeState, seat: int) -> bool:
        if not 0 <= seat < state.num_players or state.keeps[seat] >= 0:
            return False
        return not state.rules.end_choice_sequential or seat == state.current

    def _choose(self, state: ParadeState, actor: int, action: int) -> None:
        if not self._may_choose(state, actor):
            if 0 <= actor < state.num_players and state.keeps[actor] >= 0:
                raise IllegalAction("P28", f"seat {actor + 1} has already chosen the cards to keep")
            if state.rules.end_choice_sequential and 0 <= actor < state.num_players:
                raise IllegalAction(
                    "A5", f"seat {state.current + 1} chooses first, not seat {actor + 1}"
                )
            raise IllegalAction("P28", f"{_who(actor)} does not choose cards now")
        hand = state.hands[actor]
        if not KEEP_BASE <= action < SEAT_BASE:
            raise IllegalAction(
                "P28",
                f"seat {actor + 1} must keep 2 of their cards ({cards_str(sorted(hand))}) now",
            )
        low, high = PAIRS[action - KEEP_BASE]
        if low not in hand or high not in hand:
            raise IllegalAction(
                "P28",
                f"seat {actor + 1} cannot keep {card_str(low)} {card_str(high)}: "
                f"their hand is {cards_str(sorted(hand))}",
            )
        state.keeps[actor] = action
        if state.rules.end_choice_sequential:
            state.current = (state.current + 1) % state.num_players
        if min(state.keeps) >= 0:
            self._reveal_and_score(state)

    def _reveal_and_score(self, state: ParadeState) -> None:
        """P28-P37: add the kept cards, discard the rest, score, break ties."""
        for seat, action in enumerate(state.keeps):
            pair = PAIRS[action - KEEP_BASE]
            hand = state.hands[seat]
            state.collections[seat].extend(pair)
            for card in pair:
                state.counts[seat][COLOUR_OF[card]] += 1
            state.discards[seat] = [c for c in hand if c not in pair]
            state.hands[seat] = []
        sheet = self.score_sheet(state)
        state.winners = tuple(ranking_winners(sheet.totals, sheet.card_totals))
        tied = len(state.winners) > 1
        state.phase = TIEBREAK if tied and state.rules.tiebreak_random else OVER

    # -- outcome --------------------------------------------------------------------------
    def score_sheet(self, state: ParadeState) -> Any:
        """The full score table of the collections as they stand (final after the end)."""
        return score_sheet(
            state.collections,
            state.rules.two_player_plain_majority,
            state.rules.all_equal_no_majority,
        )

    def returns(self, state: ParadeState) -> tuple[float, ...]:
        """1 shared among the winners (P37), 0 for the others; 0s before the end."""
        if state.phase != OVER:
            return (0.0,) * state.num_players
        share = 1.0 / len(state.winners)
        return tuple(share if p in state.winners else 0.0 for p in range(state.num_players))

    def scores(self, state: ParadeState) -> tuple[float, ...]:
        """Points per seat (lower is better)."""
        return tuple(float(t) for t in self.score_sheet(state).totals)

    def winners(self, state: ParadeState) -> tuple[int, ...]:
        """The winning seats once the game is over."""
        return state.winners if state.phase == OVER else ()

    def stats(self, state: ParadeState) -> dict[str, float]:
        """Turns played, which trigger ended the game, cards collected per seat."""
        cards = sum(len(c) for c in state.collections) / state.num_players
        return {
            "turns": float(state.turns),
            "ended_by_six_colours": float(state.trigger_reason == SIX_COLOURS),
            "cards_collected_per_seat": cards,
        }

    # -- information ----------------------------------------------------------------------
    def view(self, state: ParadeState, seat: int | None) -> ParadeView:
        """P39: the public table plus the seat's own hand and choices."""
        return make_view(state, seat)

    def determinize(self, view: ParadeView, rng: random.Random) -> ParadeState:
        """Unseen cards dealt at random among the other hands, discards and the pile."""
        return determinize(view, rng)

    def view_to_json(self, view: ParadeView) -> dict[str, Any]:
        """A JSON-ready dict of ``view``."""
        return view_to_json(view)

    # -- words ----------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        """``R3``, ``keep R3 B4`` or ``seat 2``."""
        return action_to_string(action)

    def parse_action(self, state: ParadeState, seat: int, text: str) -> int:
        """``R3`` (or ``play R3``) while playing; ``R3 B4`` (or ``keep R3 B4``) at the end."""
        words = text.strip().lower().removeprefix("play").removeprefix("keep").strip()
        cards = parse_cards(words)
        if state.phase == CHOOSE:
            if len(cards) != 2 or cards[0] == cards[1]:
                raise NotationError(f"{text!r}: name the two cards to keep, e.g. 'R3 B4'")
            return keep_id(cards[0], cards[1])
        if len(cards) != 1:
            raise NotationError(f"{text!r}: name one card to play, e.g. 'R3'")
        return cards[0]

    def render(self, state: ParadeState, seat: int | None = None) -> str:
        """The table as ``seat`` sees it; ``None`` shows every hand."""
        if seat is None:
            return render_view(make_view(state, None), state.hands)
        return render_view(make_view(state, seat))

    def describe_step(
        self,
        before: ParadeState,
        actor: int,
        action: int,
        after: ParadeState,
        viewer: int | None,
    ) -> str | None:
        """Who played what and what it collected, by which clause; draws name the card only
        to the drawer; end choices stay secret until they are revealed together."""
        phase = before.phase
        if phase == DEAL:
            return None
        if phase == START:
            return f"seat {action - SEAT_BASE + 1} starts (P8)"
        if phase == TIEBREAK:
            return f"seat {action - SEAT_BASE + 1} wins the random tie-break (A6)"
        if phase == DRAW:
            drawer = before.current
            text = f"you drew {card_str(action)}" if viewer == drawer else f"seat {drawer + 1} drew"
        elif phase == PLAY:
            report = explain_take(before.parade, action)
            text = f"seat {actor + 1} played {card_str(action)}: {report.summary()}"
        else:
            low, high = PAIRS[action - KEEP_BASE]
            public = before.rules.end_choice_sequential or viewer == actor
            text = (
                f"seat {actor + 1} keeps {card_str(low)} {card_str(high)}"
                if public
                else f"seat {actor + 1} has chosen 2 cards"
            )
        if before.trigger < 0 <= after.trigger:
            text += f"; end triggered by seat {after.trigger + 1} ({after.trigger_reason})"
        if after.phase in (OVER, TIEBREAK) and phase == CHOOSE:
            sheet = self.score_sheet(after)
            text += "; all choices revealed. " + explain_winners(sheet)
        return text

    def describe_step_for(
        self,
        before: ParadeState,
        actor: int,
        action: int,
        after: ParadeState,
        viewers: Sequence[int | None],
    ) -> dict[int | None, str | None]:
        """Only a draw and an end choice read differently by viewer: every other step (a
        card played, with what it collected) is told once, alike to everyone."""
        if before.phase in (DRAW, CHOOSE):
            return super().describe_step_for(before, actor, action, after, viewers)
        return dict.fromkeys(viewers, self.describe_step(before, actor, action, after, None))

    def table_content(self, config: GameConfig) -> dict[str, Any]:
        """The colours as this table names them, each with its character (P38, A9), and the
        majority rule in force (P32, P36, A1, A7), for a table to mark majorities."""
        rules = ParadeRules.from_variants(config.variants)
        names = {
            "standard": COLOUR_NAMES,
            "rulebook": RULEBOOK_NAMES,
            "characters": CHARACTERS,
        }.get(rules.colour_names, COLOUR_NAMES)
        two_player_lead = config.num_players == 2 and not rules.two_player_plain_majority
        return {
            "colours": [
                {"letter": letter, "name": name, "character": character}
                for letter, name, character in zip(COLOURS, names, CHARACTERS, strict=True)
            ],
            "majority": {
                "lead": 2 if two_player_lead else 0,
                "rule": "P36" if two_player_lead else "P32",
                "all_equal_no_majority": rules.all_equal_no_majority,
            },
        }

    def action_info(self, view: ParadeView, action: int) -> dict[str, Any]:
        """For a card to play: the safe cards and the cards it would collect."""
        if view.phase != PLAY or action >= KEEP_BASE:
            return {}
        report = explain_take(view.parade, action)
        return {
            "safe": [card_str(c) for c in report.safe],
            "takes": [card_str(c) for c, _ in report.taken],
            "summary": report.summary(),
        }

    # -- self-checks ----------------------------------------------------------------------
    def invariants(self, state: ParadeState) -> list[str]:
        """Every one of the 66 cards in exactly one place; colour counts match collections."""
        places = [state.pile, state.parade, *state.hands, *state.collections, *state.discards]
        everywhere = [card for place in places for card in place]
        problems = []
        if sorted(everywhere) != list(range(DECK_SIZE)):
            missing = set(range(DECK_SIZE)) - set(everywhere)
            doubled = {c for c in everywhere if everywhere.count(c) > 1}
            problems.append(f"cards missing {sorted(missing)} or doubled {sorted(doubled)}")
        for seat, collection in enumerate(state.collections):
            counts = [0] * NUM_COLOURS
            for card in collection:
                counts[COLOUR_OF[card]] += 1
            if counts != state.counts[seat]:
                problems.append(f"seat {seat + 1}'s colour counts do not match its collection")
        return problems


GAME = ParadeGame()
