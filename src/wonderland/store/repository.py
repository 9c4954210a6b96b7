"""The store: create tables, append actions (committed before anyone is told), keep the seats'
names and the chat, load them back."""

from __future__ import annotations

import hashlib
import os
import secrets
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from functools import wraps
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    and_,
    create_engine,
    event,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import sessionmaker

from wonderland.store.appending import APPEND, append_parameters
from wonderland.store.faults import (
    FileWatch,
    Outage,
    database_away,
    reason,
    sqlite_pragmas,
)
from wonderland.store.news import (
    TABLE_COLUMNS,
    read_actions,
    read_events,
    read_news,
    stored_table,
)
from wonderland.store.notes import CHANNEL, ActionTuple, move_notes
from wonderland.store.rows import (
    add_missing_flags,
)
from wonderland.store.schema import ActionRow, Base, ChatRow, EventRow, TableRow
from wonderland.store.values import (
    NewEvent,
    SeatInfo,
    StaleWrite,
    StoredChat,
    StoredEvent,
    StoredTable,
    StoreUnavailable,
    TableHeader,
    TableNews,
    UnknownCursor,
)


def default_database_url(data_dir: Path | None = None) -> str:
    """``WONDERLAND_DB`` if set, else a SQLite file under ``data_dir`` (default ``./data``)."""
    url = os.environ.get("WONDERLAND_DB")
    if url:
        return url
    directory = data_dir or Path("data")
    directory.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{directory / 'wonderland.sqlite3'}"


