"""The host as a resolver gets it, for :func:`urikit.lint`: the rules that read a host the
way browsers (the WHATWG URL Standard: percent-decoding, then UTS #46 mapping) and
``urllib`` with Python's ``idna`` codec (IDNA 2003) do, whatever the grammar the string
was parsed with, and check what they get.

* ``invisible-host``: a default-ignorable or blank character (ZERO WIDTH SPACE, SOFT
  HYPHEN, the Mongolian vowel separator, variation selectors, Hangul fillers, tags, line
  separators ...), raw or percent-encoded.  UTS #46 drops the ignorable ones, so the host
  a browser resolves is not the string a filter compared.  The test is the characters'
  own Unicode properties (format characters, separators, controls, and the names
  ``VARIATION SELECTOR``, ``FILLER``, ``INHERENT`` and ``GRAPHEME JOINER`` of
  ``Other_Default_Ignorable_Code_Point``), not a list of characters.
* ``mapped-host``: a host that UTS #46 mapping (NFKC, lower case, the ideographic full
  stops) turns into another host: ``ⓖⓞⓞⓖⓛⓔ.com`` is ``google.com``, ``trusted。example``
  is ``trusted.example`` (curl CVE-2022-43551).
* ``deviation-host``: ``ß``, ``ς``, ZERO WIDTH JOINER or NON-JOINER, which IDNA 2003 and
  UTS #46 transitional processing (Python's ``idna`` codec, so ``urllib``,
  ``http.client``, ``socket``) map away and browsers keep: two readers, two hosts.
* ``confusable-host``: a label outside ASCII, or an A-label that decodes to one, whose
  UTS #39 skeleton is ASCII: it passes for an ASCII label (``xn--80ak6aa92e``, five
  Cyrillic letters, for ``apple``).  As
  browsers do (Chromium's IDN policy), a label in the script of its top-level domain
  (``пример.рф``) is not flagged.
* ``long-host``: a label over 63 octets or a name over 253 (RFC 1034 §3.1, RFC 5890
  §2.3.2.1), counted in the ASCII form a resolver gets.  Browsers do not check it (UTS
  #46 with ``VerifyDnsLength`` false), resolvers refuse such names, and copying them into
  fixed buffers overflowed curl's SOCKS5 handshake (CVE-2023-38545).
* ``bracketed-host``: brackets that hold no IPv6 address (``[v1.evil.example]``, an
  IPvFuture literal no resolver knows; ``[127.0.0.1]``; brackets inside a name), which
  ``urllib`` before CVE-2024-11168's fix read as a host name, and a zone identifier
  (RFC 6874) that reads as a host (``[fe80::1%25evil.example]``) or stands on an address
  that has no zones (RFC 4007 §6: link-local and multicast addresses of a smaller scope
  have them; ``[::1%25localhost]``).  An interface name on a link-local address
  (``[fe80::1%25eth0]``) is an ``info``: browsers reject zone identifiers.
* ``non-dns-host``: a registered name with characters no DNS name has (``;`` ``,`` ``!``
  ``$`` ``&`` ``'`` ``(`` ``)`` ``*`` ``+`` ``=`` ``~``): browsers pass them to the
  resolver, people read the host as ending there (``evil.example;https://trusted.example/``).
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata

from .._algorithms import punycode
from .._algorithms.percent import unquote
from .catalogue import Finding, finding, shown
from .confusables import ascii_skeleton
from .unicode import scripts

__all__ = ["host_findings", "resolver_host"]

#: The deviation characters of UTS #46 §4 (and their IDNA 2003 mappings).
_DEVIATIONS = {"ß": "ss", "\u03c2": "\u03c3", "\u200c": "", "\u200d": ""}  # final sigma: sigma
#: The full stops UTS #46 maps to "." (NFKC maps the others).
_FULL_STOPS = str.maketrans({"\u3002": ".", "\uff0e": ".", "\uff61": "."})
#: Name words of Other_Default_Ignorable_Code_Point characters that are no format characters.
_IGNORABLE_NAMES = ("VARIATION SELECTOR", "FILLER", "INHERENT", "GRAPHEME JOINER")
_LABEL = 63  # octets: RFC 1034 §3.1, RFC 5890 §2.3.2.1
_NAME = 253  # octets of a name without its trailing dot (255 on the wire)
#: What a DNS name is made of, "_" (SRV labels, hosts that have it), and what other rules
#: report (escapes, decoded first; "\\", blanks and controls).
_NOT_IN_A_NAME = re.compile(r"[^A-Za-z0-9._%\\\x00-\x20\x7f-]")


def invisible(char: str) -> bool:
    """Whether ``char`` shows nothing, or only blank space: a format character, a
    separator, a control, or one of Other_Default_Ignorable_Code_Point's letters and marks."""
    category = unicodedata.category(char)
    if category in ("Cf", "Zs", "Zl", "Zp", "Cc"):
        return True
    if category in ("Mn", "Lo"):
        name = unicodedata.name(char, "")
        return any(word in name for word in _IGNORABLE_NAMES)
    return False


