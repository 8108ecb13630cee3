"""HTML's URLs, for :mod:`urikit.html`: how the URL Standard's URL parser turns a
reference with characters outside US-ASCII (an IRI reference, RFC 3987 §2.2) into the
URL a browser follows, written as a URI (RFC 3986).

The URL parser encodes a URL's query in the document's encoding when its scheme is
``http``, ``https``, ``ftp`` or ``file`` ("query state"; UTF-8 for UTF-16 documents, "get
an output encoding"), a character that encoding lacks as ``&#N;``, percent-encoded
(``%26%23N%3B``, "encode or fail"), and every other part as UTF-8; the host of a special
URL (those schemes, ``ws``, ``wss``) by IDNA, domain to ASCII, after its escapes are
decoded; the host of another URL percent-encoded as UTF-8 (an opaque host).  Here every
octet of a non-ASCII character is percent-encoded, so that the result is a URI: HTML
leaves the ASCII octets of a multi-byte encoding as they are (Shift_JIS writes some
``\\`` that way), which RFC 3986 does not allow in a query.  The reference is split as
RFC 3986 Appendix B splits it, which encoding characters outside ASCII never changes; it
is checked to be an IRI reference before (``_complete.check_iri``), and the result is
parsed after.
"""

from __future__ import annotations

import codecs
import re

from .._algorithms.idna import host_to_ascii
from .._algorithms.iri import encode_ucs
from .._algorithms.percent import require_str, text_encoding, unquote
from .._syntax.parse import APPENDIX_B
from .._syntax.recompose import recompose, recompose_authority
from ..errors import IDNAError, URISyntaxError

__all__ = ["as_uri", "check_mode", "query_encodings"]

#: The URL Standard's special schemes: their hosts are domains (IDNA), others' are opaque.
_SPECIAL = frozenset({"ftp", "file", "http", "https", "ws", "wss"})
#: The schemes whose query the URL parser encodes in the document's encoding ("query
#: state": UTF-8 for the URLs that are not special, and for ws and wss).
_DOCUMENT_QUERY = frozenset({"ftp", "file", "http", "https"})
_NON_ASCII = re.compile("[^\x00-\x7f]+")
_ASCII = "".join(map(chr, range(0x20, 0x7F)))


#: The Encoding Standard reads the labels of ISO 8859-1 and US-ASCII as windows-1252
#: (which Python's cp1252 lacks five octets of): the encodings a query is tried in.
_WINDOWS_1252 = {"iso8859-1": ("latin-1", "cp1252"), "ascii": ("latin-1", "cp1252")}


def check_mode(mode: str) -> None:
    """An IDNA mode of :func:`urikit.host_to_ascii`: ``ValueError`` for an unknown one,
    ``TypeError`` for what is not a str (checked on an ASCII name: no library needed)."""
    require_str(mode, "mode")
    host_to_ascii("a", mode=mode)


def query_encodings(encoding: str) -> tuple[str, ...]:
    """The encodings of queries for a document in ``encoding``, the first that encodes a
    character used: the URL Standard's "get an output encoding" (UTF-8 for UTF-16, and
    here UTF-32); for ISO 8859-1 and US-ASCII, what the Encoding Standard reads them as,
    windows-1252 (after ISO 8859-1 itself, which gives the octets 0x80-0x9F of a document
    Python decoded as ISO 8859-1 back).  ``ValueError`` for an encoding that Python does
    not know or that is not ASCII-compatible (no web document's), ``TypeError`` for what
    is not a str."""
    name = codecs.lookup(text_encoding(encoding)).name
    if name.startswith(("utf-16", "utf-32")):
        return ("utf-8",)
    if _ASCII.encode(name, "replace") != _ASCII.encode("ascii"):
        raise ValueError(f"encoding {encoding!r} does not write ASCII as ASCII: no HTML document's")
    return _WINDOWS_1252.get(name, (name,))


def _percent_encoded(octets: bytes) -> str:
    return "%" + octets.hex("%").upper() if octets else ""


def _encode_query(query: str, encodings: tuple[str, ...]) -> str:
    """The URL Standard's query state for a query with characters outside ASCII: each
    run of them in the first of ``encodings``, every octet percent-encoded; a character
    it cannot encode in the next, and one that none encodes as ``%26%23`` its decimal
    code point ``%3B`` (``&#N;``, as HTML's "encode or fail" does)."""

    def one(char: str) -> str:
        for encoding in encodings:
            try:
                return _percent_encoded(char.encode(encoding))
            except UnicodeEncodeError:
                pass
        return f"%26%23{ord(char)}%3B"

    def encoded(match: re.Match[str]) -> str:
        run = match.group()
        try:
            return _percent_encoded(run.encode(encodings[0]))
        except UnicodeEncodeError:  # one character at a time, then (linear all the same)
            return "".join(map(one, run))

    return _NON_ASCII.sub(encoded, query)


def _host(host: str, special: bool, mode: str) -> str:
    """A host with characters outside ASCII, as the URL Standard's host parser writes it:
    a special URL's by IDNA, domain to ASCII (its escapes decoded first), another's
    percent-encoded as UTF-8 (an opaque host).  :class:`IDNAError` when IDNA refuses it,
    or cannot run without its extra (mode ``"idna2008"``)."""
    if not special:
        return encode_ucs(host)
    try:
        return host_to_ascii(unquote(host), mode=mode)
    except URISyntaxError as error:  # an escape that is no UTF-8: no domain
        raise IDNAError(host, error.position, f"{mode}: {error.reason}", mode) from None
    except ModuleNotFoundError as error:  # the extra is missing: say so, on this link
        raise IDNAError(host, 0, str(error), mode) from None


def as_uri(reference: str, scheme: str, encodings: tuple[str, ...], mode: str) -> str:
    """The URI reference that HTML's URL parser makes of the IRI reference ``reference``
    (RFC 3987 §3.1 as the URL Standard does it) for a target URL of ``scheme`` (lower
    case), in a document whose queries are in ``encodings`` (:func:`query_encodings`),
    its host name by IDNA in ``mode``.  :class:`IDNAError` for a host IDNA refuses."""
    match = APPENDIX_B.match(reference)
    assert match is not None  # every part is optional
    scheme_part, authority, path, query, fragment = match.groups()
    if authority is not None and not authority.isascii():
        userinfo, at, host_port = authority.rpartition("@")
        colon = -1 if host_port.startswith("[") else host_port.rfind(":")
        host, port = (host_port, None) if colon < 0 else (host_port[:colon], host_port[colon + 1 :])
        if not host.isascii():
            host = _host(host, scheme in _SPECIAL, mode)
        authority = recompose_authority(encode_ucs(userinfo) if at else None, host, port)
    if query is not None and not query.isascii():
        query = _encode_query(query, encodings if scheme in _DOCUMENT_QUERY else ("utf-8",))
    return recompose(
        scheme_part,
        authority,
        encode_ucs(path),
        query,
        None if fragment is None else encode_ucs(fragment),
    )
