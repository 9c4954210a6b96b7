"""The optional libraries of simulation at scale, imported on first use with a clear error.

``pip install 'wonderland[sim]'`` brings pyarrow (Parquet output) and matplotlib (reports);
``pip install 'wonderland[ray]'`` adds Ray for the cluster backend.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from wonderland.core import ConfigError

_EXTRA = {"pyarrow": "sim", "pyarrow.parquet": "sim", "matplotlib": "sim", "ray": "ray"}
_PURPOSE = {"sim": "Parquet output and reports need", "ray": "the Ray backend needs"}


def require(module: str) -> ModuleType:
    """Import ``module`` or raise ConfigError saying which extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError:
        extra = _EXTRA.get(module, "sim")
        raise ConfigError(
            f"{_PURPOSE[extra]} need {module.split('.')[0]}: pip install 'wonderland[{extra}]'"
        ) from None


def require_pyarrow() -> ModuleType:
    """``pyarrow`` (with ``pyarrow.parquet`` loaded)."""
    require("pyarrow.parquet")
    return require("pyarrow")


def require_parquet() -> ModuleType:
    """``pyarrow.parquet``."""
    return require("pyarrow.parquet")
