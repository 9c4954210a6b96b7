"""The store on SQLite and on PostgreSQL: the same SQLAlchemy code, the same behaviour."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import pq
from sqlalchemy import Connection, Engine, event

from tests.postgres import PostgresCluster
from wonderland.store import SeatInfo, Store
from wonderland.store.cluster import conninfo
from wonderland.store.notes import CHANNEL, move_notes, parse_move_note
from wonderland.store.values import NewEvent, StaleWrite


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a Unix socket (PostgreSQL is installed by make test)."""
    cluster = PostgresCluster()
    cluster.start()
    try:
        yield cluster.url
    finally:
        cluster.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A fresh store on each database."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    opened = Store(url)
    yield opened
    opened.close()


def test_tables_and_actions_round_trip(store: Store) -> None:
    """What is written is read back in order, with its seats and configuration."""
    table = f"t{time.monotonic_ns()}"
    seats = [SeatInfo("human", None, "ab" * 32), SeatInfo("bot", "greedy")]
    store.create_table(table, "parade", 1, {"num_players": 2, "variants": {}}, 2**61, seats)
    for index in range(5):
        store.append_action(table, index, index % 2, index * 3, 1_700_000_000_000, index == 4)
    loaded = store.load(table)
    assert loaded is not None
    assert loaded.seats == tuple(seats) and loaded.seed == 2**61 and loaded.finished
    assert [a[:2] for a in loaded.actions] == [(i % 2, i * 3) for i in range(5)]
    assert store.load("missing") is None
    assert table in {t.id for t in store.load_all()}
    assert table not in {t.id for t in store.load_all(unfinished_only=True)}


def test_an_index_is_written_once(store: Store) -> None:
    """Two writers of the same step: the second is refused and nothing is duplicated."""
    table = f"u{time.monotonic_ns()}"
    store.create_table(table, "parade", 1, {"num_players": 2}, 1, [SeatInfo("human")])
    store.append_action(table, 0, 0, 1, 0, False)
    with pytest.raises(StaleWrite):
        store.append_action(table, 0, 1, 2, 0, False)
    loaded = store.load(table)
    assert loaded is not None and loaded.actions == ((0, 1, 0),)


def test_a_stale_group_leaves_the_other_groups_written(store: Store) -> None:
    """Groups written together: the one whose index exists is refused whole, the others stay."""
    tables = [f"g{time.monotonic_ns()}{n}" for n in range(3)]
    for table in tables:
        store.create_table(table, "parade", 1, {"num_players": 2}, 1, [SeatInfo("human")])
    store.append_action(tables[1], 0, 0, 1, 0, False)
    groups = [
        [(tables[0], 0, 0, 5, 0, False), (tables[0], 1, -1, 6, 0, False)],
        [(tables[1], 0, 1, 7, 0, False), (tables[1], 1, -1, 8, 0, False)],  # index 0 exists
        [(tables[2], 0, 0, 9, 0, True)],
    ]
    assert store.append_groups(groups) == [True, False, True]
    loaded = [store.load(table) for table in tables]
    assert [t.actions if t else None for t in loaded] == [
        ((0, 5, 0), (-1, 6, 0)),
        ((0, 1, 0),),  # neither row of the stale group
        ((0, 9, 0),),
    ]
    assert loaded[2] is not None and loaded[2].finished


def test_events_are_kept_in_order_with_their_facts(store: Store) -> None:
    """Table events come back in the order they were written, with seat, step and data."""
    table = f"e{time.monotonic_ns()}"
    store.create_table(table, "parade", 1, {"num_players": 2}, 1, [SeatInfo("human")])
    first = store.add_event(table, "reissue", 1, 0, {"by": "host"}, 5)
    second = store.add_event(table, "close", None, 3, {}, 9)
    assert second.id > first.id
    loaded = store.load(table)
    assert loaded is not None
    assert [(e.kind, e.seat, e.step, e.data) for e in loaded.events] == [
        ("reissue", 1, 0, {"by": "host"}),
        ("close", None, 3, {}),
    ]
    assert store.events_since(table, first.id) == (second,)


