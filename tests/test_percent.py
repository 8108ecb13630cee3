"""Percent-encoding (RFC 3986 §2.1, §2.4): quote, unquote, requote, form queries, compose.

Tables first (what each component keeps and encodes, malformed escapes with their
position and kind, requote's fixes, compose's prefixes), then properties: round trips,
validity of every result under the grammar, idempotence, and ``urllib.parse.quote`` as
a second implementation where the two definitions coincide.
"""

from __future__ import annotations

import re
import string
import sys
import urllib.parse
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

import urikit
from tests import strategies as abnf
from urikit import build_query, compose, parse_query, quote, requote, unquote, unquote_to_bytes
from urikit._syntax import charsets as cs
from urikit.errors import ErrorKind, URISyntaxError

COMPONENTS = ["userinfo", "host", "path", "segment", "query", "query_value", "fragment"]
#: The component rules of ``urikit.is_valid`` that a quoted component must match.
RULES = {c: c for c in ("userinfo", "host", "path", "query", "fragment")}
#: What stays unencoded, by component (RFC 3986 §3.2.1-§3.5).
KEPT = {
    "userinfo": cs.USERINFO - frozenset(":"),
    "host": cs.REG_NAME,
    "path": cs.PATH,
    "segment": cs.PCHAR,  # §3.3 segment = *pchar
    "query": cs.QUERY,
    "query_value": cs.QUERY - frozenset("&=+;"),
    "fragment": cs.FRAGMENT,
}
#: Surrogate-free text: everything ``str.encode("utf-8")`` accepts.
TEXT = st.text(st.characters(codec="utf-8"))
ESCAPE = re.compile("%[0-9A-F]{2}")

# -- quote: what each component keeps (RFC 3986 §2.2, §2.3, §3.2.1-§3.5) ----------------
PUNCT = " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
_ANY = "%20!%22%23$%25&'()*+,-."
_DELIMS = "%3C=%3E"
_TAIL = "%5B%5C%5D%5E_%60%7B%7C%7D~"


@pytest.mark.parametrize(
    ("component", "expected"),
    [
        # §3.2.1, §3.2.2: unreserved and sub-delims; ":" of userinfo is data by default
        ("userinfo", _ANY + "%2F%3A;" + _DELIMS + "%3F%40" + _TAIL),
        ("host", _ANY + "%2F%3A;" + _DELIMS + "%3F%40" + _TAIL),
        ("path", _ANY + "/:;" + _DELIMS + "%3F@" + _TAIL),  # §3.3 pchar and "/"
        ("segment", _ANY + "%2F:;" + _DELIMS + "%3F@" + _TAIL),  # §3.3 pchar
        ("query", _ANY + "/:;" + _DELIMS + "?@" + _TAIL),  # §3.4
        ("query_value", "%20!%22%23$%25%26'()*%2B,-./:%3B%3C%3D%3E?@" + _TAIL),
        ("fragment", _ANY + "/:;" + _DELIMS + "?@" + _TAIL),  # §3.5
    ],
)
def test_quote_punctuation_table(component: str, expected: str) -> None:
    assert quote(PUNCT, component=component) == expected


@pytest.mark.parametrize("component", COMPONENTS)
def test_quote_keeps_unreserved_and_encodes_the_rest(component: str) -> None:
    unreserved = string.ascii_letters + string.digits + "-._~"  # RFC 3986 §2.3
    assert quote(unreserved, component=component) is unreserved  # the fast path
    assert quote("\x00\x1f\x7f", component=component) == "%00%1F%7F"
    assert quote("é€😀", component=component) == "%C3%A9%E2%82%AC%F0%9F%98%80"


@pytest.mark.parametrize(
    ("text", "component", "expected"),
    [
        ("a b/c?d", "path", "a%20b/c%3Fd"),  # the example
        ("a b/c?d", "segment", "a%20b%2Fc%3Fd"),
        ("100%", "path", "100%25"),  # "%" is data: never an escape to keep
        ("%41", "path", "%2541"),
        ("%%", "query", "%25%25"),
        ("a=1&b=2", "query", "a=1&b=2"),
        ("a=1&b=2", "query_value", "a%3D1%26b%3D2"),
        ("a+b c", "query_value", "a%2Bb%20c"),  # space is %20, never "+"
        ("a#b", "fragment", "a%23b"),
        ("münchen.de", "host", "m%C3%BCnchen.de"),  # §3.2.2: UTF-8, pct-encoded
        ("user:pass@x", "userinfo", "user%3Apass%40x"),
        ("", "path", ""),
    ],
)
def test_quote_examples(text: str, component: str, expected: str) -> None:
    assert quote(text, component=component) == expected


def test_quote_hex_is_upper_case() -> None:  # RFC 3986 §2.1
    assert quote(bytes(range(0x80, 0x100))) == "".join(f"%{o:02X}" for o in range(0x80, 0x100))


@pytest.mark.parametrize(
    ("text", "encoding", "expected"),
    [
        ("ü", "latin-1", "%FC"),
        ("€", "cp1252", "%80"),
        ("ü", "utf-8", "%C3%BC"),
        (b"\xfc a", "utf-8", "%FC%20a"),  # bytes are octets: encoding is not used
        (bytearray(b"a/b"), "utf-8", "a/b"),
        ("ab", "utf-16", "%FF%FEa%00b%00"),  # not ASCII-transparent: no fast path
    ],
)
def test_quote_encodings(text: str | bytes, encoding: str, expected: str) -> None:
    assert quote(text, encoding=encoding) == expected


@pytest.mark.parametrize(
    ("component", "safe", "text", "expected"),
    [
        ("userinfo", ":", "user:pw", "user:pw"),
        ("segment", ":@", "a:b@c/d", "a:b@c%2Fd"),
        ("query_value", "=", "a=b&c", "a=b%26c"),
        ("query_value", "&=+;", "a=b&c+d;e", "a=b&c+d;e"),
        ("path", "/", "a b/c", "a%20b/c"),  # already kept: no change
    ],
)
def test_quote_safe(component: str, safe: str, text: str, expected: str) -> None:
    assert quote(text, component=component, safe=safe) == expected


