"""Wonderland's War as a core ``Game``: three rounds of tea party and war for 2-5 players."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from wonderland.core.errors import NotationError
from wonderland.core.game import CHANCE, TERMINAL, Game, GameConfig, GameSpec, ToMove
from wonderland.games.wonderlands_war import rules, scoring, view
from wonderland.games.wonderlands_war.actions import (
    NUM_ACTIONS,
    DealTile,
    DrawChip,
    RollDie,
    StartPlayer,
    action_to_string,
    decode,
    parse,
)
from wonderland.games.wonderlands_war.chance_steps import chance
from wonderland.games.wonderlands_war.content import load_content
from wonderland.games.wonderlands_war.narration import changes_told, decided, deed, sentences
from wonderland.games.wonderlands_war.render import (
    card_text,
    describe,
    faction_label,
    faction_text,
    half_text,
    quest_parts,
)
from wonderland.games.wonderlands_war.render import render as render_text
from wonderland.games.wonderlands_war.state import (
    CHANCE_PHASES,
    SIMULTANEOUS_PHASES,
    WonderlandsWarState,
)
from wonderland.games.wonderlands_war.tea import card_limit
from wonderland.games.wonderlands_war.variants import VARIANTS, Options
from wonderland.games.wonderlands_war.view import WonderlandsWarView

MAX_LENGTH = 20_000
"""Declared bound on the number of steps (chance included) of one game."""


class WonderlandsWarGame(Game[WonderlandsWarState, WonderlandsWarView]):
    """Tea party and war over three rounds; content from TOML (``GameConfig.content``)."""

    spec = GameSpec(
        id="wonderlands_war",
        name="Wonderland's War",
        version=1,
        min_players=2,
        max_players=5,
        num_actions=NUM_ACTIONS,
        has_chance=True,
        hidden_information=True,
        simultaneous=True,
        max_steps=MAX_LENGTH,
        description=(
            "A bag-building war game for 2-5 players over three rounds. At each tea party your "
            "leader moves around the table taking cards: supporters for the regions, allies "
            "and Wonderlandians for your bag and retinue. Then battles are fought region by "
            "region: everyone draws chips from their bag at once, adding strength, until they "
            "stop or madness drives their supporters away. The strongest win points and "
            "castles; shards cost points at the end. Card texts are provisional designs."
        ),
    )
    variants = VARIANTS

    def initial_state(self, config: GameConfig) -> WonderlandsWarState:
        """The state before set-up; every set-up draw is a chance step."""
        content = load_content(config.content)
        opts = Options.from_variants(config.variants, config.num_players)
        return rules.new_game(content, opts, config.num_players)

    def to_move(self, state: WonderlandsWarState) -> ToMove:
        """A seat, CHANCE, the seats of a simultaneous decision, or TERMINAL."""
        if not state.tasks:
            return TERMINAL
        task = state.tasks[-1]
        if task.phase in CHANCE_PHASES:
            return CHANCE
        if task.phase in SIMULTANEOUS_PHASES:
            return rules.waiting(state)
        return task.seat

    def legal_actions(self, state: WonderlandsWarState, seat: int) -> list[int]:
        """The action ids ``seat`` may take now."""
        return rules.legal(state, seat)

    def chance_outcomes(self, state: WonderlandsWarState) -> list[tuple[int, float]]:
        """The outcomes of the chance step (empty when it is not chance's turn)."""
        if not state.tasks or state.tasks[-1].phase not in CHANCE_PHASES:
            return []
        return chance(state)

    def sample_chance(self, state: WonderlandsWarState, rng: random.Random) -> int:
        """One outcome, drawn with ``rng`` (weights by chip count for bag draws)."""
        outcomes = chance(state)
        x = rng.random()
        for action, p in outcomes:
            x -= p
            if x < 0:
                return action
        return outcomes[-1][0]

    def apply_in_place(self, state: WonderlandsWarState, actor: int, action: int) -> None:
        """Check (IllegalAction names the clause), then play ``action``."""
        rules.apply(state, actor, action)

    def clone(self, state: WonderlandsWarState) -> WonderlandsWarState:
        """An independent copy."""
        return state.clone()

    def returns(self, state: WonderlandsWarState) -> tuple[float, ...]:
        """1 shared among the winners at the end, 0 otherwise."""
        if state.tasks:
            return (0.0,) * state.n
        won = scoring.winners(state)
        return tuple(1 / len(won) if s in won else 0.0 for s in range(state.n))

    def scores(self, state: WonderlandsWarState) -> tuple[float, ...]:
        """Final score (W53) of each seat (so far, before the end)."""
        return tuple(float(scoring.score_parts(state, s)["total"]) for s in range(state.n))

    def winners(self, state: WonderlandsWarState) -> tuple[int, ...]:
        """W54: highest score, then fewest shards, then most units on the board."""
        return scoring.winners(state) if not state.tasks else ()

    def view(self, state: WonderlandsWarState, seat: int | None) -> WonderlandsWarView:
        """What ``seat`` may know."""
        return view.view(state, seat)

    def determinize(self, view_: WonderlandsWarView, rng: random.Random) -> WonderlandsWarState:
        """A full state consistent with ``view_``."""
        return view.determinize(view_, rng)

    def view_to_json(self, view_: WonderlandsWarView) -> dict[str, Any]:
        """A JSON-ready dict."""
        return view.to_json(view_)

    def action_to_string(self, action: int) -> str:
        """The notation of ``action``, e.g. ``move 3 0`` or ``draw``."""
        return action_to_string(action)

    def parse_action(self, state: WonderlandsWarState, seat: int, text: str) -> int:
        """The action named by ``text``; NotationError when it is not legal for ``seat``."""
        action = parse(text)
        if action not in rules.legal(state, seat):
            raise NotationError(f"{text!r} is not a legal action for seat {seat + 1} now")
        return action

    def render(self, state: WonderlandsWarState, seat: int | None = None) -> str:
        """The table as text, as ``seat`` sees it."""
        shown = state if seat is None else view.redact(state, seat)
        return render_text(shown, seat)

    def describe_step(
        self,
        before: WonderlandsWarState,
        actor: int,
        action: int,
        after: WonderlandsWarState,
        viewer: int | None,
    ) -> str | None:
        """A sentence per step; setup deals are silent; simultaneous choices stay secret
        until they are revealed (the draws they lead to are public); then what the step
        settled: the battles it ended, a new round, the end of the game."""
        line = self._step_line(before, actor, action, viewer)
        told = changes_told(before, actor, action, after)
        return sentences(([line] if line else []) + told) or None

    @staticmethod
    def _step_line(
        before: WonderlandsWarState, actor: int, action: int, viewer: int | None
    ) -> str | None:
        """The step itself (None: a quiet deal)."""
        if actor == CHANCE:
            if isinstance(decode(action), (DrawChip, RollDie, StartPlayer, DealTile)):
                return describe(before, action, partial(faction_label, before))
            return None
        who = faction_label(before, actor)
        if before.phase in SIMULTANEOUS_PHASES:
            return (
                f"{who} has decided"
                if viewer != actor
                else f"{who} {decided(before, actor, action)}"
            )
        words = describe(before, action, partial(faction_label, before))
        return f"{who} {deed(before, actor, action, words)}"

    def action_info(self, view_: WonderlandsWarView, action: int) -> dict[str, Any]:
        """The action in words, for the table's buttons."""
        return {"text": describe(view_.state, action)}

    def table_content(self, config: GameConfig) -> dict[str, Any]:
        """Names and numbers of the content pack in play (provisional entries marked)."""
        state = self.initial_state(config)
        c = state.content
        return {
            "factions": [
                {
                    "name": f.name,
                    "counterclockwise": f.counterclockwise,
                    "leader_strength": list(f.leader_strength),
                    "madness_slots": f.madness_slots,
                    "provisional": f.provisional,
                }
                for f in c.factions
            ],
            "regions": list(c.regions),
            "tiles": [list(t) for t in c.tiles],
            "chips": [
                {
                    "name": ch.name,
                    "kind": ch.kind,
                    "strength": ch.strength,
                    "supporters_lost": ch.supporters_lost,
                    "provisional": ch.provisional,
                }
                for ch in c.chips
            ],
            "cards": [card_text(c, i) for i in range(len(c.cards))],
            "wonderlandians": [
                {"name": w.name, "strength": w.strength, "figure": w.figure}
                for w in c.wonderlandians
            ],
            "card_parts": [
                {
                    "name": card.name,
                    "deck": card.deck,
                    "provisional": card.provisional,
                    "halves": [
                        {
                            "supporters": h.supporters,
                            "shard_die": h.shard_die,
                            "text": half_text(c, i, k),
                        }
                        for k, h in enumerate(card.halves)
                    ],
                }
                for i, card in enumerate(c.cards)
            ],
            "quests": [q.name for q in c.quests],
            "quest_parts": [quest_parts(state, q) for q in range(len(c.quests))],
            "faction_texts": [faction_text(c, f) for f in range(len(c.factions))],
            "head": c.head,
            "spaces": [need <= config.num_players for need in c.spaces],
            "auto_win": c.rules.auto_win_strength,
            "forge_icons": list(c.rules.battle_track_forge_icons),
            "rounds": c.rules.rounds,
            "card_limit": card_limit(state),
        }

    def invariants(self, state: WonderlandsWarState) -> list[str]:
        """Conservation of chips, supporters and castles."""
        return scoring.invariants(state)

    def labels(self, state: WonderlandsWarState) -> tuple[str, ...]:
        """Per seat: the faction played."""
        return tuple(
            state.content.factions[p.faction].name if p.faction >= 0 else "-" for p in state.players
        )

    def stats(self, state: WonderlandsWarState) -> dict[str, float]:
        """Mean score by source, bust rate, decisions per game."""
        n = state.n
        parts = [scoring.score_parts(state, s) for s in range(n)]
        fought = sum(p.battles for p in state.players)
        busts = sum(p.busts for p in state.players)
        out = {f"score_{k}": sum(p[k] for p in parts) / n for k in parts[0]}
        out["bust_rate"] = busts / fought if fought else 0.0
        out["battles_per_player"] = fought / n
        out["turns"] = float(state.decisions)
        return out


GAME = WonderlandsWarGame()
