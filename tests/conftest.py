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
    to 10 MB).

Per-test settings give no ``max_examples``: the profile decides.  Neither profile has a
deadline (a slow example under coverage or on a busy machine is not a failure: the growth
tests watch the time) nor the ``too_slow`` health check.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from tests import growth

PROFILES = {  # name: (hypothesis settings, growth.SCALE)
    "dev": (settings(max_examples=50), 0.1),
    "ci": (settings(max_examples=1000, derandomize=True, database=None, print_blob=True), 1.0),
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
    return f"test profile: {PROFILE} (URIKIT_TEST_PROFILE), growth sizes x{growth.SCALE:g}"
