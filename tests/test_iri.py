"""IRIs (RFC 3987): the grammar rule by rule, the mappings to URIs and back, and the
comparison ladder, against the RFC's text and an independent oracle.

Every expectation of the tables was derived by hand from RFC 3987 §2.2 (ABNF), §4.1
(no bidirectional formatting characters) and the RFC 3986 rules it keeps, with the
conventions of ``tests/test_productions.py``: ``position`` is the first character that
no string of the rule can continue the text with (``len(text)`` when the text stops
short), and ``kind`` is BIDI_FORMATTING for the seven characters §4.1 forbids,
INVALID_CHARACTER for every other non-ASCII character that is neither ``ucschar`` nor
``iprivate`` (C1 controls, surrogates, noncharacters, specials, plane 14 below
U+E1000) and for the ASCII ones no URI holds, whatever the component; otherwise the kind
of the component read there (INVALID_HOST, INVALID_PORT, INVALID_SCHEME,
INVALID_IP_LITERAL, or UNEXPECTED_CHARACTER for userinfo, path, query and fragment: an
``iprivate`` outside the query is one of these).  The RFC's own examples are in
``tests/rfc/test_rfc3987_examples.py``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any, Literal

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urikit
import urikit.strategies
from tests import strategies as abnf
from tests.expect import (
    CHAR,
    COLON,
    FRAG,
    HOST,
    IPLIT,
    MISSING,
    PCT,
    PORT,
    SCHEME,
    UNEXP,
    assert_authority_recomposes,
    parts,
    server,
)
from tests.oracle import (
    BIDI_FORMATTING,
    IPRIVATE_SPANS,
    UCSCHAR_SPANS,
    accepts,
    appendix_b,
    first_impossible,
)
from tests.profiles import THOROUGH
from tests.test_productions import (
    assert_component_invalid,
    assert_component_valid,
    assert_parses,
    assert_rejects,
)
from urikit import ErrorKind

R7 = "rfc3987"
BIDI = ErrorKind.BIDI_FORMATTING
REFERENCE = "IRI-reference"


# =====================================================================================
# RFC 3987 §2.2 ucschar / iprivate, §4.1 bidi formatting: which code point goes where
# =====================================================================================

UCS, PRIVATE, BIDI_CLASS, NONE = "ucschar", "iprivate", "bidi", "none"

#: (code point, class), by hand from §2.2 and §4.1: the ends of every range, the code
#: points next to them, and the bidi formatting characters with their neighbours.
CODE_POINTS = [
    (0x7E, "ascii"),
    (0x80, NONE),  # C1 controls: below %xA0
    (0x85, NONE),
    (0x9F, NONE),
    (0xA0, UCS),  # %xA0-D7FF
    (0xA2, UCS),  # §2.1: CENT SIGN is iunreserved
    (0xAD, UCS),  # SOFT HYPHEN, a format character: ucschar all the same
    (0x200D, UCS),  # ZERO WIDTH JOINER
    (0x200E, BIDI_CLASS),  # LRM
    (0x200F, BIDI_CLASS),  # RLM
    (0x2010, UCS),
    (0x2029, UCS),
    (0x202A, BIDI_CLASS),  # LRE
    (0x202B, BIDI_CLASS),  # RLE
    (0x202C, BIDI_CLASS),  # PDF
    (0x202D, BIDI_CLASS),  # LRO
    (0x202E, BIDI_CLASS),  # RLO
    (0x202F, UCS),
    (0x2066, UCS),  # LRI: an isolate of Unicode 6.3, not among §4.1's seven
    (0xD7FF, UCS),
    (0xD800, NONE),  # surrogates
    (0xDFFF, NONE),
    (0xE000, PRIVATE),  # %xE000-F8FF
    (0xF8FF, PRIVATE),
    (0xF900, UCS),  # %xF900-FDCF
    (0xFDCF, UCS),
    (0xFDD0, NONE),  # noncharacters U+FDD0-FDEF
    (0xFDEF, NONE),
    (0xFDF0, UCS),  # %xFDF0-FFEF
    (0xFFEF, UCS),
    (0xFFF0, NONE),  # specials
    (0xFFFC, NONE),
    (0xFFFD, NONE),  # REPLACEMENT CHARACTER
    (0xFFFE, NONE),
    (0xFFFF, NONE),
    (0x10000, UCS),  # %x10000-1FFFD
    (0x10300, UCS),
    (0x1F600, UCS),
    (0x1FFFD, UCS),
    (0x1FFFE, NONE),
    (0x1FFFF, NONE),
    (0x20000, UCS),
    (0x2FFFD, UCS),
    (0x2FFFE, NONE),
    (0x3FFFF, NONE),
    (0xDFFFD, UCS),
    (0xDFFFE, NONE),
    (0xE0000, NONE),  # plane 14 up to U+E0FFF: tags, variation selectors
    (0xE0001, NONE),
    (0xE0100, NONE),
    (0xE0FFF, NONE),
    (0xE1000, UCS),  # %xE1000-EFFFD
    (0xEFFFD, UCS),
    (0xEFFFE, NONE),
    (0xF0000, PRIVATE),  # %xF0000-FFFFD
    (0xFFFFD, PRIVATE),
    (0xFFFFE, NONE),
    (0x100000, PRIVATE),  # %x100000-10FFFD
    (0x10FFFD, PRIVATE),
    (0x10FFFE, NONE),
    (0x10FFFF, NONE),
]

# The component rules whose characters are iunreserved (and the query's iprivate).
ALLOWS = {
    "iuserinfo": {UCS},
    "ireg-name": {UCS},
    "ipath": {UCS},
    "iquery": {UCS, PRIVATE},
    "ifragment": {UCS},
}
# What a component rule reports for a character it cannot hold (see the docstring).
OWN_KIND = {
    "iuserinfo": UNEXP,
    "ireg-name": HOST,
    "ipath": UNEXP,
    "iquery": UNEXP,
    "ifragment": UNEXP,
}


def _kind(cls: str, own: ErrorKind) -> ErrorKind:
    return {BIDI_CLASS: BIDI, NONE: CHAR}.get(cls, own)


@pytest.mark.parametrize("rule", sorted(ALLOWS))
@pytest.mark.parametrize(("code", "cls"), CODE_POINTS, ids=[f"U+{c:04X}" for c, _ in CODE_POINTS])
def test_code_point_classes(rule: str, code: int, cls: str) -> None:
    char = chr(code)
    text = f"a{char}"  # a valid first character before it
    if cls == "ascii" or cls in ALLOWS[rule]:
        assert_component_valid(text, R7, rule)
    else:
        assert_component_invalid(text, R7, rule, 1, _kind(cls, OWN_KIND[rule]))


def _class_of(code: int) -> str:
    """The class of a code point, read off the oracle's transcription of §2.2."""
    if chr(code) in BIDI_FORMATTING:
        return BIDI_CLASS
    if any(start <= code <= end for start, end in UCSCHAR_SPANS):
        return UCS
    if any(start <= code <= end for start, end in IPRIVATE_SPANS):
        return PRIVATE
    return NONE


