"""Independent yes/no oracles: the ABNF of each RFC as one fully anchored regex.

Built from the same character sets as urikit, but rule by rule as the RFCs write them
(five path rules, nine IPv6 forms, ``server | reg_name``), with backtracking left to
the regex engine.  Only for tests, on short inputs: it is slow and may backtrack.
"""

from __future__ import annotations

import re

from urikit import _charsets as cs
from urikit._charsets import char_class_regex as cls

PCT = "%[0-9A-Fa-f]{2}"


def _any(chars: frozenset[str]) -> str:
    return f"(?:{cls(chars)}|{PCT})"


# -- RFC 3986 Appendix A ---------------------------------------------------------------
PCHAR = _any(cs.UNRESERVED | cs.SUB_DELIMS | frozenset(":@"))
SEGMENT = f"{PCHAR}*"
SEGMENT_NZ = f"{PCHAR}+"
SEGMENT_NZ_NC = _any(cs.UNRESERVED | cs.SUB_DELIMS | frozenset("@")) + "+"
PATH_ABEMPTY = f"(?:/{SEGMENT})*"
PATH_ABSOLUTE = f"/(?:{SEGMENT_NZ}(?:/{SEGMENT})*)?"
PATH_NOSCHEME = f"{SEGMENT_NZ_NC}(?:/{SEGMENT})*"
PATH_ROOTLESS = f"{SEGMENT_NZ}(?:/{SEGMENT})*"
SCHEME = "[A-Za-z][A-Za-z0-9+.-]*"
USERINFO = _any(cs.UNRESERVED | cs.SUB_DELIMS | frozenset(":")) + "*"
DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
IPV4 = rf"{DEC_OCTET}(?:\.{DEC_OCTET}){{3}}"
H16 = "[0-9A-Fa-f]{1,4}"
LS32 = f"(?:{H16}:{H16}|{IPV4})"


def _h16s(n: int) -> str:
    return f"(?:{H16}:){{{n}}}"


def _upto(n: int) -> str:  # [ *n( h16 ":" ) h16 ]
    return f"(?:(?:{H16}:){{0,{n}}}{H16})?"


IPV6 = (
    "(?:"
    + "|".join(
        [
            f"{_h16s(6)}{LS32}",
            f"::{_h16s(5)}{LS32}",
            f"(?:{H16})?::{_h16s(4)}{LS32}",
            f"{_upto(1)}::{_h16s(3)}{LS32}",
            f"{_upto(2)}::{_h16s(2)}{LS32}",
            f"{_upto(3)}::{H16}:{LS32}",
            f"{_upto(4)}::{LS32}",
            f"{_upto(5)}::{H16}",
            f"{_upto(6)}::",
        ]
    )
    + ")"
)
IPVFUTURE = "[vV][0-9A-Fa-f]+\\." + cls(cs.UNRESERVED | cs.SUB_DELIMS | frozenset(":")) + "+"
ZONE_ID = _any(cs.UNRESERVED) + "+"  # RFC 6874
IP_LITERAL = rf"\[(?:{IPV6}|{IPV6}%25{ZONE_ID}|{IPVFUTURE})\]"
REG_NAME = _any(cs.UNRESERVED | cs.SUB_DELIMS) + "*"
HOST = f"(?:{IP_LITERAL}|{IPV4}|{REG_NAME})"
AUTHORITY = f"(?:{USERINFO}@)?{HOST}(?::[0-9]*)?"
QUERY = f"(?:{PCHAR}|[/?])*"
HIER_PART = f"(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_ROOTLESS}|)"
RELATIVE_PART = f"(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_NOSCHEME}|)"
URI = f"{SCHEME}:{HIER_PART}(?:\\?{QUERY})?(?:#{QUERY})?"
ABSOLUTE_URI = f"{SCHEME}:{HIER_PART}(?:\\?{QUERY})?"
RELATIVE_REF = f"{RELATIVE_PART}(?:\\?{QUERY})?(?:#{QUERY})?"

RFC3986 = {
    "URI": re.compile(URI),
    "absolute-URI": re.compile(ABSOLUTE_URI),
    "relative-ref": re.compile(RELATIVE_REF),
    "URI-reference": re.compile(f"(?:{URI}|{RELATIVE_REF})"),
    "IPv6address": re.compile(IPV6),
    "IPv4address": re.compile(IPV4),
    "host": re.compile(HOST),
    "authority": re.compile(AUTHORITY),
}

# -- RFC 2396 Appendix A, with RFC 2732 (and urikit's documented "?query" reading) ----
ALNUM = cls(cs.ALPHANUM)
URIC = _any(cs.URIC)
URIC_NO_SLASH = _any(cs.URIC_NO_SLASH)
PCHAR_2396 = _any(cs.PCHAR_2396)
SEGMENT_2396 = f"{PCHAR_2396}*(?:;{PCHAR_2396}*)*"
ABS_PATH = f"/{SEGMENT_2396}(?:/{SEGMENT_2396})*"
REL_PATH = f"{_any(cs.REL_SEGMENT)}+(?:{ABS_PATH})?"
HOSTNAME = rf"(?:{ALNUM}(?:[A-Za-z0-9-]*{ALNUM})?\.)*[A-Za-z](?:[A-Za-z0-9-]*{ALNUM})?\.?"
IPV4_2732 = r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}"
HOSTPORT = rf"(?:{HOSTNAME}|{IPV4_2732}|\[{IPV6}\])(?::[0-9]*)?"
SERVER = f"(?:(?:{_any(cs.USERINFO_2396)}*@)?{HOSTPORT})?"
REG_NAME_2396 = f"{_any(cs.REG_NAME_2396)}+"
NET_PATH = f"//(?:{SERVER}|{REG_NAME_2396})(?:{ABS_PATH})?"
ABSOLUTE_URI_2396 = f"{SCHEME}:(?:(?:{NET_PATH}|{ABS_PATH})(?:\\?{URIC}*)?|{URIC_NO_SLASH}{URIC}*)"
# urikit also reads an empty path with a query ("?y") as a relativeURI: RFC 2396 §5.2
# step 2 and Appendix C use such references though the BNF omits them.
RELATIVE_URI_2396 = f"(?:(?:{NET_PATH}|{ABS_PATH}|{REL_PATH})(?:\\?{URIC}*)?|\\?{URIC}*)"
RFC2396 = {
    "absoluteURI": re.compile(ABSOLUTE_URI_2396),
    "relativeURI": re.compile(RELATIVE_URI_2396),
    "URI-reference": re.compile(f"(?:{ABSOLUTE_URI_2396}|{RELATIVE_URI_2396})?(?:#{URIC}*)?"),
    "hostname": re.compile(HOSTNAME),
}

ORACLES = {"rfc3986": RFC3986, "rfc2396": RFC2396}

#: RFC 3986 Appendix B, verbatim: splits any valid reference into its five components.
APPENDIX_B = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?")


def accepts(text: str, rule: str = "URI-reference", grammar: str = "rfc3986") -> bool:
    """Whether the oracle regex of ``rule`` matches all of ``text``."""
    return ORACLES[grammar][rule].fullmatch(text) is not None
