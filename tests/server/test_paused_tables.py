"""A table where bots play every seat pauses on a server that does not host tables of bots
only, whatever the route (the host hands the last person's seat to a bot, starts with bots
in every empty seat, or a clock hands it over): nothing is committed while it is paused,
everyone is told why, and it goes on when a person takes a seat back. A restart keeps it
paused; a server that allows bot tables lets it play on."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from tests.support import ServerProcess
from wonderland.server.live_table import PAUSED
from wonderland.store import Store

from .conftest import make_app
from .seating_support import create, join, log_of, play_to_end, send, state_where, until

PERSON_AND_BOT = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
QUIET_SECONDS = 1.0
"""How long a paused table is watched for a move (its bots move at once when they may)."""


def rows(client: TestClient, table: str) -> int:
    """How many actions the table has stored."""
    stored = client.app.state.manager.store.load(table)  # type: ignore[attr-defined]
    return len(stored.actions)


def stays_still(client: TestClient, table: str) -> int:
    """The table's stored actions, the same after a while: nothing is committed."""
    before = rows(client, table)
    time.sleep(QUIET_SECONDS)
    assert rows(client, table) == before
    live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
    assert live.version == before
    return before


def is_paused(state: dict[str, Any]) -> bool:
    return state["paused"] is not None


def hand_last_person_to_bot(client: TestClient) -> tuple[str, str, str]:
    """A Parade table of a person and a bot whose host hands the person's seat to a bot;
    the table, the person's token and the host token."""
    created = create(client, "parade", PERSON_AND_BOT, start_player="0")
    table, token, host = created["table"], created["seats"][0]["token"], created["host_token"]
    with client.websocket_connect("/ws") as h:
        _, dealt = join(h, table, None, host=host)
        if dealt["to_move"] != [0]:
            state_where(h, lambda s: s["to_move"] == [0])  # dealt: the person's move
        send(h, {"type": "host", "do": "to_bot", "seat": 0})
        paused = state_where(h, is_paused)
    assert paused["paused"] == PAUSED and paused["legal"] == []
    assert [seat["kind"] for seat in paused["seats"]] == ["bot", "bot"]
    assert paused["to_move"] == [0]  # the bot now playing seat 0 would move at once
    return table, token, host


def back_and_play_to_end(client: TestClient, table: str, token: str) -> None:
    """The person opens their seat's link: the seat is theirs again and the game goes on."""
    with client.websocket_connect("/ws") as a:
        join(a, table, token)
        back = state_where(a, lambda s: not is_paused(s) and s["seats"][0]["kind"] == "human")
        play_to_end({0: a}, first={0: back})
    assert rows(client, table) > 2


def test_the_host_handing_the_last_person_to_a_bot_pauses_until_their_link(
    tmp_path: Path,
) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, token, _ = hand_last_person_to_bot(client)
        stays_still(client, table)
        back_and_play_to_end(client, table, token)
        assert any("took the seat back from the bot" in line for line in log_of(client, table))


