"""Rules for one component on its own: ``is_valid("::1", rule="IPv6address")``, and the
checks ``URIReference.replace`` makes before it recomposes.

Each rule is a checker returning ``None`` or the first problem, built from the same
grammar data as the reference pattern (character classes, the host rules).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

from ._charsets import ALPHA, SCHEME, URI_CHARS, URIC, CharClass
from ._diagnose import diagnose
from ._grammar import Grammar
from ._host import (
    ip_literal_error,
    ipv4_error,
    ipv6_error,
    is_hostname,
    is_ipv4address_2732,
)
from ._parse import AUTHORITY, split
from .errors import ErrorKind, describe_char

Problem = tuple[int, ErrorKind, str]
_ANY_URI_CHAR = URI_CHARS | URIC
Checker = Callable[[str], Problem | None]


def _class_problem(text: str, chars: CharClass, where: str) -> Problem | None:
    """The first character of ``text`` that ``chars`` does not admit."""
    bad = chars.first_bad(text)
    if bad is None:
        return None
    char = text[bad]
    if char == "%" and chars.pct_encoded:
        return (
            bad,
            ErrorKind.INVALID_PERCENT_ENCODING,
            "'%' must be followed by two hexadecimal digits",
        )
    if not char.isascii():
        kind = ErrorKind.NON_ASCII
    elif char in _ANY_URI_CHAR:
        kind = ErrorKind.UNEXPECTED_CHARACTER
    else:
        kind = ErrorKind.INVALID_CHARACTER
    return bad, kind, f"{describe_char(char)} is not allowed in the {where}"


def _scheme(text: str) -> Problem | None:
    """RFC 3986 §3.1 / RFC 2396 §3.1 ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )``."""
    if not text or text[0] not in ALPHA:
        return 0, ErrorKind.INVALID_SCHEME, "a scheme must begin with a letter (§3.1)"
    for i, char in enumerate(text):
        if char not in SCHEME:
            return i, ErrorKind.INVALID_SCHEME, f"{describe_char(char)} is not allowed in a scheme"
    return None


def _port(text: str) -> Problem | None:
    """``port = *DIGIT`` (RFC 3986 §3.2.3, RFC 2396 §3.2.2)."""
    for i, char in enumerate(text):
        if not "0" <= char <= "9":
            return i, ErrorKind.INVALID_PORT, "port must be digits"
    return None


def _ip_literal(g: Grammar, text: str) -> Problem | None:
    if len(text) < 2 or text[0] != "[" or text[-1] != "]":
        return len(text), ErrorKind.INVALID_IP_LITERAL, "an IP literal is enclosed in '[' ']'"
    found = ip_literal_error(text, 0, len(text), future=g.ip_future, zone=g.ip_zone)
    return None if found is None else (found[0], ErrorKind.INVALID_IP_LITERAL, found[1])


def _host(g: Grammar, text: str) -> Problem | None:
    """RFC 3986 §3.2.2 host; RFC 2396 §3.2.2 ``host = hostname | IPv4address`` (RFC 2732
    adds IPv6reference)."""
    if text[:1] == "[":
        return _ip_literal(g, text)
    problem = _class_problem(text, g.host, "host")
    if problem is None and g.server_host is not None and not g.server_host(text):
        return 0, ErrorKind.INVALID_HOST, f"not a hostname or IPv4 address ({g.title} §3.2.2)"
    return problem


def _authority(g: Grammar, text: str) -> Problem | None:
    """``authority`` (RFC 3986 §3.2; RFC 2396 §3.2 ``server | reg_name``): read as the
    authority of ``"//" + text``, which must come back whole."""
    whole = "//" + text
    rule = g.rules["URI-reference"]
    parts = split(whole, g, rule)
    if parts is None:
        error = diagnose(whole, g, rule)
        return min(max(error.position - 2, 0), len(text)), error.kind, error.reason
    end = len(parts[AUTHORITY] or "")
    if end == len(text):
        return None
    return end, ErrorKind.UNEXPECTED_CHARACTER, f"{describe_char(text[end])} ends the authority"


def _address(checker: Callable[[str, int, int], tuple[int, str] | None]) -> Checker:
    def check(text: str) -> Problem | None:
        found = checker(text, 0, len(text))
        return None if found is None else (found[0], ErrorKind.INVALID_HOST, found[1])

    return check


def _predicate(test: Callable[[str], bool], name: str) -> Checker:
    def check(text: str) -> Problem | None:
        return None if test(text) else (0, ErrorKind.INVALID_HOST, f"not {name}")

    return check


@cache
def component_rules(g: Grammar) -> Mapping[str, Checker]:
    """The component rules of grammar ``g``, by ABNF name."""
    rules: dict[str, Checker] = {
        "scheme": _scheme,
        "authority": lambda text: _authority(g, text),
        "userinfo": lambda text: _class_problem(text, g.userinfo, "userinfo"),
        "host": lambda text: _host(g, text),
        "port": _port,
        "path": lambda text: _class_problem(text, g.path, "path"),
        "query": lambda text: _class_problem(text, g.query, "query"),
        "fragment": lambda text: _class_problem(text, g.fragment, "fragment"),
    }
    if g.server_host is None:  # RFC 3986 §3.2.2
        rules["IP-literal"] = lambda text: _ip_literal(g, text)
        rules["IPv4address"] = _address(ipv4_error)
        rules["IPv6address"] = _address(ipv6_error)
        rules["reg-name"] = lambda text: _class_problem(text, g.host, "reg-name")
    else:  # RFC 2396 §3.2.1, §3.2.2 and RFC 2732 §3
        rules["hostname"] = _predicate(is_hostname, "a hostname (RFC 2396 §3.2.2)")
        rules["IPv4address"] = _predicate(is_ipv4address_2732, "1*3DIGIT '.' x4 (RFC 2732)")
        rules["IPv6reference"] = lambda text: _ip_literal(g, text)
        registry = g.registry
        assert registry is not None
        rules["reg_name"] = lambda text: (
            (0, ErrorKind.INVALID_HOST, "a reg_name cannot be empty")
            if not text
            else _class_problem(text, registry, "reg_name")
        )
    return rules
