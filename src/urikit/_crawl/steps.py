"""The steps of the crawl canonicalizations, each a small function on a :class:`URL`
whose docstring cites where the step comes from.

A :class:`URL` holds its components as *octets*: each character of a component is one
octet (``str.encode("utf-8", "surrogateescape")`` read as Latin-1), because the rules
these profiles transcribe work on octets: Google Safe Browsing unescapes "until it has
no more percent-escapes" and escapes what is ``<= 32`` or ``>= 127``.  A lone surrogate
``U+DC80``..``U+DCFF`` in the input stands for the octet it escapes (Python's
``surrogateescape``, as ``os.fsdecode`` makes), so text read from bytes that are no
UTF-8 keeps its octets.  Every step is linear in the length of the URL (but
:func:`sort_query`, which sorts the parameters).
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import string
from collections.abc import Callable

from .._algorithms.idna import host_to_ascii
from .._algorithms.ipv4 import ends_in_a_number, whatwg_ipv4
from .._algorithms.percent import unencodable
from .._algorithms.resolve import remove_dot_segments as _rfc3986_remove_dot_segments
from ..errors import IDNAError

__all__ = ["SPECIAL", "URL", "Step", "octets_of", "split", "unescape_repeatedly"]

#: The URL Standard's special schemes (WHATWG URL §4.1), which have a host and a path
#: of segments, and where ``\`` is ``/``; gopher kept as urlcanon keeps it (its old
#: default port 70).
SPECIAL = frozenset({"ftp", "file", "http", "https", "ws", "wss", "gopher"})
_DEFAULT_PORTS = {
    "ftp": "21",
    "http": "80",
    "https": "443",
    "ws": "80",
    "wss": "443",
    "gopher": "70",
}


class URL:
    """A URL as the crawl steps see it: the text before :func:`split`, then its
    components as octets (``None`` when absent; ``authority`` says whether ``//`` was)."""

    __slots__ = (
        "authority",
        "fragment",
        "host",
        "path",
        "port",
        "query",
        "scheme",
        "text",
        "userinfo",
    )

    def __init__(self, text: str) -> None:
        self.text = text
        self.scheme: str | None = None
        self.authority = False
        self.userinfo: str | None = None
        self.host: str | None = None
        self.port: str | None = None
        self.path = ""
        self.query: str | None = None
        self.fragment: str | None = None

    def __str__(self) -> str:
        """Recomposition (RFC 3986 §5.3) of the components."""
        out = []
        if self.scheme is not None:
            out.append(self.scheme + ":")
        if self.authority:
            out.append("//")
            if self.userinfo is not None:
                out.append(self.userinfo + "@")
            out.append(self.host or "")
            if self.port is not None:
                out.append(":" + self.port)
        out.append(self.path)
        if self.query is not None:
            out.append("?" + self.query)
        if self.fragment is not None:
            out.append("#" + self.fragment)
        return "".join(out)


Step = Callable[[URL], None]


def octets_of(text: str) -> str:
    """``text`` as octets, one character each: UTF-8, and ``surrogateescape``'s lone
    surrogates back to the octets they escape; another lone surrogate has no octets
    (:class:`~urikit.URISyntaxError` at it, RFC 3986 §2.5)."""
    if text.isascii():
        return text
    try:
        return text.encode("utf-8", "surrogateescape").decode("latin-1")
    except UnicodeEncodeError as exc:
        raise unencodable(text, exc, "UTF-8", "URL") from None


# -- before the split --------------------------------------------------------------------
_JUNK = "".join(map(chr, range(0x21)))


def remove_leading_trailing_junk(u: URL) -> None:
    """Remove leading and trailing C0 controls and spaces (WHATWG URL §4.4 basic URL
    parser, step 1; Safe Browsing's ``"  http://www.google.com/  "``)."""
    u.text = u.text.strip(_JUNK)


_TAB_NEWLINE = str.maketrans("", "", "\t\r\n")


def remove_tabs_and_newlines(u: URL) -> None:
    """Remove every tab, CR and LF (Safe Browsing v4 "URLs and Hashing": "First, remove
    tab (0x09), CR (0x0d), and LF (0x0a) characters"; WHATWG URL §4.4 step 3)."""
    if "\t" in u.text or "\r" in u.text or "\n" in u.text:
        u.text = u.text.translate(_TAB_NEWLINE)


#: A scheme (RFC 3986 §3.1), and after it what makes ``host:port`` no scheme at all.
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
_PORT_THEN_END = re.compile(r"[0-9]+(?:[/?#\\]|\Z)")
_AUTHORITY_END = re.compile(r"[/?#]")
_SPECIAL_AUTHORITY_END = re.compile(r"[/?#\\]")
_SLASHES = re.compile(r"[/\\]*")
_PORT = re.compile(r":([0-9]*)\Z")
#: The common case, in one match: ``scheme://authority`` and a path, query and fragment
#: with no ``\`` where a special scheme reads it as ``/`` (a speed-up only: every text
#: it matches splits the same way by the steps below).
_COMMON = re.compile(
    r"([A-Za-z][A-Za-z0-9+.\-]*)://([^/?#\\]+)([^?#\\]*)(?:\?([^#]*))?(?:#(.*))?\Z", re.S
)


def split(u: URL) -> None:
    """Split the text as RFC 3986 Appendix B does, leniently as browsers and the crawl
    libraries do: no scheme (``www.google.com``, ``host:8080/``) reads as ``http://``
    (Safe Browsing's examples, urlcanon's ``default_scheme_http``); after a special
    scheme any run of ``/`` and ``\\`` introduces the authority (WHATWG URL §4.4
    "special authority slashes state"); the userinfo ends at the last ``@``, a port is
    the digits after the last ``:``."""
    text = octets_of(u.text)
    m = _COMMON.match(text)
    if m is not None:
        u.scheme, u.authority, u.path, u.query, u.fragment = m[1], True, m[3], m[4], m[5]
        _authority(u, m[2])
        return
    m = _SCHEME.match(text)
    if m is None or _PORT_THEN_END.match(text, m.end()):  # no scheme: http://text
        u.scheme, rest, special = "http", text, True
        start = 0
    else:
        u.scheme = m[1]
        special = m[1].lower() in SPECIAL
        start = m.end()
        rest = text
    if special and u.scheme.lower() == "file":
        slashes = _SLASHES.match(rest, start).end() - start  # type: ignore[union-attr]
        if slashes == 2:  # file://host/path
            start += 2
        else:  # file:path, file:/path, file:///path: the empty host (RFC 8089 §2)
            u.authority, u.host = True, ""
            start += 3 if slashes > 2 else 0
            rest = rest[:start] + "/" + rest[start:] if rest[start : start + 1] != "/" else rest
        authority_end = _SPECIAL_AUTHORITY_END if slashes == 2 else None
    elif special:
        start = _SLASHES.match(rest, start).end()  # type: ignore[union-attr]
        authority_end = _SPECIAL_AUTHORITY_END
    elif rest.startswith("//", start):
        start += 2
        authority_end = _AUTHORITY_END
    else:
        authority_end = None
    if authority_end is not None:
        u.authority = True
        found = authority_end.search(rest, start)
        end = len(rest) if found is None else found.start()
        _authority(u, rest[start:end])
        start = end
    rest = rest[start:]
    rest, hash_sign, fragment = rest.partition("#")
    if hash_sign:
        u.fragment = fragment
    path, question_mark, query = rest.partition("?")
    if question_mark:
        u.query = query
    u.path = path.replace("\\", "/") if special else path


def _authority(u: URL, authority: str) -> None:
    if "@" not in authority and ":" not in authority:
        u.host = authority
        return
    userinfo, at, hostport = authority.rpartition("@")
    if at:
        u.userinfo = userinfo
    if hostport.startswith("[") and "]" in hostport:
        close = hostport.index("]") + 1
        u.host, tail = hostport[:close], hostport[close:]
        if tail.startswith(":"):
            u.port = tail[1:]
        elif tail:
            u.host = hostport
        return
    port = _PORT.search(hostport)
    if port is None:
        u.host = hostport
    else:
        u.host, u.port = hostport[: port.start()], port[1]


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
    "default port"; gopher's 70 as urlcanon; RFC 3986 §6.2.3)."""
    port = u.port
    if port is None:
        return
    if port[:1] == "0":
        port = port.lstrip("0") or "0"
    u.port = None if port == "" or port == _DEFAULT_PORTS.get(u.scheme or "") else port


def https_to_http(u: URL) -> None:
    """Read ``https`` as ``http`` (urlcanon aggressive ``https_to_http``: a dedup key
    counts the two as one resource)."""
    if u.scheme == "https":
        u.scheme = "http"


def remove_fragment(u: URL) -> None:
    """Drop the fragment (Safe Browsing: "if the URL ends in a fragment, remove the
    fragment"; RFC 3986 §3.5: it is not sent to the server)."""
    u.fragment = None


# -- percent-encoding ---------------------------------------------------------------------
_HEX = "0123456789ABCDEFabcdef"
_ESCAPE = re.compile("%([0-9A-Fa-f]{2})")
_DECODED = {f"{o:02{x}}": chr(o) for o in range(256) for x in "xX"}
_DECODED.update({f"{o:02X}"[0] + f"{o:02x}"[1]: chr(o) for o in range(256)})
_DECODED.update({f"{o:02x}"[0] + f"{o:02X}"[1]: chr(o) for o in range(256)})


def _decode(m: re.Match[str]) -> str:
    return _DECODED[m[1]]


def unescape_repeatedly(octets: str) -> str:
    """Percent-decode until no ``%XX`` is left (Safe Browsing: "repeatedly
    percent-unescape the URL until it has no more percent-escapes"), in linear time: a
    few passes of one regex, then, for what is still left (``%2525...``), one pass that
    decodes an escape as soon as the octets written so far end in one."""
    for _ in range(3):
        if "%" not in octets:
            return octets
        octets, count = _ESCAPE.subn(_decode, octets)
        if not count:
            return octets
    if _ESCAPE.search(octets) is None:
        return octets
    out: list[str] = []
    for char in octets:
        out.append(char)
        while len(out) > 2 and out[-3] == "%" and out[-2] in _HEX and out[-1] in _HEX:
            decoded = _DECODED[out[-2] + out[-1]]
            del out[-3:]
            out.append(decoded)
    return "".join(out)


def unescape_all(u: URL) -> None:
    """Repeatedly percent-unescape every component (Safe Browsing v4, "Third")."""
    _unescape(u, query=True)


def unescape_all_but_query(u: URL) -> None:
    """Repeatedly percent-unescape every component but the query, whose ``&`` and
    ``=`` escapes carry meaning (urlcanon ``pct_decode_repeatedly_except_query``)."""
    _unescape(u, query=False)


def _unescape(u: URL, *, query: bool) -> None:
    if "%" not in u.text:  # the text as split: no escape anywhere
        return
    if u.userinfo:
        u.userinfo = unescape_repeatedly(u.userinfo)
    if u.host:
        u.host = unescape_repeatedly(u.host)
    u.path = unescape_repeatedly(u.path)
    if query and u.query:
        u.query = unescape_repeatedly(u.query)
    if u.fragment:
        u.fragment = unescape_repeatedly(u.fragment)


_Escapes = tuple[re.Pattern[str], dict[int, str]]


def _escape_table(escape: str) -> _Escapes:
    """A "nothing to escape" pattern and a ``str.translate`` table that percent-encodes,
    upper-case hex, the octets ``<= 0x20`` and ``>= 0x7F`` and those of ``escape``."""
    octets = [o for o in range(256) if o <= 0x20 or o >= 0x7F or chr(o) in escape]
    keep = "".join(re.escape(chr(o)) for o in range(0x21, 0x7F) if chr(o) not in escape)
    return re.compile(f"[{keep}]*\\Z"), {o: f"%{o:02X}" for o in octets}


#: Safe Browsing: "percent-escape all characters that are <= ASCII 32, >= 127, "#", or
#: "%". The escapes should use uppercase hex characters."
_GOOGLE = _escape_table("#%")
_PATH = _escape_table("#%?")  # urlcanon's "less dumb" path: "?" would start the query
_QUERY_TOKEN = _escape_table("#%&=")  # a query key or value: "&" and "=" delimit them


def _escaped(octets: str, escapes: _Escapes) -> str:
    return octets if escapes[0].match(octets) else octets.translate(escapes[1])


def google_escape(u: URL) -> None:
    """Percent-escape, in every component, the octets ``<= 32``, ``>= 127``, ``#``
    and ``%``, upper-case hex (Safe Browsing v4 "URLs and Hashing", last step)."""
    if _GOOGLE[0].match(u.text):  # the text as split has none (nor has what came of it)
        return
    _escape_components(u, _GOOGLE, _GOOGLE)


def semantic_escape(u: URL) -> None:
    """Percent-escape what Safe Browsing escapes, and ``?`` in the path (urlcanon
    ``less_dumb_pct_encode``); the query, token by token, is re-escaped by
    :func:`recode_query`."""
    _escape_components(u, _PATH, None)


def _escape_components(u: URL, path: _Escapes, query: _Escapes | None) -> None:
    if u.userinfo:
        u.userinfo = _escaped(u.userinfo, _GOOGLE)
    if u.host:
        u.host = _escaped(u.host, _GOOGLE)
    u.path = _escaped(u.path, path)
    if query is not None and u.query:
        u.query = _escaped(u.query, query)
    if u.fragment:
        u.fragment = _escaped(u.fragment, _GOOGLE)


def recode_query(u: URL) -> None:
    """Unescape each key and value of the query repeatedly and escape again what Safe
    Browsing escapes and ``&`` and ``=`` (urlcanon ``less_dumb_pct_recode_query``): one
    spelling per query that means the same to a form decoder."""
    if u.query and "%" in u.query:
        u.query = "&".join(
            "=".join(_escaped(unescape_repeatedly(t), _QUERY_TOKEN) for t in p.split("=", 1))
            for p in u.query.split("&")
        )
    elif u.query:
        u.query = _escaped(u.query, _GOOGLE)


# -- host ---------------------------------------------------------------------------------
_DOTS = re.compile(r"\.{2,}")


def fix_host_dots(u: URL) -> None:
    """Remove leading and trailing dots of the host and replace runs of dots with one
    (Safe Browsing v4, hostname steps 1 and 2)."""
    if u.host and "." in u.host:
        host = u.host.strip(".")
        u.host = _DOTS.sub(".", host) if ".." in host else host


_NUMBER_ENDS = frozenset(string.hexdigits + ".")


def normalize_ip(u: URL) -> None:
    """A host that reads as an IPv4 address in any legal encoding (decimal, octal, hex,
    fewer than four parts: the URL Standard's IPv4 parser) becomes dotted decimal; an
    IPv6 literal its RFC 5952 text (Safe Browsing v4, hostname step 3)."""
    host = u.host
    if not host:
        return
    if host[0] == "[":
        with contextlib.suppress(ValueError):
            u.host = f"[{ipaddress.IPv6Address(host[1:-1]).compressed}]"
    elif host[-1] in _NUMBER_ENDS and ends_in_a_number(host):
        address = whatwg_ipv4(host)
        if address is not None:
            u.host = str(ipaddress.IPv4Address(address))


def punycode_host(u: URL) -> None:
    """A host with octets outside ASCII that are UTF-8 becomes its ASCII form by the URL
    Standard's domain to ASCII (UTS #46, urikit's IDNA in ``mode="browser"``, the
    ``ada-url`` extra); one that IDNA refuses stays, to be percent-escaped (Safe
    Browsing: "convert the URL to the ASCII Punycode representation")."""
    host = u.host
    if not host or host.isascii() or u.scheme not in SPECIAL:
        return
    with contextlib.suppress(UnicodeDecodeError, IDNAError):
        u.host = host_to_ascii(host.encode("latin-1").decode("utf-8"), mode="browser")


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


#: The ``www`` labels a key drops: ``www`` and ``www`` with one to three digits (mirror
#: numbering: ``www2``, ``www34``, ``www232``), never a longer label that starts with
#: ``www`` (``www1355544.com`` is a name of its own), and only while two labels remain.
_WWW = re.compile(r"www[0-9]{0,3}\.(?=[^.]+\.[^.])")


def strip_www(u: URL) -> None:
    """Drop a first label ``www`` or ``www`` + 1..3 digits when at least two labels
    remain (the Internet Archive's and urlcanon's ``strip_www``, ``massageHost``; the
    bounds keep ``www1355544.com`` and ``www.com`` whole)."""
    if u.host and u.host.startswith("www"):
        m = _WWW.match(u.host)
        if m is not None:
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
    """Drop a trailing ``/`` from a path other than ``/`` (the Internet Archive's
    canonicalizer: ``http://www.archive.org/big/`` is ``http://archive.org/big``)."""
    if len(u.path) > 1 and u.path[-1] == "/":
        u.path = u.path[:-1]


#: ASP.NET cookieless session segments (``/(S(24 chars))/``, ``/(24 chars)/``) in an
#: ``.aspx`` path, and a trailing ``;jsessionid=`` of 32 characters.
_ASPX_SESSION = re.compile(r"(?<=/)(?:\([0-9a-z]{24}\)|\((?:[a-z]\([0-9a-z]{24}\))+\))/", re.I)
_PATH_SESSION = re.compile(r";jsessionid=[0-9a-z]{32}\Z", re.I)


def strip_path_session_ids(u: URL) -> None:
    """Drop session ids from the path: ASP.NET cookieless segments of ``.aspx`` paths
    (the Internet Archive's and urlcanon's ``stripPathSessionId``)."""
    if "(" in u.path and u.path.lower().endswith(".aspx"):
        u.path = _ASPX_SESSION.sub("", u.path)


def strip_path_jsessionid(u: URL) -> None:
    """Drop a trailing ``;jsessionid=`` + 32 characters from the path (urlcanon
    aggressive ``strip_session_ids_from_path``)."""
    if ";" in u.path:
        u.path = _PATH_SESSION.sub("", u.path)


# -- query --------------------------------------------------------------------------------
#: The session-id parameters a dedup key drops (urlcanon and the Internet Archive's
#: canonicalizers): Java servlets, generic, PHP, short, classic ASP and ColdFusion.
SESSION_PARAMETERS = re.compile(
    r"(?:jsessionid=[0-9a-z$]{10,}|sessionid=[0-9a-z]{16,}|phpsessid=[0-9a-z]{16,}"
    r"|sid=[0-9a-z]{16,}|aspsessionid[a-z]{8}=[0-9a-z]{16,}|cfid=[0-9]+|cftoken=[0-9a-z-]+)\Z",
    re.I,
)


def strip_query_session_ids(u: URL) -> None:
    """Drop the query parameters :data:`SESSION_PARAMETERS` matches."""
    if u.query and "=" in u.query:
        u.query = "&".join(p for p in u.query.split("&") if not SESSION_PARAMETERS.match(p))


def lowercase_query(u: URL) -> None:
    """Lower-case the query (urlcanon aggressive, the Internet Archive's canonicalizer)."""
    if u.query:
        u.query = _lower(u.query)


def sort_query(u: URL) -> None:
    """Sort the ``&``-separated parameters by their text (urlcanon
    ``alpha_reorder_query``, the Internet Archive's ``alphaReorderQuery``)."""
    if u.query and "&" in u.query:
        u.query = "&".join(sorted(u.query.split("&")))


def remove_redundant_ampersands(u: URL) -> None:
    """Drop empty parameters: leading, trailing and repeated ``&`` (urlcanon aggressive)."""
    if u.query and "&" in u.query:
        u.query = "&".join(p for p in u.query.split("&") if p)


def omit_empty_query(u: URL) -> None:
    """Drop an empty query and its ``?`` (urlcanon aggressive, the Internet Archive's
    canonicalizer: ``index.html?`` is ``index.html``)."""
    if u.query == "":
        u.query = None
