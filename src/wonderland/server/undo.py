"""Undo by consent (turn games: Parade, Wonderland's War).

A person may ask to take back their last action while nothing hidden has come to light since
(no chance step: no card or chip drawn; no simultaneous choices revealed) and before the next
player has acted. Every other person must accept; bots accept. At a pass-and-play table the
people sharing a device are there together: the asker's are not asked, and one of them
answers for all of them. The ask and each answer are events of the table's record; an
accepted undo is a row of the record too (actor ``UNDO``, action: the index of the row taken
back), so it takes a version of its own and its place in the order of the steps is certain
on every process. Nothing is deleted: the state is the replay of the rows still in play, and
the replay shows the action and the undo.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from wonderland.core import CHANCE, TERMINAL
from wonderland.server.core import TableCore
from wonderland.server.live_table import LiveTable, UndoOffer, held_ms
from wonderland.server.refusals import Refused, refuse
from wonderland.server.runner import chance_rng
from wonderland.server.seat_clocks import SeatClocks, now_ms
from wonderland.server.table_log import row_key
from wonderland.server.table_record import record_event, seat_name
from wonderland.store.values import UNDO, StaleWrite, StoredEvent, in_play

ASKED, ACCEPTED, REFUSED, UNDONE = "undo_asked", "undo_accepted", "undo_refused", "undone"
EVENTS = frozenset({ASKED, ACCEPTED, REFUSED, UNDONE})


UNRECORDED = (
    "the game's database cannot be reached just now, so the undo was not recorded: "
    "try again in a moment"
)


def _refuse(message: str) -> Refused:
    return refuse("undo_refused", message)


async def _record(
    core: TableCore, table: LiveTable, kind: str, seat: int, data: dict[str, Any]
) -> StoredEvent:
    return await record_event(core, table, kind, seat, data, followed=True, away=UNRECORDED)


def replay(table: LiveTable, rows: list[int]) -> tuple[Any, SeatClocks | None]:
    """The state after ``rows`` of the table's record, and the clocks then."""
    game = table.game
    state = game.initial_state(table.config)
    clocks = None
    if isinstance(table.clocks, SeatClocks):
        clocks = SeatClocks.start(table.clocks.control, len(table.seats))
    for i in rows:
        actor, action = table.actions[i]
        state = game.apply(state, actor, action)
        if clocks is not None:
            clocks.after_step(table, actor, table.undo.stamps[i], state)
    return state, clocks


def public_words(table: LiveTable, before: Any, actor: int, action: int) -> str:
    """How the log tells everyone a step (a hidden choice stays hidden)."""
    after = table.game.apply(before, actor, action)
    line = table.game.describe_step(before, actor, action, after, None)
    return line or table.game.action_to_string(action)


def take_back(table: LiveTable, index: int, at_ms: int, restored: Any = None) -> None:
    """Apply an undo row: the state (and clocks) become the replay without row ``index``;
    the version counts on; every viewer's log tells it."""
    rows = [i for i in in_play(table.actions) if i != index]
    actor, action = table.actions[index]
    before_draw = is_free(table, index)
    if restored is None:
        state, clocks = replay(table, rows)
    else:
        state, clocks = restored
    words = public_words(table, state, actor, action)
    table.state = state
    if clocks is not None:
        table.clocks = clocks
    table.actions.append((UNDO, index))
    table.undo.stamps.append(at_ms)
    table.undo.undone.add(index)
    table.version += 1
    table.decision_since = table.version
    if table.undo.offer is not None and table.undo.offer.index == index:
        table.undo.offer = None
    name = table.seat_public()[actor].name if 0 <= actor < len(table.seats) else "a seat"
    line = f"{name} took back their last action ({words}) with everyone's consent"
    if before_draw:
        line = f"{name} took back their play ({words}) before its card was drawn"
    table.tell_log(row_key(table.version - 1), line)


def is_free(table: LiveTable, index: int) -> bool:
    """Whether taking back row ``index`` needs no consent: it is the last row, a person's
    move whose draw the table holds (nothing came to light and nobody acted since)."""
    return (
        table.take_back_ms > 0
        and index == len(table.actions) - 1
        and table.is_person(table.actions[index][0])
        and table.game.to_move(table.state) == CHANCE
    )


def apply_row(table: LiveTable, actor: int, action: int, at_ms: int) -> None:
    """Apply one stored row (a step, or an undo) to the table."""
    if actor == UNDO:
        take_back(table, action, at_ms)
        return
    after = table.game.apply(table.state, actor, action)
    table.accept_step(table.state, after, actor, action, at_ms)


