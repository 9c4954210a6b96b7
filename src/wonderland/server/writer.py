"""Group commit: actions from many tables wait together and are written in one transaction.

Every accepted action is still committed before anyone is told of it; under load, the tables
simply share the cost of a commit.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor

from wonderland.store import Store

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
        loop = asyncio.get_running_loop()
        while self.queue:
            batch, self.queue = self.queue, []
            try:
                await loop.run_in_executor(
                    self.executor,
                    self.store.append_many,
                    [row for rows, _ in batch for row in rows],
                )
            except Exception:
                # One bad write must not sink the others: write them one by one.
                for rows, future in batch:
                    try:
                        await loop.run_in_executor(self.executor, self.store.append_many, rows)
                    except Exception as err:
                        future.set_exception(err)
                    else:
                        future.set_result(None)
                continue
            for _, future in batch:
                if not future.done():
                    future.set_result(None)

    async def close(self) -> None:
        """Wait for the rows already queued."""
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)
