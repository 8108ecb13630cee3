"""The batch API's Arrow side: a string column read in place by the compiled core, or
row by row in Python; pandas and polars Series through Arrow.

The compiled core (the column entry points of ``urikit._engine``, when it is built) reads an
Arrow ``string`` or ``large_string`` array from its three buffers (validity bitmap,
offsets, UTF-8 data) with the array's offset and length, and hands back buffers: a bit
per row (Arrow's order: least significant bit first), or the validity, offsets and data
of a string column (offsets of the input's width).  No Python string is made per row.
It reads RFC 3986 and RFC 3987; RFC 2396, ``relativize`` and the diagnosis of invalid
rows (position, kind, reason) stay in Python, as the per-URL functions do.  Of the crawl
wing it makes the Internet Archive's SURT key of the rows that need none of the
profile's harder steps, and leaves the others to :func:`urikit.surt`.

pyarrow, pandas and polars are imported only here, inside the functions, when a column
of theirs is given (``urikit.batch`` imports none of them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import _engine
from .._algorithms.normalize import LEVEL_IDS
from .._syntax.grammar import GRAMMARS

__all__ = [
    "COMPONENTS",
    "MATCH_FIELDS",
    "ROUTE_FIELDS",
    "Operation",
    "apply",
    "apply_pandas",
    "apply_polars",
]

#: The fields of :func:`urikit.batch.split`'s struct, in the order of RFC 3986 §3.
COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
#: The fields of each match of :func:`urikit.batch.extract` (of :class:`urikit.URIMatch`).
MATCH_FIELDS = ("uri", "iri", "start", "end")
#: The fields of :func:`urikit.batch.match_templates`'s struct: the template that matched.
ROUTE_FIELDS = ("index", "template", "variables")


@dataclass(frozen=True)
class Operation:
    """One function of the batch API over one column.

    ``row`` is the per-URL result of a non-null row, in Python.  ``native`` is the
    grammar name under which the compiled core may do it, or ``None`` (Python only);
    ``rule``, ``level`` and ``base`` are the core's other arguments."""

    name: str  # is_valid, errors, split, normalize, resolve, relativize, extract, ...
    row: Callable[[str], Any]
    native: str | None = None
    rule: str = ""
    level: str = ""
    base: str = ""


def _output_type(pa: Any, op: Operation, large: bool) -> Any:
    """The Arrow type of ``op``'s result; strings keep the input's offset width."""
    string = pa.large_string() if large else pa.string()
    if op.name == "is_valid":
        return pa.bool_()
    if op.name == "errors":
        return pa.struct([("position", pa.int64()), ("kind", pa.string()), ("reason", pa.string())])
    if op.name == "split":
        return pa.struct([(name, string) for name in COMPONENTS])
    if op.name == "extract":
        fields = [
            (name, pa.int64() if name in ("start", "end") else string) for name in MATCH_FIELDS
        ]
        return pa.list_(pa.struct(fields))
    if op.name == "match_templates":
        return pa.struct(
            [(name, pa.int64() if name == "index" else string) for name in ROUTE_FIELDS]
        )
    return string


def apply(column: Any, op: Operation) -> Any:
    """``op`` over a pyarrow ``Array`` or ``ChunkedArray``, chunk by chunk."""
    import pyarrow as pa

    if isinstance(column, pa.ChunkedArray):
        large = _strings(pa, column.type)
        chunks = [_array(pa, chunk, op) for chunk in column.chunks]
        return pa.chunked_array(chunks, type=_output_type(pa, op, large))
    return _array(pa, column, op)


def _strings(pa: Any, type_: Any) -> bool:
    """Whether strings of ``type_`` are read as ``large_string`` (``TypeError`` for a
    type that holds no strings)."""
    if pa.types.is_string(type_) or pa.types.is_null(type_):
        return False
    if pa.types.is_large_string(type_) or pa.types.is_string_view(type_):
        return True
    raise TypeError(f"a column of URI references holds strings, not {type_}")


def _array(pa: Any, array: Any, op: Operation) -> Any:
    large = _strings(pa, array.type)
    if not (pa.types.is_string(array.type) or pa.types.is_large_string(array.type)):
        array = array.cast(pa.large_string() if large else pa.string())  # null, string_view
    out_type = _output_type(pa, op, large)
    if op.native is not None and len(array) and _engine.column_valid is not None:
        return _engine_array(pa, array, op, large, out_type)  # the entry points, read now
    return _from_rows(pa, [None if s is None else op.row(s) for s in array.to_pylist()], out_type)


def _from_rows(pa: Any, rows: list[Any], type_: Any) -> Any:
    """An Arrow array of ``rows``; a struct's fields null where the struct is, as the
    core makes them (``StructArray.field`` ignores the struct's own validity)."""
    if not pa.types.is_struct(type_):
        return pa.array(rows, type_)
    fields = [type_.field(i) for i in range(type_.num_fields)]
    children = [
        pa.array([None if row is None else row[field.name] for row in rows], field.type)
        for field in fields
    ]
    mask = pa.array([row is None for row in rows], pa.bool_())
    return pa.StructArray.from_arrays(children, fields=fields, mask=mask)


