"""Where and why an input is not a URI reference: the slow path of ``_parse``.

The grammar's reference pattern matches the longest prefix it can, component by
component, so the index where it stops is where the input stops fitting; which group
was open there says which rule was expected.  Checks the pattern cannot make (a ``%``
triplet, an IP literal, the rule's scheme or fragment) give their own index, and the
earliest problem wins.  RFC 2396's ``authority = server | reg_name`` is judged by
whichever alternative reads further.
"""

from __future__ import annotations

import re

from ._charsets import ALPHA, BAD_PCT, IP_LITERAL, SCHEME
from ._grammar import Grammar, ReferenceRule
from ._host import ip_literal_error
from .errors import ErrorKind, URISyntaxError, describe_char

Problem = tuple[int, ErrorKind, str]

_AUTHORITY_END = re.compile("[^/?#]*")


def diagnose(text: str, grammar: Grammar, rule: ReferenceRule) -> URISyntaxError:
    """The ``URISyntaxError`` for ``text``, which does not fit ``rule``."""
    match = grammar.reference.match(text)
    assert match is not None  # every part of the pattern may be empty
    stop = match.end()
    problems: list[Problem] = []
    if stop < len(text):
        problems.append(_stop_problem(text, grammar, rule, match, stop))
    bad = BAD_PCT.search(text)
    if bad is not None:
        problems.append(
            (
                bad.start(),
                ErrorKind.INVALID_PERCENT_ENCODING,
                "'%' must be followed by two hexadecimal digits",
            )
        )
    problems.extend(_rule_problems(text, grammar, rule, match))
    host_start, host_end = match.span("host")
    if host_end > host_start and text[host_start] == "[":
        found = ip_literal_error(
            text, host_start, host_end, future=grammar.ip_future, zone=grammar.ip_zone
        )
        if found is not None:
            problems.append((found[0], ErrorKind.INVALID_IP_LITERAL, found[1]))
    if not problems:  # pragma: no cover - the fast path and this one disagree
        problems.append((stop, ErrorKind.UNEXPECTED_CHARACTER, "unexpected input"))
    # The earliest problem wins; at one index, the character itself is the clearer
    # explanation, so problems found at the stop come first (min is stable).
    position, kind, reason = min(problems, key=lambda problem: problem[0])
    return URISyntaxError(text, position, kind, reason, rule=rule.name, grammar=grammar.name)


def _rule_problems(
    text: str, grammar: Grammar, rule: ReferenceRule, match: re.Match[str]
) -> list[Problem]:
    """What the rule (not the characters) rules out: scheme, fragment, empty hier-part."""
    problems: list[Problem] = []
    scheme = match.group("scheme")
    if scheme is None and rule.scheme == "required":
        problems.append(_missing_scheme(text, rule))
    if scheme is not None and rule.scheme == "forbidden":
        problems.append(_colon_in_first_segment(len(scheme), rule))
    if not text and not rule.empty:
        problems.append(
            (0, ErrorKind.INVALID_PATH, f"{rule.name} cannot be empty ({rule.section})")
        )
    if match.start("fragment") >= 0 and not rule.fragment:
        problems.append(
            (
                match.start("fragment") - 1,
                ErrorKind.FRAGMENT_NOT_ALLOWED,
                f"{rule.name} does not allow a fragment ({rule.section})",
            )
        )
    if (
        scheme is not None
        and not grammar.empty_scheme_specific_part
        and match.start("authority") < 0
        and match.end("path") == match.start("path")
    ):
        problems.append(
            (
                len(scheme) + 1,
                ErrorKind.EMPTY_SCHEME_SPECIFIC_PART,
                f"{grammar.title} needs '//', '/' or an opaque part after 'scheme:' (§3)",
            )
        )
    return problems


def _missing_scheme(text: str, rule: ReferenceRule) -> Problem:
    """No scheme where the rule needs one: blame the first character that cannot
    continue ``scheme ":"``."""
    first_segment = re.match(r"[^/?#]*", text)
    assert first_segment is not None
    if ":" in first_segment.group():
        return _bad_scheme(text, text.index(":"))
    i = 0 if text[:1] not in ALPHA else _scheme_run(text)
    return (
        i,
        ErrorKind.MISSING_SCHEME,
        f"{rule.name} must begin with a scheme and ':' ({rule.section})",
    )


def _scheme_run(text: str) -> int:
    i = 1
    while i < len(text) and text[i] in SCHEME:
        i += 1
    return i


def _bad_scheme(text: str, colon: int) -> Problem:
    """``text[:colon]`` was meant as a scheme: say which character spoils it."""
    if colon == 0:
        return 0, ErrorKind.INVALID_SCHEME, "a scheme cannot be empty (§3.1)"
    if text[0] not in ALPHA:
        return 0, ErrorKind.INVALID_SCHEME, "a scheme must begin with a letter (§3.1)"
    i = _scheme_run(text)
    return (
        i,
        ErrorKind.INVALID_SCHEME,
        f"{describe_char(text[i])} is not allowed in a scheme; a scheme is a letter "
        "followed by letters, digits, '+', '-' or '.' (§3.1)",
    )


