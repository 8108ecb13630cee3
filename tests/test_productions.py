"""Table-driven checks of the parser against the ABNF of RFC 3986 and the BNF of RFC 2396
(as amended by RFC 2732), production by production.

Every expectation here was derived by hand from the grammars (RFC 3986 §2-§4 and
Appendix A; RFC 2396 §2-§5 and Appendix A; RFC 2732 §3), not from the implementation.

Conventions for invalid rows, ``(position, kind)``:

* ``position`` is the first character that no string of the rule can continue the
  text with (``len(text)`` when every prefix can still be continued but the whole is not
  valid): "1http://h" is a relative path up to its ":", "http://h:8a" may still become
  "http://h:8a@x/", so "http://h:8a/" fails at its "/".  For a ``%`` not followed by two
  HEXDIG that is the first character after it that is not one (the ``%`` itself where
  the rule admits no escape).  ``tests/test_positions.py`` checks this definition
  against an ABNF oracle on mutated references.
* ``kind``: INVALID_CHARACTER / NON_ASCII for characters no URI may hold, whatever the
  component; INVALID_PERCENT_ENCODING for a bad escape; otherwise the kind of the
  component read at that position, split as RFC 3986 Appendix B / RFC 2396 Appendix B
  do (scheme before the first ":" that precedes any "/", "?", "#"; authority after "//"
  up to the next "/", "?", "#"; userinfo before the first "@" of the authority; port
  after the host): the component's own kind where one exists (INVALID_SCHEME,
  INVALID_PORT, INVALID_HOST, INVALID_IP_LITERAL) and UNEXPECTED_CHARACTER for
  components without one (path, query, fragment, userinfo).
"""

from __future__ import annotations

from typing import Any

import pytest

import urikit
from tests.expect import (
    CHAR,
    COLON,
    EMPTY_SSP,
    FRAG,
    HOST,
    IPLIT,
    MISSING,
    NONASCII,
    PCT,
    PORT,
    R2,
    R3,
    SCHEME,
    UNEXP,
    parts,
    registry,
    server,
)
from urikit import ErrorKind


def assert_parses(text: str, grammar: str, rule: str, expected: dict[str, Any]) -> None:
    ref = urikit.parse(text, grammar=grammar, rule=rule)
    assert str(ref) == text
    assert {name: getattr(ref, name) for name in expected} == expected
    assert urikit.is_valid(text, grammar=grammar, rule=rule)


def assert_rejects(text: str, grammar: str, rule: str, position: int, kind: ErrorKind) -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.parse(text, grammar=grammar, rule=rule)
    assert (caught.value.position, caught.value.kind) == (position, kind)
    assert not urikit.is_valid(text, grammar=grammar, rule=rule)


def assert_component_valid(text: str, grammar: str, rule: str) -> None:
    assert urikit.is_valid(text, grammar=grammar, rule=rule)
    urikit.validate(text, grammar=grammar, rule=rule)


def assert_component_invalid(
    text: str, grammar: str, rule: str, position: int, kind: ErrorKind
) -> None:
    assert not urikit.is_valid(text, grammar=grammar, rule=rule)
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.validate(text, grammar=grammar, rule=rule)
    assert (caught.value.position, caught.value.kind) == (position, kind)


# =====================================================================================
# RFC 3986 §3.1 scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
# RFC 2396 §3.1 scheme = alpha *( alpha | digit | "+" | "-" | "." )  (the same set)
# =====================================================================================

SCHEME_VALID = [
    "a",
    "Z",
    "http",
    "HTTP",
    "hTtP",
    "a1",
    "a+",
    "a-",
    "a.",
    "coap+tcp",
    "iris.beep",
    "z9+-.z",
    "ms-settings",
]

SCHEME_INVALID = [
    ("", 0, SCHEME),  # at least one ALPHA
    ("1a", 0, SCHEME),  # must begin with ALPHA
    ("+a", 0, SCHEME),
    ("-a", 0, SCHEME),
    (".a", 0, SCHEME),
    ("a_b", 1, SCHEME),
    ("a~b", 1, SCHEME),
    ("a:b", 1, SCHEME),
    ("a/b", 1, SCHEME),
    ("a%41", 1, SCHEME),  # no pct-encoded in a scheme
]


@pytest.mark.parametrize("grammar", [R3, R2])
@pytest.mark.parametrize("text", SCHEME_VALID)
def test_scheme_component_valid(text: str, grammar: str) -> None:
    assert_component_valid(text, grammar, "scheme")


@pytest.mark.parametrize("grammar", [R3, R2])
@pytest.mark.parametrize(("text", "position", "kind"), SCHEME_INVALID)
def test_scheme_component_invalid(text: str, grammar: str, position: int, kind: ErrorKind) -> None:
    assert_component_invalid(text, grammar, "scheme", position, kind)


# Scheme in a whole reference; valid rows hold under both grammars (RFC 2396 needs
# something after the ":", so every row has one).
SCHEME_IN_REFERENCE_VALID = [
    ("HTTP://h", server("HTTP", "h")),
    ("a+b-c.d:x", parts("a+b-c.d", path="x")),
    ("a1:/", parts("a1", path="/")),
    ("z.9:x:y", parts("z.9", path="x:y")),
]

# A ":" before any "/", "?", "#" ends a scheme (Appendix B of both RFCs), so what
# precedes it must be a scheme; until that ":" it may be a relative path's first
# segment, so the ":" is what cannot belong, and under URI-reference it is INVALID_SCHEME.
SCHEME_IN_REFERENCE_INVALID = [
    ("1http://h", 5, SCHEME),
    ("ht_tp://h", 5, SCHEME),
    ("+a:b", 2, SCHEME),
    (":a", 0, SCHEME),  # empty scheme
    ("-:", 1, SCHEME),
    ("h%74tp://h", 6, SCHEME),  # a valid triplet, but a scheme has none
    ("a!:b", 2, SCHEME),
    ("ht tp://h", 2, CHAR),
    ("h\u00e9:x", 1, NONASCII),
]


@pytest.mark.parametrize("grammar", [R3, R2])
@pytest.mark.parametrize(("text", "expected"), SCHEME_IN_REFERENCE_VALID)
def test_scheme_in_reference_valid(text: str, grammar: str, expected: dict[str, Any]) -> None:
    assert_parses(text, grammar, "URI-reference", expected)


@pytest.mark.parametrize("grammar", [R3, R2])
@pytest.mark.parametrize(("text", "position", "kind"), SCHEME_IN_REFERENCE_INVALID)
def test_scheme_in_reference_invalid(
    text: str, grammar: str, position: int, kind: ErrorKind
) -> None:
    assert_rejects(text, grammar, "URI-reference", position, kind)


# Rules that require a scheme: RFC 3986 §3 URI, §4.3 absolute-URI; RFC 2396 §3
# absoluteURI.  The position is the first character that cannot continue scheme ":".
MISSING_SCHEME_ROWS = [
    ("//h/p", 0),
    ("/p", 0),
    ("p", 1),
    ("ab", 2),
    ("", 0),
    ("?q", 0),
    ("a/b", 1),
    ("abc?q", 3),
    ("a.b-c+d", 7),
]


@pytest.mark.parametrize(
    ("grammar", "rule"), [(R3, "URI"), (R3, "absolute-URI"), (R2, "absoluteURI")]
)
@pytest.mark.parametrize(("text", "position"), MISSING_SCHEME_ROWS)
def test_missing_scheme(text: str, grammar: str, rule: str, position: int) -> None:
    assert_rejects(text, grammar, rule, position, MISSING)


@pytest.mark.parametrize(("text", "position"), [("#f", 0), ("abc#f", 3)])
def test_missing_scheme_before_fragment_rfc3986_uri(text: str, position: int) -> None:
    # RFC 3986 §3: URI allows a fragment, so only the scheme is missing.
    assert_rejects(text, R3, "URI", position, MISSING)


# =====================================================================================
# RFC 3986 §3.2 authority = [ userinfo "@" ] host [ ":" port ]
# §3.2.1 userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
# §3.2.2 host = IP-literal / IPv4address / reg-name
# §3.2.3 port = *DIGIT
# =====================================================================================

