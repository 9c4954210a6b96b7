"""Parade's rules over two small integer arrays per game, compiled with numba.

A game's state is a ``uint8[ROWS, 66]`` array of cards and counts and an ``int64[32]`` array
of scalars (:func:`new_state`), plus its random generator (``wonderland.compiled.rng``).
All three are reset in place for every game: the compiled code allocates nothing, so it runs
without reference counting (``_nrt=False``).  Sums of unsigned cells are widened to int64
before any subtraction (numba would keep them unsigned).  Each step mirrors the plain
engine's step of the same name in ``game.py`` (phases, current seat, trigger and final round
included); the tests replay recorded games through both and compare them after every step.

==================  ==========================================================================
row of ``st``       meaning
==================  ==========================================================================
``HAND + p``        seat ``p``'s hand in plain-engine order; after the reveal, its discards
``PARADE``          the parade, front first (``sc[S_PN]`` cards)
``DECK``            cards in drawing order; columns ``sc[S_DPOS]`` onwards are the pile
``COLL + p``        seat ``p``'s collection in the order taken
``SEAT + p``        seat ``p``'s figures: cards and face values per colour (``CNT``, ``VS``),
                    the kept pair (``KEEP``, :data:`NO_CARD` before choosing), hand and
                    collection sizes (``HN``, ``CN``), winner flag (``WON``) and the
                    colours collected as bits (``MASK``)
``EXTRA``           scratch: cards (``CNT``) and values (``VS``) per colour being weighed,
                    and the other seats' most and fewest cards per colour
==================  ==========================================================================

``sc`` holds phase, current seat, trigger, ... (the ``S_*`` indices) and each seat's final
score at ``TOTALS + p``.  ``rules`` is an int64[6] array of the resolved variants (``R_*``):
the booleans of A1, A3, A5, A6 and A7 and the fixed start seat (-1: drawn at random).
"""

from __future__ import annotations

import numpy as np

from wonderland.compiled.jit import Int, compiled
from wonderland.compiled.rng import below
from wonderland.games.parade import cards
from wonderland.games.parade.actions import MAX_PLAYERS
from wonderland.games.parade.cards import DECK_SIZE, NUM_COLOURS
from wonderland.games.parade.state import (
    CHOOSE,
    DEAL,
    DRAW,
    HAND_SIZE,
    OPENING_PARADE,
    OVER,
    PLAY,
    START,
    TIEBREAK,
)
from wonderland.games.parade.variants import ParadeRules

SEATS = MAX_PLAYERS
"""Rows and cells for this many seats, whatever the table's size."""

HAND = 0
PARADE = HAND + SEATS
DECK = PARADE + 1
COLL = DECK + 1
SEAT = COLL + SEATS
EXTRA = SEAT + SEATS
ROWS = EXTRA + 1

S_PHASE = 0
S_CUR = 1
S_TRIG = 2
S_REASON = 3
"""0 while the end is not triggered, then :data:`SIX_COLOURS` or :data:`PILE_EMPTY`."""
S_FINAL = 4
"""Final-round turns left (-1 before the final round)."""
S_TURNS = 5
S_DPOS = 6
S_PN = 7
S_N = 8
S_NWIN = 9
S_SHUFFLE = 10
"""1: each card drawn is picked at random from the pile; 0: the deck's order is given."""
S_CHOSEN = 11
TOTALS = 16
SCALARS = TOTALS + SEATS

CNT = 0
VS = CNT + NUM_COLOURS
OTHERS_TOP = VS + NUM_COLOURS
"""Row ``EXTRA`` only: the most cards of each colour any other seat holds."""
OTHERS_LOW = OTHERS_TOP + NUM_COLOURS
"""Row ``EXTRA`` only: the fewest cards of each colour any other seat holds."""
KEEP = VS + NUM_COLOURS
HN = KEEP + 2
CN = HN + 1
WON = CN + 1
MASK = WON + 1
"""Bit ``c`` set when the collection holds colour ``c`` (P21: all six is ``ALL_COLOURS``)."""
ALL_COLOURS = (1 << NUM_COLOURS) - 1
NO_CARD = 255

