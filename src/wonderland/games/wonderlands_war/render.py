"""Plain text pictures of a Wonderland's War table, and words for actions."""

from __future__ import annotations

from wonderland.games.wonderlands_war import actions as act
from wonderland.games.wonderlands_war import rules
from wonderland.games.wonderlands_war.content import Content
from wonderland.games.wonderlands_war.scoring import score_parts
from wonderland.games.wonderlands_war.state import (
    BUST,
    DRAWING,
    HALTED,
    HIDDEN,
    Phase,
    WonderlandsWarState,
)
from wonderland.games.wonderlands_war.war import units

_STATUS = {DRAWING: "drawing", HALTED: "halted", BUST: "BUST"}


def _p(content: Content, rid: str) -> str:
    return "*" if rid in content.provisional_ids else ""


def faction_name(state: WonderlandsWarState, seat: int) -> str:
    """The faction of ``seat`` (or ``seat N`` before factions are chosen)."""
    f = state.players[seat].faction
    return state.content.factions[f].name if f >= 0 else f"seat {seat}"


def half_text(content: Content, card: int, half: int) -> str:
    """One half of a tea party card: supporters, the shard die icon, then its effects."""
    h = content.cards[card].halves[half]
    bits = []
    if h.supporters:
        bits.append(f"{h.supporters} supporter{'s' if h.supporters > 1 else ''}")
    if h.shard_die:
        bits.append("shard die")
    for fx in h.effects:
        word = fx.effect.replace("_", " ")
        if fx.chip >= 0:
            word += f" {content.chips[fx.chip].name}"
        bits.append(word + (f" x{fx.n}" if fx.n != 1 else ""))
    return ", ".join(bits) or "nothing"


def card_text(content: Content, card: int) -> str:
    """One line for a tea party card: supporters, shard die icon and effects per half."""
    c = content.cards[card]
    halves = [half_text(content, card, h) for h in range(len(c.halves))]
    return f"{c.name}{_p(content, c.id)}: " + " | ".join(halves)


def describe(state: WonderlandsWarState, action: int) -> str:
    """A sentence for ``action`` in the situation of ``state`` (chance outcomes included)."""
    c = state.content
    a = act.decode(action)
    k = a.kind
    regions = c.regions
    if k == "move":
        space = a.target
        card = state.table[space]
        what = card_text(c, card) if card >= 0 else "card"
        half = f" (half {'AB'[a.option]})" if card >= 0 and len(c.cards[card].halves) > 1 else ""
        return f"move to space {space} and take {what}{half}"
    if k == "head":
        return "move to the Head of the Table: roll the shard die, refill, then go on"
    simple = {
        "leader": "place the leader in {r}",
        "support_all": "place all supporters in {r}",
        "support_one": "place one supporter in {r}",
        "castle": "build a castle in {r}",
        "place_wl": "place the Wonderlandian in {r}",
    }
    if k in simple:
        return simple[k].format(r=regions[a.target] if a.target < len(regions) else a.target)
    if k == "pick_wl":
        w = state.market[a.target]
        name = c.wonderlandians[w].name if w >= 0 else "?"
        return f"take {name} from the market"
    if k in ("ally", "chip"):
        chip = a.target if k == "ally" else a.option
        name = c.chips[chip].name if chip < len(c.chips) else str(chip)
        return (
            f"gain chip {name}" if k == "ally" else f"{faction_name(state, a.target)} draws {name}"
        )
    if k == "keep":
        return f"keep quest {a.target + 1}"
    if k == "faction":
        return f"play {c.factions[a.target].name}" if a.target < len(c.factions) else "faction"
    if k == "forge":
        return f"forge chip {c.chips[a.option].name} onto forge track {a.target + 1}"
    if k == "wager":
        return f"bet on {faction_name(state, a.target)}"
    if k == "die":
        return f"{faction_name(state, a.target)} rolls {c.die_faces[a.option]} shard(s)"
    if k == "start":
        return f"{faction_name(state, a.target)} starts"
    words = {
        "draw": "draw a chip",
        "stop": "stop (keep your strength)",
        "shield": "flip the shield: the madness chip goes back and you draw again",
        "accept": "keep the madness chip",
        "award_vp": "take the victory points",
        "award_castle": "place a castle",
        "no_forge": "do not forge",
        "no_wager": "no bet",
        "quest": "a quest is drawn",
    }
    where = state.tasks[-1].value if state.tasks else 0  # the region of a tile, space of a card
    if k == "tile" and a.target < len(c.tile_ids):
        awards = "/".join(str(x) for x in c.tiles[a.target])
        return f"tile {c.tile_ids[a.target]} ({awards} VP) goes to {regions[where]}"
    if k == "ally_set" and a.target < len(c.ally_sets):
        return f"ally set {c.ally_sets[a.target].id} is in play"
    if k == "wl" and a.target < len(c.wonderlandians):
        return f"{c.wonderlandians[a.target].name} is revealed in the market"
    if k == "card" and a.target < len(c.cards):
        return f"{card_text(c, a.target)} is dealt to space {where}"
    return words.get(k, act.action_to_string(action))


