"""Tables brought to a mid-game position for the table screen's tests and pictures: every seat
is a person's (so nothing moves once the players stop), each named, and the players make
seeded random moves over the websocket until the position asked for is reached.

    with Players(server.url, seated(server.url, "wonderlands_war", 3)) as players:
        players.play_until(at_battle(8), random.Random(1))
        page.goto(players.screen)
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import httpx2 as httpx
from websockets.sync.client import ClientConnection, connect

NAMES = ["Ana", "Bruno", "Chloé", "Dev", "Edgar", "Fern"]
"""The players' names, seat by seat."""
QUICK = {"roll_cooldown_ms": "200", "countdown_ms": "0"}
"""Wonderdice: quick rolls and no countdown, so a race reaches mid-game in seconds."""
State = dict[str, Any]


def seated(base: str, game: str, people: int, **variants: str) -> dict[str, Any]:
    """A new table of ``people`` seats taken by persons (the creation's answer: links, tokens)."""
    seats = [{"kind": "human"}] * people
    body = {"game": game, "seats": seats, "variants": variants}
    answer = httpx.post(f"{base}/api/tables", json=body, timeout=10)
    assert answer.status_code == 200, answer.text
    created: dict[str, Any] = answer.json()
    return created


class Players:
    """The persons at a table, each on their own websocket (named, and ready for a race),
    until closed: a table whose players are away shows them so, and a race pauses."""

    def __init__(self, base: str, table: dict[str, Any]) -> None:
        self.base = base
        self.table = table
        self.sockets: list[ClientConnection] = []
        self.stack = ExitStack()
        self.states: list[State | None] = []
        self.rolled: dict[int, float] = {}

    def __enter__(self) -> Players:
        url = self.base.replace("http", "ws", 1) + "/ws"
        for i, seat in enumerate(self.table["seats"]):
            ws = self.stack.enter_context(connect(url))
            self.sockets.append(ws)
            hello = {"type": "hello", "table": self.table["table"], "token": seat["token"]}
            for message in (hello, {"type": "name", "name": NAMES[i]}, {"type": "ready"}):
                ws.send(json.dumps(message))
        self.states = [None] * len(self.sockets)
        return self

    def __exit__(self, *_: object) -> None:
        self.stack.close()

    @property
    def screen(self) -> str:
        """The table screen's public link."""
        return f"{self.base}/t/{self.table['table']}/screen"

    def play_until(
        self, done: Callable[[State], bool], rng: random.Random, seconds: float = 60
    ) -> State:
        """Every seat plays a seeded random legal move (a real-time seat rolls when it has
        none) until ``done`` holds for the newest state; that state. Fails after ``seconds``."""
        deadline = time.monotonic() + seconds
        changed = time.monotonic()
        while time.monotonic() < deadline:
            before = list(self.states)
            self.states = [
                _latest(ws, known) for ws, known in zip(self.sockets, self.states, strict=True)
            ]
            if self.states == before:
                time.sleep(0.01)  # nothing new came: wait a little for the server's answer
            else:
                changed = time.monotonic()
            newest = max((s for s in self.states if s), key=lambda s: s["version"], default=None)
            if newest is not None and not newest["ready_check"] and done(newest):
                quiet = time.monotonic() - changed >= QUIET
                if quiet and _settled(self.states, newest["version"]):
                    return newest
                continue  # a move sent may not be answered yet: it may change the position
            if newest is not None and newest["finished"]:
                break
            _move(self.sockets, self.states, rng, self.rolled)
        newest = max((s for s in self.states if s), key=lambda s: s["version"], default=None)
        where = "no state" if newest is None else _where(newest)
        raise AssertionError(
            f"the table did not reach the position asked for in {seconds} s: {where}"
        )


QUIET = 1.0
"""Seconds without news before a position is taken: a move sent in a decision made by all
at once may be answered first by a state sent before the server took it."""


def _settled(states: list[State | None], version: int) -> bool:
    """Every seat has a state after its last move and sees ``version``."""
    return all(state is not None and state["version"] == version for state in states)


