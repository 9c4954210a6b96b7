"""Fixtures for the web table: an in-process app and a real server in a subprocess."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.support import ServerProcess
from wonderland.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app over a fresh SQLite file, bots in one worker process, no bot delay."""
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_workers=1, bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real server on a free port over a fresh data directory."""
    process = ServerProcess(tmp_path / "data")
    process.start()
    yield process
    process.stop()
