"""Test profiles: how hard the property and growth tests work.

``URIKIT_TEST_PROFILE`` names the profile (``./dev test`` runs under ``dev`` unless it is
set; ``.ci/run`` sets ``ci``):

``dev`` (the default)
    The quick loop: few hypothesis examples per property, random ones each run (a failing
    example is kept in ``.hypothesis/`` and tried first next time), and growth tests at a
    tenth of their sizes (``tests/growth.py``'s ``SCALE``).
``ci``
    Thorough and repeatable: many times the examples, derandomized (the same run gives the
    same examples, on CI and on any machine), growth tests at the sizes the tests give (up
    to 10 MB).  CI runs it once, on ``python3``.
``ci-engine``
    For CI's other interpreters (the oldest on the pure-Python engine, the newest on the
    compiled core): what differs there is the engine and the interpreter, not the
    examples, so every test runs, derandomized, with a fifth of ``ci``'s examples, and
    growth tests at full size.

Per-test settings give no ``max_examples``: the profile decides.  Neither profile has a
deadline (a slow example under coverage or on a busy machine is not a failure: the growth
tests watch the time) nor the ``too_slow`` health check.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests import growth
from urikit import _engine

PROFILES = {  # name: (hypothesis settings, growth.SCALE)
    "dev": (settings(max_examples=50), 0.1),
    "ci": (settings(max_examples=1000, derandomize=True, database=None, print_blob=True), 1.0),
    "ci-engine": (
        settings(max_examples=200, derandomize=True, database=None, print_blob=True),
        1.0,
    ),
}
PROFILE = os.environ.get("URIKIT_TEST_PROFILE") or "dev"
if PROFILE not in PROFILES:
    raise SystemExit(f"URIKIT_TEST_PROFILE={PROFILE!r}: not one of {', '.join(PROFILES)}")

for _name, (_settings, _scale) in PROFILES.items():
    settings.register_profile(
        _name, _settings, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
settings.load_profile(PROFILE)
growth.SCALE = PROFILES[PROFILE][1]


def pytest_report_header() -> str:
    engine = "pure Python" if _engine.core is None else "compiled core"
    return (
        f"test profile: {PROFILE} (URIKIT_TEST_PROFILE), growth sizes x{growth.SCALE:g}; "
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
