"""The rules of IDNA2008 that UTS #46 §4.1 applies to a label: ContextJ (V8, RFC 5892
Appendix A.1 and A.2, the joiners) and the Bidi Rule (V9, RFC 5893 §2), over the
Unicode 17.0.0 properties of :mod:`.uts46_tables` (Canonical_Combining_Class,
Joining_Type, Bidi_Class), in time linear in the label.
"""

from __future__ import annotations

import re

from . import uts46_tables

__all__ = ["bidi_rule", "context_j"]

_JOINERS = re.compile("[\u200c\u200d]")  # ZERO WIDTH NON-JOINER, ZERO WIDTH JOINER


def context_j(label: str) -> int | None:
    """The index of the first joiner of ``label`` that its ContextJ rule does not admit
    (RFC 5892 Appendix A.1: ZERO WIDTH NON-JOINER after a virama, or with
    (Joining_Type:{L,D})(Joining_Type:T)* before it and (Joining_Type:T)*
    (Joining_Type:{R,D}) after it; A.2: ZERO WIDTH JOINER after a virama).  Each scan
    stops at the first character that is not Transparent, which no joiner is: the
    scans around all the joiners read each character at most twice."""
    sets = uts46_tables.joining()
    reversed_label = label[::-1]
    for joiner in _JOINERS.finditer(label):
        index, char = joiner.start(), joiner.group()
        if index and label[index - 1] in sets.virama:
            continue
        if (
            char == "\u200c"
            and index
            and sets.joins_before.match(reversed_label, len(label) - index) is not None
            and sets.joins_after.match(label, index + 1) is not None
        ):
            continue
        return index
    return None


def bidi_rule(label: str) -> int:
    """The first of the six conditions of RFC 5893 §2 that ``label`` fails (0: none)."""
    sets, first = uts46_tables.bidi(), uts46_tables.bidi_class(label[0])
    if first not in ("R", "AL", "L"):
        return 1  # the first character is neither L nor R or AL
    trailing = sets.nsm_run.match(label[::-1])
    last = uts46_tables.bidi_class(label[len(label) - 1 - (trailing.end() if trailing else 0)])
    if first != "L":  # an RTL label
        if sets.rtl_label.fullmatch(label) is None:
            return 2
        if last not in ("R", "AL", "EN", "AN"):
            return 3
        if sets.european_number.search(label) and sets.arabic_number.search(label):
            return 4
        return 0
    if sets.not_ltr.search(label) is not None:
        return 5
    return 6 if last not in ("L", "EN") else 0
