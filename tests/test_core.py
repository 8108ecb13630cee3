"""The compiled core (issue 13, ``csrc/core.c``) against the pure-Python engine.

- Its character classes are generated from ``urikit._syntax.charsets`` (``csrc/gen_tables.py``):
  the header is up to date and the compiled tables equal the Python sets.
- Differential: on generated references, near misses and mutations of every rule of
  RFC 3986 and RFC 3987, the core's split, validity, resolution and normalization equal
  the Python engine's, exactly (components, ``None`` for absent, errors).
- Safety: any code point, embedded NULs, lone surrogates, long inputs, bad column
  buffers; and memory stays flat over many calls (no leaked references).

CI runs the suite with the core (3.11 and 3.13) and without it (3.10, with
``URIKIT_PURE_PYTHON=1``), and these tests under AddressSanitizer and
UndefinedBehaviorSanitizer (``.ci/run``).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tracemalloc
from array import array
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from tests.profiles import THOROUGH
from tests.strategies import IRI_MUTATION_ALPHABET, MUTATION_ALPHABET
from urikit import _engine, _operations, schemes
from urikit._algorithms.iri import encode_ucs
from urikit._algorithms.normalize import LEVELS
from urikit._syntax import charsets as cs
from urikit._syntax.grammar import GRAMMARS, Grammar
from urikit._syntax.parse import split_python
from urikit.strategies import near_misses, references

ROOT = Path(__file__).resolve().parent.parent
PURE = os.environ.get("URIKIT_PURE_PYTHON", "") not in ("", "0")
CORE_GRAMMARS = [g for g in GRAMMARS.values() if g.core is not None]


def test_the_core_is_built_where_ci_expects_it() -> None:
    """CI builds the core (URIKIT_REQUIRE_CORE=1) and runs one interpreter without it."""
    if PURE:
        assert _engine.core is None
    elif os.environ.get("URIKIT_TEST_PROFILE") in ("ci", "ci-engine"):
        assert _engine.core is not None, "the compiled core was not built"


#: The compiled core's own tests: deselected on the pure-Python engine (tests/conftest.py).
needs_core = pytest.mark.core


def core() -> Any:
    assert _engine.core is not None
    return _engine.core


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_tables", ROOT / "csrc" / "gen_tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generated_header_is_up_to_date(monkeypatch: pytest.MonkeyPatch) -> None:
    # the generator sets URIKIT_PURE_PYTHON=1 for itself: put back as it was after the
    # test, or every child process that a later test of this worker starts would run the
    # pure-Python engine unasked
    monkeypatch.setenv("URIKIT_PURE_PYTHON", "1")
    assert (ROOT / "csrc" / "tables.h").read_text("utf-8") == _generator().render()
    assert os.environ["URIKIT_PURE_PYTHON"] == "1"


# -- the tables are the grammar's sets ----------------------------------------------------
COMPONENTS = ("scheme", "userinfo", "host", "path", "first_segment", "query", "fragment")
SHARED = (cs.IP_LITERAL, cs.ALPHA, cs.DIGIT, cs.HEXDIG, cs.UNRESERVED, cs.IPVFUTURE_TAIL)


@needs_core
@pytest.mark.parametrize("g", CORE_GRAMMARS, ids=lambda g: g.name)
def test_the_compiled_classes_are_the_python_sets(g: Grammar) -> None:
    for index, name in enumerate(COMPONENTS):
        char_class = getattr(g, name)
        ascii_flags, wide = core().class_table(g.core, index)
        assert {chr(c) for c in range(128) if ascii_flags[c]} == {
            chr(c) for c in range(128) if chr(c) in char_class
        }, name
        assert wide == char_class.wide.spans, name
    for index, chars in enumerate((*SHARED, cs.ZONE_ID), len(COMPONENTS)):
        ascii_flags, _ = core().class_table(g.core, index)
        assert {chr(c) for c in range(128) if ascii_flags[c]} == set(chars)


# -- differential: the core and the Python engine ------------------------------------------
def _python_components(text: str, g: Grammar, rule: str) -> tuple[str | None, ...] | None:
    parts = split_python(text, g, g.rules[rule])
    return None if parts is None else (parts[0], *parts.groups())


def _core_components(text: str, g: Grammar, rule: str) -> tuple[str | None, ...] | None:
    parts = core().split(text, g.core, g.rules[rule].flags)
    return None if parts is None else tuple(parts)


@contextmanager
def python_engine() -> Iterator[None]:
    """The public functions on the Python engine alone."""
    names = ("core_resolve", "core_normalize")  # the entry points _operations bound
    saved = {name: vars(_operations)[name] for name in names}
    vars(_operations).update(dict.fromkeys(names))
    try:
        yield
    finally:
        vars(_operations).update(saved)


def _outcome(function: Callable[[], str]) -> tuple[str, object]:
    try:
        return ("ok", function())
    except ValueError as error:  # URISyntaxError, ResolutionError: the same fields
        return (type(error).__name__, str(error))


def check_same(text: str, g: Grammar) -> None:
    """Every operation of the core on ``text`` equals the Python engine's."""
    for rule in dict.fromkeys(g.rules.values()):
        expected = _python_components(text, g, rule.name)
        assert _core_components(text, g, rule.name) == expected, (text, rule.name)
        assert core().is_valid(text, g.core, rule.flags) == (expected is not None)
    if g.name == "rfc3987":  # RFC 3987 §3.1
        fits = _python_components(text, g, "IRI-reference") is not None
        assert core().iri_to_uri(text) == (encode_ucs(text) if fits else None)
    for level in ("string", "syntax", "scheme"):
        got = _outcome(lambda: urikit.normalize(text, level=level, grammar=g))  # noqa: B023
        with python_engine():
            want = _outcome(lambda: urikit.normalize(text, level=level, grammar=g))  # noqa: B023
        assert got == want, (text, level)
    for base in BASES:
        for strict in (True, False):
            for above_root in (None, "keep"):

                def resolved(b: str = base, s: bool = strict, a: Any = above_root) -> str:
                    return urikit.resolve(b, text, grammar=g, strict=s, above_root=a)

                got = _outcome(resolved)
                with python_engine():
                    assert got == _outcome(resolved), (base, text, strict, above_root)
    if _python_components(text, g, "URI-reference") is not None and text[:1].isalpha():
        for ref in REFS:  # the text as a base
            got = _outcome(lambda: urikit.resolve(text, ref, grammar=g))  # noqa: B023
            with python_engine():
                want = _outcome(lambda: urikit.resolve(text, ref, grammar=g))  # noqa: B023
            assert got == want, (text, ref)


