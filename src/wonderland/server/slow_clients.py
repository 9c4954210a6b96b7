"""A time limit on an HTTP request's headers, which uvicorn does not have: its keep-alive
timeout closes a connection idle between requests, but one that sends a request's headers a
byte at a time, or sends nothing after connecting, would be held open for ever (hundreds of
them hold as many sockets). This is uvicorn's own h11 protocol with one timer more: from the
connection's start, or from the first byte of each next request, until the request's headers
are all in. When it runs out the client is answered ``408`` and the connection closed. A
websocket handshake is a request like any other until it is upgraded; the socket's own time
limits then apply (pings, the hello). The size of the headers is limited by h11
(``h11_max_incomplete_event_size``), the body's size and time by
:mod:`wonderland.server.request_body`."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

SLOW_HEADERS = b"the request's headers did not arrive in time\n"
TIMED_OUT = b"HTTP/1.1 408 Request Timeout\r\n" + b"\r\n".join(
    [
        b"content-type: text/plain; charset=utf-8",
        b"content-length: " + str(len(SLOW_HEADERS)).encode(),
        b"connection: close",
        b"",
        SLOW_HEADERS,
    ]
)
"""The answer to a request whose headers came too slowly."""


class HeaderDeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request headers come too slowly."""

    header_timeout = 10.0
    """Seconds a request's headers may take (a subclass per server sets its own)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        before = self.cycle
        if self._header_timer is None and (before is None or before.response_complete):
            self._arm()  # the first byte of the next request
        super().data_received(data)
        if self.cycle is not before:  # its headers are in: a request started
            self._disarm()

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._disarm()
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._timed_out)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _timed_out(self) -> None:
        self._header_timer = None
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete:  # nothing else is answering
            self.transport.write(TIMED_OUT)
        self.transport.close()


def header_deadline(seconds: float) -> type[HeaderDeadlineProtocol]:
    """The protocol class for uvicorn's ``http`` option, with ``seconds`` for the headers."""
    return type("HeaderDeadline", (HeaderDeadlineProtocol,), {"header_timeout": seconds})
