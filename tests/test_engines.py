"""Both engines in one pytest run (issue 20): the test modules that pin the RFCs' answers
run here on this process's engine, and again, in a child pytest, on the other one (the
pure-Python engine when this process has the compiled core, the core when it runs pure
Python and the core is installed).  The per-URL functions bind their engine when urikit
is imported (the fronts of parse and is_valid are built then), so the other engine
needs its own interpreter; urikit.batch switches in-process (tests/test_batch.py).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from urikit import _engine

TESTS = Path(__file__).parent
#: The modules whose answers come from the RFCs' text: their example tables (``rfc/``:
#: RFC 3986 §5.4, §6, Appendix D and E, RFC 3987), the grammar's productions, resolution,
#: normalization, and where and why an input fails.
CHOSEN = ["rfc", "test_productions.py", "test_resolve.py", "test_normalize.py", "test_errors.py"]
#: The other engine, as the environment of the child run.
OTHER = (
    {"URIKIT_PURE_PYTHON": "1"}
    if _engine.core is not None
    else {"URIKIT_PURE_PYTHON": ""}
    if importlib.util.find_spec("urikit._core") is not None
    else None
)


@pytest.mark.skipif(OTHER is None, reason="one engine only: the compiled core is not built")
def test_the_chosen_modules_pass_on_the_other_engine() -> None:
    assert OTHER is not None
    env = {**os.environ, **OTHER, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTEST_ADDOPTS", None)
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"]
    command += ["-o", "addopts=", "-W", "error::pytest.PytestUnknownMarkWarning"]
    command += [str(TESTS / name) for name in CHOSEN]
    child = subprocess.run(command, capture_output=True, text=True, env=env, timeout=1800)
    engine = "pure Python" if OTHER["URIKIT_PURE_PYTHON"] else "compiled core"
    assert f"urikit engine: {engine}" in child.stdout, child.stdout[-2000:]
    assert child.returncode == 0, f"on the {engine}:\n{child.stdout[-6000:]}{child.stderr[-2000:]}"
