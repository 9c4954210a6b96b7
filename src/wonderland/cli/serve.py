"""``wonderland serve``: the web table."""

from __future__ import annotations

import argparse
import os
import re
import sys
from typing import TYPE_CHECKING, Any

from wonderland.terminal.arguments import (
    NON_NEGATIVE,
    PORT,
    add_output,
    non_negative_number,
    positive_number,
)

if TYPE_CHECKING:
    from wonderland.server.settings import ServerSettings

LIMITS: list[tuple[str, type, str]] = [
    ("max_message_bytes", int, "largest websocket message in bytes (default 8192)"),
    ("messages_per_second", int, "messages per socket per second, averaged (default 10)"),
    ("message_burst", int, "messages per socket in any one second (default 20)"),
    (
        "strikes_per_minute",
        int,
        "refused messages per socket per minute before it is closed (default 20)",
    ),
    (
        "changes_per_second",
        int,
        "messages after hello but ping per person (seat token or spectator address), "
        "across their sockets, per second, averaged (default 5)",
    ),
    ("change_burst", int, "the same per person in any one second (default 10)"),
    ("names_per_minute", int, "name changes per person per minute (default 6)"),
    (
        "people_per_address",
        int,
        "a client address may send what this many people may (default 4)",
    ),
    (
        "states_per_second",
        int,
        "states a table sends each socket per second; faster changes coalesce (default 10)",
    ),
    ("sockets_per_address", int, "open websockets per client address (default 20)"),
    ("spectators_per_table", int, "spectators per table (default 50)"),
    ("tables_per_minute", int, "tables a client address may create per minute (default 10)"),
    ("allow_bot_tables", bool, "allow tables whose every seat is a bot (default: no)"),
    (
        "table_idle_seconds",
        float,
        "an unfinished table no person has moved at for this long expires (default 86400)",
    ),
    ("hello_timeout_seconds", float, "close a socket that says no hello by then (default 10)"),
    ("ping_interval_seconds", float, "websocket keep-alive ping interval (default 20)"),
    ("ping_timeout_seconds", float, "close a socket that misses a ping by then (default 20)"),
    ("chat_max_chars", int, "the longest chat line in characters (default 300)"),
    ("chat_per_minute", int, "chat lines per person per minute (default 20)"),
    ("chat_burst", int, "chat lines per person in any 10 seconds (default 5)"),
    (
        "take_back_seconds",
        float,
        "Parade: a play may be taken back this long before its draw (default 5)",
    ),
    (
        "forwarded_allow_ips",
        str,
        "proxies trusted to name the client in X-Forwarded-For, comma-separated addresses or "
        "networks (default: none)",
    ),
    ("api_docs", bool, "serve the API docs at /docs and /redoc, scripts from a CDN (default: no)"),
    (
        "allowed_origins",
        str,
        "other sites (comma-separated origins) whose pages may change things here (default: none)",
    ),
    ("max_body_bytes", int, "largest HTTP request body in bytes (default 65536)"),
    ("header_timeout_seconds", float, "time for an HTTP request's headers (default 10)"),
    ("body_timeout_seconds", float, "time for an HTTP request's body (default 20)"),
    ("keep_alive_seconds", float, "close an idle HTTP connection after (default 5)"),
    ("max_header_bytes", int, "largest HTTP request line and headers in bytes (default 16384)"),
]
"""Every setting of ``wonderland.server.settings.ServerSettings`` as a flag (read there from
``WONDERLAND_<NAME>`` too; a flag wins). Listed here so that building the command line parser
imports no web library; a test keeps this list and the settings in step."""
ZERO_ALLOWED = frozenset({"take_back_seconds"})
"""The seconds settings that may be 0 (0 turns what they time off)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``serve``."""
    parser.add_argument(
        "--host",
        default=None,
        help="address to listen on (default 127.0.0.1; --room: the local network's)",
    )
    parser.add_argument("--port", type=PORT, default=8000, help="port, 1-65535 (default 8000)")
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="database URL (default: $WONDERLAND_DB, else SQLite under --data-dir)",
    )
    add_output(
        parser,
        "--data-dir",
        "folder",
        default=None,
        help="where the embedded SQLite database lives (default ./data)",
    )
    parser.add_argument(
        "--bot-workers",
        type=NON_NEGATIVE,
        default=1,
        help="worker processes for bots (default 1; 0: a thread of the server)",
    )
    parser.add_argument(
        "--bot-delay",
        type=non_negative_number,
        default=0.6,
        help="seconds between bot moves, so people can follow (default 0.6)",
    )
    parser.add_argument(
        "--room",
        action="store_true",
        help="a game night in one room: listen on this computer's local network address, "
        "print the lobby's address and QR code, and keep a private room's limits",
    )
    parser.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        type=public_url,
        help="where phones reach this server, e.g. http://192.168.1.20:8000: the seats' join "
        "codes point there (default: --room's address, else the host page's)",
    )
    limits = parser.add_argument_group(
        "limits", "what the server allows each client (each also read from $WONDERLAND_<NAME>)"
    )
    for name, kind, help_text in LIMITS:
        flag = "--" + name.replace("_", "-")
        if kind is bool:
            limits.add_argument(
                flag, dest=name, action=argparse.BooleanOptionalAction, default=None, help=help_text
            )
        elif kind is str:
            limits.add_argument(flag, dest=name, default=None, help=help_text)
        else:
            checked = NON_NEGATIVE if kind is int else positive_number  # exact bounds: settings
            if name in ZERO_ALLOWED:
                checked = non_negative_number
            limits.add_argument(flag, dest=name, type=checked, default=None, help=help_text)


