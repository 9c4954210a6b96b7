"""The websocket messages of the room: the table screen and the seats' join codes (QR codes
of their links). Part of the protocol whose models ``wire.py`` gathers."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class AskCodes(BaseModel):
    """The join codes of the seats nobody has taken yet, asked by a connection that said
    hello with the host token or a screen key (answered with ``join_codes``, to this
    connection only; anyone else is refused ``not_host``). An open seat's code is made on
    the first ask; a person's seat has one after the host asked ``new_code`` for it."""

    model_config = ConfigDict(extra="forbid", strict=True)

    type: Literal["codes"]


class JoinCode(BaseModel):
    """One seat's join code: its secret link and that link as a QR code (an SVG image, as a
    ``data:`` URI); the phone that opens the link has the seat."""

    model_config = ConfigDict(extra="forbid")

    seat: int
    url: str
    svg: str


class JoinCodes(BaseModel):
    """Answer to ``codes``: a code for each open seat and each person's seat whose new code
    nobody has opened yet (the other seats are taken: the seats' names say by whom)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["join_codes"] = "join_codes"
    codes: list[JoinCode]


class ScreenLink(BaseModel):
    """Answer to the host's ``screen``, to the host's connection only: the table screen's
    link with a screen key, which shows the join codes (and gives no control), valid for
    ``valid_seconds``. The table screen's plain link (``/t/{table}/screen``) shows none."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["screen_link"] = "screen_link"
    url: str
    valid_seconds: int
