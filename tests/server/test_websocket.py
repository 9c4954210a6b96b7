"""The websocket protocol: each seat gets only its own view; bad messages change nothing;
a killed server resumes every game exactly."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from websockets.sync.client import connect

from tests.support import ServerProcess
from wonderland.core import get_game
from wonderland.server.wire import MAX_MESSAGE_BYTES, StateMessage


def create(client: Any, game: str, seats: list[dict[str, str]], **variants: str) -> Any:
    response = client.post("/api/tables", json={"game": game, "seats": seats, "variants": variants})
    assert response.status_code == 200, response.text
    return response.json()


def hello(ws: Any, table: str, token: str | None) -> dict[str, Any]:
    """Say hello; return the first state message (after the welcome)."""
    ws.send_text(json.dumps({"type": "hello", "table": table, "token": token}))
    welcome = json.loads(ws.receive_text())
    assert welcome["type"] == "welcome"
    state = next_state(ws)
    while state["chance_next"]:  # the deal is still being drawn
        state = next_state(ws)
    return state


def next_state(ws: Any) -> dict[str, Any]:
    """The next state message, checked against the protocol's model."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] == "state":
            StateMessage.model_validate(message)
            return message


def replayed_view(game_id: str, config: Any, actions: list[tuple[int, int]], seat: int) -> Any:
    game = get_game(game_id)
    state = game.initial_state(config)
    for actor, action in actions:
        game.apply_in_place(state, actor, action)
    return game.view_to_json(game.view(state, seat)), state


def play_two_humans(client: TestClient, game_id: str, bot: str) -> None:
    """Two people and a bot play a whole game; every message to seat 0 is its own view."""
    created = create(
        client, game_id, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": bot}]
    )
    table = created["table"]
    tokens = [s["token"] for s in created["seats"]]
    rng = random.Random(3)
    received: list[dict[str, Any]] = []
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        sockets: list[WebSocketTestSession] = [a, b]
        states = [hello(a, table, tokens[0]), hello(b, table, tokens[1])]
        received.append(states[0])
        while not states[0]["finished"]:
            movers = [
                s
                for s in (0, 1)
                if states[s]["legal"]
                and states[s]["version"] == max(st["version"] for st in states)
            ]
            if not movers:
                # wait for whichever socket is behind or for the bot
                s = 0 if states[0]["version"] <= states[1]["version"] else 1
                states[s] = next_state(sockets[s])
                if s == 0:
                    received.append(states[0])
                continue
            s = movers[0]
            choice = rng.choice(states[s]["legal"])["id"]
            sockets[s].send_text(
                json.dumps({"type": "act", "version": states[s]["version"], "action": choice})
            )
            states[s] = next_state(sockets[s])
            if s == 0:
                received.append(states[0])
    live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
    game = live.game
    for message in received:
        expected, state = replayed_view(game_id, live.config, live.actions[: message["version"]], 0)
        assert message["view"] == expected
        hidden = hidden_names(game_id, state, seat=0)
        text = json.dumps(message)
        assert not any(f'"{name}"' in text for name in hidden), hidden
        if game_id == "wonderlands_war" and not message["finished"]:
            others = message["view"]["players"][1:]
            assert all(q == -1 for p in others for q in p["quests"] + p["pair"])
    assert game.is_terminal(live.state)


def hidden_names(game_id: str, state: Any, seat: int) -> set[str]:
    """Notation of the hidden cards seat ``seat`` must never be told (other hands, the pile)."""
    if game_id != "parade":
        return set()
    from wonderland.games.parade.cards import card_str

    public = set(state.parade) | {c for col in state.collections for c in col}
    hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    hidden |= set(state.pile)
    return {card_str(c) for c in hidden - public - set(state.hands[seat])}


@pytest.mark.parametrize(
    ("game_id", "bot"), [("parade", "greedy"), ("wonderlands_war", "heuristic")]
)
def test_seats_only_see_their_own_view(client: TestClient, game_id: str, bot: str) -> None:
    """Every message to seat 0 carries exactly seat 0's view: no other hand, no hidden card,
    no other player's quest."""
    play_two_humans(client, game_id, bot)


