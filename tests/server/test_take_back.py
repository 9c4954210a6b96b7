"""Parade's take-back before the draw (RULES.md, "Table conventions", T1): the draw after a
person's play waits a few seconds, in which the play may be taken back without consent; no
hidden card is revealed or lost by it, the card drawn afterwards is the one the first play
would have drawn, a take-back after the draw is refused with a sentence, and the record
replays."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from wonderland.core import CHANCE
from wonderland.server.app import replay_steps
from wonderland.server.live_table import LiveTable
from wonderland.server.runner import chance_rng, commit
from wonderland.server.undo import UNDO
from wonderland.server.wire import StateMessage
from wonderland.store import SeatInfo

from .conftest import make_app
from .test_chat import refused, send, until
from .test_undo import Recorded, my_turn
from .test_websocket import hello

DECK = 66


def parade_table(client: TestClient, seconds: float, seats: list[dict[str, str]]) -> Any:
    """A Parade table whose seat 0 starts, holding its draws ``seconds``."""
    request = {
        "game": "parade",
        "seats": seats,
        "variants": {"start_player": 0},
        "take_back_seconds": seconds,
    }
    response = client.post("/api/tables", json=request)
    assert response.status_code == 200, response.text
    created = response.json()
    live = client.app.state.manager.tables[created["table"]]  # type: ignore[attr-defined]
    return created["table"], [s["token"] for s in created["seats"]], live


def cards_in_play(view: dict[str, Any]) -> int:
    """Every card a view accounts for: hands, parade, collections and the pile."""
    collected = sum(len(c) for c in view["collections"])
    return sum(view["hand_sizes"]) + len(view["parade"]) + collected + view["pile_size"]


def state_with(ws: Any, accepts: Any) -> dict[str, Any]:
    """The next state message that ``accepts`` takes (checked against the model)."""
    while True:
        state = json.loads(ws.receive_text())
        if state["type"] != "state":  # undo results, seats' news
            continue
        StateMessage.model_validate(state)
        if accepts(state):
            return state


def drawn_card(live: LiveTable) -> int:
    """The card of the table's last chance row."""
    return next(action for actor, action in reversed(live.actions) if actor == CHANCE)


def test_t1_a_play_is_taken_back_before_its_draw_and_no_card_comes_to_light(
    tmp_path: Path,
) -> None:
    """T1: during the hold the draw has not happened (pile and hands as they were but the
    played card); the take-back needs no consent and restores every view; every view always
    accounts for all 66 cards; the card drawn after another play is the one the first play
    would have drawn; the record and a rebuild agree."""
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, live = parade_table(client, 30, seats)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        with (
            client.websocket_connect("/ws") as a_socket,
            client.websocket_connect("/ws") as b_socket,
            client.websocket_connect("/ws") as watcher_socket,
        ):
            a, b, watcher = Recorded(a_socket), Recorded(b_socket), Recorded(watcher_socket)
            first = my_turn(a, hello(a, table, tokens[0]))
            before = {0: first["view"], 1: hello(b, table, tokens[1])["view"]}
            before[None] = hello(watcher, table, None)["view"]  # type: ignore[index]
            pile = first["view"]["pile_size"]
            act_with = first["legal"][0]["id"]
            send(a, {"type": "act", "version": first["version"], "action": act_with})
            held = state_with(a, lambda s: s["version"] == first["version"] + 1)
            assert held["chance_next"] and held["take_back"]["seat"] == 0
            assert 0 < held["take_back"]["ms_left"] <= 30_000
            assert held["view"]["pile_size"] == pile and len(held["view"]["hand"]) == 4
            seen_b = state_with(b, lambda s: s["version"] == held["version"])
            assert seen_b["take_back"] == {"seat": 0, "ms_left": seen_b["take_back"]["ms_left"]}
            assert not seen_b["undo"] and seen_b["view"]["hand"] == before[1]["hand"]
            would_draw = live.game.sample_chance(live.state, chance_rng(live))
            time.sleep(0.3)
            assert live.version == held["version"]  # the bot and the draw wait
            send(a, {"type": "undo_ask"})
            assert until(a, "undo_result")["outcome"] == "accepted"  # nobody was asked
            back = state_with(a, lambda s: s["version"] == held["version"] + 1)
            assert back["view"] == before[0] and back["take_back"] is None
            assert "took back their play" in back["log"][-1]
            assert "before its card was drawn" in back["log"][-1]
            for ws, viewer in ((b, 1), (watcher, None)):
                state = state_with(ws, lambda s, v=back["version"]: s["version"] == v)
                assert state["view"] == before[viewer]  # type: ignore[index]
            other = next(x["id"] for x in back["legal"] if x["id"] != act_with)
            send(a, {"type": "act", "version": back["version"], "action": other})
            again = state_with(a, lambda s: s["take_back"] is not None)
            send(a, {"type": "keep"})
            state_with(a, lambda s: s["version"] == again["version"] + 1)
            assert drawn_card(live) == would_draw  # a take-back fishes for nothing
            send(b, {"type": "keep"})
            assert "nothing to keep" in refused(b, "undo_refused")["message"]
        for text in b.seen + watcher.seen:
            message = json.loads(text)
            if message["type"] == "state":
                assert cards_in_play(message["view"]) == DECK
                assert message["view"]["hand"] == [] or message["view"]["seat"] == 1
        stored = manager.store.load(table)
        rows = [(actor, action) for actor, action, _ in stored.actions]
        undo_at = rows.index((UNDO, rows.index((0, act_with))))
        assert rows[undo_at + 1 :][:2] == [(0, other), (CHANCE, would_draw)]
        again_table = manager.rebuild(stored)  # a restart rebuilds the same, hold included
        assert again_table.take_back_ms == 30_000
        game = live.game
        for seat in (0, 1, 2, None):
            assert game.view_to_json(game.view(again_table.state, seat)) == game.view_to_json(
                game.view(live.state, seat)
            )
        labels = [step["label"] for step in replay_steps(live)["steps"]]
        assert any(label.startswith("undo:") for label in labels)


