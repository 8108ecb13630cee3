"""The host rules: IP literals (IPv6, IPvFuture, RFC 6874 zones), IPv4, RFC 2396 hostnames.

Each checker walks the text once and returns ``None`` when it fits, or the index of the
first character that no string of the rule can continue with (the end, when the text
stops short) and the reason, so that callers can both validate and explain.  RFC 3986
§3.2.2 gives the ABNF; RFC 2732 §3 defers to the text forms of RFC 2373 §2.2, which
RFC 3986's ``IPv6address`` transcribes except for the IPv4 part of ``ls32`` (RFC 2373:
``1*3DIGIT``, RFC 3986: ``dec-octet``).  What differs between the grammars is data, an
:class:`IPLiteralRule`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import describe_char as _show
from .charsets import ALPHANUM, BAD_ESCAPE, HEXDIG, IPVFUTURE_TAIL, ZONE_ID, char_class_regex

HostProblem = tuple[int, str]  # (index of the first character that cannot belong, reason)
_SHORT = "an IPv6 address has eight groups unless '::' elides some"


@dataclass(frozen=True, slots=True)
class IPLiteralRule:
    """What a grammar admits between ``[`` and ``]``: an ``IPv6address`` always, then
    ``future`` IPvFuture (RFC 3986 §3.2.2), ``zone`` an RFC 6874 zone identifier, and
    ``dec_octet`` the IPv4 part of ``ls32`` as RFC 3986 ``dec-octet``s (else RFC 2373
    §2.2's ``1*3DIGIT``s, as RFC 2732 §3 installs them)."""

    future: bool
    zone: bool
    dec_octet: bool


#: RFC 3986 §3.2.2 with RFC 6874; RFC 2732 §3 ``IPv6reference = "[" IPv6address "]"``.
IP_LITERAL_3986 = IPLiteralRule(future=True, zone=True, dec_octet=True)
IP_LITERAL_2732 = IPLiteralRule(future=False, zone=False, dec_octet=False)


def _octets(text: str, start: int, end: int, *, dec_octet: bool) -> HostProblem | None:
    """Four decimal octets separated by ".": RFC 3986 ``dec-octet`` (0-255, no leading
    zero) or, with ``dec_octet=False``, RFC 2732's ``1*3DIGIT``.  The position is the
    first character no valid address can continue with."""
    i = start
    for octet in range(4):
        if octet:
            if i == end or text[i] != ".":
                return i, "an IPv4 address has four decimal octets separated by '.'"
            i += 1
        first, value = i, 0
        while i < end and "0" <= text[i] <= "9":
            value = value * 10 + ord(text[i]) - 48
            if i - first == 3:
                return i, "an IPv4 octet has at most three digits"
            if dec_octet and value > 255:
                return i, "an IPv4 octet is a number from 0 to 255"
            if dec_octet and i > first and text[first] == "0":
                return i, "an IPv4 octet has no leading zeros (dec-octet)"
            i += 1
        if i == first:
            return i, "an IPv4 octet must be a decimal number"
    if i != end:
        return i, "an IPv4 address has four decimal octets separated by '.'"
    return None


def ipv4_error(text: str, start: int, end: int) -> HostProblem | None:
    """RFC 3986 §3.2.2 ``IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet``."""
    return _octets(text, start, end, dec_octet=True)


def ipv4_error_2732(text: str, start: int, end: int) -> HostProblem | None:
    """RFC 2732 §3 (2) ``IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT``."""
    return _octets(text, start, end, dec_octet=False)


def is_ipv4address(host: str) -> bool:
    """Whether ``host`` is an RFC 3986 ``IPv4address`` (each octet 0-255, no leading zero)."""
    return ipv4_error(host, 0, len(host)) is None


def ipv6_error(text: str, start: int, end: int, *, dec_octet: bool = True) -> HostProblem | None:
    """RFC 3986 §3.2.2 ``IPv6address``: eight 16-bit pieces, one ``::`` eliding at least
    one of them, the last 32 bits optionally an IPv4 address (``ls32``: ``dec-octet``s,
    or with ``dec_octet=False`` RFC 2373's ``1*3DIGIT``s).  The position is the first
    character that no valid address can continue with (the end, when it stops short)."""
    i, pieces, elided = start, 0, False
    if i < end and text[i] == ":":
        if not text.startswith("::", i, end):
            return i + 1, "an IPv6 address cannot begin with a single ':'"
        elided, i = True, i + 2
    while i < end:
        if pieces == (7 if elided else 8):
            return i, "too many groups in an IPv6 address"
        j = i
        while j < end and j - i < 4 and text[j] in HEXDIG:
            j += 1
        if j < end and text[j] == ".":  # ls32 as an IPv4address, which ends the address
            if pieces > (5 if elided else 6) or (not elided and pieces < 6):
                return j, "an IPv4 part must come after six groups, or after '::'"
            if j - i <= 3 and text[i:j].isdigit():
                problem = _octets(text, i, end, dec_octet=dec_octet)
                # a first octet such as "01" still reads as a group up to the "."
                return problem if problem is None or problem[0] > j else (j, problem[1])
            return j, "an IPv4 part begins with 1 to 3 decimal digits"
        if j == i:
            return i, "expected a group of 1 to 4 hexadecimal digits in an IPv6 address"
        if j < end and text[j] in HEXDIG:
            return j, "an IPv6 group has at most 4 hexadecimal digits"
        pieces += 1
        if j == end:
            break
        if text[j] != ":":
            return j, f"{_show(text[j])} is not allowed in an IPv6 address"
        if pieces == (7 if elided else 8):
            return j, "too many groups in an IPv6 address"
        if text.startswith("::", j, end):
            if elided:
                return j + 1, "'::' may appear only once in an IPv6 address"
            elided, i = True, j + 2
        else:
            i = j + 1
            if i == end:
                return i, "an IPv6 address cannot end with a single ':'"
    if not elided and pieces < 8:
        return end, _SHORT
    return None


_IPV6_RUN = re.compile("[0-9A-Fa-f:.]*")  # the characters of an IPv6address


def ip_literal_error(text: str, start: int, end: int, rule: IPLiteralRule) -> HostProblem | None:
    """Check ``text[start:end]``, a whole bracketed ``IP-literal`` (RFC 3986 §3.2.2, RFC
    6874; RFC 2732 §3 ``IPv6reference``) under ``rule``."""
    inner, close = start + 1, end - 1
    if (  # the parser's fast path: a plain IPv6 address
        inner < close
        and text[close] == "]"
        and text[inner] not in "vV"
        and text.find("%", inner, close) < 0
        and ipv6_error(text, inner, close, dec_octet=rule.dec_octet) is None
    ):
        return None
    found = ip_literal_scan(text, start, end, rule)
    if isinstance(found, int):
        return None if found == end else (found, "expected the end of the host after ']'")
    return found


def ip_literal_scan(text: str, start: int, end: int, rule: IPLiteralRule) -> int | HostProblem:
    """Walk the IP literal that opens at ``text[start] == "["``, without reading past
    ``end``: the index after its ``]``, or where it stops fitting (``end`` when the
    text stops short of a complete literal)."""
    i = start + 1
    if i == end:
        return i, "an IP literal needs an address and a closing ']'"
    if text[i] in "vV":
        if not rule.future:
            return i, "IPvFuture literals are not part of this grammar (RFC 3986 only)"
        return _ipvfuture_scan(text, i, end)
    stop = _IPV6_RUN.match(text, i, end).end()  # type: ignore[union-attr]
    problem = ipv6_error(text, i, stop, dec_octet=rule.dec_octet)
    if problem is not None:  # at ``stop`` if the address stops short: nothing else fits
        if problem[0] == stop < end and (text[stop] not in "]%" or stop == i):
            return stop, _stray(text[stop])  # what stands there explains it, not the count
        return problem
    if stop == end:
        return end, "an IP literal needs a closing ']'"
    if text[stop] == "]":
        return stop + 1
    if text[stop] == "%":
        if not rule.zone:
            return stop, "a zone identifier ('%25') is not part of this grammar (RFC 6874)"
        return _zone_scan(text, stop, end)
    return stop, f"{_show(text[stop])} is not allowed in an IPv6 address"


def _stray(char: str) -> str:
    """Why ``char``, where an IPv6 address stopped short, cannot stand there."""
    if char in "]%":  # right after "[": no address at all
        return f"an IP literal needs an address between '[' and {_show(char)}"
    if char == "[":
        return f"{_show(char)} cannot stand inside an IP literal: only its first character is '['"
    return f"{_show(char)} is not allowed in an IPv6 address"


def _ipvfuture_scan(text: str, start: int, end: int) -> int | HostProblem:
    """RFC 3986 §3.2.2 ``IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )``,
    then ``]``; ``text[start]`` is the ``v``."""
    i = start + 1
    while i < end and text[i] in HEXDIG:
        i += 1
    if i == end:
        return i, "IPvFuture needs a hexadecimal version, '.' and an address"
    if i == start + 1:
        return i, "IPvFuture needs a hexadecimal version after 'v'"
    if text[i] != ".":
        return i, "IPvFuture needs '.' after its version"
    first = i = i + 1
    while i < end and text[i] in IPVFUTURE_TAIL:
        i += 1
    if i == end:
        return i, "an IP literal needs a closing ']'"
    if text[i] == "]" and i > first:
        return i + 1
    if i == first:
        return i, "IPvFuture needs an address after 'v<version>.'"
    return i, f"{_show(text[i])} is not allowed in an IPvFuture address"


def _zone_scan(text: str, percent: int, end: int) -> int | HostProblem:
    """RFC 6874 §2 ``"%25" ZoneID "]"``, ``ZoneID = 1*( unreserved / pct-encoded )``;
    ``text[percent]`` is the ``%``."""
    for i, expected in ((percent + 1, "2"), (percent + 2, "5")):
        if i == end or text[i] != expected:
            return i, "a zone identifier is introduced by '%25' (RFC 6874)"
    first = i = percent + 3
    while i < end:
        if text[i] == "%":
            for j in (i + 1, i + 2):
                if j == end or text[j] not in HEXDIG:
                    return j, BAD_ESCAPE
            i += 3
        elif text[i] in ZONE_ID:
            i += 1
        elif text[i] == "]" and i > first:
            return i + 1
        elif i == first:
            return i, "a zone identifier cannot be empty (RFC 6874)"
        else:
            return i, f"{_show(text[i])} is not allowed in a zone identifier (RFC 6874)"
    return end, "an IP literal needs a closing ']'"


def hostname_error(text: str, start: int, end: int) -> HostProblem | None:
    """RFC 2396 §3.2.2 ``hostname = *( domainlabel "." ) toplabel [ "." ]``: labels of
    letters, digits and inner hyphens; the last begins with a letter."""
    i, label_start = start, start
    while i < end:
        char = text[i]
        if char == ".":
            if i == label_start:
                return i, "a hostname label cannot be empty"
            if text[i - 1] == "-":
                return i, "a hostname label cannot end with '-'"
            label_start = i + 1
        elif char == "-":
            if i == label_start:
                return i, "a hostname label cannot begin with '-'"
        elif char not in ALPHANUM:
            return i, f"{_show(char)} is not allowed in a hostname"
        i += 1
    last = text[label_start:end] or text[text.rfind(".", start, end - 1) + 1 : end - 1]
    if not last or last[-1] == "-" or not last[0].isalpha():
        return end, "a hostname ends with a label that begins with a letter (toplabel)"
    return None


def server_host_error_2396(text: str, start: int, end: int) -> HostProblem | None:
    """RFC 2396 §3.2.2 ``host = hostname | IPv4address`` (RFC 2732 §3 (2)): the reading
    that goes further explains (an alternation fails where its furthest alternative does)."""
    hostname = hostname_error(text, start, end)
    if hostname is None:
        return None
    ipv4 = ipv4_error_2732(text, start, end)
    if ipv4 is None:
        return None
    return ipv4 if ipv4[0] > hostname[0] else hostname


_ALNUM = char_class_regex(ALPHANUM)
_ALPHA_LABEL = "[A-Za-z](?:[A-Za-z0-9-]*" + _ALNUM + ")?"
_HOSTNAME = re.compile(
    # RFC 2396 §3.2.2 hostname = *( domainlabel "." ) toplabel [ "." ]
    f"(?:{_ALNUM}(?:[A-Za-z0-9-]*{_ALNUM})?\\.)*{_ALPHA_LABEL}\\.?"
)
_IPV4_2732 = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}")  # RFC 2732 §3 (2) IPv4address


def is_hostname(host: str) -> bool:
    """RFC 2396 §3.2.2 ``hostname``: dot-separated labels; the last starts with a letter."""
    return _HOSTNAME.fullmatch(host) is not None


def is_ipv4address_2732(host: str) -> bool:
    """RFC 2732 §3 ``IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT``."""
    return _IPV4_2732.fullmatch(host) is not None


def is_server_host_2396(host: str) -> bool:
    """RFC 2396 §3.2.2 ``host = hostname | IPv4address`` (RFC 2732 adds IPv6reference)."""
    return is_ipv4address_2732(host) or is_hostname(host)
