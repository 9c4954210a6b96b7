"""Join codes: a QR code of a seat's secret link, for a phone in the room to scan, and the
table screen's keys that show them.

A code is an ordinary seat link (``/t/{table}#seat=N&token=T``). An open seat's code is made
on the first ask: its token's hash is stored on the still-open seat, and the phone that says
hello with it sits down there (a visitor who takes the seat from the page first gets another
token, and the code stops working). A person's seat gets a code when the host asks for a new
one (a reissue: its old link stops working). The tokens live in this process's memory only,
until the seat is opened with them; only the host's connections and the screens opened with
a screen key are sent them.
"""

from __future__ import annotations

import secrets
import time

import segno

from wonderland.server.core import TableDesk
from wonderland.server.host import reissue
from wonderland.server.live_table import LiveTable
from wonderland.server.refusals import UNREACHABLE, refuse
from wonderland.server.seating import sit_by_code
from wonderland.server.wire_room import JoinCode, JoinCodes, ScreenLink
from wonderland.store.repository import secret_hash

SCREEN_KEY_SECONDS = 12 * 3600
"""How long a table screen's key shows the codes: one evening."""


def seat_url(base: str, table_id: str, seat: int, token: str) -> str:
    """The seat's link: the table's page opened with the seat's token."""
    return f"{base}/t/{table_id}#seat={seat}&token={token}"


def qr_svg(text: str) -> str:
    """``text`` as a QR code: an SVG image (scalable, black on white) as a ``data:`` URI."""
    code = segno.make(text, error="m", micro=False)
    return code.svg_data_uri(border=2, omitsize=True, dark="#000", light="#fff")


def _code_of(table: LiveTable, seat: int) -> str | None:
    """The seat's join token if it still opens the seat and nobody opened it yet."""
    token = table.record.join_tokens.get(seat)
    info = table.seats[seat]
    if token is None or info.token_hash is None or info.kind not in ("open", "human"):
        return None
    if not secrets.compare_digest(info.token_hash, secret_hash(token)):
        return None
    if info.kind == "human" and table.listeners.get(seat):
        return None
    return token


async def _open_seat_code(core: TableDesk, table: LiveTable, seat: int) -> str | None:
    """Under the table's lock: a new join token for the open seat (None: taken meanwhile)."""
    token = secrets.token_urlsafe(18)
    expect = {"kind": "open", "token_hash": table.seats[seat].token_hash}
    changed = await core.in_store(
        core.store.change_seat,
        table.id,
        seat,
        expect,
        {"token_hash": secret_hash(token)},
        away=UNREACHABLE,
    )
    if changed is None:
        return None
    table.seats[seat] = changed
    table.record.join_tokens[seat] = token
    return token


async def join_codes(core: TableDesk, table: LiveTable, base: str) -> JoinCodes:
    """The codes of the seats nobody has taken yet (an open seat's made now if it has none);
    none once the table is over."""
    codes: list[JoinCode] = []
    if table.finished or table.expired:
        return JoinCodes(codes=codes)
    async with table.lock:
        for seat, info in enumerate(table.seats):
            token = _code_of(table, seat)
            if token is None and info.kind == "open":
                token = await _open_seat_code(core, table, seat)
            if token is None:
                table.record.join_tokens.pop(seat, None)
                continue
            url = seat_url(base, table.id, seat, token)
            codes.append(JoinCode(seat=seat, url=url, svg=qr_svg(url)))
    return JoinCodes(codes=codes)


async def new_code(core: TableDesk, table: LiveTable, seat: int) -> None:
    """A new code for an open seat or a person's seat (its old code and link stop working)."""
    if table.finished or table.expired:
        raise refuse("finished", "this table is over: its seats need no codes")
    kind = table.seats[seat].kind
    if kind == "open":
        async with table.lock:
            await _open_seat_code(core, table, seat)
        return
    if kind != "human":
        raise refuse(
            "malformed",
            f"seat {seat + 1} is played by a bot or kept for a player of the last game: "
            "only an open seat or a person's seat has a code",
        )
    table.record.join_tokens[seat] = await reissue(core, table, seat)


async def seat_opened(core: TableDesk, table: LiveTable, seat: int) -> None:
    """A connection said hello with the seat's token: an open seat is taken by it, and the
    seat's code is spent."""
    table.record.join_tokens.pop(seat, None)
    if table.seats[seat].kind == "open":
        await sit_by_code(core, table, seat)


def screen_link(table: LiveTable, base: str) -> ScreenLink:
    """A new key for the table screen (kept hashed, with its end), and its link."""
    now = time.monotonic()
    keys = table.record.screen_keys
    for old in [digest for digest, until in keys.items() if until <= now]:
        del keys[old]
    key = secrets.token_urlsafe(18)
    keys[secret_hash(key)] = now + SCREEN_KEY_SECONDS
    return ScreenLink(url=f"{base}/t/{table.id}/screen#key={key}", valid_seconds=SCREEN_KEY_SECONDS)


def opens_screen(table: LiveTable, key: str) -> bool:
    """Whether ``key`` is one of the table screen's keys, still valid."""
    until = table.record.screen_keys.get(secret_hash(key))
    return until is not None and until > time.monotonic()
