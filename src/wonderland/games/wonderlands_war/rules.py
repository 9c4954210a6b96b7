"""The rules of Wonderland's War as functions over ``State`` (clause ids from RULES.md).

``new_game`` builds the set-up stack, ``legal`` lists a seat's choices, ``chance`` the outcomes
of a chance step, ``apply`` checks and plays one action, and ``settle`` runs automatic steps.
"""

from __future__ import annotations

from wonderland.core.errors import IllegalAction
from wonderland.games.wonderlands_war import actions as act
from wonderland.games.wonderlands_war.content import MAX_CHIPS, MAX_DIE_FACES, Content, Fx
from wonderland.games.wonderlands_war.effects import EFFECTS, FEAT_FNS, OBJECTIVE_FNS
from wonderland.games.wonderlands_war.state import (
    A_BATTLE,
    A_BATTLE_END,
    A_DEAL_ALL,
    A_END_TEA,
    A_FINAL,
    A_FX,
    A_NEXT_TURN,
    A_REFILL,
    A_RESOLVE,
    A_REVEAL,
    A_ROUND,
    A_ROUND_END,
    A_STEP,
    BUST,
    C_ALLYSET,
    C_BAG,
    C_DEAL,
    C_DIE,
    C_MARKER,
    C_MARKET,
    C_QUEST,
    C_START,
    C_TILE,
    CHANCE_TASKS,
    D_ALLY,
    D_AWARD,
    D_CASTLE,
    D_CONTINUE,
    D_FACTION,
    D_FORGE,
    D_KEEP,
    D_SUPPORT,
    D_TURN,
    D_WL_PICK,
    D_WL_PLACE,
    DRAWING,
    HALTED,
    NONE,
    OUT,
    S_SHIELD,
    S_STEP,
    S_WAGER,
    SEAT_TASKS,
    SIMULTANEOUS_TASKS,
    WAITING,
    Player,
    State,
    Task,
)
from wonderland.games.wonderlands_war.variants import Options

A_CLEANUP = 73
NO_BET = 9  # wagers[seat]: decided not to bet
HIDDEN = -3  # a simultaneous choice that the viewer may not see

_BASE = act.BASE
_MOVE, _LEADER, _SUP_ALL, _SUP_ONE = (
    _BASE["move"],
    _BASE["leader"],
    _BASE["support_all"],
    _BASE["support_one"],
)
_CASTLE, _PICK, _PLACE, _ALLY, _KEEP = (
    _BASE["castle"],
    _BASE["pick_wl"],
    _BASE["place_wl"],
    _BASE["ally"],
    _BASE["keep"],
)
_FACTION, _FORGE, _WAGER = _BASE["faction"], _BASE["forge"], _BASE["wager"]
_TILE, _ASET, _WL, _CARD, _QUEST = (
    _BASE["tile"],
    _BASE["ally_set"],
    _BASE["wl"],
    _BASE["card"],
    _BASE["quest"],
)
_START, _DIE, _CHIP = _BASE["start"], _BASE["die"], _BASE["chip"]
_NCHIPS = MAX_CHIPS
_NFACES = MAX_DIE_FACES

# the clause that governs each decision (named in every rejection)
CLAUSE = {
    C_TILE: "W4",
    C_ALLYSET: "W5",
    C_MARKET: "W6",
    C_DEAL: "W9",
    C_MARKER: "W10",
    C_QUEST: "W15",
    C_START: "W16",
    C_DIE: "W24",
    C_BAG: "W33",
    D_FACTION: "W11",
    D_KEEP: "W15",
    D_TURN: "W19",
    D_CONTINUE: "W24",
    D_SUPPORT: "W21",
    D_CASTLE: "W21",
    D_WL_PICK: "W28",
    D_WL_PLACE: "W28",
    D_ALLY: "W21",
    D_AWARD: "W44",
    D_FORGE: "W40",
    S_STEP: "W39",
    S_SHIELD: "W36",
    S_WAGER: "W48",
}


# -- setting up -------------------------------------------------------------------------------