AUTHORITY_VALID_3986 = [
    ("http://h", server("http", "h", host_type="reg-name")),
    ("http://h/", server("http", "h", "/", host_type="reg-name")),
    ("http://user@h/", server("http", "h", "/", userinfo="user")),
    (
        "http://user:pw@h:8080/p",
        server("http", "h", "/p", userinfo="user:pw", port="8080", host_type="reg-name"),
    ),
    ("http://@h/", server("http", "h", "/", userinfo="")),  # empty userinfo
    ("http://@/", server("http", "", "/", userinfo="", host_type="reg-name")),
    ("http://h:/", server("http", "h", "/", port="")),  # port = *DIGIT: may be empty
    ("http://:80/", server("http", "", "/", port="80", host_type="reg-name")),
    ("http:///p", server("http", "", "/p", host_type="reg-name")),  # reg-name may be empty
    ("http://", server("http", "")),
    ("//h", server(None, "h", host_type="reg-name")),
    ("//", server(None, "")),
    ("http://a:b:c@h/", server("http", "h", "/", userinfo="a:b:c")),
    ("http://u:@h/", server("http", "h", "/", userinfo="u:")),
    ("http://:@h:/", server("http", "h", "/", userinfo=":", port="")),
    ("http://%75ser@h/", server("http", "h", "/", userinfo="%75ser")),
    (
        "http://!$&'()*+,;=@!$&'()*+,;=:1/",
        server("http", "!$&'()*+,;=", "/", userinfo="!$&'()*+,;=", port="1"),
    ),
    ("http://h:0/", server("http", "h", "/", port="0")),
    ("http://h:65536/", server("http", "h", "/", port="65536")),  # no range in the ABNF
    ("http://h:000080/", server("http", "h", "/", port="000080")),
    ("http://u@:1/", server("http", "", "/", userinfo="u", port="1")),
    ("http://u@/", server("http", "", "/", userinfo="u")),
    ("http://h?q", {**server("http", "h"), "query": "q"}),
    ("http://h#f", {**server("http", "h"), "fragment": "f"}),
    ("http://h//p", server("http", "h", "//p")),
    ("http://-._~/", server("http", "-._~", "/", host_type="reg-name")),
    (
        "http://%E2%82%AC.example/",
        server("http", "%E2%82%AC.example", "/", host_type="reg-name"),
    ),
    ("http://EXAMPLE.com/", server("http", "EXAMPLE.com", "/", host_type="reg-name")),
    ("http://a_b/", server("http", "a_b", "/", host_type="reg-name")),
    # §3.2.2 IPv4address vs reg-name: "first-match-wins", but only a dotted-decimal
    # with four dec-octets is an IPv4address; anything else is a reg-name.
    ("http://1.2.3.4/", server("http", "1.2.3.4", "/", host_type="ipv4")),
    ("http://0.0.0.0/", server("http", "0.0.0.0", "/", host_type="ipv4")),
    ("http://255.255.255.255:80/", server("http", "255.255.255.255", "/", port="80")),
    ("http://192.0.2.16/", server("http", "192.0.2.16", "/", host_type="ipv4")),
    ("http://256.1.1.1/", server("http", "256.1.1.1", "/", host_type="reg-name")),
    ("http://1.2.3/", server("http", "1.2.3", "/", host_type="reg-name")),
    ("http://01.2.3.4/", server("http", "01.2.3.4", "/", host_type="reg-name")),
    ("http://1.2.3.04/", server("http", "1.2.3.04", "/", host_type="reg-name")),
    ("http://1.2.3.4.5/", server("http", "1.2.3.4.5", "/", host_type="reg-name")),
    ("http://1.2.3.4./", server("http", "1.2.3.4.", "/", host_type="reg-name")),
    ("http://999.999.999.999/", server("http", "999.999.999.999", "/", host_type="reg-name")),
    ("http://0x7f.0.0.1/", server("http", "0x7f.0.0.1", "/", host_type="reg-name")),
    ("http://[::1]/", server("http", "[::1]", "/", host_type="ipv6")),
    ("http://[::1]:80/", server("http", "[::1]", "/", port="80", host_type="ipv6")),
    ("http://[::1]:/", server("http", "[::1]", "/", port="", host_type="ipv6")),
    ("http://u@[::1]:80/", server("http", "[::1]", "/", userinfo="u", port="80")),
    ("http://[v1.x]/", server("http", "[v1.x]", "/", host_type="ipvfuture")),
]

AUTHORITY_INVALID_3986 = [
    ("http://a@b@c/", 10, HOST),  # "@" is in neither userinfo nor reg-name
    # Without an "@", "h:8a" is still a userinfo prefix ("http://h:8a@x/" is valid):
    # the "/" that ends the authority is what cannot belong; the port explains it.
    ("http://h:8a/", 11, PORT),
    ("http://h:-1/", 11, PORT),
    ("http://h:1:2/", 12, PORT),
    ("http://h::/", 10, PORT),
    ("http://h:80:/", 12, PORT),
    ("http://h:%38/", 12, PORT),
    ("http://h:80:90/", 14, PORT),
    ("http://h:8a", 11, PORT),  # the text ends before any "@"
    ("http://u@h:p@x/", 11, PORT),  # after the first "@" only a host and port fit
    ("http://[::1]:8a/", 14, PORT),  # "[" is no userinfo character
    ("http://[::1]:80:90/", 15, PORT),
    ("http://h: 80/", 9, CHAR),
    ("http://a b/", 8, CHAR),
    ("http://a<b/", 8, CHAR),
    ("http://a^b/", 8, CHAR),
    ("http://a%zz/", 9, PCT),
    ("http://a%2/", 10, PCT),
    ("http://u%g@h/", 9, PCT),
    ("http://a[b]/", 8, HOST),  # "[" only opens an IP-literal that is the whole host
    ("http://a]/", 8, HOST),
    ("http://h[::1]/", 8, HOST),
    ("http://\u00e9/", 7, NONASCII),
    ("http://[::1]x/", 12, UNEXP),  # after an IP-literal: ":" port or the end
    ("http://[::1/", 11, IPLIT),
    ("http://[::1", 11, IPLIT),
    ("http://[/", 8, IPLIT),
    ("http://[]/", 8, IPLIT),
    ("http://[::g]/", 10, IPLIT),
]


@pytest.mark.parametrize(("text", "expected"), AUTHORITY_VALID_3986)
def test_authority_valid_rfc3986(text: str, expected: dict[str, Any]) -> None:
    assert_parses(text, R3, "URI-reference", expected)


@pytest.mark.parametrize(("text", "position", "kind"), AUTHORITY_INVALID_3986)
def test_authority_invalid_rfc3986(text: str, position: int, kind: ErrorKind) -> None:
    assert_rejects(text, R3, "URI-reference", position, kind)


# Component rules of RFC 3986 §3.2, on their own.
COMPONENTS_VALID_3986 = [
    ("userinfo", ""),
    ("userinfo", "user"),
    ("userinfo", "user:pw"),
    ("userinfo", "a:b:c"),
    ("userinfo", ":"),
    ("userinfo", "%41%3a"),
    ("userinfo", "!$&'()*+,;="),
    ("userinfo", "-._~"),
    ("host", ""),
    ("host", "example.com"),
    ("host", "1.2.3.4"),
    ("host", "999.1.1.1"),
    ("host", "a_b~"),
    ("host", "%41"),
    ("host", "[::1]"),
    ("host", "[v7.x]"),
    ("host", "[fe80::1%25eth0]"),  # RFC 6874
    ("port", ""),
    ("port", "0"),
    ("port", "80"),
    ("port", "65536"),
    ("port", "99999999999999999999"),
    ("authority", ""),
    ("authority", "h"),
    ("authority", "user@h:80"),
    ("authority", "@"),
    ("authority", ":"),
    ("authority", "@:"),
    ("authority", "[::1]:443"),
    ("authority", "u:p@[v1.a]:1"),
    ("reg-name", ""),
    ("reg-name", "example.com"),
    ("reg-name", "a_b"),
    ("reg-name", "-"),
    ("reg-name", "!$&'()*+,;="),
    ("reg-name", "%41%42"),
    ("reg-name", "1.2.3.4"),
    ("reg-name", "999.0.0.1"),
    ("reg-name", "xn--nxasmq6b"),
    ("reg-name", "a.b.c."),
    ("reg-name", ".."),
]

COMPONENTS_INVALID_3986 = [
    ("userinfo", "a@b", 1, UNEXP),
    ("userinfo", "a/b", 1, UNEXP),
    ("userinfo", "a[b", 1, UNEXP),
    ("userinfo", "a?b", 1, UNEXP),
    ("userinfo", "a#", 1, UNEXP),
    ("userinfo", "a%g0", 2, PCT),
    ("userinfo", "a b", 1, CHAR),
    ("userinfo", "a\u00e9", 1, NONASCII),
    ("host", "a b", 1, CHAR),
    ("host", "a%zz", 2, PCT),
    ("host", "[::1", 4, IPLIT),
    ("host", "[::g]", 3, IPLIT),
    ("port", "a", 0, PORT),
    ("port", "8a", 1, PORT),
    ("port", "-1", 0, PORT),
    ("authority", "a@b@c", 3, HOST),
    ("authority", "h:8a", 4, PORT),  # "h:8a@x" is an authority
    ("authority", "a b", 1, CHAR),
    ("authority", "[::1", 4, IPLIT),
    ("authority", "a/b", 1, UNEXP),  # "/" ends an authority
    ("authority", "u@h/p", 3, UNEXP),
    ("authority", "[::1]x", 5, UNEXP),
    ("reg-name", "a%zz", 2, PCT),
    ("reg-name", "a b", 1, CHAR),
    ("reg-name", "\u00e9", 0, NONASCII),
]


@pytest.mark.parametrize(("rule", "text"), COMPONENTS_VALID_3986)
def test_components_valid_rfc3986(rule: str, text: str) -> None:
    assert_component_valid(text, R3, rule)


@pytest.mark.parametrize(("rule", "text", "position", "kind"), COMPONENTS_INVALID_3986)
def test_components_invalid_rfc3986(rule: str, text: str, position: int, kind: ErrorKind) -> None:
    assert_component_invalid(text, R3, rule, position, kind)


# =====================================================================================
# RFC 3986 §3.2.2 IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
#   dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
# =====================================================================================

IPV4_VALID_3986 = [
    "0.0.0.0",
    "9.9.9.9",  # DIGIT
    "10.10.10.10",  # %x31-39 DIGIT
    "99.99.99.99",
    "100.100.100.100",  # "1" 2DIGIT
    "199.199.199.199",
    "200.200.200.200",  # "2" %x30-34 DIGIT
    "249.249.249.249",
    "250.250.250.250",  # "25" %x30-35
    "255.255.255.255",
    "192.0.2.16",
    "1.22.133.244",
]

