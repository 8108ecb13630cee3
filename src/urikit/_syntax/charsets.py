"""The character sets of RFC 3986 and RFC 2396 (with RFC 2732), built by set algebra.

Every ABNF rule that is a set of single characters is one constant here, named after
the rule, with the rule and its section as a comment.  A :class:`CharClass` says
whether ``pct-encoded`` (RFC 3986 §2.1) / ``escaped`` (RFC 2396 §2.4.1) triplets are
allowed on top of its characters; regular-expression classes are generated from the
sets (:meth:`CharClass.regex`), never typed by hand.
"""

from __future__ import annotations

import re
import string
from bisect import bisect_right
from dataclasses import dataclass, field

# -- RFC 2234 core rules (used by both RFCs) ------------------------------------------
ALPHA = frozenset(string.ascii_letters)  # ALPHA = %x41-5A / %x61-7A
DIGIT = frozenset(string.digits)  # DIGIT = %x30-39
HEXDIG = DIGIT | frozenset("ABCDEFabcdef")  # HEXDIG = DIGIT / "A"-"F" (case-insensitive)

# -- RFC 3986 §2 -------------------------------------------------------------------
UNRESERVED = ALPHA | DIGIT | frozenset("-._~")  # §2.3 unreserved
GEN_DELIMS = frozenset(":/?#[]@")  # §2.2 gen-delims
SUB_DELIMS = frozenset("!$&'()*+,;=")  # §2.2 sub-delims
RESERVED = GEN_DELIMS | SUB_DELIMS  # §2.2 reserved
#: Every character that may appear in an RFC 3986 URI reference (``%`` only as pct-encoded).
URI_CHARS = UNRESERVED | RESERVED | frozenset("%")

SCHEME = (
    ALPHA | DIGIT | frozenset("+-.")
)  # §3.1 scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
USERINFO = UNRESERVED | SUB_DELIMS | frozenset(":")  # §3.2.1 userinfo
REG_NAME = UNRESERVED | SUB_DELIMS  # §3.2.2 reg-name
IPVFUTURE_TAIL = UNRESERVED | SUB_DELIMS | frozenset(":")  # §3.2.2 IPvFuture after "v" HEXDIG "."
PCHAR = UNRESERVED | SUB_DELIMS | frozenset(":@")  # §3.3 pchar
SEGMENT_NZ_NC = PCHAR - frozenset(":")  # §3.3 segment-nz-nc: a segment without ":"
PATH = PCHAR | frozenset("/")  # §3.3 the characters of any path rule
QUERY = PCHAR | frozenset("/?")  # §3.4 query
FRAGMENT = QUERY  # §3.5 fragment = *( pchar / "/" / "?" )
ZONE_ID = UNRESERVED  # RFC 6874 §2 ZoneID = 1*( unreserved / pct-encoded )
#: Inside the brackets of an IP-literal (§3.2.2): what IPv6address, IPvFuture and an
#: RFC 6874 zone ("%25" ZoneID) are made of; the host rules check how.
IP_LITERAL = UNRESERVED | SUB_DELIMS | frozenset(":%")

# -- RFC 2396 §2, as amended by RFC 2732 §3 ----------------------------------------------
ALPHANUM = ALPHA | DIGIT  # §1.6 alphanum
MARK = frozenset("-_.!~*'()")  # §2.3 mark
UNRESERVED_2396 = ALPHANUM | MARK  # §2.3 unreserved
#: §2.2 reserved, with "[" and "]" added by RFC 2732 §3 (4).
RESERVED_2396 = frozenset(";/?:@&=+$,") | frozenset("[]")
#: §2.4.3 unwise, with "[" and "]" removed by RFC 2732 §3 (3): excluded from URIs.
UNWISE_2396 = frozenset("{}|\\^`")
DELIMS_2396 = frozenset('<>#%"')  # §2.4.3 delims
URIC = RESERVED_2396 | UNRESERVED_2396  # §2.4 uric (plus escaped)
URIC_NO_SLASH = UNRESERVED_2396 | frozenset(";?:@&=+$,")  # §3 uric_no_slash
PCHAR_2396 = UNRESERVED_2396 | frozenset(":@&=+$,")  # §3.3 pchar
PATH_2396 = PCHAR_2396 | frozenset(";/")  # §3.3 path_segments, with ";" param
REL_SEGMENT = UNRESERVED_2396 | frozenset(";@&=+$,")  # §5 rel_segment
USERINFO_2396 = UNRESERVED_2396 | frozenset(";:&=+$,")  # §3.2.2 userinfo
REG_NAME_2396 = UNRESERVED_2396 | frozenset("$,;:@&=+")  # §3.2.1 reg_name
HOSTNAME_CHARS = ALPHANUM | frozenset("-.")  # §3.2.2 hostname / IPv4address characters


