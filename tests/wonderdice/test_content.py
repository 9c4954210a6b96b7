"""Every character ability (both sides), the effect registry, and content loading."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from tests.wonderdice.helpers import (
    ABSOLEM,
    ALICE,
    CHESHIRE,
    HATTER,
    QUEEN,
    WALRUS,
    do,
    new_state,
    roll,
    seat_chars,
    set_row,
)
from wonderland.core import ContentError, IllegalAction
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice.content import CharacterModel, load_content
from wonderland.games.wonderdice.effects import EFFECTS
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.state import MAD, WonderdiceState

CONTENT = load_content()
MADNESS = {"effect": "hold_back", "text": "y"}


def cast(chars: list[int], mad: tuple[int, ...] = ()) -> WonderdiceState:
    s = new_state(len(chars))
    for seat in mad:
        s.side[seat] = MAD
    seat_chars(s, chars)
    return s


def test_d1_d6_six_characters_with_two_sides() -> None:
    """D1, D6: six characters, each with an Admiring and a Mad side."""
    names = [c.name for c in CONTENT.characters]
    assert names == [
        "Mad Hatter",
        "Absolem the Caterpillar",
        "Alice",
        "Queen of Hearts",
        "The Walrus",
        "Cheshire Cat",
    ]
    assert all(len(c.sides) == 2 for c in CONTENT.characters)


def test_d4_d5_d9_unknown_content_is_marked_provisional() -> None:
    """D4, D5, D9: our designs carry provisional = true and a one-line note."""
    sides = {a.id: a for c in CONTENT.characters for a in c.sides}
    confirmed = ("cheshire_cat.admiring", "walrus.admiring")
    assert not any(sides[k].provisional for k in confirmed)
    assert "Q9" in sides["walrus.admiring"].note  # its timing is our reading
    others = [a for k, a in sides.items() if k not in confirmed]
    assert all(a.provisional and a.note for a in others)
    assert CONTENT.jabberwocky.provisional
    assert CONTENT.help_text


def test_effects_registry_matches_the_data() -> None:
    """Every effect id in the content is implemented and every implementation is used."""
    used = {a.effect for c in CONTENT.characters for a in c.sides} | {CONTENT.jabberwocky.effect}
    assert used == set(EFFECTS)


def test_d7_q10_cheshire_admiring_cannot_be_blocked() -> None:
    """D7, Q10: no block on the Cat, so no D24 cancel involves her either."""
    s = cast([HATTER, CHESHIRE])
    do(s, 1, [1, 2, 3, 4, 5, 6], A.advance(1))
    roll(s, 0, [1, 2, 3, 4, 5, 6], gap=10)
    assert not [a for a in GAME.legal_actions(s, 0) if A.decode(a).kind == "block"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, 0, A.block(1, 2))
    assert err.value.rule == "D7"


def test_cheshire_mad_is_easy_to_block() -> None:
    """cheshire_cat.mad: a block on her may show her number +-1."""
    s = cast([HATTER, CHESHIRE], mad=(1,))
    set_row(s, 1, 2)
    do(s, 0, [2, 2, 2, 4, 4, 4], A.block(1, 4))
    assert s.block_on[1] is not None


def test_d8_q9_walrus_admiring_take_back_needs_no_die() -> None:
    """D8, Q9: the Walrus's roll action makes a player take back the die placed last."""
    s = cast([WALRUS, HATTER, ALICE])
    set_row(s, 1, 3)
    do(s, 1, [1, 1, 1], A.block(2, 1))
    do(s, 0, [6, 6, 6, 6, 6, 6], A.take_back(1))  # the block comes home, seat 2 is free
    assert s.block_on[2] is None
    assert s.hand[1] == 3
    do(s, 0, [6, 6, 6, 6, 6, 6], A.take_back(1))  # now the top row die
    assert (s.row[1], s.hand[1]) == (2, 4)
    roll(s, 2, [6, 6, 6, 6, 6, 6])
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, 2, A.take_back(1))
    assert err.value.rule == "D8"


def test_walrus_mad_is_exposed_to_pairs() -> None:
    """walrus.mad: any opponent whose roll shows a pair may make him take back."""
    s = cast([WALRUS, HATTER], mad=(0,))
    do(s, 0, [1, 2, 3, 4, 5, 6], A.advance(1))
    roll(s, 1, [2, 3, 4, 5, 6, 6])
    assert A.take_back(0) in GAME.legal_actions(s, 1)
    GAME.apply_in_place(s, 1, A.take_back(0))
    assert s.row[0] == 0
    roll(s, 1, [1, 2, 3, 4, 5, 6])
    assert A.take_back(0) not in GAME.legal_actions(s, 1)


def test_hatter_admiring_double_advance() -> None:
    """mad_hatter.admiring: place the next two numbers at once."""
    s = cast([HATTER, ALICE])
    do(s, 0, [1, 2, 5, 5, 5, 5], A.advance_two(1))
    assert (s.row[0], s.hand[0]) == (2, 4)
    roll(s, 1, [1, 2, 3, 4, 5, 6])
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, 1, A.advance_two(1))
    assert err.value.rule == "D17"


def test_hatter_mad_rests_after_each_advance() -> None:
    """mad_hatter.mad: after an advance, his next roll cannot advance."""
    s = cast([HATTER, ALICE], mad=(0,))
    do(s, 0, [1, 2, 3, 4, 5, 6], A.advance(1))
    roll(s, 0, [2, 2, 3, 4, 5])
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, 0, A.advance(2))
    assert err.value.rule == "mad_hatter.mad"
    GAME.apply_in_place(s, 0, A.PASS)
    do(s, 0, [2, 2, 3, 4, 5], A.advance(2))
    assert (s.row[0], s.hand[0]) == (2, 4)


