"""Pass-and-play: several named people seated on the device that creates the table. Their
seats are ordinary people's seats with a token each (all handed to the creating device in one
link); bad names and a real-time race passed around one device are refused with a sentence and
create nothing; the device's seats survive a rebuild; an undo asked at the device waits only
for the people elsewhere."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient

from wonderland.server.pass_and_play import KEY

from .conftest import make_app
from .test_chat import send, until
from .test_undo import act, my_turn, state_at
from .test_websocket import hello

ALICE_BOB_AND_A_BOT = [
    {"kind": "local", "name": "Alice"},
    {"kind": "local", "name": "Bob"},
    {"kind": "bot", "bot": "random"},
]


def tables_listed(client: TestClient) -> int:
    return len(client.get("/api/tables").json()["tables"])


def test_local_seats_get_their_names_and_one_link_with_every_token(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "parade", "seats": ALICE_BOB_AND_A_BOT})
    assert response.status_code == 200, response.text
    created = response.json()
    tokens = {link["seat"]: link["token"] for link in created["seats"]}
    assert sorted(tokens) == [0, 1]
    fragment = parse_qs(urlsplit(created["pass_and_play_url"]).fragment)
    assert fragment["local"] == [f"0:{tokens[0]},1:{tokens[1]}"]
    assert fragment["host"] == [created["host_token"]]
    status = client.get(f"/api/tables/{created['table']}/status").json()
    assert [seat["name"] for seat in status["seats"]] == ["Alice", "Bob", "bot (random)"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    stored = manager.store.load(created["table"])
    assert stored.config[KEY] == [0, 1]
    assert manager.rebuild(stored).device_seats == frozenset({0, 1})
    with client.websocket_connect("/ws") as ws:  # each local token opens its own seat
        send(ws, {"type": "hello", "table": created["table"], "token": tokens[1]})
        assert until(ws, "welcome")["seat"] == 1


def test_one_local_seat_is_an_ordinary_seat_with_a_name(client: TestClient) -> None:
    seats = [{"kind": "local", "name": "Dinah"}, {"kind": "bot", "bot": "random"}]
    response = client.post("/api/tables", json={"game": "wonderdice", "seats": seats})
    assert response.status_code == 200, response.text
    assert response.json()["pass_and_play_url"] is None
    stored = client.app.state.manager.store.load(response.json()["table"])  # type: ignore[attr-defined]
    assert KEY not in stored.config and stored.seats[0].name == "Dinah"


@pytest.mark.parametrize(
    ("game", "seats", "words"),
    [
        (
            "wonderdice",
            [{"kind": "local", "name": "Alice"}, {"kind": "local", "name": "Bob"}],
            "every player acts at the same time, so it cannot be passed around one device",
        ),
        ("parade", [{"kind": "local", "name": "Alice"}, {"kind": "local"}], "give the name"),
        (
            "parade",
            [{"kind": "local", "name": "Alice"}, {"kind": "local", "name": "ALICE"}],
            "the name of seat 1",
        ),
        (
            "parade",
            [{"kind": "local", "name": "Alice"}, {"kind": "local", "name": "player 1"}],
            "a seat's number",
        ),
        ("parade", [{"kind": "local", "name": "Al<i>ce"}, {"kind": "human"}], "letters, digits"),
        (
            "parade",
            [{"kind": "local", "name": "Alice"}, {"kind": "bot", "bot": "random", "name": "Hal"}],
            "only a seat played on this device",
        ),
    ],
)
def test_bad_local_seats_are_refused_with_a_sentence_and_create_nothing(
    client: TestClient, game: str, seats: list[dict[str, Any]], words: str
) -> None:
    before = tables_listed(client)
    response = client.post("/api/tables", json={"game": game, "seats": seats})
    assert response.status_code == 400, response.text
    detail = response.json()["detail"]
    assert words in detail and len(detail.split()) >= 8, detail
    assert tables_listed(client) == before


def test_an_undo_asked_at_the_device_waits_only_for_the_people_elsewhere(
    tmp_path: Path,
) -> None:
    seats = [*ALICE_BOB_AND_A_BOT[:2], {"kind": "human"}]
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = client.post("/api/tables", json={"game": "wonderlands_war", "seats": seats})
        table = created.json()["table"]
        tokens = {link["seat"]: link["token"] for link in created.json()["seats"]}
        with client.websocket_connect("/ws") as alice, client.websocket_connect("/ws") as friend:
            first = my_turn(alice, hello(alice, table, tokens[0]))
            hello(friend, table, tokens[2])
            act(alice, first)
            state_at(alice, first["version"] + 1)
            send(alice, {"type": "undo_ask"})
            offer = until(alice, "undo_offer")
            assert offer["waiting"] == [2]  # Bob shares the device: only the friend is asked
            send(friend, {"type": "undo_answer", "accept": True})
            assert until(alice, "undo_result")["outcome"] == "accepted"


def test_an_undo_at_a_table_of_one_device_needs_no_other_answer(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = client.post(
            "/api/tables", json={"game": "wonderlands_war", "seats": ALICE_BOB_AND_A_BOT}
        ).json()
        token = created["seats"][0]["token"]
        with client.websocket_connect("/ws") as alice:
            first = my_turn(alice, hello(alice, created["table"], token))
            act(alice, first)
            moved = state_at(alice, first["version"] + 1)
            send(alice, {"type": "undo_ask"})
            assert until(alice, "undo_result")["outcome"] == "accepted"
            back = state_at(alice, moved["version"] + 1)
            assert back["to_move"] == [0] and back["view"] == first["view"]


def test_one_person_at_the_device_answers_a_friends_undo_for_all_of_them(
    tmp_path: Path,
) -> None:
    seats = [{"kind": "human"}, *ALICE_BOB_AND_A_BOT[:2]]
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = client.post("/api/tables", json={"game": "wonderlands_war", "seats": seats})
        table = created.json()["table"]
        tokens = {link["seat"]: link["token"] for link in created.json()["seats"]}
        with client.websocket_connect("/ws") as friend, client.websocket_connect("/ws") as alice:
            first = my_turn(friend, hello(friend, table, tokens[0]))  # factions in seat order
            hello(alice, table, tokens[1])
            act(friend, first)
            state_at(friend, first["version"] + 1)
            send(friend, {"type": "undo_ask"})
            assert until(alice, "undo_offer")["waiting"] == [1, 2]  # both people at the device
            send(alice, {"type": "undo_answer", "accept": True})  # Alice answers for Bob too
            assert until(friend, "undo_offer")["waiting"] == [1, 2]  # its own ask
            assert until(friend, "undo_result")["outcome"] == "accepted"
            back = state_at(friend, first["version"] + 2)
            assert back["to_move"] == [0] and back["view"] == first["view"]
        stored = client.app.state.manager.store.load(table)  # type: ignore[attr-defined]
        again = client.app.state.manager.rebuild(stored)  # type: ignore[attr-defined]
        assert again.version == back["version"] and again.undo.offer is None
