"""IPv4 addresses in disguise, for :func:`urikit.lint`: the rare forms of RFC 3986 §7.4
(a host that is no ``IPv4address`` yet reads as one to ``inet_aton`` or to browsers) and
the IPv6 literals that carry an IPv4 address.

Two readers of rare forms, each transcribed from its definition:

* the WHATWG URL Standard's IPv4 parser (browsers, Node.js, pydantic), which lives in
  :mod:`urikit._algorithms.ipv4`: a host whose last dot-separated part is a number is an
  IPv4 address of one to four parts; a trailing dot is dropped.
  Browsers read the host after percent-decoding it and mapping it by IDNA (UTS #46, of
  which NFKC and the ideographic full stop are what matters here);
* glibc's ``inet_aton`` (what ``gethostbyname`` and most C resolvers use): the same
  numbers and parts, but every part begins with a digit, so a trailing dot fails; it
  reads the host as written.

Every number is bounded before ``int`` reads it, so a host of any length costs linear
time.
"""

from __future__ import annotations

import ipaddress
import unicodedata

from .._algorithms.ipv4 import ends_in_a_number, whatwg_ipv4
from .._algorithms.percent import unquote
from .._syntax.charsets import DIGIT, HEXDIG
from .._syntax.host import is_ipv4address

__all__ = ["embedded_ipv4", "ends_in_a_number", "rare_ipv4"]

#: The digits of each radix (for the numbers :func:`_wrapped` reads past 32 bits).
_RADIX = {10: DIGIT, 8: frozenset("01234567"), 16: HEXDIG}


def _wrapped(host: str) -> int | None:
    """The address a host of one to four numbers means to parsers that keep only the low
    bits of each (a part modulo 256, the last modulo what its bytes hold): 45080379393
    is 127.0.0.1, 425.510.425.510 is 169.254.169.254.  Numbers of more than 64 digits
    are no address anyone means."""
    parts = host.split(".", 4)
    if len(parts) > 1 and not parts[-1]:
        parts.pop()
    if not 1 <= len(parts) <= 4:
        return None
    values = []
    for part in parts:
        if part[:2] in ("0x", "0X"):
            digits, radix = part[2:] or "0", 16
        elif len(part) > 1 and part[0] == "0":
            digits, radix = part[1:], 8
        else:
            digits, radix = part, 10
        if not digits or len(digits) > 64 or not all(c in _RADIX[radix] for c in digits):
            return None
        values.append(int(digits, radix))
    address = values[-1] % (1 << (8 * (5 - len(values))))
    for index, value in enumerate(values[:-1]):
        address += (value % 256) << (8 * (3 - index))
    return address


def _inet_aton(host: str) -> int | None:
    """glibc ``inet_aton``: the URL Standard's numbers, but each part begins with a digit
    (no empty part, no trailing dot)."""
    if any(not part[:1].isdigit() for part in host.split(".", 4)):
        return None
    return whatwg_ipv4(host)


def _browser_host(host: str) -> str:
    """The host as browsers read it before the IPv4 parser: percent-decoded, mapped by
    NFKC (the part of UTS #46 that makes digits and dots) and lower-cased."""
    if "%" in host:
        host = unquote(host, errors="replace")
    if not host.isascii():
        host = unicodedata.normalize("NFKC", host).replace("\u3002", ".")
    return host.lower()


def rare_ipv4(host: str) -> str | None:
    """What is wrong with ``host`` as an IPv4 address in a rare form (RFC 3986 §7.4): "is
    127.0.0.1 to inet_aton and browsers", or ``None`` when it is none (a domain name, or
    an ``IPv4address`` in dotted-decimal form)."""
    if is_ipv4address(host):
        return None
    seen = _browser_host(host)
    browsers = whatwg_ipv4(seen) if ends_in_a_number(seen) else None
    aton = _inet_aton(host) if host.isascii() and ends_in_a_number(host) else None
    address = browsers if browsers is not None else aton
    if address is None:
        wrapped = _wrapped(seen) if ends_in_a_number(seen) else None
        if wrapped is None:
            return None
        return (
            f"is no IPv4 address (browsers and inet_aton reject it) but "
            f"{ipaddress.IPv4Address(wrapped)} to parsers that wrap numbers past their size"
        )
    readers = " and ".join(
        name for name, value in (("inet_aton", aton), ("browsers", browsers)) if value is not None
    )
    how = "" if seen == host.lower() or browsers is None else f" (read as {seen})"
    return f"is {ipaddress.IPv4Address(address)} to {readers}{how}"


#: IPv6 prefixes whose addresses carry an IPv4 address in their last 32 bits.
_LAST_32 = (
    (ipaddress.IPv6Network("::ffff:0:0/96"), "IPv4-mapped, RFC 4291 §2.5.5.2"),
    (ipaddress.IPv6Network("::ffff:0:0:0/96"), "IPv4-translated, RFC 2765"),
    (ipaddress.IPv6Network("64:ff9b::/96"), "NAT64, RFC 6052"),
    (ipaddress.IPv6Network("::/96"), "IPv4-compatible, deprecated by RFC 4291 §2.5.5.1"),
)


def embedded_ipv4(literal: str) -> str | None:
    """The IPv4 address an IPv6 ``IP-literal`` (``[...]``, an RFC 6874 zone allowed)
    carries and how, or ``None``: "127.0.0.1 (IPv4-mapped, RFC 4291 §2.5.5.2)"."""
    inner = literal[1:-1].partition("%")[0]
    try:
        address = ipaddress.IPv6Address(inner)
    except ValueError:  # IPvFuture
        return None
    value = int(address)
    for network, how in _LAST_32:
        if address in network and value > 1:  # not :: nor ::1
            return f"{ipaddress.IPv4Address(value & 0xFFFFFFFF)} ({how})"
    if address.sixtofour is not None:
        return f"{address.sixtofour} (6to4, RFC 3056)"
    if address.teredo is not None:
        return f"{address.teredo[1]} (the Teredo client, RFC 4380)"
    if (value >> 32) & 0xFDFFFFFF == 0x5EFE:  # ISATAP interface identifier
        return f"{ipaddress.IPv4Address(value & 0xFFFFFFFF)} (ISATAP, RFC 5214)"
    return None