# -- the compiled core -----------------------------------------------------------------------
def _engine_array(pa: Any, array: Any, op: Operation, large: bool, out: Any) -> Any:
    validity, offsets, data = array.buffers()
    where = (validity, offsets, data if data is not None else b"", array.offset, len(array), large)
    n = len(array)
    g = GRAMMARS[op.native or "rfc3986"]
    grammar = g.core  # the core's ids: of the grammar, the rule's constraints, the level
    rule = g.rules[op.rule].flags if op.rule else 0
    if op.name == "is_valid":
        bits = _engine.column_valid(*where, grammar, rule)
        return pa.Array.from_buffers(out, n, [_validity(pa, array), pa.py_buffer(bits)])
    if op.name == "errors":
        bits = _engine.column_valid(*where, grammar, rule)
        return _diagnosed(pa, array, bits, op, out)
    if op.name == "split":
        bits, fields = _engine.column_split(*where, grammar, rule)
        children = [
            _string_array(pa, out.field(i).type, n, buffers) for i, buffers in enumerate(fields)
        ]
        return pa.Array.from_buffers(out, n, [pa.py_buffer(bits)], children=children)
    if op.name == "normalize":
        buffers, left = _engine.column_normalize(*where, grammar, LEVEL_IDS[op.level])
    elif op.name == "surt":  # the Internet Archive's key of the plain rows (csrc/crawl.c)
        buffers, left = _engine.column_surt(*where)
    else:  # resolve
        buffers, left = _engine.column_resolve(op.base, *where, grammar)
    result = _string_array(pa, out, n, buffers)
    if not left:
        return result
    return _filled(pa, array, result, left, op)


def _filled(pa: Any, array: Any, result: Any, left: list[int], op: Operation) -> Any:
    """``result`` with the rows the core left to Python (null there) done by ``op.row``."""
    import pyarrow.compute as pc

    rows = pa.array(left, pa.int64())
    values = pa.array([op.row(text) for text in array.take(rows).to_pylist()], result.type)
    mask = pc.is_in(pa.array(range(len(array)), pa.int64()), value_set=rows)
    return pc.replace_with_mask(result, mask, values)


def _string_array(pa: Any, type_: Any, n: int, buffers: tuple[bytes, bytes, bytes]) -> Any:
    return pa.Array.from_buffers(type_, n, [pa.py_buffer(b) for b in buffers])


def _validity(pa: Any, array: Any) -> Any:
    """The validity bitmap of ``array`` starting at bit 0 (``None`` without nulls)."""
    if array.null_count == 0:
        return None
    if array.offset == 0:
        return array.buffers()[0]
    return array.is_valid().buffers()[1]  # a new bitmap, at offset 0


def _diagnosed(pa: Any, array: Any, bits: bytes, op: Operation, out: Any) -> Any:
    """The errors column: null but where the core found a non-null row invalid, whose
    error is read again in Python (the diagnosis runs only on failure)."""
    import pyarrow.compute as pc

    n = len(array)
    valid = pa.Array.from_buffers(pa.bool_(), n, [None, pa.py_buffer(bits)])
    invalid = pc.and_(array.is_valid(), pc.invert(valid))
    found = pc.indices_nonzero(invalid)
    if not len(found):
        return pa.nulls(n, out)
    errors = _from_rows(pa, [op.row(text) for text in array.take(found).to_pylist()], out)
    # row i takes errors[k] where it is the k-th invalid row, else null
    k = pc.subtract(pc.cumulative_sum(invalid.cast(pa.int64())), 1)
    return errors.take(pc.if_else(invalid, k, pa.scalar(None, pa.int64())))


# -- pandas and polars, through Arrow -------------------------------------------------------
def apply_pandas(series: Any, op: Operation) -> Any:
    """``op`` over a pandas Series: a Series of an Arrow-backed dtype, same index and
    name.  Needs pyarrow."""
    import pandas as pd
    import pyarrow as pa

    if (
        op.name == "is_valid"
        and op.native is not None
        and _engine.list_valid_bits is not None
        and series.dtype == object
    ):
        result = _valid_objects(pa, pd, series.tolist(), op)
    else:
        result = apply(pa.array(series, from_pandas=True), op)
    return pd.Series(pd.arrays.ArrowExtensionArray(result), index=series.index, name=series.name)


def _valid_objects(pa: Any, pd: Any, rows: list[Any], op: Operation) -> Any:
    """``is_valid`` over the rows of a pandas Series of Python objects, which the core
    reads in place (converting them to an Arrow column would cost more than checking
    them): null for a missing value (``None``, ``NaN``, ``pd.NA``), and for any other
    object that is no str the ``TypeError`` of the per-URL function."""
    g = GRAMMARS[op.native or "rfc3986"]
    present, valid, left = _engine.list_valid_bits(rows, g.core, g.rules[op.rule].flags)
    for i in left:
        if not (pd.api.types.is_scalar(rows[i]) and pd.isna(rows[i])):
            op.row(rows[i])  # the TypeError
    return pa.Array.from_buffers(
        pa.bool_(), len(rows), [pa.py_buffer(present), pa.py_buffer(valid)]
    )


def apply_polars(series: Any, op: Operation) -> Any:
    """``op`` over a polars Series: a polars Series of the same name.  Needs pyarrow."""
    import polars as pl

    return pl.Series(series.name, apply(series.to_arrow(), op))
