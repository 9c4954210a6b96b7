"""One websocket client: hello first, then actions, names, chat and pings; every refusal is
answered, and a socket that keeps sending refused messages is closed. Besides its own rates, a
connection's changes, names and chat lines count against its person and its address, whatever
socket they come from."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from wonderland.hosting.web_json import explain
from wonderland.server.advice import advice, check
from wonderland.server.guard import Guard, Over, Who
from wonderland.server.host import host_action, is_host, take_back
from wonderland.server.join_codes import (
    join_codes,
    new_code,
    opens_screen,
    screen_link,
    seat_opened,
)
from wonderland.server.live_table import LiveTable, SeatSocket
from wonderland.server.readiness import say_ready
from wonderland.server.refusals import Refused, refuse
from wonderland.server.rematch import play_again
from wonderland.server.seating import checked_seat, refuse_unless_playing
from wonderland.server.settings import ServerSettings
from wonderland.server.tables import TableManager
from wonderland.server.talk import (
    CHAT_HISTORY,
    SPECTATOR_NAME,
    chat_line,
    check_chat,
    check_name,
    default_name,
    refuse_look_alike,
)
from wonderland.server.undo import answer, ask, keep, live_offer, offer_message
from wonderland.server.wire import (
    CLIENT_MESSAGE,
    Act,
    AnyClientMessage,
    AskAdvice,
    Chat,
    ChatLine,
    ErrorMessage,
    Hello,
    HostAction,
    KeepMove,
    Named,
    Ping,
    PlayAgain,
    Pong,
    Ready,
    Roll,
    SetName,
    UndoAnswer,
    UndoAsk,
    Welcome,
)
from wonderland.server.wire_room import AskCodes

log = logging.getLogger(__name__)

POLICY_VIOLATION = 1008
"""The websocket close code of a socket closed for breaking the server's limits."""

GAME_REFUSALS = frozenset(
    {"stale", "illegal", "not_your_turn", "finished", "expired", "unavailable", "undo_refused"}
)
"""Refusals that honest play meets (a race with another seat, a misclick, a database
restarting): no strike."""


class Close(Exception):  # noqa: N818 - an instruction to the loop, not a failure
    """Close the socket with ``code`` and ``reason`` after telling the client why."""

    def __init__(self, error: ErrorMessage, reason: str, code: int = POLICY_VIOLATION) -> None:
        super().__init__(reason)
        self.error = error
        self.reason = reason
        self.code = code


def client_address(websocket: WebSocket) -> str:
    """The client's address (behind a trusted proxy, the one it forwards)."""
    return websocket.client.host if websocket.client is not None else "unknown"


async def serve_socket(
    websocket: WebSocket, manager: TableManager, guard: Guard, settings: ServerSettings
) -> None:
    """Accept a websocket and serve it until it closes (or the server closes it)."""
    await websocket.accept()
    address = client_address(websocket)
    key = guard.open_socket(address)
    if key is None:
        error = ErrorMessage(
            code="limit_reached",
            message=f"your address already has {settings.sockets_per_address} connections "
            "open, the most this server allows: close a table tab and try again",
        )
        await websocket.send_text(error.model_dump_json())
        await websocket.close(POLICY_VIOLATION, "too many connections from your address")
        return
    try:
        await Connection(websocket, manager, guard, settings, key, address).serve()
    finally:
        guard.close_socket(address, key)


