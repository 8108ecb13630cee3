"""The percent-encoding steps of the crawl profiles: unescaping until no escape is
left (linear in the length, whatever the nesting), and escaping per component, on
octets (:mod:`urikit._crawl.lenient`).

Unescaping never makes a delimiter of the component it decodes (RFC 3986 §2.2: "URIs
that differ in the replacement of a reserved character with its corresponding
percent-encoded octet are not equivalent"): an escape of one (``%2F`` in a path,
``%26`` in a query) is *kept*, decoded to the character ``chr(KEPT + octet)``, which
is no octet, which no step splits at, and which the escaping steps write back as
``%XX``.  The exception is the ``google`` profile's path and query, which Safe
Browsing unescapes whole ("until it has no more percent-escapes"): its keys are the
text Google hashes.
"""

from __future__ import annotations

import functools
import re

from .._syntax.charsets import PCT_TRIPLET
from .lenient import URL

__all__ = [
    "HOST_DELIMITERS",
    "KEPT",
    "google_escape",
    "recode_query",
    "semantic_escape",
    "unescape_all",
    "unescape_all_but_query",
    "unescape_ia",
    "unescape_repeatedly",
]

#: A kept escape of the octet ``o`` is the character ``chr(KEPT + o)``: above every octet.
KEPT = 0x100
#: What delimits a host (RFC 3986 §3.2, §3.2.2: "/", "?", "#" end the authority, "@"
#: the userinfo, ":" the port, "[" and "]" an IP literal; WHATWG URL §4.4: "\\" ends a
#: special authority): kept escaped in every profile, so that a key reads back with
#: the same host (Safe Browsing allows "This may render the URL invalid").
HOST_DELIMITERS = "/?#@:[]\\"
#: A path's: "/" between segments, "?" and "#" after it (RFC 3986 §3.3), "\\" which a
#: special scheme reads as "/" (WHATWG URL §4.4 "path state"), and ";" before a path
#: parameter (§3.3; ``;jsessionid=``, which ``aggressive`` strips).
PATH_DELIMITERS = "/?#\\;"
#: A query's, where the steps split it: "&" between parameters, "=" after a name
#: (application/x-www-form-urlencoded, WHATWG URL §5.1), "#" after it.
QUERY_DELIMITERS = "&=#"

_HEX = "0123456789ABCDEFabcdef"
_DECODED = {f"{o:02{x}}": chr(o) for o in range(256) for x in "xX"}
_DECODED.update({f"{o:02X}"[0] + f"{o:02x}"[1]: chr(o) for o in range(256)})
_DECODED.update({f"{o:02x}"[0] + f"{o:02X}"[1]: chr(o) for o in range(256)})


@functools.cache
def _decoding(keep: str) -> dict[str, str]:
    """Two hex digits -> the octet they escape, or its kept escape for those of ``keep``."""
    return {hex: chr(KEPT + ord(o)) if o in keep else o for hex, o in _DECODED.items()}


def unescape_repeatedly(octets: str, keep: str = "") -> str:
    """Percent-decode until no ``%XX`` is left (Safe Browsing: "repeatedly
    percent-unescape the URL until it has no more percent-escapes"), in linear time: a
    few passes of one regex, then, for what is still left (``%2525...``), one pass that
    decodes an escape as soon as the octets written so far end in one.  An escape of an
    octet of ``keep`` (the delimiters of the component) decodes to its kept escape
    (:data:`KEPT`), once: ``%252F`` is ``%2F`` kept."""
    decoded = _decoding(keep)
    for _ in range(3):
        if "%" not in octets:
            return octets
        octets, count = PCT_TRIPLET.subn(lambda m: decoded[m[1]], octets)
        if not count:
            return octets
    if PCT_TRIPLET.search(octets) is None:
        return octets
    out: list[str] = []
    for char in octets:
        out.append(char)
        while len(out) > 2 and out[-3] == "%" and out[-2] in _HEX and out[-1] in _HEX:
            octet = decoded[out[-2] + out[-1]]
            del out[-3:]
            out.append(octet)
    return "".join(out)


def unescape_all(u: URL) -> None:
    """Repeatedly percent-unescape every component (Safe Browsing v4, "Third"), but
    the host's delimiters (:data:`HOST_DELIMITERS`)."""
    _unescape(u, path="", query="")


def unescape_all_but_query(u: URL) -> None:
    """Repeatedly percent-unescape every component but the query, whose ``&`` and
    ``=`` escapes carry meaning (urlcanon ``pct_decode_repeatedly_except_query``), and
    but the delimiters of the host and of the path (:data:`PATH_DELIMITERS`: a browser
    does not read ``%2F`` as ``/``)."""
    _unescape(u, path=PATH_DELIMITERS, query=None)


