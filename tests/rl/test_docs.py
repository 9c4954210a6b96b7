"""The training examples in ``docs/rl.md`` run as printed (with two episodes each)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.rl
DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
BLOCKS = [
    block
    for block in re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    if "EPISODES = " in block
]


def test_there_is_an_example_per_library() -> None:
    """One training example each for Gymnasium, PettingZoo and OpenSpiel."""
    libraries = ["gymnasium.make", "pettingzoo_env(", "pyspiel.load_game"]
    assert [sum(lib in block for block in BLOCKS) for lib in libraries] == [1, 1, 1]


@pytest.mark.parametrize("block", BLOCKS, ids=["gymnasium", "pettingzoo", "openspiel"])
def test_training_example_runs(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The example runs to the end and its learner's weights or tables took updates."""
    code = re.sub(r"EPISODES = \d+", "EPISODES = 2", block)
    namespace: dict[str, object] = {}
    exec(compile(code, str(DOC), "exec"), namespace)
    assert namespace["episode"] == 1
    if "weights" in namespace:
        assert namespace["weights"].any()  # type: ignore[attr-defined]
    else:
        assert "against a random player" in capsys.readouterr().out
