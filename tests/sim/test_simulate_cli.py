"""``wonderland simulate`` at scale: progress, --out with summary.json, resume message, extras."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import ModuleType

import pytest

from wonderland.cli.main import main

ARGV = ["simulate", "parade", "--players", "3", "--games", "24", "--seed", "4", "--workers", "2"]


def test_out_writes_the_json_summary_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bar shows games/s and ETA; summary.json is what --json prints; a rerun resumes."""
    out = tmp_path / "run"
    assert main([*ARGV, "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "games/s" in captured.err and "ETA" in captured.err
    assert "By seat" in captured.out and "24 games" in captured.out
    assert len(list((out / "games").glob("part-*.parquet"))) > 1
    assert main([*ARGV, "--out", str(out), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads((out / "summary.json").read_text())
    assert (
        printed["games"] == 24 and printed["seed"] == 4 and len(printed["win_share_by_seat"]) == 3
    )
    assert main([*ARGV, "--out", str(out)]) == 0
    assert "24 of them already there" in " ".join(capsys.readouterr().err.split())


def test_missing_extra_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without Ray installed, --backend ray says which extra to install and writes nothing."""
    real = importlib.import_module

    def without_ray(name: str, package: str | None = None) -> ModuleType:
        if name.split(".")[0] == "ray":
            raise ImportError(name)
        return real(name, package)

    monkeypatch.setattr("wonderland.sim.deps.importlib.import_module", without_ray)
    out = tmp_path / "run"
    assert main([*ARGV, "--backend", "ray", "--out", str(out)]) == 2
    assert "pip install 'wonderland[ray]'" in " ".join(capsys.readouterr().err.split())
    assert not out.exists()
