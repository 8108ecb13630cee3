"""Abbreviated URLs (RFC 2396 Appendix F): complete ``www.w3.org/Addressing/`` to a URI.

There is no standard set of heuristics (the appendix says so); urikit tries these
readings in this order and returns the first that is a valid absolute URI:

1. a network-path reference (``//host/path``) gets ``default_scheme + ":"``;
2. a bare IPv6 address (``2001:db8::1/x``) gets brackets and ``default_scheme + "://"``
   (before 3: ``fe80::1`` would otherwise read as the scheme ``fe80``);
3. a string that already begins with a scheme (``mailto:x``, ``https://h/``) is returned
   unchanged, unless what looks like a scheme is a host name and what follows is a port
   (``localhost:8080/x``, ``example.com:81``) and not ``//`` (``iris.beep://h``);
4. an ``ftp.``-prefixed host gets ``ftp://``; any other host (``www.w3.org``, an IPv4
   address, a bracketed IPv6 address, ``host:port``, a bare host name), with an optional
   path, query and fragment, gets ``default_scheme + "://"`` (``http`` unless told
   otherwise, as Appendix F suggests for ``www.`` hosts).

An IRI (RFC 3987) completes to an IRI: ``bücher.de/x`` is ``http://bücher.de/x``; the
completion only adds what is missing and converts nothing (:func:`urikit.iri_to_uri`
gives the URI).  Leading and trailing whitespace is ignored.  When no reading gives a
URI, :class:`urikit.URISyntaxError` says where the input stops fitting, as a position in
the input (not in the completed candidate).  What is not a str is a ``TypeError``.

The module also holds what the layers that meet running text (``_complete``,
``_extract``, ``html``) share about IRIs: :func:`check_iri` reads a reference that may
hold non-ASCII characters under any grammar, positions in the text as written.
"""

from __future__ import annotations

import re

from .._reference import is_valid, parse, validate
from .._syntax.charsets import BIDI_FORMATTING, IPRIVATE, REG_NAME, SCHEME_REGEX, UCS, CharClass
from .._syntax.grammar import RFC3986, RFC3987, Grammar
from ..errors import ErrorKind, URISyntaxError, describe_char

__all__ = ["check_iri", "complete", "uri_grammar"]

_SCHEME = re.compile(f"({SCHEME_REGEX}):")
_HOST_CHARS = CharClass(REG_NAME, wide=UCS).regex()  # RFC 3987 §2.2 ireg-name
# a host, an optional ":port", and the rest (path, query, fragment)
_HOST_PORT = re.compile(rf"{_HOST_CHARS}+(?::[0-9]*)?(?=[/?#]|\Z)")
_HOST_RUN = re.compile(f"{_HOST_CHARS}*")
_PORT_AFTER = re.compile(r"(?!//)[0-9]*(?=[/?#]|\Z)")  # "a.b://h" has a scheme
#: ASCII whitespace and Unicode's spaces (Zs, Zl, Zp), which IRIs could hold (RFC 3987 §6.1
#: asks them not to) but text around a URL holds more often.
_WHITESPACE = (
    " \t\r\n\f\v\u00a0\u1680"
    + "".join(map(chr, range(0x2000, 0x200B)))
    + ("\u2028\u2029\u202f\u205f\u3000")
)


# -- IRIs under any grammar -------------------------------------------------------------
_NON_ASCII = re.compile("[^\x00-\x7f]+")
#: A character outside US-ASCII that no IRI holds (RFC 3987 §2.2 ucschar, iprivate).
_NOT_IRI = re.compile("[^\x00-\x7f" + (UCS | IPRIVATE).regex() + "]")


def uri_grammar(g: Grammar) -> Grammar:
    """The URI grammar whose references are the URI forms of ``g``'s (RFC 3987 §3.1):
    RFC 3986 for RFC 3987, ``g`` itself for a URI grammar."""
    return RFC3986 if g.uri_chars.wide.spans else g


