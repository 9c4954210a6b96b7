"""Plain text pictures of a Wonderland's War table, and words for actions."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from wonderland.core.words import counted
from wonderland.games.wonderlands_war import rules
from wonderland.games.wonderlands_war.actions import (
    AWARD_CASTLE,
    HEAD,
    REGION_ACTIONS,
    STOP,
    Accept,
    Action,
    AwardCastle,
    AwardVictoryPoints,
    BuildCastle,
    ChooseFaction,
    DealCard,
    DealTile,
    Draw,
    DrawAllySet,
    DrawChip,
    DrawQuest,
    Forge,
    Head,
    KeepQuest,
    Move,
    NoForge,
    NoWager,
    PickAlly,
    PickWonderlandian,
    PlaceLeader,
    PlaceWonderlandian,
    RevealWonderlandian,
    RollDie,
    Shield,
    StartPlayer,
    Stop,
    SupportAll,
    SupportOne,
    Wager,
    decode,
    to_text,
)
from wonderland.games.wonderlands_war.content_values import Content
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


def provisional_mark(content: Content, rid: str) -> str:
    """`` (provisional)`` after a name of our own design (not the printed game's)."""
    return " (provisional)" if rid in content.provisional_ids else ""


def faction_name(state: WonderlandsWarState, seat: int) -> str:
    """The faction of ``seat`` (or ``seat N`` before factions are chosen)."""
    f = state.players[seat].faction
    return state.content.factions[f].name if f >= 0 else f"seat {seat + 1}"


def faction_label(state: WonderlandsWarState, seat: int) -> str:
    """A faction as the table's log names it, never to be read as a person's name (a player
    may be called Alice too): ``the Alice faction`` (before factions are chosen, the seat)."""
    f = state.players[seat].faction
    return f"the {state.content.factions[f].name} faction" if f >= 0 else faction_name(state, seat)


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


def card_text(content: Content, card: int, marked: bool = True) -> str:
    """One line for a tea party card: supporters, shard die icon and effects per half
    (``marked``: with its provisional mark; a log line leaves it to the table's picture)."""
    c = content.cards[card]
    halves = [half_text(content, card, h) for h in range(len(c.halves))]
    mark = provisional_mark(content, c.id) if marked else ""
    return f"{c.name}{mark}: " + " | ".join(halves)


_PLAIN_WORDS: dict[type[Action], str] = {
    Head: "move to the Head of the Table: roll the shard die, refill, then go on",
    Draw: "draw a chip",
    Stop: "stop (keep your strength)",
    Shield: "flip the shield: the madness chip goes back and you draw again",
    Accept: "keep the madness chip",
    AwardVictoryPoints: "take the victory points",
    AwardCastle: "place a castle",
    NoForge: "do not forge",
    NoWager: "no bet",
    DrawQuest: "a quest is drawn",
}
"""Actions told in the same words whatever the situation."""
_WAGER_STATUS = {DRAWING: "drawing", HALTED: "stopped", BUST: "bust"}
_REGION_WORDS: dict[type[Action], str] = {
    PlaceLeader: "place the leader in {r}",
    SupportAll: "place all supporters in {r}",
    SupportOne: "place one supporter in {r}",
    BuildCastle: "build a castle in {r}",
    PlaceWonderlandian: "place the Wonderlandian in {r}",
}


def describe(
    state: WonderlandsWarState, action: int, name: Callable[[int], str] | None = None
) -> str:
    """A sentence for ``action`` in the situation of ``state`` (chance outcomes included;
    ``name``: how a seat is named, its faction's name unless given)."""
    return _describe(state, decode(action), name)


def _describe(
    state: WonderlandsWarState, typed: Action, name: Callable[[int], str] | None = None
) -> str:
    plain = _PLAIN_WORDS.get(type(typed))
    if plain is not None:
        return plain
    if isinstance(typed, REGION_ACTIONS):
        regions = state.content.regions
        where = regions[typed.region] if typed.region < len(regions) else typed.region
        return _REGION_WORDS[type(typed)].format(r=where)
    if isinstance(typed, (DealTile, DrawAllySet, RevealWonderlandian, DealCard)):
        return _describe_deal(state, typed)
    return _describe_choice(state, typed, name or partial(faction_name, state))


def _chip_name(content: Content, chip: int) -> str:
    return content.chips[chip].name if chip < len(content.chips) else str(chip)


def _describe_choice(state: WonderlandsWarState, action: Action, name: Callable[[int], str]) -> str:
    """A sentence for a seat's choice, a bag draw, a die roll or the start player."""
    c = state.content
    match action:
        case Move(space, half):
            card = state.table[space]
            what = card_text(c, card, marked=False) if card >= 0 else "card"
            split = card >= 0 and len(c.cards[card].halves) > 1
            return f"move to space {space} and take {what}" + (
                f" (half {'AB'[half]})" if split else ""
            )
        case PickWonderlandian(slot):
            w = state.market[slot]
            return f"take {c.wonderlandians[w].name if w >= 0 else '?'} from the market"
        case PickAlly(chip):
            return f"gain chip {_chip_name(c, chip)}"
        case DrawChip(seat, chip):
            return f"{name(seat)} draws {_chip_name(c, chip)}"
        case KeepQuest(index):
            return f"keep quest {index + 1}"
        case ChooseFaction(faction):
            return f"play {c.factions[faction].name}" if faction < len(c.factions) else "faction"
        case Forge(track, chip):
            return f"forge chip {c.chips[chip].name} onto forge track {track + 1}"
        case Wager(seat):
            return f"bet on {name(seat)}"
        case RollDie(seat, face):
            return f"{name(seat)} rolls {counted(c.die_faces[face], 'shard')}"
        case StartPlayer(seat):
            return f"{name(seat)} starts"
    return to_text(action)


def _describe_deal(
    state: WonderlandsWarState, action: DealTile | DrawAllySet | RevealWonderlandian | DealCard
) -> str:
    """A sentence for a set-up or refill deal: a tile, the ally set, a market figure, a card."""
    c = state.content
    task = state.tasks[-1] if state.tasks else None
    match action:
        case DealTile(tile) if tile < len(c.tile_ids):
            awards = "/".join(str(x) for x in c.tiles[tile])
            region = c.regions[task.region if task else 0]
            return f"{region} will award {awards} VP in rounds 1/2/3 (its tile)"
        case DrawAllySet(ally_set) if ally_set < len(c.ally_sets):
            allies = ", ".join(_chip_name(c, chip) for chip in c.ally_sets[ally_set].chips)
            return f"the allies in play: {allies}"
        case RevealWonderlandian(w) if w < len(c.wonderlandians):
            return f"{c.wonderlandians[w].name} is revealed in the market"
        case DealCard(card) if card < len(c.cards):
            return (
                f"{card_text(c, card, marked=False)} is dealt to space {task.space if task else 0}"
            )
    return to_text(action)


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
        lines += _tea_table_lines(state)
    lines += _region_lines(state)
    if state.battle.region >= 0:
        lines.append(f"Battle in {c.regions[state.battle.region]}:")
        for s in range(state.n):
            if state.battle.status[s] in _STATUS:
                lines.append(
                    f"  {faction_name(state, s)}: strength {state.battle.strength[s]} "
                    f"({_STATUS[state.battle.status[s]]})"
                )
    lines.append("Players:")
    for s, p in enumerate(state.players):
        if p.faction >= 0:
            lines += _player_lines(state, s, seat)
    return "\n".join(lines)


def _tea_table_lines(state: WonderlandsWarState) -> list[str]:
    """The tea table's spaces in use, who stands on each, and the Wonderlandian market."""
    c = state.content
    lines = ["Tea table (clockwise):"]
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
    market = [c.wonderlandians[w] for w in state.market if w >= 0]
    figures = ", ".join(
        f"{w.name}{provisional_mark(c, w.id)} "
        + (f"(figure {w.strength})" if w.figure else f"({counted(w.chips, 'chip')})")
        for w in market
    )
    lines.append("Wonderlandian market: " + (figures or "empty"))
    return lines


def _region_lines(state: WonderlandsWarState) -> list[str]:
    """Each region's award and marks, and every seat's pieces there."""
    c = state.content
    lines = ["Regions:"]
    for r, name in enumerate(c.regions):
        marks = " [battle marker]" if r == state.marker else ""
        if state.battle.region == r:
            marks += " [BATTLE]"
        tile = state.tiles[r]
        award = c.tiles[tile][state.round - 1] if tile >= 0 else "?"
        lines.append(f"  {name}{provisional_mark(c, c.region_ids[r])}: award {award} VP{marks}")
        for s, p in enumerate(state.players):
            if units(state, s, r) == 0 and state.castles[r][s] == 0:
                continue
            bits = [counted(state.supporters[r][s], "supporter")]
            if p.region == r:
                bits.append("leader")
            bits += [c.wonderlandians[w].name for w, fr in p.figures if fr == r]
            if state.castles[r][s]:
                bits.append(counted(state.castles[r][s], "castle"))
            lines.append(f"    {faction_name(state, s)}: {', '.join(bits)}")
    return lines


def _player_lines(state: WonderlandsWarState, s: int, seat: int | None) -> list[str]:
    """Seat ``s``'s score, counters, bag, cards and quests (hidden unless ``s`` is ``seat``)."""
    c = state.content
    p = state.players[s]
    me = " (you)" if s == seat else ""
    mark = provisional_mark(c, c.factions[p.faction].id)
    quests = (
        ", ".join(c.quests[q].name for q in p.quests if q >= 0)
        if seat is None or s == seat
        else f"{len(p.quests)} hidden"
    )
    lines = [
        f"  {faction_name(state, s)}{me}{mark}: score {score_parts(state, s)['total']}"
        f"{' + hidden quests' if any(q < 0 for q in p.quests) else ''}, shards {p.shards}, "
        f"shield {'up' if p.shield else 'used'}, madness {len(p.track)}/"
        f"{c.factions[p.faction].madness_slots}, reserve {p.reserve}, "
        f"castles left {p.castles_left}, cards {len(p.cards)}",
        f"      bag: {bag_counts(state, s)}",
    ]
    if p.cards:
        lines.append(f"      cards this round: {', '.join(c.cards[k].name for k in p.cards)}")
    lines.append(f"      quests: {quests}")
    if state.battle.choice[s] == HIDDEN:
        lines.append("      (has chosen)")
    return lines


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
    typed = decode(action)
    if isinstance(typed, REGION_ACTIONS):
        return _region_option(state, seat, typed)
    p = state.players[seat]
    match typed:
        case Move(space, half):
            return _move_option(state, space, half)
        case Head():
            return "move to the Head of the Table", "roll the shard die, refill the plates, go on"
        case PickWonderlandian(slot):
            return _market_option(state, slot)
        case PickAlly(chip):
            return f"gain the ally chip {c.chips[chip].name}", f"strength {c.chips[chip].strength}"
        case KeepQuest(index):
            quest = p.pair[index] if index < len(p.pair) else -1
            if quest < 0:
                return f"keep quest {index + 1}", ""
            q = c.quests[quest]
            return f"keep {q.name}{provisional_mark(c, q.id)}", quest_parts(state, quest)
        case ChooseFaction(faction):
            return f"play {c.factions[faction].name}", faction_text(c, faction)
        case Forge(track, chip):
            forge_track = c.factions[p.faction].forge_tracks[track]
            slot = len(p.forged[track])
            gives = ", ".join(fx.effect.replace("_", " ") for fx in forge_track.slots[slot])
            return (
                f"forge {c.chips[chip].name} onto {forge_track.name}",
                f"slot {slot + 1}: {gives or 'nothing'}",
            )
    return _battle_option(state, seat, typed)


def _move_option(state: WonderlandsWarState, space: int, half: int) -> tuple[str, str]:
    """Moving to a plate: the card there (the half taken, for a split card)."""
    c = state.content
    card = state.table[space]
    if card < 0:
        return f"move to plate {space}", ""
    if len(c.cards[card].halves) > 1:
        name = f"{c.cards[card].name}{provisional_mark(c, c.cards[card].id)}"
        return f"move to plate {space}", f"{name}, half {'AB'[half]}: {half_text(c, card, half)}"
    return f"move to plate {space}", card_text(c, card)


def _market_option(state: WonderlandsWarState, slot: int) -> tuple[str, str]:
    """Taking a Wonderlandian: a figure's strength, or the chips it brings."""
    c = state.content
    w = state.market[slot]
    if w < 0:
        return "take a Wonderlandian from the market", ""
    wl = c.wonderlandians[w]
    what = (
        f"a figure of strength {wl.strength}"
        if wl.figure
        else f"{wl.chips} {c.chips[wl.chip].name} chip{'s' if wl.chips > 1 else ''}"
    )
    return f"take {wl.name}{provisional_mark(c, wl.id)} from the market", what


def _region_option(
    state: WonderlandsWarState,
    seat: int,
    action: PlaceLeader | SupportAll | SupportOne | BuildCastle | PlaceWonderlandian,
) -> tuple[str, str]:
    """A piece to a region, with what the region holds already."""
    c = state.content
    regions = c.regions
    known = action.region < len(regions)
    region = regions[action.region] if known else str(action.region)
    where = region_summary(state, action.region, seat) if known else ""
    task = state.tasks[-1] if state.tasks else None
    match action:
        case PlaceLeader():
            return f"place the leader in {region}", where
        case SupportAll():
            left = min(task.left, state.players[seat].reserve) if task else 0
            many = {0: "no supporter", 1: "the supporter", 2: "both supporters"}.get(
                left, f"all {left} supporters"
            )
            return f"place {many} in {region}", where
        case SupportOne():
            return f"place one supporter in {region}", where
        case BuildCastle():
            return f"build a castle in {region}", where
    w = task.wonderlandian if task else -1
    name = c.wonderlandians[w].name if 0 <= w < len(c.wonderlandians) else "the figure"
    return f"place {name} in {region}", where


def _battle_option(state: WonderlandsWarState, seat: int, action: Action) -> tuple[str, str]:
    """A battle's choice: stop, madness kept, an award, a wager (or the action's sentence)."""
    c = state.content
    match action:
        case Stop():
            return f"stop at strength {state.battle.strength[seat]}", "keep it for this battle"
        case Accept():
            chip = state.battle.drawn[seat]
            lost = c.chips[chip].supporters_lost if chip >= 0 else 1
            return "keep the madness chip", (
                "1 supporter goes home" if lost == 1 else f"{lost} supporters go home"
            )
        case AwardVictoryPoints():
            return f"take the {region_award(state, state.battle.region)} VP", ""
        case AwardCastle():
            return f"place a castle in {c.regions[state.battle.region]}", ""
        case Wager(target):
            status = _WAGER_STATUS.get(state.battle.status[target], "")
            return (
                f"bet on {faction_name(state, target)}",
                f"strength {state.battle.strength[target]}, {status}",
            )
    return _describe(state, action), ""


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
    if phase in (Phase.TEA_TURN, Phase.TEA_CONTINUE):
        out += _tea_unavailable(state, seat, legal, phase)
    elif phase == Phase.PLACE_SUPPORTERS and not c.factions[p.faction].split_supporters:
        out.append((-1, "split the supporters", "only the Queen of Hearts splits (W22)"))
    elif phase == Phase.CHOOSE_AWARD and AWARD_CASTLE not in legal:
        out.append((-1, "place a castle", "no castle left (G7)"))
    elif phase == Phase.DRAW_OR_STOP and STOP not in legal:
        out.append((-1, "stop", "the first draw is mandatory (W39)"))
    elif phase == Phase.FORGE:
        tracks = c.factions[p.faction].forge_tracks
        for t, track in enumerate(tracks):
            if len(p.forged[t]) >= len(track.slots):
                out.append((-1, f"forge onto {track.name}", "the track is full (W40)"))
    return out


def _tea_unavailable(
    state: WonderlandsWarState, seat: int, legal: list[int], phase: Phase
) -> list[MenuEntry]:
    """The plates, the Head of the Table and the regions a tea turn cannot go to, and why."""
    c = state.content
    p = state.players[seat]
    typed = [decode(a) for a in legal]
    limit_reached = all(isinstance(a, PlaceLeader) for a in typed)
    reachable = {a.space for a in typed if isinstance(a, Move)}
    out: list[MenuEntry] = []
    for pos, need in enumerate(c.spaces):
        if pos == c.head or pos in reachable:
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
        out.append((-1, f"plate {pos}" + (f" ({card_text(c, card)})" if card >= 0 else ""), why))
    if HEAD not in legal:
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
            (-1, "place the leader in a region", "only with the card limit or no move (W26, G19)")
        )
    return out
