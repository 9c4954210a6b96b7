"""The typed actions of Wonderland's War and their codec."""

from __future__ import annotations

import pytest

from wonderland.core.errors import NotationError
from wonderland.games.wonderlands_war.actions import (
    BASE,
    DECODED,
    NUM_ACTIONS,
    Forge,
    Move,
    action_to_string,
    decode,
    encode,
    from_text,
    parse,
    to_text,
)


def test_every_id_round_trips_through_its_type_and_its_notation() -> None:
    for action in range(NUM_ACTIONS):
        typed = decode(action)
        assert DECODED[action] == typed
        assert encode(typed) == action
        assert parse(action_to_string(action)) == action
        assert from_text(to_text(typed)) == typed


def test_the_blocks_keep_their_ids() -> None:
    assert BASE["move"] == 0
    assert encode(Move(3, 1)) == 7
    assert action_to_string(BASE["forge"] + 2 * 64 + 5) == "forge 2 5"
    assert decode(BASE["forge"] + 2 * 64 + 5) == Forge(2, 5)
    assert BASE["chip"] + 5 * 64 == NUM_ACTIONS


@pytest.mark.parametrize("text", ["move 3", "draw 1", "jump 2", "forge 9 0", "move a b", ""])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse(text)


def test_a_field_outside_its_block_is_refused() -> None:
    with pytest.raises(ValueError, match="outside the action space"):
        encode(Move(99, 0))
