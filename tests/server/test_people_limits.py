"""Limits per person and per table, not per socket: seventeen sockets of one seat's token, or
of spectators at one address, are held to one person's rates; a table sends its states at a
pace, the last one always; a name it already has changes nothing.

The bounds are worked out from the configured limits: a window of the rates (a minute for
names and chat) that the run outlasts counts once more, so no bound depends on how fast the
machine is."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from wonderland.server.wire import ErrorMessage, StateMessage

from .conftest import make_app
from .test_chat import join, send, table_of_two, until
from .test_websocket import create, hello

SOCKETS = 17


@contextmanager
def sockets(client: TestClient, count: int) -> Iterator[list[Any]]:
    """``count`` websockets open at once."""
    with ExitStack() as stack:
        yield [stack.enter_context(client.websocket_connect("/ws")) for _ in range(count)]


@contextmanager
def listener_and_flood(
    client: TestClient, table: str, listener: str | None, token: str | None
) -> Iterator[tuple[Any, list[Any]]]:
    """A connection with the ``listener`` token (once the deal is drawn), then 17 with
    ``token``, each joined."""
    with client.websocket_connect("/ws") as other, sockets(client, SOCKETS) as flood:
        hello(other, table, listener)
        for ws in flood:
            join(ws, table, token)
        yield other, flood


def answers_of(flood: list[Any]) -> list[list[dict[str, Any]]]:
    """Each socket's answers to what it sent (read up to its ``ping``: it is still open)."""
    for ws in flood:
        send(ws, {"type": "ping"})
    return [answers_until_pong(ws) for ws in flood]


def answers_until_pong(ws: Any) -> list[dict[str, Any]]:
    """Every message up to the answer to this socket's last ``ping`` (its sentinel)."""
    messages = []
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] == "pong":
            return messages
        messages.append(message)


