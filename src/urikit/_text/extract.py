"""URIs in running text: RFC 2396 Appendix E and RFC 3986 Appendix C, IRIs included
(RFC 3987).

``<...>`` and ``"..."`` delimit a URI and are not part of it; inside angle brackets
whitespace (a URI broken across lines) is removed and a ``URL:`` prefix dropped.  A URI
in plain text ends at whitespace or at a character no URI holds, and trailing sentence
punctuation (``.``, ``,``, ``;``, ``:``, ``!``, ``?``, ``'``, an unbalanced ``)`` or
``]``) is not part of it.  Every URI yielded is valid under the grammar: what does not
parse is cut back to its longest valid prefix.

A reference is never cut at a character outside US-ASCII: what is written is an IRI
(RFC 3987 §2.2), found whole (``URIMatch.iri``) and given in its URI form too
(``URIMatch.uri``, §3.1).  What starts, ends and trails a URI in text, ASCII or not, is
:mod:`urikit._text.classes`.

The scan is linear in the length of the text.  Candidates overlap (each ``scheme:`` in a
run of URI characters starts one, and the run ends them all), so nothing is read once
per start: the run, its trimmed end and the next ``<`` and ``>`` are found once for all
the starts that share them, and a candidate is parsed only as far as its first error
(see :func:`_first_try`), so that a rejected start costs what it read, not its run.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from .. import schemes as registry
from .._algorithms.iri import encode_ucs
from .._syntax.charsets import HEXDIG
from .._syntax.grammar import Grammar, get_grammar
from ..errors import URISyntaxError
from .classes import START, text_classes, uri_run
from .complete import check_iri, complete

__all__ = ["URIMatch", "extract"]

_ANGLE_LIMIT = 65536  # how far a "<" looks for its ">"
_WHITESPACE = re.compile(r"\s+")
_HYPHEN_BREAK = re.compile(r"-[ \t]*\r?\n\s*")
_URL_PREFIX = re.compile(r"URL:\s*\Z", re.IGNORECASE)
_DELIMITER = re.compile("[/?#]")  # ends an authority (RFC 3986 §3.2)
_WINDOW = 256  # how much of a candidate the parser is first given (see _first_try)
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class URIMatch:
    """A URI found in text: ``text[start:end]`` is where it stands (delimiters and a
    ``URL:`` prefix excluded, line breaks included); ``iri`` is the reference as written
    (cleaned up: the whitespace inside ``<>`` removed) and ``uri`` its URI form."""

    #: The URI (RFC 3987 §3.1): ``iri`` with each character outside US-ASCII written as
    #: the percent-encoded octets of its UTF-8 form, host names included (for their IDNA
    #: form, ``urikit.iri_to_uri(match.iri, host="idna")``).  Valid under the grammar of
    #: the search (RFC 3986 for ``"rfc3987"``); ASCII only.
    uri: str
    start: int
    end: int
    #: ``"<>"`` or ``'""'`` when the text delimits the URI so, else ``None``.
    delimiter: str | None
    #: Other readings, as URIs: a hyphen at a line break may or may not be part of the
    #: URI (Appendix E); ``uri`` keeps it, an alternative drops it.
    alternatives: tuple[str, ...] = field(default=())
    #: The reference as written: an IRI (RFC 3987 §2.2), ``uri`` itself when it is ASCII.
    iri: str = ""

    def __post_init__(self) -> None:
        if not self.iri:
            object.__setattr__(self, "iri", self.uri)


def _match(
    iri: str, start: int, end: int, delimiter: str | None, alternatives: tuple[str, ...] = ()
) -> URIMatch:
    """The match of the IRI ``iri`` found at ``text[start:end]``, with its URI form."""
    return URIMatch(encode_ucs(iri), start, end, delimiter, alternatives, iri)


def extract(
    text: str,
    *,
    schemes: Iterable[str] | None = None,
    abbreviated: bool = False,
    grammar: str | Grammar | None = None,
) -> Iterator[URIMatch]:
    """The URIs in ``text``, in order (RFC 2396 Appendix E, RFC 3986 Appendix C).

    ``schemes`` restricts the search to those schemes (case-insensitive): a collection
    of names such as ``["http", "ftp"]``; a single ``str`` is a :class:`TypeError`, not
    a set of one-letter schemes.  Without it, any scheme is found inside ``<>``, but in
    plain text only a scheme followed by ``//`` or one of :mod:`urikit.schemes`
    (``mailto:``, ``urn:``, ...), so that prose such as ``Note:this`` is not taken for a
    URI.  ``abbreviated=True`` also finds ``www.example.com/path``-style references
    (Appendix F) and yields them completed by :func:`urikit.complete`.

    IRIs are found whole, whatever the grammar (RFC 3987 §2.2; under RFC 2396, which has
    no IRIs, a non-ASCII character may stand where an escape may): ``iri`` is the
    reference as written, ``uri`` its URI form (§3.1), valid under ``grammar`` (RFC 3986
    for ``"rfc3987"``, which finds what ``"rfc3986"`` finds).  The module docstring says
    which characters outside ASCII end a URI in text.

    The arguments are checked at the call; the text is scanned as the result is consumed.

    >>> text = 'Yes, Jim, I found it under "http://www.w3.org/Addressing/",'
    >>> [(m.uri, m.delimiter) for m in extract(text)]
    [('http://www.w3.org/Addressing/', '""')]
    >>> [m.uri for m in extract("(see http://en.wikipedia.org/wiki/Foo_(bar)).")]
    ['http://en.wikipedia.org/wiki/Foo_(bar)']
    >>> for m in extract("「https://例え.jp/パス」、https://de.wikipedia.org/wiki/Köln。"):
    ...     print(m.iri, m.uri)
    https://例え.jp/パス https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9
    https://de.wikipedia.org/wiki/Köln https://de.wikipedia.org/wiki/K%C3%B6ln
    """
    if not isinstance(text, str):
        raise TypeError(f"the text to search is a str, not {type(text).__name__}")
    g = get_grammar(grammar)
    return _scan(text, g, None if schemes is None else _wanted(schemes), abbreviated)


def _wanted(schemes: Iterable[str]) -> set[str]:
    """The ``schemes`` argument as a set of lower-case names."""
    if isinstance(schemes, (str, bytes)) or not isinstance(schemes, Iterable):
        hint = f" (for one scheme, write schemes=[{schemes!r}])" if isinstance(schemes, str) else ""
        raise TypeError(f"schemes is an iterable of str, not {type(schemes).__name__}{hint}")
    wanted = set()
    for scheme in schemes:
        if not isinstance(scheme, str):
            raise TypeError(f"a scheme name is a str, not {type(scheme).__name__}")
        wanted.add(scheme.lower())
    return wanted


def _scan(text: str, g: Grammar, wanted: set[str] | None, abbreviated: bool) -> Iterator[URIMatch]:
    """The matches of :func:`extract`, found as they are asked for."""
    alone = _alone(text, g, wanted)
    if alone is not None:  # a text that is one URI and nothing else is that URI
        yield alone
        return
    scan = _Scan(text, g, wanted)
    position = 0
    for start_match in (text_classes().start_abbreviated if abbreviated else START).finditer(text):
        start = start_match.start()
        if start < position:
            continue
        found = (
            scan.abbreviated(start)
            if start_match.group("scheme") is None
            else scan.with_scheme(start_match)
        )
        if found is not None:
            position = found.end
            yield found


def _alone(text: str, g: Grammar, wanted: set[str] | None) -> URIMatch | None:
    """The whole text, whitespace aside, when it is one URI (its final "." or ")" is then
    its own, not a sentence's), and holds nothing that ends a URI in text."""
    iri = text.strip()
    try:
        scheme = check_iri(iri, g)
    except URISyntaxError:
        return None
    if scheme is None or (wanted is not None and scheme.lower() not in wanted):
        return None
    if not iri.isascii() and text_classes().ending.search(iri) is not None:
        return None
    start = len(text) - len(text.lstrip())
    return _match(iri, start, start + len(iri), None)


# -- cutting a candidate back to a URI -----------------------------------------------------
def _trim(candidate: str) -> str:
    """Drop trailing sentence punctuation and unbalanced closing brackets."""
    end = len(candidate)
    unbalanced = {")": candidate.count(")") - candidate.count("("), "]": 0}
    unbalanced["]"] = candidate.count("]") - candidate.count("[")
    strippable = text_classes().strippable
    while end:
        last = candidate[end - 1]
        if last in strippable and last not in unbalanced:
            end -= 1
        elif last in unbalanced and unbalanced[last] > 0:
            unbalanced[last] -= 1
            end -= 1
        else:
            break
    return candidate[:end]


def _first_try(
    text: str, start: int, end: int, head: int | None, attempt: Callable[[str], _T]
) -> tuple[_T, int] | tuple[None, int]:
    """``attempt(text[start:end])``: ``(its value, -1)``, or ``(None, i)`` with ``i`` the
    index in the candidate of the error it raises.

    The candidate is given to ``attempt`` a window at a time, each four times the last,
    so that a candidate costs what it takes to find its error, not the length of the run
    it stands in (which the other starts in that run share).  This relies on the index
    of an error (where the input stops fitting) depending on nothing after it but the
    two characters after a ``%`` and, inside an authority (RFC 3986 §3.2), the rest of
    the authority, which ends at "/", "?" or "#" after ``head``: an error more than three
    characters before the end of a window that holds the authority is the candidate's.
    """
    size = _WINDOW
    while start + size < end:
        window_end = start + size
        try:
            attempt(text[start:window_end])
        except URISyntaxError as error:
            position = max(error.position, 0)
            if position < size - 3 and (
                head is None or _DELIMITER.search(text, head, window_end) is not None
            ):
                return None, position
        size *= 4
    try:
        return attempt(text[start:end]), -1
    except URISyntaxError as error:
        return None, max(error.position, 0)


def _longest(
    text: str, start: int, end: int, head: int | None, trim: bool, attempt: Callable[[str], _T]
) -> tuple[str, _T] | None:
    """The longest prefix of the candidate ``text[start:end]`` (already trimmed if
    ``trim``) that ``attempt`` accepts, with its value: cut back to each error, trimmed
    again at each cut; ``None`` once an error is at the start, or at the end (a construct
    left open, which no shorter prefix closes) but for an escape left open, which is cut
    off (RFC 3986 §2.1: a ``%`` is followed by two hexadecimal digits)."""
    value, error = _first_try(text, start, end, head, attempt)
    if value is not None:
        return text[start:end], value
    length = end - start
    while True:  # each cut is read whole: it is no longer than what was read to find it
        if error >= length:
            error = _open_escape(text, start, start + length)
        if not 0 < error < length:
            return None
        candidate = text[start : start + error]
        if trim:
            candidate = _trim(candidate)
        if not candidate:
            return None
        try:
            return candidate, attempt(candidate)
        except URISyntaxError as exception:
            error, length = max(exception.position, 0), len(candidate)


def _open_escape(text: str, start: int, end: int) -> int:
    """Where an escape left open at the end of ``text[start:end]`` begins ("%" or "%"
    and a HEXDIG), relative to ``start``; -1 if there is none."""
    for percent in (end - 1, end - 2):
        if percent >= start and text[percent] == "%":
            return percent - start if all(c in HEXDIG for c in text[percent + 1 : end]) else -1
    return -1


def _is_uri(candidate: str, g: Grammar) -> bool:
    """Whether ``candidate`` is a URI (a reference with a scheme) under ``g``, or an IRI
    whose URI form is one."""
    try:
        return check_iri(candidate, g) is not None
    except URISyntaxError:
        return False


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


# -- the scan ------------------------------------------------------------------------------
class _Next:
    """Where a character next occurs at or after an index, for indexes that grow: the
    answer stands for every index up to it, so the text is searched once, not once per
    start."""

    __slots__ = ("_at", "_char", "_since", "_text")

    def __init__(self, text: str, char: str) -> None:
        self._text, self._char = text, char
        self._since = self._at = -1  # the answer for any index in [_since, _at]

    def __call__(self, index: int) -> int:
        """The index of the next occurrence, ``len(text)`` if there is none."""
        if not self._since <= index <= self._at:
            found = self._text.find(self._char, index)
            self._since, self._at = index, len(self._text) if found < 0 else found
        return self._at


class _Scan:
    """One pass over a text: what a start needs that other starts share, found once.

    The starts in one run of URI characters share its end and, as they advance, the
    balance of brackets that decides where ``_trim`` stops (kept by subtracting what
    each start leaves behind, never recounted).
    """

    def __init__(self, text: str, g: Grammar, wanted: set[str] | None) -> None:
        self.text, self.g, self.wanted = text, g, wanted
        self._uri_run = uri_run(g)
        self._next_open, self._next_close = _Next(text, "<"), _Next(text, ">")
        # The current run [.., _run_end); _tail: where its trailing punctuation and
        # closing brackets begin; the indexes of the ")" and "]" in that tail, last first.
        self._run_end = self._tail = 0
        self._parens: list[int] = []
        self._brackets: list[int] = []
        # ")" minus "(" and "]" minus "[" in text[_balance_at:_run_end]
        self._balance_at = self._paren_balance = self._bracket_balance = 0

    def _parse(self, candidate: str) -> str:
        """A candidate read under the grammar of the scan (RFC 3986 §4.1, an IRI as RFC
        3987 §2.2 allows): its scheme, ``""`` for a relative reference."""
        return check_iri(candidate, self.g) or ""

    def _end(self, start: int, trim: bool) -> int:
        """Where the candidate at ``start`` ends: the end of its run of URI characters,
        trimmed as :func:`_trim` trims (``text[start:_end(start, True)]`` is
        ``_trim(text[start:run end])``)."""
        text = self.text
        if start >= self._run_end:
            end = self._uri_run.match(text, start).end()  # type: ignore[union-attr]
            # where the run's trailing punctuation begins: the run read backwards
            backwards = text_classes().strippable_run.match(text[start:end][::-1])
            tail = end - (0 if backwards is None else backwards.end())
            self._run_end, self._tail = end, tail
            self._parens = [i for i in range(end - 1, tail - 1, -1) if text[i] == ")"]
            self._brackets = [i for i in range(end - 1, tail - 1, -1) if text[i] == "]"]
            self._balance_at = start
            self._paren_balance = text.count(")", start, end) - text.count("(", start, end)
            self._bracket_balance = text.count("]", start, end) - text.count("[", start, end)
        if not trim:
            return self._run_end
        if start > self._balance_at:  # take out what lies before this start
            before, self._balance_at = self._balance_at, start
            self._paren_balance -= text.count(")", before, start) - text.count("(", before, start)
            self._bracket_balance -= text.count("]", before, start) - text.count("[", before, start)
        # _trim takes the tail off from its end, up to the first ")" (or "]") it finds
        # with no unbalanced one left to take: the one after as many as are unbalanced.
        end = max(self._tail, start)
        for closing, balance in (
            (self._parens, self._paren_balance),
            (self._brackets, self._bracket_balance),
        ):
            kept = max(balance, 0)
            if kept < len(closing):
                end = max(end, closing[kept] + 1)
        return end

    def _angle(self, start: int) -> tuple[str, int, tuple[str, ...]] | None:
        """The URI inside ``<...>`` starting at ``start``: (uri, end, alternatives)."""
        text = self.text
        close = self._next_close(start)
        if close >= min(len(text), start + _ANGLE_LIMIT) or self._next_open(start) < close:
            return None
        raw = text[start:close].rstrip()
        uri = _WHITESPACE.sub("", raw)
        if not _is_uri(uri, self.g):
            return None
        alternatives: tuple[str, ...] = ()
        if _HYPHEN_BREAK.search(raw):  # the reading without the hyphen, when it is a URI
            other = _WHITESPACE.sub("", _HYPHEN_BREAK.sub("", raw))
            if _is_uri(other, self.g):
                alternatives = (encode_ucs(other),)
        return uri, start + len(raw), alternatives

    def with_scheme(self, start_match: re.Match[str]) -> URIMatch | None:
        """The URI whose scheme starts at ``start_match``, or ``None`` if there is none."""
        text, wanted = self.text, self.wanted
        start, colon = start_match.start(), start_match.end()
        scheme = start_match.group("scheme").lower()
        if scheme == "url":  # the "URL:" prefix of Appendix E, not a URI of its own
            after = colon
            while after < len(text) and text[after] in " \t":
                after += 1
            if START.match(text, after):
                return None
        if wanted is not None and scheme not in wanted:
            return None
        delimiter = _delimiter(text, start)
        if delimiter == "<>":
            angle = self._angle(start)
            if angle is not None:
                return _match(angle[0], start, angle[1], "<>", angle[2])
        end = self._end(start, trim=False)
        quoted = delimiter == '""' and text.startswith('"', end)  # the quotes delimit it
        authority = text.startswith("//", colon)
        plain_unknown = wanted is None and registry.get(scheme) is None
        if plain_unknown and not quoted and not authority:
            return None  # plain text: "x://" or a registered scheme only (decided unread)
        if not quoted:
            end = self._end(start, trim=True)
        head = colon + 2 if authority else None
        found = _longest(text, start, end, head, not quoted, self._parse)
        uri = "" if found is None or not found[1] else found[0]
        if len(uri) <= colon - start:
            return None  # nothing after "scheme:"
        quoted = quoted and start + len(uri) == end
        if plain_unknown and not quoted and not uri.startswith("//", colon - start):
            return None
        return _match(uri, start, start + len(uri), '""' if quoted else None)

    def abbreviated(self, start: int) -> URIMatch | None:
        """The abbreviated URL at ``start`` (RFC 2396 Appendix F), completed."""
        found = _longest(self.text, start, self._end(start, trim=True), start, True, complete)
        return None if found is None else _match(found[1], start, start + len(found[0]), None)
