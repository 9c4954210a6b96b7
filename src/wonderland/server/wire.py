"""The websocket protocol's messages: these pydantic models are its single source of truth.

``docs/server-protocol.md`` embeds the JSON Schema generated from them (a test keeps the two
in step).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from wonderland.core import game_ids
from wonderland.server.wire_room import AskCodes, JoinCodes, ScreenLink

MAX_MESSAGE_BYTES = 8192
"""The default size limit of a client message (the ``max_message_bytes`` setting)."""
TABLE_ID = r"^[A-Za-z0-9_-]{1,64}$"
"""What a table id may be (the server makes 16 hex digits), checked before any lookup: no
other character (a NUL byte, a quote, a slash) reaches the database."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _ClientMessage(BaseModel):
    """What a client sends: read strictly (``"12"`` is not the number 12)."""

    model_config = ConfigDict(extra="forbid", strict=True)


# -- client -> server ---------------------------------------------------------------------
class Hello(_ClientMessage):
    """First message on a connection: which table, and the seat token (none: spectator)."""

    type: Literal["hello"]
    table: str = Field(pattern=TABLE_ID)
    token: str | None = Field(default=None, max_length=128)
    host: str | None = Field(default=None, max_length=128)
    """The table's host token, when this connection is its host's (see ``HostAction``)."""
    screen: str | None = Field(default=None, max_length=128)
    """A screen key (the table screen's link from the host): it may ask for join codes."""


class Act(_ClientMessage):
    """Take an action, made against state ``version`` (stale versions are refused)."""

    type: Literal["act"]
    version: int = Field(ge=0)
    action: int = Field(ge=0)


class Roll(_ClientMessage):
    """Real-time games: roll your dice now (the server rolls them, on its clock)."""

    type: Literal["roll"]


class Ping(_ClientMessage):
    """Keep-alive; answered with a pong."""

    type: Literal["ping"]


class SetName(_ClientMessage):
    """Your display name at this table (a seat's is public and stored; a spectator's is kept
    for the connection's chat). Checked by the server: 1-24 characters after trimming, of
    letters, digits, spaces and ``. _ - '``; a refusal (``invalid_name``) says why."""

    type: Literal["name"]
    name: str = Field(max_length=200)


class Chat(_ClientMessage):
    """Say something to the table: every seat and spectator sees it, and it is stored with
    the table (its replay shows it). At most ``chat_max_chars`` characters after trimming."""

    type: Literal["chat"]
    text: str = Field(max_length=4000)


class UndoAsk(_ClientMessage):
    """Parade and Wonderland's War: ask to take back your last action. Allowed while no card
    or chip has been drawn and nothing hidden revealed since, and before the next player has
    acted; every other person at the table must accept (bots accept)."""

    type: Literal["undo_ask"]


class KeepMove(_ClientMessage):
    """Parade: keep your play now; its draw, held for the few seconds in which the play may be
    taken back (``state.take_back``), happens at once."""

    type: Literal["keep"]


class UndoAnswer(_ClientMessage):
    """Answer the undo asked at this table (``undo_offer``): accept it or refuse it."""

    type: Literal["undo_answer"]
    accept: bool


class Ready(_ClientMessage):
    """Real-time tables: the sending seat's person is ready for the race (answered by the
    next ``state``; sent again, or once the race has started, it changes nothing)."""

    type: Literal["ready"]


class HostAction(_ClientMessage):
    """The host's controls (a connection that said hello with the host token): give a seat a
    new link (``reissue``: the old one stops working at once; answered with ``seat_link``),
    hand an absent person's seat to a bot (``to_bot``, with ``bot``, default the table's
    usual bot) or give it back (``to_person``), start a waiting table with bots in the
    empty seats (``start``), or close the table (``close``); ``screen``: the table screen's
    link with a screen key (answered with ``screen_link``); ``new_code``: a new join code for
    an open or person's seat (the old code and link stop working; answered with
    ``join_codes``)."""

    type: Literal["host"]
    do: Literal["reissue", "to_bot", "to_person", "start", "close", "screen", "new_code"]
    seat: int | None = Field(default=None, ge=0, le=7)
    bot: str | None = Field(default=None, max_length=40)


class AskAdvice(_ClientMessage):
    """A seated person asks which move the ``hard`` level would make now, and why; made
    against state ``version`` (answered with ``advice`` to this connection only)."""

    type: Literal["advice"]
    version: int = Field(ge=0)


