"""Percent-encoding (RFC 3986 §2.1, §2.4): quote and unquote per component, and
requote almost-URIs.

Quoting happens once, when a URI is produced from its parts (RFC 3986 §2.4), so
``quote`` treats ``%`` as data, never as an escape to keep.  Each component's table
is built at import from the character sets of ``_charsets``: a 256-entry list from
octet to text (the octet itself or ``%XX``), with a compiled "already clean" match as
the fast path.  ``requote`` is the one function that keeps existing escapes: it turns
an almost-URI into a URI by encoding only what the grammar does not allow.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from . import _charsets as cs
from ._grammar import Grammar, get_grammar
from ._parse import split
from .errors import ErrorKind, URISyntaxError, describe_char
from .reference import parse, recompose

__all__ = ["encode", "quote", "requote", "unquote", "unquote_to_bytes"]


class _Table(NamedTuple):
    """What ``quote`` needs for one component: the clean-text test and octet table."""

    clean: re.Pattern[str]  # fullmatch: every character stays as it is
    octets: list[str]  # octet -> the octet's character, or "%XX" (RFC 3986 §2.1)


def _table(keep: frozenset[str]) -> _Table:
    """Build the table that leaves ``keep`` (ASCII) as it is and encodes every other
    octet, upper-case hex (RFC 3986 §2.1: producers should use upper case)."""
    octets = [chr(o) if chr(o) in keep else f"%{o:02X}" for o in range(256)]
    return _Table(re.compile(cs.char_class_regex(keep) + "*"), octets)


#: Per component: (characters ``quote`` keeps, characters RFC 3986 allows there, section).
_COMPONENTS: dict[str, tuple[frozenset[str], frozenset[str], str]] = {
    # ":" separates user and password (RFC 3986 §3.2.1), so it is data unless safe.
    "userinfo": (cs.USERINFO - frozenset(":"), cs.USERINFO, "§3.2.1"),
    "host": (cs.REG_NAME, cs.REG_NAME, "§3.2.2"),
    "path": (cs.PATH, cs.PATH, "§3.3"),
    "segment": (cs.PCHAR, cs.PCHAR, "§3.3"),
    "query": (cs.QUERY, cs.QUERY, "§3.4"),
    # A key or value of a form-style query: its delimiters (and "+", read as a space
    # by application/x-www-form-urlencoded) are data.
    "query_value": (cs.QUERY - frozenset("&=+;"), cs.QUERY, "§3.4"),
    "fragment": (cs.FRAGMENT, cs.FRAGMENT, "§3.5"),
}
TABLES = {name: _table(keep) for name, (keep, _, _) in _COMPONENTS.items()}
ZONE_TABLE = _table(cs.ZONE_ID)  # RFC 6874 §2 ZoneID, for compose()


@lru_cache(maxsize=256)
def _safe_table(component: str, safe: str) -> _Table:
    """The table of ``component`` with ``safe`` kept too; each must be allowed there."""
    keep, allowed, section = _COMPONENTS[component]
    for char in safe:
        if char not in allowed:
            raise ValueError(
                f"{describe_char(char)} cannot be safe in the {component}: RFC 3986 "
                f"{section} does not allow it there"
            )
    return _table(keep | frozenset(safe))


_ASCII = "".join(map(chr, range(128)))


@lru_cache(maxsize=64)
def _ascii_transparent(encoding: str) -> bool:
    """Whether ``encoding`` maps every ASCII character to its own single octet (so a
    clean ASCII text is its own encoding: not so for UTF-16 or UTF-7)."""
    try:
        return _ASCII.encode(encoding) == _ASCII.encode("ascii")
    except UnicodeError:
        return False


def quote(
    text: str | bytes, *, component: str = "path", safe: str = "", encoding: str = "utf-8"
) -> str:
    """Percent-encode ``text`` as data of ``component`` (RFC 3986 §2.1, §2.4).

    Components: ``userinfo``, ``host`` (a reg-name), ``path``, ``segment``, ``query``,
    ``query_value`` (a form-style key or value) and ``fragment``.  A str is encoded with
    ``encoding`` first; bytes are octets.  ``%`` is always data; ``safe`` keeps more
    characters, each of which RFC 3986 must allow in the component.

    >>> quote("a b/c?d")
    'a%20b/c%3Fd'
    >>> quote("a/b%41", component="segment")
    'a%2Fb%2541'
    >>> quote("x&y=ü", component="query_value"), quote("x&y=ü", component="query")
    ('x%26y%3D%C3%BC', 'x&y=%C3%BC')
    >>> quote("user:pw", component="userinfo"), quote("user:pw", component="userinfo", safe=":")
    ('user%3Apw', 'user:pw')
    """
    try:
        table = _safe_table(component, safe) if safe else TABLES[component]
    except KeyError:
        known = ", ".join(_COMPONENTS)
        raise ValueError(f"unknown component {component!r}; expected one of {known}") from None
    return encode(text, table, encoding)


def encode(text: str | bytes, table: _Table, encoding: str) -> str:
    """``text`` quoted with ``table`` (see :func:`quote`)."""
    if isinstance(text, str):
        if table.clean.fullmatch(text) and (encoding == "utf-8" or _ascii_transparent(encoding)):
            return text  # the fast path: nothing to encode
        data: bytes | bytearray = text.encode(encoding)
    elif isinstance(text, bytes | bytearray):
        data = text
        if data.isascii() and table.clean.fullmatch(ascii_text := data.decode("ascii")):
            return ascii_text
    else:
        raise TypeError(f"quote() takes str or bytes, not {type(text).__name__}")
    octets = table.octets
    return "".join([octets[octet] for octet in data])


# -- decoding (RFC 3986 §2.1, §2.4) ---------------------------------------------------------
_HEX_OCTETS = {
    (high + low).encode(): bytes([int(high + low, 16)]) for high in cs.HEXDIG for low in cs.HEXDIG
}
_NON_ASCII = re.compile("([^\x00-\x7f]+)")


def _check_escapes(text: str) -> None:
    """Raise unless every ``%`` starts ``pct-encoded = "%" HEXDIG HEXDIG`` (§2.1)."""
    bad = cs.BAD_PCT.search(text)
    if bad is not None:
        raise URISyntaxError(
            text,
            bad.start(),
            ErrorKind.INVALID_PERCENT_ENCODING,
            "'%' must be followed by two hexadecimal digits (RFC 3986 §2.1)",
            rule="pct-encoded",
        )


def _octets(data: bytes, text: str, errors: str) -> bytes:
    """Decode every ``%XX`` of ``data``, the octets of ``text``; a ``%`` without two hex
    digits raises (``errors="strict"``) or stays as it is."""
    pieces = data.split(b"%")
    out = [pieces[0]]
    append = out.append
    try:  # the common case: every "%" starts a triplet, so no check beforehand
        for piece in pieces[1:]:
            append(_HEX_OCTETS[piece[:2]])
            append(piece[2:])
    except KeyError:
        if errors == "strict":
            _check_escapes(text)
        lookup = _HEX_OCTETS.get
        rest = [(lookup(p[:2]) or b"%" + p[:2]) + p[2:] for p in pieces[1:]]
        return pieces[0] + b"".join(rest)
    return b"".join(out)


def unquote_to_bytes(text: str, *, errors: str = "strict") -> bytes:
    """The octets ``text`` stands for: each ``%XX`` decoded (RFC 3986 §2.1), other ASCII
    characters as themselves, non-ASCII characters as their UTF-8 octets.

    A ``%`` without two hex digits raises :class:`URISyntaxError` (kind
    ``INVALID_PERCENT_ENCODING``) when ``errors`` is ``"strict"``, else stays as it is.

    >>> unquote_to_bytes("a%20b%FF"), unquote_to_bytes("100%", errors="replace")
    (b'a b\\xff', b'100%')
    """
    if "%" not in text:
        return text.encode("utf-8")
    return _octets(text.encode("utf-8"), text, errors)


def unquote(text: str, *, encoding: str = "utf-8", errors: str = "strict") -> str:
    """Decode ``text`` (RFC 3986 §2.1, §2.4): the octets of each run of ASCII characters
    and ``%XX`` are decoded with ``encoding``; non-ASCII characters stay as they are.

    With ``errors="strict"``, a malformed escape or octets that are not valid
    ``encoding`` raise :class:`URISyntaxError` (kind ``INVALID_PERCENT_ENCODING``, at the
    ``%``); otherwise malformed escapes stay and ``errors`` is the codec's handler.

    >>> unquote("a%20b/%C3%BC/ü"), unquote("%FC", encoding="latin-1")
    ('a b/ü/ü', 'ü')
    >>> unquote("%C3%28", errors="replace")
    '\\ufffd('
    """
    if "%" not in text:
        return text
    if text.isascii():
        try:
            return _octets(text.encode("ascii"), text, errors).decode(encoding, errors)
        except UnicodeDecodeError as exc:
            raise _decode_error(text, 0, text, exc, encoding) from None
    chunks = _NON_ASCII.split(text)  # ASCII at even indexes, non-ASCII at odd ones
    try:
        chunks[::2] = [
            _octets(chunk.encode("ascii"), text, errors).decode(encoding, errors)
            for chunk in chunks[::2]
        ]
    except UnicodeDecodeError:
        raise _locate_decode_error(text, encoding, errors) from None
    return "".join(chunks)


def _locate_decode_error(text: str, encoding: str, errors: str) -> URISyntaxError:
    """The error of the first ASCII run of ``text`` whose octets do not decode (after
    any malformed escape, which is reported first, as for an all-ASCII text)."""
    if errors == "strict":
        _check_escapes(text)
    offset = 0
    for i, chunk in enumerate(_NON_ASCII.split(text)):
        if i % 2 == 0:
            try:
                _octets(chunk.encode("ascii"), text, errors).decode(encoding, errors)
            except UnicodeDecodeError as exc:
                return _decode_error(chunk, offset, text, exc, encoding)
        offset += len(chunk)
    raise AssertionError("unreachable: some run did not decode")  # pragma: no cover


def _decode_error(
    chunk: str, offset: int, text: str, exc: UnicodeDecodeError, encoding: str
) -> URISyntaxError:
    """Where in ``text`` the first undecodable octet was written (its ``%``, for an escape)."""
    i = 0
    for _ in range(exc.start):  # one octet per "%XX" triplet or per other character
        i += 3 if chunk[i] == "%" and chunk[i + 1 : i + 3].encode() in _HEX_OCTETS else 1
    shown = "".join(f"%{octet:02X}" for octet in exc.object[exc.start : exc.end])
    return URISyntaxError(
        text,
        offset + i,
        ErrorKind.INVALID_PERCENT_ENCODING,
        f"the octets {shown} are not valid {encoding}",
        rule="pct-encoded",
    )


# -- requote (RFC 3986 §2.4) -----------------------------------------------------------
#: RFC 3986 Appendix B, every character matched (DOTALL: controls are data here).
_APPENDIX_B = re.compile(r"(?:([^:/?#]+):)?(?://([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?", re.S)


def _disallowed(chars: cs.CharClass) -> re.Pattern[str]:
    """Runs of characters ``chars`` does not allow; a ``%`` counts unless it starts a
    triplet the class admits (RFC 3986 §2.1)."""
    if not chars.pct_encoded:  # "%" is one more character it does not allow
        return re.compile(cs.char_class_regex(chars.chars, negate=True) + "+")
    negated = cs.char_class_regex(chars.chars | {"%"}, negate=True)
    return re.compile(negated + "+|%(?![0-9A-Fa-f]{2})")


class _Fixers(NamedTuple):
    """Per grammar, the runs each component does not allow (see ``_disallowed``)."""

    userinfo: re.Pattern[str]
    host: re.Pattern[str]
    path: re.Pattern[str]
    first_segment: re.Pattern[str]
    query: re.Pattern[str]
    fragment: re.Pattern[str]
    opaque: re.Pattern[str] | None  # RFC 2396 §3 opaque_part after its first character


@lru_cache(maxsize=8)
def _fixers(g: Grammar) -> _Fixers:
    """The patterns of grammar ``g``, compiled on first use (a grammar is a value)."""
    # RFC 2396's hostname takes no escapes: an encoded host is a registry name there.
    host = g.host if g.host.pct_encoded or g.registry is None else g.registry
    return _Fixers(
        _disallowed(g.userinfo),
        _disallowed(host),
        _disallowed(g.path),
        _disallowed(g.first_segment),
        _disallowed(g.query),
        _disallowed(g.fragment),
        None if g.opaque is None else _disallowed(g.opaque[1]),
    )


def _escape_run(match: re.Match[str]) -> str:
    return "%" + match[0].encode("utf-8").hex("%").upper()


def _fix(text: str, disallowed: re.Pattern[str]) -> str:
    """``text`` with every character ``disallowed`` finds pct-encoded as UTF-8."""
    return disallowed.sub(_escape_run, text)


def requote(text: str, *, grammar: str | Grammar = "rfc3986") -> str:
    """Turn an almost-URI reference into a valid one (RFC 3986 §2.4): split it as
    Appendix B does, then pct-encode, as UTF-8, exactly the characters each component
    does not allow (a ``%`` without two hex digits becomes ``%25``).  Valid escapes, IP
    literals, the scheme and the port are left alone; a valid reference comes back
    unchanged.  What encoding cannot fix raises the parser's :class:`URISyntaxError`.

    >>> requote("http://h/a b?q=ü#x#y")
    'http://h/a%20b?q=%C3%BC#x%23y'
    >>> requote("http://h/%zz%41")
    'http://h/%25zz%41'
    """
    g = get_grammar(grammar)
    if split(text, g, g.rules["URI-reference"]) is not None:
        return text  # the fast path: already valid
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise URISyntaxError(
            text,
            exc.start,
            ErrorKind.INVALID_CHARACTER,
            f"{describe_char(text[exc.start])} cannot be encoded as UTF-8 (RFC 3986 §2.5)",
            grammar=g.name,
        ) from None
    match = _APPENDIX_B.match(text)
    assert match is not None  # every part is optional
    scheme, authority, path, query, fragment = match.groups()
    fixers = _fixers(g)
    if authority is not None:
        authority = _fix_authority(authority, g, fixers)
    path = _fix_path(path, fixers, scheme is not None, authority is not None)
    result = recompose(
        scheme,
        authority,
        path,
        None if query is None else _fix(query, fixers.query),
        None if fragment is None else _fix(fragment, fixers.fragment),
    )
    if split(result, g, g.rules["URI-reference"]) is None:
        parse(result, grammar=g)  # raises: a bad scheme, port or IP literal
    return result


def _fix_authority(authority: str, g: Grammar, fixers: _Fixers) -> str:
    """``[ userinfo "@" ] host [ ":" port ]`` (RFC 3986 §3.2), the last ``@`` ending
    the userinfo; an IP literal and the port are left as they are."""
    if g.registry is not None and g.registry.first_bad(authority) is None:
        return authority  # RFC 2396 §3.2: a valid registry-based authority
    userinfo, at, host_port = authority.rpartition("@")
    if host_port[:1] == "[":  # an IP literal (RFC 3986 §3.2.2): the parser judges it
        return _fix(userinfo, fixers.userinfo) + at + host_port
    colon = host_port.rfind(":")
    host, port = (host_port, "") if colon < 0 else (host_port[:colon], host_port[colon:])
    return _fix(userinfo, fixers.userinfo) + at + _fix(host, fixers.host) + port


def _fix_path(path: str, fixers: _Fixers, has_scheme: bool, has_authority: bool) -> str:
    """The path with what its rule does not allow encoded (RFC 3986 §3.3, §4.2)."""
    if has_scheme and not has_authority and fixers.opaque is not None and path[:1] != "/":
        return _fix(path, fixers.opaque)  # RFC 2396 §3 opaque_part
    if has_scheme or has_authority:
        return _fix(path, fixers.path)
    first, slash, rest = path.partition("/")  # path-noscheme: no ":" in segment one
    return _fix(first, fixers.first_segment) + slash + _fix(rest, fixers.path)
