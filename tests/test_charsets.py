"""urikit's character sets against the RFCs' text, set by set.

``urikit._syntax.charsets`` builds every set of single characters of RFC 3986, RFC 2396 (with
RFC 2732) and RFC 3987 by set algebra; the grammars (``urikit._syntax.grammar``) give each
component one of them, and the compiled core's tables are generated from them
(``tests/test_core.py`` checks those against the Python sets).  The independent oracle
(``tests/oracle.py``) spells the same sets out from the RFCs' text.  Here each of
urikit's sets, and each component class of each grammar, must equal the oracle's: a
character added or dropped anywhere fails a test that names the set.
"""

from __future__ import annotations

import pytest

from tests.oracle import Rfc2396, Rfc3986, Rfc3987
from urikit._syntax import charsets as cs
from urikit._syntax.charsets import CharClass, Wide
from urikit._syntax.grammar import GRAMMARS

Spans = tuple[tuple[int, int], ...]

#: Each ASCII set of ``urikit._syntax.charsets`` by name, and the oracle's spelling of it.
ASCII: dict[str, str] = {
    # RFC 2234 §6.1 core rules, RFC 3986 §2 and the characters of RFC 3986 §3's rules
    "ALPHA": Rfc3986.ALPHA,
    "DIGIT": Rfc3986.DIGIT,
    "HEXDIG": Rfc3986.HEXDIG,
    "UNRESERVED": Rfc3986.UNRESERVED,
    "GEN_DELIMS": Rfc3986.GEN_DELIMS,
    "SUB_DELIMS": Rfc3986.SUB_DELIMS,
    "RESERVED": Rfc3986.RESERVED,
    "URI_CHARS": Rfc3986.URI_CHARS,
    "SCHEME": Rfc3986.SCHEME,
    "USERINFO": Rfc3986.USERINFO,
    "REG_NAME": Rfc3986.REG_NAME,
    "IPVFUTURE_TAIL": Rfc3986.IPVFUTURE_TAIL,
    "PCHAR": Rfc3986.PCHAR,
    "SEGMENT_NZ_NC": Rfc3986.SEGMENT_NZ_NC,
    "PATH": Rfc3986.PATH,
    "QUERY": Rfc3986.QUERY,
    "FRAGMENT": Rfc3986.FRAGMENT,
    "ZONE_ID": Rfc3986.ZONE_ID,
    "IP_LITERAL": Rfc3986.IP_LITERAL,
    # RFC 2396 §1.6, §2, §3 and §5, with RFC 2732 §3
    "ALPHANUM": Rfc2396.ALPHANUM,
    "MARK": Rfc2396.MARK,
    "UNRESERVED_2396": Rfc2396.UNRESERVED,
    "RESERVED_2396": Rfc2396.RESERVED,
    "UNWISE_2396": Rfc2396.UNWISE,
    "DELIMS_2396": Rfc2396.DELIMS,
    "URIC": Rfc2396.URIC,
    "URIC_NO_SLASH": Rfc2396.URIC_NO_SLASH,
    "PCHAR_2396": Rfc2396.PCHAR,
    "PATH_2396": Rfc2396.PATH,
    "REL_SEGMENT": Rfc2396.REL_SEGMENT,
    "USERINFO_2396": Rfc2396.USERINFO,
    "REG_NAME_2396": Rfc2396.REG_NAME,
    "HOSTNAME_CHARS": Rfc2396.HOSTNAME,
}