class PlayAgain(_ClientMessage):
    """After the end, a seated person asks to play again: the first ask sets up a new table
    with the same seats (people stay people, bots stay bots), variants and time control, and
    makes the asker its host; every ask takes the asker's seat there (answered, to this
    connection only, with ``rematch_seat``)."""

    type: Literal["rematch"]


AnyClientMessage = (
    Hello
    | Act
    | Roll
    | Ping
    | SetName
    | Chat
    | UndoAsk
    | UndoAnswer
    | KeepMove
    | HostAction
    | PlayAgain
    | AskAdvice
    | Ready
    | AskCodes
)
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


# -- server -> client ---------------------------------------------------------------------
class SeatPublic(_Message):
    """A seat as everyone may see it."""

    seat: int
    kind: Literal["human", "bot", "open", "reserved"]
    """``open``: free for anyone to take; ``reserved``: kept for a player of the previous
    game (a rematch) until they take it."""
    name: str
    connected: bool = False
    handed: bool = False
    """A person's seat that a bot plays while they are away (the host may give it back)."""


class ChatLine(_Message):
    """One line of a table's chat: who said it (a seat, or a spectator: ``seat`` null and
    ``spectator`` true), under which name, and at which step (the table's ``version`` then)."""

    id: int
    seat: int | None
    spectator: bool
    name: str
    text: str
    step: int
    at_ms: int


class Welcome(_Message):
    """Answer to hello: who you are at this table."""

    type: Literal["welcome"] = "welcome"
    table: str
    game: str
    game_name: str
    seat: int | None
    seats: list[SeatPublic]
    variants: dict[str, Any]
    real_time: bool = False
    """The game is played in real time (every seat at once): no turn to be told of."""
    content: dict[str, Any] = Field(default_factory=dict)
    """The game's public, unchanging facts for this table (names of cards, regions, ...)."""
    chat: list[ChatLine] = Field(default_factory=list)
    """The table's last chat lines (up to 100), oldest first."""
    host: bool = False
    """This connection said hello with the table's host token: its controls are open."""


class LegalAction(_Message):
    """An action the receiving seat may take now, with its label and what it would do."""

    id: int
    label: str
    info: dict[str, Any] = Field(default_factory=dict)


class StateMessage(_Message):
    """The receiving seat's view after every change (and on connecting)."""

    type: Literal["state"] = "state"
    version: int
    view: dict[str, Any]
    to_move: list[int]
    chance_next: bool
    legal: list[LegalAction]
    log_start: int
    log: list[str]
    finished: bool
    winners: list[int]
    scores: list[float]
    seats: list[SeatPublic]
    live: dict[str, Any] | None = None
    """Real-time games: the table clock's countdown, roll cooldowns and pending rolls."""
    expired: bool = False
    """The unfinished table was left idle too long and closed: it refuses moves."""
    clocks: TableClocks | None = None
    """The seats' clocks (None: a table without a time control)."""
    undo: bool = False
    """Turn games: the receiving seat made the last step, so it may ask to take it back
    (``undo_ask``; the server still refuses it, with the reason, after a draw)."""
    take_back: TakeBack | None = None
    """Parade: the draw after the last play waits; its player may take the play back."""
    waiting: bool = False
    """A seat is still open or reserved: the game has not begun and takes no moves."""
    ready_check: ReadyCheck | None = None
    """Real-time tables: the race waits for its people (a ready check, or a pause)."""
    closed: bool = False
    """The host closed the table (``expired`` is true too)."""
    rematch: str | None = None
    """The table of the next game with the same seats, once someone asked to play again."""
    paused: str | None = None
    """Why the table is paused, in words: a bot plays every seat (on a server that does not
    host tables of bots only), so no bot acts and no clock runs until a person takes a seat
    back. None while it plays."""


class ReadySeat(_Message):
    """One person's seat during a ready check or a pause."""

    seat: int
    connected: bool
    """The seat has a connection open now."""
    ready: bool
    """Its person said they are ready (always true in a pause: the check passed)."""
    awaited: bool
    """The race waits for this seat (not connected, or not ready yet)."""
    kick_in_ms: int | None = None
    """At a table with an idle kick: the time (ms, at ``now_ms``) before this awaited seat
    is handed to the table's bot."""


class ReadyCheck(_Message):
    """Real-time tables whose race is held: nobody rolls or acts, bots included. ``ready``:
    before the first round, until every person is connected and has sent ``ready``;
    ``paused``: a person's last connection closed during the race, until they are back. The
    race then opens with the game's countdown (``live.open_in_ms``). None while it runs."""

    phase: Literal["ready", "paused"]
    since_ms: int
    """When the wait began (server time, ms since the epoch)."""
    now_ms: int
    """The server's time when the message was made."""
    seats: list[ReadySeat]