def check_iri(text: str, g: Grammar, rule: str = "URI-reference") -> str | None:
    """Check that ``text`` is an IRI reference whose URI form (RFC 3987 §3.1: each
    non-ASCII character as the percent-encoded octets of its UTF-8 form) is a
    ``rule`` of ``g``, and return its scheme (``None`` when it has none).  ASCII text
    is read under ``g`` as it is.  Raises :class:`URISyntaxError` positioned in ``text``.

    Under RFC 3986 (and RFC 3987) this is RFC 3987 §2.2 exactly.  RFC 2396 has no IRI
    form; its references here hold ucschar and iprivate characters where they could
    hold escapes: each is read as the mark ``~``, which RFC 2396 §2.3 allows exactly
    where it allows an escape (never in a scheme, a port, an IP literal or a strict
    hostname, where ``~`` and escapes make a ``reg_name`` alike), and a character no
    IRI holds as ``"``, which RFC 2396 §2.4.3 excludes everywhere, so that the first
    error is found where it is, at its position in ``text``.
    """
    if text.isascii():
        return parse(text, grammar=g, rule=rule).scheme
    if g is RFC3986 or g.uri_chars.wide.spans:
        return parse(text, grammar=RFC3987 if g is RFC3986 else g, rule=rule).scheme
    # what no IRI holds as '"', which RFC 2396 excludes everywhere (§2.4.3), so that the
    # first error is where the parse finds it
    marked = _NON_ASCII.sub(lambda match: "~" * len(match.group()), _NOT_IRI.sub('"', text))
    try:
        return parse(marked, grammar=g, rule=rule).scheme
    except URISyntaxError as error:
        position, kind, reason = error.position, error.kind, error.reason
        char = text[position] if position < len(text) else ""
        if char in BIDI_FORMATTING:
            kind, reason = ErrorKind.BIDI_FORMATTING, f"{describe_char(char)}: RFC 3987 §4.1"
        elif char and _NOT_IRI.match(char):
            kind = ErrorKind.INVALID_CHARACTER
            reason = f"{describe_char(char)} is a character no IRI holds (RFC 3987 §2.2)"
        elif char and not char.isascii():
            reason = (
                f"{describe_char(char)} stands where its percent-encoded UTF-8 octets "
                f"would not be allowed either ({g.title}; RFC 3987 §3.1)"
            )
        raise URISyntaxError(
            text, position, kind, reason, rule=error.rule, grammar=error.grammar
        ) from None


# -- completion ------------------------------------------------------------------------
def _looks_like_host(name: str) -> bool:
    return name.lower() == "localhost" or "." in name.strip(".")


#: What a reading inserts into the text: (index in the text, characters inserted there).
Insertions = list[tuple[int, int]]


def _reading(text: str, default_scheme: str) -> tuple[str, Insertions] | None:
    """The first reading of ``text`` that gives a URI candidate, with what it inserts
    into ``text``; ``None`` when there is none."""
    if text.startswith("//"):  # a network-path reference
        return f"{default_scheme}:{text}", [(0, len(default_scheme) + 1)]
    end = min((i for i in map(text.find, "/?#") if i >= 0), default=len(text))
    if text.count(":", 0, end) >= 2 and is_valid(text[:end], rule="IPv6address"):
        candidate = f"{default_scheme}://[{text[:end]}]{text[end:]}"
        return candidate, [(0, len(default_scheme) + 4), (end, 1)]
    scheme = _SCHEME.match(text)
    if scheme is not None and not (
        _looks_like_host(scheme.group(1)) and _PORT_AFTER.match(text, scheme.end())
    ):
        return text, []  # already a URI (or nothing: the parse will say)
    if not text.startswith("[") and _HOST_PORT.match(text) is None:
        return None
    scheme_name = "ftp" if text[:4].lower() == "ftp." else default_scheme
    return f"{scheme_name}://{text}", [(0, len(scheme_name) + 3)]


def _origin(position: int, insertions: Insertions) -> int:
    """The index in the text of what stands at ``position`` of the candidate (the
    character after an insertion, for a position inside it)."""
    shift = 0
    for index, width in insertions:
        if position < index + shift + width:
            return max(index, position - shift)
        shift += width
    return position - shift


def complete(text: str, *, default_scheme: str = "http") -> str:
    """The absolute URI an abbreviated URL stands for (RFC 2396 Appendix F); for an IRI
    (RFC 3987 §2.2), the absolute IRI, converted no further.

    >>> complete("www.w3.org/Addressing/")
    'http://www.w3.org/Addressing/'
    >>> complete("ftp.is.co.za/rfc/"), complete("localhost:8080/x", default_scheme="https")
    ('ftp://ftp.is.co.za/rfc/', 'https://localhost:8080/x')
    >>> complete("2001:db8::1"), complete("mailto:a@b.example")
    ('http://[2001:db8::1]', 'mailto:a@b.example')
    >>> complete("bücher.de/straße")
    'http://bücher.de/straße'
    """
    if not isinstance(text, str):
        raise TypeError(f"the text to complete is a str, not {type(text).__name__}")
    if not isinstance(default_scheme, str):
        raise TypeError(f"default_scheme is a str, not {type(default_scheme).__name__}")
    validate(default_scheme, rule="scheme")
    stripped = text.strip(_WHITESPACE)
    offset = len(text) - len(text.lstrip(_WHITESPACE))
    reading = _reading(stripped, default_scheme)
    if reading is None:
        host = _HOST_RUN.match(stripped)
        raise URISyntaxError(
            text,
            offset + (host.end() if host else 0),
            ErrorKind.INVALID_HOST,
            "not a URI, nor a host name, IP address or host:port with an optional path",
        )
    candidate, insertions = reading
    try:
        check_iri(candidate, RFC3986, "URI")
        return candidate
    except URISyntaxError as error:
        position = offset + min(_origin(error.position, insertions), len(stripped))
        raise URISyntaxError(
            text, position, error.kind, error.reason, rule="URI", grammar=error.grammar
        ) from None
