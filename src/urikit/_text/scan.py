"""The scan behind :func:`urikit.extract`: from each place a scheme starts, where the URI
a careful reader takes ends, and what it is (RFC 2396 Appendix E, RFC 3986 Appendix C).

A candidate runs from its scheme through the characters of :func:`.classes.uri_run`
(and the escapes of its document, :mod:`.reading`) and ends at the first of:

- whitespace, or a character no URI holds (``"``, ``<``, a backslash that escapes
  nothing, ``&gt;``, a full-width or CJK delimiter, a script change after an ASCII
  letter, :mod:`.classes`), an elision (``/.../``, ``/…``): ``ended_by``
  ``"whitespace"``, ``"character"``, ``"end"``;
- a closing bracket that no opening one inside the candidate balances (the ``)`` of a
  Markdown link, of prose), or an opening ``[`` or ``{`` that nothing closes; the quote
  that opened before it; ``|`` or ``^`` before any ``?``: ``"delimiter"`` when it
  closes what opened right before the URI, else ``"bracket"`` or ``"character"``;
- then trailing sentence punctuation and emphasis markers are dropped (``"punctuation"``),
  unless quotes delimit the URI (RFC 2396 Appendix E: ``"http://a/end."``).

What the reader took whole is percent-encoded (:func:`.reading.repair`) and the result
checked under the grammar; an error after the authority cuts the candidate back there
(``"invalid"``), an error in the authority (a placeholder host, ``{host}``, ``$host``)
rejects it.

The scan is linear in the length of the text.  Candidates overlap (each ``scheme:`` in a
run of URI characters starts one), so nothing is read once per start: the run, its
brackets and the next ``<``, ``>``, ``'``, ``?``, ``|`` are found once for all the
starts that share them, and a candidate is parsed only as far as its first error (see
:func:`_first_try`), so that a rejected start costs what it read, not its run.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import TypeVar

from .. import schemes as registry
from .._syntax.charsets import HEXDIG
from .._syntax.grammar import Grammar
from ..errors import URISyntaxError
from .classes import PROSE_AFTER_ASCII, PROSE_SCRIPT, START, text_classes, uri_run
from .complete import check_iri, complete
from .iana import PERMANENT, REGISTERED
from .reading import ROFF_ESCAPES, decode, origin, repair

__all__ = ["Found", "Policy", "Scan"]

_ANGLE_LIMIT = 65536  # how far a "<" looks for its ">"
_WINDOW = 256  # how much of a candidate the parser is first given (see _first_try)
_MARGIN = 40  # an error this near a window's end may be the window's: an escape it cuts
_BREAK = re.compile("\u2010?\\s+")  # Appendix E: whitespace, and a renderer's hyphen before it
_HYPHEN_BREAK = re.compile(r"-[ \t]*\r?\n\s*")
# a line break between two quoted strings (a program's literals, joined, or concatenated
# with "+" at either end of the line): no Appendix E break
_QUOTED_BREAK = re.compile(r"(['\"])[ \t]*(?:\+[ \t]*)?\r?\n\s*(?:\+\s*)?\1")
_URL_PREFIX = re.compile(r"URL:\s*\Z", re.IGNORECASE)
_DELIMITER = re.compile("[/?#]")  # ends an authority (RFC 3986 §3.2)
_OPENING = re.compile(r"[(\[{]")
_CLOSING = re.compile(r"[)\]}]")
_BRACKET = re.compile(r"[()\[\]{}]")
#: What closes what opens right before a URI: ASCII's brackets and quotes, groff's URL
#: brackets, and the quotation marks and brackets of other languages.
_PAIRS = dict(
    zip(
        "([{<\u27e8\"'`\u201c\u2018\u00ab\u00bb\u201e\u300c\u300e\uff08\u3010\u2039",
        ")]}>\u27e9\"'`\u201d\u2019\u00bb\u00ab\u201c\u300d\u300f\uff09\u3011\u203a",
        strict=True,
    )
)
_PIPE = re.compile(r"[|^]")
# an elided part ("https://github.com/.../x", in raw roff "\&.\&.\&."): the URI is real
# as far as the "/" before it
_ELIDED = re.compile(r"(?<=/)(?:(?:(?:\\&)?\.){3}|\N{HORIZONTAL ELLIPSIS})")
# a character reference for what ends a URI: < > " (HTML §13.5)
_ENDING_REFERENCE = re.compile(r"&(?:lt|gt|quot|#0*(?:34|60|62)|#[xX]0*(?:22|3[cCeE]));")
# a "<...>" a reader takes whole: no tag (HTML §13.2.5.6) opens with a digit (SICI DOIs)
_TAKEN_ANGLE = re.compile(r"<[0-9][^\s<>\"]*>")
# a Markdown link reference definition up to its destination (CommonMark §4.7)
_REFERENCE_DEFINITION = re.compile(r"(?:\A|\n)[ \t]{0,3}\[[^\]\n]{1,200}\]:[ \t]*\Z")
_WORD = re.compile(r"[A-Za-z0-9_\-]+")
_SPACE = re.compile(r"\s")
_QUOTES = ("'", '"', "`")
_ANGLE = re.compile(r"[<>]")
# a body that is only an elision (``mailto:...``): nothing of the URI is real (item 7)
_ONLY_ELIDED = re.compile(r"(?:\.\.\.|\N{HORIZONTAL ELLIPSIS})+")
#: How the body of a scheme starts where its syntax says: RFC 5870 §3 ``geo:`` with its
#: first coordinate (``geo:13.4,52.5``).
_BODY_STARTS = {"geo": re.compile(r"-?[0-9]")}
# what cannot start what follows "scheme:": a placeholder or no URI at all
_NO_START = frozenset(":{}$*<>'\"()[]|^\\`,;")
_T = TypeVar("_T")


class _Stop(Exception):
    """Where a candidate stops fitting: an index in it."""

    def __init__(self, position: int) -> None:
        super().__init__(position)
        self.position = max(position, 0)


@dataclass(frozen=True, slots=True)
class Policy:
    """Which schemes a scan takes, and in which forms (see :func:`urikit.extract`)."""

    #: The names asked for (lower case), or ``None`` for every scheme.
    names: frozenset[str] | None = None
    #: ``schemes="any"``: every ``scheme:`` that parses, in any form (RFC 3986 alone).
    literal: bool = False

    def any_form(self, scheme: str) -> bool | None:
        """Whether ``scheme`` stands in any form (``False``: only ``//authority``), or
        ``None`` if it is not wanted at all."""
        if self.literal:
            return True
        if self.names is not None:
            return True if scheme in self.names else None
        return scheme in REGISTERED or registry.get(scheme) is not None

    def needs(self, scheme: str) -> str:
        """What the scheme's own syntax puts right after ``scheme:``: ``"//"`` for the
        network schemes of :mod:`urikit.schemes` (a default port and the generic
        hierarchy), ``"/"`` for ``file`` (RFC 8089 §2), else ``""``."""
        if self.literal:
            return ""
        if scheme == "file":
            return "/"
        known = registry.get(scheme)
        return "//" if known and known.hierarchical and known.default_port else ""


@dataclass(frozen=True, slots=True)
class Found:
    """A URI found: ``text[start:end]``, read as ``iri`` (valid under the grammar, but
    for its characters outside ASCII), ``delimiter`` and ``ended_by`` as
    :class:`urikit.URIMatch` says."""

    iri: str
    start: int
    end: int
    delimiter: str | None
    ended_by: str
    alternatives: tuple[str, ...] = ()


class _Next:
    """Where a pattern next matches at or after an index, for indexes that grow: the
    answer stands for every index up to it, so the text is searched once, not once per
    start."""

    __slots__ = ("_at", "_pattern", "_since", "_text")

    def __init__(self, text: str, pattern: re.Pattern[str]) -> None:
        self._text, self._pattern = text, pattern
        self._since = self._at = -1  # the answer for any index in [_since, _at]

    def __call__(self, index: int) -> int:
        """The index of the next match, ``len(text)`` if there is none."""
        if not self._since <= index <= self._at:
            found = self._pattern.search(self._text, index)
            self._since, self._at = index, len(self._text) if found is None else found.start()
        return self._at


class _Run:
    """A run of URI characters and the brackets in it, shared by the starts inside it.

    ``_term`` is built only when a start needs it: for the k-th bracket, the index of the
    bracket that ends a candidate starting just before it (a closing one at the top
    level, an opening ``[`` or ``{`` that nothing closes), ``len(brackets)`` for none; an
    opening bracket with its match jumps past it, so each start finds its end at once.
    """

    __slots__ = ("_brackets", "_term", "end", "start")

    def __init__(self, start: int, end: int) -> None:
        self.start, self.end = start, end
        self._brackets: list[int] | None = None
        self._term: list[int] = []

    def ender(self, text: str, start: int, markdown: bool) -> int:
        """The bracket that ends the candidate at ``start``; ``end`` if none does."""
        if self._brackets is None:
            brackets = [m.start() for m in _BRACKET.finditer(text, self.start, self.end)]
            if markdown:  # a backslash escapes a bracket of a link destination
                brackets = [i for i in brackets if text[i - 1] != "\\"]
            self._brackets, self._term = brackets, _terms(text, brackets)
        k = bisect_left(self._brackets, start)
        t = self._term[k]
        return self._brackets[t] if t < len(self._brackets) else self.end


def _terms(text: str, brackets: list[int]) -> list[int]:
    """The table of :class:`_Run`: each bracket's ender.  Brackets nest (one stack for
    the three kinds): a closing one that does not close the innermost open one closes
    nothing, and ends a candidate; so does an opening ``[`` or ``{`` left open by it."""
    match = [-1] * len(brackets)
    stack: list[int] = []
    opening = {")": "(", "]": "[", "}": "{"}
    for k, index in enumerate(brackets):
        char = text[index]
        if char not in opening:
            stack.append(k)
        elif stack and text[brackets[stack[-1]]] == opening[char]:
            opened = stack.pop()
            match[k], match[opened] = opened, k
    term = [len(brackets)] * (len(brackets) + 1)
    for k in range(len(brackets) - 1, -1, -1):
        char = text[brackets[k]]
        if char in opening:
            term[k] = k
        elif match[k] >= 0 and term[k + 1] == match[k]:
            term[k] = term[match[k] + 1]  # closed: the candidate runs past it
        else:  # left open (or open where something inside ends the candidate)
            term[k] = term[k + 1] if char == "(" else k  # an unclosed "(" is kept
    return term


def _split_authority(authority: str) -> tuple[str, str, str]:
    """An authority's userinfo, host and port (RFC 3986 §3.2), each ``""`` if absent."""
    userinfo, _, host_port = authority.rpartition("@")
    if host_port.startswith("["):
        host, _, rest = host_port.partition("]")
        return userinfo, host + "]", rest[1:]
    host, _, port = host_port.partition(":")
    return userinfo, host, port


def _placeholder(host: str) -> bool:
    """Whether a host stands for hosts, not one: empty, a pattern (``*.example``,
    ``.*freedesktop.org``) or a variable (``$host``); no DNS name starts with ``.`` or
    ``-`` or has an empty label."""
    return not host or host[0] in ".-" or ".." in host or "*" in host or "$" in host


def _quoted(text: str, opener: str, end: int) -> bool:
    """Whether the quote that opens right before a URI closes at ``end``."""
    return opener in _QUOTES and end < len(text) and text[end] == opener


class Scan:
    """One pass over a text: what a start needs that other starts share, found once."""

    def __init__(self, text: str, g: Grammar, policy: Policy) -> None:
        self.text, self.g, self.policy = text, g, policy
        self._uri_run = uri_run(g)
        self._runs: dict[bool, _Run] = {}
        self._next: dict[str, _Next] = {}
        self._strippable = text_classes().strippable

    def _find(self, what: str, index: int) -> int:
        """The next ``what`` (a character, or a pattern of this module) from ``index``."""
        finder = self._next.get(what)
        if finder is None:
            patterns = {
                "pipe": _PIPE,
                "reference": _ENDING_REFERENCE,
                "script": PROSE_AFTER_ASCII,
                "opening": _OPENING,
                "closing": _CLOSING,
                "elided": _ELIDED,
                "space": _SPACE,
                "angle": _ANGLE,
            }
            pattern = patterns.get(what) or re.compile(re.escape(what))
            finder = self._next[what] = _Next(self.text, pattern)
        return finder(index)

    # -- where a candidate ends ------------------------------------------------------------
    def _run(self, start: int, markdown: bool) -> _Run:
        """The run of URI characters ``start`` is in (escapes and taken ``<...>`` too)."""
        run = self._runs.get(markdown)
        if run is not None and run.start <= start < run.end:
            return run
        text, end = self.text, start
        while True:
            end = self._uri_run.match(text, end).end()  # type: ignore[union-attr]
            if end + 1 < len(text) and text[end] == "\\":
                escaped = text[end + 1]
                if escaped in ROFF_ESCAPES or (
                    markdown and escaped.isascii() and not escaped.isalnum()
                ):
                    end += 2
                    continue
            elif text.startswith("<", end):
                taken = _TAKEN_ANGLE.match(text, end)
                if taken is not None:
                    end = taken.end()
                    continue
            break
        run = self._runs[markdown] = _Run(start, end)
        return run

    def _end(self, start: int, opener: str, markdown: bool) -> tuple[int, str]:
        """Where the candidate at ``start`` ends before trimming, and why."""
        text = self.text
        run = self._run(start, markdown)
        end = run.end
        if end == len(text):
            why = "end"
        elif text[end].isspace():
            why = "whitespace"
        else:
            why = "delimiter" if text[end] == _PAIRS.get(opener) else "character"
        closing, opening = self._find("closing", start), self._find("opening", start)
        if min(closing, opening) < end:
            # the fast path: no opening bracket before the first closing one
            closed = markdown or opening < end
            bracket = run.ender(text, start, markdown) if closed else closing
            if bracket < end:
                end = bracket
                why = "delimiter" if text[end] == _PAIRS.get(opener) else "bracket"
                if text[end] in "[{":
                    why = "character"
        if opener == "'":
            quote = self._find("'", start)
            if quote < end:
                end, why = quote, "delimiter"
        pipe = self._find("pipe", start)
        if pipe < end and self._find("?", start) > pipe:
            end, why = pipe, "character"
        reference = self._find("reference", start)
        if reference < end:
            end, why = reference, "character"
        elided = self._find("elided", start)
        if elided < end:
            end, why = elided, "character"
        # quotes give what is inside them (item 6 of the extraction set's rule): past
        # what ends the run (``。``, ``\\``, ``"``), up to the quote that closes them when
        # no space and no ``<`` or ``>`` (markup's) comes before it; what is no URI there
        # is cut off by the reading
        if opener in _QUOTES and end < len(text) and text[end] != opener:
            close = self._find(opener, end)
            if close < min(self._find("space", end), self._find("angle", end)):
                end, why = close, "delimiter"
        # a script's punctuation after ASCII ends the URI (``https://例え.jp。``), but not
        # inside quotes that close right after the run
        script = self._find("script", start)
        quoted = _quoted(text, opener, end)
        if script < end - 1 and not quoted:
            end, why = script + 1, "character"
        return end, why

    def _trim(self, start: int, floor: int, end: int) -> int:
        """``end`` moved back over trailing punctuation and emphasis markers (and roff's
        zero-width escapes among them), not below ``floor``, of the URI at ``start``.  A
        run of ``_`` or ``*`` that no such run opens before ``start`` but one inside the
        URI does stays, as a bracket that balances one inside it (``#sys.__stdin__``);
        else the whole run goes, decided once."""
        text, strippable = self.text, self._strippable
        while end > floor:
            last = text[end - 1]
            if last in "_*":
                run = end - 1
                while run > floor and text[run - 1] == last:
                    run -= 1
                marker = text[run:end]
                if text[max(0, start - len(marker)) : start] != marker and (
                    text.find(marker, floor, run) >= 0
                ):
                    break
                end = run
                continue
            if last in strippable:
                end -= 1
            elif end - 2 >= floor and text[end - 2] == "\\" and last in "&:%.":
                end -= 2
            else:
                break
        return end

    # -- what a candidate is ---------------------------------------------------------------
    def _reader(
        self, markdown: bool, body: int, authority: bool
    ) -> Callable[[str], tuple[str, int]]:
        """The candidate read as its document's reader does (:mod:`.reading`) and checked
        under the grammar: (the IRI, the end of its authority), or :class:`_Stop` with
        the index in the candidate where it stops fitting."""
        g = self.g

        def read(candidate: str) -> tuple[str, int]:
            iri, where = decode(candidate, markdown)
            after = body
            if authority:
                found = _DELIMITER.search(iri, body + 2)
                after = len(iri) if found is None else found.start()
            fixed, repaired = repair(iri, g, after)
            try:
                check_iri(fixed, g)
            except URISyntaxError as error:
                raise _Stop(origin(where, origin(repaired, error.position))) from None
            return fixed, after

        return read

    def _plausible(self, scheme: str, iri: str, body: int, after: int, delimited: bool) -> bool:
        """Whether a reader takes ``iri`` (valid) for a URI: something after ``scheme:``
        that the scheme could mean, a host that is no placeholder (``$host``, ``*.org``)
        and, in running text, more than ``http://word`` (``git://hosts y rutas``)."""
        policy = self.policy
        rest = iri[body:]
        if not rest or (rest[0] == "%" and not all(c in HEXDIG for c in rest[1:3])):
            return False
        if _ONLY_ELIDED.fullmatch(rest):
            return False
        starts = _BODY_STARTS.get(scheme)
        if starts is not None and not policy.literal and not starts.match(rest):
            return False  # ``geo:lat``, an XML name of the W3C's geo vocabulary
        if policy.literal:
            return iri[body : body + 2] != "//" or len(iri) > body + 2
        if rest.startswith("//"):
            authority = iri[body + 2 : after]
            if not authority:
                return bool(policy.any_form(scheme)) and len(iri) > after
            userinfo, host, port = _split_authority(authority)
            if _placeholder(host):
                return False
            # in prose, one word alone after "//" with nothing after it is the sentence's
            # word: for a network scheme, whose host is a DNS name (``git://hosts y
            # rutas``), and for any scheme, a word of a script written without spaces
            # (``ldap://でなければ``)
            bare = "." not in host and not host.startswith("[") and host.lower() != "localhost"
            alone = bare and not (userinfo or port or delimited) and after == len(iri)
            return not alone or not (policy.needs(scheme) == "//" or PROSE_SCRIPT.search(host))
        if policy.needs(scheme) == "//":
            return False
        if policy.needs(scheme) == "/" and rest[0] != "/":
            return False
        # a provisional scheme (RFC 7595 §4: registered without review, often a word)
        # followed by a bare word is that word's key, not a link (``tool:pytest``)
        provisional = scheme not in PERMANENT and registry.get(scheme) is None
        return not (policy.names is None and provisional and _WORD.fullmatch(rest))

    def _context(self, start: int, roff: bool) -> tuple[str, int]:
        """What opens right before the URI at ``start`` (``""`` for nothing), and where
        the URI's delimited part begins (a ``URL:`` prefix skipped)."""
        if roff:
            return "", start
        prefix = _URL_PREFIX.search(self.text, max(0, start - 16), start)
        before = start if prefix is None else prefix.start()
        return (self.text[before - 1] if before else ""), before

    def _markdown(self, before: int) -> bool:
        """Whether a Markdown link destination begins at ``before`` (CommonMark §6.3,
        §4.7): its backslash escapes are Markdown's."""
        text = self.text
        if before >= 2 and text.startswith("](", before - 2):
            return True
        return text[before - 1 : before] in (" ", "\t") and (
            _REFERENCE_DEFINITION.search(text, max(0, before - 240), before) is not None
        )

    def with_scheme(self, start_match: re.Match[str]) -> Found | None:
        """The URI whose scheme starts at ``start_match``, or ``None`` if there is none."""
        text, policy = self.text, self.policy
        start, colon = start_match.start("scheme"), start_match.end() - 1
        scheme = start_match.group("scheme").lower()
        if scheme == "url":  # the "URL:" prefix of Appendix E, not a URI of its own
            after = colon + 1
            while after < len(text) and text[after] in " \t":
                after += 1
            if START.match(text, after):
                return None
        any_form = policy.any_form(scheme)
        authority = text.startswith("//", colon + 1)
        if any_form is None or (not any_form and not authority):
            return None  # decided unread
        if not authority and policy.needs(scheme) == "//":
            return None
        if not policy.literal and text[colon + 1 : colon + 2] in _NO_START:
            return None  # a placeholder, or no URI, right after "scheme:"
        opener, before = self._context(start, start_match.start() != start)
        body = colon + 1 - start
        if opener in ("<", "\u27e8"):
            angle = self._angle(start, opener, body, authority)
            if angle is not None:
                iri, end, after, alternatives = angle
                if self._plausible(scheme, iri, body, after, True):
                    return Found(iri, start, end, "<>", "delimiter", alternatives)
        markdown = self._markdown(before)
        end, why = self._end(start, opener, markdown)
        quoted = _quoted(text, opener, end)
        if not quoted:
            trimmed = self._trim(start, colon + 1, end)
            if trimmed < end:
                end, why = trimmed, "punctuation"
        if end <= colon + 1 or (authority and end <= colon + 3):
            return None  # nothing after "scheme:" or "scheme://"
        head = colon + 3 if authority else None
        floor = 0
        if authority:
            found_end = _DELIMITER.search(text, colon + 3, end)
            floor = (end if found_end is None else found_end.start()) - start
            # a placeholder host is no URI, decided before the rest is read (so that the
            # starts in its path are not read once each)
            host = _split_authority(decode(text[colon + 3 : start + floor], markdown)[0])[1]
            if host and not policy.literal and _placeholder(host):
                return None
        read = self._reader(markdown, body, authority)
        found = self._longest(start, end, head, floor, not quoted, read)
        if found is None:
            return None
        cut, (iri, after) = found
        if cut < end:
            why = "invalid"
        delimited = bool(opener) and cut < len(text) and text[cut] == _PAIRS.get(opener)
        if not self._plausible(scheme, iri, body, after, delimited or quoted):
            return None
        pair = opener + _PAIRS[opener] if delimited else None
        return Found(iri, start, cut, pair, "delimiter" if delimited else why)

    def _angle(
        self, start: int, opener: str, body: int, authority: bool
    ) -> tuple[str, int, int, tuple[str, ...]] | None:
        """The URI inside ``<...>`` (or groff's ``⟨...⟩``) starting at ``start``, its
        line breaks removed (Appendix E): (the IRI, its end in the text, the end of its
        authority in the IRI, the other readings)."""
        text = self.text
        closer = _PAIRS[opener]
        close = self._find(closer, start)
        if close >= min(len(text), start + _ANGLE_LIMIT) or self._find(opener, start) < close:
            return None
        raw = text[start:close].rstrip()
        if _QUOTED_BREAK.search(raw):
            return None
        read = self._reader(False, body, authority)
        try:
            iri, after = read(_BREAK.sub("", raw))
        except _Stop:
            return None
        alternatives: tuple[str, ...] = ()
        if _HYPHEN_BREAK.search(raw):  # the reading without the hyphen, when it is a URI
            with suppress(_Stop):
                alternatives = (read(_BREAK.sub("", _HYPHEN_BREAK.sub("", raw)))[0],)
        return iri, start + len(raw), after, alternatives

    def abbreviated(self, start: int) -> Found | None:
        """The abbreviated URL at ``start`` (RFC 2396 Appendix F), completed."""
        opener = self._context(start, False)[0]
        end, why = self._end(start, opener, False)
        trimmed = self._trim(start, start, end)
        if trimmed < end:
            end, why = trimmed, "punctuation"

        def read(candidate: str) -> str:
            try:
                return complete(candidate)
            except URISyntaxError as error:
                raise _Stop(error.position) from None

        found = self._longest(start, end, start, 0, True, read)
        if found is None:
            return None
        cut, completed = found
        return Found(completed, start, cut, None, "invalid" if cut < end else why)

    # -- the longest valid candidate -------------------------------------------------------
    def _longest(
        self,
        start: int,
        end: int,
        head: int | None,
        floor: int,
        trim: bool,
        attempt: Callable[[str], _T],
    ) -> tuple[int, _T] | None:
        """The longest prefix of the candidate ``text[start:end]`` (already trimmed if
        ``trim``) that ``attempt`` accepts, as (its end, the value): cut back to each
        error, trimmed again at each cut; ``None`` once an error is before ``floor`` (in
        the authority: a placeholder host, no URI), at the start, or at the end (a
        construct left open, which no shorter prefix closes) but for an escape left open,
        which is cut off (RFC 3986 §2.1)."""
        text = self.text
        value, error = _first_try(text, start, end, head, attempt)
        if value is not None:
            return end, value
        length = end - start
        while True:  # each cut is read whole: it is no longer than what was read to find it
            if error >= length:
                error = _open_escape(text, start, start + length)
            if error < floor or not 0 < error < length:
                return None
            cut = start + error
            if trim:
                cut = self._trim(start, start, cut)
            if cut <= start:
                return None
            if _open_escape(text, start, cut) >= 0:
                # nothing before the cut stopped the reading: it would stop at the
                # escape left open at its end, so that is cut too, unread (reading each
                # of a run of "%" whole was quadratic in the run)
                error = length = cut - start
                continue
            try:
                return cut, attempt(text[start:cut])
            except _Stop as exception:
                error, length = exception.position, cut - start


def _first_try(
    text: str, start: int, end: int, head: int | None, attempt: Callable[[str], _T]
) -> tuple[_T, int] | tuple[None, int]:
    """``attempt(text[start:end])``: ``(its value, -1)``, or ``(None, i)`` with ``i`` the
    index in the candidate where it stops fitting.

    The candidate is given to ``attempt`` a window at a time, each four times the last,
    so that a candidate costs what it takes to find its error, not the length of the run
    it stands in (which the other starts in that run share).  This relies on the index
    of an error (where the input stops fitting) depending on nothing after it but a few
    characters (the two after a ``%``, an escape being read) and, inside an authority
    (RFC 3986 §3.2), the rest of the authority, which ends at "/", "?" or "#" after
    ``head``: an error more than ``_MARGIN`` characters before the end of a window that
    holds the authority is the candidate's.
    """
    size = _WINDOW
    while start + size < end:
        window_end = start + size
        try:
            attempt(text[start:window_end])
        except _Stop as error:
            if error.position < size - _MARGIN and (
                head is None or _DELIMITER.search(text, head, window_end) is not None
            ):
                return None, error.position
        size *= 4
    try:
        return attempt(text[start:end]), -1
    except _Stop as error:
        return None, error.position


def _open_escape(text: str, start: int, end: int) -> int:
    """Where an escape left open at the end of ``text[start:end]`` begins ("%" or "%"
    and a HEXDIG), relative to ``start``; -1 if there is none."""
    for percent in (end - 1, end - 2):
        if percent >= start and text[percent] == "%":
            return percent - start if all(c in HEXDIG for c in text[percent + 1 : end]) else -1
    return -1
