"""The built-in games, one folder each; each declares itself in its ``plugin.py``."""
