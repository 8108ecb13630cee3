"""The URL Standard's validation errors, name and position, from the Standard's text
(WHATWG URL at 6ae84860, §3.5 host parsing and §4.4 the basic URL parser), section by
section: each row is worked out by hand from the steps, not read from the code.

Positions follow urikit._whatwg.positions: the index in the caller's text of the code
point ``c`` the state was processing when it recorded the error (the EOF code point:
just past the last code point kept); inside the host parser, the index of its own
pointer into the host (for the IPv4 parser: the part at fault; an empty last part: just
past the host; IPv6-unclosed: just past the host; IPv6-piece-leading-zero: the piece).
"""

from __future__ import annotations

import pytest

from urikit._whatwg import parse, validation_errors
from urikit._whatwg.errors import VALIDATION_ERRORS
from urikit.errors import ErrorKind, URISyntaxError

SMFS = "special-scheme-missing-following-solidus"
UNIT = "invalid-URL-unit"

#: (input, base, [(name, position), ...], href): parses, with exactly these errors.
RECORDED = [
    # §4.4 steps 1-2: leading/trailing C0 control or space, then ASCII tab or newline
    (" http://a/", None, [(UNIT, 0)], "http://a/"),
    ("http://a/ ", None, [(UNIT, 9)], "http://a/"),
    ("\thttp://a/\n", None, [(UNIT, 0)], "http://a/"),
    ("ht\ttp://a/", None, [(UNIT, 2)], "http://a/"),
    ("http://a/b\nc\td", None, [(UNIT, 10)], "http://a/bcd"),
    (" h\ttp://a/", None, [(UNIT, 0), (UNIT, 2)], "htp://a/"),
    # scheme state: "file" and remaining not starting with "//"
    ("file:/a", None, [(SMFS, 4)], "file:///a"),
    # special relative or authority state
    ("http:a", "http://h/", [(SMFS, 5)], "http://h/a"),
    # special authority slashes state, then the ignore-slashes state at the same c
    ("http:/a", None, [(SMFS, 5), (SMFS, 5)], "http://a/"),
    ("http:a", None, [(SMFS, 5)], "http://a/"),
    ("http:///a", None, [(SMFS, 7)], "http://a/"),
    # relative state, relative slash state
    ("\\x", "http://h/", [("invalid-reverse-solidus", 0)], "http://h/x"),
    ("/\\x", "http://h/", [("invalid-reverse-solidus", 1)], "http://x/"),
    # authority state: each "@"
    ("http://u:p@h/", None, [("invalid-credentials", 10)], "http://u:p@h/"),
    (
        "http://a@b@c/",
        None,
        [("invalid-credentials", 8), ("invalid-credentials", 10)],
        "http://a%40b@c/",
    ),
    # port state
    ("http://h:65535", None, [], "http://h:65535/"),
    ("http://h:0080/", None, [], "http://h/"),
    # file state, file host state
    (
        "C|/x",
        "file:///d/e",
        [("file-invalid-Windows-drive-letter", 0), (UNIT, 1)],
        "file:///C:/x",
    ),
    ("file://C|/x", None, [("file-invalid-Windows-drive-letter-host", 9)], "file:///C:/x"),
    # path state
    ("http://h/a\\b", None, [("invalid-reverse-solidus", 10)], "http://h/a/b"),
    ("http://h/a b", None, [(UNIT, 10)], "http://h/a%20b"),
    ("http://h/%zz", None, [(UNIT, 9)], "http://h/%zz"),
    ("http://h/%4", None, [(UNIT, 9)], "http://h/%4"),
    ("http://h/%41é", None, [], "http://h/%41%C3%A9"),
    # §4.1 single-dot and double-dot URL path segments, each spelling
    ("http://h/a/b/%2e./c", None, [], "http://h/a/c"),
    ("http://h/a/b/.%2E/c", None, [], "http://h/a/c"),
    ("http://h/a/b/%2E%2e", None, [], "http://h/a/"),
    ("http://h/a/%2e/b", None, [], "http://h/a/b"),
    ("http://h/a/%2E", None, [], "http://h/a/"),
    ("sc:/a/b/%2e./c", None, [], "sc:/a/c"),
    ("http://h/a/%2e%2", None, [(UNIT, 14)], "http://h/a/%2e%2"),
    # query state, fragment state
    ("http://h/?a b", None, [(UNIT, 11)], "http://h/?a%20b"),
    ("http://h/?%", None, [(UNIT, 10)], "http://h/?%"),
    ("http://h/#a b", None, [(UNIT, 11)], "http://h/#a%20b"),
    ("http://h/#`", None, [(UNIT, 10)], "http://h/#%60"),
    # opaque path state: a space, before "?" encoded
    ("sc:a b", None, [(UNIT, 4)], "sc:a b"),
    ("sc:a\x01b", None, [(UNIT, 4)], "sc:a%01b"),
    ("sc:a ?b", None, [(UNIT, 4)], "sc:a%20?b"),
    # §3.5 opaque-host parser: one error per step, at the first code point at fault
    ("sc://a%zz/", None, [(UNIT, 6)], "sc://a%zz/"),
    ("sc://a`\x7f/", None, [(UNIT, 6)], "sc://a`%7F/"),
    ("sc://a`%z%/", None, [(UNIT, 6), (UNIT, 7)], "sc://a`%z%/"),
    # §3.5 host parser: percent-encoded bytes
    ("http://ex%41mple.com/", None, [("domain-percent-encoded", 9)], "http://example.com/"),
    # §3.3 the domain parser: the strict ToASCII (CheckHyphens, UseSTD3ASCIIRules,
    # VerifyDnsLength) records domain-to-ASCII where UTS #46 finds the fault; the lenient
    # one returns an ASCII domain lowercased whatever it finds
    ("http://-x.com/", None, [("domain-to-ASCII", 7)], "http://-x.com/"),
    ("http://xn--a.com/", None, [("domain-to-ASCII", 7)], "http://xn--a.com/"),
    ("http://a..b/", None, [("domain-to-ASCII", 9)], "http://a..b/"),
    ("http://a.b./", None, [("domain-to-ASCII", 11)], "http://a.b./"),
    ("http://faß.example/", None, [], "http://xn--fa-hia.example/"),
    ("http://\uff41.com/", None, [], "http://a.com/"),
    ("http://x\u00ad/", None, [], "http://x/"),
    # §3.5 IPv4 parser
    # (the strict ToASCII of §3.3 step 1, VerifyDnsLength on, refuses the empty root label)
    (
        "http://1.2.3.4./",
        None,
        [("domain-to-ASCII", 15), ("IPv4-empty-part", 15)],
        "http://1.2.3.4/",
    ),
    ("http://1.2.3/", None, [("IPv4-too-few-parts", 7)], "http://1.2.0.3/"),
    (
        "http://0x7f.1/",
        None,
        [("IPv4-too-few-parts", 7), ("IPv4-non-decimal-part", 7)],
        "http://127.0.0.1/",
    ),
    (
        "http://1.256/",
        None,
        [("IPv4-too-few-parts", 7), ("IPv4-out-of-range-part", 9)],
        "http://1.0.1.0/",
    ),
    (
        "http://0x/",
        None,
        [("IPv4-too-few-parts", 7), ("IPv4-non-decimal-part", 7)],
        "http://0.0.0.0/",
    ),
    ("http://1.2.3.010/", None, [("IPv4-non-decimal-part", 13)], "http://1.2.3.8/"),
    # §3.5 IPv6 parser
    ("http://[::01]/", None, [("IPv6-piece-leading-zero", 10)], "http://[::1]/"),
    ("http://[1:0002::]/", None, [("IPv6-piece-leading-zero", 10)], "http://[1:2::]/"),
    # a lone surrogate is U+FFFD (USVString), a URL code point
    ("http://h/\ud800", None, [], "http://h/%EF%BF%BD"),
]