def test_news_since_reads_everything_another_process_may_have_changed(store: Store) -> None:
    """``news_since``: the actions from an index on (or none), the expiry, the seats with
    their names, the chat lines after a number and every event, in one call."""
    table = f"n{time.monotonic_ns()}"
    seats = [SeatInfo("human", None, "t0"), SeatInfo("human", None, "t1")]
    store.create_table(table, "parade", 1, {"num_players": 2}, 1, seats)
    store.append_many([(table, i, 0, 10 + i, 100 + i, False) for i in range(3)])
    first = store.add_chat(table, 0, "Alice", "hello", 1, 5)
    second = store.add_chat(table, None, "watcher", "hi", 2, 6)
    store.set_seat_name(table, 1, "Bob")
    event = store.add_event(table, "reissue", 1, 2, {"by": "host"}, 7)
    store.expire_table(table)
    news = store.news_since(table, 1, first.id)
    assert news.actions == ((0, 11, 101), (0, 12, 102))
    assert news.expired
    assert [seat.name for seat in news.seats] == [None, "Bob"]
    assert [seat.token_hash for seat in news.seats] == ["t0", "t1"]
    assert news.chat == (second,)
    assert news.events == (event,)
    assert store.news_since(table, None, 0).actions == ()
    assert store.news_since(table, None, 0).chat == (first, second)


def test_a_seat_changes_with_the_event_that_tells_of_it_or_not_at_all(store: Store) -> None:
    """``change_seat_telling``: the seat and its event are written together; a seat that no
    longer matches what was expected is left, and no event is written."""
    table = f"s{time.monotonic_ns()}"
    store.create_table(table, "parade", 1, {"num_players": 2}, 1, [SeatInfo("human", None, "t")])
    event = NewEvent("seat_to_bot", 0, 4, {"bot": "greedy"}, 7)
    done = store.change_seat_telling(
        table, 0, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}, event
    )
    assert done is not None
    seat, stored = done
    assert seat == SeatInfo("bot", "greedy", "t")
    assert (stored.kind, stored.seat, stored.step, stored.data) == (
        "seat_to_bot",
        0,
        4,
        {"bot": "greedy"},
    )
    again = NewEvent("seat_to_bot", 0, 5, {"bot": "random"}, 8)
    assert store.change_seat_telling(table, 0, {"kind": "human"}, {"bot": "random"}, again) is None
    loaded = store.load(table)
    assert loaded is not None
    assert loaded.seats == (SeatInfo("bot", "greedy", "t"),)
    assert loaded.events[-1] == stored


def test_private_and_expired_flags_are_kept(store: Store) -> None:
    """A private table stays private and an expired one stays expired, with its actions."""
    table = f"p{time.monotonic_ns()}"
    store.create_table(table, "parade", 1, {"num_players": 2}, 1, [SeatInfo("human")], True)
    store.append_action(table, 0, 0, 1, 0, False)
    store.expire_table(table)
    loaded = store.load(table)
    assert loaded is not None and loaded.private and loaded.expired
    assert loaded.actions == ((0, 1, 0),) and not loaded.finished
    public = f"q{time.monotonic_ns()}"
    store.create_table(public, "parade", 1, {"num_players": 2}, 1, [SeatInfo("human")])
    other = store.load(public)
    assert other is not None and not other.private and not other.expired


def test_an_older_database_gets_the_flag_columns(tmp_path: Path) -> None:
    """A database made before the private and expired flags opens, its tables public and
    live."""
    import sqlite3

    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:
        old.execute(
            "CREATE TABLE game_tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(40), "
            "rules_version INTEGER, config JSON, seed BIGINT, seats JSON, finished BOOLEAN, "
            "created_at DATETIME DEFAULT CURRENT_TIMESTAMP)"
        )
        old.execute(
            "INSERT INTO game_tables (id, game, rules_version, config, seed, seats, finished) "
            "VALUES ('old', 'parade', 1, '{\"num_players\": 2}', 1, '[]', 0)"
        )
    store = Store(f"sqlite:///{path}")
    try:
        loaded = store.load("old")
        assert loaded is not None and not loaded.private and not loaded.expired
        store.expire_table("old")
        again = store.load("old")
        assert again is not None and again.expired
    finally:
        store.close()