def bag_counts(state: WonderlandsWarState, seat: int) -> str:
    """``name x count`` for the chips in ``seat``'s bag (counts only, no order)."""
    p = state.players[seat]
    parts = [f"{state.content.chips[i].name} x{k}" for i, k in enumerate(p.bag) if k]
    return ", ".join(parts) or "empty"


def render(state: WonderlandsWarState, seat: int | None) -> str:
    """The table as text: tea table, regions, battle, players."""
    c = state.content
    lines = [f"Round {state.round} of {c.rules.rounds} - {'war' if state.war else 'tea party'}"]
    if not state.war:
        lines.append("Tea table (clockwise):")
        for pos, need in enumerate(c.spaces):
            if pos != c.head and need > state.n:
                continue
            who = [faction_name(state, s) for s, p in enumerate(state.players) if p.pos == pos]
            card = state.table[pos] if pos < len(state.table) else -1
            text = (
                "Head of the Table (shard die)"
                if pos == c.head
                else (card_text(c, card) if card >= 0 else "-")
            )
            lines.append(f"  [{pos:2}] {text}" + (f"   <- {', '.join(who)}" if who else ""))
    if not state.war:
        market = [c.wonderlandians[w] for w in state.market if w >= 0]
        lines.append(
            "Wonderlandian market: "
            + (
                ", ".join(
                    f"{w.name}{_p(c, w.id)} "
                    + (f"(figure {w.strength})" if w.figure else f"({w.chips} chips)")
                    for w in market
                )
                or "empty"
            )
        )
    lines.append("Regions:")
    for r, name in enumerate(c.regions):
        marks = " [battle marker]" if r == state.marker else ""
        if state.b_region == r:
            marks += " [BATTLE]"
        tile = state.tiles[r]
        award = c.tiles[tile][state.round - 1] if tile >= 0 else "?"
        lines.append(f"  {name}{_p(c, c.region_ids[r])}: award {award} VP{marks}")
        for s, p in enumerate(state.players):
            if units(state, s, r) == 0 and state.castles[r][s] == 0:
                continue
            bits = [f"{state.supporters[r][s]} supporters"]
            if p.region == r:
                bits.append("leader")
            figs = [c.wonderlandians[w].name for w, fr in p.figures if fr == r]
            bits += figs
            if state.castles[r][s]:
                bits.append(f"{state.castles[r][s]} castle(s)")
            lines.append(f"    {faction_name(state, s)}: {', '.join(bits)}")
    if state.b_region >= 0:
        lines.append(f"Battle in {c.regions[state.b_region]}:")
        for s in range(state.n):
            if state.b_status[s] in _STATUS:
                lines.append(
                    f"  {faction_name(state, s)}: strength {state.b_strength[s]} "
                    f"({_STATUS[state.b_status[s]]})"
                )
    lines.append("Players:")
    for s, p in enumerate(state.players):
        if p.faction < 0:
            continue
        sp = score_parts(state, s)
        me = " (you)" if s == seat else ""
        quests = (
            ", ".join(c.quests[q].name for q in p.quests if q >= 0)
            if seat is None or s == seat
            else f"{len(p.quests)} hidden"
        )
        lines.append(
            f"  {faction_name(state, s)}{me}{_p(c, c.factions[p.faction].id)}: score {sp['total']}"
            f"{' + hidden quests' if any(q < 0 for q in p.quests) else ''}, shards {p.shards}, "
            f"shield {'up' if p.shield else 'used'}, madness {len(p.track)}/"
            f"{c.factions[p.faction].madness_slots}, reserve {p.reserve}, "
            f"castles left {p.castles_left}, cards {len(p.cards)}"
        )
        lines.append(f"      bag: {bag_counts(state, s)}")
        if p.cards:
            lines.append(f"      cards this round: {', '.join(c.cards[k].name for k in p.cards)}")
        lines.append(f"      quests: {quests}")
        if state.b_choice[s] == HIDDEN:
            lines.append("      (has chosen)")
    return "\n".join(lines)


