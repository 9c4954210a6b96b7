"""A table's log is a function of its stored history: the same lines, in the same order, at
the same version, on the process that runs the table and on one that follows it, whoever
committed the rows and in how many batches."""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import ClientConnection

from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from tests.support import ServerProcess
from wonderland.core import get_game
from wonderland.games.wonderdice.live import start
from wonderland.server.table_log import LogBook, event_key, row_key

from .test_processes import join, pair  # noqa: F401 - two processes on one database

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

WATCH_SECONDS = 30.0
"""How long at most both spectators watch a table of bots race."""

WATCH_LINES = 8
"""Each spectator stops watching once its log holds this many lines (a loaded machine takes
longer to get there)."""


def test_a_line_that_comes_late_takes_its_place_and_is_sent_again_from_there() -> None:
    book = LogBook()
    book.add(row_key(0), {None: "row 0", 0: "row 0, seat 0's view"})
    book.add(row_key(1), {None: "row 1", 0: None})  # nothing for seat 0
    book.add(row_key(2), {None: "row 2", 0: "row 2"})
    assert book.take_rewrites() == {}
    book.add(event_key(1, 7), {None: "event before row 1", 0: "event before row 1"})
    book.add(row_key(1), {None: "row 1 again"})  # told already: kept once
    assert book.lines[None] == ["row 0", "event before row 1", "row 1", "row 2"]
    assert book.lines[0] == ["row 0, seat 0's view", "event before row 1", "row 2"]
    assert book.take_rewrites() == {None: 1, 0: 1}
    assert book.take_rewrites() == {}
    other = LogBook()
    other.add(row_key(3), {None: "row 3"})
    other.add(row_key(2), {None: "row 2"})
    book.merge(other)
    assert book.lines[None][-2:] == ["row 2", "row 3"]


def test_the_live_log_is_the_same_however_the_actions_were_batched() -> None:
    game = get_game("wonderdice")
    config = game.make_config(2, {"deal": "in_order", "countdown_ms": "0", "roll_cooldown_ms": "0"})
    one = start(config, 11, {})
    played = 0
    while played < 40 and one.driver.state.phase.name == "PLAY":
        seat = played % 2
        one.roll(seat)
        legal = one.legal(seat)
        one.act(seat, legal[-1])
        played += 1
    actions = list(one.driver.actions)
    batched = [(row, lines) for row, lines in one.log_lines(len(actions)) if lines]
    again = start(config, 11, {})  # told one action at a time
    again.driver.actions[:] = actions
    single = []
    for upto in range(1, len(actions) + 1):
        single += [(row, lines) for row, lines in again.log_lines(upto) if lines]
    assert batched == single
    assert len(batched) >= 10  # a line for each action, not one per batch


def logs_by_version(
    ws: ClientConnection, seconds: float, lines: int | None = None
) -> dict[int, list[str]]:
    """Every state's whole log, by version, that arrives within ``seconds`` (or until the log
    holds ``lines`` lines)."""
    log: list[str] = []
    seen: dict[int, list[str]] = {}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            message: dict[str, Any] = json.loads(ws.recv(timeout=0.5))
        except TimeoutError:
            continue
        if message["type"] == "state":
            log = log[: message["log_start"]] + message["log"]
            seen[message["version"]] = list(log)
            if lines is not None and len(log) >= lines:
                break
    return seen


@pytest.mark.slow
def test_spectators_on_both_processes_read_the_same_wonderdice_log(
    pair: tuple[ServerProcess, ServerProcess],  # noqa: F811
) -> None:
    a, b = pair
    body = {
        "game": "wonderdice",
        "seats": [{"kind": "bot", "bot": "random"}] * 2,
        "variants": {"roll_cooldown_ms": "200", "countdown_ms": "400"},
    }
    created = httpx.post(f"{a.url}/api/tables", json=body, timeout=10)
    assert created.status_code == 200, created.text
    table = created.json()["table"]
    on_a, on_b = join(a, table, None), join(b, table, None)  # a runs the table, b follows
    with ThreadPoolExecutor(2) as both:
        watching = [
            both.submit(logs_by_version, ws, WATCH_SECONDS, WATCH_LINES) for ws in (on_a, on_b)
        ]
        seen_a, seen_b = (watch.result() for watch in watching)
    common = sorted(set(seen_a) & set(seen_b))
    assert common, "the two spectators saw no version in common"
    last = common[-1]
    assert len(seen_a[last]) > 3
    for version in common:
        assert seen_a[version] == seen_b[version], version
