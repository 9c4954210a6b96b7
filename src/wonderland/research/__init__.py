"""Research from play: the games people and bots played, as datasets a learner reads.

Needs the ``sim`` extra (Arrow and Parquet) and the ``rl`` extra (the observation encodings).
See ``docs/rl.md``, "Datasets from play".
"""
