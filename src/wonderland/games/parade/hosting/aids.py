"""Parade's hosting aids: teaching positions, move descriptions, practice and scoring hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wonderland.core import GameConfig, NotationError
from wonderland.core.words import counted
from wonderland.games.parade.actions import KEEP_BASE, PAIRS
from wonderland.games.parade.cards import DECK_SIZE, VALUE_OF, Card, card_str, cards_str
from wonderland.games.parade.game import GAME, ParadeGame
from wonderland.games.parade.hosting.practice import TASK_KINDS
from wonderland.games.parade.hosting.score import explain
from wonderland.games.parade.render import by_colour
from wonderland.games.parade.rules import colour_counts, explain_take
from wonderland.games.parade.state import (
    CHOOSE,
    HAND_SIZE,
    OPENING_PARADE,
    OVER,
    PHASE_NAMES,
    PLAY,
    ParadeState,
)
from wonderland.games.parade.variants import ParadeRules
from wonderland.hosting.aids import GameAids, SetupError

SETUP_KEYS = ("hands", "parade", "collections", "pile", "current")


def _cards(value: Any, key: str) -> list[int]:
    """Card ids of a notation string (``"R3 B4"``) or a list of them."""
    words = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise SetupError(key, "expected cards as text, e.g. 'R3 B4 G0'")
    try:
        return [Card.parse(word).id for word in words]
    except NotationError as err:
        raise SetupError(key, str(err)) from None


def describe_take(parade: list[int] | tuple[int, ...], card: int) -> str:
    """``R3 (N = 3): safe B5 R9 Y1; takes R2 (P14: same colour ...)``."""
    report = explain_take(parade, card)
    head = f"{card_str(card)} (N = {VALUE_OF[card]})"
    if not report.checked:
        return f"{head} takes nothing: all {len(report.safe)} cards are safe (P13)"
    safe = f"safe {cards_str(report.safe)}" if report.safe else "nothing is safe (P17)"
    if not report.taken:
        return f"{head}: {safe}; no checked card matches, so it takes nothing (P14)"
    taken = ", ".join(f"{card_str(c)} ({reason})" for c, reason in report.taken)
    return f"{head}: {safe}; takes {taken}"


def parade_table(state: ParadeState, seat: int | None) -> str:
    """Plain text of the table as ``seat`` sees it (hidden hands show only their size)."""
    rules = state.rules
    if state.phase == PLAY:
        head = f"Seat {state.current + 1} to play · draw pile {len(state.pile)}"
        if state.final_left > 0:
            head += f" · final round: {counted(state.final_left, 'turn')} left, no drawing"
    elif state.phase == CHOOSE:
        head = "End: every seat keeps 2 of its hand cards (P28)"
    elif state.phase == OVER:
        head = "Game over"
    else:
        head = f"Phase: {PHASE_NAMES[state.phase]}"
    lines = [head, "Parade (front → end): " + _numbered(state.parade)]
    for p in range(state.num_players):
        if p == seat:
            hand = f"hand {cards_str(sorted(state.hands[p]))}"
        else:
            hand = f"{len(state.hands[p])} cards in hand"
        if state.phase == OVER:
            hand = f"kept {cards_str(state.collections[p][-2:])}"
        you = " (you)" if p == seat else ""
        lines.append(
            f"seat {p + 1}{you}: {hand}; collection {by_colour(state.collections[p], rules)}"
        )
    if state.phase == OVER:
        sheet = GAME.score_sheet(state)
        names = [f"seat {p + 1}" for p in range(state.num_players)]
        totals = ", ".join(f"{names[p]} {t}" for p, t in enumerate(sheet.totals))
        lines.append(f"Scores: {totals}. {explain(sheet, names, rules)}")
    return "\n".join(lines)


def _numbered(cards: list[int]) -> str:
    return " ".join(f"{i + 1}:{card_str(c)}" for i, c in enumerate(cards))


class ParadeAids(GameAids):
    """Hosting aids for Parade."""

    game: ParadeGame = GAME
    task_kinds = TASK_KINDS

    def build_position(self, config: GameConfig, setup: Mapping[str, Any]) -> ParadeState:
        """A position in the middle of a turn (P10) from ``hands``, ``parade`` and optionally
        ``collections``, ``pile`` (default: every other card) and ``current`` (default 0)."""
        unknown = sorted(set(setup) - set(SETUP_KEYS))
        if unknown:
            raise SetupError(unknown[0], f"unknown key; Parade's setup knows {SETUP_KEYS}")
        n = config.num_players
        hands_raw = setup.get("hands")
        if not isinstance(hands_raw, list) or len(hands_raw) != n:
            raise SetupError("hands", f"expected a list of {n} hands, one per seat")
        hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(hands_raw)]
        for i, hand in enumerate(hands):
            if len(hand) != HAND_SIZE:
                raise SetupError(f"hands[{i}]", f"a hand holds {HAND_SIZE} cards, not {len(hand)}")
        parade = _cards(setup.get("parade", ""), "parade")
        if not parade:
            raise SetupError("parade", f"the parade needs cards (it opens with {OPENING_PARADE})")
        coll_raw = setup.get("collections", [""] * n)
        if not isinstance(coll_raw, list) or len(coll_raw) != n:
            raise SetupError("collections", f"expected a list of {n} collections, one per seat")
        collections = [_cards(c, f"collections[{i}]") for i, c in enumerate(coll_raw)]
        places: dict[int, str] = {}
        named = [
            *((f"hands[{i}]", h) for i, h in enumerate(hands)),
            ("parade", parade),
            *((f"collections[{i}]", c) for i, c in enumerate(collections)),
        ]
        if "pile" in setup:
            named.append(("pile", _cards(setup["pile"], "pile")))
        for key, cards in named:
            for card in cards:
                if card in places:
                    raise SetupError(key, f"{card_str(card)} is already in {places[card]}")
                places[card] = key
        if "pile" in setup:
            pile = named[-1][1]
            missing = [c for c in range(DECK_SIZE) if c not in places]
            if missing:
                raise SetupError("pile", f"these cards are nowhere: {cards_str(missing)}")
        else:
            pile = [c for c in range(DECK_SIZE) if c not in places]
        current = setup.get("current", 0)
        if not isinstance(current, int) or not 0 <= current < n:
            raise SetupError("current", f"expected the seat to play, 0-{n - 1}")
        return ParadeState(
            num_players=n,
            rules=ParadeRules.from_variants(config.variants),
            phase=PLAY,
            hands=hands,
            parade=parade,
            pile=pile,
            collections=collections,
            counts=[colour_counts(c) for c in collections],
            discards=[[] for _ in range(n)],
            keeps=[-1] * n,
            current=current,
            dealt=HAND_SIZE * n + OPENING_PARADE,
        )

    def describe_move(self, state: Any, seat: int, action: int) -> str:
        """What playing (or keeping) does, zone by zone, with the clauses."""
        if state.phase == PLAY and 0 <= action < DECK_SIZE:
            return f"seat {seat + 1} plays {describe_take(state.parade, action)}"
        if state.phase == CHOOSE and action >= KEEP_BASE:
            low, high = PAIRS[action - KEEP_BASE]
            others = [c for c in state.hands[seat] if c not in (low, high)]
            return (
                f"seat {seat + 1} keeps {card_str(low)} {card_str(high)} for the collection and "
                f"discards {cards_str(others)} (P28)"
            )
        return super().describe_move(state, seat, action)

    def table(self, state: Any, seat: int | None) -> str:
        """The parade (1 = front), hands as ``seat`` may see them, collections, final scores."""
        return parade_table(state, seat)


AIDS = ParadeAids()
