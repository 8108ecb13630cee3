"""Where and why an input is not a URI reference: the slow path of ``_parse``.

The position of an error is the first character that no string of the rule can continue
with (``len(text)`` when every prefix could still become a valid string but the whole is
not one); ``tests/test_positions.py`` checks it against an independent ABNF oracle.  To
find it, the rule is walked over the grammar's data as its alternatives read it: a
reference with a scheme or without (RFC 3986 §4.1 ``URI / relative-ref``; RFC 2396 §4
``absoluteURI | relativeURI``), an authority with a userinfo or without (§3.2) and, in
RFC 2396, a server or a ``reg_name`` (§3.2).  An alternation fails where its furthest
reading fails, so the furthest reading gives the position; the kind and the reason are
those of the character found there.

Conventions (the position is always the one defined above; these choose what it is called):

* A character that no URI holds is ``INVALID_CHARACTER`` (``NON_ASCII`` outside ASCII)
  wherever it stands, whichever reading reached it.
* A ``%`` not followed by two HEXDIG, where escapes are allowed, is
  ``INVALID_PERCENT_ENCODING`` at the first character that is not a HEXDIG.
* A ``:`` that ends the first segment of a reference without a valid scheme is
  ``INVALID_SCHEME`` under rules that allow a scheme (the reason names the character that
  spoils the scheme), and ``COLON_IN_FIRST_SEGMENT`` under relative ones.
* When readings of an authority stop at the same character, the reading with a userinfo
  explains it if an ``@`` is in the authority, else the reading without one, then (RFC
  2396) the ``reg_name`` one.  When the userinfo reading goes further only because the
  characters of ``host:port`` are userinfo characters too (``//h:8a/`` fails at its
  ``/``), the port explains it: ``INVALID_PORT``.
* When both readings of a reference stop at the same character, the one without a scheme
  explains it (a scheme is only one once its ``:`` is read).
"""

from __future__ import annotations

import re

from ._charsets import ALPHA, BAD_ESCAPE, BAD_PCT, DIGIT, CharClass, bad_escape
from ._grammar import Grammar, ReferenceRule
from ._host import ip_literal_scan
from .errors import ErrorKind, URISyntaxError, describe_char

Problem = tuple[int, ErrorKind, str]
Walk = int | Problem  # where a rule ended, or why it could not

_UP_TO_DELIMITER = re.compile("[^/?#]*")  # up to the next "/", "?", "#" or the end
_PORT = CharClass(DIGIT, pct_encoded=False)  # RFC 3986 §3.2.3, RFC 2396 §3.2.2 port


def diagnose(text: str, grammar: Grammar, rule: ReferenceRule) -> URISyntaxError:
    """The ``URISyntaxError`` for ``text``, which does not fit ``rule``."""
    readings: list[Problem | None] = []
    if rule.scheme != "required":
        readings.append(_without_scheme(text, grammar, rule))
    if rule.scheme != "forbidden":
        readings.append(_with_scheme(text, grammar, rule))
    problems = [problem for problem in readings if problem is not None]
    if len(problems) < len(readings):  # pragma: no cover - the fast path and this disagree
        problems = [(len(text), ErrorKind.UNEXPECTED_CHARACTER, "unexpected input")]
    position, kind, reason = max(problems, key=lambda problem: problem[0])  # first on ties
    if position < len(text):
        invalid = _invalid_character(grammar, text[position])
        if invalid is not None:
            kind, reason = invalid
    return URISyntaxError(text, position, kind, reason, rule=rule.name, grammar=grammar.name)


# -- runs of a character class ---------------------------------------------------------
def _run(text: str, i: int, chars: CharClass) -> int:
    """The end of the longest run of ``chars`` from ``i``, counting a ``%`` only as the
    start of a whole ``%HH`` triplet (RFC 3986 §2.1) where ``chars`` admits escapes."""
    end = chars.run.match(text, i).end()  # type: ignore[union-attr]
    if chars.pct_encoded:  # a class with escapes holds every HEXDIG: no "%HH" straddles end
        bad = BAD_PCT.search(text, i, end)
        if bad is not None:
            return bad.start()
    return end


def _stuck(text: str, stop: int, chars: CharClass, kind: ErrorKind, reason: str) -> Problem:
    """The problem where a run of ``chars`` stopped and nothing else may follow: a bad
    escape's first non-HEXDIG, else ``stop`` itself with ``kind`` and ``reason``."""
    if stop < len(text) and text[stop] == "%" and chars.pct_encoded:
        return bad_escape(text, stop), ErrorKind.INVALID_PERCENT_ENCODING, BAD_ESCAPE
    return stop, kind, reason


