"""The checks of :func:`urikit.lint` on a reference split into its components: urikit's
own split of a valid reference, or for an invalid one the split of RFC 3986 Appendix B
(which takes any string) with the authority cut at its last ``@`` and its last ``:``.

Each check returns its :class:`Finding` (or ``None``), at the first place the rule
applies; the message counts the other places.  The engine (:mod:`urikit._lint.lint`) calls a
check only when a cheap test of the text says it may fire (``"%" in text``, a host that
ends in a digit ...), which keeps linting a valid reference about twice the cost of
parsing it.
"""

from __future__ import annotations

import re
import unicodedata

from .. import schemes
from .._algorithms.percent import unquote
from .._syntax.parse import APPENDIX_B, Components
from .catalogue import Finding, Severity, finding, shown
from .context import LEADING_SLASHES, USUAL, Place, data_severity, harmless_escape
from .ipv4 import embedded_ipv4, ends_in_a_number, rare_ipv4

__all__ = [
    "DANGEROUS",
    "SPECIAL",
    "Reading",
    "authority_confusion",
    "authority_parts",
    "backslash",
    "dangerous_scheme",
    "host_rules",
    "lenient_split",
    "percent_rules",
    "port_rules",
    "query_semicolon",
    "scheme_confusion",
    "slash_confusion",
    "userinfo_rules",
    "whitespace_or_control",
]

#: The URL Standard's special schemes: "\\" is "/" in them, and their authority ignores
#: how many slashes come before it.
SPECIAL = frozenset({"http", "https", "ws", "wss", "ftp", "file"})


class Reading:
    """A reference split into :data:`Components`, the first at ``lead`` in ``text``;
    :meth:`start` gives where each component begins (computed when a finding needs it)."""

    __slots__ = ("_starts", "components", "lead", "text")

    def __init__(self, text: str, components: Components, lead: int = 0) -> None:
        self.text = text
        self.components = components
        self.lead = lead
        self._starts: tuple[int, ...] | None = None

    def start(self, index: int) -> int:
        """Where component ``index`` (0 scheme ... 7 fragment) begins, or would."""
        if self._starts is None:
            scheme, authority, userinfo, host, _, path, query, _ = self.components
            at = self.lead + (len(scheme) + 1 if scheme is not None else 0)
            auth = user = host_at = port_at = at + 2
            if authority is not None:
                host_at = auth + (len(userinfo) + 1 if userinfo is not None else 0)
                port_at = host_at + len(host or "") + 1
                at = auth + len(authority)
            path_at = at
            query_at = path_at + len(path) + 1
            fragment_at = query_at + (len(query) + 1 if query is not None else 0)
            self._starts = (self.lead, auth, user, host_at, port_at, path_at, query_at, fragment_at)
        return self._starts[index]


# -- the split of what urikit rejects ------------------------------------------------------
#: What browsers strip from both ends (the URL Standard's C0 control or space).
_C0_OR_SPACE = "".join(map(chr, range(0x21)))


def authority_parts(authority: str) -> tuple[str | None, str, str | None]:
    """``(userinfo, host, port)`` of any authority, as the URL Standard cuts it: the
    userinfo before the last ``@``, the port after a ``:`` that only digits follow
    (outside brackets); the three are contiguous in the authority."""
    userinfo, at, hostport = authority.rpartition("@")
    host, port = hostport, None
    if hostport.startswith("[") and "]" in hostport:
        close = hostport.index("]") + 1
        if hostport[close : close + 1] == ":":
            host, port = hostport[:close], hostport[close + 1 :]
    else:
        name, colon, digits = hostport.rpartition(":")
        if colon and (not digits or (digits.isascii() and digits.isdigit())):
            host, port = name, digits
    return (userinfo if at else None), host, port


