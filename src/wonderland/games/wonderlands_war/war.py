"""The war: battles region by region, draws, madness, busts, awards (W30-W48)."""

from __future__ import annotations

from wonderland.games.wonderlands_war.actions import DRAW, NO_FORGE, SHIELD, STOP, Forge
from wonderland.games.wonderlands_war.capacity import MAX_CHIPS
from wonderland.games.wonderlands_war.effects import EFFECTS, FEAT_FNS, gain_chips, hook, push_fx
from wonderland.games.wonderlands_war.state import (
    BUST,
    DRAWING,
    HALTED,
    NO_BET,
    NONE,
    OUT,
    WAITING,
    Phase,
    Task,
    WonderlandsWarState,
)


def units(state: WonderlandsWarState, seat: int, region: int) -> int:
    """Units of ``seat`` in ``region``: supporters, the leader and Wonderlandian figures."""
    p = state.players[seat]
    return (
        state.supporters[region][seat]
        + (p.region == region)
        + sum(1 for _, r in p.figures if r == region)
    )


def starting_strength(state: WonderlandsWarState, seat: int, region: int) -> int:
    """W31: leader (where it stands), figures, card bonuses, castles (G23)."""
    c = state.content
    p = state.players[seat]
    f = c.factions[p.faction]
    total = sum(c.wonderlandians[w].strength for w, r in p.figures if r == region)
    if p.region == region:
        total += f.leader_strength[p.leader_level] + p.war_bonus
    if state.opts.castle_strength:
        total += state.castles[region][seat] * c.rules.castle_battle_strength
    return total


def forge_moves(state: WonderlandsWarState, seat: int) -> list[int]:
    """W40: forge one chip drawn in this battle onto a free slot of a forge track."""
    p = state.players[seat]
    c = state.content
    tracks = c.factions[p.faction].forge_tracks
    out = []
    for t, track in enumerate(tracks):
        if len(p.forged[t]) >= len(track.slots):
            continue
        for chip, count in enumerate(p.active):
            if count and c.chips[chip].kind != "madness":
                out.append(Forge.first_id + t * MAX_CHIPS + chip)
    if out:
        out.append(NO_FORGE)
    return out


def forge(state: WonderlandsWarState, seat: int, action: Forge) -> None:
    """W40: forge the action's chip onto the next slot of its track; the slot acts."""
    p = state.players[seat]
    t, chip = action.track, action.chip
    track = state.content.factions[p.faction].forge_tracks[t]
    p.active[chip] -= 1
    slot = len(p.forged[t])
    p.forged[t].append(chip)
    if len(p.forged[t]) == len(track.slots):
        push_fx(state, seat, track.on_complete)
    push_fx(state, seat, track.slots[slot])


def castle_elsewhere(state: WonderlandsWarState, seat: int) -> int:
    """A region other than the battle's where ``seat`` has a castle (-1: none)."""
    for r, row in enumerate(state.castles):
        if row[seat] and r != state.battle.region:
            return r
    return -1


def place_castle(state: WonderlandsWarState, seat: int, region: int) -> None:
    """W43, G7: place a castle; without one left, move one only under the variant."""
    p = state.players[seat]
    if p.castles_left > 0:
        p.castles_left -= 1
        state.castles[region][seat] += 1
    elif state.opts.move_castle:
        other = castle_elsewhere(state, seat)
        if other >= 0:
            state.castles[other][seat] -= 1
            state.castles[region][seat] += 1


def round_award(state: WonderlandsWarState) -> int:
    """The battle region's award this round (W4, W43)."""
    return state.content.tiles[state.tiles[state.battle.region]][state.round - 1]


