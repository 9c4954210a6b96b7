"""``wonderland serve --room``: the web table for one room's game night. The server listens on
this computer's address in the local network (found without the internet), prints the
lobby's address and its QR code, and keeps a private room's limits."""

from __future__ import annotations

import os
import socket
import textwrap
from collections.abc import Callable
from typing import Any, TextIO

from wonderland.core import ConfigError

PROBES = ("10.254.254.254", "192.168.254.254", "172.31.254.254")
"""Private addresses to aim a UDP socket at: connecting one sends nothing, and the address it
is given is the one this computer reaches the local network from."""

ROOM_LIMITS: dict[str, Any] = {
    "spectators_per_table": 10,
    "sockets_per_address": 10,
    "table_idle_seconds": 12 * 3600.0,
}
"""A private room's limits where the flags and the environment say nothing: a table screen
or two and a few lookers-on per table, a few tabs per device, a table closed after a night
without a move. The other limits stay those of a public server."""


def local_address() -> str:
    """This computer's address in the local network (a refusal in words without one)."""
    for probe in PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 9))
                address = str(udp.getsockname()[0])
        except OSError:
            continue
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    raise ConfigError(
        "serve --room: this computer has no address in a local network (is it on the room's "
        "Wi-Fi?); connect it, or give the address to listen on with --host"
    )


def room_limits(given: dict[str, Any], env_name: Callable[[str], str]) -> dict[str, Any]:
    """The settings to start with: the room's limits, then the environment's, then the flags'
    (``given``); ``env_name(field)`` names a setting's environment variable."""
    room = {name: value for name, value in ROOM_LIMITS.items() if env_name(name) not in os.environ}
    return {**room, **given}


def announce(url: str, database: str, out: TextIO) -> None:
    """Tell the host where the room's table is: its address and a QR code of it."""
    import segno

    print(f"Wonderland Table for this room on {url}", file=out)
    print(f"(database: {database})", file=out)
    print("Open that address on the laptop or TV that is the table, or scan this code:", file=out)
    segno.make(url, error="m", micro=False).terminal(out=out, border=2, compact=True)
    print(
        "Create a table there: its host's page opens the table screen, which shows each\n"
        "seat's code for the phones. Everyone must be on this computer's network.",
        file=out,
    )
    limits = ", ".join(f"{name.replace('_', ' ')} {value:g}" for name, value in ROOM_LIMITS.items())
    print(textwrap.fill(f"A private room's limits: {limits}.", width=79), file=out)
