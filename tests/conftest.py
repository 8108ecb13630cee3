"""Test profiles (``tests/profiles.py``: how many hypothesis examples, where; growth
sizes) and the compiled core's own tests.

``URIKIT_TEST_PROFILE`` names the profile: ``./dev test`` runs under ``dev`` unless it is
set; CI's run on python3 under ``ci``, its other interpreters under ``ci-engine``.  The
growth tests (``tests/growth.py``) run at a tenth of their sizes under ``dev``, at full
size otherwise.  Per-test settings give no ``max_examples`` but :data:`THOROUGH`'s; no
profile has a deadline nor the ``too_slow`` health check.
"""

from __future__ import annotations

import os

import pytest

from tests import growth, profiles
from urikit import _engine

growth.SCALE = profiles.SCALE


def pytest_report_header() -> str:
    engine = "pure Python" if _engine.core is None else "compiled core"
    return (
        f"test profile: {profiles.NAME} (URIKIT_TEST_PROFILE): {profiles.DEFAULT} examples, "
        f"{profiles.THOROUGH_EXAMPLES} for the differentials; growth sizes x{growth.SCALE:g}; "
        f"urikit engine: {engine}"
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "core: a test of the compiled core itself")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The compiled core's own tests (``@pytest.mark.core``) need it: with the pure-Python
    engine chosen (``URIKIT_PURE_PYTHON=1``, as CI's run on the oldest Python does) they
    are deselected, not run; where the core is missing otherwise they are skipped."""
    if _engine.core is not None:
        return
    core_tests = [item for item in items if item.get_closest_marker("core") is not None]
    if os.environ.get("URIKIT_PURE_PYTHON", "") not in ("", "0"):
        config.hook.pytest_deselected(items=core_tests)
        items[:] = [item for item in items if item.get_closest_marker("core") is None]
        return
    skip = pytest.mark.skip(reason="the compiled core is not built")
    for item in core_tests:
        item.add_marker(skip)
