"""The SIMD front ends of the compiled core's validating scan (issue 25, ``csrc/simd.c``):
every front end this CPU runs (scalar, SSE2, AVX2) answers as the scalar table scan,
the reference, and as the pure-Python engine, on single strings and on Arrow-layout
columns; a bad byte at every position of rows around the 16- and 32-byte widths.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from tests.profiles import THOROUGH
from tests.strategies import MUTATION_ALPHABET
from tests.test_core import (
    COLUMN_BASES,
    CORE_GRAMMARS,
    _bits,
    _buffers,
    _python_answer,
    _python_components,
    _strings,
)
from urikit import _engine
from urikit._algorithms.normalize import LEVELS
from urikit.strategies import near_misses, references

pytestmark = pytest.mark.core

NAMES = ("scalar", "sse2", "avx2")


def core() -> Any:
    assert _engine.core is not None
    return _engine.core


def front_ends() -> list[str]:
    """The front ends this CPU runs (scalar everywhere, SSE2 and AVX2 on x86-64)."""
    if _engine.core is None:
        return ["scalar"]
    found = []
    was = core().simd()
    for name in NAMES:
        try:
            core().simd(name)
        except ValueError:
            continue
        found.append(name)
    core().simd(was)
    return found


FRONT_ENDS = front_ends()


@contextmanager
def front_end(name: str) -> Iterator[None]:
    was = core().simd(name)
    try:
        yield
    finally:
        core().simd(was)


def splits(text: str) -> dict[tuple[int | None, int], tuple[str | None, ...] | None]:
    """The core's split of ``text`` under each grammar and reference rule."""
    out = {}
    for g in CORE_GRAMMARS:
        for rule in dict.fromkeys(g.rules.values()):
            parts = core().split(text, g.core, rule.flags)
            out[g.core, rule.flags] = None if parts is None else tuple(parts)
    return out


def same_on_every_front_end(text: str) -> None:
    with front_end("scalar"):
        want = splits(text)
    for name in FRONT_ENDS:
        with front_end(name):
            assert splits(text) == want, (name, text)


# -- single strings ---------------------------------------------------------------------
def test_the_front_end_is_chosen_and_can_be_forced() -> None:
    assert FRONT_ENDS[0] == "scalar"
    if sys.platform != "win32" and os.uname().machine in ("x86_64", "AMD64"):
        assert "sse2" in FRONT_ENDS
    assert core().simd() == os.environ.get("URIKIT_SIMD", FRONT_ENDS[-1])
    with pytest.raises(ValueError, match="not 'mmx'"):
        core().simd("mmx")
    with pytest.raises(ValueError):
        core().simd(2)
    with pytest.raises(TypeError):
        core().simd("scalar", "sse2")


def test_urikit_simd_chooses_the_front_end_at_import() -> None:
    code = (
        "from urikit import _engine; print(_engine.core.simd() if _engine.core else _engine.ENGINE)"
    )
    for name in ("scalar", "unheard-of"):
        # csrc/gen_tables.py, run in-process by tests/test_core.py, sets URIKIT_PURE_PYTHON
        env = {**os.environ, "URIKIT_SIMD": name, "URIKIT_PURE_PYTHON": ""}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == (FRONT_ENDS[-1] if name == "unheard-of" else name)


#: Bytes that stop a run somewhere: delimiters, '%', controls, space, non-ASCII (Latin-1).
STOPS = "".join(
    sorted({chr(c) for c in range(0x21)} | set('"#%/:<>?@[\\]^`{|}\x7f\x80\xe9\xff=_~!$'))
)
#: Rows whose runs (scheme, authority, host, path, query, fragment) are long plain bytes.
TEMPLATES = (
    "{}",
    "h{}:x",
    "http://{}",
    "http://u{}@h/",
    "http://h/{}",
    "http://h/p?{}",
    "http://h/p?q#{}",
    "a/{}?q#f",
    "//{}/x",
)


@pytest.mark.parametrize("length", [15, 16, 17, 31, 32, 33, 48, 64, 65])
def test_a_bad_byte_at_every_position(length: int) -> None:
    """Each stopping byte at each position of a run of plain bytes of ``length``, in
    each component: the same answer on every front end."""
    plain = ("abcdefghij0123456789ABCDEFGHIJ.-" * 3)[:length]
    for template in TEMPLATES:
        same_on_every_front_end(template.format(plain))
        for at in range(length):
            for stop in STOPS:
                same_on_every_front_end(template.format(plain[:at] + stop + plain[at + 1 :]))