BASES = ("http://a/b/c/d;p?q", "http://a", "foo:b/c", "x:", "http://a/b/../c/")
#: RFC 3986 §5.4's references and a few of ours.
REFS = (
    *(
        [
            "g:h",
            "g",
            "./g",
            "g/",
            "/g",
            "//g",
            "?y",
            "g?y",
            "#s",
            "g#s",
            "g?y#s",
            ";x",
            "g;x",
            "g;x?y#s",
            ".",
            "./",
            "..",
            "../",
            "../g",
        ]
    ),
    *(
        [
            "../..",
            "../../",
            "../../g",
            "../../../g",
            "../../../../g",
            "/./g",
            "/../g",
            "g.",
            ".g",
            "g..",
            "..g",
        ]
    ),
    *(["./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "http:g"]),
    "",
    "a:b:c",
    "//[v7.x]/./a",
    ".//x",
)


@needs_core
@pytest.mark.parametrize("g", CORE_GRAMMARS, ids=lambda g: g.name)
@pytest.mark.parametrize("rule", [None, "URI", "absolute-URI", "relative-ref"])
@THOROUGH
@given(data=st.data())
def test_the_core_answers_as_the_python_engine(
    g: Grammar, rule: str | None, data: st.DataObject
) -> None:
    valid = data.draw(references(grammar=g, rule=rule))
    check_same(valid, g)
    check_same(data.draw(near_misses(grammar=g, rule=rule)), g)


@needs_core
@pytest.mark.parametrize("g", CORE_GRAMMARS, ids=lambda g: g.name)
@THOROUGH
@given(text=st.text(alphabet=MUTATION_ALPHABET + "\x00\ud800\udfff\u200e\U0010fffd", max_size=40))
def test_the_core_answers_as_the_python_engine_on_any_text(g: Grammar, text: str) -> None:
    check_same(text, g)


#: What the tables and walkers must get right: every class boundary of the grammars.
EDGES = [
    "",
    ":",
    "a:",
    "//",
    "///",
    "a://",
    "a://@",
    "a://[",
    "a://[]",
    "a://[::]",
    "a://[::1]:80/x",
    "a://[::1%25eth0]",
    "a://[::1%25]",
    "a://[::1%2]",
    "a://[fe80::1%25%41b]",
    "a://[fe80::1%25%4]",
    "a://[v1.x]",
    "a://[V1.x:y]",
    "a://[v.x]",
    "a://[v1.]",
    "a://[v1x]",
    "a://[1:2:3:4:5:6:7:8]",
    "a://[1:2:3:4:5:6:7:8::]",
    "a://[1:2:3:4:5:6:7::]",
    "a://[::1.2.3.4]",
    "a://[::ffff:1.2.3.256]",
    "a://[1:2:3:4:5:6:1.2.3.4]",
    "a://[1:2:3:4:5:1.2.3.4]",
    "a://[::01.2.3.4]",
    "a://[12345::]",
    "a://[:1::]",
    "a://[1:]",
    "a://u@h:1/p?q#f",
    "a://u@@h",
    "a://u%4@h",
    "a://u%41@h",
    "a://h:x",
    "a://h:",
    "%",
    "%4",
    "%zz",
    "a%41:b",
    "1a:b",
    "a:b:c",
    "./a:b",
    "?#",
    "#?",
    "a:/\x00",
    "\ud800",
    "a://ü/ü?ü#ü",
    "a://h/\u200e",
    "a:?\ue000",
    "a:#\ue000",
    "a:/\U000e0fff",
    "a:/\U000e1000",
    "a:/\ufffd\ufffe",
    "HTTP://Example.COM:080/%7e/./a/../b/%2F?%41#%61",
    "HTTP://Example.COM:80",
    "http://h:00",
    "http://localhost/x",
    "file://localhost/x",
    "file://LOCALHOST/x",
    "file://u@localhost/x",
    "mailto:A@B.COM",
    "MAILTO:x@Y.org",
    "urn:ISBN:1",
    "a:/.//x",
    "a:.//x",
    "/.//x",
    "a/../..//b",
    "http://h:99999999999999999999999/",
    "http://[::1%25Eth%30]/",
    "http://%41%2f@h/",
]


@needs_core
@pytest.mark.parametrize("g", CORE_GRAMMARS, ids=lambda g: g.name)
@pytest.mark.parametrize("text", EDGES)
def test_the_core_answers_as_the_python_engine_on_the_edges(g: Grammar, text: str) -> None:
    check_same(text, g)


@needs_core
def test_the_core_reads_the_scheme_registry_live() -> None:
    """A scheme registered, replaced or removed at run time (RFC 3986 §6.2.3)."""
    from urikit import schemes

    http = schemes.get("http")
    assert http is not None
    assert urikit.normalize("http://h:8080/") == "http://h:8080/"
    schemes.register(schemes.Scheme("http", 8080))
    try:
        assert urikit.normalize("http://h:8080/") == "http://h/"
        assert urikit.normalize("http://h:80/") == "http://h:80/"
        schemes.unregister("http")
        assert urikit.normalize("HTTP://h:80") == "http://h:80"
    finally:
        schemes.register(http)
    assert urikit.normalize("http://h:80") == "http://h/"


@needs_core
def test_a_str_subclass_gives_plain_strings() -> None:
    class Text(str):
        pass

    ref = urikit.parse(Text("http://a/b"))
    assert type(str(ref)) is str and type(ref.path) is str and ref.path == "/b"


@needs_core
def test_the_core_takes_only_strings() -> None:
    with pytest.raises(TypeError):
        core().split(b"http://a", 0, 0)
    with pytest.raises(TypeError):
        urikit.parse(b"http://a")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        core().split("a", 7, 0)  # no such grammar
    assert core().resolve(b"http://a", "b", 0, True, False) is None  # the Python path says why


# -- safety ---------------------------------------------------------------------------------
@needs_core
@pytest.mark.parametrize("g", CORE_GRAMMARS, ids=lambda g: g.name)
def test_every_code_point_in_every_component(g: Grammar) -> None:
    """Each code point (surrogates included) in each component: the same as Python."""
    flags = g.rules["URI-reference"].flags
    points = [
        *range(0x300),
        *range(0xD7F0, 0xE010),
        *range(0xFDC0, 0xFE00),
        *range(0xFFF0, 0x10010),
    ]
    points += [0xE0FFF, 0xE1000, 0xEFFFD, 0xEFFFE, 0xF0000, 0x10FFFD, 0x10FFFF]
    for code in points:
        char = chr(code)
        for text in (f"{char}", f"a://{char}@h", f"a://{char}", f"a:/{char}", f"a:?{char}#{char}"):
            expected = split_python(text, g, g.rules["URI-reference"])
            found = core().split(text, g.core, flags)
            assert (found is None) == (expected is None), (g.name, hex(code), text)
            if found is not None:
                assert tuple(found[1:]) == expected.groups()  # type: ignore[union-attr]


@needs_core
def test_long_inputs() -> None:
    long_path = "http://h/" + "a/./../" * 200_000 + "x"
    assert urikit.normalize(long_path) == "http://h/x"
    assert urikit.resolve(long_path, "../" * 100_000 + "y") == "http://h/y"
    assert urikit.is_valid("a:" + "/ü" * 1_000_000, grammar="rfc3987")
    assert not urikit.is_valid("a:" + "/ü" * 1_000_000)


@needs_core
def test_memory_stays_flat() -> None:
    """No reference or allocation leaks: many calls leave the traced memory where it was."""
    texts = ["http://u@h:80/a/./b/../c?q#f", "HTTP://[::1%25x]/%7e", "a:/ü", "bad text"]

    def work() -> None:
        for _ in range(3000):
            for text in texts:
                core().split(text, 0, 0)
                core().split(text, 1, 0)
                core().is_valid(text, 1, 0)
                core().normalize(text, 0, 2)
                core().normalize(text, 1, 1)
                core().resolve("http://a/b/c", text, 0, True, False)
                core().resolve(text, "../x", 1, False, True)
        _column_call("column_split", texts * 10)
        _column_call("column_normalize", texts * 10, level=True)

    work()  # warm up caches and interned strings
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        work()
        work()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 64 * 1024, grown


# -- columns (Arrow's layout, from plain buffers) -----------------------------------------
def _buffers(rows: Sequence[str | None], *, large: bool = False) -> tuple[Any, ...]:
    data = bytearray()
    offsets = array("q" if large else "i", [0])
    validity = bytearray((len(rows) + 7) // 8)
    for i, row in enumerate(rows):
        if row is not None:
            validity[i // 8] |= 1 << (i % 8)
            data += row.encode("utf-8", "surrogatepass")
        offsets.append(len(data))
    return bytes(validity), offsets.tobytes(), bytes(data)


def _bits(bitmap: bytes, length: int) -> list[bool]:
    return [bool(bitmap[i // 8] >> (i % 8) & 1) for i in range(length)]


def _strings(triple: tuple[bytes, bytes, bytes], length: int, large: bool) -> list[str | None]:
    validity, offsets, data = triple
    ends = array("q" if large else "i")
    ends.frombytes(offsets)
    assert len(ends) == length + 1 and ends[0] == 0
    present = _bits(validity, length)
    return [data[ends[i] : ends[i + 1]].decode() if present[i] else None for i in range(length)]


def _column_call(
    name: str, rows: Sequence[str | None], *, large: bool = False, level: bool = False
) -> Any:
    validity, offsets, data = _buffers(rows, large=large)
    last = 2 if level else 0
    return getattr(core(), name)(validity, offsets, data, 0, len(rows), large, 0, last)


COLUMN = [
    "http://a/b/c/d;p?q",
    None,
    "HTTP://Example.COM:80/%7e/./a/../b",
    "bad text",
    "",
    "a://ü/ü",
    "mailto:X@Y.COM",
    "../g?y#s",
    "a:b\ud800",
]


@needs_core
@pytest.mark.parametrize("large", [False, True])
def test_columns_answer_as_the_per_url_functions(large: bool) -> None:
    rows = COLUMN
    n = len(rows)
    for g in CORE_GRAMMARS:
        validity, offsets, data = _buffers(rows, large=large)
        valid = _bits(core().column_valid(validity, offsets, data, 0, n, large, g.core, 0), n)
        assert valid == [row is not None and urikit.is_valid(row, grammar=g) for row in rows]
        bits, parts = core().column_split(validity, offsets, data, 0, n, large, g.core, 0)
        assert _bits(bits, n) == valid
        columns = [_strings(part, n, large) for part in parts]
        for i, row in enumerate(rows):
            if valid[i]:
                ref = urikit.parse(row, grammar=g)  # type: ignore[arg-type]
                assert [column[i] for column in columns] == [
                    *(ref.scheme, ref.authority, ref.userinfo, ref.host, ref.port),
                    *(ref.path, ref.query, ref.fragment),
                ]
            else:
                assert all(column[i] is None for column in columns)
        for level, name in enumerate(("string", "syntax", "scheme")):
            got, left = core().column_normalize(validity, offsets, data, 0, n, large, g.core, level)
            want = [
                urikit.normalize(row, level=name, grammar=g) if valid[i] else None  # type: ignore[arg-type]
                for i, row in enumerate(rows)
            ]
            # the rows left to Python are null, and the ones the per-string normalize leaves
            answers = _strings(got, n, large)
            assert all(answers[i] is None for i in left)
            assert left == [
                i
                for i, row in enumerate(rows)
                if valid[i] and core().normalize(row, g.core, level) is None
            ]
            for i in left:
                answers[i] = want[i]
            assert answers == want
        base = "http://a/b/c/d;p?q"
        got, left = core().column_resolve(base, validity, offsets, data, 0, n, large, g.core)
        assert left == []
        want = [
            urikit.resolve(base, row, grammar=g) if valid[i] else None  # type: ignore[arg-type]
            for i, row in enumerate(rows)
        ]
        assert _strings(got, n, large) == want


def _python_answer(function: Callable[[], str]) -> str | None:
    """What the batch API makes of a row: the Python engine's answer, None for an error."""
    with python_engine():
        try:
            return function()
        except ValueError:  # URISyntaxError, ResolutionError
            return None


#: Bases of column_resolve: RFC 3986 §5.4's, one without authority, an IRI (the last).
COLUMN_BASES = ("http://a/b/c/d;p?q", "foo:b/c", "HTTP://A/b/../c/", "http://ü.example/ä/b?q")


def _rows(g: Grammar) -> st.SearchStrategy[list[str | None]]:
    row = st.one_of(
        references(grammar=g),
        near_misses(grammar=g),
        st.text(alphabet=IRI_MUTATION_ALPHABET + "ÄÉé%7eE", max_size=24),
        st.none(),
    )
    return st.lists(row, max_size=8)


@needs_core
def test_a_scheme_and_host_are_lowered_eight_bytes_at_a_time_as_one_by_one() -> None:
    """§6.2.2.1: every ASCII and Latin-1 character in hosts of 1 to 20 characters across
    the core's steps (eight bytes, the last eight again, or the first and last four: a
    str's Latin-1 units and a column's UTF-8 bytes), and schemes of 1 to 10 characters,
    under both core grammars: the Python engine's case."""
    rows = [
        f"HTTP{tail}://{prefix}{c * size}/P"
        for c in map(chr, range(0x21, 0x100))
        for size in (1, 3, 4, 5, 7, 8, 9, 16, 17)
        for tail, prefix in (("", ""), ("ABCD", "Xy"), ("S", "X"))
    ]
    rows += [f"A{c * size}://H/" for c in "AZaz09+-." for size in range(10)]
    for g in CORE_GRAMMARS:
        kept = [row for row in rows if urikit.is_valid(row, grammar=g)]
        with python_engine():
            want = [urikit.normalize(row, grammar=g) for row in kept]
        assert [urikit.normalize(row, grammar=g) for row in kept] == want
        got, left = core().column_normalize(*_buffers(kept), 0, len(kept), False, g.core, 2)
        column = _strings(got, len(kept), False)
        assert [column[i] for i in range(len(kept)) if i not in left] == [
            want[i] for i in range(len(kept)) if i not in left
        ]
        assert len(kept) > 500 and len(left) < len(kept) // 10


@needs_core
@pytest.mark.parametrize("g", CORE_GRAMMARS, ids=lambda g: g.name)
@THOROUGH
@given(data=st.data())
def test_columns_answer_as_the_python_engine(g: Grammar, data: st.DataObject) -> None:
    """column_normalize and column_resolve, on the UTF-8 bytes of the rows (a lone
    surrogate's bytes are no UTF-8: an invalid row), equal the Python engine's per-URL
    functions, the rows they leave to Python aside."""
    rows = data.draw(_rows(g))
    large = data.draw(st.booleans())
    n = len(rows)
    validity, offsets, data_ = _buffers(rows, large=large)
    for level, name in enumerate(LEVELS):
        got, left = core().column_normalize(validity, offsets, data_, 0, n, large, g.core, level)
        answers = _strings(got, n, large)
        for i, row in enumerate(rows):
            want = (
                None
                if row is None
                else _python_answer(
                    lambda: urikit.normalize(row, level=name, grammar=g)  # noqa: B023
                )
            )
            if i in left:
                assert answers[i] is None and want is not None, (row, name)
            else:
                assert answers[i] == want, (row, name)
    for base in COLUMN_BASES if g.name == "rfc3987" else COLUMN_BASES[:-1]:
        got, left = core().column_resolve(base, validity, offsets, data_, 0, n, large, g.core)
        assert left == []
        want_rows = [
            None if row is None else _python_answer(lambda: urikit.resolve(base, row, grammar=g))  # noqa: B023
            for row in rows
        ]
        assert _strings(got, n, large) == want_rows, base


@needs_core
@pytest.mark.parametrize("g", CORE_GRAMMARS, ids=lambda g: g.name)
def test_bytes_that_are_no_utf8_are_an_invalid_row(g: Grammar) -> None:
    """RFC 3629 §3-4: an overlong form, a surrogate, a truncated or stray continuation
    byte, a code point past U+10FFFF: the row is invalid (null), never read as text."""
    bad = [b"\xc0\xaf", b"\xed\xa0\x80", b"\xe4\xb8", b"\x80", b"\xf4\x90\x80\x80", b"\xff"]
    rows = [b"http://h/p" + octets + b"/q" for octets in bad] + ["http://h/ü".encode()]
    data = b"".join(rows)
    ends = [0]
    for row in rows:
        ends.append(ends[-1] + len(row))
    offsets = array("i", ends).tobytes()
    n = len(rows)
    got, left = core().column_normalize(None, offsets, data, 0, n, False, g.core, 2)
    iri = g.name == "rfc3987"
    assert left == [] and _strings(got, n, False) == [None] * (n - 1) + [
        "http://h/ü" if iri else None
    ]
    got, left = core().column_resolve("http://a/b", None, offsets, data, 0, n, False, g.core)
    assert _strings(got, n, False) == [None] * (n - 1) + ["http://h/ü" if iri else None]


@needs_core
def test_a_column_asks_the_registry_once_per_scheme() -> None:
    """The scheme facts of a column are read once per distinct scheme (by its lower-case
    bytes), live: a scheme registered between two calls counts in the second."""
    rows = [
        "X-Bytes://h:77/",
        "x-bytes://H:77",
        "http://h:80/",
        *(f"s{i}://h:77/" for i in range(40)),
    ]
    validity, offsets, data = _buffers(rows)
    n = len(rows)

    def normalized() -> list[str | None]:
        got, left = core().column_normalize(validity, offsets, data, 0, n, False, 0, 2)
        assert left == []
        answers = _strings(got, n, False)
        assert answers == [_python_answer(lambda: urikit.normalize(row)) for row in rows]  # noqa: B023
        return answers

    before = normalized()
    assert before[:3] == ["x-bytes://h:77/", "x-bytes://h:77", "http://h/"]
    try:
        schemes.register(schemes.Scheme("x-bytes", default_port=77))
        assert normalized()[:2] == ["x-bytes://h/", "x-bytes://h/"]
    finally:
        schemes.unregister("x-bytes")


class Text(str):
    """A str subclass: a row the core leaves to Python."""


@needs_core
def test_a_list_of_rows_answers_as_the_per_url_functions() -> None:
    """``list_map``: every row as the per-URL function answers it (None for an invalid
    one), the rows it leaves to Python listed, a tuple read as a list."""
    rows = [*COLUMN, Text("http://a/b"), 7, b"http://a"]
    keys = tuple(f"k{k}" for k in range(8))
    str_rows = [(i, row) for i, row in enumerate(rows) if type(row) is str]
    not_str = [i for i, row in enumerate(rows) if row is not None and type(row) is not str]
    for g in CORE_GRAMMARS:
        results, left = core().list_map(0, tuple(rows), (g.core, 0), keys)
        assert left == not_str
        assert [results[i] for i, _ in str_rows] == [
            urikit.is_valid(r, grammar=g) for _, r in str_rows
        ]
        results, left = core().list_map(1, rows, (g.core, 0), keys)
        assert left == not_str
        for i, row in str_rows:
            want = (
                urikit.parse(row, grammar=g).components()
                if urikit.is_valid(row, grammar=g)
                else None
            )
            assert results[i] == (
                None if want is None else dict(zip(keys, want.values(), strict=True))
            )
        for level, name in enumerate(LEVELS):
            results, left = core().list_map(2, rows, (g.core, level), keys)
            for i, row in str_rows:
                if i in left:  # a valid row the Python path does
                    assert results[i] is None and urikit.is_valid(row, grammar=g)
                elif urikit.is_valid(row, grammar=g):
                    assert results[i] == urikit.normalize(row, level=name, grammar=g)
                else:
                    assert results[i] is None
        base = "http://a/b/c/d;p?q"
        results, left = core().list_map(3, rows, (base, g.core, True, False), keys)
        assert left == not_str
        for i, row in str_rows:
            valid = urikit.is_valid(row, grammar=g)
            assert results[i] == (urikit.resolve(base, row, grammar=g) if valid else None)
        assert all(results[i] is None for i in not_str)
    with pytest.raises(TypeError):
        core().list_map(0, "not a list", (0, 0), keys)
    with pytest.raises(TypeError):
        core().list_map(1, [], (0,), keys)  # split needs the rule's flags
    with pytest.raises(ValueError):
        core().list_map(4, [], (0, 0), keys)


@needs_core
def test_a_column_slice_reads_from_its_offset() -> None:
    rows = ["http://a", "b c", "http://x/y", None, "z"]
    validity, offsets, data = _buffers(rows)
    bits = core().column_valid(validity, offsets, data, 2, 3, False, 0, 0)
    assert _bits(bits, 3) == [True, False, True]
    bits = core().column_valid(None, offsets, data, 1, 2, False, 0, 0)  # no validity buffer
    assert _bits(bits, 2) == [False, True]


@needs_core
def test_bad_column_buffers_are_refused_not_read() -> None:
    validity, offsets, data = _buffers(["http://a", "b"])
    with pytest.raises(ValueError):
        core().column_valid(validity, offsets, data, 0, 5, False, 0, 0)  # too many rows
    broken = array("i", [0, 8, 1000]).tobytes()
    with pytest.raises(ValueError):
        core().column_valid(None, broken, data, 0, 2, False, 0, 0)  # beyond the data
    with pytest.raises(ValueError):
        core().column_valid(None, offsets, data, -1, 1, False, 0, 0)
    with pytest.raises(ValueError):
        core().column_resolve("no-scheme", validity, offsets, data, 0, 2, False, 0)
    bad_utf8 = array("i", [0, 3]).tobytes()
    assert _bits(core().column_valid(None, bad_utf8, b"a:\xff", 0, 1, False, 1, 0), 1) == [False]


# A column's offset and length near 2**62 and beyond, on hand-made buffers (pyarrow's own
# arrays refuse them, but the core takes any buffers): the bounds are checked without an
# overflow (UBSan found "(offset + length + 1) * 8" wrapping around, after which the core
# read a wrong row as the first, or ran out of memory, instead of refusing).
HUGE = [(2**62, 1), (0, 2**62), (2**62, 2**62), (2**63 - 1, 1), (1, 2**63 - 1), (2**61, 2**61)]


@needs_core
@pytest.mark.parametrize(("offset", "length"), HUGE)
@pytest.mark.parametrize("large", [False, True])
def test_a_huge_column_offset_or_length_is_refused(offset: int, length: int, large: bool) -> None:
    pa = pytest.importorskip("pyarrow")
    _, offsets, data = _buffers(["http://a", "b"], large=large)
    validity = pa.py_buffer(b"\xff")
    for bits in (None, validity):
        with pytest.raises(ValueError, match="shorter than the column"):
            core().column_valid(
                bits, pa.py_buffer(offsets), pa.py_buffer(data), offset, length, large, 0, 0
            )
        with pytest.raises(ValueError, match="shorter than the column"):
            core().column_split(bits, pa.py_buffer(offsets), data, offset, length, large, 0, 0)
        with pytest.raises(ValueError, match="shorter than the column"):
            core().column_normalize(bits, offsets, data, offset, length, large, 0, 1)
        with pytest.raises(ValueError, match="shorter than the column"):
            core().column_resolve("http://a/", bits, offsets, data, offset, length, large, 0)


@needs_core
def test_the_pure_python_engine_can_be_forced() -> None:
    import subprocess

    code = "import urikit, urikit._engine as n; print(n.core is None, urikit.ENGINE)"
    env = {**os.environ, "URIKIT_PURE_PYTHON": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "True pure Python (URIKIT_PURE_PYTHON is set)", out.stderr
    assert urikit.ENGINE == "compiled core"  # this process: the core (needs_core)


@needs_core
def test_parse_and_is_valid_in_c_take_every_call_the_python_functions_take() -> None:
    """The compiled entry points answer their common case and hand the rest to Python."""
    from urikit import _reference
    from urikit._syntax.grammar import RFC2396, RFC3987

    assert "compiled" in repr(urikit.parse) and urikit.parse.__name__ == "parse"
    assert urikit.is_valid.__wrapped__ is not urikit.is_valid  # type: ignore[attr-defined]
    cases: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        (("http://a/b",), {}),
        (("http://ü/b",), {"grammar": "rfc3987"}),
        (("http://ü/b",), {"grammar": RFC3987, "rule": "IRI"}),
        (("//g",), {"rule": "relative-ref"}),
        (("//g",), {"rule": "URI"}),
        (("a:b",), {"grammar": "rfc2396", "rule": "absoluteURI"}),
        (("a:b",), {"grammar": RFC2396}),
        (("::1",), {"rule": "IPv6address"}),
        (("a b",), {}),
        ((urikit.parse("a:b"),), {}),
        ((b"a:b",), {}),
        (("a:b",), {"rule": "nope"}),
        (("a:b",), {"grammar": "nope"}),
        (("a:b",), {"grammar": ["rfc3986"]}),
        (("a:b",), {"rule": ["URI"]}),
        (("a:b",), {"colour": "red"}),
        (("a:b", "URI"), {}),
        ((), {}),
    ]
    for function, python in (
        (urikit.is_valid, _reference.is_valid.__wrapped__),  # type: ignore[attr-defined]
        (urikit.parse, _reference.parse.__wrapped__),  # type: ignore[attr-defined]
    ):
        for args, kwargs in cases:
            outcomes = []
            for f in (function, python):
                try:
                    result = f(*args, **kwargs)
                    outcomes.append(("ok", str(result)))
                except (TypeError, ValueError) as error:
                    outcomes.append((type(error).__name__, str(error)))
            assert outcomes[0] == outcomes[1], (function, args, kwargs)


# -- lint's hot path -----------------------------------------------------------------------
def check_plain(text: str) -> None:
    """The core's ``lint_plain`` is ``_lint._plain``, and when it holds the component
    checks of the engine find nothing (the claim that lets lint return at once)."""
    from urikit._lint import lint as _lint
    from urikit._lint.rules import Reading

    g = GRAMMARS["rfc3986"]
    parts = split_python(text, g, g.rules["URI-reference"])
    plain = _lint._plain(parts, text)
    assert core().lint_plain(text, _lint._DANGEROUS_NAMES) == plain, text
    if plain:
        assert parts is not None
        found: list[Any] = []
        reading = Reading(text, parts.groups())  # type: ignore[arg-type]
        scheme = parts[1]
        assert scheme is not None
        _lint._components(reading, found, scheme.lower(), None, valid=True)
        assert found == [], text


PLAIN_EDGES = [
    "http://example.com/a?b#c",
    "HTTP://Example.COM/",
    "file:///a/b",
    "FILE:///a",
    "http:///a",
    "file://",
    "http://h",
    "http://h?q",
    "http://h#f",
    "http://h:/p",
    "http://h:80/p",
    "http://u@h/p",
    "http://h1/p",
    "http://h./p",
    "http://[::1]/p",
    "http://0x7f.one/p",
    "http://xN--bcher-kva.de/p",
    "http://h/p?a;b",
    "http://h/p#a;b",
    "javascript://h/p",
    "JavaScript://h/p",
    "data://h/p",
    "http://h/%41",
    "http://h/ü",
    "g/h",
    "//h/p",
    "a" * 40 + "://h/p",
    "http://h/a;b",
    "http://h/..;/b",
    "http://" + "a" * 63 + "/p",
    "http://" + "a" * 64 + "/p",
    "http://a_b-c.d/p",
    "http://a~b/p",
    "http://a!b/p",
    "http://a=b/p",
    "http://h/p?next=javascript:x",
    "http://h/p?next=JAVASCRIPT:x",
    "http://h/p?x=data:text/html,x",
    "http://h/p#vbscript:x",
    "http://h/p?url=http://a/",
    "http://h/javascript:x?y",
    "http://h/p?t:",
    "http://h/p?:x",
    "http://h/p#a:",
    "http://h/p?x=javascrip%74:alert(1)",
    "http://h/p?x=%6A:",
    "http://h/p?x=%20:",
    "http://h/a%20b?c=%3D",
    "http://h/a%2eb",
    "http://h/a%2Fb",
    "http://h/a%5cb",
    "http://h/a%25b",
    "http://h/a%3ab",
    "http://h/a%3Bb",
    "http://h/a%7Fb",
    "http://h/a%7eb",
    "http://h/a%1fb",
    "http://h/a%C3%A9",
    "http://h/a%80",
    "http://h/.;x",
    "http://h/a/..;x",
    "http://h/a/...;x",
    "http://h/a.;x",
    "http://h/a;b/..;c",
    "http://h;x/p",
    "http://h/p?a;b",
    "http://h/p#..;b",
]


@needs_core
@pytest.mark.parametrize("text", PLAIN_EDGES)
def test_lint_plain_on_the_edges(text: str) -> None:
    check_plain(text)


@needs_core
@THOROUGH
@given(data=st.data())
def test_lint_plain_is_the_python_check(data: st.DataObject) -> None:
    check_plain(data.draw(references(rule="URI")))
    check_plain(data.draw(near_misses(rule="URI")))


@needs_core
def test_a_column_s_schemes_are_told_apart_by_every_byte_of_their_names() -> None:
    """§6.2.3 by each row's own scheme: a column's cache of the schemes' facts tells apart
    names of the same length that differ only in their first, middle or last byte (the
    core compares names of 4 to 8 bytes by their first and last four), each row with its
    scheme's default port: the Python engine's answers."""
    names = ["http", "https", "ws", "wss", "ftp", "coap", "coaps", "telnet", "gopher"]
    names += ["httpsx", "xhttps", "hxxps", "httpx", "xttps", "htt", "wsx", "ftpx", "coapx"]
    names += ["telnex", "xelnet", "gophex", "xopher", "prospero", "prosperx", "xrospero"]
    rows = [f"{name}://h:{port}/a" for name in names for port in (21, 23, 70, 80, 443, 5683)]
    rows = rows + rows[::-1]
    for g in CORE_GRAMMARS:
        with python_engine():
            want = [urikit.normalize(row, grammar=g) for row in rows]
        got, left = core().column_normalize(*_buffers(rows), 0, len(rows), False, g.core, 2)
        assert left == []
        assert _strings(got, len(rows), False) == want
