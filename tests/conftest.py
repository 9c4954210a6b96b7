"""Test-wide settings: hypothesis profiles (``HYPOTHESIS_PROFILE=thorough`` for long runs)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under ``tests/browser`` is a browser test (``make test-fast`` leaves them out)."""
    for item in items:
        if item.nodeid.startswith("tests/browser/"):
            item.add_marker(pytest.mark.browser)