@pytest.mark.parametrize(
    ("component", "safe", "named"),
    [
        ("segment", "/", "'/'"),  # §3.3: "/" ends a segment
        ("path", "?", "'?'"),
        ("query", "#", "'#'"),
        ("host", ":", "':'"),
        ("userinfo", "@", "'@'"),
        ("fragment", " ", "' '"),
        ("path", "%", "'%'"),  # "%" alone is never allowed (§2.1)
        ("path", "é", "'é'"),
        ("query_value", "[", "'['"),
    ],
)
def test_quote_safe_must_be_allowed(component: str, safe: str, named: str) -> None:
    with pytest.raises(ValueError, match=re.escape(named)):
        quote("x", component=component, safe=safe)


def test_quote_rejects_unknown_component_and_types() -> None:
    with pytest.raises(ValueError, match="userinfo, host, path, segment, query, query_value"):
        quote("x", component="authority")
    with pytest.raises(TypeError):
        quote(42)  # type: ignore[arg-type]


# -- unquote (RFC 3986 §2.1) ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", ""),
        ("abc", "abc"),
        ("a%20b", "a b"),
        ("%41%42%43", "ABC"),
        ("%c3%bc%C3%BC", "üü"),  # either case of hex (§2.1)
        ("%2525", "%25"),  # decoded once, never twice
        ("ü%20ü", "ü ü"),  # non-ASCII passes through
        ("%F0%9F%98%80", "😀"),
        ("+", "+"),  # "+" is only a space in form queries
    ],
)
def test_unquote(text: str, expected: str) -> None:
    assert unquote(text) == expected


# The position is the first character after "%" that is not a HEXDIG (the end, if the
# text ends first): the first character no valid text can continue with.
@pytest.mark.parametrize(
    ("text", "position"),
    [("%", 1), ("%4", 2), ("%zz", 1), ("a%4g", 3), ("%41%", 4), ("ü%x", 2), ("%%41", 1)],
)
def test_malformed_escapes(text: str, position: int) -> None:
    for decode in (unquote, unquote_to_bytes):
        with pytest.raises(URISyntaxError) as info:
            decode(text)
        assert (info.value.position, info.value.kind) == (
            position,
            ErrorKind.INVALID_PERCENT_ENCODING,
        )
        assert info.value.text == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [("%", "%"), ("%4", "%4"), ("100%", "100%"), ("%zz%41", "%zzA"), ("%%41", "%A")],
)
def test_malformed_escapes_pass_through_unless_strict(text: str, expected: str) -> None:
    assert unquote(text, errors="replace") == expected
    assert unquote_to_bytes(text, errors="replace") == expected.encode()


@pytest.mark.parametrize(
    ("text", "position", "octets"),
    [
        ("%C3%28", 0, "%C3"),
        ("ab%FF", 2, "%FF"),
        ("a%C3%BC%E2%82", 7, "%E2%82"),  # a truncated sequence
        ("ü/%C3x", 2, "%C3"),  # positions count characters of the input
        ("x%41%ED%A0%80", 4, "%ED"),  # an encoded surrogate is not UTF-8
    ],
)
def test_invalid_utf8(text: str, position: int, octets: str) -> None:
    with pytest.raises(URISyntaxError) as info:
        unquote(text)
    error = info.value
    assert (error.position, error.kind) == (position, ErrorKind.INVALID_PERCENT_ENCODING)
    assert octets in error.reason and "utf-8" in error.reason
    assert unquote(text, errors="replace").count("\ufffd") >= 1
    assert unquote(text, errors="surrogateescape").encode("utf-8", "surrogateescape") == (
        unquote_to_bytes(text)
    )


@pytest.mark.parametrize("text", ["%FF%zz", "%FFü%zz", "ü%FF/ü/%zz"])
def test_malformed_escapes_are_reported_before_undecodable_octets(text: str) -> None:
    with pytest.raises(URISyntaxError) as info:
        unquote(text)
    assert info.value.position == text.index("%zz") + 1


@pytest.mark.parametrize(
    ("text", "encoding", "expected"),
    [
        ("%FC", "latin-1", "ü"),
        ("%80", "cp1252", "€"),
        ("ü%FC", "latin-1", "üü"),  # the literal ü is not re-encoded
        ("%82%A0", "shift_jis", "あ"),
        ("%83a", "shift_jis", "ヂ"),  # an ASCII character can be a second octet
        ("%FF%FEa%00", "utf-16", "a"),
    ],
)
def test_unquote_encodings(text: str, encoding: str, expected: str) -> None:
    assert unquote(text, encoding=encoding) == expected


def test_unquote_to_bytes() -> None:
    assert unquote_to_bytes("a%20b%FF") == b"a b\xff"
    assert unquote_to_bytes("ü%FC") == b"\xc3\xbc\xfc"  # non-ASCII as UTF-8
    assert unquote_to_bytes("") == b""


