"""Building references from decoded parts: ``compose`` (RFC 3986 §2.4, §5.3).

Each part is quoted for its component by ``_percent``; the path is made to fit what
precedes it (``_recompose.fit_path``: RFC 3986 §3.3, §4.2), and the result is checked
by the parser.  A part that is not of its documented type is a ``TypeError``; a
character UTF-8 cannot encode (a lone surrogate) is a :class:`URISyntaxError`
positioned in the part that holds it.
"""

from __future__ import annotations

import re

from . import _charsets as cs
from ._components import check_component
from ._grammar import Grammar, get_grammar
from ._parse import read
from ._percent import ZONE_TABLE, encode, quote, require_str
from ._query import Pairs, build_query
from ._recompose import fit_path, recompose

__all__ = ["compose"]


_SCHEME = re.compile(cs.SCHEME_REGEX)  # RFC 3986 §3.1


def compose(
    *,
    scheme: str | None = None,
    userinfo: str | None = None,
    host: str | None = None,
    port: int | str | None = None,
    path: str = "",
    query: str | Pairs | None = None,
    fragment: str | None = None,
    grammar: str | Grammar | None = None,
) -> str:
    """A valid reference from decoded parts, each quoted for its component (RFC 3986
    §2.4, recomposed as §5.3); the result parses back to the same parts.

    ``host``: an IPv6 address (it has a ``:``; an RFC 6874 zone after ``%``) is put in
    brackets, a bracketed IP literal is taken as it is, anything else is a reg-name.
    ``query``: a str, or name/value pairs for :func:`build_query`.  The path gets ``/``
    after an authority, ``/.`` before ``//`` without one, and ``./`` before a first
    segment with ``:`` in a relative reference (§3.3, §4.2).

    >>> compose(scheme="http", host="2001:db8::1", path="/a b", query=[("q", "x&y")])
    'http://[2001:db8::1]/a%20b?q=x%26y'
    >>> compose(path="a:b"), compose(scheme="s", path="//x"), compose(host="h", path="p")
    ('./a:b', 's:/.//x', '//h/p')
    """
    if not (
        path.__class__ is str
        and (scheme is None or scheme.__class__ is str)
        and (userinfo is None or userinfo.__class__ is str)
        and (host is None or host.__class__ is str)
        and (fragment is None or fragment.__class__ is str)
    ):  # the slow path names the part that is not a str (or a subclass)
        require_str(path, "path")
        parts = {"scheme": scheme, "userinfo": userinfo, "host": host, "fragment": fragment}
        for name, part in parts.items():
            if part is not None:
                require_str(part, name)
    g = get_grammar(grammar)
    if scheme is not None and _SCHEME.fullmatch(scheme) is None:
        check_component(scheme, g, "scheme")  # raises, saying where and why
    authority = _compose_authority(userinfo, host, port, g)
    text = recompose(
        scheme,
        authority,
        fit_path(scheme is not None, authority is not None, quote(path)),
        _compose_query(query),
        None if fragment is None else quote(fragment, component="fragment"),
    )
    read(text, g, g.rules["URI-reference"])  # raises: an IP literal, RFC 2396's rules
    return text


def _compose_authority(
    userinfo: str | None, host: str | None, port: int | str | None, g: Grammar
) -> str | None:
    """RFC 3986 §3.2 ``authority = [ userinfo "@" ] host [ ":" port ]``."""
    if host is None:
        if userinfo is not None or port is not None:
            raise ValueError("an authority with a userinfo or a port needs a host")
        return None
    head = "" if userinfo is None else quote(userinfo, component="userinfo", safe=":") + "@"
    return head + _compose_host(host, g) + _compose_port(port, g)


def _compose_host(host: str, g: Grammar) -> str:
    """RFC 3986 §3.2.2: an IPv6 address in brackets (RFC 6874 zone as ``%25``), a
    bracketed literal as it is, anything else a pct-encoded reg-name (IPv4 included)."""
    if host[:1] == "[":
        return host
    if ":" in host:
        address, percent, zone = host.partition("%")
        check_component(address, g, "IPv6address")
        if percent:
            return f"[{address}%25{encode(zone, ZONE_TABLE, 'utf-8', 'ZoneID')}]"
        return f"[{address}]"
    return quote(host, component="host")


def _compose_port(port: int | str | None, g: Grammar) -> str:
    """RFC 3986 §3.2.3 ``port = *DIGIT``, given as an int or as digits."""
    if port is None:
        return ""
    if isinstance(port, int) and not isinstance(port, bool):
        if port < 0:
            raise ValueError(f"a port cannot be negative: {port}")
        return f":{port}"
    if not isinstance(port, str):
        raise TypeError(f"a port is an int or a str of digits, not {type(port).__name__}")
    check_component(port, g, "port")
    return ":" + port


def _compose_query(query: str | Pairs | None) -> str | None:
    if query is None:
        return None
    if isinstance(query, str):
        return quote(query, component="query")
    if isinstance(query, bytes | bytearray):
        raise TypeError(f"query is a str, pairs, a mapping or None, not {type(query).__name__}")
    return build_query(query)