COLOUR_OF = np.array(cards.COLOUR_OF, np.uint8)
VALUE_OF = np.array(cards.VALUE_OF, np.uint8)
"""Each card's colour and value (the deck's tables as arrays), read from tables rather than
divided out in the loops."""

SIX_COLOURS = 1
PILE_EMPTY = 2

R_PLAIN_TWO = 0
R_NO_DRAW_ON_TRIGGER = 1
R_SEQUENTIAL = 2
R_TIEBREAK_RANDOM = 3
R_ALL_EQUAL_NONE = 4
R_START = 5


def rules_array(rules: ParadeRules) -> np.ndarray:
    """The compiled form of the resolved variants."""
    start = -1 if rules.start_player is None else rules.start_player
    return np.array(
        [
            rules.two_player_plain_majority,
            rules.no_draw_on_trigger,
            rules.end_choice_sequential,
            rules.tiebreak_random,
            rules.all_equal_no_majority,
            start,
        ],
        dtype=np.int64,
    )


def new_state() -> tuple[np.ndarray, np.ndarray]:
    """The state arrays ``(st, sc)`` for one game at a time (reset by :func:`reset`)."""
    return np.zeros((ROWS, DECK_SIZE), np.uint8), np.zeros(SCALARS, np.int64)


@compiled
def next_seat(seat: Int, n: Int) -> Int:
    """The seat after ``seat`` of ``n`` (a compare, not a division: divisions are slow)."""
    following = np.int64(seat) + 1
    return following * np.int64(following < n)


@compiled
def reset(st: np.ndarray, sc: np.ndarray, n: Int, shuffle: bool) -> None:
    """Before the deal (P1, P3); with ``shuffle`` the deck is drawn from at random, else in
    the order row ``DECK`` holds (a replay)."""
    sc[:] = 0
    sc[S_PHASE] = DEAL
    sc[S_TRIG] = -1
    sc[S_FINAL] = -1
    sc[S_N] = n
    sc[S_SHUFFLE] = 1 if shuffle else 0
    st[SEAT : SEAT + SEATS, :] = 0
    st[SEAT : SEAT + SEATS, KEEP : KEEP + 2] = NO_CARD
    if shuffle:
        for i in range(DECK_SIZE):
            st[DECK, i] = i


@compiled
def take_card(st: np.ndarray, sc: np.ndarray, rng: np.ndarray) -> Int:
    """The next card of the pile (P6: uniform among the undrawn cards when shuffling)."""
    d = sc[S_DPOS]
    if sc[S_SHUFFLE]:
        r = d + below(rng, DECK_SIZE - d)
        card = st[DECK, r]
        st[DECK, r] = st[DECK, d]
        st[DECK, d] = card
    sc[S_DPOS] = d + 1
    return np.int64(st[DECK, d])


@compiled
def deal(st: np.ndarray, sc: np.ndarray, rules: np.ndarray, rng: np.ndarray) -> None:
    """P3/P4: five cards to each hand in seat order, then six face up; then the start."""
    n = sc[S_N]
    for k in range(HAND_SIZE):
        for seat in range(n):
            st[HAND + seat, k] = take_card(st, sc, rng)
    for seat in range(n):
        st[SEAT + seat, HN] = HAND_SIZE
    for k in range(OPENING_PARADE):
        st[PARADE, k] = take_card(st, sc, rng)
    sc[S_PN] = OPENING_PARADE
    if rules[R_START] < 0:
        sc[S_PHASE] = START
    else:
        sc[S_CUR] = rules[R_START]
        sc[S_PHASE] = PLAY


@compiled
def pick_start(st: np.ndarray, sc: np.ndarray, seat: Int) -> None:
    """P8: ``seat`` starts."""
    sc[S_CUR] = seat
    sc[S_PHASE] = PLAY


@compiled
def play(st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, card: Int) -> None:
    """P10-P18 (and P21, P24): ``seat`` plays ``card`` from its hand (not checked)."""
    i = 0
    while st[HAND + seat, i] != card:
        i += 1
    play_at(st, sc, rules, seat, i)


