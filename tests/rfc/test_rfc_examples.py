"""The example URIs of RFC 3986 §1.1.2 and RFC 2396 §1.3 (verbatim), the Appendix B
example of both RFCs, and the differences listed in RFC 3986 Appendix D, each checked
under both grammars (RFC 3986, and RFC 2396 as amended by RFC 2732).

Expectations were derived by hand from the grammars, not from the implementation.
"""

from __future__ import annotations

from typing import Any

import pytest

import urikit
from tests.expect import (
    COLON,
    EMPTY_SSP,
    FRAG,
    HOST,
    IPLIT,
    MISSING,
    PORT,
    R2,
    R3,
    UNEXP,
    parts,
    registry,
    server,
)
from tests.oracle import APPENDIX_B  # RFC 3986 Appendix B / RFC 2396 Appendix B, verbatim
from urikit import ErrorKind

GRAMMARS = (R3, R2)


def check(text: str, grammar: str, rule: str, expected: Any) -> None:
    """``expected``: a dict of attributes (valid), ``(position, kind)`` (invalid), or a
    bool for a component rule's validity."""
    if isinstance(expected, bool):
        assert urikit.is_valid(text, grammar=grammar, rule=rule) is expected
        return
    if isinstance(expected, tuple):
        position, kind = expected
        with pytest.raises(urikit.URISyntaxError) as caught:
            urikit.parse(text, grammar=grammar, rule=rule)
        assert (caught.value.position, caught.value.kind) == (position, kind)
        assert not urikit.is_valid(text, grammar=grammar, rule=rule)
        return
    ref = urikit.parse(text, grammar=grammar, rule=rule)
    assert str(ref) == text
    assert {name: getattr(ref, name) for name in expected} == expected
    assert urikit.is_valid(text, grammar=grammar, rule=rule)


# =====================================================================================
# RFC 3986 §1.1.2 Examples
# =====================================================================================

# (text, RFC 3986 components, RFC 2396 components); no example has a fragment, so each
# is also an RFC 3986 absolute-URI and an RFC 2396 absoluteURI.
RFC3986_EXAMPLES = [
    (
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        server("ftp", "ftp.is.co.za", "/rfc/rfc1808.txt", host_type="reg-name"),
        server("ftp", "ftp.is.co.za", "/rfc/rfc1808.txt", host_type="hostname"),
    ),
    (
        "http://www.ietf.org/rfc/rfc2396.txt",
        server("http", "www.ietf.org", "/rfc/rfc2396.txt", host_type="reg-name"),
        server("http", "www.ietf.org", "/rfc/rfc2396.txt", host_type="hostname"),
    ),
    (
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        {**server("ldap", "[2001:db8::7]", "/c=GB", host_type="ipv6"), "query": "objectClass?one"},
        # RFC 2732 §3: IPv6reference in host; "?" is a uric, so part of the query.
        {**server("ldap", "[2001:db8::7]", "/c=GB", host_type="ipv6"), "query": "objectClass?one"},
    ),
    (
        "mailto:John.Doe@example.com",
        parts("mailto", path="John.Doe@example.com", is_opaque=True),
        parts("mailto", path="John.Doe@example.com", is_opaque=True),  # opaque_part
    ),
    (
        "news:comp.infosystems.www.servers.unix",
        parts("news", path="comp.infosystems.www.servers.unix", is_opaque=True),
        parts("news", path="comp.infosystems.www.servers.unix", is_opaque=True),
    ),
    (
        "tel:+1-816-555-1212",
        parts("tel", path="+1-816-555-1212", is_opaque=True),
        parts("tel", path="+1-816-555-1212", is_opaque=True),  # "+" is a uric_no_slash
    ),
    (
        "telnet://192.0.2.16:80/",
        server("telnet", "192.0.2.16", "/", port="80", host_type="ipv4"),
        server("telnet", "192.0.2.16", "/", port="80", host_type="ipv4"),
    ),
    (
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        parts("urn", path="oasis:names:specification:docbook:dtd:xml:4.1.2", is_opaque=True),
        parts("urn", path="oasis:names:specification:docbook:dtd:xml:4.1.2", is_opaque=True),
    ),
]