def battle(state: WonderlandsWarState, task: Task) -> None:
    """W30: the next battle in order; W45 uncontested; W48 wagers."""
    index = task.battle
    if index >= len(state.order):
        state.tasks.append(Task(Phase.ROUND_END))
        return
    region = state.order[index]
    state.tasks.append(Task(Phase.NEXT_BATTLE, battle=index + 1))
    fighters = [s for s in range(state.n) if units(state, s, region) > 0]
    if not fighters:
        return
    state.battle.region = region
    state.battle.winner = -1
    state.battle.first = []
    for s in range(state.n):
        state.battle.status[s] = OUT
        state.battle.strength[s] = 0
        state.battle.choice[s] = NONE
        state.battle.drawn[s] = -1
        state.battle.forge[s] = 0
        state.wagers[s] = NONE
    for s in fighters:
        state.battle.status[s] = DRAWING
        state.battle.strength[s] = starting_strength(state, s, region)
        state.players[s].battles += 1
    state.tasks.append(Task(Phase.BATTLE_END))
    lone = len(fighters) == 1
    if lone and not state.opts.resistance:
        state.battle.status[fighters[0]] = HALTED
    else:
        state.tasks.append(Task(Phase.BATTLE_STEP, step=0))
        for s in reversed(fighters):
            hook(state, s, "battle_start")
    if state.opts.wagers and not lone:
        bettors = [s for s in range(state.n) if state.battle.status[s] == OUT]
        if bettors:
            for s in bettors:
                state.wagers[s] = WAITING
            state.tasks.append(Task(Phase.WAGER))


def _highest_other(state: WonderlandsWarState, seat: int) -> int:
    best = state.opts.resistance if state.opts.resistance else -1
    for s in range(state.n):
        if s != seat and state.battle.status[s] in (DRAWING, HALTED):
            best = max(best, state.battle.strength[s])
    return best


def _battle_over(state: WonderlandsWarState) -> bool:
    """W41, W42, G13: 25 strength, nobody drawing, or a lone drawer already ahead."""
    goal = state.content.rules.auto_win_strength
    drawing = []
    for s in range(state.n):
        status = state.battle.status[s]
        if status in (DRAWING, HALTED) and state.battle.strength[s] >= goal:
            return True
        if status == DRAWING:
            drawing.append(s)
    if not drawing:
        return True
    if len(drawing) == 1 and not state.opts.draw_until_halt:
        s = drawing[0]
        return state.battle.strength[s] > _highest_other(state, s)
    return False


def step(state: WonderlandsWarState, task: Task) -> None:
    """W33, W39, G12, G15: everyone still drawing draws or stops, together."""
    if _battle_over(state):
        return
    first = task.step == 0 and not state.opts.halt_anytime
    state.tasks.append(Task(Phase.BATTLE_STEP, step=task.step + 1))
    asked = False
    for s in range(state.n):
        if state.battle.status[s] != DRAWING:
            continue
        if not any(state.players[s].bag) and not _empty_bag_reset(state, s):
            _halt(state, s)
            continue
        if first:
            state.battle.choice[s] = DRAW
        else:
            state.battle.choice[s] = WAITING
            asked = True
    if asked:
        state.tasks.append(Task(Phase.DRAW_OR_STOP))
    else:
        start_draws(state)


def _empty_bag_reset(state: WonderlandsWarState, seat: int) -> bool:
    """G15 variant: an empty bag takes back the exhausted chips."""
    if not state.opts.empty_bag_resets:
        return False
    p = state.players[seat]
    if not any(p.exhaust):
        return False
    for chip, k in enumerate(p.exhaust):
        p.bag[chip] += k
        p.exhaust[chip] = 0
    return True


def start_draws(state: WonderlandsWarState) -> None:
    """Apply the step's choices: halts now, then one chance draw per drawing seat."""
    draws = []
    for s in range(state.n):
        choice = state.battle.choice[s]
        if choice == STOP:
            _halt(state, s)
        elif choice == DRAW:
            draws.append(s)
        state.battle.choice[s] = NONE
    if draws:
        state.tasks.append(Task(Phase.REVEAL))
        for s in reversed(draws):
            state.tasks.append(Task(Phase.DRAW_CHIP, s))


def _halt(state: WonderlandsWarState, seat: int) -> None:
    """W39, W40: halting keeps the strength; a battle-track forge icon grants a forge."""
    state.battle.status[seat] = HALTED
    if state.battle.strength[seat] in state.content.rules.battle_track_forge_icons:
        state.battle.forge[seat] += 1
    hook(state, seat, "on_halt")


