"""The Wonderland's War table in the terminal: you against bots, battles shown draw by draw.

Answers are read line by line from standard input, so a whole game can be played by piping
numbers in (``yes 1 | wonderland play wonderlands_war --players 3``).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from wonderland.bots import make_bot
from wonderland.core import CHANCE, TERMINAL, ConfigError, GameRecord, next_actor
from wonderland.games.wonderlands_war import actions as act
from wonderland.games.wonderlands_war.game import WonderlandsWarGame
from wonderland.games.wonderlands_war.render import describe, faction_name, menu
from wonderland.games.wonderlands_war.scoring import score_parts
from wonderland.games.wonderlands_war.state import (
    BUST,
    DRAWING,
    HALTED,
    Phase,
    WonderlandsWarState,
)
from wonderland.terminal.hints import Hinter
from wonderland.terminal.options import game_and_config, parse_bots

QUIET_CHANCE = {"tile", "ally_set", "wl", "card", "quest"}


def _ask(
    console: Console,
    st: WonderlandsWarState,
    game: WonderlandsWarGame,
    seat: int,
    hinter: Hinter | None = None,
) -> int | None:
    """Show the table and the menu; return the chosen action (None: quit or end of input)."""
    console.print(Panel(escape(game.render(st, seat)), title=f"You: {faction_name(st, seat)}"))
    if hinter is not None:
        console.print(hinter.render(game, game.view(st, seat), game.legal_actions(st, seat)))
    if st.tasks[-1].phase == Phase.DRAW_OR_STOP:
        bag = st.players[seat].bag
        madness = sum(k for chip, k in enumerate(bag) if st.content.chips[chip].kind == "madness")
        total = sum(bag)
        console.print(
            f"  your bag: {madness} madness in {total} chips "
            f"({100 * madness / max(1, total):.0f} % madness next draw); "
            f"{st.supporters[st.b_region][seat]} supporters here"
        )
    entries = menu(st, seat)
    choices = [a for a, _, why in entries if not why]
    number = 0
    for _, text, why in entries:
        if why:
            console.print(f"   [dim]-  {escape(text)} (unavailable: {escape(why)})[/]")
        else:
            number += 1
            console.print(f"  [bold]{number:2}[/]. {escape(text)}")
    while True:
        try:
            answer = input(f"choose 1-{len(choices)} (q quits) > ").strip().lower()
        except EOFError:
            return None
        if answer in ("q", "quit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            return choices[int(answer) - 1]
        console.print(f"[red]please answer a number from 1 to {len(choices)}[/]")


def _battle_line(
    st: WonderlandsWarState, strengths: tuple[int, ...], statuses: tuple[int, ...]
) -> str:
    names = {DRAWING: "drawing", HALTED: "stopped", BUST: "BUST"}
    return ", ".join(
        f"{faction_name(st, s)} {strengths[s]} ({names[statuses[s]]})"
        for s in range(st.n)
        if statuses[s]
    )


def _narrate(
    console: Console,
    before: WonderlandsWarState,
    after: WonderlandsWarState,
    actor: int,
    action: int,
) -> None:
    """Lines for what just happened: moves, shard rolls, each draw and each battle's result."""
    kind = act.decode(action).kind
    if actor == CHANCE:
        task = before.tasks[-1]
        if task.phase == Phase.DRAW_CHIP:
            chip = after.content.chips[act.decode(action).option]
            console.print(f"  {faction_name(after, task.seat)} draws {escape(chip.name)}")
        elif task.phase == Phase.ROLL_DIE or kind not in QUIET_CHANCE:
            console.print(f"  {escape(describe(before, action))}")
    elif kind not in ("draw", "stop", "shield", "accept", "wager", "no_wager"):
        console.print(f"{faction_name(before, actor)}: {escape(describe(before, action))}")
    for _, where, strengths, statuses, firsts in after.log[len(before.log) :]:
        won = ", ".join(faction_name(after, s) for s in firsts) or "nobody"
        console.print(
            f"  [bold]{escape(after.content.regions[where])}[/]: "
            f"{_battle_line(after, strengths, statuses)} - won by [bold]{won}[/]"
        )
    for s in range(after.n):
        if before.players[s].shield and not after.players[s].shield:
            console.print(f"  {faction_name(after, s)} flips the shield")
    now = _battle_line(after, tuple(after.b_strength), tuple(after.b_status))
    if after.b_region >= 0 and after.b_region != before.b_region:
        console.rule(f"Battle in {escape(after.content.regions[after.b_region])}")
        alone = sum(1 for x in after.b_status if x) == 1
        console.print(f"  {'uncontested' if alone else 'start'}: {now}")
    elif (
        len(after.log) == len(before.log)
        and after.b_region >= 0
        and (before.b_strength != after.b_strength or before.b_status != after.b_status)
    ):
        console.print(f"  now: {now}")
    if before.round != after.round:
        console.rule(f"Round {after.round}")
    if not before.war and after.war:
        console.rule(f"War phase, round {after.round}")


