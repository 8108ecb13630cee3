"""urikit.surt against urlcanon's published SURT and SSURT data (tests/data/canonicalize/
README.md), the bugs of the ``surt`` package the issue names, and the rules of
``docs/crawl.md``.  Differences are listed exactly, each with the rule that decides it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from tests.growth import assert_linear
from tests.test_canonicalize import URLISH, load
from urikit._crawl.surt import reverse_host

#: (section, input) -> the rule that decides the difference.
DIFFERENCES = {
    ("ssurt", "http://user:pass@foo.example.org:81/path?query#frag"): (
        "ssurt.rst's grammar (port ':' scheme '@' userinfo ':' path), which urlcanon 0.3.1 "
        "writes too, against this older test line; and the semantic profile drops userinfo"
    ),
    ("ssurtHost", "0x80"): "the semantic profile reads 0x80 as the IPv4 address 0.0.0.128 first",
    ("reverseHost", "a,b.y.z."): "a ',' in a label is written %2C (urlcanon writes it as '.')",
}


@pytest.mark.parametrize(("url", "expected"), load("surt.json", "defaultIASurt").items())
def test_internet_archive_surt(url: str, expected: str) -> None:
    assert urikit.surt(url) == expected


@pytest.mark.parametrize(("host", "expected"), load("ssurt.json", "ssurtHost").items())
def test_ssurt_host(host: str, expected: str) -> None:
    got = urikit.surt(f"http://{host}/", form="ssurt").partition("//")[0]
    assert (got != expected) if ("ssurtHost", host) in DIFFERENCES else (got == expected)


@pytest.mark.parametrize(("host", "expected"), load("ssurt.json", "reverseHost").items())
def test_reverse_host(host: str, expected: str) -> None:
    got = reverse_host(host) + ","  # the SSURT host ends in ","
    assert (got != expected) if ("reverseHost", host) in DIFFERENCES else (got == expected)


@pytest.mark.parametrize(("url", "expected"), load("ssurt.json", "ssurt").items())
def test_ssurt(url: str, expected: str) -> None:
    got = urikit.surt(url, form="ssurt")
    assert (got != expected) if ("ssurt", url) in DIFFERENCES else (got == expected)
    assert got == "org,example,foo,//81:http:/path?query#frag"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        # the surt package's bugs (issue 24), fixed
        ("https://www1355544.com/", "com,www1355544)/"),  # surt: com)/
        ("http://[2001:db8::1]/x", "[2001:db8::1])/x"),  # surt: 2001:db8::1)/x
        ("http://0x7f.1/", "127.0.0.1)/"),  # surt: 1,0x7f)/
        ("http://127.0.0.1/", "127.0.0.1)/"),  # surt: 1,0,0,127)/
        ("connect:example.com:443", "com,example:443)/"),  # surt: connect:host:443
        ("example.com:443", "com,example:443)/"),
        # the ia canonicalization
        ("http://user:pw@www.Example.com:8080/A/b/?B=1&a=2#f", "com,example:8080)/a/b?a=2&b=1"),
        ("https://example.com:443/", "com,example)/"),
        # an escaped "/" stays one (decoding makes no delimiter: tests/test_crawl_keys.py)
        ("http://www.example.com/a%2Fb%20c?x=%41%3a", "com,example)/a%2fb%20c?x=a:"),
        ("http://example.com/?a=b&&c=d&", "com,example)/?&&a=b&c=d"),
        ("http://www.com/", "com,www)/"),
        # every leading www label (the Internet Archive drops one: com,example,www)/,
        # whose host keys as com,example)/: a key is its own key)
        ("http://www2.www.example.com/", "com,example)/"),
        ("mailto:a@b", "mailto:a@b"),
        # what the surt package does, read from it as a black box (surt 0.3.1)
        (
            "http://h.com/p?phpsessid=8r53nra5m7lpph7tbivvrdvcl2&x",
            "com,h)/p?phpsessid=8r53nra5m7lpph7tbivvrdvcl2&x",
        ),
        ("http://h.com/p?cfid=123&cftoken=abc-1&x=1", "com,h)/p?x=1"),
        ("http://h.com/p?cftoken=abc-1&x=1", "com,h)/p?cftoken=abc-1&x=1"),
        ("http://h.com/?l0=home&l=1", "com,h)/?l=1&l0=home"),
        ("https://h.com/a\\%20b", "com,h)/a\\%20b"),
        ("file:///Users/A", "file:/users/a"),
        ("   ", "-"),
    ],
)
def test_ia_rules(url: str, expected: str) -> None:
    assert urikit.surt(url) == expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://www.example.com/path", "com,example,www,//https:/path"),
        ("http://example.com", "com,example,//http:/"),
        ("https://1.2.3.4/x", "1.2.3.4//https:/x"),
        ("http://[::1]:8080/x", "[::1]//8080:http:/x"),
        ("http://h.example/p?b&a#f", "example,h,//http:/p?a&b#f"),
    ],
)
def test_ssurt_rules(url: str, expected: str) -> None:
    assert urikit.surt(url, form="ssurt") == expected


def test_profile_and_arguments() -> None:
    assert urikit.surt("https://www.example.com/A", profile="aggressive") == "com,example)/a"
    with pytest.raises(ValueError, match="unknown SURT form"):
        urikit.surt("http://h/", form="heritrix")
    with pytest.raises(ValueError, match="unknown profile"):
        urikit.surt("http://h/", profile="nope")
    with pytest.raises(TypeError):
        urikit.surt(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("form", ["ia", "ssurt"])
def test_linear(form: str) -> None:
    assert_linear(
        lambda t: urikit.surt(t, form=form),
        lambda n: "http://" + "a." * (n // 2) + "com/" + "%2525" * (n // 5),
        (20_000, 200_000),
        repeats=2,
    )


@given(URLISH, st.sampled_from(["ia", "ssurt"]))
def test_any_string_has_a_key(url: str, form: str) -> None:
    """Every string has a key (a lone surrogate that escapes no octet excepted)."""
    try:
        key = urikit.surt(url, form=form)
    except urikit.URISyntaxError:
        return
    assert isinstance(key, str)