def _not_allowed(text: str, i: int, where: str) -> str:
    if i == len(text):
        return f"the {where} ends early"
    return f"{describe_char(text[i])} is not allowed in the {where}"


# -- the two readings of a reference ------------------------------------------------------
def _with_scheme(text: str, g: Grammar, rule: ReferenceRule) -> Problem | None:
    """``scheme ":" hier-part [ "?" query ] [ "#" fragment ]`` (RFC 3986 §3; RFC 2396 §3
    ``absoluteURI = scheme ":" ( hier_part | opaque_part )``)."""
    i = _run(text, 1, g.scheme) if text[:1] in ALPHA else 0
    if i == len(text) or text[i] != ":" or i == 0:
        return _no_scheme(text, i, rule)
    i += 1
    if text.startswith("//", i):
        end = _authority(text, i + 2, g)
        return end if isinstance(end, tuple) else _tail(text, end, g, rule, g.path, "path")
    if not g.empty_scheme_specific_part and (i == len(text) or text[i] == "#"):
        reason = f"{g.title} needs '//', '/' or an opaque part after 'scheme:' (§3)"
        return i, ErrorKind.EMPTY_SCHEME_SPECIFIC_PART, reason
    if g.opaque is not None and not text.startswith("/", i):  # RFC 2396 §3 opaque_part
        uric_no_slash, uric = g.opaque
        if _run(text, i, uric_no_slash) == i:
            reason = _not_allowed(text, i, "start of an opaque part")
            return _stuck(text, i, uric_no_slash, ErrorKind.UNEXPECTED_CHARACTER, reason)
        return _tail(text, i, g, rule, uric, "opaque part")
    return _tail(text, i, g, rule, g.path, "path")


def _no_scheme(text: str, i: int, rule: ReferenceRule) -> Problem:
    """The scheme reading stopped at ``i``: no scheme, or a spoiled one before a ``:``."""
    first_segment = _UP_TO_DELIMITER.match(text)
    assert first_segment is not None
    if ":" in first_segment.group():
        return i, ErrorKind.INVALID_SCHEME, _scheme_reason(text, i)
    reason = f"{rule.name} must begin with a scheme and ':' ({rule.section})"
    return i, ErrorKind.MISSING_SCHEME, reason


def _scheme_reason(text: str, i: int) -> str:
    """Why ``text[i]`` stops the scheme, ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" /
    "." )`` (RFC 3986 §3.1, RFC 2396 §3.1)."""
    if i == 0:
        if text[:1] == ":":
            return "a scheme cannot be empty (§3.1)"
        return "a scheme must begin with a letter (§3.1)"
    return (
        f"{describe_char(text[i])} is not allowed in a scheme; a scheme is a letter "
        "followed by letters, digits, '+', '-' or '.' (§3.1)"
    )


def _without_scheme(text: str, g: Grammar, rule: ReferenceRule) -> Problem | None:
    """``relative-part [ "?" query ] [ "#" fragment ]`` (RFC 3986 §4.2; RFC 2396 §5
    ``relativeURI``, and urikit's "?query" and "#fragment" alone)."""
    if not text and not rule.empty:
        return 0, ErrorKind.INVALID_PATH, f"{rule.name} cannot be empty ({rule.section})"
    if text.startswith("//"):
        end = _authority(text, 2, g)
        return end if isinstance(end, tuple) else _tail(text, end, g, rule, g.path, "path")
    i = 0 if text[:1] == "/" else _run(text, 0, g.first_segment)
    if i < len(text) and text[i] == ":":
        return _colon(text, i, g, rule)
    return _tail(text, i, g, rule, g.path, "path")


def _colon(text: str, colon: int, g: Grammar, rule: ReferenceRule) -> Problem:
    """A ``:`` in the first segment of a path without a scheme (RFC 3986 §4.2, RFC 2396
    §5 ``rel_segment``): where a scheme may stand, it ends a spoiled one."""
    if rule.scheme == "forbidden":
        return (
            colon,
            ErrorKind.COLON_IN_FIRST_SEGMENT,
            "':' is not allowed in the first segment of a relative reference's path, "
            f"where it would read as a scheme; write './' before it ({rule.section})",
        )
    bad = _run(text, 1, g.scheme) if text[:1] in ALPHA else 0
    return colon, ErrorKind.INVALID_SCHEME, "':' ends no scheme: " + _scheme_reason(text, bad)


