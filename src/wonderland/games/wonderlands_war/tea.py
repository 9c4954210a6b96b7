"""The tea party: setup, leaders moving round the table, cards taken (W4-W29)."""

from __future__ import annotations

from wonderland.games.wonderlands_war.actions import HEAD, Head, Move, PlaceLeader
from wonderland.games.wonderlands_war.capacity import CARD_HALVES, MARKET_SLOTS
from wonderland.games.wonderlands_war.content_values import Content
from wonderland.games.wonderlands_war.effects import gain_chips, hook, push_fx
from wonderland.games.wonderlands_war.scoring import score_now
from wonderland.games.wonderlands_war.state import (
    NONE,
    OUT,
    Battle,
    Phase,
    Player,
    Task,
    WonderlandsWarState,
)
from wonderland.games.wonderlands_war.variants import Options


def set_up(content: Content, opts: Options, n: int) -> WonderlandsWarState:
    """The state before set-up: every set-up step waits on the task stack (W4-W16)."""
    regions = len(content.regions)
    state = WonderlandsWarState(
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
        battle=Battle(
            status=[OUT] * n, strength=[0] * n, choice=[NONE] * n, drawn=[-1] * n, forge=[0] * n
        ),
        wagers=[NONE] * n,
    )
    steps = [Task(Phase.DEAL_TILE, region=r) for r in range(regions)]
    if opts.ally_set == "random":
        steps.append(Task(Phase.DRAW_ALLY_SET))
    else:
        ids = [s.id for s in content.ally_sets]
        state.ally_set = ids.index(opts.ally_set) if opts.ally_set in ids else 0
    steps += [Task(Phase.FILL_MARKET, slot=i) for i in range(MARKET_SLOTS)]
    steps += [Task(Phase.DEAL_ALL), Task(Phase.PLACE_MARKER)]
    steps += [Task(Phase.CHOOSE_FACTION, s) for s in range(n)]
    for s in range(n):
        steps += [Task(Phase.DRAW_QUEST, s), Task(Phase.DRAW_QUEST, s), Task(Phase.KEEP_QUEST, s)]
    steps += [Task(Phase.DRAW_START_PLAYER), Task(Phase.START_ROUND, round=1)]
    state.tasks = steps[::-1]
    return state


def setup_player(state: WonderlandsWarState, seat: int, faction: int) -> None:
    """W11-W14, W17: a faction's kit, its starting bag (W13) and markers."""
    c = state.content
    f = c.factions[faction]
    rules = c.rules
    p = state.players[seat]
    p.faction = faction
    zeros = [0] * len(c.chips)
    p.bag, p.active, p.exhaust = zeros[:], zeros[:], zeros[:]
    bag = list(f.start_bag)
    if state.opts.two_artifacts:
        bag.append(f.artifact_chip)
    for chip in bag:
        if state.supply[chip] > 0:
            state.supply[chip] -= 1
            p.bag[chip] += 1
    p.on_forge = min(rules.supporters_on_forge_track, rules.supporters)
    p.reserve = rules.supporters - p.on_forge
    p.castles_left = rules.castles
    p.forged = [[] for _ in f.forge_tracks]
    p.shield = True


def _reach(state: WonderlandsWarState, seat: int, full_circle: bool) -> list[int]:
    """W19, W20, W24: carded, unoccupied spaces the leader may stop on, in moving order."""
    c = state.content
    p = state.players[seat]
    size = len(c.spaces)
    step = -1 if c.factions[p.faction].counterclockwise else 1
    out = []
    q = (p.pos + step) % size
    for _ in range(size - 1):
        if q == c.head:
            if not full_circle:
                break
        elif state.table[q] >= 0 and state.occupant[q] < 0:
            out.append(q)
        q = (q + step) % size
    return out


def card_limit(state: WonderlandsWarState) -> int:
    """W26, G3: the tea cards a player may hold this round (``cards_per_tea_party``).  With 2
    players the seed's limit, the ``default`` entry (4), applies like at any table; the
    ``two_player_five_cards`` variant takes the ``"2"`` entry instead (5, a secondary
    summary's reading)."""
    table = state.content.rules.cards_per_tea_party
    if state.n == 2:
        return table.get("2", 5) if state.opts.two_player_five_cards else table.get("default", 4)
    return state.content.card_limit(state.n)


