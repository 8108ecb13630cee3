"""Normalization and equivalence: the comparison ladder of RFC 3986 §6.2, and RFC 2396 §6.

Each level climbs one rung and never changes what the URI identifies under that rung:
``"string"`` (§6.2.1) changes nothing; ``"syntax"`` (§6.2.2) lower-cases the scheme and
host, upper-cases the hex digits of every percent-encoding, decodes exactly the octets
of unreserved characters and removes dot-segments from the path of every URI (and of
references whose path begins with "/"; a relative path's dots apply to a base);
``"scheme"`` (§6.2.3, the default) also applies what the scheme registry
(:mod:`urikit.schemes`) knows: default and empty ports go, an empty path with an
authority becomes "/", a default host becomes the empty one.  Reserved characters stay
encoded, the path's case stays, the query's order stays.
"""

from __future__ import annotations

import re
from itertools import product
from typing import Literal

from . import schemes
from ._charsets import UNRESERVED, UNRESERVED_2396
from ._grammar import Grammar
from ._parse import Split
from .reference import URIReference, make, parse, recompose, recompose_authority
from .resolve import remove_dot_segments, resolve

__all__ = ["differences", "equivalent", "normalize", "normalize_reference"]

Level = Literal["string", "syntax", "scheme"]
LEVELS: tuple[Level, ...] = ("string", "syntax", "scheme")

_PCT = re.compile("%([0-9A-Fa-f]{2})")


def _pct_table(unreserved: frozenset[str]) -> dict[str, str]:
    """Every spelling of ``XX`` in ``%XX`` -> its normal form: the character of an
    unreserved octet (RFC 3986 §2.3, §6.2.2.2), else the triplet with upper-case hex
    digits (§6.2.2.1)."""
    table = {}
    for octet in range(256):
        char = chr(octet)
        normal = char if char in unreserved else f"%{octet:02X}"
        digits = f"{octet:02x}"
        high, low = digits[0], digits[1]
        for spelling in product({high, high.upper()}, {low, low.upper()}):
            table["".join(spelling)] = normal
    return table


_PCT_3986 = _pct_table(UNRESERVED)
_PCT_2396 = _pct_table(UNRESERVED_2396)


def _normalize_pct(text: str, table: dict[str, str]) -> str:
    if "%" not in text:
        return text
    return _PCT.sub(lambda match: table[match.group(1)], text)


def _upper_hex(text: str) -> str:
    """RFC 3986 §6.2.2.1: the hex digits of every percent-encoding in upper case."""
    if "%" not in text:
        return text
    return _PCT.sub(lambda match: match.group(0).upper(), text)


def _lower_host(host: str) -> str:
    """RFC 3986 §6.2.2.1: the host is case-insensitive (its pct-encodings keep upper-case
    hex digits); an RFC 6874 zone ID is not."""
    if host[:1] == "[":
        zone = host.find("%25")
        return host.lower() if zone < 0 else host[:zone].lower() + host[zone:]
    return _upper_hex(host.lower())


def _port(scheme: schemes.Scheme | None, port: str | None) -> str | None:
    """RFC 3986 §6.2.3: an empty port, or the scheme's default, is elided."""
    if not port:
        return None
    if scheme is None or scheme.default_port is None:
        return port
    digits = port.lstrip("0") or "0"
    return None if digits == str(scheme.default_port) else digits


def _normalize_3986(ref: URIReference, level: Level) -> URIReference:
    """RFC 3986 §6.2.2 (syntax) and §6.2.3 (scheme)."""
    text = str(ref)
    if "%" in text:  # §6.2.2.1 and §6.2.2.2 hold in every component at once
        ref = parse(_normalize_pct(text, _PCT_3986), grammar=ref._grammar)
    parts = ref._parts
    scheme, authority, userinfo, host, port, path, query, fragment = parts.groups()
    if scheme is not None:
        scheme = scheme.lower()
    if host is not None:
        host = _lower_host(host)
    if scheme is not None or path[:1] == "/":
        # §6.2.2.3, as §5.2.2 does for the path of any reference with a scheme; a
        # relative-path reference keeps its dots: they apply to the base (§5.2.1)
        path = remove_dot_segments(path)
    if level == "scheme" and scheme is not None:
        known = schemes.get(scheme)
        port = _port(known, port)
        if known is not None:
            default_host = known.default_host
            if default_host is not None and host == default_host and not userinfo and not port:
                host = ""  # §6.2.3: the scheme's default host is the empty one
            if host is not None and not path and known.empty_path_is_root:
                path = "/"
            if known.normalize_path is not None and authority is None:
                path = _upper_hex(known.normalize_path(path))  # §6.2.2.1 holds still
    if host is not None:
        authority = recompose_authority(userinfo, host, port)
    if authority is None and path.startswith("//"):
        path = "/." + path  # §3.3: keep a "//" path from reading as an authority
    text = recompose(scheme, authority, path, query, fragment)
    return make(
        Split((text, scheme, authority, userinfo, host, port, path, query, fragment)), ref._grammar
    )


