"""The base URI and the URI references of an HTML document (RFC 3986 §5.1, RFC 2396 §5.1
and Appendix D).

RFC 3986 §5.1 ranks four sources of a base URI: one embedded in the content (in HTML, the
``<base href>`` of RFC 2396 Appendix D), the base of an encapsulating entity, the URI the
document was retrieved from, and an application default.  :func:`base_uri` applies that
order to a document; :func:`links` yields every URL-valued attribute of the document, each
resolved against that base by :func:`urikit.resolve`.  This module owns no grammar: it
finds references with the standard library's :class:`html.parser.HTMLParser`, and the
core parses and resolves them.

Where HTML decides, HTML's rules are followed, so that the references are those a
browser sees:

* the base is the ``href`` of the first ``base`` element *anywhere* in the document (the
  HTML standard's "document base URL"; it only asks authors to put it in ``head``), not
  counting ``base`` inside ``<template>`` or ``<svg>``/``<math>``; a second ``base`` is
  never consulted, even when the first one's ``href`` is invalid;
* a ``base`` whose URL has the scheme ``javascript`` or ``data`` (in any case) gives no
  base, as an invalid ``href`` gives none: the next layer is the base (HTML standard,
  "set the frozen base URL": if the URL's scheme is "data" or "javascript", the frozen
  base URL is the document's fallback base URL, which the next layer stands for);
* names are case-insensitive and a repeated attribute keeps its first value; character
  references are decoded as HTML decodes them in attribute values (``&copy=`` stays as
  written, ``&#1;`` is U+0001); leading and trailing ASCII whitespace is trimmed;
* tabs and newlines *inside* a reference are kept: a browser's URL parser deletes them,
  but they are not URI characters, so such a reference is reported invalid (``uri`` is
  ``None``); with ``lenient=True`` they are removed, and what the grammar does not allow
  is percent-encoded, as a browser does (``Link.repaired`` says so);
* a reference with characters outside US-ASCII is an IRI reference (RFC 3987 §2.2) and
  becomes a URI as the URL Standard's URL parser encodes it: the query of a URL whose
  scheme is ``http``, ``https``, ``ftp`` or ``file`` in the document's encoding (a
  character it cannot encode as ``&#N;``, percent-encoded: ``%26%23N%3B``), everything
  else as UTF-8, every octet of a non-ASCII character percent-encoded (HTML leaves the
  ASCII octets of a multi-byte encoding as they are; RFC 3986 does not allow some of
  them); the host of a URL of those schemes (or ``ws``, ``wss``) by IDNA, domain to
  ASCII (:func:`urikit.host_to_ascii` in ``mode``, after its escapes are decoded), the
  host of another scheme percent-encoded as UTF-8 (HTML's opaque host).  A host that
  IDNA refuses, or that cannot be converted because the ``idna`` extra that mode
  ``"idna2008"`` needs is missing,
  makes the link invalid (an :class:`urikit.IDNAError`), never another host.  What RFC
  3987 excludes (a bidirectional formatting character, a private use character outside
  the query, a noncharacter) is reported, not encoded;
* ``script``, ``style``, ``textarea``, ``title``, ``xmp``, ``iframe``, ``noembed`` and
  ``noframes`` hold text, not tags, and nothing after ``<plaintext>`` is markup;
  ``noscript`` is read as markup (a parser with scripting disabled);
* in SVG and MathML any element may link with ``href``; their elements are followed
  roughly as HTML's tree builder does (the HTML inside ``foreignObject`` and the like,
  the HTML tags that end them), but an end tag there of an HTML element opened outside
  them is not seen to end them;
* an unterminated comment, tag or declaration runs to the end of the document;
* references inside ``<template>`` are yielded (they are in the document), but a ``base``
  there is not the document's.

Positions are those of the reference's first character in the document (for a reference
spelled with a character reference, the ``&`` of it): ``line`` from 1 counting LF, CR LF
and CR as line breaks, ``column`` from 1 counting code points.  No document makes these
functions raise (but a document that is not a ``str`` is a :class:`TypeError`, at the
call), and the time they take grows linearly with the document.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ._algorithms.requote import requote
from ._html.tokenizer import Reference, scan
from ._html.url import as_uri, check_mode, query_encodings
from ._operations import resolve
from ._reference import URIReference, parse
from ._syntax.grammar import Grammar, get_grammar
from ._text.complete import check_iri, uri_grammar
from .errors import ErrorKind, IDNAError, ResolutionError, URISyntaxError

__all__ = ["REPAIRS", "Link", "base_uri", "links"]

#: A base URI the caller gives (RFC 3986 §5.1.2 to §5.1.4), or ``None``.
Layer = str | URIReference | None
#: Why a link has no target URI.
LinkError = URISyntaxError | ResolutionError | IDNAError


@dataclass(frozen=True, slots=True)
class Link:
    """One URI reference of a document: where it stands, as written, and resolved."""

    #: The element and attribute names, in lower case (``"a"``, ``"href"``).
    element: str
    attribute: str
    #: The reference as written: character references decoded, ASCII whitespace trimmed;
    #: an IRI reference (RFC 3987) when it holds characters outside US-ASCII.
    reference: str
    #: The target URI (RFC 3986 §5.2), ASCII and valid under the grammar (RFC 3986 for
    #: ``"rfc3987"``), or ``None`` when it has none (see ``error``).
    uri: str | None
    #: Where ``reference`` begins: line and column, both counted from 1.
    line: int
    column: int
    #: Why ``uri`` is ``None``: a :class:`urikit.URISyntaxError` for a reference that is
    #: not a URI (or IRI) reference, a :class:`urikit.ResolutionError` for a relative
    #: reference without a base, a :class:`urikit.IDNAError` for a host name IDNA
    #: refuses (or that needs the ``idna`` extra, in mode ``"idna2008"``).  Not part of equality.
    error: LinkError | None = field(default=None, compare=False)
    #: With ``lenient=True``, what was repaired to find ``uri`` (:data:`REPAIRS`); empty
    #: when the reference was valid as written.
    repaired: tuple[str, ...] = ()


# -- how references are read: the grammar, and HTML's encoding of IRIs ------------------
@dataclass(frozen=True, slots=True)
class _Reading:
    """How the references of a document are read: the grammar asked for (``given``),
    the URI grammar of its targets, the encodings of queries and the IDNA mode."""

    given: Grammar
    g: Grammar
    encodings: tuple[str, ...]
    mode: str
    lenient: bool = False


def _reading(
    grammar: str | Grammar | None, encoding: str, mode: str, lenient: bool = False
) -> _Reading:
    """The arguments of :func:`links` and :func:`base_uri`, checked at the call."""
    g = get_grammar(grammar)
    check_mode(mode)
    return _Reading(g, uri_grammar(g), query_encodings(encoding), mode, lenient)


#: The target URI or the error, and what was repaired (``lenient=True``).
_Target = tuple[str | None, LinkError | None, tuple[str, ...]]

#: What ``lenient=True`` repairs, as :attr:`Link.repaired` names it: tabs and newlines
#: inside a reference removed (the URL Standard's URL parser removes them), characters
#: the grammar does not allow percent-encoded as UTF-8 (:func:`urikit.requote`).
REPAIRS = ("tab-or-newline-removed", "percent-encoded")
_TAB_OR_NEWLINE = str.maketrans("", "", "\t\n\r")


def _repaired(reference: str, reading: _Reading) -> tuple[str, tuple[str, ...]]:
    """``reference`` as a browser reads it, and what was changed (:data:`REPAIRS`): an
    IRI reference (under ``rfc3987``, so that the characters outside ASCII are then
    encoded as HTML encodes them), or a URI reference under ``rfc2396``."""
    done = []
    cleaned = reference.translate(_TAB_OR_NEWLINE)
    if cleaned != reference:
        done.append(REPAIRS[0])
    grammar = "rfc2396" if reading.given.name == "rfc2396" else "rfc3987"
    fixed = requote(cleaned, grammar=grammar, host="percent")
    if fixed != cleaned:
        done.append(REPAIRS[1])
    return fixed, tuple(done)


def _target(reference: str, base: URIReference | None, reading: _Reading) -> _Target:
    """The target URI of ``reference`` and what was repaired (see :func:`_strict_target`);
    with ``reading.lenient``, a reference that is not a URI (or IRI) reference is
    repaired first (:func:`_repaired`), unless the repair fails too."""
    uri, error = _strict_target(reference, base, reading)
    if not reading.lenient or not isinstance(error, URISyntaxError):
        return uri, error, ()
    try:
        fixed, done = _repaired(reference, reading)
    except URISyntaxError:  # what encoding cannot mend (a lone surrogate)
        return uri, error, ()
    repaired_uri, repaired_error = _strict_target(fixed, base, reading)
    if repaired_uri is None:
        return uri, error, ()
    return repaired_uri, repaired_error, done


def _no_base(reference: str) -> ResolutionError:
    return ResolutionError(
        reference,
        ErrorKind.NO_BASE,
        f"a relative reference and no base URI (RFC 3986 §5.1): {reference[:100]!r}",
    )


def _strict_target(
    reference: str, base: URIReference | None, reading: _Reading
) -> tuple[str | None, LinkError | None]:
    """The target URI of ``reference`` (RFC 3986 §5.2 or RFC 2396 §5.2), or the error;
    an IRI reference is made a URI reference first, as HTML does (see ``_as_uri``)."""
    try:
        if reference.isascii():
            ref = parse(reference, grammar=reading.g)
        else:
            scheme = check_iri(reference, reading.given)
            if scheme is None:
                if base is None:
                    return None, _no_base(reference)
                scheme = base.scheme or ""
            uri = as_uri(reference, scheme.lower(), reading.encodings, reading.mode)
            ref = parse(uri, grammar=reading.g)
        if base is not None:
            return resolve(base, ref), None
        if ref.scheme is not None:  # §5.2.2 reads no base for a reference with a scheme
            return resolve(ref, ref), None
        return None, _no_base(reference)
    except (URISyntaxError, ResolutionError, IDNAError) as error:
        return None, error


# -- RFC 3986 §5.1: the layers of base URIs ------------------------------------------------
#: HTML standard, "set the frozen base URL": a base URL with these schemes is ignored.
_NO_BASE_SCHEMES = ("data", "javascript")


def _check(document: object) -> None:
    """A document is a ``str``: say so at the call, not where the scan would fail."""
    if not isinstance(document, str):
        raise TypeError(f"an HTML document is a str, not {type(document).__name__}")


def _given_base(text: str | URIReference | None, name: str, g: Grammar) -> URIReference | None:
    """A base URI the caller gives: a URI, used without its fragment (RFC 3986 §5.1)."""
    if text is None:
        return None
    ref = parse(text, grammar=g)
    if ref.scheme is None:
        raise ResolutionError(
            str(ref),
            ErrorKind.BASE_WITHOUT_SCHEME,
            f"{name} must be a URI with a scheme (RFC 3986 §5.1): {str(ref)[:100]!r}",
        )
    return ref if ref.fragment is None else ref.replace(fragment=None)


def _document_base(
    href: str | None, outer: URIReference | None, reading: _Reading
) -> URIReference | None:
    """RFC 3986 §5.1: the embedded base (``href`` of the first ``base`` element) if it
    gives one, resolved against the ``outer`` layers if relative, else those layers."""
    if href is not None:
        # §5.1: "converted to absolute form and stripped of any fragment"
        target, _, _ = _target(href, outer, reading)
        if target is not None:
            ref = parse(target, grammar=reading.g)
            # HTML standard, "set the frozen base URL": a data: or javascript: URL is no
            # base; the fallback base URL (the next layer) is.
            if (ref.scheme or "").lower() not in _NO_BASE_SCHEMES:
                return ref if ref.fragment is None else ref.replace(fragment=None)
    return outer  # not a URI reference, or not resolvable: the next layer takes over


def _outer_base(
    encapsulating_base: Layer, retrieval_uri: Layer, default: Layer, g: Grammar
) -> URIReference | None:
    """RFC 3986 §5.1.2 to §5.1.4: the first of the caller's layers that exists."""
    layers = (
        _given_base(encapsulating_base, "encapsulating_base", g),
        _given_base(retrieval_uri, "retrieval_uri", g),
        _given_base(default, "default", g),
    )
    return next((layer for layer in layers if layer is not None), None)


