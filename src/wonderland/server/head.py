"""``HEAD`` on every route that answers ``GET`` (uptime monitors and link checkers use it): the
request is served as a ``GET`` and only the response's status and headers are sent."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HeadAsGet:
    """ASGI middleware: a ``HEAD`` request answered as its ``GET`` would be, without a body
    (the headers, ``Content-Length`` included, stay those of the ``GET``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return  # the body's middle parts are dropped...
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)  # ...and its end is sent empty

        await self.app({**scope, "method": "GET"}, receive, send_headers_only)
