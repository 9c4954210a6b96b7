"""Leases on PostgreSQL: which tables' leases nobody holds is read in one query."""

from __future__ import annotations

import time

from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from wonderland.store import SeatInfo, Store
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


def test_the_free_tables_are_those_in_play_whose_lease_nobody_holds(
    postgres_url: str,  # noqa: F811
) -> None:
    """One query each second gives the tables to take: finished and expired tables are left
    out, and so is every table whose lease a process holds (this one's own included)."""
    store = Store(postgres_url)
    one, other = Cluster(store.engine), Cluster(store.engine)
    try:
        prefix = f"free{time.monotonic_ns()}-"
        ids = [f"{prefix}{n}" for n in range(8)]
        for table_id in ids:
            store.create_table(table_id, "parade", 1, {"num_players": 2}, 1, [SeatInfo("human")])
        store.append_action(ids[0], 0, 0, 0, 1_700_000_000_000, True)  # finished
        store.expire_table(ids[1])
        assert one.try_lease(ids[2]) and other.try_lease(ids[3])
        mine = [t for t in other.free_tables() if t.startswith(prefix)]
        assert mine == ids[4:]
        assert [t for t in one.free_tables() if t.startswith(prefix)] == ids[4:]
        one.release(ids[2])
        assert [t for t in other.free_tables() if t.startswith(prefix)] == [ids[2], *ids[4:]]
    finally:
        one.close()
        other.close()
        store.close()