def test_absolem_admiring_unblocks_with_neighbours() -> None:
    """absolem.admiring: unblock with the blocking number +-1."""
    s = cast([HATTER, ABSOLEM])
    set_row(s, 1, 2)
    do(s, 0, [3, 3, 3, 3, 3, 3], A.block(1, 3))
    do(s, 1, [4, 4, 4, 4], A.unblock(4))
    assert s.block_on[1] is None


def test_absolem_mad_unblock_costs_his_top_die() -> None:
    """absolem.mad: unblocking also sends his top row die back to his hand."""
    s = cast([HATTER, ABSOLEM], mad=(1,))
    set_row(s, 1, 2)
    do(s, 0, [3, 3, 3, 3, 3, 3], A.block(1, 3))
    do(s, 1, [1, 3, 3, 4], A.unblock(3))
    assert s.block_on[1] is None
    assert (s.row[1], s.hand[1]) == (1, 5)
    assert GAME.invariants(s) == []


def test_alice_admiring_shielded_while_strictly_last() -> None:
    """alice.admiring: nobody blocks her while her row is strictly the shortest."""
    s = cast([HATTER, ALICE, QUEEN])
    set_row(s, 0, 2)
    set_row(s, 2, 1)
    roll(s, 0, [1, 1, 1, 1])
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, 0, A.block(1, 1))
    assert err.value.rule == "alice.admiring"
    GAME.apply_in_place(s, 0, A.PASS)
    set_row(s, 1, 1)  # tied with seat 2: no longer strictly last
    do(s, 0, [2, 2, 2, 2], A.block(1, 2))
    assert s.block_on[1] is not None


def test_alice_mad_holds_back() -> None:
    """alice.mad: her row may not exceed the shortest opponent row + 3."""
    s = cast([ALICE, HATTER], mad=(0,))
    set_row(s, 0, 3)
    roll(s, 0, [4, 4, 4])
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, 0, A.advance(4))
    assert err.value.rule == "alice.mad"
    GAME.apply_in_place(s, 0, A.PASS)
    set_row(s, 1, 1)
    do(s, 0, [4, 4, 4], A.advance(4))
    assert s.row[0] == 4


def test_queen_admiring_blocks_with_neighbours() -> None:
    """queen_of_hearts.admiring: her block may show the target's number +-1."""
    s = cast([QUEEN, HATTER])
    set_row(s, 1, 2)
    do(s, 0, [4, 4, 4, 4, 4, 4], A.block(1, 4))
    assert s.block_on[1] == (0, 4, s.now)


def test_queen_mad_weak_blocks() -> None:
    """queen_of_hearts.mad: players she blocks unblock with the blocking number +-1."""
    s = cast([QUEEN, HATTER], mad=(0,))
    do(s, 0, [1, 1, 1, 1, 1, 1], A.block(1, 1))
    do(s, 1, [2, 3, 3, 4, 5, 6], A.unblock(2))
    assert s.block_on[1] is None


def test_q1_side_aliases_and_user_content(tmp_path: Path) -> None:
    """Q1: wonder/madness are accepted; a user's file overrides cards by id."""
    card = CharacterModel.model_validate(
        {"id": "alice", "Wonder": {"effect": "unblockable", "text": "x"}, "madness": MADNESS}
    )
    assert card.admiring is not None and card.admiring.effect == "unblockable"
    assert card.mad is not None and card.mad.effect == "hold_back"
    with pytest.raises(ValidationError):
        CharacterModel.model_validate({"id": "alice", "grumpy": MADNESS})
    (tmp_path / "characters.toml").write_text(
        '[[characters]]\nid = "alice"\n[characters.wonder]\neffect = "unblockable"\n'
        'text = "Printed: nobody may block Alice."\n',
        encoding="utf-8",
    )
    content = load_content(str(tmp_path))
    alice = content.characters[content.index("alice")]
    assert alice.sides[0].effect == "unblockable"
    assert not alice.sides[0].provisional
    assert alice.sides[1].effect == "hold_back"
    config = GAME.make_config(3, {"deal": "in_order"}, str(tmp_path))
    assert GAME.initial_state(config).table.content is content


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[[characters]\n", "not valid TOML"),
        (
            '[[characters]]\nid = "alice"\n[characters.mad]\neffect = "fly"\ntext = "x"\n',
            "characters[0].mad.effect",
        ),
        (
            '[[characters]]\nid = "alice"\n[characters.mad]\neffect = "hold_back"\n'
            'text = "x"\nparams = { speed = 2 }\n',
            "alice.mad.params",
        ),
        ('[[characters]]\nid = "bob"\nname = "Bob"\n', "a new character needs admiring, mad"),
        ('[[characters]]\nid = "alice"\ncolor = "red"\n', "characters[0].color"),
    ],
)
def test_bad_content_is_a_clear_error(tmp_path: Path, text: str, expected: str) -> None:
    """Content errors name the file, the key and the reason."""
    (tmp_path / "characters.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(str(tmp_path))
    assert str(tmp_path / "characters.toml") in str(err.value)
    assert expected in str(err.value)


def test_missing_content_folder_is_a_clear_error(tmp_path: Path) -> None:
    """--content pointing nowhere is a ContentError naming the file."""
    with pytest.raises(ContentError, match="cannot read"):
        load_content(str(tmp_path / "nowhere"))
