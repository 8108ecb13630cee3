"""Generators of valid references, rule by rule, and of near misses.

RFC 3986 Appendix A, RFC 2396 Appendix A (with RFC 2732) and RFC 3987 §2.2.  The
characters come from ``_charsets`` (the sets the parser is built from); what this module
adds is how the rules put them together, written in the direction opposite to the
parser's: it draws strings instead of matching them.  Each rule is a function of a
:class:`Draw` (what picks among options), so that the same definitions give hypothesis
strategies (``urikit.strategies``, which shrink) and a fast seeded sampler
(:func:`sample`).  No third-party library is needed here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from ._reference import is_valid
from ._syntax import charsets as cs
from ._syntax.grammar import Grammar

T = TypeVar("T")


class Draw(Protocol):
    """Where the choices come from: hypothesis's ``draw``, or a ``random.Random``."""

    def pick(self, options: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int: ...


Rule = Callable[[Draw], str]


class RandomDraw:
    """Choices from a ``random.Random``."""

    def __init__(self, rnd: random.Random) -> None:
        self._rnd = rnd

    def pick(self, options: Sequence[T]) -> T:
        return options[self._rnd.randrange(len(options))]

    def integer(self, low: int, high: int) -> int:
        return self._rnd.randint(low, high)


def sample(rule: Rule, rnd: random.Random) -> str:
    """One string of ``rule``, drawn with ``rnd`` (seed it for a fixed sample)."""
    return rule(RandomDraw(rnd))


def _text(chars: frozenset[str]) -> str:
    return "".join(sorted(chars))


ALPHA = _text(cs.ALPHA)
DIGIT = _text(cs.DIGIT)
HEXDIG = _text(cs.HEXDIG)
UNRESERVED = _text(cs.UNRESERVED)
SUB_DELIMS = _text(cs.SUB_DELIMS)


# -- combinators ----------------------------------------------------------------------
def chars(alphabet: str | frozenset[str]) -> Rule:
    """One character of ``alphabet``."""
    options = alphabet if isinstance(alphabet, str) else _text(alphabet)
    return lambda d: d.pick(options)


def joined(element: Rule, min_size: int = 0, max_size: int = 8) -> Rule:
    """``min*max element``."""
    return lambda d: "".join(element(d) for _ in range(d.integer(min_size, max_size)))


def one_of(*rules: Rule) -> Rule:
    return lambda d: d.pick(rules)(d)


def seq(*rules: Rule) -> Rule:
    return lambda d: "".join(rule(d) for rule in rules)


def just(text: str) -> Rule:
    return lambda d: text


def optional(rule: Rule, before: str = "", after: str = "") -> Rule:
    """``[ before rule after ]``."""
    return lambda d: before + rule(d) + after if d.integer(0, 1) else ""


# -- RFC 3986 Appendix A ----------------------------------------------------------------
pct_encoded = seq(just("%"), chars(HEXDIG), chars(HEXDIG))  # §2.1
pchar = one_of(chars(cs.PCHAR), pct_encoded)  # §3.3
pchar_nc = one_of(chars(cs.SEGMENT_NZ_NC), pct_encoded)  # §3.3 segment-nz-nc's
scheme = seq(chars(ALPHA), joined(chars(cs.SCHEME), max_size=6))  # §3.1
userinfo = joined(one_of(chars(cs.USERINFO), pct_encoded))  # §3.2.1
reg_name = joined(one_of(chars(cs.REG_NAME), pct_encoded))  # §3.2.2
port = joined(chars(DIGIT), max_size=6)  # §3.2.3


def dec_octet(d: Draw) -> str:
    """§3.2.2 ``dec-octet``: 0-255 without leading zeros."""
    return str(d.integer(0, 255))


ipv4address = seq(dec_octet, just("."), dec_octet, just("."), dec_octet, just("."), dec_octet)
h16 = joined(chars(HEXDIG), min_size=1, max_size=4)


def ipv6_with(ipv4: Rule) -> Rule:
    """§3.2.2 ``IPv6address``, its nine forms: 8 pieces, ``::`` eliding one run or none,
    the last 32 bits optionally as an IPv4 address drawn by ``ipv4``."""

    def rule(d: Draw) -> str:
        ipv4_tail = d.integer(0, 1)
        pieces = 6 if ipv4_tail else 8
        groups = [h16(d) for _ in range(pieces)]
        tail = [ipv4(d)] if ipv4_tail else []
        if d.integer(0, 1):  # elide groups[i:j], at least one group
            i = d.integer(0, pieces - 1)
            j = d.integer(i + 1, pieces)
            return ":".join(groups[:i]) + "::" + ":".join(groups[j:] + tail)
        return ":".join(groups + tail)

    return rule


ipv6address = ipv6_with(ipv4address)
ipvfuture = seq(  # §3.2.2 "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    chars("vV"),
    joined(chars(HEXDIG), min_size=1, max_size=3),
    just("."),
    joined(chars(cs.IPVFUTURE_TAIL), min_size=1, max_size=8),
)
zone_id = joined(one_of(chars(cs.ZONE_ID), pct_encoded), min_size=1, max_size=6)  # RFC 6874
ip_literal = seq(  # §3.2.2, with RFC 6874's zone identifiers
    just("["),
    one_of(ipvfuture, ipv6address, seq(ipv6address, just("%25"), zone_id)),
    just("]"),
)


@dataclass(frozen=True)
class Parts:
    """The rules a reference is made of: RFC 3986's, or RFC 3987's "i" rules."""

    userinfo: Rule
    host: Rule
    path_abempty: Rule
    path_absolute: Rule
    path_noscheme: Rule
    path_rootless: Rule
    query: Rule
    fragment: Rule

    def authority(self, d: Draw) -> str:
        """§3.2 ``authority = [ userinfo "@" ] host [ ":" port ]``."""
        return seq(optional(self.userinfo, after="@"), self.host, optional(port, before=":"))(d)

    def path(self, d: Draw) -> str:
        """§3.3 ``path``: any of the five path rules."""
        rules = [self.path_abempty, self.path_absolute, self.path_noscheme, self.path_rootless]
        return d.pick([*rules, just("")])(d)


def parts_of(char: Rule, char_nc: Rule, userinfo: Rule, host: Rule, query: Rule) -> Parts:
    """The rules of RFC 3986 §3.3-3.5 (or RFC 3987's) from ``char`` (pchar), ``char_nc``
    (a pchar but ":"), the userinfo and host rules and ``query``'s extra characters."""
    segment = joined(char)
    first = seq(char, joined(char, max_size=5))  # segment-nz
    return Parts(
        userinfo=userinfo,
        host=host,
        path_abempty=joined(seq(just("/"), segment), max_size=4),
        path_absolute=one_of(
            seq(just("/"), first, joined(seq(just("/"), segment), max_size=3)), just("/")
        ),
        path_noscheme=seq(char_nc, joined(char_nc, max_size=5), joined(seq(just("/"), segment))),
        path_rootless=seq(first, joined(seq(just("/"), segment), max_size=4)),
        query=joined(one_of(char, query, chars("/?"))),
        fragment=joined(one_of(char, chars("/?"))),
    )


URI_PARTS = parts_of(
    pchar, pchar_nc, userinfo, one_of(ip_literal, ipv4address, reg_name), chars("/?")
)


def reference(
    relative: bool | None = None, fragment_ok: bool = True, parts: Parts = URI_PARTS
) -> Rule:
    """§4.1 ``URI-reference = URI / relative-ref`` (RFC 3987 §2.2 ``IRI-reference``
    with the "i" parts); ``relative`` forces one side, ``fragment_ok`` allows "#"."""

    def rule(d: Draw) -> str:
        has_scheme = bool(d.integer(0, 1)) if relative is None else not relative
        head = scheme(d) + ":" if has_scheme else ""
        choice = d.integer(0, 3)
        if choice == 0:
            hier = "//" + parts.authority(d) + parts.path_abempty(d)
        elif choice == 1:
            hier = parts.path_absolute(d)
        elif choice == 2:
            hier = (parts.path_rootless if has_scheme else parts.path_noscheme)(d)
        else:
            hier = ""
        result = head + hier + optional(parts.query, before="?")(d)
        return result + (optional(parts.fragment, before="#")(d) if fragment_ok else "")

    return rule


# -- RFC 2396 Appendix A, with RFC 2732 -----------------------------------------------
escaped = pct_encoded  # §2.4.1
pchar_2396 = one_of(chars(cs.PCHAR_2396), escaped)  # §3.3
uric = one_of(chars(cs.URIC), escaped)  # §2 (RFC 2732 adds "[" and "]")
uric_no_slash = one_of(chars(cs.URIC_NO_SLASH), escaped)  # §3
_label_char = chars(ALPHA + DIGIT + "-")


def _label(first: str) -> Rule:
    return one_of(
        chars(first), seq(chars(first), joined(_label_char, max_size=4), chars(ALPHA + DIGIT))
    )


# §3.2.2 hostname = *( domainlabel "." ) toplabel [ "." ]
hostname = seq(
    joined(seq(_label(ALPHA + DIGIT), just(".")), max_size=3), _label(ALPHA), optional(just("."))
)
_digits = joined(chars(DIGIT), 1, 3)
# RFC 2732 §3 (2), and RFC 2373 Appendix B for the IPv4 part of an IPv6 address
ipv4address_2732 = seq(_digits, just("."), _digits, just("."), _digits, just("."), _digits)
ipv6address_2373 = ipv6_with(ipv4address_2732)
ipv6reference = seq(just("["), ipv6address_2373, just("]"))  # RFC 2732 §3
host_2396 = one_of(hostname, ipv4address_2732, ipv6reference)  # RFC 2732 §3 host
# §3.3 segment = *pchar *( ";" param ); abs_path = "/" path_segments
segment_2396 = seq(joined(pchar_2396), joined(seq(just(";"), joined(pchar_2396)), max_size=2))
abs_path = joined(seq(just("/"), segment_2396), min_size=1, max_size=4)
rel_segment = joined(one_of(chars(cs.REL_SEGMENT), escaped), min_size=1)  # §5
rel_path = seq(rel_segment, one_of(just(""), abs_path))
userinfo_2396 = joined(one_of(chars(cs.USERINFO_2396), escaped))  # §3.2.2
reg_name_2396 = joined(one_of(chars(cs.REG_NAME_2396), escaped), min_size=1)  # §3.2.1
opaque_part = seq(uric_no_slash, joined(uric))  # §3


def server(d: Draw) -> str:
    """§3.2.2 ``server = [ [ userinfo "@" ] hostport ]`` (RFC 2732: IPv6reference)."""
    if d.integer(0, 9) == 0:
        return ""
    return seq(optional(userinfo_2396, after="@"), host_2396, optional(port, before=":"))(d)


authority_2396 = one_of(server, reg_name_2396)  # §3.2


def reference_2396(relative: bool | None = None, fragment_ok: bool = True) -> Rule:
    """§4 ``URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]``;
    ``relative`` forces one side, ``fragment_ok`` allows "#"."""

    def rule(d: Draw) -> str:
        kind = d.integer(0 if relative is not False else 1, 4)
        if kind == 0:  # a query alone (urikit reads "?y" as a relativeURI), or nothing
            result = "?" + joined(uric)(d) if relative or d.integer(0, 1) else ""
        else:
            has_scheme = bool(d.integer(0, 1)) if relative is None else not relative
            net = seq(just("//"), authority_2396, one_of(just(""), abs_path))
            if has_scheme and kind == 1:  # absoluteURI = scheme ":" opaque_part
                result = scheme(d) + ":" + opaque_part(d)
            else:
                hier = d.pick([net, abs_path] + ([] if has_scheme else [rel_path]))(d)
                result = (scheme(d) + ":" if has_scheme else "") + hier
                result += optional(joined(uric), before="?")(d)
        return result + (optional(joined(uric), before="#")(d) if fragment_ok else "")

    return rule


# -- RFC 3987 §2.2 ------------------------------------------------------------------------
#: ucschars drawn often: the ends of the ranges of §2.2, the neighbours of the bidi
#: formatting characters (§4.1), letters with case and of right-to-left scripts, CJK,
#: astral characters, and some that §6.1 asks to avoid (U+00A0, U+00AD, U+2029).
UCS_NOTABLE = (
    "\u00a0\u00ad\u00e9\u00c9\u00fc\u0130\u05d0\u0627\u200d\u2010\u2029\u202f"
    "\u7d0d\u8c46\ud7ff\uf900\ufdcf\ufdf0\uffef\U00010000\U00010300\U0001f600"
    "\U0001fffd\U000e1000\U000efffd"
)
IPRIVATE_NOTABLE = "\ue000\uf8ff\U000f0000\U000ffffd\U00100000\U0010fffd"


def in_spans(wide: cs.Wide, notable: str) -> Rule:
    """A character of ``wide``: half the time one of ``notable``, else any."""

    def rule(d: Draw) -> str:
        if d.integer(0, 1):
            return d.pick(notable)
        start, end = d.pick(wide.spans)
        return chr(d.integer(start, end))

    return rule


ucschar = in_spans(cs.UCS, UCS_NOTABLE)  # §2.2 ucschar, without §4.1's bidi formatting
iprivate = in_spans(cs.IPRIVATE, IPRIVATE_NOTABLE)  # §2.2 iprivate


def iri_parts(ucs: Rule = ucschar, escape: Rule = pct_encoded, private: Rule = iprivate) -> Parts:
    """The "i" rules of §2.2, with ``ucs`` drawing the ucschars, ``escape`` the
    pct-encoded triplets and ``private`` the iprivate characters of the query; IP
    literals, IPv4 addresses and ports are RFC 3986's."""
    ipchar = one_of(chars(cs.PCHAR), ucs, escape)
    ipchar_nc = one_of(chars(cs.SEGMENT_NZ_NC), ucs, escape)
    iuserinfo = joined(one_of(chars(cs.USERINFO), ucs, escape))
    ireg_name = joined(one_of(chars(cs.REG_NAME), ucs, escape))
    ihost = one_of(ip_literal, ipv4address, ireg_name)
    return parts_of(ipchar, ipchar_nc, iuserinfo, ihost, one_of(private, chars("/?")))


IRI_PARTS = iri_parts()


# -- every rule of every grammar, by the names of urikit.GRAMMARS ------------------------
def _reference_rules(reference_of: Callable[..., Rule], names: Sequence[str]) -> dict[str, Rule]:
    """The reference rules ``names`` (the reference, the absolute one, the relative one
    and the one with a scheme, in that order)."""
    either, absolute, relative, with_scheme = names
    return {
        either: reference_of(),
        absolute: reference_of(relative=False, fragment_ok=False),
        relative: reference_of(relative=True),
        with_scheme: reference_of(relative=False),
    }


def _parts_rules(parts: Parts, prefix: str) -> dict[str, Rule]:
    return {
        prefix + "authority": parts.authority,
        prefix + "userinfo": parts.userinfo,
        prefix + "host": parts.host,
        prefix + "path": parts.path,
        prefix + "query": parts.query,
        prefix + "fragment": parts.fragment,
    }


_IP = {"IP-literal": ip_literal, "IPv4address": ipv4address, "IPv6address": ipv6address}
_RFC3986 = {
    **_reference_rules(reference, ("URI-reference", "absolute-URI", "relative-ref", "URI")),
    **_parts_rules(URI_PARTS, ""),
    **_IP,
    "scheme": scheme,
    "port": port,
    "reg-name": reg_name,
}


def _iri_reference(relative: bool | None = None, fragment_ok: bool = True) -> Rule:
    return reference(relative, fragment_ok, IRI_PARTS)


_IRI_RULES = {
    **_reference_rules(_iri_reference, ("IRI-reference", "absolute-IRI", "irelative-ref", "IRI")),
    **_parts_rules(IRI_PARTS, "i"),
    "ireg-name": joined(one_of(chars(cs.REG_NAME), ucschar, pct_encoded)),
}
#: The rules of each grammar by name, with the aliases each grammar has (RFC 3987's
#: RFC 3986 names): the keys are those of ``Grammar.rules`` and ``component_rules``.
RULES: Mapping[str, Mapping[str, Rule]] = {
    "rfc3986": _RFC3986,
    "rfc2396": {
        "URI-reference": reference_2396(),
        "absoluteURI": reference_2396(relative=False, fragment_ok=False),
        "relativeURI": reference_2396(relative=True, fragment_ok=False),
        "scheme": scheme,
        "authority": authority_2396,
        "userinfo": userinfo_2396,
        "host": host_2396,
        "port": port,
        "path": one_of(just(""), abs_path, opaque_part),  # §3 [ abs_path | opaque_part ]
        "query": joined(uric),
        "fragment": joined(uric),
        "hostname": hostname,
        "IPv4address": ipv4address_2732,
        "IPv6reference": ipv6reference,
        "IPv6address": ipv6address_2373,
        "reg_name": reg_name_2396,
    },
    "rfc3987": {
        **_IRI_RULES,
        **{name: _IRI_RULES[f"i{name}"] for name in _parts_rules(IRI_PARTS, "")},
        "URI-reference": _IRI_RULES["IRI-reference"],
        "URI": _IRI_RULES["IRI"],
        "absolute-URI": _IRI_RULES["absolute-IRI"],
        "relative-ref": _IRI_RULES["irelative-ref"],
        "reg-name": _IRI_RULES["ireg-name"],
        **_IP,
        "scheme": scheme,
        "port": port,
    },
}


def _named(grammar: Grammar, name: str | None) -> str:
    """``name``, or for ``None`` the grammar's reference rule (its first)."""
    return next(iter(grammar.rules)) if name is None else name


def rule_of(grammar: Grammar, name: str | None) -> Rule:
    """The generator of rule ``name`` of ``grammar`` (``None``: its reference rule);
    ``ValueError`` names the rules there are."""
    rules = RULES[grammar.name]
    name = _named(grammar, name)
    try:
        return rules[name]
    except KeyError:
        raise ValueError(
            f"unknown rule {name!r} of {grammar.title}; expected one of {', '.join(rules)}"
        ) from None


# -- near misses ----------------------------------------------------------------------
#: Characters that matter to the grammars, plus a few that never belong.
MUTATION_ALPHABET = "aZ09-._~!$&'()*+,;=:@/?#[]%vV" + "AFf" + ' <>"{}|\\^`\t\né\U0001f600\ud800'
#: And for IRIs: ucschars at the ends of their ranges, iprivate characters (query
#: only), bidi formatting characters (§4.1), and non-ASCII characters in neither set:
#: C1 controls, noncharacters, specials U+FFF0-FFFD, plane 14 below U+E1000.
IRI_MUTATION_ALPHABET = MUTATION_ALPHABET + (
    "\u00a0\u00e9\u7d0d\ud7ff\uf900\ufdcf\ufdf0\uffef\U00010000\U000e1000\U000efffd"
    "\ue000\uf8ff\U000f0000\U0010fffd"
    "\u200e\u200f\u202a\u202e"
    "\u0080\u0085\u009f\ufdd0\ufdef\ufff0\ufffd\ufffe\uffff\U0001fffe\U000e0001\U000e0fff"
)


def mutation(base: Rule, alphabet: str = MUTATION_ALPHABET) -> Rule:
    """A string of ``base`` with one to three random edits: most are invalid, some not."""

    def rule(d: Draw) -> str:
        text = base(d)
        for _ in range(d.integer(1, 3)):
            i = d.integer(0, len(text))
            op = d.integer(0, 2)
            char = d.pick(alphabet)
            if op == 0:  # insert
                text = text[:i] + char + text[i:]
            elif op == 1:  # delete
                text = text[:i] + text[i + 1 :]
            else:  # replace
                text = text[:i] + char + text[i + 1 :]
        return text

    return rule


def near_miss(grammar: Grammar, name: str | None) -> Rule:
    """Strings that rule ``name`` of ``grammar`` rejects, each a few edits away from one
    it accepts: a mutation of a valid string, drawn again while it is still valid, and at
    the third time a space (which no rule of any grammar admits) put in it."""
    base = rule_of(grammar, name)
    rule_name = _named(grammar, name)
    edit = mutation(base, IRI_MUTATION_ALPHABET if grammar.name == "rfc3987" else MUTATION_ALPHABET)

    def rule(d: Draw) -> str:
        for _ in range(3):
            text = edit(d)
            if not is_valid(text, rule=rule_name, grammar=grammar):
                return text
        i = d.integer(0, len(text))
        return text[:i] + " " + text[i:]

    return rule
