"""The generators the tests draw from: those urikit ships (``urikit._generate``, the
rules; ``urikit.strategies``, their hypothesis strategies), under the names the tests
use, and the test-only ones: IRIs that convert both ways unchanged, and URIs full of
percent-encoded UTF-8 for ``uri_to_iri``.

The shipped generators take their characters from urikit's own sets; every test that
draws from them also checks its examples against the independent ABNF oracle
(``tests/oracle.py``, ``tests/test_strategies.py``), so that a slip in those sets cannot
hide behind them.
"""

from __future__ import annotations

import unicodedata

from hypothesis import strategies as st

from urikit._generate import (
    IRI_MUTATION_ALPHABET,
    IRI_PARTS,
    MUTATION_ALPHABET,
    UNRESERVED,
    Draw,
    Parts,
    Rule,
    chars,
    ip_literal,
    iprivate,
    ipv4address,
    ipv6address,
    iri_parts,
    mutation,
    one_of,
    pct_encoded,
    reference,
    reference_2396,
    sample,
    ucschar,
)
from urikit._generate import port as port_rule
from urikit._generate import scheme as scheme_rule
from urikit.strategies import _drawn as strategy
from urikit.strategies import uri_templates

__all__ = [
    "AVOIDED_CATEGORIES",
    "IRI_MUTATION_ALPHABET",
    "IRI_PARTS",
    "IRI_PARTS_KEPT",
    "MUTATION_ALPHABET",
    "TEMPLATE_PIECES",
    "UNRESERVED",
    "URI_PARTS_UTF8",
    "IPv4address",
    "IPv6address",
    "Rule",
    "absolute_iri",
    "absolute_uri",
    "ip_literal",
    "ipv4address",
    "ipv6address",
    "iri",
    "iri_parts",
    "iri_reference",
    "iri_reference_rule",
    "mutated",
    "mutation",
    "port",
    "port_rule",
    "reference",
    "reference_2396",
    "sample",
    "scheme",
    "scheme_rule",
    "strategy",
    "template_ish",
    "ucschar_kept",
    "uri",
    "uri_reference",
    "uri_reference_2396",
]


# -- RFC 3987 §2.2: the test-only generators -------------------------------------------
#: §6.1 b: what looks like a space or is no visible character (general categories Z*,
#: Cc, Cf); ``urikit.uri_to_iri`` keeps these encoded.
AVOIDED_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf"})


def ucschar_kept(d: Draw) -> str:
    """A :func:`ucschar` that §6.1 b does not ask to avoid (see AVOIDED_CATEGORIES)."""
    char = ucschar(d)
    return "\u00e9" if unicodedata.category(char) in AVOIDED_CATEGORIES else char


#: pct-encoded triplets of ASCII octets outside ``unreserved`` (reserved characters,
#: "%", space, controls, what URIs exclude): never decoded by RFC 3987 §3.2 step 2.
ASCII_KEPT_OCTETS = [o for o in range(0x80) if chr(o) not in UNRESERVED]
pct_kept = one_of(
    lambda d: f"%{d.pick(ASCII_KEPT_OCTETS):02X}", lambda d: f"%{d.pick(ASCII_KEPT_OCTETS):02x}"
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


#: IRIs that ``uri_to_iri(iri_to_uri(x))`` gives back exactly (see ``tests/test_iri.py``).
IRI_PARTS_KEPT = iri_parts(ucschar_kept, pct_kept)
#: URIs (all ASCII) full of percent-encoded UTF-8, valid or not, of every kind of
#: character: what ``uri_to_iri`` is for.
URI_PARTS_UTF8 = iri_parts(utf8_escaped, one_of(pct_encoded, utf8_escaped), utf8_escaped)


def iri_reference_rule(
    relative: bool | None = None, fragment_ok: bool = True, parts: Parts = IRI_PARTS
) -> Rule:
    """RFC 3987 §2.2 ``IRI-reference = IRI / irelative-ref``; ``relative`` forces one side."""
    return reference(relative, fragment_ok, parts)


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
    """Strings of ``base`` with a few random edits (see ``mutation``)."""
    return strategy(mutation(base, alphabet))


#: The pieces that make and break RFC 6570 §2 templates: braces, every operator (the
#: reserved ones too), modifiers, digits, triplets whole and cut, commas and dots, and
#: characters no template holds (a space, a control, a non-character, a lone surrogate).
TEMPLATE_PIECES = [
    *"{}{}{}+#./;?&=,!@|*:019%4Aa_-'~ ",
    *("%41", "%2d", "%4", "%zz", ":1", ":10000", "*}", "{a", "{a*", "{a:1", "a}"),
    *("{?a,b*}", "{x:3}"),
    *("\u00e9", "\ue000", "\ufdd0", "\ud800", "\x7f", "\u200e"),
]


def template_ish() -> st.SearchStrategy[str]:
    """Strings of :data:`TEMPLATE_PIECES`, and valid templates with a piece inserted (at
    the end of a varspec, mostly: after its modifier, if any) or a character deleted:
    valid templates and invalid ones that break anywhere (unclosed, a modifier or a
    triplet where none may stand, a cut triplet ...)."""
    return st.one_of(
        st.lists(st.sampled_from(TEMPLATE_PIECES), max_size=12).map("".join), _broken()
    )


@st.composite
def _broken(draw: st.DrawFn) -> str:
    text = draw(uri_templates(names=st.sampled_from(["a", "b1", "%41", "c.d"])))
    for _ in range(draw(st.integers(1, 2))):
        ends = [i for i, char in enumerate(text) if char in ",}"]  # where a varspec ends
        anywhere = not ends or draw(st.integers(0, 3)) == 0
        at = draw(st.integers(0, len(text)) if anywhere else st.sampled_from(ends))
        if draw(st.integers(0, 3)) == 0:
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + draw(st.sampled_from(_AFTER_VARSPEC)) + text[at:]
    return text


#: What :func:`_broken` inserts: what may or may not continue a varspec (§2.3-2.4).
_AFTER_VARSPEC = ["%41", "%2d", "%4", "*", ":1", ":10000", ".", ".a", ",", "}", "{", " "]
