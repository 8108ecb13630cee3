"""Reading the values of a URI Template's variables out of the stretch of a URI that one
unit of the template wrote (``match`` finds the stretches): values decoded as
their operator encoded them (``decode``), the items of named expressions given to their
varspecs (§3.2.7-3.2.9), and one value per variable from all its occurrences, checked
by expanding it again wherever it stands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from .._syntax import charsets as cs
from .._syntax.charsets import char_class_regex
from .decode import decode_u, decode_u_all, decode_u_list, decode_ur
from .syntax import OPERATORS, Operator, VarSpec, encode_ur, expand_varspec

__all__ = [
    "PLAIN",
    "Found",
    "Matched",
    "Simple",
    "Unit",
    "merge",
    "read_exploded",
    "read_plain",
    "read_simple",
    "read_unit",
    "read_value",
    "simple_reader",
]

#: What a variable matches: a string, a list of strings, or an associative array (a dict,
#: or a list of (name, value) pairs when a name repeats).
Matched = str | list[str] | dict[str, str] | list[tuple[str, str]]


class Unit(NamedTuple):
    """An expression with one variable, or a run of named expressions."""

    op: Operator
    specs: tuple[VarSpec, ...]
    #: the operator of each spec's expression (a run of ``?`` and ``&`` mixes them)
    ops: tuple[Operator, ...]
    #: the index of each spec's expression within the run
    groups: tuple[int, ...]
    alphabet: frozenset[str]
    firsts: frozenset[str]
    start: int  # of its first expression in the template
    #: for a named run: the indexes of the varspec(s) not exploded of each name, the
    #: index of the exploded one (-1: none), the delimiters after the first item
    index_of: dict[str, tuple[int, ...]] | None = None
    exploded: int = -1
    later: frozenset[str] = frozenset()
    #: the delimiter before each varspec's first item, and before its others
    firsts_of: tuple[str, ...] = ()
    seps_of: tuple[str, ...] = ()
    #: the varspecs read at the end: the exploded one, those of repeated variables
    finals: tuple[int, ...] = ()
    #: one expression, nothing exploded, every variable occurring once: see ``read_simple``
    simple: bool = False


# -- reading a unit's extent -----------------------------------------------------------
_ABSENT = None
PLAIN = re.compile(char_class_regex(cs.UNRESERVED) + "+").fullmatch
Occurrences = dict[str, list[tuple[VarSpec, Matched | None, bool]]]


class Found:
    """The values read so far: at once for a variable that occurs once, as occurrences to
    merge for one that occurs more often."""

    __slots__ = ("occurrences", "repeated", "values")

    def __init__(self, repeated: frozenset[str], values: dict[str, Matched]) -> None:
        self.repeated = repeated
        self.values = values
        self.occurrences: Occurrences = {}


def _record(found: Found, spec: VarSpec, value: Matched | None, weak: bool = False) -> None:
    if spec.name in found.repeated:
        found.occurrences.setdefault(spec.name, []).append((spec, value, weak))
    elif value is not _ABSENT:
        found.values[spec.name] = value


def read_plain(body: str) -> Matched | None:
    """``read_value`` of a varspec without modifiers of an operator of allow U but the named
    ones (``{x}``, ``{.x}``, ``{/x}``) that expands to ``body``: a string, or a list
    (members joined by ``,``, which ``encode_u`` writes as ``%2C`` in values)."""
    values = decode_u_list(body)
    if values is None:
        return None
    return values[0] if len(values) == 1 else values


def read_value(op: Operator, spec: VarSpec, body: str) -> Matched | None:
    """The value of ``spec`` that expands to ``body`` (without ``first``), or None."""
    if PLAIN(body) and not spec.explode and not op.reserved and spec.prefix is None:
        return body  # unreserved characters only: the common case
    if op.reserved:
        if "%" in body and cs.BAD_PCT.search(body):
            return None  # expansion writes "%" as "%25" unless a triplet follows
        if spec.explode:  # "," and "=" may stand in values: an array where every piece
            pieces = body.split(",")  # has a "=", else a list (either expands the same)
            if all("=" in piece for piece in pieces):
                pairs = [piece.partition("=") for piece in pieces]
                found = [(decode_ur(key), decode_ur(item)) for key, _, item in pairs]
                mapping = dict(found)
                return mapping if len(mapping) == len(found) else found
            return [decode_ur(piece) for piece in pieces]
        value = decode_ur(body)
        if spec.prefix is not None and len(value) > spec.prefix:
            return None
        return value
    if spec.explode and op.sep != ",":
        if "," in body:
            return None
        pieces = body.split(op.sep)
    else:
        pieces = body.split(",")
    if spec.explode and "=" in body:
        return _pairs(op, pieces)
    if "=" in body or (op.char == "/" and not spec.explode and "/" in body):
        return None
    values = decode_u_all(pieces)
    if values is None:
        return None
    if spec.prefix is not None:
        if len(values) > 1 or len(values[0]) > spec.prefix:
            return None
        return values[0]
    if len(values) == 1 and not spec.explode:
        return values[0]
    return values


def _pairs(op: Operator, pieces: list[str]) -> Matched | None:
    """An exploded associative array: ``name=value`` pieces (``.`` may also stand inside
    names and values with the ``.`` operator, so pieces without ``=`` join their
    neighbours there)."""
    raw: list[list[str]] = []
    pending: list[str] = []
    for piece in pieces:
        if "=" in piece:
            key, _, item = piece.partition("=")
            if "=" in item:
                return None
            raw.append([op.sep.join([*pending, key]), item])
            pending = []
        elif op.char == "." and raw:
            raw[-1][1] += "." + piece
        elif op.char == ".":
            pending.append(piece)
        else:
            return None
    return _decoded_pairs(raw)


def _decoded_pairs(raw: Sequence[Sequence[str]]) -> Matched | None:
    texts = decode_u_all([text for pair in raw for text in pair])
    if texts is None:
        return None
    return _array(texts)


def read_unit(unit: Unit, extent: str, any_order: bool, found: Found) -> bool:
    op = unit.op
    if op.named:
        if _assign(unit, extent, any_order and op.char != ";", found):
            return True
        if unit.exploded < 0:
            return False
        # an item may be the exploded variable's though a varspec before it has its name
        # ("{?a}{?k,x*}": "?a=1&k=2" is x's two items): its items first, from scratch
        for spec in unit.specs:  # (no variable of such a run occurs elsewhere)
            found.values.pop(spec.name, None)
        return _assign(unit, extent, False, found, eager=True)
    spec = unit.specs[0]
    if not extent:
        _record(found, spec, "" if not op.first else _ABSENT, weak=not op.first)
        return True
    if op.first:
        if extent[0] != op.first:
            return False
        extent = extent[1:]
    if not extent:
        _record(found, spec, "")
        return True
    value = read_value(op, spec, extent)
    if value is None:
        return False
    _record(found, spec, value)
    return True


_QUERY_ITEMS = re.compile("([?&])([^?&]*)")


_UNSET = object()


#: What ``read_simple`` reads a unit with: its operator's ``first`` and ``sep``, whether it
#: is ``;``, its variables' names, the index of each name, their prefixes, the unit.
Simple = tuple[str, str, bool, tuple[str, ...], dict[str, int], tuple["int | None", ...], Unit]


def simple_reader(unit: Unit) -> Simple:
    """What ``read_simple`` needs of ``unit``, as one tuple (read at once)."""
    names = tuple(spec.name for spec in unit.specs)
    prefixes = tuple(spec.prefix for spec in unit.specs)
    index = {name: i for i, name in enumerate(names)}
    return (unit.op.first, unit.op.sep, unit.op.char == ";", names, index, prefixes, unit)


def read_simple(simple: Simple, extent: str, any_order: bool, values: dict[str, Matched]) -> bool:
    """``_assign`` for one named expression without explode whose variables occur once
    (``{?q,page}``): its items in one loop, each value recorded as it is read."""
    first, sep, semicolon, names, index, prefixes, unit = simple
    if extent[0] != first:
        return False
    count, j = len(names), 0
    for token in extent[1:].split(sep):
        name, equals, raw = token.partition("=")
        if any_order:
            if name in values or name not in index:
                return False
            i = index[name]
        else:
            while j < count and names[j] != name:
                j += 1
            if j == count:
                return False
            i = j
            j += 1
        value: Matched | None
        if semicolon and equals and not raw:
            value = [""] if prefixes[i] is None else None  # §3.2.7 writes "" as ";name"
        elif not equals and not semicolon:
            return False  # §3.2.8-3.2.9 write "" as "name="
        elif not raw:
            value = ""
        elif prefixes[i] is None:
            value = raw if PLAIN(raw) else read_plain(raw)
        else:
            value = read_value(unit.op, unit.specs[i], raw)
        if value is None:
            return False
        values[name] = value
    return True


def read_exploded(unit: Unit, extent: str, values: dict[str, Matched]) -> bool:
    """``_assign`` for one named expression of one exploded variable that occurs once
    (``{?params*}``, ``{;list*}``): every item is that variable's, the first after the
    operator's ``first``, the others after its ``sep`` (in either order of reading)."""
    op = unit.op
    if extent[0] != op.first:
        return False
    semicolon = op.char == ";"
    names: list[str] = []
    raws: list[str] = []
    for token in extent[1:].split(op.sep):
        name, equals, raw = token.partition("=")
        if equals and not raw and semicolon:
            return False  # ";name=": an exploded empty member is written as ";name"
        if not equals and not semicolon:
            return False  # §3.2.8-3.2.9: an empty value is written as "name="
        names.append(name)
        raws.append(raw)
    name = unit.specs[0].name
    value = _exploded(name, names, raws)
    if value is None:
        return False
    values[name] = value
    return True


