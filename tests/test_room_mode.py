"""``wonderland serve --room``: the local network's address found without the internet, a
private room's limits under the flags and the environment, and the address told with its QR
code in 80 columns."""

from __future__ import annotations

import io
import socket
from typing import Any

import pytest
import segno

from wonderland.cli.main import build_parser
from wonderland.cli.room import ROOM_LIMITS, announce, local_address
from wonderland.cli.serve import settings_from
from wonderland.core import ConfigError


class FakeUdp:
    """A UDP socket whose connect gives ``address`` (or fails for every probe)."""

    def __init__(self, address: str | None) -> None:
        self.address = address

    def __enter__(self) -> FakeUdp:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def connect(self, target: tuple[str, int]) -> None:
        if self.address is None:
            raise OSError("Network is unreachable")

    def getsockname(self) -> tuple[str, int]:
        assert self.address is not None
        return (self.address, 40000)


def test_the_local_address_is_the_one_a_private_network_is_reached_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(socket, "socket", lambda *a: FakeUdp("192.168.1.20"))
    assert local_address() == "192.168.1.20"
    monkeypatch.setattr(socket, "socket", lambda *a: FakeUdp("127.0.0.1"))
    with pytest.raises(ConfigError, match="no address in a local network"):
        local_address()
    monkeypatch.setattr(socket, "socket", lambda *a: FakeUdp(None))
    with pytest.raises(ConfigError, match="--host"):
        local_address()


def test_a_rooms_limits_give_way_to_the_environment_and_the_flags(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    parser = build_parser()
    room = settings_from(parser.parse_args(["serve", "--room"]))
    for name, value in ROOM_LIMITS.items():
        assert getattr(room, name) == value
    plain = settings_from(parser.parse_args(["serve"]))
    assert plain.spectators_per_table != ROOM_LIMITS["spectators_per_table"]
    monkeypatch.setenv("WONDERLAND_SPECTATORS_PER_TABLE", "3")
    args = parser.parse_args(["serve", "--room", "--sockets-per-address", "4"])
    given = settings_from(args)
    assert given.spectators_per_table == 3 and given.sockets_per_address == 4
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--public-url", "192.168.1.20:8000/x"])
    assert parser.parse_args(["serve", "--public-url", "http://h:1/"]).public_url == "http://h:1"


def test_the_address_is_told_with_its_code_in_80_columns() -> None:
    out = io.StringIO()
    announce("http://192.168.1.20:8000", "sqlite:////home/someone/data/wonderland.sqlite3", out)
    lines = out.getvalue().splitlines()
    assert "http://192.168.1.20:8000" in lines[0]
    assert max(len(line) for line in lines) <= 80
    drawn = io.StringIO()
    segno.make("http://192.168.1.20:8000", error="m", micro=False).terminal(
        out=drawn, border=2, compact=True
    )
    code: Any = drawn.getvalue()
    assert code in out.getvalue()  # the code of exactly that address
