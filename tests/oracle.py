"""Independent oracles: the ABNF of each RFC as one fully anchored regex per rule.

Written rule by rule as the RFCs write them (five path rules, nine IPv6 forms,
``server | reg_name``), with backtracking left to the regex engine.  Only for tests, on
short inputs: it is slow and may backtrack.

Nothing here comes from urikit: every character set is spelled out from the RFC text
(:class:`Rfc3986`: RFC 3986 §2 and Appendix A, with RFC 2234's core rules and RFC 6874's
ZoneID; :class:`Rfc2396`: RFC 2396 §2 and Appendix A, as RFC 2732 §3 amends them;
:class:`Rfc3987`: RFC 3987 §2.2's ``ucschar`` and ``iprivate``, range by range; and RFC
6570 §2's ``URI-Template`` with them), and turned into regex classes here
(:func:`char_class`), so that a slip in urikit's sets cannot pass both.
``tests/test_charsets.py`` compares urikit's sets with these, set by set.

Two questions are asked of them: ``accepts`` (does the rule match the whole text?) and
``first_impossible`` (the first index at which no string of the rule can continue the
text), which uses the partial matching of the third-party ``regex`` module: with
``partial=True`` a full match succeeds when the text is a prefix of some match.  The
patterns are therefore written in the syntax both ``re`` and ``regex`` accept, without
lookarounds or conditionals, so that "prefix of some match" is exact.
"""

from __future__ import annotations

import re

import regex


def char_class(chars: str, wide: str = "") -> str:
    """A regex class of exactly the characters of ``chars`` (each escaped), and the
    ``wide`` ranges (the inside of a class, as :func:`spans_class` writes them)."""
    return "[" + "".join(re.escape(char) for char in sorted(set(chars))) + wide + "]"


# -- the character sets, as the RFCs spell them ------------------------------------------
class Rfc3986:
    """RFC 3986's rules of single characters (Appendix A, §2.2, §2.3), and the characters
    each component rule is made of, written from the rules' text."""

    # RFC 3986 §1.3 takes ALPHA, DIGIT and HEXDIG from RFC 2234 §6.1
    ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "abcdefghijklmnopqrstuvwxyz"  # %x41-5A / %x61-7A
    DIGIT = "0123456789"  # %x30-39
    # HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"; ABNF strings are
    # case-insensitive (RFC 2234 §2.3), and RFC 3986 §2.1 says so of hex digits
    HEXDIG = DIGIT + "ABCDEF" + "abcdef"
    # §2.3 unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
    UNRESERVED = ALPHA + DIGIT + "-" + "." + "_" + "~"
    # §2.2 gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
    GEN_DELIMS = ":" + "/" + "?" + "#" + "[" + "]" + "@"
    # §2.2 sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
    SUB_DELIMS = "!" + "$" + "&" + "'" + "(" + ")" + "*" + "+" + "," + ";" + "="
    # §2.2 reserved = gen-delims / sub-delims
    RESERVED = GEN_DELIMS + SUB_DELIMS
    # §2: a URI is made of unreserved and reserved characters and "%" (pct-encoded)
    URI_CHARS = UNRESERVED + RESERVED + "%"
    # §3.1 scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ): after the first
    SCHEME = ALPHA + DIGIT + "+" + "-" + "."
    # §3.2.1 userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
    USERINFO = UNRESERVED + SUB_DELIMS + ":"
    # §3.2.2 reg-name = *( unreserved / pct-encoded / sub-delims )
    REG_NAME = UNRESERVED + SUB_DELIMS
    # §3.2.2 IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ): the tail
    IPVFUTURE_TAIL = UNRESERVED + SUB_DELIMS + ":"
    # §3.3 pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
    PCHAR = UNRESERVED + SUB_DELIMS + ":" + "@"
    # §3.3 segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
    SEGMENT_NZ_NC = UNRESERVED + SUB_DELIMS + "@"
    # §3.3 the path rules: segments of pchar, and "/"
    PATH = PCHAR + "/"
    # §3.4 query = *( pchar / "/" / "?" ); §3.5 fragment = *( pchar / "/" / "?" )
    QUERY = PCHAR + "/" + "?"
    FRAGMENT = PCHAR + "/" + "?"
    # RFC 6874 §2 ZoneID = 1*( unreserved / pct-encoded )
    ZONE_ID = UNRESERVED
    # §3.2.2 IP-literal = "[" ( IPv6address / IPvFuture ) "]", RFC 6874 §2 IPv6addrz =
    # IPv6address "%25" ZoneID: what the brackets hold (h16 is HEXDIG, ls32 has ".")
    IP_LITERAL = HEXDIG + ":" + "." + "v" + "V" + IPVFUTURE_TAIL + "%" + ZONE_ID


