"""The parser differential of :func:`urikit.lint`: how ``urllib.parse.urlsplit``, the
WHATWG URL Standard (what browsers, Node.js and pydantic implement; urikit's own reading
of it, :mod:`urikit._whatwg`) and urikit's RFC 3987 parser read the host of the same
string, and a ``parser-differential`` finding when they read different hosts.

Hosts are compared as the parsers hand them to a resolver: ASCII case ignored, IPv6
addresses as addresses (``[::FFFF:7f00:1]`` is ``[::ffff:127.0.0.1]``), non-ASCII names
in their IDNA form; percent-encoding is *not* decoded, since a filter that compares
strings sees it (``%65vil.com`` is not ``evil.com`` to urllib).  A parser that rejects
the string has no reading; the rule fires when two parsers that accept it disagree.
``file://localhost/`` and ``file:///`` name the same machine (RFC 8089 §2): that the URL
Standard drops ``localhost`` is no difference.  Every reading is urikit's own or the
standard library's: no optional package changes a finding.
"""

from __future__ import annotations

import ipaddress
import urllib.parse

from .._algorithms.idna import host_to_ascii
from .._algorithms.ipv4 import whatwg_ipv6
from .._whatwg import parse as whatwg_parse
from ..errors import IDNAError
from .catalogue import Finding, finding, shown

__all__ = ["REJECTED", "Host", "canonical", "differential"]


class _Rejected:
    """A parser's reading of a string it rejects."""

    def __repr__(self) -> str:
        return "REJECTED"


REJECTED = _Rejected()
#: A parser's reading: a host, ``None`` (no host) or :data:`REJECTED`.
Host = str | None | _Rejected


def _urllib_host(text: str, base: str | None) -> Host:
    try:
        target = urllib.parse.urljoin(base, text) if base is not None else text
        return urllib.parse.urlsplit(target).hostname
    except ValueError:  # brackets that hold no IPv6 address, NFKC delimiters (3.8+)
        return REJECTED


def _whatwg_host(text: str, base: str | None) -> Host:
    try:
        return whatwg_parse(text, base).hostname or None
    except ValueError:
        return REJECTED


def canonical(host: Host) -> Host:
    """A host as a resolver gets it: ASCII case folded, an IPv6 address in one form, a
    name outside ASCII in its IDNA form (the URL Standard's: urikit's UTS #46 in mode
    ``"browser"``; as written when it has none)."""
    if not isinstance(host, str) or not host:
        return None if host == "" else host
    host = host.lower()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if ":" in host:
        try:
            return whatwg_ipv6(ipaddress.IPv6Address(host.partition("%")[0]).packed)
        except ValueError:
            return host
    if not host.isascii():
        try:
            return host_to_ascii(host, mode="browser")
        except IDNAError:
            return host
    return host


def _file(text: str, base: str | None) -> bool:
    """Whether ``text`` (against ``base``) is a ``file:`` URL, where the host ``localhost``
    and no host are the same machine (RFC 8089 §2; the URL Standard drops it)."""
    scheme = text.lstrip("".join(map(chr, range(0x21)))).partition(":")[0]
    if scheme.lower() != "file" and ":" not in text.partition("/")[0] and base is not None:
        scheme = base.partition(":")[0]
    return scheme.lower() == "file"


def _said(name: str, host: Host) -> str:
    if host is REJECTED:
        return f"{name} rejects it"
    return f"{name} {shown(host)!r}" if isinstance(host, str) and host else f"{name} no host"


def differential(text: str, base: str | None, urikit_host: Host) -> Finding | None:
    """The ``parser-differential`` finding for ``text`` (resolved against ``base`` when
    one is given), ``urikit_host`` being urikit's reading: the hosts of the three readings
    when two that accept the string differ."""
    readings = (
        ("urllib.parse", _urllib_host(text, base)),
        ("WHATWG", _whatwg_host(text, base)),
        ("urikit", urikit_host),
    )
    accepted = {canonical(host) for _, host in readings if host is not REJECTED}
    if len(accepted) < 2 or (accepted == {None, "localhost"} and _file(text, base)):
        return None
    said = ", ".join(_said(name, host) for name, host in readings)
    return finding("parser-differential", 0, len(text), f"the hosts differ: {said}")
