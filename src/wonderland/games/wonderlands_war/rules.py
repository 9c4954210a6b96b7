"""The rules of Wonderland's War as functions over the state (clause ids from RULES.md).

``new_game`` builds the set-up stack, ``legal`` lists a seat's choices, ``apply`` checks and
plays one action (a chance step's outcomes: ``chance_steps.py``), and ``settle`` runs automatic
steps (the flow of phases: ``state.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from wonderland.core.errors import IllegalAction
from wonderland.core.words import counted
from wonderland.games.wonderlands_war.actions import (
    ACCEPT,
    AWARD_CASTLE,
    AWARD_VP,
    DECODED,
    DRAW,
    NO_WAGER,
    SHIELD,
    STOP,
    Action,
    AwardVictoryPoints,
    BuildCastle,
    ChooseFaction,
    Forge,
    Head,
    KeepQuest,
    Move,
    NoForge,
    PickAlly,
    PickWonderlandian,
    PlaceLeader,
    PlaceWonderlandian,
    SupportAll,
    SupportOne,
    Wager,
    action_to_string,
)
from wonderland.games.wonderlands_war.chance_steps import OUTCOMES, chance, chance_empty
from wonderland.games.wonderlands_war.content_values import Content
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
    state = set_up(content, opts, n)
    settle(state)
    return state


# -- whose move and their choices ------------------------------------------------------------


def waiting(state: WonderlandsWarState) -> frozenset[int]:
    """Seats that still have to make the simultaneous decision on top of the stack."""
    zone = state.wagers if state.tasks[-1].phase == Phase.WAGER else state.battle.choice
    return frozenset(s for s in range(state.n) if zone[s] == WAITING)


def legal(state: WonderlandsWarState, seat: int) -> list[int]:
    """The action ids ``seat`` may take now."""
    if not state.tasks:
        return []
    task = state.tasks[-1]
    phase = task.phase
    if phase in SIMULTANEOUS_PHASES:
        return _simultaneous_choices(state, seat, phase)
    if phase not in SEAT_PHASES or task.seat != seat:
        return []
    return _CHOICES[phase](state, seat, task)


def _simultaneous_choices(state: WonderlandsWarState, seat: int, phase: Phase) -> list[int]:
    """W33, W36, W48: a seat still deciding chooses together with the others."""
    if phase == Phase.WAGER:
        if state.wagers[seat] != WAITING:
            return []
        fighting = [s for s in range(state.n) if state.battle.status[s] != OUT]
        return [Wager.first_id + s for s in fighting] + [NO_WAGER]
    if state.battle.choice[seat] != WAITING:
        return []
    return [DRAW, STOP] if phase == Phase.DRAW_OR_STOP else [SHIELD, ACCEPT]


def _tea_turn(state: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return turn_moves(state, seat, False)


def _tea_continue(state: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return turn_moves(state, seat, True)


def _supporter_regions(state: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    """W21, W22: all supporters to a region (one at a time only for a faction that splits)."""
    c = state.content
    p = state.players[seat]
    if p.reserve <= 0:
        return []
    regions = len(c.regions)
    out = [SupportAll.first_id + r for r in range(regions)]
    if c.factions[p.faction].split_supporters and min(task.left, p.reserve) > 1:
        out += [SupportOne.first_id + r for r in range(regions)]  # W22
    return out


def _castle_regions(state: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    regions = len(state.content.regions)
    return (
        [BuildCastle.first_id + r for r in range(regions)]
        if state.players[seat].castles_left > 0
        else []
    )


def _market_slots(state: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return [PickWonderlandian.first_id + i for i, w in enumerate(state.market) if w >= 0]


def _figure_regions(state: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return [PlaceWonderlandian.first_id + r for r in range(len(state.content.regions))]


def _ally_chips(state: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    if state.ally_set < 0:
        return []
    return [
        PickAlly.first_id + chip
        for chip in state.content.ally_sets[state.ally_set].chips
        if state.supply[chip] > 0
    ]


def _awards(state: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    """W44, G7: the VP, or a castle while one is left (or may be moved)."""
    out = [AWARD_VP]
    p = state.players[seat]
    if p.castles_left > 0 or (state.opts.move_castle and castle_elsewhere(state, seat) >= 0):
        out.append(AWARD_CASTLE)
    return out


def _forges(state: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return forge_moves(state, seat)


def _quests_drawn(state: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    return [KeepQuest.first_id + i for i in range(len(state.players[seat].pair))]


def _free_factions(state: WonderlandsWarState, seat: int, task: Task) -> list[int]:
    taken = {q.faction for q in state.players}
    return [
        ChooseFaction.first_id + f for f in range(len(state.content.factions)) if f not in taken
    ]


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


# -- checking and playing an action -----------------------------------------------------------


def _reject(state: WonderlandsWarState, why: str) -> IllegalAction:
    """The rejection ``why``, naming the clause of the step on top of the stack."""
    rule = CLAUSE.get(state.tasks[-1].phase, "W2") if state.tasks else "W52"
    return IllegalAction(rule, why)


def check(state: WonderlandsWarState, actor: int, action: int) -> None:
    """Raise IllegalAction (with the governing clause) unless ``actor`` may take ``action``."""
    if not state.tasks:
        raise IllegalAction("W52", "the game is over (W52): no more actions")
    if state.tasks[-1].phase in CHANCE_PHASES:
        if actor != -1:
            raise _reject(state, f"seat {actor + 1} cannot act: a chance step is due")
        if not any(a == action for a, _ in chance(state)):
            raise _reject(state, f"{_name(action)} is not an outcome of this step")
        return
    if actor < 0 or actor >= state.n:
        raise _reject(state, f"it is a seat's decision, not actor {actor}'s")
    options = legal(state, actor)
    if not options:
        raise _reject(state, f"seat {actor + 1} has nothing to decide now")
    if action not in options:
        raise _reject(
            state,
            f"seat {actor + 1} cannot do that now: it is not one of the "
            f"{counted(len(options), 'move')} open to them",
        )


def _name(action: int) -> str:
    try:
        return action_to_string(action)
    except ValueError:
        return f"action {action}"


Watcher = Callable[[Phase, WonderlandsWarState], None]
"""Told of each automatic phase, with the state, before the phase runs."""


def apply(
    state: WonderlandsWarState, actor: int, action: int, watch: Watcher | None = None
) -> None:
    """Check, then play ``action`` by ``actor`` (a seat, or -1 for chance) and settle
    (``watch``: told of each automatic phase settling runs)."""
    check(state, actor, action)
    task = state.tasks[-1]
    phase = task.phase
    if phase in CHANCE_PHASES:
        state.tasks.pop()
        OUTCOMES[phase](state, task, DECODED[action])
    elif phase in SIMULTANEOUS_PHASES:
        state.decisions += 1
        _apply_simultaneous(state, phase, actor, action)
    else:
        state.decisions += 1
        state.tasks.pop()
        _DECISIONS[phase](state, task, actor, DECODED[action])
    settle(state, watch)


def _apply_simultaneous(state: WonderlandsWarState, phase: Phase, seat: int, action: int) -> None:
    """Record the seat's choice; the last one to choose ends the decision."""
    if phase == Phase.WAGER:
        wager = DECODED[action]
        state.wagers[seat] = wager.seat if isinstance(wager, Wager) else NO_BET
        if WAITING not in state.wagers:
            state.tasks.pop()
        return
    state.battle.choice[seat] = action
    if WAITING not in state.battle.choice:
        state.tasks.pop()
        if phase == Phase.DRAW_OR_STOP:
            start_draws(state)


