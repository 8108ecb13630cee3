"""Percent-encoding (RFC 3986 §2.1, §2.4): quote and unquote per component, and
requote almost-URIs.

Quoting happens once, when a URI is produced from its parts (RFC 3986 §2.4), so
``quote`` treats ``%`` as data, never as an escape to keep.  Each component's table
is built at import from the character sets of ``_charsets``: a 256-entry list from
octet to text (the octet itself or ``%XX``), with a compiled "already clean" match as
the fast path.  ``requote`` is the one function that keeps existing escapes: it turns
an almost-URI into a URI by encoding only what the grammar does not allow.

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

from . import _charsets as cs
from ._diagnose import bad_escape
from ._grammar import Grammar, get_grammar
from ._parse import split
from .errors import ErrorKind, URISyntaxError, describe_char
from .reference import parse

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
    except LookupError as exc:
        raise ValueError(f"unknown text encoding {encoding!r} ({exc})") from None
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


class _Repair:
    """The repaired text, built from ``text`` left to right, and which characters were
    encoded, so that a position in the repair maps back to the caller's ``text``."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pieces: list[str] = []
        self.encoded: list[tuple[int, int]] = []  # (index in text, length of its escapes)

    def keep(self, start: int, end: int) -> None:
        self.pieces.append(self.text[start:end])

    def fix(self, start: int, end: int, disallowed: re.Pattern[str]) -> None:
        """Copy ``text[start:end]``, every character ``disallowed`` finds pct-encoded as
        UTF-8 (RFC 3986 §2.5)."""
        for match in disallowed.finditer(self.text, start, end):
            self.keep(start, match.start())
            for i in range(match.start(), match.end()):
                escapes = "%" + self.text[i].encode("utf-8").hex("%").upper()
                self.pieces.append(escapes)
                self.encoded.append((i, len(escapes)))
            start = match.end()
        self.keep(start, end)

    def result(self) -> str:
        return "".join(self.pieces)

    def origin(self, position: int) -> int:
        """The index in ``text`` of what stands at ``position`` of the repaired text."""
        shift = 0
        for index, width in self.encoded:
            if position < index + shift:
                break
            if position < index + shift + width:
                return index
            shift += width - 1
        return position - shift


def requote(text: str, *, grammar: str | Grammar = "rfc3986") -> str:
    """Turn an almost-URI reference into a valid one (RFC 3986 §2.4): split it as
    Appendix B does, then pct-encode, as UTF-8, exactly the characters each component
    does not allow (a ``%`` without two hex digits becomes ``%25``).  Valid escapes, IP
    literals, the scheme and the port are left alone; a valid reference comes back
    unchanged.  What encoding cannot fix raises the parser's :class:`URISyntaxError`,
    positioned in ``text``, not in the repair (a lone surrogate, which has no UTF-8
    octets, is ``INVALID_CHARACTER``).

    >>> requote("http://h/a b?q=ü#x#y")
    'http://h/a%20b?q=%C3%BC#x%23y'
    >>> requote("http://h/%zz%41")
    'http://h/%25zz%41'
    """
    require_str(text, "the text to requote")
    g = get_grammar(grammar)
    if split(text, g, g.rules["URI-reference"]) is not None:
        return text  # the fast path: already valid
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise unencodable(text, exc, "UTF-8", "URI-reference") from None
    match = _APPENDIX_B.match(text)
    assert match is not None  # every part is optional
    fixers = _fixers(g)
    repair = _Repair(text)
    has_scheme, has_authority = match.start(1) >= 0, match.start(2) >= 0
    repair.keep(0, match.start(2) if has_authority else match.start(3))  # scheme ":" "//"
    if has_authority:
        _fix_authority(repair, *match.span(2), g, fixers)
    _fix_path(repair, *match.span(3), fixers, has_scheme, has_authority)
    for group, disallowed in ((4, fixers.query), (5, fixers.fragment)):
        if match.start(group) >= 0:  # "?" query, "#" fragment
            repair.keep(match.start(group) - 1, match.start(group))
            repair.fix(*match.span(group), disallowed)
    result = repair.result()
    if split(result, g, g.rules["URI-reference"]) is None:
        try:
            parse(result, grammar=g)  # a bad scheme, port or IP literal
        except URISyntaxError as error:
            position = repair.origin(error.position)
            raise URISyntaxError(
                text, position, error.kind, error.reason, rule=error.rule, grammar=g.name
            ) from None
    return result


def _fix_authority(repair: _Repair, start: int, end: int, g: Grammar, fixers: _Fixers) -> None:
    """``[ userinfo "@" ] host [ ":" port ]`` (RFC 3986 §3.2), the last ``@`` ending
    the userinfo; an IP literal and the port are left as they are."""
    text = repair.text
    if g.registry is not None and g.registry.first_bad(text, start, end) is None:
        repair.keep(start, end)  # RFC 2396 §3.2: a valid registry-based authority
        return
    at = text.rfind("@", start, end)
    host = start
    if at >= 0:
        repair.fix(start, at, fixers.userinfo)
        repair.keep(at, at + 1)
        host = at + 1
    if text.startswith("[", host, end):  # an IP literal (RFC 3986 §3.2.2): the parser judges
        repair.keep(host, end)
        return
    colon = text.rfind(":", host, end)
    port = end if colon < 0 else colon
    repair.fix(host, port, fixers.host)
    repair.keep(port, end)


def _fix_path(
    repair: _Repair, start: int, end: int, fixers: _Fixers, has_scheme: bool, has_authority: bool
) -> None:
    """The path with what its rule does not allow encoded (RFC 3986 §3.3, §4.2)."""
    text = repair.text
    opaque = fixers.opaque
    if has_scheme and not has_authority and opaque and not text.startswith("/", start, end):
        repair.fix(start, end, opaque)  # RFC 2396 §3 opaque_part
        return
    if has_scheme or has_authority:
        repair.fix(start, end, fixers.path)
        return
    slash = text.find("/", start, end)  # path-noscheme: no ":" in segment one
    first = end if slash < 0 else slash
    repair.fix(start, first, fixers.first_segment)
    repair.fix(first, end, fixers.path)
