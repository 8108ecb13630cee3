"""The normalization examples of RFC 3986 §6.2 and RFC 2396 §6, one case per row."""

from __future__ import annotations

import pytest

import urikit


# RFC 3986 §6.2.2: "an application ... could reasonably consider the following two URIs
# equivalent"
def test_syntax_based_example() -> None:
    a, b = "example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
    assert urikit.normalize(b, level="syntax") == a
    assert urikit.equivalent(a, b, level="syntax")
    assert not urikit.equivalent(a, b, level="string")


# RFC 3986 §6.2.2.1: <HTTP://www.EXAMPLE.com/> is equivalent to <http://www.example.com/>
def test_case_normalization_example() -> None:
    assert urikit.normalize("HTTP://www.EXAMPLE.com/", level="syntax") == "http://www.example.com/"


# RFC 3986 §6.2.2.2 and §2.3: %7E and ~ (RFC 2396 §2.4.2: "%7e" in an http path)
@pytest.mark.parametrize("grammar", ["rfc3986", "rfc2396"])
def test_tilde_example(grammar: str) -> None:
    assert urikit.equivalent("http://a/%7Euser", "http://a/~user", grammar=grammar)
    assert urikit.equivalent("http://a/%7euser", "http://a/~user", grammar=grammar)


# RFC 3986 §6.2.3: four equivalent URIs; the second is the normal form for "http"
FOUR = [
    "http://example.com",
    "http://example.com/",
    "http://example.com:/",
    "http://example.com:80/",
]


@pytest.mark.parametrize("uri", FOUR)
def test_scheme_based_four_spellings(uri: str) -> None:
    assert urikit.normalize(uri) == "http://example.com/"
    for other in FOUR:
        assert urikit.equivalent(uri, other)


# RFC 3986 §6.2.3: "http://example.com/?" cannot be assumed equivalent to those
def test_empty_query_delimiter_stays() -> None:
    assert urikit.normalize("http://example.com/?") == "http://example.com/?"
    assert not urikit.equivalent("http://example.com/?", "http://example.com/")


# RFC 3986 §6.2.3: two URIs that differ only by the suffix "#" are different
def test_empty_fragment_delimiter_stays() -> None:
    assert not urikit.equivalent("http://example.com/#", "http://example.com/")


# RFC 3986 §6.2.3: "mailto:Joe@Example.COM" is equivalent to "mailto:Joe@example.com"
def test_mailto_domain_case() -> None:
    assert urikit.normalize("mailto:Joe@Example.COM") == "mailto:Joe@example.com"
    assert urikit.equivalent("mailto:Joe@Example.COM", "mailto:Joe@example.com")
    assert not urikit.equivalent("mailto:Joe@example.com", "mailto:joe@example.com")


# RFC 2396 §6: <http://www.XEROX.com> is equivalent to <http://www.xerox.com>; an
# explicit default ":port" is equivalent to none
@pytest.mark.parametrize("grammar", ["rfc3986", "rfc2396"])
def test_rfc2396_section_6(grammar: str) -> None:
    assert urikit.equivalent("http://www.XEROX.com", "http://www.xerox.com", grammar=grammar)
    assert urikit.equivalent("HTTP://www.xerox.com:80", "http://www.xerox.com", grammar=grammar)