def lenient_split(text: str) -> Reading:
    """The Appendix B split of ``text`` without what browsers strip from its ends."""
    lead = len(text) - len(text.lstrip(_C0_OR_SPACE))
    trail = len(text.rstrip(_C0_OR_SPACE))
    match = APPENDIX_B.match(text, lead, max(lead, trail))
    assert match is not None  # every part is optional
    scheme, authority, path, query, fragment = match.groups()
    userinfo = host = port = None
    if authority is not None:
        userinfo, host, port = authority_parts(authority)
    return Reading(text, (scheme, authority, userinfo, host, port, path, query, fragment), lead)


# -- what only invalid strings hold ------------------------------------------------------
_WHITESPACE_OR_CONTROL = re.compile(
    "[\x00-\x20\x7f-\x9f\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]"
)
_REMOVED = "\t\n\r"  # what browsers and urllib.parse remove anywhere


def whitespace_or_control(text: str) -> Finding | None:
    """The first space or control character: at an end (what browsers and urllib.parse
    strip), tab / CR / LF inside (what they remove), or another one inside."""
    match = _WHITESPACE_OR_CONTROL.search(text)
    if match is None:
        return None
    at, char = match.start(), match[0]
    name = unicodedata.name(char, "") or {"\t": "TAB", "\n": "LF", "\r": "CR"}.get(char, "control")
    what = f"U+{ord(char):04X} ({name})"
    if not text[:at].strip(_C0_OR_SPACE) or not text[at:].strip(_C0_OR_SPACE):
        how = "at an end: browsers and urllib.parse strip it, a filter on the string does not"
    elif char in _REMOVED:
        how = "inside: browsers and urllib.parse remove it, a filter on the string does not"
    else:
        how = "inside: parsers reject it, keep it or cut the string there"
    more = len(_WHITESPACE_OR_CONTROL.findall(text)) - 1
    return finding("whitespace-or-control", at, at + 1, _more(f"{what} {how}", more))


def backslash(split: Reading, scheme: str | None) -> Finding | None:
    """The first ``\\`` before the query or fragment, which browsers read as ``/`` in a
    special ``scheme`` (and without one, since the base may have one)."""
    text = split.text
    at = text.find("\\")
    stop = min([len(text), *(i for i in (text.find("?"), text.find("#")) if i >= 0)])
    if at < 0 or at > stop:
        return None
    authority = split.components[1]
    start = split.start(1)
    if authority is not None and start <= at <= start + len(authority):
        seen = text[start:at].rpartition("@")[2]
        what = f"ends the authority for browsers, which read the host {shown(seen)!r}"
    elif scheme is not None and scheme not in SPECIAL:
        what = f"in a {scheme}: URL: other parsers may read it as '/'"
    else:
        what = "is '/' to browsers in http(s), ws(s), ftp and file URLs"
    return finding("backslash", at, at + 1, _more(f"'\\' {what}", text.count("\\", 0, stop) - 1))


# -- the scheme and the slashes after it ----------------------------------------------------
_SLASHES = re.compile(r"[/\\]*")
_HOST_RUN = re.compile(r"[^/\\?#]*")  # what browsers read as the authority
#: The schemes that run script (or carry a document) where a link is expected.
DANGEROUS = {
    "javascript": "runs script",
    "vbscript": "runs script",
    "data": "carries a document of its own (text/html runs script)",
}


def slash_confusion(split: Reading, scheme: str | None, special: bool | None) -> Finding | None:
    """A special scheme not followed by exactly ``//`` (``file`` excepted, whose
    ``file:/p`` and ``file:///p`` are usual), or a reference without a scheme that begins
    with three slashes or with two where one is a backslash."""
    text = split.text
    start = split.start(0) + (len(split.components[0]) + 1 if split.components[0] else 0)
    run = _SLASHES.match(text, start)
    assert run is not None
    slashes = run[0]
    if scheme is not None and special and scheme != "file" and slashes != "//":
        rest = _HOST_RUN.match(text, run.end())[0]  # type: ignore[index]
        written = repr(slashes) if slashes else "no slash"
        message = (
            f"{scheme}: followed by {written}, not '//': browsers read the "
            f"host {shown(rest)!r}, RFC 3986 parsers a path"
        )
        return finding("slash-confusion", start, run.end(), message)
    confusing = len(slashes) >= 3 or (len(slashes) == 2 and "\\" in slashes)
    if split.components[0] is None and special is not False and confusing:
        message = (
            f"a reference beginning {slashes!r}: browsers resolve it to another host "
            "(a network-path reference), RFC 3986 to a path"
        )
        return finding("slash-confusion", start, run.end(), message)
    return None


