"""How hard the property tests work (``URIKIT_TEST_PROFILE``; see ``tests/conftest.py``).

Examples are spent where they find bugs: :data:`THOROUGH` marks the differentials (the
compiled core against the Python engine, urikit against the regex oracle built from the
RFCs' ABNF, a column against the per-URL loop) and the grammar's own properties; every
other property runs with the profile's default.  Per profile, (default, thorough):

``dev`` (50, 50)
    The quick loop, random examples each run.
``ci`` (200, 1000)
    CI's run on python3, derandomized: the differentials at 1000 examples.
``ci-engine`` (50, 200)
    CI's other interpreters (the oldest on the pure-Python engine, the newest on the
    core): what differs there is the interpreter and the engine, not the examples.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: name: (default examples, thorough examples, derandomized, growth.SCALE)
PROFILES: dict[str, tuple[int, int, bool, float]] = {
    "dev": (50, 50, False, 0.1),
    "ci": (200, 1000, True, 1.0),
    "ci-engine": (50, 200, True, 1.0),
}
NAME = os.environ.get("URIKIT_TEST_PROFILE") or "dev"
if NAME not in PROFILES:
    raise SystemExit(f"URIKIT_TEST_PROFILE={NAME!r}: not one of {', '.join(PROFILES)}")
DEFAULT, THOROUGH_EXAMPLES, DERANDOMIZE, SCALE = PROFILES[NAME]

for _name, (_default, _thorough, _derandomize, _scale) in PROFILES.items():
    _fixed = {"derandomize": True, "database": None, "print_blob": True} if _derandomize else {}
    settings.register_profile(
        _name,
        max_examples=_default,
        deadline=None,  # a slow example on a busy machine is no failure: growth tests time
        suppress_health_check=[HealthCheck.too_slow],
        **_fixed,  # type: ignore[arg-type]
    )
settings.load_profile(NAME)

#: The settings of a differential or a grammar property: the profile's thorough count.
THOROUGH = settings(max_examples=THOROUGH_EXAMPLES)
