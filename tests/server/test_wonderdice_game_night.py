"""Game night at a real-time table (Wonderdice): an open seat waits and is taken from the
list of waiting tables (the race's clock starts only then), the host starts a table with bots
in the empty seats, hands an absent player's seat to a bot and gives it back, and "Play
again" sets up the same seats, variants and idle kick, each person's new token going to them
alone."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from tests.support import ServerProcess
from wonderland.core import CHANCE
from wonderland.games.wonderdice import live as wonderdice_live
from wonderland.server.wire import TakenSeat, WaitingList
from wonderland.store import Store

from .conftest import make_app
from .seating_support import (
    first_plays_again,
    hand_absent_seat_to_bot,
    join,
    log_of,
    receive,
    refused,
    second_plays_again,
    send,
    state_where,
    tokens_stayed_apart,
    until,
)
from .test_host_processes import host_connection
from .test_host_processes import until as message_where
from .test_processes import join as join_process
from .test_processes import pair  # noqa: F401 - the two processes

FAST = {"roll_cooldown_ms": "200", "countdown_ms": "1000"}
"""Quick rolls; a countdown long enough to tell a fresh one from one that ran out."""


def create(
    client: TestClient, seats: list[dict[str, str]], variants: dict[str, str], **control: Any
) -> Any:
    """Create a Wonderdice table with ``variants`` and the time control ``control``."""
    body = {"game": "wonderdice", "seats": seats, "variants": variants, "time_control": control}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def manager_of(client: TestClient) -> Any:
    return client.app.state.manager  # type: ignore[attr-defined]


def acts_of(client: TestClient, table: str, seat: int) -> int:
    """How many actions ``seat`` has made at ``table`` (its rolls are chance steps)."""
    return sum(1 for actor, _ in manager_of(client).tables[table].actions if actor == seat)


def wait_for(test: Callable[[], bool], seconds: float) -> bool:
    """Whether ``test()`` holds within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if test():
            return True
        time.sleep(0.05)
    return test()


def state_until(
    ws: Any, test: Callable[[dict[str, Any]], bool], seen: list[str], seconds: float
) -> dict[str, Any]:
    """The first state for which ``test`` holds, read within ``seconds`` (a race sends many)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = until(ws, "state", seen)
        if test(state):
            return state
    raise AssertionError("no such state came in time")


def roll_when_open(ws: Any, seat: int, seconds: float = 10.0) -> dict[str, Any]:
    """Roll ``seat``'s dice as soon as the rules allow (after the countdown and the roll
    cooldown): the state that shows the roll."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        send(ws, {"type": "roll"})
        while True:
            message = receive(ws)
            if message["type"] == "error":
                assert message["code"] == "illegal", message
                break
            if message["type"] == "state" and message["live"]["pending"][seat] is not None:
                return message
        time.sleep(0.1)
    raise AssertionError("the seat could not roll in time")


def test_an_open_seat_waits_is_taken_from_the_list_and_the_race_begins(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, [{"kind": "human"}, {"kind": "open"}], FAST)
        table, mine = created["table"], created["seats"][0]["token"]
        assert [link["seat"] for link in created["seats"]] == [0]
        listed = WaitingList.model_validate(client.get("/api/waiting").json())
        (entry,) = [t for t in listed.tables if t.table == table]
        assert entry.game == "wonderdice" and entry.free == [1]
        seen: list[str] = []
        with client.websocket_connect("/ws") as a:
            _, state = join(a, table, mine, seen=seen)
            assert state["waiting"] and state["legal"] == [] and state["live"] is not None
            assert state["seats"][1]["kind"] == "open"
            send(a, {"type": "roll"})
            assert "seat 2" in refused(a, "waiting", seen)["message"]
            time.sleep(1.2)  # longer than the countdown: waiting is no part of the race
            assert manager_of(client).tables[table].version == 1  # the deal, and nothing else
            taken = client.post(f"/api/tables/{table}/seats/1")
            assert taken.status_code == 200, taken.text
            seat = TakenSeat.model_validate(taken.json())
            begun = state_where(a, lambda s: not s["waiting"], seen)
            assert begun["seats"][1]["kind"] == "human"
            assert begun["ready_check"]["phase"] == "ready"  # then each person says so
            assert log_of(client, table, 0)[-2:] == [
                "Seat 2 sat down at the table.",
                "Every seat is taken: the game begins.",
            ]
            with client.websocket_connect("/ws") as b:
                welcome, _ = join(b, table, seat.token)
                assert welcome["seat"] == 1
                for ws in (a, b):  # both people are here: each says they are ready
                    send(ws, {"type": "ready"})
                opened = state_where(b, lambda s: s["ready_check"] is None)
                assert opened["live"]["open_in_ms"] > 0  # its countdown starts with the race
                rolled = roll_when_open(b, 1)
                assert rolled["legal"], "a roll allows at least 'take no action'"
        assert table not in [t["table"] for t in client.get("/api/waiting").json()["tables"]]
        events = manager_of(client).store.events_since(table)
        assert [e.kind for e in events] == ["created", "seat_taken", "started"]
        assert not any(seat.token in text for text in seen)  # the new token went to its taker


