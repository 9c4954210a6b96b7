"""The tea party: setup, leaders moving round the table, cards taken (W4-W29)."""

from __future__ import annotations

from wonderland.games.wonderlands_war import actions as act
from wonderland.games.wonderlands_war.capacity import CARD_HALVES, MARKET_SLOTS
from wonderland.games.wonderlands_war.content import Content
from wonderland.games.wonderlands_war.effects import gain_chips, hook, push_fx
from wonderland.games.wonderlands_war.scoring import score_now
from wonderland.games.wonderlands_war.state import (
    NONE,
    OUT,
    Phase,
    Player,
    Task,
    WonderlandsWarState,
)
from wonderland.games.wonderlands_war.variants import Options

_MOVE = act.BASE["move"]
_LEADER = act.BASE["leader"]


def set_up(content: Content, opts: Options, n: int) -> WonderlandsWarState:
    """The state before set-up: every set-up step waits on the task stack (W4-W16)."""
    regions = len(content.regions)
    st = WonderlandsWarState(
        content=content,
        opts=opts,
        n=n,
        players=[Player() for _ in range(n)],
        supply=[c.count for c in content.chips],
        tiles=[-1] * regions,
        wl_deck=list(range(len(content.wonderlandians))),
        decks=[list(d) for d in content.decks],
        table=[-1] * len(content.spaces),
        occupant=[-1] * len(content.spaces),
        quest_deck=list(range(len(content.quests))),
        supporters=[[0] * n for _ in range(regions)],
        castles=[[0] * n for _ in range(regions)],
        b_status=[OUT] * n,
        b_strength=[0] * n,
        b_choice=[NONE] * n,
        b_drawn=[-1] * n,
        b_forge=[0] * n,
        wagers=[NONE] * n,
    )
    steps = [Task(Phase.DEAL_TILE, value=r) for r in range(regions)]
    if opts.ally_set == "random":
        steps.append(Task(Phase.DRAW_ALLY_SET))
    else:
        ids = [s.id for s in content.ally_sets]
        st.ally_set = ids.index(opts.ally_set) if opts.ally_set in ids else 0
    steps += [Task(Phase.FILL_MARKET, value=i) for i in range(MARKET_SLOTS)]
    steps += [Task(Phase.DEAL_ALL), Task(Phase.PLACE_MARKER)]
    steps += [Task(Phase.CHOOSE_FACTION, s) for s in range(n)]
    for s in range(n):
        steps += [Task(Phase.DRAW_QUEST, s), Task(Phase.DRAW_QUEST, s), Task(Phase.KEEP_QUEST, s)]
    steps += [Task(Phase.DRAW_START_PLAYER), Task(Phase.START_ROUND, value=1)]
    st.tasks = steps[::-1]
    return st


def setup_player(st: WonderlandsWarState, seat: int, faction: int) -> None:
    """W11-W14, W17: a faction's kit, its starting bag (W13) and markers."""
    c = st.content
    f = c.factions[faction]
    rules = c.rules
    p = st.players[seat]
    p.faction = faction
    zeros = [0] * len(c.chips)
    p.bag, p.active, p.exhaust = zeros[:], zeros[:], zeros[:]
    bag = list(f.start_bag)
    if st.opts.two_artifacts:
        bag.append(f.artifact_chip)
    for chip in bag:
        if st.supply[chip] > 0:
            st.supply[chip] -= 1
            p.bag[chip] += 1
    p.on_forge = min(rules.supporters_on_forge_track, rules.supporters)
    p.reserve = rules.supporters - p.on_forge
    p.castles_left = rules.castles
    p.forged = [[] for _ in f.forge_tracks]
    p.shield = True


def _reach(st: WonderlandsWarState, seat: int, full_circle: bool) -> list[int]:
    """W19, W20, W24: carded, unoccupied spaces the leader may stop on, in moving order."""
    c = st.content
    p = st.players[seat]
    size = len(c.spaces)
    step = -1 if c.factions[p.faction].counterclockwise else 1
    out = []
    q = (p.pos + step) % size
    for _ in range(size - 1):
        if q == c.head:
            if not full_circle:
                break
        elif st.table[q] >= 0 and st.occupant[q] < 0:
            out.append(q)
        q = (q + step) % size
    return out


def card_limit(st: WonderlandsWarState) -> int:
    """W26, G3: the tea cards a player may hold this round (``cards_per_tea_party``).  With 2
    players the seed's limit, the ``default`` entry (4), applies like at any table; the
    ``two_player_five_cards`` variant takes the ``"2"`` entry instead (5, a secondary
    summary's reading)."""
    table = st.content.rules.cards_per_tea_party
    if st.n == 2:
        return table.get("2", 5) if st.opts.two_player_five_cards else table.get("default", 4)
    return st.content.card_limit(st.n)