def _assign(unit: Unit, extent: str, any_order: bool, found: Found, *, eager: bool = False) -> bool:
    """Give the items of a named run to its varspecs (§3.2.7-3.2.9), and record their
    values.  Strict: the items in the order of the varspecs, each delimiter the one
    expansion writes there (an expression's ``first`` before its first item, else its
    ``sep``); an item no varspec names goes to the exploded one (``eager``: every item
    it can take there).  ``any_order``: any order, the first delimiter one of the
    run's."""
    specs, groups, firsts, seps = unit.specs, unit.groups, unit.firsts_of, unit.seps_of
    index_of, exploded = unit.index_of or {}, unit.exploded
    op = unit.op
    semicolon = op.char == ";"
    values, repeated = found.values, found.repeated
    taken: list[Any] = [_UNSET] * len(specs)  # a raw value; a list of items if exploded
    if exploded >= 0:
        taken[exploded] = []
    started: set[int] = set()
    allowed, j = unit.firsts, 0
    counts: dict[int, int] = {}  # with any_order: the items of each expression
    if not extent:
        items: list[tuple[str, str]] = []
    elif extent[0] not in unit.firsts:
        return False  # every item is preceded by a delimiter, the first one too
    elif "?" in unit.later:  # a later {?...} of the run: "?" delimits too
        items = _QUERY_ITEMS.findall(extent)
    else:
        tokens = extent[1:].split(unit.seps_of[0])
        items = [(extent[0], tokens[0])] + [(unit.seps_of[0], token) for token in tokens[1:]]
    raw: str | None
    for delim, token in items:
        name, equals, raw = token.partition("=")
        if semicolon:
            if equals and not raw:
                raw = None  # §3.2.7 writes "" as the name alone: this is the list [""]
        elif not equals:
            return False  # §3.2.8-3.2.9: an empty value is written as "name="
        k = -1
        if any_order:
            if delim not in allowed:
                return False
            allowed = unit.later
            for i in index_of.get(name, ()):
                if taken[i] is _UNSET:
                    k = i
                    break
        elif (
            not eager
            or exploded < 0
            or delim != (seps[exploded] if groups[exploded] in started else firsts[exploded])
        ):
            for i in index_of.get(name, ()):
                if i >= j and delim == (seps[i] if groups[i] in started else firsts[i]):
                    k = i
                    break
        if k >= 0 and specs[k].name not in repeated:  # its value now; the others' at the end
            spec = specs[k]
            if raw is None:  # the list [""], which no prefix takes (§2.4.1)
                value: Matched | None = [""] if spec.prefix is None else None
            elif spec.prefix is None and "," not in raw and "=" not in raw:
                value = raw if PLAIN(raw) else decode_u(raw)
            else:
                value = read_value(op, spec, raw) if raw else ""
            if value is not None:
                values[spec.name] = value
            elif spec.prefix is None or exploded < 0:
                return False
            else:  # longer than the prefix (§2.4.1): an item of the exploded variable
                k = -1
        if k >= 0:
            taken[k] = raw
            j = k + 1
        else:
            k = exploded
            if k < 0 or (
                not any_order and delim != (seps[k] if groups[k] in started else firsts[k])
            ):
                return False
            taken[k].append((name, raw))
            j = k
        started.add(groups[k])
        if any_order:
            counts[groups[k]] = counts.get(groups[k], 0) + 1
    if any_order and extent:
        # the items may come in any order, their delimiters may not: they are the ones
        # expansion writes for as many items of each expression (§3.2.8-3.2.9)
        first_of = dict(zip(groups, firsts, strict=True))
        written = [first_of[g] + seps[0] * (n - 1) for g, n in sorted(counts.items())]
        if "".join(written) != "".join([delim for delim, _ in items]):
            return False
    for i in unit.finals:  # the exploded varspec, and those of repeated variables
        spec, got = specs[i], taken[i]
        if got is _UNSET or got == []:
            _record(found, spec, _ABSENT)
            continue
        if i == exploded:
            if any(raw is None for _, raw in got):
                return False  # ";name=": an exploded empty member is written as ";name"
            value = _exploded(spec.name, [key for key, _ in got], [raw for _, raw in got])
        elif got is None:
            value = [""] if spec.prefix is None else None
        else:
            value = read_value(op, spec, got) if got else ""
        if value is None:
            return False
        _record(found, spec, value)
    return True


