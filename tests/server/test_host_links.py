"""The host can send a new seat link at any time: while the table waits for players, during
the game, while a race is paused for an absent player, after the end (so that a player who
lost their link can still ask for "Play again") and for a seat a rematch keeps for the last
game's player. Each new link works, and the one it replaces is refused."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import make_app
from .seating_support import (
    create,
    first_plays_again,
    join,
    refused,
    send,
    state_where,
    two_people_finish,
    until,
)
from .test_realtime import FAST, ready_up
from .test_realtime import until as race_until

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def new_link(host: Any, seat: int, seen: list[str] | None = None) -> str:
    """The host asks for ``seat``'s new link: its token."""
    send(host, {"type": "host", "do": "reissue", "seat": seat})
    link = until(host, "seat_link", seen)
    assert link["seat"] == seat
    token: str = link["token"]
    return token


def works_instead_of(client: TestClient, table: str, seat: int, new: str, old: str) -> None:
    """The new token opens ``seat``; the old one opens nothing."""
    with client.websocket_connect("/ws") as ws:
        welcome, _ = join(ws, table, new)
        assert welcome["seat"] == seat
    with client.websocket_connect("/ws") as ws:
        send(ws, {"type": "hello", "table": table, "token": old})
        refused(ws, "unauthorized")


def test_a_new_link_while_the_table_waits_and_while_it_plays(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "parade", [{"kind": "human"}, {"kind": "open"}])
        table, host_token = created["table"], created["host_token"]
        old = created["seats"][0]["token"]
        with client.websocket_connect("/ws") as host:
            _, state = join(host, table, None, host=host_token)
            assert state["waiting"]
            new = new_link(host, 0)
            send(host, {"type": "host", "do": "reissue", "seat": 1})
            assert (
                "seat 2 has no link to reissue: it is open" in refused(host, "malformed")["message"]
            )
        works_instead_of(client, table, 0, new, old)
        taken = client.post(f"/api/tables/{table}/seats/1")
        assert taken.status_code == 200, taken.text
        with client.websocket_connect("/ws") as host:
            _, state = join(host, table, None, host=host_token)
            assert not state["waiting"] and not state["finished"]
            newer = new_link(host, 1)
        works_instead_of(client, table, 1, newer, taken.json()["token"])


def test_a_new_link_while_the_race_waits_for_an_absent_player(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "wonderdice", [{"kind": "human"}, *BOTS], **FAST)
        table, old = created["table"], created["seats"][0]["token"]
        live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as ws:
            join(ws, table, old)
            ready_up(ws)
            race_until(ws, lambda s: s["version"] > 3)
        time.sleep(0.3)  # the player is away: the race pauses for everyone
        assert live.gate is not None and not live.gate.running
        with client.websocket_connect("/ws") as host:
            join(host, table, None, host=created["host_token"])
            new = new_link(host, 0)
        assert live.gate is not None and not live.gate.running  # still waiting for them
        works_instead_of(client, table, 0, new, old)


@pytest.mark.slow
def test_after_the_end_a_new_link_lets_its_player_play_again(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, host_token = two_people_finish(client)
        seen: list[str] = []
        with client.websocket_connect("/ws") as a:
            _, state = join(a, table, tokens[0], host=host_token, seen=seen)
            assert state["finished"]
            lost = new_link(a, 1, seen)  # seat 2's player lost their link
            send(a, {"type": "host", "do": "to_bot", "seat": 1})
            refused(a, "finished")  # the other controls end with the game
            mine = first_plays_again(a, table, seen)
        works_instead_of(client, table, 1, lost, tokens[1])
        with client.websocket_connect("/ws") as b:
            join(b, table, lost)
            send(b, {"type": "rematch"})
            theirs = until(b, "rematch_seat")
            assert theirs["table"] == mine.table and theirs["seat"] == 1
        with client.websocket_connect("/ws") as b:
            welcome, _ = join(b, mine.table, theirs["token"])
            assert welcome["seat"] == 1


@pytest.mark.slow
def test_a_seat_kept_for_the_last_games_player_gets_its_link_from_the_host(
    tmp_path: Path,
) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, _ = two_people_finish(client)
        with client.websocket_connect("/ws") as a:
            join(a, table, tokens[0])
            mine = first_plays_again(a, table, [])
        with client.websocket_connect("/ws") as host:
            _, state = join(host, mine.table, mine.token, host=mine.host)
            assert state["waiting"] and state["seats"][1]["kind"] == "reserved"
            link = new_link(host, 1)
            begun = state_where(host, lambda s: s["seats"][1]["kind"] == "human")
            assert not begun["waiting"]  # every seat is taken: the game begins
        with client.websocket_connect("/ws") as b:
            welcome, _ = join(b, mine.table, link)
            assert welcome["seat"] == 1
        with client.websocket_connect("/ws") as b:
            join(b, table, tokens[1])
            send(b, {"type": "rematch"})
            assert "taken already" in refused(b, "unauthorized")["message"]