def turn_moves(state: WonderlandsWarState, seat: int, after_head: bool) -> list[int]:
    """W19-W26, G19: a tea turn's choices; ``after_head``: the move on from the Head."""
    p = state.players[seat]
    c = state.content
    limit = card_limit(state)
    regions = [PlaceLeader.first_id + r for r in range(len(c.regions))]
    if len(p.cards) >= limit:
        return regions  # W26
    at_head = p.pos == c.head
    out = []
    for q in _reach(state, seat, at_head or after_head):
        for half in range(len(c.cards[state.table[q]].halves)):
            out.append(Move.first_id + q * CARD_HALVES + half)
    if not after_head and not at_head and not p.passed_head:
        out.append(HEAD)
    return out or regions  # G19


def tea_move(state: WonderlandsWarState, seat: int, action: Move | Head | PlaceLeader) -> None:
    """W19-W26: move the leader and take a card, stop at the head, or go to a region."""
    c = state.content
    p = state.players[seat]
    if p.pos >= 0 and p.pos != c.head:
        state.occupant[p.pos] = -1
    if isinstance(action, Head):  # W24
        p.pos = c.head
        p.passed_head = True
        state.tasks += [
            Task(Phase.TEA_CONTINUE, seat),
            Task(Phase.REFILL),
            Task(Phase.ROLL_DIE, seat),
        ]
        return
    if isinstance(action, Move):
        space, half = action.space, action.half
        p.pos = space
        state.occupant[space] = seat
        card = state.table[space]
        state.table[space] = -1
        p.cards.append(card)
        h = c.cards[card].halves[half]
        state.tasks.append(Task(Phase.NEXT_TURN))
        hook(state, seat, "on_take_card")
        push_fx(state, seat, h.effects)
        if h.shard_die:
            state.tasks.append(Task(Phase.ROLL_DIE, seat))  # W23
        if h.supporters:
            state.tasks.append(Task(Phase.PLACE_SUPPORTERS, seat, left=h.supporters))
        return
    p.pos = -1  # W26 / G19: the leader goes to a region
    p.region = action.region
    state.tasks.append(Task(Phase.NEXT_TURN))


def deal_all(state: WonderlandsWarState, task: Task) -> None:
    """W9, W18: deal the round's deck onto the spaces used with this many players."""
    for space in reversed(state.content.active_spaces(state.n)):
        state.tasks.append(Task(Phase.DEAL_CARD, space=space))


def refill(state: WonderlandsWarState, task: Task) -> None:
    """W24: refill every unoccupied empty space (G19: a dry deck leaves spaces empty)."""
    for space in reversed(state.content.active_spaces(state.n)):
        if state.table[space] < 0 and state.occupant[space] < 0:
            state.tasks.append(Task(Phase.DEAL_CARD, space=space))


def start_round(state: WonderlandsWarState, task: Task) -> None:
    """W2, W18, G17: a round starts; leaders at the Head of the Table."""
    c = state.content
    state.round = task.round
    state.war = False
    state.occupant = [-1] * len(c.spaces)
    for p in state.players:
        p.pos = c.head
        p.region = -1
        p.cards = []
        p.war_bonus = 0
        p.passed_head = False
    seats = [(state.start + i) % state.n for i in range(state.n)]
    if state.opts.order_by_score:
        seats.sort(key=lambda s: score_now(state, s))
    state.order = seats
    state.turn = seats[0]
    state.tasks.append(Task(Phase.TEA_TURN, seats[0]))
    if state.round > 1:
        state.table = [-1] * len(c.spaces)
        state.tasks.append(Task(Phase.DEAL_ALL))


def next_turn(state: WonderlandsWarState, task: Task) -> None:
    """W19, W27: the next leader still at the table moves; none left ends the tea party."""
    state.players[state.turn].passed_head = False
    i = state.order.index(state.turn)
    for k in range(1, state.n + 1):
        seat = state.order[(i + k) % state.n]
        if state.players[seat].pos >= 0:
            state.turn = seat
            state.tasks.append(Task(Phase.TEA_TURN, seat))
            return
    state.tasks.append(Task(Phase.END_TEA))


def end_tea(state: WonderlandsWarState, task: Task) -> None:
    """W29, G20: madness for everyone; the most shards take another and discard half."""
    rules = state.content.rules
    chip = state.content.madness_chip
    for seat in range(state.n):
        gain_chips(state, seat, chip, rules.madness_each_round)
    most = max(p.shards for p in state.players)
    if most > 0:
        for seat, p in enumerate(state.players):
            if p.shards == most:
                gain_chips(state, seat, chip, rules.most_shards_extra_madness)
                p.shards -= (p.shards + 1) // 2 if state.opts.discard_round_up else p.shards // 2
    state.war = True
    regions = len(state.content.regions)
    state.order = [(state.marker + i) % regions for i in range(regions)]  # W30
    state.tasks.append(Task(Phase.NEXT_BATTLE, battle=0))