#: (input, base, kind, position): fails with this error (the step that returns failure).
FAILURES = [
    ("a", None, ErrorKind.MISSING_SCHEME_NON_RELATIVE_URL, 0),
    ("a", "sc:b", ErrorKind.MISSING_SCHEME_NON_RELATIVE_URL, 0),
    ("  a", None, ErrorKind.MISSING_SCHEME_NON_RELATIVE_URL, 2),
    ("http://u@/", None, ErrorKind.HOST_MISSING, 9),
    ("http://:80/", None, ErrorKind.HOST_MISSING, 7),
    ("http://?", None, ErrorKind.HOST_MISSING, 7),
    ("sc://:1/", None, ErrorKind.HOST_MISSING, 5),
    ("sc://u@/", None, ErrorKind.HOST_MISSING, 7),
    ("http://h:99999/", None, ErrorKind.PORT_OUT_OF_RANGE, 14),
    ("http://h:65536", None, ErrorKind.PORT_OUT_OF_RANGE, 14),
    ("http://h:8x/", None, ErrorKind.PORT_INVALID, 10),
    ("sc://a b/", None, ErrorKind.HOST_INVALID_CODE_POINT, 6),
    ("sc://a^/", None, ErrorKind.HOST_INVALID_CODE_POINT, 6),
    ("http://a^b/", None, ErrorKind.DOMAIN_TO_ASCII, 8),
    ("https://ex ample.org/", None, ErrorKind.DOMAIN_TO_ASCII, 10),
    ("http://\u00ad/", None, ErrorKind.DOMAIN_TO_ASCII, 7),
    ("http://a%2Fb/", None, ErrorKind.DOMAIN_TO_ASCII, 7),
    ("http://1.2.3.4.5/", None, ErrorKind.IPV4_TOO_MANY_PARTS, 15),
    ("http://1.2.3.09/", None, ErrorKind.IPV4_NON_NUMERIC_PART, 13),
    ("http://foo.09/", None, ErrorKind.IPV4_NON_NUMERIC_PART, 7),
    ("http://256.1.1.1/", None, ErrorKind.IPV4_OUT_OF_RANGE_PART, 7),
    ("http://1.1.1.256/", None, ErrorKind.IPV4_OUT_OF_RANGE_PART, 13),
    ("http://4294967296/", None, ErrorKind.IPV4_OUT_OF_RANGE_PART, 7),
    ("http://[::1/", None, ErrorKind.IPV6_UNCLOSED, 11),
    ("http://[:1]/", None, ErrorKind.IPV6_INVALID_COMPRESSION, 8),
    ("http://[1:2:3:4:5:6:7:8:9]/", None, ErrorKind.IPV6_TOO_MANY_PIECES, 24),
    ("http://[1::2::3]/", None, ErrorKind.IPV6_MULTIPLE_COMPRESSION, 13),
    ("http://[1:2]/", None, ErrorKind.IPV6_TOO_FEW_PIECES, 11),
    ("http://[1:]/", None, ErrorKind.IPV6_INVALID_CODE_POINT, 10),
    ("http://[1:g]/", None, ErrorKind.IPV6_INVALID_CODE_POINT, 10),
    ("http://[::1.2.3.4x]/", None, ErrorKind.IPV4_IN_IPV6_INVALID_CODE_POINT, 17),
    ("http://[::01.2.3.4]/", None, ErrorKind.IPV4_IN_IPV6_INVALID_CODE_POINT, 11),
    ("http://[.1]/", None, ErrorKind.IPV4_IN_IPV6_INVALID_CODE_POINT, 8),
    ("http://[::1.2.3]/", None, ErrorKind.IPV4_IN_IPV6_TOO_FEW_PARTS, 15),
    ("http://[::1.2.3.256]/", None, ErrorKind.IPV4_IN_IPV6_OUT_OF_RANGE_PART, 18),
    ("http://[1:2:3:4:5:6:7:1.2.3.4]/", None, ErrorKind.IPV4_IN_IPV6_TOO_MANY_PIECES, 22),
    # positions in the caller's text: tabs and newlines removed, the EOF code point
    ("ht\ttp://h:8\tx/", None, ErrorKind.PORT_INVALID, 12),
    ("http://a\tb:9x", None, ErrorKind.PORT_INVALID, 12),
    ("http://u@\t", None, ErrorKind.HOST_MISSING, 9),
    (" \thttp://u@", None, ErrorKind.HOST_MISSING, 11),
    ("http://u@\n\n", None, ErrorKind.HOST_MISSING, 9),
    ("ht\ttp://u@", None, ErrorKind.HOST_MISSING, 10),
]


