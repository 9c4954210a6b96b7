"""The FastAPI application: its routers (pages, tables, seats, Learn and score pages), its
middleware, and the table core it starts and stops with the server."""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager, asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from wonderland.server.guard import Guard
from wonderland.server.head import HeadAsGet
from wonderland.server.headers import SecurityHeaders
from wonderland.server.hosting import hosting_router
from wonderland.server.offline import offline_router
from wonderland.server.origins import SameOrigin
from wonderland.server.pages import (
    STATIC,
    answer_missing_pages_in_words,
    describe_game,
    pages_router,
    web_asset,
)
from wonderland.server.problems import answer_refusals
from wonderland.server.reaping import watch_parent
from wonderland.server.request_body import BodyLimits
from wonderland.server.seating_api import seating_router
from wonderland.server.settings import ServerSettings
from wonderland.server.tables import TableManager
from wonderland.server.tables_api import replay_steps, tables_router
from wonderland.store import Store
from wonderland.store.cluster import Cluster

__all__ = ["STATIC", "create_app", "describe_game", "replay_steps", "web_asset"]

log = logging.getLogger(__name__)
SWEEP_SECONDS = 60.0
"""How often, at most, the server looks for idle tables to expire."""

Lifespan = Callable[[FastAPI], AbstractAsyncContextManager[None]]


def create_app(
    database_url: str,
    bot_workers: int = 1,
    bot_delay: float = 0.6,
    settings: ServerSettings | None = None,
    public_url: str | None = None,
) -> FastAPI:
    """The web table app over the database at ``database_url``.

    ``bot_workers`` processes run the bots (0: a thread, for tests); ``bot_delay`` seconds pass
    between bot moves so people can follow them; ``settings`` are the limits (by default
    those of the environment, ``WONDERLAND_...``); ``public_url`` is where people's phones
    reach the server (the join codes' links point there; default: where the host's page is).
    """
    settings = settings if settings is not None else ServerSettings()
    # The API docs pages load their scripts from a CDN: served only when asked for.
    docs = ("/docs", "/redoc") if settings.api_docs else (None, None)
    lifespan = serving(database_url, bot_workers, bot_delay, settings)
    app = FastAPI(title="Wonderland Table", lifespan=lifespan, docs_url=docs[0], redoc_url=docs[1])
    app.state.settings = settings
    app.state.public_url = public_url
    app.state.guard = Guard(settings)
    answer_refusals(app)  # 422 in a sentence, 405 with every method of its path
    docs_paths = frozenset(path for path in docs if path is not None)
    app.add_middleware(
        BodyLimits, max_bytes=settings.max_body_bytes, seconds=settings.body_timeout_seconds
    )
    app.add_middleware(SameOrigin, allowed=settings.origins)  # no cross-site changes
    app.add_middleware(SecurityHeaders, docs_paths=docs_paths)
    app.add_middleware(HeadAsGet)  # HEAD on every GET route, for uptime monitors
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(hosting_router(STATIC))
    app.include_router(offline_router())
    app.include_router(seating_router())
    app.include_router(pages_router())
    answer_missing_pages_in_words(app)  # after answer_refusals: it keeps its answers
    app.include_router(tables_router())
    return app


def serving(
    database_url: str, bot_workers: int, bot_delay: float, settings: ServerSettings
) -> Lifespan:
    """The app's lifespan: the store, its executor, the bot workers and the table core
    (``app.state.manager``) start with the server and stop with it."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(database_url)
        # SQLite has one writer: one thread writes and reads. PostgreSQL reads (other
        # processes' moves, tables loaded) beside the writes, which have a thread of their
        # own: the one thread that commits every move stays warm, however quiet the server.
        sqlite = database_url.startswith("sqlite")
        store_executor = ThreadPoolExecutor(
            max_workers=1 if sqlite else 3, thread_name_prefix="store"
        )
        writer_executor = (
            store_executor
            if sqlite
            else ThreadPoolExecutor(max_workers=1, thread_name_prefix="writer")
        )
        bot_executor = bot_pool(bot_workers)
        manager = TableManager(
            store,
            store_executor,
            bot_executor,
            bot_delay,
            settings.table_idle_seconds,
            writer_executor=writer_executor,
        )
        manager.take_back_seconds = settings.take_back_seconds
        manager.allow_bot_tables = settings.allow_bot_tables
        manager.pace_states(app.state.guard.state_wait)
        # Start-up replays nothing: the tables in play come back in the background (their
        # bots and clocks go on), any other table when it is first asked for.
        manager.restore_soon()
        cluster = None
        if store.engine.dialect.name == "postgresql":  # several processes may share it
            cluster = Cluster(store.engine, store.outage)
            manager.join_cluster(cluster)
        manager.sweep_soon(min(SWEEP_SECONDS, settings.table_idle_seconds / 4))
        app.state.manager = manager
        try:
            yield
        finally:
            await manager.shutdown()
            if cluster is not None:
                cluster.close()
            if bot_executor is not None:
                bot_executor.shutdown(cancel_futures=True)
            store_executor.shutdown()
            writer_executor.shutdown()
            store.close()

    return lifespan


def bot_pool(workers: int) -> Executor | None:
    """The processes the bots think in (None without workers: a thread, for tests)."""
    if workers <= 0:
        return None
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=watch_parent,
        initargs=(os.getpid(),),
    )
