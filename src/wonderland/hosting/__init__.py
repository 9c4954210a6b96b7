"""Hosting aids shared by the terminal and the web table: teaching scripts, practice tasks,
score calculators and the rules lookup.

Everything here is pure data in, data out (task text, choices, answer checks, explanations,
score tables), so every edge can drive it.  The game-specific pieces live in each game's
``hosting/`` folder, declared by its plugin, and use only that game's pure rules.
"""
