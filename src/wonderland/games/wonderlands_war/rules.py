"""The rules of Wonderland's War as functions over the state (clause ids from RULES.md).

``new_game`` builds the set-up stack, ``legal`` lists a seat's choices, ``chance`` the outcomes
of a chance step, ``apply`` checks and plays one action, and ``settle`` runs automatic steps
(the flow of phases: ``state.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from wonderland.core.errors import IllegalAction
from wonderland.games.wonderlands_war import actions as act
from wonderland.games.wonderlands_war.capacity import MAX_CHIPS, MAX_DIE_FACES
from wonderland.games.wonderlands_war.content import Content
from wonderland.games.wonderlands_war.effects import EFFECTS, gain_chips
from wonderland.games.wonderlands_war.state import (
    CHANCE_PHASES,
    NO_BET,
    OUT,
    SEAT_PHASES,
    SIMULTANEOUS_PHASES,
    WAITING,
    Phase,
    Task,
    WonderlandsWarState,
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
LISTED_CHOICES = 12
"""Choices named in a rejection, at most."""

# the clause that governs each decision (named in every rejection)
CLAUSE = {
    Phase.DEAL_TILE: "W4",
    Phase.DRAW_ALLY_SET: "W5",
    Phase.FILL_MARKET: "W6",
    Phase.DEAL_CARD: "W9",
    Phase.PLACE_MARKER: "W10",
    Phase.DRAW_QUEST: "W15",
    Phase.DRAW_START_PLAYER: "W16",
    Phase.ROLL_DIE: "W24",
    Phase.DRAW_CHIP: "W33",
    Phase.CHOOSE_FACTION: "W11",
    Phase.KEEP_QUEST: "W15",
    Phase.TEA_TURN: "W19",
    Phase.TEA_CONTINUE: "W24",
    Phase.PLACE_SUPPORTERS: "W21",
    Phase.BUILD_CASTLE: "W21",
    Phase.PICK_WONDERLANDIAN: "W28",
    Phase.PLACE_WONDERLANDIAN: "W28",
    Phase.PICK_ALLY: "W21",
    Phase.CHOOSE_AWARD: "W44",
    Phase.FORGE: "W40",
    Phase.DRAW_OR_STOP: "W39",
    Phase.SHIELD_OR_ACCEPT: "W36",
    Phase.WAGER: "W48",
}


def new_game(content: Content, opts: Options, n: int) -> WonderlandsWarState:
    """The state at the first decision or chance step of set-up (W4-W16)."""
    st = set_up(content, opts, n)
    settle(st)
    return st


# -- whose move and their choices ------------------------------------------------------------


def waiting(st: WonderlandsWarState) -> frozenset[int]:
    """Seats that still have to make the simultaneous decision on top of the stack."""
    zone = st.wagers if st.tasks[-1].phase == Phase.WAGER else st.b_choice
    return frozenset(s for s in range(st.n) if zone[s] == WAITING)


def legal(st: WonderlandsWarState, seat: int) -> list[int]:
    """The action ids ``seat`` may take now."""
    if not st.tasks:
        return []
    task = st.tasks[-1]
    phase = task.phase
    if phase in SIMULTANEOUS_PHASES:
        return _simultaneous_choices(st, seat, phase)
    if phase not in SEAT_PHASES or task.seat != seat:
        return []
    return _CHOICES[phase](st, seat, task)


def _simultaneous_choices(st: WonderlandsWarState, seat: int, phase: Phase) -> list[int]:
    """W33, W36, W48: a seat still deciding chooses together with the others."""
    if phase == Phase.WAGER:
        if st.wagers[seat] != WAITING:
            return []
        return [_WAGER + s for s in range(st.n) if st.b_status[s] != OUT] + [act.NO_WAGER]
    if st.b_choice[seat] != WAITING:
        return []
    return [act.DRAW, act.STOP] if phase == Phase.DRAW_OR_STOP else [act.SHIELD, act.ACCEPT]


def _tea_turn(st: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return turn_moves(st, seat, False)


def _tea_continue(st: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return turn_moves(st, seat, True)


def _supporter_regions(st: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    """W21, W22: all supporters to a region (one at a time only for a faction that splits)."""
    c = st.content
    p = st.players[seat]
    if p.reserve <= 0:
        return []
    regions = len(c.regions)
    out = [_SUP_ALL + r for r in range(regions)]
    if c.factions[p.faction].split_supporters and min(task.value, p.reserve) > 1:
        out += [_SUP_ONE + r for r in range(regions)]  # W22
    return out


def _castle_regions(st: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    regions = len(st.content.regions)
    return [_CASTLE + r for r in range(regions)] if st.players[seat].castles_left > 0 else []


def _market_slots(st: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return [_PICK + i for i, w in enumerate(st.market) if w >= 0]


def _figure_regions(st: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return [_PLACE + r for r in range(len(st.content.regions))]


def _ally_chips(st: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    if st.ally_set < 0:
        return []
    return [_ALLY + ch for ch in st.content.ally_sets[st.ally_set].chips if st.supply[ch] > 0]


def _awards(st: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    """W44, G7: the VP, or a castle while one is left (or may be moved)."""
    out = [act.AWARD_VP]
    p = st.players[seat]
    if p.castles_left > 0 or (st.opts.move_castle and castle_elsewhere(st, seat) >= 0):
        out.append(act.AWARD_CASTLE)
    return out


def _forges(st: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return forge_moves(st, seat)


def _quests_drawn(st: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return [_KEEP + i for i in range(len(st.players[seat].pair))]


def _free_factions(st: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    taken = {q.faction for q in st.players}
    return [_FACTION + f for f in range(len(st.content.factions)) if f not in taken]


_CHOICES: dict[Phase, Callable[[WonderlandsWarState, int, Task], list[int]]] = {
    Phase.TEA_TURN: _tea_turn,
    Phase.TEA_CONTINUE: _tea_continue,
    Phase.PLACE_SUPPORTERS: _supporter_regions,
    Phase.BUILD_CASTLE: _castle_regions,
    Phase.PICK_WONDERLANDIAN: _market_slots,
    Phase.PLACE_WONDERLANDIAN: _figure_regions,
    Phase.PICK_ALLY: _ally_chips,
    Phase.CHOOSE_AWARD: _awards,
    Phase.FORGE: _forges,
    Phase.KEEP_QUEST: _quests_drawn,
    Phase.CHOOSE_FACTION: _free_factions,
}
"""The legal actions of the seat deciding, for each seat phase."""


# -- chance -----------------------------------------------------------------------------------


def chance(st: WonderlandsWarState) -> list[tuple[int, float]]:
    """Outcomes of the chance step on top of the stack, with probabilities summing to 1."""
    task = st.tasks[-1]
    draw = _POOLS.get(task.phase)
    if draw is not None:
        pool = draw(st)
        return [(a, 1 / len(pool)) for a in pool]
    if task.phase == Phase.DRAW_CHIP:  # W33: each chip in the bag equally likely
        bag = st.players[task.seat].bag
        total = sum(bag)
        base = _CHIP + task.seat * MAX_CHIPS
        return [(base + chip, k / total) for chip, k in enumerate(bag) if k]
    if task.phase == Phase.ROLL_DIE:
        faces = st.content.die_faces
        base = _DIE + task.seat * MAX_DIE_FACES
        return [(base + i, 1 / len(faces)) for i in range(len(faces))]
    return []


def _cards_left(st: WonderlandsWarState) -> list[int]:
    return [_CARD + card for card in st.decks[st.round - 1]]


def _quests_left(st: WonderlandsWarState) -> list[int]:
    return [_QUEST + q for q in st.quest_deck]


def _wonderlandians_left(st: WonderlandsWarState) -> list[int]:
    return [_WL + w for w in st.wl_deck]


def _tiles_left(st: WonderlandsWarState) -> list[int]:
    used = set(st.tiles)
    return [_TILE + t for t in range(len(st.content.tiles)) if t not in used]


def _ally_sets(st: WonderlandsWarState) -> list[int]:
    return [_ASET + k for k in range(len(st.content.ally_sets))]


def _seats(st: WonderlandsWarState) -> list[int]:
    return [_START + s for s in range(st.n)]


_POOLS: dict[Phase, Callable[[WonderlandsWarState], list[int]]] = {
    Phase.DEAL_CARD: _cards_left,
    Phase.DRAW_QUEST: _quests_left,
    Phase.PLACE_MARKER: _quests_left,
    Phase.FILL_MARKET: _wonderlandians_left,
    Phase.DEAL_TILE: _tiles_left,
    Phase.DRAW_ALLY_SET: _ally_sets,
    Phase.DRAW_START_PLAYER: _seats,
}
"""The equally likely outcomes of each chance step but the bag draws and die rolls."""


def _chance_empty(st: WonderlandsWarState, task: Task) -> bool:
    """Whether the chance step has no outcome (an empty bag, deck or market deck)."""
    draw = _POOLS.get(task.phase)
    if draw is not None:
        return not draw(st)
    if task.phase == Phase.DRAW_CHIP:
        return not any(st.players[task.seat].bag)
    return False  # ROLL_DIE: the die always shows a face


# -- checking and playing an action -----------------------------------------------------------


def _reject(st: WonderlandsWarState, why: str) -> IllegalAction:
    """The rejection ``why``, naming the clause of the step on top of the stack."""
    rule = CLAUSE.get(st.tasks[-1].phase, "W2") if st.tasks else "W52"
    return IllegalAction(rule, why)


def check(st: WonderlandsWarState, actor: int, action: int) -> None:
    """Raise IllegalAction (with the governing clause) unless ``actor`` may take ``action``."""
    if not st.tasks:
        raise IllegalAction("W52", "the game is over (W52): no more actions")
    if st.tasks[-1].phase in CHANCE_PHASES:
        if actor != -1:
            raise _reject(st, f"seat {actor} cannot act: a chance step is due")
        if not any(a == action for a, _ in chance(st)):
            raise _reject(st, f"{_name(action)} is not an outcome of this step")
        return
    if actor < 0 or actor >= st.n:
        raise _reject(st, f"it is a seat's decision, not actor {actor}'s")
    options = legal(st, actor)
    if not options:
        raise _reject(st, f"seat {actor} has nothing to decide now")
    if action not in options:
        listed = ", ".join(_name(a) for a in options[:LISTED_CHOICES])
        more = " ..." if len(options) > LISTED_CHOICES else ""
        raise _reject(st, f"seat {actor} cannot {_name(action)} now; choices: {listed}{more}")


def _name(action: int) -> str:
    try:
        return act.action_to_string(action)
    except ValueError:
        return f"action {action}"


def apply(st: WonderlandsWarState, actor: int, action: int) -> None:
    """Check, then play ``action`` by ``actor`` (a seat, or -1 for chance) and settle."""
    check(st, actor, action)
    task = st.tasks[-1]
    phase = task.phase
    if phase in CHANCE_PHASES:
        st.tasks.pop()
        _OUTCOMES[phase](st, task, action)
    elif phase in SIMULTANEOUS_PHASES:
        st.decisions += 1
        _apply_simultaneous(st, phase, actor, action)
    else:
        st.decisions += 1
        st.tasks.pop()
        _DECISIONS[phase](st, task, actor, action)
    settle(st)


def _chip_drawn(st: WonderlandsWarState, task: Task, action: int) -> None:
    """W33: the chip leaves the bag; it is resolved at RESOLVE."""
    seat = task.seat
    chip = action - _CHIP - seat * MAX_CHIPS
    st.players[seat].bag[chip] -= 1
    st.b_drawn[seat] = chip


def _die_rolled(st: WonderlandsWarState, task: Task, action: int) -> None:
    """W23, W24: the shards shown."""
    seat = task.seat
    st.players[seat].shards += st.content.die_faces[action - _DIE - seat * MAX_DIE_FACES]


def _card_dealt(st: WonderlandsWarState, task: Task, action: int) -> None:
    card = action - _CARD
    st.decks[st.round - 1].remove(card)
    st.table[task.value] = card


def _marker_placed(st: WonderlandsWarState, task: Task, action: int) -> None:
    """W10: the quest's region gets the battle marker; the quest goes back."""
    st.marker = st.content.quests[action - _QUEST].region


