"""urikit.batch.canonicalize and urikit.batch.surt equal the per-URL functions, row for
row, for every kind of column (list, Arrow string / large_string / chunked, pandas,
polars), nulls and rows a profile refuses included."""

from __future__ import annotations

from typing import Any

import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

import urikit
from urikit import batch

ROWS: list[str | None] = [
    "HTTP://www.Example.COM:80/a/./b/../c?b=2&a=1#f",
    None,
    "http://host/%25%32%35",
    "",
    "not a url",
    "http://[::1/",
    "http://exa mple.com/",
    "mailto:a@b",
    "http://例え.jp/ü?ä#ö",
    "https://www1355544.com/",
    "http://0x7f.1/",
]
KINDS = ["list", "string", "large_string", "chunked", "pandas", "polars"]


def column(kind: str) -> Any:
    if kind == "list":
        return list(ROWS)
    if kind == "chunked":
        return pa.chunked_array([ROWS[:4], ROWS[4:]], type=pa.string())
    if kind == "pandas":
        return pd.Series(ROWS, dtype=pd.ArrowDtype(pa.string()), name="url")
    if kind == "polars":
        return pl.Series("url", ROWS, dtype=pl.String)
    return pa.array(ROWS, type=getattr(pa, kind)())


def rows_of(result: Any) -> list[str | None]:
    if isinstance(result, list):
        return result
    if isinstance(result, pd.Series | pl.Series):
        return [None if v is None or v is pd.NA else v for v in result.to_list()]
    return result.to_pylist()  # type: ignore[no-any-return]


def per_url(fn: Any, text: str | None, **options: Any) -> str | None:
    if text is None:
        return None
    try:
        return fn(text, **options)  # type: ignore[no-any-return]
    except urikit.URISyntaxError:
        return None


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("profile", ["google", "semantic", "aggressive", "ia", "whatwg", "rfc3986"])
def test_canonicalize_column(kind: str, profile: str) -> None:
    got = rows_of(batch.canonicalize(column(kind), profile=profile))
    assert got == [per_url(urikit.canonicalize, t, profile=profile) for t in ROWS]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("form", ["ia", "ssurt"])
def test_surt_column(kind: str, form: str) -> None:
    got = rows_of(batch.surt(column(kind), form=form))
    assert got == [per_url(urikit.surt, t, form=form) for t in ROWS]


def test_wrong_arguments_raise_before_any_row() -> None:
    with pytest.raises(ValueError, match="unknown profile"):
        batch.canonicalize([], profile="nope")
    with pytest.raises(ValueError, match="unknown SURT form"):
        batch.surt([], form="nope")
    with pytest.raises(ValueError, match="unknown profile"):
        batch.surt([], profile="whatwg")