def secret_hash(secret: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(secret.encode()).hexdigest()


P = ParamSpec("P")
R = TypeVar("R")


def _reachable(method: Callable[P, R]) -> Callable[P, R]:
    """Turn a database that cannot be used (a lost connection, a full disk, a read-only or
    vanished file) into StoreUnavailable, noted in the store's ``outage`` (one log line per
    outage, one when it ends)."""

    @wraps(method)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        store = args[0]
        assert isinstance(store, Store)
        problem = store.watch.problem() if store.watch is not None else None
        if problem is not None:
            store.outage.failed(problem)
            raise StoreUnavailable(f"the database cannot be used: {problem}")
        try:
            answer = method(*args, **kwargs)
        except IntegrityError:
            raise
        except DBAPIError as err:
            if not database_away(err):
                raise
            store.outage.failed(reason(err))
            raise StoreUnavailable(f"the database cannot be used: {reason(err)}") from err
        store.outage.recovered()
        return answer

    return call


def open_engine(url: str) -> Engine:
    """The engine of ``url``. Statement parameters are left out of its errors (a table's seed
    must not reach a log). SQLite: one connection, used by one thread at a time (the store's
    executor), set up by :func:`~wonderland.store.faults.sqlite_pragmas`."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True, hide_parameters=True)
    file_based = ":memory:" not in url and url.rstrip("/") not in {"sqlite:", "sqlite+pysqlite:"}
    pool: dict[str, Any] = {"pool_size": 1, "max_overflow": 0} if file_based else {}
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False},
        pool_pre_ping=True,
        hide_parameters=True,
        **pool,
    )
    event.listen(engine, "connect", sqlite_pragmas)
    return engine


class Store:
    """All database access. Every method is synchronous and short; call it off the event loop.

    A database that cannot be reached raises StoreUnavailable and changes nothing; the
    connection pool checks each connection before use, so the store reconnects by itself
    when the database is back."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.outage = Outage()
        """Whether the database answers, as this process last saw it."""
        self.engine = open_engine(url)
        self.appender: Engine | None = None
        """PostgreSQL: autocommit connections, for the actions written in one statement
        (:mod:`~wonderland.store.appending`) and for reads."""
        if self.engine.dialect.name == "postgresql":
            self.appender = create_engine(
                url, pool_pre_ping=True, hide_parameters=True, isolation_level="AUTOCOMMIT"
            )
        self.reader: Engine = self.appender or self.engine
        """Where reads go. On PostgreSQL each read statement commits by itself: as in a
        transaction at its READ COMMITTED level, each statement sees what was committed
        when it began, without the round trips of the transaction's BEGIN and ROLLBACK (a
        table loaded by a process takes four statements, not six)."""
        self.watch: FileWatch | None = None
        """SQLite: the file opened, watched for being removed or replaced."""
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":  # processes starting together
                connection.execute(text("SELECT pg_advisory_xact_lock(hashtext('wonderland'))"))
            Base.metadata.create_all(connection)
            add_missing_flags(connection)
        database = self.engine.url.database
        if self.engine.dialect.name == "sqlite" and database and database != ":memory:":
            self.watch = FileWatch(Path(database))
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        self._last_created = datetime.min
        self.origin = secrets.token_hex(4)
        """Starts every notification this store sends, so its own process can skip them."""

    def _created_at(self) -> datetime:
        """Now, and later than any table this store created before (the list's order)."""
        now = datetime.now(UTC).replace(tzinfo=None)
        self._last_created = max(now, self._last_created + timedelta(microseconds=1))
        return self._last_created

    @_reachable
    def create_table(
        self,
        table_id: str,
        game: str,
        rules_version: int,
        config: dict[str, Any],
        seed: int,
        seats: list[SeatInfo],
        private: bool = False,
    ) -> None:
        """Insert a new table (``private``: left out of the public list)."""
        with self._session.begin() as session:
            session.add(
                TableRow(
                    id=table_id,
                    game=game,
                    rules_version=rules_version,
                    config=config,
                    seed=seed,
                    seats=[s.to_json() for s in seats],
                    private=private,
                    created_at=self._created_at(),
                )
            )

    def insert_tables(self, tables: Iterable[StoredTable]) -> None:
        """Insert whole tables with their actions in one transaction (imports, tests, bench)."""
        table_rows: list[dict[str, Any]] = []
        action_rows: list[dict[str, Any]] = []
        for t in tables:
            table_rows.append(
                {
                    "id": t.id,
                    "game": t.game,
                    "rules_version": t.rules_version,
                    "config": t.config,
                    "seed": t.seed,
                    "seats": [s.to_json() for s in t.seats],
                    "finished": t.finished,
                    "private": t.private,
                    "expired": t.expired,
                    "created_at": self._created_at(),
                }
            )
            action_rows.extend(
                {"table_id": t.id, "index": i, "actor": a, "action": x, "at_ms": ms}
                for i, (a, x, ms) in enumerate(t.actions)
            )
        with self.engine.begin() as connection:
            if table_rows:
                connection.execute(insert(TableRow), table_rows)
            if action_rows:
                connection.execute(insert(ActionRow), action_rows)

    @_reachable
    def expire_table(self, table_id: str) -> None:
        """Mark an unfinished table as expired: it keeps its actions, and refuses new ones
        (on every process: they are told)."""
        with self.engine.begin() as connection:
            connection.execute(update(TableRow).where(TableRow.id == table_id).values(expired=True))
            self._notify(connection, [table_id])

    def append_action(
        self, table_id: str, index: int, actor: int, action: int, at_ms: int, finished: bool
    ) -> None:
        """Commit one action at ``index``; raise StaleWrite if that index exists already."""
        self.append_many([(table_id, index, actor, action, at_ms, finished)])

    @_reachable
    def append_many(self, rows: list[ActionTuple]) -> None:
        """Commit several actions ``(table, index, actor, action, at_ms, finished)`` in one
        transaction (a group commit); StaleWrite if any index exists already, and then none
        of them is written."""
        if not rows:
            return
        try:
            if self.appender is not None:
                with self.appender.connect() as connection:
                    connection.execute(APPEND, append_parameters(rows, self.origin))
                return
            with self.engine.begin() as connection:
                self._insert_actions(connection, rows)
                self._finish_and_notify(connection, rows)
        except IntegrityError:
            raise StaleWrite("an action index was already written") from None

    @_reachable
    def append_groups(self, groups: list[list[ActionTuple]]) -> list[bool]:
        """Commit groups of actions in one transaction, each group whole or not at all; for
        each group, whether it was written (False: one of its indexes existed already).

        On PostgreSQL each group is tried within a savepoint, so a stale group costs no
        transaction of its own; SQLite (one process, where a stale write is all but
        impossible) writes the groups one by one."""
        if self.engine.dialect.name != "postgresql":
            written = []
            for rows in groups:
                try:
                    self.append_many(rows)
                except StaleWrite:
                    written.append(False)
                else:
                    written.append(True)
            return written
        with self.engine.begin() as connection:
            written = []
            for rows in groups:
                try:
                    with connection.begin_nested():
                        self._insert_actions(connection, rows)
                except IntegrityError:
                    written.append(False)
                else:
                    written.append(True)
            kept = [row for rows, ok in zip(groups, written, strict=True) if ok for row in rows]
            if kept:
                self._finish_and_notify(connection, kept)
        return written

    @staticmethod
    def _insert_actions(connection: Connection, rows: list[ActionTuple]) -> None:
        connection.execute(
            insert(ActionRow),
            [
                {"table_id": t, "index": i, "actor": a, "action": x, "at_ms": ms}
                for t, i, a, x, ms, _ in rows
            ],
        )

    def _finish_and_notify(self, connection: Connection, rows: list[ActionTuple]) -> None:
        """Mark the tables that these rows finish, and tell every process of the moves."""
        done = [t for t, *_, finished in rows if finished]
        if done:
            connection.execute(update(TableRow).where(TableRow.id.in_(done)).values(finished=True))
        self._notify(connection, move_notes(rows))

    @_reachable
    def add_chat(
        self, table_id: str, seat: int | None, name: str, text_: str, step: int, at_ms: int
    ) -> StoredChat:
        """Commit one chat line of ``table_id``; the line with its number."""
        with self.engine.begin() as connection:
            number = connection.execute(
                insert(ChatRow)
                .values(table_id=table_id, seat=seat, name=name, text=text_, step=step, at_ms=at_ms)
                .returning(ChatRow.id)
            ).scalar_one()
            self._notify(connection, [table_id])
        return StoredChat(int(number), seat, name, text_, step, at_ms)

    @_reachable
    def add_event(
        self,
        table_id: str,
        kind: str,
        seat: int | None,
        step: int,
        data: dict[str, Any],
        at_ms: int,
    ) -> StoredEvent:
        """Commit one event of ``table_id``; the event with its number."""
        with self.engine.begin() as connection:
            stored = self._insert_event(
                connection, table_id, NewEvent(kind, seat, step, data, at_ms)
            )
            self._notify(connection, [table_id])
        return stored

    @staticmethod
    def _insert_event(connection: Connection, table_id: str, event: NewEvent) -> StoredEvent:
        """Insert ``event`` within ``connection``'s transaction; the event with its number."""
        number = connection.execute(
            insert(EventRow)
            .values(
                table_id=table_id,
                kind=event.kind,
                seat=event.seat,
                step=event.step,
                data=event.data,
                at_ms=event.at_ms,
            )
            .returning(EventRow.id)
        ).scalar_one()
        return StoredEvent(
            int(number), event.kind, event.seat, event.step, dict(event.data), event.at_ms
        )

    @_reachable
    def events_since(self, table_id: str, after: int = 0) -> tuple[StoredEvent, ...]:
        """The events of ``table_id`` numbered above ``after``, in order."""
        with self.reader.connect() as connection:
            return read_events(connection, table_id, after)

    @_reachable
    def set_seat_name(self, table_id: str, seat: int, name: str) -> None:
        """Store the display name of a person's seat (the row is locked meanwhile, so two
        seats naming themselves at once on two processes both keep their names)."""
        with self.engine.begin() as connection:
            seats = connection.execute(
                select(TableRow.seats).where(TableRow.id == table_id).with_for_update()
            ).scalar_one()
            changed = [dict(info) for info in seats]
            changed[seat]["name"] = name
            connection.execute(
                update(TableRow).where(TableRow.id == table_id).values(seats=changed)
            )
            self._notify(connection, [table_id])

    @_reachable
    def change_seat(
        self, table_id: str, seat: int, expect: dict[str, Any], changes: dict[str, Any]
    ) -> SeatInfo | None:
        """Change seat ``seat`` of ``table_id`` by ``changes`` if its stored fields are those
        of ``expect`` (the row is locked meanwhile, so two processes cannot both take one
        open seat); the seat as changed, or None when it did not match (nothing written)."""
        with self.engine.begin() as connection:
            changed = self._change_seat(connection, table_id, seat, expect, changes)
            if changed is not None:
                self._notify(connection, [table_id])
        return changed

    @_reachable
    def change_seat_telling(
        self,
        table_id: str,
        seat: int,
        expect: dict[str, Any],
        changes: dict[str, Any],
        event: NewEvent,
    ) -> tuple[SeatInfo, StoredEvent] | None:
        """As :meth:`change_seat`, with the event that tells of the change in the same
        transaction: a restart never finds the one without the other."""
        with self.engine.begin() as connection:
            changed = self._change_seat(connection, table_id, seat, expect, changes)
            if changed is None:
                return None
            stored = self._insert_event(connection, table_id, event)
            self._notify(connection, [table_id])
        return changed, stored

    @staticmethod
    def _change_seat(
        connection: Connection,
        table_id: str,
        seat: int,
        expect: dict[str, Any],
        changes: dict[str, Any],
    ) -> SeatInfo | None:
        """:meth:`change_seat` within ``connection``'s transaction."""
        seats = connection.execute(
            select(TableRow.seats).where(TableRow.id == table_id).with_for_update()
        ).scalar_one()
        changed = [dict(info) for info in seats]
        if any(changed[seat].get(key) != value for key, value in expect.items()):
            return None
        changed[seat].update(changes)
        connection.execute(update(TableRow).where(TableRow.id == table_id).values(seats=changed))
        return SeatInfo.from_json(changed[seat])

    @_reachable
    def seats_of(self, table_id: str) -> tuple[SeatInfo, ...]:
        """The seats of ``table_id`` as stored now (another process may have changed them)."""
        with self.reader.connect() as connection:
            seats = connection.scalar(select(TableRow.seats).where(TableRow.id == table_id))
        return tuple(SeatInfo.from_json(info) for info in seats or [])

    @_reachable
    def waiting_tables(
        self, limit: int, scan: int = 500
    ) -> list[tuple[str, str, dict[str, Any], tuple[SeatInfo, ...]]]:
        """Up to ``limit`` public tables in play with a free seat, newest first (among the
        ``scan`` newest tables in play): id, game, configuration and seats of each."""
        with self.reader.connect() as connection:
            rows = connection.execute(
                select(TableRow.id, TableRow.game, TableRow.config, TableRow.seats)
                .where(
                    TableRow.private.is_(False),
                    TableRow.finished.is_(False),
                    TableRow.expired.is_(False),
                )
                .order_by(TableRow.created_at.desc(), TableRow.id.desc())
                .limit(scan)
            ).all()
        found = []
        for table_id, game, config, seats in rows:
            if any(info.get("kind") == "open" for info in seats):
                found.append(
                    (table_id, game, dict(config), tuple(SeatInfo.from_json(s) for s in seats))
                )
        return found[:limit]

    @_reachable
    def news_since(self, table_id: str, index: int | None, chat_after: int) -> TableNews:
        """What other processes may have changed at ``table_id``, read on one connection
        (:func:`~wonderland.store.news.read_news`)."""
        with self.reader.connect() as connection:
            return read_news(connection, table_id, index, chat_after)

    def _notify(self, connection: Any, table_ids: list[str]) -> None:
        """PostgreSQL: tell every process at commit that these tables have news: this
        store's ``origin``, then a table's id (after a move, a :func:`move_notes` note)."""
        if self.engine.dialect.name == "postgresql" and table_ids:
            connection.execute(  # one statement however many tables: one round trip
                text(
                    f"SELECT pg_notify('{CHANNEL}', note) "
                    "FROM unnest(CAST(:notes AS text[])) AS note"
                ),
                {"notes": [f"{self.origin} {t}" for t in table_ids]},
            )

    @_reachable
    def load(self, table_id: str) -> StoredTable | None:
        """One table with its actions, or None (read as plain columns: a table is loaded
        by every process one of its seats is connected to)."""
        with self.reader.connect() as connection:
            row = connection.execute(select(*TABLE_COLUMNS).where(TableRow.id == table_id)).first()
            return None if row is None else stored_table(connection, row)

    def load_all(self, unfinished_only: bool = False) -> list[StoredTable]:
        """Every table (or every unfinished one) with its actions."""
        with self.reader.connect() as connection:
            query = select(*TABLE_COLUMNS).order_by(TableRow.created_at)
            if unfinished_only:
                query = query.where(TableRow.finished.is_(False))
            rows = connection.execute(query).all()
            return [stored_table(connection, row) for row in rows]

    @_reachable
    def actions_since(
        self, table_id: str, index: int
    ) -> tuple[tuple[tuple[int, int, int], ...], bool]:
        """The actions of ``table_id`` from ``index`` on, and whether it expired: what a
        process that has the first ``index`` actions needs to catch up."""
        with self.reader.connect() as connection:
            actions = read_actions(connection, table_id, index)
            expired = connection.scalar(select(TableRow.expired).where(TableRow.id == table_id))
        return actions, bool(expired)

    @_reachable
    def unfinished_ids(self) -> list[str]:
        """The tables still in play (not finished, not expired), oldest first."""
        with self.reader.connect() as connection:
            query = (
                select(TableRow.id)
                .where(TableRow.finished.is_(False), TableRow.expired.is_(False))
                .order_by(TableRow.created_at, TableRow.id)
            )
            return list(connection.scalars(query))

    @_reachable
    def finished_ids(self, game: str | None = None, since: datetime | None = None) -> list[str]:
        """The finished tables (of ``game``; created at or after ``since``), oldest first: the
        order a dataset is exported in, so that an export can carry on where it stopped."""
        with self.reader.connect() as connection:
            query = select(TableRow.id).where(TableRow.finished.is_(True))
            if game is not None:
                query = query.where(TableRow.game == game)
            if since is not None:
                query = query.where(TableRow.created_at >= since)
            return list(connection.scalars(query.order_by(TableRow.created_at, TableRow.id)))

    @_reachable
    def public_page(self, limit: int, cursor: str | None = None) -> tuple[list[TableHeader], bool]:
        """Up to ``limit`` public tables, newest first, older than the table ``cursor``; and
        whether there are more. UnknownCursor when ``cursor`` is no public table."""
        with self.reader.connect() as connection:
            query = select(TableRow.id, TableRow.game, TableRow.finished, TableRow.expired).where(
                TableRow.private.is_(False)
            )
            if cursor is not None:
                mark = connection.execute(
                    select(TableRow.created_at).where(
                        TableRow.id == cursor, TableRow.private.is_(False)
                    )
                ).first()
                if mark is None:
                    raise UnknownCursor(cursor)
                query = query.where(
                    or_(
                        TableRow.created_at < mark[0],
                        and_(TableRow.created_at == mark[0], TableRow.id < cursor),
                    )
                )
            query = query.order_by(TableRow.created_at.desc(), TableRow.id.desc()).limit(limit + 1)
            rows = connection.execute(query).all()
            more = len(rows) > limit
            rows = rows[:limit]
            ids = [row[0] for row in rows]
            counts: dict[str, int] = {}
            if ids:
                counted = connection.execute(
                    select(ActionRow.table_id, func.count())
                    .where(ActionRow.table_id.in_(ids))
                    .group_by(ActionRow.table_id)
                )
                counts = {table_id: int(n) for table_id, n in counted}
            page = [
                TableHeader(row[0], row[1], bool(row[2]), bool(row[3]), counts.get(row[0], 0))
                for row in rows
            ]
            return page, more

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()
        if self.appender is not None:
            self.appender.dispose()