IPV4_INVALID_3986 = [
    ("1.2.3", 5),  # too few octets: ends early
    ("1.2.3.", 6),
    ("1.2.3.4.5", 7),  # too many
    ("1.2.3.4.", 7),
    ("1..2.3", 2),
    (".1.2.3.4", 0),
    ("1.2.3.-4", 6),
    ("0x1.0.0.0", 1),
    ("a.b.c.d", 0),
    ("", 0),
]


@pytest.mark.parametrize("text", IPV4_VALID_3986)
def test_ipv4address_valid_rfc3986(text: str) -> None:
    assert_component_valid(text, R3, "IPv4address")
    assert_parses(f"http://{text}/", R3, "URI", server("http", text, "/", host_type="ipv4"))


@pytest.mark.parametrize(("text", "position"), IPV4_INVALID_3986)
def test_ipv4address_invalid_rfc3986(text: str, position: int) -> None:
    assert_component_invalid(text, R3, "IPv4address", position, HOST)


# =====================================================================================
# RFC 3986 §3.2.2 IPv6address: the nine forms
#   h16 = 1*4HEXDIG ; ls32 = ( h16 ":" h16 ) / IPv4address
# =====================================================================================

IPV6_VALID = [
    # 1: 6( h16 ":" ) ls32
    "1:2:3:4:5:6:7:8",
    "2001:db8:0:0:0:0:0:1",
    "ffff:FFFF:aBcD:0000:0:0:0:0",
    "1:2:3:4:5:6:1.2.3.4",
    # 2: "::" 5( h16 ":" ) ls32
    "::2:3:4:5:6:7:8",
    "::2:3:4:5:6:1.2.3.4",
    # 3: [ h16 ] "::" 4( h16 ":" ) ls32
    "1::3:4:5:6:7:8",
    "::3:4:5:6:7:8",
    "1::3:4:5:6:1.2.3.4",
    # 4: [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
    "1:2::4:5:6:7:8",
    "::4:5:6:7:8",
    "1::4:5:6:7:8",
    # 5: [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
    "1:2:3::5:6:7:8",
    "1::5:6:7:8",
    "::5:6:1.2.3.4",
    # 6: [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
    "1:2:3:4::6:7:8",
    "::6:7:8",
    "::ffff:192.0.2.1",
    # 7: [ *4( h16 ":" ) h16 ] "::" ls32
    "1:2:3:4:5::7:8",
    "::7:8",
    "::1.2.3.4",
    "1:2:3:4:5::1.2.3.4",
    # 8: [ *5( h16 ":" ) h16 ] "::" h16
    "1:2:3:4:5:6::8",
    "::1",
    "1::8",
    "2001:DB8::7",
    # 9: [ *6( h16 ":" ) h16 ] "::"
    "1:2:3:4:5:6:7::",
    "::",
    "1::",
    "fe80::",
]

# (address, position of the first character that cannot continue an IPv6address)
IPV6_INVALID = [
    ("", 0),
    ("1:2:3:4:5:6:7", 13),  # seven groups and no "::": ends early
    ("1:2:3:4:5:6:7:", 14),
    ("1:", 2),
    ("::1:", 4),
    ("1:2:3:4:5:6:7::8", 15),  # "::" after seven groups leaves room for none
    (":::", 2),
    ("1:::2", 3),
    ("12345::", 4),  # five hex digits
    ("fffff::", 4),
    ("::12345", 6),
    ("g::", 0),
    ("::g", 2),
    ("::1.2.3", 7),
    ("::1.2.3.4:1", 9),  # ls32 ends the address
    ("::1.2.3.4.5", 9),
]


@pytest.mark.parametrize("address", IPV6_VALID)
def test_ipv6address_valid_rfc3986(address: str) -> None:
    assert_component_valid(address, R3, "IPv6address")
    assert_component_valid(f"[{address}]", R3, "IP-literal")
    text = f"http://[{address}]:1/"
    assert_parses(text, R3, "URI", server("http", f"[{address}]", "/", port="1", host_type="ipv6"))


@pytest.mark.parametrize(("address", "position"), IPV6_INVALID)
def test_ipv6address_invalid_rfc3986(address: str, position: int) -> None:
    assert_component_invalid(address, R3, "IPv6address", position, HOST)
    assert_component_invalid(f"[{address}]", R3, "IP-literal", position + 1, IPLIT)
    assert_rejects(f"http://[{address}]/", R3, "URI-reference", position + 8, IPLIT)


# =====================================================================================
# RFC 3986 §3.2.2 IP-literal = "[" ( IPv6address / IPvFuture ) "]"
#   IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
# RFC 6874 §2: IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"
#   IPv6addrz = IPv6address "%25" ZoneID ; ZoneID = 1*( unreserved / pct-encoded )
# =====================================================================================

IP_LITERAL_VALID_3986 = [
    ("[v1.x]", "ipvfuture"),
    ("[vF.a]", "ipvfuture"),
    ("[V9.1:2]", "ipvfuture"),  # ABNF strings are case-insensitive: "v" / "V"
    ("[v0.0]", "ipvfuture"),
    ("[vAbC.x]", "ipvfuture"),
    ("[v1a.!$&'()*+,;=:-._~]", "ipvfuture"),
    ("[v1.fe80::a+en1]", "ipvfuture"),
    ("[fe80::1%25eth0]", "ipv6"),
    ("[fe80::a%25en1]", "ipv6"),
    ("[fe80::1%25%65th0]", "ipv6"),  # pct-encoded in ZoneID
    ("[::1%25a-._~]", "ipv6"),
    ("[::1%2525]", "ipv6"),  # the ZoneID is an encoded "%"
    ("[1:2:3:4:5:6:7:8%251]", "ipv6"),
]

# (literal, position inside the literal, kind)
IP_LITERAL_INVALID_3986 = [
    ("[v.x]", 2, IPLIT),  # 1*HEXDIG
    ("[v1]", 3, IPLIT),  # "." needed
    ("[v1.]", 4, IPLIT),  # 1*( ... ) after "."
    ("[vg.x]", 2, IPLIT),
    ("[v1x]", 3, IPLIT),
    ("[v1.a%20]", 5, IPLIT),  # no pct-encoded in IPvFuture
    ("[v1.a[]", 5, IPLIT),
    ("[fe80::1%25]", 11, IPLIT),  # ZoneID = 1*( ... )
    ("[fe80::1%2eeth0]", 10, IPLIT),  # the zone delimiter is "%25"
    ("[fe80::1%25eth0:]", 15, IPLIT),  # ":" not in ZoneID
    ("[v1.x%25eth0]", 5, IPLIT),  # zones only after an IPv6address
    ("[%25eth0]", 1, IPLIT),
]


@pytest.mark.parametrize(("literal", "host_type"), IP_LITERAL_VALID_3986)
def test_ip_literal_valid_rfc3986(literal: str, host_type: str) -> None:
    assert_component_valid(literal, R3, "IP-literal")
    assert_component_valid(literal, R3, "host")
    expected = server("http", literal, "/p", port="8", host_type=host_type)
    assert_parses(f"http://{literal}:8/p", R3, "URI", expected)


@pytest.mark.parametrize(("literal", "position", "kind"), IP_LITERAL_INVALID_3986)
def test_ip_literal_invalid_rfc3986(literal: str, position: int, kind: ErrorKind) -> None:
    assert_component_invalid(literal, R3, "IP-literal", position, kind)
    assert_rejects(f"http://{literal}/", R3, "URI-reference", position + 7, kind)


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("[::1", 4),  # ends early: no "]"
        ("[v1.x", 5),
        ("[]", 1),
    ],
)
def test_ip_literal_brackets_rfc3986(text: str, position: int) -> None:
    assert_component_invalid(text, R3, "IP-literal", position, IPLIT)


def test_zone_id_is_not_part_of_ipv6address_rfc3986() -> None:
    # RFC 6874 adds IPv6addrz to IP-literal; IPv6address itself is unchanged.
    assert_component_invalid("fe80::1%25eth0", R3, "IPv6address", 7, HOST)


# =====================================================================================
# RFC 3986 §3.3 path: the five rules, chosen by what precedes the path
# =====================================================================================

