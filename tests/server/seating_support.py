"""Helpers of the open-seat, host and rematch tests: tables, sockets, messages read in order."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from wonderland.server.wire import ErrorMessage, RematchSeat, StateMessage, Welcome


def create(client: TestClient, game: str, seats: list[dict[str, str]], **variants: str) -> Any:
    """Create a table; its creation answer (seat links and host link)."""
    body = {"game": game, "seats": seats, "variants": variants}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def send(ws: Any, message: dict[str, Any]) -> None:
    ws.send_text(json.dumps(message))


def receive(ws: Any, seen: list[str] | None = None) -> dict[str, Any]:
    """The next message (its text kept in ``seen``, for the leak checks)."""
    text = ws.receive_text()
    if seen is not None:
        seen.append(text)
    message: dict[str, Any] = json.loads(text)
    if message["type"] == "state":
        StateMessage.model_validate(message)
    return message


def until(ws: Any, kind: str, seen: list[str] | None = None) -> dict[str, Any]:
    """The next message of type ``kind`` (states and chat in between are skipped)."""
    while True:
        message = receive(ws, seen)
        if message["type"] == kind:
            return message
        assert message["type"] in ("state", "chat"), message


def state_where(ws: Any, test: Any, seen: list[str] | None = None) -> dict[str, Any]:
    """The next state for which ``test(state)`` holds."""
    for _ in range(400):
        state = until(ws, "state", seen)
        if test(state):
            return state
    raise AssertionError("no such state came")


def join(
    ws: Any,
    table: str,
    token: str | None,
    host: str | None = None,
    seen: list[str] | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Say hello: the welcome and the first state."""
    hello: dict[str, Any] = {"type": "hello", "table": table, "token": token}
    if host is not None:
        hello["host"] = host
    send(ws, hello)
    welcome = receive(ws, seen)
    assert welcome["type"] == "welcome", welcome
    Welcome.model_validate(welcome)
    return welcome, until(ws, "state", seen)


def refused(ws: Any, code: str, seen: list[str] | None = None) -> dict[str, Any]:
    """The next refusal, which must have ``code`` and a sentence."""
    message = until(ws, "error", seen)
    ErrorMessage.model_validate(message)
    assert message["code"] == code, message
    assert len(message["message"].split()) >= 6, message
    return message


def play_to_end(
    sockets: dict[int, Any],
    seen: dict[int, list[str]] | None = None,
    first: dict[int, dict[str, Any]] | None = None,
) -> None:
    """The people at ``sockets`` (seat: socket) play their first legal action each turn until
    the game is over (bots play their own seats). ``first`` holds states already read (a
    socket whose latest state was read before must not wait for another)."""
    seen = seen or {}
    first = first or {}

    def next_state(seat: int) -> dict[str, Any]:
        while True:
            message = receive(sockets[seat], seen.get(seat))
            if message["type"] == "state":
                return message
            assert message["type"] in ("chat", "error"), message
            assert message["type"] == "chat" or message["code"] == "stale", message

    states = {seat: first[seat] if seat in first else next_state(seat) for seat in sockets}
    for _ in range(2000):
        if all(state["finished"] for state in states.values()):
            return
        top = max(state["version"] for state in states.values())
        movers = [s for s, st in states.items() if st["legal"] and st["version"] == top]
        if movers:
            seat = movers[0]
            action = states[seat]["legal"][0]["id"]
            send(
                sockets[seat], {"type": "act", "version": states[seat]["version"], "action": action}
            )
        behind = min(states, key=lambda s: (states[s]["finished"], states[s]["version"]))
        if movers:
            behind = movers[0]
        states[behind] = next_state(behind)
    raise AssertionError("the game did not end")


def two_people_finish(client: TestClient) -> tuple[str, list[str], str]:
    """A Parade table of two people, played to its end: its id, seat tokens and host token."""
    created = create(client, "parade", [{"kind": "human"}, {"kind": "human"}])
    table, tokens = created["table"], [s["token"] for s in created["seats"]]
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        _, first_a = join(a, table, tokens[0])
        _, first_b = join(b, table, tokens[1])
        play_to_end({0: a, 1: b}, first={0: first_a, 1: first_b})
    return table, tokens, created["host_token"]


def log_of(client: TestClient, table: str, viewer: int | None = None) -> list[str]:
    """Every line of ``table``'s log as ``viewer`` is told it."""
    live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
    lines: list[str] = live.logs.get(viewer, [])
    return lines


Wait = Callable[[Any, Callable[[dict[str, Any]], bool], list[str]], dict[str, Any]]
"""How a test waits for a state: ``wait(ws, test, seen)``."""


def first_plays_again(ws: Any, table: str, seen: list[str]) -> RematchSeat:
    """Seat 0's "Play again" at a finished table: its seat at a new table, with the host link."""
    send(ws, {"type": "rematch"})
    mine = RematchSeat.model_validate(until(ws, "rematch_seat", seen))
    assert mine.seat == 0 and mine.host is not None and mine.table != table
    return mine


def second_plays_again(
    ws: Any, mine: RematchSeat, seen: list[str], wait: Wait = state_where
) -> RematchSeat:
    """Seat 1 sees the rematch offered and takes its seat with one message (no host link);
    a second click is refused, the seat being taken already."""
    offered = wait(ws, lambda s: s["rematch"] == mine.table, seen)
    assert offered["finished"]
    send(ws, {"type": "rematch"})
    theirs = RematchSeat.model_validate(until(ws, "rematch_seat", seen))
    assert theirs.table == mine.table and theirs.seat == 1 and theirs.host is None
    send(ws, {"type": "rematch"})
    assert "taken already" in refused(ws, "unauthorized", seen)["message"]
    return theirs


def tokens_stayed_apart(mine: RematchSeat, theirs: RematchSeat, seen: dict[int, list[str]]) -> None:
    """Each new seat token, and the new host token, reached its own connection only."""
    assert not any(theirs.token in text for text in seen[0])
    assert mine.host is not None
    assert not any(mine.token in text or mine.host in text for text in seen[1])


def hand_absent_seat_to_bot(host: Any, seat: int, bot: str) -> dict[str, Any]:
    """The host hands the absent ``seat`` to ``bot``: the first state that shows it handed."""
    send(host, {"type": "host", "do": "to_bot", "seat": seat, "bot": bot})
    handed = state_where(host, lambda s: s["seats"][seat]["kind"] == "bot")
    assert handed["seats"][seat]["handed"] and handed["seats"][seat]["name"] == f"bot ({bot})"
    return handed
