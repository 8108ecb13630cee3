"""The rules of :func:`urikit.lint` about characters outside ASCII (RFC 3987 §4.1, §7.5,
§8): characters that compatibility normalization turns into delimiters, bidirectional
formatting characters, and host labels that mix scripts.

Scripts come from the Unicode character names (the first word of ``LATIN SMALL LETTER
A``, ``CYRILLIC ...``, ``CJK UNIFIED IDEOGRAPH-...``), which the standard library has;
the combinations one language writes (Japanese: Han, Hiragana, Katakana; Korean: Han,
Hangul; Chinese: Han, Bopomofo; each with Latin) are allowed, as UTS #39 §5.2's "highly
restrictive" level allows them.  Characters that are no letters (digits, hyphens,
marks) belong to no script.
"""

from __future__ import annotations

import codecs
import re
import unicodedata

from .catalogue import Finding, finding, shown

__all__ = ["bidi_control", "mixed_script_host", "nfkc_delimiter", "scripts"]

#: What NFKC may turn a character into that ends or splits an authority, or decodes.
_DELIMITERS = frozenset("/?#@:[]\\%")


def nfkc_delimiter(text: str, start: int, end: int) -> Finding | None:
    """The first character of the authority ``text[start:end]`` that becomes a delimiter
    under NFKC, as IDNA maps host names and as urllib.parse checked for CVE-2019-9636."""
    authority = text[start:end]
    if authority.isascii() or unicodedata.is_normalized("NFKC", authority):
        return None
    for index in range(start, end):
        char = text[index]
        if char.isascii():
            continue
        mapped = unicodedata.normalize("NFKC", char)
        if not _DELIMITERS.isdisjoint(mapped):
            message = (
                f"U+{ord(char):04X} {unicodedata.name(char, '')} in the authority becomes "
                f"{mapped!r} under NFKC (IDNA mapping), another delimiter"
            )
            return finding("nfkc-delimiter", index, index + 1, message)
    return None


#: RFC 3987 §4.1's bidirectional formatting characters (LRM, RLM, LRE, RLE, PDF, LRO,
#: RLO), the isolates that came after it (LRI, RLI, FSI, PDI) and ARABIC LETTER MARK.
_BIDI = "\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c"
_BIDI_RAW = re.compile(f"[{_BIDI}]")
_BIDI_ENCODED = re.compile(
    "%(?:E2%80%(?:8[EF]|A[A-E])|E2%81%A[6-9]|D8%9C)", re.IGNORECASE
)  # their UTF-8 octets


def bidi_control(text: str) -> Finding | None:
    """The first bidirectional formatting character of ``text``, written or encoded."""
    raw = _BIDI_RAW.search(text) if not text.isascii() else None
    encoded = _BIDI_ENCODED.search(text) if "%" in text else None
    first = min((m for m in (raw, encoded) if m is not None), key=lambda m: m.start(), default=None)
    if first is None:
        return None
    found = first[0]
    char = found if raw is first else bytes.fromhex(found.replace("%", "")).decode()
    how = "" if raw is first else f" encoded as {found}"
    message = (
        f"U+{ord(char):04X} {unicodedata.name(char)}{how}: the IRI displays in another order "
        "than it reads"
    )
    return finding("bidi-control", first.start(), first.end(), message)


#: Scripts that one language writes together (UTS #39 §5.2, "highly restrictive").
_TOGETHER = (
    frozenset({"LATIN", "CJK", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "CJK", "BOPOMOFO"}),
    frozenset({"LATIN", "CJK", "HANGUL"}),
)
_LABEL_LIMIT = 63  # RFC 1035 §2.3.4: longer is no DNS label (and punycode is not linear)


def scripts(label: str) -> set[str]:
    """The scripts of the letters of ``label`` (NFKC-mapped), by character name."""
    found = set()
    for char in unicodedata.normalize("NFKC", label):
        if char.isascii():
            if char.isalpha():
                found.add("LATIN")
        elif unicodedata.category(char).startswith("L"):
            name = unicodedata.name(char, "UNKNOWN")
            found.add("KATAKANA" if name.startswith("KATAKANA-HIRAGANA") else name.split()[0])
    return found


def _unicode_label(label: str) -> str | None:
    """An ``xn--`` label decoded (RFC 3492), or ``None`` if it decodes to nothing."""
    try:
        return codecs.decode(label[4:].encode("ascii"), "punycode")
    except (UnicodeError, ValueError):
        return None


def mixed_script_host(host: str, start: int) -> Finding | None:
    """The first label of ``host`` (at ``start`` in the input) whose letters come from
    scripts no language writes together (Latin with Cyrillic, ...)."""
    at = start
    for written in host.split("."):
        label, shown_label = written, written
        if written[:4].lower() == "xn--" and len(written) <= _LABEL_LIMIT and written.isascii():
            label = _unicode_label(written) or ""
            shown_label = f"{written} ({label})"
        if not label.isascii() and len(label) <= 4 * _LABEL_LIMIT:
            found = scripts(label)
            if len(found) > 1 and not any(found <= allowed for allowed in _TOGETHER):
                names = " and ".join(sorted(script.title() for script in found))
                message = f"host label {shown(shown_label)} mixes {names} letters"
                return finding("mixed-script-host", at, at + len(written), message)
        at += len(written) + 1
    return None