def test_every_code_point_of_the_bmp() -> None:
    # §2.2 over the whole Basic Multilingual Plane: the path holds exactly the ucschars
    # that are no bidi formatting characters, the query the iprivate ones too.
    for code in range(0x80, 0x10000):
        char, cls = chr(code), _class_of(code)
        assert urikit.is_valid(char, grammar=R7, rule="ipath") is (cls == UCS), hex(code)
        assert urikit.is_valid(char, grammar=R7, rule="iquery") is (cls in (UCS, PRIVATE))


@pytest.mark.parametrize("plane", range(1, 17))
def test_every_plane_at_its_ends(plane: int) -> None:
    base = plane << 16
    for code in (
        base,
        base + 1,
        base + 0x0FFF,
        base + 0x1000,
        *range(base + 0xFFFC, base + 0x10000),
    ):
        cls = _class_of(code)
        assert urikit.is_valid(chr(code), grammar=R7, rule="ipath") is (cls == UCS), hex(code)
        assert urikit.is_valid(chr(code), grammar=R7, rule="iquery") is (cls in (UCS, PRIVATE))


@pytest.mark.parametrize("code", [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E])
@pytest.mark.parametrize(
    ("template", "offset"),
    [
        ("{}", 0),
        ("http://h/{}", 9),
        ("http://{}/", 7),
        ("http://u{}@h/", 8),
        ("http://h:{}/", 9),
        ("http://[{}]/", 8),
        ("http://h?{}", 9),
        ("http://h#{}", 9),
        ("h{}:x", 1),
    ],
)
def test_bidi_formatting_characters_anywhere(code: int, template: str, offset: int) -> None:
    # §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE,
    # RLE, LRO, RLO, and PDF)", in whatever component they would stand.
    assert_rejects(template.format(chr(code)), R7, REFERENCE, offset, BIDI)


# One probe character of each class, in each place of a whole reference:
# (template, the classes it admits there, the kind when not, the components if valid).
PROBES = {UCS: "\u00e9", PRIVATE: "\ue000", BIDI_CLASS: "\u202e", NONE: "\ufdd0"}
PLACES: list[tuple[str, set[str], ErrorKind, Any]] = [
    ("http://h/a{}b", {UCS}, UNEXP, lambda c: server("http", "h", f"/a{c}b")),
    ("a{}b", {UCS}, UNEXP, lambda c: parts(path=f"a{c}b")),  # ipath-noscheme
    ("a:b{}c", {UCS}, UNEXP, lambda c: parts("a", path=f"b{c}c")),  # ipath-rootless
    ("/{}", {UCS}, UNEXP, lambda c: parts(path=f"/{c}")),  # ipath-absolute
    ("?a{}b", {UCS, PRIVATE}, UNEXP, lambda c: parts(query=f"a{c}b")),
    (
        "http://h?{}#x",
        {UCS, PRIVATE},
        UNEXP,
        lambda c: {**server("http", "h"), "query": c, "fragment": "x"},
    ),
    ("#a{}b", {UCS}, UNEXP, lambda c: parts(fragment=f"a{c}b")),
    ("http://a{}b@h/", {UCS}, UNEXP, lambda c: server("http", "h", "/", userinfo=f"a{c}b")),
    (
        "http://a{}b/",
        {UCS},
        HOST,
        lambda c: server("http", f"a{c}b", "/", host_type="reg-name"),
    ),
    ("//{}", {UCS}, HOST, lambda c: server(None, c, host_type="reg-name")),
]


def _place_rows() -> tuple[list[Any], list[Any]]:
    valid, invalid = [], []
    for template, allowed, own, components in PLACES:
        position = template.index("{}")
        for cls, char in PROBES.items():
            text = template.format(char)
            if cls in allowed:
                valid.append(pytest.param(text, components(char), id=ascii(text)))
            else:
                invalid.append(pytest.param(text, position, _kind(cls, own), id=ascii(text)))
    return valid, invalid


PLACES_VALID, PLACES_INVALID = _place_rows()


@pytest.mark.parametrize(("text", "expected"), PLACES_VALID)
def test_characters_by_place(text: str, expected: dict[str, Any]) -> None:
    assert_parses(text, R7, REFERENCE, expected)


@pytest.mark.parametrize(("text", "position", "kind"), PLACES_INVALID)
def test_characters_by_place_rejected(text: str, position: int, kind: ErrorKind) -> None:
    assert_rejects(text, R7, REFERENCE, position, kind)


# =====================================================================================
# RFC 3987 §2.2 IRI-reference, IRI, absolute-IRI, irelative-ref: whole references
# =====================================================================================

