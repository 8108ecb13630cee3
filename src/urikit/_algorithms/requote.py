"""Repairing almost-URIs (RFC 3986 §2.4): ``requote`` splits a string as Appendix B does
and pct-encodes exactly what each component of the grammar does not allow, keeping
every valid escape; positions of what it cannot repair point into the caller's text.
An IRI (RFC 3987) is an almost-URI too: its characters outside US-ASCII are encoded as
§3.1 says, its host name converted by IDNA (RFC 3986 §3.2.2) unless asked otherwise."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from .._syntax import charsets as cs
from .._syntax.grammar import Grammar, get_grammar
from .._syntax.parse import APPENDIX_B, read, split
from ..errors import URISyntaxError
from .compose import HostEncoding, check_host_encoding, idna_host_at
from .percent import require_str, unencodable

__all__ = ["requote"]


def _disallowed(chars: cs.CharClass) -> re.Pattern[str]:
    """Runs of characters ``chars`` does not allow; a ``%`` counts unless it starts a
    triplet the class admits (RFC 3986 §2.1)."""
    if not chars.pct_encoded:  # "%" is one more character it does not allow
        return re.compile(cs.char_class_regex(chars.chars, negate=True, wide=chars.wide) + "+")
    negated = cs.char_class_regex(chars.chars | {"%"}, negate=True, wide=chars.wide)
    return re.compile(negated + "+|%(?![0-9A-Fa-f]{2})")


class _Fixers(NamedTuple):
    """Per grammar, the runs each component does not allow (see ``_disallowed``)."""

    userinfo: re.Pattern[str]
    host: re.Pattern[str]
    path: re.Pattern[str]
    first_segment: re.Pattern[str]
    query: re.Pattern[str]
    fragment: re.Pattern[str]
    opaque: re.Pattern[str] | None  # RFC 2396 §3 opaque_part after its first character


@lru_cache(maxsize=8)
def _fixers(g: Grammar) -> _Fixers:
    """The patterns of grammar ``g``, compiled on first use (a grammar is a value)."""
    # RFC 2396's hostname takes no escapes: an encoded host is a registry name there.
    host = g.host if g.host.pct_encoded or g.registry is None else g.registry
    return _Fixers(
        _disallowed(g.userinfo),
        _disallowed(host),
        _disallowed(g.path),
        _disallowed(g.first_segment),
        _disallowed(g.query),
        _disallowed(g.fragment),
        None if g.opaque is None else _disallowed(g.opaque[1]),
    )


class _Repair:
    """The repaired text, built from ``text`` left to right, and which characters were
    encoded, so that a position in the repair maps back to the caller's ``text``."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pieces: list[str] = []
        self.encoded: list[tuple[int, int]] = []  # (index in text, length of its escapes)

    def keep(self, start: int, end: int) -> None:
        self.pieces.append(self.text[start:end])

    def replace(self, start: int, end: int, replacement: str) -> None:
        """Write ``replacement`` for ``text[start:end]`` (not empty): its first character
        stands for the whole replacement, the others for nothing."""
        self.pieces.append(replacement)
        self.encoded.append((start, len(replacement)))
        self.encoded.extend((i, 0) for i in range(start + 1, end))

    def fix(self, start: int, end: int, disallowed: re.Pattern[str]) -> None:
        """Copy ``text[start:end]``, every character ``disallowed`` finds pct-encoded as
        UTF-8 (RFC 3986 §2.5)."""
        for match in disallowed.finditer(self.text, start, end):
            self.keep(start, match.start())
            for i in range(match.start(), match.end()):
                escapes = "%" + self.text[i].encode("utf-8").hex("%").upper()
                self.pieces.append(escapes)
                self.encoded.append((i, len(escapes)))
            start = match.end()
        self.keep(start, end)

    def result(self) -> str:
        return "".join(self.pieces)

    def origin(self, position: int) -> int:
        """The index in ``text`` of what stands at ``position`` of the repaired text."""
        shift = 0
        for index, width in self.encoded:
            if position < index + shift:
                break
            if position < index + shift + width:
                return index
            shift += width - 1
        return position - shift


