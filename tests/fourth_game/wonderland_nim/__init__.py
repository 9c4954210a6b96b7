"""Nim for two or three: a fourth game, in one folder, declared by its entry point."""
