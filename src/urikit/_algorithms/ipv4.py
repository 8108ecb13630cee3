"""The URL Standard's IPv4 parser (WHATWG URL §3.5, "IPv4 parser"): a host whose last
dot-separated part is a number (decimal, ``0x`` hex, ``0`` octal) is an IPv4 address
of one to four parts, the last filling the remaining bytes; a trailing dot is dropped.

What browsers, inet_aton-style resolvers and the crawlers' canonicalizations (Google
Safe Browsing's "any legal IP-address encoding") read as an address.  Every part is
bounded before ``int`` reads it (more significant digits than 32 bits need is out of
range anyway), so a host of any length costs linear time.  Beside it, the same
section's IPv6 serializer, which Python's ``ipaddress`` is not (3.13 writes an
IPv4-mapped address as ``::ffff:1.2.3.4``, the URL Standard ``::ffff:102:304``).
"""

from __future__ import annotations

from collections.abc import Callable

from .._syntax.charsets import DIGIT, HEXDIG

__all__ = ["ends_in_a_number", "ipv4_number", "whatwg_ipv4", "whatwg_ipv6"]

_OCTAL = frozenset("01234567")
#: The digits of each radix, and the most significant digits a 32-bit value has in it.
_RADIX = {10: (DIGIT, 10), 8: (_OCTAL, 11), 16: (HEXDIG, 8)}
_TOO_BIG = 1 << 32


def ipv4_number(part: str) -> int | None:
    """The URL Standard's IPv4 number parser: ``0x``/``0X`` hex, a leading ``0`` octal,
    else decimal; ``None`` for failure.  Values past 32 bits come back as ``2**32``."""
    if not part:
        return None
    if part[:2] in ("0x", "0X"):
        digits, radix = part[2:], 16
    elif len(part) > 1 and part[0] == "0":
        digits, radix = part[1:], 8
    else:
        digits, radix = part, 10
    if not digits:
        return 0
    allowed, longest = _RADIX[radix]
    if not all(c in allowed for c in digits):
        return None
    digits = digits.lstrip("0")
    return _TOO_BIG if len(digits) > longest else int(digits or "0", radix)


def ends_in_a_number(host: str) -> bool:
    """The URL Standard's "ends in a number" checker: is the last part (a trailing dot
    dropped) digits, or a hex number? Then browsers read the host as IPv4 or reject it."""
    if host.endswith("."):
        host = host[:-1]
    last = host[host.rfind(".") + 1 :]
    if not last:
        return False
    return (last.isascii() and last.isdigit()) or (last[0] == "0" and ipv4_number(last) is not None)


def whatwg_ipv4(host: str, report: Callable[[str, int], None] | None = None) -> int | None:
    """The URL Standard's IPv4 parser (§3.5) on a host that ends in a number: the
    address, or ``None`` for failure (then browsers reject the host).

    ``report(name, offset)`` hears each validation error the parser records, in order:
    its name and the index in ``host`` of the part at fault (0 for the host as a whole,
    ``len(host)`` for an empty last part).  A failure's cause is the last one reported.

    >>> seen = []
    >>> whatwg_ipv4("0x7f.1", lambda name, offset: seen.append((name, offset))), seen
    (2130706433, [('IPv4-too-few-parts', 0), ('IPv4-non-decimal-part', 0)])
    """
    say = report or _ignore
    parts = host.split(".")
    starts = [0]
    for part in parts[:-1]:
        starts.append(starts[-1] + len(part) + 1)
    if parts[-1] == "":
        say("IPv4-empty-part", len(host))
        if len(parts) > 1:
            parts.pop()
    if len(parts) < 4:
        say("IPv4-too-few-parts", 0)
    if len(parts) > 4:
        say("IPv4-too-many-parts", starts[4])
        return None
    numbers = []
    for part, start in zip(parts, starts, strict=False):
        number = ipv4_number(part)
        if number is None:
            say("IPv4-non-numeric-part", start)
            return None
        if len(part) > 1 and part[0] == "0":  # the number parser's validationError: 0x, 0
            say("IPv4-non-decimal-part", start)
        numbers.append(number)
    over = [start for number, start in zip(numbers, starts, strict=False) if number > 255]
    if over:
        say("IPv4-out-of-range-part", over[0])
    if any(number > 255 for number in numbers[:-1]) or numbers[-1] >= 256 ** (5 - len(numbers)):
        return None
    address = numbers[-1]
    for index, number in enumerate(numbers[:-1]):
        address += number << (8 * (3 - index))
    return address


def _ignore(name: str, offset: int) -> None:
    """No listener: the validation errors are not wanted."""


def whatwg_ipv6(packed: bytes) -> str:
    """The URL Standard's IPv6 serializer (WHATWG URL §3.5, "IPv6 serializer") of 16
    octets (``ipaddress.IPv6Address(...).packed``): lower-case hex pieces, the first
    longest run of two or more zero pieces as ``::``, never a dotted quad.

    >>> import ipaddress
    >>> whatwg_ipv6(ipaddress.IPv6Address("::ffff:1.2.3.4").packed)
    '::ffff:102:304'
    >>> whatwg_ipv6(ipaddress.IPv6Address("1:0:0:2:0:0:0:3").packed)
    '1:0:0:2::3'
    """
    pieces = [int.from_bytes(packed[i : i + 2], "big") for i in range(0, 16, 2)]
    best, best_length, start = -1, 1, -1
    for index, piece in enumerate([*pieces, 1]):  # a sentinel ends the last run
        if piece == 0 and start < 0:
            start = index
        elif piece != 0 and start >= 0:
            if index - start > best_length:
                best, best_length = start, index - start
            start = -1
    if best < 0:
        return ":".join(f"{piece:x}" for piece in pieces)
    head = ":".join(f"{piece:x}" for piece in pieces[:best])
    tail = ":".join(f"{piece:x}" for piece in pieces[best + best_length :])
    return f"{head}::{tail}"