def turn_moves(st: WonderlandsWarState, seat: int, after_head: bool) -> list[int]:
    """W19-W26, G19: a tea turn's choices; ``after_head``: the move on from the Head."""
    p = st.players[seat]
    c = st.content
    limit = card_limit(st)
    regions = [_LEADER + r for r in range(len(c.regions))]
    if len(p.cards) >= limit:
        return regions  # W26
    at_head = p.pos == c.head
    out = []
    for q in _reach(st, seat, at_head or after_head):
        for half in range(len(c.cards[st.table[q]].halves)):
            out.append(_MOVE + q * CARD_HALVES + half)
    if not after_head and not at_head and not p.passed_head:
        out.append(act.HEAD)
    return out or regions  # G19


def tea_move(st: WonderlandsWarState, seat: int, action: int) -> None:
    """W19-W26: move the leader and take a card, stop at the head, or go to a region."""
    c = st.content
    p = st.players[seat]
    if p.pos >= 0 and p.pos != c.head:
        st.occupant[p.pos] = -1
    if action == act.HEAD:  # W24
        p.pos = c.head
        p.passed_head = True
        st.tasks += [
            Task(Phase.TEA_CONTINUE, seat),
            Task(Phase.REFILL),
            Task(Phase.ROLL_DIE, seat),
        ]
        return
    if action < _MOVE + CARD_HALVES * len(c.spaces):
        space, half = divmod(action - _MOVE, CARD_HALVES)
        p.pos = space
        st.occupant[space] = seat
        card = st.table[space]
        st.table[space] = -1
        p.cards.append(card)
        h = c.cards[card].halves[half]
        st.tasks.append(Task(Phase.NEXT_TURN))
        hook(st, seat, "on_take_card")
        push_fx(st, seat, h.effects)
        if h.shard_die:
            st.tasks.append(Task(Phase.ROLL_DIE, seat))  # W23
        if h.supporters:
            st.tasks.append(Task(Phase.PLACE_SUPPORTERS, seat, h.supporters))
        return
    p.pos = -1  # W26 / G19: the leader goes to a region
    p.region = action - _LEADER
    st.tasks.append(Task(Phase.NEXT_TURN))


def deal_all(st: WonderlandsWarState, task: Task) -> None:
    """W9, W18: deal the round's deck onto the spaces used with this many players."""
    for space in reversed(st.content.active_spaces(st.n)):
        st.tasks.append(Task(Phase.DEAL_CARD, value=space))


def refill(st: WonderlandsWarState, task: Task) -> None:
    """W24: refill every unoccupied empty space (G19: a dry deck leaves spaces empty)."""
    for space in reversed(st.content.active_spaces(st.n)):
        if st.table[space] < 0 and st.occupant[space] < 0:
            st.tasks.append(Task(Phase.DEAL_CARD, value=space))


def start_round(st: WonderlandsWarState, task: Task) -> None:
    """W2, W18, G17: a round starts; leaders at the Head of the Table."""
    c = st.content
    st.round = task.value
    st.war = False
    st.occupant = [-1] * len(c.spaces)
    for p in st.players:
        p.pos = c.head
        p.region = -1
        p.cards = []
        p.war_bonus = 0
        p.passed_head = False
    seats = [(st.start + i) % st.n for i in range(st.n)]
    if st.opts.order_by_score:
        seats.sort(key=lambda s: score_now(st, s))
    st.order = seats
    st.turn = seats[0]
    st.tasks.append(Task(Phase.TEA_TURN, seats[0]))
    if st.round > 1:
        st.table = [-1] * len(c.spaces)
        st.tasks.append(Task(Phase.DEAL_ALL))


def next_turn(st: WonderlandsWarState, task: Task) -> None:
    """W19, W27: the next leader still at the table moves; none left ends the tea party."""
    st.players[st.turn].passed_head = False
    i = st.order.index(st.turn)
    for k in range(1, st.n + 1):
        seat = st.order[(i + k) % st.n]
        if st.players[seat].pos >= 0:
            st.turn = seat
            st.tasks.append(Task(Phase.TEA_TURN, seat))
            return
    st.tasks.append(Task(Phase.END_TEA))


def end_tea(st: WonderlandsWarState, task: Task) -> None:
    """W29, G20: madness for everyone; the most shards take another and discard half."""
    rules = st.content.rules
    chip = st.content.madness_chip
    for seat in range(st.n):
        gain_chips(st, seat, chip, rules.madness_each_round)
    most = max(p.shards for p in st.players)
    if most > 0:
        for seat, p in enumerate(st.players):
            if p.shards == most:
                gain_chips(st, seat, chip, rules.most_shards_extra_madness)
                p.shards -= (p.shards + 1) // 2 if st.opts.discard_round_up else p.shards // 2
    st.war = True
    regions = len(st.content.regions)
    st.order = [(st.marker + i) % regions for i in range(regions)]  # W30
    st.tasks.append(Task(Phase.NEXT_BATTLE, value=0))