PATHS_3986 = [
    # path-abempty = *( "/" segment ): after "//" authority
    ("http://h", server("http", "h", "")),
    ("http://h/", server("http", "h", "/")),
    ("http://h/a/b", server("http", "h", "/a/b")),
    ("http://h//", server("http", "h", "//")),
    ("http://h/a//b/", server("http", "h", "/a//b/")),
    ("http://h/a:b", server("http", "h", "/a:b")),
    ("//h/a", server(None, "h", "/a")),
    ("http:////a", server("http", "", "//a")),  # empty authority, then "//a"
    ("////a", server(None, "", "//a")),
    ("http://h/:@!$&'()*+,;=-._~%20", server("http", "h", "/:@!$&'()*+,;=-._~%20")),
    # path-absolute = "/" [ segment-nz *( "/" segment ) ]: no authority
    ("http:/", parts("http", path="/")),
    ("http:/a/b", parts("http", path="/a/b")),
    ("http:/a//b", parts("http", path="/a//b")),
    ("/", parts(path="/")),
    ("/a", parts(path="/a")),
    ("/a:b", parts(path="/a:b")),  # ":" anywhere after the first "/"
    ("/a//b", parts(path="/a//b")),
    ("/.", parts(path="/.")),
    # path-rootless = segment-nz *( "/" segment ): after a scheme
    ("mailto:a@b", parts("mailto", path="a@b")),
    ("urn:a:b:c", parts("urn", path="a:b:c")),
    ("a:b/c", parts("a", path="b/c")),
    ("a:b//c", parts("a", path="b//c")),
    ("a::", parts("a", path=":")),
    ("a:%41", parts("a", path="%41")),
    ("tel:+1-816", parts("tel", path="+1-816")),
    ("a:@", parts("a", path="@")),
    # path-noscheme = segment-nz-nc *( "/" segment ): relative, no ":" in segment one
    ("a", parts(path="a")),
    ("a/b:c", parts(path="a/b:c")),
    ("./a:b", parts(path="./a:b")),
    ("a@b", parts(path="a@b")),
    ("@", parts(path="@")),
    (".", parts(path=".")),
    ("..", parts(path="..")),
    ("../a", parts(path="../a")),
    ("a/", parts(path="a/")),
    ("a//b", parts(path="a//b")),
    ("%3A", parts(path="%3A")),  # an encoded colon is allowed
    # path-empty = 0<pchar>
    ("", parts()),
    ("?q", parts(query="q")),
    ("#f", parts(fragment="f")),
    ("?", parts(query="")),
    ("#", parts(fragment="")),
    ("http:", parts("http")),
    ("http:?q", parts("http", query="q")),
    ("http:#f", parts("http", fragment="f")),
]

PATHS_INVALID_3986 = [
    ("http://h/a[b", 10, UNEXP),
    ("http://h/a]", 10, UNEXP),
    ("/a[", 2, UNEXP),
    ("a:b[", 3, UNEXP),
    ("[a", 0, UNEXP),
    ("/a b", 2, CHAR),
    ("/a\\b", 2, CHAR),
    ("a{b", 1, CHAR),
    ("a\u00e9", 1, NONASCII),
    ("/%", 2, PCT),  # the text ends in the escape
    ("/%1", 3, PCT),
    ("/%1g", 3, PCT),
    ("/%%41", 2, PCT),
    ("a%", 2, PCT),
    ("a:b%", 4, PCT),
]


@pytest.mark.parametrize(("text", "expected"), PATHS_3986)
def test_paths_rfc3986(text: str, expected: dict[str, Any]) -> None:
    assert_parses(text, R3, "URI-reference", expected)


@pytest.mark.parametrize(("text", "position", "kind"), PATHS_INVALID_3986)
def test_paths_invalid_rfc3986(text: str, position: int, kind: ErrorKind) -> None:
    assert_rejects(text, R3, "URI-reference", position, kind)


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("a:b", 1),  # path-noscheme: segment-nz-nc has no ":"
        (":", 0),
        ("http://h", 4),
        ("1a:b", 2),
        ("_:x", 1),
        ("a@b:c/d", 3),
    ],
)
def test_colon_in_first_segment_rfc3986(text: str, position: int) -> None:
    # RFC 3986 §4.2: a relative-path reference's first segment has no ":".
    assert_rejects(text, R3, "relative-ref", position, COLON)


PATH_COMPONENT_3986 = [
    # path = path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
    ("", None),
    ("/", None),
    ("/a/b", None),
    ("//a", None),  # path-abempty
    ("a:b", None),  # path-rootless
    ("a//b", None),
    ("%41:@", None),
    ("a?b", (1, UNEXP)),
    ("a#b", (1, UNEXP)),
    ("a[b", (1, UNEXP)),
    ("a b", (1, CHAR)),
    ("a%", (2, PCT)),
]


@pytest.mark.parametrize(("text", "problem"), PATH_COMPONENT_3986)
def test_path_component_rfc3986(text: str, problem: tuple[int, ErrorKind] | None) -> None:
    if problem is None:
        assert_component_valid(text, R3, "path")
    else:
        assert_component_invalid(text, R3, "path", *problem)


# =====================================================================================
# RFC 3986 §3.4 query = *( pchar / "/" / "?" ) ; §3.5 fragment = *( pchar / "/" / "?" )
# =====================================================================================

QUERY_FRAGMENT_3986 = [
    ("?a=b&c=d", parts(query="a=b&c=d")),
    ("?/?:@", parts(query="/?:@")),
    ("?!$&'()*+,;=", parts(query="!$&'()*+,;=")),
    ("?%20-._~", parts(query="%20-._~")),
    ("??", parts(query="?")),
    ("http://h?q#f", {**server("http", "h"), "query": "q", "fragment": "f"}),
    ("http://h/p?#", {**server("http", "h", "/p"), "query": "", "fragment": ""}),
    ("#a/b?c", parts(fragment="a/b?c")),
    ("#:@!$&'()*+,;=", parts(fragment=":@!$&'()*+,;=")),
    ("#?", parts(fragment="?")),
    ("http://h#f?g/h", {**server("http", "h"), "fragment": "f?g/h"}),
    ("a?b#c?d", parts(path="a", query="b", fragment="c?d")),
]

QUERY_FRAGMENT_INVALID_3986 = [
    ("?a[b", 2, UNEXP),
    ("?a]", 2, UNEXP),
    ("?a b", 2, CHAR),
    ("?a%", 3, PCT),
    ("?a\u00e9", 2, NONASCII),
    ("?a|b", 2, CHAR),
    ("#a#b", 2, UNEXP),
    ("#[", 1, UNEXP),
    ("#a b", 2, CHAR),
    ("#%g", 2, PCT),
    ("http://h?q#f#", 12, UNEXP),
]


@pytest.mark.parametrize(("text", "expected"), QUERY_FRAGMENT_3986)
def test_query_fragment_rfc3986(text: str, expected: dict[str, Any]) -> None:
    assert_parses(text, R3, "URI-reference", expected)


@pytest.mark.parametrize(("text", "position", "kind"), QUERY_FRAGMENT_INVALID_3986)
def test_query_fragment_invalid_rfc3986(text: str, position: int, kind: ErrorKind) -> None:
    assert_rejects(text, R3, "URI-reference", position, kind)


@pytest.mark.parametrize("rule", ["query", "fragment"])
@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", None),
        ("a?b/c:d@e", None),
        ("%2F", None),
        ("a#b", (1, UNEXP)),
        ("a[", (1, UNEXP)),
        ("a b", (1, CHAR)),
        ("%", (1, PCT)),
    ],
)
def test_query_fragment_component_rfc3986(
    rule: str, text: str, problem: tuple[int, ErrorKind] | None
) -> None:
    if problem is None:
        assert_component_valid(text, R3, rule)
    else:
        assert_component_invalid(text, R3, rule, *problem)


# =====================================================================================
# RFC 3986 §2.1 pct-encoded = "%" HEXDIG HEXDIG  (RFC 2396 §2.4.1 escaped: the same)
# =====================================================================================

PCT_VALID = [
    ("%00", parts(path="%00")),
    ("%ff", parts(path="%ff")),
    ("%FF", parts(path="%FF")),
    ("%aF", parts(path="%aF")),
    ("/%41%42", parts(path="/%41%42")),
    (
        "http://%41@h/%43?%44#%45",
        {**server("http", "h", "/%43", userinfo="%41"), "query": "%44", "fragment": "%45"},
    ),
]

# (text, the first character after "%" that is not a HEXDIG, or the end)
PCT_INVALID = [
    ("%", 1),
    ("%4", 2),
    ("%4g", 2),
    ("%g4", 1),
    ("a%", 2),
    ("%%", 1),
    ("%-1", 1),
    ("/a%2", 4),
    ("http://h/%", 10),
    ("http://h?%", 10),
    ("http://h#%z0", 10),
    ("http://%zz@h/", 8),
    ("?%41%4", 6),
]


@pytest.mark.parametrize("grammar", [R3, R2])
@pytest.mark.parametrize(("text", "expected"), PCT_VALID)
def test_pct_encoded_valid(text: str, grammar: str, expected: dict[str, Any]) -> None:
    assert_parses(text, grammar, "URI-reference", expected)


@pytest.mark.parametrize("grammar", [R3, R2])
@pytest.mark.parametrize(("text", "position"), PCT_INVALID)
def test_pct_encoded_invalid(text: str, grammar: str, position: int) -> None:
    assert_rejects(text, grammar, "URI-reference", position, PCT)


# =====================================================================================
# RFC 3986 §4.1 URI-reference, §3 URI, §4.3 absolute-URI, §4.2 relative-ref
# =====================================================================================

OK = None
# text -> {rule: None if valid else (position, kind)}
REFERENCE_RULES_3986: list[tuple[str, dict[str, tuple[int, ErrorKind] | None]]] = [
    (
        "http://a/b?c#d",
        {"URI-reference": OK, "URI": OK, "absolute-URI": (12, FRAG), "relative-ref": (4, COLON)},
    ),
    (
        "http://a/b?c",
        {"URI-reference": OK, "URI": OK, "absolute-URI": OK, "relative-ref": (4, COLON)},
    ),
    (
        "//a/b",
        {
            "URI-reference": OK,
            "URI": (0, MISSING),
            "absolute-URI": (0, MISSING),
            "relative-ref": OK,
        },
    ),
    ("", {"URI-reference": OK, "URI": (0, MISSING), "relative-ref": OK}),
    ("#f", {"URI-reference": OK, "URI": (0, MISSING), "relative-ref": OK}),
    ("?q", {"URI-reference": OK, "URI": (0, MISSING), "relative-ref": OK}),
    ("b/c", {"URI-reference": OK, "URI": (1, MISSING), "relative-ref": OK}),
    (
        "a:",
        {"URI-reference": OK, "URI": OK, "absolute-URI": OK, "relative-ref": (1, COLON)},
    ),
    ("a:#", {"URI": OK, "absolute-URI": (2, FRAG)}),
    ("a:b?c#", {"URI": OK, "absolute-URI": (5, FRAG)}),
    ("a?b:c", {"URI-reference": OK, "relative-ref": OK, "URI": (1, MISSING)}),
    ("./a:b", {"URI-reference": OK, "relative-ref": OK, "URI": (0, MISSING)}),
    ("urn:x", {"URI": OK, "absolute-URI": OK, "relative-ref": (3, COLON)}),
]

