"""The steps of the crawl canonicalizations on the scheme, userinfo, port, host, path
and query, each a small function on a :class:`~urikit._crawl.lenient.URL` whose
docstring cites where the step comes from (the split is in
:mod:`urikit._crawl.lenient`, the percent-encoding steps in :mod:`urikit._crawl.escapes`).

Every step is linear in the length of the URL (but the query sorts).
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import string

from .._algorithms.idna import host_to_ascii
from .._algorithms.ipv4 import ends_in_a_number, whatwg_ipv4, whatwg_ipv6
from .._algorithms.resolve import remove_dot_segments as _rfc3986_remove_dot_segments
from ..errors import IDNAError
from .lenient import SPECIAL, URL

__all__ = ["IA_DEFAULT_PORTS", "IA_SESSION_PARAMETERS", "SESSION_PARAMETERS", "WWW_DIGITS"]

#: The URL Standard's default ports (WHATWG URL §4.1 "special scheme"), gopher's as urlcanon.
_DEFAULT_PORTS = {
    "ftp": "21",
    "http": "80",
    "https": "443",
    "ws": "80",
    "wss": "443",
    "gopher": "70",
}
#: The Internet Archive's (its canonicalizer's ``getDefaultPort``, whose tests the
#: ``surt`` package keeps: ``foo`` has none, ``http`` 80, ``https`` 443).
IA_DEFAULT_PORTS = {"http": "80", "https": "443"}


# -- scheme, userinfo, port ----------------------------------------------------------------
def lowercase_scheme(u: URL) -> None:
    """Lower-case the scheme (RFC 3986 §3.1, §6.2.2.1)."""
    if u.scheme is not None:
        u.scheme = u.scheme.lower()


def remove_userinfo(u: URL) -> None:
    """Drop the userinfo (urlcanon ``remove_userinfo``; RFC 3986 §3.2.1 deprecates a
    password, and a key of the resource never holds one)."""
    u.userinfo = None


def remove_port(u: URL) -> None:
    """Drop the port (Safe Browsing v4 "URLs and Hashing": ``http://www.gotaport.com:1234/``
    canonicalizes to ``http://www.gotaport.com/``; its host expressions hold no port)."""
    u.port = None


def elide_default_port(u: URL) -> None:
    """Drop an empty port or the default port of a special scheme (WHATWG URL §4.1
    "default port"; gopher's 70 as urlcanon; RFC 3986 §6.2.3), read as a number: the
    URL Standard's port state reads ``080`` as 80, leading zeros dropped."""
    _elide(u, _DEFAULT_PORTS)


def elide_ia_default_port(u: URL) -> None:
    """Drop an empty port, and 80 for ``http`` and 443 for ``https`` (the Internet
    Archive's canonicalizer: ``ftp://h:21/`` keeps its port), read as numbers."""
    _elide(u, IA_DEFAULT_PORTS)


def _elide(u: URL, defaults: dict[str, str]) -> None:
    port = u.port
    if port is None:
        return
    if port[:1] == "0":
        port = port.lstrip("0") or "0"
    u.port = None if port == "" or port == defaults.get(u.scheme or "") else port


def https_to_http(u: URL) -> None:
    """Read ``https`` as ``http`` (urlcanon aggressive ``https_to_http``: a dedup key
    counts the two as one resource)."""
    if u.scheme == "https":
        u.scheme = "http"


def remove_fragment(u: URL) -> None:
    """Drop the fragment (Safe Browsing: "if the URL ends in a fragment, remove the
    fragment"; RFC 3986 §3.5: it is not sent to the server)."""
    u.fragment = None


# -- host ---------------------------------------------------------------------------------
_DOTS = re.compile(r"\.{2,}")


def fix_host_dots(u: URL) -> None:
    """Remove leading and trailing dots of the host and replace runs of dots with one
    (Safe Browsing v4, hostname steps 1 and 2).  A host of dots only, which this would
    leave empty, becomes ``0.0.0.0`` as urlcanon makes it (its semantic_precise data:
    ``http://%2e/a/b``), so that the key reads back as itself."""
    if u.host and "." in u.host:
        host = u.host.strip(".")
        u.host = (_DOTS.sub(".", host) if ".." in host else host) or "0.0.0.0"


_NUMBER_ENDS = frozenset(string.hexdigits + ".")


def normalize_ip(u: URL) -> None:
    """A host that reads as an IPv4 address in any legal encoding (decimal, octal, hex,
    fewer than four parts: the URL Standard's IPv4 parser) becomes dotted decimal; an
    IPv6 literal its compressed text, as the URL Standard serializes it (Safe Browsing v4,
    hostname step 3)."""
    host = u.host
    if not host:
        return
    if host[0] == "[":
        with contextlib.suppress(ValueError):
            u.host = f"[{whatwg_ipv6(ipaddress.IPv6Address(host[1:-1]).packed)}]"
    elif host[-1] in _NUMBER_ENDS and ends_in_a_number(host):
        address = whatwg_ipv4(host)
        if address is not None:
            u.host = str(ipaddress.IPv4Address(address))


_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


def ipv4_in_ipv6(u: URL) -> None:
    """An IPv4-mapped IPv6 literal (``[::ffff:1.2.3.4]``) or one of NAT64's well-known
    prefix (``[64:ff9b::1.2.3.4]``) becomes the IPv4 address (Safe Browsing "URLs and
    Hashing", hostname step 3, as the current reference page has it)."""
    host = u.host
    if host and host[0] == "[" and ("ffff" in host or "64:ff9b" in host):
        with contextlib.suppress(ValueError):
            address = ipaddress.IPv6Address(host[1:-1])
            if address.ipv4_mapped is not None:
                u.host = str(address.ipv4_mapped)
            elif address in _NAT64:
                u.host = str(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))


