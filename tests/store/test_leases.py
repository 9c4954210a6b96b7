"""Leases on PostgreSQL: which tables in play nobody holds the lease of is read in one query."""

from __future__ import annotations

import time

from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from wonderland.store import SeatInfo, Store
from wonderland.store.cluster import Cluster


def test_the_free_tables_are_those_in_play_whose_lease_nobody_holds(
    postgres_url: str,  # noqa: F811
) -> None:
    """One query each second gives the tables to take: finished and expired tables are left
    out, and so is every table whose lease a process holds (this one's own included)."""
    store = Store(postgres_url)
    one, other = Cluster(store.engine), Cluster(store.engine)
    try:
        prefix = f"free{time.monotonic_ns()}-"
        ids = [f"{prefix}{n:02}" for n in range(40)]  # their hashes both signs: both halves read
        for table_id in ids:
            store.create_table(table_id, "parade", 1, {"num_players": 2}, 1, [SeatInfo("human")])
        store.append_action(ids[0], 0, 0, 0, 1_700_000_000_000, True)  # finished
        store.expire_table(ids[1])
        held = ids[2::3]
        assert all(one.try_lease(table_id) for table_id in held)
        free = [table_id for table_id in ids[2:] if table_id not in held]
        assert [t for t in other.free_tables() if t.startswith(prefix)] == free
        assert [t for t in one.free_tables() if t.startswith(prefix)] == free  # its own too
        assert not any(other.try_lease(table_id) for table_id in held)
        one.release(held[0])
        assert [t for t in other.free_tables() if t.startswith(prefix)] == [held[0], *free]
    finally:
        one.close()
        other.close()
        store.close()
