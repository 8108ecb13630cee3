"""The compiled core (``urikit._core``, C), or ``None``: the pure-Python engine is the
reference and the fallback where the package was installed without the core
(``URIKIT_REQUIRE_CORE=0``); setting the environment variable ``URIKIT_PURE_PYTHON=1``
forces it (issue 13).  :data:`ENGINE` says which runs, and why."""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["ENGINE", "core"]

core: ModuleType | None = None
#: Which engine runs: ``"compiled core"``, or ``"pure Python (the reason)"``.
ENGINE = "compiled core"
if os.environ.get("URIKIT_PURE_PYTHON", "") not in ("", "0"):
    ENGINE = "pure Python (URIKIT_PURE_PYTHON is set)"
else:
    try:
        from . import _core as core  # type: ignore[attr-defined,no-redef]
    except ImportError as error:  # no compiled core in this installation
        core = None
        ENGINE = f"pure Python (the compiled core is not installed: {error})"
