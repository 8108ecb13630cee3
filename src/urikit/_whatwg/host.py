"""Hosts as the URL Standard reads them (WHATWG URL §3): the host parser (§3.5) with
its domain parser (§3.3 IDNA), IPv4 and IPv6 addresses and opaque hosts, and the host
serializer (§3.6).

A host is a ``str`` (a domain, an opaque host, or the empty host), an ``int`` (an IPv4
address) or a tuple of eight ``int`` (an IPv6 address).  Every function reports the
validation errors it records to ``report(name, offset)``, ``offset`` an index into the
host text it was given; a failure returns ``None``, its cause the last error reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .._algorithms import uts46
from .._algorithms.ipv4 import ends_in_a_number, whatwg_ipv4, whatwg_ipv6
from .._algorithms.percent import unquote_to_bytes
from .._syntax.charsets import PCT_TRIPLET, char_class_regex
from ..errors import IDNAError
from .encode import C0_CONTROL, C0_CONTROLS, invalid_url_units, utf8_percent_encode
from .ipv6 import IPv6, ipv6_parse

__all__ = [
    "FORBIDDEN_DOMAIN",
    "FORBIDDEN_HOST",
    "Host",
    "Report",
    "domain_parse",
    "host_parse",
    "host_serialize",
]

Host = str | int | IPv6
Report = Callable[[str, int], None]

#: §3.2 forbidden host code point.
FORBIDDEN_HOST = frozenset("\x00\t\n\r #/:<>?@[\\]^|")
#: §3.2 forbidden domain code point: a forbidden host code point, a C0 control, %, DEL.
FORBIDDEN_DOMAIN = FORBIDDEN_HOST | C0_CONTROLS | frozenset("%\x7f")
_FORBIDDEN_DOMAIN = re.compile(char_class_regex(FORBIDDEN_DOMAIN))


def host_parse(
    text: str, is_opaque: bool, report: Report, *, all_errors: bool = True
) -> Host | None:
    """The host parser (§3.5) on ``text``, non-empty unless bracketed.

    With ``all_errors`` false, the strict ToASCII run that only records the non-fatal
    domain-to-ASCII error is skipped where the domain parses (the result is the same:
    that run returns nothing but its error).
    """
    if text.startswith("["):
        if not text.endswith("]"):
            report("IPv6-unclosed", len(text))  # where the "]" is missing
            return None

        def inside(name: str, offset: int) -> None:
            report(name, offset + 1)

        return ipv6_parse(text[1:-1], inside)
    if is_opaque:
        return opaque_host_parse(text, report)
    triplet = PCT_TRIPLET.search(text)
    if triplet is not None:
        report("domain-percent-encoded", triplet.start())
        domain = unquote_to_bytes(text, errors="replace").decode("utf-8", "replace")
    else:
        domain = text
    ascii_domain = domain_parse(domain, report, same_offsets=triplet is None, all_errors=all_errors)
    if ascii_domain is None:
        return None
    if ends_in_a_number(ascii_domain):
        # the domain's offsets are the text's when it is the text lowercased
        same = triplet is None and text.isascii()
        return whatwg_ipv4(ascii_domain, report if same else lambda name, _: report(name, 0))
    return ascii_domain


def domain_parse(
    domain: str, report: Report, *, same_offsets: bool = True, all_errors: bool = True
) -> str | None:
    """The domain parser (§3.3) with beStrict false: the domain's ASCII form, or
    ``None``.  ``same_offsets``: the offsets of ``domain`` are those of the host text
    (no percent-encoded byte was decoded); otherwise errors point at the host (0).
    Without ``all_errors`` the strict run (step 1), which only records an error, runs
    when the domain fails, to say why."""
    strict_failed = _strict(domain, report, same_offsets) if all_errors else None
    if domain.isascii():
        result: str | None = domain.lower()
    else:
        try:
            result = _to_ascii(domain, be_strict=False)
        except IDNAError:
            result = None
    if not result or _FORBIDDEN_DOMAIN.search(result):
        # the strict run checks all the lenient one does, and UseSTD3ASCIIRules and
        # VerifyDnsLength reject an empty or forbidden result: it has failed too
        if strict_failed is None:
            strict_failed = _strict(domain, report, same_offsets)
        if not strict_failed:  # pragma: no cover - a failure the strict run missed
            report("domain-to-ASCII", 0)
        return None
    return result


def _strict(domain: str, report: Report, same_offsets: bool) -> bool:
    """Run domain parser ToASCII with beStrict true, recording domain-to-ASCII if it
    fails (§3.3 step 2: "This step does not return"); whether it failed."""
    try:
        _to_ascii(domain, be_strict=True)
    except IDNAError as error:
        report("domain-to-ASCII", error.position if same_offsets else 0)
        return True
    return False


def _to_ascii(domain: str, *, be_strict: bool) -> str:
    """§3.3 domain parser ToASCII: UTS #46 ToASCII with CheckHyphens, UseSTD3ASCIIRules
    and VerifyDnsLength set to ``be_strict``."""
    return uts46.to_ascii(
        domain,
        check_hyphens=be_strict,
        check_bidi=True,
        check_joiners=True,
        use_std3_ascii_rules=be_strict,
        transitional_processing=False,
        verify_dns_length=be_strict,
        ignore_invalid_punycode=False,
    )


def opaque_host_parse(text: str, report: Report) -> str | None:
    """The opaque-host parser (§3.5): ``text`` with C0 controls and non-ASCII code points
    percent-encoded, or ``None`` if it holds a forbidden host code point."""
    for offset, code_point in enumerate(text):
        if code_point in FORBIDDEN_HOST:
            report("host-invalid-code-point", offset)
            return None
    bad = invalid_url_units(text)
    non_url = [offset for offset in bad if text[offset] != "%"]
    if non_url:  # "contains a code point that is not a URL code point and not %"
        report("invalid-URL-unit", non_url[0])
    stray = [offset for offset in bad if text[offset] == "%"]
    if stray:  # "contains a % and the two code points following it are not hex digits"
        report("invalid-URL-unit", stray[0])
    return utf8_percent_encode(text, C0_CONTROL)


def host_serialize(host: Host) -> str:
    """The host serializer (§3.6): an IPv4 address dotted, an IPv6 address in brackets
    (the IPv6 serializer), any other host as it is."""
    if isinstance(host, int):
        return ".".join(str((host >> shift) & 0xFF) for shift in (24, 16, 8, 0))
    if isinstance(host, tuple):
        return f"[{whatwg_ipv6(b''.join(piece.to_bytes(2, 'big') for piece in host))}]"
    return host
