"""The component rules of RFC 3986 §3 and RFC 2396 §3 (with RFC 2732): walkers over a
text from an offset, shared by the diagnosis of whole references (``_diagnose``) and by
the component rules of ``is_valid`` / ``validate`` / ``replace``.

A walker reads from ``start`` and returns where its rule ends (an int), or a
:data:`Problem`: the index of the first character that no string of the rule can
continue with (``len(text)`` when the text stops short), its kind and the reason.  The
alternations of the grammar (an authority with or without a userinfo; RFC 2396's
``server | reg_name``) fail where their furthest reading fails.  Which component rules
a grammar has is data on the grammar (``Grammar.component_rules``: rule name -> kind of
walker); :func:`component_rules` turns it into checkers.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from functools import cache

from ..errors import ErrorKind, URISyntaxError, describe_char
from .charsets import (
    ALPHA,
    BAD_ESCAPE,
    BAD_PCT,
    BIDI_FORMATTING,
    DIGIT,
    IPRIVATE,
    CharClass,
    bad_escape,
)
from .grammar import Grammar
from .host import hostname_error, ip_literal_scan, ipv4_error, ipv4_error_2732, ipv6_error

__all__ = [
    "Problem",
    "Walk",
    "authority",
    "check_component",
    "component_rules",
    "invalid_character",
    "not_allowed",
    "run",
    "scheme_end",
    "scheme_reason",
    "stuck",
]

Problem = tuple[int, ErrorKind, str]
Walk = int | Problem  # where a rule ended, or why it could not
Checker = Callable[[str], Problem | None]

UP_TO_DELIMITER = re.compile("[^/?#]*")  # up to the next "/", "?", "#" or the end
PORT = CharClass(DIGIT, pct_encoded=False)  # RFC 3986 §3.2.3, RFC 2396 §3.2.2 port
PORT_REASON = "port must be digits (RFC 3986 §3.2.3)"


# -- the walkers --------------------------------------------------------------------------
def run(text: str, i: int, chars: CharClass) -> int:
    """The end of the longest run of ``chars`` from ``i``, counting a ``%`` only as the
    start of a whole ``%HH`` triplet (RFC 3986 §2.1) where ``chars`` admits escapes."""
    end = chars.run.match(text, i).end()  # type: ignore[union-attr]
    if chars.pct_encoded:  # a class with escapes holds every HEXDIG: no "%HH" straddles end
        bad = BAD_PCT.search(text, i, end)
        if bad is not None:
            return bad.start()
    return end


def stuck(text: str, stop: int, chars: CharClass, kind: ErrorKind, reason: str) -> Problem:
    """The problem where a run of ``chars`` stopped and nothing else may follow: a bad
    escape's first non-HEXDIG, else ``stop`` itself with ``kind`` and ``reason``."""
    if stop < len(text) and text[stop] == "%" and chars.pct_encoded:
        return bad_escape(text, stop), ErrorKind.INVALID_PERCENT_ENCODING, BAD_ESCAPE
    return stop, kind, reason


def not_allowed(text: str, i: int, where: str) -> str:
    if i == len(text):
        return f"the {where} ends early"
    char = text[i]
    if char in IPRIVATE:
        return (
            f"{describe_char(char)} is a private use character, which an IRI holds in "
            "its query only (RFC 3987 §2.2 iprivate)"
        )
    return f"{describe_char(char)} is not allowed in the {where}"


def invalid_character(grammar: Grammar, char: str) -> tuple[ErrorKind, str] | None:
    """Why ``char`` can be in no reference of ``grammar`` at all, or ``None`` if some
    component admits it."""
    if char in grammar.uri_chars:
        return None
    if char.isascii():
        names = [name for name, chars in grammar.excluded.items() if char in chars]
        suffix = f", '{names[0]}' in {grammar.title} §2.4.3" if names else ""
        what = "an IRI" if grammar.uri_chars.wide.spans else "a URI"
        return (
            ErrorKind.INVALID_CHARACTER,
            f"a character not allowed in {what}: {describe_char(char)}{suffix}",
        )
    if not grammar.uri_chars.wide.spans:  # a URI grammar
        return (
            ErrorKind.NON_ASCII,
            f"a non-ASCII character: {describe_char(char)}; URIs are ASCII, so "
            "percent-encode its UTF-8 octets (or read it as an IRI, RFC 3987)",
        )
    if char in BIDI_FORMATTING:
        return (
            ErrorKind.BIDI_FORMATTING,
            f"{describe_char(char)}{_name(char)}: IRIs MUST NOT contain bidirectional "
            "formatting characters (RFC 3987 §4.1)",
        )
    return (
        ErrorKind.INVALID_CHARACTER,
        f"{describe_char(char)}{_name(char)} is no ucschar (RFC 3987 §2.2): "
        f"{_excluded_because(char)}",
    )


