"""``python -m wonderland.sim.warm``: every compiled engine warmed, with the bots it plays."""

from __future__ import annotations

import pytest

from wonderland.sim import warm
from wonderland.sim.fast import fast_game_ids


def test_without_numba_it_says_so_and_compiles_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(warm, "numba_available", lambda: False)
    monkeypatch.setattr(warm, "warm_engine", lambda game_id: pytest.fail("compiled"))
    assert warm.main() == 0
    assert "numba is not installed" in capsys.readouterr().out


def test_every_compiled_engine_is_warmed_with_its_bots(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(warm, "warm_levels", lambda game_id: None)
    assert warm.main() == 0
    out = capsys.readouterr().out
    for game_id in fast_game_ids():
        assert f"{game_id}: compiled engine ready (greedy, random; levels)" in out
