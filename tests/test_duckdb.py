"""Tests of :mod:`urikit.duckdb`: urikit's functions registered on a DuckDB connection.

The contract: each SQL function gives, row for row, what the per-URL function gives
(``urikit.is_valid``, ``normalize``, ``parse``'s components, ``validate``'s error,
``resolve``, ``relativize``, ``extract``), NULL for a NULL row and NULL (or the error)
for an invalid one; a parquet file reads and writes through them; the names take
nothing DuckDB has, and a wrong option raises at registration.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import urikit
import urikit.duckdb
from urikit import ResolutionError, URISyntaxError

SAMPLE = Path(__file__).parent / "data" / "corpus_sample.txt"
#: Rows of the sample and rows that fail, NULLs among them.
ROWS: list[str | None] = [
    *SAMPLE.read_text(encoding="utf-8").splitlines()[:400],
    None,
    "a b",
    "http://[::1/",
    "",
    "HTTP://Example.COM:80/a/./b/../%7e?q#f",
    "mailto:a@b",
    "//h:8/p?q",
    "http://a/%zz",
    None,
    "g:h",
    "../../../g",
]
BASES = ["http://a/b/c/d;p?q", "https://x/y/", "file:///etc/"]


@pytest.fixture
def con() -> Iterator[duckdb.DuckDBPyConnection]:
    connection = duckdb.connect()
    urikit.duckdb.register(connection)
    try:
        yield connection
    finally:
        connection.close()


def _urls(con: duckdb.DuckDBPyConnection, rows: list[Any], **more: list[Any]) -> None:
    """The table ``urls``: ``id``, ``url`` = ``rows`` and the columns of ``more``."""
    table = pa.table({"id": list(range(len(rows))), "url": rows, **more})
    con.register("urls", table)


def _column(con: duckdb.DuckDBPyConnection, expression: str) -> list[Any]:
    return [row[0] for row in con.sql(f"SELECT {expression} FROM urls ORDER BY id").fetchall()]


def _or_none(function: Any, *args: Any) -> Any:
    try:
        return function(*args)
    except (URISyntaxError, ResolutionError):
        return None


def _error(text: str) -> dict[str, object] | None:
    try:
        urikit.validate(text)
    except URISyntaxError as error:
        return {"position": error.position, "kind": error.kind.value, "reason": error.reason}
    return None


def test_each_function_equals_the_per_url_function(con: duckdb.DuckDBPyConnection) -> None:
    _urls(con, ROWS)
    texts = [(i, text) for i, text in enumerate(ROWS) if text is not None]
    valid = _column(con, "uri_is_valid(url)")
    normal = _column(con, "uri_normalize(url)")
    errors = _column(con, "uri_errors(url)")
    split = _column(con, "uri_split(url)")
    found = _column(con, "uri_extract(url)")
    for i, text in texts:
        assert valid[i] is urikit.is_valid(text), text
        assert normal[i] == _or_none(urikit.normalize, text), text
        assert errors[i] == _error(text), text
        ref = _or_none(urikit.parse, text)
        assert split[i] == (None if ref is None else ref.components()), text
        matches = [
            {"uri": m.uri, "iri": m.iri, "start": m.start, "end": m.end}
            for m in urikit.extract(text)
        ]
        assert found[i] == matches, text
    for base in BASES:
        resolved = _column(con, f"uri_resolve('{base}', url)")
        shortest = _column(con, f"uri_relativize('{base}', url)")
        for i, text in texts:
            assert resolved[i] == _or_none(urikit.resolve, base, text), (base, text)
            assert shortest[i] == _or_none(urikit.relativize, base, text), (base, text)


def test_nulls(con: duckdb.DuckDBPyConnection) -> None:
    """NULL in, NULL out, in every function and either argument of the two-argument ones."""
    row = con.sql(
        "SELECT uri_is_valid(NULL), uri_normalize(NULL), uri_errors(NULL), uri_split(NULL), "
        "uri_extract(NULL), uri_resolve(NULL, 'g'), uri_resolve('http://a/', NULL), "
        "uri_relativize(NULL, NULL)"
    ).fetchall()[0]
    assert row == (None,) * 8


def _per_url(name: str, *args: str | None) -> Any:
    """What the per-URL function gives for one row of ``uri_<name>``: NULL when any
    argument is NULL (SQL's rule for a scalar function), else its value or NULL."""
    if any(arg is None for arg in args):
        return None
    texts = [arg for arg in args if arg is not None]
    if name == "is_valid":
        return urikit.is_valid(texts[0])
    if name == "errors":
        return _error(texts[0])
    if name == "split":
        ref = _or_none(urikit.parse, texts[0])
        return None if ref is None else ref.components()
    if name == "extract":
        return [
            {"uri": m.uri, "iri": m.iri, "start": m.start, "end": m.end}
            for m in urikit.extract(texts[0])
        ]
    return _or_none(getattr(urikit, name), *texts)


ONE_ARGUMENT = ["is_valid", "errors", "normalize", "split", "extract"]
#: A column of one function's argument: NULL rows beside valid, invalid and empty ones.
ONE_COLUMNS: dict[str, list[str | None]] = {
    "all NULL": [None, None, None],
    "NULL first": [None, "http://a/b see http://c/", "a b"],
    "NULL between": ["HTTP://A:80/./x", None, "", None, "g:h"],
    "NULL last": ["mailto:a@b", "http://[::1/", None],
    "no NULL": ["http://a/b", "a b", ""],
}


@pytest.mark.parametrize("column", ONE_COLUMNS)
@pytest.mark.parametrize("name", ONE_ARGUMENT)
def test_a_null_row_gives_null_whatever_the_other_rows(
    con: duckdb.DuckDBPyConnection, name: str, column: str
) -> None:
    rows = ONE_COLUMNS[column]
    _urls(con, pa.array(rows, pa.string()))
    assert _column(con, f"uri_{name}(url)") == [_per_url(name, row) for row in rows]


B0, B1, B2 = BASES
#: The base column of ``uri_resolve`` and ``uri_relativize``: a row whose base is NULL is
#: NULL whatever the other rows' bases are (one distinct base among NULLs was once the
#: shape a shortcut for one base would read as a constant).
BASE_COLUMNS: dict[str, list[str | None]] = {
    "one base and NULLs": [None, B0, None, B0, None],
    "NULL first": [None, B0, B0, B0, B0],
    "NULL last": [B0, B0, B0, B0, None],
    "all NULL": [None, None, None, None, None],
    "mixed": [None, B0, B1, None, B2],
    "one base": [B0, B0, B0, B0, B0],
}
#: The references (or targets), NULL among them.
REFERENCES: list[str | None] = ["g", None, "http://a/b/c/x", "../x?y", "https://x/y/z"]


@pytest.mark.parametrize("bases", BASE_COLUMNS)
@pytest.mark.parametrize("name", ["resolve", "relativize"])
def test_a_null_base_gives_null_whatever_the_other_rows_bases(
    con: duckdb.DuckDBPyConnection, name: str, bases: str
) -> None:
    column = BASE_COLUMNS[bases]
    _urls(con, REFERENCES, base=pa.array(column, pa.string()))
    expected = [_per_url(name, b, r) for b, r in zip(column, REFERENCES, strict=True)]
    assert _column(con, f"uri_{name}(base, url)") == expected
    # NULL written in the query, for either argument, beside a column for the other
    nothing = [None] * len(REFERENCES)
    for null in ("NULL", "CAST(NULL AS VARCHAR)"):
        assert _column(con, f"uri_{name}({null}, url)") == nothing
        assert _column(con, f"uri_{name}(base, {null})") == nothing
        assert _column(con, f"uri_{name}('{B0}', {null})") == nothing


def test_a_base_per_row_is_grouped_and_put_back_in_order(
    con: duckdb.DuckDBPyConnection,
) -> None:
    """More rows than a DuckDB vector (2,048), bases that vary per row (NULL among them):
    each row resolved against its own base."""
    refs = ["g", "../x?y", "a b", None, "#f", "//h/p", "g:h"] * 700
    bases = [None if i % 11 == 0 else BASES[i % 3] for i in range(len(refs))]
    _urls(con, refs, base=bases)
    resolved = _column(con, "uri_resolve(base, url)")
    shortest = _column(con, "uri_relativize(base, url)")
    for i, (base, ref) in enumerate(zip(bases, refs, strict=True)):
        known = base is not None and ref is not None
        assert resolved[i] == (_or_none(urikit.resolve, base, ref) if known else None), i
        assert shortest[i] == (_or_none(urikit.relativize, base, ref) if known else None), i


def test_an_invalid_base_fails_the_query(con: duckdb.DuckDBPyConnection) -> None:
    with pytest.raises(duckdb.Error, match="needs a scheme"):
        con.sql("SELECT uri_resolve('no/scheme', 'g')").fetchall()


def test_a_parquet_file_round_trip(con: duckdb.DuckDBPyConnection, tmp_path: Path) -> None:
    """``SELECT uri_normalize(url) FROM 'urls.parquet'``, written back to parquet."""
    source, target = tmp_path / "urls.parquet", tmp_path / "normal.parquet"
    pq.write_table(pa.table({"url": ROWS}), source)
    con.sql(
        f"COPY (SELECT url, uri_normalize(url) AS normal, uri_split(url).host AS host "
        f"FROM '{source}') TO '{target}' (FORMAT parquet)"
    )
    table = pq.read_table(target)
    assert table.column("url").to_pylist() == ROWS
    expected = [None if text is None else _or_none(urikit.normalize, text) for text in ROWS]
    assert table.column("normal").to_pylist() == expected
    hosts = [None if text is None else _or_none(urikit.parse, text) for text in ROWS]
    assert table.column("host").to_pylist() == [None if r is None else r.host for r in hosts]


def test_the_names_take_nothing_duckdb_has() -> None:
    connection = duckdb.connect()
    names = [f"uri_{name}" for name in urikit.duckdb.FUNCTIONS]
    query = "SELECT DISTINCT function_name FROM duckdb_functions()"
    before = {row[0] for row in connection.sql(query).fetchall()}
    assert not before & set(names)
    urikit.duckdb.register(connection)
    after = {row[0] for row in connection.sql(query).fetchall()}
    assert after - before == set(names)


def test_options_and_a_second_set_under_another_prefix(con: duckdb.DuckDBPyConnection) -> None:
    """The options are register's; another prefix holds a second set; a wrong option, or
    a name taken already, raises at registration."""
    urikit.duckdb.register(con, grammar="rfc3987", level="syntax", prefix="iri_")
    row = con.sql(
        "SELECT uri_is_valid('http://bücher.example/'), iri_is_valid('http://bücher.example/'),"
        " uri_normalize('HTTP://A:80/'), iri_normalize('HTTP://A:80/')"
    ).fetchall()[0]
    assert row == (False, True, "http://a/", "http://a:80/")
    urikit.duckdb.register(con, rule="absolute-URI", prefix="abs_")
    assert con.sql("SELECT abs_is_valid('g'), abs_is_valid('g:h')").fetchall()[0] == (False, True)
    with pytest.raises(ValueError, match="level"):
        urikit.duckdb.register(duckdb.connect(), level="none")
    with pytest.raises(duckdb.Error, match="already"):
        urikit.duckdb.register(con)
