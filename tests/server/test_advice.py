""" "Suggest a move" at the web table: the ``hard`` level's advice for the asking seat's own
view, sent to that connection alone, once per state; refused with a sentence for a
spectator, a seat that is not to move, a stale version and a finished game."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wonderland.bots import make_bot
from wonderland.bots.levels import ADVICE_LEVEL, CLOCK_ENV
from wonderland.core import derive_seed
from wonderland.server.wire import AdviceMessage

from .test_chat import refused, send, table_of_two, until
from .test_websocket import hello, hidden_names


def ask(ws: Any, version: int) -> dict[str, Any]:
    """Ask for a suggestion at ``version``; the answer, checked against the protocol."""
    send(ws, {"type": "advice", "version": version})
    message = until(ws, "advice")
    AdviceMessage.model_validate(message)
    return message


@pytest.fixture
def clock_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """The levels play their caps only (set before the server and its bot worker start), so
    the server's search and the test's make the same moves whatever the machine's load."""
    monkeypatch.setenv(CLOCK_ENV, "off")


def test_a_seat_is_advised_from_its_own_view_once_per_state(
    clock_off: None, client: TestClient
) -> None:
    """The advice is the level's own for seat 0's view, its moves are seat 0's legal ones,
    it names no card hidden from seat 0, and asked again it is the same answer."""
    table, tokens, live = table_of_two(client)
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
        state = hello(ws0, table, tokens[0])
        hello(ws1, table, tokens[1])
        assert state["legal"], "seat 0 moves first (start_player=0)"
        advice = ask(ws0, state["version"])
        legal = {a["id"]: a["label"] for a in state["legal"]}
        assert advice["version"] == state["version"] and advice["level"] == ADVICE_LEVEL
        assert legal[advice["action"]] == advice["label"]
        assert 1 <= len(advice["alternatives"]) <= 3
        assert all(
            legal[a["id"]] == a["label"] and 0 <= a["share"] <= 1 for a in advice["alternatives"]
        )
        assert advice["reason"]

        game = live.game
        seed = derive_seed(live.seed, "advice", 0, state["version"])
        own = make_bot(ADVICE_LEVEL, game.spec.id, seed).advise(
            game, game.view(live.state, 0), game.legal_actions(live.state, 0)
        )
        assert own.action == advice["action"]  # the reason also names the time taken
        assert [(a.action, a.share) for a in own.top(3)] == [
            (a["id"], a["share"]) for a in advice["alternatives"]
        ]
        named = set(re.findall(r"\b[A-Z][0-9]+\b", json.dumps(advice)))  # cards, e.g. P10
        assert named and not named & hidden_names("parade", live.state, 0)

        assert ask(ws0, state["version"]) == advice  # the same state: the same answer


def test_nothing_to_advise_is_refused_and_changes_nothing(client: TestClient) -> None:
    """A spectator, the seat that is not to move and a stale version are each refused with
    a sentence; the table's version stays."""
    table, tokens, live = table_of_two(client)
    with (
        client.websocket_connect("/ws") as ws0,
        client.websocket_connect("/ws") as ws1,
        client.websocket_connect("/ws") as spectator,
    ):
        state = hello(ws0, table, tokens[0])
        hello(ws1, table, tokens[1])
        hello(spectator, table, None)
        version = live.version

        send(spectator, {"type": "advice", "version": version})
        assert "spectator" in refused(spectator, "not_your_turn")["message"]
        send(ws1, {"type": "advice", "version": version})
        assert "nothing for you to decide" in refused(ws1, "not_your_turn")["message"]
        send(ws0, {"type": "advice", "version": version + 3})
        refused(ws0, "stale")
        send(ws0, {"type": "advice", "version": "1"})
        refused(ws0, "malformed")
        assert live.version == version

        send(ws0, {"type": "act", "version": version, "action": state["legal"][0]["id"]})
        until(ws0, "state")
        send(ws0, {"type": "advice", "version": version})  # asked about the move just made
        refused(ws0, "stale")