def _quest_drawn(st: WonderlandsWarState, task: Task, action: int) -> None:
    q = action - _QUEST
    st.quest_deck.remove(q)
    st.players[task.seat].pair.append(q)


def _market_filled(st: WonderlandsWarState, task: Task, action: int) -> None:
    w = action - _WL
    st.wl_deck.remove(w)
    st.market[task.value] = w


def _tile_dealt(st: WonderlandsWarState, task: Task, action: int) -> None:
    st.tiles[task.value] = action - _TILE


def _ally_set_drawn(st: WonderlandsWarState, task: Task, action: int) -> None:
    st.ally_set = action - _ASET


def _start_player_drawn(st: WonderlandsWarState, task: Task, action: int) -> None:
    """W16, G21: the start player, and shards for everyone in turn order."""
    start = action - _START
    st.start = start
    for i in range(st.n):
        st.players[(start + i) % st.n].shards += max(0, st.content.rules.start_shards[i])


_OUTCOMES: dict[Phase, Callable[[WonderlandsWarState, Task, int], None]] = {
    Phase.DRAW_CHIP: _chip_drawn,
    Phase.ROLL_DIE: _die_rolled,
    Phase.DEAL_CARD: _card_dealt,
    Phase.PLACE_MARKER: _marker_placed,
    Phase.DRAW_QUEST: _quest_drawn,
    Phase.FILL_MARKET: _market_filled,
    Phase.DEAL_TILE: _tile_dealt,
    Phase.DRAW_ALLY_SET: _ally_set_drawn,
    Phase.DRAW_START_PLAYER: _start_player_drawn,
}
"""What the outcome of each chance step does."""