def limited(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``rate_limited`` refusals among ``messages``, each checked to be a sentence."""
    refusals = [m for m in messages if m["type"] == "error"]
    for refusal in refusals:
        ErrorMessage.model_validate(refusal)
        assert refusal["code"] == "rate_limited", refusal
        assert len(refusal["message"].split()) >= 12, refusal
    return refusals


def windows(started: float, seconds: float) -> int:
    """How many windows of ``seconds`` a run that began at ``started`` may have touched."""
    return 1 + math.floor((time.monotonic() - started) / seconds)


def received_until(ws: Any, seat: int, name: str) -> list[dict[str, Any]]:
    """What ``ws`` receives up to the answer to a ``ping`` sent now (the news the server had
    sent it by then) and, when the paced state is still to come, up to the first state that
    shows ``seat`` under ``name``."""
    send(ws, {"type": "ping"})
    received = answers_until_pong(ws)
    for message in received:
        if message["type"] == "state":
            StateMessage.model_validate(message)
    while not any(m["type"] == "state" and m["seats"][seat]["name"] == name for m in received):
        message: dict[str, Any] = json.loads(ws.receive_text())
        received.append(message)
    return received


def test_seventeen_sockets_of_one_seat_are_limited_as_one_person(tmp_path: Path) -> None:
    """A seat's token on 17 sockets sending names and chat as fast as it can: the other seat
    receives at most as many states and lines as one person's limits allow."""
    limits = {"names_per_minute": 3, "chat_burst": 2, "chat_per_minute": 2}
    app = make_app(tmp_path, bot_workers=0, strikes_per_minute=10_000, **limits)
    with TestClient(app) as client:
        table, tokens, live = table_of_two(client)
        started = time.monotonic()
        with listener_and_flood(client, table, tokens[1], tokens[0]) as (other, flood):
            for round_ in range(20):
                for number, ws in enumerate(flood):
                    send(ws, {"type": "name", "name": f"Hatter {number}-{round_}"})
                    if round_ < 5:
                        send(ws, {"type": "chat", "text": f"line {round_} of socket {number}"})
            answers = answers_of(flood)
            named = sum(1 for a in answers for m in a if m["type"] == "named")
            refused = sum(len(limited(a)) for a in answers)
            assert 1 <= named <= 3 * windows(started, 60)
            final = live.seats[0].name
            received = received_until(other, 0, final)
            states = [m for m in received if m["type"] == "state"]
            said = [line for m in received if m["type"] == "chat" for line in m["lines"]]
            # its own state on joining, seat 0 coming online once, then one state a name
            assert len(states) <= 2 + named
            assert 1 <= len(said) <= 2 * windows(started, 60)
            assert all(line["seat"] == 0 for line in said)
            assert named + len(said) + refused == SOCKETS * (20 + 5)  # each was answered


def test_seventeen_spectators_at_one_address_chat_as_one(tmp_path: Path) -> None:
    """Spectators count by their address: 17 sockets from one address chat as one person."""
    app = make_app(
        tmp_path, bot_workers=0, strikes_per_minute=10_000, chat_burst=3, chat_per_minute=3
    )
    with TestClient(app) as client:
        table, tokens, _ = table_of_two(client)
        started = time.monotonic()
        with listener_and_flood(client, table, tokens[0], None) as (seat, flood):
            for round_ in range(5):
                for number, ws in enumerate(flood):
                    send(ws, {"type": "chat", "text": f"line {round_} of spectator {number}"})
            answers = answers_of(flood)
            refusals = [r for a in answers for r in limited(a)]
            assert all("one person" in r["message"] for r in refusals)
            send(seat, {"type": "ping"})
            heard = [
                line for m in answers_until_pong(seat) if m["type"] == "chat" for line in m["lines"]
            ]
            assert 1 <= len(heard) <= 3 * windows(started, 60)
            assert len(heard) + len(refusals) == SOCKETS * 5
            assert all(line["spectator"] for line in heard)


def test_an_address_is_held_to_its_people(tmp_path: Path) -> None:
    """Two seats at one address with ``people_per_address`` 1: the second seat's name is over
    the address's limit, and the refusal says so."""
    app = make_app(tmp_path, bot_workers=0, names_per_minute=1, people_per_address=1)
    with TestClient(app) as client:
        table, tokens, live = table_of_two(client)
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            join(a, table, tokens[0])
            join(b, table, tokens[1])
            send(a, {"type": "name", "name": "Alice"})
            assert until(a, "named")["name"] == "Alice"
            send(b, {"type": "name", "name": "Bruno"})
            refusal = until(b, "error")
            assert refusal["code"] == "rate_limited" and "one address" in refusal["message"]
            assert [s.name for s in live.seats] == ["Alice", None]
            send(b, {"type": "ping"})
            assert until(b, "pong") == {"type": "pong"}  # the socket stays open


def test_a_table_sends_its_states_at_a_pace_and_the_last_arrives(tmp_path: Path) -> None:
    """170 name changes as fast as they come: the other seat receives at most
    ``states_per_second`` states in any second, and the last name arrives."""
    app = make_app(tmp_path, bot_workers=0, states_per_second=2)
    with TestClient(app) as client:
        table, tokens, live = table_of_two(client)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        started = time.monotonic()
        with listener_and_flood(client, table, tokens[1], tokens[0]) as (other, flood):
            for round_ in range(10):
                for number, ws in enumerate(flood):
                    send(ws, {"type": "name", "name": f"Hatter {number}-{round_}"})
            named = sum(m["type"] == "named" for answers in answers_of(flood) for m in answers)
            assert named == SOCKETS * 10  # every name was taken: only their states wait
            received = received_until(other, 0, live.seats[0].name)
            states = [m for m in received if m["type"] == "state"]
            seconds = time.monotonic() - started
            assert len(states) <= 2 * (math.ceil(seconds) + 1)
            assert manager.broadcasts <= 2 * (math.ceil(seconds) + 1) + 1


def test_a_name_it_already_has_changes_nothing(tmp_path: Path) -> None:
    """The same name again, even written otherwise ("Ａｌｉｃｅ", padded), is answered and
    neither written nor told, nor counted against the name changes."""
    app = make_app(tmp_path, bot_workers=0, names_per_minute=1)
    with TestClient(app) as client:
        table, tokens, live = table_of_two(client)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        store = manager.store
        writes: list[tuple[Any, ...]] = []
        write = store.set_seat_name

        def counted(*args: Any) -> Any:
            writes.append(args)
            return write(*args)

        store.set_seat_name = counted
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            join(a, table, tokens[0])
            join(b, table, tokens[1])
            send(a, {"type": "name", "name": "Alice"})
            assert until(a, "named")["name"] == "Alice"
            state = until(b, "state")
            while state["chance_next"] or state["seats"][0]["name"] != "Alice":  # the deal
                state = until(b, "state")
            told = manager.broadcasts
            for same in ("Alice", "  Alice ", "\uff21\uff4c\uff49\uff43\uff45", "Ali\u200bce"):
                send(a, {"type": "name", "name": same})
                assert until(a, "named") == {"type": "named", "name": "Alice"}
            send(b, {"type": "ping"})
            assert answers_until_pong(b) == []  # no state, no news
            assert len(writes) == 1 and manager.broadcasts == told
            assert [s.name for s in live.seats] == ["Alice", None]


def test_paced_states_lose_no_log_line(tmp_path: Path) -> None:
    """A game of bots at machine speed, watched at 2 states a second: the spectator gets
    the final state, and its log, put together from each state's ``log_start`` and lines,
    is the whole game's log."""
    app = make_app(tmp_path, bot_workers=0, allow_bot_tables=True, states_per_second=2)
    with TestClient(app) as client:
        created = create(client, "parade", [{"kind": "bot", "bot": "random"}] * 3)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        started = time.monotonic()
        with client.websocket_connect("/ws") as ws:
            send(ws, {"type": "hello", "table": created["table"], "token": None})
            assert until(ws, "welcome")["seat"] is None
            log: list[str] = []
            states = 0
            while True:
                state = until(ws, "state")
                states += 1
                log[state["log_start"] :] = state["log"]
                if state["finished"]:
                    break
            seconds = time.monotonic() - started
            table = manager.tables[created["table"]]
            assert log == table.state_message(None)["log"]
            assert states <= 2 * (math.ceil(seconds) + 1)


def test_every_message_after_hello_counts_against_the_person(tmp_path: Path) -> None:
    """Any message but ping (here ``ready``, refused at a turn game once it is read) from
    17 sockets of one seat's token is read at one person's rate; the rest are refused
    unread with ``rate_limited``."""
    limits = {"changes_per_second": 1, "change_burst": 3, "strikes_per_minute": 10_000}
    app = make_app(tmp_path, bot_workers=0, **limits)
    with TestClient(app) as client:
        table, tokens, _ = table_of_two(client)
        started = time.monotonic()
        with listener_and_flood(client, table, tokens[1], tokens[0]) as (_, flood):
            for _ in range(3):
                for ws in flood:
                    send(ws, {"type": "ready"})
            answers = [m for a in answers_of(flood) for m in a if m["type"] == "error"]
            read = [m for m in answers if m["code"] != "rate_limited"]
            assert {m["code"] for m in read} == {"malformed"}
            assert 1 <= len(read) <= 10 * windows(started, 10)
            assert len(limited([m for m in answers if m["code"] == "rate_limited"])) == (
                SOCKETS * 3 - len(read)
            )