REFERENCE_RULE_ROWS = [
    (text, rule, expectation)
    for text, by_rule in REFERENCE_RULES_3986
    for rule, expectation in by_rule.items()
]


@pytest.mark.parametrize(("text", "rule", "problem"), REFERENCE_RULE_ROWS)
def test_reference_rules_rfc3986(
    text: str, rule: str, problem: tuple[int, ErrorKind] | None
) -> None:
    if problem is None:
        assert urikit.is_valid(text, grammar=R3, rule=rule)
        assert str(urikit.parse(text, grammar=R3, rule=rule)) == text
    else:
        assert_rejects(text, R3, rule, *problem)


_FOO = {
    **server("foo", "example.com", "/over/there", port="8042"),
    "query": "name=ferret",
    "fragment": "nose",
}

# RFC 3986 §3: the two example URIs and their component parts, under each rule.
REFERENCE_COMPONENTS_3986 = [
    ("URI", "foo://example.com:8042/over/there?name=ferret#nose", _FOO),
    ("URI", "urn:example:animal:ferret:nose", parts("urn", path="example:animal:ferret:nose")),
    (
        "absolute-URI",
        "foo://example.com:8042/over/there?name=ferret",
        {**_FOO, "fragment": None},
    ),
    ("relative-ref", "//example.com:8042/over/there?name=ferret#nose", {**_FOO, "scheme": None}),
]


@pytest.mark.parametrize(("rule", "text", "expected"), REFERENCE_COMPONENTS_3986)
def test_reference_rules_components_rfc3986(rule: str, text: str, expected: dict[str, Any]) -> None:
    assert_parses(text, R3, rule, expected)


# =====================================================================================
# RFC 3986 §2: the characters of each component, one probe character at a time.
# =====================================================================================

UNRESERVED_3986 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
SUB_DELIMS_3986 = set("!$&'()*+,;=")  # §2.2
GEN_DELIMS_3986 = set(":/?#[]@")  # §2.2
PCHAR_3986 = UNRESERVED_3986 | SUB_DELIMS_3986 | set(":@")  # §3.3
#: Characters no URI holds (neither unreserved, reserved nor "%"): RFC 3986 §2;
#: the same set as RFC 2396 §2.4.3 control, space, delims minus "#%", unwise.
EXCLUDED = {chr(c) for c in [*range(0x21), 0x7F]} | set('"<>\\^`{|}')
_ASCII_PROBES = {chr(c) for c in range(0x20, 0x7F)} | {"\x00", "\t", "\n", "\x1f", "\x7f"}
PROBES = [*sorted(_ASCII_PROBES), "\u00e9", "\u00a0", "\u20ac"]


def _bad_kind(char: str, otherwise: ErrorKind) -> ErrorKind:
    if not char.isascii():
        return NONASCII
    return CHAR if char in EXCLUDED else otherwise


def char_rows(
    grammar: str,
    template: str,
    allowed: set[str],
    skip: str,
    components: Any,
    otherwise: ErrorKind = UNEXP,
) -> tuple[list[Any], list[Any]]:
    """Valid and invalid rows for ``template`` (one "{}" for the probe character)."""
    position = template.index("{}")
    valid, invalid = [], []
    for char in PROBES:
        if char in skip:
            continue
        text = template.format(char)
        if char in allowed:
            valid.append(pytest.param(grammar, text, components(char), id=f"{grammar}-{text!r}"))
        else:
            kind = _bad_kind(char, otherwise)
            invalid.append(pytest.param(grammar, text, position, kind, id=f"{grammar}-{text!r}"))
    return valid, invalid


CHAR_CONTEXTS_3986 = [
    # (template, allowed, structural characters left out, components)
    ("http://h/a{}b", PCHAR_3986, "/?#%", lambda c: server("http", "h", f"/a{c}b")),
    ("a{}b", PCHAR_3986 - {":"}, "/?#%:", lambda c: parts(path=f"a{c}b")),  # segment-nz-nc
    ("a:b{}c", PCHAR_3986 | {"/"}, "?#%", lambda c: parts("a", path=f"b{c}c")),  # rootless
    ("?a{}b", PCHAR_3986 | set("/?"), "#%", lambda c: parts(query=f"a{c}b")),
    ("#a{}b", PCHAR_3986 | set("/?"), "%", lambda c: parts(fragment=f"a{c}b")),
    (
        "http://a{}b@h/",
        UNRESERVED_3986 | SUB_DELIMS_3986 | {":"},
        "/?#@%[]",
        lambda c: server("http", "h", "/", userinfo=f"a{c}b"),
    ),
]

CHARS_VALID: list[Any] = []
CHARS_INVALID: list[Any] = []
for _template, _allowed, _skip, _components in CHAR_CONTEXTS_3986:
    _valid, _invalid = char_rows(R3, _template, _allowed, _skip, _components)
    CHARS_VALID += _valid
    CHARS_INVALID += _invalid
# §3.2.2 reg-name = *( unreserved / pct-encoded / sub-delims ); ":" and "@" delimit.
_valid, _invalid = char_rows(
    R3,
    "http://a{}b/",
    UNRESERVED_3986 | SUB_DELIMS_3986,
    "/?#@:%",
    lambda c: server("http", f"a{c}b", "/", host_type="reg-name"),
    otherwise=HOST,
)
CHARS_VALID += _valid
CHARS_INVALID += _invalid


# =====================================================================================
# RFC 2396 §3: absoluteURI = scheme ":" ( hier_part | opaque_part )
#   hier_part = ( net_path | abs_path ) [ "?" query ] ; opaque_part = uric_no_slash *uric
# =====================================================================================

HIER_OPAQUE_2396 = [
    (
        "http://h/p?q",
        {**server("http", "h", "/p", host_type="hostname", is_opaque=False), "query": "q"},
    ),
    ("http:/p?q", parts("http", path="/p", query="q", is_opaque=False)),
    ("http:/", parts("http", path="/", is_opaque=False)),
    ("http:/a;p/b;q;r", parts("http", path="/a;p/b;q;r")),  # segment *( ";" param )
    ("http:/;", parts("http", path="/;")),
    ("http://h//a", server("http", "h", "//a")),
    ("mailto:a@b", parts("mailto", path="a@b", is_opaque=True)),
    ("mailto:a?b", parts("mailto", path="a?b", is_opaque=True)),  # documented: query in path
    ("news:comp.x", parts("news", path="comp.x", is_opaque=True)),
    ("urn:a:b", parts("urn", path="a:b", is_opaque=True)),
    ("a:?q", parts("a", path="?q", is_opaque=True)),  # "?" is a uric_no_slash
    ("http:?", parts("http", path="?", is_opaque=True)),
    ("a:;x", parts("a", path=";x")),
    ("a:b/c", parts("a", path="b/c", is_opaque=True)),  # uric includes "/"
    ("a:b//c", parts("a", path="b//c")),
    ("a:b[c]", parts("a", path="b[c]")),  # RFC 2732: "[" "]" are reserved, so uric
    ("a:b#f", parts("a", path="b", fragment="f")),
    ("a:b?c#d", parts("a", path="b?c", fragment="d")),
    ("a:%41", parts("a", path="%41")),
    ("a:/b?c[d]", parts("a", path="/b", query="c[d]", is_opaque=False)),
    ("tel:+1-816-555-1212", parts("tel", path="+1-816-555-1212")),
]

HIER_OPAQUE_INVALID_2396 = [
    ("http:", 5, EMPTY_SSP),
    ("a:#f", 2, EMPTY_SSP),
    ("about:", 6, EMPTY_SSP),
    ("a:[b", 2, UNEXP),  # uric_no_slash has no "[" (RFC 2732 only adds it to reserved)
    ("a:]", 2, UNEXP),
    ("a:b%", 4, PCT),
    ("a:b c", 3, CHAR),
    ("a:b{", 3, CHAR),
    ("a:b#c#d", 5, UNEXP),
    ("a:/b[c", 4, UNEXP),  # abs_path: pchar has no "["
    ("a:/b]", 4, UNEXP),
]


@pytest.mark.parametrize(("text", "expected"), HIER_OPAQUE_2396)
def test_hier_part_opaque_part_rfc2396(text: str, expected: dict[str, Any]) -> None:
    assert_parses(text, R2, "URI-reference", expected)


@pytest.mark.parametrize(("text", "position", "kind"), HIER_OPAQUE_INVALID_2396)
def test_hier_part_opaque_part_invalid_rfc2396(text: str, position: int, kind: ErrorKind) -> None:
    assert_rejects(text, R2, "URI-reference", position, kind)


# =====================================================================================
# RFC 2396 §3.2 authority = server | reg_name
#   §3.2.2 server = [ [ userinfo "@" ] hostport ] ; hostport = host [ ":" port ]
#   §3.2.1 reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )
# =====================================================================================