def public_url(text: str) -> str:
    """An http(s) address with a host and nothing after it."""
    if not re.fullmatch(r"https?://[^/?#\s]+/?", text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an address such as http://192.168.1.20:8000 (http or https, a "
            "host and an optional port, no path)"
        )
    return text.rstrip("/")


def settings_from(args: argparse.Namespace) -> ServerSettings:
    """The settings: the flags given, else the environment, else (``--room``) a private
    room's limits, else the defaults."""
    from pydantic import ValidationError

    from wonderland.core import ConfigError
    from wonderland.server.settings import ServerSettings

    given: dict[str, Any] = {
        name: getattr(args, name) for name, _, _ in LIMITS if getattr(args, name) is not None
    }
    if getattr(args, "room", False):
        from wonderland.cli.room import room_limits

        given = room_limits(given, ServerSettings.env_name)
    try:
        return ServerSettings(**given)
    except ValidationError as err:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'settings'}: {e['msg']}" for e in err.errors()
        )
        raise ConfigError(f"serve: {problems}") from None


def uvicorn_options(settings: ServerSettings) -> dict[str, Any]:
    """What uvicorn enforces for the app: the websocket size limit (a larger frame is refused
    before it is read) and the keep-alive pings; HTTP's idle connections, the size of a
    request's headers, and (with the protocol of ``wonderland.server.slow_clients``) their
    time; and the proxies whose ``X-Forwarded-For`` it believes (uvicorn's own proxy headers
    support: none unless some are configured)."""
    return {
        "ws_max_size": settings.max_message_bytes,
        "ws_ping_interval": settings.ping_interval_seconds,
        "ws_ping_timeout": settings.ping_timeout_seconds,
        "timeout_keep_alive": settings.keep_alive_seconds,
        "h11_max_incomplete_event_size": settings.max_header_bytes,
        "proxy_headers": bool(settings.forwarded_allow_ips.strip()),
        "forwarded_allow_ips": settings.forwarded_allow_ips,
    }


def run(args: argparse.Namespace) -> int:
    """Start uvicorn with the app; 3 when it could not start (uvicorn says why)."""
    from wonderland.server.app import create_app
    from wonderland.server.quiet_server import serve
    from wonderland.server.slow_clients import header_deadline
    from wonderland.store import default_database_url

    settings = settings_from(args)
    url = args.db or os.environ.get("WONDERLAND_DB") or default_database_url(args.data_dir)
    host, public = args.host or "127.0.0.1", args.public_url
    if args.room:
        from wonderland.cli.room import announce, local_address

        wildcard = args.host in (None, "0.0.0.0", "::")  # listening everywhere: say where
        reached = local_address() if wildcard else args.host
        host = args.host or reached
        public = public or f"http://{reached}:{args.port}"
    app = create_app(
        url,
        bot_workers=args.bot_workers,
        bot_delay=args.bot_delay,
        settings=settings,
        public_url=public,
    )
    if args.room:
        announce(public, url, sys.stdout)
    else:
        print(f"Wonderland Table on http://{host}:{args.port}  (database: {url})")
    started = serve(
        app,
        host=host,
        port=args.port,
        log_level="warning",
        http=header_deadline(settings.header_timeout_seconds),
        **uvicorn_options(settings),
    )
    return 0 if started else 3