@compiled
def play_at(st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, i: Int) -> None:
    """P10-P18 (and P21, P24): ``seat`` plays the card at position ``i`` of its hand.

    Branch-free where the branches would follow the cards: the hand closes its gap over a
    fixed number of places, and one pass over the whole parade takes the checked cards that
    match (P13-P15) and moves the others forward.
    """
    n = sc[S_N]
    h = HAND + seat
    f = SEAT + seat
    card = np.int64(st[h, i])
    for j in range(HAND_SIZE - 1):  # positions past the hand's end hold stale cards
        st[h, j] = st[h, j + (1 if j >= i else 0)]
    st[f, HN] -= 1
    value = np.int64(VALUE_OF[card])
    colour = np.int64(COLOUR_OF[card])
    pn = sc[S_PN]
    checked = pn - value
    w: Int = 0
    taken = np.int64(st[f, CN])
    mask = np.int64(st[f, MASK])
    for j in range(checked):  # write both ways, advance one
        c = st[PARADE, j]
        cc = np.int64(COLOUR_OF[c])
        cv = np.int64(VALUE_OF[c])
        take = np.int64(cc == colour) | np.int64(cv <= value)
        st[COLL + seat, taken] = c
        st[PARADE, w] = c
        taken += take
        w += 1 - take
        st[f, CNT + cc] += take
        st[f, VS + cc] += cv * take
        mask |= take << cc
    st[f, CN] = taken
    st[f, MASK] = mask
    for j in range(max(checked, 0), pn):
        st[PARADE, w] = st[PARADE, j]
        w += 1
    pn = w
    st[PARADE, pn] = card
    sc[S_PN] = pn + 1
    sc[S_TURNS] += 1
    if sc[S_FINAL] >= 0:  # P24/P26: final round, no drawing, no new trigger
        sc[S_FINAL] -= 1
        if sc[S_FINAL] == 0:
            sc[S_PHASE] = CHOOSE
            sc[S_CUR] = next_seat(sc[S_TRIG], n)
        else:
            sc[S_CUR] = next_seat(seat, n)
        return
    if st[f, MASK] != ALL_COLOURS:
        sc[S_PHASE] = DRAW  # P23: the turn draws
        return
    sc[S_TRIG] = seat  # P21/A11: six colours after collecting
    sc[S_REASON] = SIX_COLOURS
    if rules[R_NO_DRAW_ON_TRIGGER]:  # A3
        start_final_round(st, sc)
    else:
        sc[S_PHASE] = DRAW


@compiled
def draw(st: np.ndarray, sc: np.ndarray, rng: np.ndarray) -> None:
    """P20/P22: the current seat draws; the last card of the pile triggers the end."""
    seat = sc[S_CUR]
    size = st[SEAT + seat, HN]
    st[HAND + seat, size] = take_card(st, sc, rng)
    st[SEAT + seat, HN] = size + 1
    if sc[S_DPOS] == DECK_SIZE and sc[S_TRIG] < 0:
        sc[S_TRIG] = seat
        sc[S_REASON] = PILE_EMPTY
    if sc[S_TRIG] >= 0:  # P25
        start_final_round(st, sc)
    else:
        sc[S_CUR] = next_seat(seat, sc[S_N])
        sc[S_PHASE] = PLAY


@compiled
def start_final_round(st: np.ndarray, sc: np.ndarray) -> None:
    """P24: everyone plays once more, from the player after the trigger."""
    n = sc[S_N]
    sc[S_FINAL] = n
    sc[S_CUR] = next_seat(sc[S_TRIG], n)
    sc[S_PHASE] = PLAY


@compiled
def keep_cards(
    st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, a: Int, b: Int
) -> None:
    """P28 (A5): ``seat`` keeps hand cards ``a`` and ``b``; the last choice reveals all."""
    st[SEAT + seat, KEEP] = min(a, b)
    st[SEAT + seat, KEEP + 1] = max(a, b)
    sc[S_CHOSEN] += 1
    if rules[R_SEQUENTIAL]:
        sc[S_CUR] = next_seat(sc[S_CUR], sc[S_N])
    if sc[S_CHOSEN] == sc[S_N]:
        reveal_and_score(st, sc, rules)


