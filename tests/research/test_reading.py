"""The dataset reads as ``docs/rl.md`` shows: Arrow's dataset and a numpy batch loop."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.research.test_export import database  # noqa: F401 - the played games
from wonderland.cli.main import main

ds = pytest.importorskip("pyarrow.dataset")

pytestmark = pytest.mark.rl
TWO_SEAT_PARADE = (ds.field("game") == "parade") & (ds.field("num_players") == 2)
"""An observation's length depends on the game and the table's size."""


def test_the_numpy_loop_of_the_docs(database: Path, tmp_path: Path) -> None:  # noqa: F811
    """Batches of observations, masks and actions stack into arrays; every action was legal
    under its mask; the manifest is not read as data."""
    out = tmp_path / "dataset"
    assert main(["export", str(database), "--out", str(out), "--quiet"]) == 0
    data = ds.dataset(str(out), format="parquet")
    rows = 0
    for batch in data.to_batches(
        columns=["observation", "action_mask", "action", "reward"],
        filter=TWO_SEAT_PARADE,
        batch_size=64,
    ):
        if batch.num_rows == 0:  # a part with no such row gives an empty batch
            continue
        obs = np.stack(batch.column("observation").to_numpy(zero_copy_only=False))
        mask = np.stack(batch.column("action_mask").to_numpy(zero_copy_only=False)).astype(bool)
        actions = batch.column("action").to_numpy()
        assert obs.dtype == np.float32 and obs.shape[0] == len(actions)
        assert mask[np.arange(len(actions)), actions].all()
        rows += len(actions)
    assert rows == data.count_rows(filter=TWO_SEAT_PARADE) > 0