def punycode_host(u: URL) -> None:
    """A host with octets outside ASCII that are UTF-8 becomes its ASCII form by the URL
    Standard's domain to ASCII (UTS #46, urikit's IDNA in ``mode="browser"``, which
    needs no extra), its dots fixed again (UTS #46 maps U+3002 IDEOGRAPHIC FULL STOP
    to a dot); one that IDNA refuses stays, to be percent-escaped (Safe Browsing:
    "convert the URL to the ASCII Punycode representation")."""
    host = u.host
    if not host or host.isascii() or u.scheme not in SPECIAL:
        return
    # not UTF-8, or a kept escape (no octet: a delimiter, no domain's): it stays
    with contextlib.suppress(UnicodeError, IDNAError):
        u.host = host_to_ascii(host.encode("latin-1").decode("utf-8"), mode="browser")
        fix_host_dots(u)


_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def _lower(octets: str) -> str:
    """Lower-case the ASCII letters (an octet >= 0x80 is no letter)."""
    return octets.lower() if octets.isascii() else octets.translate(_ASCII_LOWER)


def lowercase_host(u: URL) -> None:
    """Lower-case the host (Safe Browsing v4, hostname step 4: "Lowercase the whole
    string"; RFC 3986 §3.2.2: the host is case-insensitive)."""
    if u.host:
        u.host = _lower(u.host)


def lowercase_special_host(u: URL) -> None:
    """Lower-case the host of a special scheme (WHATWG URL §3.5 host parser: domain to
    ASCII lower-cases it; an opaque host keeps its case)."""
    if u.host and u.scheme in SPECIAL:
        u.host = _lower(u.host)


#: The digits a ``www`` label a key drops may have (mirror numbering: ``www2``,
#: ``www34``, ``www232``; ``www1355544.com`` is a name of its own).
WWW_DIGITS = 3
#: The ``www`` labels a key drops, as many as lead the host while two labels remain.
_WWW = re.compile(f"(?:www[0-9]{{0,{WWW_DIGITS}}}\\.)+(?=[^.]+\\.[^.])")