# -- requote (RFC 3986 §2.4) -----------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "",
        "http://a/b/c/d;p?q",
        "http://user:pw@[2001:db8::1%25eth0]:80/a%20b?x=%C3%BC&y#f/?",
        "mailto:a@b",
        "./a:b",
        "//h",
        "?",
        "#",
        "%41",
    ],
)
def test_requote_keeps_valid_references(text: str) -> None:
    assert requote(text) is text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://h/a b?q=ü#x#y", "http://h/a%20b?q=%C3%BC#x%23y"),  # the examples
        ("http://h/%zz%41", "http://h/%25zz%41"),
        ("http://h/100%", "http://h/100%25"),
        ("http://h/%4", "http://h/%254"),
        ('http://h/"<>\\^`{|}', "http://h/%22%3C%3E%5C%5E%60%7B%7C%7D"),
        ("http://h/\x00\t\n\x7f", "http://h/%00%09%0A%7F"),
        ("http://h/ü€😀", "http://h/%C3%BC%E2%82%AC%F0%9F%98%80"),
        ("http://h/[a]?[b]#[c]", "http://h/%5Ba%5D?%5Bb%5D#%5Bc%5D"),
        ("http://h/a?b?c#d?e", "http://h/a?b?c#d?e"),
        ("http://h#a#b#", "http://h#a%23b%23"),
        ("http://a b.c/", "http://a%20b.c/"),
        ("http://h[1]/", "http://h%5B1%5D/"),  # brackets only around an IP literal
        ("http://us er@h/", "http://us%20er@h/"),
        ("http://a@b@h/", "http://a%40b@h/"),  # the last "@" ends the userinfo
        ("http://u:p:w@h:8080/", "http://u:p:w@h:8080/"),
        ("http://[::1]:80/a b", "http://[::1]:80/a%20b"),  # the IP literal is left alone
        ("http://[v1.x]/ ", "http://[v1.x]/%20"),
        ("a b/c d", "a%20b/c%20d"),
        (":a/b:c", "%3Aa/b:c"),  # RFC 3986 §4.2: no ":" in a relative first segment
        ("//h/a b:c", "//h/a%20b:c"),
        ("mailto:a b@c", "mailto:a%20b@c"),
        ("?a b", "?a%20b"),
        ("#a b", "#a%20b"),
        ("ü", "%C3%BC"),
    ],
)
def test_requote_fixes(text: str, expected: str) -> None:
    assert requote(text) == expected
    assert requote(expected) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("urn:a[b]", "urn:a[b]"),  # RFC 2396 §3 opaque_part: uric holds "[" "]"
        ("mailto:a b?c d", "mailto:a%20b?c%20d"),
        ("http://a_b c/", "http://a_b%20c/"),  # a registry-based authority
        ("http://a@b@c/x y", "http://a@b@c/x%20y"),  # a valid reg_name stays
        ("http://h:8x/ y", "http://h:8x/%20y"),  # a reg_name, so no bad port
        ("a:b/c d", "a:b/c%20d"),
        (":a", "%3Aa"),
    ],
)
def test_requote_2396(text: str, expected: str) -> None:
    assert requote(text, grammar="rfc2396") == expected
    assert urikit.is_valid(expected, grammar="rfc2396")


@pytest.mark.parametrize(
    ("text", "grammar", "kind"),
    [
        ("1http://h/ x", "rfc3986", ErrorKind.INVALID_SCHEME),
        ("h_t://h/ x", "rfc3986", ErrorKind.INVALID_SCHEME),
        ("http://h:8x/ y", "rfc3986", ErrorKind.INVALID_PORT),
        ("http://h:-1/", "rfc3986", ErrorKind.INVALID_PORT),
        ("http://[::zz]/ ", "rfc3986", ErrorKind.INVALID_IP_LITERAL),
        ("http://[::1/ ", "rfc3986", ErrorKind.INVALID_IP_LITERAL),
        ("http://[v1.x]/ ", "rfc2396", ErrorKind.INVALID_IP_LITERAL),
        ("foo:", "rfc2396", ErrorKind.EMPTY_SCHEME_SPECIFIC_PART),
    ],
)
def test_requote_unfixable(text: str, grammar: str, kind: ErrorKind) -> None:
    with pytest.raises(URISyntaxError) as info:
        requote(text, grammar=grammar)
    assert info.value.kind == kind


def test_requote_lone_surrogate() -> None:
    with pytest.raises(URISyntaxError) as info:
        requote("http://h/a\ud800")
    assert (info.value.position, info.value.kind) == (10, ErrorKind.INVALID_CHARACTER)


# -- form-style queries --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("query", "pairs"),
    [
        ("", []),
        ("a=1", [("a", "1")]),
        ("a=1&b=2&a=3", [("a", "1"), ("b", "2"), ("a", "3")]),  # order and repeats kept
        ("a&&b=&=c&", [("a", ""), ("b", ""), ("", "c")]),
        ("q=a+b%2Bc", [("q", "a b+c")]),
        ("x=1=2", [("x", "1=2")]),
        ("k%26=%3D", [("k&", "=")]),
        ("ü=%C3%BC", [("ü", "ü")]),
        ("a;b=c", [("a;b", "c")]),  # only "&" separates
    ],
)
def test_parse_query(query: str, pairs: list[tuple[str, str]]) -> None:
    assert parse_query(query) == pairs


def test_parse_query_errors_are_positioned_in_the_query() -> None:
    for query, position in [("a=1&b=%zz", 7), ("a=1&%zz=1", 5), ("x&y=%C3", 4)]:
        with pytest.raises(URISyntaxError) as info:
            parse_query(query)
        assert (info.value.text, info.value.position) == (query, position)
        assert info.value.kind == ErrorKind.INVALID_PERCENT_ENCODING
    assert parse_query("a=%FC", encoding="latin-1") == [("a", "ü")]
    assert parse_query("a=%zz", errors="replace") == [("a", "%zz")]
    # what urllib.parse.parse_qsl does: malformed escapes kept, bad UTF-8 replaced
    assert parse_query("a=100%&b=%C3&c=%4", errors="replace") == [
        ("a", "100%"),
        ("b", "\ufffd"),
        ("c", "%4"),
    ]


@pytest.mark.parametrize(
    ("pairs", "query"),
    [
        ([], ""),
        ([("a", "1"), ("b", "x y")], "a=1&b=x%20y"),
        ([("a", None), ("b", "")], "a&b="),
        ([("n", 0), ("m", -5)], "n=0&m=-5"),
        ({"k&=": "v&=+;#"}, "k%26%3D=v%26%3D%2B%3B%23"),
        ([("ü", "/?:@")], "%C3%BC=/?:@"),
        # a list or tuple of values: the name once for each (urlencode's doseq=True)
        ({"a": ["1", "2"]}, "a=1&a=2"),
        ([("a", ("x", None, 3)), ("b", "y")], "a=x&a&a=3&b=y"),
        ({"a": []}, ""),
    ],
)
def test_build_query(pairs: Any, query: str) -> None:
    assert build_query(pairs) == query
    if isinstance(pairs, dict):  # the order and multiplicity parse_query gives back
        expected = [
            (k, v) for k, vs in pairs.items() for v in (vs if isinstance(vs, list) else [vs])
        ]
        assert parse_query(build_query(pairs)) == expected


