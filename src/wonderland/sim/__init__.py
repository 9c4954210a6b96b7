"""Seeded simulation at scale and its summaries.

``runner`` plays one game (``simulate_one``; games may register their own runner), ``job``
cuts a run into chunks of game indices, ``backends`` / ``ray_backend`` play the chunks in this
process, in worker processes or on Ray, ``rows`` and ``store`` keep one Parquet row per game in
a resumable folder, ``batch`` runs a job end to end, ``summary`` computes the estimates,
``sweep`` describes grids of runs and ``report`` writes the HTML report with its plots.
"""