class Rfc2396:
    """RFC 2396's rules of single characters (Appendix A, §1.6, §2), with RFC 2732 §3's
    changes, and the characters each component rule is made of."""

    # §1.6 lowalpha, upalpha, digit; alpha = lowalpha | upalpha; alphanum = alpha | digit
    LOWALPHA = "abcdefghijklmnopqrstuvwxyz"
    UPALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    DIGIT = "0123456789"
    ALPHA = LOWALPHA + UPALPHA
    ALPHANUM = ALPHA + DIGIT
    # §2.4.1 hex = digit | "A" | "B" | "C" | "D" | "E" | "F" | "a" | ... | "f"
    HEX = DIGIT + "ABCDEF" + "abcdef"
    # §2.3 mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
    MARK = "-" + "_" + "." + "!" + "~" + "*" + "'" + "(" + ")"
    # §2.3 unreserved = alphanum | mark
    UNRESERVED = ALPHANUM + MARK
    # §2.2 reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ",";
    # RFC 2732 §3 (4): "[" and "]" added
    RESERVED = ";" + "/" + "?" + ":" + "@" + "&" + "=" + "+" + "$" + "," + "[" + "]"
    # §2.4.3 unwise = "{" | "}" | "|" | "\" | "^" | "[" | "]" | "`";
    # RFC 2732 §3 (3): "[" and "]" removed
    UNWISE = "{" + "}" + "|" + "\\" + "^" + "`"
    # §2.4.3 delims = "<" | ">" | "#" | "%" | <">
    DELIMS = "<" + ">" + "#" + "%" + '"'
    # §2.4 uric = reserved | unreserved | escaped
    URIC = RESERVED + UNRESERVED
    # §3 uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" | "&" | "=" | "+"
    #                    | "$" | ","
    URIC_NO_SLASH = UNRESERVED + ";" + "?" + ":" + "@" + "&" + "=" + "+" + "$" + ","
    # §3.3 pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ","
    PCHAR = UNRESERVED + ":" + "@" + "&" + "=" + "+" + "$" + ","
    # §3.3 path_segments = segment *( "/" segment ); segment = *pchar *( ";" param )
    PATH = PCHAR + ";" + "/"
    # §5 rel_segment = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )
    REL_SEGMENT = UNRESERVED + ";" + "@" + "&" + "=" + "+" + "$" + ","
    # §3.2.2 userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )
    USERINFO = UNRESERVED + ";" + ":" + "&" + "=" + "+" + "$" + ","
    # §3.2.1 reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "="
    #                       | "+" )
    REG_NAME = UNRESERVED + "$" + "," + ";" + ":" + "@" + "&" + "=" + "+"
    # §3.2.2 hostname = *( domainlabel "." ) toplabel [ "." ], labels of alphanum and
    # "-"; IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit
    HOSTNAME = ALPHANUM + "-" + "."


class Rfc3987:
    """RFC 3987 §2.2's ``ucschar`` and ``iprivate``, range by range, and §4.1's
    bidirectional formatting characters."""

    # ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xE1000-EFFFD
    UCSCHAR = (
        (0xA0, 0xD7FF),
        (0xF900, 0xFDCF),
        (0xFDF0, 0xFFEF),
        (0x10000, 0x1FFFD),
        (0x20000, 0x2FFFD),
        (0x30000, 0x3FFFD),
        (0x40000, 0x4FFFD),
        (0x50000, 0x5FFFD),
        (0x60000, 0x6FFFD),
        (0x70000, 0x7FFFD),
        (0x80000, 0x8FFFD),
        (0x90000, 0x9FFFD),
        (0xA0000, 0xAFFFD),
        (0xB0000, 0xBFFFD),
        (0xC0000, 0xCFFFD),
        (0xD0000, 0xDFFFD),
        (0xE1000, 0xEFFFD),
    )
    # iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
    IPRIVATE = ((0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD))
    # §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE,
    # RLE, LRO, RLO, and PDF)": U+200E, U+200F, U+202A-U+202E.  They are ucschars; the
    # oracle takes them out of ucschar, as urikit does.
    BIDI_FORMATTING = "\u200e" + "\u200f" + "\u202a" + "\u202b" + "\u202c" + "\u202d" + "\u202e"