IRI_VALID = [
    (
        "http://r\u00e9sum\u00e9.example.org/D\u00fcrst?q=\u00e9#\u00e9",
        {
            **server("http", "r\u00e9sum\u00e9.example.org", "/D\u00fcrst", host_type="reg-name"),
            "query": "q=\u00e9",
            "fragment": "\u00e9",
        },
    ),
    (
        "http://u\u00e9:p\u00e9@h\u00e9:8080/p\u00e9?\ue000\U0010fffd#f",
        {
            **server("http", "h\u00e9", "/p\u00e9", userinfo="u\u00e9:p\u00e9", port="8080"),
            "query": "\ue000\U0010fffd",
            "fragment": "f",
        },
    ),
    ("\u00e9", parts(path="\u00e9")),  # ipath-noscheme
    ("\u00e9/a:b", parts(path="\u00e9/a:b")),
    ("/\u00e9:x", parts(path="/\u00e9:x")),  # ipath-absolute
    ("a:\U00010300", parts("a", path="\U00010300")),  # ipath-rootless
    ("//\u7d0d\u8c46", server(None, "\u7d0d\u8c46", host_type="reg-name")),
    ("?\ue000", parts(query="\ue000")),
    ("#\u00e9?/", parts(fragment="\u00e9?/")),
    ("foo:\u00a2", parts("foo", path="\u00a2")),  # §2.1: U+00A2 is iunreserved
    ("http://h/\u200d", server("http", "h", "/\u200d")),  # ZWJ: no bidi formatting char
    ("http://h/\u2066", server("http", "h", "/\u2066")),  # nor is LRI (not in §4.1's list)
    ("http://h/\u00a0", server("http", "h", "/\u00a0")),  # §6.1 advises, §2.2 allows
    # IP literals, IPv4 addresses and ports are RFC 3986's; RFC 6874 zones included
    ("http://[::1]/\u00e9", server("http", "[::1]", "/\u00e9", host_type="ipv6")),
    ("http://[fe80::1%25eth0]/", server("http", "[fe80::1%25eth0]", "/", host_type="ipv6")),
    ("http://[v1.x]/", server("http", "[v1.x]", "/", host_type="ipvfuture")),
    ("http://1.2.3.4/", server("http", "1.2.3.4", "/", host_type="ipv4")),
    # ARABIC-INDIC DIGIT FOUR is no DIGIT: the host is an ireg-name
    ("http://1.2.3.\u0664/", server("http", "1.2.3.\u0664", "/", host_type="reg-name")),
    ("http://\u00e9:/", server("http", "\u00e9", "/", port="")),
    ("http://%C3%A9/%e2%80%ae", server("http", "%C3%A9", "/%e2%80%ae")),  # escapes: any octet
    ("", parts()),
]

IRI_INVALID = [
    # characters no IRI holds
    ("http://h/\x85", 9, CHAR),
    ("http://h/\ud800", 9, CHAR),
    ("http://h/\ufffd", 9, CHAR),
    ("http://h/\uffff", 9, CHAR),
    ("http://h/\U0001fffe", 9, CHAR),
    ("http://h/\U000e0001", 9, CHAR),
    ("http://h/a b", 10, CHAR),
    ("http://h/\u00e9{", 10, CHAR),
    # iprivate outside the query
    ("http://h/\ue000", 9, UNEXP),
    ("http://h/?a#\ue000", 12, UNEXP),
    ("http://\ue000/", 7, HOST),
    ("http://u\ue000@h/", 8, UNEXP),
    ("\U000f0000", 0, UNEXP),
    # a scheme is ASCII (RFC 3986 §3.1): until the ":" it may be a relative path
    ("\u00e9\u00e9:x", 2, SCHEME),
    ("h\u00e9:x", 2, SCHEME),
    ("x\u00a2y:z", 3, SCHEME),  # §2.1: U+00A2 delimits nothing
    # "h:é" can still become a userinfo "h:é@x": the "/" cannot belong
    ("http://h:\u00e9/", 10, PORT),
    ("http://h:\u00e9", 10, PORT),
    ("http://u@h:\u00e9/", 11, PORT),
    ("http://[\u00e9]/", 8, IPLIT),
    ("http://[v1.\u00e9]/", 11, IPLIT),  # IPvFuture: unreserved, not iunreserved
    ("http://[::1%25\u00e9]/", 14, IPLIT),  # RFC 6874 ZoneID: the same
    ("http://[::1]\u00e9/", 12, UNEXP),
    ("http://h\u00e9@\u00e9@/", 11, HOST),
    ("http://h/%\u00e9", 10, PCT),
    ("http://h/%C3%", 13, PCT),
    ("http://h/\u00e9[", 10, UNEXP),
    ("#\u00e9#", 2, UNEXP),
]


@pytest.mark.parametrize("rule", ["IRI-reference", "URI-reference"])
@pytest.mark.parametrize(("text", "expected"), IRI_VALID)
def test_iri_reference_valid(text: str, rule: str, expected: dict[str, Any]) -> None:
    assert_parses(text, R7, rule, expected)
    assert urikit.parse(text, grammar=urikit.RFC3987).grammar == R7


@pytest.mark.parametrize("rule", ["IRI-reference", "URI-reference"])
@pytest.mark.parametrize(("text", "position", "kind"), IRI_INVALID)
def test_iri_reference_invalid(text: str, rule: str, position: int, kind: ErrorKind) -> None:
    assert_rejects(text, R7, rule, position, kind)
    assert first_impossible(text, REFERENCE, R7) == position


OK = None
# text -> {rule: None if valid else (position, kind)}; RFC 3987 §2.2's four rules
REFERENCE_RULES: list[tuple[str, dict[str, tuple[int, ErrorKind] | None]]] = [
    (
        "http://\u00e9/?\ue000#\u00e9",
        {"IRI-reference": OK, "IRI": OK, "absolute-IRI": (11, FRAG), "irelative-ref": (4, COLON)},
    ),
    (
        "a:\u00e9?\ue000",
        {"IRI-reference": OK, "IRI": OK, "absolute-IRI": OK, "irelative-ref": (1, COLON)},
    ),
    ("a:\u00e9#", {"absolute-IRI": (3, FRAG)}),
    ("\u00e9", {"IRI-reference": OK, "irelative-ref": OK, "IRI": (0, MISSING)}),
    ("a\u00e9", {"irelative-ref": OK, "IRI": (1, MISSING), "absolute-IRI": (1, MISSING)}),
    ("//\u00e9", {"irelative-ref": OK, "IRI": (0, MISSING)}),
    ("?\ue000", {"irelative-ref": OK, "IRI": (0, MISSING)}),
    ("\u00e9/a:b", {"irelative-ref": OK}),
    ("", {"IRI-reference": OK, "irelative-ref": OK, "IRI": (0, MISSING)}),
]
REFERENCE_RULE_ROWS = [
    (text, rule, expectation)
    for text, by_rule in REFERENCE_RULES
    for rule, expectation in by_rule.items()
]
#: README: under rfc3987, RFC 3986's names are aliases of RFC 3987's.
ALIASES = {
    "IRI-reference": "URI-reference",
    "IRI": "URI",
    "absolute-IRI": "absolute-URI",
    "irelative-ref": "relative-ref",
}


@pytest.mark.parametrize(("text", "rule", "problem"), REFERENCE_RULE_ROWS)
def test_reference_rules(text: str, rule: str, problem: tuple[int, ErrorKind] | None) -> None:
    for name in (rule, ALIASES[rule]):
        if problem is None:
            assert str(urikit.parse(text, grammar=R7, rule=name)) == text
            assert urikit.is_valid(text, grammar=R7, rule=name)
        else:
            assert_rejects(text, R7, name, *problem)