def _colon_in_first_segment(colon: int, rule: ReferenceRule) -> Problem:
    return (
        colon,
        ErrorKind.COLON_IN_FIRST_SEGMENT,
        f"':' is not allowed in the first segment of a relative reference's path, "
        f"where it would read as a scheme; write './' before it ({rule.section})",
    )


def _invalid_character(grammar: Grammar, char: str) -> tuple[ErrorKind, str] | None:
    """Why ``char`` can be in no URI at all, or ``None`` if some component admits it."""
    if not char.isascii():
        return (
            ErrorKind.NON_ASCII,
            f"a non-ASCII character: {describe_char(char)}; URIs are ASCII, so "
            "percent-encode its UTF-8 octets",
        )
    if char in grammar.uri_chars:
        return None
    names = [name for name, chars in grammar.excluded.items() if char in chars]
    suffix = f", '{names[0]}' in {grammar.title} §2.4.3" if names else ""
    return (
        ErrorKind.INVALID_CHARACTER,
        f"a character not allowed in a URI: {describe_char(char)}{suffix}",
    )


def _stop_problem(
    text: str, grammar: Grammar, rule: ReferenceRule, match: re.Match[str], stop: int
) -> Problem:
    """Why the character at ``stop``, where the pattern stopped, cannot belong there."""
    char = text[stop]
    invalid = _invalid_character(grammar, char)
    if invalid is not None:
        return (stop, *invalid)
    shown = describe_char(char)
    if match.start("fragment") >= 0:
        return stop, ErrorKind.UNEXPECTED_CHARACTER, f"{shown} is not allowed in the fragment"
    if match.start("query") >= 0:
        return stop, ErrorKind.UNEXPECTED_CHARACTER, f"{shown} is not allowed in the query"
    path_start = match.start("path")
    if match.start("authority") >= 0 and stop == path_start:
        return _authority_problem(text, grammar, match.start("authority"), stop)
    if match.start("scheme") < 0 and char == ":":  # only a first segment stops at ':'
        if rule.scheme == "forbidden":
            return _colon_in_first_segment(stop, rule)
        return _bad_scheme(text, stop)
    where = "path"
    if grammar.opaque is not None and match.start("scheme") >= 0 and text[path_start] != "/":
        where = "opaque part" if stop > path_start else "start of an opaque part"
    return stop, ErrorKind.UNEXPECTED_CHARACTER, f"{shown} is not allowed in the {where}"


def _authority_problem(text: str, grammar: Grammar, start: int, stop: int) -> Problem:
    """The authority starting at ``start`` cannot go on at ``stop``."""
    server = grammar.server.match(text, start)
    assert server is not None
    end = server.end()
    if grammar.registry is not None:
        registry_end = grammar.registry.run.match(text, start).end()  # type: ignore[union-attr]
        if registry_end > end or (registry_end == end and server.start("host") < 0):
            return (
                registry_end,
                ErrorKind.UNEXPECTED_CHARACTER,
                f"{describe_char(text[registry_end])} is not allowed in a registry-based "
                f"authority ({grammar.title} §3.2.1 reg_name)",
            )
    char = text[end] if end < len(text) else ""
    invalid = _invalid_character(grammar, char) if char else None
    if invalid is not None:
        return (end, *invalid)
    authority_end = _AUTHORITY_END.match(text, start).end()  # type: ignore[union-attr]
    if text.find("@", end, authority_end) >= 0 and server.start("userinfo") < 0:
        # RFC 3986 §3.2.1: everything before the "@" is the userinfo
        return (
            end,
            ErrorKind.UNEXPECTED_CHARACTER,
            f"{describe_char(char)} is not allowed in the userinfo",
        )
    if server.start("port") >= 0:
        return end, ErrorKind.INVALID_PORT, "port must be digits"
    host_start, host_end = server.span("host")
    if host_end > host_start and text[host_start] == "[":
        return (
            end,
            ErrorKind.UNEXPECTED_CHARACTER,
            f"{describe_char(char)} after an IP literal; expected ':' and a port, "
            "or the end of the authority",
        )
    if char == "[" and end == host_start:
        return _unclosed_ip_literal(text, end, grammar)
    return end, ErrorKind.INVALID_HOST, _host_reason(char)


def _host_reason(char: str) -> str:
    shown = describe_char(char)
    if char == "@":
        return f"{shown} is not allowed in the host; the userinfo ends at the first '@'"
    if char in "[]":
        return f"{shown} is only allowed around an IP literal, as the whole host"
    return f"{shown} is not allowed in the host"


def _unclosed_ip_literal(text: str, start: int, grammar: Grammar) -> Problem:
    """``text[start]`` is ``[`` but no ``]`` closes a literal made of its characters."""
    i = start + 1
    while i < len(text) and text[i] in IP_LITERAL:
        i += 1
    if i == len(text):
        return i, ErrorKind.INVALID_IP_LITERAL, "an IP literal needs a closing ']'"
    invalid = _invalid_character(grammar, text[i])
    if invalid is not None:
        return (i, *invalid)
    return (
        i,
        ErrorKind.INVALID_IP_LITERAL,
        f"{describe_char(text[i])} is not allowed in an IP literal",
    )
