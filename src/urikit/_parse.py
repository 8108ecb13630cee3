"""The one parser: split and validate a URI reference under any :class:`Grammar`.

The hot path is one match of the grammar's compiled reference pattern, which splits
the input as RFC 3986 Appendix B does while checking each component's characters,
followed by a handful of checks no character class can express (pct-encoded triplets,
IP literals, the rule's scheme and fragment, RFC 2396's ``server | reg_name``).  Only
when the input is invalid does ``_diagnose`` work out where and why.
"""

from __future__ import annotations

from ._charsets import BAD_PCT
from ._diagnose import diagnose
from ._grammar import Grammar, ReferenceRule
from ._host import ip_literal_error

#: (scheme, authority, userinfo, host, port, path, query, fragment); ``None`` = absent.
Parts = tuple[
    str | None, str | None, str | None, str | None, str | None, str, str | None, str | None
]


def split(text: str, grammar: Grammar, rule: ReferenceRule) -> Parts | None:
    """The components of ``text`` under ``rule``, or ``None`` when it does not fit."""
    match = grammar.reference.match(text)
    if match is None or match.end() != len(text):  # never None: every part is optional
        return None
    parts: Parts = match.groups()  # type: ignore[assignment]
    scheme, authority, userinfo, host, port, path, query, fragment = parts
    if "%" in text and BAD_PCT.search(text) is not None:
        return None
    if scheme is None:
        if rule.scheme == "required":
            return None
    elif rule.scheme == "forbidden":
        return None
    if fragment is not None and not rule.fragment:
        return None
    if host:
        if host[0] == "[":
            if ip_literal_error(host, 0, len(host), future=grammar.ip_future, zone=grammar.ip_zone):
                return None
        elif grammar.server_host is not None and not grammar.server_host(host):
            # RFC 2396 §3.2: not a server's host, so the authority is a reg_name.
            return (scheme, authority, None, None, None, path, query, fragment)
    elif authority and host is not None and grammar.server_host is not None:
        # RFC 2396 §3.2.2: "user@" or ":port" without a host is no server: a reg_name.
        return (scheme, authority, None, None, None, path, query, fragment)
    if (
        not path
        and scheme is not None
        and authority is None
        and not grammar.empty_scheme_specific_part
    ):
        return None
    return parts


def parse_parts(text: str, grammar: Grammar, rule: ReferenceRule) -> Parts:
    """The components of ``text``; raises ``URISyntaxError`` saying where and why not."""
    parts = split(text, grammar, rule)
    if parts is None:
        if not isinstance(text, str):
            raise TypeError(f"a URI reference is a str, not {type(text).__name__}")
        raise diagnose(text, grammar, rule)
    return parts