def _where(state: State) -> str:
    """Where a table stands, in a few words (for a failure's message)."""
    view = state["view"]
    parts = [f"version {state['version']}", f"finished {state['finished']}"]
    parts += [f"waiting {state['waiting']}", f"ready check {bool(state['ready_check'])}"]
    for key in ("round", "phase"):
        if isinstance(view, dict) and key in view:
            parts.append(f"{key} {view[key]}")
    if (
        isinstance(view, dict)
        and "players" in view
        and view["players"]
        and "placed" in view["players"][0]
    ):
        parts.append("placed " + " ".join(str(len(p["placed"])) for p in view["players"]))
    return ", ".join(parts)


ROLL_GAP = 0.4
"""Seconds between two rolls of one seat: a person's pace, not a loop's (the server refuses
rolls that come too fast, and closes a socket that sends many)."""


def _latest(ws: ClientConnection, known: State | None) -> State | None:
    """The newest state message waiting on ``ws`` (``known`` when none came)."""
    while True:
        try:
            message = json.loads(ws.recv(timeout=0))
        except TimeoutError:
            return known
        if message["type"] == "state":
            known = message


def _move(
    sockets: list[ClientConnection],
    states: list[State | None],
    rng: random.Random,
    rolled: dict[int, float],
) -> str:
    """One seat that may act makes a random move (or each seat with no move rolls, in a
    real-time race, at most once in ``ROLL_GAP``: ``rolled`` keeps when each seat last
    rolled); what was done: "moved", "rolled" or ""."""
    done = ""
    for seat in rng.sample(range(len(sockets)), len(sockets)):
        state = states[seat]
        if state is None or state["ready_check"] or state["waiting"]:
            continue
        if state["legal"]:
            action = _choose(state["legal"], rng)
            message = {"type": "act", "version": state["version"], "action": action}
            sockets[seat].send(json.dumps(message))
            states[seat] = None  # wait for the answer before acting again
            return "moved"
        if state["live"] is not None and time.monotonic() - rolled.get(seat, 0.0) > ROLL_GAP:
            sockets[seat].send(json.dumps({"type": "roll"}))
            rolled[seat] = time.monotonic()
            done = "rolled"
    return done


def _choose(legal: list[State], rng: random.Random) -> int:
    """A random legal action; in a race, mostly one that moves the seat on (not a block)."""
    ahead = [a for a in legal if a.get("info", {}).get("kind") == "advance"]
    return int(rng.choice(ahead if ahead and rng.random() < 0.8 else legal)["id"])


def at_battle(strength: int) -> Callable[[State], bool]:
    """Wonderland's War: a battle of two factions or more in the war, whose strengths add up
    to ``strength`` or more."""

    def reached(state: State) -> bool:
        view = state["view"]
        fighting = sum(1 for status in view["b_status"] if status > 0)
        started = bool(view["war"]) and view["b_region"] >= 0
        return started and fighting >= 2 and sum(view["b_strength"]) >= strength

    return reached


def told(lines: int) -> Callable[[State], bool]:
    """A turn game: its log tells ``lines`` lines or more, and a person is to move."""
    return lambda state: state["log_start"] + len(state["log"]) >= lines and bool(state["to_move"])


def raced(dice: int) -> Callable[[State], bool]:
    """Wonderdice: ``dice`` dice or more in the rows in all, in a round's race (the first,
    unless a seat's row was done before: the rolls' timing decides)."""

    def reached(state: State) -> bool:
        view = state["view"]
        placed = sum(len(p["placed"]) for p in view["players"])
        return view["phase"] == "play" and placed >= dice

    return reached


def in_tea_party(cards: int) -> Callable[[State], bool]:
    """Wonderland's War: the first tea party, every faction chosen, ``cards`` tea cards taken
    or more in all."""

    def reached(state: State) -> bool:
        view = state["view"]
        players = view["players"]
        chosen = all(p["faction"] >= 0 for p in players)
        taken = sum(len(p["cards"]) for p in players)
        return not view["war"] and chosen and taken >= cards and bool(state["to_move"])

    return reached


def finished(state: State) -> bool:
    """Any game: the game is over."""
    return bool(state["finished"])
