"""Join codes: the host's page and a table screen opened with its key get a QR code of each
untaken seat's link (the image encodes exactly that link), a phone that opens one has the
seat, a lost phone's code is replaced; a spectator, and the screen's public link, never get
a code, and no seat token ever reaches a spectator's frames."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import segno
from fastapi.testclient import TestClient

from .conftest import make_app
from .seating_support import create, join, log_of, refused, send, state_where, until

SEATS = [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}]


def modules(data_uri: str) -> list[list[bool]]:
    """The dark modules of a QR code drawn as SVG by segno (its path of horizontal runs)."""
    svg = unquote(data_uri.split(",", 1)[1])
    size = int(re.search(r"viewBox=.0 0 (\d+) ", svg).group(1))  # type: ignore[union-attr]
    grid = [[False] * size for _ in range(size)]
    path = re.search(r"class=.qrline.[^>]* d=.([^'\"]+)", svg).group(1)  # type: ignore[union-attr]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?:\s(-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for column in range(int(x), int(x + float(a))):
                grid[int(y)][column] = True
            x += float(a)
    return grid


def encodes(data_uri: str, text: str) -> bool:
    """Whether the image is the QR code of ``text`` (as segno encodes it, border 2)."""
    expected = segno.make(text, error="m", micro=False)
    border = 2
    size = len(expected.matrix) + 2 * border
    want = [[False] * size for _ in range(size)]
    for row, line in enumerate(expected.matrix):
        for column, dark in enumerate(line):
            want[row + border][column + border] = bool(dark)
    return modules(data_uri) == want


def codes_of(ws: Any, seen: list[str] | None = None) -> dict[int, dict[str, str]]:
    send(ws, {"type": "codes"})
    return {code["seat"]: code for code in until(ws, "join_codes", seen)["codes"]}


def token_of(code: dict[str, str]) -> str:
    return code["url"].rsplit("token=", 1)[1]


def test_codes_go_to_the_host_and_its_screen_and_seat_the_phones(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "parade", SEATS, start_player="0")
        table, host = created["table"], created["host_token"]
        spy_frames: list[str] = []
        with client.websocket_connect("/ws") as spy, client.websocket_connect("/ws") as desk:
            join(spy, table, None, seen=spy_frames)
            join(desk, table, None, host=host)
            codes = codes_of(desk)
            assert sorted(codes) == [1, 2]  # the host's own seat has its link already
            for seat, code in codes.items():
                url = f"http://testserver/t/{table}#seat={seat}&token={token_of(code)}"
                assert code["url"] == url and encodes(code["svg"], url)
            send(spy, {"type": "codes"})
            refused(spy, "not_host", spy_frames)
            send(desk, {"type": "host", "do": "screen"})
            link = until(desk, "screen_link")
            assert link["url"].startswith(f"http://testserver/t/{table}/screen#key=")
            with client.websocket_connect("/ws") as screen:
                join(screen, table, None)  # the public screen: no code
                send(screen, {"type": "codes"})
                refused(screen, "not_host")
            with client.websocket_connect("/ws") as wrong:
                send(wrong, {"type": "hello", "table": table, "screen": "not-a-key"})
                refused(wrong, "not_host")
            with client.websocket_connect("/ws") as screen:
                key = link["url"].rsplit("key=", 1)[1]
                send(screen, {"type": "hello", "table": table, "screen": key})
                assert until(screen, "welcome")["host"] is False
                assert codes_of(screen) == codes  # the same codes, not new ones
                send(screen, {"type": "host", "do": "close"})
                refused(screen, "not_host")  # a screen key is no host token
            with client.websocket_connect("/ws") as phone:
                welcome, state = join(phone, table, token_of(codes[1]))
                assert welcome["seat"] == 1 and state["seats"][1]["kind"] == "human"
                assert state["waiting"]
                assert sorted(codes_of(desk)) == [2]
                with client.websocket_connect("/ws") as other:
                    welcome, _ = join(other, table, token_of(codes[2]))
                    assert welcome["seat"] == 2
                    state_where(spy, lambda s: not s["waiting"], spy_frames)
            assert codes_of(desk) == {}
        assert log_of(client, table, 0)[:3] == [
            "Seat 2 sat down at the table.",
            "Seat 3 sat down at the table.",
            "Every seat is taken: the game begins.",
        ]
        stored = client.app.state.manager.store.load(table)  # type: ignore[attr-defined]
        secrets = [token_of(code) for code in codes.values()]
        assert not any(s in json.dumps([seat.to_json() for seat in stored.seats]) for s in secrets)
        assert not any(s in frame for s in secrets for frame in spy_frames)
        assert not any(created["seats"][0]["token"] in frame for frame in spy_frames)


def test_a_new_code_replaces_a_lost_phones_link(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        people = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
        created = create(client, "parade", people, start_player="0")
        table, host = created["table"], created["host_token"]
        lost = created["seats"][1]["token"]
        with client.websocket_connect("/ws") as desk:
            join(desk, table, created["seats"][0]["token"], host=host)
            assert codes_of(desk) == {}  # a person's seat has its link: no code until asked
            send(desk, {"type": "host", "do": "new_code", "seat": 1})
            code = {c["seat"]: c for c in until(desk, "join_codes")["codes"]}[1]
            assert token_of(code) != lost and encodes(code["svg"], code["url"])
            send(desk, {"type": "host", "do": "new_code", "seat": 2})
            assert "bot" in refused(desk, "malformed")["message"]
            with client.websocket_connect("/ws") as old:
                send(old, {"type": "hello", "table": table, "token": lost})
                refused(old, "unauthorized")
            with client.websocket_connect("/ws") as phone:
                welcome, _ = join(phone, table, token_of(code))
                assert welcome["seat"] == 1
                assert codes_of(desk) == {}  # opened: the seat shows its player now


def test_a_seat_taken_from_the_page_spends_its_code(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "parade", SEATS, start_player="0")
        table, host = created["table"], created["host_token"]
        with client.websocket_connect("/ws") as desk:
            join(desk, table, None, host=host)
            code = codes_of(desk)[1]
            assert client.post(f"/api/tables/{table}/seats/1").status_code == 200
            with client.websocket_connect("/ws") as late:
                send(late, {"type": "hello", "table": table, "token": token_of(code)})
                refused(late, "unauthorized")
            assert sorted(codes_of(desk)) == [2]
            send(desk, {"type": "host", "do": "start"})
            state_where(desk, lambda s: not s["waiting"])
            assert codes_of(desk) == {}  # the bot's seat needs no code