class Connection:
    """The state of one socket: the table and seat it joined, its rate counts."""

    def __init__(
        self,
        websocket: WebSocket,
        manager: TableManager,
        guard: Guard,
        settings: ServerSettings,
        key: str,
        address: str,
    ) -> None:
        self.websocket = websocket
        self.manager = manager
        self.guard = guard
        self.settings = settings
        self.key = key
        self.address = address
        self.who = Who.spectator(address)
        """Whom this connection's changes count against (its seat's token once it joins)."""
        self.joined: tuple[LiveTable, int | None] | None = None
        self.name: str | None = None
        """A spectator's chosen chat name (a seat's name is the seat's, kept by the table)."""
        self.host = False
        """This connection said hello with the table's host token."""
        self.screen = False
        """This connection said hello with a table screen's key: it is shown the codes."""
        self.advised: tuple[int, dict[str, Any]] | None = None
        """The last suggestion sent, with the version it answers."""

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message (the manager's broadcasts call this too)."""
        await self.websocket.send_text(json.dumps(message))

    async def send_text(self, text: str) -> None:
        """Send a message already serialised (the manager's broadcasts, shared by sockets)."""
        await self.websocket.send_text(text)

    async def serve(self) -> None:
        """Read and answer messages until the client goes or a limit closes the socket."""
        closing: Close | None = None
        try:
            await self._loop()
        except WebSocketDisconnect:
            pass
        except Close as close:
            closing = close
        finally:
            if self.joined is not None:  # the others see the seat go offline
                self.joined[0].record.sockets.pop(self.send_text, None)
                await self.manager.leave(self.joined[0], self.joined[1], self.send_text)
        if closing is not None and self.websocket.client_state == WebSocketState.CONNECTED:
            try:
                await self.send(closing.error.model_dump(mode="json"))
                await self.websocket.close(closing.code, closing.reason)
            except (WebSocketDisconnect, RuntimeError, OSError):
                pass  # it went away first

    async def _receive(self) -> str | bytes:
        """The next frame; before hello, only until the hello deadline."""
        if self.joined is not None:
            message = await self.websocket.receive()
        else:
            try:
                async with asyncio.timeout_at(self.hello_deadline):
                    message = await self.websocket.receive()
            except TimeoutError:
                seconds = self.settings.hello_timeout_seconds
                raise Close(
                    ErrorMessage(
                        code="limit_reached",
                        message=f"no hello within {seconds:g} seconds of connecting: this "
                        "connection is closed; connect again and say hello first",
                    ),
                    "no hello in time",
                ) from None
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
        text: str | None = message.get("text")
        if text is not None:
            return text
        data: bytes = message.get("bytes") or b""
        return data

    async def _loop(self) -> None:
        self.hello_deadline = asyncio.get_running_loop().time() + (
            self.settings.hello_timeout_seconds
        )
        while True:
            frame = await self._receive()
            try:
                await self._answer(frame)
            except Refused as refusal:
                await self.send(refusal.error.model_dump(mode="json"))
                if self.joined is not None and refusal.error.code in ("stale", "illegal"):
                    await self.send(self.joined[0].state_message(self.joined[1]))
                if refusal.error.code not in GAME_REFUSALS and not self.guard.strike(self.key):
                    raise Close(
                        ErrorMessage(
                            code="rate_limited",
                            message="this connection sent too many refused messages: it is "
                            "closed; reload the page to connect again",
                        ),
                        "too many refused messages",
                    ) from None

    async def _answer(self, frame: str | bytes) -> None:
        """Check one frame against the limits and the protocol, then act on it."""
        if not self.guard.message(self.key):
            raise refuse(
                "rate_limited",
                f"too many messages: this server takes at most {self.settings.message_burst} "
                f"a second and {self.settings.messages_per_second} a second on average from "
                "one connection; this one was not read, send it again in a moment",
            )
        message = read_frame(frame, self.settings.max_message_bytes)
        if isinstance(message, Hello):
            await self._hello(message)
        elif isinstance(message, Ping):
            await self.send(Pong().model_dump(mode="json"))
        else:
            if self.joined is None:
                raise refuse("not_joined", "send hello with your table and token first")
            self._count(self.guard.change(self.who), "messages that change the table")
            table, seat = self.joined
            if isinstance(message, AskAdvice):
                await self._advice(table, seat, message.version)
                return
            if isinstance(message, SetName):
                await self._set_name(table, seat, message)
                return
            if isinstance(message, Chat):
                await self._chat(table, seat, message)
                return
            if isinstance(message, AskCodes):
                await self._codes(table)
                return
            if isinstance(message, HostAction | PlayAgain):
                await self._seating(table, seat, message)
                return
            if isinstance(message, UndoAsk):
                await ask(self.manager, table, seat)
                return
            if isinstance(message, KeepMove):
                await keep(self.manager, table, seat)
                return
            if isinstance(message, UndoAnswer):
                await answer(self.manager, table, seat, message.accept)
                return
            if isinstance(message, Ready):
                await say_ready(self.manager, table, seat)
                return
            refuse_unless_playing(table, seat)
            if table.live is not None or isinstance(message, Roll):
                action = message.action if isinstance(message, Act) else None
                await self.manager.submit_live(table, seat, action)
            else:
                await self.manager.submit(table, seat, message.version, message.action)

    async def _advice(self, table: LiveTable, seat: int | None, version: int) -> None:
        """The suggestion for this seat's move, worked out once per state of a turn-based
        table (asked again, the same answer)."""
        if table.live is None and self.advised is not None and self.advised[0] == version:
            reply = self.advised[1]
            check(self.manager, table, seat, version)  # still this seat's move to make
        else:
            reply = (await advice(self.manager, table, seat, version)).model_dump(mode="json")
            self.advised = (reply["version"], reply)
        await self.send(reply)

    async def _hello(self, message: Hello) -> None:
        """Join a table, once per connection."""
        if self.joined is not None:
            raise refuse(
                "limit_reached",
                f"this connection has already joined table {self.joined[0].id}: hello is "
                "said once per connection; open another connection for another table",
            )
        table = await self.manager.obtain(message.table)
        seat = self.manager.seat_for_token(table, message.token)
        if message.host is not None and not is_host(table, message.host):
            raise refuse("not_host", "this host token does not belong to this table")
        self.host = message.host is not None
        if message.screen is not None and not opens_screen(table, message.screen):
            raise refuse(
                "not_host",
                "this table screen's link has expired or is not this table's: open the "
                "screen again from the host's page",
            )
        self.screen = message.screen is not None
        limit = self.settings.spectators_per_table
        if seat is None and table.spectators() >= limit:
            raise refuse(
                "limit_reached",
                f"table {table.id} already has as many spectators as this server allows "
                f"({limit}): try again later",
            )
        await self.manager.expire_if_idle(table)
        if seat is not None:  # an open seat's code takes the seat; a code is spent
            await seat_opened(self.manager, table, seat)
        self.joined = (table, seat)
        if seat is not None and message.token is not None:
            token_hash = table.seats[seat].token_hash or ""
            table.record.sockets[self.send_text] = SeatSocket(seat, token_hash, self.evict)
            self.who = Who.seat(token_hash, self.address)
        greeting = welcome(table, seat)
        greeting.host = self.host
        await self.send(greeting.model_dump(mode="json"))
        await self.manager.join(table, seat, self.send_text)
        if seat is not None:  # a table of bots only goes on when its person is back
            await take_back(self.manager, table, seat)
        seen = greeting.chat[-1].id if greeting.chat else 0
        missed = [line for line in table.chat[-CHAT_HISTORY:] if line.id > seen]
        if missed:  # said while this connection was being welcomed
            await self.send({"type": "chat", "lines": [chat_line(line) for line in missed]})
        offer = live_offer(table)
        if offer is not None:  # an undo asked before this connection came
            await self.send(offer_message(offer))

    async def evict(self, reason: str) -> None:
        """Tell this connection its seat's link no longer opens the seat, and close it."""
        error = ErrorMessage(code="revoked", message=reason)
        await self.send(error.model_dump(mode="json"))
        await self.websocket.close(POLICY_VIOLATION, "the seat's link was reissued")

    async def _seating(
        self, table: LiveTable, seat: int | None, message: HostAction | PlayAgain
    ) -> None:
        """The host's controls, and "Play again"; each answer with a secret goes to this
        connection only."""
        if isinstance(message, PlayAgain):
            answer = await play_again(self.manager, table, seat)
            await self.send(answer.model_dump(mode="json"))
            return
        if not self.host:
            raise refuse(
                "not_host",
                "only the table's host can do this: open the table with the host link",
            )
        if message.do == "screen":
            await self.send(screen_link(table, self.base_url()).model_dump(mode="json"))
            return
        if message.do == "new_code":
            await new_code(self.manager, table, checked_seat(table, message.seat))
            await self._codes(table)
            return
        link = await host_action(self.manager, table, message)
        if link is not None:
            await self.send(link.model_dump(mode="json"))

    def base_url(self) -> str:
        """Where people open this server's pages: the server's public address (room mode's
        ``--public-url``), else the address this connection came to."""
        public: str | None = self.websocket.app.state.public_url
        if public:
            return public.rstrip("/")
        url = self.websocket.url
        return f"{'https' if url.scheme == 'wss' else 'http'}://{url.netloc}"

    async def _codes(self, table: LiveTable) -> None:
        """The join codes, to the host's connection or a table screen opened by the host."""
        if not (self.host or self.screen):
            raise refuse(
                "not_host",
                "only the host's page and a table screen opened from it are shown the "
                "seats' join codes",
            )
        codes = await join_codes(self.manager, table, self.base_url())
        await self.send(codes.model_dump(mode="json"))

    async def _set_name(self, table: LiveTable, seat: int | None, message: SetName) -> None:
        """Take a display name: a seat's is stored and shown to all, a spectator's is kept
        for its chat; answered with the name as taken. The name it has already changes
        nothing; a seat's name that looks like another's shown at the table is refused (a
        spectator's is shown only with its chat lines, each marked as a spectator's: the
        person of a seat, watching from another tab, chats under their name)."""
        name = check_name(message.name)
        current = self.name if seat is None else table.seats[seat].name
        if name != current:
            if seat is not None:
                refuse_look_alike(name, shown_names(table, seat))
            self._count(self.guard.name(self.who), "name changes")
            if seat is None:
                self.name = name
            else:
                await self.manager.set_name(table, seat, name)
        await self.send(Named(name=name).model_dump(mode="json"))

    async def _chat(self, table: LiveTable, seat: int | None, message: Chat) -> None:
        """Say one line to the table, within the length and the chat rates."""
        words = check_chat(message.text, self.settings.chat_max_chars)
        self._count(self.guard.chat(self.who), "chat lines")
        spectator = self.name or SPECTATOR_NAME
        name = spectator if seat is None else table.seat_public()[seat].name
        await self.manager.say(table, seat, name, words)

    def _count(self, over: Over | None, what: str) -> None:
        """Refuse a message over its person's or its address's limit (``Guard``), saying
        which and what the limits are."""
        if over is None:
            return
        settings = self.settings
        people = 1 if over == "person" else settings.people_per_address
        rates = {
            "name changes": f"{settings.names_per_minute * people} a minute",
            "chat lines": f"{settings.chat_burst * people} in any 10 seconds and "
            f"{settings.chat_per_minute * people} a minute",
        }.get(
            what,
            f"{settings.change_burst * people} in any second and "
            f"{settings.changes_per_second * people} a second on average",
        )
        whose = (
            "one person, across all their connections"
            if over == "person"
            else f"one address (as from {people} people), across all its connections"
        )
        raise refuse(
            "rate_limited",
            f"too many {what}: this server takes at most {rates} from {whose}; this one was "
            "not taken, send it again in a moment",
        )


def shown_names(table: LiveTable, seat: int) -> dict[str, str]:
    """The names ``table`` shows for others than ``seat`` (each seat's, every default name,
    a spectator's), each with whose it is, in words: a seat's new name must not look like
    one."""
    shown: dict[str, str] = {}
    for public in table.seat_public():
        if public.seat != seat:
            shown.setdefault(public.name, f"the name of seat {public.seat + 1}")
    for number in range(len(table.seats)):
        shown.setdefault(default_name(number), f"the name seat {number + 1} has by default")
    shown.setdefault(SPECTATOR_NAME, "the name of a spectator who chose none")
    return shown


def read_frame(frame: str | bytes, limit: int) -> AnyClientMessage:
    """The client message a frame holds; a refusal that says why when it holds none (a binary
    frame, more than ``limit`` bytes, text that is not UTF-8, or JSON that is no message)."""
    if isinstance(frame, bytes):
        raise refuse(
            "malformed", "binary frames are not read: send each message as a JSON text frame"
        )
    if len(frame) > limit:
        raise refuse("too_large", f"messages are limited to {limit} bytes")
    try:
        size = len(frame.encode())
    except UnicodeEncodeError:  # a lone surrogate: no UTF-8 text holds one
        raise refuse(
            "malformed", "this message is not UTF-8 text: send each message as JSON in UTF-8"
        ) from None
    if size > limit:
        raise refuse("too_large", f"messages are limited to {limit} bytes")
    try:
        return CLIENT_MESSAGE.validate_json(frame)
    except ValidationError as err:
        raise refuse("malformed", explain(err.errors(), "malformed message")) from None


def welcome(table: LiveTable, seat: int | None) -> Welcome:
    """The welcome message for ``seat`` at ``table``."""
    return Welcome(
        table=table.id,
        game=table.game.spec.id,
        game_name=table.game.spec.name,
        seat=seat,
        seats=table.seat_public(),
        variants=dict(table.config.variants),
        real_time=table.game.spec.real_time,
        content=table.game.table_content(table.config),
        chat=[ChatLine(**chat_line(line)) for line in table.chat[-CHAT_HISTORY:]],
    )