def _why_not(table: LiveTable, seat: int) -> tuple[int, str | None]:
    """The row ``seat`` may take back, or the reason (in words) it may not."""
    if table.live is not None:
        return -1, "in a real-time game every roll and action is final: there is no undo"
    if table.finished:
        return -1, "the game is over: its actions stay as they are"
    if table.expired:
        return -1, "this table was closed: its actions stay as they are"
    rows = in_play(table.actions)
    own = [i for i in rows if table.actions[i][0] == seat]
    if not own:
        return -1, "you have made no action at this table yet, so there is nothing to take back"
    index = own[-1]
    later = [table.actions[i][0] for i in rows if i > index]
    if CHANCE in later and table.take_back_ms > 0:
        return index, (
            "your play was kept and its card drawn (the few seconds to take it back were "
            "over), so it can no longer be taken back"
        )
    if CHANCE in later:
        return index, (
            "a card or chip was drawn after your action and hidden information came to light, "
            "so your action can no longer be taken back (undo ends at a draw)"
        )
    if later:
        who = table.seat_public()[later[0]].name if 0 <= later[0] < len(table.seats) else ""
        return index, (
            f"{who or 'the next player'} has acted since your action: an undo may be asked "
            "only before the next player acts"
        )
    return index, None


def answering(table: LiveTable, seat: int) -> frozenset[int]:
    """The seats ``seat``'s answer is for: at a pass-and-play table, one of the device's
    people answers for all of them (they are there together); elsewhere its own."""
    return table.device_seats if seat in table.device_seats else frozenset({seat})


def check(table: LiveTable, seat: int | None) -> tuple[int, Any]:
    """The row ``seat`` may take back and the state before it (with its clocks); a refusal
    that says why otherwise."""
    if seat is None:
        raise _refuse("spectators have no actions to take back: only a seat may ask an undo")
    if not table.is_person(seat):
        raise _refuse("a bot plays this seat now, so it cannot ask to take an action back")
    if table.undo.offer is not None:
        raise _refuse("an undo is already asked at this table: wait for its answers first")
    index, reason = _why_not(table, seat)
    if reason is not None:
        raise _refuse(reason)
    if is_free(table, index) and not held_ms(table, now_ms()):
        raise _refuse(
            "the few seconds to take back your play are over: its card is being drawn, so "
            "the play stays"
        )
    rows = [i for i in in_play(table.actions) if i != index]
    restored = replay(table, rows)
    game = table.game
    was = game.to_move(restored[0])
    now = game.to_move(table.state)
    if isinstance(was, frozenset) and not isinstance(now, frozenset) and now != CHANCE:
        raise _refuse(
            "your choice completed a decision made at the same time, and the choices were "
            "revealed, so it can no longer be taken back"
        )
    if now == TERMINAL:
        raise _refuse("the game is over: its actions stay as they are")
    return index, restored


def offer_message(offer: UndoOffer) -> dict[str, Any]:
    """The ``UndoOffer`` message."""
    return {
        "type": "undo_offer",
        "seat": offer.seat,
        "words": offer.words,
        "waiting": sorted(offer.waiting),
        "version": offer.version,
    }


def result_message(seat: int, outcome: str, by: int | None = None, reason: str = "") -> str:
    """The ``UndoResult`` message as JSON text."""
    return json.dumps(
        {"type": "undo_result", "seat": seat, "outcome": outcome, "by": by, "reason": reason}
    )


async def ask(core: TableCore, table: LiveTable, seat: int | None) -> None:
    """``seat`` asks to take back its last action: checked, recorded, offered to the others
    (accepted at once when only bots are asked)."""
    text, done = "", False
    async with table.lock:
        index, restored = check(table, seat)
        assert seat is not None
        actor, action = table.actions[index]
        words = public_words(table, restored[0], actor, action)
        waiting = {s for s in range(len(table.seats)) if s != seat and table.is_person(s)}
        waiting -= answering(table, seat)  # pass-and-play: the device's people see the ask
        if is_free(table, index):  # its draw waits: nothing to consent to
            waiting = set()
        rows = len(table.actions)
        name = seat_name(table.seats[seat], seat)
        data = {
            "index": index,
            "rows": rows,
            "words": words,
            "waiting": sorted(waiting),
            "name": name,
        }
        await _record(core, table, ASKED, seat, data)
        offer = UndoOffer(seat, index, rows, table.version, words, waiting)
        table.undo.offer = offer
        if waiting:
            text = json.dumps(offer_message(offer))
        else:
            done = await complete(core, table, restored)
    if waiting:
        await table.tell(text)
    elif done:
        await _after_undo(core, table, seat)


async def keep(core: TableCore, table: LiveTable, seat: int | None) -> None:
    """``seat`` keeps its play: the draw the table holds for it happens now."""
    async with table.lock:
        if seat is None or not held_ms(table, now_ms()) or table.actions[-1][0] != seat:
            raise _refuse("no play of yours waits for its draw, so there is nothing to keep")
        state = table.state
        await core.commit(table, CHANCE, table.game.sample_chance(state, chance_rng(table)))
    await core.broadcast(table)
    core.advance_soon(table)