def _tea_move(state: WonderlandsWarState, task: Task, seat: int, action: Action) -> None:
    assert isinstance(action, Move | Head | PlaceLeader)
    tea_move(state, seat, action)


def _place_supporters(state: WonderlandsWarState, task: Task, seat: int, action: Action) -> None:
    """W21, W22: all the supporters left, or one (then the next one is asked for)."""
    p = state.players[seat]
    left = min(task.left, p.reserve)
    if isinstance(action, SupportOne):
        state.supporters[action.region][seat] += 1
        p.reserve -= 1
        if left > 1:
            state.tasks.append(Task(Phase.PLACE_SUPPORTERS, seat, left=left - 1))
    else:
        assert isinstance(action, SupportAll)
        state.supporters[action.region][seat] += left
        p.reserve -= left


def _build_castle(state: WonderlandsWarState, task: Task, seat: int, action: Action) -> None:
    assert isinstance(action, BuildCastle)
    state.castles[action.region][seat] += 1
    state.players[seat].castles_left -= 1


def _pick_wonderlandian(state: WonderlandsWarState, task: Task, seat: int, action: Action) -> None:
    """W28: the Wonderlandian joins the retinue: a figure to place, or chips for the bag."""
    assert isinstance(action, PickWonderlandian)
    slot = action.slot
    w = state.market[slot]
    state.market[slot] = -1
    state.players[seat].retinue.append(w)
    state.tasks.append(Task(Phase.FILL_MARKET, slot=slot))
    wl = state.content.wonderlandians[w]
    if wl.figure:
        state.tasks.append(Task(Phase.PLACE_WONDERLANDIAN, seat, wonderlandian=w))
    else:
        gain_chips(state, seat, wl.chip, wl.chips)


