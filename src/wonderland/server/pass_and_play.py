"""Pass-and-play: several people seated on the one device that created the table.

A creation request names its ``local`` seats with each person's name. Two or more make a
pass-and-play table: the creating device holds every one of their seat tokens and speaks as
one seat at a time, behind a cover between turns (``static/pass-and-play.js``). A real-time
game, whose players all act at once, cannot be passed around one device and is refused. The
table keeps the device's seats in its configuration (``pass_and_play``): the people at one
device see an undo asked there, so only the table's other people are asked to consent.
"""

from __future__ import annotations

from typing import Any

from wonderland.core import AnyGame, ConfigError
from wonderland.server.refusals import Refused
from wonderland.server.talk import SPECTATOR_NAME, check_name, default_name, refuse_look_alike
from wonderland.server.wire import CreateTable

KEY = "pass_and_play"
"""The configuration's entry of the seats played on the creating device."""


def local_names(game: AnyGame, request: CreateTable) -> dict[int, str]:
    """Each ``local`` seat's checked name; a ``ConfigError`` that says what is wrong (a
    missing, malformed or look-alike name; a name on another kind of seat; a real-time game
    passed around one device)."""
    names: dict[int, str] = {}
    for seat, wanted in enumerate(request.seats):
        if wanted.kind != "local":
            if wanted.name is not None:
                raise ConfigError(
                    f"seat {seat + 1}: only a seat played on this device (kind local) takes a "
                    "name here; a friend chooses their own at the table"
                )
            continue
        if wanted.name is None:
            raise ConfigError(
                f"seat {seat + 1} is played on this device: give the name of the person who "
                "plays it, so the device can say whom to pass it to"
            )
        names[seat] = _checked(seat, wanted.name, names, len(request.seats))
    if len(names) > 1 and game.spec.real_time:
        raise ConfigError(
            f"{game.spec.name} is a race in which every player acts at the same time, so it "
            "cannot be passed around one device: give each player a device of their own (an "
            "invitation link or a join code), or play it against bots"
        )
    return names


def _checked(seat: int, raw: str, taken: dict[int, str], seats: int) -> str:
    """``raw`` as seat ``seat``'s name, refused as the websocket's ``name`` would refuse it."""
    shown = {default_name(s): "a seat's number" for s in range(seats)}
    shown[SPECTATOR_NAME] = "what spectators are called"
    shown.update({name: f"the name of seat {other + 1}" for other, name in taken.items()})
    try:
        name = check_name(raw)
        refuse_look_alike(name, shown)
    except Refused as refusal:
        raise ConfigError(f"seat {seat + 1}: {refusal.error.message}") from None
    return name


def kept_settings(request: CreateTable) -> dict[str, Any]:
    """What the table's configuration keeps of its device's seats (nothing for fewer than
    two: one person at a device is an ordinary seat)."""
    local = [seat for seat, wanted in enumerate(request.seats) if wanted.kind == "local"]
    return {KEY: local} if len(local) > 1 else {}


def device_seats(config: dict[str, Any]) -> frozenset[int]:
    """The seats a stored configuration says share the creating device."""
    return frozenset(int(seat) for seat in config.get(KEY, ()))


def link_fragment(tokens: dict[int, str], seats: frozenset[int], host_token: str) -> str:
    """The fragment of the link that opens a pass-and-play table on its device: the token of
    each of its ``seats``, and the host's.

    >>> link_fragment({0: "a", 1: "b", 2: "c"}, frozenset({0, 2}), "h")
    'local=0:a,2:c&host=h'
    """
    held = ",".join(f"{seat}:{tokens[seat]}" for seat in sorted(seats))
    return f"local={held}&host={host_token}"