# =====================================================================================
# RFC 3987 §2.2 component rules (is_valid / validate), by both names
# =====================================================================================

COMPONENTS_VALID = [
    ("iuserinfo", "\u00e9:\u00e9"),
    ("iuserinfo", ""),
    ("iuserinfo", "%C3%A9!$&'()*+,;=:"),
    ("ihost", "r\u00e9sum\u00e9.example"),
    ("ihost", "[::1]"),
    ("ihost", "[fe80::1%25eth0]"),
    ("ihost", "1.2.3.4"),
    ("ihost", ""),
    ("ireg-name", "\u7d0d\u8c46.example"),
    ("ireg-name", "1.2.3.\u0664"),
    ("iauthority", "\u00e9@\u00e9:80"),
    ("iauthority", "[v1.x]:1"),
    ("iauthority", ""),
    ("ipath", "/\u00e9/\u00e9"),
    ("ipath", "\u00e9:x"),  # ipath-rootless
    ("ipath", "//\u00e9"),  # ipath-abempty
    ("ipath", ""),
    ("iquery", "\ue000\u00e9/?\U000ffffd"),
    ("ifragment", "\u00e9/?:@"),
    ("scheme", "http"),
    ("port", "80"),
    ("port", ""),
    ("IPv4address", "1.2.3.4"),
    ("IPv6address", "::1"),
    ("IP-literal", "[v1.x]"),
    ("IP-literal", "[::1%25eth0]"),
]

COMPONENTS_INVALID = [
    ("scheme", "h\u00e9", 1, SCHEME),
    ("scheme", "\u00e9", 0, SCHEME),
    ("port", "\u0661", 0, PORT),  # ARABIC-INDIC DIGIT ONE: no DIGIT
    ("port", "8\u200e", 1, BIDI),
    ("IPv4address", "1.2.3.\u0664", 6, HOST),
    ("IPv6address", "::\u0661", 2, HOST),
    ("IP-literal", "[\u00e9]", 1, IPLIT),
    ("IP-literal", "[::1%25\u00e9]", 7, IPLIT),
    ("iuserinfo", "\ue000", 0, UNEXP),
    ("iuserinfo", "\u00e9@", 1, UNEXP),
    ("iuserinfo", "\u00e9\x85", 1, CHAR),
    ("ihost", "\ue000", 0, HOST),
    ("ihost", "\u00e9:1", 1, HOST),
    ("ihost", "[\u00e9]", 1, IPLIT),
    ("ireg-name", "a\u200f", 1, BIDI),
    ("ireg-name", "a\U000e0fff", 1, CHAR),
    ("iauthority", "\u00e9:\u00e9", 3, PORT),  # "é:é@h" is an iauthority: ends early
    ("iauthority", "\u00e9@\u00e9@", 3, HOST),
    ("iauthority", "\u00e9/", 1, UNEXP),
    ("ipath", "\ue000", 0, UNEXP),
    ("ipath", "\u00e9?", 1, UNEXP),
    ("ipath", "\u00e9%", 2, PCT),
    ("iquery", "\u00e9#", 1, UNEXP),
    ("iquery", "\U0010ffff", 0, CHAR),
    ("iquery", "\u202c", 0, BIDI),
    ("ifragment", "\U0010fffd", 0, UNEXP),
    ("ifragment", "\u00e9#", 1, UNEXP),
]

#: RFC 3987's rules by urikit's RFC 3986 names.
COMPONENT_ALIASES = {
    "iuserinfo": "userinfo",
    "ihost": "host",
    "ireg-name": "reg-name",
    "iauthority": "authority",
    "ipath": "path",
    "iquery": "query",
    "ifragment": "fragment",
}


@pytest.mark.parametrize(("rule", "text"), COMPONENTS_VALID)
def test_components_valid(rule: str, text: str) -> None:
    for name in {rule, COMPONENT_ALIASES.get(rule, rule)}:
        assert_component_valid(text, R7, name)
    assert accepts(text, rule, R7)


@pytest.mark.parametrize(("rule", "text", "position", "kind"), COMPONENTS_INVALID)
def test_components_invalid(rule: str, text: str, position: int, kind: ErrorKind) -> None:
    for name in {rule, COMPONENT_ALIASES.get(rule, rule)}:
        assert_component_invalid(text, R7, name, position, kind)
    assert first_impossible(text, rule, R7) == position


def test_component_rules_are_not_reference_rules() -> None:
    with pytest.raises(ValueError):
        urikit.parse("\u00e9", grammar=R7, rule="ipath")


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc2396"])
def test_uri_grammars_still_refuse_non_ascii(grammar: str) -> None:
    # RFC 3986 §2 / RFC 2396 §2: a URI is ASCII; only the IRI grammar reads "é".
    assert_rejects("http://h/\u00e9", grammar, "URI-reference", 9, ErrorKind.NON_ASCII)
    assert not urikit.is_valid("\u00e9", grammar=grammar, rule="path")


# =====================================================================================
# Properties of the parser: generated IRIs, and mutations of them, against the oracle
# =====================================================================================


@THOROUGH
@given(abnf.iri_reference())
@example("http://r\u00e9sum\u00e9.example.org/?\ue000#\u00e9")
def test_round_trip_and_appendix_b(text: str) -> None:
    # RFC 3986 Appendix B splits IRIs too: a non-ASCII character delimits nothing
    # (RFC 3987 §2.1).
    ref = urikit.parse(text, grammar=R7)
    assert str(ref) == text
    assert (ref.scheme, ref.authority, ref.path, ref.query, ref.fragment) == appendix_b(text)
    assert accepts(text, REFERENCE, R7)
    assert_authority_recomposes(ref)


@THOROUGH
@given(abnf.iri)
def test_iri_rule(text: str) -> None:
    assert urikit.is_valid(text, grammar=R7, rule="IRI")
    assert not urikit.is_valid(text, grammar=R7, rule="irelative-ref")


@THOROUGH
@given(abnf.absolute_iri)
def test_absolute_iri_rule(text: str) -> None:
    assert urikit.is_valid(text, grammar=R7, rule="absolute-IRI")


@THOROUGH
@given(abnf.iri_reference(relative=True))
def test_irelative_ref_rule(text: str) -> None:
    assert urikit.is_valid(text, grammar=R7, rule="irelative-ref")
    assert not urikit.is_valid(text, grammar=R7, rule="IRI")