def test_processes_starting_together_create_the_schema_once(postgres_url: str) -> None:
    """Several servers started at once on an empty PostgreSQL database all come up."""
    from concurrent.futures import ThreadPoolExecutor

    import psycopg

    admin = postgres_url.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute("CREATE DATABASE fresh_start")
    url = postgres_url.replace("/postgres?", "/fresh_start?")
    with ThreadPoolExecutor(4) as pool:
        stores = list(pool.map(lambda _: Store(url), range(4)))
    stores[0].create_table("t", "parade", 1, {"num_players": 2}, 7, [SeatInfo("human")] * 2)
    assert all(store.load("t") is not None for store in stores)
    for store in stores:
        store.close()


def test_a_move_note_carries_the_actions_written() -> None:
    """A move's notification names the table, its count, and the actions of that commit."""
    rows = [("t1", 4, 0, 17, 100, False), ("t2", 0, 1, 3, 101, False), ("t1", 5, -1, 2, 100, True)]
    notes = move_notes(rows)
    assert notes == ["t1 6 4 0:17:100 -1:2:100", "t2 1 0 1:3:101"]
    assert parse_move_note(notes[0]) == ("t1", 6, 4, [(0, 17, 100), (-1, 2, 100)])
    assert parse_move_note("t3") == ("t3", None, 0, [])
    assert parse_move_note("t3 9") == ("t3", 9, 0, [])


def test_a_move_note_too_long_keeps_only_the_count() -> None:
    """Past the payload limit the note says where the table is; the actions are read back."""
    rows = [("t", i, 0, 10**12, 1_700_000_000_000, False) for i in range(400)]
    assert move_notes(rows) == ["t 400"]


def test_every_process_hears_of_moves_and_of_an_expiry(postgres_url: str) -> None:
    """PostgreSQL: a move is told with its actions, an expiry with the table's id, so every
    process refuses moves at a table closed elsewhere; a move whose index was written
    already (one statement: insert, mark, notify) writes nothing, finishes nothing and
    notifies nobody."""
    store = Store(postgres_url)
    table = f"n{time.monotonic_ns()}"
    store.create_table(table, "parade", 1, {"num_players": 2}, 1, [SeatInfo("human")])
    with psycopg.connect(conninfo(store.engine), autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        store.append_action(table, 0, 0, 7, 123, False)
        with pytest.raises(StaleWrite):
            store.append_many([(table, 1, 0, 8, 124, False), (table, 0, 0, 9, 125, True)])
        store.expire_table(table)
        heard = [note.payload for note in listener.notifies(timeout=2, stop_after=2)]
    loaded = store.load(table)
    store.close()
    assert heard == [f"{store.origin} {table} 1 0 0:7:123", f"{store.origin} {table}"]
    assert loaded is not None and loaded.actions == ((0, 7, 123),) and not loaded.finished


def test_reads_on_postgresql_open_no_transaction(postgres_url: str) -> None:
    """PostgreSQL: a table is loaded, and news read, one statement at a time with nothing
    around them (each sees what was committed when it began, as at READ COMMITTED), so no
    BEGIN or ROLLBACK costs a round trip of its own."""
    store = Store(postgres_url)
    table = f"r{time.monotonic_ns()}"
    store.create_table(table, "parade", 1, {"num_players": 2}, 1, [SeatInfo("human")])
    store.append_action(table, 0, 0, 7, 123, False)
    seen: list[pq.TransactionStatus] = []

    def status(connection: Connection, *_: object) -> None:
        seen.append(connection.connection.dbapi_connection.info.transaction_status)  # type: ignore[union-attr]

    event.listen(Engine, "before_cursor_execute", status)
    try:
        loaded = store.load(table)
        news = store.news_since(table, 0, 0)
    finally:
        event.remove(Engine, "before_cursor_execute", status)
        store.close()
    assert loaded is not None and loaded.actions == ((0, 7, 123),)
    assert news.actions == ((0, 7, 123),)
    assert len(seen) >= 7 and set(seen) == {pq.TransactionStatus.IDLE}