SERVER_REG_NAME_2396 = [
    ("http://h/", server("http", "h", "/", host_type="hostname")),
    (
        "http://user:pw@h:80/",
        server("http", "h", "/", userinfo="user:pw", port="80", host_type="hostname"),
    ),
    ("http://@h/", server("http", "h", "/", userinfo="")),
    ("http://u;x&=+$,@h/", server("http", "h", "/", userinfo="u;x&=+$,")),
    ("http://h:/", server("http", "h", "/", port="")),
    ("http://u@h:/", server("http", "h", "/", userinfo="u", port="")),
    ("http://1.2.3.4:80/", server("http", "1.2.3.4", "/", port="80", host_type="ipv4")),
    ("http://[::1]:80/", server("http", "[::1]", "/", port="80", host_type="ipv6")),
    ("http://u@[::1]/", server("http", "[::1]", "/", userinfo="u", host_type="ipv6")),
    # §3.2.2 server = [ [ userinfo "@" ] hostport ]: the empty server has no host
    ("http:///", parts("http", "", path="/", host_type=None)),
    ("http://", parts("http", "", host_type=None)),
    ("//h", server(None, "h", host_type="hostname")),
    ("//", parts(None, "", host_type=None)),
    ("http://h?q", {**server("http", "h"), "query": "q"}),
    # Not a server, so a reg_name: authority set, userinfo/host/port None.
    ("http://a_b/", registry("http", "a_b", "/")),
    ("http://a@b@c/", registry("http", "a@b@c", "/")),  # "@" is a reg_name character
    ("http://h:8a/", registry("http", "h:8a", "/")),
    ("http://u@h:8a/", registry("http", "u@h:8a", "/")),
    ("http://user@/", registry("http", "user@", "/")),  # hostport needs a host
    ("http://:80/", registry("http", ":80", "/")),
    ("http://:/", registry("http", ":", "/")),
    ("http://a..b/", registry("http", "a..b", "/")),
    ("http://-a/", registry("http", "-a", "/")),
    ("http://a-/", registry("http", "a-", "/")),
    ("http://1a/", registry("http", "1a", "/")),  # toplabel begins with alpha
    ("http://a.1/", registry("http", "a.1", "/")),
    ("http://1.2.3/", registry("http", "1.2.3", "/")),
    ("http://1.2.3.4.5/", registry("http", "1.2.3.4.5", "/")),
    ("http://1.2.3.4./", registry("http", "1.2.3.4.", "/")),
    ("http://1234.1.1.1/", registry("http", "1234.1.1.1", "/")),  # 1*3DIGIT (RFC 2732)
    ("http://%41/", registry("http", "%41", "/")),  # hostname has no escaped
    ("http://a;b/", registry("http", "a;b", "/")),
    ("http://!$&'()*+,;=/", registry("http", "!$&'()*+,;=", "/")),
    ("http://~/", registry("http", "~", "/")),
    ("http://./", registry("http", ".", "/")),
    ("http://a.-b.c/", registry("http", "a.-b.c", "/")),
    ("//a_b?q", {**registry(None, "a_b"), "query": "q"}),
    ("http://@/", registry("http", "@", "/")),  # "@" then no hostport: not a server
    ("//@", registry(None, "@")),
    ("http://a_b:80/", registry("http", "a_b:80", "/")),
    ("http://a:b@h:8a/", registry("http", "a:b@h:8a", "/")),
    ("http://h:80:90/", registry("http", "h:80:90", "/")),  # RFC 3986: INVALID_PORT
    ("http://a.:80/", server("http", "a.", "/", port="80", host_type="hostname")),
    ("http://%41@h/", server("http", "h", "/", userinfo="%41")),  # userinfo allows escaped
]

SERVER_REG_NAME_INVALID_2396 = [
    ("http://a b/", 8, CHAR),
    ("http://a{b/", 8, CHAR),
    ("http://a|b/", 8, CHAR),
    ("http://h%zz/", 9, PCT),  # "%" is no hostname character, but a reg_name's
    ("http://a[b/", 8, HOST),  # neither a server nor a reg_name holds "["
    ("http://[::1]x/", 12, UNEXP),
    ("http://[::1]:8a/", 14, PORT),
    ("http://[::1/", 11, IPLIT),
    ("http://[/", 8, IPLIT),
    ("http://[]/", 8, IPLIT),
    ("http://[v1.x]/", 8, IPLIT),  # IPvFuture is RFC 3986 only
    ("http://[fe80::1%25eth0]/", 15, IPLIT),  # zone IDs are RFC 3986 (RFC 6874) only
    ("http://\u00e9/", 7, NONASCII),
]


@pytest.mark.parametrize(("text", "expected"), SERVER_REG_NAME_2396)
def test_server_reg_name_rfc2396(text: str, expected: dict[str, Any]) -> None:
    assert_parses(text, R2, "URI-reference", expected)


@pytest.mark.parametrize(("text", "position", "kind"), SERVER_REG_NAME_INVALID_2396)
def test_server_reg_name_invalid_rfc2396(text: str, position: int, kind: ErrorKind) -> None:
    assert_rejects(text, R2, "URI-reference", position, kind)


# =====================================================================================
# RFC 2396 §3.2.2 hostname = *( domainlabel "." ) toplabel [ "." ]
#   domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
#   toplabel    = alpha | alpha *( alphanum | "-" ) alphanum
# RFC 2732 §3 (2): IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT
# =====================================================================================

HOSTNAMES_2396 = [
    "a",
    "a.",
    "a.b",
    "a-b.c",
    "a1",
    "a1.b2",
    "1.a",
    "1a.b",
    "a.b.c.d.e",
    "xn--a.com",
    "A.B",
    "a.b-c",
    "0-0.a",
    "a--b",
    "www.ics.uci.edu",
]

HOSTNAMES_INVALID_2396 = [
    ("", 0),
    ("-a", 0),
    (".a", 0),
]

IPV4_2396 = ["1.2.3.4", "0.0.0.0", "999.999.999.999", "01.02.003.255", "255.255.255.255"]
IPV4_INVALID_2396 = [
    ("a.b.c.d", 0),
    ("", 0),
]


@pytest.mark.parametrize("text", HOSTNAMES_2396)
def test_hostname_rfc2396(text: str) -> None:
    assert_component_valid(text, R2, "hostname")
    assert_component_valid(text, R2, "host")
    assert_parses(
        f"http://{text}/", R2, "absoluteURI", server("http", text, "/", host_type="hostname")
    )


@pytest.mark.parametrize(("text", "position"), HOSTNAMES_INVALID_2396)
def test_hostname_invalid_rfc2396(text: str, position: int) -> None:
    assert_component_invalid(text, R2, "hostname", position, HOST)


@pytest.mark.parametrize("text", IPV4_2396)
def test_ipv4address_rfc2396(text: str) -> None:
    assert_component_valid(text, R2, "IPv4address")
    assert_component_valid(text, R2, "host")
    assert_parses(f"http://{text}/", R2, "absoluteURI", server("http", text, "/", host_type="ipv4"))


@pytest.mark.parametrize(("text", "position"), IPV4_INVALID_2396)
def test_ipv4address_invalid_rfc2396(text: str, position: int) -> None:
    assert_component_invalid(text, R2, "IPv4address", position, HOST)


# RFC 2732 §3: IPv6reference = "[" IPv6address "]", IPv6address as in RFC 2373 §2.2,
# whose text forms RFC 3986's IPv6address transcribes (RFC 3986 Appendix D.1).
IPV6_INVALID_2396 = [
    ("12345::", 4),  # 1*4HEXDIG
    ("::12345", 6),
    ("g::", 0),
    ("::g", 2),
    (":::", 2),
    ("", 0),
]


@pytest.mark.parametrize("address", IPV6_VALID)
def test_ipv6reference_rfc2396(address: str) -> None:
    literal = f"[{address}]"
    assert_component_valid(literal, R2, "IPv6reference")
    assert_component_valid(literal, R2, "host")
    text = f"http://{literal}:1/"
    assert_parses(text, R2, "absoluteURI", server("http", literal, "/", port="1", host_type="ipv6"))


@pytest.mark.parametrize(("address", "position"), IPV6_INVALID_2396)
def test_ipv6reference_invalid_rfc2396(address: str, position: int) -> None:
    assert_component_invalid(f"[{address}]", R2, "IPv6reference", position + 1, IPLIT)
    assert_rejects(f"http://[{address}]/", R2, "URI-reference", position + 8, IPLIT)


# RFC 2732 §3 installs RFC 2373's IPv6address, whose IPv4 part (Appendix B) is
# ``1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT``, as RFC 2732's own IPv4address is:
# no 0-255 range and leading zeros allowed, unlike RFC 3986's dec-octet.
IPV6_IPV4_TAIL_2396 = [
    "::01.2.3.4",
    "::1.2.3.256",
    "::999.999.999.999",
    "::ffff:001.02.3.04",
    "1:2:3:4:5:6:300.0.0.0",
    "1::0.0.0.000",
]
IPV6_IPV4_TAIL_INVALID_2396 = [
    ("::1.2.3.1234", 11),  # at most three digits
    ("::1234.1.1.1", 6),  # a group of four digits, then "." cannot follow
    ("::1.2.3", 7),
    ("::1.2.3.4.5", 9),
    ("::1..2.3", 4),
    ("1:2:3:4:5:6:7:1.2.3.4", 15),  # ls32 only after six groups or a "::"
]


