"""urikit._whatwg against the Web Platform Tests' URL data (tests/data/wpt/README.md:
the files, their source and license, and the judging rule): every case of
urltestdata.json, urltestdata-javascript-only.json (lone surrogates become U+FFFD, as
the URL API's USVString conversion makes them) and ada's extra cases passes, but those
listed in whatwg_not_passed.json with their reason, which must fail the rule exactly;
percent-encoding.json in UTF-8; toascii.json and IdnaTestV2.json through the host
parser.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from urikit._whatwg import URL, can_parse, parse
from urikit.errors import URISyntaxError

DATA = Path(__file__).parent / "data" / "wpt"
GETTERS = (
    "href",
    "origin",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)
FILES = ("urltestdata.json", "urltestdata-javascript-only.json", "ada_extra_urltestdata.json")


def _cases(name: str) -> list[dict[str, Any]]:
    return [case for case in json.loads((DATA / name).read_text("utf-8")) if isinstance(case, dict)]


CASES = [(name, index, case) for name in FILES for index, case in enumerate(_cases(name))]
NOT_PASSED = {
    (entry["file"], entry["input"], entry["base"]): entry["reason"]
    for entry in json.loads((DATA / "whatwg_not_passed.json").read_text("utf-8"))
}


def _judge(case: dict[str, Any]) -> str | None:
    """The judging rule: ``None`` when the case passes, else what differs."""
    try:
        url = parse(case["input"], case.get("base"))
    except URISyntaxError as error:
        return None if case.get("failure") else f"fails: {error.kind.value} at {error.position}"
    if case.get("failure"):
        return f"parses as {url.href!r}"
    for getter in GETTERS:
        expected = (
            "null" if getter == "origin" and case.get(getter, "") is None else case.get(getter)
        )
        if getter in case and getattr(url, getter) != expected:
            return f"{getter} is {getattr(url, getter)!r}, not {expected!r}"
    return None


@pytest.mark.parametrize(
    ("name", "case"),
    [pytest.param(name, case, id=f"{name}:{index}") for name, index, case in CASES],
)
def test_url_test_data(name: str, case: dict[str, Any]) -> None:
    verdict = _judge(case)
    reason = NOT_PASSED.get((name, case["input"], case.get("base")))
    if reason is None:
        assert verdict is None, verdict
    else:
        assert verdict is not None, f"listed as not passed ({reason}), but passes"


def test_every_case_listed_as_not_passed_exists() -> None:
    present = {(name, case["input"], case.get("base")) for name, _, case in CASES}
    assert set(NOT_PASSED) <= present


def test_the_data_is_all_there() -> None:
    counts = {name: sum(1 for n, _, _ in CASES if n == name) for name in FILES}
    assert counts == {
        "urltestdata.json": 891,
        "urltestdata-javascript-only.json": 1,
        "ada_extra_urltestdata.json": 28,
    }


@pytest.mark.parametrize(
    "case",
    [case for _, _, case in CASES if case.get("base") is not None and not case.get("failure")],
)
def test_a_parsed_base_is_the_base_string(case: dict[str, Any]) -> None:
    """A base given as a URL value reads as the same base given as a string."""
    assert parse(case["input"], parse(case["base"])).href == case["href"]


@pytest.mark.parametrize("case", [case for _, _, case in CASES])
def test_can_parse_is_parse_succeeding(case: dict[str, Any]) -> None:
    assert can_parse(case["input"], case.get("base")) is not case.get("failure", False)


@pytest.mark.parametrize("case", [case for _, _, case in CASES if not case.get("failure")])
def test_the_href_parses_to_itself(case: dict[str, Any]) -> None:
    """§4 "If that string is then parsed, the result will equal the URL that was
    serialized": the serializer's output is a fixed point of the parser."""
    url = parse(case["input"], case.get("base"))
    assert parse(url.href) == url
    fragment = url.record.fragment
    cut = 0 if fragment is None else len(fragment) + 1
    assert url.serialize(exclude_fragment=True) == url.href[: len(url.href) - cut]


@pytest.mark.parametrize("case", _cases("percent-encoding.json"))
def test_percent_encoding_utf8(case: dict[str, Any]) -> None:
    url = parse(f"https://doesnotmatter.invalid/?{case['input']}#{case['input']}")
    assert (url.search, url.hash) == ("?" + case["output"]["utf-8"], "#" + case["output"]["utf-8"])


@pytest.mark.parametrize("case", _cases("toascii.json"), ids=lambda case: repr(case["input"]))
def test_toascii(case: dict[str, Any]) -> None:
    text = f"https://{case['input']}/x"
    if case["output"] is None:
        assert not can_parse(text)
    else:
        url = parse(text)
        assert (url.host, url.hostname, url.pathname) == (case["output"], case["output"], "/x")


IDNA = [case for case in _cases("IdnaTestV2.json") if case["input"] != ""]


def test_all_idna_cases_are_there() -> None:
    assert len(IDNA) == 2670  # and the one empty input, which no URL can hold


@pytest.mark.parametrize("case", IDNA, ids=lambda case: repr(case["input"]))
def test_idna_through_the_url_parser(case: dict[str, Any]) -> None:
    """IdnaTestV2.json as WPT's IdnaTestV2.window.js reads it: ``https://{input}/x``."""
    text = f"https://{case['input']}/x"
    if case["output"] is None:
        assert not can_parse(text)
    else:
        url = parse(text)
        assert (url.host, url.hostname, url.pathname) == (case["output"], case["output"], "/x")
        assert url.href == f"https://{case['output']}/x"


def test_url_values() -> None:
    url = parse("https://user:pa%20ss@EXAMPLE.com:8080/p?q#f")
    assert isinstance(url, URL)
    assert repr(url) == "URL('https://user:pa%20ss@example.com:8080/p?q#f')"
    assert str(url) == url.href and hash(url) == hash(parse(url.href))
    assert url != url.href
    record = url.record
    assert (record.scheme, record.username, record.password, record.host, record.port) == (
        "https",
        "user",
        "pa%20ss",
        "example.com",
        8080,
    )
    assert (record.path, record.query, record.fragment) == (["p"], "q", "f")
    assert isinstance(record.path, list)
    record.path.append("x")  # a copy: the value does not change
    assert url.pathname == "/p"
