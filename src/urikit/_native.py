"""The compiled core (``urikit._core``, C), or ``None``: the pure-Python engine is the
reference and the fallback where no compiler or wheel was available; setting the
environment variable ``URIKIT_PURE_PYTHON=1`` forces it (issue 13)."""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["core"]

core: ModuleType | None = None
if os.environ.get("URIKIT_PURE_PYTHON", "") in ("", "0"):
    try:
        from . import _core as core  # type: ignore[attr-defined,no-redef]
    except ImportError:  # no compiled core in this installation
        core = None