def _resolved(
    found: list[Reference], base: URIReference | None, outer: URIReference | None, reading: _Reading
) -> Iterator[Link]:
    targets: dict[str, _Target] = {}
    for element, attribute, reference, line, column, is_base in found:
        if is_base:  # HTML resolves a base element's href against the layers outside it
            uri, error, repaired = _target(reference, outer, reading)
        else:
            known = targets.get(reference)
            if known is None:
                known = targets[reference] = _target(reference, base, reading)
            uri, error, repaired = known
        yield Link(element, attribute, reference, uri, line, column, error, repaired)


# -- the public functions ----------------------------------------------------------------
def base_uri(
    document: str,
    *,
    retrieval_uri: Layer = None,
    encapsulating_base: Layer = None,
    default: Layer = None,
    grammar: str | Grammar | None = None,
    encoding: str = "utf-8",
    mode: str = "uts46",
) -> str | None:
    """The base URI of an HTML document, by the precedence of RFC 3986 §5.1 (RFC 2396
    §5.1): the document's ``<base href>`` (§5.1.1, RFC 2396 Appendix D), else
    ``encapsulating_base`` (§5.1.2), else ``retrieval_uri`` (§5.1.3: after redirects, the
    last URI), else ``default`` (§5.1.4); ``None`` when none of them gives one.

    The embedded base is the ``href`` of the first ``base`` element that has one.  A
    relative ``href`` is resolved against the next layer that exists; when there is none,
    or the ``href`` is not a URI reference under ``grammar`` (after trimming ASCII
    whitespace), or its URL is a ``javascript:`` or ``data:`` one (HTML standard, "set the
    frozen base URL"), it is ignored and the next layer takes over.  The base is returned in
    absolute form without its fragment (RFC 3986 §5.1).  The layers given must be URIs:
    :class:`urikit.URISyntaxError` or :class:`urikit.ResolutionError` otherwise.
    ``encoding`` and ``mode`` say how a ``<base href>`` with characters outside ASCII
    becomes a URI, as for :func:`links`.

    >>> page = '<head><base href="/docs/"></head><a href="intro">'
    >>> base_uri(page, retrieval_uri="http://example.com/a/b")
    'http://example.com/docs/'
    >>> base_uri("<p>no base here", retrieval_uri="http://example.com/a/b")
    'http://example.com/a/b'
    >>> print(base_uri('<base href="/docs/">'))  # relative, and nothing to resolve it by
    None
    >>> base_uri('<base href="javascript:alert(1)//">', retrieval_uri="http://example.com/")
    'http://example.com/'
    """
    _check(document)
    reading = _reading(grammar, encoding, mode)
    outer = _outer_base(encapsulating_base, retrieval_uri, default, reading.g)
    base = _document_base(scan(document, stop_at_base=True).base, outer, reading)
    return None if base is None else str(base)


