"""The built-in games, registered lazily with the core registry."""

from wonderland.core import register

register("parade", "wonderland.games.parade.game:GAME")
register("wonderdice", "wonderland.games.wonderdice.game:GAME")
register("wonderlands_war", "wonderland.games.wonderlands_war.game:GAME")
