"""The rules of :func:`urikit.lint` as data: each rule's stable name, severity, source (the
RFC section or the advisory) and what it looks for, and :class:`Finding`, what a rule
reports.  The checks are :mod:`urikit._lint.rules`, :mod:`urikit._lint.ipv4`,
:mod:`urikit._lint.unicode` and :mod:`urikit._lint.differential`; the engine is
:mod:`urikit._lint.lint`.

Severities say how much a finding matters where a link is expected: ``"error"``, the
string means something else to some parser or user than it seems to (or it is no URI at
all); ``"warning"``, a construct that security checks often get wrong or the RFCs
deprecate; ``"info"``, worth knowing, usually harmless.  A rule's severity in the
catalogue is the highest it gives; the context of a finding can lower it (a ``data:``
image is an ``info``, a ``data:text/html`` document a ``warning``), never raise it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

__all__ = ["LINT_RULES", "SEVERITIES", "Finding", "LintRule", "Severity", "finding", "shown"]

Severity = Literal["error", "warning", "info"]
#: The severities, worst first.
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")


@dataclass(frozen=True, slots=True)
class Finding:
    """What one rule of :func:`urikit.lint` found: the ``rule`` (a name of
    :data:`urikit.LINT_RULES`), its ``severity``, the span ``position`` to ``end`` (0-based,
    end excluded) of the input it concerns, a one-line ``message`` naming what was found,
    and the ``source`` (RFC section or advisory)."""

    rule: str
    severity: Severity
    position: int
    end: int
    message: str
    source: str


@dataclass(frozen=True, slots=True)
class LintRule:
    """A rule of :func:`urikit.lint`: its stable ``name``, ``severity``, ``source`` and a
    one-line ``summary`` of what it looks for."""

    name: str
    severity: Severity
    source: str
    summary: str


def _rules(*rules: LintRule) -> Mapping[str, LintRule]:
    return MappingProxyType({rule.name: rule for rule in rules})


#: The catalogue, in the order of the table in docs/lint.md.
LINT_RULES: Mapping[str, LintRule] = _rules(
    LintRule(
        "syntax",
        "error",
        "RFC 3986 §3 (RFC 2396 §3, RFC 3987 §2.2 under those grammars)",
        "not a URI reference under the grammar: the syntax error, where and why",
    ),
    LintRule(
        "whitespace-or-control",
        "error",
        "WHATWG URL basic URL parser; CVE-2023-24329, CVE-2022-0391, CVE-2018-12116",
        "a space or control character: leading or trailing ones are stripped and tab, CR, "
        "LF removed anywhere by browsers and urllib.parse, others kept by some parsers; "
        "characters that Latin-1 truncates to CR LF (U+010D U+010A)",
    ),
    LintRule(
        "backslash",
        "error",
        "WHATWG URL (special schemes); URL parsing confusion (backslash)",
        "'\\' before the query: browsers read it as '/' in http(s), ws(s), ftp and file URLs",
    ),
    LintRule(
        "slash-confusion",
        "error",
        "WHATWG URL (special authority slashes); URL parsing confusion (slashes)",
        "a special scheme not followed by exactly '//' (http:evil.com, http:///evil.com), or "
        "a relative reference beginning with three slashes or a backslash among two",
    ),
    LintRule(
        "scheme-confusion",
        "warning",
        "RFC 3986 §3.1, RFC 2396 Appendix F; URL parsing confusion (scheme)",
        "an unregistered scheme followed by a port-like number (localhost:8080/x): RFC 3986 "
        "reads a scheme, people and lenient parsers a host",
    ),
    LintRule(
        "dangerous-scheme",
        "warning",
        "HTML Standard (javascript: URLs); RFC 2397 (data:); OWASP XSS prevention",
        "javascript:, vbscript: or data: (script where a link is expected), however written; "
        "a data: URL of inert content (an image, a font, text) is an info",
    ),
    LintRule(
        "dangerous-parameter",
        "warning",
        "OWASP Unvalidated Redirects and Forwards; HTML Standard (javascript: URLs)",
        "a query or fragment parameter whose value is a javascript:, vbscript: or data: "
        "document URL, decoded: where a redirect sends it, script runs (?next=javascript:...)",
    ),
    LintRule(
        "userinfo-password",
        "warning",
        "RFC 3986 §3.2.1, §7.5",
        "a password in the userinfo (user:password@): deprecated, and logged in clear text",
    ),
    LintRule(
        "userinfo-looks-like-host",
        "error",
        "RFC 3986 §7.6",
        "a userinfo that reads as a host name, IP address or host:port, or a name the host "
        "seems to continue (www.@pple.com), hiding the real host",
    ),
    LintRule(
        "authority-confusion",
        "warning",
        "bpo-30500; CVE-2021-45046 (Log4j 2.15 allowlist bypass)",
        "'?' or '#' right after the host with '@', '.' or ':', or a host and a port, before "
        "the next '/': parsers that end the authority at '/' only read another host",
    ),
    LintRule(
        "encoded-host",
        "warning",
        "RFC 3986 §3.2.2, §7.3; URL parsing confusion (URL-encoded data)",
        "percent-encoding in the host: browsers decode it before resolving, string filters do not",
    ),
    LintRule(
        "ipv4-rare-form",
        "error",
        "RFC 3986 §7.4",
        "a host that inet_aton or browsers read as an IPv4 address though it is not in "
        "dotted-decimal form (octal, hex, fewer parts, one number, a trailing dot), or "
        "numbers past their size that parsers which wrap read as one (45080379393)",
    ),
    LintRule(
        "ipv6-embedded-ipv4",
        "warning",
        "RFC 4291 §2.5.5, RFC 6052, RFC 3056, RFC 4380",
        "an IPv6 literal that carries an IPv4 address (IPv4-mapped, -compatible, NAT64, "
        "6to4, Teredo)",
    ),
    LintRule(
        "bracketed-host",
        "error",
        "RFC 3986 §3.2.2; RFC 6874; CVE-2024-11168",
        "brackets that hold no IPv6 address (an IPvFuture literal, [127.0.0.1], brackets "
        "inside a name), or a zone identifier that is no interface name",
    ),
    LintRule(
        "non-dns-host",
        "warning",
        "RFC 1123 §2.1; URL parsing confusion (host separators)",
        "a host name with a character no DNS name has (; , ! $ & ' ( ) * + = ~): people "
        "read the host as ending there",
    ),
    LintRule(
        "long-host",
        "warning",
        "RFC 1034 §3.1, RFC 5890 §2.3.2.1; CVE-2023-38545",
        "a label over 63 octets or a name over 253, in the ASCII form resolvers get",
    ),
    LintRule(
        "invisible-host",
        "error",
        "UTS #46 §4 (ignored characters); URL parsing confusion (Unicode)",
        "an invisible or blank character in the host (ZERO WIDTH SPACE, SOFT HYPHEN, "
        "variation selectors, fillers, separators), raw or percent-encoded",
    ),
    LintRule(
        "mapped-host",
        "error",
        "UTS #46 §4 (mapping); CVE-2022-43551; A New Era of SSRF (Unicode hosts)",
        "a host that UTS #46 mapping (NFKC, case, ideographic full stops) turns into "
        "another one: browsers resolve the mapped host",
    ),
    LintRule(
        "deviation-host",
        "error",
        "UTS #46 §4 (deviation characters); IDNA 2003 vs IDNA 2008",
        "ß, ς, ZWJ or ZWNJ in the host (or in a decoded A-label): IDNA 2003 readers "
        "(Python's idna codec) and browsers resolve different hosts",
    ),
    LintRule(
        "confusable-host",
        "warning",
        "UTS #39 §4 (confusables); Chromium IDN policy",
        "a host label outside ASCII (or an A-label decoding to one) that passes for an "
        "ASCII label, by Unicode's confusables: xn--80ak6aa92e.com (Cyrillic) for apple.com",
    ),
    LintRule(
        "port-out-of-range",
        "error",
        "RFC 3986 §3.2.3; RFC 9293 §3.1 (16-bit ports)",
        "a port above 65535: rejected by some parsers, wrapped modulo 65536 by others",
    ),
    LintRule(
        "malformed-port",
        "error",
        "RFC 3986 §3.2.3; A New Era of SSRF (port parsing)",
        "a port that is not only ASCII digits (+80, 80aaa, a second ':', non-ASCII digits): "
        "parsers that read the leading digits or any digit reach another port",
    ),
    LintRule(
        "well-known-port",
        "info",
        "RFC 3986 §7.2, RFC 2396 §7",
        "a port below 1024 that is not the scheme's default (http://h:25/)",
    ),
    LintRule(
        "encoded-control",
        "error",
        "RFC 3986 §7.2, §7.3",
        "%00-%1F, %7F or a UTF-8 C1 control (%C2%80-%C2%9F): NUL truncation, CR LF injection "
        "(CR LF in a mailto: body, as RFC 6068 writes it, is an info)",
    ),
    LintRule(
        "double-encoding",
        "warning",
        "RFC 3986 §2.4, §7.3",
        "%25 followed by two hex digits, or a '%' whose digits are encoded (%%32%65): "
        "decoded twice, it is another character",
    ),
    LintRule(
        "overlong-utf8",
        "error",
        "RFC 3987 §8; RFC 3629 §10",
        "an overlong UTF-8 sequence (%C0%AF is '/' to lax decoders)",
    ),
    LintRule(
        "encoded-dot-segment",
        "error",
        "RFC 3986 §7.3; WHATWG URL (%2e segments); CVE-2021-41773",
        "a path segment that is '.' or '..' once %2E is decoded (/.%2e/): traversal past "
        "filters, and browsers remove it",
    ),
    LintRule(
        "path-parameter-traversal",
        "error",
        "Breaking Parser Logic (Tomcat ..;/); RFC 2396 §3.3 (param)",
        "a path segment that is '.' or '..' before its ';' parameters (/..;/): servlet "
        "containers drop the parameters and climb, proxies see a name",
    ),
    LintRule(
        "encoded-slash",
        "warning",
        "RFC 3986 §2.2, §7.3",
        "%2F or %5C in the authority, where a decoded path begins with two slashes, or next "
        "to a dot segment: a delimiter once decoded (inside a segment, an info)",
    ),
    LintRule(
        "nfkc-delimiter",
        "error",
        "CVE-2019-9636; RFC 3987 §8",
        "a character in the authority that becomes / ? # @ : [ ] \\ or % under NFKC (IDNA mapping)",
    ),
    LintRule(
        "bidi-control",
        "error",
        "RFC 3987 §4.1, §8; CVE-2021-42574",
        "a bidirectional formatting character (LRM ... RLO, PDF, the isolates, ALM), raw "
        "or percent-encoded: the IRI displays in another order",
    ),
    LintRule(
        "mixed-script-host",
        "warning",
        "RFC 3987 §7.5, §8; UTS #39 §5.2",
        "a host label mixing scripts (Latin and Cyrillic...), xn-- labels decoded",
    ),
    LintRule(
        "query-semicolon",
        "warning",
        "CVE-2021-23336",
        "';' and '&' both separating query parameters: parameter cloaking where one side "
        "splits at ';' (';' as the only separator, or none, is an info)",
    ),
    LintRule(
        "parser-differential",
        "error",
        "URL parsing confusion; RFC 3986 vs the WHATWG URL Standard",
        "urllib.parse, the WHATWG URL Standard and urikit's RFC 3987 parser read different hosts",
    ),
)


def finding(
    rule: str, position: int, end: int, message: str, severity: Severity | None = None
) -> Finding:
    """A :class:`Finding` of the catalogue's ``rule``, with its source and its severity,
    or the lower ``severity`` the context gives it (the catalogue's is the highest)."""
    entry = LINT_RULES[rule]
    if severity is None or SEVERITIES.index(severity) < SEVERITIES.index(entry.severity):
        severity = entry.severity
    return Finding(rule, severity, position, end, message, entry.source)


_SHOWN = 48  # characters of a value shown in a message


def shown(value: str) -> str:
    """``value`` as a message shows it: at most about 48 characters, what a terminal
    cannot print (controls, bidirectional controls, lone surrogates) escaped."""
    cut = value[:_SHOWN]
    if not cut.isprintable():  # controls, format characters (bidi), surrogates
        cut = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in cut)
    return cut + ("..." if len(value) > _SHOWN else "")
