"""Move suggestions at the web table: "Suggest a move" asks the ``hard`` level which move it
would make now and why.

The advice is worked out in a bot worker from the asking seat's own view and legal actions,
never from the full state, and goes to the asking connection alone.  A turn-based table's
advice answers one state version: asked again at the same version, the connection gets the
same answer without a second search, and a move made meanwhile makes it stale.  At a
real-time table (Wonderdice) it answers the seat's options of the moment.
"""

from __future__ import annotations

from collections.abc import Callable

from wonderland.bots.levels import ADVICE_LEVEL
from wonderland.core import TERMINAL, derive_seed
from wonderland.server.bot_worker import advise
from wonderland.server.core import TableDesk
from wonderland.server.live_table import LiveTable
from wonderland.server.refusals import refuse
from wonderland.server.seating import refuse_unless_playing
from wonderland.server.wire import AdviceMessage, AdvisedMove

SHOWN = 3
"""The best moves an answer lists."""


def options(table: LiveTable, seat: int) -> list[int]:
    """The actions ``seat`` may take now (none: nothing to advise)."""
    if table.live is not None:
        return table.live.legal(seat)
    mover = table.game.to_move(table.state)
    if mover == seat or (isinstance(mover, frozenset) and seat in mover):
        return table.game.legal_actions(table.state, seat)
    return []


def check(core: TableDesk, table: LiveTable, seat: int | None, version: int) -> list[int]:
    """The seat's options, or the refusal that says why there is nothing to advise."""
    if seat is None:
        raise refuse(
            "not_your_turn", "a spectator is offered no suggestions: they are for a player's move"
        )
    refuse_unless_playing(table, seat)
    if table.game.to_move(table.state) == TERMINAL:
        raise refuse("finished", "the game is over: there is no move to suggest")
    core.refuse_if_expired(table)
    if table.live is None and version != table.version:
        raise refuse(
            "stale",
            f"you asked about version {version}, but the table is at version "
            f"{table.version}; here is the current state",
        )
    legal = options(table, seat)
    if not legal:
        raise refuse(
            "not_your_turn",
            "there is nothing for you to decide now: a suggestion is for a move you can make",
        )
    return legal


def words_of(table: LiveTable, seat: int) -> Callable[[int], str]:
    """How a suggested move is named: in the words of its button when the game gives them
    (``text``: "block Alice's 3", "build a castle in Croquet Ground"; the notation,
    ``block@2:4``, is for records), else in the game's notation (``R3``)."""
    game, live = table.game, table.live
    if live is not None:
        live.legal(seat)  # the seat whose buttons are described
        return lambda action: live.describe(action).get("text") or game.action_to_string(action)
    view = game.view(table.state, seat)
    return lambda action: (
        game.action_info(view, action).get("text") or game.action_to_string(action)
    )


async def advice(
    core: TableDesk, table: LiveTable, seat: int | None, version: int
) -> AdviceMessage:
    """The ``hard`` level's advice for ``seat`` at ``version``; refused when the seat has no
    move to make, or when the table moved on while it was worked out."""
    legal = check(core, table, seat, version)
    assert seat is not None
    game = table.game
    asked_at = table.version
    seed = derive_seed(table.seed, "advice", seat, asked_at)
    view = game.view(table.state, seat)
    found = await core.off_loop(advise, game.spec.id, ADVICE_LEVEL, seed, view, legal)
    if table.version != asked_at and options(table, seat) != legal:
        raise refuse("stale", "the table moved on while the suggestion was worked out; ask again")
    label = words_of(table, seat)
    return AdviceMessage(
        version=asked_at,
        action=found.action,
        label=label(found.action),
        reason=found.reason,
        value_label=found.value_label,
        level=ADVICE_LEVEL,
        alternatives=[
            AdvisedMove(id=a.action, label=label(a.action), value=a.value, share=a.share)
            for a in found.top(SHOWN)
        ],
    )