def scheme_confusion(split: Reading, scheme: str) -> Finding | None:
    """A scheme urikit does not know followed by a port-like number: ``localhost:8080``."""
    path = split.components[5]
    if split.components[1] is not None or not path[:1].isdigit() or schemes.get(scheme):
        return None
    digits = len(path) - len(path.lstrip("0123456789"))
    if digits > 5 or (digits != len(path) and path[digits] != "/"):
        return None
    name = split.components[0] or scheme
    message = (
        f"{shown(name)}:{path[:digits]} is the scheme {shown(name)!r} to RFC 3986, the host "
        f"{shown(name)!r} and port {path[:digits]} to people and lenient parsers"
    )
    return finding("scheme-confusion", split.start(0), split.start(5) + digits, message)


def dangerous_scheme(split: Reading, scheme: str) -> Finding:
    """``javascript:``, ``vbscript:``, ``data:``, however written (case, tabs inside); a
    ``data:`` URL by its media type: a warning for a document or script, an info for an
    image, a font, text (:func:`urikit._lint.context.data_severity`)."""
    what = DANGEROUS[scheme]
    severity: Severity | None = None
    if scheme == "data":
        severity, what = data_severity(split.components[5])
    start = split.start(0)
    written = split.components[0] or scheme
    message = f"the scheme {scheme}: {what}"
    return finding("dangerous-scheme", start, start + len(written), message, severity)


# -- the authority -------------------------------------------------------------------------
_NAME_TOKENS = re.compile(r"[A-Za-z0-9.-]+")  # runs of what host names are made of
_TOP_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]")  # RFC 2396 §3.2.2 toplabel


def _looks_like_host(user: str) -> bool:
    """Whether ``user`` holds what people read as a host: a dotted name ending in a
    label that begins with a letter, four dotted numbers, ``www.``..., ``localhost``, or
    a name ending in a dot that the host after ``@`` seems to continue.
    Token by token (no backtracking regex over the whole text: linear time)."""
    if user.endswith(".") and _NAME_TOKENS.fullmatch(user):
        return True  # www.@pple.com: the name goes on after the "@"
    for match in _NAME_TOKENS.finditer(user):
        token = match[0].strip(".-").lower()
        if token == "localhost" or token.startswith("www."):
            return True
        labels = token.split(".")
        if len(labels) > 1 and all(labels):
            if _TOP_LABEL.fullmatch(labels[-1]) is not None:
                return True
            if len(labels) == 4 and all(label.isdigit() for label in labels):
                return True
    return False


def userinfo_rules(split: Reading) -> list[Finding]:
    """A password in the userinfo (RFC 3986 §3.2.1, §7.5), and a userinfo that reads as a
    host (§7.6).  The password itself is never shown: messages end up in logs."""
    userinfo, host = split.components[2] or "", split.components[3] or ""
    start, found = split.start(2), []
    user, colon, password = userinfo.partition(":")
    if colon:
        size = f"{len(password)} characters" if password else "empty"
        message = f"a password in the userinfo of {shown(user)!r} ({size}, not shown)"
        found.append(
            finding("userinfo-password", start + len(user), start + len(userinfo), message)
        )
    if _looks_like_host(user):
        message = f"the userinfo {shown(userinfo)!r} looks like a host; the host is {shown(host)!r}"
        found.append(finding("userinfo-looks-like-host", start, start + len(userinfo), message))
    return found


