"""Test-wide settings: hypothesis profiles (``HYPOTHESIS_PROFILE=thorough`` for long runs), the
fourth game installed on demand."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from tests.fourth_game import FOURTH_GAME
from wonderland.core import registry

settings.register_profile(
    "default", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def _fixed_terminal_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Console text under test is laid out at 80×24, whatever terminal runs the suite."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")


@pytest.fixture
def nim_installed() -> Iterator[None]:
    """The fourth game (``tests/fourth_game``) installed in this process: its directory on
    ``sys.path``, the registry refreshed; afterwards the path is restored and the registry
    refreshed again, so the next lookup reads the three games alone."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(FOURTH_GAME))
        registry.refresh()
        yield
    registry.refresh()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under ``tests/browser`` is a browser test (``make test-fast`` leaves them out)."""
    for item in items:
        if item.nodeid.startswith("tests/browser/"):
            item.add_marker(pytest.mark.browser)