def short_names(state: WonderlandsWarState, seat: int | None = None) -> list[str]:
    """A short name per seat for narrow columns (``Queen`` for the Queen of Hearts, ``Hatter``
    for the Mad Hatter, ``you`` for ``seat``); full names where two short ones would clash."""
    names = []
    for s in range(state.n):
        full = faction_name(state, s)
        short = full.split(" of ")[0].split()[-1] if " of " in full else full.split()[-1]
        names.append(short[:10] if state.players[s].faction >= 0 else full)
    if len(set(names)) < len(names):
        names = [faction_name(state, s) for s in range(state.n)]
    if seat is not None:
        names[seat] = "you"
    return names


def unit_cell(state: WonderlandsWarState, seat: int, region: int) -> str:
    """``seat``'s pieces in ``region``: supporters, L (leader), F (figures), C (castles)."""
    p = state.players[seat]
    bits = [str(state.supporters[region][seat])] if state.supporters[region][seat] else []
    if p.region == region:
        bits.append("L")
    figures = sum(1 for _, r in p.figures if r == region)
    if figures:
        bits.append(f"F{figures}" if figures > 1 else "F")
    if state.castles[region][seat]:
        bits.append(f"C{state.castles[region][seat]}")
    return " ".join(bits)


def region_award(state: WonderlandsWarState, region: int) -> str:
    """The region's first-place award this round (``?`` before its tile is dealt)."""
    tile = state.tiles[region]
    return str(state.content.tiles[tile][state.round - 1]) if tile >= 0 else "?"


def region_summary(state: WonderlandsWarState, region: int, seat: int | None) -> str:
    """``4 VP, battle marker: you 3 L, Jabberwock 5 C1`` (``seat`` is ``you``)."""
    names = short_names(state, seat)
    units = [f"{names[s]} {cell}" for s in range(state.n) if (cell := unit_cell(state, s, region))]
    marker = ", battle marker" if region == state.marker else ""
    return f"{region_award(state, region)} VP{marker}: {', '.join(units) or 'nobody'}"


_FEATS = {
    "win_region": "win a battle in {region}",
    "reach_strength": "reach strength {n} in a battle without busting",
    "win_uncontested": "win an uncontested battle",
}
_OBJECTIVES = {
    "castles": "{n} castles on the board at the end",
    "castles_in_region": "a castle in {region} at the end",
    "retinue": "{n} Wonderlandians in your retinue at the end",
    "max_shards": "at most {n} shards at the end",
}


def condition_text(content: Content, kind: str, n: int, region: int) -> str:
    """A quest feat or objective in words."""
    template = _FEATS.get(kind) or _OBJECTIVES.get(kind) or kind.replace("_", " ") + " {n}"
    if kind == "castles_in_region" and n > 1:
        template = "{n} castles in {region} at the end"
    name = content.regions[region] if 0 <= region < len(content.regions) else "?"
    return template.format(n=n, region=name)