def authority_confusion(split: Reading) -> Finding | None:
    """``?`` or ``#`` right after the authority, then ``@`` (or ``.`` or ``:`` at once, or
    a host name and a port) before the next ``/``: a parser that ends the authority at
    ``/`` only (bpo-30500, the Log4j allowlist bypass) reads another host."""
    text = split.text
    end = split.start(5)
    slash = text.find("/", end)
    tail = text[end : slash if slash >= 0 else len(text)]
    if not tail or tail[0] not in "?#":
        return None
    name, colon, port = tail[1:].rpartition(":")
    hostport = bool(colon) and port.isdigit() and _looks_like_host(name)  # Log4j's #evil:1389
    if not ("@" in tail or tail[1:2] in (".", ":") or hostport):
        return None
    seen = (text[split.start(1) : end] + tail).rpartition("@")[2]
    message = (
        f"{tail[0]!r} ends the authority at {shown(split.components[3] or '')!r}; parsers "
        f"that end it at '/' only read the host {shown(seen)!r}"
    )
    return finding("authority-confusion", end, end + len(tail), message)


#: RFC 3986 §2.1 ``pct-encoded = "%" HEXDIG HEXDIG``.
_PCT_ENCODED = re.compile("%" + "[0-9A-Fa-f]" * 2)


def host_rules(split: Reading) -> list[Finding]:
    """The host's rules: percent-encoded, an IPv4 address in a rare form (RFC 3986 §7.4),
    an IPv6 address that carries an IPv4 one."""
    host = split.components[3] or ""
    start, found = split.start(3), []
    if host[:1] == "[":
        carried = embedded_ipv4(host) if host.endswith("]") else None
        if carried is not None:
            message = f"the host {shown(host)} carries the IPv4 address {carried}"
            found.append(finding("ipv6-embedded-ipv4", start, start + len(host), message))
        return found
    escape = _PCT_ENCODED.search(host) if "%" in host else None
    if escape is not None:  # a "%" that starts no triplet is the syntax rule's
        at = start + escape.start()
        message = (
            f"the host {shown(host)!r} is percent-encoded: browsers decode it, filters may not"
        )
        found.append(finding("encoded-host", at, at + 3, message))
    if "%" in host or not host.isascii() or ends_in_a_number(host):
        rare = rare_ipv4(host)
        if rare is not None:
            message = f"the host {shown(host)!r} {rare}"
            found.append(finding("ipv4-rare-form", start, start + len(host), message))
    return found


def port_rules(split: Reading, scheme: str | None) -> Finding | None:
    """A port above 65535, or below 1024 and not the scheme's default (RFC 3986 §7.2)."""
    port = split.components[4] or ""
    digits = port.lstrip("0")
    start = split.start(4)
    if not (port.isascii() and port.isdigit()):
        return None
    if len(digits) > 5 or int(digits or "0") > 65535:
        wraps = int(digits) % 65536 if len(digits) <= 20 else None
        how = f", {wraps} taken modulo 65536" if wraps is not None else ""
        message = f"the port {shown(port)} is above 65535: parsers reject it or wrap it{how}"
        return finding("port-out-of-range", start, start + len(port), message)
    known = schemes.get(scheme) if scheme is not None else None
    default = known.default_port if known is not None else None
    value = int(digits or "0")
    if value < 1024 and value != default:
        what = f"{scheme}'s default is {default}" if default is not None else "no default known"
        message = f"the port {value} is a well-known port of another service ({what})"
        return finding("well-known-port", start, start + len(port), message)
    return None


#: The escape of a hex digit: %30-%39, %41-%46, %61-%66.
_HEX_ESCAPE = "%(?:3[0-9]|[46][1-6])"
# -- percent-encodings ------------------------------------------------------------------------
_ESCAPES = re.compile(
    "%(?:[01][0-9A-F]|7F|C2%[89][0-9A-F]|25[0-9A-F]{2}|2E|2F|5C|C[01]%[0-9A-F]{2}"
    "|E0%[89][0-9A-F]%[0-9A-F]{2}|F0%8[0-9A-F]%[0-9A-F]{2}%[0-9A-F]{2}"
    # a "%" whose hex digits are themselves encoded (%%32%65 is %2e once decoded)
    f"|{_HEX_ESCAPE}(?:{_HEX_ESCAPE}|[0-9A-F])|[0-9A-F]{_HEX_ESCAPE})",
    re.IGNORECASE,
)
_DOT_SEGMENT = re.compile(r"(?<![^/\\])(?:\.|%2e){1,2}(?![^/\\])", re.IGNORECASE)