def test_build_query_rejects_other_values() -> None:
    with pytest.raises(TypeError):
        build_query([("a", True)])
    with pytest.raises(TypeError):
        build_query([("a", 1.5)])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="a list of them, not list"):
        build_query({"a": [["nested"]]})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not set"):
        build_query({"a": {"1", "2"}})  # type: ignore[arg-type]


# -- compose (RFC 3986 §5.3) ---------------------------------------------------------
@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        (
            {"scheme": "http", "host": "2001:db8::1", "path": "/a b", "query": [("q", "x&y")]},
            "http://[2001:db8::1]/a%20b?q=x%26y",
        ),
        ({"scheme": "http", "host": "fe80::1%eth0"}, "http://[fe80::1%25eth0]"),  # RFC 6874
        ({"scheme": "http", "host": "[v7.x]", "port": 80}, "http://[v7.x]:80"),
        ({"scheme": "http", "host": "192.0.2.1", "port": "8080"}, "http://192.0.2.1:8080"),
        ({"scheme": "http", "host": "exa mple", "path": "p"}, "http://exa%20mple/p"),
        ({"scheme": "s", "userinfo": "u:p@w", "host": "", "port": ""}, "s://u:p%40w@:"),
        ({"scheme": "file", "host": "", "path": "/etc"}, "file:///etc"),
        ({"path": "a:b/c"}, "./a:b/c"),  # §4.2
        ({"path": "a/b:c"}, "a/b:c"),
        ({"path": "//x"}, "/.//x"),  # §3.3: not an authority
        ({"scheme": "s", "path": "//x"}, "s:/.//x"),
        ({"scheme": "s", "path": "a:b"}, "s:a:b"),
        ({"host": "h", "path": "a:b"}, "//h/a:b"),
        ({"path": ""}, ""),
        ({"query": "a b&c=d", "fragment": "f#g"}, "?a%20b&c=d#f%23g"),
        ({"query": "", "fragment": ""}, "?#"),
        ({"query": [("a", None), ("b", 2)]}, "?a&b=2"),
        ({"query": {"a": "1", "b": None}}, "?a=1&b"),
        ({"path": "100%/ü"}, "100%25/%C3%BC"),
    ],
)
def test_compose(parts: dict[str, object], expected: str) -> None:
    assert compose(**parts) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("parts", "error"),
    [
        ({"scheme": "1x"}, URISyntaxError),
        ({"scheme": ""}, URISyntaxError),
        ({"host": "2001:db8::zz"}, URISyntaxError),
        ({"host": "a:b"}, URISyntaxError),
        ({"host": "[::1"}, URISyntaxError),
        ({"host": "h", "port": "8x"}, URISyntaxError),
        ({"host": "h", "port": -1}, ValueError),
        ({"host": "h", "port": True}, TypeError),
        ({"userinfo": "u"}, ValueError),
        ({"port": 80}, ValueError),
        ({"scheme": "foo", "grammar": "rfc2396"}, URISyntaxError),  # RFC 2396 §3
        ({"host": "fe80::1%eth0", "grammar": "rfc2396"}, URISyntaxError),
    ],
)
def test_compose_rejects(parts: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        compose(**parts)  # type: ignore[arg-type]


def test_compose_2396() -> None:
    assert compose(scheme="http", host="a b", path="/x", grammar="rfc2396") == "http://a%20b/x"
    assert compose(scheme="mailto", path="a@b", query="s=1", grammar="rfc2396") == "mailto:a@b?s=1"


# -- host names outside ASCII: IDNA (RFC 3986 §3.2.2) or percent-encoding ------------------
@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        ({"scheme": "http", "host": "bücher.de", "path": "/ä"}, "http://xn--bcher-kva.de/%C3%A4"),
        ({"scheme": "http", "host": "Bücher.DE"}, "http://xn--bcher-kva.de"),  # mapped whole
        ({"scheme": "http", "host": "例え.jp", "port": 80}, "http://xn--r8jz45g.jp:80"),
        ({"scheme": "http", "host": "Example.COM"}, "http://Example.COM"),  # ASCII: as it is
        ({"scheme": "http", "host": "a_b c"}, "http://a_b%20c"),
        ({"host": "h", "userinfo": "jürgen"}, "//j%C3%BCrgen@h"),  # only the host
        ({"host": "fe80::1%é"}, "//[fe80::1%25%C3%A9]"),  # a zone is no host name
        (
            {"scheme": "http", "host": "bücher.de", "host_encoding": "percent"},
            "http://b%C3%BCcher.de",
        ),
        ({"scheme": "http", "host": "bücher.de", "grammar": "rfc2396"}, "http://xn--bcher-kva.de"),
        ({"scheme": "http", "host": "bücher.de", "grammar": "rfc3987"}, "http://xn--bcher-kva.de"),
    ],
)
def test_compose_hosts(parts: dict[str, object], expected: str) -> None:
    assert compose(**parts) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://bücher.de/ä", "http://xn--bcher-kva.de/%C3%A4"),  # the example
        ("http://ü@Bücher.de:8080/ä b", "http://%C3%BC@xn--bcher-kva.de:8080/%C3%A4%20b"),
        ("http://b%C3%BCcher-ü.de/", "http://xn--bcher--3yaf.de/"),  # escapes decoded first
        ("//例え.jp", "//xn--r8jz45g.jp"),
        ("http://[::1]/ü", "http://[::1]/%C3%BC"),
        ("http://h/ü", "http://h/%C3%BC"),
        ("http://b%C3%BCcher.de/", "http://b%C3%BCcher.de/"),  # valid: unchanged
    ],
)
def test_requote_iris(text: str, expected: str) -> None:
    assert requote(text) == expected
    assert requote(expected) is expected
    assert "xn--" not in requote(text, host="percent")


