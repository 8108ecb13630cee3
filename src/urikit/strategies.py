"""Hypothesis strategies for URI references, from the ABNF of each grammar.

Needs the extra ``urikit[hypothesis]`` (``pip install 'urikit[hypothesis]'``).

- :func:`references`: valid references for a reference rule of a grammar (RFC 3986 §3,
  §4.1-4.3; RFC 2396 §3-5; RFC 3987 §2.2);
- :func:`components`: valid components (``host``, ``IPv6address``, ``query`` ...);
- :func:`near_misses`: strings a few edits away from valid ones that the rule rejects,
  for testing other validators;
- :func:`formats`: the JSON Schema formats ``uri``, ``uri-reference``, ``iri`` and
  ``iri-reference``, for ``hypothesis_jsonschema.from_schema(custom_formats=...)``.

Every example is drawn rule by rule (every production, all nine IPv6 forms, zone
identifiers, percent-encodings, non-ASCII characters from every range of ``ucschar``),
and shrinks towards short, plain strings.

>>> from hypothesis import given
>>> import urikit, urikit.strategies
>>> @given(urikit.strategies.references(rule="URI"))
... def test_absolute(text: str) -> None:
...     assert urikit.parse(text).scheme is not None
>>> test_absolute()
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypeVar

from hypothesis import strategies as st

from ._generate import Rule, near_miss, rule_of
from ._syntax.grammar import Grammar, get_grammar

__all__ = ["components", "formats", "near_misses", "references"]

T = TypeVar("T")


class _HypothesisDraw:
    """The choices of a rule, made by hypothesis (so that examples shrink)."""

    def __init__(self, draw: st.DrawFn) -> None:
        self._draw = draw

    def pick(self, options: Sequence[T]) -> T:
        return self._draw(st.sampled_from(options))

    def integer(self, low: int, high: int) -> int:
        return self._draw(st.integers(low, high))


@st.composite
def _drawn(draw: st.DrawFn, rule: Rule) -> str:
    return rule(_HypothesisDraw(draw))


def references(
    *, grammar: str | Grammar | None = None, rule: str | None = None
) -> st.SearchStrategy[str]:
    """Valid references of ``rule`` (a reference rule of ``grammar``: by default RFC
    3986's ``URI-reference``; ``URI``, ``absolute-URI``, ``relative-ref``; RFC 2396's
    ``absoluteURI``, ``relativeURI``; RFC 3987's ``IRI``, ... and their aliases).

    >>> from hypothesis import given
    >>> import urikit
    >>> @given(references(grammar="rfc3987", rule="IRI"))
    ... def test(text: str) -> None:
    ...     assert urikit.is_valid(text, grammar="rfc3987", rule="IRI")
    >>> test()
    """
    g = get_grammar(grammar)
    return _drawn(rule_of(g, _checked(g, rule, g.rules, "a reference rule")))


def components(rule: str, *, grammar: str | Grammar | None = None) -> st.SearchStrategy[str]:
    """Valid components: strings of the component rule ``rule`` of ``grammar``
    (``scheme``, ``authority``, ``userinfo``, ``host``, ``port``, ``path``, ``query``,
    ``fragment``, ``IP-literal``, ``IPv4address``, ``IPv6address``, ``reg-name``;
    RFC 2396's ``hostname``, ``IPv6reference``, ``reg_name``; RFC 3987's ``ihost`` ...).

    >>> from hypothesis import given
    >>> import ipaddress
    >>> @given(components("IPv6address"))
    ... def test(text: str) -> None:
    ...     ipaddress.IPv6Address(text)
    >>> test()
    """
    g = get_grammar(grammar)
    return _drawn(rule_of(g, _checked(g, rule, g.component_rules, "a component rule")))


def near_misses(
    *, grammar: str | Grammar | None = None, rule: str | None = None
) -> st.SearchStrategy[str]:
    """Invalid strings close to valid ones: a valid string of ``rule`` (any reference or
    component rule of ``grammar``, by default its reference rule) with one to three
    characters inserted, deleted or replaced, each one rejected by urikit under that
    rule.  For testing that another validator rejects them too.

    >>> from hypothesis import given
    >>> import urikit
    >>> @given(near_misses(rule="URI"))
    ... def test(text: str) -> None:
    ...     assert not urikit.is_valid(text, rule="URI")
    >>> test()
    """
    g = get_grammar(grammar)
    return _drawn(near_miss(g, _checked(g, rule, [*g.rules, *g.component_rules], "a rule")))


def formats() -> dict[str, st.SearchStrategy[str]]:
    """The strategies of JSON Schema's resource identifier formats (draft 2020-12
    Validation §7.3.5): ``uri`` (RFC 3986 ``URI``), ``uri-reference``, ``iri`` (RFC 3987
    ``IRI``) and ``iri-reference``, for hypothesis-jsonschema's ``custom_formats``.

    >>> sorted(formats())
    ['iri', 'iri-reference', 'uri', 'uri-reference']
    """
    return {
        "uri": references(rule="URI"),
        "uri-reference": references(rule="URI-reference"),
        "iri": references(grammar="rfc3987", rule="IRI"),
        "iri-reference": references(grammar="rfc3987", rule="IRI-reference"),
    }


def _checked(g: Grammar, rule: str | None, known: Collection[str], what: str) -> str | None:
    """``rule`` if it is ``None`` or one of ``known``, else ``ValueError``."""
    if rule is None or rule in known:
        return rule
    raise ValueError(f"{rule!r} is not {what} of {g.title}; expected one of {', '.join(known)}")