TEXTS = st.one_of(
    references(),
    references(grammar="rfc3987"),
    near_misses(),
    st.text(st.sampled_from(MUTATION_ALPHABET), max_size=70),
    st.text(st.characters(max_codepoint=0xFF), max_size=70),
)


@THOROUGH
@given(TEXTS)
def test_every_front_end_answers_as_the_scalar_scan_and_python(text: str) -> None:
    same_on_every_front_end(text)
    for g in CORE_GRAMMARS:
        for rule in dict.fromkeys(g.rules):
            want = _python_components(text, g, rule)
            for name in FRONT_ENDS:
                with front_end(name):
                    parts = core().split(text, g.core, g.rules[rule].flags)
                assert (None if parts is None else tuple(parts)) == want, (name, rule)


# -- columns ----------------------------------------------------------------------------
@given(st.lists(st.none() | TEXTS, max_size=8), st.booleans())
def test_columns_answer_as_python_on_every_front_end(rows: list[str | None], large: bool) -> None:
    n = len(rows)
    buffers = _buffers(rows, large=large)
    for g in CORE_GRAMMARS:
        rule = "URI-reference"
        want = [None if row is None else _python_components(row, g, rule) for row in rows]
        for name in FRONT_ENDS:
            with front_end(name):
                valid = core().column_valid(*buffers, 0, n, large, g.core, 0)
                bits, parts = core().column_split(*buffers, 0, n, large, g.core, 0)
            assert _bits(valid, n) == _bits(bits, n) == [w is not None for w in want]
            columns = [_strings(part, n, large) for part in parts]
            for i, parts_i in enumerate(want):
                got = [column[i] for column in columns]
                if parts_i is None:
                    assert got == [None] * 8
                else:  # scheme, authority, userinfo, host, port, path, query, fragment
                    assert tuple(got) == parts_i[1:], (name, rows[i])


# -- the accept filter of a column's validity (csrc/accept.c) ---------------------------
#: What may make or break each part of a row the filter reads, as pieces: scheme
#: characters and what is not one; the delimiters that end or escape a reg-name (a port,
#: userinfo, an IP literal, pct-encoded octets); the query's own characters; '%' with and
#: without hex digits, '#', space, controls, non-ASCII.
SCHEME_PART = st.sampled_from(["http", "a", "Z9+-.", "9a", "a_b", "a~", "é", "", "a%41", "a/b"])
AUTHORITY_PART = st.tuples(  # userinfo "@", host, port, and what may follow
    st.sampled_from(["", "u@", "u:p@", "@", "%41@", "é@", "a b@", "[@"]),
    st.sampled_from(
        [
            "h",
            "b.c",
            "",
            "-_~!$&'()*+,;=",
            "[::1]",
            "[v1.x]",
            "[",
            "]",
            "%41",
            "%4",
            "é",
            "x@y",
            "a b",
        ]
    ),
    st.sampled_from(["", ":", ":80", ":x", ":8a", "::", ":8:8"]),
    st.sampled_from(["", "", "/", "?", "#", " ", "[", "]", "%", "é"]),
).map("".join)
REST_PART = st.tuples(  # path and query characters, then at most one that may break them
    st.lists(
        st.sampled_from(["/", "p", ":", "@", "?", "!$&'()*+,;=-._~", "//", "%41"]), max_size=4
    ),
    st.sampled_from(["", "", "", "#", "#f", "%g1", "%4", "[", "]", " ", "\x00", "\x7f", "é", "ā"]),
).map(lambda parts: "".join(parts[0]) + parts[1])
FILTERED = st.builds(
    lambda scheme, slashes, authority, rest: f"{scheme}:{slashes}{authority}{rest}",
    SCHEME_PART,
    st.sampled_from(["", "/", "//", "///"]),
    AUTHORITY_PART,
    REST_PART,
)