def _exploded(name: str, names: list[str], raws: list[str]) -> Matched | None:
    """An exploded named variable of the items ``names[i]=raws[i]``: a list when every
    item bears its name, else an associative array (``decode_u_all`` refuses a ``,`` or
    a ``=`` in a name or value)."""
    if names.count(name) == len(names):
        return decode_u_all(raws)
    texts = decode_u_all(names + raws)
    if texts is None:
        return None
    # (zip's strict= is a keyword call, slow on this path: the halves are equal)
    return _associative(list(zip(texts[: len(names)], texts[len(names) :])))  # noqa: B905


# -- one value per variable ----------------------------------------------------------------
def merge(found: Occurrences) -> dict[str, Matched] | None:
    """One value for each variable that all its occurrences agree with, or None: each
    occurrence must expand the chosen value as it expanded its own (a prefix, §2.4.1, or
    the same text under another operator), an undefined occurrence allows no defined one,
    and an empty extent of ``{x}`` or ``{+x}`` (weak: empty or undefined) allows either.
    Lists and associative arrays are tried first, then strings, then the longest prefix."""
    result: dict[str, Matched] = {}
    for name, occurrences in found.items():
        present = [value for spec, value, weak in occurrences if value is not _ABSENT and not weak]
        if any(value is _ABSENT for _, value, _ in occurrences):
            if present:
                return None
            continue
        if not present:
            result[name] = ""  # weak only: the empty string
            continue
        prefixed = {id(value) for spec, value, _ in occurrences if spec.prefix is not None}
        present.sort(key=lambda v: (id(v) in prefixed, isinstance(v, str), -len(v)))
        # an exploded string reads as a list: the string it joins back to is a candidate
        present += [
            OPERATORS[spec.operator].sep.join(value)
            for spec, value, _ in occurrences
            if spec.explode and isinstance(value, list) and not isinstance(value[0], tuple)
        ]
        present += [  # and as an associative array, when its pieces hold "="
            OPERATORS[spec.operator].sep.join(
                [f"{k}={v}" for k, v in (value.items() if isinstance(value, dict) else value)]
            )
            for spec, value, _ in occurrences
            if spec.explode
            and (
                isinstance(value, dict) or (isinstance(value, list) and isinstance(value[0], tuple))
            )
        ]
        # a list under {+x} or {#x} reads as one string: its members are a candidate
        present += [
            value.split(",")
            for spec, value, _ in occurrences
            if OPERATORS[spec.operator].reserved and isinstance(value, str) and "," in value
        ]
        # an associative array not exploded reads as the list of its names and values
        present += [
            _array(value)
            for value in present
            if isinstance(value, list) and len(value) % 2 == 0 and isinstance(value[0], str)
        ]
        # U+R keeps the triplets of a value as they are (§3.2.3): what {+x} reads as "é"
        # may have been "%C3%A9" itself, the text that reading expands to
        if any(OPERATORS[spec.operator].reserved for spec, _, _ in occurrences):
            present += [_undecoded(value) for value in present]
        for candidate in present:
            if all(_agrees(spec, candidate, value, weak) for spec, value, weak in occurrences):
                result[name] = candidate
                break
        else:
            return None
    return result


