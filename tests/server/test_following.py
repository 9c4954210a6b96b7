"""Following other processes' changes: a table being loaded that another process changes
meanwhile is read once more, and only then; a notification of a table this process does not
have is not for it. (Two real processes on PostgreSQL: ``test_processes.py``.)"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from wonderland.server.live_table import LiveTable
from wonderland.server.tables import TableManager

from .conftest import make_app
from .test_scale import store_finished_tables


def load_noting(
    client: TestClient, manager: TableManager, table_id: str, changed_meanwhile: bool
) -> list[str]:
    """Load ``table_id`` (another process changing it during the read when
    ``changed_meanwhile``); the tables read once more after their load."""
    loop = client.portal.call(asyncio.get_running_loop)
    load = manager.store.load
    again: list[str] = []

    def load_then_note(wanted: str) -> Any:
        stored = load(wanted)
        if changed_meanwhile:  # the notification arrives while the load is not over
            loop.call_soon_threadsafe(manager.missed, wanted)
        return stored

    async def resync(table: LiveTable) -> None:
        again.append(table.id)

    manager.store.load = load_then_note  # type: ignore[method-assign]
    manager.resync = resync  # type: ignore[method-assign]
    try:
        client.portal.call(manager.obtain, table_id)
        client.portal.call(asyncio.sleep, 0.05)  # the spawned read, if any, has run
    finally:
        manager.store.load = load  # type: ignore[method-assign]
    return again


def test_a_table_changed_during_its_load_is_read_once_more(tmp_path: Path) -> None:
    ids = store_finished_tables(tmp_path, 2)
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert not manager.knows(ids[0])
        assert load_noting(client, manager, ids[0], changed_meanwhile=True) == [ids[0]]
        assert manager.knows(ids[0]) and not manager.knows(ids[1])
        manager.missed(ids[1])  # a table nobody is loading: nothing to remember
        assert load_noting(client, manager, ids[1], changed_meanwhile=False) == []
