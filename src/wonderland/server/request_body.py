"""An HTTP request's body is held to a size and a time: a ``Content-Length`` over
``max_body_bytes`` is refused (413) before a byte of the body is read; a body sent without a
length (chunked) is cut off where it passes the limit, never buffered whole; a body that has
not all arrived ``body_timeout_seconds`` after its headers is answered 408. Either way the
connection is closed after the answer (its unread rest is never read)."""

from __future__ import annotations

import asyncio

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyRefused(HTTPException):
    """A body too large or too slow; an HTTPException, so the app's body parsing lets it
    through and the answer is its status with the sentence, closing the connection."""

    def __init__(self, status_code: int, detail: str) -> None:
        super().__init__(status_code, detail, headers={"Connection": "close"})


def too_large(limit: int) -> BodyRefused:
    """The answer to a body over ``limit`` bytes."""
    return BodyRefused(413, f"the request's body is larger than this server takes ({limit} bytes)")


def too_slow(seconds: float) -> BodyRefused:
    """The answer to a body that took longer than ``seconds``."""
    return BodyRefused(408, f"the request's body did not arrive within {seconds:g} seconds")


class BodyLimits:
    """ASGI middleware: every HTTP request body within ``max_bytes`` and ``seconds``."""

    def __init__(self, app: ASGIApp, max_bytes: int, seconds: float) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length")
        if length is not None and length.strip().isdigit() and int(length) > self.max_bytes:
            await answer(too_large(self.max_bytes), scope, receive, send)
            return
        deadline = asyncio.get_running_loop().time() + self.seconds
        received = 0
        complete = False
        started = False

        async def limited() -> Message:
            nonlocal received, complete
            if complete:  # the body is in: what follows is the wait for a disconnect
                return await receive()
            left = deadline - asyncio.get_running_loop().time()
            try:
                message = await asyncio.wait_for(receive(), timeout=max(left, 0.0))
            except TimeoutError:
                raise too_slow(self.seconds) from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                complete = not message.get("more_body", False)
                if received > self.max_bytes:
                    raise too_large(self.max_bytes)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, watched)
        except BodyRefused as refusal:  # raised where nothing turned it into an answer
            if started:
                raise
            await answer(refusal, scope, receive, send)


async def answer(refusal: BodyRefused, scope: Scope, receive: Receive, send: Send) -> None:
    """Send ``refusal`` as JSON, asking the client to close the connection."""
    response = JSONResponse(
        {"detail": refusal.detail}, status_code=refusal.status_code, headers=refusal.headers
    )
    await response(scope, receive, send)