# The names test_iri.py reads.
UCSCHAR_SPANS = Rfc3987.UCSCHAR
IPRIVATE_SPANS = Rfc3987.IPRIVATE
BIDI_FORMATTING = frozenset(Rfc3987.BIDI_FORMATTING)

HEXDIG = char_class(Rfc3986.HEXDIG)
PCT = f"%{HEXDIG}{HEXDIG}"  # RFC 3986 §2.1 pct-encoded = "%" HEXDIG HEXDIG


def _any(chars: str) -> str:
    """One of ``chars`` or a pct-encoded triplet."""
    return f"(?:{char_class(chars)}|{PCT})"


def _ipv6(ipv4: str) -> str:
    """RFC 3986 §3.2.2 ``IPv6address``, the nine forms, with ``ls32``'s IPv4 part
    written by ``ipv4`` (RFC 3986 ``dec-octet``s, or RFC 2373's ``1*3DIGIT``s)."""
    ls32 = f"(?:{H16}:{H16}|{ipv4})"

    def h16s(n: int) -> str:
        return f"(?:{H16}:){{{n}}}"

    def upto(n: int) -> str:  # [ *n( h16 ":" ) h16 ]
        return f"(?:(?:{H16}:){{0,{n}}}{H16})?"

    forms = [
        f"{h16s(6)}{ls32}",
        f"::{h16s(5)}{ls32}",
        f"(?:{H16})?::{h16s(4)}{ls32}",
        f"{upto(1)}::{h16s(3)}{ls32}",
        f"{upto(2)}::{h16s(2)}{ls32}",
        f"{upto(3)}::{H16}:{ls32}",
        f"{upto(4)}::{ls32}",
        f"{upto(5)}::{H16}",
        f"{upto(6)}::",
    ]
    return "(?:" + "|".join(forms) + ")"


# -- RFC 3986 Appendix A ---------------------------------------------------------------
PCHAR = _any(Rfc3986.PCHAR)
SEGMENT = f"{PCHAR}*"
SEGMENT_NZ = f"{PCHAR}+"
SEGMENT_NZ_NC = _any(Rfc3986.SEGMENT_NZ_NC) + "+"
PATH_ABEMPTY = f"(?:/{SEGMENT})*"
PATH_ABSOLUTE = f"/(?:{SEGMENT_NZ}(?:/{SEGMENT})*)?"
PATH_NOSCHEME = f"{SEGMENT_NZ_NC}(?:/{SEGMENT})*"
PATH_ROOTLESS = f"{SEGMENT_NZ}(?:/{SEGMENT})*"
SCHEME = char_class(Rfc3986.ALPHA) + char_class(Rfc3986.SCHEME) + "*"
USERINFO = _any(Rfc3986.USERINFO) + "*"
DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
IPV4 = rf"{DEC_OCTET}(?:\.{DEC_OCTET}){{3}}"
H16 = f"{HEXDIG}{{1,4}}"
IPV6 = _ipv6(IPV4)
IPVFUTURE = f"[vV]{HEXDIG}+\\." + char_class(Rfc3986.IPVFUTURE_TAIL) + "+"
ZONE_ID = _any(Rfc3986.ZONE_ID) + "+"  # RFC 6874 §2
IP_LITERAL = rf"\[(?:{IPV6}|{IPV6}%25{ZONE_ID}|{IPVFUTURE})\]"
REG_NAME = _any(Rfc3986.REG_NAME) + "*"
HOST = f"(?:{IP_LITERAL}|{IPV4}|{REG_NAME})"
AUTHORITY = f"(?:{USERINFO}@)?{HOST}(?::[0-9]*)?"
QUERY = _any(Rfc3986.QUERY) + "*"
FRAGMENT = _any(Rfc3986.FRAGMENT) + "*"
HIER_PART = f"(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_ROOTLESS}|)"
RELATIVE_PART = f"(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_NOSCHEME}|)"
URI = f"{SCHEME}:{HIER_PART}(?:\\?{QUERY})?(?:#{FRAGMENT})?"
ABSOLUTE_URI = f"{SCHEME}:{HIER_PART}(?:\\?{QUERY})?"
RELATIVE_REF = f"{RELATIVE_PART}(?:\\?{QUERY})?(?:#{FRAGMENT})?"

