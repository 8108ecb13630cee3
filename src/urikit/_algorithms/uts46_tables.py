"""The UTS #46 data of :mod:`.uts46_data` as :mod:`.uts46` reads it: ``str.translate``
tables for the mapping (UTS #46 §4 step 1) and, for the sets of code points the validity
criteria test (§4.1, RFC 5892 Appendix A, RFC 5893 §2), sets of characters or regular
expressions, so that no rule loops over characters in Python.

Each table is built on its first use, not when urikit is imported (the data module is
text, read on import in a fraction of a millisecond): the mapping and the status test
with the first name that is not all ASCII or has an ``xn--`` label, the Joining_Type
sets with the first joiner, the Bidi_Class sets with the first Bidi domain name.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import cache
from typing import NamedTuple

from . import uts46_data

__all__ = [
    "Bidi",
    "Joining",
    "bidi",
    "bidi_class",
    "code_point_class",
    "joining",
    "mapping",
    "marks",
    "not_valid",
    "python_unicode_version",
    "rtl",
    "unknown_to_nfc",
]

_MAX = 0x110000


def _numbers(text: str) -> list[int]:
    return [int(token, 16) for token in text.split()]


def _ranges(inversion: list[int]) -> Iterator[tuple[int, int]]:
    """The (first, last) ranges of an inversion list (starts, alternately in and out)."""
    bounds = [*inversion, _MAX] if len(inversion) % 2 else inversion
    return ((bounds[k], bounds[k + 1] - 1) for k in range(0, len(bounds), 2))


def _run_ranges(
    starts: list[int], values: Iterable[str], wanted: set[str]
) -> list[tuple[int, int]]:
    """The (first, last) ranges of the runs whose value is in ``wanted``, adjacent ones
    merged."""
    ranges: list[tuple[int, int]] = []
    for start, end, value in zip(starts, [*starts[1:], _MAX], values, strict=True):
        if value not in wanted:
            continue
        if ranges and ranges[-1][1] == start - 1:
            ranges[-1] = (ranges[-1][0], end - 1)
        else:
            ranges.append((start, end - 1))
    return ranges


def _class(ranges: Iterable[tuple[int, int]]) -> str:
    parts = "".join(
        f"\\U{first:08x}" if first == last else f"\\U{first:08x}-\\U{last:08x}"
        for first, last in ranges
    )
    return f"[{parts}]"


def code_point_class(ranges: Iterable[tuple[int, int]]) -> str:
    """A regular expression group that matches one code point of ``ranges`` (none when
    there are none), in a few steps whatever their number.  One character class would
    not do: ``re`` compiles a class's code points of the BMP into a table, but tests the
    others one range after another, for every character it does not match (the status
    test of §4.1 V7 took 12 microseconds a BMP character so).  Here the BMP's class
    comes first, then, behind one lookahead of the supplementary planes, the
    supplementary ranges in classes of at most :data:`_LEAF` ranges, each behind a
    lookahead of its bounds (and those in groups of as many, each behind one of its)."""
    listed = list(ranges)
    bmp = [(first, min(last, 0xFFFF)) for first, last in listed if first <= 0xFFFF]
    above = [(max(first, 0x10000), last) for first, last in listed if last >= 0x10000]
    branches = [_class(bmp)] if bmp else []
    if above:
        branches.append(f"(?=[\\U00010000-\\U0010ffff]){_guarded(above)}")
    return f"(?:{'|'.join(branches)})" if branches else "[^\\x00-\\U0010ffff]"


_LEAF = 32  # ranges in one class, classes in one group


def _guarded(ranges: list[tuple[int, int]]) -> str:
    """``ranges`` as classes of at most :data:`_LEAF` ranges, each behind a lookahead of
    its bounds, grouped (and the groups guarded) the same way while they are too many."""
    if len(ranges) <= _LEAF:
        return _class(ranges)
    size = _LEAF
    while len(ranges) > size * _LEAF:
        size *= _LEAF
    parts = [ranges[k : k + size] for k in range(0, len(ranges), size)]
    return (
        "(?:"
        + "|".join(f"(?={_class([(part[0][0], part[-1][1])])}){_guarded(part)}" for part in parts)
        + ")"
    )


def _characters(ranges: Iterable[tuple[int, int]]) -> frozenset[str]:
    return frozenset(chr(cp) for first, last in ranges for cp in range(first, last + 1))


@cache
def _mapping_runs() -> tuple[list[int], str]:
    return _numbers(uts46_data.MAPPING_STARTS), uts46_data.MAPPING_STATUS


@cache
def mapping(transitional: bool) -> dict[int, str | None]:
    """The ``str.translate`` table of UTS #46 §4 step 1: each mapped code point to its
    mapping, each ignored one to None (removed); with ``transitional`` the deviations
    to their mappings too (Transitional_Processing)."""
    starts, status = _mapping_runs()
    targets = iter(uts46_data.MAPPINGS.split("\x1f"))
    table: dict[int, str | None] = {}
    for start, end, letter in zip(starts, [*starts[1:], _MAX], status, strict=True):
        if letter in "MD":
            target: str | None = next(targets)
            if letter == "D" and not transitional:
                continue
        elif letter == "I":
            target = None
        else:
            continue
        for code_point in range(start, end):
            table[code_point] = target or None
    if transitional:
        # UTS #46 §4 step 1 (since Unicode 15.1): under Transitional_Processing, U+1E9E
        # CAPITAL SHARP S maps to "ss", not to the deviation U+00DF (which would fail V7)
        table[0x1E9E] = "ss"
    return table


@cache
def not_valid(transitional: bool) -> re.Pattern[str]:
    """A code point whose status is not valid (UTS #46 §4.1 V7): mapped, ignored or
    disallowed; deviation too with ``transitional``."""
    starts, status = _mapping_runs()
    wanted = set("MIXD" if transitional else "MIX")
    return re.compile(code_point_class(_run_ranges(starts, status, wanted)))


@cache
def marks() -> frozenset[str]:
    """General_Category=Mark (UTS #46 §4.1 V6)."""
    return _characters(_ranges(_numbers(uts46_data.MARKS)))


@cache
def _bidi_runs() -> tuple[list[int], list[str]]:
    return _numbers(uts46_data.BIDI_STARTS), uts46_data.BIDI_CLASSES.split()


def _bidi_class(*classes: str) -> str:
    starts, values = _bidi_runs()
    return code_point_class(_run_ranges(starts, values, set(classes)))


@cache
def rtl() -> re.Pattern[str]:
    """A character of Bidi_Class R, AL or AN: what makes a label an RTL label and the
    name a Bidi domain name (RFC 5893 §1.4)."""
    return re.compile(_bidi_class("R", "AL", "AN"))


def bidi_class(char: str) -> str:
    """The Bidi_Class of ``char`` (its short name: ``L``, ``AL``, ``NSM`` ...)."""
    starts, values = _bidi_runs()
    return values[bisect.bisect_right(starts, ord(char)) - 1]


class Bidi(NamedTuple):
    """The sets of the Bidi Rule (RFC 5893 §2) that it tests over a whole label (the
    single characters it tests by :func:`bidi_class`)."""

    #: Rule 2: a whole label of the characters an RTL label admits.
    rtl_label: re.Pattern[str]
    #: Rule 5: a character an LTR label does not admit (fewer than those it admits).
    not_ltr: re.Pattern[str]
    #: Rules 3 and 6: the run of NSM that ends a label (matched over the reversed label).
    nsm_run: re.Pattern[str]
    #: Rule 4: EN and AN.
    european_number: re.Pattern[str]
    arabic_number: re.Pattern[str]


@cache
def bidi() -> Bidi:
    neutral = ("ES", "CS", "ET", "ON", "BN", "NSM")  # rules 2 and 5
    ltr = {"L", "EN", *neutral}
    return Bidi(
        rtl_label=re.compile(_bidi_class("R", "AL", "AN", "EN", *neutral) + "*"),
        not_ltr=re.compile(_bidi_class(*(set(_bidi_runs()[1]) - ltr))),
        nsm_run=re.compile(_bidi_class("NSM") + "*"),
        european_number=re.compile(_bidi_class("EN")),
        arabic_number=re.compile(_bidi_class("AN")),
    )


class Joining(NamedTuple):
    """The sets of the ContextJ rules (RFC 5892 Appendix A.1, A.2)."""

    #: Canonical_Combining_Class=Virama.
    virama: frozenset[str]
    #: From the character after a ZERO WIDTH NON-JOINER: (Joining_Type:T)*
    #: (Joining_Type:{R,D}); over the reversed label, from the character before it:
    #: (Joining_Type:T)* (Joining_Type:{L,D}).
    joins_after: re.Pattern[str]
    joins_before: re.Pattern[str]


@cache
def joining() -> Joining:
    starts = _numbers(uts46_data.JOINING_STARTS)

    def types(wanted: str) -> str:
        return code_point_class(_run_ranges(starts, uts46_data.JOINING_TYPES, set(wanted)))

    return Joining(
        virama=_characters(_ranges(_numbers(uts46_data.VIRAMAS))),
        joins_after=re.compile(f"{types('T')}*{types('RD')}"),
        joins_before=re.compile(f"{types('T')}*{types('LD')}"),
    )


def python_unicode_version() -> tuple[int, int]:
    """The Unicode version of this Python's ``unicodedata`` (major, minor)."""
    major, minor, *_ = (int(part) for part in unicodedata.unidata_version.split("."))
    return major, minor


@cache
def unknown_to_nfc() -> re.Pattern[str] | None:
    """The code points of :data:`.uts46_data.NORMALIZATION_SINCE` assigned after the
    Unicode version of this Python's ``unicodedata``, which its NFC does not know
    (None when there are none)."""
    known, ranges = python_unicode_version(), list[tuple[int, int]]()
    for entry in uts46_data.NORMALIZATION_SINCE.split(";"):
        version, *inversion = entry.split()
        major, minor = (int(part) for part in version.split("."))
        if (major, minor) > known:
            ranges.extend(_ranges([int(token, 16) for token in inversion]))
    return re.compile(code_point_class(sorted(ranges))) if ranges else None