def unescape_ia(u: URL) -> None:
    """Repeatedly percent-unescape every component (the Internet Archive's
    canonicalizer, through Safe Browsing's), but the delimiters of the host, of the
    path ("/" and "?") and of the query (:data:`QUERY_DELIMITERS`: the query is cut at
    "&" and "=" to drop session ids and sort; the ``surt`` package's own test
    ``test_surt_query`` keeps ``%26``)."""
    _unescape(u, path="/?#", query=QUERY_DELIMITERS)


def _unescape(u: URL, *, path: str, query: str | None) -> None:
    if "%" not in u.text:  # the text as split: no escape anywhere
        return
    if u.userinfo:
        u.userinfo = unescape_repeatedly(u.userinfo)
    if u.host:
        u.host = unescape_repeatedly(u.host, HOST_DELIMITERS)
    u.path = unescape_repeatedly(u.path, path)
    if query is not None and u.query:
        u.query = unescape_repeatedly(u.query, query)
    if u.fragment:
        u.fragment = unescape_repeatedly(u.fragment)


_Escapes = tuple[re.Pattern[str], dict[int, str]]


def _escape_table(escape: str) -> _Escapes:
    """A "nothing to escape" pattern and a ``str.translate`` table that percent-encodes,
    upper-case hex, the octets ``<= 0x20`` and ``>= 0x7F``, those of ``escape`` and
    every kept escape (:data:`KEPT`)."""
    octets = [o for o in range(256) if o <= 0x20 or o >= 0x7F or chr(o) in escape]
    keep = "".join(re.escape(chr(o)) for o in range(0x21, 0x7F) if chr(o) not in escape)
    table = {o: f"%{o:02X}" for o in octets}
    table.update({KEPT + o: f"%{o:02X}" for o in range(256)})
    return re.compile(f"[{keep}]*\\Z"), table


#: Safe Browsing: "percent-escape all characters that are <= ASCII 32, >= 127, "#", or
#: "%". The escapes should use uppercase hex characters."
_GOOGLE = _escape_table("#%")
_PATH = _escape_table("#%?")  # urlcanon's "less dumb" path: "?" would start the query
_QUERY_TOKEN = _escape_table("#%&=")  # a query key or value: "&" and "=" delimit them
#: A host's delimiters are escaped, as written or kept, so that the key reads back with
#: the same host.
_HOST = _escape_table("%" + HOST_DELIMITERS)
#: Inside an IP literal's brackets the colons stay.
_IP_LITERAL = _escape_table("%" + HOST_DELIMITERS.replace(":", ""))


def _escaped(octets: str, escapes: _Escapes) -> str:
    return octets if escapes[0].match(octets) else octets.translate(escapes[1])


def google_escape(u: URL) -> None:
    """Percent-escape, in every component, the octets ``<= 32``, ``>= 127``, ``#``
    and ``%``, upper-case hex (Safe Browsing v4 "URLs and Hashing", last step)."""
    if _GOOGLE[0].match(u.text):  # the text as split has none, nor has what came of it
        _escape_host(u)
    else:
        _escape_components(u, _GOOGLE, _GOOGLE)


def semantic_escape(u: URL) -> None:
    """Percent-escape what Safe Browsing escapes, and ``?`` in the path (urlcanon
    ``less_dumb_pct_encode``); the query, token by token, is re-escaped by
    :func:`recode_query`."""
    _escape_components(u, _PATH, None)


def _escape_host(u: URL) -> None:
    """Escape the host's delimiters (but an IP literal's colons) and what Safe Browsing
    escapes."""
    host = u.host
    if host:
        if host[0] == "[" and host[-1] == "]" and len(host) > 1:
            u.host = f"[{_escaped(host[1:-1], _IP_LITERAL)}]"
        else:
            u.host = _escaped(host, _HOST)


def _escape_components(u: URL, path: _Escapes, query: _Escapes | None) -> None:
    if u.userinfo:
        u.userinfo = _escaped(u.userinfo, _GOOGLE)
    _escape_host(u)
    u.path = _escaped(u.path, path)
    if query is not None and u.query:
        u.query = _escaped(u.query, query)
    if u.fragment:
        u.fragment = _escaped(u.fragment, _GOOGLE)


_SECOND_EQUALS = re.compile("=[^&]*=")


def recode_query(u: URL) -> None:
    """Unescape each key and value of the query repeatedly and escape again what Safe
    Browsing escapes and ``&`` and ``=`` (urlcanon ``less_dumb_pct_recode_query``): one
    spelling per query that means the same to a form decoder."""
    query = u.query
    if not query:
        return
    if "%" in query or _SECOND_EQUALS.search(query):  # a value's "=" is escaped too
        u.query = "&".join(
            "=".join(_escaped(unescape_repeatedly(t), _QUERY_TOKEN) for t in p.split("=", 1))
            for p in query.split("&")
        )
    else:
        u.query = _escaped(query, _GOOGLE)
