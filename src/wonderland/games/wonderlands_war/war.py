"""The war: battles region by region, draws, madness, busts, awards (W30-W48)."""

from __future__ import annotations

from wonderland.games.wonderlands_war import actions as act
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

_FORGE = act.BASE["forge"]


def units(st: WonderlandsWarState, seat: int, region: int) -> int:
    """Units of ``seat`` in ``region``: supporters, the leader and Wonderlandian figures."""
    p = st.players[seat]
    return (
        st.supporters[region][seat]
        + (p.region == region)
        + sum(1 for _, r in p.figures if r == region)
    )


def starting_strength(st: WonderlandsWarState, seat: int, region: int) -> int:
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


def forge_moves(st: WonderlandsWarState, seat: int) -> list[int]:
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
                out.append(_FORGE + t * MAX_CHIPS + chip)
    if out:
        out.append(act.NO_FORGE)
    return out


def forge(st: WonderlandsWarState, seat: int, action: int) -> None:
    """W40: forge the action's chip onto the next slot of its track; the slot acts."""
    p = st.players[seat]
    t, chip = divmod(action - _FORGE, MAX_CHIPS)
    track = st.content.factions[p.faction].forge_tracks[t]
    p.active[chip] -= 1
    slot = len(p.forged[t])
    p.forged[t].append(chip)
    if len(p.forged[t]) == len(track.slots):
        push_fx(st, seat, track.on_complete)
    push_fx(st, seat, track.slots[slot])


def castle_elsewhere(st: WonderlandsWarState, seat: int) -> int:
    """A region other than the battle's where ``seat`` has a castle (-1: none)."""
    for r, row in enumerate(st.castles):
        if row[seat] and r != st.b_region:
            return r
    return -1


def place_castle(st: WonderlandsWarState, seat: int, region: int) -> None:
    """W43, G7: place a castle; without one left, move one only under the variant."""
    p = st.players[seat]
    if p.castles_left > 0:
        p.castles_left -= 1
        st.castles[region][seat] += 1
    elif st.opts.move_castle:
        other = castle_elsewhere(st, seat)
        if other >= 0:
            st.castles[other][seat] -= 1
            st.castles[region][seat] += 1


def round_award(st: WonderlandsWarState) -> int:
    """The battle region's award this round (W4, W43)."""
    return st.content.tiles[st.tiles[st.b_region]][st.round - 1]


def battle(st: WonderlandsWarState, task: Task) -> None:
    """W30: the next battle in order; W45 uncontested; W48 wagers."""
    index = task.value
    if index >= len(st.order):
        st.tasks.append(Task(Phase.ROUND_END))
        return
    region = st.order[index]
    st.tasks.append(Task(Phase.NEXT_BATTLE, value=index + 1))
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
    st.tasks.append(Task(Phase.BATTLE_END))
    lone = len(fighters) == 1
    if lone and not st.opts.resistance:
        st.b_status[fighters[0]] = HALTED
    else:
        st.tasks.append(Task(Phase.BATTLE_STEP, value=0))
        for s in reversed(fighters):
            hook(st, s, "battle_start")
    if st.opts.wagers and not lone:
        bettors = [s for s in range(st.n) if st.b_status[s] == OUT]
        if bettors:
            for s in bettors:
                st.wagers[s] = WAITING
            st.tasks.append(Task(Phase.WAGER))


def _highest_other(st: WonderlandsWarState, seat: int) -> int:
    best = st.opts.resistance if st.opts.resistance else -1
    for s in range(st.n):
        if s != seat and st.b_status[s] in (DRAWING, HALTED):
            best = max(best, st.b_strength[s])
    return best


def _battle_over(st: WonderlandsWarState) -> bool:
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


def step(st: WonderlandsWarState, task: Task) -> None:
    """W33, W39, G12, G15: everyone still drawing draws or stops, together."""
    if _battle_over(st):
        return
    first = task.value == 0 and not st.opts.halt_anytime
    st.tasks.append(Task(Phase.BATTLE_STEP, value=task.value + 1))
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
        st.tasks.append(Task(Phase.DRAW_OR_STOP))
    else:
        start_draws(st)


def _empty_bag_reset(st: WonderlandsWarState, seat: int) -> bool:
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


