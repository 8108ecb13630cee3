"""The URL class's setters (WHATWG URL §6.1) as ``URL.replace``, against the Web
Platform Tests' setters_tests.json (tests/data/wpt/README.md): each case sets one
attribute of the URL ``href`` to ``new_value``; every getter in ``expected`` must then
read the value given.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from urikit._whatwg import parse
from urikit.errors import URISyntaxError

SETTERS_TESTS = Path(__file__).parent / "data" / "wpt" / "setters_tests.json"
DATA = json.loads(SETTERS_TESTS.read_text("utf-8"))
CASES = [
    pytest.param(setter, case, id=f"{setter}:{index}")
    for setter, cases in DATA.items()
    if setter != "comment"
    for index, case in enumerate(cases)
]


def test_the_data_is_all_there() -> None:
    assert {setter: len(cases) for setter, cases in DATA.items() if setter != "comment"} == {
        "protocol": 35,
        "username": 13,
        "password": 12,
        "host": 67,
        "hostname": 48,
        "port": 27,
        "pathname": 33,
        "search": 16,
        "hash": 26,
        "href": 1,
    }


@pytest.mark.parametrize(("setter", "case"), CASES)
def test_setters(setter: str, case: dict[str, Any]) -> None:
    url = parse(case["href"]).replace(**{setter: case["new_value"]})
    assert {name: getattr(url, name) for name in case["expected"]} == case["expected"]


def test_a_failing_href_raises() -> None:
    with pytest.raises(URISyntaxError):
        parse("http://h/").replace(href="relative")


@pytest.mark.parametrize(("name", "value"), [("nope", "x"), ("hostname", 1)])
def test_a_setter_that_is_none_is_a_type_error(name: str, value: object) -> None:
    with pytest.raises(TypeError):
        parse("http://h/").replace(**{name: value})  # type: ignore[arg-type]
