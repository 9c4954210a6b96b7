"""Names are normalised (NFKC, no control or format characters, one space, trimmed) and a
name that looks like one the table shows for someone else is refused with a sentence; a chat
line that piles marks on a letter is refused. Every refusal leaves the socket open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wonderland.server.talk import CHAT_MARKS, SPECTATOR_NAME, default_name

from .conftest import make_app
from .test_chat import heard, join, refused, send, table_of_two, until

CYRILLIC_A = "\u0430"


def still_open(ws: Any) -> None:
    """The socket answers a ping: a refusal did not close it."""
    send(ws, {"type": "ping"})
    assert until(ws, "pong") == {"type": "pong"}


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("\uff21\uff44\uff4d\uff49\uff4e", "Admin"),  # fullwidth letters
        ("Ca\u200bt", "Cat"),  # a zero-width space
        ("\u2066Bob\u2069", "Bob"),  # bidi isolates
        ("  Zo\u00eb \t O'Hara  ", "Zoë O'Hara"),
        ("e\u0301mile", "émile"),  # a letter and its accent become one
        ("\ufb01ona", "fiona"),  # the ligature fi
    ],
)
def test_names_are_normalised(tmp_path: Path, typed: str, kept: str) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, live = table_of_two(client)
        with client.websocket_connect("/ws") as ws:
            join(ws, table, tokens[0])
            send(ws, {"type": "name", "name": typed})
            assert until(ws, "named") == {"type": "named", "name": kept}
            assert live.seats[0].name == kept


def test_names_that_look_like_another_are_refused(tmp_path: Path) -> None:
    """For a seat, another seat's name, any default name (also this seat's own) and the
    spectators' name, written alike (other case, Cyrillic letters, digits for letters), are
    refused; a name like this seat's own chosen name is not another's. A spectator may chat
    under a seat's name (the person of the seat, watching in another tab): each of its lines
    is marked as a spectator's."""
    other_default = default_name(1)
    look_alikes = {
        default_name(0): "seat 1",
        other_default: "seat 2",
        other_default.upper(): "seat 2",
        other_default.replace("a", CYRILLIC_A): "seat 2",
        other_default.replace("l", "1"): "seat 2",
        SPECTATOR_NAME.upper().replace("O", "0"): "spectator",
    }
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, live = table_of_two(client)
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            join(a, table, tokens[0])
            join(b, table, tokens[1])
            for name, whose in look_alikes.items():
                send(a, {"type": "name", "name": name})
                message = refused(a, "invalid_name")["message"]
                assert repr(name) in message and whose in message, message
            still_open(a)
            assert [s.name for s in live.seats] == [None, None]
            send(b, {"type": "name", "name": "Alice"})
            assert until(b, "named")["name"] == "Alice"
            for name in ("Alic" + "\u0435", "ALICE", "A1ice"):  # a Cyrillic е
                send(a, {"type": "name", "name": name})
                assert "seat 2" in refused(a, "invalid_name")["message"]
            send(a, {"type": "name", "name": "Bob"})
            assert until(a, "named")["name"] == "Bob"
            send(a, {"type": "name", "name": "B0b"})  # like its own name only: taken
            assert until(a, "named")["name"] == "B0b"
            with client.websocket_connect("/ws") as watcher:  # marked as a spectator's
                join(watcher, table, None)
                send(watcher, {"type": "name", "name": "\uff21lice"})
                assert until(watcher, "named")["name"] == "Alice"
                send(watcher, {"type": "chat", "text": "hello"})
                line = heard(b)
                assert (line["name"], line["spectator"]) == ("Alice", True)
            assert [s.name for s in live.seats] == ["B0b", "Alice"]


def test_a_zalgo_chat_line_is_refused_and_accents_are_not(tmp_path: Path) -> None:
    """One letter and 299 combining marks is refused with a sentence and not said; letters
    with up to ``CHAT_MARKS`` marks each are said as written."""
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, live = table_of_two(client)
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            join(a, table, tokens[0])
            join(b, table, tokens[1])
            for zalgo in ("Z" + "\u0336" * 299, "ok x" + "\u0301\u0302\u0303\u0304" * 2):
                send(a, {"type": "chat", "text": zalgo})
                message = refused(a, "malformed")["message"]
                assert f"at most {CHAT_MARKS}" in message, message
            still_open(a)
            accents = "Zoë, ça va? x\u0301\u0302\u0303 \u0e01\u0e35\u0e49"  # Thai: 2 marks
            send(a, {"type": "chat", "text": accents})
            assert heard(b)["text"] == accents  # the first line b hears: nothing else was said
            assert len(live.chat) == 1