def resolver_host(host: str) -> str:
    """``host`` as browsers hand it to the resolver, before punycode: percent-decoded,
    default-ignorable characters dropped, NFKC, lower case, full stops mapped (UTS #46
    mapping, nontransitional: the deviation characters stay)."""
    if "%" in host:
        host = unquote(host, errors="replace")
    if host.isascii():
        return host.lower()
    kept = "".join(c for c in host if not (invisible(c) and c not in _DEVIATIONS) or c == " ")
    mapped = unicodedata.normalize("NFKC", kept.translate(_FULL_STOPS)).lower()
    return unicodedata.normalize("NFKC", mapped).translate(_FULL_STOPS)


def _a_label(label: str) -> str:
    """The ASCII form of a label (``xn--`` and its punycode when it is not ASCII); a label
    of more than 63 characters as it is (it is too long in any form)."""
    if label.isascii() or len(label) > _LABEL:
        return label
    try:
        return "xn--" + punycode.encode(label)
    except ValueError:  # a surrogate, which no host has once decoded
        return label


def _u_label(label: str) -> str | None:
    """An ``xn--`` label decoded (RFC 3492), or ``None`` if it decodes to nothing."""
    if len(label) > _LABEL or not label.isascii():
        return None
    try:
        return punycode.decode(label[4:])
    except ValueError:
        return None


def host_findings(host: str, start: int) -> list[Finding]:
    """The findings of the host ``host`` (at ``start`` in the input), IP literal or name."""
    if host.startswith("[") or "[" in host or "]" in host:
        return _bracketed(host, start)
    found: list[Finding] = []
    end = start + len(host)
    decoded = unquote(host, errors="replace") if "%" in host else host
    if not decoded.isascii():
        found.extend(_unicode(host, decoded, start))
    else:
        odd = _NOT_IN_A_NAME.search(decoded)
        if odd is not None:
            char = odd[0]
            message = (
                f"{char!r} in the host {shown(host)!r}: no host name has it; browsers resolve "
                "the whole, people read the host as ending there"
            )
            found.append(finding("non-dns-host", start, end, message))
    seen = resolver_host(host)
    labels = seen.rstrip(".").split(".")
    if "xn--" in seen:
        found.extend(_a_labels(labels, start, end))
    if len(seen) > _LABEL or not seen.isascii():
        long = _length(labels)
        if long is not None:
            found.append(finding("long-host", start, end, f"the host {shown(host)!r} {long}"))
    return found


def _unicode(host: str, decoded: str, start: int) -> list[Finding]:
    """The rules of a host that holds characters outside ASCII (raw or encoded)."""
    found = []
    end = start + len(host)
    for index, char in enumerate(decoded):
        if invisible(char) and char not in _DEVIATIONS:
            at = host.find(char)
            where = (start + at, start + at + 1) if at >= 0 else (start, end)
            what = unicodedata.name(char, "") or "a control character"
            message = (
                f"U+{ord(char):04X} ({what}) in the host {shown(host)!r}: invisible; "
                f"browsers drop or reject it, a filter compares another string"
            )
            found.append(finding("invisible-host", *where, message))
            break
        if index > 4096:  # pragma: no cover - a name is shorter; bounds the scan
            break
    seen = resolver_host(host)
    written = unicodedata.normalize("NFC", decoded).lower()
    without = "".join(c for c in written if not invisible(c) or c in _DEVIATIONS)
    if seen != without:
        message = (
            f"the host {shown(host)!r} is {shown(seen)!r} once mapped as browsers map it "
            "(UTS #46: NFKC, case, full stops)"
        )
        found.append(finding("mapped-host", start, end, message))
    deviation = _deviation(seen)
    if deviation is not None:
        found.append(finding("deviation-host", start, end, deviation))
    confusable = _confusable(seen.rstrip(".").split("."))
    if confusable is not None:
        found.append(finding("confusable-host", start, end, confusable))
    return found


