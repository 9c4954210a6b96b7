"""The capacities of Wonderland's War's fixed action space and observation layout.

Content beyond them is rejected by validation, so the action codec and the encodings do not
depend on the content pack in use.
"""

MAX_REGIONS = 8
MAX_SPACES = 24
MAX_CHIPS = 64
MAX_CARDS = 192
MAX_QUESTS = 96
MAX_WONDERLANDIANS = 48
MAX_FACTIONS = 8
MAX_TRACKS = 6
MAX_DIE_FACES = 12
MAX_TILES = 8
MAX_ALLY_SETS = 8
MAX_SEATS = 5
CARD_HALVES = 2
"""Halves of a split card (a plain card has one)."""
MARKET_SLOTS = 3
"""Wonderlandians on display in the market (W6)."""
MAX_KEEP = 6
"""Quests drawn at once to keep one of, at most."""
MIN_SEATS = 2
MIN_REGIONS = 2
MIN_QUESTS = 2 * MAX_SEATS + 1
"""Two quests to draw for each seat at set-up (W15), and one more."""