@pytest.mark.parametrize(("text", "base", "errors", "href"), RECORDED, ids=repr)
def test_validation_errors(
    text: str, base: str | None, errors: list[tuple[str, int]], href: str
) -> None:
    assert validation_errors(text, base) == errors
    assert parse(text, base).href == href


@pytest.mark.parametrize(("text", "base", "kind", "position"), FAILURES, ids=repr)
def test_failures(text: str, base: str | None, kind: ErrorKind, position: int) -> None:
    for function in (parse, validation_errors):
        with pytest.raises(URISyntaxError) as caught:
            function(text, base)
        error = caught.value
        assert (error.text, error.kind, error.position) == (text, kind, position)
        assert (error.grammar, error.rule) == ("whatwg", "URL")
        assert kind.value in error.reason


def test_a_failing_base_is_the_error() -> None:
    with pytest.raises(URISyntaxError) as caught:
        parse("a", "http://h:x/")
    assert (caught.value.text, caught.value.kind, caught.value.position) == (
        "http://h:x/",
        ErrorKind.PORT_INVALID,
        9,
    )


@pytest.mark.parametrize(
    ("text", "base"), [(1, None), (b"http://a/", None), ("a", 1), ("a", b"http://a/")]
)
def test_not_a_string_is_a_type_error(text: object, base: object) -> None:
    with pytest.raises(TypeError):
        parse(text, base)  # type: ignore[arg-type]


def test_every_name_is_the_standards() -> None:
    """The names recorded and the failure kinds are names of the Standard's table
    (urikit._whatwg.errors.VALIDATION_ERRORS, its 30 rows), and the table's rows that
    can return failure are ErrorKind values."""
    assert len(VALIDATION_ERRORS) == 30
    recorded = {name for _, _, errors, _ in RECORDED for name, _ in errors}
    failing = {kind.value for _, _, kind, _ in FAILURES}
    assert recorded | failing == set(VALIDATION_ERRORS)  # every row is tested
    kinds = {kind.value for kind in ErrorKind}
    assert failing <= kinds
    assert {name for name in VALIDATION_ERRORS if name in kinds} == failing