RFC3986 = {
    "URI": URI,
    "absolute-URI": ABSOLUTE_URI,
    "relative-ref": RELATIVE_REF,
    "URI-reference": f"(?:{URI}|{RELATIVE_REF})",
    "IPv6address": IPV6,
    "IPv4address": IPV4,
    "host": HOST,
    "authority": AUTHORITY,
    "scheme": SCHEME,
    "userinfo": USERINFO,
    "port": "[0-9]*",
    "IP-literal": IP_LITERAL,
    "reg-name": REG_NAME,
    # path = path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
    "path": f"(?:{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_NOSCHEME}|{PATH_ROOTLESS})",
    "query": QUERY,
    "fragment": FRAGMENT,
}

# -- RFC 2396 Appendix A, with RFC 2732 (and urikit's documented "?query" reading) ----
ALNUM = char_class(Rfc2396.ALPHANUM)
URIC = _any(Rfc2396.URIC)
URIC_NO_SLASH = _any(Rfc2396.URIC_NO_SLASH)
PCHAR_2396 = _any(Rfc2396.PCHAR)
SEGMENT_2396 = f"{PCHAR_2396}*(?:;{PCHAR_2396}*)*"
ABS_PATH = f"/{SEGMENT_2396}(?:/{SEGMENT_2396})*"
REL_PATH = f"{_any(Rfc2396.REL_SEGMENT)}+(?:{ABS_PATH})?"
# §3.2.2 domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum;
# toplabel = alpha | alpha *( alphanum | "-" ) alphanum
LDH = char_class(Rfc2396.ALPHANUM + "-")
HOSTNAME = rf"(?:{ALNUM}(?:{LDH}*{ALNUM})?\.)*{char_class(Rfc2396.ALPHA)}(?:{LDH}*{ALNUM})?\.?"
#: RFC 2732 §3 (2) for the host, and RFC 2373 §2.2 / Appendix B (which RFC 2732 §3
#: installs for IPv6address) for the last 32 bits of an IPv6 address: ``1*3DIGIT`` parts.
IPV4_2732 = r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}"
IPV6_2373 = _ipv6(IPV4_2732)
HOSTPORT = rf"(?:{HOSTNAME}|{IPV4_2732}|\[{IPV6_2373}\])(?::[0-9]*)?"
SERVER = f"(?:(?:{_any(Rfc2396.USERINFO)}*@)?{HOSTPORT})?"
REG_NAME_2396 = f"{_any(Rfc2396.REG_NAME)}+"
NET_PATH = f"//(?:{SERVER}|{REG_NAME_2396})(?:{ABS_PATH})?"
ABSOLUTE_URI_2396 = f"{SCHEME}:(?:(?:{NET_PATH}|{ABS_PATH})(?:\\?{URIC}*)?|{URIC_NO_SLASH}{URIC}*)"
# urikit also reads an empty path with a query ("?y") as a relativeURI: RFC 2396 §5.2
# step 2 and Appendix C use such references though the BNF omits them.
RELATIVE_URI_2396 = f"(?:(?:{NET_PATH}|{ABS_PATH}|{REL_PATH})(?:\\?{URIC}*)?|\\?{URIC}*)"
RFC2396 = {
    "absoluteURI": ABSOLUTE_URI_2396,
    "relativeURI": RELATIVE_URI_2396,
    "URI-reference": f"(?:{ABSOLUTE_URI_2396}|{RELATIVE_URI_2396})?(?:#{URIC}*)?",
    "hostname": HOSTNAME,
    "IPv6address": IPV6_2373,
    "IPv4address": IPV4_2732,
    "IPv6reference": rf"\[{IPV6_2373}\]",
    "host": rf"(?:{HOSTNAME}|{IPV4_2732}|\[{IPV6_2373}\])",  # RFC 2732 §3
    "authority": f"(?:{SERVER}|{REG_NAME_2396})",  # §3.2
    "userinfo": f"{_any(Rfc2396.USERINFO)}*",
    "reg_name": REG_NAME_2396,
    "scheme": SCHEME,
    "port": "[0-9]*",
    "path": f"(?:{ABS_PATH}|{URIC_NO_SLASH}{URIC}*)?",  # §3 path = [ abs_path | opaque_part ]
    "query": f"{URIC}*",
    "fragment": f"{URIC}*",
}


