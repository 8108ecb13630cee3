"""Confusable characters by UTS #39 (Unicode Security Mechanisms), from Unicode's own
``confusables.txt`` (:mod:`urikit._lint.confusables_data`, generated, never typed).

The *skeleton* of UTS #39 §4 maps a string to a prototype that all strings confusable
with it share: NFD, each character replaced by its prototype, NFD again.  What a host
needs is narrower: is a label that is not ASCII confusable with one that is?  Then its
skeleton is ASCII, and that skeleton is the ASCII label it passes for (the A-label
``xn--80ak6aa92e``, five Cyrillic letters, is ``apple``).  The data module keeps exactly
the lines of ``confusables.txt`` whose prototype is ASCII, so a character it does not
map, and that is not ASCII itself, makes the skeleton non-ASCII.
"""

from __future__ import annotations

import functools
import unicodedata

from .confusables_data import PROTOTYPES, VERSION

__all__ = ["VERSION", "ascii_skeleton"]


@functools.cache
def _prototypes() -> dict[int, str]:
    """Code point -> its ASCII prototype, read from the data module once."""
    table: dict[int, str] = {}
    for entry in "".join(PROTOTYPES).split(";"):
        if entry:
            source, *target = entry.split()
            table[int(source, 16)] = "".join(chr(int(point, 16)) for point in target)
    return table


def ascii_skeleton(label: str) -> str | None:
    """The UTS #39 skeleton of ``label`` when it is ASCII (the ASCII label ``label`` is
    confusable with), else ``None``.  ``label`` is taken as written: lower-case it first."""
    decomposed = unicodedata.normalize("NFD", label)
    mapped = decomposed.translate(_prototypes())
    skeleton = unicodedata.normalize("NFD", mapped)
    return skeleton if skeleton.isascii() else None