async def answer(core: TableCore, table: LiveTable, seat: int | None, accept: bool) -> None:
    """A person answers the open undo: a refusal ends it, the last acceptance applies it."""
    text, done = "", False
    async with table.lock:
        offer = live_offer(table)
        if offer is None:
            raise _refuse("no undo is asked at this table now, so there is nothing to answer")
        if seat is None or seat not in offer.waiting:
            raise _refuse("this undo does not wait for your answer: only the seats asked answer")
        data: dict[str, Any] = {"index": offer.index, "asker": offer.seat}
        if seat is not None:
            data["name"] = seat_name(table.seats[seat], seat)
        if not accept:
            await _record(core, table, REFUSED, seat, data)
            table.undo.offer = None
            text = result_message(offer.seat, "refused", seat)
        else:
            await _record(core, table, ACCEPTED, seat, data)
            offer.waiting -= answering(table, seat)
            text = json.dumps(offer_message(offer))
            done = not offer.waiting and await complete(core, table)
    if not accept:
        await table.tell(text)
        core.advance_soon(table)
    elif done:
        await _after_undo(core, table, offer.seat)
    else:
        await table.tell(text)


async def complete(core: TableCore, table: LiveTable, restored: Any = None) -> bool:
    """Under the table's lock, every answer in: write the undo row and apply it; False when
    the table moved first."""
    offer = table.undo.offer
    assert offer is not None
    at_ms = now_ms()
    if len(table.actions) != offer.rows:
        return False
    try:
        await core.write((table.id, len(table.actions), UNDO, offer.index, at_ms, False))
    except StaleWrite:
        table.undo.offer = None
        return False
    take_back(table, offer.index, at_ms, restored)
    await _record(core, table, UNDONE, offer.seat, {"index": offer.index})
    return True


async def _after_undo(core: TableCore, table: LiveTable, seat: int) -> None:
    await table.tell(result_message(seat, "accepted"))
    await core.broadcast(table)
    core.advance_soon(table)


def live_offer(table: LiveTable) -> UndoOffer | None:
    """The open undo, if the table has not moved on since it was asked."""
    offer = table.undo.offer
    if offer is not None and offer.rows != len(table.actions):
        return None
    return offer


async def notice_moved_on(table: LiveTable) -> None:
    """An undo asked before a new step is void: tell everyone (before the new state)."""
    offer = table.undo.offer
    if offer is None or offer.rows == len(table.actions):
        return
    table.undo.offer = None
    if len(table.actions) > offer.rows and table.actions[offer.rows][0] == UNDO:
        return  # it was accepted (another process applied it)
    reason = "the table moved on before every answer came, so the action stays"
    await table.tell(result_message(offer.seat, "cancelled", None, reason))


def apply_event(table: LiveTable, event: StoredEvent) -> str | None:
    """Follow a stored undo event (from the record or another process); the text to tell
    this process's connections, if any."""
    data = event.data
    if event.kind == ASKED and event.seat is not None:
        waiting = {int(s) for s in data.get("waiting", [])}
        asked = UndoOffer(
            event.seat,
            int(data["index"]),
            int(data["rows"]),
            event.step,
            str(data["words"]),
            waiting,
        )
        table.undo.offer = asked
        return json.dumps(offer_message(asked)) if waiting else None
    if event.kind == UNDONE and event.seat is not None:  # its row was applied already
        if table.undo.offer is not None and table.undo.offer.index == int(data["index"]):
            table.undo.offer = None
        return result_message(event.seat, "accepted")
    offer = table.undo.offer
    if offer is None or int(data.get("index", -1)) != offer.index:
        return None
    if event.kind == REFUSED:
        table.undo.offer = None
        return result_message(offer.seat, "refused", event.seat)
    if event.kind == ACCEPTED and event.seat is not None:
        offer.waiting -= answering(table, event.seat)
        return json.dumps(offer_message(offer))
    return None


def walk(table: LiveTable) -> Iterator[tuple[str | None, Any]]:
    """Every row of the record as the replay shows it: the spectator's line (None: a silent
    step) and the state after it; an undo row goes back to the state without the row."""
    game = table.game
    state = game.initial_state(table.config)
    seen: list[tuple[int, int]] = []
    for actor, action in table.actions:
        seen.append((actor, action))
        if actor == UNDO:
            rows = [i for i in in_play(seen) if i < len(seen) - 1]
            state = game.initial_state(table.config)
            for i in rows:
                state = game.apply(state, *seen[i])
            taken_actor, taken = seen[action]
            words = public_words(table, state, taken_actor, taken)
            name = (
                table.seat_public()[taken_actor].name
                if 0 <= taken_actor < len(table.seats)
                else "a seat"
            )
            yield f"undo: {name} took back their last action ({words})", state
            continue
        before = state
        state = game.apply(before, actor, action)
        yield game.describe_step(before, actor, action, state, None), state