# -- RFC 3987 §2.2, rule by rule --------------------------------------------------------
def spans_class(spans: tuple[tuple[int, int], ...], without: frozenset[str]) -> str:
    """The inside of a regex class for the code points of ``spans`` but ``without``."""
    cuts = sorted(ord(char) for char in without)
    parts = []
    for start, end in spans:
        for cut in cuts:
            if start <= cut <= end:
                if start < cut:
                    parts.append((start, cut - 1))
                start = cut + 1
        if start <= end:
            parts.append((start, end))
    return "".join(f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in parts)


UCSCHAR = spans_class(UCSCHAR_SPANS, BIDI_FORMATTING)
IPRIVATE = spans_class(IPRIVATE_SPANS, frozenset())


def _iany(chars: str, wide: str = UCSCHAR) -> str:
    """One of ``chars``, a character of ``wide`` or a pct-encoded triplet."""
    return f"(?:{char_class(chars, wide)}|{PCT})"


# ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
IPCHAR = _iany(Rfc3986.PCHAR)
ISEGMENT = f"{IPCHAR}*"
ISEGMENT_NZ = f"{IPCHAR}+"
ISEGMENT_NZ_NC = _iany(Rfc3986.SEGMENT_NZ_NC) + "+"
IPATH_ABEMPTY = f"(?:/{ISEGMENT})*"
IPATH_ABSOLUTE = f"/(?:{ISEGMENT_NZ}(?:/{ISEGMENT})*)?"
IPATH_NOSCHEME = f"{ISEGMENT_NZ_NC}(?:/{ISEGMENT})*"
IPATH_ROOTLESS = f"{ISEGMENT_NZ}(?:/{ISEGMENT})*"
IPATH = f"(?:{IPATH_ABEMPTY}|{IPATH_ABSOLUTE}|{IPATH_NOSCHEME}|{IPATH_ROOTLESS})"
IUSERINFO = _iany(Rfc3986.USERINFO) + "*"
IREG_NAME = _iany(Rfc3986.REG_NAME) + "*"
# IP-literal, IPv4address and port are RFC 3986's (RFC 6874 zones included: urikit
# reads every URI as an IRI, and RFC 3986 URIs may have zones)
IHOST = f"(?:{IP_LITERAL}|{IPV4}|{IREG_NAME})"
IAUTHORITY = f"(?:{IUSERINFO}@)?{IHOST}(?::[0-9]*)?"
# iquery = *( ipchar / iprivate / "/" / "?" ) ; ifragment = *( ipchar / "/" / "?" )
IQUERY = f"(?:{IPCHAR}|[{IPRIVATE}/?])*"
IFRAGMENT = f"(?:{IPCHAR}|[/?])*"
IHIER_PART = f"(?://{IAUTHORITY}{IPATH_ABEMPTY}|{IPATH_ABSOLUTE}|{IPATH_ROOTLESS}|)"
IRELATIVE_PART = f"(?://{IAUTHORITY}{IPATH_ABEMPTY}|{IPATH_ABSOLUTE}|{IPATH_NOSCHEME}|)"
IRI = f"{SCHEME}:{IHIER_PART}(?:\\?{IQUERY})?(?:#{IFRAGMENT})?"
ABSOLUTE_IRI = f"{SCHEME}:{IHIER_PART}(?:\\?{IQUERY})?"
IRELATIVE_REF = f"{IRELATIVE_PART}(?:\\?{IQUERY})?(?:#{IFRAGMENT})?"
IRI_REFERENCE = f"(?:{IRI}|{IRELATIVE_REF})"

RFC3987 = {
    "IRI-reference": IRI_REFERENCE,
    "IRI": IRI,
    "absolute-IRI": ABSOLUTE_IRI,
    "irelative-ref": IRELATIVE_REF,
    "iauthority": IAUTHORITY,
    "iuserinfo": IUSERINFO,
    "ihost": IHOST,
    "ireg-name": IREG_NAME,
    "ipath": IPATH,
    "iquery": IQUERY,
    "ifragment": IFRAGMENT,
    "scheme": SCHEME,
    "port": "[0-9]*",
    "IP-literal": IP_LITERAL,
    "IPv4address": IPV4,
    "IPv6address": IPV6,
}
#: urikit's RFC 3986 names for the same rules (README: aliases under ``rfc3987``).
IRI_ALIASES = {
    "URI-reference": "IRI-reference",
    "URI": "IRI",
    "absolute-URI": "absolute-IRI",
    "relative-ref": "irelative-ref",
    "authority": "iauthority",
    "userinfo": "iuserinfo",
    "host": "ihost",
    "reg-name": "ireg-name",
    "path": "ipath",
    "query": "iquery",
    "fragment": "ifragment",
}
RFC3987.update({alias: RFC3987[name] for alias, name in IRI_ALIASES.items()})