@pytest.mark.parametrize("address", IPV6_IPV4_TAIL_2396)
def test_ipv6reference_ipv4_tail_rfc2396(address: str) -> None:
    assert_component_valid(address, R2, "IPv6address")
    assert_component_valid(f"[{address}]", R2, "IPv6reference")
    text = f"http://[{address}]/"
    assert_parses(text, R2, "absoluteURI", server("http", f"[{address}]", "/", host_type="ipv6"))
    # RFC 3986 §3.2.2: dec-octet, so the same text is no IPv6address there
    assert not urikit.is_valid(address, rule="IPv6address", grammar=R3)
    assert not urikit.is_valid(text, grammar=R3)


@pytest.mark.parametrize(("address", "position"), IPV6_IPV4_TAIL_INVALID_2396)
def test_ipv6reference_ipv4_tail_invalid_rfc2396(address: str, position: int) -> None:
    assert_component_invalid(address, R2, "IPv6address", position, HOST)
    assert_component_invalid(f"[{address}]", R2, "IPv6reference", position + 1, IPLIT)
    assert_rejects(f"http://[{address}]/", R2, "URI-reference", position + 8, IPLIT)


def test_ipv6_ipv4_tail_is_grammar_data() -> None:
    # The rule for the IPv4 part of ls32 is a field of the grammar, not a special case.
    from urikit import RFC2396, RFC3986

    assert RFC3986.ip_literal.dec_octet
    assert not RFC2396.ip_literal.dec_octet


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("[::1", 4),
        ("[v1.x]", 1),  # no IPvFuture
        ("[::1%25eth0]", 4),  # no zone ID
        ("[]", 1),
    ],
)
def test_ipv6reference_brackets_rfc2396(text: str, position: int) -> None:
    assert_component_invalid(text, R2, "IPv6reference", position, IPLIT)


# Other component rules of RFC 2396 (§3.2, §3.2.1, §3.2.2, §3.3, §3.4, §4.1).
COMPONENTS_2396: list[tuple[str, str, tuple[int, ErrorKind] | None]] = [
    ("userinfo", "", None),
    ("userinfo", "u;p:x&=+$,", None),
    ("userinfo", "-_.!~*'()", None),
    ("userinfo", "%41", None),
    ("userinfo", "a@b", (1, UNEXP)),
    ("userinfo", "a/b", (1, UNEXP)),
    ("userinfo", "a[b", (1, UNEXP)),
    ("userinfo", "a?b", (1, UNEXP)),
    ("userinfo", "a b", (1, CHAR)),
    ("port", "", None),
    ("port", "80", None),
    ("port", "8a", (1, PORT)),
    ("reg_name", "a@b", None),
    ("reg_name", "a_b", None),
    ("reg_name", ":80", None),
    ("reg_name", "$,;:@&=+-_.!~*'()%41", None),
    ("reg_name", "", (0, HOST)),  # 1*( ... )
    ("reg_name", "a b", (1, CHAR)),
    ("host", "example.com", None),
    ("host", "[::1]", None),
    ("host", "999.1.1.1", None),
    ("host", "[v1.x]", (1, IPLIT)),
    ("authority", "", None),  # empty server
    ("authority", "h", None),
    ("authority", "u@h:80", None),
    ("authority", "a@b@c", None),  # reg_name
    ("authority", "h:8a", None),  # reg_name
    ("authority", "h:80:90", None),  # reg_name
    ("authority", "[::1]x", (5, UNEXP)),
    ("authority", "[::1]:80", None),
    ("authority", "a[b", (1, HOST)),
    ("authority", "a b", (1, CHAR)),
    ("query", "", None),
    ("query", "a[b]", None),  # RFC 2732: "[" "]" reserved, so uric
    ("query", "a/?:@&=+$,;", None),
    ("query", "-_.!~*'()", None),
    ("query", "a#b", (1, UNEXP)),
    ("query", "a b", (1, CHAR)),
    ("query", "a{", (1, CHAR)),
    ("query", "a%", (2, PCT)),
    ("fragment", "", None),
    ("fragment", "[x]", None),
    ("fragment", "a?b/c", None),
    ("fragment", "a#b", (1, UNEXP)),
    ("fragment", "a^", (1, CHAR)),
    # §3.3 path = [ abs_path | opaque_part ]
    ("path", "", None),
    ("path", "/a;p/b", None),
    ("path", "/;", None),
    ("path", "//a", None),
    ("path", "/a:@&=+$,", None),
    ("path", "/a?b", (2, UNEXP)),
    ("path", "/a[b", (2, UNEXP)),
    ("path", "/a b", (2, CHAR)),
    ("path", "/a#", (2, UNEXP)),
]


@pytest.mark.parametrize(("rule", "text", "problem"), COMPONENTS_2396)
def test_components_rfc2396(rule: str, text: str, problem: tuple[int, ErrorKind] | None) -> None:
    if problem is None:
        assert_component_valid(text, R2, rule)
    else:
        assert_component_invalid(text, R2, rule, *problem)


# =====================================================================================
# RFC 2396 §5 relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]
#   rel_path = rel_segment [ abs_path ]
#   rel_segment = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )
# =====================================================================================

RELATIVE_2396 = [
    ("a", parts(path="a")),
    ("a;b", parts(path="a;b")),
    ("a@b", parts(path="a@b")),
    ("a&=+$,", parts(path="a&=+$,")),
    ("a/b:c", parts(path="a/b:c")),  # ":" allowed after the first segment (pchar)
    ("./a:b", parts(path="./a:b")),
    ("a?b", parts(path="a", query="b")),
    ("a?b[c]", parts(path="a", query="b[c]")),
    ("//h/p", server(None, "h", "/p")),
    ("/p", parts(path="/p")),
    ("/", parts(path="/")),
    (".", parts(path=".")),
    ("..", parts(path="..")),
    ("../a", parts(path="../a")),
    ("a/", parts(path="a/")),
    ("a//b", parts(path="a//b")),
    ("%41", parts(path="%41")),
    ("-_.!~*'()", parts(path="-_.!~*'()")),
    ("?y", parts(query="y")),  # documented decision: empty path with a query
]


@pytest.mark.parametrize("rule", ["URI-reference", "relativeURI"])
@pytest.mark.parametrize(("text", "expected"), RELATIVE_2396)
def test_relative_uri_rfc2396(text: str, rule: str, expected: dict[str, Any]) -> None:
    assert_parses(text, R2, rule, expected)


RELATIVE_INVALID_2396 = [
    ("relativeURI", "", 0, ErrorKind.INVALID_PATH),  # net_path | abs_path | rel_path
    ("relativeURI", "a:b", 1, COLON),  # rel_segment has no ":"
    ("relativeURI", "http://h/", 4, COLON),
    ("relativeURI", "a#f", 1, FRAG),  # the fragment belongs to URI-reference
    ("relativeURI", "//h#", 3, FRAG),
    ("relativeURI", "a[b", 1, UNEXP),
    ("URI-reference", "a[b", 1, UNEXP),
    ("URI-reference", "a/b[c", 3, UNEXP),
    ("URI-reference", "%41:b", 3, SCHEME),
    ("URI-reference", "a b", 1, CHAR),
    ("absoluteURI", "http://h/#f", 9, FRAG),
    ("absoluteURI", "a:b#", 3, FRAG),
]


@pytest.mark.parametrize(("rule", "text", "position", "kind"), RELATIVE_INVALID_2396)
def test_relative_uri_invalid_rfc2396(rule: str, text: str, position: int, kind: ErrorKind) -> None:
    assert_rejects(text, R2, rule, position, kind)


def test_uri_reference_fragment_only_rfc2396() -> None:
    # §4: URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
    assert_parses("", R2, "URI-reference", parts())
    assert_parses("#f", R2, "URI-reference", parts(fragment="f"))
    assert_parses("#", R2, "URI-reference", parts(fragment=""))


# =====================================================================================
# RFC 2396 §2.2-§2.4 character classes (with RFC 2732 §3: "[" "]" reserved, not unwise)
#   mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
#   unwise = "{" | "}" | "|" | "\" | "^" | "`" ; delims = "<" | ">" | "#" | "%" | <">
# =====================================================================================

ALPHANUM = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
MARK = set("-_.!~*'()")
UNRESERVED_2396 = ALPHANUM | MARK
RESERVED_2396 = set(";/?:@&=+$,[]")  # §2.2 + RFC 2732 §3 (3)
URIC = RESERVED_2396 | UNRESERVED_2396
PCHAR_2396 = UNRESERVED_2396 | set(":@&=+$,")

CHAR_CONTEXTS_2396 = [
    # abs_path: segment = *pchar *( ";" param )
    ("http://h/a{}b", PCHAR_2396 | {";"}, "/?#%", lambda c: server("http", "h", f"/a{c}b")),
    # rel_segment
    ("a{}b", UNRESERVED_2396 | set(";@&=+$,"), "/?#%:", lambda c: parts(path=f"a{c}b")),
    # opaque_part after its first character: *uric
    ("a:b{}c", URIC, "#%", lambda c: parts("a", path=f"b{c}c")),
    # opaque_part's first character: uric_no_slash
    ("a:{}b", UNRESERVED_2396 | set(";?:@&=+$,"), "/#%", lambda c: parts("a", path=f"{c}b")),
    ("http://h/?a{}b", URIC, "#%", lambda c: {**server("http", "h", "/"), "query": f"a{c}b"}),
    ("#a{}b", URIC, "%", lambda c: parts(fragment=f"a{c}b")),
    (
        "http://a{}b@h/",
        UNRESERVED_2396 | set(";:&=+$,"),
        "/?#@%[]",
        lambda c: server("http", "h", "/", userinfo=f"a{c}b"),
    ),
]

