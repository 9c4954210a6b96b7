"""Leases on PostgreSQL: which tables in play nobody holds the lease of is read in one query
on the event loop, which also notices that the lease connection's session ended."""

from __future__ import annotations

import asyncio
import time

import psycopg

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
        assert looked(other, prefix) == free
        assert looked(one, prefix) == free  # its own too
        assert not any(other.try_lease(table_id) for table_id in held)
        one.release(held[0])
        assert looked(other, prefix) == [held[0], *free]
    finally:
        one.close()
        other.close()
        store.close()


def looked(cluster: Cluster, prefix: str) -> list[str]:
    """The free tables of this test that one look finds."""
    return [t for t in asyncio.run(cluster.look()) if t.startswith(prefix)]


def test_a_look_notices_that_the_lease_session_ended_and_forgets_its_leases(
    postgres_url: str,  # noqa: F811
) -> None:
    store = Store(postgres_url)
    one = Cluster(store.engine)
    try:
        table_id = f"ended{time.monotonic_ns()}"
        store.create_table(table_id, "parade", 1, {"num_players": 2}, 1, [SeatInfo("human")])
        assert one.try_lease(table_id) and table_id not in looked(one, table_id)
        pid = one._lease.info.backend_pid
        with psycopg.connect(one.info, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        assert looked(one, table_id) == [table_id]  # the lease went with its session
        assert table_id not in one.held  # ... and this process knows it
        assert one.try_lease(table_id) and one._lease.info.backend_pid != pid
    finally:
        one.close()
        store.close()