# -- RFC 6570 §2, rule by rule ------------------------------------------------------------
# literals = %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E
#          / ucschar / iprivate / pct-encoded   (%x26-3B: verified erratum 6937)
# (all of RFC 3987's ucschar: RFC 3987 §4.1 keeps bidirectional formatting characters
# out of IRIs, and RFC 6570 none out of literals, which expansion pct-encodes, §3.1)
TEMPLATE_LITERAL = (
    "(?:[\\x21\\x23-\\x24\\x26-\\x3b\\x3d\\x3f-\\x5b\\x5d\\x5f\\x61-\\x7a\\x7e"
    f"{spans_class(UCSCHAR_SPANS, frozenset())}{IPRIVATE}]|{PCT})"
)
VARCHAR = f"(?:[A-Za-z0-9_]|{PCT})"  # varchar = ALPHA / DIGIT / "_" / pct-encoded
VARNAME = f"{VARCHAR}(?:\\.?{VARCHAR})*"  # varname = varchar *( ["."] varchar )
# varspec = varname [ modifier-level4 ]; modifier-level4 = prefix / explode;
# prefix = ":" max-length; max-length = %x31-39 0*3DIGIT; explode = "*"
VARSPEC = f"{VARNAME}(?::[1-9][0-9]{{0,3}}|\\*)?"
# expression = "{" [ operator ] variable-list "}"; operator = op-level2 / op-level3
# (op-reserve, "=" / "," / "!" / "@" / "|", is reserved for future extensions: §2.2
# defines no expansion for it, so no template holds it)
EXPRESSION = f"\\{{[+#./;?&]?{VARSPEC}(?:,{VARSPEC})*\\}}"
RFC6570 = {"URI-Template": f"(?:{TEMPLATE_LITERAL}|{EXPRESSION})*"}

PATTERNS = {"rfc3986": RFC3986, "rfc2396": RFC2396, "rfc3987": RFC3987, "rfc6570": RFC6570}
ORACLES = {g: {rule: re.compile(p) for rule, p in rules.items()} for g, rules in PATTERNS.items()}
PARTIAL = {
    g: {rule: regex.compile(p) for rule, p in rules.items()} for g, rules in PATTERNS.items()
}

#: RFC 3986 Appendix B, verbatim: splits any valid reference into its five components.
APPENDIX_B = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?")


def appendix_b(text: str) -> tuple[str | None, ...]:
    """(scheme, authority, path, query, fragment) as Appendix B's groups 2, 4, 5, 7, 9."""
    match = APPENDIX_B.match(text)
    assert match is not None  # the pattern matches every string
    return match.group(2, 4, 5, 7, 9)


def accepts(text: str, rule: str = "URI-reference", grammar: str = "rfc3986") -> bool:
    """Whether the oracle regex of ``rule`` matches all of ``text``."""
    return ORACLES[grammar][rule].fullmatch(text) is not None


def viable(text: str, rule: str = "URI-reference", grammar: str = "rfc3986") -> bool:
    """Whether ``text`` is a prefix of some string that ``rule`` matches (itself included)."""
    return PARTIAL[grammar][rule].fullmatch(text, partial=True) is not None


def first_impossible(
    text: str, rule: str = "URI-reference", grammar: str = "rfc3986"
) -> int | None:
    """``None`` when ``rule`` matches ``text``; otherwise the smallest ``i`` such that
    ``text[: i + 1]`` begins no string of the rule, or ``len(text)`` when every prefix
    does (the text stops too early).  Viability only shrinks as a prefix grows, so the
    longest viable prefix is found by bisection."""
    pattern = PARTIAL[grammar][rule]
    whole = pattern.fullmatch(text, partial=True)
    if whole is not None:
        return len(text) if whole.partial else None
    low, high = 0, len(text)  # text[:low] is viable, text[:high] is not
    while high - low > 1:
        middle = (low + high) // 2
        if pattern.fullmatch(text, 0, middle, partial=True) is not None:
            low = middle
        else:
            high = middle
    return low
