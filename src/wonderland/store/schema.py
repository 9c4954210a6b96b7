"""The database tables: one row per game table, one per accepted action, one per chat line,
one per table event (host controls, clocks, undo, seating)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, Text, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Declarative base of the store's tables."""


class TableRow(Base):
    """A game table: its configuration and seats (seat tokens are stored as hashes)."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    rules_version: Mapped[int] = mapped_column(Integer)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(default=False)
    private: Mapped[bool] = mapped_column(default=False)
    """Left out of the server's public list of tables (its links still work)."""
    expired: Mapped[bool] = mapped_column(default=False)
    """Closed unfinished after being left idle: it refuses moves; its replay stays."""
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now(), index=True)


class ActionRow(Base):
    """One accepted step of a table, numbered from 0; (table, index) is unique."""

    __tablename__ = "game_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    actor: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(BigInteger)
    at_ms: Mapped[int] = mapped_column(BigInteger, default=0)


class ChatRow(Base):
    """One line of a table's chat, numbered by the database (in the order they were said).

    Added after the first release: ``create_all`` adds this table to an older database."""

    __tablename__ = "game_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat that said it; None for a spectator."""
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    step: Mapped[int] = mapped_column(Integer)
    """The table's version (committed actions) when it was said."""
    at_ms: Mapped[int] = mapped_column(BigInteger, default=0)


class EventRow(Base):
    """One event of a table that is not a game action: a seat taken, a link reissued, a seat
    handed to a bot, a clock's time, an undo asked, accepted or refused, a rematch offered.

    The record keeps every event; nothing is deleted.  ``kind`` names the event and ``data``
    holds its facts (never a secret: tokens are stored as hashes only).  Added after the first
    release: ``create_all`` adds this table to an older database."""

    __tablename__ = "game_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    kind: Mapped[str] = mapped_column(String(24))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat the event is about (None: the table as a whole)."""
    step: Mapped[int] = mapped_column(Integer)
    """The table's version (committed actions) when it happened."""
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    at_ms: Mapped[int] = mapped_column(BigInteger, default=0)