def final_table(st: WonderlandsWarState) -> Table:
    """Final scoring broken down per source (W53)."""
    table = Table(title="Final scoring")
    for column in ("faction", "battles", "other", "castles", "quests", "shards", "total"):
        table.add_column(column, justify="left" if column == "faction" else "right")
    for s in range(st.n):
        parts = score_parts(st, s)
        table.add_row(
            faction_name(st, s),
            *(str(parts[k]) for k in ("battles", "other", "castles", "quests", "shards", "total")),
        )
    return table


def play(args: argparse.Namespace) -> int:
    """Play one game in the terminal; returns the exit status."""
    if args.players is None:
        args.players = 3
    game_any, config = game_and_config(args)
    assert isinstance(game_any, WonderlandsWarGame)
    game = game_any
    n = config.num_players
    if not 0 <= args.seat < n:
        raise ConfigError(f"--seat must be 0..{n - 1}")
    names = parse_bots(args.bots, "heuristic", n - 1)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    bots = {}
    others = [s for s in range(n) if s != args.seat]
    for s, name in zip(others, names, strict=True):
        bots[s] = make_bot(name, game.spec.id, seed + 1 + s)
    rng = random.Random(seed)
    console = Console(highlight=False)
    st = game.initial_state(config)
    console.print(
        f"[bold]Wonderland's War[/], {n} players, seed {seed}; you are seat {args.seat}. "
        "Content marked * is provisional."
    )
    actions: list[tuple[int, int]] = []
    hinter = Hinter(game.spec.id, seed, args.seat) if getattr(args, "hints", False) else None
    while (actor := next_actor(game, st)) != TERMINAL:
        if actor == CHANCE:
            action = game.sample_chance(st, rng)
        elif actor == args.seat:
            chosen = _ask(console, st, game, actor, hinter)
            if chosen is None:
                console.print("game abandoned")
                return 1
            action = chosen
        else:
            action = bots[actor].choose(game, game.view(st, actor), game.legal_actions(st, actor))
        before = st.clone()
        game.apply_in_place(st, actor, action)
        actions.append((actor, action))
        _narrate(console, before, st, actor, action)
    console.print(Panel(escape(game.render(st, None)), title="The end"))
    console.print(final_table(st))
    won = ", ".join(faction_name(st, s) for s in game.winners(st))
    console.print(f"[bold]Winner: {won}[/] - the new ruler of Wonderland")
    record = GameRecord(
        game=game.spec.id,
        version=game.spec.version,
        config=config,
        seed=seed,
        actions=tuple(actions),
        content_hash=st.content.digest,
        players=tuple("you" if s == args.seat else names[others.index(s)] for s in range(n)),
    )
    path = (
        Path(args.record)
        if args.record
        else Path.home() / ".wonderland" / "records" / f"wonderlands_war-{int(time.time())}.json"
    )
    record.save(path)
    console.print(f"record saved to {path}")
    return 0