def strip_www(u: URL) -> None:
    """Drop the first labels ``www`` or ``www`` + 1..3 digits while at least two labels
    remain (the Internet Archive's and urlcanon's ``strip_www``, ``massageHost``; the
    bounds keep ``www1355544.com`` and ``www.com`` whole).  Those sources drop one
    label (``www2.www.example.com`` keeps ``www.``), whose key is not its own key: all
    go here.  What would be left of a name that ends in a number (``www.1.2``), which
    the URL Standard reads as IPv4 (§3.5), keeps them."""
    if u.host and u.host.startswith("www"):
        m = _WWW.match(u.host)
        if m is not None and not ends_in_a_number(u.host[m.end() :]):
            u.host = u.host[m.end() :]


# -- path ---------------------------------------------------------------------------------
def remove_dot_segments(u: URL) -> None:
    """Resolve ``.`` and ``..`` segments (Safe Browsing v4, path step 1; RFC 3986
    §5.2.4 through urikit's ``remove_dot_segments``), in special and hierarchical paths."""
    path = u.path
    if ("/." in path or path[:1] == ".") and (u.authority or path[:1] == "/"):
        u.path = _rfc3986_remove_dot_segments(u.path)


_SLASH_RUN = re.compile("//+")


def collapse_slashes(u: URL) -> None:
    """Replace runs of ``/`` in the path with one (Safe Browsing v4, path step 2), in
    special schemes' paths."""
    if "//" in u.path and u.scheme in SPECIAL:
        u.path = _SLASH_RUN.sub("/", u.path)


def empty_path_to_slash(u: URL) -> None:
    """The empty path of a special scheme becomes ``/`` (Safe Browsing: "The URL must
    include a path component"; WHATWG URL §4.4 "path start state"; RFC 3986 §6.2.3)."""
    if not u.path and u.authority and u.scheme in SPECIAL:
        u.path = "/"


def lowercase_path(u: URL) -> None:
    """Lower-case the path (urlcanon aggressive, the Internet Archive's canonicalizer)."""
    u.path = _lower(u.path)


def strip_trailing_slash(u: URL) -> None:
    """Drop the trailing ``/`` of a path other than ``/`` (the Internet Archive's
    canonicalizer: ``http://www.archive.org/big/`` is ``http://archive.org/big``); a run
    of them (kept by a scheme whose slashes are not collapsed) goes whole, so that the
    key is its own key."""
    if len(u.path) > 1 and u.path[-1] == "/":
        u.path = u.path.rstrip("/") or "/"


#: ASP.NET cookieless session segments (``/(S(24 chars))/``, ``/(24 chars)/``) in an
#: ``.aspx`` path, and a trailing ``;jsessionid=`` of 32 characters.
_ASPX_SESSION = re.compile(r"(?<=/)(?:\([0-9a-z]{24}\)|\((?:[a-z]\([0-9a-z]{24}\))+\))/", re.I)
_PATH_SESSION = re.compile(r"(?:;jsessionid=[0-9a-z]{32})+\Z", re.I)


def strip_path_session_ids(u: URL) -> None:
    """Drop session ids from the path: ASP.NET cookieless segments of ``.aspx`` paths
    (the Internet Archive's and urlcanon's ``stripPathSessionId``)."""
    if "(" in u.path and u.path.lower().endswith(".aspx"):
        u.path = _ASPX_SESSION.sub("", u.path)


def strip_path_jsessionid(u: URL) -> None:
    """Drop a trailing ``;jsessionid=`` + 32 characters from the path (urlcanon
    aggressive ``strip_session_ids_from_path``), and one before it, and so on: what is
    left is its own key."""
    if ";" in u.path:
        u.path = _PATH_SESSION.sub("", u.path)