def _deviation(seen: str) -> str | None:
    """How IDNA 2003 and browsers read a mapped host with deviation characters."""
    if not any(c in seen for c in _DEVIATIONS):
        return None
    old = "".join(_DEVIATIONS.get(c, c) for c in seen)
    new = ".".join(_a_label(label) for label in seen.split("."))
    return (
        f"{shown(seen)!r} is {shown(old)!r} to IDNA 2003 and UTS #46 transitional processing "
        f"(Python's idna codec, urllib, http.client) but {shown(new)!r} to browsers"
    )


def _a_labels(labels: list[str], start: int, end: int) -> list[Finding]:
    """The rules of the A-labels of a host, decoded."""
    found = []
    for label in labels:
        if label.startswith("xn--"):
            decoded = _u_label(label)
            if decoded is None:
                continue
            if any(c in decoded for c in _DEVIATIONS):
                message = (
                    f"the A-label {label} is {decoded!r}, a name with a deviation character "
                    "that IDNA 2003 readers (Python's idna codec) resolve elsewhere"
                )
                found.append(finding("deviation-host", start, end, message))
                break
    confusable = _confusable([_u_label(x) or x if x.startswith("xn--") else x for x in labels])
    if confusable is not None:
        found.append(finding("confusable-host", start, end, confusable))
    return found


def _confusable(labels: list[str]) -> str | None:
    """The first label outside ASCII that passes for an ASCII one (UTS #39 skeleton),
    unless it is in the script of the top-level domain."""
    top = scripts(labels[-1]) if labels and not labels[-1].isascii() else set()
    for label in labels:
        if label.isascii() or len(label) > 4 * _LABEL:
            continue
        skeleton = ascii_skeleton(label)
        if skeleton is None or not any(c.isalnum() for c in skeleton):
            continue
        own = scripts(label)
        if top and own <= top:
            continue  # пример.рф: the script of its top-level domain
        names = " and ".join(sorted(s.title() for s in own)) or "other"
        return (
            f"host label {shown(label)!r} ({names} letters) passes for {skeleton.lower()!r} "
            "(UTS #39 confusables)"
        )
    return None


def _length(labels: list[str]) -> str | None:
    """What is too long in the name ``labels`` (in the ASCII form), or ``None``."""
    ascii_labels = [_a_label(label) for label in labels]
    longest = max(ascii_labels, key=len)
    if len(longest) > _LABEL:
        return (
            f"has a label of {len(longest)} octets, over the 63 of RFC 1034 (RFC 5890): "
            "resolvers refuse it, browsers do not check"
        )
    total = sum(len(label) for label in ascii_labels) + len(ascii_labels) - 1
    if total > _NAME:
        return (
            f"is {total} octets, over the 253 of a DNS name (RFC 1034): resolvers refuse it; "
            "curl's SOCKS5 handshake overflowed on such names (CVE-2023-38545)"
        )
    return None


def _bracketed(host: str, start: int) -> list[Finding]:
    """Brackets around something, or in a host: an IPv6 address (maybe with a zone
    identifier), an IPvFuture literal, or text no resolver reads as an address."""
    end = start + len(host)
    inner = host[1:-1] if host.startswith("[") and host.endswith("]") else None
    if inner is None or "[" in inner or "]" in inner:
        message = f"brackets in the host {shown(host)!r}: no IP literal; parsers disagree"
        return [finding("bracketed-host", start, end, message)]
    if inner[:1] in ("v", "V"):
        message = (
            f"the IPvFuture literal {shown(host)}: no resolver knows it, browsers reject it, "
            "older urllib read it as a host name (CVE-2024-11168)"
        )
        return [finding("bracketed-host", start, end, message)]
    address, percent, zone = inner.partition("%")
    try:
        ip = ipaddress.IPv6Address(address)
    except ValueError:
        message = (
            f"the host {shown(host)} holds no IPv6 address: older urllib read what is in "
            "brackets as a host (CVE-2024-11168)"
        )
        return [finding("bracketed-host", start, end, message)]
    if not percent:
        return []
    zone = unquote(zone[2:] if zone[:2] == "25" else zone, errors="replace")
    scoped = ip.is_link_local or (ip.is_multicast and (int(ip) >> 112) & 0xF < 0xE)
    if scoped and re.fullmatch(r"[A-Za-z0-9_-]{1,32}", zone) is not None:
        message = f"the zone identifier {zone!r} (RFC 6874): browsers reject zone identifiers"
        return [finding("bracketed-host", start, end, message, severity="info")]
    what = "is no interface name" if scoped else "on an address that has no zones (RFC 4007)"
    message = (
        f"the zone identifier {shown(zone)!r} of {shown(host)} {what}: parsers that drop "
        "or keep it read different hosts"
    )
    return [finding("bracketed-host", start, end, message)]
