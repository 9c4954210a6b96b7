"""On PostgreSQL every move is committed on one thread of its own (the writer), beside the
threads that read: the thread that commits stays warm however quiet the server, and a slow
read never queues a move behind it."""

from __future__ import annotations

import threading

from fastapi.testclient import TestClient

from tests.server.conftest import MACHINE_SPEED
from tests.server.seating_support import two_people_finish
from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from wonderland.server.app import create_app
from wonderland.server.settings import ServerSettings
from wonderland.store.notes import ActionTuple


def test_every_move_is_committed_on_the_writer_thread(postgres_url: str) -> None:  # noqa: F811
    app = create_app(
        postgres_url, bot_workers=0, bot_delay=0, settings=ServerSettings(**MACHINE_SPEED)
    )
    with TestClient(app) as client:
        store = client.app.state.manager.store  # type: ignore[attr-defined]
        append_many, load = store.append_many, store.load
        committed_on: list[str] = []
        read_on: list[str] = []

        def committing(rows: list[ActionTuple]) -> None:
            committed_on.append(threading.current_thread().name)
            append_many(rows)

        def loading(table_id: str) -> object:
            read_on.append(threading.current_thread().name)
            return load(table_id)

        store.append_many, store.load = committing, loading
        table, _, _ = two_people_finish(client)
        assert client.get(f"/api/tables/{table}/replay").status_code == 200
        assert client.get("/api/tables/no-such-table/status").status_code == 404  # read
    assert len(committed_on) > 10  # the deal and every move of a whole game
    assert set(committed_on) == {"writer_0"}
    assert read_on and "writer_0" not in read_on
