"""What happened to each fighter of a Wonderland's War battle during one step, and why.

A step can run many automatic phases (draws resolved together, abilities, busts): the
:class:`BattleRecorder` watches ``rules.apply`` phase by phase and keeps each change of a
fighter's strength or status with its cause (the chip drawn, the ability, the stop, the bust),
in the order it happened.  :func:`sentence` words one change for the log, with its own subject.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wonderland.core.words import counted
from wonderland.games.wonderlands_war import rules
from wonderland.games.wonderlands_war.stages import BOUNDARIES
from wonderland.games.wonderlands_war.state import BUST, HALTED, Phase, WonderlandsWarState

START, RESULT, CHIP, MADNESS, SHIELD, ABILITY, STOP, EMPTY_BAG, OTHER = (
    "start",
    "result",
    "chip",
    "madness",
    "shield",
    "ability",
    "stop",
    "empty bag",
    "other",
)
"""The causes of a fighter's change."""


@dataclass(frozen=True, slots=True)
class Change:
    """One fighter's change in a battle: its cause (and the chip's or ability's name), the
    strength before and after, the status after, the supporters lost, the battle's region and
    the stage of the step it happened in (how many phases of ``stages.BOUNDARIES`` ran before
    it).  A battle's end is a change of cause ``result`` for no seat, with the index of its
    entry in the state's log."""

    seat: int
    cause: str
    name: str
    old: int
    new: int
    status: int
    lost: int
    where: str
    stage: int
    entry: int = -1


Snapshot = tuple[
    int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[bool, ...]
]
"""A battle's region, strengths, statuses, chips just drawn, supporters in the region and
shields face up."""


def snapshot(state: WonderlandsWarState) -> Snapshot:
    """What the recorder compares from phase to phase."""
    b = state.battle
    region = b.region
    supporters = tuple(state.supporters[region]) if region >= 0 else ()
    shields = tuple(p.shield for p in state.players)
    return region, tuple(b.strength), tuple(b.status), tuple(b.drawn), supporters, shields


class BattleRecorder:
    """A ``rules.apply`` watcher keeping every fighter's change with its cause."""

    def __init__(self, state: WonderlandsWarState) -> None:
        self.changes: list[Change] = []
        self.stage = 0
        self.phase: Phase | None = None
        self.ability = ""
        self.before = snapshot(state)

    def __call__(self, phase: Phase, state: WonderlandsWarState) -> None:
        """Close the phase that ran last, then open ``phase`` (about to run)."""
        self.close(state)
        if phase in BOUNDARIES:
            self.stage += 1
        self.phase = phase
        task = state.tasks[-1]
        self.ability = ability_name(state, task.seat, task.fx) if phase == Phase.EFFECT else ""
        self.before = snapshot(state)

    def close(self, state: WonderlandsWarState) -> None:
        """Keep each change the last phase made to the fighters of the battle."""
        region, strengths, statuses, drawn, supporters, shields = self.before
        now = snapshot(state)
        regions = state.content.regions
        if self.phase == Phase.NEXT_BATTLE and now[0] >= 0:
            for s, status in enumerate(now[2]):
                if status:
                    strength = now[1][s]
                    where = regions[now[0]]
                    self.keep(
                        Change(s, START, "", strength, strength, status, 0, where, self.stage)
                    )
            return
        if self.phase == Phase.BATTLE_END:
            entry = len(state.log) - 1
            self.keep(Change(-1, RESULT, "", 0, 0, 0, 0, regions[region], self.stage, entry))
        if region < 0 or now[0] != region or self.phase in (Phase.BATTLE_END, Phase.CLEANUP):
            return
        for s in range(len(strengths)):
            old, new, status = strengths[s], now[1][s], now[2][s]
            lost = supporters[s] - now[4][s] if supporters else 0
            resolved = self.phase == Phase.RESOLVE and drawn[s] >= 0
            if old == new and status == statuses[s] and not resolved:
                continue
            cause, name = self.cause(state, s, drawn[s], status != statuses[s])
            if cause == MADNESS and shields[s] and not now[5][s]:
                cause = SHIELD
            where = regions[region]
            self.keep(Change(s, cause, name, old, new, status, lost, where, self.stage))

    def cause(
        self, state: WonderlandsWarState, seat: int, drawn: int, status_changed: bool
    ) -> tuple[str, str]:
        """Why ``seat`` changed in the last phase, and the chip's or ability's name."""
        chips = state.content.chips
        if self.phase == Phase.RESOLVE and drawn >= 0:
            chip = chips[drawn]
            return (MADNESS if chip.kind == "madness" else CHIP), chip.name
        if self.phase == Phase.EFFECT and self.ability:
            return ABILITY, self.ability
        if status_changed and state.battle.status[seat] == HALTED:
            return (EMPTY_BAG if self.phase == Phase.BATTLE_STEP else STOP), ""
        return OTHER, ""

    def keep(self, change: Change) -> None:
        """Add one change."""
        self.changes.append(change)


