"""URIs in running text: RFC 2396 Appendix E and RFC 3986 Appendix C.

``<...>`` and ``"..."`` delimit a URI and are not part of it; inside angle brackets
whitespace (a URI broken across lines) is removed and a ``URL:`` prefix dropped.  A URI
in plain text ends at whitespace or at a character no URI holds, and trailing sentence
punctuation (``.``, ``,``, ``;``, ``:``, ``!``, ``?``, ``'``, an unbalanced ``)`` or
``]``) is not part of it.  Every URI yielded is valid under the grammar: what does not
parse is cut back to its longest valid prefix.  The scan is one pass of compiled
patterns over the text, linear in its length.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from . import schemes as registry
from ._charsets import SCHEME, SCHEME_REGEX, char_class_regex
from ._grammar import Grammar, get_grammar
from .complete import complete
from .errors import URISyntaxError
from .reference import parse

__all__ = ["URIMatch", "extract"]

_ANGLE_LIMIT = 65536  # how far a "<" looks for its ">"
_TRAILING = ".,;:!?'"
_WHITESPACE = re.compile(r"\s+")
_HYPHEN_BREAK = re.compile(r"-[ \t]*\r?\n\s*")
_URL_PREFIX = re.compile(r"URL:\s*\Z", re.IGNORECASE)
# a scheme that does not continue a word of scheme characters
_SCHEME_START = f"(?<!{char_class_regex(SCHEME)})(?P<scheme>{SCHEME_REGEX}):"
# RFC 2396 Appendix F: www./ftp. hosts, or a dotted host name followed by "/" or ":port"
_ABBREVIATED = (
    r"(?<![\w.@/:%+\-])(?P<abbreviated>(?:www|ftp)\.[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+"
    r"|[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}(?=/|:[0-9]))"
)
_START = re.compile(_SCHEME_START)
_START_ABBREVIATED = re.compile(f"{_SCHEME_START}|{_ABBREVIATED}", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class URIMatch:
    """A URI found in text: ``text[start:end]`` is where it stands (delimiters and a
    ``URL:`` prefix excluded, line breaks included), ``uri`` the reference cleaned up."""

    uri: str
    start: int
    end: int
    #: ``"<>"`` or ``'""'`` when the text delimits the URI so, else ``None``.
    delimiter: str | None
    #: Other readings: a hyphen at a line break may or may not be part of the URI
    #: (Appendix E); ``uri`` keeps it, an alternative drops it.
    alternatives: tuple[str, ...] = field(default=())


_RUNS: dict[str, re.Pattern[str]] = {}  # per grammar: a run of characters URIs may hold


def _trim(candidate: str) -> str:
    """Drop trailing sentence punctuation and unbalanced closing brackets."""
    end = len(candidate)
    unbalanced = {")": candidate.count(")") - candidate.count("("), "]": 0}
    unbalanced["]"] = candidate.count("]") - candidate.count("[")
    while end:
        last = candidate[end - 1]
        if last in _TRAILING:
            end -= 1
        elif last in unbalanced and unbalanced[last] > 0:
            unbalanced[last] -= 1
            end -= 1
        else:
            break
    return candidate[:end]


def _longest_valid(candidate: str, g: Grammar, trim: bool) -> str:
    """The longest prefix of ``candidate`` that is a URI (trimmed again at each cut)."""
    while candidate:
        if trim:
            candidate = _trim(candidate)
        try:
            if parse(candidate, grammar=g).scheme is None:
                return ""
            return candidate
        except URISyntaxError as error:
            if error.position >= len(candidate) or error.position == 0:
                return ""
            candidate = candidate[: error.position]
    return ""


def _angle(text: str, start: int, g: Grammar) -> tuple[str, int, tuple[str, ...]] | None:
    """The URI inside ``<...>`` starting at ``start``: (uri, end, alternatives)."""
    close = text.find(">", start, start + _ANGLE_LIMIT)
    if close < 0 or "<" in text[start:close]:
        return None
    raw = text[start:close].rstrip()
    uri = _WHITESPACE.sub("", raw)
    if _longest_valid(uri, g, trim=False) != uri:
        return None
    alternatives: tuple[str, ...] = ()
    if _HYPHEN_BREAK.search(raw):  # the reading without the hyphen, when it is a URI
        other = _WHITESPACE.sub("", _HYPHEN_BREAK.sub("", raw))
        if _longest_valid(other, g, trim=False) == other:
            alternatives = (other,)
    return uri, start + len(raw), alternatives


def _delimiter(text: str, start: int) -> str | None:
    """What precedes a URI at ``start``: ``"<>"``, ``'""'`` or ``None`` (a ``URL:``
    prefix, with or without a space, is skipped)."""
    prefix = _URL_PREFIX.search(text, max(0, start - 16), start)
    before = start if prefix is None else prefix.start()
    if before and text[before - 1] == "<":
        return "<>"
    if before and text[before - 1] == '"':
        return '""'
    return None


def extract(
    text: str,
    *,
    schemes: Iterable[str] | None = None,
    abbreviated: bool = False,
    grammar: str | Grammar = "rfc3986",
) -> Iterator[URIMatch]:
    """The URIs in ``text``, in order (RFC 2396 Appendix E, RFC 3986 Appendix C).

    ``schemes`` restricts the search to those schemes (case-insensitive).  Without it,
    any scheme is found inside ``<>``, but in plain text only a scheme followed by
    ``//`` or one of :mod:`urikit.schemes` (``mailto:``, ``urn:``, ...), so that prose
    such as ``Note:this`` is not taken for a URI.  ``abbreviated=True`` also finds
    ``www.example.com/path``-style references (Appendix F) and yields them completed by
    :func:`urikit.complete`.

    >>> text = 'Yes, Jim, I found it under "http://www.w3.org/Addressing/",'
    >>> [(m.uri, m.delimiter) for m in extract(text)]
    [('http://www.w3.org/Addressing/', '""')]
    >>> [m.uri for m in extract("(see http://en.wikipedia.org/wiki/Foo_(bar)).")]
    ['http://en.wikipedia.org/wiki/Foo_(bar)']
    """
    g = get_grammar(grammar)
    wanted = None if schemes is None else {scheme.lower() for scheme in schemes}
    alone = _alone(text, g, wanted)
    if alone is not None:  # a text that is one URI and nothing else is that URI
        yield alone
        return
    run = _RUNS.get(g.name)
    if run is None:
        run = _RUNS[g.name] = re.compile(char_class_regex(g.uri_chars) + "*")
    position = 0
    for start_match in (_START_ABBREVIATED if abbreviated else _START).finditer(text):
        start = start_match.start()
        if start < position:
            continue
        found = (
            _abbreviated(text, start, run, g)
            if start_match.group("scheme") is None
            else _with_scheme(text, start_match, run, g, wanted)
        )
        if found is not None:
            position = found.end
            yield found


def _alone(text: str, g: Grammar, wanted: set[str] | None) -> URIMatch | None:
    """The whole text, whitespace aside, when it is one URI (its final "." or ")" is then
    its own, not a sentence's)."""
    uri = text.strip()
    try:
        ref = parse(uri, grammar=g)
    except URISyntaxError:
        return None
    if ref.scheme is None or (wanted is not None and ref.scheme.lower() not in wanted):
        return None
    start = len(text) - len(text.lstrip())
    return URIMatch(uri, start, start + len(uri), None)


def _with_scheme(
    text: str,
    start_match: re.Match[str],
    run: re.Pattern[str],
    g: Grammar,
    wanted: set[str] | None,
) -> URIMatch | None:
    """The URI whose scheme starts at ``start_match``, or ``None`` if there is none."""
    start, colon = start_match.start(), start_match.end()
    scheme = start_match.group("scheme").lower()
    if scheme == "url":  # the "URL:" prefix of Appendix E, not a URI of its own
        after = colon
        while after < len(text) and text[after] in " \t":
            after += 1
        if _START.match(text, after):
            return None
    if wanted is not None and scheme not in wanted:
        return None
    delimiter = _delimiter(text, start)
    if delimiter == "<>":
        angle = _angle(text, start, g)
        if angle is not None:
            return URIMatch(angle[0], start, angle[1], "<>", angle[2])
    end = run.match(text, start).end()  # type: ignore[union-attr]
    quoted = delimiter == '""' and text.startswith('"', end)  # the quotes delimit it
    uri = _longest_valid(text[start:end], g, trim=not quoted)
    if len(uri) <= colon - start:
        return None  # nothing after "scheme:"
    quoted = quoted and start + len(uri) == end
    if (
        wanted is None
        and not quoted
        and registry.get(scheme) is None
        and not uri.startswith("//", colon - start)
    ):
        return None  # plain text: "x://" or a registered scheme only
    return URIMatch(uri, start, start + len(uri), '""' if quoted else None)


def _abbreviated(text: str, start: int, run: re.Pattern[str], g: Grammar) -> URIMatch | None:
    end = run.match(text, start).end()  # type: ignore[union-attr]
    candidate = _trim(text[start:end])
    while candidate:
        try:
            return URIMatch(complete(candidate), start, start + len(candidate), None)
        except URISyntaxError as error:
            cut = max(error.position, 0)
            if cut == 0 or cut >= len(candidate):
                return None
            candidate = _trim(candidate[:cut])
    return None
