"""Building references from decoded parts: ``compose`` (RFC 3986 §2.4, §5.3).

Each part is quoted for its component by ``_percent``; a registered name with characters
outside US-ASCII is written in its IDNA form (``_idna``: RFC 3986 §3.2.2 asks producers
for it) unless asked to percent-encode it; the path is made to fit what precedes it
(``_recompose.fit_path``: RFC 3986 §3.3, §4.2), and the result is checked by the
parser.  A part that is not of its documented type is a ``TypeError``; a character
UTF-8 cannot encode (a lone surrogate) is a :class:`URISyntaxError` positioned in the
part that holds it.
"""

from __future__ import annotations

import re
from typing import Literal

from .._syntax import charsets as cs
from .._syntax.components import check_component
from .._syntax.grammar import Grammar, get_grammar
from .._syntax.parse import read
from .._syntax.recompose import fit_path, recompose
from ..errors import IDNAError, URISyntaxError
from .idna import host_to_ascii
from .percent import ZONE_TABLE, encode, quote, require_str, unencodable, unquote
from .query import Pairs, build_query

__all__ = ["check_host_encoding", "compose", "idna_host", "idna_host_at"]


_SCHEME = re.compile(cs.SCHEME_REGEX)  # RFC 3986 §3.1
HostEncoding = Literal["idna", "percent"]


def check_host_encoding(name: str, value: object, mode: object) -> None:
    """The keywords that say how a registered name outside ASCII is written: ``value``
    (the keyword ``name``) ``"idna"`` or ``"percent"``, ``mode`` an IDNA mode of
    :func:`urikit.host_to_ascii` (``ValueError`` otherwise, ``TypeError`` for what is
    not a str), checked at the call whether or not a host needs them."""
    require_str(value, name)
    require_str(mode, "mode")
    if value not in ("idna", "percent"):
        raise ValueError(f"{name} must be 'idna' or 'percent', not {value!r}")
    host_to_ascii("a", mode=mode)  # type: ignore[arg-type]  # an unknown mode: ValueError


