"""Percent-encoding (RFC 3986 §2.1, §2.4): quote and unquote per component.

Quoting happens once, when a URI is produced from its parts (RFC 3986 §2.4), so
``quote`` treats ``%`` as data, never as an escape to keep.  Each component's table
is built at import from the character sets of ``_charsets``: a 256-entry list from
octet to text (the octet itself or ``%XX``), with a compiled "already clean" match as
the fast path.  A leaf beside the character sets: it knows no grammar and no parser
(``_requote`` repairs whole references on top of it).

The exception contract, for every function here: given ``str`` arguments, a result, a
:class:`URISyntaxError` (positioned in the argument it is about: a character the
encoding cannot encode, a lone surrogate where octets are needed, a bad escape,
undecodable octets), or a ``ValueError`` for an unknown component, encoding or error
handler; anything that is not a ``str`` (or ``bytes`` where documented) is a
``TypeError``.
"""

from __future__ import annotations

import codecs
import re
from functools import lru_cache
from typing import NamedTuple

from .._syntax import charsets as cs
from .._syntax.charsets import bad_escape
from ..errors import ErrorKind, URISyntaxError, describe_char

__all__ = [
    "TABLES",
    "ZONE_TABLE",
    "encode",
    "error_handler",
    "keep_table",
    "quote",
    "require_str",
    "text_encoding",
    "unencodable",
    "unquote",
    "unquote_to_bytes",
]


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


def keep_table(keep: frozenset[str]) -> _Table:
    """A table for :func:`encode` that keeps ``keep`` (ASCII characters) and encodes
    every other octet: for the percent-encode sets of other standards (the URL
    Standard's, §1.3, which a data: URL's media type goes through)."""
    return _table(keep)


@lru_cache(maxsize=256)
def _safe_table(component: str, safe: str) -> _Table:
    """The table of ``component`` with ``safe`` kept too; each must be allowed there."""
    keep, allowed, section = _COMPONENTS[component]
    require_str(safe, "safe")
    for char in safe:
        if char not in allowed:
            raise ValueError(
                f"{describe_char(char)} cannot be safe in the {component}: RFC 3986 "
                f"{section} does not allow it there"
            )
    return _table(keep | frozenset(safe))


_ASCII = "".join(map(chr, range(128)))


def require_str(value: object, name: str) -> None:
    """Raise ``TypeError`` unless ``value`` is a str (``name`` says which argument)."""
    if not isinstance(value, str):
        raise TypeError(f"{name} is a str, not {type(value).__name__}")


def text_encoding(encoding: str) -> str:
    """``encoding``, checked: a ``ValueError`` unless Python knows it as a text encoding."""
    require_str(encoding, "encoding")
    return _text_encoding(encoding)


@lru_cache(maxsize=64)
def _text_encoding(encoding: str) -> str:
    try:
        "".encode(encoding)
        b"".decode(encoding)
        name = codecs.lookup(encoding).name
    except LookupError as exc:
        raise ValueError(f"unknown text encoding {encoding!r} ({exc})") from None
    if name in ("idna", "punycode"):  # RFC 3490, RFC 3492: they rewrite, not encode
        raise ValueError(f"{encoding!r} encodes host names, not text: no octets to escape")
    return encoding


def error_handler(errors: str) -> str:
    """``errors``, checked: a ``ValueError`` unless it names a codec error handler."""
    require_str(errors, "errors")
    try:
        codecs.lookup_error(errors)
    except LookupError:
        raise ValueError(f"unknown error handler {errors!r}") from None
    return errors


@lru_cache(maxsize=64)
def _ascii_transparent(encoding: str) -> bool:
    """Whether ``encoding`` maps every ASCII character to its own single octet (so a
    clean ASCII text is its own encoding: not so for UTF-16 or UTF-7)."""
    try:
        return _ASCII.encode(encoding) == _ASCII.encode("ascii")
    except UnicodeError:
        return False


