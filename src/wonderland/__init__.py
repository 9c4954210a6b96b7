"""Wonderland Table: play, teach, study and simulate three Wonderland tabletop games."""

__version__ = "0.1.0"
