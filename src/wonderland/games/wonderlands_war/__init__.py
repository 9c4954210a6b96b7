"""Wonderland's War: three rounds of tea party and war for 2-5 players.

The rules are in ``RULES.md`` (clauses W1-W58, ambiguity register G1-G27); the cards, factions
and board are data in ``content/*.toml``.
"""