# =====================================================================================
# RFC 2396 §1.3 Example URI
# =====================================================================================

RFC2396_EXAMPLES = [
    (
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        server("ftp", "ftp.is.co.za", "/rfc/rfc1808.txt", host_type="reg-name"),
        server("ftp", "ftp.is.co.za", "/rfc/rfc1808.txt", host_type="hostname"),
    ),
    (
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        server(
            "gopher",
            "spinaltap.micro.umn.edu",
            "/00/Weather/California/Los%20Angeles",
            host_type="reg-name",
        ),
        server(
            "gopher",
            "spinaltap.micro.umn.edu",
            "/00/Weather/California/Los%20Angeles",
            host_type="hostname",
        ),
    ),
    (
        "http://www.math.uio.no/faq/compression-faq/part1.html",
        server("http", "www.math.uio.no", "/faq/compression-faq/part1.html", host_type="reg-name"),
        server("http", "www.math.uio.no", "/faq/compression-faq/part1.html", host_type="hostname"),
    ),
    (
        "mailto:mduerst@ifi.unizh.ch",
        parts("mailto", path="mduerst@ifi.unizh.ch", is_opaque=True),
        parts("mailto", path="mduerst@ifi.unizh.ch", is_opaque=True),
    ),
    (
        "news:comp.infosystems.www.servers.unix",
        parts("news", path="comp.infosystems.www.servers.unix", is_opaque=True),
        parts("news", path="comp.infosystems.www.servers.unix", is_opaque=True),
    ),
    (
        "telnet://melvyl.ucop.edu/",
        server("telnet", "melvyl.ucop.edu", "/", host_type="reg-name"),
        server("telnet", "melvyl.ucop.edu", "/", host_type="hostname"),
    ),
]

EXAMPLE_ROWS = [
    pytest.param(text, grammar, rule, expected, id=f"{section}-{grammar}-{rule}-{text}")
    for section, table in (("3986-1.1.2", RFC3986_EXAMPLES), ("2396-1.3", RFC2396_EXAMPLES))
    for text, expected_3986, expected_2396 in table
    for grammar, rules, expected in (
        (R3, ("URI-reference", "URI", "absolute-URI"), expected_3986),
        (R2, ("URI-reference", "absoluteURI"), expected_2396),
    )
    for rule in rules
]


@pytest.mark.parametrize(("text", "grammar", "rule", "expected"), EXAMPLE_ROWS)
def test_examples(text: str, grammar: str, rule: str, expected: dict[str, Any]) -> None:
    check(text, grammar, rule, expected)


@pytest.mark.parametrize(
    "text",
    sorted({row[0] for row in RFC3986_EXAMPLES} | {row[0] for row in RFC2396_EXAMPLES}),
)
@pytest.mark.parametrize("grammar", GRAMMARS)
def test_examples_split_as_appendix_b(text: str, grammar: str) -> None:
    # Appendix B of both RFCs: scheme = $2, authority = $4, path = $5, query = $7,
    # fragment = $9 (none of these examples is an opaque URI with a "?").
    match = APPENDIX_B.match(text)
    assert match is not None
    ref = urikit.parse(text, grammar=grammar)
    assert (ref.scheme, ref.authority, ref.path, ref.query, ref.fragment) == match.group(
        2, 4, 5, 7, 9
    )


@pytest.mark.parametrize(("text", "expected_3986", "expected_2396"), RFC3986_EXAMPLES)
def test_rfc3986_examples_are_not_relative(
    text: str, expected_3986: dict[str, Any], expected_2396: dict[str, Any]
) -> None:
    # Each begins with a scheme, so the ":" ends a first segment of a relative path.
    colon = len(expected_3986["scheme"])
    check(text, R3, "relative-ref", (colon, ErrorKind.COLON_IN_FIRST_SEGMENT))
    check(text, R2, "relativeURI", (colon, ErrorKind.COLON_IN_FIRST_SEGMENT))


# =====================================================================================
# Appendix B (RFC 3986 and RFC 2396): http://www.ics.uci.edu/pub/ietf/uri/#Related
#   $2 = http, $4 = www.ics.uci.edu, $5 = /pub/ietf/uri/, $7 = <undefined>, $9 = Related
# =====================================================================================

