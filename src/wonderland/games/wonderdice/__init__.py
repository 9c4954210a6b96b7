"""Play Me: Alice in Wonderdice -- a real-time dice race for 2-6 players.

Rules as pure functions over time-stamped events (``rules.py``), a turn-based protocol view
(``game.py``), and one real-time driver (``realtime.py``) that owns the clock for both live
play and discrete-event simulation.  Clauses are numbered in ``RULES.md``.
"""
