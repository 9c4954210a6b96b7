"""Leases on PostgreSQL: which tables' leases nobody holds is read in one query."""

from __future__ import annotations

from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from wonderland.store import Store
from wonderland.store.cluster import Cluster


def test_the_leases_nobody_holds_are_read_at_once(postgres_url: str) -> None:  # noqa: F811
    store = Store(postgres_url)
    one, other = Cluster(store.engine), Cluster(store.engine)
    try:
        ids = [f"table{n}" for n in range(40)]  # their hashes both signs: both halves read
        held = ids[::3]
        assert all(one.try_lease(table_id) for table_id in held)
        free = [table_id for table_id in ids if table_id not in held]
        assert other.unheld(ids) == free
        assert one.unheld(ids) == free  # its own leases count as held too
        assert not any(other.try_lease(table_id) for table_id in held)
        one.release(held[0])
        assert other.unheld([held[0], held[1]]) == [held[0]]
        assert other.unheld([]) == []
    finally:
        one.close()
        other.close()
        store.close()
