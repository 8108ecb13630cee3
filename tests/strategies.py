"""Generators of valid URI references from the ABNF: hypothesis strategies and a seeded sampler.

RFC 3986 Appendix A and RFC 2396 Appendix A (with RFC 2732), rule by rule.  Each rule is
written once, as a function of a :class:`Draw` (what picks among options), so that the
same definitions give hypothesis strategies (named after their rule, for the property
tests, which shrink) and a fast seeded sampler (:func:`sample`, for tests that need
thousands of cases in a second).  Used by the property tests, and by later features
(resolution, normalization) as their source of valid bases and references.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")

ALPHA = string.ascii_letters
DIGIT = string.digits
HEXDIG = "0123456789ABCDEFabcdef"
UNRESERVED = ALPHA + DIGIT + "-._~"
SUB_DELIMS = "!$&'()*+,;="


class Draw(Protocol):
    """Where the choices come from: hypothesis's ``draw``, or a ``random.Random``."""

    def pick(self, options: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int: ...


Rule = Callable[[Draw], str]


class _HypothesisDraw:
    def __init__(self, draw: st.DrawFn) -> None:
        self._draw = draw

    def pick(self, options: Sequence[T]) -> T:
        return self._draw(st.sampled_from(options))

    def integer(self, low: int, high: int) -> int:
        return self._draw(st.integers(low, high))


class _RandomDraw:
    def __init__(self, rnd: random.Random) -> None:
        self._rnd = rnd

    def pick(self, options: Sequence[T]) -> T:
        return options[self._rnd.randrange(len(options))]

    def integer(self, low: int, high: int) -> int:
        return self._rnd.randint(low, high)


@st.composite
def _drawn(draw: st.DrawFn, rule: Rule) -> str:
    return rule(_HypothesisDraw(draw))


def strategy(rule: Rule) -> st.SearchStrategy[str]:
    """The hypothesis strategy of ``rule``."""
    return _drawn(rule)


def sample(rule: Rule, rnd: random.Random) -> str:
    """One string of ``rule``, drawn with ``rnd`` (seed it for a fixed sample)."""
    return rule(_RandomDraw(rnd))


# -- combinators ----------------------------------------------------------------------
def chars(alphabet: str) -> Rule:
    return lambda d: d.pick(alphabet)


def joined(element: Rule, min_size: int = 0, max_size: int = 8) -> Rule:
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
# pchar = unreserved / pct-encoded / sub-delims / ":" / "@"                (§3.3)
pchar = one_of(chars(UNRESERVED + SUB_DELIMS + ":@"), pct_encoded)
pchar_nc = one_of(chars(UNRESERVED + SUB_DELIMS + "@"), pct_encoded)
scheme_rule = seq(chars(ALPHA), joined(chars(ALPHA + DIGIT + "+-."), max_size=6))  # §3.1
userinfo = joined(one_of(chars(UNRESERVED + SUB_DELIMS + ":"), pct_encoded))  # §3.2.1
reg_name = joined(one_of(chars(UNRESERVED + SUB_DELIMS), pct_encoded))  # §3.2.2
port_rule = joined(chars(DIGIT), max_size=6)  # §3.2.3


def dec_octet(d: Draw) -> str:
    return str(d.integer(0, 255))


ipv4address = seq(dec_octet, just("."), dec_octet, just("."), dec_octet, just("."), dec_octet)
h16 = joined(chars(HEXDIG), min_size=1, max_size=4)


def ipv6address(d: Draw, ipv4: Rule = ipv4address) -> str:
    """One of the nine forms of §3.2.2: 8 pieces, ``::`` eliding one run or none, the
    last 32 bits optionally as an IPv4 address (``ipv4``)."""
    ipv4_tail = d.integer(0, 1)
    pieces = 6 if ipv4_tail else 8
    groups = [h16(d) for _ in range(pieces)]
    tail = [ipv4(d)] if ipv4_tail else []
    if d.integer(0, 1):  # elide groups[i:j], at least one group
        i = d.integer(0, pieces - 1)
        j = d.integer(i + 1, pieces)
        head, rest = ":".join(groups[:i]), ":".join(groups[j:] + tail)
        return f"{head}::{rest}"
    return ":".join(groups + tail)


ipvfuture = seq(
    just("v"),
    joined(chars(HEXDIG), min_size=1, max_size=3),
    just("."),
    joined(chars(UNRESERVED + SUB_DELIMS + ":"), min_size=1, max_size=8),
)
zone_id = joined(one_of(chars(UNRESERVED), pct_encoded), min_size=1, max_size=6)  # RFC 6874
ip_literal = seq(
    just("["),
    one_of(ipvfuture, ipv6address, seq(ipv6address, just("%25"), zone_id)),
    just("]"),
)
host = one_of(ip_literal, ipv4address, reg_name)
# §3.2 authority = [ userinfo "@" ] host [ ":" port ]
authority_rule = seq(optional(userinfo, after="@"), host, optional(port_rule, before=":"))

segment = joined(pchar)
segment_nz = joined(pchar, min_size=1)
segment_nz_nc = joined(pchar_nc, min_size=1)
path_abempty = joined(seq(just("/"), segment), max_size=4)
path_absolute = one_of(
    seq(just("/"), segment_nz, joined(seq(just("/"), segment), max_size=3)), just("/")
)
path_noscheme = seq(segment_nz_nc, path_abempty)
path_rootless = seq(segment_nz, path_abempty)
query = joined(one_of(pchar, chars("/?")))
fragment = query


def reference(relative: bool | None = None, fragment_ok: bool = True) -> Rule:
    """§4.1 ``URI-reference = URI / relative-ref``; ``relative`` forces one side."""

    def rule(d: Draw) -> str:
        has_scheme = bool(d.integer(0, 1)) if relative is None else not relative
        head = scheme_rule(d) + ":" if has_scheme else ""
        choice = d.integer(0, 3)
        if choice == 0:
            hier = "//" + authority_rule(d) + path_abempty(d)
        elif choice == 1:
            hier = path_absolute(d)
        elif choice == 2:
            hier = (path_rootless if has_scheme else path_noscheme)(d)
        else:
            hier = ""
        result = head + hier + optional(query, before="?")(d)
        return result + (optional(fragment, before="#")(d) if fragment_ok else "")

    return rule


# -- RFC 2396 Appendix A, with RFC 2732 -----------------------------------------------
MARK = "-_.!~*'()"
UNRESERVED_2396 = ALPHA + DIGIT + MARK
escaped = pct_encoded
pchar_2396 = one_of(chars(UNRESERVED_2396 + ":@&=+$,"), escaped)
uric = one_of(chars(UNRESERVED_2396 + ";/?:@&=+$,[]"), escaped)
uric_no_slash = one_of(chars(UNRESERVED_2396 + ";?:@&=+$,"), escaped)
_label_char = chars(ALPHA + DIGIT + "-")


def _label(first: str) -> Rule:
    return one_of(
        chars(first), seq(chars(first), joined(_label_char, max_size=4), chars(ALPHA + DIGIT))
    )


domainlabel = _label(ALPHA + DIGIT)
toplabel = _label(ALPHA)
hostname = seq(joined(seq(domainlabel, just(".")), max_size=3), toplabel, optional(just(".")))
_digits = joined(chars(DIGIT), 1, 3)
# RFC 2732 §3 (2), and RFC 2373 Appendix B for the IPv4 part of an IPv6 address
ipv4address_2732 = seq(_digits, just("."), _digits, just("."), _digits, just("."), _digits)
param = joined(pchar_2396)
# segment = *pchar *( ";" param ); abs_path = "/" path_segments            (§3.3)
segment_2396 = seq(joined(pchar_2396), joined(seq(just(";"), param), max_size=2))
abs_path = joined(seq(just("/"), segment_2396), min_size=1, max_size=4)
rel_segment = joined(one_of(chars(UNRESERVED_2396 + ";@&=+$,"), escaped), min_size=1)
rel_path = seq(rel_segment, one_of(just(""), abs_path))
userinfo_2396 = joined(one_of(chars(UNRESERVED_2396 + ";:&=+$,"), escaped))
reg_name_2396 = joined(one_of(chars(UNRESERVED_2396 + "$,;:@&=+"), escaped), min_size=1)


def ipv6address_2373(d: Draw) -> str:
    """RFC 2732 §3's IPv6address: RFC 3986's forms with RFC 2373's ``1*3DIGIT`` tail."""
    return ipv6address(d, ipv4address_2732)


def server(d: Draw) -> str:
    """§3.2.2 ``server = [ [ userinfo "@" ] hostport ]`` (RFC 2732: IPv6reference)."""
    if d.integer(0, 9) == 0:
        return ""
    the_host = one_of(hostname, ipv4address_2732, seq(just("["), ipv6address_2373, just("]")))
    return seq(optional(userinfo_2396, after="@"), the_host, optional(port_rule, before=":"))(d)


def reference_2396(relative: bool | None = None) -> Rule:
    """§4 ``URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]``."""

    def rule(d: Draw) -> str:
        kind = d.integer(0 if relative is not False else 1, 4)
        if kind == 0:  # the empty reference, or a query-only one (urikit accepts "?y")
            result = d.pick([just(""), seq(just("?"), joined(uric))])(d)
        else:
            has_scheme = bool(d.integer(0, 1)) if relative is None else not relative
            net = seq(just("//"), one_of(server, reg_name_2396), one_of(just(""), abs_path))
            if has_scheme and kind == 1:  # absoluteURI = scheme ":" opaque_part
                result = scheme_rule(d) + ":" + uric_no_slash(d) + joined(uric)(d)
            else:
                hier = d.pick([net, abs_path] + ([] if has_scheme else [rel_path]))(d)
                result = (scheme_rule(d) + ":" if has_scheme else "") + hier
                result += optional(joined(uric), before="?")(d)
        return result + optional(joined(uric), before="#")(d)

    return rule


# -- mutations ------------------------------------------------------------------------
#: Characters that matter to the grammars, plus a few that never belong.
MUTATION_ALPHABET = "aZ09-._~!$&'()*+,;=:@/?#[]%vV" + "AFf" + ' <>"{}|\\^`\t\né\U0001f600\ud800'


def mutation(base: Rule) -> Rule:
    """A string of ``base`` with one to three random edits: most are invalid, some not."""

    def rule(d: Draw) -> str:
        text = base(d)
        for _ in range(d.integer(1, 3)):
            i = d.integer(0, len(text))
            op = d.pick(["insert", "delete", "replace"])
            char = d.pick(MUTATION_ALPHABET)
            if op == "insert":
                text = text[:i] + char + text[i:]
            elif op == "delete":
                text = text[:i] + text[i + 1 :]
            else:
                text = text[:i] + char + text[i + 1 :]
        return text

    return rule


# -- the strategies, named after their rules -------------------------------------------
scheme = strategy(scheme_rule)
port = strategy(port_rule)
IPv4address = strategy(ipv4address)


def IPv6address() -> st.SearchStrategy[str]:  # named after the ABNF rule
    return strategy(ipv6address)


def uri_reference(relative: bool | None = None, fragment_ok: bool = True) -> st.SearchStrategy[str]:
    """§4.1 ``URI-reference``; ``relative`` forces one side, ``fragment_ok`` allows "#"."""
    return strategy(reference(relative, fragment_ok))


absolute_uri = uri_reference(relative=False, fragment_ok=False)  # §4.3
uri = uri_reference(relative=False)  # §3


def uri_reference_2396(relative: bool | None = None) -> st.SearchStrategy[str]:
    """RFC 2396 §4 ``URI-reference``; ``relative`` forces one side."""
    return strategy(reference_2396(relative))


def mutated(base: Rule) -> st.SearchStrategy[str]:
    """Strings of ``base`` with a few random edits (see :func:`mutation`)."""
    return strategy(mutation(base))