for _template, _allowed, _skip, _components in CHAR_CONTEXTS_2396:
    _valid, _invalid = char_rows(R2, _template, _allowed, _skip, _components)
    CHARS_VALID += _valid
    CHARS_INVALID += _invalid


@pytest.mark.parametrize(("grammar", "text", "expected"), CHARS_VALID)
def test_characters_allowed(grammar: str, text: str, expected: dict[str, Any]) -> None:
    assert_parses(text, grammar, "URI-reference", expected)


@pytest.mark.parametrize(("grammar", "text", "position", "kind"), CHARS_INVALID)
def test_characters_rejected(grammar: str, text: str, position: int, kind: ErrorKind) -> None:
    assert_rejects(text, grammar, "URI-reference", position, kind)


def test_character_tables_are_not_empty() -> None:
    # Guard against a template typo silently emptying the generated tables.
    assert len(CHARS_VALID) > 400
    assert len(CHARS_INVALID) > 200


# =====================================================================================
# Invalid by the grammars, where only the rejection itself is asserted: for these
# inputs the position or kind the parser reports differs from the one derived above
# (listed separately for review), but every one of them must be refused.
# =====================================================================================

# Rows settled after review: (position, kind) derived as everywhere above, the first
# character that no valid string of the rule can continue with.

# RFC 3986 §3.2.2 IPv6address (RFC 2373 §2.2 text forms for RFC 2732): bare position
_IPV6_ERRORS = [
    (":", 1),
    ("1:2:3:4:5:6:7:8:9", 15),  # too many groups
    ("::1:2:3:4:5:6:7:8", 15),
    ("1::2:3:4:5:6:7:8", 14),
    ("1:2:3:4:5:6:7:8::", 15),  # "::" stands for at least one group
    ("1::2::3", 5),  # two "::"
    ("::1::", 4),
    (":1::", 1),
    ("1.2.3.4", 1),  # ls32 only after six groups or a "::"
    ("1:2:3:4:5:6:7:1.2.3.4", 15),
    ("1:2:3:4:5:1.2.3.4", 11),
    ("1::2:3:4:5:6:1.2.3.4", 14),
    ("1:2:3:4:5:6::1.2.3.4", 14),
]
_IPV6_ERRORS_DEC_OCTET = [("::1.2.3.256", 10), ("::ffff:01.2.3.4", 9), ("::1.2.3.04", 9)]

ERRORS: list[tuple[str, str, str, int, ErrorKind]] = [
    # RFC 3986 §3.2.2 dec-octet
    *[
        (R3, "IPv4address", text, position, HOST)
        for text, position in [
            ("256.0.0.0", 2),
            ("260.0.0.0", 2),
            ("300.0.0.0", 2),
            ("1.2.3.256", 8),
            ("01.0.0.0", 1),
            ("00.0.0.0", 1),
            ("1.2.3.04", 7),
            ("1000.0.0.0", 3),
        ]
    ],
    # RFC 3986 §3.2.2 IPv6address, alone, as IP-literal and in a URI
    *[(R3, "IPv6address", a, n, HOST) for a, n in _IPV6_ERRORS + _IPV6_ERRORS_DEC_OCTET],
    *[(R3, "IP-literal", f"[{a}]", n + 1, IPLIT) for a, n in _IPV6_ERRORS + _IPV6_ERRORS_DEC_OCTET],
    *[
        (R3, "URI-reference", f"http://[{a}]/", n + 8, IPLIT)
        for a, n in _IPV6_ERRORS + _IPV6_ERRORS_DEC_OCTET
    ],
    # RFC 2732 §3 IPv6reference (RFC 2373 Appendix B: the IPv4 part is 1*3DIGIT parts)
    *[(R2, "IPv6reference", f"[{a}]", n + 1, IPLIT) for a, n in _IPV6_ERRORS],
    *[(R2, "URI-reference", f"http://[{a}]/", n + 8, IPLIT) for a, n in _IPV6_ERRORS],
    (R2, "IPv6reference", "::1", 0, IPLIT),
    # RFC 3986 §3.2.2 IP-literal and RFC 6874 zones
    (R3, "IP-literal", "::1", 0, IPLIT),
    (R3, "IP-literal", "v1.x", 0, IPLIT),
    (R3, "IP-literal", "[::1]x", 5, IPLIT),
    (R3, "IP-literal", "[fe80::1%eth0]", 9, IPLIT),  # "%25" introduces a zone
    (R3, "IP-literal", "[fe80::1%25eth0%]", 16, PCT),
    (R3, "IP-literal", "[fe80::1%25eth0%zz]", 16, PCT),
    (R3, "host", "[fe80::1%25eth0%]", 16, PCT),
    (R3, "URI-reference", "http://[fe80::1%eth0]/", 16, IPLIT),
    (R3, "URI-reference", "http://[fe80::1%25eth0%zz]/", 23, PCT),
    (R3, "IP-literal", "[fe80::1%25eth 0]", 14, CHAR),
    (R3, "URI-reference", "http://[fe80::1%25eth 0]/", 21, CHAR),
    # RFC 3986 §3.1, §3.2.1-§3.2.3 component rules
    (R3, "scheme", "a b", 1, CHAR),
    (R3, "scheme", "a\u00e9", 1, ErrorKind.NON_ASCII),
    (R2, "scheme", "a b", 1, CHAR),
    (R3, "host", "a:b", 1, HOST),
    (R3, "host", "a@b", 1, HOST),
    (R3, "port", "8 ", 1, CHAR),
    (R3, "reg-name", "a:b", 1, HOST),
    (R3, "reg-name", "a@b", 1, HOST),
    (R3, "reg-name", "[::1]", 0, HOST),
    (R3, "reg-name", "[v1.x]", 0, HOST),
    (R3, "URI-reference", "http://u[@h/", 8, UNEXP),  # §3.2.1: "[" in the userinfo
    (R3, "URI-reference", "http://a[b@h/", 8, UNEXP),
    (R3, "URI-reference", "http://a]b@h/", 8, UNEXP),
    # RFC 2396 §3.2.2 hostname, RFC 2732 IPv4address, §3.2.1 reg_name
    *[
        (R2, "hostname", text, position, HOST)
        for text, position in [
            ("1", 1),
            ("1.2", 3),
            ("a..", 2),
            ("a-", 2),
            ("a-.b", 2),
            ("a_b", 1),
            ("a..b", 2),
            ("a.-b", 2),
            ("a.b-", 4),
            ("1.2.3.4", 7),
        ]
    ],
    *[
        (R2, "IPv4address", text, position, HOST)
        for text, position in [("1234.1.1.1", 3), ("1.2.3", 5), ("1.2.3.4.5", 7), ("1..2.3", 2)]
    ],
    (R2, "reg_name", "a[b", 1, HOST),
    (R2, "reg_name", "a/b", 1, HOST),
    (R2, "host", "a_b", 1, HOST),
    (R2, "host", "1a", 2, HOST),
]

REFERENCE_RULES = {"URI-reference", "URI", "absolute-URI", "relative-ref", "absoluteURI"}


@pytest.mark.parametrize(("grammar", "rule", "text", "position", "kind"), ERRORS)
def test_errors(grammar: str, rule: str, text: str, position: int, kind: ErrorKind) -> None:
    assert not urikit.is_valid(text, grammar=grammar, rule=rule)
    with pytest.raises(urikit.URISyntaxError) as caught:
        if rule in REFERENCE_RULES:
            urikit.parse(text, grammar=grammar, rule=rule)
        else:
            urikit.validate(text, grammar=grammar, rule=rule)
    assert (caught.value.position, caught.value.kind) == (position, kind)


# The grammar is named by a str or given as a Grammar (None: the default), the rule by
# a str: anything else is a TypeError.
@pytest.mark.parametrize("value", [None, b"rfc3986", 3])
def test_grammar_and_rule_names_are_str(value: object) -> None:
    for call in (urikit.is_valid, urikit.validate, urikit.parse):
        if value is not None:
            with pytest.raises(TypeError, match="is a str"):
                call("a", grammar=value)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="is a str"):
            call("a", rule=value)  # type: ignore[arg-type]


# RFC 2396 §3.3 path = [ abs_path | opaque_part ]: an opaque_part holds "?", "[" and "]"
@pytest.mark.parametrize("text", ["a?b", "a[b]", "?", "/a;p/b", ""])
def test_path_rule_rfc2396_admits_opaque_parts(text: str) -> None:
    assert urikit.is_valid(text, rule="path", grammar=R2)


# RFC 2396 §3 opaque_part = uric_no_slash *uric, as the path rule on its own
@pytest.mark.parametrize(
    ("text", "position", "kind"),
    [
        ("[a", 0, UNEXP),  # "[" is uric, not uric_no_slash
        ("a b", 1, CHAR),
        ("a%zz", 2, PCT),
        ("%zz", 1, PCT),
    ],
)
def test_opaque_path_component_rfc2396(text: str, position: int, kind: ErrorKind) -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.validate(text, rule="path", grammar="rfc2396")
    assert (caught.value.position, caught.value.kind) == (position, kind)
