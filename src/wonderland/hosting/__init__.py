"""Hosting aids shared by the terminal and the web table: teaching scripts, practice tasks,
score calculators and the rules lookup.

Everything here is pure data in, data out (task text, choices, answer checks, explanations,
score tables), so every edge can drive it.  Game-specific pieces live in ``<game>_*.py``
modules and use only that game's pure rules.
"""

import wonderland.games  # noqa: F401  (registers the built-in games)