def _apply_simultaneous(st: WonderlandsWarState, phase: Phase, seat: int, action: int) -> None:
    """Record the seat's choice; the last one to choose ends the decision."""
    if phase == Phase.WAGER:
        st.wagers[seat] = NO_BET if action == act.NO_WAGER else action - _WAGER
        if WAITING not in st.wagers:
            st.tasks.pop()
        return
    st.b_choice[seat] = action
    if WAITING not in st.b_choice:
        st.tasks.pop()
        if phase == Phase.DRAW_OR_STOP:
            start_draws(st)


def _tea_move(st: WonderlandsWarState, task: Task, seat: int, action: int) -> None:
    tea_move(st, seat, action)


def _place_supporters(st: WonderlandsWarState, task: Task, seat: int, action: int) -> None:
    """W21, W22: all the supporters left, or one (then the next one is asked for)."""
    p = st.players[seat]
    left = min(task.value, p.reserve)
    if action >= _SUP_ONE:
        st.supporters[action - _SUP_ONE][seat] += 1
        p.reserve -= 1
        if left > 1:
            st.tasks.append(Task(Phase.PLACE_SUPPORTERS, seat, left - 1))
    else:
        st.supporters[action - _SUP_ALL][seat] += left
        p.reserve -= left


def _build_castle(st: WonderlandsWarState, task: Task, seat: int, action: int) -> None:
    st.castles[action - _CASTLE][seat] += 1
    st.players[seat].castles_left -= 1


