"""The checks of :func:`urikit.lint` that read a component in its context: the port as
lenient parsers read it, path parameters as servlet containers read them, the values of
query and fragment parameters as the redirect that follows them reads them, and the
media type of a ``data:`` URL as a browser renders it.

Each severity is argued where it is set: a rule fires at its catalogue severity where the
construct deceives, at ``info`` where the context shows the usual, harmless use.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .._algorithms.percent import unquote
from .catalogue import Finding, Severity, finding, shown

__all__ = [
    "LEADING_SLASHES",
    "USUAL",
    "Place",
    "dangerous_parameter",
    "data_severity",
    "harmless_escape",
    "latin1_crlf",
    "malformed_port",
    "may_hold_scheme",
    "path_parameter_traversal",
]

# -- data: URLs by media type ----------------------------------------------------------------
#: The media types a browser renders as a document that runs script, or runs as script:
#: HTML, XHTML and the XML types (SVG, XSLT: RFC 7303's +xml), and the JavaScript MIME
#: types of the HTML Standard.  A data: URL of any other type (an image, a font, audio,
#: text/plain, JSON) shows or downloads inert content: RFC 2397's own examples are those.
_ACTIVE = re.compile(
    r"(?:text/html|application/xhtml\+xml|[a-z0-9.+-]+/(?:[a-z0-9.-]+\+)?xml"
    r"|(?:text|application)/(?:x-)?(?:javascript|ecmascript|jscript|livescript|vbscript)"
    r"|text/x-scriptlet|multipart/[a-z0-9.+-]+)\Z"
)


def data_severity(path: str) -> tuple[Severity, str]:
    """The severity of the ``data:`` URL whose path is ``path`` and what it carries:
    ``warning`` for a document or script (by its media type, percent-decoded, without
    parameters), ``info`` for inert content or a ``data:`` URL without its comma (which
    loads nothing)."""
    comma = path.find(",")
    if comma < 0:
        return "info", "no ',': browsers load nothing from it"
    head = path[:comma]
    if "%" in head:
        head = unquote(head, errors="replace")
    media = head.split(";", 1)[0].strip(" \t\n\r\f").lower() or "text/plain"
    if _ACTIVE.match(media):
        return "warning", f"carries a {media} document, which runs script"
    return "info", f"carries {shown(media)} content, which runs no script"


# -- percent-encodings in their place --------------------------------------------------------
class Place(NamedTuple):
    """Where an escape is: ``at`` in ``text``, the path's span, the end of the run of
    slashes (raw or encoded) the path begins with, the start of the ``mailto:`` header
    field it is in (-1 if none), the scheme (lower case) and the authority (``None``
    without one)."""

    text: str
    at: int
    path_start: int
    path_end: int
    lead_end: int
    field_start: int
    scheme: str | None
    authority: str | None


#: What the message of an escape in its usual, harmless place adds.
USUAL = {
    "encoded-slash": ": inside a segment it keeps a name whole (group%2Fproject, @scope%2Fname)",
    "encoded-control": ": a line break in a mailto: body (RFC 6068 §5)",
}
#: The slashes a path begins with, raw or encoded (once found per reference: linear time).
LEADING_SLASHES = re.compile(r"(?:[/\\]|%2f|%5c)*", re.IGNORECASE)
#: A dot segment just before an escape, or just after one (looked for in a few characters).
_DOTS_BEFORE = re.compile(r"(?:[/\\]|%2f|%5c)(?:\.|%2e){1,2}\Z", re.IGNORECASE)
_DOTS_AFTER = re.compile(r"(?:\.|%2e){1,2}(?:[/\\]|%2f|%5c)", re.IGNORECASE)


def harmless_escape(kind: str, place: Place) -> bool:
    """Whether an ``encoded-slash`` or ``encoded-control`` escape is in its usual place:
    a slash inside a path segment, neither where a decoded path would begin with two
    slashes (a network-path reference: ``/%2F/evil``, ``/%5cevil``) nor next to a dot
    segment (``..%2F``), nor in the authority; CR, LF or TAB in the ``body`` of a
    ``mailto:`` URI, which RFC 6068 §5 writes so.  Only a few characters around the
    escape are read: linear time over a reference."""
    text, at = place.text, place.at
    if kind == "encoded-control":
        if place.scheme != "mailto" or place.field_start < 0:
            return False
        if text[at + 1 : at + 3].upper() not in ("0D", "0A", "09"):
            return False
        return text[place.field_start : place.field_start + 5].lower() == "body="
    start, end = place.path_start, place.path_end
    if not start <= at < end:
        return False  # in the authority
    if at < place.lead_end and (at > start or (place.authority is None and not place.scheme)):
        return False  # the decoded path begins with two slashes (//evil.example)
    before = "/" + text[max(start, at - 6) : at] if at - 6 <= start else text[at - 7 : at]
    after = text[at + 3 : min(end, at + 10)] + ("/" if at + 10 >= end else "")
    return _DOTS_BEFORE.search(before) is None and _DOTS_AFTER.match(after) is None


# -- parameters that hold URLs --------------------------------------------------------------
_PARAMETER = re.compile(r"[^&;]*")
_SCHEME_OF_VALUE = re.compile(r"\s*([a-z][a-z0-9+.\-\s]*):", re.IGNORECASE)
_DANGEROUS_IN_VALUES = {"javascript", "vbscript", "data"}
_INVISIBLE_IN_SCHEME = str.maketrans("", "", "\t\n\r")


def _value_scheme(value: str) -> tuple[str, str] | None:
    """The dangerous scheme a parameter value begins with, as browsers read it (decoded
    up to twice, leading blanks and controls stripped, tab, CR, LF removed), and the rest."""
    for _ in range(3):
        stripped = value.lstrip("".join(map(chr, range(0x21))))
        match = _SCHEME_OF_VALUE.match(stripped)
        if match is not None:
            scheme = match[1].translate(_INVISIBLE_IN_SCHEME).lower()
            if scheme in _DANGEROUS_IN_VALUES:
                return scheme, stripped[match.end() :]
        if "%" not in value:
            return None
        value = unquote(value, errors="replace")
    return None


def may_hold_scheme(value: str) -> bool:
    """Whether ``value`` can begin with a scheme once decoded up to twice, as
    :func:`dangerous_parameter` reads it: it holds a ``:``, an escaped one (``%3A``), or
    an escaped ``%`` that may escape one (``%253A``, ``%256Aavascript``).  The test that
    the component checks of :func:`urikit.lint` make before they read a parameter."""
    return ":" in value or "%3" in value or "%25" in value


def dangerous_parameter(text: str, start: int, component: str) -> Finding | None:
    """The first parameter of a query or fragment (``component``, at ``start``) whose
    value is a ``javascript:``, ``vbscript:`` or active ``data:`` URL."""
    for match in _PARAMETER.finditer(component):
        piece = match[0]
        name, equals, value = piece.partition("=")
        if not equals:
            name, value = "", piece
        if not may_hold_scheme(value):
            continue
        found = _value_scheme(value)
        if found is None:
            continue
        scheme, rest = found
        if scheme == "data" and data_severity(rest)[0] == "info":
            continue
        at = start + match.start() + (len(name) + 1 if equals else 0)
        called = f"the parameter {shown(name)!r}" if name else "a parameter"
        message = f"{called} holds a {scheme}: URL: a redirect or link that follows it runs script"
        return finding("dangerous-parameter", at, start + match.end(), message)
    return None


# -- paths ------------------------------------------------------------------------------------
_PARAMETER_DOTS = re.compile(r"(?<![^/\\])(?:\.|%2e){1,2}(?:;|%3b)", re.IGNORECASE)


def path_parameter_traversal(path: str, start: int) -> Finding | None:
    """The first segment of ``path`` (at ``start``) that is ``.`` or ``..`` before its
    ``;`` parameters, raw or percent-encoded (``/..;/``, ``/%2e%2e;/``)."""
    match = _PARAMETER_DOTS.search(path)
    if match is None:
        return None
    message = (
        f"the segment {shown(match[0])}... is a dot segment once its parameters are dropped: "
        "servlet containers (Tomcat) climb, proxies and filters see a name"
    )
    return finding("path-parameter-traversal", start + match.start(), start + match.end(), message)


# -- ports ------------------------------------------------------------------------------------
_LEADING_DIGITS = re.compile(r"[+\s]*([0-9]+)")


def malformed_port(host: str, start: int) -> Finding | None:
    """A host as lenient splits leave it, ``name:port`` with a port that is not only ASCII
    digits (``localhost:+11211aaa``, ``h:80:11211``, full-width digits): what parsers that read
    the leading digits, or any Unicode digit, take for the port."""
    if host.startswith("[") or ":" not in host:
        return None
    name, _, port = host.partition(":")
    digits = _LEADING_DIGITS.match(port)
    if port.isdecimal() and not port.isascii():  # int() reads decimal digits (Nd) only
        how = f"non-ASCII digits: int() reads the port {int(port[:12])}"
    elif digits is not None:
        how = f"parsers that read its leading digits reach the port {int(digits[1][:12])}"
    else:
        how = "parsers disagree on where the host ends"
    at = start + len(name)
    message = f"the port {shown(port)!r} of {shown(name)!r} is no number: {how}"
    return finding("malformed-port", at, at + 1 + len(port), message)


# -- characters that truncate to controls --------------------------------------------------------
#: The escape of a lead octet of a character past U+00FF (UTF-8: C4-DF, E0-EF, F0-F4).
_WIDE_ESCAPE = re.compile("%(?:C[4-9A-F]|[DE][0-9A-F]|F[0-4])", re.IGNORECASE)
#: The low bytes of CR and LF: what a character outside Latin-1 truncates to.
_BREAK_BYTES = frozenset((10, 13))


def _truncated_break(text: str) -> tuple[int, str] | None:
    """Where two characters outside Latin-1 truncate to CR or LF, then an ASCII letter."""
    for at, char in enumerate(text):
        if ord(char) > 0xFF and ord(char) & 0xFF in _BREAK_BYTES:
            pair = text[at : at + 3]
            if (
                len(pair) == 3
                and ord(pair[1]) > 0xFF
                and ord(pair[1]) & 0xFF in _BREAK_BYTES
                and pair[2].isascii()
                and pair[2].isalpha()
            ):
                return at, pair[:2]
    return None


def latin1_crlf(text: str) -> Finding | None:
    """Two characters outside Latin-1 whose low bytes are CR and LF, then ASCII text (a
    header or a command), raw or percent-encoded: clients that write the string as
    Latin-1 truncate them into a line break and split the request (Node.js
    CVE-2018-12116: U+010D U+010A; the same through U+560A U+560D in redirects)."""
    found = _truncated_break(text) if not text.isascii() else None
    if found is None and "%" in text and _WIDE_ESCAPE.search(text) is not None:
        decoded = unquote(text, errors="replace")
        if not decoded.isascii():
            encoded = _truncated_break(decoded)
            if encoded is not None:
                escape = "".join(f"%{octet:02X}" for octet in encoded[1][0].encode("utf-8"))
                found = (max(text.upper().find(escape), 0), encoded[1])
    if found is None:
        return None
    at, pair = found
    message = (
        f"U+{ord(pair[0]):04X} U+{ord(pair[1]):04X} are a line break to clients that write "
        "the string as Latin-1: request splitting"
    )
    return finding("whitespace-or-control", at, min(at + 2, len(text)), message)
