"""The commit hooks run exactly the gates that ``make test`` runs."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def make_gate_commands() -> set[str]:
    """The commands of the Makefile's ``lint``, ``types`` and ``layers`` targets."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    commands: set[str] = set()
    for target in ("lint", "types", "layers"):
        block = re.search(rf"^{target}: .*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
        assert block is not None, f"the Makefile has no {target} target"
        for line in block.group(1).splitlines():
            commands.add(line.strip().replace("$(BIN)/", ".venv/bin/"))
    return commands


def hook_commands() -> set[str]:
    """The entries of the local hooks in ``.pre-commit-config.yaml``."""
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    return {hook["entry"] for repo in config["repos"] for hook in repo["hooks"]}


def test_the_commit_hooks_run_the_gates_of_make_test() -> None:
    gates = make_gate_commands()
    assert len(gates) == 4
    assert hook_commands() == gates
