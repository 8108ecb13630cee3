"""urikit._whatwg against ada-url (``ada_url`` 4.0.0, the C++ WHATWG URL parser of the
``whatwg`` extra), an independent implementation of the same Standard: the same verdict
and the same href and components, on the corpus sample and on fuzzed mutations of URLs
(backslashes, tabs, IPv4 forms, ``%``, non-ASCII hosts, ports).  No difference is known,
so none is listed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.profiles import THOROUGH
from urikit._whatwg import parse
from urikit.errors import URISyntaxError

ada_url = pytest.importorskip("ada_url")

DATA = Path(__file__).parent / "data"
GETTERS = ["href", "origin", "protocol", "username", "password", "host", "hostname"]
GETTERS += ["port", "pathname", "search", "hash"]
CORPUS = (DATA / "corpus_sample.txt").read_text("utf-8").splitlines()
WPT = [
    case["input"]
    for case in json.loads((DATA / "wpt" / "urltestdata.json").read_text("utf-8"))
    if isinstance(case, dict) and case.get("base") is None
]
#: What the mutations insert: delimiters, backslashes, C0 and space, percent forms, IPv4
#: and IPv6 pieces, ports at the edge, non-ASCII that IDNA maps or rejects, drive letters.
PIECES = [
    *"\\\t\n /@:[]#?%.^|`{}'\"<>\x00\x7f-",
    "//", "::", "..", "%2e", "%2E", "%41", "%00", "%zz", "%c3%a9",
    "0x", "0", "09", "0x1g", "255", "256", "1.2.3.4", "4294967296", "0xffffffff",
    ":65535", ":65536", ":0",
    "é", "ß", "\uff46", "\u00ad", "\u200d", "xn--", "xn--a", "Ⅻ", "\u0660", "a",
    "C|", "c:", "file:", "http:", "https://", "ws:", "sc:",
]  # fmt: skip


@st.composite
def mutated_urls(draw: st.DrawFn) -> str:
    text: str = draw(st.sampled_from(WPT + CORPUS[:500]))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(("insert", "delete", "replace")))
        piece = draw(st.sampled_from(PIECES))
        if how == "insert":
            text = text[:at] + piece + text[at:]
        elif how == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 3)) :]
        else:
            text = text[:at] + piece + text[at + 1 :]
    return text


#: Bases of each kind: special, file (with a drive letter), non-special, opaque path.
BASES = ["http://u:p@h:8/a/b/c?q#f", "file:///C:/x/y", "file://host/p", "sc://h/a/b", "sc:opaque"]
RELATIVE = ["", "/", "//", "\\", "..", "./x", "../../y", "?q", "#f", "C|", "/C:/z", "x:y", "h:9"]


def _both(text: str, base: str | None = None) -> tuple[object, object]:
    """(ada's getters, urikit's getters), ``None`` for a failure."""
    try:
        theirs = ada_url.URL(text) if base is None else ada_url.URL(text, base)
    except ValueError:
        theirs = None
    try:
        ours = parse(text, base)
    except URISyntaxError:
        ours = None
    return tuple(
        None if url is None else {name: getattr(url, name) for name in GETTERS}
        for url in (theirs, ours)
    )  # type: ignore[return-value]


@pytest.mark.parametrize("text", CORPUS)
def test_the_corpus_reads_as_ada_reads_it(text: str) -> None:
    theirs, ours = _both(text)
    assert ours == theirs


@THOROUGH
@given(mutated_urls())
def test_mutations_read_as_ada_reads_them(text: str) -> None:
    theirs, ours = _both(text)
    assert ours == theirs


@THOROUGH
@given(st.sampled_from(BASES), st.lists(st.sampled_from(RELATIVE + PIECES), max_size=6))
def test_relative_references_resolve_as_ada_resolves_them(base: str, pieces: list[str]) -> None:
    theirs, ours = _both("".join(pieces), base)
    assert ours == theirs
