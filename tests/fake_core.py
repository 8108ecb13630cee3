"""The column functions of the compiled core, in Python: the contract ``urikit.batch``
codes against (issue 13), written out so that its Arrow side (buffers, offsets, slices,
bitmaps, ``large_string``) is tested where the core is not built, and so that the real
core can be compared with it.

Each function takes one Arrow string array as its buffers: ``validity`` (a bitmap, or
``None`` when no row is null), ``offsets`` (int32, or int64 when ``large``), ``data``
(UTF-8), and the array's ``offset`` and ``length``; the bitmaps it returns have one bit
per row, least significant bit first, from bit 0; string columns come back as
``(validity, offsets, data)`` with offsets of the input's width starting at 0; normalize,
resolve and surt return them with the indices of the rows left to Python (null there).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

import urikit
from urikit._algorithms.normalize import LEVELS  # by the core's level ids, their index
from urikit._syntax.grammar import GRAMMARS

COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
Buffer = Any  # anything with the buffer protocol (pyarrow.Buffer, bytes)


def _rows(
    validity: Buffer | None, offsets: Buffer, data: Buffer, offset: int, length: int, large: bool
) -> Iterator[str | None]:
    bitmap = None if validity is None else bytes(memoryview(validity))
    raw = memoryview(offsets).cast("B")
    ends = raw.cast("q") if large else raw.cast("i")
    text = bytes(memoryview(data))
    for i in range(offset, offset + length):
        if bitmap is not None and not bitmap[i >> 3] >> (i & 7) & 1:
            yield None
        else:
            yield text[ends[i] : ends[i + 1]].decode("utf-8")


def _bitmap(bits: list[bool]) -> bytes:
    out = bytearray((len(bits) + 7) // 8)
    for i, bit in enumerate(bits):
        if bit:
            out[i >> 3] |= 1 << (i & 7)
    return bytes(out)


def _column(values: list[str | None], large: bool) -> tuple[bytes, bytes, bytes]:
    ends, data = [0], bytearray()
    for value in values:
        if value is not None:
            data += value.encode("utf-8")
        ends.append(len(data))
    offsets = b"".join(end.to_bytes(8 if large else 4, sys.byteorder) for end in ends)
    return _bitmap([v is not None for v in values]), offsets, bytes(data)


def _grammar(grammar_id: int) -> str:
    """The grammar the core calls ``grammar_id`` (``Grammar.core``)."""
    (name,) = [g.name for g in GRAMMARS.values() if g.core == grammar_id]
    return name


def _rule(grammar_id: int, flags: int) -> str:
    """The reference rule whose constraints are ``flags`` (``ReferenceRule.flags``)."""
    rules = GRAMMARS[_grammar(grammar_id)].rules.values()
    return next(rule.name for rule in rules if rule.flags == flags)


def _valid(rows: list[str | None], grammar: str, rule: str) -> list[bool]:
    return [r is not None and urikit.is_valid(r, rule=rule, grammar=grammar) for r in rows]


def column_valid(
    validity: Buffer | None,
    offsets: Buffer,
    data: Buffer,
    offset: int,
    length: int,
    large: bool,
    grammar_id: int,
    flags: int,
) -> bytes:
    grammar, rule = _grammar(grammar_id), _rule(grammar_id, flags)
    return _bitmap(
        _valid(list(_rows(validity, offsets, data, offset, length, large)), grammar, rule)
    )


def column_split(
    validity: Buffer | None,
    offsets: Buffer,
    data: Buffer,
    offset: int,
    length: int,
    large: bool,
    grammar_id: int,
    flags: int,
) -> tuple[bytes, list[tuple[bytes, bytes, bytes]]]:
    grammar, rule = _grammar(grammar_id), _rule(grammar_id, flags)
    rows = list(_rows(validity, offsets, data, offset, length, large))
    valid = _valid(rows, grammar, rule)
    refs = [
        urikit.parse(r, grammar=grammar, rule=rule) if r is not None and ok else None
        for r, ok in zip(rows, valid, strict=True)
    ]
    fields = [
        _column([None if ref is None else getattr(ref, name) for ref in refs], large)
        for name in COMPONENTS
    ]
    return _bitmap(valid), fields


def _mapped(
    function: Callable[[str], str],
    rows: Iterator[str | None],
    large: bool,
    leave: Callable[[int], bool] = lambda i: False,
) -> tuple[tuple[bytes, bytes, bytes], list[int]]:
    """The buffers of ``function`` over the rows (null for a null or invalid row, and for
    each valid row ``leave`` says the core leaves to Python), and the rows left."""
    out: list[str | None] = []
    left: list[int] = []
    for i, row in enumerate(rows):
        try:
            answer = None if row is None else function(row)
        except (urikit.URISyntaxError, urikit.ResolutionError):
            answer = None
        if answer is not None and leave(i):
            left.append(i)
            answer = None
        out.append(answer)
    return _column(out, large), left


def column_normalize(
    validity: Buffer | None,
    offsets: Buffer,
    data: Buffer,
    offset: int,
    length: int,
    large: bool,
    grammar_id: int,
    level_id: int,
) -> tuple[tuple[bytes, bytes, bytes], list[int]]:
    grammar, level = _grammar(grammar_id), LEVELS[level_id]
    rows = _rows(validity, offsets, data, offset, length, large)
    return _mapped(  # every third row left to Python: the contract allows any
        lambda r: urikit.normalize(r, level=level, grammar=grammar),
        rows,
        large,
        lambda i: i % 3 == 2,
    )


def column_resolve(
    base: str,
    validity: Buffer | None,
    offsets: Buffer,
    data: Buffer,
    offset: int,
    length: int,
    large: bool,
    grammar_id: int,
) -> tuple[tuple[bytes, bytes, bytes], list[int]]:
    grammar = _grammar(grammar_id)
    urikit.resolve(base, "", grammar=grammar)  # an invalid base raises
    rows = _rows(validity, offsets, data, offset, length, large)
    return _mapped(lambda r: urikit.resolve(base, r, grammar=grammar), rows, large)


def column_surt(
    validity: Buffer | None, offsets: Buffer, data: Buffer, offset: int, length: int, large: bool
) -> tuple[tuple[bytes, bytes, bytes], list[int]]:
    """The Internet Archive's SURT key; a row ``urikit.surt`` refuses is null, as the core
    leaves it to Python, which refuses it too."""
    rows = _rows(validity, offsets, data, offset, length, large)
    return _mapped(urikit.surt, rows, large, lambda i: i % 3 == 2)


def _answer(operation: int, row: str, args: tuple[Any, ...], keys: tuple[str, ...]) -> Any:
    """The core's answer for one ``str`` row of :func:`list_map`: ``None`` for a row
    it leaves to Python (invalid)."""
    if operation == 3:  # resolve(base, row, grammar_id, strict, keep)
        base, grammar_id, strict, keep = args
        try:
            return urikit.resolve(
                base,
                row,
                grammar=_grammar(grammar_id),
                strict=strict,
                above_root="keep" if keep else "drop",
            )
        except (urikit.URISyntaxError, urikit.ResolutionError):
            return None
    grammar_id, second = args
    grammar = _grammar(grammar_id)
    if operation == 2:  # normalize(row, grammar_id, level_id)
        try:
            return urikit.normalize(row, level=LEVELS[second], grammar=grammar)
        except urikit.URISyntaxError:
            return None
    rule = _rule(grammar_id, second)
    if operation == 0:  # is_valid(row, grammar_id, flags)
        return urikit.is_valid(row, rule=rule, grammar=grammar)
    try:  # split(row, grammar_id, flags), as a dict under keys
        ref = urikit.parse(row, rule=rule, grammar=grammar)
    except urikit.URISyntaxError:
        return None
    return {key: getattr(ref, name) for key, name in zip(keys, COMPONENTS, strict=True)}


def list_map(
    operation: int, rows: list[str | None], args: tuple[Any, ...], keys: tuple[str, ...]
) -> tuple[list[Any], list[int]]:
    """``operation`` (0 is_valid, 1 split, 2 normalize, 3 resolve) over a list of rows:
    None for a None row and an invalid one (under split's rule, else URI-reference), and
    the indices of the rows left to Python (not a ``str``, or no answer for a valid
    row), whose results are None."""
    results: list[Any] = []
    left: list[int] = []
    grammar_id = args[1] if operation == 3 else args[0]
    rule = _rule(grammar_id, args[1] if operation <= 1 else 0)
    for i, row in enumerate(rows):
        answer = None if type(row) is not str else _answer(operation, row, args, keys)
        grammar = _grammar(grammar_id)
        if answer is None and (
            (type(row) is not str and row is not None)
            or (type(row) is str and urikit.is_valid(row, rule=rule, grammar=grammar))
        ):
            left.append(i)
        results.append(answer)
    return results, left