def test_t1_a_take_back_after_the_draw_is_refused_with_a_sentence(tmp_path: Path) -> None:
    """T1: when the seconds run out the card is drawn; the play then stays."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, live = parade_table(client, 0.3, seats)
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            first = my_turn(a, hello(a, table, tokens[0]))
            hello(b, table, tokens[1])
            send(a, {"type": "act", "version": first["version"], "action": first["legal"][0]["id"]})
            assert state_with(a, lambda s: s["version"] == first["version"] + 1)["take_back"]
            drawn = state_with(a, lambda s: s["version"] == first["version"] + 2)
            assert not drawn["chance_next"] and drawn["take_back"] is None
            assert len(drawn["view"]["hand"]) == 5
            send(a, {"type": "undo_ask"})
            message = refused(a, "undo_refused")["message"]
            assert "kept and its card drawn" in message and "can no longer be taken back" in message
            send(a, {"type": "keep"})
            assert "nothing to keep" in refused(a, "undo_refused")["message"]
            assert live.undo.offer is None and all(actor != UNDO for actor, _ in live.actions)


def test_t1_bots_draw_at_once_and_other_games_hold_nothing(tmp_path: Path) -> None:
    """T1 holds only a person's play: a bot's draw is at once. War keeps its undo by
    consent: its tables hold no draw whatever the setting."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    with TestClient(make_app(tmp_path, bot_workers=0, take_back_seconds=30)) as client:
        request = {"game": "parade", "seats": seats, "variants": {"start_player": 1}}
        created = client.post("/api/tables", json=request).json()
        live = client.app.state.manager.tables[created["table"]]  # type: ignore[attr-defined]
        assert live.take_back_ms == 30_000  # the server's default
        with client.websocket_connect("/ws") as a:
            mine = my_turn(a, hello(a, created["table"], created["seats"][0]["token"]))
            assert mine["take_back"] is None and not mine["chance_next"]
        war = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
        made = client.post("/api/tables", json={"game": "wonderlands_war", "seats": war})
        other = client.app.state.manager.tables[made.json()["table"]]  # type: ignore[attr-defined]
        assert other.take_back_ms == 0


class _Decision:
    """A stand-in game: two seats choose at the same time ("choosing"), or seat 0 alone
    ("turn"); either way a draw follows ("draw"), then seat 1 moves ("after")."""

    def to_move(self, state: str) -> Any:
        return {"choosing": frozenset({0}), "turn": 0, "draw": CHANCE}.get(state, 1)

    def apply(self, state: str, actor: int, action: int) -> str:
        return "draw" if actor != CHANCE else "after"

    def sample_chance(self, state: str, rng: Any) -> int:
        return 7

    def describe_step(self, *args: Any) -> None:
        return None

    def describe_step_for(self, *args: Any) -> dict[Any, None]:
        return {}


class _Core:
    async def write(self, *rows: Any) -> None:
        return None


def test_t1_a_choice_that_completes_a_decision_made_together_is_not_held() -> None:
    """T1 holds a move a seat made alone: a choice that completes a decision made at the same
    time reveals the others' choices, so its draw comes at once (no take-back after seeing
    them)."""
    for start, rows in (("choosing", 2), ("turn", 1)):
        seats = [SeatInfo("human", None, "a"), SeatInfo("human", None, "b")]
        table = LiveTable("t", _Decision(), None, 1, seats, start)  # type: ignore[arg-type]
        table.take_back_ms = 5000
        asyncio.run(commit(_Core(), table, 0, 3))  # type: ignore[arg-type]
        assert len(table.actions) == rows, start