def merged(spans: Spans) -> Spans:
    """``spans`` (inclusive ranges of code points) sorted, adjacent ones joined."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(end, out[-1][1]))
        else:
            out.append((start, end))
    return tuple(out)


def minus(spans: Spans, chars: str) -> Spans:
    """``spans`` without the code points of ``chars``."""
    out = []
    for start, end in merged(spans):
        for cut in sorted(map(ord, chars)):
            if start <= cut <= end:
                if start < cut:
                    out.append((start, cut - 1))
                start = cut + 1
        if start <= end:
            out.append((start, end))
    return merged(tuple(out))


BIDI = tuple((ord(c), ord(c)) for c in Rfc3987.BIDI_FORMATTING)
#: The non-ASCII characters an IRI component may hold: RFC 3987 §2.2 ucschar, less the
#: bidirectional formatting characters §4.1 forbids.
UCS = minus(Rfc3987.UCSCHAR, Rfc3987.BIDI_FORMATTING)
#: Each non-ASCII set of ``urikit._syntax.charsets`` (a :class:`Wide`), as the oracle's ranges.
WIDE: dict[str, Spans] = {
    "NO_WIDE": (),
    "UCSCHAR": merged(Rfc3987.UCSCHAR),
    "IPRIVATE": merged(Rfc3987.IPRIVATE),
    "BIDI_FORMATTING": merged(BIDI),
    "UCS": UCS,
}


def _difference(got: frozenset[str], expected: frozenset[str]) -> str:
    return f"extra {sorted(got - expected)}, missing {sorted(expected - got)}"


def test_every_set_is_compared() -> None:
    """A new set in ``_charsets`` needs its spelling from the RFC here."""
    sets = {
        name
        for name, value in vars(cs).items()
        if isinstance(value, frozenset | Wide) and not name.startswith("_")
    }
    assert sets == set(ASCII) | set(WIDE)


@pytest.mark.parametrize("name", list(ASCII))
def test_ascii_set(name: str) -> None:
    got, expected = getattr(cs, name), frozenset(ASCII[name])
    assert got == expected, f"{name}: {_difference(got, expected)}"


@pytest.mark.parametrize("name", list(WIDE))
def test_wide_set(name: str) -> None:
    assert getattr(cs, name).spans == WIDE[name]


# -- the component classes of each grammar --------------------------------------------------
def _class(chars: str, pct_encoded: bool = True, wide: Spans = ()) -> tuple[object, ...]:
    return (frozenset(chars), pct_encoded, merged(wide))


def _of(char_class: CharClass) -> tuple[object, ...]:
    return (char_class.chars, char_class.pct_encoded, char_class.wide.spans)


_IQUERY = merged(UCS + Rfc3987.IPRIVATE)  # RFC 3987 §2.2 iquery: iprivate too
#: grammar: {component: (characters, pct-encoded allowed, non-ASCII ranges)}
COMPONENTS: dict[str, dict[str, tuple[object, ...]]] = {
    "rfc3986": {  # RFC 3986 §3
        "scheme": _class(Rfc3986.SCHEME, pct_encoded=False),
        "userinfo": _class(Rfc3986.USERINFO),
        "host": _class(Rfc3986.REG_NAME),
        "path": _class(Rfc3986.PATH),
        "first_segment": _class(Rfc3986.SEGMENT_NZ_NC),
        "query": _class(Rfc3986.QUERY),
        "fragment": _class(Rfc3986.FRAGMENT),
        "uri_chars": _class(Rfc3986.URI_CHARS),
    },
    "rfc2396": {  # RFC 2396 §3, §3.2, §5
        "scheme": _class(Rfc2396.ALPHANUM + "+-.", pct_encoded=False),
        "userinfo": _class(Rfc2396.USERINFO),
        "host": _class(Rfc2396.HOSTNAME, pct_encoded=False),
        "path": _class(Rfc2396.PATH),
        "first_segment": _class(Rfc2396.REL_SEGMENT),
        "query": _class(Rfc2396.URIC),
        "fragment": _class(Rfc2396.URIC),
        "uri_chars": _class(Rfc2396.URIC + "%#"),  # §4: URI-reference's "#"
        "opaque": (_class(Rfc2396.URIC_NO_SLASH), _class(Rfc2396.URIC)),
        "registry": _class(Rfc2396.REG_NAME),
    },
    "rfc3987": {  # RFC 3987 §2.2: iuserinfo, ireg-name, ipath, iquery, ifragment
        "scheme": _class(Rfc3986.SCHEME, pct_encoded=False),
        "userinfo": _class(Rfc3986.USERINFO, wide=UCS),
        "host": _class(Rfc3986.REG_NAME, wide=UCS),
        "path": _class(Rfc3986.PATH, wide=UCS),
        "first_segment": _class(Rfc3986.SEGMENT_NZ_NC, wide=UCS),
        "query": _class(Rfc3986.QUERY, wide=_IQUERY),
        "fragment": _class(Rfc3986.FRAGMENT, wide=UCS),
        "uri_chars": _class(Rfc3986.URI_CHARS, wide=_IQUERY),
    },
}


def test_every_grammar_is_compared() -> None:
    assert set(GRAMMARS) == set(COMPONENTS)


@pytest.mark.parametrize(
    ("grammar", "component"),
    [(g, c) for g, components in COMPONENTS.items() for c in components],
)
def test_component_class(grammar: str, component: str) -> None:
    value = getattr(GRAMMARS[grammar], component)
    got = tuple(map(_of, value)) if isinstance(value, tuple) else _of(value)
    assert got == COMPONENTS[grammar][component]