def test_requote_hosts_by_choice_and_grammar() -> None:
    text = "http://Bücher.de/ä b"
    assert requote(text, host="percent") == "http://B%C3%BCcher.de/%C3%A4%20b"
    assert requote(text, grammar="rfc2396") == "http://xn--bcher-kva.de/%C3%A4%20b"
    assert urikit.is_valid(requote(text, grammar="rfc2396"), grammar="rfc2396")
    # an IRI grammar repairs into an IRI: what IRIs allow stays, hosts too
    assert requote(text, grammar="rfc3987") == "http://Bücher.de/ä%20b"
    assert requote("http://h/\u200e\ue000?\ue000", grammar="rfc3987") == (
        "http://h/%E2%80%8E%EE%80%80?\ue000"  # §4.1 bidi, §2.2 iprivate outside a query
    )
    assert requote("http://bücher.de/ä", grammar="rfc3987") == "http://bücher.de/ä"


def test_requote_positions_past_a_converted_host() -> None:
    text = "http://bücher.de:8x/ a"
    with pytest.raises(URISyntaxError) as info:
        requote(text)
    assert (info.value.text, info.value.position, info.value.kind) == (
        text,
        19,
        ErrorKind.INVALID_PORT,
    )
    with pytest.raises(URISyntaxError) as info:
        requote("http://bü%FFcher.de/")  # an escape that is no UTF-8: no host name
    assert (info.value.position, info.value.kind) == (9, ErrorKind.INVALID_PERCENT_ENCODING)


@pytest.mark.parametrize(
    "call",
    [
        lambda: compose(scheme="http", host="a\u2100b"),  # U+2100 maps to "a/c"
        lambda: compose(host="example.com\uff03x"),  # U+FF03 maps to "#"
        lambda: compose(host="é..x"),
        lambda: requote("http://a\u2100b/"),
        lambda: requote("http://\u00e9-/ x"),
    ],
)
def test_a_host_idna_refuses_is_an_idna_error(call: Callable[[], object]) -> None:
    with pytest.raises(urikit.errors.IDNAError) as info:
        call()
    assert info.value.kind == ErrorKind.INVALID_IDN
    assert isinstance(info.value, ValueError)


def test_a_lone_surrogate_in_a_host_is_a_syntax_error() -> None:
    with pytest.raises(URISyntaxError) as info:
        compose(host="é" + S)
    assert (info.value.text, info.value.position, info.value.kind) == (
        "é" + S,
        2,
        ErrorKind.INVALID_CHARACTER,
    )


def test_without_the_idna_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    # IDNA2008 needs the extra: an error naming it, never a silent other form; the
    # default mode (UTS #46) needs none
    monkeypatch.setitem(sys.modules, "idna", None)
    calls: list[Callable[[], object]] = [
        lambda: compose(host="bücher.de", mode="idna2008"),
        lambda: requote("http://bücher.de/", mode="idna2008"),
    ]
    for call in calls:
        with pytest.raises(ModuleNotFoundError, match=r"pip install 'urikit\[idna\]'"):
            call()
    assert compose(host="bücher.de") == "//xn--bcher-kva.de"
    assert requote("http://bücher.de/") == "http://xn--bcher-kva.de/"
    assert compose(host="bücher.de", host_encoding="percent") == "//b%C3%BCcher.de"
    assert requote("http://bücher.de/ä", host="percent") == "http://b%C3%BCcher.de/%C3%A4"
    assert compose(host="example.com") == "//example.com"  # ASCII: no library
    assert requote("http://h/ä") == "http://h/%C3%A4"


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: compose(host="h", host_encoding="punycode"), ValueError),  # type: ignore[arg-type]
        (lambda: compose(host="h", host_encoding=None), TypeError),  # type: ignore[arg-type]
        (lambda: compose(host="h", mode="uts64"), ValueError),
        (lambda: compose(mode=b"uts46"), TypeError),  # type: ignore[arg-type]
        (lambda: requote("x", host="keep"), ValueError),  # type: ignore[arg-type]
        (lambda: requote("x", host=1), TypeError),  # type: ignore[arg-type]
        (lambda: requote("x", mode="idna2003"), ValueError),
    ],
)
def test_host_keywords_are_checked_at_the_call(
    call: Callable[[], object], error: type[Exception]
) -> None:
    with pytest.raises(error):
        call()


@given(text=st.text(st.sampled_from(list("aé例-.ü\u2100ß")), min_size=1, max_size=12))
def test_compose_idna_hosts_are_ascii_or_refused(text: str) -> None:
    try:
        composed = compose(scheme="http", host=text, path="/")
    except urikit.errors.IDNAError:
        return
    host = urikit.parse(composed).host
    assert host is not None and host.isascii()
    if not text.isascii():
        assert "%" not in host and host == host.lower()


# -- properties -------------------------------------------------------------------------
@pytest.mark.parametrize("component", COMPONENTS)
@given(text=TEXT)
@example(text="%")
@example(text="%25")
def test_quote_round_trip(component: str, text: str) -> None:
    assert unquote(quote(text, component=component)) == text
    assert unquote_to_bytes(quote(text, component=component)) == text.encode()


@pytest.mark.parametrize("component", COMPONENTS)
@given(data=st.binary())
def test_quote_bytes_round_trip(component: str, data: bytes) -> None:
    assert unquote_to_bytes(quote(data, component=component)) == data


@pytest.mark.parametrize("component", COMPONENTS)
@given(text=TEXT)
def test_quote_result_is_valid(component: str, text: str) -> None:
    result = quote(text, component=component)
    if component in RULES:
        assert urikit.is_valid(result, rule=RULES[component])
    else:
        assert all(char in KEPT[component] for char in ESCAPE.sub("", result))
    assert cs.BAD_PCT.search(result) is None


@pytest.mark.parametrize("component", COMPONENTS)
@given(text=st.text(st.characters(max_codepoint=0xFF)), latin=st.booleans())
def test_quote_agrees_with_urllib(component: str, text: str, latin: bool) -> None:
    """``urllib.parse.quote`` keeps letters, digits and "-._~" (RFC 3986 §2.3) plus
    ``safe``: with ``safe`` = the component's other kept characters, the two agree."""
    safe = "".join(sorted(KEPT[component] - cs.UNRESERVED))
    encoding = "latin-1" if latin else "utf-8"
    expected = urllib.parse.quote(text, safe=safe, encoding=encoding)
    assert quote(text, component=component, encoding=encoding) == expected
    data = text.encode(encoding)
    assert quote(data, component=component) == urllib.parse.quote(data, safe=safe)