def requote(
    text: str,
    *,
    grammar: str | Grammar | None = None,
    host: HostEncoding = "idna",
    mode: str = "uts46",
) -> str:
    """Turn an almost-URI reference into a valid one (RFC 3986 §2.4): split it as
    Appendix B does, then pct-encode, as UTF-8, exactly the characters each component
    does not allow (a ``%`` without two hex digits becomes ``%25``).  Valid escapes, IP
    literals, the scheme and the port are left alone; a valid reference comes back
    unchanged.  What encoding cannot fix raises the parser's :class:`URISyntaxError`,
    positioned in ``text``, not in the repair (a lone surrogate, which has no UTF-8
    octets, is ``INVALID_CHARACTER``).

    An IRI (RFC 3987) becomes a URI so: its characters outside US-ASCII as RFC 3987 §3.1
    encodes them, and a host name that holds some (its escapes decoded first) converted
    whole by IDNA with ``host="idna"`` (the default: RFC 3986 §3.2.2;
    :func:`urikit.host_to_ascii` in ``mode``, where ``"idna2008"`` needs the ``idna``
    extra, raising ``ModuleNotFoundError`` naming it otherwise, and raises
    :class:`urikit.IDNAError`, positioned in ``text`` too, for a name IDNA refuses), or
    percent-encoded as UTF-8
    with ``host="percent"``.  Under
    ``grammar="rfc3987"`` the result is a valid IRI reference instead: the characters
    IRIs allow stay, host names too.

    >>> requote("http://h/a b?q=ü#x#y")
    'http://h/a%20b?q=%C3%BC#x%23y'
    >>> requote("http://h/%zz%41")
    'http://h/%25zz%41'
    >>> requote("http://Bücher.de/ä b"), requote("http://Bücher.de/ä b", host="percent")
    ('http://xn--bcher-kva.de/%C3%A4%20b', 'http://B%C3%BCcher.de/%C3%A4%20b')
    """
    require_str(text, "the text to requote")
    g = get_grammar(grammar)
    check_host_encoding("host", host, mode)
    if split(text, g, g.rules["URI-reference"]) is not None:
        return text  # the fast path: already valid
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise unencodable(text, exc, "UTF-8", "URI-reference") from None
    match = APPENDIX_B.match(text)
    assert match is not None  # every part is optional
    fixers = _fixers(g)
    repair = _Repair(text)
    has_scheme, has_authority = match.start(1) >= 0, match.start(2) >= 0
    repair.keep(0, match.start(2) if has_authority else match.start(3))  # scheme ":" "//"
    if has_authority:
        idna = host == "idna" and not g.uri_chars.wide.spans  # no IDNA for an IRI
        _fix_authority(repair, *match.span(2), g, fixers, mode if idna else None)
    _fix_path(repair, *match.span(3), fixers, has_scheme, has_authority)
    for group, disallowed in ((4, fixers.query), (5, fixers.fragment)):
        if match.start(group) >= 0:  # "?" query, "#" fragment
            repair.keep(match.start(group) - 1, match.start(group))
            repair.fix(*match.span(group), disallowed)
    result = repair.result()
    if split(result, g, g.rules["URI-reference"]) is None:
        try:
            read(result, g, g.rules["URI-reference"])  # a bad scheme, port or IP literal
        except URISyntaxError as error:
            position = repair.origin(error.position)
            raise URISyntaxError(
                text, position, error.kind, error.reason, rule=error.rule, grammar=g.name
            ) from None
    return result


def _fix_authority(
    repair: _Repair, start: int, end: int, g: Grammar, fixers: _Fixers, mode: str | None
) -> None:
    """``[ userinfo "@" ] host [ ":" port ]`` (RFC 3986 §3.2), the last ``@`` ending
    the userinfo; an IP literal and the port are left as they are; with an IDNA
    ``mode``, a host with characters outside ASCII is converted by IDNA."""
    text = repair.text
    if g.registry is not None and g.registry.first_bad(text, start, end) is None:
        repair.keep(start, end)  # RFC 2396 §3.2: a valid registry-based authority
        return
    at = text.rfind("@", start, end)
    host = start
    if at >= 0:
        repair.fix(start, at, fixers.userinfo)
        repair.keep(at, at + 1)
        host = at + 1
    if text.startswith("[", host, end):  # an IP literal (RFC 3986 §3.2.2): the parser judges
        repair.keep(host, end)
        return
    colon = text.rfind(":", host, end)
    port = end if colon < 0 else colon
    name = text[host:port]
    if mode is not None and not name.isascii():
        repair.replace(host, port, idna_host_at(text, host, port, mode, g.name))
    else:
        repair.fix(host, port, fixers.host)
    repair.keep(port, end)


def _fix_path(
    repair: _Repair, start: int, end: int, fixers: _Fixers, has_scheme: bool, has_authority: bool
) -> None:
    """The path with what its rule does not allow encoded (RFC 3986 §3.3, §4.2)."""
    text = repair.text
    opaque = fixers.opaque
    if has_scheme and not has_authority and opaque and not text.startswith("/", start, end):
        repair.fix(start, end, opaque)  # RFC 2396 §3 opaque_part
        return
    if has_scheme or has_authority:
        repair.fix(start, end, fixers.path)
        return
    slash = text.find("/", start, end)  # path-noscheme: no ":" in segment one
    first = end if slash < 0 else slash
    repair.fix(start, first, fixers.first_segment)
    repair.fix(first, end, fixers.path)
