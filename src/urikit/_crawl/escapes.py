"""The percent-encoding steps of the crawl profiles: unescaping until no escape is
left (linear in the length, whatever the nesting), and escaping per component, on
octets (:mod:`urikit._crawl.lenient`)."""

from __future__ import annotations

import re

from .._syntax.charsets import PCT_TRIPLET
from .lenient import URL

__all__ = [
    "google_escape",
    "recode_query",
    "semantic_escape",
    "unescape_all",
    "unescape_all_but_query",
    "unescape_repeatedly",
]

_HEX = "0123456789ABCDEFabcdef"
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
        octets, count = PCT_TRIPLET.subn(_decode, octets)
        if not count:
            return octets
    if PCT_TRIPLET.search(octets) is None:
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
#: A host that unescaping gave a delimiter (``%2F``: ``/``): escaped too, so that the key
#: reads back with the same host (Safe Browsing allows "This may render the URL invalid").
_HOST = _escape_table("#%/?@\\:[]")
#: Inside an IP literal's brackets the colons stay; what unescaping put there (a ``/``, a
#: ``]``) is escaped as in a host.
_IP_LITERAL = _escape_table("#%/?@\\[]")
#: What :data:`_HOST` escapes in a host as split and Safe Browsing's escapes do not.
_HOST_ONLY = re.compile(r"[:\[\]]")


def _escaped(octets: str, escapes: _Escapes) -> str:
    return octets if escapes[0].match(octets) else octets.translate(escapes[1])


def google_escape(u: URL) -> None:
    """Percent-escape, in every component, the octets ``<= 32``, ``>= 127``, ``#``
    and ``%``, upper-case hex (Safe Browsing v4 "URLs and Hashing", last step)."""
    host = u.host or ""
    if _GOOGLE[0].match(u.text) and (host[:1] == "[" or not _HOST_ONLY.search(host)):
        return  # the text as split has none (nor has what came of it), nor has the host
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
        host = u.host
        if host[0] == "[" and host[-1] == "]" and len(host) > 1:
            u.host = f"[{_escaped(host[1:-1], _IP_LITERAL)}]"
        else:
            u.host = _escaped(host, _HOST)
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