def _name(char: str) -> str:
    """`` NAME`` of ``char`` in the Unicode database, or nothing (controls have none)."""
    name = unicodedata.name(char, "")
    return " " + name if name else ""


def _excluded_because(char: str) -> str:
    """Why RFC 3987 §2.2 leaves ``char`` out of ``ucschar`` (and ``iprivate``)."""
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        return "a surrogate, no character"
    if code < 0xA0:
        return "a C1 control character"
    if 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE:
        return "a noncharacter"
    if 0xE0000 <= code <= 0xE0FFF:
        return "a tag or variation selector of plane 14"
    return "one of the Specials, U+FFF0 to U+FFFD"  # ucschar stops at U+FFEF


def scheme_end(text: str, start: int, g: Grammar) -> int:
    """Where ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`` (RFC 3986 §3.1, RFC
    2396 §3.1) read from ``start`` stops: ``start`` itself when no letter begins it."""
    return run(text, start + 1, g.scheme) if text[start : start + 1] in ALPHA else start


def scheme_reason(text: str, i: int, g: Grammar) -> str:
    """Why ``text[i]`` stops a scheme (``i == len(text)``: it ends there)."""
    if i == 0:
        if text[:1] == ":":
            return f"a scheme cannot be empty ({g.sections} §3.1)"
        return f"a scheme must begin with a letter ({g.sections} §3.1)"
    shown = "the end" if i == len(text) else describe_char(text[i])
    return (
        f"{shown} is not allowed in a scheme; a scheme is a letter followed by letters, "
        f"digits, '+', '-' or '.' ({g.sections} §3.1)"
    )


def authority(text: str, start: int, g: Grammar) -> Walk:
    """``authority`` from ``start`` (after "//") to the first "/", "?", "#" or the end:
    RFC 3986 §3.2 ``[ userinfo "@" ] host [ ":" port ]``; RFC 2396 §3.2 ``server |
    reg_name``, ``server = [ [ userinfo "@" ] hostport ]``."""
    end = UP_TO_DELIMITER.match(text, start).end()  # type: ignore[union-attr]
    without = host_port(text, start, g, empty=True)
    stop = run(text, start, g.userinfo)
    if stop < len(text) and text[stop] == "@":
        with_userinfo = host_port(text, stop + 1, g, empty=False)
    else:
        reason = not_allowed(text, stop, "userinfo, which ends with '@'")
        with_userinfo = stuck(text, stop, g.userinfo, ErrorKind.UNEXPECTED_CHARACTER, reason)
    registries = [] if g.registry is None else [registry(text, start, g.registry)]
    has_at = text.find("@", start, end) >= 0
    if has_at:  # the order says who explains a tie
        readings = [with_userinfo, without, *registries]
    else:
        readings = [without, *registries, with_userinfo]
    problems: list[Problem] = []
    for reading in readings:
        if isinstance(reading, int):
            return reading
        problems.append(reading)
    furthest = max(problems, key=lambda problem: problem[0])
    if (
        furthest is with_userinfo
        and isinstance(without, tuple)
        and without[1] is ErrorKind.INVALID_PORT
        and not has_at
    ):  # "//h:8a/" reads as a userinfo until the "/": the port explains it
        position, bad = furthest[0], without[0]
        here = f"at {describe_char(text[position])}" if position < len(text) else "here"
        reason = (  # no index in the reason: a repaired text's would not be the caller's
            f"the authority ends {here}, but its port holds {describe_char(text[bad])}, and "
            f"a port is digits only ({g.sections} §3.2.3); no '@' makes it a userinfo"
        )
        return position, ErrorKind.INVALID_PORT, reason
    return furthest


def registry(text: str, start: int, registry: CharClass) -> Walk:
    """RFC 2396 §3.2.1 ``reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" |
    "@" | "&" | "=" | "+" )``, up to the end of the authority."""
    stop = run(text, start, registry)
    if stop > start and (stop == len(text) or text[stop] in "/?#"):
        return stop
    where = "registry-based authority (RFC 2396 §3.2.1 reg_name)"
    return stuck(
        text, stop, registry, ErrorKind.UNEXPECTED_CHARACTER, not_allowed(text, stop, where)
    )


