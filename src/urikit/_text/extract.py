"""URIs in running text: RFC 2396 Appendix E and RFC 3986 Appendix C, IRIs included
(RFC 3987), as a careful reader of the text takes them.

``<...>`` (and groff's ``⟨...⟩``) and quotes delimit a URI and are not part of it;
inside angle brackets whitespace (a URI broken across lines) is removed and a ``URL:``
prefix dropped.  A URI in plain text ends at whitespace, at a character no URI holds, at
a bracket or quote that closes one opened before it; trailing sentence punctuation and
emphasis markers are not part of it.  What a reader takes whole though RFC 3986 forbids
it (``[02]`` in a query, ``{x}`` in a path) is kept and percent-encoded in ``uri``; the
escapes of the document (roff's ``\\-``, HTML's ``&amp;``, Markdown's ``\\(``) are read as
the characters they stand for.  Every URI yielded is valid under the grammar.

A reference is never cut at a character outside US-ASCII but where the text's own
words begin: what is written is an IRI (RFC 3987 §2.2), found whole (``URIMatch.iri``)
and given in its URI form too (``URIMatch.uri``, §3.1).  What starts, ends and trails a
URI in text, ASCII or not, is :mod:`urikit._text.classes`; the scan, linear in the
length of the text, is :mod:`urikit._text.scan`; the schemes a reader takes for links,
:mod:`urikit._text.iana`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .._algorithms.iri import encode_ucs
from .._syntax.grammar import Grammar, get_grammar
from .classes import START, text_classes
from .scan import Found, Policy, Scan

__all__ = ["URIMatch", "extract"]


@dataclass(frozen=True, slots=True)
class URIMatch:
    """A URI found in text: ``text[start:end]`` is where it stands (delimiters and a
    ``URL:`` prefix excluded, line breaks and escapes included); ``iri`` is the
    reference as read (the whitespace inside ``<>`` removed, escapes read, what RFC 3986
    forbids percent-encoded) and ``uri`` its URI form."""

    #: The URI (RFC 3987 §3.1): ``iri`` with each character outside US-ASCII written as
    #: the percent-encoded octets of its UTF-8 form, host names included (for their IDNA
    #: form, ``urikit.iri_to_uri(match.iri, host="idna")``).  Valid under the grammar of
    #: the search (RFC 3986 for ``"rfc3987"``); ASCII only.
    uri: str
    start: int
    end: int
    #: The pair that delimits the URI in the text (``"<>"``, ``'""'``, ``"''"``,
    #: ``"()"``, ``"[]"``, ...), or ``None``.
    delimiter: str | None
    #: Other readings, as URIs: a hyphen at a line break may or may not be part of the
    #: URI (Appendix E); ``uri`` keeps it, an alternative drops it.
    alternatives: tuple[str, ...] = field(default=())
    #: The reference as read: an IRI (RFC 3987 §2.2), ``uri`` itself when it is ASCII.
    iri: str = ""
    #: Why the URI ends where it does: ``"delimiter"`` (the closing half of
    #: ``delimiter``), ``"whitespace"``, ``"punctuation"`` (trailing sentence punctuation
    #: or emphasis markers left out), ``"bracket"`` (a closing bracket that nothing in
    #: the URI opened), ``"character"`` (one no URI holds there, or the text's own word
    #: after it), ``"invalid"`` (what follows would make it invalid), ``"end"`` (of the
    #: text); ``""`` when not said.
    ended_by: str = ""

    def __post_init__(self) -> None:
        if not self.iri:
            object.__setattr__(self, "iri", self.uri)


def _match(found: Found) -> URIMatch:
    """The match of what the scan found, with its URI form."""
    return URIMatch(
        encode_ucs(found.iri),
        found.start,
        found.end,
        found.delimiter,
        tuple(encode_ucs(other) for other in found.alternatives),
        found.iri,
        found.ended_by,
    )


def extract(
    text: str,
    *,
    schemes: Iterable[str] | str | None = None,
    abbreviated: bool = False,
    grammar: str | Grammar | None = None,
) -> Iterator[URIMatch]:
    """The URIs in ``text``, in order, as a careful reader takes them (RFC 2396 Appendix
    E, RFC 3986 Appendix C).

    ``schemes`` says which schemes count.  By default, those a reader takes for links:
    a scheme of the IANA registry (permanent or provisional, :mod:`urikit._text.iana`,
    or one added with :func:`urikit.schemes.register`) in any form its syntax allows
    (``mailto:a@b.example``, ``urn:isbn:0451450523``, ``file:///etc/hosts``; the network
    schemes of :mod:`urikit.schemes` only as ``http://...``), and any other scheme only
    as ``scheme://authority`` (``s3://bucket/key``); so ``Data::Dumper``, ``key:value``,
    ``12:30``, ``xsl:when`` and ``http: the protocol`` are no URIs, nor is ``http://``
    alone.  ``schemes="any"`` takes every ``scheme:`` that parses (RFC 3986 literally);
    a collection of names (``["http", "ftp"]``, case-insensitive) takes only those, in
    any form.  A single other ``str`` is a :class:`TypeError`, not a set of one-letter
    schemes.  ``abbreviated=True`` also finds ``www.example.com/path``-style references
    (Appendix F) and yields them completed by :func:`urikit.complete`.

    IRIs are found whole, whatever the grammar (RFC 3987 §2.2; under RFC 2396, which has
    no IRIs, a non-ASCII character may stand where an escape may): ``iri`` is the
    reference as read, ``uri`` its URI form (§3.1), valid under ``grammar`` (RFC 3986
    for ``"rfc3987"``, which finds what ``"rfc3986"`` finds).

    The arguments are checked at the call; the text is scanned as the result is consumed.

    >>> text = 'Yes, Jim, I found it under "http://www.w3.org/Addressing/",'
    >>> [(m.uri, m.delimiter) for m in extract(text)]
    [('http://www.w3.org/Addressing/', '""')]
    >>> [m.uri for m in extract("(see http://en.wikipedia.org/wiki/Foo_(bar)).")]
    ['http://en.wikipedia.org/wiki/Foo_(bar)']
    >>> [(m.uri, m.ended_by) for m in extract("**[Rust](https://rustup.rs/)**, Data::Dumper")]
    [('https://rustup.rs/', 'delimiter')]
    >>> [m.uri for m in extract("see http://somewhere.in/time?track=[02]#wasted-years.")]
    ['http://somewhere.in/time?track=%5B02%5D#wasted-years']
    >>> for m in extract("「https://例え.jp/パス」、https://de.wikipedia.org/wiki/Köln。"):
    ...     print(m.iri, m.uri)
    https://例え.jp/パス https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9
    https://de.wikipedia.org/wiki/Köln https://de.wikipedia.org/wiki/K%C3%B6ln
    """
    if not isinstance(text, str):
        raise TypeError(f"the text to search is a str, not {type(text).__name__}")
    g = get_grammar(grammar)
    return _scan(text, g, _policy(schemes), abbreviated)


def _policy(schemes: Iterable[str] | str | None) -> Policy:
    """The ``schemes`` argument as a :class:`Policy`."""
    if schemes is None:
        return Policy()
    if isinstance(schemes, str) and schemes == "any":
        return Policy(literal=True)
    return Policy(names=frozenset(_wanted(schemes)))


def _wanted(schemes: Iterable[str]) -> set[str]:
    """The ``schemes`` argument as a set of lower-case names."""
    if isinstance(schemes, (str, bytes)) or not isinstance(schemes, Iterable):
        hint = (
            f" (for one scheme, write schemes=[{schemes!r}]; for every one, schemes='any')"
            if isinstance(schemes, str)
            else ""
        )
        raise TypeError(f"schemes is an iterable of str, not {type(schemes).__name__}{hint}")
    wanted = set()
    for scheme in schemes:
        if not isinstance(scheme, str):
            raise TypeError(f"a scheme name is a str, not {type(scheme).__name__}")
        wanted.add(scheme.lower())
    return wanted


def _scan(text: str, g: Grammar, policy: Policy, abbreviated: bool) -> Iterator[URIMatch]:
    """The matches of :func:`extract`, found as they are asked for."""
    scan = Scan(text, g, policy)
    position = 0
    for start_match in (text_classes().start_abbreviated if abbreviated else START).finditer(text):
        if start_match.start() < position:
            continue
        found = (
            scan.abbreviated(start_match.start())
            if start_match.group("scheme") is None
            else scan.with_scheme(start_match)
        )
        if found is not None:
            position = found.end
            yield _match(found)