def links(
    document: str,
    *,
    retrieval_uri: Layer = None,
    encapsulating_base: Layer = None,
    default: Layer = None,
    grammar: str | Grammar | None = None,
    encoding: str = "utf-8",
    mode: str = "uts46",
    lenient: bool = False,
) -> Iterator[Link]:
    """Every URI reference of an HTML document, in document order, each resolved
    (RFC 3986 §5.2, or RFC 2396 §5.2 with ``grammar="rfc2396"``) against the base that
    :func:`base_uri` gives for the same arguments.

    The references are the values of the URL-valued attributes of HTML (``href``,
    ``src``, ``srcset``, ``action``, ``cite``, ``data``, ``poster``, ...; HTML 4.01's
    ``longdesc``, ``usemap``, ``codebase``, ``classid``, ``archive``, ``profile``,
    ``background``), microdata's ``itemtype`` and ``itemid``, ``href`` and ``xlink:href``
    in SVG and MathML, and the URL of ``<meta http-equiv="refresh">``; one per URL for
    lists (``ping``, ``srcset``, ``archive``).  An empty value is yielded too: it is the
    empty reference, which resolves to the base.  A ``base`` element's own ``href`` is
    resolved against the layers outside the document, as HTML does.

    A reference with characters outside ASCII (an IRI reference, RFC 3987) is made a URI
    reference as HTML's URL parser makes it (the module docstring says how): the query of
    an ``http``, ``https``, ``ftp`` or ``file`` URL in ``encoding``, the document's
    (default UTF-8; UTF-16 documents use UTF-8), the rest in UTF-8, the host name of
    those (and ``ws``, ``wss``) by IDNA in ``mode`` (:func:`urikit.host_to_ascii`:
    ``"uts46"``, the default, and ``"browser"``, the URL Standard's own domain to ASCII,
    are urikit's own UTS #46; ``"idna2008"`` needs the ``idna`` extra).  ``grammar``
    ``"rfc3987"`` reads as ``"rfc3986"`` does: ``uri`` is always a URI.

    ``uri`` is ``None`` when the reference is not a URI or IRI reference under
    ``grammar`` (a space, a bidirectional formatting character: ``error`` says where),
    when its host has no IDNA form (``error`` is an :class:`urikit.IDNAError`) or when it
    is relative and there is no base.  An unknown ``encoding`` or ``mode`` is a
    ``ValueError`` at the call.  The document is read at once; references are resolved
    as consumed.

    ``lenient=True`` reads references as browsers do instead of reporting them: tabs
    and newlines inside one are removed, characters the grammar does not allow are
    percent-encoded as UTF-8 (:func:`urikit.requote`; those outside ASCII then as above),
    and ``Link.repaired`` says which of :data:`REPAIRS` were made (the document's
    ``<base href>`` is read so too).  What no encoding mends is still reported.

    >>> page = '''
    ... <base href="http://example.com/a/">
    ... <img src=logo.png srcset="logo-2x.png 2x, /big,wide.png 800w">
    ... <a href="../b c">'''
    >>> for link in links(page):
    ...     print(link.line, link.column, link.element, link.attribute, link.uri)
    2 13 base href http://example.com/a/
    3 10 img src http://example.com/a/logo.png
    3 27 img srcset http://example.com/a/logo-2x.png
    3 43 img srcset http://example.com/big,wide.png
    4 10 a href None
    >>> page = '<meta charset=latin-1><a href="https://bücher.de/ü?q=ü">'
    >>> [link.uri for link in links(page, encoding="latin-1")]
    ['https://xn--bcher-kva.de/%C3%BC?q=%FC']
    >>> (link,) = links('<a href="../x y">', retrieval_uri="http://h/a/b", lenient=True)
    >>> link.uri, link.repaired
    ('http://h/x%20y', ('percent-encoded',))
    """
    _check(document)
    reading = _reading(grammar, encoding, mode, lenient)
    outer = _outer_base(encapsulating_base, retrieval_uri, default, reading.g)
    scanned = scan(document, stop_at_base=False)
    base = _document_base(scanned.base, outer, reading)
    return _resolved(scanned.found, base, outer, reading)
