"""The fast path (urikit._whatwg.fast) against the state machine it stands for: on every
input it takes, the same URL record; inputs drawn from its own alphabet and the code
points next to it (upper case, dot segments, ports at the edge, "%2e", IPv4 forms, what a
state would encode), so that both sides of each of its conditions are met."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.profiles import THOROUGH
from urikit._whatwg.fast import fast_parse
from urikit._whatwg.parser import Failure, basic_parse
from urikit._whatwg.record import URLRecord

CORPUS = (Path(__file__).parent / "data" / "corpus_sample.txt").read_text("utf-8").splitlines()
PIECES = [
    *"aZ09-._~!$&'()*+,;=:@/?#%`\"<>[]{}^|\\ \t",
    "%2e", "%2E", ".", "..", "/./", "/../", "%41", "0x1", "1.2.3.4", "09", "0x",
    ":", ":0", ":80", ":443", ":65535", ":65536", ":0000000000080", "HTTP", "xn--a", "é",
]  # fmt: skip
SCHEMES = ["http://", "https://", "HTTP://", "ws://", "http:/", "http:"]
HOST_PIECES = [
    "a",
    "Z",
    "0",
    "9",
    "-",
    ".",
    "1.2.3.4",
    "0x1",
    "09",
    "xn--a",
    "%41",
    "é",
    "@",
    "[::1]",
]
PORTS = ["", ":", ":0", ":80", ":443", ":65535", ":65536", ":0000000000080", ":8x"]
#: Mostly what the fast path admits after the host, now and then what it does not.
REST_PIECES = [*"az09-._~!$&()*+,;=:@/?#%'", "/", "/a"] * 4 + ["..", "/./", "%2e", *'`\\ "<']


@st.composite
def near_fast(draw: st.DrawFn) -> str:
    host = "".join(draw(st.lists(st.sampled_from(HOST_PIECES), min_size=1, max_size=4)))
    rest = draw(st.sampled_from(["/", "/", "/", "?", "#", ""]))
    rest += "".join(draw(st.lists(st.sampled_from(REST_PIECES), max_size=10)))
    return (
        draw(st.sampled_from(["http://", "https://"] * 4 + SCHEMES))
        + host
        + draw(st.sampled_from(PORTS))
        + rest
    )


def _fields(url: URLRecord) -> tuple[object, ...]:
    return tuple(getattr(url, name) for name in URLRecord.__slots__)


def _check(text: str) -> bool:
    """Whether the fast path took ``text``; if so, it equals the machine's record."""
    fast = fast_parse(text)
    if fast is None:
        return False
    try:
        slow, _ = basic_parse(text, None)
    except Failure as failure:  # pragma: no cover - the failure message
        pytest.fail(f"the fast path takes {text!r}, which fails: {failure.name}")
    assert _fields(fast) == _fields(slow), text
    return True


def test_the_corpus() -> None:
    taken = sum(_check(text) for text in CORPUS)
    assert taken > len(CORPUS) // 3  # the fast path is taken at all


@pytest.mark.parametrize(
    ("text", "taken"),
    [
        ("http://example.com/a/b?q=1#f", True),
        ("https://EXAMPLE.com:443", True),
        ("http://h:0080/%7e?a'b#c'd", False),  # "'" in a special query is encoded
        ("http://h:0080/%7e?ab#c'd", True),
        ("http://h/a/%2E/b", False),
        ("http://h/a/.b", True),
        ("http://1.2.3.4/", False),
        ("http://h.0x/", False),
        ("http://h:65536/", False),
        ("http://h/a b", False),
        ("HTTP://h/", False),
        ("http://u@h/", False),
    ],
)
def test_what_it_takes(text: str, taken: bool) -> None:
    assert _check(text) is taken


@THOROUGH
@given(st.sampled_from(SCHEMES), st.lists(st.sampled_from(PIECES), max_size=12))
def test_the_fast_path_is_the_machine(scheme: str, pieces: list[str]) -> None:
    _check(scheme + "".join(pieces))


@THOROUGH
@given(near_fast())
def test_the_fast_path_is_the_machine_near_its_edges(text: str) -> None:
    _check(text)