def cannot_draw(state: WonderlandsWarState, seat: int) -> None:
    """G15: a bag that is empty when a draw is due halts its owner."""
    if state.battle.status[seat] == DRAWING:
        _halt(state, seat)


def reveal(state: WonderlandsWarState, task: Task) -> None:
    """W36: a drawn madness chip with a ready shield: its owner may use the shield."""
    chips = state.content.chips
    state.tasks.append(Task(Phase.RESOLVE))
    asked = False
    for s in range(state.n):
        chip = state.battle.drawn[s]
        if chip >= 0 and chips[chip].kind == "madness" and state.players[s].shield:
            state.battle.choice[s] = WAITING
            asked = True
    if asked:
        state.tasks.append(Task(Phase.SHIELD_OR_ACCEPT))


def resolve(state: WonderlandsWarState, task: Task) -> None:
    """W33-W38: resolve each drawn chip in seat order; shield and reset redraws."""
    c = state.content
    redraw = []
    for s in range(state.n):
        chip = state.battle.drawn[s]
        if chip < 0:
            continue
        state.battle.drawn[s] = -1
        choice = state.battle.choice[s]
        state.battle.choice[s] = NONE
        p = state.players[s]
        cdef = c.chips[chip]
        if cdef.kind != "madness":
            p.active[chip] += 1
            state.battle.strength[s] += cdef.strength
            for fx in cdef.on_draw:
                EFFECTS[fx.effect].apply(state, s, fx)
            continue
        if choice == SHIELD:
            p.shield = False
            if not state.opts.shield_loss_only:
                p.bag[chip] += 1  # W36: back into the bag, draw again
                redraw.append(s)
                continue
            p.track.append(chip)  # G10 variant: on the track, no supporter lost
        else:
            p.track.append(chip)  # W34
            region = state.battle.region
            lost = min(cdef.supporters_lost, state.supporters[region][s])
            state.supporters[region][s] -= lost
            p.reserve += lost
            if state.supporters[region][s] == 0 and not (
                state.opts.bust_all_units and units(state, s, region) > 0
            ):
                _bust(state, s)  # W35
        if len(p.track) >= c.factions[p.faction].madness_slots:  # W38, G11
            for m in p.track:
                p.bag[m] += 1
            p.track = []
            for k, count in enumerate(p.exhaust):
                if count:
                    p.bag[k] += count
                    p.exhaust[k] = 0
            if state.battle.status[s] == DRAWING and not state.opts.no_reset_draw:
                redraw.append(s)
    if redraw:
        state.tasks.append(Task(Phase.REVEAL))
        for s in reversed(redraw):
            state.tasks.append(Task(Phase.DRAW_CHIP, s))


def _bust(state: WonderlandsWarState, seat: int) -> None:
    """W35, W37: out of the battle at strength 0; drawn chips exhausted; shield ready."""
    p = state.players[seat]
    state.battle.status[seat] = BUST
    state.battle.strength[seat] = 0
    for chip, k in enumerate(p.active):
        if k:
            p.exhaust[chip] += k
            p.active[chip] = 0
    p.shield = True
    p.busts += 1
    hook(state, seat, "on_bust")


def _half(state: WonderlandsWarState, award: int) -> int:
    """Second place's half of ``award``."""
    return (award + 1) // 2 if state.opts.half_round_up else award // 2  # G4


