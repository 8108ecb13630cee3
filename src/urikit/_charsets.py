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


#: A ``%`` that does not start a valid pct-encoded triplet (RFC 3986 §2.1, RFC 2396 §2.4.1).
BAD_PCT = re.compile("%(?!" + "[0-9A-Fa-f]" * 2 + ")")
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
    """The characters a component may hold; ``pct_encoded`` admits ``%`` HEXDIG HEXDIG."""

    chars: frozenset[str]
    pct_encoded: bool = True
    #: The scanning primitive: ``run.match(text, i).end()`` is where the longest run of
    #: this class starting at ``i`` ends.
    run: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "run", re.compile(self.regex() + "*"))

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
        return char_class_regex(self.chars | ({"%"} if self.pct_encoded else set()))


def char_class_regex(chars: frozenset[str] | set[str], *, negate: bool = False) -> str:
    """Render a set of characters as a regex class, ranges compressed: ``[0-9A-Za-z]``;
    with ``negate``, the class of every other character: ``[^0-9A-Za-z]``."""
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
    return ("[^" if negate else "[") + "".join(parts) + "]"


#: RFC 3986 §3.1 / RFC 2396 §3.1 ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )``.
SCHEME_REGEX = char_class_regex(ALPHA) + char_class_regex(SCHEME) + "*"
