"""The Public Suffix List matched over a whole Arrow column of host names at once.

A column's host names go through the list in a few ``pyarrow.compute`` passes, one per
rule depth (the last ``d`` labels of every name cut by one regular expression, then
looked up in the rules of that depth), instead of one call of the ``publicsuffixlist``
package per name: the per-URL path (:mod:`.suffix`) is that package's, and this module
reads the same list (the file the package ships) and gives its answers, which the tests
hold it to on every distinct host of the corpus sample and on the list's own tests.
The matching is the package's: from the deepest depth up, the first depth ``d`` whose
last ``d`` labels are an exception rule (``!``) gives ``d - 1`` labels, a wildcard's
parent (``*.``) ``d + 1`` (``d`` when the name has no more labels), a rule ``d``;
without a match, the implicit ``*`` rule gives 1 (or none).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from .._algorithms.idna import host_to_ascii
from ..errors import IDNAError

__all__ = ["Rules", "rules", "suffix_columns", "tails"]

_BEGIN = "// ===BEGIN "
_END = "// ===END "


#: A rule's kind, by precedence at one depth: an exception, a wildcard's parent, a rule.
_EXCEPTION, _WILDCARD, _RULE = 3, 2, 1


@dataclass(frozen=True)
class Rules:
    """The list's rules by depth (labels, without their ``*.`` or ``!``), as written
    (lower-case) and in A-labels, each with its kind (0: none) under every rule and
    under the ICANN section's alone."""

    #: depth -> (rule bodies, kind under every rule, kind under the ICANN rules)
    by_depth: dict[int, tuple[list[str], list[int], list[int]]]
    #: the most labels of a rule (with its ``*``), as the package counts them
    depth: int


def _forms(body: str) -> set[str]:
    """A rule as written (lower-case) and in A-labels, where IDNA gives them."""
    try:
        return {body, host_to_ascii(body)}
    except IDNAError:
        return {body}


@functools.lru_cache(maxsize=1)
def rules() -> Rules:
    """The rules of the list that ``publicsuffixlist`` ships, read as its parser reads
    them (the first word of a line, ``//`` comments, the ICANN section's markers)."""
    from publicsuffixlist import PSLFILE

    with open(PSLFILE, encoding="utf-8") as file:
        text = file.read()
    kinds: dict[str, list[int]] = {}
    depth = 0
    icann = False
    for line in text.splitlines():
        stripped = line.rstrip()
        if stripped.startswith((_BEGIN, _END)):
            icann = stripped.startswith(_BEGIN + "ICANN DOMAINS")
        rule = line.lower().split(" ")[0].strip()
        if not rule or rule.startswith("//"):
            continue
        depth = max(depth, rule.count(".") + 1)
        kind, prefix = (
            (_EXCEPTION, "!")
            if rule.startswith("!")
            else (_WILDCARD, "*.")
            if rule.startswith("*.")
            else (_RULE, "")
        )
        for body in _forms(rule[len(prefix) :]):
            every, only_icann = kinds.setdefault(body, [0, 0])
            kinds[body] = [max(every, kind), max(only_icann, kind if icann else 0)]
    by_depth: dict[int, tuple[list[str], list[int], list[int]]] = {}
    for body, (every, only_icann) in sorted(kinds.items()):
        bodies, all_kinds, icann_kinds = by_depth.setdefault(body.count(".") + 1, ([], [], []))
        bodies.append(body)
        all_kinds.append(every)
        icann_kinds.append(only_icann)
    return Rules(by_depth, depth)


def tails(names: Any) -> list[Any]:
    """The last ``d`` labels of each name, for ``d`` from 1 to one more than the
    list's deepest rule (null where a name has fewer)."""
    import pyarrow.compute as pc

    return [
        pc.struct_field(pc.extract_regex(names, f"(?P<t>(?:[^.]*\\.){{{d - 1}}}[^.]*)$"), "t")
        for d in range(1, rules().depth + 2)
    ]


def suffix_columns(names: Any, tails: list[Any], *, implicit: bool = False) -> list[Any]:
    """For a string array of lower-case ASCII host names (null: none) and its
    :func:`tails`, the ICANN suffix, the domain below it, the suffix under every rule
    and the domain below it (four string arrays), as ``publicsuffixlist`` answers."""
    import pyarrow as pa
    import pyarrow.compute as pc

    r = rules()
    int32 = functools.partial(pa.scalar, type=pa.int32())
    lengths = pc.cast(pc.add(pc.count_substring(names, "."), 1), pa.int32())
    counts = [pa.nulls(len(names), pa.int32()), pa.nulls(len(names), pa.int32())]
    for d in range(r.depth, 0, -1):
        if d not in r.by_depth:
            continue
        bodies, *section_kinds = r.by_depth[d]
        index = pc.index_in(tails[d - 1], pa.array(bodies, pa.string()))
        wildcard = pc.if_else(pc.greater(lengths, d), int32(d + 1), int32(d))
        for i, kinds in enumerate(section_kinds):
            kind = pc.take(pa.array(kinds, pa.int8()), index)
            found = pc.if_else(
                pc.equal(kind, _EXCEPTION),
                int32(d - 1),
                pc.if_else(
                    pc.equal(kind, _WILDCARD),
                    wildcard,
                    pc.if_else(pc.equal(kind, _RULE), int32(d), int32(None)),
                ),
            )
            counts[i] = pc.coalesce(counts[i], found)
    found = []
    for count in reversed(counts):  # the ICANN section's first
        suffix = pc.if_else(
            pc.is_null(lengths), int32(0), pc.coalesce(count, int32(1 if implicit else 0))
        )
        more = pc.and_(pc.greater(suffix, 0), pc.greater(lengths, suffix))
        domain = pc.if_else(more, pc.add(suffix, int32(1)), int32(0))
        found += [_select(pa, pc, suffix, tails), _select(pa, pc, domain, tails)]
    return found


def _select(pa: Any, pc: Any, counts: Any, tails: list[Any]) -> Any:
    """Per row, the tail of ``counts`` labels (null for 0 or past the name)."""
    chosen = pa.nulls(len(counts), pa.string())
    for d, tail in enumerate(tails, start=1):
        chosen = pc.if_else(pc.equal(counts, d), tail, chosen)
    return chosen
