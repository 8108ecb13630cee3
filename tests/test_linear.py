"""No input makes the parser hang: megabyte inputs of the shapes that make backtracking
regex engines go quadratic or worse are parsed (or rejected) in well under a second.

This is a hang detector with a generous bound, not a speed goal (those live in
benchmarks/): a super-linear path would take minutes on these sizes.
"""

from __future__ import annotations

import time

import pytest

import urikit

N = 1_000_000
SHAPES = [
    "a" * N,  # a scheme that never gets its ":"
    "a" * N + ":",
    "http://" + "a" * N,
    "http://" + "a" * N + " ",
    "http://" + "a." * (N // 2) + "-",  # RFC 2396 hostname labels
    "http://" + "a-" * (N // 2),
    "http://" + "@" * N,
    "http://" + "a@" * (N // 2),
    "http://" + ":" * N,
    "http://h:" + "1" * N + "x",
    "http://[" + ":" * N,
    "http://[" + "1:" * (N // 2) + "]",
    "http://[v1." + "a" * N + "]",
    "/" * N,
    "//" + "/" * N,
    "%" * N,
    "%4" * (N // 2),
    "a/" + "%41" * (N // 3) + "%",
    "?" + "[" * N,
    "#" * N,
    "a:" * (N // 2),
    "x" * N + "é",
]


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc2396"])
@pytest.mark.parametrize("index", range(len(SHAPES)))
def test_megabyte_inputs_do_not_hang(grammar: str, index: int) -> None:
    text = SHAPES[index]
    start = time.perf_counter()
    try:
        ref = urikit.parse(text, grammar=grammar)
        assert str(ref) == text
    except urikit.URISyntaxError as error:
        assert 0 <= error.position <= len(text)
        assert len(str(error)) < 500  # the message shows a window, not the megabyte
    assert urikit.is_valid(text, grammar=grammar) in (True, False)
    assert time.perf_counter() - start < 5.0
