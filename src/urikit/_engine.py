"""The seam to the compiled core (``urikit._core``, C, built from ``csrc/``): the one module
that imports it (issues 13 and 20).

The pure-Python engine is the reference and the fallback where the package was installed
without the core (``URIKIT_REQUIRE_CORE=0``); ``URIKIT_PURE_PYTHON=1`` forces it.
:data:`ENGINE` says which runs, and why.  Each entry point below is the core's function,
or ``None`` without the core; the core is configured once, by :func:`configure`, with
what it builds and reads (it never calls back into the package).
"""

from __future__ import annotations

import importlib.util
import os
from types import ModuleType
from typing import Any

__all__ = [
    "ENGINE",
    "GRAMMAR_IDS",
    "SCHEMES",
    "column_normalize",
    "column_resolve",
    "column_split",
    "column_surt",
    "column_valid",
    "configure",
    "core",
    "front",
    "iri_to_uri",
    "lint_plain",
    "list_map",
    "list_valid_bits",
    "normalize",
    "reference",
    "reference_base",
    "resolve",
    "split",
    "use",
    "verb_front",
]

#: The grammars the core serves: name -> the core's id (the index of the grammar's tables
#: in ``csrc/tables.h``, which ``csrc/gen_tables.py`` writes in this order).
GRAMMAR_IDS: dict[str, int] = {"rfc3986": 0, "rfc3987": 1}
#: The scheme registry (lower-case name -> :class:`urikit.schemes.Scheme`), filled by
#: :mod:`urikit.schemes`; the core's normalization reads it live.
SCHEMES: dict[str, Any] = {}

#: Which engine runs: ``"compiled core"``, or ``"pure Python (the reason)"``.
ENGINE = "compiled core"
core: ModuleType | None = None
if os.environ.get("URIKIT_PURE_PYTHON", "") not in ("", "0"):
    ENGINE = "pure Python (URIKIT_PURE_PYTHON is set)"
else:
    try:
        from . import _core as core  # type: ignore[attr-defined,no-redef]
    except ImportError as error:  # Python's words for a missing module are about cycles
        core = None
        if importlib.util.find_spec(f"{__package__}._core") is None:
            ENGINE = (
                "pure Python (the compiled core, urikit._core, is not installed: it was not "
                "built, as when URIKIT_REQUIRE_CORE=0 lets an install go on without a C compiler)"
            )
        else:
            ENGINE = f"pure Python (the compiled core is installed but cannot be loaded: {error})"

# The per-string entry points, bound once (the hot paths call them directly).  Each is a
# function of the core (typed Any: the C module has no stubs) or None.
split: Any = None
front: Any = None
verb_front: Any = None
reference: Any = None
resolve: Any = None
normalize: Any = None
iri_to_uri: Any = None
lint_plain: Any = None
# The columnar entry points, which urikit.batch reads at each call (see use()).
list_map: Any = None
list_valid_bits: Any = None
column_valid: Any = None
column_split: Any = None
column_normalize: Any = None
column_resolve: Any = None
column_surt: Any = None
_PER_STRING = (
    "split",
    "front",
    "verb_front",
    "reference",
    "resolve",
    "normalize",
    "iri_to_uri",
    "lint_plain",
)
_COLUMNAR = (
    "list_map",
    "list_valid_bits",
    "column_valid",
    "column_split",
    "column_surt",
    "column_normalize",
    "column_resolve",
)


def use(module: Any) -> None:
    """Bind the columnar entry points to ``module``'s functions (the core, a stand-in
    with the same contract, or ``None``): the tests run ``urikit.batch`` on each engine
    in one process.  The per-string entry points stay as they were bound at import."""
    names = globals()
    for name in _COLUMNAR:
        names[name] = getattr(module, name, None)


def configure(*, split_type: type, reference_type: type) -> None:
    """Configure the core once, from :mod:`urikit._reference`: the tuple subclass
    :data:`split` returns and the class :data:`front` and :data:`reference` make for
    ``parse`` (a subclass of :data:`reference_base` with no slots of its own); the core
    reads :data:`SCHEMES` live."""
    if core is not None:
        core.configure(split_type=split_type, reference_type=reference_type, registry=SCHEMES)


#: The storage of ``URIReference`` (its text, grammar and the spans of its components),
#: which it subclasses: the core's type, or ``None`` for the pure-Python engine's class.
reference_base: type | None = None

if core is not None:
    for _name in _PER_STRING + _COLUMNAR:
        globals()[_name] = getattr(core, _name)
    reference_base = core.Reference
