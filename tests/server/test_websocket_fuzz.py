"""Every websocket message is answered, on SQLite and on PostgreSQL: random frames and messages
of every type with hostile values (NUL bytes, lone surrogates, control and combining
characters, huge and negative numbers, wrong types) sent to live tables, by a seat, a
spectator and a new connection. None closes the socket, none logs an error or a traceback,
and every refusal is an ``error`` with a sentence."""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Iterator
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

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
SENT: Counter[str] = Counter()
"""Messages sent per type and answer, on one database (printed at its end)."""


def field_values(annotation: Any) -> st.SearchStrategy[Any]:
    """Values of a field's own type, strings hostile (so that a message gets past its
    checks to the table now and then: a host's command, a seat, a small version)."""
    kinds = get_args(annotation) if get_origin(annotation) in (Union, UnionType) else (annotation,)
    values = []
    for kind in kinds:
        if get_origin(kind) is Literal:
            values.append(st.sampled_from(get_args(kind)))
        elif kind is bool:
            values.append(st.booleans())
        elif kind is int:
            values.append(st.integers(0, 40) | HOSTILE_NUMBERS)
        elif kind is str:
            values.append(HOSTILE_TEXT)
        elif kind is type(None):
            values.append(st.none())
    return st.one_of(*values) if values else HOSTILE_VALUE


def hostile_message(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    """A message of type ``kind`` with values of its fields' types (optional ones now and then
    left out), or with one field (or one more) holding any value at all."""
    model = MODELS[kind].model_fields
    fields = {name: field_values(field.annotation) for name, field in model.items()}
    required = {name: fields[name] for name in fields if model[name].is_required()}
    optional = {name: fields[name] for name in fields if name not in required}
    typed = st.fixed_dictionaries({**required, "type": st.just(kind)}, optional=optional)
    names = [name for name in fields if name != "type"]
    wrong = st.tuples(typed, st.sampled_from([*names, "extra"]), HOSTILE_VALUE).map(
        lambda drawn: {**drawn[0], drawn[1]: drawn[2]}
    )
    return typed | wrong


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
    SENT.clear()
    with TestClient(create_app(url, bot_workers=0, bot_delay=0, settings=limits)) as client:
        yield client
    print(f"\nmessages per type and answer on {request.param}: {dict(sorted(SENT.items()))}")


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
    """Seat 0 of each table (the Parade one with the host's controls) and a spectator of the
    Parade table, joined."""
    parade, wonderdice = tables["parade"], tables["wonderdice"]
    joins = [
        (parade["table"], parade["seats"][0]["token"], parade["host_token"]),
        (wonderdice["table"], wonderdice["seats"][0]["token"], None),
        (parade["table"], None, None),
    ]
    opened = []
    try:
        for table, token, host in joins:
            ws = fuzz_client.websocket_connect("/ws").__enter__()
            opened.append(ws)
            hello = {"type": "hello", "table": table, "token": token, "host": host}
            ws.send_text(json.dumps(hello))
            assert answered(ws)[0]["type"] == "welcome"
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


def refusals_are_sentences(seen: list[dict[str, Any]], sent: str) -> list[dict[str, Any]]:
    """The errors among ``seen`` (the answers to a message of type ``sent``), each checked
    against the protocol: a code and a sentence."""
    errors = [message for message in seen if message["type"] == "error"]
    SENT[f"{sent} {' '.join(e['code'] for e in errors) or 'taken'}"] += 1
    for error in errors:
        ErrorMessage.model_validate(error)
        assert len(error["message"].split()) >= 3, error
    return errors


def nothing_logged(caplog: pytest.LogCaptureFixture) -> None:
    """No error and no traceback in the server's log."""
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [r.getMessage() for r in bad]


FUZZ = settings(
    max_examples=60,
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
    errors = refusals_are_sentences(answered(sockets[who]), "no message")
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
    """A seat (turn-based, with the host's controls, or real-time) or a spectator sends a
    message of any type with hostile values: the socket stays open, a refusal is a sentence,
    nothing is logged."""
    if message["type"] == "host":  # the host's own link stays, and the table open
        assume(message.get("do") not in ("reissue", "close"))
    sockets[who].send_text(as_frame(message, ascii_only))
    refusals_are_sentences(answered(sockets[who]), message["type"])
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
        errors = refusals_are_sentences(seen, "hello")
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
        [error] = refusals_are_sentences(answered(ws), "hello")
        assert error["code"] == "malformed" and "table" in error["message"]
    nothing_logged(caplog)
