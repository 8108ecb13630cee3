"""Grammars as values: RFC 3986 and RFC 2396 (+ RFC 2732) for the one parser.

A :class:`Grammar` is data: the character class of every component, and the few
structural choices in which the two RFCs differ (RFC 2396's ``opaque_part`` and
``server | reg_name`` authority, its strict ``hostname``, IPvFuture and zone IDs in
RFC 3986 only, RFC 2373's IPv4 tail in RFC 2732's IPv6 literals).  From these it
compiles, once, the pattern that splits a URI reference the way RFC 3986 Appendix B
does while validating every component (no backtracking blow-up: each component is one
character-class run and nothing is anchored at the end).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from .._engine import GRAMMAR_IDS
from . import charsets as cs
from .charsets import CharClass
from .host import (
    IP_LITERAL_2732,
    IP_LITERAL_3986,
    HostProblem,
    IPLiteralRule,
    is_hostname,
    is_ipv4address,
    is_ipv4address_2732,
    is_server_host_2396,
    server_host_error_2396,
)

__all__ = ["GRAMMARS", "RFC2396", "RFC3986", "RFC3987", "Grammar", "ReferenceRule", "get_grammar"]


#: The bits of :attr:`ReferenceRule.flags`, as the compiled core reads them (``csrc/tables.h``,
#: generated from these): a scheme required or forbidden, no fragment, not the empty string.
RULE_SCHEME_REQUIRED, RULE_SCHEME_FORBIDDEN, RULE_NO_FRAGMENT, RULE_NOT_EMPTY = 1, 2, 4, 8


@dataclass(frozen=True, slots=True)
class ReferenceRule:
    """The shape of a whole-reference rule: whether it needs, forbids or allows a scheme,
    and whether it allows a fragment or the empty string."""

    name: str
    scheme: Literal["optional", "required", "forbidden"]
    fragment: bool
    section: str
    #: Whether the empty string matches (not RFC 2396's relativeURI).
    empty: bool = True
    #: Narrower than URI-reference: the parser must check scheme, fragment or emptiness.
    constrained: bool = field(init=False, repr=False)
    #: The same constraints as the compiled core reads them (``RULE_*`` bits).
    flags: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        narrower = self.scheme != "optional" or not self.fragment or not self.empty
        object.__setattr__(self, "constrained", narrower)
        flags = (
            (RULE_SCHEME_REQUIRED if self.scheme == "required" else 0)
            | (RULE_SCHEME_FORBIDDEN if self.scheme == "forbidden" else 0)
            | (0 if self.fragment else RULE_NO_FRAGMENT)
            | (0 if self.empty else RULE_NOT_EMPTY)
        )
        object.__setattr__(self, "flags", flags)


def _host_type_3986(host: str) -> str:
    """Which RFC 3986 §3.2.2 host production matched (``host`` is valid)."""
    if host[:1] == "[":
        return "ipvfuture" if host[1] in "vV" else "ipv6"
    return "ipv4" if is_ipv4address(host) else "reg-name"


def _host_type_2396(host: str) -> str | None:
    """RFC 2396 §3.2.2 / RFC 2732: ``hostname``, ``IPv4address`` or ``IPv6reference``."""
    if host[:1] == "[":
        return "ipv6"
    if is_ipv4address_2732(host):
        return "ipv4"
    return "hostname" if is_hostname(host) else None


@dataclass(frozen=True, slots=True, eq=False)
class Grammar:
    """One URI grammar, as data for the one parser (see ``_parse``)."""

    name: str
    title: str
    #: The RFC whose §3 numbers the components, for messages: an IRI's scheme, port
    #: and IP literal are RFC 3986's (RFC 3987 §2.2).
    sections: str
    scheme: CharClass  # characters after the first (an ALPHA) of a scheme
    userinfo: CharClass
    host: CharClass  # characters of a host that is not an IP literal
    path: CharClass  # characters of any path, "/" included
    first_segment: CharClass  # first segment of a path without scheme or authority
    query: CharClass
    fragment: CharClass
    uri_chars: CharClass  # every character some component admits
    rules: Mapping[str, ReferenceRule]
    #: The component rules by ABNF name, each with the kind of its walker in
    #: ``_components`` (``is_valid("::1", rule="IPv6address")``).
    component_rules: Mapping[str, str]
    host_type: Callable[[str], str | None]
    #: What an IP literal holds: IPvFuture (RFC 3986 §3.2.2), zone IDs (RFC 6874), and
    #: the IPv4 rule of the IPv6 ``ls32`` (RFC 3986 dec-octet, RFC 2373 1*3DIGIT).
    ip_literal: IPLiteralRule = IP_LITERAL_3986
    #: RFC 2396 §3: ``scheme ":" opaque_part``: (``uric_no_slash``, ``uric``).
    opaque: tuple[CharClass, CharClass] | None = None
    #: RFC 2396 §3.2: ``authority = server | reg_name``; the reg_name characters.
    registry: CharClass | None = None
    #: RFC 2396 §3.2.2: the host a server-based authority needs, else it is a reg_name;
    #: ``server_host_error`` walks the same rule to say where a host stops fitting it.
    server_host: Callable[[str], bool] | None = None
    server_host_error: Callable[[str, int, int], HostProblem | None] | None = None
    #: RFC 3986 §3 admits ``scheme ":"`` with an empty hier-part; RFC 2396 does not.
    empty_scheme_specific_part: bool = True
    #: The reference resolution algorithm: RFC 3986 §5.2 or RFC 2396 §5.2.
    resolution: Literal["rfc3986", "rfc2396"] = "rfc3986"
    #: The normalization rules: RFC 3986 §6.2.2-6.2.3, RFC 2396 §6 and §2.4.2, or RFC
    #: 3987 §5.3 (RFC 3986's, and escaped UCS characters decoded).
    normalization: Literal["rfc3986", "rfc2396", "rfc3987"] = "rfc3986"
    #: For messages: names of character classes a URI excludes (RFC 2396 §2.4.3).
    excluded: Mapping[str, frozenset[str]] = field(default_factory=dict)
    #: The grammar's id in the compiled core (:data:`urikit._engine.GRAMMAR_IDS`), or
    #: ``None`` where only the Python engine serves it.
    core: int | None = None
    reference: re.Pattern[str] = field(init=False, repr=False, compare=False)
    server: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "reference", re.compile(_reference_pattern(self)))
        object.__setattr__(self, "server", re.compile(_server_pattern(self)))

    def rule(self, name: str) -> ReferenceRule:
        """The whole-reference rule called ``name`` in this grammar (``ValueError`` for
        an unknown name, ``TypeError`` for what is not a str)."""
        try:
            return self.rules[name]
        except (KeyError, TypeError):
            if not isinstance(name, str):
                raise TypeError(f"a rule name is a str, not {type(name).__name__}") from None
            known = ", ".join(self.rules)
            raise ValueError(
                f"unknown rule {name!r} for grammar {self.name!r}; expected one of {known}"
            ) from None


_IP_LITERAL = cs.char_class_regex(cs.IP_LITERAL)  # checked by ``_host.ip_literal_error``


def _server_pattern(g: Grammar) -> str:
    """``[ userinfo "@" ] host [ ":" port ]`` (RFC 3986 §3.2, RFC 2396 §3.2.2 server)."""
    userinfo = f"(?:(?=[^@/?#]*@)(?P<userinfo>{g.userinfo.regex()}*)@)?"
    host = f"(?P<host>\\[{_IP_LITERAL}*\\]|{g.host.regex()}*)"
    return f"{userinfo}{host}(?::(?P<port>[0-9]*))?"


def _reference_pattern(g: Grammar) -> str:
    """The URI-reference pattern: Appendix B's split with each component's own class.

    Groups, in order: scheme, authority, userinfo, host, port, path, query, fragment,
    so that ``match.groups()`` is the component tuple.  The path is chosen by what
    precedes it (RFC 3986 §3.3): path-abempty after an authority; with a scheme,
    path-absolute / path-rootless / path-empty (or RFC 2396's opaque_part); without,
    a first segment with no ":" (path-noscheme).
    """
    p = g.path.regex()
    scheme = f"(?:(?P<scheme>{cs.char_class_regex(cs.ALPHA)}{g.scheme.regex()}*):)?"
    server = _server_pattern(g)
    if g.registry is not None:  # server, unless only a reg_name fits
        authority = f"(?P<authority>{server}(?=[/?#]|\\Z)|{g.registry.regex()}*)"
    else:
        authority = f"(?P<authority>{server})"
    if g.opaque is not None:
        uric_no_slash, uric = g.opaque
        with_scheme = f"(?:/{p}*|{uric_no_slash.regex()}{uric.regex()}*)?"
    else:
        with_scheme = f"{p}*"
    without_scheme = f"{g.first_segment.regex()}*(?:/{p}*)?"
    path = f"(?P<path>(?(authority)(?:/{p}*)?|(?(scheme){with_scheme}|{without_scheme})))"
    return (
        f"{scheme}(?://{authority})?{path}"
        f"(?:\\?(?P<query>{g.query.regex()}*))?(?:\\#(?P<fragment>{g.fragment.regex()}*))?"
    )


#: The component rules both grammars have (RFC 3986 §3, RFC 2396 §3), by name and kind.
_COMPONENTS = {
    name: name
    for name in ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
}


#: The components RFC 3987 leaves as RFC 3986 has them (no "i" name).
_SAME = frozenset({"scheme", "port"})


def _rules(*rules: ReferenceRule) -> dict[str, ReferenceRule]:
    return {rule.name: rule for rule in rules}


RFC3986: Grammar = Grammar(
    name="rfc3986",
    title="RFC 3986",
    sections="RFC 3986",
    scheme=CharClass(cs.SCHEME, pct_encoded=False),
    userinfo=CharClass(cs.USERINFO),
    host=CharClass(cs.REG_NAME),
    path=CharClass(cs.PATH),
    first_segment=CharClass(cs.SEGMENT_NZ_NC),
    query=CharClass(cs.QUERY),
    fragment=CharClass(cs.FRAGMENT),
    uri_chars=CharClass(cs.URI_CHARS),
    host_type=_host_type_3986,
    component_rules={  # RFC 3986 §3, §3.2.2
        **_COMPONENTS,
        "IP-literal": "ip-literal",
        "IPv4address": "ipv4",
        "IPv6address": "ipv6",
        "reg-name": "reg-name",
    },
    rules=_rules(
        ReferenceRule("URI-reference", "optional", True, "RFC 3986 §4.1"),
        ReferenceRule("URI", "required", True, "RFC 3986 §3"),
        ReferenceRule("absolute-URI", "required", False, "RFC 3986 §4.3"),
        ReferenceRule("relative-ref", "forbidden", True, "RFC 3986 §4.2"),
    ),
    core=GRAMMAR_IDS["rfc3986"],
)

RFC2396: Grammar = Grammar(
    name="rfc2396",
    title="RFC 2396",
    sections="RFC 2396",
    scheme=CharClass(cs.SCHEME, pct_encoded=False),
    userinfo=CharClass(cs.USERINFO_2396),
    host=CharClass(cs.HOSTNAME_CHARS, pct_encoded=False),
    path=CharClass(cs.PATH_2396),
    first_segment=CharClass(cs.REL_SEGMENT),
    query=CharClass(cs.URIC),
    fragment=CharClass(cs.URIC),
    uri_chars=CharClass(cs.URIC | frozenset("%#")),
    host_type=_host_type_2396,
    component_rules={  # RFC 2396 §3, §3.2.1, §3.2.2; RFC 2732 §3
        **_COMPONENTS,
        "hostname": "hostname",
        "IPv4address": "ipv4",
        "IPv6reference": "ip-literal",
        "IPv6address": "ipv6",
        "reg_name": "reg_name",
    },
    rules=_rules(
        ReferenceRule("URI-reference", "optional", True, "RFC 2396 §4"),
        ReferenceRule("absoluteURI", "required", False, "RFC 2396 §3"),
        ReferenceRule("relativeURI", "forbidden", False, "RFC 2396 §5", empty=False),
    ),
    ip_literal=IP_LITERAL_2732,
    opaque=(CharClass(cs.URIC_NO_SLASH), CharClass(cs.URIC)),
    registry=CharClass(cs.REG_NAME_2396),
    server_host=is_server_host_2396,
    server_host_error=server_host_error_2396,
    empty_scheme_specific_part=False,
    resolution="rfc2396",
    normalization="rfc2396",
    excluded={
        "unwise": cs.UNWISE_2396,
        "delims": cs.DELIMS_2396 - frozenset("#%"),
        "space": frozenset(" "),
        "control": frozenset(map(chr, [*range(0x20), 0x7F])),
    },
)

_IRI_REFERENCE = ReferenceRule("IRI-reference", "optional", True, "RFC 3987 §2.2")
_IRI = ReferenceRule("IRI", "required", True, "RFC 3987 §2.2")
_ABSOLUTE_IRI = ReferenceRule("absolute-IRI", "required", False, "RFC 3987 §2.2")
_IRELATIVE_REF = ReferenceRule("irelative-ref", "forbidden", True, "RFC 3987 §2.2")

#: RFC 3987 §2.2: RFC 3986 with the UCS characters (ucschar) in every component that
#: admits unreserved characters, and the private use ones (iprivate) in the query; the
#: bidirectional formatting characters are excluded, as §4.1 says IRIs MUST NOT hold
#: them.  IP literals are RFC 3986's, RFC 6874 zone identifiers included.
RFC3987: Grammar = Grammar(
    name="rfc3987",
    title="RFC 3987",
    sections="RFC 3986",
    scheme=CharClass(cs.SCHEME, pct_encoded=False),
    userinfo=CharClass(cs.USERINFO, wide=cs.UCS),  # iuserinfo
    host=CharClass(cs.REG_NAME, wide=cs.UCS),  # ireg-name
    path=CharClass(cs.PATH, wide=cs.UCS),  # ipchar and "/"
    first_segment=CharClass(cs.SEGMENT_NZ_NC, wide=cs.UCS),  # isegment-nz-nc
    query=CharClass(cs.QUERY, wide=cs.UCS | cs.IPRIVATE),  # iquery
    fragment=CharClass(cs.FRAGMENT, wide=cs.UCS),  # ifragment
    uri_chars=CharClass(cs.URI_CHARS, wide=cs.UCS | cs.IPRIVATE),
    host_type=_host_type_3986,
    component_rules={  # RFC 3987 §2.2, by the names of RFC 3986 §3 and of RFC 3987
        **_COMPONENTS,
        **{"i" + name: kind for name, kind in _COMPONENTS.items() if name not in _SAME},
        "IP-literal": "ip-literal",
        "IPv4address": "ipv4",
        "IPv6address": "ipv6",
        "reg-name": "reg-name",
        "ireg-name": "reg-name",
    },
    rules={
        **_rules(_IRI_REFERENCE, _IRI, _ABSOLUTE_IRI, _IRELATIVE_REF),
        # RFC 3986's names, for the code that names the rule of any grammar
        "URI-reference": _IRI_REFERENCE,
        "URI": _IRI,
        "absolute-URI": _ABSOLUTE_IRI,
        "relative-ref": _IRELATIVE_REF,
    },
    normalization="rfc3987",
    core=GRAMMAR_IDS["rfc3987"],
)

GRAMMARS: Mapping[str, Grammar] = {g.name: g for g in (RFC3986, RFC2396, RFC3987)}


def get_grammar(grammar: str | Grammar | None) -> Grammar:
    """The grammar named ``grammar`` ("rfc3986", "rfc2396", "rfc3987"), ``grammar`` itself, or RFC
    3986 for ``None``, the default (``ValueError`` for an unknown name, ``TypeError`` for
    what is none of these)."""
    if isinstance(grammar, Grammar):
        return grammar
    if grammar is None:
        return RFC3986
    try:
        return GRAMMARS[grammar]
    except (KeyError, TypeError):
        if not isinstance(grammar, str):
            kind = type(grammar).__name__
            raise TypeError(f"a grammar is a str or a Grammar, not {kind}") from None
        raise ValueError(
            f"unknown grammar {grammar!r}; expected one of {', '.join(GRAMMARS)}"
        ) from None
