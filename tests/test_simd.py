"""The SIMD front ends of the compiled core's validating scan (issue 25, ``csrc/simd.c``):
every front end this CPU runs (scalar, SSE2, AVX2) answers as the scalar table scan,
the reference, and as the pure-Python engine, on single strings and on Arrow-layout
columns; a bad byte at every position of rows around the 16- and 32-byte widths.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.profiles import THOROUGH
from tests.strategies import MUTATION_ALPHABET
from tests.test_core import CORE_GRAMMARS, _bits, _buffers, _python_components, _strings
from urikit import _engine
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
