"""A table where bots play every seat pauses on a server that does not host tables of bots
only, whatever the route (the host hands the last person's seat to a bot, starts with bots
in every empty seat, or a clock hands it over): nothing is committed while it is paused,
everyone is told why, and it goes on when a person takes a seat back. A restart keeps it
paused; a server that allows bot tables lets it play on."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from wonderland.server.live_table import PAUSED

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
        assert any("made a link for player 0's seat" in line for line in lines)


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