# -- RFC 3987 §2.2: the UCS beyond US-ASCII ----------------------------------------------
@dataclass(frozen=True, slots=True)
class Wide:
    """A set of non-ASCII code points as sorted, disjoint, inclusive ranges: the sets of
    RFC 3987 are too large for a frozenset of characters, and set algebra works on
    ranges as well."""

    spans: tuple[tuple[int, int], ...] = ()
    #: The first code point of each span, for bisection.
    starts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "starts", tuple(start for start, _ in self.spans))

    @classmethod
    def of(cls, *spans: tuple[int, int]) -> Wide:
        """The union of ``spans`` (inclusive ranges, in any order, overlapping or not)."""
        merged: list[tuple[int, int]] = []
        for start, end in sorted(spans):
            if merged and start <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
            else:
                merged.append((start, end))
        return cls(tuple(merged))

    def __contains__(self, char: object) -> bool:
        if not isinstance(char, str) or len(char) != 1:
            return False
        code = ord(char)
        at = bisect_right(self.starts, code) - 1
        return at >= 0 and code <= self.spans[at][1]

    def __or__(self, other: Wide) -> Wide:
        return Wide.of(*self.spans, *other.spans)

    def __sub__(self, other: Wide) -> Wide:
        kept: list[tuple[int, int]] = []
        for start, end in self.spans:
            for cut_start, cut_end in other.spans:
                if cut_end < start or cut_start > end:
                    continue
                if cut_start > start:
                    kept.append((start, cut_start - 1))
                start = cut_end + 1
                if start > end:
                    break
            if start <= end:
                kept.append((start, end))
        return Wide.of(*kept)

    def regex(self) -> str:
        """The ranges as the inside of a regex class: ``\xa0-\ud7ff...``."""
        return "".join(
            re.escape(chr(start))
            if start == end
            else f"{re.escape(chr(start))}-{re.escape(chr(end))}"
            for start, end in self.spans
        )


NO_WIDE = Wide()
#: RFC 3987 §2.2 ucschar: the UCS from U+00A0 on, without surrogates, the private use
#: areas, the non-characters (U+FDD0-FDEF and the last two code points of each plane)
#: and plane 14's tags up to U+E0FFF.
UCSCHAR = Wide.of(
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    *(((plane << 16), (plane << 16) + 0xFFFD) for plane in range(1, 14)),
    (0xE1000, 0xEFFFD),
)
#: RFC 3987 §2.2 iprivate, the private use areas: in the query only.
IPRIVATE = Wide.of((0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD))
#: RFC 3987 §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM,
#: LRE, RLE, LRO, RLO, and PDF)", though ucschar holds them.
BIDI_FORMATTING = Wide.of((0x200E, 0x200F), (0x202A, 0x202E))
#: The non-ASCII characters IRI components admit: ucschar without those.
UCS = UCSCHAR - BIDI_FORMATTING


#: A ``%`` that does not start a valid pct-encoded triplet (RFC 3986 §2.1, RFC 2396 §2.4.1).
BAD_PCT = re.compile("%(?!" + "[0-9A-Fa-f]" * 2 + ")")
#: A pct-encoded triplet (RFC 3986 §2.1), its two hex digits the group: for the readers
#: that decode escapes one at a time (the crawl profiles, data: URLs).
PCT_TRIPLET = re.compile("%(" + "[0-9A-Fa-f]" * 2 + ")")
#: The reason for a ``%`` without two HEXDIG after it.
BAD_ESCAPE = "'%' must be followed by two hexadecimal digits (RFC 3986 §2.1)"


def bad_escape(text: str, percent: int) -> int:
    """Where the escape at ``text[percent] == "%"`` goes wrong: the first of the two
    characters after it that is not a HEXDIG (``len(text)`` when the text ends first)."""
    for i in (percent + 1, percent + 2):
        if i == len(text) or text[i] not in HEXDIG:
            return i
    raise ValueError(f"the escape at {percent} is valid")


@dataclass(frozen=True, slots=True)
class CharClass:
    """The characters a component may hold: the ASCII ``chars`` and the ``wide`` ones
    (RFC 3987's UCS sets); ``pct_encoded`` admits ``%`` HEXDIG HEXDIG."""

    chars: frozenset[str]
    pct_encoded: bool = True
    wide: Wide = NO_WIDE
    #: The scanning primitive: ``run.match(text, i).end()`` is where the longest run of
    #: this class starting at ``i`` ends.
    run: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "run", re.compile(self.regex() + "*"))

    def __contains__(self, char: object) -> bool:
        """Whether ``char`` is one of the class (``%`` when it admits escapes)."""
        if char == "%":
            return self.pct_encoded or "%" in self.chars
        return char in self.chars or char in self.wide

    def first_bad(self, text: str, start: int = 0, end: int | None = None) -> int | None:
        """Index of the first character of ``text[start:end]`` outside this class (a
        ``%`` counts as bad unless it starts a valid triplet), or ``None``."""
        end = len(text) if end is None else end
        stop = self.run.match(text, start, end).end()  # type: ignore[union-attr]
        if self.pct_encoded:
            bad = BAD_PCT.search(text, start, stop)
            if bad is not None:
                return bad.start()
        return stop if stop < end else None

    def regex(self) -> str:
        """A regex class for one character of this class (``%`` stands for its triplet).

        The triplet itself is checked once for the whole input (see ``BAD_PCT``), which
        keeps every component scan a single character-class run.
        """
        chars = self.chars | ({"%"} if self.pct_encoded else set())
        return char_class_regex(chars, wide=self.wide)


def char_class_regex(
    chars: frozenset[str] | set[str], *, negate: bool = False, wide: Wide = NO_WIDE
) -> str:
    """Render a set of characters (and ``wide`` ranges) as a regex class, ranges
    compressed: ``[0-9A-Za-z]``; with ``negate``, the class of every other character:
    ``[^0-9A-Za-z]``."""
    codes = sorted(map(ord, chars))
    parts: list[str] = []
    i = 0
    while i < len(codes):
        j = i
        while j + 1 < len(codes) and codes[j + 1] == codes[j] + 1:
            j += 1
        first, last = re.escape(chr(codes[i])), re.escape(chr(codes[j]))
        if j - i >= 2:
            parts.append(f"{first}-{last}")
        else:
            parts.extend(re.escape(chr(c)) for c in codes[i : j + 1])
        i = j + 1
    return ("[^" if negate else "[") + "".join(parts) + wide.regex() + "]"


#: RFC 3986 §3.1 / RFC 2396 §3.1 ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )``.
SCHEME_REGEX = char_class_regex(ALPHA) + char_class_regex(SCHEME) + "*"