def _undecoded(value: Matched) -> Matched:
    """``value`` with its characters that ``encode_ur`` encodes written as it writes them
    (its triplets then stand for themselves)."""
    if isinstance(value, str):
        return encode_ur(value)
    if isinstance(value, dict):
        return {encode_ur(key): encode_ur(item) for key, item in value.items()}
    if value and isinstance(value[0], tuple):
        return [(encode_ur(key), encode_ur(item)) for key, item in value]
    return [encode_ur(item) for item in value]  # type: ignore[arg-type]


def _array(flat: list[str]) -> Matched:
    """The associative array of names and values in turn: a dict, or pairs."""
    return _associative(list(zip(flat[::2], flat[1::2])))  # noqa: B905 (as in _exploded)


def _associative(pairs: list[tuple[str, str]]) -> Matched:
    """An associative array: a dict, or its pairs when a name repeats."""
    mapping = dict(pairs)
    return mapping if len(mapping) == len(pairs) else pairs


def _agrees(spec: VarSpec, candidate: Matched, value: Matched | None, weak: bool) -> bool:
    """Whether ``candidate`` expands at ``spec`` as the value read there did."""
    op = OPERATORS[spec.operator]
    try:
        written = expand_varspec(op, spec, candidate)
    except ValueError:  # a prefix of a list or associative array
        return False
    if weak:
        return not written
    return written == expand_varspec(op, spec, value)