@THOROUGH
@given(
    abnf.mutated(abnf.iri_reference_rule(), abnf.IRI_MUTATION_ALPHABET),
    st.sampled_from(sorted(ALIASES)),
)
def test_mutations_agree_with_the_oracle(text: str, rule: str) -> None:
    # A URISyntaxError exactly where the oracle says, or a reference it accepts.
    expected = first_impossible(text, rule, R7)
    try:
        ref = urikit.parse(text, grammar=R7, rule=rule)
    except urikit.URISyntaxError as error:
        assert (error.text, error.position) == (text, expected)
        return
    assert expected is None
    assert str(ref) == text


# =====================================================================================
# RFC 3987 §3.1 iri_to_uri, §3.2 uri_to_iri
# =====================================================================================


def _utf8_escapes(text: str) -> str:
    """§3.1 step 2, written again: each non-ASCII character as the %HH (upper-case) of
    its UTF-8 octets."""
    return "".join(
        char if char.isascii() else "".join(f"%{octet:02X}" for octet in char.encode("utf-8"))
        for char in text
    )


_TRIPLET = re.compile("%[0-9A-Fa-f]{2}")
_UNRESERVED = frozenset(abnf.UNRESERVED)


def _uri_form(text: str) -> str:
    """A URI up to "case differences in percent-encoding and ... percent-encoded
    unreserved characters" (§3.2): hex digits upper-cased, unreserved octets decoded."""

    def one(match: re.Match[str]) -> str:
        char = chr(int(match[0][1:], 16))
        return char if char in _UNRESERVED else match[0].upper()

    return _TRIPLET.sub(one, text)


def _allowed(char: str, query: bool) -> bool:
    """Whether §3.2 step 4 may leave ``char`` decoded: an unreserved character, or a
    ucschar (an iprivate in the query) that is neither a bidi formatting character
    (§4.1) nor a space, control or format character (§6.1 b)."""
    if char.isascii():
        return char in _UNRESERVED
    if char in BIDI_FORMATTING or unicodedata.category(char) in abnf.AVOIDED_CATEGORIES:
        return False
    cls = _class_of(ord(char))
    return cls == UCS or (query and cls == PRIVATE)


def _still_decodable(text: str, query: bool) -> str | None:
    """A character that a run of escapes in ``text`` still encodes as strict UTF-8 and
    that §3.2 would decode, or ``None``."""
    for run in re.finditer("(?:%[0-9A-Fa-f]{2})+", text):
        octets = bytes(int(run[0][i + 1 : i + 3], 16) for i in range(0, len(run[0]), 3))
        for start in range(len(octets)):
            for size in range(1, 5):
                try:
                    char = octets[start : start + size].decode("utf-8")
                except UnicodeDecodeError:
                    continue
                if len(char) == 1 and _allowed(char, query):
                    return char
    return None


@given(abnf.iri_reference())
@example("http://\u00e9/\u00e9?\ue000#\U00010300")
def test_iri_to_uri_encodes_every_non_ascii_character(text: str) -> None:
    # §3.1 step 2: ucschar and iprivate as %HH of UTF-8, upper-case hex (SHOULD); "The
    # above mapping from IRIs to URIs produces URIs fully conforming to [RFC3986]",
    # "is also an identity transformation for URIs and is idempotent".
    uri = urikit.iri_to_uri(text, host="percent")
    assert uri == _utf8_escapes(text)
    assert urikit.is_valid(uri, grammar="rfc3986")
    ref, iri = urikit.parse(uri), urikit.parse(text, grammar=R7)
    for name in ("scheme", "userinfo", "host", "port", "path", "query", "fragment"):
        value = getattr(iri, name)
        assert getattr(ref, name) == (None if value is None else _utf8_escapes(value))
    assert urikit.iri_to_uri(uri) == uri


@given(abnf.uri_reference())
def test_iri_to_uri_is_the_identity_on_uris(text: str) -> None:
    # §3.1: "Every URI is by definition an IRI."
    assert urikit.iri_to_uri(text) == text
    assert urikit.is_valid(text, grammar=R7)


def _round_trip_precondition(text: str) -> bool:
    """Where ``uri_to_iri(iri_to_uri(x)) == x`` holds exactly: ``x`` is a valid IRI
    reference (so it has no bidi formatting character, §4.1); each percent-encoding of
    its userinfo, ireg-name, path, query and fragment is of an ASCII octet outside
    ``unreserved`` (§3.2 step 2 never decodes those; an IP literal's zone ID is left as
    it is); and none of its non-ASCII characters has a general category Zs, Zl, Zp, Cc
    or Cf (§6.1 b: §3.2 step 4 keeps those encoded)."""
    if not urikit.is_valid(text, grammar=R7):
        return False
    ref = urikit.parse(text, grammar=R7)
    host = None if ref.host is None or ref.host[:1] == "[" else ref.host
    for component in (ref.userinfo, host, ref.path, ref.query, ref.fragment):
        for triplet in _TRIPLET.findall(component or ""):
            octet = int(triplet[1:], 16)
            if octet >= 0x80 or chr(octet) in _UNRESERVED:
                return False
    avoided = abnf.AVOIDED_CATEGORIES
    return not any(unicodedata.category(c) in avoided for c in text if not c.isascii())


@given(abnf.iri_reference(parts=abnf.IRI_PARTS_KEPT))
@example("http://r\u00e9sum\u00e9.example.org/%2f\u00e9?%25\ue000#%3A\U00010300")
@example("//[::%25%30]/%2F")
def test_uri_to_iri_inverts_iri_to_uri(text: str) -> None:
    # §3.2: "will always result in an IRI that maps back to the URI used as an input";
    # under the precondition above, to the IRI that mapped to it too.
    assert _round_trip_precondition(text)
    assert urikit.uri_to_iri(urikit.iri_to_uri(text, host="percent"), host="keep") == text


