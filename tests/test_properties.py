"""Properties of the parser, on references generated from the ABNF and on mutations.

- lossless round trip: ``str(parse(s)) == s`` for every valid ``s``;
- the components agree with RFC 3986 Appendix B's splitting regex;
- any string gives a ``URIReference`` or a ``URISyntaxError`` (position in range),
  nothing else, and the verdict agrees with an independent ABNF regex (``oracle``).
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urikit
from tests import strategies as abnf
from tests.expect import assert_authority_recomposes
from tests.oracle import accepts, appendix_b, first_impossible
from tests.profiles import THOROUGH
from tests.test_positions import CONVENTIONS

ALPHABET = abnf.MUTATION_ALPHABET  # the grammar's characters, and a few that never belong


@THOROUGH
@given(abnf.uri_reference())
def test_round_trip_and_appendix_b(text: str) -> None:
    ref = urikit.parse(text)
    assert str(ref) == text
    assert (ref.scheme, ref.authority, ref.path, ref.query, ref.fragment) == appendix_b(text)
    assert accepts(text)


@given(abnf.uri_reference())
def test_authority_parts_recompose(text: str) -> None:
    assert_authority_recomposes(urikit.parse(text))


@THOROUGH
@given(abnf.uri)
def test_uri_rule(text: str) -> None:
    assert urikit.is_valid(text, rule="URI")
    assert not urikit.is_valid(text, rule="relative-ref")


@THOROUGH
@given(abnf.absolute_uri)
def test_absolute_uri_rule(text: str) -> None:
    assert urikit.is_valid(text, rule="absolute-URI")


@THOROUGH
@given(abnf.uri_reference(relative=True))
def test_relative_ref_rule(text: str) -> None:
    assert urikit.is_valid(text, rule="relative-ref")
    assert not urikit.is_valid(text, rule="URI")


@THOROUGH
@given(abnf.uri_reference_2396())
def test_round_trip_2396(text: str) -> None:
    ref = urikit.parse(text, grammar="rfc2396")
    assert str(ref) == text
    assert accepts(text, grammar="rfc2396")
    scheme, authority, path, query, fragment = appendix_b(text)
    assert (ref.scheme, ref.authority, ref.fragment) == (scheme, authority, fragment)
    if ref.is_opaque:  # RFC 2396 §3: the opaque_part holds any "?" too
        assert ref.path == (path or "") + ("" if query is None else "?" + query)
        assert ref.query is None
    else:
        assert (ref.path, ref.query) == (path, query)


def _verdict(text: str, grammar: str, rule: str) -> urikit.URIReference | None:
    """Parse, allowing exactly one kind of failure, at the first character no string of
    the rule can continue with (tests/test_positions.py)."""
    try:
        ref = urikit.parse(text, grammar=grammar, rule=rule)
    except urikit.URISyntaxError as error:
        assert 0 <= error.position <= len(text)
        if not any(convention(error) for convention in CONVENTIONS.values()):
            assert error.position == first_impossible(text, rule, grammar)
        assert error.text == text
        assert isinstance(error.kind, urikit.ErrorKind)
        assert error.reason
        str(error)  # renders, whatever the input holds
        return None
    assert str(ref) == text
    return ref


RULES = {
    "rfc3986": ["URI-reference", "URI", "absolute-URI", "relative-ref"],
    "rfc2396": ["URI-reference", "absoluteURI", "relativeURI"],
}


@THOROUGH
@given(
    st.one_of(abnf.mutated(abnf.reference()), abnf.mutated(abnf.reference_2396())),
    st.sampled_from([(g, r) for g, rules in RULES.items() for r in rules]),
)
@example("http://[::1", ("rfc3986", "URI-reference"))
@example("%", ("rfc2396", "URI-reference"))
def test_any_mutation_parses_or_explains(text: str, grammar_rule: tuple[str, str]) -> None:
    grammar, rule = grammar_rule
    ref = _verdict(text, grammar, rule)
    assert (ref is not None) == accepts(text, rule, grammar)
    assert urikit.is_valid(text, rule=rule, grammar=grammar) == (ref is not None)


@THOROUGH
@given(st.text(alphabet=ALPHABET, max_size=40), st.sampled_from(sorted(RULES)))
def test_any_text_parses_or_explains(text: str, grammar: str) -> None:
    ref = _verdict(text, grammar, "URI-reference")
    assert (ref is not None) == accepts(text, "URI-reference", grammar)


@given(abnf.IPv6address())
def test_ipv6_forms(address: str) -> None:
    assert urikit.is_valid(address, rule="IPv6address")
    assert urikit.parse(f"http://[{address}]/").host_type == "ipv6"


@THOROUGH
@given(st.text(alphabet="0123456789abcdefABCDEF:.", max_size=45))
def test_ipv6_agrees_with_abnf(text: str) -> None:
    assert urikit.is_valid(text, rule="IPv6address") == accepts(text, "IPv6address")


@THOROUGH
@given(st.text(alphabet="0123456789abcdefABCDEF:.", max_size=45))
def test_ipv6_2373_agrees_with_abnf(text: str) -> None:
    # RFC 2732 §3: RFC 2373's IPv6address, whose IPv4 part is 1*3DIGIT parts
    assert urikit.is_valid(text, rule="IPv6address", grammar="rfc2396") == accepts(
        text, "IPv6address", "rfc2396"
    )
    assert urikit.is_valid(f"//[{text}]", grammar="rfc2396") == accepts(
        text, "IPv6address", "rfc2396"
    )


@THOROUGH
@given(st.text(alphabet="0123456789.", max_size=17))
def test_ipv4_agrees_with_abnf(text: str) -> None:
    assert urikit.is_valid(text, rule="IPv4address") == accepts(text, "IPv4address")
    if text:
        expected = "ipv4" if accepts(text, "IPv4address") else "reg-name"
        assert urikit.parse("//" + text).host_type == expected


@THOROUGH
@given(st.text(alphabet="aZ09-.", max_size=20))
def test_hostname_agrees_with_bnf(text: str) -> None:
    assert urikit.is_valid(text, rule="hostname", grammar="rfc2396") == accepts(
        text, "hostname", "rfc2396"
    )


@pytest.mark.parametrize("grammar", sorted(RULES))
@given(text=st.text(max_size=30))
def test_arbitrary_unicode_only_raises_uri_syntax_error(grammar: str, text: str) -> None:
    _verdict(text, grammar, "URI-reference")


@given(st.text(alphabet="aZ09-._", max_size=16))
def test_hostname_walker_agrees_with_the_fast_check(text: str) -> None:
    from urikit._syntax import host as _host

    assert (_host.hostname_error(text, 0, len(text)) is None) == _host.is_hostname(text)
    assert (_host.ipv4_error_2732(text, 0, len(text)) is None) == _host.is_ipv4address_2732(text)