def idna_host(name: str, mode: str) -> str:
    """The IDNA form of the registered name ``name`` (decoded, holding characters outside
    ASCII): :func:`urikit.host_to_ascii`; a lone surrogate, which has no UTF-8 form, is
    the :class:`URISyntaxError` of the other parts, not an :class:`IDNAError`."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise unencodable(name, exc, "UTF-8", "host") from None
    return host_to_ascii(name, mode=mode)


def idna_host_at(text: str, start: int, end: int, mode: str, grammar: str = "rfc3986") -> str:
    """The IDNA form of the registered name written at ``text[start:end]`` (characters
    outside ASCII, its escapes decoded with them: RFC 3987 §3.1), for the functions that
    convert a whole reference: what goes wrong is positioned in ``text``.  An escape that
    is no UTF-8 is its :class:`URISyntaxError`; a name IDNA refuses an
    :class:`IDNAError` about ``text``, at the character of the name at fault as written
    there, its reason naming the host."""
    written = text[start:end]
    try:
        return idna_host(unquote(written), mode)
    except URISyntaxError as error:  # an escape of no UTF-8, or (decoded) a lone surrogate
        at = start + (error.position if error.text == written else _written(written, error))
        raise URISyntaxError(
            text, at, error.kind, error.reason, rule=error.rule, grammar=grammar
        ) from None
    except IDNAError as error:
        at = start + _written(written, error)
        reason = f"the host {written!r}: {error.reason}"
        raise IDNAError(text, at, reason, error.mode) from None


def _written(written: str, error: URISyntaxError | IDNAError) -> int:
    """The index in ``written`` (a host whose escapes are valid UTF-8) of the character
    at ``error.position`` of its decoded form."""
    i = decoded = 0
    while decoded < error.position and i < len(written):
        if written[i] == "%":  # the escapes of one character: as many as its UTF-8 octets
            lead = int(written[i + 1 : i + 3], 16)
            i += 3 * (1 if lead < 0xC0 else 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4)
        else:
            i += 1
        decoded += 1
    return i


def compose(
    *,
    scheme: str | None = None,
    userinfo: str | None = None,
    host: str | None = None,
    port: int | str | None = None,
    path: str = "",
    query: str | Pairs | None = None,
    fragment: str | None = None,
    grammar: str | Grammar | None = None,
    host_encoding: HostEncoding = "idna",
    mode: str = "uts46",
) -> str:
    """A valid reference from decoded parts, each quoted for its component (RFC 3986
    §2.4, recomposed as §5.3); the result parses back to the same parts (a host outside
    ASCII to its IDNA form).

    ``host``: an IPv6 address (it has a ``:``; an RFC 6874 zone after ``%``) is put in
    brackets, a bracketed IP literal is taken as it is, anything else is a reg-name.
    A reg-name with characters outside US-ASCII is written, with ``host_encoding="idna"``
    (the default), as IDNA A-labels (RFC 3986 §3.2.2: ``bücher.de`` is
    ``xn--bcher-kva.de``) by :func:`urikit.host_to_ascii` in ``mode`` (``"idna2008"``
    needs the ``idna`` extra: ``ModuleNotFoundError`` naming it otherwise, never a
    silent other form), which raises :class:`urikit.IDNAError` for a name IDNA refuses;
    with ``host_encoding="percent"`` as the percent-encoded octets of its UTF-8 form (valid,
    but no resolver reads it).  An ASCII reg-name is never converted (nor lower-cased).
    ``query``: a str, or name/value pairs for :func:`build_query`.  The path gets ``/``
    after an authority, ``/.`` before ``//`` without one, and ``./`` before a first
    segment with ``:`` in a relative reference (§3.3, §4.2).

    >>> compose(scheme="http", host="2001:db8::1", path="/a b", query=[("q", "x&y")])
    'http://[2001:db8::1]/a%20b?q=x%26y'
    >>> compose(path="a:b"), compose(scheme="s", path="//x"), compose(host="h", path="p")
    ('./a:b', 's:/.//x', '//h/p')
    >>> compose(scheme="http", host="bücher.de", path="/ä")
    'http://xn--bcher-kva.de/%C3%A4'
    >>> compose(scheme="http", host="bücher.de", host_encoding="percent")
    'http://b%C3%BCcher.de'
    """
    if not (
        path.__class__ is str
        and (scheme is None or scheme.__class__ is str)
        and (userinfo is None or userinfo.__class__ is str)
        and (host is None or host.__class__ is str)
        and (fragment is None or fragment.__class__ is str)
    ):  # the slow path names the part that is not a str (or a subclass)
        require_str(path, "path")
        parts = {"scheme": scheme, "userinfo": userinfo, "host": host, "fragment": fragment}
        for name, part in parts.items():
            if part is not None:
                require_str(part, name)
    g = get_grammar(grammar)
    check_host_encoding("host_encoding", host_encoding, mode)
    if scheme is not None and _SCHEME.fullmatch(scheme) is None:
        check_component(scheme, g, "scheme")  # raises, saying where and why
    if (
        host is not None
        and host_encoding == "idna"
        and not host.isascii()
        and host[:1] != "["
        and ":" not in host  # a reg-name (RFC 3986 §3.2.2)
    ):
        host = idna_host(host, mode)
    authority = _compose_authority(userinfo, host, port, g)
    text = recompose(
        scheme,
        authority,
        fit_path(scheme is not None, authority is not None, quote(path)),
        _compose_query(query),
        None if fragment is None else quote(fragment, component="fragment"),
    )
    read(text, g, g.rules["URI-reference"])  # raises: an IP literal, RFC 2396's rules
    return text


def _compose_authority(
    userinfo: str | None, host: str | None, port: int | str | None, g: Grammar
) -> str | None:
    """RFC 3986 §3.2 ``authority = [ userinfo "@" ] host [ ":" port ]``."""
    if host is None:
        if userinfo is not None or port is not None:
            raise ValueError("an authority with a userinfo or a port needs a host")
        return None
    head = "" if userinfo is None else quote(userinfo, component="userinfo", safe=":") + "@"
    return head + _compose_host(host, g) + _compose_port(port, g)


def _compose_host(host: str, g: Grammar) -> str:
    """RFC 3986 §3.2.2: an IPv6 address in brackets (RFC 6874 zone as ``%25``), a
    bracketed literal as it is, anything else a pct-encoded reg-name (IPv4 included).
    What cannot be a host is the :class:`URISyntaxError` of rule ``host`` in ``host``,
    as :meth:`URIReference.replace` gives it."""
    if host[:1] == "[":
        check_component(host, g, "host")
        return host
    if ":" in host:
        address, percent, zone = host.partition("%")
        try:
            check_component(address, g, "IPv6address")
        except URISyntaxError as error:
            reason = f"a host with ':' is an IPv6 address, and {error.reason}"
            raise URISyntaxError(
                host, error.position, error.kind, reason, rule="host", grammar=g.name
            ) from None
        if percent:
            return f"[{address}%25{encode(zone, ZONE_TABLE, 'utf-8', 'ZoneID')}]"
        return f"[{address}]"
    return quote(host, component="host")


def _compose_port(port: int | str | None, g: Grammar) -> str:
    """RFC 3986 §3.2.3 ``port = *DIGIT``, given as an int or as digits."""
    if port is None:
        return ""
    if isinstance(port, int) and not isinstance(port, bool):
        if port < 0:
            raise ValueError(f"a port cannot be negative: {port}")
        return f":{port}"
    if not isinstance(port, str):
        raise TypeError(f"a port is an int or a str of digits, not {type(port).__name__}")
    check_component(port, g, "port")
    return ":" + port


def _compose_query(query: str | Pairs | None) -> str | None:
    if query is None:
        return None
    if isinstance(query, str):
        return quote(query, component="query")
    if isinstance(query, bytes | bytearray):
        raise TypeError(f"query is a str, pairs, a mapping or None, not {type(query).__name__}")
    return build_query(query)