@given(text=TEXT, encoding=st.sampled_from(["latin-1", "cp1252", "shift_jis", "utf-16"]))
def test_quote_round_trip_other_encodings(text: str, encoding: str) -> None:
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        assume(False)
    assume(data.decode(encoding) == text)  # shift_jis writes "¥" and "\\" alike
    quoted = quote(text, encoding=encoding)
    assert unquote_to_bytes(quoted) == data
    assert unquote(quoted, encoding=encoding) == text


@given(text=TEXT)
def test_unquote_never_raises_but_uri_syntax_error(text: str) -> None:
    try:
        result = unquote(text)
    except URISyntaxError as error:
        # at the "%" of undecodable octets, or just after the "%" of a bad escape
        assert "%" in text[max(0, error.position - 2) : error.position + 1]
        assert error.kind == ErrorKind.INVALID_PERCENT_ENCODING
    else:
        if "%" not in text:
            assert result == text
    unquote(text, errors="replace")  # never raises


# Characters that matter to the split, plus the classes requote must fix.
REQUOTE_ALPHABET = "aZ09-._~!$&'()*+,;=:@/?#[]%vVAFf" + ' <>"{}|\\^`\t\n\x7fé€😀'
ALMOST = st.one_of(
    st.text(REQUOTE_ALPHABET, max_size=40),
    st.tuples(abnf.uri_reference(), st.text(REQUOTE_ALPHABET, max_size=4)).map("".join),
    st.tuples(st.text(REQUOTE_ALPHABET, max_size=4), abnf.uri_reference()).map("".join),
    TEXT,
)
_APPENDIX_B = re.compile(r"(?:([^:/?#]+):)?(?://([^/?#]*))?", re.S)


def _unfixable(text: str) -> bool:
    """What encoding cannot repair (RFC 3986): a scheme that is not one, an IP literal
    (left alone), or a port that is not digits."""
    match = _APPENDIX_B.match(text)
    assert match is not None
    scheme, authority = match.groups()
    if scheme is not None and not urikit.is_valid(scheme, rule="scheme"):
        return True
    if authority is None:
        return False
    host_port = authority.rpartition("@")[2]
    port = host_port.rpartition(":")[2] if ":" in host_port else ""
    return host_port[:1] == "[" or not port.isascii() or not (port.isdigit() or port == "")


@given(text=ALMOST)
@example(text="http://[::1]x/")
@example(text="a:")
def test_requote_makes_valid_references(text: str) -> None:
    try:
        result = requote(text, host="percent")
    except URISyntaxError:
        assert _unfixable(text)
        return
    assert urikit.is_valid(result)
    assert requote(result) is result  # idempotent
    if "%" not in text:  # only encoding was added
        assert unquote(result) == text


@given(text=ALMOST)
@example(text="http://é€/")
@example(text="http://u@é:80/")
def test_requote_with_idna_makes_valid_references(text: str) -> None:
    # The default: a host outside ASCII by IDNA, or an IDNAError; never another host.
    try:
        result = requote(text)
    except URISyntaxError:
        assert _unfixable(text) or "%" in text  # or an escape of no UTF-8 in the host
        return
    except urikit.errors.IDNAError:
        return
    assert urikit.is_valid(result)
    assert requote(result) is result
    match = _APPENDIX_B.match(text)
    assert match is not None
    host_port = (match.group(2) or "").rpartition("@")[2]
    name = host_port if host_port.startswith("[") else host_port.rpartition(":")[0] or host_port
    if not name.isascii():  # converted whole: A-labels (or LDH), never escapes
        host = urikit.parse(result).host
        assert host is not None and "%" not in host


@given(text=ALMOST)
def test_requote_makes_valid_2396_references(text: str) -> None:
    try:
        result = requote(text, grammar="rfc2396")
    except URISyntaxError:
        return
    assert urikit.is_valid(result, grammar="rfc2396")
    assert requote(result, grammar="rfc2396") is result


@given(text=abnf.uri_reference())
def test_requote_identity_on_valid(text: str) -> None:
    assert requote(text) == text


@given(text=abnf.uri_reference_2396())
def test_requote_identity_on_valid_2396(text: str) -> None:
    assert requote(text, grammar="rfc2396") == text


@given(
    pairs=st.lists(st.tuples(TEXT, TEXT), max_size=6),
)
def test_query_round_trip(pairs: list[tuple[str, str]]) -> None:
    assert parse_query(build_query(pairs)) == pairs


@given(pairs=st.lists(st.tuples(TEXT, st.none() | TEXT | st.integers()), max_size=6))
def test_query_round_trip_with_none_and_int(pairs: list[tuple[str, str | int | None]]) -> None:
    expected = [
        (name, "" if value is None else str(value))
        for name, value in pairs
        if not (name == "" and value is None)  # nothing at all: an empty piece
    ]
    assert parse_query(build_query(pairs)) == expected


HOSTS = st.one_of(
    st.text(st.characters(codec="utf-8", exclude_characters=":[")),
    abnf.IPv4address,
    abnf.IPv6address(),
    st.tuples(abnf.IPv6address(), st.text(min_size=1, alphabet="abc é%")).map("%".join),
)
QUERIES = st.one_of(st.none(), TEXT, st.lists(st.tuples(TEXT, TEXT), max_size=3))


@st.composite
def composable(draw: st.DrawFn) -> dict[str, object]:
    parts: dict[str, object] = {
        "scheme": draw(st.none() | abnf.scheme),
        "path": draw(TEXT),
        "query": draw(QUERIES),
        "fragment": draw(st.none() | TEXT),
    }
    if draw(st.booleans()):
        parts["host"] = draw(HOSTS)
        parts["userinfo"] = draw(st.none() | TEXT)
        parts["port"] = draw(st.none() | st.integers(0, 70000) | abnf.port)
    return parts