def ability_name(state: WonderlandsWarState, seat: int, fx: object) -> str:
    """The unlocked ability of ``seat`` whose effects hold ``fx`` ("" when none does)."""
    if seat < 0:
        return ""
    p = state.players[seat]
    for ability in state.content.factions[p.faction].abilities[: p.unlocked]:
        if fx in ability.effects:
            return ability.name
    return ""


def battle_changes(state: WonderlandsWarState, actor: int, action: int) -> list[Change]:
    """Every fighter's change, with its cause, in the step ``actor`` plays from ``state``
    (``state`` itself is left as it was)."""
    played = state.clone()
    recorder = BattleRecorder(played)
    rules.apply(played, actor, action, recorder)
    recorder.close(played)
    return recorder.changes


Name = Callable[[int], str]
"""A seat's name in the log (its faction, or ``you``)."""


def possessive(name: str) -> str:
    """``your``, ``Alice's``, ``Queen of Hearts'``."""
    if name == "you":
        return "your"
    return name + ("'" if name.endswith("s") else "'s")


def verb(name: str, third_person: str) -> str:
    """``stops``, or ``stop`` after ``you`` (``is`` → ``are``, ``has`` → ``have``)."""
    if name != "you":
        return third_person
    return {"is": "are", "has": "have"}.get(third_person, third_person.removesuffix("s"))


def sentence(change: Change, name: Name) -> str:
    """One change in words, its fighter the subject: ``Cheshire Cat stops at 12``, ``your
    Strength 1: +1, strength 4 → 5``, ``Jabberwock's Madness sends 1 supporter home``."""
    who = name(change.seat)
    moved = f"strength {change.old} → {change.new}"
    gained = change.new - change.old
    match change.cause:
        case "chip" if not gained:
            return f"{possessive(who)} {change.name} adds no strength (still {change.old})"
        case "chip":
            return f"{possessive(who)} {change.name}: {gained:+}, {moved}"
        case "ability":
            return f"{possessive(who)} ability {change.name}: {gained:+}, {moved}"
        case "stop":
            return f"{who} {verb(who, 'stops')} at {change.old}"
        case "empty bag":
            stops = verb(who, "stops")
            return (
                f"{who} {verb(who, 'has')} no chip left to draw and {stops} at {change.old} (G15)"
            )
        case "shield":
            flips = verb(who, "flips")
            its = "your" if who == "you" else "its"
            return f"{who} {flips} the shield against {its} {change.name} (W36)"
        case "madness":
            return madness_sentence(change, who)
    if change.status == BUST:
        return f"{who} {verb(who, 'is')} bust: {moved}"
    return f"{possessive(who)} {moved}"


def madness_sentence(change: Change, who: str) -> str:
    """A madness chip kept: the supporters it sends home, and the bust it may cause."""
    lost = counted(change.lost, "supporter") if change.lost else "no supporter"
    home = f"{possessive(who)} {change.name} sends {lost} home"
    if change.status != BUST:
        return home
    return (
        f"{home}; with no supporter left in {change.where}, {who} {verb(who, 'is')} bust:"
        f" strength {change.old} → {change.new} (W35)"
    )