class TakeBack(_Message):
    """The draw after ``seat``'s play waits ``ms_left`` more ms (from when the message was
    made); until then ``seat`` may take the play back at once (``undo_ask``, no consent
    needed) or keep it (``keep``)."""

    seat: int
    ms_left: int


class SeatClock(_Message):
    """One seat's clock: the time it has left (ms, at ``now_ms``) and whether it runs."""

    seat: int
    remaining_ms: int
    running: bool


class TableClocks(_Message):
    """Every person's clock at a table with a time control. ``now_ms`` is the server's time
    when the message was made: a running clock has ``remaining_ms`` less for every ms since.
    ``idle_kick`` (real-time games): the time before a seat that neither rolls nor acts is
    handed to the table's bot."""

    kind: Literal["real_time", "turn_based", "idle_kick"]
    on_timeout: Literal["fallback_move", "replace_by_bot"]
    now_ms: int
    seats: list[SeatClock]


class UndoOffer(_Message):
    """An undo is asked: ``seat`` wants to take back its last action (``words``, as the log
    told it). ``waiting`` are the seats still to answer; a seat among them answers with
    ``undo_answer``. Sent to every seat and spectator, again on joining while it is open."""

    type: Literal["undo_offer"] = "undo_offer"
    seat: int
    words: str
    waiting: list[int]
    version: int
    """The table's version when it was asked."""


class UndoResult(_Message):
    """How an asked undo ended: ``accepted`` (the action is taken back; a new state follows),
    ``refused`` (by seat ``by``), or ``cancelled`` (the table moved on, with the reason)."""

    type: Literal["undo_result"] = "undo_result"
    seat: int
    outcome: Literal["accepted", "refused", "cancelled"]
    by: int | None = None
    reason: str = ""


class ErrorMessage(_Message):
    """A refused message: nothing changed. ``rule`` is the clause of an illegal action."""

    type: Literal["error"] = "error"
    code: Literal[
        "malformed",
        "too_large",
        "unknown_table",
        "unauthorized",
        "not_joined",
        "stale",
        "illegal",
        "not_your_turn",
        "finished",
        "expired",
        "rate_limited",
        "limit_reached",
        "unavailable",
        "invalid_name",
        "too_long",
        "not_host",
        "waiting",
        "revoked",
        "undo_refused",
    ]
    message: str
    rule: str | None = None


class Pong(_Message):
    """Answer to ping."""

    type: Literal["pong"] = "pong"


class Named(_Message):
    """Answer to ``name``: the name you now have at this table (trimmed)."""

    type: Literal["named"] = "named"
    name: str


class ChatMessage(_Message):
    """New chat lines, each sent to every seat and spectator as it is said (the welcome
    brings the ones said before)."""

    type: Literal["chat"] = "chat"
    lines: list[ChatLine]


class SeatLinkMessage(_Message):
    """Answer to the host's ``reissue``, to the host's connection only: the seat's new token
    (its link is the table's page with ``#seat=<seat>&token=<token>``)."""

    type: Literal["seat_link"] = "seat_link"
    seat: int
    token: str


class RematchSeat(_Message):
    """Answer to ``rematch``, to the asking connection only: its seat at the new table, that
    seat's token, and the new table's host token when the asker set it up."""

    type: Literal["rematch_seat"] = "rematch_seat"
    table: str
    seat: int
    token: str
    host: str | None = None


class AdvisedMove(_Message):
    """One move the advising bot weighed: its value by the bot's measure (``value_label``)
    and its share (a search's visit share, a rule of thumb's chance of playing it)."""

    id: int
    label: str
    value: float | None
    share: float


class AdviceMessage(_Message):
    """Answer to ``advice``, for the asking seat alone: the suggested move, the best moves
    weighed (best first, at most three) and the reason in words (for a search: the time it
    spent and the iterations it reached)."""

    type: Literal["advice"] = "advice"
    version: int
    action: int
    label: str
    reason: str
    value_label: str
    level: str
    alternatives: list[AdvisedMove]


ServerMessage = (
    Welcome
    | StateMessage
    | ErrorMessage
    | Pong
    | Named
    | ChatMessage
    | UndoOffer
    | UndoResult
    | SeatLinkMessage
    | RematchSeat
    | AdviceMessage
    | JoinCodes
    | ScreenLink
)