def _normalize_2396(ref: URIReference, level: Level) -> URIReference:
    """RFC 2396 §6 (scheme and hostname case, default port) and §2.4.2 (escaped
    unreserved characters, mark included, may be unescaped), and the hex digits of the
    other escapes in upper case (§2.4.1: the triplet stands for its octet, whichever the
    case; RFC 3986 §6.2.2.1 says so "for all URIs"); nothing more."""
    text = str(ref)
    if "%" in text:
        ref = parse(_normalize_pct(text, _PCT_2396), grammar=ref._grammar)
    scheme, authority, userinfo, host, port, path, query, fragment = ref._parts.groups()
    if scheme is not None:
        scheme = scheme.lower()
    if host is not None:  # a hostname, an IPv4 or an IPv6 address; never a reg_name
        host = host.lower()
        if level == "scheme" and scheme is not None:
            port = _port(schemes.get(scheme), port)
        authority = recompose_authority(userinfo, host, port)
    return parse(recompose(scheme, authority, path, query, fragment), grammar=ref._grammar)


_NORMALIZERS = {"rfc3986": _normalize_3986, "rfc2396": _normalize_2396}


def normalize_reference(
    ref: str | URIReference, *, level: Level = "scheme", grammar: str | Grammar = "rfc3986"
) -> URIReference:
    """:func:`normalize`, returning a :class:`URIReference` (``URIReference.normalize``)."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    if isinstance(ref, str):
        ref = parse(ref, grammar=grammar)
    elif not isinstance(ref, URIReference):
        raise TypeError(f"a URI reference is a str or a URIReference, not {type(ref).__name__}")
    if level == "string":
        return ref
    return _NORMALIZERS[ref._grammar.normalization](ref, level)


def normalize(
    ref: str | URIReference, *, level: Level = "scheme", grammar: str | Grammar = "rfc3986"
) -> str:
    """The normal form of ``ref`` at ``level`` of the comparison ladder (RFC 3986 §6.2).

    ``level="syntax"`` is §6.2.2; ``"scheme"`` (default) adds §6.2.3 for the schemes in
    :mod:`urikit.schemes`; ``"string"`` returns ``ref`` unchanged.  Under
    ``grammar="rfc2396"``: RFC 2396 §6 and §2.4.2 instead.  The result is valid and
    normalizing it again changes nothing.

    >>> normalize("HTTP://www.Example.COM:80/%7euser/./a/../b?%61=%2f#x")
    'http://www.example.com/~user/b?a=%2F#x'
    >>> normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
    'example://a/b/c/%7Bfoo%7D'
    """
    return str(normalize_reference(ref, level=level, grammar=grammar))


def differences(
    a: str | URIReference,
    b: str | URIReference,
    *,
    level: Level = "scheme",
    grammar: str | Grammar = "rfc3986",
    base: str | URIReference | None = None,
) -> list[tuple[str, str | None, str | None]]:
    """The components in which ``a`` and ``b`` differ after normalization at ``level``:
    ``(name, value in a, value in b)``, in the order of the components."""
    if base is not None:  # §6.1: compare target URIs, not relative references
        a, b = resolve(base, a, grammar=grammar), resolve(base, b, grammar=grammar)
    first = normalize_reference(a, level=level, grammar=grammar)
    second = normalize_reference(b, level=level, grammar=grammar)
    if str(first) == str(second):
        return []
    found = [
        (name, x, y)
        for name, x, y in zip(_NAMES, first._parts.groups(), second._parts.groups(), strict=True)
        if x != y
    ]
    return found or [("reference", str(first), str(second))]


_NAMES = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")


def equivalent(
    a: str | URIReference,
    b: str | URIReference,
    *,
    level: Level = "scheme",
    grammar: str | Grammar = "rfc3986",
    base: str | URIReference | None = None,
) -> bool:
    """Whether ``a`` and ``b`` are equivalent at ``level`` of the comparison ladder
    (RFC 3986 §6.2): their normal forms are the same string.  With ``base``, both are
    resolved against it first (§6.1 compares target URIs, not relative references).

    ``URIReference.__eq__`` is the bottom rung only (§6.2.1, simple string comparison).

    >>> equivalent("http://example.com", "HTTP://EXAMPLE.com:80/")
    True
    >>> equivalent("http://example.com/?", "http://example.com/")
    False
    """
    return not differences(a, b, level=level, grammar=grammar, base=base)
