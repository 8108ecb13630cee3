"""``data:`` URLs (RFC 2397; Fetch §4.2): ``parse_data_uri`` in both profiles.

Reference data (``tests/data/data_uri/``, see its README): the web-platform tests'
``data-urls.json`` and ``base64.json``, which the fetch profile passes whole, and RFC
2397's examples; the rfc2397 profile's verdict on each web-platform case, judged by RFC
2397's grammar, is pinned exactly.  Then errors with positions, the type contract, and
linear growth.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from tests.growth import assert_linear
from tests.test_contract import TEXT
from urikit import DataURI, ErrorKind, URISyntaxError, parse_data_uri

DATA = Path(__file__).parent / "data" / "data_uri"


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text("utf-8"))


WPT = _load("data-urls.json")
BASE64 = _load("base64.json")
VERDICTS = {row[0]: row[1:] for row in _load("rfc2397-verdicts.json")}
EXAMPLES = _load("rfc2397-examples.json")["examples"]


def _result(uri: str, profile: str) -> tuple[str, list[int]] | None:
    try:
        found = parse_data_uri(uri, profile=profile)  # type: ignore[arg-type]
    except URISyntaxError as error:
        assert 0 <= error.position <= len(uri)
        return None
    return found.mime_type, list(found.data)


# -- the web-platform tests ------------------------------------------------------------------
@pytest.mark.parametrize("case", WPT, ids=[repr(case[0]) for case in WPT])
def test_wpt_data_urls_fetch(case: list[Any]) -> None:
    expected = None if case[1] is None else (case[1], case[2])
    assert _result(case[0], "fetch") == expected


@pytest.mark.parametrize("case", BASE64, ids=[repr(case[0]) for case in BASE64])
def test_wpt_base64_fetch(case: list[Any]) -> None:
    # as the web-platform tests run it (fetch/data-urls/base64.any.js): a data: URL
    result = _result("data:;base64," + case[0], "fetch")
    if case[1] is None:
        assert result is None
    else:
        assert result == ("text/plain;charset=US-ASCII", case[1])


def test_every_wpt_case_has_an_rfc2397_verdict() -> None:
    assert list(VERDICTS) == [case[0] for case in WPT]


@pytest.mark.parametrize("case", WPT, ids=[repr(case[0]) for case in WPT])
def test_wpt_data_urls_rfc2397(case: list[Any]) -> None:
    verdict = VERDICTS[case[0]]
    if verdict == ["same"]:  # what RFC 2397 reads is what browsers read
        assert _result(case[0], "rfc2397") == (case[1], case[2])
        return
    if verdict[0] == "differs":  # RFC 2397 §3 decodes an escaped value; Fetch keeps it
        assert _result(case[0], "rfc2397") == (verdict[1], verdict[2])
        return
    with pytest.raises(URISyntaxError) as info:
        parse_data_uri(case[0])
    assert [info.value.position, info.value.kind.value] == verdict


# -- RFC 2397 §4's examples ------------------------------------------------------------------
@pytest.mark.parametrize("profile", ["rfc2397", "fetch"])
@pytest.mark.parametrize("example", EXAMPLES, ids=[e["uri"][:30] for e in EXAMPLES])
def test_rfc2397_examples(example: dict[str, Any], profile: str) -> None:
    uri = example["uri"]
    if profile == "rfc2397" and "%fg" in uri:  # the RFC's own typo: no URI (README)
        with pytest.raises(URISyntaxError) as info:
            parse_data_uri(uri)
        assert (info.value.position, info.value.kind) == (40, ErrorKind.INVALID_PERCENT_ENCODING)
        return
    found = parse_data_uri(uri, profile=profile)  # type: ignore[arg-type]
    assert found.mime_type == example["mime_type"]
    if "data_hex" in example:
        assert found.data.hex() == example["data_hex"]
    else:
        assert found.data.startswith(bytes.fromhex(example["data_prefix_hex"]))
        assert len(found.data) == example["data_length"]


# -- the value and errors at their positions -------------------------------------------------
def test_the_value() -> None:
    found = parse_data_uri("data:Text/HTML;Charset=UTF-8;a=%22b%22;base64,PGI+")
    assert found == DataURI("text/html", (("charset", "UTF-8"), ("a", '"b"')), True, b"<b>")
    assert found.mime_type == 'text/html;charset=UTF-8;a="\\"b\\""'
    assert parse_data_uri("data:;charset=x,a%2Cb#f").parameters == (("charset", "x"),)
    with pytest.raises(AttributeError):
        found.data = b""  # type: ignore[misc]


#: MIME Sniffing §4.4 step 11.10: a parameter is set only if "mimeType's
#: parameters[parameterName] does not exist", so of two with one name (names in lower
#: case, 11.6) the first that is kept wins; one skipped (an empty value, 11.9.2; no "=",
#: 11.7) leaves the name to the next.
FETCH_PARAMETERS = [
    ("data:text/plain;a=1;a=2,x", (("a", "1"),)),
    ("data:text/plain;a=1;A=2;a=3,x", (("a", "1"),)),
    ('data:text/plain;a="1";a=2,x', (("a", "1"),)),
    ('data:text/plain;a=1;a="2",x', (("a", "1"),)),
    ("data:text/plain;a=1;b=2;a=3;b=4,x", (("a", "1"), ("b", "2"))),
    ("data:text/plain;charset=utf-8;Charset=latin1,x", (("charset", "utf-8"),)),
    ("data:text/plain;a=;a=2,x", (("a", "2"),)),
    ("data:text/plain;a;a=2,x", (("a", "2"),)),
]


@pytest.mark.parametrize(("uri", "parameters"), FETCH_PARAMETERS)
def test_fetch_of_two_parameters_with_one_name_the_first_wins(
    uri: str, parameters: tuple[tuple[str, str], ...]
) -> None:
    assert parse_data_uri(uri, profile="fetch").parameters == parameters


E = ErrorKind
RFC2397_ERRORS = [
    ("http:,x", 0, E.WRONG_SCHEME),
    ("data:text,x", 9, E.INVALID_MEDIA_TYPE),  # type "/" subtype
    ("data:text/,x", 10, E.INVALID_MEDIA_TYPE),  # an empty token
    ("data:te(t/plain,x", 7, E.INVALID_MEDIA_TYPE),  # a tspecial
    ("data:text/plain;a,x", 17, E.INVALID_MEDIA_TYPE),  # attribute "=" value
    ("data:text/plain;a%3Bb=c,x", 17, E.INVALID_MEDIA_TYPE),  # an escaped tspecial
    ("data:text/plain;a=b%FF,x", 19, E.INVALID_MEDIA_TYPE),  # a value is US-ASCII
    ("data:text/plain;a=b/c,x", 19, E.INVALID_MEDIA_TYPE),  # a tspecial, unescaped
    ("data:text/plain", 15, E.MISSING_COMMA),
    ("data:text/plain#a,b", 15, E.MISSING_COMMA),  # the fragment is no part of it
    ("data:;base64,AB$=", 15, E.INVALID_BASE64),
    ("data:;base64,AB%3D%3D%3D", 21, E.INVALID_BASE64),  # a third "="
    ("data:;base64,ABC", 16, E.INVALID_BASE64),  # unpadded
    ("data:;base64,A===", 16, E.INVALID_BASE64),
    ("data:,a b", 7, E.INVALID_CHARACTER),  # not a URI: urikit's parser says where
]


@pytest.mark.parametrize(("uri", "position", "kind"), RFC2397_ERRORS)
def test_rfc2397_errors(uri: str, position: int, kind: ErrorKind) -> None:
    with pytest.raises(URISyntaxError) as info:
        parse_data_uri(uri)
    assert (info.value.text, info.value.position, info.value.kind) == (uri, position, kind)


FETCH_ERRORS = [
    ("http:,x", 0, E.WRONG_SCHEME),
    ("  \tdata:text/plain", 18, E.MISSING_COMMA),
    ("data:;base64,a\tb\n=c", 17, E.INVALID_BASE64),  # after the URL parser's removals
    ("data:;base64,%FFAA", 13, E.INVALID_BASE64),
    ("data:;base64,AAAAA", 18, E.INVALID_BASE64),  # one left over
    ("data://h:x/,a", 10, E.INVALID_PORT),  # where urikit.parse puts it
]


@pytest.mark.parametrize(("uri", "position", "kind"), FETCH_ERRORS)
def test_fetch_errors(uri: str, position: int, kind: ErrorKind) -> None:
    with pytest.raises(URISyntaxError) as info:
        parse_data_uri(uri, profile="fetch")
    assert (info.value.text, info.value.position, info.value.kind) == (uri, position, kind)


def test_fetch_reads_what_the_url_parser_leaves() -> None:
    found = parse_data_uri(" data:te\txt/pl\nain;a=b?c d,x\ud800y#z ", profile="fetch")
    assert found.mime_type == 'text/plain;a="b?c%20d"'  # the query set encodes " "
    assert found.data == b"x\xef\xbf\xbdy"  # a lone surrogate is U+FFFD (WebIDL USVString)


def test_the_types() -> None:
    for bad in (None, b"data:,x", 1):
        with pytest.raises(TypeError):
            parse_data_uri(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse_data_uri("data:,x", profile=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown profile"):
        parse_data_uri("data:,x", profile="whatwg")  # type: ignore[arg-type]


@pytest.mark.parametrize("profile", ["rfc2397", "fetch"])
@given(text=TEXT)
def test_any_text_gives_a_value_or_an_error(profile: str, text: str) -> None:
    for uri in (text, "data:" + text, "data:;base64," + text):
        _result(uri, profile)


# -- linear growth ---------------------------------------------------------------------------
K = 1000


@pytest.mark.parametrize("profile", ["rfc2397", "fetch"])
def test_linear_growth(profile: str) -> None:
    def run(uri: str) -> object:
        return _result(uri, profile)

    assert_linear(run, lambda n: "data:;base64," + "QU%4A" * (n // 5), (20 * K, 200 * K))
    assert_linear(run, lambda n: "data:a/b" + ";a=b" * (n // 4) + ",x", (20 * K, 200 * K))
    assert_linear(run, lambda n: "data:a/b;c=" + "%22" * (n // 3) + ",x", (20 * K, 200 * K))
    assert_linear(run, lambda n: "data:;base64," + "A" * (n - 1), (20 * K, 200 * K))


def test_linear_growth_of_mime_parsing() -> None:
    def fetch(uri: str) -> object:
        return _result(uri, "fetch")

    assert_linear(fetch, lambda n: 'data:a/b;c="' + "\\a" * (n // 2) + ",x", (20 * K, 200 * K))
    assert_linear(fetch, lambda n: "data:a/b" + "; ;=" * (n // 4) + ",x", (20 * K, 200 * K))
