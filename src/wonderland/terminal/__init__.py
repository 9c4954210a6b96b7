"""Game-agnostic support for terminal tables: options, hints and unwrapped messages."""