def battle_end(state: WonderlandsWarState, task: Task) -> None:
    """W43-W48: awards, quests' feats, abilities, forging and wagers."""
    region = state.battle.region
    fighters = [s for s in range(state.n) if state.battle.status[s] != OUT]
    alive = [s for s in fighters if state.battle.status[s] != BUST]
    award = round_award(state)
    state.tasks.append(Task(Phase.CLEANUP))
    uncontested = len(fighters) == 1
    firsts: list[int] = []
    decide: list[int] = []
    if uncontested and alive:  # W45, G25
        s = alive[0]
        if not state.opts.resistance or state.battle.strength[s] >= state.opts.resistance:
            firsts = [s]
            decide = [s]
    elif alive:
        top = max(state.battle.strength[s] for s in alive)
        firsts = [s for s in alive if state.battle.strength[s] == top]
        rest = [s for s in alive if state.battle.strength[s] < top]
        if len(firsts) == 1:  # W43
            w = firsts[0]
            state.players[w].vp_battles += award
            place_castle(state, w, region)
        else:  # W44, G6
            decide = firsts
        if rest and (len(firsts) == 1 or state.opts.next_best_half):
            second = max(state.battle.strength[s] for s in rest)
            seconds = [s for s in rest if state.battle.strength[s] == second]
            half = _half(state, award)
            if len(seconds) > 1 and state.opts.tied_second_nothing:  # G5
                half = 0
            elif len(seconds) > 1 and state.opts.split_half:
                half = half // len(seconds)
            for s in seconds:
                state.players[s].vp_battles += half
    state.battle.first = firsts
    strengths, statuses = tuple(state.battle.strength), tuple(state.battle.status)
    state.log.append((state.round, region, strengths, statuses, tuple(firsts)))
    # W46 order: quests, abilities, forging, wagers (wagers settle at once: no choices)
    if state.opts.wagers:
        _settle_wagers(state, firsts)
    for s in reversed(fighters):
        if state.battle.forge[s] and any(state.players[s].active):
            for _ in range(state.battle.forge[s]):
                state.tasks.append(Task(Phase.FORGE, s))
    for s in reversed(firsts):
        hook(state, s, "on_win")
    for s in fighters:
        _feat(state, s, s in firsts, uncontested)
    for s in reversed(decide):
        if state.players[s].castles_left > 0 or state.opts.move_castle:
            state.tasks.append(Task(Phase.CHOOSE_AWARD, s))
        else:
            state.players[s].vp_battles += award  # G7: no castle left, the award only


def _feat(state: WonderlandsWarState, seat: int, won: bool, uncontested: bool) -> None:
    """W46, W50: at most one quest feat per battle."""
    p = state.players[seat]
    c = state.content
    for i, q in enumerate(p.quests):
        if p.feats[i]:
            continue
        feat = c.quests[q].feat
        if FEAT_FNS[feat.type](state, seat, feat, won, uncontested):
            p.feats[i] = True
            return


def _settle_wagers(state: WonderlandsWarState, firsts: list[int]) -> None:
    """W48: a right bet gains the weak ally chip, a wrong one a shard."""
    weak = state.content.ally_sets[state.ally_set].weak if state.ally_set >= 0 else -1
    for s in range(state.n):
        bet = state.wagers[s]
        if bet >= 0 and bet != NO_BET:
            if bet in firsts:
                if weak >= 0:
                    gain_chips(state, s, weak, 1)
            else:
                state.players[s].shards += state.content.rules.wager_shard_penalty
        state.wagers[s] = NONE


def cleanup(state: WonderlandsWarState, task: Task) -> None:
    """W47, G14: the chips drawn in the battle go to the exhaust pile."""
    for s in range(state.n):
        p = state.players[s]
        if state.battle.status[s] != OUT:
            target = p.bag if state.opts.active_to_bag else p.exhaust
            for chip, k in enumerate(p.active):
                if k:
                    target[chip] += k
                    p.active[chip] = 0
        state.battle.status[s] = OUT
        state.battle.strength[s] = 0
        state.battle.forge[s] = 0
        state.battle.choice[s] = NONE
    state.battle.region = -1


def round_end(state: WonderlandsWarState, task: Task) -> None:
    """W2, W52, G16, G18: clear the table; leaders and supporters go home before next round."""
    c = state.content
    state.table = [-1] * len(c.spaces)
    state.occupant = [-1] * len(c.spaces)
    if state.round >= c.rules.rounds:
        state.tasks.append(Task(Phase.FINAL))
    else:
        state.tasks.append(Task(Phase.START_ROUND, round=state.round + 1))
        if state.opts.token_advances:
            state.marker = (state.marker + 1) % len(c.regions)
        for s, p in enumerate(state.players):
            p.region = -1
            if not state.opts.supporters_persist:
                for row in state.supporters:
                    p.reserve += row[s]
                    row[s] = 0
    for s in reversed(range(state.n)):
        hook(state, s, "round_end")
