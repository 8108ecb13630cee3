"""Form-style queries (``application/x-www-form-urlencoded``: ``name=value&...``), the
convention most HTTP queries follow on top of RFC 3986 §3.4: parse them into decoded
pairs and build them from pairs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..errors import URISyntaxError
from .percent import TABLES, encode, error_handler, require_str, text_encoding, unquote

__all__ = ["Pairs", "build_query", "parse_query"]

Value = str | int | None
Values = Value | list[Value] | tuple[Value, ...]
Pairs = Iterable[tuple[str, Values]] | Mapping[str, Values]


def parse_query(
    query: str, *, encoding: str = "utf-8", errors: str = "strict"
) -> list[tuple[str, str]]:
    """The ``name=value`` pairs of a form-style query, in order: split on ``&``, then on
    the first ``=``; ``+`` is a space; empty pieces are skipped, a piece without ``=``
    has the value ``""``.  Errors are :func:`unquote`'s, positioned in ``query``: with
    ``errors="strict"`` (the default) a malformed escape or an octet sequence that is
    not ``encoding`` raises :class:`URISyntaxError`; any other codec error handler keeps
    malformed escapes as written and applies to the octets (``"replace"`` is what
    ``urllib.parse.parse_qsl`` does).

    >>> parse_query("q=a+b%26c&flag&&x=%C3%BC=1")
    [('q', 'a b&c'), ('flag', ''), ('x', 'ü=1')]
    >>> parse_query("discount=100%&name=%C3", errors="replace")
    [('discount', '100%'), ('name', '\ufffd')]
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
    the name alone and an int its decimal digits; a list or tuple of values gives the
    name once for each (what ``urllib.parse.urlencode(..., doseq=True)`` does).
    Anything else is a ``TypeError``.

    >>> build_query([("q", "a b&c"), ("flag", None), ("n", 10)])
    'q=a%20b%26c&flag&n=10'
    >>> build_query({"x": "ü=1", "a": ["1", 2]})
    'x=%C3%BC%3D1&a=1&a=2'
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
        name = encode(name, table, "utf-8", "query_value")
        for one in value if isinstance(value, list | tuple) else (value,):
            if one is None:
                out.append(name)
            else:
                out.append(name + "=" + encode(_text(one), table, "utf-8", "query_value"))
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
    kind = type(value).__name__
    raise TypeError(f"a query value is a str, an int, None or a list of them, not {kind}")
