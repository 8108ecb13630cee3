"""Normalization: the comparison ladder of RFC 3986 §6.2, and RFC 2396 §6, on components
(``_parse.Components``), below the value type.

Each level climbs one rung and never changes what the URI identifies under that rung:
``"string"`` (§6.2.1) changes nothing; ``"syntax"`` (§6.2.2) lower-cases the scheme and
host, upper-cases the hex digits of every percent-encoding, decodes exactly the octets
of unreserved characters and removes dot-segments from the path of every URI (and of
references whose path begins with "/"; a relative path's dots apply to a base);
``"scheme"`` (§6.2.3, the default) also applies what the scheme registry
(:mod:`urikit.schemes`) knows: default and empty ports go, an empty path with an
authority becomes "/", a default host becomes the empty one.  Reserved characters stay
encoded, the path's case stays, the query's order stays.  :func:`normal` is the one
body of ``urikit.normalize``, ``URIReference.normalize`` and ``urikit.equivalent``.
"""

from __future__ import annotations

import re
import string
from itertools import product
from typing import Literal

from .. import schemes
from .._syntax.charsets import IPRIVATE, UCS, UNRESERVED, UNRESERVED_2396
from .._syntax.grammar import Grammar
from .._syntax.parse import Components, read
from .._syntax.recompose import fit_path, recompose, recompose_authority
from .iri import decode_ucs
from .resolve import remove_dot_segments

__all__ = ["LEVELS", "LEVEL_IDS", "Level", "check_level", "lower_host", "normal"]

Level = Literal["string", "syntax", "scheme"]
LEVELS: tuple[Level, ...] = ("string", "syntax", "scheme")
#: The levels as the compiled core numbers them: their index in :data:`LEVELS`.
LEVEL_IDS: dict[object, int] = {level: index for index, level in enumerate(LEVELS)}

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


#: ASCII letters to lower case, and nothing else (str.lower knows every script).
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def lower_host(host: str) -> str:
    """RFC 3986 §6.2.2.1: the host is case-insensitive (its pct-encodings keep upper-case
    hex digits); an RFC 6874 zone ID is not; RFC 3987 §5.3.2.1: "US-ASCII only host"
    letters are (the case of other letters is IDNA's business, §5.3.3)."""
    if host[:1] == "[":
        zone = host.find("%25")
        return host.lower() if zone < 0 else host[:zone].lower() + host[zone:]
    return _upper_hex(host.lower() if host.isascii() else host.translate(_ASCII_LOWER))


def _port(scheme: schemes.Scheme | None, port: str | None) -> str | None:
    """RFC 3986 §6.2.3: an empty port, or the scheme's default, is elided."""
    if not port:
        return None
    if scheme is None or scheme.default_port is None:
        return port
    digits = port.lstrip("0") or "0"
    return None if digits == str(scheme.default_port) else digits


def _normalize_3986(c: Components, level: Level) -> Components:
    """RFC 3986 §6.2.2 (syntax) and §6.2.3 (scheme)."""
    scheme, authority, userinfo, host, port, path, query, fragment = c
    # §6.2.2.1 and §6.2.2.2: an unreserved octet holds no delimiter, so each component
    # is decoded on its own
    if userinfo is not None:
        userinfo = _normalize_pct(userinfo, _PCT_3986)
    if path:
        path = _normalize_pct(path, _PCT_3986)
    if query:
        query = _normalize_pct(query, _PCT_3986)
    if fragment:
        fragment = _normalize_pct(fragment, _PCT_3986)
    if scheme is not None:
        scheme = scheme.lower()
    if host is not None:
        host = lower_host(_normalize_pct(host, _PCT_3986))
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
    path = fit_path(scheme is not None, authority is not None, path)  # §3.3: "//" stays a path
    return scheme, authority, userinfo, host, port, path, query, fragment


def _normalize_2396(c: Components, g: Grammar, level: Level) -> Components:
    """RFC 2396 §6 (scheme and hostname case, default port) and §2.4.2 (escaped
    unreserved characters, mark included, may be unescaped), and the hex digits of the
    other escapes in upper case (§2.4.1: the triplet stands for its octet, whichever the
    case; RFC 3986 §6.2.2.1 says so "for all URIs"); nothing more."""
    rule = g.rules["URI-reference"]
    scheme, authority, _, _, _, path, query, fragment = c
    text = recompose(scheme, authority, path, query, fragment)
    if "%" in text:  # a decoded reg_name may be a hostname now (§3.2): split it again
        c = read(_normalize_pct(text, _PCT_2396), g, rule)
    scheme, authority, userinfo, host, port, path, query, fragment = c
    if scheme is not None:
        scheme = scheme.lower()
    if host is not None:  # a hostname, an IPv4 or an IPv6 address; never a reg_name
        host = host.lower()
        if level == "scheme" and scheme is not None:
            port = _port(schemes.get(scheme), port)
        authority = recompose_authority(userinfo, host, port)
    return read(recompose(scheme, authority, path, query, fragment), g, rule)


def _normalize_3987(c: Components, level: Level) -> Components:
    """RFC 3987 §5.3.2 and §5.3.3: RFC 3986's normalization (§6.2.2, §6.2.3), after the
    percent-encoding of every UCS character the component admits is decoded (§5.3.2.3:
    iunreserved characters are unreserved ones), as §3.2 converts a URI to an IRI."""
    scheme, authority, userinfo, host, port, path, query, fragment = c
    if userinfo is not None:
        userinfo = decode_ucs(userinfo)
    if host is not None and host[:1] != "[":
        host = decode_ucs(host)
    path = decode_ucs(path)
    if query is not None:
        query = decode_ucs(query, UCS | IPRIVATE)
    if fragment is not None:
        fragment = decode_ucs(fragment)
    if host is not None:
        authority = recompose_authority(userinfo, host, port)
    return _normalize_3986((scheme, authority, userinfo, host, port, path, query, fragment), level)


def check_level(level: object) -> None:
    """``level`` must be one of :data:`LEVELS`."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")


def normal(c: Components, g: Grammar, level: Level) -> Components:
    """The components of the normal form of ``c`` (a reference of grammar ``g``) at
    ``level``: RFC 3986 §6.2.2 and §6.2.3, or RFC 2396 §6 and §2.4.2."""
    if level == "string":
        return c
    if g.normalization == "rfc2396":
        return _normalize_2396(c, g, level)
    if g.normalization == "rfc3987":
        return _normalize_3987(c, level)
    return _normalize_3986(c, level)
