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

from ..errors import ErrorKind, InternalError, URISyntaxError
from .charsets import CharClass
from .components import (
    UP_TO_DELIMITER,
    Problem,
    authority,
    invalid_character,
    not_allowed,
    run,
    scheme_end,
    scheme_reason,
    stuck,
)
from .grammar import Grammar, ReferenceRule

__all__ = ["diagnose"]


def diagnose(text: str, grammar: Grammar, rule: ReferenceRule) -> URISyntaxError:
    """The ``URISyntaxError`` for ``text``, which does not fit ``rule``; raises
    :class:`~urikit.errors.InternalError` when a reading finds nothing wrong with it (the
    parser and the diagnosis disagree: a bug, not an answer to make up)."""
    readings: list[Problem | None] = []
    if rule.scheme != "required":
        readings.append(_without_scheme(text, grammar, rule))
    if rule.scheme != "forbidden":
        readings.append(_with_scheme(text, grammar, rule))
    problems = [problem for problem in readings if problem is not None]
    if len(problems) < len(readings):  # a reading accepts what the parser rejected: a bug
        raise InternalError(
            text, grammar.name, rule.name, "the parser rejects it, a reading of it accepts it"
        )
    position, kind, reason = max(problems, key=lambda problem: problem[0])  # first on ties
    if position < len(text):
        invalid = invalid_character(grammar, text[position])
        if invalid is not None:
            kind, reason = invalid
    return URISyntaxError(text, position, kind, reason, rule=rule.name, grammar=grammar.name)


# -- the two readings of a reference ------------------------------------------------------
def _with_scheme(text: str, g: Grammar, rule: ReferenceRule) -> Problem | None:
    """``scheme ":" hier-part [ "?" query ] [ "#" fragment ]`` (RFC 3986 §3; RFC 2396 §3
    ``absoluteURI = scheme ":" ( hier_part | opaque_part )``)."""
    i = scheme_end(text, 0, g)
    if i == len(text) or text[i] != ":" or i == 0:
        return _no_scheme(text, i, g, rule)
    i += 1
    if text.startswith("//", i):
        end = authority(text, i + 2, g)
        return end if isinstance(end, tuple) else _tail(text, end, g, rule, g.path, "path")
    if not g.empty_scheme_specific_part and (i == len(text) or text[i] == "#"):
        reason = f"{g.title} needs '//', '/' or an opaque part after 'scheme:' ({g.title} §3)"
        return i, ErrorKind.EMPTY_SCHEME_SPECIFIC_PART, reason
    if g.opaque is not None and not text.startswith("/", i):  # RFC 2396 §3 opaque_part
        uric_no_slash, uric = g.opaque
        if run(text, i, uric_no_slash) == i:
            reason = not_allowed(text, i, "start of an opaque part")
            return stuck(text, i, uric_no_slash, ErrorKind.UNEXPECTED_CHARACTER, reason)
        return _tail(text, i, g, rule, uric, "opaque part")
    return _tail(text, i, g, rule, g.path, "path")


def _no_scheme(text: str, i: int, g: Grammar, rule: ReferenceRule) -> Problem:
    """The scheme reading stopped at ``i``: no scheme, or a spoiled one before a ``:``."""
    first_segment = UP_TO_DELIMITER.match(text)
    assert first_segment is not None
    if ":" in first_segment.group():
        return i, ErrorKind.INVALID_SCHEME, scheme_reason(text, i, g)
    reason = f"{rule.name} must begin with a scheme and ':' ({rule.section})"
    if i or text.startswith("//"):  # "www.example.com", "//h/p": perhaps an abbreviated URL
        reason += "; urikit.complete() adds the scheme of an abbreviated URL (www.example.com)"
    return i, ErrorKind.MISSING_SCHEME, reason


def _without_scheme(text: str, g: Grammar, rule: ReferenceRule) -> Problem | None:
    """``relative-part [ "?" query ] [ "#" fragment ]`` (RFC 3986 §4.2; RFC 2396 §5
    ``relativeURI``, and urikit's "?query" and "#fragment" alone)."""
    if not text and not rule.empty:
        return 0, ErrorKind.INVALID_PATH, f"{rule.name} cannot be empty ({rule.section})"
    if text.startswith("//"):
        end = authority(text, 2, g)
        return end if isinstance(end, tuple) else _tail(text, end, g, rule, g.path, "path")
    i = 0 if text[:1] == "/" else run(text, 0, g.first_segment)
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
    bad = scheme_end(text, 0, g)
    return colon, ErrorKind.INVALID_SCHEME, "':' ends no scheme: " + scheme_reason(text, bad, g)


def _tail(
    text: str, i: int, g: Grammar, rule: ReferenceRule, path: CharClass, where: str
) -> Problem | None:
    """The path from ``i`` (``path`` characters), then ``[ "?" query ] [ "#" fragment ]``."""
    chars, i = path, run(text, i, path)
    if i < len(text) and text[i] == "?":
        chars, where, i = g.query, "query", run(text, i + 1, g.query)
    if i < len(text) and text[i] == "#":
        if not rule.fragment:
            reason = f"{rule.name} does not allow a fragment ({rule.section})"
            return i, ErrorKind.FRAGMENT_NOT_ALLOWED, reason
        chars, where, i = g.fragment, "fragment", run(text, i + 1, g.fragment)
    if i == len(text):
        return None
    return stuck(text, i, chars, ErrorKind.UNEXPECTED_CHARACTER, not_allowed(text, i, where))