def _more(message: str, more: int) -> str:
    return message + (f" (and {more} more)" if more > 0 else "")


def _kind(escape: str, in_path: bool, in_authority: bool) -> str | None:
    """The rule a percent-encoding matched by ``_ESCAPES`` belongs to, if any."""
    first = escape[1:3].upper()
    if first == "25" or "%" in escape[1:3]:
        return "double-encoding"
    if first[0] in "01" or first in ("7F", "C2"):
        return "encoded-control"
    if first in ("2F", "5C"):
        return "encoded-slash" if in_path or in_authority else None
    if first == "2E":
        return "encoded-dot-segment" if in_path else None
    return "overlong-utf8"


_MEANING = {
    "encoded-control": "decodes to a control character",
    "double-encoding": "is %{0} once decoded, another character decoded twice",
    "overlong-utf8": "is an overlong UTF-8 sequence, {1!r} to lax decoders",
    "encoded-slash": "is {1!r}, a delimiter once decoded, in the {2}",
}


def percent_rules(split: Reading, scheme: str | None = None) -> list[Finding]:
    """The percent-encodings that hide controls, delimiters, dot segments or a second
    encoding; each rule once, at its first place.  An encoded slash that only keeps a
    name in one segment (``group%2Fproject``), and a line break in a ``mailto:`` body
    (RFC 6068 §5), are the usual, harmless use: an ``info``, unless another place of the
    same rule is not (:func:`urikit._lint.context.harmless_escape`)."""
    text = split.text
    path = split.components[5]
    path_start = split.start(5)
    path_end = path_start + len(path)
    authority_start = split.start(1) if split.components[1] is not None else path_start
    lead = LEADING_SLASHES.match(text, path_start, path_end).end()  # type: ignore[union-attr]
    # the header fields of a mailto: URI (RFC 6068) follow its first "?" (the query, or
    # under RFC 2396 the opaque part's): the field of each escape, found moving on
    field = seen = text.find("?") + 1 if scheme == "mailto" else 0
    first: dict[str, tuple[int, int, str]] = {}
    usual: dict[str, tuple[int, int, str]] = {}
    counts: dict[str, int] = {}
    for match in _ESCAPES.finditer(text):
        at = match.start()
        in_path = path_start <= at < path_end
        kind = _kind(match[0], in_path, authority_start <= at < path_start)
        if kind is None or (kind == "encoded-dot-segment" and kind in first):
            continue
        counts[kind] = counts.get(kind, 0) + 1
        if field and at > seen:
            field, seen = max(field, text.rfind("&", seen, at) + 1), at
        place = Place(
            text,
            at,
            path_start,
            path_end,
            lead,
            field if field and at >= field else -1,
            scheme,
            split.components[1],
        )
        if kind in ("encoded-slash", "encoded-control") and harmless_escape(kind, place):
            usual.setdefault(kind, (at, match.end(), match[0]))
        else:
            first.setdefault(kind, (at, match.end(), match[0]))
    found = []
    for kind, (at, end, escape) in [*first.items(), *usual.items()]:
        if kind == "encoded-dot-segment":
            dots = _dot_segment(split, path_start, path_end)
            if dots is not None:
                found.append(dots)
            continue
        if kind in first and first[kind][0] != at:
            continue  # the harmless place of a rule that has another
        if kind == "double-encoding" and "%" in escape[1:3]:  # %%32%65: "%" then encoded digits
            inner = "%" + unquote(escape[1:], errors="replace")
            twice = _decoded(inner)
            what = repr(twice) if twice != "\ufffd" else f"the octet 0x{inner[1:].upper()}"
            meaning = f"is {inner} once decoded, {what} decoded twice"
        else:
            where_name = "path" if path_start <= at < path_end else "authority"
            meaning = _MEANING[kind].format(escape[3:].upper(), _decoded(escape), where_name)
        if kind == "encoded-control":
            decoded = _decoded(escape)
            meaning = f"decodes to U+{ord(decoded):04X} ({_control_name(decoded)})"
        severity: Severity | None = None
        if kind not in first:
            severity = "info"
            meaning += USUAL[kind]
        message = _more(f"{escape} {meaning}", counts[kind] - 1)
        found.append(finding(kind, at, end, message, severity))
    return found