def _place_wonderlandian(state: WonderlandsWarState, task: Task, seat: int, action: Action) -> None:
    assert isinstance(action, PlaceWonderlandian)
    state.players[seat].figures.append((task.wonderlandian, action.region))


def _pick_ally(state: WonderlandsWarState, task: Task, seat: int, action: Action) -> None:
    assert isinstance(action, PickAlly)
    gain_chips(state, seat, action.chip, 1)
    if task.left > 1:
        state.tasks.append(Task(Phase.PICK_ALLY, seat, left=task.left - 1))


def _choose_award(state: WonderlandsWarState, task: Task, seat: int, action: Action) -> None:
    if isinstance(action, AwardVictoryPoints):
        state.players[seat].vp_battles += round_award(state)
    else:
        place_castle(state, seat, state.battle.region)


def _forge(state: WonderlandsWarState, task: Task, seat: int, action: Action) -> None:
    if not isinstance(action, NoForge):
        assert isinstance(action, Forge)
        forge(state, seat, action)


def _keep_quest(state: WonderlandsWarState, task: Task, seat: int, action: Action) -> None:
    """W15: keep one quest drawn; the others go back to the deck."""
    assert isinstance(action, KeepQuest)
    p = state.players[seat]
    i = action.index
    p.quests.append(p.pair[i])
    p.feats.append(False)
    state.quest_deck.extend(q for j, q in enumerate(p.pair) if j != i)
    p.pair = []


def _choose_faction(state: WonderlandsWarState, task: Task, seat: int, action: Action) -> None:
    assert isinstance(action, ChooseFaction)
    setup_player(state, seat, action.faction)


_DECISIONS: dict[Phase, Callable[[WonderlandsWarState, Task, int, Action], None]] = {
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


def settle(state: WonderlandsWarState, watch: Watcher | None = None) -> None:
    """Run automatic steps; skip chance steps with no outcome and decisions with no choice
    (``watch``: told of each automatic phase before it runs)."""
    tasks = state.tasks
    while tasks:
        task = tasks[-1]
        phase = task.phase
        if phase in CHANCE_PHASES:
            if chance_empty(state, task):
                tasks.pop()
                if phase == Phase.DRAW_CHIP:
                    cannot_draw(state, task.seat)
                continue
            return
        if phase in SEAT_PHASES:
            if legal(state, task.seat):
                return
            tasks.pop()
            continue
        if phase in SIMULTANEOUS_PHASES:
            return
        if watch is not None:
            watch(phase, state)
        tasks.pop()
        _AUTOMATIC[phase](state, task)


def _effect(state: WonderlandsWarState, task: Task) -> None:
    """EFFECT: run the task's effect for its seat."""
    fx = task.fx
    assert fx is not None
    EFFECTS[fx.effect].apply(state, task.seat, fx)


def _final(state: WonderlandsWarState, task: Task) -> None:
    """FINAL: the game is over."""
    state.final = True


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