def quest_parts(state: WonderlandsWarState, quest: int) -> str:
    """The quest's feat and objective with their points, and both together (W50, W51, G1)."""
    c = state.content
    q = c.quests[quest]
    three = state.opts.quest_3_3_9
    feat_points, objective_points = (3, 3) if three else (q.feat_points, q.objective_points)
    both = 9 if three else 2 * (q.feat_points + q.objective_points)
    feat = condition_text(c, q.feat.type, q.feat.n, q.feat.region)
    objective = condition_text(c, q.objective.type, q.objective.n, q.objective.region)
    return f"feat {feat_points}: {feat}; objective {objective_points}: {objective}; both {both}"


def faction_text(content: Content, faction: int) -> str:
    """What sets a faction apart, in one line (numbers all factions share are left out)."""
    f = content.factions[faction]
    bits = []
    if any(g.leader_strength != f.leader_strength for g in content.factions):
        bits.append(f"leader strength {'/'.join(str(x) for x in f.leader_strength)}")
    if any(g.madness_slots != f.madness_slots for g in content.factions):
        bits.append(f"madness track {f.madness_slots}")
    bits.append(f"artifact {content.chips[f.artifact_chip].name}")
    if f.abilities:
        bits.append(f"ability {f.abilities[0].name}")
    if f.counterclockwise:
        bits.append("moves counter-clockwise")
    if f.split_supporters:
        bits.append("may split supporters")
    return ", ".join(bits)


def option(state: WonderlandsWarState, seat: int, action: int) -> tuple[str, str]:
    """``seat``'s option ``action`` as the menu words it (what it does, and the detail that
    goes in brackets after it: the card, the region, the quest's parts...)."""
    c = state.content
    a = act.decode(action)
    k = a.kind
    p = state.players[seat]
    regions = c.regions
    region = regions[a.target] if a.target < len(regions) else str(a.target)
    if k == "move":
        card = state.table[a.target]
        if card < 0:
            return f"move to plate {a.target}", ""
        if len(c.cards[card].halves) > 1:
            name = f"{c.cards[card].name}{_p(c, c.cards[card].id)}"
            half = f"{name}, half {'AB'[a.option]}: {half_text(c, card, a.option)}"
            return f"move to plate {a.target}", half
        return f"move to plate {a.target}", card_text(c, card)
    if k == "head":
        return "move to the Head of the Table", "roll the shard die, refill the plates, go on"
    if k in ("leader", "support_all", "support_one", "castle", "place_wl"):
        where = region_summary(state, a.target, seat) if a.target < len(regions) else ""
        task = state.tasks[-1] if state.tasks else None
        if k == "leader":
            return f"place the leader in {region}", where
        if k == "support_all":
            left = min(task.value, p.reserve) if task else 0
            many = {0: "no supporter", 1: "the supporter", 2: "both supporters"}.get(
                left, f"all {left} supporters"
            )
            return f"place {many} in {region}", where
        if k == "support_one":
            return f"place one supporter in {region}", where
        if k == "castle":
            return f"build a castle in {region}", where
        w = task.value if task else -1
        name = c.wonderlandians[w].name if 0 <= w < len(c.wonderlandians) else "the figure"
        return f"place {name} in {region}", where
    if k == "pick_wl":
        w = state.market[a.target]
        if w < 0:
            return "take a Wonderlandian from the market", ""
        wl = c.wonderlandians[w]
        what = (
            f"a figure of strength {wl.strength}"
            if wl.figure
            else f"{wl.chips} {c.chips[wl.chip].name} chip{'s' if wl.chips > 1 else ''}"
        )
        return f"take {wl.name}{_p(c, wl.id)} from the market", what
    if k == "ally":
        ally = c.chips[a.target]
        return f"gain the ally chip {ally.name}", f"strength {ally.strength}"
    if k == "keep":
        quest = p.pair[a.target] if a.target < len(p.pair) else -1
        if quest < 0:
            return f"keep quest {a.target + 1}", ""
        q = c.quests[quest]
        return f"keep {q.name}{_p(c, q.id)}", quest_parts(state, quest)
    if k == "faction":
        return f"play {c.factions[a.target].name}", faction_text(c, a.target)
    if k == "forge":
        track = c.factions[p.faction].forge_tracks[a.target]
        slot = len(p.forged[a.target])
        gives = ", ".join(fx.effect.replace("_", " ") for fx in track.slots[slot]) or "nothing"
        return f"forge {c.chips[a.option].name} onto {track.name}", f"slot {slot + 1}: {gives}"
    if k == "stop":
        return f"stop at strength {state.b_strength[seat]}", "keep it for this battle"
    if k == "accept":
        chip = state.b_drawn[seat]
        lost = c.chips[chip].supporters_lost if chip >= 0 else 1
        home = "1 supporter goes home" if lost == 1 else f"{lost} supporters go home"
        return "keep the madness chip", home
    if k == "award_vp":
        return f"take the {region_award(state, state.b_region)} VP", ""
    if k == "award_castle":
        return f"place a castle in {regions[state.b_region]}", ""
    if k == "wager":
        names = {DRAWING: "drawing", HALTED: "stopped", BUST: "bust"}
        status = names.get(state.b_status[a.target], "")
        return (
            f"bet on {faction_name(state, a.target)}",
            f"strength {state.b_strength[a.target]}, {status}",
        )
    return describe(state, action), ""