@compiled
def final_scores(st: np.ndarray, sc: np.ndarray, rules: np.ndarray) -> None:
    """P31-P36 for every seat at once: each colour's majority is decided once, then
    majority cards score 1, the others their face value."""
    n = sc[S_N]
    for seat in range(n):
        sc[TOTALS + seat] = 0
    two_player_lead = n == 2 and not rules[R_PLAIN_TWO]
    all_equal_none = np.int64(rules[R_ALL_EQUAL_NONE] != 0 and n >= 3)
    for colour in range(NUM_COLOURS):
        top: Int = 0
        low: Int = 1 << 30
        for seat in range(n):
            count = np.int64(st[SEAT + seat, CNT + colour])
            top = max(top, count)
            low = min(low, count)
        nobody = np.int64(top == 0) | (all_equal_none & np.int64(low == top))
        for seat in range(n):  # branch-free: majorities follow the cards
            count = np.int64(st[SEAT + seat, CNT + colour])
            if two_player_lead:
                holds = np.int64(count - np.int64(st[SEAT + 1 - seat, CNT + colour]) >= 2)
            else:
                holds = (1 - nobody) & np.int64(count == top)
            values = np.int64(st[SEAT + seat, VS + colour])
            sc[TOTALS + seat] += holds * count + (1 - holds) * values


@compiled
def reveal_and_score(st: np.ndarray, sc: np.ndarray, rules: np.ndarray) -> None:
    """P28-P37: add the kept cards, leave the discards in the hand rows, score, find the
    winners (a chance step draws one of them under A6)."""
    n = sc[S_N]
    for seat in range(n):
        figures = st[SEAT + seat]
        hand = st[HAND + seat]
        a = figures[KEEP]
        b = figures[KEEP + 1]
        for card in (a, b):
            st[COLL + seat, figures[CN]] = card
            figures[CN] += 1
            figures[CNT + COLOUR_OF[card]] += 1
            figures[VS + COLOUR_OF[card]] += VALUE_OF[card]
        w: Int = 0
        for j in range(figures[HN]):  # branch-free: write each card, keep the discards
            c = hand[j]
            hand[w] = c
            w += np.int64(c != a) & np.int64(c != b)
        figures[HN] = w
    final_scores(st, sc, rules)
    best: Int = 1 << 30
    for seat in range(n):
        best = min(best, sc[TOTALS + seat])
    fewest: Int = 1 << 30
    for seat in range(n):  # P37: the fewest cards among the lowest scores
        behind = np.int64(sc[TOTALS + seat] != best)
        fewest = min(fewest, np.int64(st[SEAT + seat, CN]) + (behind << 30))
    count: Int = 0
    for seat in range(n):
        won = np.int64(sc[TOTALS + seat] == best) & np.int64(st[SEAT + seat, CN] == fewest)
        st[SEAT + seat, WON] = won
        count += won
    sc[S_NWIN] = count
    sc[S_PHASE] = TIEBREAK if count > 1 and rules[R_TIEBREAK_RANDOM] else OVER


@compiled
def break_tie(st: np.ndarray, sc: np.ndarray, seat: Int) -> None:
    """A6: chance names ``seat`` the only winner."""
    for p in range(sc[S_N]):
        st[SEAT + p, WON] = 1 if p == seat else 0
    sc[S_NWIN] = 1
    sc[S_PHASE] = OVER


@compiled
def draw_tie(st: np.ndarray, sc: np.ndarray, rng: np.ndarray) -> Int:
    """A6: chance names one of the tied seats the winner (returned)."""
    r = below(rng, sc[S_NWIN])
    for p in range(sc[S_N]):
        if st[SEAT + p, WON]:
            if r == 0:
                break_tie(st, sc, p)
                return p
            r -= 1
    return -1