@pytest.mark.parametrize(
    ("iri", "uri_to_iri_of_its_uri"),
    [
        ("/%41", "/A"),  # an escaped unreserved character is decoded
        ("/%c3%a9", "/\u00e9"),  # an escaped ucschar too
        ("/%e2%80%ae", "/%E2%80%AE"),  # kept, upper-cased (§3.2.1)
        ("/\u00a0", "/%C2%A0"),  # §6.1 b: a space, kept encoded
        ("/\u2029", "/%E2%80%A9"),  # PARAGRAPH SEPARATOR (Zp)
        ("/\u00ad", "/%C2%AD"),  # SOFT HYPHEN (Cf)
        ("/\ufeff", "/%EF%BB%BF"),  # ZERO WIDTH NO-BREAK SPACE (Cf)
    ],
)
def test_round_trip_outside_the_precondition(iri: str, uri_to_iri_of_its_uri: str) -> None:
    assert not _round_trip_precondition(iri)
    assert urikit.uri_to_iri(urikit.iri_to_uri(iri)) == uri_to_iri_of_its_uri


@given(st.one_of(abnf.iri_reference(parts=abnf.URI_PARTS_UTF8), abnf.uri_reference()))
@example("http://%c3%a9/%e2%80%8e%C2%A0%ee%80%80%ED%A0%80%F0%90%8C?%ee%80%80%25#%c3")
def test_uri_to_iri(text: str) -> None:
    # §3.2 steps 1-5 on URIs full of escaped UTF-8, valid or not, of every kind of
    # character: the result is an IRI whose decoded characters are allowed where they
    # stand, whose remaining escapes decode to none that would be, and which maps back
    # to the URI but for the case of escapes and escaped unreserved characters.
    assert urikit.is_valid(text)
    iri = urikit.uri_to_iri(text, host="keep")
    ref = urikit.parse(iri, grammar=R7)
    for name in ("userinfo", "host", "path", "query", "fragment"):
        value = getattr(ref, name)
        if value is None or value[:1] == "[":
            continue
        assert all(_allowed(char, name == "query") for char in value if not char.isascii())
        assert _still_decodable(value, name == "query") is None, (name, value)
    assert _uri_form(urikit.iri_to_uri(iri)) == _uri_form(text)
    assert urikit.equivalent(urikit.iri_to_uri(iri), text, level="syntax")
    assert urikit.uri_to_iri(iri) == iri  # nothing left to decode


URI_TO_IRI_ROWS = [
    # §3.2 step 2: "%", reserved characters and ASCII outside URIs stay encoded
    ("http://h/%25%2F%3f%20%7B", "http://h/%25%2F%3f%20%7B"),
    ("http://h/%41%7e%2D", "http://h/A~-"),
    # step 3: what is not strictly legal UTF-8 (overlong, surrogate, truncated) stays
    ("http://h/%C0%80%ED%A0%80%E2%82", "http://h/%C0%80%ED%A0%80%E2%82"),
    ("http://h/%c3%c3%a9", "http://h/%C3\u00e9"),
    # step 4: characters not appropriate where they stand stay (§2.2, §4.1, §6.1)
    ("http://h/%EE%80%80?%EE%80%80#%EE%80%80", "http://h/%EE%80%80?\ue000#%EE%80%80"),
    ("http://h/%E2%80%8F%E2%80%AA", "http://h/%E2%80%8F%E2%80%AA"),  # RLM, LRE
    ("http://h/%E3%80%80%E2%80%8B%C2%85", "http://h/%E3%80%80%E2%80%8B%C2%85"),  # Zs, Cf, C1
    ("http://h/%EF%BF%BD%EF%B7%90", "http://h/%EF%BF%BD%EF%B7%90"),  # U+FFFD, U+FDD0
    # in each component; IP literals as they are
    (
        "http://%C3%A9@%C3%A9:1/%C3%A9?%C3%A9#%C3%A9",
        "http://\u00e9@\u00e9:1/\u00e9?\u00e9#\u00e9",
    ),
    ("http://[fe80::1%25%65th0]/", "http://[fe80::1%25%65th0]/"),
    ("a/%F0%90%8C%80:x", "a/\U00010300:x"),
    ("http://r\u00e9sum\u00e9/%C3%A9", "http://r\u00e9sum\u00e9/\u00e9"),  # an IRI already
]


@pytest.mark.parametrize(("uri", "iri"), URI_TO_IRI_ROWS)
def test_uri_to_iri_rows(uri: str, iri: str) -> None:
    assert urikit.uri_to_iri(uri) == iri
    assert urikit.is_valid(iri, grammar=R7)


@pytest.mark.parametrize(
    ("function", "text", "position", "kind"),
    [
        (urikit.iri_to_uri, "http://h/a b", 10, CHAR),
        (urikit.iri_to_uri, "http://h/\u200e", 9, BIDI),
        (urikit.iri_to_uri, "http://h/\ue000", 9, UNEXP),
        (urikit.iri_to_uri, "http://h/%zz", 10, PCT),
        (urikit.iri_to_uri, "h\u00e9:x", 2, SCHEME),
        (urikit.uri_to_iri, "http://h/\ufffe", 9, CHAR),
        (urikit.uri_to_iri, "http://h:x/", 10, PORT),
    ],
)
def test_conversion_errors(
    function: Callable[[str], str], text: str, position: int, kind: ErrorKind
) -> None:
    # Both read their argument as an IRI reference first (RFC 3987 §2.2).
    with pytest.raises(urikit.URISyntaxError) as caught:
        function(text)
    assert (caught.value.text, caught.value.position, caught.value.kind) == (text, position, kind)


def test_conversion_arguments() -> None:
    ref = urikit.parse("http://\u00e9/", grammar=R7)
    assert urikit.iri_to_uri(ref) == "http://%C3%A9/"
    assert urikit.uri_to_iri(urikit.parse("http://%C3%A9/")) == "http://\u00e9/"
    with pytest.raises(ValueError):
        urikit.iri_to_uri("http://a/", host="keep")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        urikit.uri_to_iri("http://a/", host="percent")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        urikit.iri_to_uri(b"http://a/")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        urikit.uri_to_iri(None)  # type: ignore[arg-type]


# -- host="idna": RFC 3987 §3.1 (ToASCII) and §3.2.1 (ToUnicode) ------------------------