def _pick_wonderlandian(st: WonderlandsWarState, task: Task, seat: int, action: int) -> None:
    """W28: the Wonderlandian joins the retinue: a figure to place, or chips for the bag."""
    slot = action - _PICK
    w = st.market[slot]
    st.market[slot] = -1
    st.players[seat].retinue.append(w)
    st.tasks.append(Task(Phase.FILL_MARKET, value=slot))
    wl = st.content.wonderlandians[w]
    if wl.figure:
        st.tasks.append(Task(Phase.PLACE_WONDERLANDIAN, seat, w))
    else:
        gain_chips(st, seat, wl.chip, wl.chips)


def _place_wonderlandian(st: WonderlandsWarState, task: Task, seat: int, action: int) -> None:
    st.players[seat].figures.append((task.value, action - _PLACE))


def _pick_ally(st: WonderlandsWarState, task: Task, seat: int, action: int) -> None:
    gain_chips(st, seat, action - _ALLY, 1)
    if task.value > 1:
        st.tasks.append(Task(Phase.PICK_ALLY, seat, task.value - 1))


def _choose_award(st: WonderlandsWarState, task: Task, seat: int, action: int) -> None:
    if action == act.AWARD_VP:
        st.players[seat].vp_battles += round_award(st)
    else:
        place_castle(st, seat, st.b_region)