APPENDIX_B_TEXT = "http://www.ics.uci.edu/pub/ietf/uri/#Related"
APPENDIX_B_GROUPS = {2: "http", 4: "www.ics.uci.edu", 5: "/pub/ietf/uri/", 7: None, 9: "Related"}
APPENDIX_B_COMPONENTS = {2: "scheme", 4: "authority", 5: "path", 7: "query", 9: "fragment"}


def test_appendix_b_regex_gives_the_listed_groups() -> None:
    match = APPENDIX_B.match(APPENDIX_B_TEXT)
    assert match is not None
    assert {n: match.group(n) for n in APPENDIX_B_GROUPS} == APPENDIX_B_GROUPS
    assert (match.group(1), match.group(3), match.group(6), match.group(8)) == (
        "http:",
        "//www.ics.uci.edu",
        None,
        "#Related",
    )


@pytest.mark.parametrize("grammar", GRAMMARS)
@pytest.mark.parametrize(("group", "component"), APPENDIX_B_COMPONENTS.items())
def test_appendix_b_example(grammar: str, group: int, component: str) -> None:
    ref = urikit.parse(APPENDIX_B_TEXT, grammar=grammar)
    assert getattr(ref, component) == APPENDIX_B_GROUPS[group]


@pytest.mark.parametrize(("grammar", "host_type"), [(R3, "reg-name"), (R2, "hostname")])
def test_appendix_b_example_whole(grammar: str, host_type: str) -> None:
    expected = {
        **server("http", "www.ics.uci.edu", "/pub/ietf/uri/", host_type=host_type),
        "fragment": "Related",
    }
    check(APPENDIX_B_TEXT, grammar, "URI-reference", expected)


# =====================================================================================
# RFC 3986 Appendix D: changes from RFC 2396, each under both grammars.
#   (section, what, text, (RFC 3986 rule, expected), (RFC 2396 rule, expected))
# =====================================================================================


_MARKS = "-_.!~*'()"

