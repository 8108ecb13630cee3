"""The URL Standard's IPv6 parser (WHATWG URL §3.5 "IPv6 parser"), transcribed with its
pointer: eight 16-bit pieces, ``::`` compression, a dotted IPv4 address in the last two
pieces, and the validation error at the pointer where each step records one.

Python's ``ipaddress`` reads another grammar (zone identifiers, no named errors), so the
Standard's steps are kept here as written.
"""

from __future__ import annotations

from collections.abc import Callable

from .._syntax.charsets import DIGIT, HEXDIG

__all__ = ["IPv6", "ipv6_parse"]

#: An IPv6 address: its eight pieces (§3.1).
IPv6 = tuple[int, int, int, int, int, int, int, int]


class _Failure(Exception):
    """A step that returns failure, with the validation error it records."""


def ipv6_parse(text: str, report: Callable[[str, int], None]) -> IPv6 | None:
    """The pieces of the IPv6 address ``text`` (without its brackets), or ``None`` for
    failure; ``report(name, pointer)`` hears each validation error with the pointer into
    ``text`` where the step records it (for a failure, the last one reported), but
    IPv6-piece-leading-zero, recorded once the pointer has passed the piece and its
    ":", at the piece's first code point.

    >>> ipv6_parse("0:0::1.2.3.4", print)
    (0, 0, 0, 0, 0, 0, 258, 772)
    >>> ipv6_parse("1::2::3", print)
    IPv6-multiple-compression 5
    """
    try:
        return _parse(text, report)
    except _Failure:
        return None


def _parse(text: str, report: Callable[[str, int], None]) -> IPv6:
    def fail(name: str, at: int) -> _Failure:
        report(name, at)
        return _Failure(name)

    end = len(text)
    address = [0] * 8
    piece_index = 0
    compress: int | None = None
    pointer = 0

    def c(at: int) -> str:  # the code point at the pointer, "" for the EOF code point
        return text[at] if at < end else ""

    if c(pointer) == ":":
        if c(pointer + 1) != ":":
            raise fail("IPv6-invalid-compression", pointer)
        pointer += 2
        piece_index += 1
        compress = piece_index
    while c(pointer):
        if piece_index == 8:
            raise fail("IPv6-too-many-pieces", pointer)
        if c(pointer) == ":":
            if compress is not None:
                raise fail("IPv6-multiple-compression", pointer)
            pointer += 1
            piece_index += 1
            compress = piece_index
            continue
        value = length = 0
        start = pointer
        while length < 4 and c(pointer) in HEXDIG:
            value = value * 0x10 + int(c(pointer), 16)
            pointer += 1
            length += 1
        if c(pointer) == ".":
            if length == 0:
                raise fail("IPv4-in-IPv6-invalid-code-point", pointer)
            pointer -= length
            if piece_index > 6:
                raise fail("IPv4-in-IPv6-too-many-pieces", pointer)
            pointer, piece_index = _ipv4_in_ipv6(text, pointer, address, piece_index, fail)
            break
        if c(pointer) == ":":
            pointer += 1
            if not c(pointer):
                raise fail("IPv6-invalid-code-point", pointer)
        elif c(pointer):
            raise fail("IPv6-invalid-code-point", pointer)
        if length > 1 and value < 0x10 ** (length - 1):
            report("IPv6-piece-leading-zero", start)  # at the piece, not past its ":"
        address[piece_index] = value
        piece_index += 1
    if compress is not None:
        swaps = piece_index - compress
        piece_index = 7
        while piece_index != 0 and swaps > 0:
            other = compress + swaps - 1
            address[piece_index], address[other] = address[other], address[piece_index]
            piece_index -= 1
            swaps -= 1
    elif piece_index != 8:
        raise fail("IPv6-too-few-pieces", pointer)
    return tuple(address)  # type: ignore[return-value]


def _ipv4_in_ipv6(
    text: str,
    pointer: int,
    address: list[int],
    piece_index: int,
    fail: Callable[[str, int], _Failure],
) -> tuple[int, int]:
    """The steps for "If c is U+002E (.)": the dotted IPv4 address from ``pointer`` into
    two pieces; the pointer (at the end of ``text``) and the next piece index."""
    end = len(text)
    numbers_seen = 0
    while pointer < end:
        ipv4_piece: int | None = None
        if numbers_seen > 0:
            if text[pointer] == "." and numbers_seen < 4:
                pointer += 1
            else:
                raise fail("IPv4-in-IPv6-invalid-code-point", pointer)
        if pointer == end or text[pointer] not in DIGIT:
            raise fail("IPv4-in-IPv6-invalid-code-point", pointer)
        while pointer < end and text[pointer] in DIGIT:
            number = int(text[pointer])
            if ipv4_piece is None:
                ipv4_piece = number
            elif ipv4_piece == 0:
                raise fail("IPv4-in-IPv6-invalid-code-point", pointer)
            else:
                ipv4_piece = ipv4_piece * 10 + number
            if ipv4_piece > 255:
                raise fail("IPv4-in-IPv6-out-of-range-part", pointer)
            pointer += 1
        address[piece_index] = address[piece_index] * 0x100 + (ipv4_piece or 0)
        numbers_seen += 1
        if numbers_seen in (2, 4):
            piece_index += 1
    if numbers_seen != 4:
        raise fail("IPv4-in-IPv6-too-few-parts", pointer)
    return pointer, piece_index
