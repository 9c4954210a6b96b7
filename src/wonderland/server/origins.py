"""Only the server's own pages (and the sites its operator allows) may change anything: a
request that changes state (``POST``, ``PUT``, ``PATCH``, ``DELETE``) or opens a websocket
with an ``Origin`` of another site is refused 403, so a page elsewhere cannot make a visitor's
browser create a table, take an open seat or play through a socket. A request without
``Origin`` comes from no browser page (a program, ``curl``) and carries no visitor's standing,
so it passes; reads (``GET``, ``HEAD``) pass too."""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from wonderland.server.settings import normal_origin

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
REFUSED = (
    "this request comes from a page of another site, which may not change anything here "
    "(the server's operator can allow that site with --allowed-origins)"
)
POLICY_VIOLATION = 1008
"""The websocket close code of a refused handshake (uvicorn answers it with HTTP 403)."""


def same_site(origin: str, host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a request with ``Origin: origin`` sent to ``Host: host`` comes from the server's
    own pages (the origin names the host the request was sent to) or an ``allowed`` site."""
    try:
        normal = normal_origin(origin)
    except ValueError:  # "null" (a sandboxed page, a file) or nonsense
        return False
    if normal in allowed:
        return True
    if host is None:
        return False
    scheme = normal.split("://", 1)[0]
    try:
        own = normal_origin(f"{scheme}://{host}")
    except ValueError:
        return False
    return own == normal


class SameOrigin:
    """ASGI middleware: refuses state-changing requests and websocket handshakes from another
    site's pages."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        checked = scope["type"] == "websocket" or (
            scope["type"] == "http" and scope["method"] in STATE_CHANGING
        )
        if checked:
            headers = Headers(scope=scope)
            origin = headers.get("origin")
            if origin is not None and not same_site(origin, headers.get("host"), self.allowed):
                await self.refuse(scope, receive, send)
                return
        await self.app(scope, receive, send)

    @staticmethod
    async def refuse(scope: Scope, receive: Receive, send: Send) -> None:
        """403: a JSON ``detail`` over HTTP; a closed handshake for a websocket."""
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": POLICY_VIOLATION, "reason": ""})
            return
        await JSONResponse({"detail": REFUSED}, status_code=403)(scope, receive, send)
