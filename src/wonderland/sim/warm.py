"""Compile the fast engines ahead of their first use: ``python -m wonderland.sim.warm``.

numba compiles a compiled engine on its first call and caches the machine code next to its
sources.  A fresh install (or a fresh clone) therefore spends a minute or two compiling in
whichever process first simulates or searches; several processes started together (a test
run's workers, a server's processes) would each compile the same code.  This plays a few
games on every game's compiled engine, with every bot it accepts, as rows and as tallies, and
lets every bot level choose one move at a fresh table (the compiled search included), so
that later processes load the cache instead.  Without numba it says so and does nothing.
"""

from __future__ import annotations

import random
import sys
import time

from wonderland.bots.levels import clock_off
from wonderland.bots.registry import bot_names, make_bot
from wonderland.compiled import numba_available
from wonderland.core import CHANCE, ConfigError, get_game
from wonderland.sim.fast import fast_engine, fast_game_ids
from wonderland.sim.job import SimJob

LEVELS = ("easy", "medium", "hard", "expert")
GAMES = 4
"""Games played per compiled engine, bot and output kind: enough to reach every step."""


def warm_engine(game_id: str) -> list[str]:
    """Play a few games of ``game_id`` on its compiled engine with each bot it takes; the
    bots played."""
    engine = fast_engine(game_id)
    game = get_game(game_id)
    players = game.spec.min_players
    played = []
    for bot in bot_names(game_id):
        job = SimJob(game_id, game.make_config(players, {}), (bot,) * players, GAMES, 1)
        try:
            engine.check_fast_job(job)
        except ConfigError:
            continue  # a bot the compiled engine does not play
        list(engine.play_fast(job, 0, GAMES).rows())
        engine.tally_fast(job, 0, GAMES)
        played.append(bot)
    return played


def warm_levels(game_id: str) -> None:
    """Let each level choose one move at a fresh table of ``game_id`` (its iteration cap
    only), which compiles the game's compiled search if it has one."""
    game = get_game(game_id)
    state = game.initial_state(game.make_config(game.spec.min_players, {}))
    rng = random.Random(1)
    while game.to_move(state) == CHANCE:
        state = game.apply(state, CHANCE, game.sample_chance(state, rng))
    mover = game.to_move(state)
    seat = min(mover) if isinstance(mover, frozenset) else mover
    for level in LEVELS:
        bot = make_bot(level, game_id, seed=1)
        bot.choose(game, game.view(state, seat), game.legal_actions(state, seat))


def main() -> int:
    """Compile every fast engine and search; report what was compiled and how long it took."""
    if not numba_available():
        print("numba is not installed (the extra `fast`): nothing to compile")
        return 0
    for game_id in fast_game_ids():
        start = time.perf_counter()
        played = warm_engine(game_id)
        with clock_off():  # one move at each level's iteration cap
            warm_levels(game_id)
        seconds = time.perf_counter() - start
        print(f"{game_id}: compiled engine ready ({', '.join(played)}; levels) in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
