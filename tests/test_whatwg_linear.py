"""urikit._whatwg takes time linear in its input (tests/growth.py: ratios of times at
two sizes, never an absolute time), on inputs built to drive each state and host form
the longest way: long runs, many delimiters, many errors, every place a buffer grows.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.growth import assert_linear
from urikit._whatwg import can_parse, validation_errors

#: name: a URL of about n code points.
INPUTS: dict[str, Callable[[int], str]] = {
    "path segments": lambda n: "http://h/" + "a/" * (n // 2),
    "dot segments": lambda n: "http://h/" + "a/../" * (n // 5),
    "percent-encoded path": lambda n: "http://h/" + "é %zz" * (n // 5),
    "query": lambda n: "http://h/?" + "a b'" * (n // 4),
    "fragment": lambda n: "http://h/#" + "a`b" * (n // 3),
    "opaque path with spaces": lambda n: "sc:" + "a ?" * (n // 3),
    "opaque path spaces only": lambda n: "sc:a" + " " * n + "b",
    "credentials": lambda n: "http://" + "a:b@" * (n // 4) + "h/",
    "at signs": lambda n: "http://" + "@" * n + "h/",
    "long domain": lambda n: "http://" + "a" * n + "/",
    "many labels": lambda n: "http://" + "a." * (n // 2) + "com/",
    "long IDN domain": lambda n: "http://" + "é" * n + "/",
    "IDN labels": lambda n: "http://" + "é." * (n // 2) + "com/",
    "percent-encoded domain": lambda n: "http://" + "%41" * (n // 3) + "/",
    "dotted number": lambda n: "http://" + "1." * (n // 2) + "1/",
    "long IPv4 part": lambda n: "http://0x" + "f" * n + "/",
    "brackets": lambda n: "http://" + "[" * n,
    "IPv6 pieces": lambda n: "http://[" + "1:" * (n // 2) + "]/",
    "opaque host": lambda n: "sc://" + "a%" * (n // 2) + "/",
    "port zeros": lambda n: "http://h:" + "0" * n + "80/",
    "backslashes": lambda n: "http:" + "\\" * n + "h/",
    "tabs and newlines": lambda n: "ht\ttp://h/" + "a\t\n" * (n // 3),
    "C0 and spaces around": lambda n: " " * (n // 2) + "http://h/" + "\x01" * (n // 2),
    "relative dots": lambda n: "../" * (n // 3),
    "file drive letters": lambda n: "file:" + "C|/" * (n // 3),
    "scheme only": lambda n: "a" * n,
}


@pytest.mark.parametrize("make", INPUTS.values(), ids=INPUTS.keys())
def test_validation_errors_is_linear(make: Callable[[int], str]) -> None:
    def errors(text: str) -> object:
        try:
            return validation_errors(text, "http://base/a/b")
        except ValueError:
            return None

    assert_linear(errors, make, (20_000, 200_000))


@pytest.mark.parametrize("make", INPUTS.values(), ids=INPUTS.keys())
def test_parse_is_linear(make: Callable[[int], str]) -> None:
    assert_linear(lambda text: can_parse(text, "http://base/a/b"), make, (20_000, 200_000))
