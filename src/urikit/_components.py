"""Rules for one component on its own: ``is_valid("::1", rule="IPv6address")``, and the
checks ``URIReference.replace`` makes before it recomposes.

Each rule is a checker returning ``None`` or the first problem, built from the same
grammar data as the reference pattern (character classes, the host rules).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache

from ._charsets import ALPHA, BAD_ESCAPE, SCHEME, URI_CHARS, URIC, CharClass, bad_escape
from ._diagnose import diagnose
from ._grammar import Grammar
from ._host import (
    hostname_error,
    ip_literal_scan,
    ipv4_error,
    ipv4_error_2732,
    ipv6_error,
)
from ._parse import split
from .errors import ErrorKind, URISyntaxError, describe_char

Problem = tuple[int, ErrorKind, str]
_ANY_URI_CHAR = URI_CHARS | URIC
Checker = Callable[[str], Problem | None]


def _char_kind(char: str, otherwise: ErrorKind) -> ErrorKind:
    """The kind for a character that cannot stand here: no URI holds it at all, or it
    is a URI character this rule does not admit (``otherwise``)."""
    if not char.isascii():
        return ErrorKind.NON_ASCII
    return otherwise if char in _ANY_URI_CHAR else ErrorKind.INVALID_CHARACTER


def _class_problem(
    text: str,
    chars: CharClass,
    where: str,
    kind: ErrorKind = ErrorKind.UNEXPECTED_CHARACTER,
    start: int = 0,
) -> Problem | None:
    """The first character of ``text[start:]`` that ``chars`` does not admit (for a bad
    escape, the first character after its ``%`` that is not a HEXDIG)."""
    bad = chars.first_bad(text, start)
    if bad is None:
        return None
    char = text[bad]
    if char == "%" and chars.pct_encoded:
        position = bad_escape(text, bad)
        char = text[position] if position < len(text) else "%"
        return position, _char_kind(char, ErrorKind.INVALID_PERCENT_ENCODING), BAD_ESCAPE
    return bad, _char_kind(char, kind), f"{describe_char(char)} is not allowed in the {where}"


def _scheme(text: str) -> Problem | None:
    """RFC 3986 §3.1 / RFC 2396 §3.1 ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )``."""
    for i, char in enumerate(text):
        if char not in (SCHEME if i else ALPHA):
            kind = _char_kind(char, ErrorKind.INVALID_SCHEME)
            return i, kind, f"{describe_char(char)} is not allowed here in a scheme (§3.1)"
    if not text:
        return 0, ErrorKind.INVALID_SCHEME, "a scheme must begin with a letter (§3.1)"
    return None


def _port(text: str) -> Problem | None:
    """``port = *DIGIT`` (RFC 3986 §3.2.3, RFC 2396 §3.2.2)."""
    for i, char in enumerate(text):
        if not "0" <= char <= "9":
            return i, _char_kind(char, ErrorKind.INVALID_PORT), "port must be digits"
    return None


def _ip_literal(g: Grammar, text: str) -> Problem | None:
    """``IP-literal`` (RFC 3986 §3.2.2) / ``IPv6reference`` (RFC 2732 §3): in brackets."""
    if text[:1] != "[":
        return _located(text, (0, "an IP literal begins with '['"), ErrorKind.INVALID_IP_LITERAL)
    found = ip_literal_scan(text, 0, len(text), g.ip_literal)
    if isinstance(found, int):
        if found == len(text):
            return None
        found = found, "expected the end of the host after ']'"
    zone_escape = found[1] == BAD_ESCAPE  # RFC 6874: pct-encoded in a ZoneID
    kind = ErrorKind.INVALID_PERCENT_ENCODING if zone_escape else ErrorKind.INVALID_IP_LITERAL
    return _located(text, found, kind)


def _located(text: str, found: tuple[int, str], otherwise: ErrorKind) -> Problem:
    """A host checker's ``(position, reason)`` with its kind: ``otherwise``, unless the
    character there is one no URI holds."""
    position, reason = found
    char = text[position] if position < len(text) else ""
    return position, _char_kind(char, otherwise) if char else otherwise, reason


def _address(checker: Callable[[str, int, int], tuple[int, str] | None]) -> Checker:
    """A host rule's checker, with the kind of a character that no URI holds."""

    def check(text: str) -> Problem | None:
        found = checker(text, 0, len(text))
        return None if found is None else _located(text, found, ErrorKind.INVALID_HOST)

    return check


