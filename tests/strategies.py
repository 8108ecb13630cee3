"""Generators of valid URI references from the ABNF: hypothesis strategies and a seeded sampler.

RFC 3986 Appendix A, RFC 2396 Appendix A (with RFC 2732) and RFC 3987 §2.2, rule by
rule.  Each rule is written once, as a function of a :class:`Draw` (what picks among
options), so that the same definitions give hypothesis strategies (named after their
rule, for the property tests, which shrink) and a fast seeded sampler (:func:`sample`,
for tests that need thousands of cases in a second).  Used by the property tests, and
by later features (resolution, normalization, IRI conversion) as their source of valid
bases and references.
"""

from __future__ import annotations

import random
import string
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from hypothesis import strategies as st

from tests.oracle import BIDI_FORMATTING, IPRIVATE_SPANS, UCSCHAR_SPANS

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


@dataclass(frozen=True)
class Parts:
    """The rules a reference is made of: RFC 3986's, or RFC 3987's "i" rules."""

    userinfo: Rule
    host: Rule
    authority: Rule
    path_abempty: Rule
    path_absolute: Rule
    path_noscheme: Rule
    path_rootless: Rule
    query: Rule
    fragment: Rule

    def path(self, d: Draw) -> str:
        """§3.3 ``path``: any of the five path rules."""
        rules = [self.path_abempty, self.path_absolute, self.path_noscheme, self.path_rootless]
        return d.pick([*rules, just("")])(d)


URI_PARTS = Parts(
    userinfo,
    host,
    authority_rule,
    path_abempty,
    path_absolute,
    path_noscheme,
    path_rootless,
    query,
    fragment,
)


def reference(
    relative: bool | None = None, fragment_ok: bool = True, parts: Parts = URI_PARTS
) -> Rule:
    """§4.1 ``URI-reference = URI / relative-ref`` (RFC 3987 §2.2 ``IRI-reference``
    with :func:`iri_parts`); ``relative`` forces one side."""

    def rule(d: Draw) -> str:
        has_scheme = bool(d.integer(0, 1)) if relative is None else not relative
        head = scheme_rule(d) + ":" if has_scheme else ""
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
#: §6.1 b: what looks like a space or is no visible character (general categories Z*,
#: Cc, Cf); ``urikit.uri_to_iri`` keeps these encoded.
AVOIDED_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf"})


def _in_spans(spans: Sequence[tuple[int, int]], notable: str) -> Rule:
    def rule(d: Draw) -> str:
        if d.integer(0, 1):
            return d.pick(notable)
        start, end = d.pick(spans)
        return chr(d.integer(start, end))

    return rule


def ucschar(d: Draw) -> str:
    """§2.2 ``ucschar`` without the bidi formatting characters that §4.1 forbids."""
    char = _in_spans(UCSCHAR_SPANS, UCS_NOTABLE)(d)
    return "\u00e9" if char in BIDI_FORMATTING else char


def ucschar_kept(d: Draw) -> str:
    """A :func:`ucschar` that §6.1 b does not ask to avoid (see AVOIDED_CATEGORIES)."""
    char = ucschar(d)
    return "\u00e9" if unicodedata.category(char) in AVOIDED_CATEGORIES else char


iprivate = _in_spans(IPRIVATE_SPANS, IPRIVATE_NOTABLE)  # §2.2 iprivate
#: pct-encoded triplets of ASCII octets outside ``unreserved`` (reserved characters,
#: "%", space, controls, what URIs exclude): never decoded by RFC 3987 §3.2 step 2.
ASCII_KEPT_OCTETS = [o for o in range(0x80) if chr(o) not in UNRESERVED]
pct_kept = one_of(
    lambda d: f"%{d.pick(ASCII_KEPT_OCTETS):02X}", lambda d: f"%{d.pick(ASCII_KEPT_OCTETS):02x}"
)


