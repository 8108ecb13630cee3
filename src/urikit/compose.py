"""Building references from decoded parts: ``compose`` (RFC 3986 §2.4, §5.3) and the
form-style query (``application/x-www-form-urlencoded``: ``name=value&...``).

Each part is quoted for its component by :mod:`urikit.percent`; the path is made to fit
what precedes it (RFC 3986 §3.3, §4.2), and the result is checked by the parser.  The
exception contract is :mod:`urikit.percent`'s: a part that is not of its documented type
is a ``TypeError``; a character UTF-8 cannot encode (a lone surrogate) is a
:class:`URISyntaxError` positioned in the part that holds it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from . import _charsets as cs
from ._grammar import Grammar, get_grammar
from ._parse import split
from .errors import URISyntaxError
from .percent import (
    TABLES,
    ZONE_TABLE,
    encode,
    error_handler,
    quote,
    require_str,
    text_encoding,
    unquote,
)
from .reference import parse, recompose, validate

__all__ = ["build_query", "compose", "parse_query"]

Value = str | int | None
Pairs = Iterable[tuple[str, Value]] | Mapping[str, Value]


# -- form-style queries ------------------------------------------------------------
def parse_query(
    query: str, *, encoding: str = "utf-8", errors: str = "strict"
) -> list[tuple[str, str]]:
    """The ``name=value`` pairs of a form-style query, in order: split on ``&``, then on
    the first ``=``; ``+`` is a space; empty pieces are skipped, a piece without ``=``
    has the value ``""``.  Errors are :func:`unquote`'s, positioned in ``query``.

    >>> parse_query("q=a+b%26c&flag&&x=%C3%BC=1")
    [('q', 'a b&c'), ('flag', ''), ('x', 'ü=1')]
    """
    require_str(query, "the query to parse")
    text_encoding(encoding)
    error_handler(errors)
    pairs: list[tuple[str, str]] = []
    start = 0
    for piece in query.split("&"):
        if piece:
            name, equals, value = piece.replace("+", " ").partition("=")
            value_start = start + len(name) + len(equals)
            pairs.append(
                (
                    _unquote_at(name, query, start, encoding, errors),
                    _unquote_at(value, query, value_start, encoding, errors),
                )
            )
        start += len(piece) + 1
    return pairs


def _unquote_at(text: str, query: str, start: int, encoding: str, errors: str) -> str:
    """``unquote(text)``, its errors positioned in ``query``, where ``text`` starts at
    ``start`` (replacing "+" by " " keeps positions)."""
    try:
        return unquote(text, encoding=encoding, errors=errors)
    except URISyntaxError as error:
        raise URISyntaxError(
            query, start + error.position, error.kind, error.reason, rule=error.rule
        ) from None


def build_query(pairs: Pairs) -> str:
    """A form-style query from ``(name, value)`` pairs or a mapping: each name (a str)
    and value quoted as ``query_value``, pairs joined by ``&``; a ``None`` value gives
    the name alone and an int its decimal digits.  Anything else is a ``TypeError``.

    >>> build_query([("q", "a b&c"), ("flag", None), ("n", 10)])
    'q=a%20b%26c&flag&n=10'
    >>> build_query({"x": "ü=1"})
    'x=%C3%BC%3D1'
    """
    if isinstance(pairs, Mapping):
        items: Iterable[object] = pairs.items()
    elif isinstance(pairs, Iterable) and not isinstance(pairs, str | bytes | bytearray):
        items = pairs
    else:
        kind = type(pairs).__name__
        raise TypeError(f"build_query() takes (name, value) pairs or a mapping, not {kind}")
    table = TABLES["query_value"]
    out: list[str] = []
    for item in items:
        name, value = _pair(item)
        if value is None:
            out.append(encode(name, table, "utf-8", "query_value"))
        else:
            value = _text(value)
            out.append(
                encode(name, table, "utf-8", "query_value")
                + "="
                + encode(value, table, "utf-8", "query_value")
            )
    return "&".join(out)


def _pair(item: object) -> tuple[str, object]:
    """A ``(name, value)`` pair whose name is a str."""
    if not isinstance(item, tuple | list) or len(item) != 2:
        raise TypeError(f"a query pair is a (name, value) tuple, not {item!r:.40}")
    name, value = item
    require_str(name, "a query name")
    return name, value


def _text(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise TypeError(f"a query value is a str, an int or None, not {type(value).__name__}")


# -- composition (RFC 3986 §5.3) -------------------------------------------------------
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
    grammar: str | Grammar = "rfc3986",
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
        validate(scheme, rule="scheme", grammar=g)  # raises, saying where and why
    authority = _compose_authority(userinfo, host, port)
    text = recompose(
        scheme,
        authority,
        _compose_path(quote(path), scheme is not None, authority is not None),
        _compose_query(query),
        None if fragment is None else quote(fragment, component="fragment"),
    )
    if split(text, g, g.rules["URI-reference"]) is None:
        parse(text, grammar=g)  # raises: a bad IP literal, or RFC 2396's stricter rules
    return text


def _compose_authority(
    userinfo: str | None, host: str | None, port: int | str | None
) -> str | None:
    """RFC 3986 §3.2 ``authority = [ userinfo "@" ] host [ ":" port ]``."""
    if host is None:
        if userinfo is not None or port is not None:
            raise ValueError("an authority with a userinfo or a port needs a host")
        return None
    head = "" if userinfo is None else quote(userinfo, component="userinfo", safe=":") + "@"
    return head + _compose_host(host) + _compose_port(port)


def _compose_host(host: str) -> str:
    """RFC 3986 §3.2.2: an IPv6 address in brackets (RFC 6874 zone as ``%25``), a
    bracketed literal as it is, anything else a pct-encoded reg-name (IPv4 included)."""
    if host[:1] == "[":
        return host
    if ":" in host:
        address, percent, zone = host.partition("%")
        validate(address, rule="IPv6address")
        if percent:
            return f"[{address}%25{encode(zone, ZONE_TABLE, 'utf-8', 'ZoneID')}]"
        return f"[{address}]"
    return quote(host, component="host")


def _compose_port(port: int | str | None) -> str:
    """RFC 3986 §3.2.3 ``port = *DIGIT``, given as an int or as digits."""
    if port is None:
        return ""
    if isinstance(port, int) and not isinstance(port, bool):
        if port < 0:
            raise ValueError(f"a port cannot be negative: {port}")
        return f":{port}"
    if not isinstance(port, str):
        raise TypeError(f"a port is an int or a str of digits, not {type(port).__name__}")
    validate(port, rule="port")
    return ":" + port


def _compose_path(path: str, has_scheme: bool, has_authority: bool) -> str:
    """Make the quoted path fit where it stands (RFC 3986 §3.3, §4.2)."""
    if has_authority:
        return path if not path or path[0] == "/" else "/" + path
    if path[:2] == "//":
        return "/." + path  # would read as an authority
    if not has_scheme and ":" in path.partition("/")[0]:
        return "./" + path  # would read as a scheme
    return path


def _compose_query(query: str | Pairs | None) -> str | None:
    if query is None:
        return None
    if isinstance(query, str):
        return quote(query, component="query")
    if isinstance(query, bytes | bytearray):
        raise TypeError(f"query is a str, pairs, a mapping or None, not {type(query).__name__}")
    return build_query(query)
