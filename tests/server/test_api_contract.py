"""The HTTP API against its own OpenAPI schema (Schemathesis), on SQLite and on PostgreSQL.

Each operation is sent the schema's examples, its boundary and method probes (the coverage
phase) and generated requests, valid and invalid, and every answer goes through every check
Schemathesis has: no server error; the status, headers, content type and body each one the
schema documents; invalid data refused, valid data accepted; a method the path does not take
answered 405 with an ``Allow`` that lists the methods it does take. Table ids in paths are
now and then those of real tables (one waiting for a player, one expired), so the answers
about a table that exists are tried too, not only 404.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
import schemathesis.python.asgi
from fastapi import FastAPI
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from tests.server.conftest import MACHINE_SPEED
from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from wonderland.server.app import create_app
from wonderland.server.settings import ServerSettings
from wonderland.server.table_factory import new_table
from wonderland.server.wire import TABLE_ID, CreateTable
from wonderland.store import Store

RULES_DECIDE = ["2xx", "400", "401", "403", "404", "409", "429"]
"""What a schema-valid request may be answered where the games' rules, not the schema, decide
(a game's number of seats, its variants, a clock that fits it, a score sheet, a practice
answer): 400 with a sentence is the refusal of a well-formed request the rules do not allow."""

CONFIG = schemathesis.Config.from_dict(
    {
        "operations": [
            {
                "include-method": method,
                "include-path": path,
                "checks": {"positive_data_acceptance": {"expected-statuses": RULES_DECIDE}},
            }
            for method, path in (
                ("POST", "/api/tables"),
                ("POST", "/api/score/{game_id}"),
                ("POST", "/api/practice/{key}"),
            )
        ]
    }
)
SCHEMA = schemathesis.openapi.from_dict(create_app("sqlite://").openapi(), config=CONFIG)
"""The schema the app serves at ``/openapi.json`` (it does not depend on the database)."""

KNOWN_TABLES: list[str] = []
"""The ids of the tables the app under test holds (set by ``api_app``)."""
EXAMPLES: Counter[str] = Counter()
"""Requests sent per operation and answer, on one database (printed at its end)."""


@SCHEMA.hook
def flatmap_path_parameters(
    context: schemathesis.HookContext, path_parameters: dict[str, Any] | None
) -> SearchStrategy[dict[str, Any] | None]:
    """Half the valid table ids drawn become a real table's id."""
    drawn = (path_parameters or {}).get("table_id")
    if not isinstance(drawn, str) or not re.fullmatch(TABLE_ID, drawn) or not KNOWN_TABLES:
        return st.just(path_parameters)
    assert path_parameters is not None
    real = st.sampled_from(KNOWN_TABLES).map(lambda table: {**path_parameters, "table_id": table})
    return st.one_of(st.just(path_parameters), real)


def seed_tables(url: str) -> list[str]:
    """Two tables stored before the server starts: one waiting for a player at its open seat,
    one expired (its replay opens)."""
    store = Store(url)
    try:
        waiting, _ = new_table(
            store, CreateTable(game="parade", seats=[{"kind": "human"}, {"kind": "open"}]), 0.0
        )
        expired, _ = new_table(
            store, CreateTable(game="parade", seats=[{"kind": "human"}, {"kind": "human"}]), 0.0
        )
        store.expire_table(expired.id)
    finally:
        store.close()
    return [waiting.id, expired.id]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def api_app(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[FastAPI]:
    """The app on each database, with its two tables; bots in a thread, tables created at
    machine speed (the rate of creations per address has tests of its own)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('api') / 'db.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    limits = ServerSettings(**{**MACHINE_SPEED, "tables_per_minute": 100_000})
    app = create_app(url, bot_workers=0, bot_delay=0, settings=limits)
    KNOWN_TABLES[:] = seed_tables(url)
    EXAMPLES.clear()
    yield app
    schemathesis.python.asgi.shutdown_lifespans()  # Schemathesis started the app's lifespan
    KNOWN_TABLES.clear()
    print(f"\nrequests per operation on {request.param}: {dict(sorted(EXAMPLES.items()))}")


@pytest.mark.slow
@SCHEMA.parametrize()
@settings(max_examples=30)
def test_every_answer_is_the_documented_one(case: schemathesis.Case, api_app: FastAPI) -> None:
    """Every check passes on every request."""
    response = case.call(app=api_app)
    EXAMPLES[f"{case.operation.label} {response.status_code}"] += 1
    case.validate_response(response)


def test_the_answers_about_real_tables_are_the_documented_ones(api_app: FastAPI) -> None:
    """A table waiting for a player and an expired one: their status, their replay (409 while
    a game runs), their seats taken or refused; each answer passes every check."""
    expired = KNOWN_TABLES[1]
    seats = [{"kind": "human"}, {"kind": "open"}]  # a new table: the fuzzing took the seeded seat
    make = SCHEMA["/api/tables"]["POST"].Case(
        body={"game": "parade", "seats": seats}, media_type="application/json"
    )
    made = make.call(app=api_app)
    make.validate_response(made)
    waiting = made.json()["table"]
    asked = [
        ("GET", "/api/tables/{table_id}/status", {"table_id": waiting}, 200),
        ("GET", "/api/tables/{table_id}/status", {"table_id": expired}, 200),
        ("GET", "/api/tables/{table_id}/replay", {"table_id": waiting}, 409),
        ("GET", "/api/tables/{table_id}/replay", {"table_id": expired}, 200),
        ("POST", "/api/tables/{table_id}/seats/{seat}", {"table_id": waiting, "seat": 5}, 404),
        ("POST", "/api/tables/{table_id}/seats/{seat}", {"table_id": waiting, "seat": 0}, 409),
        ("POST", "/api/tables/{table_id}/seats/{seat}", {"table_id": waiting, "seat": 1}, 200),
        ("POST", "/api/tables/{table_id}/seats/{seat}", {"table_id": waiting, "seat": 1}, 409),
        ("POST", "/api/tables/{table_id}/seats/{seat}", {"table_id": expired, "seat": 1}, 409),
    ]
    for method, path, parameters, status in asked:
        case = SCHEMA[path][method].Case(path_parameters=parameters)
        response = case.call(app=api_app)
        assert response.status_code == status, (method, path, parameters, response.text)
        case.validate_response(response)
