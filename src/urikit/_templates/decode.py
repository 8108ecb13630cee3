"""Decoding the values of a URI Template as their operator encoded them (RFC 6570 §1.5,
§3.2.1), for ``match``: with allow U, exactly what ``encode_u`` writes is read
(unreserved characters and upper-case triplets of the other characters, as UTF-8),
anything else is no value; with allow U+R, a triplet is decoded where ``encode_ur``
would have written it for a character, else kept as the triplet it is.
"""

from __future__ import annotations

import contextlib
import re
from binascii import a2b_qp

from .._syntax import charsets as cs
from .._syntax.charsets import char_class_regex
from .syntax import encode_ur

__all__ = ["decode_u", "decode_u_all", "decode_u_list", "decode_ur"]


def decode_u(text: str) -> str | None:
    """The value that ``encode_u`` writes as ``text``, or ``None`` (no value: a bad or
    lower-case triplet, an encoded unreserved character, octets that are not UTF-8)."""
    if "%" not in text:
        return text if _UNRESERVED(text) else None
    if not _U_WRITTEN(text):
        return None
    try:
        return _unescape(text)
    except UnicodeDecodeError:
        return None


def decode_u_all(texts: list[str]) -> list[str] | None:
    """:func:`decode_u` of each of ``texts``, or ``None`` if one has no value: the texts
    checked and decoded at once, joined by a line feed (which no extent holds)."""
    joined = "\n".join(texts)
    return _split_decoded(joined, "\n", "%0A") if _U_WRITTEN_LINES(joined) else None


def _split_decoded(joined: str, sep: str, encoded: str) -> list[str] | None:
    """The values of ``joined``, ``encode_u``'s writing of values (checked) joined by
    ``sep``, whose triplet is ``encoded``: decoded whole when none of them holds it."""
    if "%" not in joined:
        return joined.split(sep)
    try:
        if encoded not in joined:  # (UTF-8 octets do not run across a separator)
            return _unescape(joined).split(sep)
        return [_unescape(text) if "%" in text else text for text in joined.split(sep)]
    except UnicodeDecodeError:
        return None


def _unescape(text: str) -> str:
    """``text`` (unreserved characters and triplets only) with its triplets decoded, as
    UTF-8 (``UnicodeDecodeError`` if they are not): quoted-printable's ``=XX`` is the
    same code, decoded by ``binascii`` in C, and ``=`` stands nowhere else in ``text``."""
    return a2b_qp(text.replace("%", "=").encode("ascii")).decode("utf-8")


_UNRESERVED = re.compile(char_class_regex(cs.UNRESERVED) + "*").fullmatch


def _triplet_regex(excluded: frozenset[str]) -> str:
    """The upper-case triplets but those of the ``excluded`` characters, as alternatives
    by first hexadecimal digit (one look at each character, no lookahead)."""
    lows: dict[str, set[str]] = {}  # the second digits allowed after each first one
    for code in range(256):
        if chr(code) not in excluded:
            digits = f"{code:02X}"
            lows.setdefault(digits[0], set()).add(digits[1])
    highs: dict[frozenset[str], set[str]] = {}  # the first digits of each set of seconds
    for high, allowed in lows.items():
        highs.setdefault(frozenset(allowed), set()).add(high)
    alternatives = [
        char_class_regex(firsts) + char_class_regex(seconds) for seconds, firsts in highs.items()
    ]
    return "%(?:" + "|".join(sorted(alternatives)) + ")"


_U_CHAR = char_class_regex(cs.UNRESERVED)
_U_TRIPLET = _triplet_regex(cs.UNRESERVED)
#: What ``encode_u`` writes: unreserved characters and upper-case triplets (§3.2.1),
#: never the triplet of an unreserved character (RFC 3986 §2.3); a loop unrolled, so
#: that each character is looked at once.
_U_WRITTEN = re.compile(f"{_U_CHAR}*(?:{_U_TRIPLET}{_U_CHAR}*)*").fullmatch
_U_LINES = char_class_regex(cs.UNRESERVED | {"\n"})
_U_WRITTEN_LINES = re.compile(f"{_U_LINES}*(?:{_U_TRIPLET}{_U_LINES}*)*").fullmatch  # joined
_U_COMMAS = char_class_regex(cs.UNRESERVED | {","})
_U_WRITTEN_COMMAS = re.compile(f"{_U_COMMAS}*(?:{_U_TRIPLET}{_U_COMMAS}*)*").fullmatch
_TRIPLETS = re.compile("(?:%[0-9A-Fa-f]{2})+")
_HEXDIG = frozenset(cs.HEXDIG)
#: A text without ``=`` whose triplets are all of characters that ``encode_ur`` encodes
#: (but ``%``, whose triplet may be kept): ``_unescape`` decodes it, if it is UTF-8.
_UR_TRIPLET = _triplet_regex(cs.UNRESERVED | cs.RESERVED | {"%"})
_UR_DECODABLE_ONLY = re.compile(f"[^%=]*(?:{_UR_TRIPLET}[^%=]*)*").fullmatch
#: The ASCII characters that ``encode_ur`` encodes, by their triplet.
_UR_DECODED = {
    f"%{code:02X}": chr(code)
    for code in range(0x80)
    if chr(code) not in cs.UNRESERVED | cs.RESERVED
}


def decode_ur(text: str) -> str:
    """A value that ``encode_ur`` writes as ``text`` (``text`` holds URI characters and
    valid triplets only): each triplet decoded where the expansion would have written
    it so (a character outside unreserved and reserved, in upper-case UTF-8), else kept
    as the triplet it is, which ``encode_ur`` keeps too."""
    if "%" not in text:
        return text
    if _UR_DECODABLE_ONLY(text):  # every triplet one that encode_ur writes: all at once
        with contextlib.suppress(UnicodeDecodeError):  # (else some are kept: one by one)
            return _unescape(text)

    def decode(found: re.Match[str]) -> str:
        run, out, i = found[0], [], 0
        after = text[found.end() : found.end() + 2]
        if len(run) == 3 and run[1] < "8":  # one ASCII character: decoded if encode_ur
            char = _UR_DECODED.get(run)  # writes it so, else kept as it is
            if char is None:
                return run
            if char != "%" or len(after) < 2 or not set(after) <= _HEXDIG:
                return char
            return run  # "%" then two HEXDIG would be kept as a triplet
        chars = bytes.fromhex(run.replace("%", "")).decode("utf-8", "surrogateescape")
        for char in chars:
            width = 1 if 0xDC80 <= ord(char) <= 0xDCFF else len(char.encode("utf-8"))
            written = run[i : i + 3 * width]
            i += 3 * width
            following = after if i == len(run) else ""  # "%" or a character no HEXDIG
            if width == 1 and 0xDC80 <= ord(char) <= 0xDCFF:
                out.append(written)
            elif char == "%" and len(following) == 2 and set(following) <= _HEXDIG:
                out.append(written)  # "%" then two HEXDIG would be kept as a triplet
            elif encode_ur(char) == written:
                out.append(char)
            else:
                out.append(written)
        return "".join(out)

    return _TRIPLETS.sub(decode, text)


def decode_u_list(body: str) -> list[str] | None:
    """The members of a list that ``encode_u`` writes as ``body``, joined by ``,`` (which
    it writes as ``%2C`` in a member), or ``None``: a string is a list of one."""
    if not _U_WRITTEN_COMMAS(body):
        return None
    return _split_decoded(body, ",", "%2C")