def start_draws(st: WonderlandsWarState) -> None:
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
        st.tasks.append(Task(Phase.REVEAL))
        for s in reversed(draws):
            st.tasks.append(Task(Phase.DRAW_CHIP, s))


def _halt(st: WonderlandsWarState, seat: int) -> None:
    """W39, W40: halting keeps the strength; a battle-track forge icon grants a forge."""
    st.b_status[seat] = HALTED
    if st.b_strength[seat] in st.content.rules.battle_track_forge_icons:
        st.b_forge[seat] += 1
    hook(st, seat, "on_halt")


def cannot_draw(st: WonderlandsWarState, seat: int) -> None:
    """G15: a bag that is empty when a draw is due halts its owner."""
    if st.b_status[seat] == DRAWING:
        _halt(st, seat)


def reveal(st: WonderlandsWarState, task: Task) -> None:
    """W36: a drawn madness chip with a ready shield: its owner may use the shield."""
    chips = st.content.chips
    st.tasks.append(Task(Phase.RESOLVE))
    asked = False
    for s in range(st.n):
        chip = st.b_drawn[s]
        if chip >= 0 and chips[chip].kind == "madness" and st.players[s].shield:
            st.b_choice[s] = WAITING
            asked = True
    if asked:
        st.tasks.append(Task(Phase.SHIELD_OR_ACCEPT))


def resolve(st: WonderlandsWarState, task: Task) -> None:
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
                EFFECTS[fx.effect].apply(st, s, fx)
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
        st.tasks.append(Task(Phase.REVEAL))
        for s in reversed(redraw):
            st.tasks.append(Task(Phase.DRAW_CHIP, s))


def _bust(st: WonderlandsWarState, seat: int) -> None:
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
    hook(st, seat, "on_bust")


def _half(st: WonderlandsWarState, award: int) -> int:
    """Second place's half of ``award``."""
    return (award + 1) // 2 if st.opts.half_round_up else award // 2  # G4


def battle_end(st: WonderlandsWarState, task: Task) -> None:
    """W43-W48: awards, quests' feats, abilities, forging and wagers."""
    region = st.b_region
    fighters = [s for s in range(st.n) if st.b_status[s] != OUT]
    alive = [s for s in fighters if st.b_status[s] != BUST]
    award = round_award(st)
    st.tasks.append(Task(Phase.CLEANUP))
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
            place_castle(st, w, region)
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
                st.tasks.append(Task(Phase.FORGE, s))
    for s in reversed(firsts):
        hook(st, s, "on_win")
    for s in fighters:
        _feat(st, s, s in firsts, uncontested)
    for s in reversed(decide):
        if st.players[s].castles_left > 0 or st.opts.move_castle:
            st.tasks.append(Task(Phase.CHOOSE_AWARD, s))
        else:
            st.players[s].vp_battles += award  # G7: no castle left, the award only


def _feat(st: WonderlandsWarState, seat: int, won: bool, uncontested: bool) -> None:
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


def _settle_wagers(st: WonderlandsWarState, firsts: list[int]) -> None:
    """W48: a right bet gains the weak ally chip, a wrong one a shard."""
    weak = st.content.ally_sets[st.ally_set].weak if st.ally_set >= 0 else -1
    for s in range(st.n):
        bet = st.wagers[s]
        if bet >= 0 and bet != NO_BET:
            if bet in firsts:
                if weak >= 0:
                    gain_chips(st, s, weak, 1)
            else:
                st.players[s].shards += st.content.rules.wager_shard_penalty
        st.wagers[s] = NONE


def cleanup(st: WonderlandsWarState, task: Task) -> None:
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


def round_end(st: WonderlandsWarState, task: Task) -> None:
    """W2, W52, G16, G18: clear the table; leaders and supporters go home before next round."""
    c = st.content
    st.table = [-1] * len(c.spaces)
    st.occupant = [-1] * len(c.spaces)
    if st.round >= c.rules.rounds:
        st.tasks.append(Task(Phase.FINAL))
    else:
        st.tasks.append(Task(Phase.START_ROUND, value=st.round + 1))
        if st.opts.token_advances:
            st.marker = (st.marker + 1) % len(c.regions)
        for s, p in enumerate(st.players):
            p.region = -1
            if not st.opts.supporters_persist:
                for row in st.supporters:
                    p.reserve += row[s]
                    row[s] = 0
    for s in reversed(range(st.n)):
        hook(st, s, "round_end")
