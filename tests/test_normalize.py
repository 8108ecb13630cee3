"""Normalization and equivalence (RFC 3986 §6.2, RFC 2396 §6): each step, what must not
change, the scheme registry, and properties on generated references."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from tests import strategies as abnf

# -- RFC 3986 §6.2.2, step by step (level="syntax") ------------------------------------
SYNTAX = [
    # §6.2.2.1 case: scheme and host lower, hex digits upper, everything else as is
    ("HTTP://EXAMPLE.COM/A?B#C", "http://example.com/A?B#C"),
    ("http://User@h/", "http://User@h/"),
    ("http://h/%3a%2f", "http://h/%3A%2F"),
    ("http://[2001:DB8::A]/", "http://[2001:db8::a]/"),
    ("http://[FE80::1%25Eth0]/", "http://[fe80::1%25Eth0]/"),  # RFC 6874 zone kept
    ("http://[V1.AbC]/", "http://[v1.abc]/"),
    ("http://%c3%bc.EXAMPLE/", "http://%C3%BC.example/"),  # host hex stays upper
    # §6.2.2.2 percent-encoding: decode exactly the unreserved octets
    ("http://h/%41%5A%61%7A%30%39%2D%2E%5F%7E", "http://h/AZaz09-._~"),
    ("http://h/%21%24%26%27%28%29%2A%2B%2C%3B%3D", "http://h/%21%24%26%27%28%29%2A%2B%2C%3B%3D"),
    ("http://h/%2F%3F%23%5B%5D%40%3A%25", "http://h/%2F%3F%23%5B%5D%40%3A%25"),
    ("http://%41b@%43D.com/", "http://Ab@cd.com/"),  # userinfo keeps case, host lowered
    ("?%61=%62#%63", "?a=b#c"),
    # §6.2.2.3 path segments: remove_dot_segments on the path of every URI, rootless
    # ones included, as §5.2.2 does for any reference with a scheme (§6.2.2.3 makes no
    # exception; resolve("http://x/", "foo:A/./b/../C") is foo:A/C)
    ("http://h/a/./b/../c", "http://h/a/c"),
    ("http://h/%2E%2E/a", "http://h/a"),  # decoded first, then removed
    ("/a/../b", "/b"),
    ("//h/a/../b", "//h/b"),
    ("foo:A/./b/../C", "foo:A/C"),
    ("foo:../a/./b", "foo:a/b"),
    ("mailto:a/../b", "mailto:/b"),  # rule C leaves the "/" (§5.2.4)
    ("s:a/..//x", "s:/.//x"),  # "//x" without authority stays a path
    ("s:/..//x", "s:/.//x"),
    ("../a/./b", "../a/./b"),  # a relative path: its dots apply to the base (§5.2.1)
    ("a/./b", "a/./b"),
    # §6.2.2.1 hex digits upper case wherever they stand, after a scheme's own rules too
    ("urn:%AA:x", "urn:%AA:x"),
    ("urn:ab%aa:x", "urn:ab%AA:x"),
    # not scheme-based at this level
    ("http://h:80", "http://h:80"),
    ("http://h:", "http://h:"),
]


@pytest.mark.parametrize(("text", "normal"), SYNTAX)
def test_syntax_level(text: str, normal: str) -> None:
    assert urikit.normalize(text, level="syntax") == normal


# -- RFC 3986 §6.2.3 (level="scheme", the default) -------------------------------------
SCHEME = [
    ("http://h:80/", "http://h/"),
    ("http://h:080/", "http://h/"),
    ("http://h:8080/", "http://h:8080/"),
    ("http://h:08080/", "http://h:8080/"),
    ("https://h:443", "https://h/"),
    ("https://h:80/", "https://h:80/"),
    ("ws://h:80", "ws://h/"),
    ("wss://h:443/x", "wss://h/x"),
    ("ftp://h:21", "ftp://h/"),
    ("ssh://git@h:22/r", "ssh://git@h/r"),
    ("ldap://h:389", "ldap://h/"),
    ("unknown://h:80", "unknown://h:80"),  # nothing known: nothing assumed
    ("unknown://h:", "unknown://h"),  # an empty port goes for every scheme
    ("unknown://h", "unknown://h"),
    ("file://localhost/etc/hosts", "file:///etc/hosts"),
    ("file://LOCALHOST/x", "file:///x"),
    ("file://example/x", "file://example/x"),
    ("http://u@h:80", "http://u@h/"),
    ("urn:ISBN:0451450523", "urn:isbn:0451450523"),
    ("mailto:a@B.C,d@E.F", "mailto:a@b.c,d@e.f"),
    ("urn:%aa:x", "urn:%AA:x"),  # the NID is lower-cased, its escapes stay upper
    ("mailto:a@%c3%bc.DE", "mailto:a@%C3%BC.de"),
    ("http://h/a?q=1&b=2", "http://h/a?q=1&b=2"),  # the query's order stays
    ("http://h/A/B", "http://h/A/B"),  # the path's case stays
]


@pytest.mark.parametrize(("text", "normal"), SCHEME)
def test_scheme_level(text: str, normal: str) -> None:
    assert urikit.normalize(text) == normal
    assert str(urikit.parse(text).normalize()) == normal


# -- RFC 2396 §6 and §2.4.2, nothing more ----------------------------------------------
RFC2396 = [
    ("HTTP://WWW.Example.COM:80/a", "http://www.example.com/a"),
    ("http://h/%7e%21%2a%27%28%29", "http://h/~!*'()"),  # mark characters unescaped
    ("http://h/%2f%3b", "http://h/%2F%3B"),  # reserved stay; §2.4.1: hex case is no part
    ("http://h/a/./b/../c", "http://h/a/./b/../c"),  # no dot-segment removal
    ("http://h", "http://h"),  # no empty path -> "/"
    ("http://A_B:80/", "http://A_B:80/"),  # a reg_name authority: not a hostname
    ("mailto:A%41@B", "mailto:AA@B"),
]


@pytest.mark.parametrize(("text", "normal"), RFC2396)
def test_rfc2396(text: str, normal: str) -> None:
    assert urikit.normalize(text, grammar="rfc2396") == normal


def test_mark_characters_differ_between_the_grammars() -> None:
    # "!*'()" are unreserved marks in RFC 2396 but sub-delims in RFC 3986 (App. D.2)
    assert urikit.normalize("http://h/%21", grammar="rfc2396") == "http://h/!"
    assert urikit.normalize("http://h/%21") == "http://h/%21"


def test_string_level_and_errors() -> None:
    assert urikit.normalize("HTTP://A", level="string") == "HTTP://A"
    with pytest.raises(ValueError, match="level"):
        urikit.normalize("http://a", level="protocol")  # type: ignore[arg-type]
    with pytest.raises(urikit.URISyntaxError):
        urikit.normalize("http://a b")


def test_equivalent_with_base_and_differences() -> None:
    assert urikit.equivalent("./c", "../b/c", base="http://a/b/")
    assert not urikit.equivalent("./c", "../b/c")
    from urikit import differences

    assert differences("http://a/b", "HTTP://A/b") == []
    assert differences("http://a/b?x", "https://a/c")[0] == ("scheme", "http", "https")


def test_eq_is_string_comparison_not_equivalence() -> None:
    a, b = urikit.parse("http://a/"), urikit.parse("HTTP://a/")
    assert a != b
    assert urikit.equivalent(a, b)


def test_scheme_registry_is_extensible() -> None:
    from urikit import schemes

    assert urikit.normalize("foo://h:7/") == "foo://h:7/"
    schemes.register(schemes.Scheme("foo", default_port=7))
    try:
        assert urikit.normalize("foo://h:7") == "foo://h/"
        assert schemes.get("FOO") is not None
        assert "foo" in [scheme.name for scheme in schemes.known()]
    finally:
        schemes.unregister("foo")
    assert urikit.normalize("foo://h:7") == "foo://h:7"


# -- properties -------------------------------------------------------------------------
LEVELS = ["string", "syntax", "scheme"]


@given(abnf.uri_reference(), st.sampled_from(LEVELS))
def test_normal_form_is_valid_and_idempotent(text: str, level: str) -> None:
    once = urikit.normalize(text, level=level)  # type: ignore[arg-type]
    assert urikit.is_valid(once)
    assert urikit.normalize(once, level=level) == once  # type: ignore[arg-type]
    assert urikit.equivalent(text, once, level=level)  # type: ignore[arg-type]
    assert urikit.parse(text).scheme is None or urikit.parse(once).scheme is not None


@given(abnf.uri_reference_2396())
def test_rfc2396_normal_form_is_valid_and_idempotent(text: str) -> None:
    once = urikit.normalize(text, grammar="rfc2396")
    assert urikit.normalize(once, grammar="rfc2396") == once


@given(abnf.uri_reference(), abnf.uri_reference(), abnf.uri_reference())
def test_equivalence_is_an_equivalence(a: str, b: str, c: str) -> None:
    assert urikit.equivalent(a, a)
    assert urikit.equivalent(a, b) == urikit.equivalent(b, a)
    if urikit.equivalent(a, b) and urikit.equivalent(b, c):
        assert urikit.equivalent(a, c)


@given(abnf.uri)
def test_case_and_encoding_variants_are_equivalent(text: str) -> None:
    ref = urikit.parse(text)
    assert ref.scheme is not None
    variant = ref.scheme.upper() + text[len(ref.scheme) :]
    assert urikit.equivalent(text, variant)
    # an unreserved character and its percent-encoding (§2.3)
    assert urikit.equivalent(
        text + "~" if ref.fragment is not None else text + "#~",
        text + "%7e" if ref.fragment is not None else text + "#%7E",
    )


@given(abnf.uri_reference())
def test_equivalence_never_decodes_reserved(text: str) -> None:
    # §2.2: a reserved character and its percent-encoding are not equivalent
    suffix = "" if "#" in text else "#"
    assert not urikit.equivalent(text + suffix + "/", text + suffix + "%2F")


@pytest.mark.parametrize(
    "scheme",
    [s for s in urikit.schemes.known() if s.default_port is not None],
    ids=lambda scheme: scheme.name,
)
def test_each_known_default_port_is_elided(scheme: urikit.schemes.Scheme) -> None:
    uri = f"{scheme.name.upper()}://h:{scheme.default_port}/p"
    assert urikit.normalize(uri) == f"{scheme.name}://h/p"
    other = (scheme.default_port or 0) + 1
    assert urikit.normalize(f"{scheme.name}://h:{other}/p") == f"{scheme.name}://h:{other}/p"
    root = "/" if scheme.empty_path_is_root else ""
    assert (
        urikit.normalize(f"{scheme.name}://h:{scheme.default_port}") == f"{scheme.name}://h{root}"
    )


@given(abnf.uri, st.sampled_from(["syntax", "scheme"]))
def test_equivalence_of_uris_does_not_depend_on_a_base(text: str, level: str) -> None:
    # §6.1 compares target URIs; a URI is its own target (§5.2.2 removes its dots), so
    # its normal form is the same with and without a base
    target = urikit.resolve("s://b/c", text)
    normal = urikit.normalize(text, level=level)  # type: ignore[arg-type]
    assert urikit.normalize(target, level=level) == normal  # type: ignore[arg-type]
    assert urikit.equivalent(text, target, level=level)  # type: ignore[arg-type]


@given(abnf.uri_reference(), st.sampled_from(LEVELS))
def test_hex_digits_are_upper_case_in_every_normal_form(text: str, level: str) -> None:
    once = urikit.normalize(text, level=level)  # type: ignore[arg-type]
    if level != "string":
        assert re.search("%[0-9A-F]?[a-f]", once) is None
    once_2396 = (
        urikit.normalize(text, grammar="rfc2396")
        if urikit.is_valid(text, grammar="rfc2396")
        else ""
    )
    assert re.search("%[0-9A-F]?[a-f]", once_2396) is None
