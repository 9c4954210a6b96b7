"""Undo by consent: asked by the seat that acted, accepted by every other person (bots are
not asked), refused by one, refused by the server after a draw with the rule in words; the
record keeps the action and the undo, the replay shows both, a restart rebuilds the same
state, and nobody is sent another seat's secrets."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import ClientConnection

from tests.server.test_processes import join as join_process
from tests.server.test_processes import pair  # noqa: F401 - two processes on one database
from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from tests.support import ServerProcess
from wonderland.server.app import replay_steps
from wonderland.server.undo import UNDO
from wonderland.server.wire import UndoOffer, UndoResult
from wonderland.store import Store
from wonderland.store.repository import secret_hash

from .conftest import make_app
from .test_chat import refused, send, until
from .test_websocket import create, hello

WAR_SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


def my_turn(ws: Any, state: dict[str, Any]) -> dict[str, Any]:
    """States until this seat has actions to take."""
    while not state["legal"]:
        state = until(ws, "state")
    return state


def act(ws: Any, state: dict[str, Any]) -> None:
    send(ws, {"type": "act", "version": state["version"], "action": state["legal"][0]["id"]})


def state_at(ws: Any, version: int) -> dict[str, Any]:
    """The first state at ``version`` or later."""
    while True:
        state = until(ws, "state")
        if state["version"] >= version:
            return state


class Recorded:
    """A socket whose every received text is kept (for the leak checks)."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seen: list[str] = []

    def receive_text(self) -> str:
        text: str = self.ws.receive_text()
        self.seen.append(text)
        return text

    def send_text(self, text: str) -> None:
        self.ws.send_text(text)


def war_table(client: TestClient) -> tuple[str, list[str], Any]:
    created = create(client, "wonderlands_war", WAR_SEATS)
    table = created["table"]
    live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
    return table, [s["token"] for s in created["seats"]], live


def offer_of(ws: Any) -> dict[str, Any]:
    message = until(ws, "undo_offer")
    UndoOffer.model_validate(message)
    return message


def result_of(ws: Any) -> dict[str, Any]:
    message = until(ws, "undo_result")
    UndoResult.model_validate(message)
    return message


def test_an_undo_accepted_takes_the_action_back_and_keeps_it_in_the_record(
    tmp_path: Path,
) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, live = war_table(client)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        with (
            client.websocket_connect("/ws") as a,
            client.websocket_connect("/ws") as b_socket,
            client.websocket_connect("/ws") as watcher_socket,
        ):
            b, watcher = Recorded(b_socket), Recorded(watcher_socket)
            first = my_turn(a, hello(a, table, tokens[0]))
            hello(b, table, tokens[1])
            hello(watcher, table, None)
            before_view = first["view"]
            act(a, first)
            moved = state_at(a, first["version"] + 1)
            assert moved["to_move"] != [0]
            send(a, {"type": "undo_ask"})
            offers = [offer_of(b), offer_of(watcher), offer_of(a)]
            assert offers[0] == offers[1] == offers[2]  # public: the same words for all
            assert offers[0]["seat"] == 0 and offers[0]["waiting"] == [1]  # the bot is not asked
            for secret in tokens:
                assert secret not in json.dumps(offers[0])
            # only the seats asked answer; the asker cannot answer for them
            send(a, {"type": "undo_answer", "accept": True})
            assert "only the seats asked" in refused(a, "undo_refused")["message"]
            send(watcher, {"type": "undo_answer", "accept": True})
            refused(watcher, "undo_refused")
            send(b, {"type": "undo_answer", "accept": True})
            assert result_of(a)["outcome"] == "accepted"
            assert result_of(b)["outcome"] == "accepted"
            back = state_at(a, moved["version"] + 1)
            assert back["version"] == moved["version"] + 1  # versions only grow
            assert back["to_move"] == [0] and back["legal"]
            assert back["view"] == before_view
            assert "took back" in back["log"][-1]
            # a move made against the undone state is stale, not applied
            send(a, {"type": "act", "version": moved["version"], "action": first["legal"][0]["id"]})
            refused(a, "stale")
            state_at(b, back["version"])
        # nothing sent to seat 1 or the spectator holds seat 0's secrets
        for text in b.seen + watcher.seen:
            assert tokens[0] not in text and secret_hash(tokens[0]) not in text
            message = json.loads(text)
            if message["type"] == "state" and message["version"] == back["version"]:
                viewer = 1 if text in b.seen else None
                assert message["view"] == live.game.view_to_json(live.game.view(live.state, viewer))
        stored = manager.store.load(table)
        rows = [(actor, action) for actor, action, _ in stored.actions]
        assert rows[-1] == (UNDO, len(rows) - 2)  # the action and its undo, both kept
        assert rows[-2] == (0, first["legal"][0]["id"])
        kinds = [event.kind for event in stored.events]
        assert kinds[-3:] == ["undo_asked", "undo_accepted", "undone"]
        again = manager.rebuild(stored)  # a restart (or another process) rebuilds the same
        assert again.version == live.version
        game = live.game
        for seat in (0, 1, None):
            assert game.view_to_json(game.view(again.state, seat)) == game.view_to_json(
                game.view(live.state, seat)
            )
        labels = [step["label"] for step in replay_steps(live)["steps"]]
        assert any(label.startswith("undo:") for label in labels)  # the replay shows both
        undo_at = next(i for i, label in enumerate(labels) if label.startswith("undo:"))
        assert labels[undo_at - 1].endswith(offers[0]["words"].split(": ", 1)[-1])


