"""No input makes urikit take time super-linear in its length.

Hang detectors: megabyte inputs of the shapes that make backtracking regex engines go
quadratic or worse are parsed (or rejected), with the right answer, in a child
interpreter that is stopped as hung after ``growth.STOP`` seconds (a bound that stops a
wait, not a speed goal: a super-linear path would take hours on these sizes).

Growth tests (``tests/growth.py``): the time at n and 10n of ``parse`` and ``is_valid``
on those shapes, of ``extract`` and ``html.links`` on the shapes that once made them
quadratic (issue 8) and on others that stress them, and of every other public function
up to 10 MB; the ratio of the times is asserted, never a time.  Sizes are chosen so
that the larger run takes a fraction of a second.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Callable
from typing import Any

import duckdb
import pyarrow as pa
import pytest

import urikit
import urikit._cli.main
import urikit.duckdb
from tests.growth import assert_finishes, assert_linear
from tests.test_extract import RUNS
from urikit import batch

N = 1_000_000
#: (the input of about n characters, valid under RFC 3986, valid under RFC 2396)
SHAPES: list[tuple[Callable[[int], str], bool, bool]] = [
    (lambda n: "a" * n, True, True),  # a scheme that never gets its ":": a relative path
    (lambda n: "a" * n + ":", True, False),  # RFC 2396 §3: an opaque_part has a character
    (lambda n: "http://" + "a" * n, True, True),
    (lambda n: "http://" + "a" * n + " ", False, False),
    (lambda n: "http://" + "a." * (n // 2) + "-", True, True),  # RFC 2396: a reg_name
    (lambda n: "http://" + "a-" * (n // 2), True, True),
    (lambda n: "http://" + "@" * n, False, True),  # RFC 2396 §3.2.1: "@" in a reg_name
    (lambda n: "http://" + "a@" * (n // 2), False, True),
    (lambda n: "http://" + ":" * n, False, True),
    (lambda n: "http://h:" + "1" * n + "x", False, True),
    (lambda n: "http://[" + ":" * n, False, False),
    (lambda n: "http://[" + "1:" * (n // 2) + "]", False, False),
    (lambda n: "http://[v1." + "a" * n + "]", True, False),  # IPvFuture: RFC 3986 only
    (lambda n: "/" * n, True, True),
    (lambda n: "//" + "/" * n, True, True),
    (lambda n: "%" * n, False, False),
    (lambda n: "%4" * (n // 2), False, False),
    (lambda n: "a/" + "%41" * (n // 3) + "%", False, False),
    (lambda n: "?" + "[" * n, False, True),  # RFC 2732 §3: "[" is reserved, so a uric
    (lambda n: "#" * n, False, False),
    (lambda n: "a:" * (n // 2), True, True),
    (lambda n: "x" * n + "é", False, False),
]
GRAMMARS = ["rfc3986", "rfc2396", "rfc3987"]


def _parse_or_error(text: str, grammar: str) -> urikit.URIReference | urikit.URISyntaxError:
    try:
        return urikit.parse(text, grammar=grammar)
    except urikit.URISyntaxError as error:
        return error


def check_megabyte_inputs() -> None:
    """Every shape at N characters, under both grammars: parsed back to itself if valid,
    else an error in the text whose message shows a window of it, not the megabyte."""
    for make, valid_3986, valid_2396 in SHAPES:
        text = make(N)
        for grammar, valid in (("rfc3986", valid_3986), ("rfc2396", valid_2396)):
            found = _parse_or_error(text, grammar)
            if isinstance(found, urikit.URISyntaxError):
                assert not valid, (text[:20], grammar)
                assert 0 <= found.position <= len(text)
                assert len(str(found)) < 500
            else:
                assert valid and str(found) == text, (text[:20], grammar)
            assert urikit.is_valid(text, grammar=grammar) is valid, (text[:20], grammar)


def test_megabyte_inputs_do_not_hang() -> None:
    assert_finishes("from tests.test_linear import check_megabyte_inputs; check_megabyte_inputs()")


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc2396"])
@pytest.mark.parametrize("index", range(len(SHAPES)))
def test_parse_is_linear_in_each_shape(grammar: str, index: int) -> None:
    make = SHAPES[index][0]
    assert_linear(lambda text: _parse_or_error(text, grammar), make, (N // 10, N), repeats=2)
    assert_linear(lambda text: urikit.is_valid(text, grammar=grammar), make, (N // 10, N))


# -- extract: URIs in text ----------------------------------------------------------------
def _extract(**options: object) -> Callable[[str], object]:
    def run(text: str) -> object:
        for found in urikit.extract(text, **options):  # type: ignore[arg-type]
            assert text[found.start : found.end]
        return None

    return run


Shape = tuple[str, Callable[[str], object], Callable[[int], str], tuple[int, int]]
K = 1_000
EXTRACT: list[Shape] = [
    # issue 8: each start re-read the run of URI characters up to its end
    ("a: a: ... <", _extract(), lambda n: "a:" * (n // 2) + " <", (50 * K, 500 * K)),
    ("http:[ http:[ ...", _extract(), lambda n: "http:[" * (n // 6), (20 * K, 200 * K)),
    # ... and the other ways a rejected start can be made to read far
    ("http:% http:% ...", _extract(), lambda n: "http:%" * (n // 6), (10 * K, 100 * K)),
    ("x://[ x://[ ...", _extract(), lambda n: "x://[" * (n // 5), (10 * K, 100 * K)),
    ("http://h:8a/ ...", _extract(), lambda n: "http://h:8a/" * (n // 12), (20 * K, 200 * K)),
    (
        "rfc2396 http:# http:# ...",
        _extract(grammar="rfc2396"),
        lambda n: "http:#" * (n // 6) + " <",
        (20 * K, 200 * K),
    ),
    (
        "mailto: long escapes, then a bad one",
        _extract(),
        lambda n: ("mailto:" + "%41" * 30 + "%") * (n // 98),
        (100 * K, 1000 * K),
    ),
    # _trim on every start: a tail of closing brackets counted again each time
    (
        "http:[ ... )))",
        _extract(),
        lambda n: "http:[" * (n // 12) + ")" * (n // 2),
        (40 * K, 400 * K),
    ),
    (
        "((( http://x/ )))",
        _extract(),
        lambda n: "(" * (n // 2) + "http://x/" + ")" * (n // 2),
        (500 * K, 5000 * K),
    ),
    ("http://x/ )))", _extract(), lambda n: "http://x/" + ")" * n + " <", (300 * K, 3000 * K)),
    # a run of emphasis markers at a URI's end, its balance read once per run
    # (small sizes: a quadratic path here fails in seconds, not after hours)
    ("http://x/___", _extract(), lambda n: "http://x/" + "_" * n + " <", (3 * K, 30 * K)),
    ("http://x/a_**", _extract(), lambda n: "http://x/a_" + "*" * n, (3 * K, 30 * K)),
    ("'http://a/。' ...", _extract(), lambda n: "'http://a/\u3002" * (n // 12), (30 * K, 300 * K)),
    # "<" looked for its ">" again from every start
    ("<a: <a: ...", _extract(), lambda n: "<a:" * (n // 3), (30 * K, 300 * K)),
    ("<<<", _extract(), lambda n: "<" * n, (1000 * K, 10000 * K)),
    ("<http:// <http:// ...", _extract(), lambda n: "<http://" * (n // 8), (50 * K, 500 * K)),
    ("<URL: <URL: ...", _extract(), lambda n: "<URL:" * (n // 5), (50 * K, 500 * K)),
    ("URL: URL: ...", _extract(), lambda n: "URL:" * (n // 4) + " <", (200 * K, 2000 * K)),
    ('"a:a: ..."', _extract(), lambda n: '"' + "a:" * (n // 2) + '" <', (300 * K, 3000 * K)),
    # hyphens at line breaks (RFC 2396 Appendix E)
    ("<http://a-\\n ...", _extract(), lambda n: "<http://a-\n" * (n // 11), (50 * K, 500 * K)),
    (
        "<http://a-\\n -\\n ...>",
        _extract(),
        lambda n: "<http://a" + "-\n " * (n // 3) + ">",
        (1000 * K, 10000 * K),
    ),
    # abbreviated URLs (RFC 2396 Appendix F)
    (
        "a.bc:1[ ...",
        _extract(abbreviated=True),
        lambda n: "a.bc:1[" * (n // 7),
        (100 * K, 1000 * K),
    ),
    ("www.www. ...", _extract(abbreviated=True), lambda n: "www." * (n // 4), (300 * K, 3000 * K)),
    (
        "a.a.a. ... (no /)",
        _extract(abbreviated=True),
        lambda n: "a." * (n // 2) + "com",
        (300 * K, 3000 * K),
    ),
    # text as it comes
    (
        "prose",
        _extract(abbreviated=True),
        lambda n: (
            "See http://example.com/a, then <http://x.example/\n b> and www.w3.org/x. " * (n // 70)
        ),
        (100 * K, 1000 * K),
    ),
    (
        "binary",
        _extract(abbreviated=True),
        lambda n: "\udcff\x00\x01" * (n // 3) + "http://ok.example/",
        (300 * K, 3000 * K),
    ),
    ("one long URI", _extract(), lambda n: "see http://" + "a" * n + " and", (1000 * K, 10000 * K)),
    # IRIs (RFC 3987) and the text around them (issue 10)
    ("one long IRI", _extract(), lambda n: "see http://" + "ü" * n + " and", (1000 * K, 10000 * K)),
    (
        "IRIs in CJK text",
        _extract(),
        lambda n: "「https://例え.jp/パス」、https://例え.jp/。" * (n // 36),
        (100 * K, 1000 * K),
    ),
    ("http://x/…… <", _extract(), lambda n: "http://x/" + "…" * n + " <", (300 * K, 3000 * K)),
    (
        "http://x/…)…) <",
        _extract(),
        lambda n: "http://x/" + "…)" * (n // 2) + " <",
        (300 * K, 3000 * K),
    ),
    ("http:ü\u200e ...", _extract(), lambda n: "http:ü\u200e" * (n // 7), (20 * K, 200 * K)),
    ("http://ü\ue000 ...", _extract(), lambda n: "http://ü\ue000" * (n // 9), (20 * K, 200 * K)),
    (
        "IRIs under rfc2396",
        _extract(grammar="rfc2396"),
        lambda n: "http://h/ü[\u200e" * (n // 13),
        (20 * K, 200 * K),
    ),
    (
        "IDN labels, no /",
        _extract(abbreviated=True),
        lambda n: "пример." * (n // 7) + "рф",
        (300 * K, 3000 * K),
    ),
    (
        "combining marks, abbreviated",
        _extract(abbreviated=True),
        lambda n: "e\u0301" * (n // 2) + ".de/",
        (300 * K, 3000 * K),
    ),
    (
        "a text that is one IRI",
        _extract(),
        lambda n: "http://例え.jp/" + "パ" * n,
        (1000 * K, 10000 * K),
    ),
    # issue 21: what a reader reads (brackets, quotes, escapes, placeholders), each
    # start in a run rejected: the run's brackets and the next quote, "?", "|", reference
    # and script change are found once for all of them
    ("http://h:x/( ...", _extract(), lambda n: "http://h:x/(" * (n // 12), (20 * K, 200 * K)),
    ("(http://[ ...", _extract(), lambda n: "(http://[" * (n // 9), (20 * K, 200 * K)),
    ("http://$h/) ...", _extract(), lambda n: "http://$h/)" * (n // 11), (20 * K, 200 * K)),
    ("'http://$h/ ...", _extract(), lambda n: "'http://$h/" * (n // 11), (20 * K, 200 * K)),
    ("http://$h/| ...", _extract(), lambda n: "http://$h/|" * (n // 11), (20 * K, 200 * K)),
    ("](http://$h/\\( ...", _extract(), lambda n: "](http://$h/\\(" * (n // 14), (20 * K, 200 * K)),
    (
        "\\fBhttp://$h\\- ...",
        _extract(),
        lambda n: "\\fBhttp://$h\\-" * (n // 15),
        (20 * K, 200 * K),
    ),
    ("http://$h/&gt; ...", _extract(), lambda n: "http://$h/&gt;" * (n // 14), (20 * K, 200 * K)),
    ("http://$h/a日 ...", _extract(), lambda n: "http://$h/a日" * (n // 12), (20 * K, 200 * K)),
    ("[a]: http://$h/ ...", _extract(), lambda n: "[a]: http://$h/" * (n // 15), (20 * K, 200 * K)),
    ("<x:<x: ...", _extract(schemes="any"), lambda n: "<x:" * (n // 3), (30 * K, 300 * K)),
    ("http://x/[[[ <", _extract(), lambda n: "http://x/" + "[" * n + " <", (300 * K, 3000 * K)),
    (
        "http://x/{}{} <",
        _extract(),
        lambda n: "http://x/" + "{}" * (n // 2) + " <",
        (300 * K, 3000 * K),
    ),
]


@pytest.mark.parametrize(("name", "fn", "make", "sizes"), EXTRACT, ids=[s[0] for s in EXTRACT])
def test_extract_is_linear(
    name: str, fn: Callable[[str], object], make: Callable[[int], str], sizes: tuple[int, int]
) -> None:
    assert_linear(fn, make, sizes)


def _extract_both(grammar: str) -> Callable[[str], object]:
    plain, abbreviated = _extract(grammar=grammar), _extract(grammar=grammar, abbreviated=True)
    return lambda text: (plain(text), abbreviated(text))


@pytest.mark.parametrize("grammar", GRAMMARS)
@pytest.mark.parametrize("run", RUNS)
def test_extract_is_linear_in_a_run_after_a_url(run: str, grammar: str) -> None:
    """A URL followed by a long run of each character that ends, trails, delimits,
    escapes or opens something (``tests.test_extract.SPECIALS``), or of two in turn, in
    every grammar, with and without abbreviated URLs.  A run of "%" was read once per
    "%" (2,000 took 5 s); "[\\" in turn once per "\\" (a roff "\\[name]" looked for
    to the end of the text).  Small sizes: a quadratic path fails here in seconds."""
    assert_linear(
        _extract_both(grammar), lambda n: "http://a/" + run * (n // len(run)), (2 * K, 20 * K)
    )


# -- html: links and base URI of a document ----------------------------------------------
def _links(document: str) -> object:
    for _ in urikit.html.links(document, retrieval_uri="http://example.com/d/p"):
        pass
    return None


def _base(document: str) -> object:
    return urikit.html.base_uri(document, retrieval_uri="http://example.com/d/p")


HTML: list[Shape] = [
    # issue 8: every end tag read the stack of open elements from the top
    (
        "<svg> <g>... </q>...",
        _links,
        lambda n: "<svg>" + "<g>" * (n // 7) + "</q>" * (n // 7),
        (50 * K, 500 * K),
    ),
    (
        "foreignObject <div>... </span>...",
        _links,
        lambda n: "<svg><foreignObject>" + "<div>" * (n // 12) + "</span>" * (n // 12),
        (100 * K, 1000 * K),
    ),
    (
        "<svg> <template>... </x>...",
        _links,
        lambda n: "<svg>" + "<template>" * (n // 21) + "</x>" * (n // 21),
        (100 * K, 1000 * K),
    ),
    # issue 8: each reference of a tag counted the line breaks from the tag's start
    (
        "srcset on many lines",
        _links,
        lambda n: '<img srcset="' + "a.png 1x,\n" * (n // 10) + '">',
        (100 * K, 1000 * K),
    ),
    (
        "srcset on one line",
        _links,
        lambda n: '<img srcset="' + "a.png 1x, " * (n // 10) + '">',
        (100 * K, 1000 * K),
    ),
    (
        "srcset of &amp;",
        _links,
        lambda n: '<img srcset="' + "&amp; 1x,\n" * (n // 10) + '">',
        (100 * K, 1000 * K),
    ),
    # a tag or a srcset read by one pattern repeating a group (memory per repetition)
    (
        "many attributes",
        _links,
        lambda n: "<a " + "x=1 " * (n // 4) + "href=y>",
        (300 * K, 3000 * K),
    ),
    (
        "srcset of (x)",
        _links,
        lambda n: '<img srcset="a ' + "(x)" * (n // 3) + '">',
        (300 * K, 3000 * K),
    ),
    # other shapes: character references, comments, many elements
    (
        "href of &amp;",
        _links,
        lambda n: '<a href="' + "&amp;" * (n // 5) + '">',
        (200 * K, 2000 * K),
    ),
    ("&# in text", _links, lambda n: "&#" * (n // 2), (1000 * K, 10000 * K)),
    (
        "<a href='&#111...'>",
        _links,
        lambda n: "<a href='&#" + "1" * n + "'>",
        (1000 * K, 10000 * K),
    ),
    ("long comment", _links, lambda n: "<!--" + "-" * n + "->", (1000 * K, 10000 * K)),
    ("<!-- <!-- ...", _links, lambda n: "<!--" * (n // 4), (1000 * K, 10000 * K)),
    ("many <base>", _links, lambda n: '<base href="x">' * (n // 15), (50 * K, 500 * K)),
    (
        "many <template>",
        _links,
        lambda n: "<template>" * (n // 21) + "</template>" * (n // 21),
        (100 * K, 1000 * K),
    ),
    ("<div> nested deep", _links, lambda n: "<div>" * (n // 5), (100 * K, 1000 * K)),
    ("<<<", _links, lambda n: "<" * n, (50 * K, 500 * K)),
    ("</ </ ...", _links, lambda n: "</" * (n // 2), (1000 * K, 10000 * K)),
    ("<a <a ... unclosed", _links, lambda n: "<a " * (n // 3), (1000 * K, 10000 * K)),
    ("<svg><![CDATA[ ...", _links, lambda n: "<svg><![CDATA[" * (n // 14), (1000 * K, 10000 * K)),
    (
        "<script> </scrip ...",
        _links,
        lambda n: "<script>" + "</scrip" * (n // 7),
        (1000 * K, 10000 * K),
    ),
    ("many links", _links, lambda n: '<a href="x">' * (n // 12), (50 * K, 500 * K)),
    (
        "many distinct links",
        _links,
        lambda n: "".join(f'<a href="/p{i}">' for i in range(n // 16)),
        (50 * K, 500 * K),
    ),
    # IRI references (issue 10): encoded as HTML's URL parser encodes them
    ("many IRI links", _links, lambda n: '<a href="/ü?q=é">' * (n // 17), (50 * K, 500 * K)),
    (
        "many IRI hosts",
        _links,
        lambda n: "".join(f'<a href="//ü{i}.example/">' for i in range(n // 26)),
        (20 * K, 200 * K),
    ),
    (
        "a long query in latin-1",
        lambda d: list(urikit.html.links(d, retrieval_uri="http://h/", encoding="latin-1")),
        lambda n: '<a href="/?q=' + "日é" * (n // 2) + '">',
        (100 * K, 1000 * K),
    ),
    (
        "base_uri after <template>...",
        _base,
        lambda n: "<template>" * (n // 10) + '<base href="x">',
        (100 * K, 1000 * K),
    ),
]


@pytest.mark.parametrize(("name", "fn", "make", "sizes"), HTML, ids=[s[0] for s in HTML])
def test_html_is_linear(
    name: str, fn: Callable[[str], object], make: Callable[[int], str], sizes: tuple[int, int]
) -> None:
    assert_linear(fn, make, sizes)


# -- every other public function, up to 10 MB --------------------------------------------
M = 1_000_000
BIG = (M, 10 * M)
MID = (300 * K, 3 * M)  # where 10 MB would take seconds: linear, but slow per byte
#: lint's host and context rules (issue 22): a second per 300,000 characters of IDNA work
HOSTS = (30 * K, 300 * K)
#: Where the compiled core's time per character steps up about four times between 3 and
#: 10 million characters (flat again from 10 to 30 million: the memory of its buffers,
#: not its algorithm), which the ratio of the times at 1 and 10 MB reads as super-linear.
#: Below that step: a fast call is timed many times over (tests/growth.py, FLOOR).
BELOW_STEP = (100 * K, M)


def _cli_extract_json(path: str) -> object:
    """``urikit extract --json FILE``: the column of each match on one long line."""
    with contextlib.redirect_stdout(io.StringIO()):
        return urikit._cli.main.main(["extract", "--json", path])


#: A column of rows from 10 to 100 KB each (issue 25: buffers grown row by row stepped up
#: 2.5-4 times in between).
ROWS = (10 * K, 100 * K)


def _column(row: str) -> Any:
    """An Arrow column of 10 copies of ``row`` (and a null)."""
    return pa.array([row] * 5 + [None] + [row] * 5, pa.string())


def _file(tmp: list[str], text: str) -> str:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
        file.write(text)
    tmp.append(file.name)
    return file.name


_FILES: list[str] = []


def _complete_or_error(text: str) -> object:
    try:
        return urikit.complete(text)
    except urikit.URISyntaxError as error:
        return error


_DUCKDB: list[Any] = []


def _duckdb_extract(text: str) -> object:
    """DuckDB's ``uri_extract`` of one row (a connection made once)."""
    if not _DUCKDB:
        _DUCKDB.append(duckdb.connect())
        urikit.duckdb.register(_DUCKDB[0])
    return _DUCKDB[0].execute("SELECT uri_extract(?)", [text]).fetchall()