def iri_parts(ucs: Rule = ucschar, escape: Rule = pct_encoded, private: Rule = iprivate) -> Parts:
    """The "i" rules of §2.2, with ``ucs`` drawing the ucschars, ``escape`` the
    pct-encoded triplets and ``private`` the iprivate characters of the query; IP
    literals, IPv4 addresses and ports are RFC 3986's."""
    iunreserved = one_of(chars(UNRESERVED), ucs)
    # ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
    ipchar = one_of(iunreserved, escape, chars(SUB_DELIMS + ":@"))
    ipchar_nc = one_of(iunreserved, escape, chars(SUB_DELIMS + "@"))
    # iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
    iuserinfo = joined(one_of(iunreserved, escape, chars(SUB_DELIMS + ":")))
    ireg_name = joined(one_of(iunreserved, escape, chars(SUB_DELIMS)))
    ihost = one_of(ip_literal, ipv4address, ireg_name)
    iauthority = seq(optional(iuserinfo, after="@"), ihost, optional(port_rule, before=":"))
    isegment = joined(ipchar)
    ipath_abempty = joined(seq(just("/"), isegment), max_size=4)
    ipath_absolute = one_of(
        seq(just("/"), joined(ipchar, min_size=1), joined(seq(just("/"), isegment), max_size=3)),
        just("/"),
    )
    ipath_noscheme = seq(joined(ipchar_nc, min_size=1), ipath_abempty)
    ipath_rootless = seq(joined(ipchar, min_size=1), ipath_abempty)
    # iquery = *( ipchar / iprivate / "/" / "?" ) ; ifragment = *( ipchar / "/" / "?" )
    iquery = joined(one_of(ipchar, private, chars("/?")))
    ifragment = joined(one_of(ipchar, chars("/?")))
    return Parts(
        iuserinfo,
        ihost,
        iauthority,
        ipath_abempty,
        ipath_absolute,
        ipath_noscheme,
        ipath_rootless,
        iquery,
        ifragment,
    )


#: Characters whose UTF-8 octets :func:`utf8_escaped` writes: ASCII, ucschars, iprivate
#: ones, and what RFC 3987 §3.2 keeps encoded: bidi formatting characters (§4.1),
#: spaces and format characters (§6.1), C1 controls, noncharacters, specials, tags.
ESCAPED_NOTABLE = (
    "aZ0-._~%:/?#[]@!$&'()*+,;= \"<>\\^`{|}\x00\x7f"
    "\u200e\u200f\u202a\u202e\u00a0\u00ad\u2028\u2029\u3000\ufeff\u200b"
    "\u0080\u009f\ufdd0\ufffd\uffff\U0001fffe\U000e0001\U000e0fff"
)


def utf8_escaped(d: Draw) -> str:
    """The pct-encoded UTF-8 octets of one character (any case of hex digits), one
    octet of them dropped at times (invalid UTF-8), or one random octet."""
    kind = d.integer(0, 4)
    if kind == 0:
        return f"%{d.integer(0, 255):02X}"
    char = {1: ucschar, 2: iprivate, 3: chars(ESCAPED_NOTABLE), 4: chars(ESCAPED_NOTABLE)}[kind](d)
    octets = char.encode("utf-8")
    if len(octets) > 1 and d.integer(0, 5) == 0:  # a truncated or broken sequence
        cut = d.integer(0, len(octets) - 1)
        octets = octets[:cut] + octets[cut + 1 :]
    upper = d.integer(0, 1)
    return "".join(f"%{octet:02X}" if upper else f"%{octet:02x}" for octet in octets)


IRI_PARTS = iri_parts()
#: IRIs that ``uri_to_iri(iri_to_uri(x))`` gives back exactly (see ``tests/test_iri.py``).
IRI_PARTS_KEPT = iri_parts(ucschar_kept, pct_kept)
#: URIs (all ASCII) full of percent-encoded UTF-8, valid or not, of every kind of
#: character: what ``uri_to_iri`` is for.
URI_PARTS_UTF8 = iri_parts(utf8_escaped, one_of(pct_encoded, utf8_escaped), utf8_escaped)


def iri_reference_rule(
    relative: bool | None = None, fragment_ok: bool = True, parts: Parts = IRI_PARTS
) -> Rule:
    """§2.2 ``IRI-reference = IRI / irelative-ref``; ``relative`` forces one side."""
    return reference(relative, fragment_ok, parts)


# -- mutations ------------------------------------------------------------------------
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
            op = d.pick(["insert", "delete", "replace"])
            char = d.pick(alphabet)
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


def iri_reference(
    relative: bool | None = None, fragment_ok: bool = True, parts: Parts = IRI_PARTS
) -> st.SearchStrategy[str]:
    """RFC 3987 §2.2 ``IRI-reference``; ``relative`` forces one side, ``fragment_ok``
    allows "#", ``parts`` chooses the ucschars and escapes (``IRI_PARTS_KEPT``)."""
    return strategy(iri_reference_rule(relative, fragment_ok, parts))


absolute_iri = iri_reference(relative=False, fragment_ok=False)  # RFC 3987 §2.2 absolute-IRI
iri = iri_reference(relative=False)  # RFC 3987 §2.2 IRI


def mutated(base: Rule, alphabet: str = MUTATION_ALPHABET) -> st.SearchStrategy[str]:
    """Strings of ``base`` with a few random edits (see :func:`mutation`)."""
    return strategy(mutation(base, alphabet))