def unencodable(text: str, exc: UnicodeError | int, encoding: str, rule: str) -> URISyntaxError:
    """The error for a character of ``text`` that ``encoding`` cannot encode (``exc``,
    or its index): RFC 3986 §2.5 writes characters as octets, and a lone surrogate is
    no character, so it has none."""
    start = exc if isinstance(exc, int) else getattr(exc, "start", None)
    if start is None:  # a codec's complaint about the whole text (idna)
        reason = f"the text cannot be encoded as {encoding}: {exc}"
    elif 0xD800 <= ord(text[start]) <= 0xDFFF:
        reason = f"{describe_char(text[start])} is a lone surrogate, no character: it has no octets"
    else:
        reason = f"{describe_char(text[start])} cannot be encoded as {encoding}"
    return URISyntaxError(
        text, start or 0, ErrorKind.INVALID_CHARACTER, f"{reason} (RFC 3986 §2.5)", rule=rule
    )


def quote(
    text: str | bytes, *, component: str = "path", safe: str = "", encoding: str = "utf-8"
) -> str:
    """Percent-encode ``text`` as data of ``component`` (RFC 3986 §2.1, §2.4).

    Components: ``userinfo``, ``host`` (a reg-name), ``path``, ``segment``, ``query``,
    ``query_value`` (a form-style key or value) and ``fragment``.  A str is encoded with
    ``encoding`` first; bytes are octets.  ``%`` is always data; ``safe`` keeps more
    characters, each of which RFC 3986 must allow in the component.

    A character ``encoding`` cannot encode (a lone surrogate, in UTF-8) raises
    :class:`URISyntaxError` (kind ``INVALID_CHARACTER``, at that character); an unknown
    component, an unknown encoding or a character ``safe`` cannot hold, ``ValueError``.

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
    except (KeyError, TypeError):
        require_str(component, "component")
        require_str(safe, "safe")
        known = ", ".join(_COMPONENTS)
        raise ValueError(f"unknown component {component!r}; expected one of {known}") from None
    if safe.__class__ is not str:  # "" and every other false value
        require_str(safe, "safe")
    return encode(text, table, encoding, component)


def encode(text: str | bytes, table: _Table, encoding: str, rule: str = "quote") -> str:
    """``text`` quoted with ``table`` (see :func:`quote`); ``rule`` names what ``text``
    is, for the error when ``encoding`` cannot encode it."""
    if isinstance(text, str):
        if (
            encoding == "utf-8" or _ascii_transparent(text_encoding(encoding))
        ) and table.clean.fullmatch(text):
            return text  # the fast path: nothing to encode
        try:
            data: bytes | bytearray = text.encode(encoding)
        except UnicodeError as exc:  # UnicodeEncodeError, or a codec's own complaint
            raise unencodable(text, exc, encoding, rule) from None
    elif isinstance(text, bytes | bytearray):
        data = text
        if data.isascii() and table.clean.fullmatch(ascii_text := data.decode("ascii")):
            return ascii_text
    else:
        raise TypeError(f"the text to quote is a str or bytes, not {type(text).__name__}")
    octets = table.octets
    return "".join([octets[octet] for octet in data])


# -- decoding (RFC 3986 §2.1, §2.4) ---------------------------------------------------------
_HEX_OCTETS = {
    (high + low).encode(): bytes([int(high + low, 16)]) for high in cs.HEXDIG for low in cs.HEXDIG
}
_NON_ASCII = re.compile("([^\x00-\x7f]+)")


def _check_escapes(text: str) -> None:
    """Raise unless every ``%`` starts ``pct-encoded = "%" HEXDIG HEXDIG`` (§2.1): at the
    first character after a ``%`` that is not a HEXDIG (the end, if the text ends)."""
    bad = cs.BAD_PCT.search(text)
    if bad is not None:
        raise URISyntaxError(
            text,
            bad_escape(text, bad.start()),
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

    With ``errors="strict"``, a ``%`` without two hex digits raises
    :class:`URISyntaxError` (kind ``INVALID_PERCENT_ENCODING``, at the first character
    after it that is not a HEXDIG), and so does a lone surrogate, which has no UTF-8
    octets (kind ``INVALID_CHARACTER``); otherwise malformed escapes stay as they are
    and ``errors`` is the UTF-8 codec's handler for surrogates.

    >>> unquote_to_bytes("a%20b%FF"), unquote_to_bytes("100%", errors="replace")
    (b'a b\\xff', b'100%')
    """
    require_str(text, "the text to unquote")
    try:
        data = text.encode("utf-8", "strict" if errors == "strict" else error_handler(errors))
    except UnicodeEncodeError as exc:
        raise unencodable(text, exc, "UTF-8", "pct-encoded") from None
    return data if "%" not in text else _octets(data, text, errors)