def test_an_undo_refused_by_a_player_changes_nothing_and_is_recorded(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, live = war_table(client)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            first = my_turn(a, hello(a, table, tokens[0]))
            hello(b, table, tokens[1])
            act(a, first)
            moved = state_at(a, first["version"] + 1)
            send(a, {"type": "undo_ask"})
            offer_of(b)
            offer_of(a)
            send(a, {"type": "undo_ask"})  # one at a time
            assert "already asked" in refused(a, "undo_refused")["message"]
            send(b, {"type": "undo_answer", "accept": False})
            result = result_of(a)
            assert (result["outcome"], result["by"]) == ("refused", 1)
            assert live.version == moved["version"]
            assert result_of(b)["outcome"] == "refused"
            send(b, {"type": "undo_answer", "accept": True})  # nothing is asked any more
            assert "no undo is asked" in refused(b, "undo_refused")["message"]
        kinds = [event.kind for event in manager.store.load(table).events]
        assert kinds[-2:] == ["undo_asked", "undo_refused"]
        told = [event["text"] for event in replay_steps(live)["events"]]
        assert told[-2:] == [
            "player 1 asked to take back their last move.",
            "player 2 refused the undo.",
        ]
        assert "player 2 refused the undo." in live.logs[0]  # in the log of every seat
        assert all(actor != UNDO for actor, _, _ in manager.store.load(table).actions)


def test_an_undo_asked_after_a_draw_is_refused_with_the_rule(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "parade", [{"kind": "human"}, {"kind": "human"}], start_player="0")
        table, tokens = created["table"], [s["token"] for s in created["seats"]]
        live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            first = my_turn(a, hello(a, table, tokens[0]))
            hello(b, table, tokens[1])
            send(b, {"type": "undo_ask"})
            assert "no action" in refused(b, "undo_refused")["message"]
            act(a, first)
            moved = state_at(a, first["version"] + 2)  # the card played and the card drawn
            assert not moved["chance_next"]
            version = live.version
            send(a, {"type": "undo_ask"})
            message = refused(a, "undo_refused")["message"]
            assert "drawn" in message and "undo ends at a draw" in message
            assert live.version == version and live.undo.offer is None
            with client.websocket_connect("/ws") as watcher:
                hello(watcher, table, None)
                send(watcher, {"type": "undo_ask"})
                assert "spectators" in refused(watcher, "undo_refused")["message"]


def wait_for(ws: ClientConnection, wanted: Any, seconds: float = 60.0) -> dict[str, Any]:
    """The next message that ``wanted`` accepts (within ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=deadline - time.monotonic()))
        if wanted(message):
            return message


def both(ws: ClientConnection, *wanted: Any, seconds: float = 60.0) -> list[dict[str, Any]]:
    """For each of ``wanted``, the first message it accepts, in any order of arrival."""
    deadline = time.monotonic() + seconds
    found: list[dict[str, Any] | None] = [None] * len(wanted)
    while any(message is None for message in found):
        message = json.loads(ws.recv(timeout=deadline - time.monotonic()))
        for i, accepts in enumerate(wanted):
            if found[i] is None and accepts(message):
                found[i] = message
    return [message for message in found if message is not None]


def act_on(ws: ClientConnection, state: dict[str, Any]) -> None:
    move = {"type": "act", "version": state["version"], "action": state["legal"][0]["id"]}
    ws.send(json.dumps(move))


@pytest.mark.slow
@pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")
def test_an_undo_across_two_processes(
    pair: tuple[ServerProcess, ServerProcess],  # noqa: F811
    postgres_url: str,  # noqa: F811
) -> None:
    """Seat 0 plays and asks on one process, seat 1 accepts on the other: each process follows
    the other's events, and both show the same state after the undo."""
    one, other = pair
    body = {"game": "wonderlands_war", "seats": WAR_SEATS}
    created = httpx.post(f"{one.url}/api/tables", json=body, timeout=10).json()
    table, tokens = created["table"], [s["token"] for s in created["seats"]]
    a, b = join_process(one, table, tokens[0]), join_process(other, table, tokens[1])
    try:
        state = wait_for(a, lambda m: m["type"] == "state" and bool(m["legal"]))
        act_on(a, state)
        wait_for(b, lambda m: m["type"] == "state" and m["version"] > state["version"])
        a.send(json.dumps({"type": "undo_ask"}))
        offer = wait_for(b, lambda m: m["type"] == "undo_offer")
        assert offer["seat"] == 0 and offer["waiting"] == [1]
        b.send(json.dumps({"type": "undo_answer", "accept": True}))
        views = []
        for ws in (a, b):
            # the outcome and the state after it, in whichever order this process sends them
            seen = both(
                ws,
                lambda m: m["type"] == "undo_result",
                lambda m: m["type"] == "state" and m["version"] >= state["version"] + 2,
            )
            assert seen[0]["outcome"] == "accepted"
            back = seen[1]
            assert back["version"] == state["version"] + 2 and back["to_move"] == [0]
            views.append(back)
        assert views[0]["view"] == state["view"]  # seat 0's own view as before its move
    finally:
        a.close()
        b.close()
    store = Store(postgres_url)
    try:
        stored = store.load(table)
    finally:
        store.close()
    assert stored is not None
    assert stored.actions[-1][0] == UNDO
    assert [e.kind for e in stored.events].count("undone") == 1
