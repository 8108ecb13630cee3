"""The URL Standard's code point sets and percent-encode sets (WHATWG URL §1.3
"Percent-encoded bytes", §4.3 "URL code points"), built by set algebra as the Standard
defines each from the one before, and UTF-8 percent-encoding of a run of code points.

Every set includes all code points past U+007E, so a set is its ASCII members plus "all
non-ASCII": one regex class per set finds the code points to encode.
"""

from __future__ import annotations

import re

from .._syntax.charsets import ALPHA, DIGIT, HEXDIG, Wide, char_class_regex

__all__ = [
    "C0_CONTROL",
    "COMPONENT",
    "FORM_URLENCODED",
    "FRAGMENT",
    "PATH",
    "QUERY",
    "SPECIAL_QUERY",
    "USERINFO",
    "EncodeSet",
    "invalid_url_units",
    "utf8_percent_encode",
]

#: Infra's C0 control: U+0000 to U+001F.
C0_CONTROLS = frozenset(map(chr, range(0x20)))


class EncodeSet:
    """A percent-encode set (§1.3): its ASCII members (every non-ASCII code point is a
    member too) and the compiled class that finds the members in a text."""

    __slots__ = ("ascii", "members")

    def __init__(self, ascii_members: frozenset[str]) -> None:
        self.ascii = ascii_members
        #: One member code point, or a run of them.
        self.members = re.compile(
            char_class_regex(ascii_members, wide=Wide.of((0x7F, 0x10FFFF))) + "+"
        )

    def __or__(self, more: str) -> EncodeSet:
        return EncodeSet(self.ascii | frozenset(more))

    def __contains__(self, code_point: object) -> bool:
        return isinstance(code_point, str) and (code_point in self.ascii or code_point > "~")


#: "C0 controls and all code points greater than U+007E (~)".
C0_CONTROL = EncodeSet(C0_CONTROLS)
#: The C0 control percent-encode set and U+0020 SPACE, ", <, >, `.
FRAGMENT = C0_CONTROL | ' "<>`'
#: The C0 control percent-encode set and U+0020 SPACE, ", #, <, > (not `).
QUERY = C0_CONTROL | ' "#<>'
#: The query percent-encode set and '.
SPECIAL_QUERY = QUERY | "'"
#: The query percent-encode set and ?, ^, `, {, }.
PATH = QUERY | "?^`{}"
#: The path percent-encode set and /, :, ;, =, @, [ to ], |.
USERINFO = PATH | "/:;=@[\\]|"
#: The userinfo percent-encode set and $ to &, +, ,.
COMPONENT = USERINFO | "$%&+,"
#: The component percent-encode set and !, ' to ), ~.
FORM_URLENCODED = COMPONENT | "!'()~"

#: §4.3 URL code points: ASCII alphanumeric, !$&'()*+,-./:;=?@_~, and U+00A0 to U+10FFFD
#: but surrogates and noncharacters (U+FDD0-FDEF and the last two of every plane).
_URL_CODE_POINTS_WIDE = Wide.of(
    (0xA0, 0xD7FF),
    (0xE000, 0xFDCF),
    (0xFDF0, 0xFFFD),
    *(((plane << 16), (plane << 16) + 0xFFFD) for plane in range(1, 17)),
)
URL_CODE_POINTS = ALPHA | DIGIT | frozenset("!$&'()*+,-./:;=?@_~")
#: A code point that is not a URL code point and not "%", or a "%" that does not start a
#: percent-encoded byte: where the parser's states record invalid-URL-unit (§4.4).
_INVALID_URL_UNIT = re.compile(
    char_class_regex(URL_CODE_POINTS | {"%"}, negate=True, wide=_URL_CODE_POINTS_WIDE)
    + "|%(?!"
    + char_class_regex(HEXDIG) * 2
    + ")"
)


def invalid_url_units(text: str, start: int = 0, end: int | None = None) -> list[int]:
    """The indexes in ``text[start:end]`` where the path, query, fragment and opaque-path
    states record invalid-URL-unit (§4.4): a code point neither a URL code point nor "%",
    and a "%" that ``remaining`` does not follow with two ASCII hex digits.  The hex
    digits are looked for past ``end`` (``remaining`` runs to the end of ``text``)."""
    stop = len(text) if end is None else end
    # the two code points after a "%" before ``stop`` are all a match looks past it
    return [
        match.start()
        for match in _INVALID_URL_UNIT.finditer(text, start, min(len(text), stop + 2))
        if match.start() < stop
    ]


def _encode_run(match: re.Match[str]) -> str:
    return "".join(f"%{octet:02X}" for octet in match.group().encode("utf-8"))


def utf8_percent_encode(text: str, encode_set: EncodeSet) -> str:
    """UTF-8 percent-encode (§1.3) every code point of ``text`` (a scalar value string)
    that is in ``encode_set``; the others stay as they are.

    >>> utf8_percent_encode("Say what‽", USERINFO)
    'Say%20what%E2%80%BD'
    """
    return encode_set.members.sub(_encode_run, text)