def _forge(st: WonderlandsWarState, task: Task, seat: int, action: int) -> None:
    if action != act.NO_FORGE:
        forge(st, seat, action)


def _keep_quest(st: WonderlandsWarState, task: Task, seat: int, action: int) -> None:
    """W15: keep one quest drawn; the others go back to the deck."""
    p = st.players[seat]
    i = action - _KEEP
    p.quests.append(p.pair[i])
    p.feats.append(False)
    st.quest_deck.extend(q for j, q in enumerate(p.pair) if j != i)
    p.pair = []


def _choose_faction(st: WonderlandsWarState, task: Task, seat: int, action: int) -> None:
    setup_player(st, seat, action - _FACTION)


_DECISIONS: dict[Phase, Callable[[WonderlandsWarState, Task, int, int], None]] = {
    Phase.TEA_TURN: _tea_move,
    Phase.TEA_CONTINUE: _tea_move,
    Phase.PLACE_SUPPORTERS: _place_supporters,
    Phase.BUILD_CASTLE: _build_castle,
    Phase.PICK_WONDERLANDIAN: _pick_wonderlandian,
    Phase.PLACE_WONDERLANDIAN: _place_wonderlandian,
    Phase.PICK_ALLY: _pick_ally,
    Phase.CHOOSE_AWARD: _choose_award,
    Phase.FORGE: _forge,
    Phase.KEEP_QUEST: _keep_quest,
    Phase.CHOOSE_FACTION: _choose_faction,
}
"""What the choice of the seat deciding does, for each seat phase."""


# -- automatic steps --------------------------------------------------------------------------


def settle(st: WonderlandsWarState) -> None:
    """Run automatic steps; skip chance steps with no outcome and decisions with no choice."""
    tasks = st.tasks
    while tasks:
        task = tasks[-1]
        phase = task.phase
        if phase in CHANCE_PHASES:
            if _chance_empty(st, task):
                tasks.pop()
                if phase == Phase.DRAW_CHIP:
                    cannot_draw(st, task.seat)
                continue
            return
        if phase in SEAT_PHASES:
            if legal(st, task.seat):
                return
            tasks.pop()
            continue
        if phase in SIMULTANEOUS_PHASES:
            return
        tasks.pop()
        _AUTOMATIC[phase](st, task)


def _effect(st: WonderlandsWarState, task: Task) -> None:
    """EFFECT: run the task's effect for its seat."""
    fx = task.fx
    assert fx is not None
    EFFECTS[fx.effect].apply(st, task.seat, fx)


def _final(st: WonderlandsWarState, task: Task) -> None:
    """FINAL: the game is over."""
    st.final = True


_AUTOMATIC: dict[Phase, Callable[[WonderlandsWarState, Task], None]] = {
    Phase.EFFECT: _effect,
    Phase.DEAL_ALL: deal_all,
    Phase.REFILL: refill,
    Phase.START_ROUND: start_round,
    Phase.NEXT_TURN: next_turn,
    Phase.END_TEA: end_tea,
    Phase.NEXT_BATTLE: battle,
    Phase.BATTLE_STEP: step,
    Phase.REVEAL: reveal,
    Phase.RESOLVE: resolve,
    Phase.BATTLE_END: battle_end,
    Phase.CLEANUP: cleanup,
    Phase.ROUND_END: round_end,
    Phase.FINAL: _final,
}
"""The function that runs each automatic phase."""