# -- HTTP ---------------------------------------------------------------------------------
class SeatRequest(_ClientMessage):
    """One seat of a new table: a person, or a bot by name."""

    kind: Literal["human", "bot", "open", "local"]
    """``open``: a seat anyone may take from the list of waiting tables (turn games);
    ``local``: a person who plays on the creating device, by ``name`` (two or more make a
    pass-and-play table: turn games only)."""
    bot: str | None = Field(default=None, max_length=40)
    name: str | None = Field(default=None, max_length=200)
    """A ``local`` seat's person's display name (checked as a name)."""


class TimeControl(_ClientMessage):
    """A table's clocks, chosen at creation. ``real_time``: ``base_seconds`` of thinking time,
    ``increment_seconds`` more after each move, never above ``cap_seconds`` (default 90 s +
    10 s, capped at 180 s). ``turn_based``: ``move_seconds`` for each move (default 24 h).
    When a clock runs out, ``on_timeout`` applies: ``fallback_move`` (the table's bot plays
    that move) or ``replace_by_bot`` (the seat is handed to the bot). Real-time games
    (Wonderdice) take ``idle_kick_seconds`` instead: a seat that neither rolls nor acts for
    that long is handed to the bot. ``bot`` names the table's bot (default: the game's
    usual one)."""

    kind: Literal["none", "real_time", "turn_based"] = "none"
    base_seconds: float = Field(default=90.0, gt=0, le=604_800)
    increment_seconds: float = Field(default=10.0, ge=0, le=86_400)
    cap_seconds: float = Field(default=180.0, gt=0, le=604_800)
    move_seconds: float = Field(default=86_400.0, gt=0, le=2_592_000)
    on_timeout: Literal["fallback_move", "replace_by_bot"] = "fallback_move"
    idle_kick_seconds: float | None = Field(default=None, gt=0, le=86_400)
    bot: str | None = Field(default=None, max_length=40)


def installed_games(schema: dict[str, Any]) -> None:
    """``CreateTable.game``'s JSON Schema lists the games installed when it is made."""
    schema["enum"] = game_ids()


class CreateTable(_ClientMessage):
    """Create a table: game, seats in order, rule variants; a private table is left out of the
    list of tables (its links work as any other's)."""

    game: str = Field(max_length=40, json_schema_extra=installed_games)
    seats: list[SeatRequest] = Field(min_length=1, max_length=8)
    variants: dict[str, str | int | bool] = Field(default_factory=dict)
    private: bool = False
    time_control: TimeControl = Field(default_factory=lambda: TimeControl())
    """The clocks (none by default; see ``TimeControl``)."""
    take_back_seconds: float | None = Field(default=None, ge=0, le=60)
    """Parade: how long the draw after a person's play waits, in which the play may be taken
    back (None: the server's ``take_back_seconds``; 0: the draw comes at once)."""


class SeatLink(_Message):
    """The secret invitation link of a human seat."""

    seat: int
    url: str
    token: str


class TableCreated(_Message):
    """The new table's id, its seat links and the spectator link."""

    table: str
    seats: list[SeatLink]
    spectator_url: str
    host_url: str | None = None
    """The host's link (``#host=<token>``): the table's controls; shown once."""
    host_token: str | None = None
    pass_and_play_url: str | None = None
    """With ``local`` seats: the link that opens the table on the creating device with every
    local seat's token (``#local=<seat>:<token>,...&host=<token>``); shown once."""


class TableSummary(_Message):
    """A public table in the list of tables."""

    table: str
    game: str
    finished: bool
    expired: bool
    version: int


class TableList(_Message):
    """One page of the public tables, newest first; ``next_cursor`` asks for the next page
    (None on the last)."""

    tables: list[TableSummary]
    next_cursor: str | None


class WaitingTable(_Message):
    """A public table waiting for players: its free seats and time control."""

    table: str
    game: str
    game_name: str
    seats: list[SeatPublic]
    free: list[int]
    time_control: str
    """The table's time control in words ("none" without one)."""


class WaitingList(_Message):
    """The public tables that wait for players, newest first."""

    tables: list[WaitingTable]


class TakenSeat(_Message):
    """A seat taken from the list of waiting tables: its link and token (shown once)."""

    table: str
    seat: int
    url: str
    token: str


class TableStatus(_Message):
    """A table's public summary (no secret): its game, seats, whose turn it is."""

    table: str
    game: str
    game_name: str
    seats: list[SeatPublic]
    to_move: list[int]
    waiting: bool
    finished: bool
    expired: bool
    closed: bool
    version: int


def client_schema() -> dict[str, Any]:
    """JSON Schema of every client message."""
    return CLIENT_MESSAGE.json_schema()


def server_schema() -> dict[str, Any]:
    """JSON Schema of every server message."""
    adapter: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)
    return adapter.json_schema()