IDNA_TO_URI = [
    ("http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org"),
    ("http://R\u00e9sum\u00e9.example.org/", "http://xn--rsum-bpad.example.org/"),
    # a host written in ASCII is in URI form already: escapes and all, it stays (§3.1:
    # "The mapping is also an identity transformation for URIs"); IDNA is for names
    # with characters outside ASCII, their escapes decoded with them
    ("http://r%C3%A9sum%C3%A9.example.org/", "http://r%C3%A9sum%C3%A9.example.org/"),
    ("http://r\u00e9sum%C3%A9.example.org/", "http://xn--rsum-bpad.example.org/"),
    ("//%aa", "//%aa"),  # no UTF-8, and no need to decode it
    ("//%41", "//%41"),
    ("http://%F0%9F%98%80.example/\u00e9", "http://%F0%9F%98%80.example/%C3%A9"),
    # only the ireg-name: the userinfo, path, query and fragment are percent-encoded
    (
        "http://\u00e9@\u7d0d\u8c46.example.org:8/\u00e9?\u00e9#\u00e9",
        "http://%C3%A9@xn--99zt52a.example.org:8/%C3%A9?%C3%A9#%C3%A9",
    ),
    ("http://[::1]/\u00e9", "http://[::1]/%C3%A9"),
    ("http://Example.COM/", "http://Example.COM/"),  # an ASCII name stays as it is
    ("mailto:a@\u00e9.example", "mailto:a@%C3%A9.example"),  # no authority, no ireg-name
]


@pytest.mark.parametrize(("iri", "uri"), IDNA_TO_URI)
def test_iri_to_uri_idna(iri: str, uri: str) -> None:
    assert urikit.iri_to_uri(iri, host="idna") == uri


@given(abnf.uri_reference())
def test_iri_to_uri_idna_is_the_identity_on_uris(uri: str) -> None:
    # RFC 3987 §3.1: "The mapping is also an identity transformation for URIs", with the
    # conversion of ireg-name too (whose ASCII names, escaped or not, stay as written).
    assert urikit.iri_to_uri(uri, host="idna") == uri


@pytest.mark.parametrize("iri", ["http://a%2Fb\u00e9/", "http://\u00e9_x/"])
def test_iri_to_uri_idna_refuses(iri: str) -> None:
    # README: a name IDNA refuses raises IDNAError (a ValueError), never a wrong host.
    with pytest.raises(ValueError):
        urikit.iri_to_uri(iri, host="idna")


#: RFC 3987 §3.1 converts "domain names in ireg-name" by ToASCII, which reads characters:
#: a name whose escapes are no UTF-8 names none, and keeps the mapping of step 2 (what
#: host="percent" gives), as an ASCII name does.
IDNA_NOT_UTF8 = [
    ("//%BF\u3000", "//%BF%E3%80%80"),
    ("http://%C3\u00e9.example/\u00e9", "http://%C3%C3%A9.example/%C3%A9"),
    ("http://\u00e9%ED%A0%80/", "http://%C3%A9%ED%A0%80/"),  # a surrogate's octets
    ("http://u@\u00e9%FF:8/", "http://u@%C3%A9%FF:8/"),
    ("http://\u00e9%aa/", "http://%C3%A9%aa/"),  # the escapes as written
    ("http://u@\u00e9%C3%A9%FF.x/", "http://u@%C3%A9%C3%A9%FF.x/"),
]


@pytest.mark.parametrize(("iri", "uri"), IDNA_NOT_UTF8)
def test_iri_to_uri_idna_keeps_a_name_whose_escapes_are_no_utf8(iri: str, uri: str) -> None:
    assert urikit.iri_to_uri(iri, host="idna") == uri == urikit.iri_to_uri(iri)


#: Valid IRI references, half of them "//" and an ireg-name drawn rule by rule (escapes
#: of any octets beside characters outside ASCII), from the public strategies.
_IRIS = st.one_of(
    urikit.strategies.references(rule="IRI-reference", grammar="rfc3987"),
    urikit.strategies.components("ireg-name", grammar="rfc3987").map(lambda h: "//" + h + "/"),
)


@given(_IRIS, st.sampled_from(["uts46", "idna2008", "browser"]))
@example("//%BF\u3000", "uts46")
def test_iri_to_uri_idna_of_any_iri_is_a_uri_or_an_idna_error(iri: str, mode: str) -> None:
    """RFC 3987 §3.1: the mapping of a valid IRI is a URI; with ToASCII "may fail", which
    is the one error (:class:`urikit.IDNAError`, positioned in the IRI)."""
    try:
        uri = urikit.iri_to_uri(iri, host="idna", mode=mode)
    except urikit.IDNAError as error:
        assert (error.text, 0 <= error.position <= len(iri)) == (iri, True)
        return
    assert urikit.is_valid(uri, rule="URI-reference")


IDNA_TO_IRI = [
    ("http://xn--99zt52a.example.org/%e2%80%ae", "http://\u7d0d\u8c46.example.org/%E2%80%AE"),
    ("http://u@xn--rsum-bpad.example.org:80/p", "http://u@r\u00e9sum\u00e9.example.org:80/p"),
    ("http://example.org/", "http://example.org/"),
    ("http://[::1]/", "http://[::1]/"),
]


@pytest.mark.parametrize(("uri", "iri"), IDNA_TO_IRI)
def test_uri_to_iri_idna(uri: str, iri: str) -> None:
    assert urikit.uri_to_iri(uri, host="idna") == iri


@pytest.mark.parametrize(
    "uri",
    [
        "http://xn--zz.example/",  # no valid Punycode
        "http://xn--a.example/",  # Punycode of U+0080, which no label holds
    ],
)
def test_uri_to_iri_idna_keeps_a_label_it_cannot_convert(uri: str) -> None:
    # RFC 3987 §3.2.1 converts labels "by using the ToUnicode procedure", and RFC 3490
    # §4.2: "ToUnicode never fails. If any step fails, then the original input sequence
    # is returned immediately in that step."  §3.2: the conversion of a URI "will always
    # result in an IRI".
    assert urikit.uri_to_iri(uri, host="idna") == uri


# =====================================================================================
# RFC 3987 §5.3: normalization and equivalence
# =====================================================================================

Level = Literal["syntax", "scheme"]
LEVELS: list[Level] = ["syntax", "scheme"]

#: Schemes whose rules ``level="scheme"`` applies, to draw IRIs of them.
KNOWN_SCHEMES = sorted(scheme.name for scheme in urikit.schemes.known())


def _with_scheme(pair: tuple[str, str]) -> str:
    scheme, text = pair
    return scheme + text[text.index(":") :]


known_scheme_iris = st.tuples(st.sampled_from(KNOWN_SCHEMES), abnf.iri).map(_with_scheme)
any_iris = st.one_of(abnf.iri_reference(), known_scheme_iris)


