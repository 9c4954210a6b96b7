"""The import contracts of ``pyproject.toml`` name the game modules by pattern, so that a new
module or a new game is checked without an edit there.

Each test adds a forbidden import from every module the source tree holds to the project's
import graph (in memory) and checks that the contract reports every one of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import grimp
from importlinter.api import read_configuration
from importlinter.contracts.forbidden import ForbiddenContract

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
GAMES = "wonderland.games"


def _modules(package: str) -> list[str]:
    """Every module of ``package`` in the source tree, by its dotted name."""
    folder = SRC.joinpath(*package.split("."))
    return sorted(
        ".".join(path.with_suffix("").relative_to(SRC).parts).removesuffix(".__init__")
        for path in folder.rglob("*.py")
    )


def _importers(graph: Any, forbidden: str) -> set[str]:
    """The importers of every import chain that the forbidden contracts whose forbidden modules
    include ``forbidden`` report in ``graph``."""
    config = read_configuration(str(ROOT / "pyproject.toml"))
    contracts = [
        c for c in config["contracts_options"] if forbidden in c.get("forbidden_modules", ())
    ]
    assert contracts, f"no contract forbids {forbidden}"
    importers = set()
    for options in contracts:
        contract = ForbiddenContract(options["name"], config["session_options"], options)
        for found in contract.check(graph, verbose=False).metadata["invalid_chains"]:
            importers |= {chain[0]["importer"] for chain in found["chains"]}
    return importers


def test_every_game_module_but_the_compiled_engine_is_kept_from_every_compiled_engine() -> None:
    """Any module of any game outside its ``fast`` package (the package module, the plugin,
    the bots, ...) that imported its compiled engine would break a contract, and so would a
    game that has no compiled engine yet."""
    graph = grimp.build_graph("wonderland", include_external_packages=True)
    plain = [m for m in _modules(GAMES) if m != GAMES and "fast" not in m.split(".")]
    for module in plain:
        graph.add_import(importer=module, imported=f"{GAMES}.{module.split('.')[2]}.fast")
    assert {m.split(".")[2] for m in plain} >= {"parade", "wonderdice", "wonderlands_war"}
    assert _importers(graph, f"{GAMES}.*.fast") == set(plain)


def test_only_wonderland_compiled_may_import_numba() -> None:
    """Every module but ``wonderland.compiled``'s (the compiled engines' included) that
    imported numba itself would break a contract."""
    graph = grimp.build_graph("wonderland", include_external_packages=True)
    others = [m for m in _modules("wonderland") if not m.startswith("wonderland.compiled")]
    for module in others:
        graph.add_import(importer=module, imported="numba")
    assert _importers(graph, "numba") == set(others)