def _tail(
    text: str, i: int, g: Grammar, rule: ReferenceRule, path: CharClass, where: str
) -> Problem | None:
    """The path from ``i`` (``path`` characters), then ``[ "?" query ] [ "#" fragment ]``."""
    chars, i = path, _run(text, i, path)
    if i < len(text) and text[i] == "?":
        chars, where, i = g.query, "query", _run(text, i + 1, g.query)
    if i < len(text) and text[i] == "#":
        if not rule.fragment:
            reason = f"{rule.name} does not allow a fragment ({rule.section})"
            return i, ErrorKind.FRAGMENT_NOT_ALLOWED, reason
        chars, where, i = g.fragment, "fragment", _run(text, i + 1, g.fragment)
    if i == len(text):
        return None
    return _stuck(text, i, chars, ErrorKind.UNEXPECTED_CHARACTER, _not_allowed(text, i, where))


# -- the authority ----------------------------------------------------------------------
def _authority(text: str, start: int, g: Grammar) -> Walk:
    """``authority`` from ``start`` (after "//") to the first "/", "?", "#" or the end:
    RFC 3986 §3.2 ``[ userinfo "@" ] host [ ":" port ]``; RFC 2396 §3.2 ``server |
    reg_name``, ``server = [ [ userinfo "@" ] hostport ]``."""
    end = _UP_TO_DELIMITER.match(text, start).end()  # type: ignore[union-attr]
    without = _host_port(text, start, g, empty=True)
    stop = _run(text, start, g.userinfo)
    if stop < len(text) and text[stop] == "@":
        with_userinfo = _host_port(text, stop + 1, g, empty=False)
    else:
        reason = _not_allowed(text, stop, "userinfo, which ends with '@'")
        with_userinfo = _stuck(text, stop, g.userinfo, ErrorKind.UNEXPECTED_CHARACTER, reason)
    registry = [] if g.registry is None else [_registry(text, start, g.registry)]
    has_at = text.find("@", start, end) >= 0
    if has_at:  # the order says who explains a tie
        readings = [with_userinfo, without, *registry]
    else:
        readings = [without, *registry, with_userinfo]
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
        reason = (
            f"the authority ends {here}, but its port must be digits, not "
            f"{describe_char(text[bad])} at {bad} (§3.2.3); no '@' makes it a userinfo"
        )
        return position, ErrorKind.INVALID_PORT, reason
    return furthest


def _registry(text: str, start: int, registry: CharClass) -> Walk:
    """RFC 2396 §3.2.1 ``reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" |
    "@" | "&" | "=" | "+" )``, up to the end of the authority."""
    stop = _run(text, start, registry)
    if stop > start and (stop == len(text) or text[stop] in "/?#"):
        return stop
    where = "registry-based authority (RFC 2396 §3.2.1 reg_name)"
    return _stuck(
        text, stop, registry, ErrorKind.UNEXPECTED_CHARACTER, _not_allowed(text, stop, where)
    )


def _host_port(text: str, start: int, g: Grammar, *, empty: bool) -> Walk:
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
        i = _run(text, start, g.host)
        if g.server_host_error is not None:  # RFC 2396: a server needs a hostname or IPv4
            if i == start:
                if empty and (i == n or text[i] in "/?#"):
                    return i  # an empty server
                if i == n or text[i] in ":/?#":
                    return i, ErrorKind.INVALID_HOST, f"{g.title} needs a host here (§3.2.2)"
            else:
                host = g.server_host_error(text, start, i)
                if host is not None:
                    return host[0], ErrorKind.INVALID_HOST, host[1]
    if i < n and text[i] == ":":
        i = _run(text, i + 1, _PORT)
        if i < n and text[i] not in "/?#":
            return i, ErrorKind.INVALID_PORT, "port must be digits"
    if i == n or text[i] in "/?#":
        return i
    return _stuck(text, i, g.host, ErrorKind.INVALID_HOST, _host_reason(text[i]))


def _host_reason(char: str) -> str:
    shown = describe_char(char)
    if char == "@":
        return f"{shown} is not allowed in the host; the userinfo ends at the first '@'"
    if char in "[]":
        return f"{shown} is only allowed around an IP literal, as the whole host"
    return f"{shown} is not allowed in the host"


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