@given(any_iris, st.sampled_from(LEVELS))
@example("HTTP://R\u00e9sum\u00e9.EXAMPLE:80/a/./%7e%c3%a9/../b?%ee%80%80#%E2%80%AE", "scheme")
def test_normalize_is_idempotent_and_valid(text: str, level: Level) -> None:
    normal = urikit.normalize(text, grammar=R7, level=level)
    assert urikit.is_valid(normal, grammar=R7)
    assert urikit.normalize(normal, grammar=R7, level=level) == normal
    assert urikit.equivalent(text, normal, grammar=R7, level=level)


@given(any_iris, st.sampled_from(LEVELS))
@example("mailto:a@\u00c9.example", "scheme")
@example("urn:\u00c9:x", "scheme")
def test_normalize_keeps_the_uri(text: str, level: Level) -> None:
    # §3.1: "the resource that the IRI locates is the same as the one located by the URI
    # obtained after converting the IRI"; §5.1: comparison "strictly avoiding false
    # positives".  So the normal form of an IRI maps to a URI equivalent (RFC 3986 §6.2,
    # same rung) to the one the IRI maps to.
    normal = urikit.normalize(text, grammar=R7, level=level)
    assert urikit.equivalent(urikit.iri_to_uri(normal), urikit.iri_to_uri(text), level=level)


def _swap(char: str, flip: bool) -> str:
    swapped = char.swapcase()
    return swapped if flip and len(swapped) == 1 else char


def _case_variants(text: str) -> st.SearchStrategy[tuple[str, str]]:
    """``text``, and ``text`` with the case of some letters (ASCII or not, hex digits
    included) swapped."""
    flips = st.lists(st.booleans(), min_size=len(text), max_size=len(text))
    return flips.map(lambda flip: (text, "".join(map(_swap, text, flip))))


@given(any_iris.flatmap(_case_variants))
@example(("mailto:a@\u00c9.example", "mailto:a@\u00e9.example"))
def test_equivalence_implies_equivalent_uris(pair: tuple[str, str]) -> None:
    # §5.3 ladder on IRIs, RFC 3986 §6.2 ladder on the URIs they map to (§5.1: after
    # IRI-to-URI conversion one may use that one): an IRI equivalence is never a false
    # positive of the URI ladder.
    a, b = pair
    if not urikit.is_valid(b, grammar=R7):
        return
    for level in LEVELS:
        if urikit.equivalent(a, b, grammar=R7, level=level):
            assert urikit.equivalent(urikit.iri_to_uri(a), urikit.iri_to_uri(b), level=level)


@given(abnf.iri_reference(parts=abnf.iri_parts(abnf.ucschar_kept)))
def test_an_iri_and_its_uri_are_equivalent(text: str) -> None:
    # §5.3.2.3: percent-encoding differences are aligned "by converting both IRIs to
    # URIs"; an IRI free of §6.1 b characters normalizes as its URI does.
    uri = urikit.iri_to_uri(text)
    assert urikit.equivalent(text, uri, grammar=R7, level="syntax")
    assert urikit.normalize(uri, grammar=R7) == urikit.normalize(text, grammar=R7)


NORMALIZE_ROWS = [
    # §5.3.2.1: the scheme and a host's ASCII letters to lower case, the hex digits of
    # escapes to upper case; other letters keep their case (§5.3.3 leaves them to IDNA)
    ("HTTP://R\u00c9SUM\u00c9.Example.ORG/", "http://r\u00c9sum\u00c9.example.org/"),
    ("http://h/%3a%c3%a9%e2%80%ae", "http://h/%3A\u00e9%E2%80%AE"),
    ("http://h/\u00c9", "http://h/\u00c9"),
    # §5.3.2.3: escaped unreserved characters and UCS characters decoded (the query's
    # iprivate ones too), the rest not
    ("http://h/%7e%41%2F?%EE%80%80#%EE%80%80", "http://h/~A%2F?\ue000#%EE%80%80"),
    ("http://%C3%A9@%C3%89/", "http://\u00e9@\u00c9/"),
    ("http://h/%C2%A0%FC", "http://h/%C2%A0%FC"),
    # §5.3.2.4: dot segments
    ("http://h/a/./b/../%2E%2E/c", "http://h/c"),
    # §5.3.2.2: never a character normalization (NFC): e + COMBINING ACUTE stays
    ("http://h/e\u0301", "http://h/e\u0301"),
    # IP literals: RFC 3986 §6.2.2.1; a zone keeps its case
    ("http://[FE80::A%25EN1]/", "http://[fe80::a%25EN1]/"),
]


@pytest.mark.parametrize(("text", "normal"), NORMALIZE_ROWS)
def test_normalize_rows(text: str, normal: str) -> None:
    assert urikit.normalize(text, grammar=R7, level="syntax") == normal


SCHEME_NORMALIZE_ROWS = [
    ("http://\u00e9:80", "http://\u00e9/"),  # §5.3.3: default port, empty path
    ("mailto:Joe@Example.COM", "mailto:Joe@example.com"),  # RFC 3986 §6.2.3
    # ASCII letters only, as for the host (§5.3.2.1: "US-ASCII only host")
    ("mailto:J\u00d6@\u00c9x.COM", "mailto:J\u00d6@\u00c9x.com"),
    ("mailto:a@\u0130.example", "mailto:a@\u0130.example"),
    ("urn:\u00c9x:\u00c9", "urn:\u00c9x:\u00c9"),
    ("urn:ISBN:\u00c9", "urn:isbn:\u00c9"),
]


@pytest.mark.parametrize(("text", "normal"), SCHEME_NORMALIZE_ROWS)
def test_scheme_normalize_rows(text: str, normal: str) -> None:
    # §5.3.2.1: "Creating schemes that allow case-insensitive syntax components
    # containing non-ASCII characters should be avoided. Case normalization of
    # non-ASCII characters can be culturally dependent and is always a complex
    # operation."  The URI the IRI maps to keeps those letters encoded, so RFC 3986's
    # rules cannot lower-case them either (test_normalize_keeps_the_uri).
    assert urikit.normalize(text, grammar=R7) == normal


def test_normalize_a_uri_reference_value() -> None:
    ref = urikit.parse("HTTP://h/%c3%a9", grammar=R7)
    assert str(ref.normalize()) == "http://h/\u00e9"
    assert urikit.normalize(ref) == "http://h/\u00e9"
    assert urikit.normalize("HTTP://h/%c3%a9") == "http://h/%C3%A9"  # RFC 3986: stays encoded