def test_malformed_and_forged_messages_change_nothing(client: TestClient) -> None:
    """Each bad message gets a named error; the table's version does not move."""
    created = create(client, "parade", [{"kind": "human"}, {"kind": "human"}], start_player="1")
    table = created["table"]
    live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
    with client.websocket_connect("/ws") as ws:

        def error_for(text: str) -> dict[str, Any]:
            ws.send_text(text)
            reply: dict[str, Any] = json.loads(ws.receive_text())
            assert reply["type"] == "error", reply
            return reply

        assert error_for(json.dumps({"type": "act", "version": 0, "action": 1}))["code"] == (
            "not_joined"
        )
        assert error_for("{not json")["code"] == "malformed"
        assert error_for(json.dumps({"type": "teleport"}))["code"] == "malformed"
        assert error_for(json.dumps({"type": "act", "version": "x"}))["code"] == "malformed"
        assert error_for("x" * (MAX_MESSAGE_BYTES + 1))["code"] == "too_large"
        assert (
            error_for(json.dumps({"type": "hello", "table": "nope", "token": None}))["code"]
            == "unknown_table"
        )
        assert (
            error_for(json.dumps({"type": "hello", "table": table, "token": "forged"}))["code"]
            == "unauthorized"
        )
        state = hello(ws, table, created["seats"][0]["token"])
        version = state["version"]
        assert state["to_move"] == [1]  # start_player=1: not seat 0's turn
        hand_card = get_game("parade").legal_actions(live.state, 1)[0]
        reply = error_for(json.dumps({"type": "act", "version": version, "action": hand_card}))
        assert reply["code"] == "not_your_turn"
        assert live.version == version
    with client.websocket_connect("/ws") as ws:
        state = hello(ws, table, created["seats"][1]["token"])
        not_in_hand = next(c for c in range(66) if c not in live.state.hands[1])
        ws.send_text(json.dumps({"type": "act", "version": version, "action": not_in_hand}))
        reply = json.loads(ws.receive_text())
        assert reply["code"] == "illegal" and reply["rule"] == "P11"
        assert next_state(ws)["version"] == version
        ws.send_text(
            json.dumps({"type": "act", "version": version - 1, "action": state["legal"][0]["id"]})
        )
        assert json.loads(ws.receive_text())["code"] == "stale"
        assert live.version == version
        ws.send_text(json.dumps({"type": "ping"}))
        assert json.loads(next_non_state(ws))["type"] == "pong"


def next_non_state(ws: Any) -> str:
    while True:
        text: str = ws.receive_text()
        if json.loads(text)["type"] != "state":
            return text


def test_spectators_see_no_hand_and_cannot_act(client: TestClient) -> None:
    """The spectator link shows the public view and refuses actions."""
    created = create(client, "parade", [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
    with client.websocket_connect("/ws") as ws:
        state = hello(ws, created["table"], None)
        assert state["view"]["hand"] == [] and state["legal"] == []
        ws.send_text(json.dumps({"type": "act", "version": state["version"], "action": 0}))
        assert json.loads(next_non_state(ws))["code"] == "not_your_turn"


def test_a_table_screen_sees_no_hand_no_token_and_cannot_act(client: TestClient) -> None:
    """The table screen, also opened with the host's screen key, is a spectator: the public
    view, no seat token in any frame it is sent, and no move."""
    people = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    created = create(client, "parade", people, start_player="0")
    table, seat_token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect("/ws") as host:
        host.send_text(json.dumps({"type": "hello", "table": table, "host": created["host_token"]}))
        host.send_text(json.dumps({"type": "host", "do": "screen"}))
        while (answer := json.loads(host.receive_text()))["type"] != "screen_link":
            pass
    key = answer["url"].rsplit("key=", 1)[1]
    with client.websocket_connect("/ws") as me, client.websocket_connect("/ws") as screen:
        mine = hello(me, table, seat_token)
        screen.send_text(json.dumps({"type": "hello", "table": table, "screen": key}))
        frames = [screen.receive_text()]
        state = next_state(screen)
        assert state["view"]["hand"] == [] and state["legal"] == []
        screen.send_text(json.dumps({"type": "act", "version": state["version"], "action": 0}))
        frames.append(next_non_state(screen))
        assert json.loads(frames[-1])["code"] == "not_your_turn"
        screen.send_text(json.dumps({"type": "codes"}))
        frames.append(next_non_state(screen))
        assert json.loads(frames[-1]) == {"type": "join_codes", "codes": []}
        move = {"type": "act", "version": mine["version"], "action": mine["legal"][0]["id"]}
        me.send_text(json.dumps(move))
        frames.append(json.dumps(next_state(screen)))  # the move, as the screen sees it
    assert not any(seat_token in frame for frame in frames)


def test_bad_table_requests_are_refused(client: TestClient) -> None:
    """Unknown games, bots, variants and seat counts are refused with the reason."""
    for body, words in [
        ({"game": "chess", "seats": [{"kind": "human"}]}, "unknown game"),
        ({"game": "parade", "seats": [{"kind": "human"}]}, "2-6 players"),
        ({"game": "parade", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "x"}]}, "no bot"),
        (
            {"game": "parade", "seats": [{"kind": "human"}] * 2, "variants": {"z": "1"}},
            "unknown variant",
        ),
    ]:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400 and words in response.json()["detail"]
    assert client.post("/api/tables", content=b"{").status_code == 422