def _host(g: Grammar, text: str) -> Problem | None:
    """RFC 3986 §3.2.2 host; RFC 2396 §3.2.2 ``host = hostname | IPv4address`` (RFC 2732
    adds IPv6reference)."""
    if text[:1] == "[":
        return _ip_literal(g, text)
    if g.server_host_error is not None:
        return _address(g.server_host_error)(text)
    return _class_problem(text, g.host, "host", ErrorKind.INVALID_HOST)


def _path(g: Grammar, text: str) -> Problem | None:
    """The path (RFC 3986 §3.3); RFC 2396 §3.3 ``path = [ abs_path | opaque_part ]``."""
    if g.opaque is None or text[:1] == "/" or not text:
        return _class_problem(text, g.path, "path")
    uric_no_slash, uric = g.opaque
    if text[0] not in uric_no_slash:
        return 0, _char_kind(text[0], ErrorKind.UNEXPECTED_CHARACTER), "not an opaque_part"
    return _class_problem(text, uric, "opaque_part", start=1)


_AUTHORITY = re.compile("[^/?#]*")


def _authority(g: Grammar, text: str) -> Problem | None:
    """``authority`` (RFC 3986 §3.2; RFC 2396 §3.2 ``server | reg_name``): the authority
    of ``"//" + text`` up to its first "/", "?" or "#", which no authority holds."""
    end = len(_AUTHORITY.match(text).group())  # type: ignore[union-attr]
    whole = "//" + text[:end]
    rule = g.rules["URI-reference"]
    if split(whole, g, rule) is None:
        error = diagnose(whole, g, rule)
        return error.position - 2, error.kind, error.reason
    if end == len(text):
        return None
    return end, ErrorKind.UNEXPECTED_CHARACTER, f"{describe_char(text[end])} ends the authority"


@cache
def component_rules(g: Grammar) -> Mapping[str, Checker]:
    """The component rules of grammar ``g``, by ABNF name."""
    rules: dict[str, Checker] = {
        "scheme": _scheme,
        "authority": lambda text: _authority(g, text),
        "userinfo": lambda text: _class_problem(text, g.userinfo, "userinfo"),
        "host": lambda text: _host(g, text),
        "port": _port,
        "path": lambda text: _path(g, text),
        "query": lambda text: _class_problem(text, g.query, "query"),
        "fragment": lambda text: _class_problem(text, g.fragment, "fragment"),
    }
    # RFC 3986 §3.2.2; RFC 2732 §3 (RFC 2373 §2.2: 1*3DIGIT in the IPv4 part)
    dec_octet = g.ip_literal.dec_octet
    rules["IPv6address"] = _address(lambda t, i, j: ipv6_error(t, i, j, dec_octet=dec_octet))
    if g.server_host is None:  # RFC 3986 §3.2.2
        rules["IP-literal"] = lambda text: _ip_literal(g, text)
        rules["IPv4address"] = _address(ipv4_error)
        rules["reg-name"] = lambda text: _class_problem(
            text, g.host, "reg-name", ErrorKind.INVALID_HOST
        )
    else:  # RFC 2396 §3.2.1, §3.2.2 and RFC 2732 §3
        rules["hostname"] = _address(hostname_error)
        rules["IPv4address"] = _address(ipv4_error_2732)
        rules["IPv6reference"] = lambda text: _ip_literal(g, text)
        registry = g.registry
        assert registry is not None
        rules["reg_name"] = lambda text: (
            (0, ErrorKind.INVALID_HOST, "a reg_name cannot be empty")
            if not text
            else _class_problem(text, registry, "reg_name", ErrorKind.INVALID_HOST)
        )
    return rules


def check_component(text: str, g: Grammar, rule: str) -> None:
    """Raise :class:`URISyntaxError` unless ``text`` matches the component rule ``rule``
    of grammar ``g`` (``TypeError`` for what is not a str)."""
    if not isinstance(text, str):
        raise TypeError(f"a URI component is a str, not {type(text).__name__}")
    problem = component_rules(g)[rule](text)
    if problem is not None:
        raise URISyntaxError(text, *problem, rule=rule, grammar=g.name)
