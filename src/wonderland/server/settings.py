"""The limits of a public web table, in one settings object.

Each setting is read from the environment (``WONDERLAND_`` and its name in capitals, e.g.
``WONDERLAND_TABLES_PER_MINUTE=5``) and can be given to ``wonderland serve`` as a flag (``--``
and its name with dashes, e.g. ``--tables-per-minute 5``); a flag wins over the environment.
``docs/server-protocol.md`` lists them (a test keeps the list, the flags and this class in step).
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ENV_PREFIX = "WONDERLAND_"
DEFAULT_PORTS = {"http": 80, "https": 443}


def split_origins(value: str) -> list[str]:
    """The origins of a comma-separated list."""
    return [part.strip() for part in value.split(",") if part.strip()]


def normal_origin(origin: str) -> str:
    """``origin`` as browsers send it (``scheme://host[:port]``, lower case, no default port);
    ValueError if it is not one."""
    parts = urlsplit(origin.strip().lower())
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        raise ValueError(f"{origin!r} is not an origin like https://games.example.org")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError(f"{origin!r} is not an origin like https://games.example.org")
    port = parts.port
    shown = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    if port is not None and port != DEFAULT_PORTS[parts.scheme]:
        shown += f":{port}"
    return f"{parts.scheme}://{shown}"


class ServerSettings(BaseSettings):
    """What one server allows each client, socket and table."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, frozen=True, extra="forbid")

    max_message_bytes: int = Field(
        default=8192,
        ge=256,
        le=1_048_576,
        description="the largest websocket message, in bytes; the websocket layer refuses a "
        "larger frame before reading it",
    )
    messages_per_second: int = Field(
        default=10,
        ge=1,
        description="messages one socket may send per second, on average over 10 seconds",
    )
    message_burst: int = Field(
        default=20, ge=1, description="messages one socket may send in any single second"
    )
    strikes_per_minute: int = Field(
        default=20,
        ge=1,
        description="refused messages (over a limit, malformed, unknown table or token) one "
        "socket may send in a minute before the server closes it",
    )
    changes_per_second: int = Field(
        default=5,
        ge=1,
        description="messages after hello (a move, a roll, a name, a chat line, a host's "
        "control, an undo, advice; every message but ping) one person may send per second, on "
        "average over 10 seconds, across all their connections: a seat counts by its token, a "
        "spectator by its address",
    )
    change_burst: int = Field(
        default=10,
        ge=1,
        description="the same messages one person may send in any single second",
    )
    names_per_minute: int = Field(
        default=6, ge=1, description="name changes one person may make per minute"
    )
    people_per_address: int = Field(
        default=4,
        ge=1,
        description="one client address may send, across all its connections and seats, as "
        "many changes, names and chat lines as this many people (people behind one router "
        "share an address)",
    )
    states_per_second: int = Field(
        default=10,
        ge=1,
        description="states a table sends each connection per second at most: faster changes "
        "are sent together, the latest state with every log line since",
    )
    sockets_per_address: int = Field(
        default=20, ge=1, description="websockets open at once from one client address"
    )
    spectators_per_table: int = Field(
        default=50, ge=0, description="spectator connections one table accepts at once"
    )
    tables_per_minute: int = Field(
        default=10,
        ge=1,
        description="tables one client address may create per minute (then HTTP 429)",
    )
    allow_bot_tables: bool = Field(
        default=False, description="allow tables whose every seat is a bot"
    )
    table_idle_seconds: float = Field(
        default=86_400.0,
        gt=0,
        description="an unfinished table where no person has moved or taken or left a seat "
        "for this long expires: it refuses moves; its record and replay stay",
    )
    hello_timeout_seconds: float = Field(
        default=10.0, gt=0, description="a socket that sends no hello within this is closed"
    )
    ping_interval_seconds: float = Field(
        default=20.0, gt=0, description="the websocket layer pings every socket this often"
    )
    ping_timeout_seconds: float = Field(
        default=20.0, gt=0, description="a socket that does not answer a ping within this is closed"
    )
    chat_max_chars: int = Field(
        default=300,
        ge=1,
        le=4000,
        description="the longest chat line, in characters after trimming",
    )
    chat_per_minute: int = Field(
        default=20, ge=1, description="chat lines one person may send per minute"
    )
    chat_burst: int = Field(
        default=5, ge=1, description="chat lines one person may send in any 10 seconds"
    )
    take_back_seconds: float = Field(
        default=5.0,
        ge=0,
        le=60,
        description="Parade: the draw after a person's play waits this long, in which the play "
        "may be taken back (a table may set its own; 0: the draw comes at once)",
    )
    forwarded_allow_ips: str = Field(
        default="",
        description="the reverse proxies trusted to say who the client is, as addresses or "
        "networks separated by commas (e.g. 127.0.0.1): a connection from one of them is "
        "counted as the address its X-Forwarded-For names; empty: no proxy is trusted and "
        "the header is ignored",
    )
    api_docs: bool = Field(
        default=False,
        description="serve the interactive API docs at /docs and /redoc (their scripts come "
        "from a CDN)",
    )
    allowed_origins: str = Field(
        default="",
        description="other sites (origins such as https://games.example.org, comma-separated) "
        "whose pages may create tables, take seats and open sockets here; the server's own "
        "pages and clients that send no Origin (not browsers) always may",
    )
    max_body_bytes: int = Field(
        default=65_536,
        ge=1024,
        description="the largest HTTP request body, in bytes; a larger Content-Length is "
        "refused (413) before any of it is read, a chunked body where it passes the limit",
    )
    header_timeout_seconds: float = Field(
        default=10.0,
        gt=0,
        description="an HTTP request whose headers have not all arrived this long after its "
        "first byte (or after the connection opened) is answered 408 and closed",
    )
    body_timeout_seconds: float = Field(
        default=20.0,
        gt=0,
        description="an HTTP request whose body has not all arrived this long after its "
        "headers is answered 408",
    )
    keep_alive_seconds: float = Field(
        default=5.0,
        gt=0,
        description="an idle HTTP connection between requests is closed after this long",
    )
    max_header_bytes: int = Field(
        default=16_384,
        ge=1024,
        description="the largest request line and headers of an HTTP request, in bytes (then 400)",
    )

    @field_validator("forwarded_allow_ips")
    @classmethod
    def _addresses_or_networks(cls, value: str) -> str:
        for item in filter(None, (part.strip() for part in value.split(","))):
            try:
                ipaddress.ip_network(item, strict=False)
            except ValueError:
                raise ValueError(
                    f"{item!r} is not an address or a network (e.g. 127.0.0.1 or 10.0.0.0/8)"
                ) from None
        return value

    @field_validator("allowed_origins")
    @classmethod
    def _origins_are_origins(cls, value: str) -> str:
        return ",".join(sorted(normal_origin(origin) for origin in split_origins(value)))

    @property
    def origins(self) -> frozenset[str]:
        """The other sites allowed (``allowed_origins``), each as ``scheme://host[:port]``."""
        return frozenset(split_origins(self.allowed_origins))

    @model_validator(mode="after")
    def _burst_covers_the_rate(self) -> ServerSettings:
        for burst, rate in (
            ("message_burst", "messages_per_second"),
            ("change_burst", "changes_per_second"),
        ):
            if getattr(self, burst) < getattr(self, rate):
                raise ValueError(
                    f"{burst} ({getattr(self, burst)}) must be at least {rate} "
                    f"({getattr(self, rate)})"
                )
        return self

    @staticmethod
    def env_name(field: str) -> str:
        """The environment variable of a setting."""
        return ENV_PREFIX + field.upper()

    @staticmethod
    def flag(field: str) -> str:
        """The ``wonderland serve`` flag of a setting."""
        return "--" + field.replace("_", "-")