def new_game(content: Content, opts: Options, n: int) -> State:
    """The state before set-up: every set-up step waits on the task stack (W4-W16)."""
    regions = len(content.regions)
    st = State(
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
    steps: list[Task] = [(C_TILE, r) for r in range(regions)]
    if opts.ally_set == "random":
        steps.append((C_ALLYSET,))
    else:
        ids = [s.id for s in content.ally_sets]
        st.ally_set = ids.index(opts.ally_set) if opts.ally_set in ids else 0
    steps += [(C_MARKET, i) for i in range(3)]
    steps += [(A_DEAL_ALL,), (C_MARKER,)]
    steps += [(D_FACTION, s) for s in range(n)]
    for s in range(n):
        steps += [(C_QUEST, s), (C_QUEST, s), (D_KEEP, s)]
    steps += [(C_START,), (A_ROUND, 1)]
    st.tasks = steps[::-1]
    settle(st)
    return st


def _setup_player(st: State, seat: int, faction: int) -> None:
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


# -- whose move -------------------------------------------------------------------------------


def waiting(st: State) -> frozenset[int]:
    """Seats that still have to make the simultaneous decision on top of the stack."""
    zone = st.wagers if st.tasks[-1][0] == S_WAGER else st.b_choice
    return frozenset(s for s in range(st.n) if zone[s] == WAITING)


# -- choices ----------------------------------------------------------------------------------


def _reach(st: State, seat: int, full_circle: bool) -> list[int]:
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


def _turn_moves(st: State, seat: int, after_head: bool) -> list[int]:
    p = st.players[seat]
    c = st.content
    limit = c.card_limit(st.n)
    if st.n == 2 and st.opts.two_player_four_cards:
        limit = c.card_limit(3)
    regions = [_LEADER + r for r in range(len(c.regions))]
    if len(p.cards) >= limit:
        return regions  # W26
    at_head = p.pos == c.head
    out = []
    for q in _reach(st, seat, at_head or after_head):
        for half in range(len(c.cards[st.table[q]].halves)):
            out.append(_MOVE + q * 2 + half)
    if not after_head and not at_head and not p.passed_head:
        out.append(act.HEAD)
    return out or regions  # G19


def legal(st: State, seat: int) -> list[int]:
    """The action ids ``seat`` may take now."""
    if not st.tasks:
        return []
    task = st.tasks[-1]
    kind = task[0]
    if kind in SIMULTANEOUS_TASKS:
        if kind == S_WAGER:
            if st.wagers[seat] != WAITING:
                return []
            return [_WAGER + s for s in range(st.n) if st.b_status[s] != OUT] + [act.NO_WAGER]
        if st.b_choice[seat] != WAITING:
            return []
        return [act.DRAW, act.STOP] if kind == S_STEP else [act.SHIELD, act.ACCEPT]
    if kind not in SEAT_TASKS or task[1] != seat:
        return []
    c = st.content
    p = st.players[seat]
    regions = len(c.regions)
    if kind == D_TURN:
        return _turn_moves(st, seat, False)
    if kind == D_CONTINUE:
        return _turn_moves(st, seat, True)
    if kind == D_SUPPORT:
        if p.reserve <= 0:
            return []
        out = [_SUP_ALL + r for r in range(regions)]
        if c.factions[p.faction].split_supporters and min(task[2], p.reserve) > 1:
            out += [_SUP_ONE + r for r in range(regions)]  # W22
        return out
    if kind == D_CASTLE:
        return [_CASTLE + r for r in range(regions)] if p.castles_left > 0 else []
    if kind == D_WL_PICK:
        return [_PICK + i for i, w in enumerate(st.market) if w >= 0]
    if kind == D_WL_PLACE:
        return [_PLACE + r for r in range(regions)]
    if kind == D_ALLY:
        if st.ally_set < 0:
            return []
        return [_ALLY + ch for ch in c.ally_sets[st.ally_set].chips if st.supply[ch] > 0]
    if kind == D_AWARD:
        out = [act.AWARD_VP]
        if p.castles_left > 0 or (st.opts.move_castle and _castle_elsewhere(st, seat) >= 0):
            out.append(act.AWARD_CASTLE)
        return out
    if kind == D_FORGE:
        return _forge_moves(st, seat)
    if kind == D_KEEP:
        return [_KEEP + i for i in range(len(p.pair))]
    if kind == D_FACTION:
        taken = {q.faction for q in st.players}
        return [_FACTION + f for f in range(len(c.factions)) if f not in taken]
    return []


def _forge_moves(st: State, seat: int) -> list[int]:
    """W40: forge one chip drawn in this battle onto a free slot of a forge track."""
    p = st.players[seat]
    c = st.content
    tracks = c.factions[p.faction].forge_tracks
    out = []
    for t, track in enumerate(tracks):
        if len(p.forged[t]) >= len(track.slots):
            continue
        for chip, count in enumerate(p.active):
            if count and c.chips[chip].kind != "madness":
                out.append(_FORGE + t * _NCHIPS + chip)
    if out:
        out.append(act.NO_FORGE)
    return out


def chance(st: State) -> list[tuple[int, float]]:
    """Outcomes of the chance step on top of the stack, with probabilities summing to 1."""
    task = st.tasks[-1]
    kind = task[0]
    if kind == C_BAG:
        bag = st.players[task[1]].bag
        total = sum(bag)
        base = _CHIP + task[1] * _NCHIPS
        return [(base + chip, k / total) for chip, k in enumerate(bag) if k]
    if kind == C_DIE:
        faces = st.content.die_faces
        base = _DIE + task[1] * _NFACES
        return [(base + i, 1 / len(faces)) for i in range(len(faces))]
    pool = _pool(st, task)
    return [(a, 1 / len(pool)) for a in pool]


def _pool(st: State, task: Task) -> list[int]:
    kind = task[0]
    if kind == C_DEAL:
        return [_CARD + card for card in st.decks[st.round - 1]]
    if kind in (C_QUEST, C_MARKER):
        return [_QUEST + q for q in st.quest_deck]
    if kind == C_MARKET:
        return [_WL + w for w in st.wl_deck]
    if kind == C_TILE:
        used = set(st.tiles)
        return [_TILE + t for t in range(len(st.content.tiles)) if t not in used]
    if kind == C_ALLYSET:
        return [_ASET + k for k in range(len(st.content.ally_sets))]
    if kind == C_START:
        return [_START + s for s in range(st.n)]
    return []


def _chance_empty(st: State, task: Task) -> bool:
    kind = task[0]
    if kind == C_BAG:
        return not any(st.players[task[1]].bag)
    if kind == C_DIE:
        return False
    return not _pool(st, task)


# -- applying ---------------------------------------------------------------------------------


def _reject(st: State, actor: int, action: int, why: str) -> IllegalAction:
    rule = CLAUSE.get(st.tasks[-1][0], "W2") if st.tasks else "W52"
    return IllegalAction(rule, why)


def check(st: State, actor: int, action: int) -> None:
    """Raise IllegalAction (with the governing clause) unless ``actor`` may take ``action``."""
    if not st.tasks:
        raise IllegalAction("W52", "the game is over (W52): no more actions")
    kind = st.tasks[-1][0]
    if kind in CHANCE_TASKS:
        if actor != -1:
            raise _reject(st, actor, action, f"seat {actor} cannot act: a chance step is due")
        if not any(a == action for a, _ in chance(st)):
            raise _reject(st, actor, action, f"{_name(action)} is not an outcome of this step")
        return
    if actor < 0 or actor >= st.n:
        raise _reject(st, actor, action, f"it is a seat's decision, not actor {actor}'s")
    options = legal(st, actor)
    if not options:
        raise _reject(st, actor, action, f"seat {actor} has nothing to decide now")
    if action not in options:
        listed = ", ".join(_name(a) for a in options[:12])
        more = " ..." if len(options) > 12 else ""
        raise _reject(
            st,
            actor,
            action,
            f"seat {actor} cannot {_name(action)} now; choices: {listed}{more}",
        )


def _name(action: int) -> str:
    try:
        return act.to_text(action)
    except ValueError:
        return f"action {action}"


def apply(st: State, actor: int, action: int) -> None:
    """Check, then play ``action`` by ``actor`` (a seat, or -1 for chance) and settle."""
    check(st, actor, action)
    task = st.tasks[-1]
    kind = task[0]
    if kind in CHANCE_TASKS:
        st.tasks.pop()
        _apply_chance(st, task, action)
    elif kind in SIMULTANEOUS_TASKS:
        st.decisions += 1
        _apply_simultaneous(st, kind, actor, action)
    else:
        st.decisions += 1
        st.tasks.pop()
        _apply_decision(st, task, actor, action)
    settle(st)


def _apply_chance(st: State, task: Task, action: int) -> None:
    kind = task[0]
    c = st.content
    if kind == C_BAG:
        seat = task[1]
        chip = action - _CHIP - seat * _NCHIPS
        st.players[seat].bag[chip] -= 1
        st.b_drawn[seat] = chip
    elif kind == C_DIE:
        seat = task[1]
        st.players[seat].shards += c.die_faces[action - _DIE - seat * _NFACES]  # W24
    elif kind == C_DEAL:
        card = action - _CARD
        st.decks[st.round - 1].remove(card)
        st.table[task[1]] = card
    elif kind == C_MARKER:
        st.marker = c.quests[action - _QUEST].region  # W10: the quest goes back
    elif kind == C_QUEST:
        q = action - _QUEST
        st.quest_deck.remove(q)
        st.players[task[1]].pair.append(q)
    elif kind == C_MARKET:
        w = action - _WL
        st.wl_deck.remove(w)
        st.market[task[1]] = w
    elif kind == C_TILE:
        st.tiles[task[1]] = action - _TILE
    elif kind == C_ALLYSET:
        st.ally_set = action - _ASET
    elif kind == C_START:
        start = action - _START
        st.start = start
        for i in range(st.n):  # W16, G21
            st.players[(start + i) % st.n].shards += max(0, c.rules.start_shards[i])


def _apply_simultaneous(st: State, kind: int, seat: int, action: int) -> None:
    if kind == S_WAGER:
        st.wagers[seat] = NO_BET if action == act.NO_WAGER else action - _WAGER
        if WAITING not in st.wagers:
            st.tasks.pop()
        return
    st.b_choice[seat] = action
    if WAITING not in st.b_choice:
        st.tasks.pop()
        if kind == S_STEP:
            _start_draws(st)


def _apply_decision(st: State, task: Task, seat: int, action: int) -> None:
    kind = task[0]
    c = st.content
    p = st.players[seat]
    if kind in (D_TURN, D_CONTINUE):
        _tea_move(st, seat, action)
    elif kind == D_SUPPORT:
        left = min(task[2], p.reserve)
        if action >= _SUP_ONE:
            st.supporters[action - _SUP_ONE][seat] += 1
            p.reserve -= 1
            if left > 1:
                st.tasks.append((D_SUPPORT, seat, left - 1))
        else:
            st.supporters[action - _SUP_ALL][seat] += left
            p.reserve -= left
    elif kind == D_CASTLE:
        st.castles[action - _CASTLE][seat] += 1
        p.castles_left -= 1
    elif kind == D_WL_PICK:
        slot = action - _PICK
        w = st.market[slot]
        st.market[slot] = -1
        p.retinue.append(w)
        st.tasks.append((C_MARKET, slot))
        wl = c.wonderlandians[w]
        if wl.figure:
            st.tasks.append((D_WL_PLACE, seat, w))
        else:
            _gain(st, seat, wl.chip, wl.chips)
    elif kind == D_WL_PLACE:
        p.figures.append((task[2], action - _PLACE))
    elif kind == D_ALLY:
        _gain(st, seat, action - _ALLY, 1)
        if task[2] > 1:
            st.tasks.append((D_ALLY, seat, task[2] - 1))
    elif kind == D_AWARD:
        if action == act.AWARD_VP:
            p.vp_battles += _award(st)
        else:
            _place_castle(st, seat, st.b_region)
    elif kind == D_FORGE:
        if action != act.NO_FORGE:
            _forge(st, seat, action)
    elif kind == D_KEEP:
        i = action - _KEEP
        p.quests.append(p.pair[i])
        p.feats.append(False)
        st.quest_deck.extend(q for j, q in enumerate(p.pair) if j != i)
        p.pair = []
    elif kind == D_FACTION:
        _setup_player(st, seat, action - _FACTION)


def _gain(st: State, seat: int, chip: int, n: int) -> None:
    got = min(n, st.supply[chip])
    st.supply[chip] -= got
    st.players[seat].bag[chip] += got


def _push_fx(st: State, seat: int, effects: tuple[Fx, ...]) -> None:
    for fx in reversed(effects):
        st.tasks.append((A_FX, seat, fx))


def _hook(st: State, seat: int, hook: str) -> None:
    """Push the effects of ``seat``'s unlocked abilities that act at ``hook``."""
    p = st.players[seat]
    for ability in reversed(st.content.factions[p.faction].abilities[: p.unlocked]):
        if ability.hook == hook:
            _push_fx(st, seat, ability.effects)


def _tea_move(st: State, seat: int, action: int) -> None:
    """W19-W26: move the leader and take a card, stop at the head, or go to a region."""
    c = st.content
    p = st.players[seat]
    if p.pos >= 0 and p.pos != c.head:
        st.occupant[p.pos] = -1
    if action == act.HEAD:  # W24
        p.pos = c.head
        p.passed_head = True
        st.tasks += [(D_CONTINUE, seat), (A_REFILL,), (C_DIE, seat)]
        return
    if action < _MOVE + 2 * len(c.spaces):
        space, half = divmod(action - _MOVE, 2)
        p.pos = space
        st.occupant[space] = seat
        card = st.table[space]
        st.table[space] = -1
        p.cards.append(card)
        h = c.cards[card].halves[half]
        st.tasks.append((A_NEXT_TURN,))
        _hook(st, seat, "on_take_card")
        _push_fx(st, seat, h.effects)
        if h.shard_die:
            st.tasks.append((C_DIE, seat))  # W23
        if h.supporters:
            st.tasks.append((D_SUPPORT, seat, h.supporters))
        return
    p.pos = -1  # W26 / G19: the leader goes to a region
    p.region = action - _LEADER
    st.tasks.append((A_NEXT_TURN,))


def _forge(st: State, seat: int, action: int) -> None:
    p = st.players[seat]
    t, chip = divmod(action - _FORGE, _NCHIPS)
    track = st.content.factions[p.faction].forge_tracks[t]
    p.active[chip] -= 1
    slot = len(p.forged[t])
    p.forged[t].append(chip)
    if len(p.forged[t]) == len(track.slots):
        _push_fx(st, seat, track.on_complete)
    _push_fx(st, seat, track.slots[slot])


def _castle_elsewhere(st: State, seat: int) -> int:
    for r, row in enumerate(st.castles):
        if row[seat] and r != st.b_region:
            return r
    return -1


def _place_castle(st: State, seat: int, region: int) -> None:
    """W43, G7: place a castle; without one left, move one only under the variant."""
    p = st.players[seat]
    if p.castles_left > 0:
        p.castles_left -= 1
        st.castles[region][seat] += 1
    elif st.opts.move_castle:
        other = _castle_elsewhere(st, seat)
        if other >= 0:
            st.castles[other][seat] -= 1
            st.castles[region][seat] += 1


def _award(st: State) -> int:
    return st.content.tiles[st.tiles[st.b_region]][st.round - 1]


# -- automatic steps --------------------------------------------------------------------------


def settle(st: State) -> None:
    """Run automatic steps; skip chance steps with no outcome and decisions with no choice."""
    tasks = st.tasks
    while tasks:
        task = tasks[-1]
        kind = task[0]
        if kind in CHANCE_TASKS:
            if _chance_empty(st, task):
                tasks.pop()
                if kind == C_BAG:
                    _cannot_draw(st, task[1])
                continue
            return
        if kind in SEAT_TASKS:
            if legal(st, task[1]):
                return
            tasks.pop()
            continue
        if kind in SIMULTANEOUS_TASKS:
            return
        tasks.pop()
        _AUTO[kind](st, task)


def _fx(st: State, task: Task) -> None:
    fx: Fx = task[2]
    EFFECTS[fx.effect](st, task[1], fx)


def _deal_all(st: State, task: Task) -> None:
    """W9, W18: deal the round's deck onto the spaces used with this many players."""
    for space in reversed(st.content.active_spaces(st.n)):
        st.tasks.append((C_DEAL, space))


def _refill(st: State, task: Task) -> None:
    """W24: refill every unoccupied empty space (G19: a dry deck leaves spaces empty)."""
    for space in reversed(st.content.active_spaces(st.n)):
        if st.table[space] < 0 and st.occupant[space] < 0:
            st.tasks.append((C_DEAL, space))


def _round(st: State, task: Task) -> None:
    """W2, W18, G17: a round starts; leaders at the Head of the Table."""
    c = st.content
    st.round = task[1]
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
        seats.sort(key=lambda s: _score_now(st, s))
    st.order = seats
    st.turn = seats[0]
    st.tasks.append((D_TURN, seats[0]))
    if st.round > 1:
        st.table = [-1] * len(c.spaces)
        st.tasks.append((A_DEAL_ALL,))


def _next_turn(st: State, task: Task) -> None:
    """W19, W27: the next leader still at the table moves; none left ends the tea party."""
    st.players[st.turn].passed_head = False
    i = st.order.index(st.turn)
    for k in range(1, st.n + 1):
        seat = st.order[(i + k) % st.n]
        if st.players[seat].pos >= 0:
            st.turn = seat
            st.tasks.append((D_TURN, seat))
            return
    st.tasks.append((A_END_TEA,))


def _end_tea(st: State, task: Task) -> None:
    """W29, G20: madness for everyone; the most shards take another and discard half."""
    rules = st.content.rules
    chip = st.content.madness_chip
    for seat in range(st.n):
        _gain(st, seat, chip, rules.madness_each_round)
    most = max(p.shards for p in st.players)
    if most > 0:
        for seat, p in enumerate(st.players):
            if p.shards == most:
                _gain(st, seat, chip, rules.most_shards_extra_madness)
                p.shards -= (p.shards + 1) // 2 if st.opts.discard_round_up else p.shards // 2
    st.war = True
    regions = len(st.content.regions)
    st.order = [(st.marker + i) % regions for i in range(regions)]  # W30
    st.tasks.append((A_BATTLE, 0))


def units(st: State, seat: int, region: int) -> int:
    """Units of ``seat`` in ``region``: supporters, the leader and Wonderlandian figures."""
    p = st.players[seat]
    return (
        st.supporters[region][seat]
        + (p.region == region)
        + sum(1 for _, r in p.figures if r == region)
    )


def starting_strength(st: State, seat: int, region: int) -> int:
    """W31: leader (where it stands), figures, card bonuses, castles (G23)."""
    c = st.content
    p = st.players[seat]
    f = c.factions[p.faction]
    total = sum(c.wonderlandians[w].strength for w, r in p.figures if r == region)
    if p.region == region:
        total += f.leader_strength[p.leader_level] + p.war_bonus
    if st.opts.castle_strength:
        total += st.castles[region][seat] * c.rules.castle_battle_strength
    return total


def _battle(st: State, task: Task) -> None:
    """W30: the next battle in order; W45 uncontested; W48 wagers."""
    index = task[1]
    if index >= len(st.order):
        st.tasks.append((A_ROUND_END,))
        return
    region = st.order[index]
    st.tasks.append((A_BATTLE, index + 1))
    fighters = [s for s in range(st.n) if units(st, s, region) > 0]
    if not fighters:
        return
    st.b_region = region
    st.b_winner = -1
    st.b_first = []
    for s in range(st.n):
        st.b_status[s] = OUT
        st.b_strength[s] = 0
        st.b_choice[s] = NONE
        st.b_drawn[s] = -1
        st.b_forge[s] = 0
        st.wagers[s] = NONE
    for s in fighters:
        st.b_status[s] = DRAWING
        st.b_strength[s] = starting_strength(st, s, region)
        st.players[s].battles += 1
    st.tasks.append((A_BATTLE_END,))
    lone = len(fighters) == 1
    if lone and not st.opts.resistance:
        st.b_status[fighters[0]] = HALTED
    else:
        st.tasks.append((A_STEP, 0))
        for s in reversed(fighters):
            _hook(st, s, "battle_start")
    if st.opts.wagers and not lone:
        bettors = [s for s in range(st.n) if st.b_status[s] == OUT]
        if bettors:
            for s in bettors:
                st.wagers[s] = WAITING
            st.tasks.append((S_WAGER,))


def _highest_other(st: State, seat: int) -> int:
    best = st.opts.resistance if st.opts.resistance else -1
    for s in range(st.n):
        if s != seat and st.b_status[s] in (DRAWING, HALTED):
            best = max(best, st.b_strength[s])
    return best


def _battle_over(st: State) -> bool:
    """W41, W42, G13: 25 strength, nobody drawing, or a lone drawer already ahead."""
    goal = st.content.rules.auto_win_strength
    drawing = []
    for s in range(st.n):
        status = st.b_status[s]
        if status in (DRAWING, HALTED) and st.b_strength[s] >= goal:
            return True
        if status == DRAWING:
            drawing.append(s)
    if not drawing:
        return True
    if len(drawing) == 1 and not st.opts.draw_until_halt:
        s = drawing[0]
        return st.b_strength[s] > _highest_other(st, s)
    return False


def _step(st: State, task: Task) -> None:
    """W33, W39, G12, G15: everyone still drawing draws or stops, together."""
    if _battle_over(st):
        return
    first = task[1] == 0 and not st.opts.halt_anytime
    st.tasks.append((A_STEP, task[1] + 1))
    asked = False
    for s in range(st.n):
        if st.b_status[s] != DRAWING:
            continue
        if not any(st.players[s].bag) and not _empty_bag_reset(st, s):
            _halt(st, s)
            continue
        if first:
            st.b_choice[s] = act.DRAW
        else:
            st.b_choice[s] = WAITING
            asked = True
    if asked:
        st.tasks.append((S_STEP,))
    else:
        _start_draws(st)


def _empty_bag_reset(st: State, seat: int) -> bool:
    """G15 variant: an empty bag takes back the exhausted chips."""
    if not st.opts.empty_bag_resets:
        return False
    p = st.players[seat]
    if not any(p.exhaust):
        return False
    for chip, k in enumerate(p.exhaust):
        p.bag[chip] += k
        p.exhaust[chip] = 0
    return True


def _start_draws(st: State) -> None:
    """Apply the step's choices: halts now, then one chance draw per drawing seat."""
    draws = []
    for s in range(st.n):
        choice = st.b_choice[s]
        if choice == act.STOP:
            _halt(st, s)
        elif choice == act.DRAW:
            draws.append(s)
        st.b_choice[s] = NONE
    if draws:
        st.tasks.append((A_REVEAL,))
        for s in reversed(draws):
            st.tasks.append((C_BAG, s))


def _halt(st: State, seat: int) -> None:
    """W39, W40: halting keeps the strength; a battle-track forge icon grants a forge."""
    st.b_status[seat] = HALTED
    if st.b_strength[seat] in st.content.rules.battle_track_forge_icons:
        st.b_forge[seat] += 1
    _hook(st, seat, "on_halt")


def _cannot_draw(st: State, seat: int) -> None:
    """G15: a bag that is empty when a draw is due halts its owner."""
    if st.b_status[seat] == DRAWING:
        _halt(st, seat)


def _reveal(st: State, task: Task) -> None:
    """W36: a drawn madness chip with a ready shield: its owner may use the shield."""
    chips = st.content.chips
    st.tasks.append((A_RESOLVE,))
    asked = False
    for s in range(st.n):
        chip = st.b_drawn[s]
        if chip >= 0 and chips[chip].kind == "madness" and st.players[s].shield:
            st.b_choice[s] = WAITING
            asked = True
    if asked:
        st.tasks.append((S_SHIELD,))


def _resolve(st: State, task: Task) -> None:
    """W33-W38: resolve each drawn chip in seat order; shield and reset redraws."""
    c = st.content
    redraw = []
    for s in range(st.n):
        chip = st.b_drawn[s]
        if chip < 0:
            continue
        st.b_drawn[s] = -1
        choice = st.b_choice[s]
        st.b_choice[s] = NONE
        p = st.players[s]
        cdef = c.chips[chip]
        if cdef.kind != "madness":
            p.active[chip] += 1
            st.b_strength[s] += cdef.strength
            for fx in cdef.on_draw:
                EFFECTS[fx.effect](st, s, fx)
            continue
        if choice == act.SHIELD:
            p.shield = False
            if not st.opts.shield_loss_only:
                p.bag[chip] += 1  # W36: back into the bag, draw again
                redraw.append(s)
                continue
            p.track.append(chip)  # G10 variant: on the track, no supporter lost
        else:
            p.track.append(chip)  # W34
            region = st.b_region
            lost = min(cdef.supporters_lost, st.supporters[region][s])
            st.supporters[region][s] -= lost
            p.reserve += lost
            if st.supporters[region][s] == 0 and not (
                st.opts.bust_all_units and units(st, s, region) > 0
            ):
                _bust(st, s)  # W35
        if len(p.track) >= c.factions[p.faction].madness_slots:  # W38, G11
            for m in p.track:
                p.bag[m] += 1
            p.track = []
            for k, count in enumerate(p.exhaust):
                if count:
                    p.bag[k] += count
                    p.exhaust[k] = 0
            if st.b_status[s] == DRAWING and not st.opts.no_reset_draw:
                redraw.append(s)
    if redraw:
        st.tasks.append((A_REVEAL,))
        for s in reversed(redraw):
            st.tasks.append((C_BAG, s))


def _bust(st: State, seat: int) -> None:
    """W35, W37: out of the battle at strength 0; drawn chips exhausted; shield ready."""
    p = st.players[seat]
    st.b_status[seat] = BUST
    st.b_strength[seat] = 0
    for chip, k in enumerate(p.active):
        if k:
            p.exhaust[chip] += k
            p.active[chip] = 0
    p.shield = True
    p.busts += 1
    _hook(st, seat, "on_bust")


def _half(st: State, award: int) -> int:
    return (award + 1) // 2 if st.opts.half_round_up else award // 2  # G4


def _battle_end(st: State, task: Task) -> None:
    """W43-W48: awards, quests' feats, abilities, forging and wagers."""
    region = st.b_region
    fighters = [s for s in range(st.n) if st.b_status[s] != OUT]
    alive = [s for s in fighters if st.b_status[s] != BUST]
    award = _award(st)
    st.tasks.append((A_CLEANUP,))
    uncontested = len(fighters) == 1
    firsts: list[int] = []
    decide: list[int] = []
    if uncontested and alive:  # W45, G25
        s = alive[0]
        if not st.opts.resistance or st.b_strength[s] >= st.opts.resistance:
            firsts = [s]
            decide = [s]
    elif alive:
        top = max(st.b_strength[s] for s in alive)
        firsts = [s for s in alive if st.b_strength[s] == top]
        rest = [s for s in alive if st.b_strength[s] < top]
        if len(firsts) == 1:  # W43
            w = firsts[0]
            st.players[w].vp_battles += award
            _place_castle(st, w, region)
        else:  # W44, G6
            decide = firsts
        if rest and (len(firsts) == 1 or st.opts.next_best_half):
            second = max(st.b_strength[s] for s in rest)
            seconds = [s for s in rest if st.b_strength[s] == second]
            half = _half(st, award)
            if len(seconds) > 1 and st.opts.tied_second_nothing:  # G5
                half = 0
            elif len(seconds) > 1 and st.opts.split_half:
                half = half // len(seconds)
            for s in seconds:
                st.players[s].vp_battles += half
    st.b_first = firsts
    st.log.append((st.round, region, tuple(st.b_strength), tuple(st.b_status), tuple(firsts)))
    # W46 order: quests, abilities, forging, wagers (wagers settle at once: no choices)
    if st.opts.wagers:
        _settle_wagers(st, firsts)
    for s in reversed(fighters):
        if st.b_forge[s] and any(st.players[s].active):
            for _ in range(st.b_forge[s]):
                st.tasks.append((D_FORGE, s))
    for s in reversed(firsts):
        _hook(st, s, "on_win")
    for s in fighters:
        _feat(st, s, s in firsts, uncontested)
    for s in reversed(decide):
        if st.players[s].castles_left > 0 or st.opts.move_castle:
            st.tasks.append((D_AWARD, s))
        else:
            st.players[s].vp_battles += award  # G7: no castle left, the award only


def _feat(st: State, seat: int, won: bool, uncontested: bool) -> None:
    """W46, W50: at most one quest feat per battle."""
    p = st.players[seat]
    c = st.content
    for i, q in enumerate(p.quests):
        if p.feats[i]:
            continue
        feat = c.quests[q].feat
        if FEAT_FNS[feat.type](st, seat, feat, won, uncontested):
            p.feats[i] = True
            return


def _settle_wagers(st: State, firsts: list[int]) -> None:
    """W48: a right bet gains the weak ally chip, a wrong one a shard."""
    weak = st.content.ally_sets[st.ally_set].weak if st.ally_set >= 0 else -1
    for s in range(st.n):
        bet = st.wagers[s]
        if bet >= 0 and bet != NO_BET:
            if bet in firsts:
                if weak >= 0:
                    _gain(st, s, weak, 1)
            else:
                st.players[s].shards += st.content.rules.wager_shard_penalty
        st.wagers[s] = NONE


def _cleanup(st: State, task: Task) -> None:
    """W47, G14: the chips drawn in the battle go to the exhaust pile."""
    for s in range(st.n):
        p = st.players[s]
        if st.b_status[s] != OUT:
            target = p.bag if st.opts.active_to_bag else p.exhaust
            for chip, k in enumerate(p.active):
                if k:
                    target[chip] += k
                    p.active[chip] = 0
        st.b_status[s] = OUT
        st.b_strength[s] = 0
        st.b_forge[s] = 0
        st.b_choice[s] = NONE
    st.b_region = -1


def _round_end(st: State, task: Task) -> None:
    """W2, W52, G16, G18: clear the table; leaders and supporters go home before next round."""
    c = st.content
    st.table = [-1] * len(c.spaces)
    st.occupant = [-1] * len(c.spaces)
    if st.round >= c.rules.rounds:
        st.tasks.append((A_FINAL,))
    else:
        st.tasks.append((A_ROUND, st.round + 1))
        if st.opts.token_advances:
            st.marker = (st.marker + 1) % len(c.regions)
        for s, p in enumerate(st.players):
            p.region = -1
            if not st.opts.supporters_persist:
                for row in st.supporters:
                    p.reserve += row[s]
                    row[s] = 0
    for s in reversed(range(st.n)):
        _hook(st, s, "round_end")


def _final(st: State, task: Task) -> None:
    st.final = True


_AUTO = {
    A_FX: _fx,
    A_DEAL_ALL: _deal_all,
    A_REFILL: _refill,
    A_ROUND: _round,
    A_NEXT_TURN: _next_turn,
    A_END_TEA: _end_tea,
    A_BATTLE: _battle,
    A_STEP: _step,
    A_REVEAL: _reveal,
    A_RESOLVE: _resolve,
    A_BATTLE_END: _battle_end,
    A_CLEANUP: _cleanup,
    A_ROUND_END: _round_end,
    A_FINAL: _final,
}


# -- scoring ----------------------------------------------------------------------------------


def quest_points(st: State, seat: int) -> int:
    """W50, W51, G1: each achieved part scores; a completed quest doubles (or 3/3/9)."""
    p = st.players[seat]
    c = st.content
    total = 0
    for i, q in enumerate(p.quests):
        if q < 0:
            continue
        quest = c.quests[q]
        feat = p.feats[i]
        obj = OBJECTIVE_FNS[quest.objective.type](st, seat, quest.objective)
        if st.opts.quest_3_3_9:
            total += 9 if feat and obj else 3 * (feat + obj)
        else:
            part = quest.feat_points * feat + quest.objective_points * obj
            total += 2 * part if feat and obj else part
    return total


def score_parts(st: State, seat: int) -> dict[str, int]:
    """W53: the final score by source."""
    p = st.players[seat]
    c = st.content
    if p.faction < 0:
        return {"battles": 0, "other": 0, "castles": 0, "quests": 0, "shards": 0, "total": 0}
    castle_vp = c.factions[p.faction].castle_values[p.castle_level]
    parts = {
        "battles": p.vp_battles,
        "other": p.vp_other,
        "castles": castle_vp * sum(row[seat] for row in st.castles),
        "quests": quest_points(st, seat),
        "shards": c.rules.shard_vp * p.shards,
    }
    parts["total"] = sum(parts.values())
    return parts


def _score_now(st: State, seat: int) -> int:
    return score_parts(st, seat)["total"]


def ranking_key(st: State, seat: int) -> tuple[int, int, int]:
    """W54: score, then fewest shards, then most units on the board."""
    on_board = sum(units(st, seat, r) for r in range(len(st.content.regions)))
    return (_score_now(st, seat), -st.players[seat].shards, on_board)


def winners(st: State) -> tuple[int, ...]:
    """The seats with the best ranking key (a shared win when still tied)."""
    keys = [ranking_key(st, s) for s in range(st.n)]
    best = max(keys)
    return tuple(s for s in range(st.n) if keys[s] == best)


# -- conservation -----------------------------------------------------------------------------


def invariants(st: State) -> list[str]:
    """Chips, supporters and castles are all accounted for; no count is negative."""
    c = st.content
    out = []
    totals = st.supply[:]
    for s, p in enumerate(st.players):
        if p.faction < 0:
            continue
        for zone in (p.bag, p.active, p.exhaust):
            for chip, k in enumerate(zone):
                if k < 0:
                    out.append(f"seat {s}: negative count of {c.chips[chip].id}")
                totals[chip] += k
        for chip in p.track:
            totals[chip] += 1
        for track in p.forged:
            for chip in track:
                totals[chip] += 1
        if st.b_drawn[s] >= 0:
            totals[st.b_drawn[s]] += 1
        sup = p.reserve + p.on_forge + sum(row[s] for row in st.supporters)
        if sup != c.rules.supporters or p.reserve < 0:
            out.append(f"seat {s}: {sup} supporters accounted for, not {c.rules.supporters}")
        castles = p.castles_left + sum(row[s] for row in st.castles)
        if castles != c.rules.castles or p.castles_left < 0:
            out.append(f"seat {s}: {castles} castles accounted for, not {c.rules.castles}")
        if len(p.track) >= c.factions[p.faction].madness_slots:
            out.append(f"seat {s}: madness track over-full")
    for chip, total in enumerate(totals):
        if total != c.chips[chip].count:
            out.append(f"chip {c.chips[chip].id}: {total} accounted for, not {c.chips[chip].count}")
    return out
