"""The terminal table (``wonderland play``) for every game, and what it is made of: options,
records, hints, screens, single keys and unwrapped messages; a game brings only its face."""