def test_a_paused_table_stays_paused_over_a_restart(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, token, _ = hand_last_person_to_bot(client)
        paused_at = stays_still(client, table)
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        with client.websocket_connect("/ws") as watcher:
            _, seen = join(watcher, table, None)
            assert seen["paused"] == PAUSED and seen["version"] == paused_at
        assert stays_still(client, table) == paused_at
        back_and_play_to_end(client, table, token)


def test_starting_with_bots_in_every_seat_pauses_until_a_new_link_is_opened(
    tmp_path: Path,
) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        seats = [{"kind": "open"}, {"kind": "bot", "bot": "random"}]
        created = create(client, "parade", seats, start_player="0")
        table, host = created["table"], created["host_token"]
        with client.websocket_connect("/ws") as h:
            join(h, table, None, host=host)
            send(h, {"type": "host", "do": "start"})
            paused = state_where(h, is_paused)
            assert paused["paused"] == PAUSED and not paused["waiting"]
            stays_still(client, table)
            send(h, {"type": "host", "do": "reissue", "seat": 0})  # a link for the bot's seat
            link = until(h, "seat_link")
            assert link["seat"] == 0
            stays_still(client, table)  # a link alone does not wake the table
        back_and_play_to_end(client, table, link["token"])
        lines = log_of(client, table)
        assert any("made a link for player 1's seat" in line for line in lines)


def test_a_clock_handing_the_last_person_to_a_bot_pauses_until_the_host_gives_it_back(
    tmp_path: Path,
) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        control = {"kind": "turn_based", "move_seconds": 0.5, "on_timeout": "replace_by_bot"}
        body = {
            "game": "parade",
            "seats": PERSON_AND_BOT,
            "variants": {"start_player": "0"},
            "time_control": control,
        }
        created = client.post("/api/tables", json=body).json()
        table, token, host = created["table"], created["seats"][0]["token"], created["host_token"]
        with client.websocket_connect("/ws") as a:
            join(a, table, token, host=host)
            paused = state_where(a, is_paused)  # seat 0 does not move: its time runs out
            assert paused["seats"][0]["handed"] and paused["legal"] == []
            assert paused["clocks"]["seats"] == []  # no person's clock runs
            at = stays_still(client, table)
            send(a, {"type": "host", "do": "to_person", "seat": 0})
            back = state_where(a, lambda s: not is_paused(s) and bool(s["legal"]))
            send(a, {"type": "act", "version": back["version"], "action": back["legal"][0]["id"]})
            state_where(a, lambda s: s["version"] > at + 1)
        assert rows(client, table) > at + 1  # the person's move, and the game went on


def test_a_server_that_allows_bot_tables_lets_them_play_on(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0, allow_bot_tables=True)) as client:
        created = create(client, "parade", PERSON_AND_BOT, start_player="0")
        table, host = created["table"], created["host_token"]
        with client.websocket_connect("/ws") as h:
            join(h, table, None, host=host)
            send(h, {"type": "host", "do": "to_bot", "seat": 0})
            over = state_where(h, lambda s: s["finished"])
            assert over["paused"] is None


@pytest.fixture
def pair(tmp_path: Path, postgres_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:  # noqa: F811
    """Two server processes on one PostgreSQL database that do not host bot tables."""
    flags = ("--db", postgres_url, "--bot-workers", "0")
    servers = (
        ServerProcess(tmp_path / "a", flags=flags),
        ServerProcess(tmp_path / "b", flags=flags),
    )
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


@pytest.mark.slow
def test_a_table_paused_on_one_process_is_paused_on_both_and_goes_on_from_either(
    pair: tuple[ServerProcess, ServerProcess],
    postgres_url: str,  # noqa: F811
) -> None:
    """Process a runs the table (its lease); the host hands the last person's seat to a bot
    on process b: a takes no step either. The person's link, opened on b, gives the seat back
    and a's bot answers the person's move."""
    a, b = pair
    body = {"game": "parade", "seats": PERSON_AND_BOT, "variants": {"start_player": "0"}}
    created = httpx.post(f"{a.url}/api/tables", json=body, timeout=10).json()
    table, token, host = created["table"], created["seats"][0]["token"], created["host_token"]
    store = Store(postgres_url)
    try:
        with connect(b.url.replace("http", "ws") + "/ws") as h:
            h.send(json.dumps({"type": "hello", "table": table, "token": None, "host": host}))
            arrived(h, lambda m: m.get("to_move") == [0])  # dealt: the person's move
            h.send(json.dumps({"type": "host", "do": "to_bot", "seat": 0}))
            arrived(h, lambda m: m.get("paused") == PAUSED)
        with connect(a.url.replace("http", "ws") + "/ws") as watcher:
            watcher.send(json.dumps({"type": "hello", "table": table, "token": None}))
            arrived(watcher, lambda m: m.get("paused") == PAUSED)  # a follows b's event
        paused_at = len(store.actions_since(table, 0)[0])
        time.sleep(QUIET_SECONDS * 2)
        assert len(store.actions_since(table, 0)[0]) == paused_at
        with connect(b.url.replace("http", "ws") + "/ws") as person:
            person.send(json.dumps({"type": "hello", "table": table, "token": token}))
            back = arrived(person, lambda m: m.get("paused") is None and bool(m.get("legal")))
            move = {"type": "act", "version": back["version"], "action": back["legal"][0]["id"]}
            person.send(json.dumps(move))
            arrived(person, lambda m: m.get("version", 0) > back["version"] + 2)  # a's bot
    finally:
        store.close()


def arrived(ws: ClientConnection, test: Any) -> dict[str, Any]:
    """The first message for which ``test(message)`` holds (within 20 s of quiet)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if test(message):
            return message
