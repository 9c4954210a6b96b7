"""Wonderland's War's chance steps: their outcomes with probabilities, and what each does.

``chance`` lists the outcomes of the chance step on top of the stack; ``OUTCOMES`` plays one
(``rules.apply`` checks it first).
"""

from __future__ import annotations

from collections.abc import Callable

from wonderland.games.wonderlands_war.actions import (
    Action,
    DealCard,
    DealTile,
    DrawAllySet,
    DrawChip,
    DrawQuest,
    RevealWonderlandian,
    RollDie,
    StartPlayer,
)
from wonderland.games.wonderlands_war.capacity import MAX_CHIPS, MAX_DIE_FACES
from wonderland.games.wonderlands_war.state import Phase, Task, WonderlandsWarState


def chance(state: WonderlandsWarState) -> list[tuple[int, float]]:
    """Outcomes of the chance step on top of the stack, with probabilities summing to 1."""
    task = state.tasks[-1]
    draw = POOLS.get(task.phase)
    if draw is not None:
        pool = draw(state)
        return [(a, 1 / len(pool)) for a in pool]
    if task.phase == Phase.DRAW_CHIP:  # W33: each chip in the bag equally likely
        bag = state.players[task.seat].bag
        total = sum(bag)
        base = DrawChip.first_id + task.seat * MAX_CHIPS
        return [(base + chip, k / total) for chip, k in enumerate(bag) if k]
    if task.phase == Phase.ROLL_DIE:
        faces = state.content.die_faces
        base = RollDie.first_id + task.seat * MAX_DIE_FACES
        return [(base + i, 1 / len(faces)) for i in range(len(faces))]
    return []


def _cards_left(state: WonderlandsWarState) -> list[int]:
    return [DealCard.first_id + card for card in state.decks[state.round - 1]]


def _quests_left(state: WonderlandsWarState) -> list[int]:
    return [DrawQuest.first_id + q for q in state.quest_deck]


def _wonderlandians_left(state: WonderlandsWarState) -> list[int]:
    return [RevealWonderlandian.first_id + w for w in state.wl_deck]


def _tiles_left(state: WonderlandsWarState) -> list[int]:
    used = set(state.tiles)
    return [DealTile.first_id + t for t in range(len(state.content.tiles)) if t not in used]


def _ally_sets(state: WonderlandsWarState) -> list[int]:
    return [DrawAllySet.first_id + k for k in range(len(state.content.ally_sets))]


def _seats(state: WonderlandsWarState) -> list[int]:
    return [StartPlayer.first_id + s for s in range(state.n)]


POOLS: dict[Phase, Callable[[WonderlandsWarState], list[int]]] = {
    Phase.DEAL_CARD: _cards_left,
    Phase.DRAW_QUEST: _quests_left,
    Phase.PLACE_MARKER: _quests_left,
    Phase.FILL_MARKET: _wonderlandians_left,
    Phase.DEAL_TILE: _tiles_left,
    Phase.DRAW_ALLY_SET: _ally_sets,
    Phase.DRAW_START_PLAYER: _seats,
}
"""The equally likely outcomes of each chance step but the bag draws and die rolls."""


def chance_empty(state: WonderlandsWarState, task: Task) -> bool:
    """Whether the chance step has no outcome (an empty bag, deck or market deck)."""
    draw = POOLS.get(task.phase)
    if draw is not None:
        return not draw(state)
    if task.phase == Phase.DRAW_CHIP:
        return not any(state.players[task.seat].bag)
    return False  # ROLL_DIE: the die always shows a face


def _chip_drawn(state: WonderlandsWarState, task: Task, action: Action) -> None:
    """W33: the chip leaves the bag; it is resolved at RESOLVE."""
    assert isinstance(action, DrawChip)
    seat = task.seat
    chip = action.chip
    state.players[seat].bag[chip] -= 1
    state.battle.drawn[seat] = chip


def _die_rolled(state: WonderlandsWarState, task: Task, action: Action) -> None:
    """W23, W24: the shards shown."""
    assert isinstance(action, RollDie)
    seat = task.seat
    state.players[seat].shards += state.content.die_faces[action.face]


def _card_dealt(state: WonderlandsWarState, task: Task, action: Action) -> None:
    assert isinstance(action, DealCard)
    card = action.card
    state.decks[state.round - 1].remove(card)
    state.table[task.space] = card


def _marker_placed(state: WonderlandsWarState, task: Task, action: Action) -> None:
    """W10: the quest's region gets the battle marker; the quest goes back."""
    assert isinstance(action, DrawQuest)
    state.marker = state.content.quests[action.quest].region


def _quest_drawn(state: WonderlandsWarState, task: Task, action: Action) -> None:
    assert isinstance(action, DrawQuest)
    q = action.quest
    state.quest_deck.remove(q)
    state.players[task.seat].pair.append(q)


def _market_filled(state: WonderlandsWarState, task: Task, action: Action) -> None:
    assert isinstance(action, RevealWonderlandian)
    w = action.wonderlandian
    state.wl_deck.remove(w)
    state.market[task.slot] = w


def _tile_dealt(state: WonderlandsWarState, task: Task, action: Action) -> None:
    assert isinstance(action, DealTile)
    state.tiles[task.region] = action.tile


def _ally_set_drawn(state: WonderlandsWarState, task: Task, action: Action) -> None:
    assert isinstance(action, DrawAllySet)
    state.ally_set = action.ally_set


def _start_player_drawn(state: WonderlandsWarState, task: Task, action: Action) -> None:
    """W16, G21: the start player, and shards for everyone in turn order."""
    assert isinstance(action, StartPlayer)
    start = action.seat
    state.start = start
    for i in range(state.n):
        state.players[(start + i) % state.n].shards += max(0, state.content.rules.start_shards[i])


OUTCOMES: dict[Phase, Callable[[WonderlandsWarState, Task, Action], None]] = {
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
