"""On PostgreSQL the process that creates a table runs its deal, bots and clock: it takes the
table's lease before the table is stored, so another process's look each second can never
find the new table free first; a creation that fails gives the lease back."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import MACHINE_SPEED
from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from wonderland.server.app import create_app
from wonderland.server.settings import ServerSettings

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]


def test_a_new_table_is_leased_before_it_is_stored(postgres_url: str) -> None:  # noqa: F811
    app = create_app(
        postgres_url, bot_workers=0, bot_delay=0, settings=ServerSettings(**MACHINE_SPEED)
    )
    with TestClient(app) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        store_table = manager.store.create_table
        leased_when_stored: list[bool] = []

        def create_table(table_id: str, *args: Any) -> None:
            leased_when_stored.append(table_id in manager.cluster.held)
            store_table(table_id, *args)

        manager.store.create_table = create_table
        for game in ("parade", "wonderdice"):
            made = client.post("/api/tables", json={"game": game, "seats": SEATS})
            assert made.status_code == 200, made.text
            assert made.json()["table"] in manager.cluster.held
        assert leased_when_stored == [True, True]
        held = set(manager.cluster.held)
        refused = client.post("/api/tables", json={"game": "parade", "seats": SEATS[:1]})
        assert refused.status_code == 400, refused.text
        assert manager.cluster.held == held  # the refused table's lease was given back
