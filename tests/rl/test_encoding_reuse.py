"""Encodings that reuse the entries of fields a step did not change: the reused entries are
exactly what encoding from scratch gives, at every decision of random games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rl.playing import positions
from wonderland.core import get_game
from wonderland.games.wonderdice import encoding as wonderdice_encoding

pytestmark = pytest.mark.rl


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_wonderdice_reused_entries_equal_fresh_ones(players: int, seed: int) -> None:
    """Every seat's observation at every sampled decision, with the remembered slow-field
    entries, equals the one encoded with nothing remembered."""
    game = get_game("wonderdice")
    blocks = wonderdice_encoding._SLOW_BLOCKS
    blocks.clear()
    reused = 0
    for state, _ in positions(game, players, seed, share=1.0):
        for seat in range(players):
            before = blocks.get((seat, players))
            remembered = wonderdice_encoding.encode_state_sparse(state, seat)
            reused += before is not None and blocks.get((seat, players)) is before
            kept = dict(blocks)
            blocks.clear()
            assert remembered == wonderdice_encoding.encode_state_sparse(state, seat)
            blocks.clear()
            blocks.update(kept)
    assert reused > 0, "no observation reused remembered entries"