def _valid_on_every_front_end(rows: list[str | None], offset: int = 0) -> None:
    """column_valid and column_split of ``rows[offset:]`` under every grammar and rule, on
    every front end, against the pure-Python engine's validity and components."""
    n = len(rows) - offset
    for large in (False, True):
        buffers = _buffers(rows, large=large)
        for g in CORE_GRAMMARS:
            for rule in dict.fromkeys(g.rules):
                want = [
                    None if row is None else _python_components(row, g, rule)
                    for row in rows[offset:]
                ]
                flags = g.rules[rule].flags
                for name in FRONT_ENDS:
                    with front_end(name):
                        valid = core().column_valid(*buffers, offset, n, large, g.core, flags)
                        bits, parts = core().column_split(*buffers, offset, n, large, g.core, flags)
                    got = _bits(valid, n)
                    assert got == _bits(bits, n) == [w is not None for w in want], [
                        (name, rule, row)
                        for row, a, b in zip(rows[offset:], got, want, strict=True)
                        if a != (b is not None)
                    ]
                    columns = [_strings(part, n, large) for part in parts]
                    for i, parts_i in enumerate(want):
                        if parts_i is not None:  # scheme, authority, userinfo, host, port, ...
                            components = tuple(column[i] for column in columns)
                            assert components == parts_i[1:], (name, rule, rows[offset + i])


@THOROUGH
@given(st.lists(st.none() | FILTERED, max_size=8))
def test_the_accept_filter_accepts_only_what_the_scan_accepts(rows: list[str | None]) -> None:
    """Rows shaped as the filter reads them (scheme ":" ["//" authority] rest), each part
    with what breaks it: the same validity as the pure-Python engine, for every rule
    (the filter runs for those that admit a scheme), on every front end."""
    _valid_on_every_front_end(rows)


def test_the_accept_filter_on_every_combination_of_its_parts() -> None:
    """Every scheme, "//", userinfo, host, port and what follows of a small product that
    holds each way a part breaks, as one column (8,820 rows)."""
    rows: list[str | None] = [
        f"{scheme}:{slashes}{userinfo}{host}{port}{rest}"
        for scheme in ("http", "a_b", "9a", "")
        for slashes in ("", "//", "///")
        for userinfo in ("", "u@", "@")
        for host in ("h", "", "[::1]", "%41", "é", "[", "x@y")
        for port in ("", ":", ":80", ":x", "::")
        for rest in ("", "/", "?", "#", " ", "/p?q", "/%4")
    ]
    _valid_on_every_front_end(rows)


def test_the_accept_filter_across_its_chunks_and_at_the_end_of_the_data() -> None:
    """Rows across the filter's 16 KiB chunks, rows longer than a chunk, a row that ends
    the data buffer 1 to 64 bytes into a block, and a column sliced at an offset."""
    chance = random.Random(25)
    pieces = [
        "http://h/",
        "https://a.b/c?d",
        "x:",
        "file:///p",
        "h://a:1/",
        "a://b@c",
        "m:%41",
        "q:/a b",
        "w://h#f",
        "z:é",
        "s://[::1]/",
        "t://h?x/y?z",
    ]
    rows: list[str | None] = []
    while sum(len(row or "") for row in rows) < 40_000:
        rows.append(
            chance.choice(pieces) + "p" * chance.randrange(80) if chance.random() < 0.97 else None
        )
    rows += ["http://h/" + "a" * 20_000, "http://h/" + "a" * 20_000 + " ", "x:" + "b" * 16_384]
    for tail in range(1, 65):
        _valid_on_every_front_end([*rows[-40:], "http://h/" + "c" * tail])
        _valid_on_every_front_end(["http://h/" + "c" * tail + "%"])
    _valid_on_every_front_end(rows)
    _valid_on_every_front_end(rows, offset=7)