def unquote(text: str, *, encoding: str = "utf-8", errors: str = "strict") -> str:
    """Decode ``text`` (RFC 3986 §2.1, §2.4): the octets of each run of ASCII characters
    and ``%XX`` are decoded with ``encoding``; non-ASCII characters stay as they are.

    With ``errors="strict"``, a malformed escape raises :class:`URISyntaxError` (kind
    ``INVALID_PERCENT_ENCODING``, at the first character after its ``%`` that is not a
    HEXDIG), and so do octets that are not valid ``encoding`` (at the ``%`` of the first
    one) and a lone surrogate, which is no character (``INVALID_CHARACTER``); otherwise
    malformed escapes and surrogates stay and ``errors`` is the codec's handler.  An
    unknown encoding or error handler is a ``ValueError``.

    >>> unquote("a%20b/%C3%BC/ü"), unquote("%FC", encoding="latin-1")
    ('a b/ü/ü', 'ü')
    >>> unquote("%C3%28", errors="replace")
    '\\ufffd('
    """
    if not isinstance(text, str):
        require_str(text, "the text to unquote")
    if encoding != "utf-8":
        text_encoding(encoding)
    if errors != "strict":
        error_handler(errors)
    elif not text.isascii():
        _check_surrogates(text)
    if "%" not in text:
        return text
    if text.isascii():
        try:
            return _octets(text.encode("ascii"), text, errors).decode(encoding, errors)
        except UnicodeError as exc:
            raise _decode_error(text, 0, text, exc, encoding) from None
    chunks = _NON_ASCII.split(text)  # ASCII at even indexes, non-ASCII at odd ones
    try:
        chunks[::2] = [
            _octets(chunk.encode("ascii"), text, errors).decode(encoding, errors)
            for chunk in chunks[::2]
        ]
    except UnicodeError:
        raise _locate_decode_error(text, encoding, errors) from None
    return "".join(chunks)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_surrogates(text: str) -> None:
    """Raise at the first lone surrogate of ``text``: no character, so no octets."""
    surrogate = _SURROGATE.search(text)
    if surrogate is not None:
        raise unencodable(text, surrogate.start(), "UTF-8", "pct-encoded")


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
            except UnicodeError as exc:
                return _decode_error(chunk, offset, text, exc, encoding)
        offset += len(chunk)
    raise AssertionError("unreachable: some run did not decode")  # pragma: no cover


def _decode_error(
    chunk: str, offset: int, text: str, exc: UnicodeError, encoding: str
) -> URISyntaxError:
    """Where in ``text`` the first undecodable octet was written (its ``%``, for an
    escape): the start of ``chunk`` for a codec's complaint about all of it (idna)."""
    if not isinstance(exc, UnicodeDecodeError):
        reason = f"the octets do not decode as {encoding}: {exc}"
        return URISyntaxError(
            text, offset, ErrorKind.INVALID_PERCENT_ENCODING, reason, rule="pct-encoded"
        )
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
