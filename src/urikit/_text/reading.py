"""A URI as the reader of its document reads it, for :mod:`urikit._text.extract`.

Two steps, each keeping the position in the text of every character it gives, so that
an error in what is read is an index in the text as written:

- :func:`decode`: the escapes of the document's own syntax stand for characters.  In
  roff, ``\\-``, ``\\~``, ``\\.`` and ``\\e`` stand for ``-``, ``~``, ``.`` and ``\\``,
  and ``\\&``, ``\\:``, ``\\%`` for nothing (groff(7): a zero-width break or hyphenation
  point); in a Markdown link destination a backslash escapes any ASCII punctuation
  (CommonMark §2.4); an HTML character reference (``&amp;``, ``&#64;``, ``&#x40;``)
  stands for its character (HTML §13.2.5.72), as Markdown reads it too (§2.5).
- :func:`repair`: what a reader takes whole though RFC 3986 forbids it where it stands
  (``[02]`` in a query, the ``{x}`` of a template in a path, ``|``, a ``%`` that starts
  no escape) is percent-encoded (RFC 3986 §2.1, §2.4), after the authority only: a
  character no host holds is no URI.
"""

from __future__ import annotations

import html.entities
import re

from .._syntax.charsets import HEXDIG, CharClass
from .._syntax.grammar import Grammar

__all__ = ["ROFF_ESCAPES", "Where", "decode", "origin", "repair"]

#: The roff escapes a URL holds (groff(7)), by the character after the backslash.
ROFF_ESCAPES = {"-": "-", "&": "", ":": "", "%": "", "~": "~", ".": ".", "e": "\\"}
_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_ESCAPE = re.compile(r"\\(.)|&(#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});", re.S)
_MAY_NEED_REPAIR = re.compile(
    r"[^!$&'()*+,\-./0-9:;=?@A-Z_a-z~\x80-\U0010ffff]|%(?![0-9A-Fa-f]{2})"
)

#: Where each character of what was read stands in the text: ``None`` when it is the text
#: itself, else a list one longer than what was read (its end's position last).
Where = list[int] | None


def _reference(name: str) -> str | None:
    """The character(s) an HTML character reference ``&name;`` stands for."""
    if name[0] == "#":
        code = int(name[2:], 16) if name[1] in "xX" else int(name[1:])
        return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else None
    return html.entities.html5.get(name + ";")


def decode(raw: str, markdown: bool) -> tuple[str, Where]:
    """``raw`` with the escapes of its document read (see the module docstring); in a
    Markdown link destination (``markdown``) a backslash escape is Markdown's, else a
    roff one.  Returns what was read and where each of its characters stands in ``raw``."""
    if "\\" not in raw and "&" not in raw:
        return raw, None
    pieces: list[str] = []
    where: list[int] = []
    position = 0
    for match in _ESCAPE.finditer(raw):
        escaped, name = match.group(1), match.group(2)
        if escaped is not None:
            if markdown and escaped in _ASCII_PUNCTUATION:
                meaning: str | None = escaped
            else:
                meaning = ROFF_ESCAPES.get(escaped)
        else:
            meaning = _reference(name)
        if meaning is None:
            continue
        pieces.append(raw[position : match.start()])
        where.extend(range(position, match.start()))
        pieces.append(meaning)
        where.extend([match.start()] * len(meaning))
        position = match.end()
    if not pieces:
        return raw, None
    pieces.append(raw[position:])
    where.extend(range(position, len(raw) + 1))
    return "".join(pieces), where


def repair(iri: str, g: Grammar, after: int) -> tuple[str, Where]:
    """``iri`` with what the grammar ``g`` forbids after index ``after`` (the end of
    the authority, or of ``scheme:``) percent-encoded as a reader takes it whole: an
    ASCII character its component does not hold, a ``%`` that starts no escape (but for
    one left open at the end, where the URI ends), a ``#``
    in the fragment (RFC 3986 §2.1, §3.3-3.5).  Characters outside ASCII are left to
    RFC 3987.  Returns the repaired IRI and where each character stands in ``iri``."""
    if _MAY_NEED_REPAIR.search(iri, after) is None and iri.count("#", after) <= 1:
        return iri, None
    pieces = [iri[:after]]
    where = list(range(after))
    component: CharClass = g.path
    for index in range(after, len(iri)):
        char = iri[index]
        if char == "?" and component is g.path:
            component = g.query
        elif char == "#" and component is not g.fragment:
            component = g.fragment
        elif char == "%":  # at the end, an escape left open: the URI ends before it
            if any(c not in HEXDIG for c in iri[index + 1 : index + 3]):
                char = "%25"
        elif char.isascii() and char not in component.chars:
            char = f"%{ord(char):02X}"
        pieces.append(char)
        where.extend([index] * len(char))
    where.append(len(iri))
    return "".join(pieces), where


def origin(where: Where, position: int) -> int:
    """The position in the text of what stands at ``position`` of what was read."""
    return position if where is None else where[min(position, len(where) - 1)]