def test_the_accept_filter_reads_a_row_s_stops_at_once_and_knows_schemes_it_has_read() -> None:
    """accept.c's one look at a row's stops (rows of up to 120 bytes: 16 bytes of stops,
    shifted by up to 7 bits) and its memo of the schemes of 1 to 7 characters it has read:
    rows of 118 to 123 bytes whose one other stop is at bit 62 to 66 or at the end; schemes
    of 1 to 70 characters, valid or not, each read again after a valid one of its length
    (the same bytes, and one that differs in one place); a scheme alone at the end of the
    data, with fewer than 8 bytes after its start."""
    schemes = ["a", "ab", "http", "HTTP", "https", "Z9+-.ab", "abcdefg", "abcdefgh", "a" * 63]
    schemes += ["a" * 64, "a" * 65, "a" * 70, "a_b", "9a", "a~b", "abcdef_", "_bcdefg", "é"]
    rows: list[str | None] = []
    for scheme in schemes:
        for length in (118, 119, 120, 121, 122, 123):
            row = f"{scheme}://h/".ljust(length, "p")
            rows.append(row)
            for at in (62, 63, 64, 65, 66, length - 1):
                if len(scheme) + 1 < at < length:
                    for breaker in (":", " ", "#", "@"):
                        rows.append(row[:at] + breaker + row[at + 1 :])
        rows += [f"{scheme}:", f"{scheme}:x", f"{scheme};x", f"{scheme}:/p"]
        rows += [f"{scheme[:-1]}_:x", f"_{scheme[1:]}:x", f"{scheme}x:", "x" + scheme + ":"]
    _valid_on_every_front_end(rows)
    for scheme in schemes[:8]:  # the last row: its scheme's bytes and fewer than 8 after
        _valid_on_every_front_end([*rows[:50], f"{scheme}:"])
        _valid_on_every_front_end([f"{scheme}:p", f"{scheme[:-1]}_:"])


def _mapped_on_every_front_end(rows: list[str | None]) -> None:
    """column_normalize (every level) and column_resolve (every base) of ``rows`` under
    every grammar, on every front end, against the pure-Python engine's per-URL
    functions (rows the core leaves to Python aside)."""
    n = len(rows)
    for large in (False, True):
        buffers = _buffers(rows, large=large)
        for g in CORE_GRAMMARS:
            for level, level_name in enumerate(LEVELS):
                want = [
                    None
                    if row is None
                    else _python_answer(lambda: urikit.normalize(row, level=level_name, grammar=g))  # noqa: B023
                    for row in rows
                ]
                for name in FRONT_ENDS:
                    with front_end(name):
                        got, left = core().column_normalize(*buffers, 0, n, large, g.core, level)
                    answers = _strings(got, n, large)
                    for i, row in enumerate(rows):
                        if i not in left:
                            assert answers[i] == want[i], (name, level_name, row)
            for base in COLUMN_BASES if g.name == "rfc3987" else COLUMN_BASES[:-1]:
                want = [
                    None
                    if row is None
                    else _python_answer(lambda: urikit.resolve(base, row, grammar=g))  # noqa: B023
                    for row in rows
                ]
                for name in FRONT_ENDS:
                    with front_end(name):
                        got, left = core().column_resolve(base, *buffers, 0, n, large, g.core)
                    assert _strings(got, n, large) == want, (name, base)


def test_the_accept_filter_s_spans_and_dot_segments_normalize_and_resolve_as_python() -> None:
    """The spans of an accepted row (its "?", the "/" or "?" that ends its authority) and
    whether a segment of its path starts with "." (RFC 3986 §5.2.4 has work to do), as
    accept.c reads them from its marks of "/", "?" and "." for rows of up to 120 bytes
    and by search beyond: dot-segments, dots that start no segment, "?" and "/" in the
    query, each at bits 0 to 130 of a row (across the words of the marks and the one
    look's limit), with and without an authority."""
    chance = random.Random(5224)
    segments = ["", ".", "..", "a.b", ".a", "a.", "..a", "...", "%2E", "p", "pp"]
    rows: list[str | None] = []
    for _ in range(1500):
        start = chance.choice(["http://h", "a://", "x:", "x-y:", "http://h.", "b:///", "c://h?"])
        path = "".join(
            "/" * chance.randrange(1, 3) + chance.choice(segments)
            for _ in range(chance.randrange(5))
        )
        pad = "q" * chance.randrange(0, 120)
        where = chance.randrange(3)  # the padding before the path, in it, or after it
        if where == 0:
            row = start + pad + path
        elif where == 1:
            row = start + path[:1] + pad + path[1:]
        else:
            row = start + path + "/" + pad
        if chance.random() < 0.4:
            row += "?" + chance.choice(["", "./", "/../x", "?/.", "a/./b", "."])
        if chance.random() < 0.1:
            row = row[: chance.randrange(len(row) + 1)]
        rows.append(row if chance.random() < 0.98 else None)
    rows += [f"x:{dots}" for dots in (".", "..", "./a", "../a", ".a", "a/./b", "a/.")]
    _mapped_on_every_front_end(rows)
