"""application/x-www-form-urlencoded (WHATWG URL §5) and URLSearchParams (§6.2), from
the Standard's text: the parser's steps, the serializer with its percent-encode set
(§1.3's example of it), and each method's steps."""

from __future__ import annotations

import pytest

from urikit._whatwg import URLSearchParams, parse
from urikit._whatwg.urlencoded import urlencoded_parse, urlencoded_serialize


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("", []),
        ("&&", []),  # "If bytes is the empty byte sequence, then continue"
        ("a", [("a", "")]),  # no "=": the value is empty
        ("=b", [("", "b")]),
        ("a==b", [("a", "=b")]),  # the first "=" splits
        ("a+b=c+d", [("a b", "c d")]),  # "+" is 0x20 before decoding
        ("%2B=%26", [("+", "&")]),
        ("%zz=%4", [("%zz", "%4")]),  # no percent-encoded byte: kept
        ("%FF=%E2%80", [("\ufffd", "\ufffd")]),  # UTF-8 decode without BOM
        ("%EF%BB%BFa=1", [("\ufeffa", "1")]),  # without BOM: the BOM stays
        ("\ud800=1", [("\ufffd", "1")]),  # a scalar value string
    ],
)
def test_parser(text: str, pairs: list[tuple[str, str]]) -> None:
    assert urlencoded_parse(text) == pairs


@pytest.mark.parametrize(
    ("pairs", "text"),
    [
        ([], ""),
        ([("", "")], "="),
        ([("1+1 ≡ 2%20‽", "")], "1%2B1+%E2%89%A1+2%2520%E2%80%BD="),  # §1.3, in UTF-8
        ([("a", "*-._~!'()")], "a=*-._%7E%21%27%28%29"),  # all but alnum and *-._ encoded
        ([("a", "b"), ("c", "d")], "a=b&c=d"),
    ],
)
def test_serializer(pairs: list[tuple[str, str]], text: str) -> None:
    assert urlencoded_serialize(pairs) == text


def test_constructors() -> None:
    assert list(URLSearchParams("?a=1&b=2")) == [("a", "1"), ("b", "2")]
    assert list(URLSearchParams("??a=1")) == [("?a", "1")]  # a single leading "?"
    assert list(URLSearchParams([("a", "1"), ["b", "2"]])) == [("a", "1"), ("b", "2")]  # type: ignore[list-item]
    assert list(URLSearchParams({"a": "1", "b": "\udfff"})) == [("a", "1"), ("b", "\ufffd")]
    with pytest.raises(TypeError):
        URLSearchParams([("a", "1", "2")])  # type: ignore[list-item]


def test_methods() -> None:
    params = URLSearchParams("a=1&b=x&a=2&c=3")
    assert (params.get("a"), params.get("z"), params.get_all("a"), params.size) == (
        "1",
        None,
        ["1", "2"],
        4,
    )
    assert (params.has("a"), params.has("a", "2"), params.has("a", "3"), params.has("z")) == (
        True,
        True,
        False,
        False,
    )
    params.set("a", "9")  # the first keeps its place with the new value, the others go
    assert str(params) == "a=9&b=x&c=3"
    params.set("d", "4")
    params.append("b", "y")
    params.delete("b", "x")
    assert str(params) == "a=9&c=3&d=4&b=y"
    params.delete("a")
    assert str(params) == "c=3&d=4&b=y"
    assert repr(params) == "URLSearchParams('c=3&d=4&b=y')"
    assert params == URLSearchParams("c=3&d=4&b=y") and params != "c=3&d=4&b=y"


def test_sort_is_stable_and_by_code_units() -> None:
    params = URLSearchParams(
        [("b", "1"), ("\uffff", "x"), ("\U0001f600", "y"), ("a", "2"), ("b", "0")]
    )
    params.sort()  # U+1F600 is D83D DE00 in UTF-16: before U+FFFF
    assert list(params) == [
        ("a", "2"),
        ("b", "1"),
        ("b", "0"),
        ("\U0001f600", "y"),
        ("\uffff", "x"),
    ]


def test_the_standard_sort_example() -> None:
    url = parse("https://example.org/?q=🏳️‍🌈&key=e1f7bc78")
    params = url.search_params
    params.sort()
    assert (
        url.replace(search=str(params)).search
        == "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    )
    assert url.search_params.get("q") == "🏳️‍🌈"  # the URL did not change
    params.delete("key")
    params.delete("q")
    assert url.replace(search=str(params)).href == "https://example.org/"  # null query