def _decoded(escape: str) -> str:
    """What an escape matched by ``_ESCAPES`` decodes to (an overlong sequence as lax
    decoders read it: its payload bits)."""
    octets = bytes.fromhex(escape.replace("%", ""))
    if octets[0] == 0x25:
        return "%"
    if len(octets) > 1 and octets[0] in (0xC0, 0xC1):
        return chr(((octets[0] & 0x1F) << 6) | (octets[1] & 0x3F))
    if len(octets) == 3:
        return chr(((octets[1] & 0x3F) << 6) | (octets[2] & 0x3F))
    if len(octets) == 4:
        return chr(((octets[1] & 0x3F) << 12) | ((octets[2] & 0x3F) << 6) | (octets[3] & 0x3F))
    return octets.decode("utf-8", "replace")  # a lone lead octet when decoded twice


def _control_name(char: str) -> str:
    names = {"\x00": "NUL", "\t": "TAB", "\n": "LF", "\r": "CR", "\x7f": "DEL"}
    return names.get(char, "") or unicodedata.name(char, "a control character")


def _dot_segment(split: Reading, start: int, end: int) -> Finding | None:
    """The first path segment that is ``.`` or ``..`` once ``%2E`` is decoded."""
    path = split.text[start:end]
    matches = [m for m in _DOT_SEGMENT.finditer(path) if "%" in m[0]]
    if not matches:
        return None
    first = matches[0]
    dots = "." * (len(first[0]) - 2 * first[0].count("%"))
    message = (
        f"the segment {first[0]} is {dots!r} once decoded: traversal past filters, and "
        "browsers remove it as a dot segment"
    )
    return finding(
        "encoded-dot-segment",
        start + first.start(),
        start + first.end(),
        _more(message, len(matches) - 1),
    )


#: An HTML character reference that ends at the ``;`` after it (``&amp;``, ``&#38;``).
_CHARACTER_REFERENCE = re.compile(
    r"&(?:[A-Za-z][A-Za-z0-9]{1,30}|#[0-9]{1,8}|#[xX][0-9A-Fa-f]{1,6})\Z"
)


#: A ";" that starts a parameter (a name and "=").
_SEMICOLON_PARAMETER = re.compile(r";[^=&;#]*=")


def query_semicolon(split: Reading) -> Finding | None:
    """``;`` in the query, which some parsers take as a parameter separator (CVE-2021-23336);
    one that ends an HTML character reference says the URL was copied from HTML escaped.
    Cloaking needs both separators: a query that separates parameters with ``&`` and with
    ``;`` is a warning; one whose ``;`` separates all (gitweb) or none (``wght@400;700``,
    Google Fonts) an info."""
    query = split.components[6] or ""
    semicolon = query.index(";")
    at = split.start(6) + semicolon
    escaped = _CHARACTER_REFERENCE.search(query, max(0, semicolon - 33), semicolon)
    severity: Severity | None = None
    if escaped is not None:
        what = (
            f"';' ends the HTML character reference {escaped[0]};: the URL was copied from "
            "HTML without decoding it, and parsers"
        )
    else:
        what = "';' in the query: parsers"
        if "&" not in query or _SEMICOLON_PARAMETER.search(query) is None:
            severity = "info"  # gitweb's only separator, or inside a value (wght@400;700)
    message = _more(
        f"{what} that split parameters at ';' see other parameters than those that split "
        "at '&' only",
        query.count(";") - 1,
    )
    return finding("query-semicolon", at, at + 1, message, severity)