def option_text(state: WonderlandsWarState, seat: int, action: int) -> str:
    """The option's menu words with its detail in brackets."""
    words, detail = option(state, seat, action)
    return f"{words} ({detail})" if detail else words


MenuEntry = tuple[int, str, str]
"""(action id or -1, text, reason it is unavailable or "")."""


def menu(state: WonderlandsWarState, seat: int) -> list[MenuEntry]:
    """Every option of ``seat``'s current decision: legal ones, then unavailable ones with
    the reason (clause) they cannot be taken."""
    c = state.content
    legal = rules.legal(state, seat)
    out: list[MenuEntry] = [(a, option_text(state, seat, a), "") for a in legal]
    if not state.tasks:
        return out
    phase = state.tasks[-1].phase
    p = state.players[seat]
    taken = set(legal)
    if phase in (Phase.TEA_TURN, Phase.TEA_CONTINUE):
        limit_reached = all(act.decode(a).kind == "leader" for a in legal)
        for pos, need in enumerate(c.spaces):
            if pos == c.head or any(
                act.decode(a).kind == "move" and act.decode(a).target == pos for a in legal
            ):
                continue
            if need > state.n:
                why = f"not used with {state.n} players (W9)"
            elif state.occupant[pos] >= 0:
                why = f"occupied by {faction_name(state, state.occupant[pos])} (W19)"
            elif state.table[pos] < 0:
                why = "no card on it (W19)"
            elif limit_reached:
                why = "you hold the card limit: place your leader (W26)"
            else:
                why = "beyond the Head of the Table: stop there first (W24, W25)"
            card = state.table[pos] if need <= state.n else -1
            out.append(
                (-1, f"plate {pos}" + (f" ({card_text(c, card)})" if card >= 0 else ""), why)
            )
        if act.HEAD not in taken:
            why = (
                "already passed this turn (W25)"
                if p.passed_head or phase == Phase.TEA_CONTINUE
                else "you start on it (G17)"
                if p.pos == c.head
                else "place your leader (W26)"
            )
            out.append((-1, "the Head of the Table", why))
        if not limit_reached:
            out.append(
                (
                    -1,
                    "place the leader in a region",
                    "only with the card limit or no move (W26, G19)",
                )
            )
    elif phase == Phase.PLACE_SUPPORTERS and not c.factions[p.faction].split_supporters:
        out.append((-1, "split the supporters", "only the Queen of Hearts splits (W22)"))
    elif phase == Phase.CHOOSE_AWARD and act.AWARD_CASTLE not in taken:
        out.append((-1, "place a castle", "no castle left (G7)"))
    elif phase == Phase.DRAW_OR_STOP and act.STOP not in taken:
        out.append((-1, "stop", "the first draw is mandatory (W39)"))
    elif phase == Phase.FORGE:
        tracks = c.factions[p.faction].forge_tracks
        for t, track in enumerate(tracks):
            if len(p.forged[t]) >= len(track.slots):
                out.append((-1, f"forge onto {track.name}", "the track is full (W40)"))
    return out