#: The clients of ``extract`` on a URL and a run of "%" (each an escape left open at the
#: end, once read again per "%"): the sizes of the runs' tests of ``extract``.
RUN = (2 * K, 20 * K)
CORE: list[tuple[str, Callable[[Any], object], Callable[[int], Any], tuple[int, int]]] = [
    ("batch extract %", batch.extract, lambda n: _column("http://a/" + "%" * n), RUN),
    ("duckdb uri_extract %", _duckdb_extract, lambda n: "http://a/" + "%" * n, RUN),
    (
        "cli extract --json %",
        _cli_extract_json,
        lambda n: _file(_FILES, "http://a/" + "%" * n),
        RUN,
    ),
    ("parse", urikit.parse, lambda n: "http://h/" + "a/" * (n // 2), BIG),
    (
        "is_valid 2396",
        lambda t: urikit.is_valid(t, grammar="rfc2396"),
        lambda n: "a/" * (n // 2),
        BIG,
    ),
    ("validate host", lambda t: urikit.validate(t, rule="host"), lambda n: "a." * (n // 2), BIG),
    (
        "validate IPv6",
        lambda t: urikit.is_valid(t, rule="IPv6address"),
        lambda n: "1:" * (n // 2),
        BIG,
    ),
    (
        "port_number",
        lambda t: urikit.parse(t).port_number,
        lambda n: "http://h:" + "0" * n + "1",
        BIG,
    ),
    (
        "resolve ../",
        lambda r: urikit.resolve("http://a/b/", r),
        lambda n: "../" * (n // 3) + "g",
        BELOW_STEP,
    ),
    (
        "resolve 2396 ../ drop",
        lambda r: urikit.resolve("http://a/b/", r, grammar="rfc2396", above_root="drop"),
        lambda n: "../" * (n // 3) + "g",
        BIG,
    ),
    (
        "resolve a/../",
        lambda r: urikit.resolve("http://a/b/", r),
        lambda n: "a/../" * (n // 5),
        BELOW_STEP,
    ),
    (
        "relativize",
        lambda t: urikit.relativize("http://a/" + "a/" * 1000, t),
        lambda n: "http://a/" + "b/" * (n // 2),
        BIG,
    ),
    (
        "relativize 2396 deep base",
        lambda b: urikit.relativize(b, "http://a/x", grammar="rfc2396"),
        lambda n: "http://a/" + "a/" * (n // 2),
        BIG,
    ),
    ("remove_dot_segments", urikit.remove_dot_segments, lambda n: "/a/./b/.." * (n // 9), BIG),
    (
        "normalize dots",
        urikit.normalize,
        lambda n: "http://a/" + "a/./../" * (n // 7),
        BELOW_STEP,
    ),
    ("normalize %", urikit.normalize, lambda n: "http://a/" + "%7e%2f" * (n // 6), BELOW_STEP),
    ("normalize mailto", urikit.normalize, lambda n: "mailto:" + "a@B," * (n // 4), BIG),
    (
        "normalize 2396",
        lambda t: urikit.normalize(t, grammar="rfc2396"),
        lambda n: "http://A/" + "%21a" * (n // 4),
        BIG,
    ),
    ("equivalent", lambda t: urikit.equivalent(t, t.upper()), lambda n: "http://a/" + "b" * n, BIG),
    ("quote", urikit.quote, lambda n: "ü /" * (n // 3), BIG),
    ("unquote", urikit.unquote, lambda n: "%C3%BC" * (n // 6), MID),
    ("unquote mixed", urikit.unquote, lambda n: "ü%41" * (n // 4), MID),
    ("unquote_to_bytes", urikit.unquote_to_bytes, lambda n: "%41a" * (n // 4), BIG),
    ("requote", urikit.requote, lambda n: "http://h/" + "a b%" * (n // 4), MID),
    ("requote authority", urikit.requote, lambda n: "http://" + "a@" * (n // 2) + "/", MID),
    ("requote IRI", urikit.requote, lambda n: "http://bücher.de/" + "ä b" * (n // 3), MID),
    (
        "requote IRI authority",
        urikit.requote,
        lambda n: "http://" + "ü@" * (n // 2) + "bücher.de/",
        MID,
    ),
    (
        "compose",
        lambda p: urikit.compose(scheme="s", host="h", path=p),
        lambda n: "a b/" * (n // 4),
        BIG,
    ),
    ("parse_query", urikit.parse_query, lambda n: "a=b+c&" * (n // 6), MID),
    ("build_query", urikit.build_query, lambda n: [("a", "b c")] * (n // 6), MID),
    ("complete", urikit.complete, lambda n: "www.example.com/" + "a/" * (n // 2), BIG),
    ("complete bad", _complete_or_error, lambda n: "www." + "a" * n + " x", BIG),
    ("complete IRI", urikit.complete, lambda n: "bücher.de/" + "ä/" * (n // 2), BIG),
    (
        "replace",
        lambda p: urikit.parse("http://h/").replace(path=p, query=p[1:]),
        lambda n: "/a" * (n // 2),
        BIG,
    ),
    ("lint dots", urikit.lint, lambda n: "http://" + "1." * (n // 2) + "1/", BIG),
    ("lint rare IPv4", urikit.lint, lambda n: "http://0x" + "0" * n + "7f.1/", BIG),
    ("lint %", urikit.lint, lambda n: "http://h/" + "%2e%2e/%0a%252e" * (n // 14), MID),
    ("lint ;", urikit.lint, lambda n: "http://h/?" + "&amp;" * (n // 5), BIG),
    ("lint backslash", urikit.lint, lambda n: "http://" + "a\\" * (n // 2) + "@b/", BIG),
    ("lint blanks", urikit.lint, lambda n: " " * n + "javascript:x", BIG),
    ("lint userinfo", urikit.lint, lambda n: "http://" + "a." * (n // 2) + "com@h/", BIG),
    (
        "lint IRI host",
        lambda t: urikit.lint(t, grammar="rfc3987"),
        lambda n: "http://" + "\u0430-b." * (n // 4) + "xn--pple-43d/",
        MID,
    ),
    ("lint port", urikit.lint, lambda n: "http://h:" + "9" * n + "/", BIG),
    # issue 22: the host as resolvers read it, and the rules that read a component in context
    ("lint invisible host", urikit.lint, lambda n: "http://" + "a\u200b" * (n // 2) + "/", HOSTS),
    ("lint deviation host", urikit.lint, lambda n: "http://" + "\u00df." * (n // 2) + "x/", HOSTS),
    ("lint long label", urikit.lint, lambda n: "http://" + "\u00e9" * n + ".example/", HOSTS),
    (
        "lint confusable labels",
        urikit.lint,
        lambda n: "http://" + "\u0430." * (n // 2) + "com/",
        HOSTS,
    ),
    ("lint numbers", urikit.lint, lambda n: "http://" + "9" * n + "/", BIG),
    ("lint encoded slashes", urikit.lint, lambda n: "http://h/" + "a%2F" * (n // 4), HOSTS),
    ("lint leading slashes", urikit.lint, lambda n: "/" + "%2F" * (n // 3), HOSTS),
    ("lint mailto body", urikit.lint, lambda n: "mailto:a@b?body=" + "%0D%0A" * (n // 6), HOSTS),
    ("lint parameters", urikit.lint, lambda n: "http://h/?" + "a=java%3A&" * (n // 10), HOSTS),
    ("lint path parameters", urikit.lint, lambda n: "http://h/" + "a;/" * (n // 3), BIG),
    ("lint zone", urikit.lint, lambda n: "http://[fe80::1%25" + "a" * n + "]/", BIG),
    ("lint latin-1 breaks", urikit.lint, lambda n: "http://h/" + "\u010d" * n, HOSTS),
    (
        "redirect_target",
        lambda t: urikit.redirect_target(t, allowed_hosts=["h"]),
        lambda n: "http://h/" + "a%2F" * (n // 4),
        HOSTS,
    ),
    (
        "cli extract --json",
        _cli_extract_json,
        lambda n: _file(_FILES, "http://a/ " * (n // 10)),
        (100 * K, 1000 * K),
    ),
    # issue 25: an Arrow column of URLs of 10 to 100 KB, written into buffers sized once
    (
        "batch normalize dots",
        batch.normalize,
        lambda n: _column("http://a/" + "a/./../" * (n // 7)),
        ROWS,
    ),
    (
        "batch normalize %",
        batch.normalize,
        lambda n: _column("http://a/" + "%7e%2F" * (n // 6)),
        ROWS,
    ),
    (
        "batch resolve ../",
        lambda c: batch.resolve("http://a/b/", c),
        lambda n: _column("../" * (n // 3) + "g"),
        ROWS,
    ),
    (
        "batch resolve a/../",
        lambda c: batch.resolve("http://a/b/", c),
        lambda n: _column("a/../" * (n // 5) + "?" + "q" * (n // 2)),
        ROWS,
    ),
]


@pytest.mark.parametrize(("name", "fn", "make", "sizes"), CORE, ids=[s[0] for s in CORE])
def test_public_functions_are_linear(
    name: str, fn: Callable[[Any], object], make: Callable[[int], Any], sizes: tuple[int, int]
) -> None:
    try:
        assert_linear(fn, make, sizes, repeats=2)
    finally:
        while _FILES:
            os.unlink(_FILES.pop())
