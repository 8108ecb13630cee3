"""IRIs to URIs and back (RFC 3987 §3) as functions of strings: ``iri_to_uri`` and
``uri_to_iri``.

Both read their argument first, so that every change is made inside components already
delimited: a host is converted only once the authority is known, and what IDNA makes of
it is checked again (``_idna``) before it is put back.
"""

from __future__ import annotations

import contextlib
from typing import Literal

from ._algorithms.compose import idna_host_at
from ._algorithms.idna import host_to_unicode
from ._algorithms.iri import decode_ucs, encode_ucs
from ._algorithms.percent import unquote
from ._engine import iri_to_uri as core_iri_to_uri
from ._reference import URIReference, components_of
from ._syntax.charsets import IPRIVATE, UCS
from ._syntax.grammar import RFC3987
from ._syntax.parse import split
from ._syntax.recompose import recompose, recompose_authority
from .errors import IDNAError, URISyntaxError

__all__ = ["iri_to_uri", "uri_to_iri"]

_IRI_REFERENCE = RFC3987.rules["IRI-reference"]


def _check(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}, not {value!r}")


def iri_to_uri(
    text: str | URIReference,
    *,
    host: Literal["percent", "idna"] = "percent",
    mode: str = "uts46",
) -> str:
    """The URI an IRI reference maps to (RFC 3987 §3.1): each character outside US-ASCII
    as the percent-encoded octets of its UTF-8 form, upper-case hex.  Every URI is an
    IRI that maps to itself.

    ``host="idna"`` writes a registered name with characters outside ASCII as IDNA
    A-labels instead (RFC 3987 §3.1 allows it for schemes that use DNS, and RFC 3986
    §3.2.2 asks producers for it): the name is percent-decoded, converted by
    :func:`urikit.host_to_ascii` in ``mode``, and checked to be a host of the same kind;
    only ``mode="idna2008"`` needs an extra (``idna``).  A name written
    in ASCII, escapes and all, is in URI form already and stays as it is (§3.1: the
    mapping is the identity on URIs); so does, percent-encoded as by ``host="percent"``, a
    name whose escapes are no UTF-8 (``//%BF\u3000``): it names no characters for ToASCII
    to convert, and §3.1 converts only domain names.  Raises
    :class:`urikit.URISyntaxError` for what is no IRI reference,
    :class:`urikit.IDNAError` for a name IDNA refuses: either positioned in ``text``.

    >>> iri_to_uri("http://r\\u00e9sum\\u00e9.example.org/D\\u00fcrst?q=\\u00e9")
    'http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst?q=%C3%A9'
    """
    if host == "percent" and core_iri_to_uri is not None:  # the compiled core: the same answer
        uri: str | None = core_iri_to_uri(text)
        if uri is not None:
            return uri
    _check("host", host, ("percent", "idna"))
    if host == "percent":  # the text as it is, once it is known to be an IRI reference
        if isinstance(text, str) and split(text, RFC3987, _IRI_REFERENCE) is not None:
            return encode_ucs(text)
        components_of(text, RFC3987, "an IRI reference")  # raises, or reads a value
        return encode_ucs(str(text))
    scheme, authority, userinfo, name, port, path, query, fragment = components_of(
        text, RFC3987, "an IRI reference"
    )
    if host == "idna" and name and not name.isascii() and _is_utf8(name):
        start = (0 if scheme is None else len(scheme) + 1) + 2  # scheme ":" "//"
        start += 0 if userinfo is None else len(userinfo) + 1  # userinfo "@"
        ascii_name = idna_host_at(str(text), start, start + len(name), mode, RFC3987.name)
        authority = recompose_authority(userinfo, ascii_name, port)
    return encode_ucs(recompose(scheme, authority, path, query, fragment))


def _is_utf8(name: str) -> bool:
    """Whether the ireg-name ``name``, its escapes decoded, is UTF-8: a name of characters
    that ToASCII can convert (RFC 3987 §3.1).  One whose escapes are other octets names
    no characters, so it is no domain name; it keeps the mapping of step 2 (an IP literal
    is ASCII and never comes here)."""
    try:
        unquote(name)
    except URISyntaxError:
        return False
    return True


def _to_unicode(name: str, mode: str) -> str:
    """RFC 3490 §4.2 "ToUnicode never fails": the name in U-labels; an A-label IDNA
    refuses stays as it is (so does a name whose labels convert only one by one)."""
    try:
        return host_to_unicode(name, mode=mode)
    except IDNAError:
        pass
    labels = name.split(".")
    for i, label in enumerate(labels):
        if label[:4].lower() == "xn--":
            with contextlib.suppress(IDNAError):
                labels[i] = host_to_unicode(label, mode=mode)
    return ".".join(labels)


def uri_to_iri(
    text: str | URIReference,
    *,
    host: Literal["keep", "idna"] = "keep",
    mode: str = "uts46",
) -> str:
    """The IRI a URI reference converts to (RFC 3987 §3.2): percent-encoded octets that
    form valid UTF-8 of characters allowed where they stand are decoded, and so are those
    of unreserved characters; ``%25``, reserved characters, invalid UTF-8, bidirectional
    formatting characters (§4.1), spaces, controls and format characters (§6.1) stay
    encoded (upper-case hex where they were decoded and encoded again, as in §3.2.1).
    The IRI maps back to the URI (up to the case of escapes and unreserved characters).

    ``host="idna"`` turns the A-labels (``xn--``) of a registered name into U-labels by
    :func:`urikit.host_to_unicode` in ``mode``.  The argument may be an IRI already.

    >>> uri_to_iri("http://www.example.org/D%C3%BCrst"), uri_to_iri("http://www.example.org/D%FCrst")
    ('http://www.example.org/Dürst', 'http://www.example.org/D%FCrst')
    >>> uri_to_iri("http://xn--99zt52a.example.org/%e2%80%ae")
    'http://xn--99zt52a.example.org/%E2%80%AE'
    """
    _check("host", host, ("keep", "idna"))
    scheme, authority, userinfo, name, port, path, query, fragment = components_of(
        text, RFC3987, "a URI reference"
    )
    if name is not None and name[:1] != "[":
        name = decode_ucs(name)
        if host == "idna" and "xn--" in name.lower():
            name = _to_unicode(name, mode)
    if authority is not None and name is not None:
        userinfo = None if userinfo is None else decode_ucs(userinfo)
        authority = recompose_authority(userinfo, name, port)
    return recompose(
        scheme,
        authority,
        decode_ucs(path),
        None if query is None else decode_ucs(query, UCS | IPRIVATE),
        None if fragment is None else decode_ucs(fragment),
    )