def test_killed_server_resumes_every_game(server: ServerProcess) -> None:
    """SIGKILL mid-game, restart: same version, same view, and play goes on."""
    created = create(
        httpx_client(server), "parade", [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    )
    table, token = created["table"], created["seats"][0]["token"]
    ws_url = server.url.replace("http", "ws") + "/ws"
    with connect(ws_url) as ws:
        state = sync_hello(ws, table, token)
        for _ in range(3):
            while not state["legal"]:
                state = sync_state(ws)
            ws.send(
                json.dumps(
                    {"type": "act", "version": state["version"], "action": state["legal"][0]["id"]}
                )
            )
            state = sync_state(ws)
        while not state["legal"]:
            state = sync_state(ws)
    before = state
    server.kill()
    server.start()
    with connect(ws_url) as ws:
        after = sync_hello(ws, table, token)
        assert after["version"] == before["version"]
        assert after["view"] == before["view"]
        assert after["legal"] == before["legal"]
        ws.send(
            json.dumps(
                {"type": "act", "version": after["version"], "action": after["legal"][0]["id"]}
            )
        )
        assert sync_state(ws)["version"] > after["version"]  # the action, then its draw


def httpx_client(server: ServerProcess) -> Any:
    import httpx2 as httpx

    return httpx.Client(base_url=server.url, timeout=10)


def sync_hello(ws: Any, table: str, token: str | None) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
    assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
    state = sync_state(ws)
    while state["chance_next"]:
        state = sync_state(ws)
    return state


def sync_state(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if message["type"] == "state":
            return message


@pytest.mark.parametrize("game_id", ["parade"])
def test_replay_opens_when_the_game_is_over(bot_table_client: TestClient, game_id: str) -> None:
    """The replay endpoint refuses a running game and steps through a finished one."""
    client = bot_table_client
    created = create(client, game_id, [{"kind": "bot", "bot": "random"}] * 3)
    table = created["table"]
    with client.websocket_connect("/ws") as ws:
        state = hello(ws, table, None)
        while not state["finished"]:
            state = next_state(ws)
    replay = client.get(f"/api/tables/{table}/replay").json()
    assert replay["steps"][0]["label"] == "start"
    assert replay["steps"][-1]["view"]["phase"] == "over"
    assert all(step["view"]["hand"] == [] for step in replay["steps"])
    running = create(client, game_id, [{"kind": "human"}] * 2)
    assert client.get(f"/api/tables/{running['table']}/replay").status_code == 409


def test_simultaneous_choices_do_not_go_stale(client: TestClient) -> None:
    """In the secret end choice, an answer made before another seat's choice still counts:
    the other's hidden choice changed nothing this seat could see."""
    created = create(client, "parade", [{"kind": "human"}, {"kind": "human"}])
    table, tokens = created["table"], [s["token"] for s in created["seats"]]
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        sockets = [a, b]
        states = [hello(a, table, tokens[0]), hello(b, table, tokens[1])]
        while states[0]["view"]["phase"] != "choose" or states[1]["view"]["phase"] != "choose":
            newest = max(x["version"] for x in states)
            seat = next(
                (
                    s
                    for s in (0, 1)
                    if states[s]["legal"]
                    and states[s]["version"] == newest
                    and states[s]["view"]["phase"] != "choose"
                ),
                None,
            )
            if seat is None:
                behind = 0 if states[0]["version"] < states[1]["version"] else 1
                states[behind] = next_state(sockets[behind])
                continue
            sockets[seat].send_text(
                json.dumps(
                    {
                        "type": "act",
                        "version": states[seat]["version"],
                        "action": states[seat]["legal"][0]["id"],
                    }
                )
            )
            states[seat] = next_state(sockets[seat])
        seen = states[1]["version"]
        a.send_text(
            json.dumps(
                {
                    "type": "act",
                    "version": states[0]["version"],
                    "action": states[0]["legal"][0]["id"],
                }
            )
        )
        assert next_state(a)["version"] == seen + 1
        b.send_text(
            json.dumps({"type": "act", "version": seen, "action": states[1]["legal"][0]["id"]})
        )
        final = next_state(b)
        while not final["finished"]:
            final = next_state(b)
        assert final["winners"]
