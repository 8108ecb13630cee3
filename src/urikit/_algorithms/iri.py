"""IRIs and URIs (RFC 3987 §3), per component, below the value type: the mapping of an
IRI's characters to percent-encoded UTF-8 (§3.1 step 2), and the decoding of a URI's
percent-encodings back to the characters an IRI may hold where they stand (§3.2).

Neither ever changes how a reference splits: §3.1 encodes only characters outside
US-ASCII, which delimit nothing, and §3.2 decodes only octets of unreserved characters
and of UCS characters the component admits, never ``%25``, a reserved character, an
octet that is no part of strict UTF-8, a bidirectional formatting character (§4.1), nor
a space, a control or a format character, which §6.1 asks IRIs to avoid.
"""

from __future__ import annotations

import re
import unicodedata

from .._syntax.charsets import UCS, UNRESERVED, Wide

__all__ = ["decode_ucs", "encode_ucs"]

_NON_ASCII = re.compile("[^\x00-\x7f]+")
_ESCAPES = re.compile("(?:%[0-9A-Fa-f]{2})+")
#: §6.1 b: characters that look like a space, or no character at all, stay encoded.
_AVOIDED = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf"})


#: Runs of non-ASCII characters already encoded: the same words come back (the accented
#: letters of a language, the words of a site), and a lookup is cheaper than encoding.
_ENCODED: dict[str, str] = {}


def _utf8_escapes(match: re.Match[str]) -> str:
    run = match[0]
    escapes = _ENCODED.get(run)
    if escapes is None:
        if len(_ENCODED) >= 4096:
            _ENCODED.clear()
        escapes = _ENCODED[run] = "%" + run.encode("utf-8").hex("%").upper()
    return escapes


def encode_ucs(text: str) -> str:
    """RFC 3987 §3.1 step 2: each character outside US-ASCII (in a valid IRI, a ucschar
    or an iprivate) as the ``%HH`` triplets of its UTF-8 octets, upper-case hex."""
    if text.isascii():
        return text
    return _NON_ASCII.sub(_utf8_escapes, text)


def _length(lead: int) -> int:
    """How many octets a UTF-8 sequence that begins with ``lead`` has (1 for an octet
    that begins none: a continuation, C0, C1, F5 and above)."""
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return 1


def _decoded(run: str, allowed: Wide) -> str:
    """One run of ``%HH`` triplets, decoded as §3.2 steps 2 to 5 say."""
    triplets = [run[i : i + 3] for i in range(0, len(run), 3)]
    octets = bytes(int(triplet[1:], 16) for triplet in triplets)
    out: list[str] = []
    i = 0
    while i < len(octets):
        octet = octets[i]
        if octet < 0x80:  # step 2: only an unreserved character is decoded
            out.append(chr(octet) if chr(octet) in UNRESERVED else triplets[i])
            i += 1
            continue
        n = _length(octet)
        try:  # step 3: a strictly legal UTF-8 sequence, or each octet re-encoded
            char = octets[i : i + n].decode("utf-8") if n > 1 else ""
        except UnicodeDecodeError:
            char = ""
        if len(char) == 1 and char in allowed and unicodedata.category(char) not in _AVOIDED:
            out.append(char)  # step 5
        else:  # step 4 (or 3): re-encoded, upper-case hex
            n = n if len(char) == 1 else 1
            out.append("".join(f"%{octet:02X}" for octet in octets[i : i + n]))
        i += n
    return "".join(out)


def decode_ucs(text: str, allowed: Wide = UCS) -> str:
    """RFC 3987 §3.2 on one component: its percent-encodings decoded where they stand
    for an unreserved character or for a character of ``allowed`` (the component's UCS
    set: ``UCS``, with ``IPRIVATE`` in a query); every other escape stays, upper-cased
    where its octets were decoded and re-encoded (§3.2.1's third example)."""
    if "%" not in text:
        return text
    return _ESCAPES.sub(lambda match: _decoded(match[0], allowed), text)
