"""The SURT column of the compiled core (csrc/crawl.c) against ``urikit.surt``, row for
row: the core keys the plain rows, leaves every other to Python, and its keys are
``urikit.surt``'s (the differential: the bundled corpus sample, the edges of the plain
rows, and hypothesis over plain and hostile URLs).  ``urikit.batch.surt`` and Common
Crawl's ``url_surtkey`` column are the core's keys with the others filled in, on either
engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from tests.profiles import THOROUGH
from tests.test_crawl_keys import HOSTILE, ID32
from urikit import _engine, batch

SAMPLE = (Path(__file__).parent / "data" / "corpus_sample.txt").read_text("utf-8").splitlines()


def per_url(url: str | None) -> str | None:
    if url is None:
        return None
    try:
        return urikit.surt(url)
    except urikit.URISyntaxError:
        return None


def core_keys(rows: list[str | None], *, large: bool = False) -> tuple[list[str | None], list[int]]:
    """The core's keys (null where it keys nothing) and the rows it leaves to Python."""
    column = pa.array(rows, pa.large_string() if large else pa.string())
    validity, offsets, data = column.buffers()
    buffers, left = _engine.core.column_surt(  # type: ignore[union-attr]
        validity, offsets, data or b"", column.offset, len(column), large
    )
    out = pa.large_string() if large else pa.string()
    keys = pa.Array.from_buffers(out, len(rows), [pa.py_buffer(b) for b in buffers])
    return keys.to_pylist(), left


def assert_agrees(rows: list[str | None], *, large: bool = False) -> None:
    """Each key the core makes is urikit.surt's; each row it leaves is a non-null row."""
    keys, left = core_keys(rows, large=large)
    for i, (row, key) in enumerate(zip(rows, keys, strict=True)):
        if key is not None:
            assert key == per_url(row), row
        else:
            assert (row is not None) == (i in left), row


# -- the plain rows: keyed by the core; the others: left -----------------------------------
PLAIN = {
    "http://www.Example.com:0080/A//b/?Q=1": "com,example)/a/b?q=1",
    "HTTPS://www2.www.a.b.com:0443/": "com,b,a)/",
    "https://x.com:8443/?": "com,x:8443)/",
    "http://u:p@h.com:/x?#frag": "com,h)/x",
    "ws://h.com:0/": "com,h:0)/",
    "ftp://h.com:021/f": "com,h:21)/f",
    "http://www.com/x/": "com,www)/x",
    "http://www1000.example.com/": "com,example,www1000)/",
    "http://h.com//": "com,h)/",
    "http://h_~-.com/a.b/?x=y?z": "com,h_~-)/a.b?x=y?z",
    "file:///Users/A/": "file:/users/a",
    "file://": "file:/",
    "FILE://node.gypi": "gypi,node)/",
}
#: Rows the core leaves to Python, each for one reason: its key needs a step it does not do.
LEFT = [
    "http://h.com/a%20",  # an escape to decode
    "http://h.com/a b",  # no IRI (nor a key without escaping)
    "http://h.com/\u00e9",  # outside ASCII
    "http://1.2.3.4/",  # an address
    "http://0x7f.1/",
    "http://[::1]/",
    "http://a..com/",  # an empty label
    "http://a.com./",
    "http://a,b.com/",  # a "," in the host
    "http://h.com/(S(4hqa0555fwsecu455xqckv45))/a.aspx",  # a "(" in the path
    "http://h.com/a/./b",  # a dot segment
    "http://h.com/?a&b",  # a query to sort
    "http://h.com/?sid=" + ID32,  # session ids
    "http://h.com/?JSESSIONID=" + ID32,
    "x://h.com/",  # not a special scheme
    "mailto:a@b.com",  # no authority
    "dns:archive.org",
    "https://",  # no host (urikit.surt refuses it)
    "not a url",
    "",
]


@pytest.mark.core
def test_the_core_keys_the_plain_rows_and_leaves_the_others() -> None:
    rows: list[str | None] = [*PLAIN, None, *LEFT]
    keys, left = core_keys(rows)
    assert keys[: len(PLAIN)] == list(PLAIN.values())
    assert left == list(range(len(PLAIN) + 1, len(rows)))
    assert [per_url(url) for url in PLAIN] == list(PLAIN.values())


@pytest.mark.core
@pytest.mark.parametrize("large", [False, True])
def test_the_core_agrees_on_the_corpus_sample(large: bool) -> None:
    assert_agrees([*SAMPLE, None, *LEFT], large=large)


_LABEL = st.sampled_from(
    ["www", "WWW", "www2", "www123", "www1234", "a", "Ex", "com", "x-y", "_", "1a"]
)
_PLAIN_URL = st.builds(
    lambda scheme, labels, port, segments, query: (
        f"{scheme}://{'.'.join(labels)}{port}{''.join(segments)}{query}"
    ),
    st.sampled_from(["http", "HTTP", "https", "Https", "ftp", "ws", "wss", "gopher", "file"]),
    st.lists(_LABEL, min_size=1, max_size=5),
    st.sampled_from(["", ":", ":0", ":80", ":080", ":443", ":0443", ":8080", ":00"]),
    st.lists(st.sampled_from(["/", "//", "/A", "/b.C", "/x.aspx", "/;p", "/~"]), max_size=4),
    st.sampled_from(["", "?", "?A=B", "?a=1?b", "?q=/x:y@z", "?sid=1", "?B"]),
)


@pytest.mark.core
@THOROUGH
@given(st.lists(st.one_of(_PLAIN_URL, HOSTILE), max_size=20))
def test_the_core_agrees_with_surt(rows: list[str]) -> None:
    assert_agrees([row for row in rows if row == row.encode("utf-8", "replace").decode()])


# -- the columns, on either engine --------------------------------------------------------
def column_of(rows: list[str | None]) -> Any:
    return pa.array(rows, pa.string())


def test_batch_surt_is_surt_row_for_row() -> None:
    rows: list[str | None] = [*SAMPLE, None, *PLAIN, *LEFT]
    assert batch.surt(column_of(rows)).to_pylist() == [per_url(url) for url in rows]
    chunked = pa.chunked_array([rows[:50], rows[50:]], pa.large_string())
    assert batch.surt(chunked).to_pylist() == [per_url(url) for url in rows]


def test_common_crawls_surt_key_is_surt_where_the_url_is_an_iri() -> None:
    rows: list[str | None] = [*PLAIN, None, *LEFT]
    table = batch.common_crawl_columns(column_of(rows), surt=True)
    iri = [url is not None and urikit.is_valid(url, rule="IRI", grammar="rfc3987") for url in rows]
    expected = [per_url(url) if ok else None for url, ok in zip(rows, iri, strict=True)]
    assert table.column("url_surtkey").to_pylist() == expected