@given(parts=composable())
@example(parts={"scheme": None, "path": "//a:b", "query": None, "fragment": None})
@example(parts={"scheme": None, "path": ":", "query": None, "fragment": None})
def test_compose_reads_back(parts: dict[str, object]) -> None:
    ref = urikit.parse(compose(**parts, host_encoding="percent"))  # type: ignore[arg-type]
    assert ref.scheme == parts["scheme"]
    host = parts.get("host")
    if host is None:
        assert ref.authority is None
    else:
        assert isinstance(host, str)
        assert ref.host is not None
        if ":" in host:  # an IPv6 address, in brackets
            address, _, zone = host.partition("%")
            assert ref.host.startswith(f"[{address}")
            assert unquote(ref.host[len(address) + 1 : -1]) == ("%" + zone if zone else "")
        else:
            assert unquote(ref.host) == host
        userinfo = parts["userinfo"]
        assert (userinfo if ref.userinfo is None else unquote(ref.userinfo)) == userinfo
        port = parts["port"]
        assert ref.port == (None if port is None else str(port))
    path = parts["path"]
    assert isinstance(path, str)
    assert unquote(ref.path) == _expected_path(parts)
    query = parts["query"]
    if isinstance(query, list):
        assert ref.query is not None and parse_query(ref.query) == query
    else:
        assert (None if ref.query is None else unquote(ref.query)) == query
    assert (None if ref.fragment is None else unquote(ref.fragment)) == parts["fragment"]


def _expected_path(parts: dict[str, object]) -> str:
    """The path with the prefix compose() must add (RFC 3986 §3.3, §4.2)."""
    path = parts["path"]
    assert isinstance(path, str)
    if parts.get("host") is not None:
        return path if not path or path[0] == "/" else "/" + path
    if path.startswith("//"):
        return "/." + path
    if parts["scheme"] is None and ":" in path.split("/")[0]:
        return "./" + path
    return path


@given(parts=composable())
def test_compose_2396_is_valid_or_raises(parts: dict[str, object]) -> None:
    try:
        text = compose(**parts, grammar="rfc2396")  # type: ignore[arg-type]
    except URISyntaxError:
        return  # e.g. "scheme:" alone, a zone, or an empty host with a port
    except urikit.errors.IDNAError:
        return  # a host outside ASCII that IDNA refuses
    assert urikit.is_valid(text, grammar="rfc2396")


# -- the exception contract ------------------------------------------------------------------
# For str arguments: a result, a URISyntaxError or a documented ValueError; for anything
# that is not a str (bytes where documented), a TypeError naming the argument.
WRONG = [None, b"ab", 3, ["a"]]
Call = Callable[[object], object]
NOT_A_STR: dict[str, Call] = {
    "quote(text)": lambda v: quote(v),  # type: ignore[arg-type]
    "quote(component)": lambda v: quote("a", component=v),  # type: ignore[arg-type]
    "quote(safe)": lambda v: quote("a", safe=v),  # type: ignore[arg-type]
    "quote(encoding)": lambda v: quote("é", encoding=v),  # type: ignore[arg-type]
    "unquote(text)": lambda v: unquote(v),  # type: ignore[arg-type]
    "unquote(encoding)": lambda v: unquote("%41", encoding=v),  # type: ignore[arg-type]
    "unquote(errors)": lambda v: unquote("%41", errors=v),  # type: ignore[arg-type]
    "unquote_to_bytes(text)": lambda v: unquote_to_bytes(v),  # type: ignore[arg-type]
    "unquote_to_bytes(errors)": lambda v: unquote_to_bytes("a", errors=v),  # type: ignore[arg-type]
    "requote(text)": lambda v: requote(v),  # type: ignore[arg-type]
    "requote(grammar)": lambda v: requote("a b", grammar=v),  # type: ignore[arg-type]
    "compose(scheme)": lambda v: compose(scheme=v),  # type: ignore[arg-type]
    "compose(userinfo)": lambda v: compose(userinfo=v, host="h"),  # type: ignore[arg-type]
    "compose(host)": lambda v: compose(host=v),  # type: ignore[arg-type]
    "compose(path)": lambda v: compose(path=v),  # type: ignore[arg-type]
    "compose(fragment)": lambda v: compose(fragment=v),  # type: ignore[arg-type]
    "compose(grammar)": lambda v: compose(grammar=v),  # type: ignore[arg-type]
    "parse_query(query)": lambda v: parse_query(v),  # type: ignore[arg-type]
    "parse_query(encoding)": lambda v: parse_query("a", encoding=v),  # type: ignore[arg-type]
    "parse_query(errors)": lambda v: parse_query("a", errors=v),  # type: ignore[arg-type]
    "build_query(name)": lambda v: build_query([(v, "x")]),  # type: ignore[list-item]
    "build_query(pair)": lambda v: build_query([v]),  # type: ignore[list-item]
}
#: None means "absent" for these (for a grammar: the default one), and an int is a port
#: or a query value.
ABSENT_OR_ALLOWED = {
    ("quote(text)", "bytes"),
    *((f"compose({name})", "NoneType") for name in ("scheme", "userinfo", "host", "fragment")),
    ("compose(grammar)", "NoneType"),
    ("requote(grammar)", "NoneType"),
}