APPENDIX_D: list[tuple[str, str, str, tuple[str, Any], tuple[str, Any]]] = [
    # -- D.1: "An ABNF rule for URI ... an absolute URI with optional fragment."
    (
        "D.1",
        "URI allows a fragment; absoluteURI did not",
        "http://a/b#f",
        ("URI", {**server("http", "a", "/b"), "fragment": "f"}),
        ("absoluteURI", (10, FRAG)),
    ),
    (
        "D.1",
        "absolute-URI has no fragment",
        "http://a/b#f",
        ("absolute-URI", (10, FRAG)),
        ("absoluteURI", (10, FRAG)),
    ),
    ("D.1", "URI needs a scheme", "//a/b#f", ("URI", (0, MISSING)), ("absoluteURI", (0, MISSING))),
    # -- D.1: IPv6 literals (RFC 2732) in host
    (
        "D.1",
        "IPv6 literal",
        "http://[2001:db8::7]/",
        ("URI", server("http", "[2001:db8::7]", "/", host_type="ipv6")),
        ("absoluteURI", server("http", "[2001:db8::7]", "/", host_type="ipv6")),
    ),
    (
        "D.1",
        "IPv6 literal with embedded IPv4 and port",
        "http://[::ffff:192.0.2.1]:8080/",
        ("URI", server("http", "[::ffff:192.0.2.1]", "/", port="8080", host_type="ipv6")),
        ("absoluteURI", server("http", "[::ffff:192.0.2.1]", "/", port="8080", host_type="ipv6")),
    ),
    # -- D.1: "a version flag to anticipate future versions of IP literals"
    (
        "D.1",
        "IPvFuture",
        "http://[v1.fe80::a+en1]/",
        ("URI", server("http", "[v1.fe80::a+en1]", "/", host_type="ipvfuture")),
        ("absoluteURI", (8, IPLIT)),
    ),
    # -- D.1: square brackets "are not allowed outside their use as delimiters for an IP
    #    literal within host"; RFC 2732 made them reserved, hence uric, in RFC 2396.
    ("D.1", "[ ] in a path", "http://h/[x]", ("URI", (9, UNEXP)), ("absoluteURI", (9, UNEXP))),
    (
        "D.1",
        "[ ] in a query",
        "http://h?[x]",
        ("URI", (9, UNEXP)),
        ("absoluteURI", {**server("http", "h"), "query": "[x]"}),
    ),
    (
        "D.1",
        "[ ] in a fragment",
        "http://h#[x]",
        ("URI-reference", (9, UNEXP)),
        ("URI-reference", {**server("http", "h"), "fragment": "[x]"}),
    ),
    (
        "D.1",
        "[ ] in an opaque part",
        "a:b[x]",
        ("URI", (3, UNEXP)),
        ("absoluteURI", parts("a", path="b[x]", is_opaque=True)),
    ),
    ("D.1", "[ ] inside a host", "http://h[x]/", ("URI", (8, HOST)), ("absoluteURI", (8, HOST))),
    (
        "D.1",
        "[ ] around no address",
        "http://[x]/",
        ("URI", (8, IPLIT)),
        ("absoluteURI", (8, IPLIT)),
    ),
    # -- D.1: IPv6address matches the text forms of RFC 3513 §2.2
    ("D.1", "::", "[::]", ("IP-literal", True), ("IPv6reference", True)),
    ("D.1", "::1", "[::1]", ("IP-literal", True), ("IPv6reference", True)),
    ("D.1", "x:x:x:x:x:x:x:x", "[1:2:3:4:5:6:7:8]", ("IP-literal", True), ("IPv6reference", True)),
    (
        "D.1",
        "x:x:x:x:x:x:d.d.d.d",
        "[1:2:3:4:5:6:1.2.3.4]",
        ("IP-literal", True),
        ("IPv6reference", True),
    ),
    (
        "D.1",
        "seven groups, no ::",
        "[1:2:3:4:5:6:7]",
        ("IP-literal", False),
        ("IPv6reference", False),
    ),
    ("D.1", "five hex digits", "[12345::]", ("IP-literal", False), ("IPv6reference", False)),
    (
        "D.1",
        "seven groups, no ::, in a URI",
        "http://[1:2:3:4:5:6:7]/",
        ("URI", (21, IPLIT)),
        ("absoluteURI", (21, IPLIT)),
    ),
    # -- D.1: "IPv4address ... improved ... to limit each decimal octet to 0-255"
    ("D.1", "octet 256", "1.2.3.256", ("IPv4address", False), ("IPv4address", True)),
    ("D.1", "leading zero", "01.2.3.4", ("IPv4address", False), ("IPv4address", True)),
    ("D.1", "four digits", "1234.1.2.3", ("IPv4address", False), ("IPv4address", False)),
    ("D.1", "plain", "192.0.2.16", ("IPv4address", True), ("IPv4address", True)),
    (
        "D.1",
        "octet 256 in a URI: reg-name vs IPv4address",
        "http://1.2.3.256/",
        ("URI", server("http", "1.2.3.256", "/", host_type="reg-name")),
        ("absoluteURI", server("http", "1.2.3.256", "/", host_type="ipv4")),
    ),
    (
        "D.1",
        "leading zero in a URI",
        "http://01.2.3.4/",
        ("URI", server("http", "01.2.3.4", "/", host_type="reg-name")),
        ("absoluteURI", server("http", "01.2.3.4", "/", host_type="ipv4")),
    ),
    (
        "D.1",
        "dotted decimal in both",
        "http://1.2.3.4/",
        ("URI", server("http", "1.2.3.4", "/", host_type="ipv4")),
        ("absoluteURI", server("http", "1.2.3.4", "/", host_type="ipv4")),
    ),
    # -- D.2: rule names with "_" renamed with "-"
    (
        "D.2",
        "absoluteURI -> absolute-URI",
        "a:b",
        ("absolute-URI", parts("a", path="b")),
        ("absoluteURI", parts("a", path="b")),
    ),
    ("D.2", "reg_name -> reg-name", "a_b", ("reg-name", True), ("reg_name", True)),
    # -- D.2 translation table
    (
        "D.2",
        "relativeURI -> relative-part [ ? query ]: net_path",
        "//a/b?q",
        ("relative-ref", {**server(None, "a", "/b"), "query": "q"}),
        ("relativeURI", {**server(None, "a", "/b"), "query": "q"}),
    ),
    (
        "D.2",
        "relativeURI: abs_path",
        "/b?q",
        ("relative-ref", parts(path="/b", query="q")),
        ("relativeURI", parts(path="/b", query="q")),
    ),
    (
        "D.2",
        "relativeURI: rel_path",
        "b/c?q",
        ("relative-ref", parts(path="b/c", query="q")),
        ("relativeURI", parts(path="b/c", query="q")),
    ),
    (
        "D.2",
        "relativeURI has no fragment; relative-ref does",
        "b#f",
        ("relative-ref", parts(path="b", fragment="f")),
        ("relativeURI", (1, FRAG)),
    ),
    (
        "D.2",
        "hier_part -> // authority path-abempty [ ? query ]",
        "http://a/b?q",
        ("absolute-URI", {**server("http", "a", "/b"), "query": "q"}),
        ("absoluteURI", {**server("http", "a", "/b"), "query": "q"}),
    ),
    (
        "D.2",
        "hier_part -> path-absolute [ ? query ]",
        "http:/b?q",
        ("absolute-URI", parts("http", path="/b", query="q", is_opaque=False)),
        ("absoluteURI", parts("http", path="/b", query="q", is_opaque=False)),
    ),
    (
        "D.2",
        "opaque_part -> path-rootless [ ? query ]",
        "mailto:a?b",
        ("absolute-URI", parts("mailto", path="a", query="b", is_opaque=True)),
        ("absoluteURI", parts("mailto", path="a?b", is_opaque=True)),  # documented
    ),
    (
        "D.2",
        "rel_segment -> segment-nz-nc",
        "a;b@c=d",
        ("relative-ref", parts(path="a;b@c=d")),
        ("relativeURI", parts(path="a;b@c=d")),
    ),
    (
        "D.2",
        "rel_segment has no ':'",
        "a:b",
        ("relative-ref", (1, COLON)),
        ("relativeURI", (1, COLON)),
    ),
    (
        "D.2",
        "hostname -> reg-name",
        "http://a.b/",
        ("URI", server("http", "a.b", "/", host_type="reg-name")),
        ("absoluteURI", server("http", "a.b", "/", host_type="hostname")),
    ),
    (
        "D.2",
        "server -> authority, hostport -> host [ : port ]",
        "http://u@h:1/",
        ("URI", server("http", "h", "/", userinfo="u", port="1")),
        ("absoluteURI", server("http", "h", "/", userinfo="u", port="1")),
    ),
    (
        "D.2",
        "param -> *<pchar excluding ';'>",
        "/a;b;c/d;e",
        ("relative-ref", parts(path="/a;b;c/d;e")),
        ("relativeURI", parts(path="/a;b;c/d;e")),
    ),
    (
        "D.2",
        "escaped -> pct-encoded",
        "/%7e%7E",
        ("relative-ref", parts(path="/%7e%7E")),
        ("relativeURI", parts(path="/%7e%7E")),
    ),
    # -- D.2: mark characters moved to reserved (sub-delims) with the same set allowed
    (
        "D.2",
        "marks in path, query, fragment",
        f"http://h/{_MARKS}?{_MARKS}#{_MARKS}",
        ("URI", {**server("http", "h", f"/{_MARKS}"), "query": _MARKS, "fragment": _MARKS}),
        (
            "URI-reference",
            {**server("http", "h", f"/{_MARKS}"), "query": _MARKS, "fragment": _MARKS},
        ),
    ),
    (
        "D.2",
        "marks in userinfo",
        f"http://{_MARKS}@h/",
        ("URI", server("http", "h", "/", userinfo=_MARKS)),
        ("absoluteURI", server("http", "h", "/", userinfo=_MARKS)),
    ),
    (
        "D.2",
        "marks in a relative path",
        _MARKS,
        ("relative-ref", parts(path=_MARKS)),
        ("relativeURI", parts(path=_MARKS)),
    ),
    (
        "D.2",
        "marks in an opaque part",
        f"a:{_MARKS}",
        ("URI", parts("a", path=_MARKS)),
        ("absoluteURI", parts("a", path=_MARKS)),
    ),
    (
        "D.2",
        "marks as a host: reg-name vs reg_name",
        "http://!*'()/",
        ("URI", server("http", "!*'()", "/", host_type="reg-name")),
        ("absoluteURI", registry("http", "!*'()", "/")),
    ),
    # -- D.2: "#" back in the reserved set, fragment within URI and relative-ref
    ("D.2", "second '#'", "a#b#c", ("URI-reference", (3, UNEXP)), ("URI-reference", (3, UNEXP))),
    # -- D.2: "the path component [may] be empty ... dav: ... about:"
    ("D.2", "about:", "about:", ("URI", parts("about")), ("absoluteURI", (6, EMPTY_SSP))),
    ("D.2", "dav:", "dav:", ("absolute-URI", parts("dav")), ("absoluteURI", (4, EMPTY_SSP))),
    (
        "D.2",
        "about: with a fragment",
        "about:#top",
        ("URI", parts("about", fragment="top")),
        ("URI-reference", (6, EMPTY_SSP)),
    ),
    # -- D.2: the boundary between authority and path
    (
        "D.2",
        "authority then a path beginning '//'",
        "http://h//p",
        ("URI", server("http", "h", "//p")),
        ("absoluteURI", server("http", "h", "//p")),
    ),
    (
        "D.2",
        "empty authority then '//p'",
        "http:////p",
        ("URI", server("http", "", "//p")),
        # RFC 2396 §3.2.2: server = [ [ userinfo "@" ] hostport ]; the empty one has no host
        ("absoluteURI", parts("http", "", path="//p")),
    ),
    # -- D.2: a colon in the first segment: a scheme, or "./" first
    (
        "D.2",
        "a:b is a URI",
        "a:b",
        ("URI-reference", parts("a", path="b")),
        ("URI-reference", parts("a", path="b")),
    ),
    (
        "D.2",
        "./a:b is a relative path",
        "./a:b",
        ("URI-reference", parts(path="./a:b")),
        ("URI-reference", parts(path="./a:b")),
    ),
    # -- D.2: registry-based names within the host rule; pct-encoded hosts
    (
        "D.2",
        "pct-encoded host",
        "http://%E2%82%AC/",
        ("URI", server("http", "%E2%82%AC", "/", host_type="reg-name")),
        ("absoluteURI", registry("http", "%E2%82%AC", "/")),
    ),
    (
        "D.2",
        "reg-name with '_'",
        "http://a_b/",
        ("URI", server("http", "a_b", "/", host_type="reg-name")),
        ("absoluteURI", registry("http", "a_b", "/")),
    ),
    (
        "D.2",
        "'@' allowed in RFC 2396 reg_name only",
        "http://a@b@c/",
        ("URI", (10, HOST)),
        ("absoluteURI", registry("http", "a@b@c", "/")),
    ),
    (
        "D.2",
        "':' allowed in RFC 2396 reg_name; a port in RFC 3986",
        "http://h:8a/",
        ("URI", (11, PORT)),  # "http://h:8a" may still become "http://h:8a@x/"
        ("absoluteURI", registry("http", "h:8a", "/")),
    ),
    # -- D.2: "it remains excluded from absolute-URI"
    (
        "D.2",
        "absolute-URI: no fragment",
        "a:b#c",
        ("absolute-URI", (3, FRAG)),
        ("absoluteURI", (3, FRAG)),
    ),
]

APPENDIX_D_ROWS = [
    pytest.param(text, grammar, rule, expected, id=f"{section}-{grammar}-{what}")
    for section, what, text, (rule_3986, expected_3986), (rule_2396, expected_2396) in APPENDIX_D
    for grammar, rule, expected in ((R3, rule_3986, expected_3986), (R2, rule_2396, expected_2396))
]


@pytest.mark.parametrize(("text", "grammar", "rule", "expected"), APPENDIX_D_ROWS)
def test_appendix_d(text: str, grammar: str, rule: str, expected: Any) -> None:
    check(text, grammar, rule, expected)