# -- query --------------------------------------------------------------------------------
#: The session-id parameters a dedup key drops (urlcanon's
#: ``strip_session_ids_from_query``): Java servlets, generic, PHP, short, classic ASP.
SESSION_PARAMETERS = re.compile(
    r"(?:jsessionid=[0-9a-z$]{10,}|sessionid=[0-9a-z]{16,}|phpsessid=[0-9a-z]{16,}"
    r"|sid=[0-9a-z]{16,}|aspsessionid[a-z]{8}=[0-9a-z]{16,})\Z",
    re.I,
)
#: The session-id parameters the Internet Archive's canonicalizer drops (the facts of
#: its tests, which the ``surt`` package keeps, and its keys read as a black box): ids
#: of exactly 32 letters and digits, classic ASP's of exactly 24 letters.
IA_SESSION_PARAMETERS = re.compile(
    r"(?:jsessionid=[0-9a-z]{32}|phpsessid=[0-9a-z]{32}|sid=[0-9a-z]{32}"
    r"|aspsessionid[a-z]{8}=[a-z]{24})\Z",
    re.I,
)
#: ColdFusion's pair, dropped only together: urlcanon's (a number, a token) and the
#: Internet Archive's (any values).
_CFID = (re.compile(r"cfid=[0-9]+\Z", re.I), re.compile(r"cftoken=[0-9a-z-]+\Z", re.I))
_IA_CFID = (re.compile(r"cfid=.+\Z", re.I | re.S), re.compile(r"cftoken=.+\Z", re.I | re.S))


def strip_query_session_ids(u: URL) -> None:
    """Drop the query parameters :data:`SESSION_PARAMETERS` matches, and a ColdFusion
    ``cfid=N&cftoken=T`` pair (urlcanon ``strip_session_ids_from_query``)."""
    _strip_sessions(u, SESSION_PARAMETERS, _CFID, last_separator=False)


def strip_query_session_ids_ia(u: URL) -> None:
    """Drop the query parameters :data:`IA_SESSION_PARAMETERS` matches, and a ColdFusion
    ``cfid=...&cftoken=...`` pair (the Internet Archive's canonicalizer); where the last
    parameter goes, the ``&`` before it stays (its tests: ``one=two&jsessionid=`` and 32
    characters is ``one=two&``)."""
    _strip_sessions(u, IA_SESSION_PARAMETERS, _IA_CFID, last_separator=True)


def _strip_sessions(
    u: URL,
    session: re.Pattern[str],
    cfid: tuple[re.Pattern[str], re.Pattern[str]],
    *,
    last_separator: bool,
) -> None:
    query = u.query
    if not query or "=" not in query:
        return
    params = query.split("&")
    kept: list[str] = []
    dropped = False  # the parameter last seen
    for p in params:
        dropped = session.match(p) is not None
        if not dropped and cfid[1].match(p) and kept and cfid[0].match(kept[-1]):
            kept.pop()
            dropped = True
        if not dropped:
            kept.append(p)
    if len(kept) != len(params):
        if last_separator and dropped and kept:
            kept.append("")
        u.query = "&".join(kept)


def lowercase_query(u: URL) -> None:
    """Lower-case the query (urlcanon aggressive, the Internet Archive's canonicalizer)."""
    if u.query:
        u.query = _lower(u.query)


def sort_query(u: URL) -> None:
    """Sort the ``&``-separated parameters by their text (urlcanon
    ``alpha_reorder_query``, the Internet Archive's ``alphaReorderQuery``)."""
    if u.query and "&" in u.query:
        u.query = "&".join(sorted(u.query.split("&")))


def sort_query_by_name(u: URL) -> None:
    """Sort the ``&``-separated parameters by name, then value (the Internet Archive's
    canonicalizer: ``l=1`` before ``l0=home``)."""
    if u.query and "&" in u.query:
        u.query = "&".join(sorted(u.query.split("&"), key=lambda p: p.partition("=")[::2]))


def remove_redundant_ampersands(u: URL) -> None:
    """Drop empty parameters: leading, trailing and repeated ``&`` (urlcanon aggressive)."""
    if u.query and "&" in u.query:
        u.query = "&".join(p for p in u.query.split("&") if p)


def omit_empty_query(u: URL) -> None:
    """Drop an empty query and its ``?`` (urlcanon aggressive, the Internet Archive's
    canonicalizer: ``index.html?`` is ``index.html``)."""
    if u.query == "":
        u.query = None
