"""urikit's batch API as DuckDB scalar functions.  ``pip install urikit[duckdb]``
provides it (duckdb and pyarrow; without them, importing this module raises
:class:`ModuleNotFoundError`).

:func:`register` adds the functions to a connection::

    import duckdb
    import urikit.duckdb

    con = duckdb.connect()
    urikit.duckdb.register(con)
    con.sql("SELECT uri_normalize(url) FROM 'urls.parquet' WHERE uri_is_valid(url)")

===================================  =================================================
``uri_is_valid(url)``                BOOLEAN: :func:`urikit.batch.is_valid`
``uri_errors(url)``                  STRUCT(position, kind, reason): :func:`~urikit.batch.errors`
``uri_normalize(url)``               VARCHAR: :func:`urikit.batch.normalize`
``uri_split(url)``                   STRUCT of the eight components: :func:`~urikit.batch.split`
``uri_resolve(base, ref)``           VARCHAR: :func:`urikit.batch.resolve`
``uri_relativize(base, target)``     VARCHAR: :func:`urikit.batch.relativize`
``uri_extract(text)``                LIST(STRUCT(uri, iri, start, end)): ``batch.extract``
===================================  =================================================

Each is a vectorized (Arrow) function: DuckDB hands it a column of up to 2,048 rows
(its vector size) as an Arrow array, which :mod:`urikit.batch` reads in place (with the
compiled core, no Python string per row) and answers with an Arrow array.  Results are
those of :mod:`urikit.batch`, and so of the per-URL functions: NULL for a NULL row, NULL
(or the error, for ``uri_errors``) for an invalid one; nothing raises per row.  The base
of ``uri_resolve`` and ``uri_relativize`` may be a constant or a column: the rows are
grouped by distinct base, one batch call each (a base per row costs a call per row); a
NULL base gives NULL, an invalid one fails the query, as ``urikit.resolve`` raises.

DuckDB's Python functions take no optional arguments and no overloads, so the options
are :func:`register`'s: the grammar, the rule of ``uri_is_valid``, ``uri_errors`` and
``uri_split``, the level of ``uri_normalize``, the extractor's schemes, and the prefix
of the names, so that one connection can hold two sets (``register(con,
grammar="rfc3987", prefix="iri_")``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from . import batch

__all__ = ["FUNCTIONS", "register"]

#: The functions :func:`register` adds, without their prefix.
FUNCTIONS = ("is_valid", "errors", "normalize", "split", "resolve", "relativize", "extract")


def register(
    connection: duckdb.DuckDBPyConnection,
    *,
    grammar: str | None = None,
    rule: str = "URI-reference",
    level: str = "scheme",
    schemes: Iterable[str] | str | None = None,
    prefix: str = "uri_",
) -> None:
    """Add :data:`FUNCTIONS` to ``connection`` as vectorized scalar functions named
    ``prefix`` + the name (``uri_is_valid``, ...), under ``grammar`` (RFC 3986 by
    default), ``rule`` (RFC 3986 §4.1's ``URI-reference`` by default), ``level`` (RFC
    3986 §6.2.3, scheme-based, by default) and ``schemes`` (``urikit.extract``'s policy).
    A wrong option raises here, as :mod:`urikit.batch` does; so does a name the
    connection holds already (DuckDB's :class:`duckdb.NotImplementedException`).

    >>> import duckdb
    >>> con = duckdb.connect()
    >>> register(con)
    >>> con.sql("SELECT uri_normalize('HTTP://Example.COM:80/a/./b')").fetchall()[0]
    ('http://example.com/a/b',)
    """
    batch.is_valid([], rule=rule, grammar=grammar)  # a wrong argument raises here
    batch.normalize([], level=level, grammar=grammar)  # type: ignore[arg-type]
    schemes = schemes if schemes is None or isinstance(schemes, str) else list(schemes)
    batch.extract([], schemes=schemes, grammar=grammar)
    text, boolean, bigint = connection.type("VARCHAR"), connection.type("BOOLEAN"), "BIGINT"
    error = connection.struct_type({"position": bigint, "kind": text, "reason": text})
    components = connection.struct_type(dict.fromkeys(batch.COMPONENTS, text))
    match = connection.struct_type({"uri": text, "iri": text, "start": bigint, "end": bigint})
    one: dict[str, tuple[Callable[[Any], Any], Any]] = {
        "is_valid": (lambda c: batch.is_valid(c, rule=rule, grammar=grammar), boolean),
        "errors": (lambda c: batch.errors(c, rule=rule, grammar=grammar), error),
        "normalize": (lambda c: batch.normalize(c, level=level, grammar=grammar), text),  # type: ignore[arg-type]
        "split": (lambda c: batch.split(c, rule=rule, grammar=grammar), components),
        "extract": (
            lambda c: batch.extract(c, schemes=schemes, grammar=grammar),
            connection.list_type(match),
        ),
    }
    for name, (function, returns) in one.items():
        _create(connection, prefix + name, function, [text], returns)
    two: dict[str, Callable[[str, Any], Any]] = {
        "resolve": lambda base, c: batch.resolve(base, c, grammar=grammar),
        "relativize": lambda base, c: batch.relativize(base, c, grammar=grammar),
    }
    for name, of_base in two.items():
        _create(connection, prefix + name, _by_base(of_base), [text, text], text)


def _create(
    connection: duckdb.DuckDBPyConnection,
    name: str,
    function: Callable[..., Any],
    parameters: list[Any],
    returns: Any,
) -> None:
    """One vectorized function that takes NULL rows itself (``null_handling="special"``:
    :mod:`urikit.batch` gives NULL for them) and that DuckDB may evaluate once for a
    constant (no side effects).  (The options by name, which every duckdb takes: their
    enums moved between modules from version to version.)"""
    create: Callable[..., object] = connection.create_function
    create(
        name,
        function,
        parameters,
        returns,
        type="arrow",
        null_handling="special",
        side_effects=False,
    )


def _by_base(function: Callable[[str, Any], Any]) -> Callable[[Any, Any], Any]:
    """A function of a base column and a column of references made of ``function`` of one
    base and a column: called once per distinct base over that base's rows, its results
    put back in row order; NULL where the base is NULL."""

    def apply(bases: Any, refs: Any) -> Any:
        if isinstance(bases, pa.ChunkedArray):
            bases, refs = bases.combine_chunks(), refs.combine_chunks()
        encoded = pc.dictionary_encode(bases)
        values, codes = encoded.dictionary, encoded.indices
        if len(values) == 1 and codes.null_count == 0:  # one base for every row: as it is
            return function(values[0].as_py(), refs)
        order = pc.array_sort_indices(codes, null_placement="at_end")
        runs = pc.run_end_encode(codes.take(order))  # a run of rows per distinct base
        pieces, start = [], 0
        for code, end in zip(runs.values.to_pylist(), runs.run_ends.to_pylist(), strict=True):
            rows = order.slice(start, end - start)
            if code is None:
                pieces.append(pa.nulls(len(rows), pa.string()))
            else:
                pieces.append(function(values[code].as_py(), refs.take(rows)))
            start = end
        if not pieces:
            return pa.array([], pa.string())
        return pa.concat_arrays(pieces).take(pc.sort_indices(order))  # back in row order

    return apply