@pytest.mark.parametrize("value", WRONG, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("name", sorted(NOT_A_STR))
def test_what_is_not_a_str_is_a_type_error(name: str, value: object) -> None:
    if (name, type(value).__name__) in ABSENT_OR_ALLOWED:
        NOT_A_STR[name](value)
        return
    with pytest.raises(TypeError, match=r"not (NoneType|bytes|int|list)|tuple, not"):
        NOT_A_STR[name](value)


@pytest.mark.parametrize(
    "call",
    [
        lambda: compose(port=b"80", host="h"),  # type: ignore[arg-type]
        lambda: compose(port=[80], host="h"),  # type: ignore[arg-type]
        lambda: compose(query=b"a=1"),  # type: ignore[arg-type]
        lambda: compose(query=3),  # type: ignore[arg-type]
        lambda: build_query(None),  # type: ignore[arg-type]
        lambda: build_query("a=1"),  # type: ignore[arg-type]
        lambda: build_query(b"a=1"),  # type: ignore[arg-type]
        lambda: build_query(3),  # type: ignore[arg-type]
        lambda: build_query({1: "a"}),  # type: ignore[arg-type]
        lambda: build_query([("a", b"b")]),  # type: ignore[list-item]
        lambda: build_query([("a", "b", "c")]),  # type: ignore[list-item]
        lambda: build_query([("a", True)]),
    ],
)
def test_wrong_parts_are_type_errors(call: Callable[[], object]) -> None:
    with pytest.raises(TypeError):
        call()


S = "a\udfffb"  # a lone surrogate: no character, so no UTF-8 octets (RFC 3986 §2.5)

# (call, the text the error is about, position, kind)
STR_ERRORS: list[tuple[Callable[[], object], str, int, ErrorKind]] = [
    (lambda: quote(S), S, 1, ErrorKind.INVALID_CHARACTER),
    (lambda: quote(S, component="query"), S, 1, ErrorKind.INVALID_CHARACTER),
    # decided: a character the encoding cannot encode is the same error as a surrogate
    (lambda: quote("ab€", encoding="latin-1"), "ab€", 2, ErrorKind.INVALID_CHARACTER),
    (lambda: unquote_to_bytes(S), S, 1, ErrorKind.INVALID_CHARACTER),
    (lambda: unquote_to_bytes("%41" + S), "%41" + S, 4, ErrorKind.INVALID_CHARACTER),
    (lambda: unquote(S), S, 1, ErrorKind.INVALID_CHARACTER),
    (lambda: unquote("%C3%BC" + S), "%C3%BC" + S, 7, ErrorKind.INVALID_CHARACTER),
    (lambda: requote("http://h/" + S), "http://h/" + S, 10, ErrorKind.INVALID_CHARACTER),
    (lambda: compose(path=S), S, 1, ErrorKind.INVALID_CHARACTER),
    (lambda: compose(host="h", userinfo=S), S, 1, ErrorKind.INVALID_CHARACTER),
    (lambda: compose(host="fe80::1%" + S), S, 1, ErrorKind.INVALID_CHARACTER),  # zone
    (lambda: compose(query=S), S, 1, ErrorKind.INVALID_CHARACTER),
    (lambda: compose(query=[("q", S)]), S, 1, ErrorKind.INVALID_CHARACTER),
    (lambda: compose(fragment=S), S, 1, ErrorKind.INVALID_CHARACTER),
    (lambda: build_query([(S, None)]), S, 1, ErrorKind.INVALID_CHARACTER),
    (lambda: build_query({"k": S}), S, 1, ErrorKind.INVALID_CHARACTER),
    (lambda: parse_query("q=%41" + S), "q=%41" + S, 6, ErrorKind.INVALID_CHARACTER),
    (lambda: parse_query("q=" + S), "q=" + S, 3, ErrorKind.INVALID_CHARACTER),
]


@pytest.mark.parametrize(("call", "text", "position", "kind"), STR_ERRORS)
def test_str_errors_are_uri_syntax_errors(
    call: Callable[[], object], text: str, position: int, kind: ErrorKind
) -> None:
    with pytest.raises(URISyntaxError) as info:
        call()
    assert (info.value.text, info.value.position, info.value.kind) == (text, position, kind)


def test_surrogates_pass_unless_strict() -> None:
    # Decoding never touches a character that is not an escape; "strict" refuses one that
    # has no octets, other handlers leave it (or, for octets, apply to it).
    assert unquote("%41" + S, errors="replace") == "A" + S
    assert parse_query("q=%41" + S, errors="surrogateescape") == [("q", "A" + S)]
    assert unquote_to_bytes("%41" + S, errors="replace") == b"Aa?b"
    assert unquote_to_bytes(S, errors="surrogatepass") == S.encode("utf-8", "surrogatepass")


@pytest.mark.parametrize(
    "call",
    [
        lambda: quote("a", encoding="no-such-codec"),
        lambda: quote("é", encoding="rot13"),  # not a text encoding
        lambda: quote("a", component="authority"),
        lambda: unquote("a", encoding="no-such-codec"),
        lambda: unquote("%FF", errors="bogus"),
        lambda: unquote("a", errors="bogus"),  # checked even when nothing is decoded
        lambda: unquote_to_bytes("a", errors="bogus"),
        lambda: parse_query("", encoding="no-such-codec"),
        lambda: parse_query("a=%FF", errors="bogus"),
        lambda: requote("a b", grammar="rfc1738"),
        lambda: compose(grammar="rfc1738"),
    ],
)
def test_unknown_names_are_value_errors(call: Callable[[], object]) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert type(info.value) is ValueError  # not a LookupError, nor a URISyntaxError


@pytest.mark.parametrize("encoding", ["idna", "punycode", "IDNA"])
def test_host_name_codecs_are_no_text_encodings(encoding: str) -> None:
    # RFC 3490/3492 rewrite labels; percent-encoding needs the octets of characters
    for call in (
        lambda: quote("\xbc\x80", encoding=encoding),
        lambda: unquote("%41", encoding=encoding),
        lambda: parse_query("a=%41", encoding=encoding),
    ):
        with pytest.raises(ValueError, match="host names"):
            call()


@given(
    text=st.text(max_size=20),
    encoding=st.sampled_from(["utf-8", "latin-1", "ascii", "cp1252", "shift_jis"]),
)
def test_quote_and_unquote_raise_only_uri_syntax_errors(text: str, encoding: str) -> None:
    for call in (
        lambda: quote(text, encoding=encoding),
        lambda: unquote(text, encoding=encoding),
        lambda: unquote(text, encoding=encoding, errors="replace"),
        lambda: unquote_to_bytes(text),
        lambda: requote(text),
        lambda: parse_query(text, encoding=encoding),
    ):
        try:
            call()
        except URISyntaxError as error:
            assert 0 <= error.position <= len(error.text)