def host_port(text: str, start: int, g: Grammar, *, empty: bool) -> Walk:
    """``host [ ":" port ]`` from ``start`` to the end of the authority (RFC 3986 §3.2.2,
    §3.2.3; RFC 2396 §3.2.2 ``hostport``, whose ``server`` may be ``empty`` as a whole)."""
    n = len(text)
    if start < n and text[start] == "[":
        found = ip_literal_scan(text, start, n, g.ip_literal)
        if isinstance(found, tuple):
            position, reason = found
            if reason == BAD_ESCAPE:  # in an RFC 6874 zone ID
                return position, ErrorKind.INVALID_PERCENT_ENCODING, reason
            return position, ErrorKind.INVALID_IP_LITERAL, reason
        i = found
        if i < n and text[i] not in ":/?#":
            reason = (
                f"{describe_char(text[i])} after an IP literal; expected ':' and a port, "
                "or the end of the authority"
            )
            return i, ErrorKind.UNEXPECTED_CHARACTER, reason
    else:
        i = run(text, start, g.host)
        if g.server_host_error is not None:  # RFC 2396: a server needs a hostname or IPv4
            if i == start:
                if empty and (i == n or text[i] in "/?#"):
                    return i  # an empty server
                if i == n or text[i] in ":/?#":
                    return (
                        i,
                        ErrorKind.INVALID_HOST,
                        f"a server needs a host here ({g.sections} §3.2.2)",
                    )
            else:
                host = g.server_host_error(text, start, i)
                if host is not None:
                    return host[0], ErrorKind.INVALID_HOST, host[1]
    if i < n and text[i] == ":":
        i = run(text, i + 1, PORT)
        if i < n and text[i] not in "/?#":
            return i, ErrorKind.INVALID_PORT, PORT_REASON
    if i == n or text[i] in "/?#":
        return i
    return stuck(text, i, g.host, ErrorKind.INVALID_HOST, host_reason(text[i]))


def host_reason(char: str) -> str:
    shown = describe_char(char)
    if char == "@":
        return f"{shown} is not allowed in the host; the userinfo ends at the first '@'"
    if char in "[]":
        return f"{shown} is only allowed around an IP literal, as the whole host"
    return not_allowed(char, 0, "host")


# -- the component rules on their own ----------------------------------------------------
def _named(text: str, problem: Problem, g: Grammar) -> Problem:
    """``problem``, its kind and reason replaced by those of a character that no URI
    holds, when one stands at its position (whichever rule reached it)."""
    position = problem[0]
    if position < len(text):
        invalid = invalid_character(g, text[position])
        if invalid is not None:
            return position, *invalid
    return problem


def _whole(text: str, walk: Walk, g: Grammar, kind: ErrorKind, where: str) -> Problem | None:
    """The rule of ``walk`` must take all of ``text``."""
    if isinstance(walk, int):
        if walk == len(text):
            return None
        walk = walk, kind, not_allowed(text, walk, where)
    return _named(text, walk, g)


def _class(g: Grammar, text: str, chars: CharClass, where: str, kind: ErrorKind) -> Problem | None:
    """A component that is a run of one character class (a bad escape is blamed at its
    first character that is not a HEXDIG, RFC 3986 §2.1)."""
    stop = run(text, 0, chars)
    if stop == len(text):
        return None
    return _named(text, stuck(text, stop, chars, kind, not_allowed(text, stop, where)), g)


def _scheme(g: Grammar, text: str) -> Problem | None:
    """RFC 3986 §3.1 / RFC 2396 §3.1 ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )``."""
    end = scheme_end(text, 0, g)
    if end == len(text) and text:
        return None
    return _named(text, (end, ErrorKind.INVALID_SCHEME, scheme_reason(text, end, g)), g)


def _host_address(
    g: Grammar, text: str, walker: Callable[[str, int, int], tuple[int, str] | None]
) -> Problem | None:
    """A host rule walked by one of ``_host``'s checkers."""
    found = walker(text, 0, len(text))
    if found is None:
        return None
    return _named(text, (found[0], ErrorKind.INVALID_HOST, found[1]), g)


def _ip_literal(g: Grammar, text: str) -> Problem | None:
    """``IP-literal`` (RFC 3986 §3.2.2) / ``IPv6reference`` (RFC 2732 §3): in brackets."""
    if text[:1] != "[":
        return _named(text, (0, ErrorKind.INVALID_IP_LITERAL, "an IP literal begins with '['"), g)
    found = ip_literal_scan(text, 0, len(text), g.ip_literal)
    if isinstance(found, int):
        reason = "expected the end of the host after ']'"
        return _whole(text, found, g, ErrorKind.INVALID_IP_LITERAL, reason)
    zone_escape = found[1] == BAD_ESCAPE  # RFC 6874: pct-encoded in a ZoneID
    kind = ErrorKind.INVALID_PERCENT_ENCODING if zone_escape else ErrorKind.INVALID_IP_LITERAL
    return _named(text, (found[0], kind, found[1]), g)


