"""Fixtures for the web table: an in-process app and a real server in a subprocess."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.support import ServerProcess
from wonderland.server.app import create_app
from wonderland.server.settings import ServerSettings

MACHINE_SPEED = {
    "messages_per_second": 10_000,
    "message_burst": 10_000,
    "changes_per_second": 10_000,
    "change_burst": 10_000,
    "names_per_minute": 10_000,
    "states_per_second": 10_000,
    "take_back_seconds": 0,
}
"""The tests play at machine speed, far above what the default rates allow a person (and
every state is sent as it comes), and Parade's draws come at once (a test of the take-back
sets its table's own seconds)."""


def make_app(tmp_path: Path, bot_workers: int = 1, **settings: Any) -> FastAPI:
    """The app over a fresh SQLite file under ``tmp_path``, no bot delay, with ``settings``
    (the limits; messages at machine speed unless they say otherwise)."""
    limits = ServerSettings(**{**MACHINE_SPEED, **settings})
    tmp_path.mkdir(parents=True, exist_ok=True)
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    return create_app(url, bot_workers=bot_workers, bot_delay=0, settings=limits)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app over a fresh SQLite file, bots in one worker process, no bot delay."""
    with TestClient(make_app(tmp_path)) as test_client:
        yield test_client


@pytest.fixture
def bot_table_client(tmp_path: Path) -> Iterator[TestClient]:
    """The same, on a server whose operator allows tables of bots only."""
    with TestClient(make_app(tmp_path, allow_bot_tables=True)) as test_client:
        yield test_client


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real server on a free port over a fresh data directory."""
    process = ServerProcess(tmp_path / "data")
    process.start()
    yield process
    process.stop()
