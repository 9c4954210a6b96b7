"""Group commit: actions from many tables wait together and are written in one transaction.

Every accepted action is still committed before anyone is told of it; under load, the tables
simply share the cost of a commit.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor

from wonderland.server.executors import run_in
from wonderland.store import Store
from wonderland.store.values import StaleWrite

Row = tuple[str, int, int, int, int, bool]


class ActionWriter:
    """Queues rows; one task writes whatever has queued up, in the store's own thread."""

    def __init__(self, store: Store, executor: Executor) -> None:
        self.store = store
        self.executor = executor
        self.queue: list[tuple[list[Row], asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None

    async def write(self, *rows: Row) -> None:
        """Commit ``rows`` together (all or none); returns once they are in the database
        (raises what the store raised)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queue.append((list(rows), future))
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())
        await future

    async def _run(self) -> None:
        while self.queue:
            batch, self.queue = self.queue, []
            try:
                await run_in(
                    self.executor,
                    self.store.append_many,
                    [row for rows, _ in batch for row in rows],
                )
            except StaleWrite:
                # One stale write (another process wrote that step) must not sink the
                # others: the groups are written again in one transaction, each on its own.
                await self._write_groups(batch)
                continue
            except Exception:
                # Something else went wrong: write them one by one, each with its error.
                for rows, future in batch:
                    try:
                        await run_in(self.executor, self.store.append_many, rows)
                    except Exception as err:
                        future.set_exception(err)
                    else:
                        future.set_result(None)
                continue
            for _, future in batch:
                if not future.done():
                    future.set_result(None)

    async def _write_groups(self, batch: list[tuple[list[Row], asyncio.Future[None]]]) -> None:
        """Write each group of ``batch`` whole or not at all; a stale one gets StaleWrite."""
        try:
            written = await run_in(
                self.executor, self.store.append_groups, [rows for rows, _ in batch]
            )
        except Exception as err:
            for _, future in batch:
                future.set_exception(err)
            return
        for (_, future), ok in zip(batch, written, strict=True):
            if ok:
                future.set_result(None)
            else:
                future.set_exception(StaleWrite("an action index was already written"))

    async def close(self) -> None:
        """Wait for the rows already queued."""
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)