def test_the_host_starts_a_waiting_race_and_its_bots_play(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        seats = [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}]
        created = create(client, seats, FAST)
        table, mine, host = created["table"], created["seats"][0]["token"], created["host_token"]
        with client.websocket_connect("/ws") as a:
            _, state = join(a, table, mine, host=host)
            assert state["waiting"]
            send(a, {"type": "host", "do": "start", "bot": "random"})
            begun = state_where(a, lambda s: not s["waiting"])
            assert [s["kind"] for s in begun["seats"]] == ["human", "bot", "bot"]
            send(a, {"type": "ready"})  # the race starts once its person is ready
            opened = state_where(a, lambda s: s["ready_check"] is None)
            assert opened["live"]["open_in_ms"] > 0
            # the driver knows the seats the host filled: their bots roll and act
            assert wait_for(
                lambda: min(acts_of(client, table, 1), acts_of(client, table, 2)) > 0, 20
            )
        assert "The host started the game: a bot (random) plays each empty seat." in log_of(
            client, table
        )


def test_the_host_hands_an_absent_seat_to_a_bot_and_gives_it_back(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
        created = create(client, seats, FAST)
        table, host = created["table"], created["host_token"]
        tokens = [s["token"] for s in created["seats"]]
        with client.websocket_connect("/ws") as a:
            join(a, table, tokens[0], host=host)
            send(a, {"type": "ready"})
            with client.websocket_connect("/ws") as b:
                join(b, table, tokens[1])
                send(a, {"type": "host", "do": "to_bot", "seat": 1})
                assert "at the table now" in refused(a, "malformed")["message"]
            state_where(a, lambda s: not s["seats"][1]["connected"])  # seat 1 has left
            assert acts_of(client, table, 1) == 0
            hand_absent_seat_to_bot(a, 1, "greedy")
            # the bot rolls and acts for seat 1 in real time
            assert wait_for(lambda: acts_of(client, table, 1) >= 2, 20)
            with client.websocket_connect("/ws") as b:
                _, seen_by_b = join(b, table, tokens[1])
                assert seen_by_b["legal"] == []
                send(b, {"type": "roll"})
                assert "handed your seat to a bot" in refused(b, "not_your_turn")["message"]
                # given back while its person is here: the race goes on without a pause
                send(a, {"type": "host", "do": "to_person", "seat": 1})
                back = state_where(a, lambda s: s["seats"][1]["kind"] == "human")
                assert not back["seats"][1]["handed"]
                by_bot, others = acts_of(client, table, 1), acts_of(client, table, 2)
                # the table's other bot goes on; seat 1's bot does not act for it again
                assert wait_for(lambda: acts_of(client, table, 2) >= others + 2, 20)
                time.sleep(1.0)  # several reaction times of a bot
                assert acts_of(client, table, 1) == by_bot
            with client.websocket_connect("/ws") as b:  # the seat is its person's again
                join(b, table, tokens[1])
                rolled = roll_when_open(b, 1)
                action = rolled["legal"][-1]["id"]
                send(b, {"type": "act", "version": rolled["version"], "action": action})
                assert wait_for(lambda: acts_of(client, table, 1) > by_bot, 10)
        lines = log_of(client, table, None)
        assert "The host handed player 2's seat to a bot (greedy) while they are away." in lines
        assert "The host gave player 2's seat back to them." in lines
        kinds = [e.kind for e in manager_of(client).store.events_since(table)]
        assert kinds == ["created", "seat_to_bot", "seat_to_person"]
        stored = manager_of(client).store.load(table)
        assert stored.seats[1].kind == "human" and stored.seats[1].token_hash is not None


@pytest.mark.slow
def test_play_again_after_a_race_keeps_its_seats_and_each_token_is_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both people are idle, so the idle kick hands their seats to the bot and the race runs
    to its end (on a server that allows tables of bots only; elsewhere it pauses); "Play
    again" then keeps every seat for its person."""
    for name, seconds in (("REACTION_SHIFT_S", 0.01), ("REACTION_MEDIAN_S", 0.02)):
        monkeypatch.setattr(wonderdice_live, name, seconds)  # quick bots: a short race
    monkeypatch.setattr(wonderdice_live, "THINK_S", 0.02)
    with TestClient(make_app(tmp_path, bot_workers=0, allow_bot_tables=True)) as client:
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
        variants = {"roll_cooldown_ms": "0", "countdown_ms": "0", "auto_claim": "true"}
        created = create(client, seats, variants, idle_kick_seconds=1)
        table, tokens = created["table"], [s["token"] for s in created["seats"]]
        seen: dict[int, list[str]] = {0: [], 1: []}
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            join(a, table, tokens[0], seen=seen[0])
            join(b, table, tokens[1], seen=seen[1])
            send(a, {"type": "rematch"})
            assert "when this one ends" in refused(a, "malformed", seen[0])["message"]
            over = state_until(a, lambda s: s["finished"], seen[0], 240)
            assert [s["kind"] for s in over["seats"]] == ["bot", "bot", "bot"]
            assert over["seats"][0]["handed"] and over["seats"][1]["handed"]
            mine = first_plays_again(a, table, seen[0])
            new = manager_of(client).tables[mine.table]
            time.sleep(1.5)  # longer than the idle kick: a kept seat waits for its person
            assert new.live is not None and [s.kind for s in new.seats] == [
                "human",
                "reserved",
                "bot",
            ]
            assert new.version == 1  # dealt, and nothing rolled while it waits
            theirs = second_plays_again(
                b, mine, seen[1], lambda ws, test, seen: state_until(ws, test, seen, 60)
            )
        tokens_stayed_apart(mine, theirs, seen)
        old = manager_of(client).tables[table]
        assert [s.kind for s in new.seats] == ["human", "human", "bot"]
        assert new.seats[2].bot == "random"
        assert dict(new.config.variants) == dict(old.config.variants)
        store = manager_of(client).store
        stored = store.load(mine.table)
        assert stored.config["time_control"] == store.load(table).config["time_control"]
        assert stored.config["time_control"]["idle_kick_seconds"] == 1
        assert [actor for actor, _, _ in stored.actions] == [CHANCE]  # its own deal
        assert mine.token not in json.dumps(stored.config) + json.dumps(
            [e.data for e in stored.events]
        )
        kinds = [e.kind for e in stored.events]
        assert kinds == ["created", "seat_taken", "seat_taken", "started"]
        assert f"A rematch was set up with the same seats: table {mine.table}." in log_of(
            client, table, None
        )
        with client.websocket_connect("/ws") as a2, client.websocket_connect("/ws") as b2:
            welcome, state = join(a2, mine.table, mine.token, host=mine.host)
            assert welcome["seat"] == 0 and welcome["host"] and not state["waiting"]
            assert state["clocks"]["kind"] == "idle_kick"
            welcome, _ = join(b2, mine.table, theirs.token)
            assert welcome["seat"] == 1
            for ws in (a2, b2):
                send(ws, {"type": "ready"})
            roll_when_open(a2, 0)
        with client.websocket_connect("/ws") as old_token:
            send(old_token, {"type": "hello", "table": mine.table, "token": tokens[0]})
            refused(old_token, "unauthorized")


@pytest.mark.slow
@pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")
def test_a_race_follows_its_seats_across_processes(
    pair: tuple[ServerProcess, ServerProcess],  # noqa: F811
    postgres_url: str,  # noqa: F811
) -> None:
    """The process that created the table runs its clock and bots: it starts the race when
    the open seat is taken on the other process, and its bot plays a seat the host hands
    over there, until the host gives it back there."""
    a, b = pair
    seats = [{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}]
    body = {"game": "wonderdice", "seats": seats, "variants": FAST}
    created = httpx.post(f"{a.url}/api/tables", json=body, timeout=10).json()
    table, host = created["table"], created["host_token"]
    watcher = join_process(a, table, None)
    message_where(watcher, lambda m: m["type"] == "state" and m["waiting"])
    time.sleep(1.2)  # longer than the countdown
    taken = httpx.post(f"{b.url}/api/tables/{table}/seats/1", timeout=10)
    assert taken.status_code == 200, taken.text
    begun = message_where(watcher, lambda m: m["type"] == "state" and not m["waiting"])
    assert begun["live"]["held"]  # it waits for its people; its countdown starts with the race
    store = Store(postgres_url)

    def acts(seat: int) -> int:
        stored = store.load(table)
        assert stored is not None
        return sum(1 for actor, _, _ in stored.actions if actor == seat)

    # seat 0's person is at the process with the lease, which runs the race, and is ready
    player = join_process(a, table, created["seats"][0]["token"])
    player.send(json.dumps({"type": "ready"}))
    try:
        hosting = host_connection(b, table, host)
        hosting.send(json.dumps({"type": "host", "do": "to_bot", "seat": 1}))
        message_where(hosting, lambda m: m["type"] == "state" and m["seats"][1]["kind"] == "bot")
        opened = message_where(watcher, lambda m: m["type"] == "state" and not m["ready_check"])
        assert opened["live"]["open_in_ms"] > 0  # every person is here and ready: it opens
        assert wait_for(lambda: acts(1) >= 2, 30)  # played on the process with the lease
        # seat 1's person is back (at the process with the lease) when it is given back
        back = join_process(a, table, taken.json()["token"])
        hosting.send(json.dumps({"type": "host", "do": "to_person", "seat": 1}))
        message_where(hosting, lambda m: m["type"] == "state" and m["seats"][1]["kind"] == "human")
        time.sleep(0.5)  # the note reaches the other process
        by_bot, others = acts(1), acts(2)
        assert wait_for(lambda: acts(2) >= others + 2, 30)
        time.sleep(1.0)
        assert acts(1) == by_bot
        hosting.close()
        back.close()
    finally:
        player.close()
        watcher.close()
        store.close()
