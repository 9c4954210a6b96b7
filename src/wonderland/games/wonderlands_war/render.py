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


def faction_name(st: WonderlandsWarState, seat: int) -> str:
    """The faction of ``seat`` (or ``seat N`` before factions are chosen)."""
    f = st.players[seat].faction
    return st.content.factions[f].name if f >= 0 else f"seat {seat}"


def card_text(content: Content, card: int) -> str:
    """One line for a tea party card: supporters, shard die icon and effects per half."""
    c = content.cards[card]
    halves = []
    for h in c.halves:
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
        halves.append(", ".join(bits) or "nothing")
    return f"{c.name}{_p(content, c.id)}: " + " | ".join(halves)


def describe(st: WonderlandsWarState, action: int) -> str:
    """A sentence for ``action`` in the situation of ``st`` (chance outcomes included)."""
    c = st.content
    a = act.decode(action)
    k = a.kind
    regions = c.regions
    if k == "move":
        space = a.target
        card = st.table[space]
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
        w = st.market[a.target]
        name = c.wonderlandians[w].name if w >= 0 else "?"
        return f"take {name} from the market"
    if k in ("ally", "chip"):
        chip = a.target if k == "ally" else a.option
        name = c.chips[chip].name if chip < len(c.chips) else str(chip)
        return f"gain chip {name}" if k == "ally" else f"{faction_name(st, a.target)} draws {name}"
    if k == "keep":
        return f"keep quest {a.target + 1}"
    if k == "faction":
        return f"play {c.factions[a.target].name}" if a.target < len(c.factions) else "faction"
    if k == "forge":
        return f"forge chip {c.chips[a.option].name} onto forge track {a.target + 1}"
    if k == "wager":
        return f"bet on {faction_name(st, a.target)}"
    if k == "die":
        return f"{faction_name(st, a.target)} rolls {c.die_faces[a.option]} shard(s)"
    if k == "start":
        return f"{faction_name(st, a.target)} starts"
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
    where = st.tasks[-1].value if st.tasks else 0  # the region of a tile, space of a card
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


def bag_counts(st: WonderlandsWarState, seat: int) -> str:
    """``name x count`` for the chips in ``seat``'s bag (counts only, no order)."""
    p = st.players[seat]
    parts = [f"{st.content.chips[i].name} x{k}" for i, k in enumerate(p.bag) if k]
    return ", ".join(parts) or "empty"


def render(st: WonderlandsWarState, seat: int | None) -> str:
    """The table as text: tea table, regions, battle, players."""
    c = st.content
    lines = [f"Round {st.round} of {c.rules.rounds} - {'war' if st.war else 'tea party'}"]
    if not st.war:
        lines.append("Tea table (clockwise):")
        for pos, need in enumerate(c.spaces):
            if pos != c.head and need > st.n:
                continue
            who = [faction_name(st, s) for s, p in enumerate(st.players) if p.pos == pos]
            card = st.table[pos] if pos < len(st.table) else -1
            text = (
                "Head of the Table (shard die)"
                if pos == c.head
                else (card_text(c, card) if card >= 0 else "-")
            )
            lines.append(f"  [{pos:2}] {text}" + (f"   <- {', '.join(who)}" if who else ""))
    if not st.war:
        market = [c.wonderlandians[w] for w in st.market if w >= 0]
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
        marks = " [battle marker]" if r == st.marker else ""
        if st.b_region == r:
            marks += " [BATTLE]"
        tile = st.tiles[r]
        award = c.tiles[tile][st.round - 1] if tile >= 0 else "?"
        lines.append(f"  {name}{_p(c, c.region_ids[r])}: award {award} VP{marks}")
        for s, p in enumerate(st.players):
            if units(st, s, r) == 0 and st.castles[r][s] == 0:
                continue
            bits = [f"{st.supporters[r][s]} supporters"]
            if p.region == r:
                bits.append("leader")
            figs = [c.wonderlandians[w].name for w, fr in p.figures if fr == r]
            bits += figs
            if st.castles[r][s]:
                bits.append(f"{st.castles[r][s]} castle(s)")
            lines.append(f"    {faction_name(st, s)}: {', '.join(bits)}")
    if st.b_region >= 0:
        lines.append(f"Battle in {c.regions[st.b_region]}:")
        for s in range(st.n):
            if st.b_status[s] in _STATUS:
                lines.append(
                    f"  {faction_name(st, s)}: strength {st.b_strength[s]} "
                    f"({_STATUS[st.b_status[s]]})"
                )
    lines.append("Players:")
    for s, p in enumerate(st.players):
        if p.faction < 0:
            continue
        sp = score_parts(st, s)
        me = " (you)" if s == seat else ""
        quests = (
            ", ".join(c.quests[q].name for q in p.quests if q >= 0)
            if seat is None or s == seat
            else f"{len(p.quests)} hidden"
        )
        lines.append(
            f"  {faction_name(st, s)}{me}{_p(c, c.factions[p.faction].id)}: score {sp['total']}"
            f"{' + hidden quests' if any(q < 0 for q in p.quests) else ''}, shards {p.shards}, "
            f"shield {'up' if p.shield else 'used'}, madness {len(p.track)}/"
            f"{c.factions[p.faction].madness_slots}, reserve {p.reserve}, "
            f"castles left {p.castles_left}, cards {len(p.cards)}"
        )
        lines.append(f"      bag: {bag_counts(st, s)}")
        if p.cards:
            lines.append(f"      cards this round: {', '.join(c.cards[k].name for k in p.cards)}")
        lines.append(f"      quests: {quests}")
        if st.b_choice[s] == HIDDEN:
            lines.append("      (has chosen)")
    return "\n".join(lines)


MenuEntry = tuple[int, str, str]
"""(action id or -1, text, reason it is unavailable or "")."""


def menu(st: WonderlandsWarState, seat: int) -> list[MenuEntry]:
    """Every option of ``seat``'s current decision: legal ones, then unavailable ones with
    the reason (clause) they cannot be taken."""
    c = st.content
    legal = rules.legal(st, seat)
    out: list[MenuEntry] = [(a, describe(st, a), "") for a in legal]
    if not st.tasks:
        return out
    phase = st.tasks[-1].phase
    p = st.players[seat]
    taken = set(legal)
    if phase in (Phase.TEA_TURN, Phase.TEA_CONTINUE):
        limit_reached = all(act.decode(a).kind == "leader" for a in legal)
        for pos, need in enumerate(c.spaces):
            if pos == c.head or any(
                act.decode(a).kind == "move" and act.decode(a).target == pos for a in legal
            ):
                continue
            if need > st.n:
                why = f"not used with {st.n} players (W9)"
            elif st.occupant[pos] >= 0:
                why = f"occupied by {faction_name(st, st.occupant[pos])} (W19)"
            elif st.table[pos] < 0:
                why = "no card on it (W19)"
            elif limit_reached:
                why = "you hold the card limit: place your leader (W26)"
            else:
                why = "beyond the Head of the Table: stop there first (W24, W25)"
            out.append((-1, f"space {pos}", why))
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
