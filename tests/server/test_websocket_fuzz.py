"""Every websocket message is answered, on SQLite and on PostgreSQL: random frames and messages
of every type with hostile values (NUL bytes, lone surrogates, control and combining
characters, huge and negative numbers, wrong types) sent to live tables, by a seat, a
spectator and a new connection. None closes the socket, none logs an error or a traceback,
and every refusal is an ``error`` with a sentence."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from starlette.testclient import WebSocketTestSession

from tests.server.conftest import MACHINE_SPEED
from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from wonderland.server.app import create_app
from wonderland.server.settings import ServerSettings
from wonderland.server.wire import AnyClientMessage, ErrorMessage

MODELS = {
    get_args(model.model_fields["type"].annotation)[0]: model
    for model in get_args(AnyClientMessage)
}
"""Every client message's model by its type."""

HOSTILE_WORDS = st.sampled_from(
    [
        "ab\x00",
        "\x00",
        "\ud800",
        "a\udfffb",
        "\u202eevil",
        "Ａｄｍｉｎ",
        "a" + "\u0301" * 299,
        "'; DROP TABLE game_tables; --",
        "<script>alert(1)</script>",
        "%00",
        "\r\n\t",
        "x" * 5000,
        "",
        " ",
    ]
)
HOSTILE_TEXT = st.one_of(
    HOSTILE_WORDS,
    st.text(max_size=40),
    st.text(st.characters(codec=None, categories=["Cs", "Cc", "Cf", "Mn", "Zs"]), max_size=20),
)
"""Strings no client should send: NUL, lone surrogates, controls, marks, markup, huge."""
HOSTILE_NUMBERS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([2**31, 2**63, 2**64, 10**100, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
)
HOSTILE_VALUE = st.recursive(
    st.one_of(HOSTILE_TEXT, HOSTILE_NUMBERS, st.booleans(), st.none()),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(HOSTILE_TEXT, inner, max_size=3),
    max_leaves=6,
)
"""Any JSON value, and a few that are not JSON (NaN, infinities)."""


def hostile_message(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    """A message of type ``kind`` with its fields (some left out, one more now and then)
    holding hostile values."""
    fields = [name for name in MODELS[kind].model_fields if name != "type"]
    return st.fixed_dictionaries(
        {"type": st.just(kind)},
        optional={**dict.fromkeys(fields, HOSTILE_VALUE), "extra": HOSTILE_VALUE},
    )


def as_frame(message: Any, ascii_only: bool) -> str:
    """``message`` as a text frame: JSON, with non-ASCII escaped or not (a lone surrogate
    escaped is invalid JSON; raw, it is text that no UTF-8 holds)."""
    return json.dumps(message, ensure_ascii=ascii_only)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def fuzz_client(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TestClient]:
    """The app on each database, with no limit on refused messages (each example is one)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('ws') / 'db.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    limits = ServerSettings(**{**MACHINE_SPEED, "strikes_per_minute": 1_000_000})
    with TestClient(create_app(url, bot_workers=0, bot_delay=0, settings=limits)) as client:
        yield client


@pytest.fixture(scope="module")
def tables(fuzz_client: TestClient) -> dict[str, Any]:
    """A Parade table of two people and a Wonderdice table of a person and a bot."""
    made = {}
    for game, seats in (
        ("parade", [{"kind": "human"}, {"kind": "human"}]),
        ("wonderdice", [{"kind": "human"}, {"kind": "bot", "bot": "random"}]),
    ):
        response = fuzz_client.post("/api/tables", json={"game": game, "seats": seats})
        assert response.status_code == 200, response.text
        made[game] = response.json()
    return made


@pytest.fixture(scope="module")
def sockets(
    fuzz_client: TestClient, tables: dict[str, Any]
) -> Iterator[list[WebSocketTestSession]]:
    """Seat 0 of each table and a spectator of the Parade table, joined."""
    joins = [
        (tables["parade"]["table"], tables["parade"]["seats"][0]["token"]),
        (tables["wonderdice"]["table"], tables["wonderdice"]["seats"][0]["token"]),
        (tables["parade"]["table"], None),
    ]
    opened = []
    try:
        for table, token in joins:
            ws = fuzz_client.websocket_connect("/ws").__enter__()
            opened.append(ws)
            ws.send_text(json.dumps({"type": "hello", "table": table, "token": token}))
            answered(ws)
        ready = {"type": "ready"}
        opened[1].send_text(json.dumps(ready))  # the race starts, its bot rolls
        answered(opened[1])
        yield opened
    finally:
        for ws in opened:
            ws.__exit__(None, None, None)


def answered(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Every message the server sends until it answers a ping: the answers to what was sent
    before it (the server reads a socket's messages in order). A dropped socket fails here."""
    ws.send_text(json.dumps({"type": "ping"}))
    seen = []
    while True:
        message = json.loads(ws.receive_text())
        if message["type"] == "pong":
            return seen
        seen.append(message)


def refusals_are_sentences(seen: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The errors among ``seen``, each checked against the protocol: a code and a sentence."""
    errors = [message for message in seen if message["type"] == "error"]
    for error in errors:
        ErrorMessage.model_validate(error)
        assert len(error["message"].split()) >= 3, error
    return errors


def nothing_logged(caplog: pytest.LogCaptureFixture) -> None:
    """No error and no traceback in the server's log."""
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [r.getMessage() for r in bad]


FUZZ = settings(
    max_examples=40,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.slow
@FUZZ
@given(
    frame=st.one_of(
        st.binary(max_size=64),
        st.text(max_size=64),
        HOSTILE_VALUE.map(json.dumps),
        st.sampled_from(["{", "[]", "null", '{"type": 1}', '{"type": "nope"}', "\ufeff{}"]),
    ),
    who=st.integers(0, 2),
)
def test_a_frame_that_is_no_message_is_refused_in_a_sentence(
    frame: str | bytes,
    who: int,
    sockets: list[WebSocketTestSession],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Binary frames, text that is not JSON, JSON that is no message: one ``error`` each."""
    if isinstance(frame, str):
        try:
            parsed = json.loads(frame)
        except ValueError:
            parsed = None
        assume(not (isinstance(parsed, dict) and parsed.get("type") in MODELS))
        sockets[who].send_text(frame)
    else:
        sockets[who].send_bytes(frame)
    errors = refusals_are_sentences(answered(sockets[who]))
    assert [error["code"] for error in errors] in (["malformed"], ["too_large"])
    nothing_logged(caplog)


@pytest.mark.slow
@FUZZ
@given(
    message=st.sampled_from(sorted(MODELS)).flatmap(hostile_message),
    ascii_only=st.booleans(),
    who=st.integers(0, 2),
)
def test_every_message_with_hostile_values_is_answered(
    message: dict[str, Any],
    ascii_only: bool,
    who: int,
    sockets: list[WebSocketTestSession],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A seat (turn-based or real-time) or a spectator sends a message of any type with
    hostile values: the socket stays open, a refusal is a sentence, nothing is logged."""
    if message["type"] == "host":
        assume(message.get("do") not in ("reissue", "close"))  # no host token here anyway
    sockets[who].send_text(as_frame(message, ascii_only))
    refusals_are_sentences(answered(sockets[who]))
    nothing_logged(caplog)


@pytest.mark.slow
@FUZZ
@given(message=hostile_message("hello"), ascii_only=st.booleans(), real=st.booleans())
def test_a_hostile_hello_is_answered_and_the_socket_stays(
    message: dict[str, Any],
    ascii_only: bool,
    real: bool,
    fuzz_client: TestClient,
    tables: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A first hello with hostile table ids, tokens and host tokens (now and then a real
    table's id): a welcome or an ``error`` with a sentence, and the socket stays open."""
    if real:
        message["table"] = tables["parade"]["table"]
    with fuzz_client.websocket_connect("/ws") as ws:
        ws.send_text(as_frame(message, ascii_only))
        seen = answered(ws)
        errors = refusals_are_sentences(seen)
        assert errors or seen[0]["type"] == "welcome"
    nothing_logged(caplog)


def test_a_nul_byte_in_a_table_id_is_refused_on_every_database(
    fuzz_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    """The inputs that once reached PostgreSQL: refused before any lookup, in a sentence."""
    for path in ("/api/tables/%00/replay", "/api/tables/%00/status", "/api/tables?cursor=%00"):
        response = fuzz_client.get(path)
        assert response.status_code == 422, path
        assert "does not fit" in response.json()["detail"]
    assert fuzz_client.post("/api/tables/ab%00/seats/1").status_code == 422
    page = fuzz_client.get("/t/ab%00")
    assert page.status_code == 404 and "no table" in page.text
    with fuzz_client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "table": "ab\x00"}))
        [error] = refusals_are_sentences(answered(ws))
        assert error["code"] == "malformed" and "table" in error["message"]
    nothing_logged(caplog)