def _host(g: Grammar, text: str) -> Problem | None:
    """RFC 3986 §3.2.2 host; RFC 2396 §3.2.2 ``host = hostname | IPv4address`` (RFC 2732
    adds IPv6reference)."""
    if text[:1] == "[":
        return _ip_literal(g, text)
    if g.server_host_error is not None:
        return _host_address(g, text, g.server_host_error)
    return _class(g, text, g.host, "host", ErrorKind.INVALID_HOST)


def _path(g: Grammar, text: str) -> Problem | None:
    """The path (RFC 3986 §3.3); RFC 2396 §3.3 ``path = [ abs_path | opaque_part ]``."""
    if g.opaque is None or text[:1] == "/" or not text:
        return _class(g, text, g.path, "path", ErrorKind.UNEXPECTED_CHARACTER)
    uric_no_slash, uric = g.opaque
    if run(text, 0, uric_no_slash) == 0:
        reason = not_allowed(text, 0, "start of an opaque part")
        problem = stuck(text, 0, uric_no_slash, ErrorKind.UNEXPECTED_CHARACTER, reason)
        return _named(text, problem, g)
    stop = run(text, 1, uric)
    if stop == len(text):
        return None
    reason = not_allowed(text, stop, "opaque part")
    return _named(text, stuck(text, stop, uric, ErrorKind.UNEXPECTED_CHARACTER, reason), g)


def _reg_name_2396(g: Grammar, text: str) -> Problem | None:
    """RFC 2396 §3.2.1 ``reg_name = 1*( ... )``: at least one character."""
    if not text:
        return 0, ErrorKind.INVALID_HOST, f"a reg_name cannot be empty ({g.sections} §3.2.1)"
    assert g.registry is not None
    return _class(g, text, g.registry, "reg_name", ErrorKind.INVALID_HOST)


#: The kinds of component rules a grammar may name (``Grammar.component_rules``).
_KINDS: dict[str, Callable[[Grammar, str], Problem | None]] = {
    "scheme": _scheme,
    "authority": lambda g, t: _whole(
        t, authority(t, 0, g), g, ErrorKind.UNEXPECTED_CHARACTER, "authority, which it ends"
    ),
    "userinfo": lambda g, t: _class(g, t, g.userinfo, "userinfo", ErrorKind.UNEXPECTED_CHARACTER),
    "host": _host,
    "port": lambda g, t: _class(g, t, PORT, "port", ErrorKind.INVALID_PORT),
    "path": _path,
    "query": lambda g, t: _class(g, t, g.query, "query", ErrorKind.UNEXPECTED_CHARACTER),
    "fragment": lambda g, t: _class(g, t, g.fragment, "fragment", ErrorKind.UNEXPECTED_CHARACTER),
    "ip-literal": _ip_literal,
    "ipv6": lambda g, t: _host_address(
        g, t, lambda s, i, j: ipv6_error(s, i, j, dec_octet=g.ip_literal.dec_octet)
    ),
    "ipv4": lambda g, t: _host_address(
        g, t, ipv4_error if g.ip_literal.dec_octet else ipv4_error_2732
    ),
    "hostname": lambda g, t: _host_address(g, t, hostname_error),
    "reg-name": lambda g, t: _class(g, t, g.host, "reg-name", ErrorKind.INVALID_HOST),
    "reg_name": _reg_name_2396,
}


@cache
def component_rules(g: Grammar) -> Mapping[str, Checker]:
    """The component rules of grammar ``g``, by ABNF name: each checker returns ``None``
    or the first problem."""

    def checker(kind: str) -> Checker:
        walk = _KINDS[kind]
        return lambda text: walk(g, text)

    return {name: checker(kind) for name, kind in g.component_rules.items()}


def check_component(text: str, g: Grammar, rule: str) -> None:
    """Raise :class:`URISyntaxError` unless ``text`` matches the component rule ``rule``
    of grammar ``g`` (``TypeError`` for what is not a str)."""
    if not isinstance(text, str):
        raise TypeError(f"a URI component is a str, not {type(text).__name__}")
    problem = component_rules(g)[rule](text)
    if problem is not None:
        raise URISyntaxError(text, *problem, rule=rule, grammar=g.name)
