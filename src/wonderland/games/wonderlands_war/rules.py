"""The rules of Wonderland's War as functions over ``State`` (clause ids from RULES.md).

``new_game`` builds the set-up stack, ``legal`` lists a seat's choices, ``chance`` the outcomes
of a chance step, ``apply`` checks and plays one action, and ``settle`` runs automatic steps.
"""

from __future__ import annotations

from wonderland.core.errors import IllegalAction
from wonderland.games.wonderlands_war import actions as act
from wonderland.games.wonderlands_war.content import MAX_CHIPS, MAX_DIE_FACES, Content, Fx
from wonderland.games.wonderlands_war.effects import EFFECTS, gain_chips
from wonderland.games.wonderlands_war.state import (
    A_BATTLE,
    A_BATTLE_END,
    A_CLEANUP,
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
    NO_BET,
    OUT,
    S_SHIELD,
    S_STEP,
    S_WAGER,
    SEAT_TASKS,
    SIMULTANEOUS_TASKS,
    WAITING,
    State,
    Task,
)
from wonderland.games.wonderlands_war.tea import (
    deal_all,
    end_tea,
    next_turn,
    refill,
    set_up,
    setup_player,
    start_round,
    tea_move,
    turn_moves,
)
from wonderland.games.wonderlands_war.variants import Options
from wonderland.games.wonderlands_war.war import (
    battle,
    battle_end,
    cannot_draw,
    castle_elsewhere,
    cleanup,
    forge,
    forge_moves,
    place_castle,
    resolve,
    reveal,
    round_award,
    round_end,
    start_draws,
    step,
)

_BASE = act.BASE
_SUP_ALL, _SUP_ONE = _BASE["support_all"], _BASE["support_one"]
_CASTLE, _PICK, _PLACE, _ALLY, _KEEP = (
    _BASE["castle"],
    _BASE["pick_wl"],
    _BASE["place_wl"],
    _BASE["ally"],
    _BASE["keep"],
)
_FACTION, _WAGER = _BASE["faction"], _BASE["wager"]
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


def new_game(content: Content, opts: Options, n: int) -> State:
    """The state at the first decision or chance step of set-up (W4-W16)."""
    st = set_up(content, opts, n)
    settle(st)
    return st


# -- whose move -------------------------------------------------------------------------------


def waiting(st: State) -> frozenset[int]:
    """Seats that still have to make the simultaneous decision on top of the stack."""
    zone = st.wagers if st.tasks[-1][0] == S_WAGER else st.b_choice
    return frozenset(s for s in range(st.n) if zone[s] == WAITING)


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
        return turn_moves(st, seat, False)
    if kind == D_CONTINUE:
        return turn_moves(st, seat, True)
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
        if p.castles_left > 0 or (st.opts.move_castle and castle_elsewhere(st, seat) >= 0):
            out.append(act.AWARD_CASTLE)
        return out
    if kind == D_FORGE:
        return forge_moves(st, seat)
    if kind == D_KEEP:
        return [_KEEP + i for i in range(len(p.pair))]
    if kind == D_FACTION:
        taken = {q.faction for q in st.players}
        return [_FACTION + f for f in range(len(c.factions)) if f not in taken]
    return []


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
            start_draws(st)


def _apply_decision(st: State, task: Task, seat: int, action: int) -> None:
    kind = task[0]
    c = st.content
    p = st.players[seat]
    if kind in (D_TURN, D_CONTINUE):
        tea_move(st, seat, action)
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
            gain_chips(st, seat, wl.chip, wl.chips)
    elif kind == D_WL_PLACE:
        p.figures.append((task[2], action - _PLACE))
    elif kind == D_ALLY:
        gain_chips(st, seat, action - _ALLY, 1)
        if task[2] > 1:
            st.tasks.append((D_ALLY, seat, task[2] - 1))
    elif kind == D_AWARD:
        if action == act.AWARD_VP:
            p.vp_battles += round_award(st)
        else:
            place_castle(st, seat, st.b_region)
    elif kind == D_FORGE:
        if action != act.NO_FORGE:
            forge(st, seat, action)
    elif kind == D_KEEP:
        i = action - _KEEP
        p.quests.append(p.pair[i])
        p.feats.append(False)
        st.quest_deck.extend(q for j, q in enumerate(p.pair) if j != i)
        p.pair = []
    elif kind == D_FACTION:
        setup_player(st, seat, action - _FACTION)


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
                    cannot_draw(st, task[1])
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


def _final(st: State, task: Task) -> None:
    st.final = True


_AUTO = {
    A_FX: _fx,
    A_DEAL_ALL: deal_all,
    A_REFILL: refill,
    A_ROUND: start_round,
    A_NEXT_TURN: next_turn,
    A_END_TEA: end_tea,
    A_BATTLE: battle,
    A_STEP: step,
    A_REVEAL: reveal,
    A_RESOLVE: resolve,
    A_BATTLE_END: battle_end,
    A_CLEANUP: cleanup,
    A_ROUND_END: round_end,
    A_FINAL: _final,
}
