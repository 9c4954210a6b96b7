"""Seeded batch simulation and its summaries."""
