"""Hypothesis strategies for URI references, from the ABNF of each grammar.

Needs the extra ``urikit[hypothesis]`` (``pip install 'urikit[hypothesis]'``).

- :func:`references`: valid references for a reference rule of a grammar (RFC 3986 §3,
  §4.1-4.3; RFC 2396 §3-5; RFC 3987 §2.2);
- :func:`components`: valid components (``host``, ``IPv6address``, ``query`` ...);
- :func:`near_misses`: strings a few edits away from valid ones that the rule rejects,
  for testing other validators;
- :func:`formats`: the JSON Schema formats ``uri``, ``uri-reference``, ``iri`` and
  ``iri-reference``, for ``hypothesis_jsonschema.from_schema(custom_formats=...)``;
- :func:`uri_templates`: valid URI Templates (RFC 6570 §2), and
  :func:`template_variables`: values for a template's variables (§2.3).

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

from . import URITemplate
from ._generate import Rule, near_miss, rule_of
from ._syntax.grammar import Grammar, get_grammar

__all__ = [
    "components",
    "formats",
    "near_misses",
    "references",
    "template_variables",
    "uri_templates",
]

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


# -- URI Templates (RFC 6570) -------------------------------------------------------------
#: §2.1 literals: URI characters, a few of ucschar and iprivate, pct-encoded triplets.
_LITERAL = st.one_of(
    st.sampled_from([*"/?#[]@!$&'()*+,;=:-._~", "%20", "%2F", "\u00e9", "\U0001f600"]),
    st.characters(min_codepoint=0x30, max_codepoint=0x7A).filter(str.isalnum),
    st.sampled_from(["\ue000", "\U000f0000", "\u4f8b"]),
)
#: §2.3 varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded
_VARCHAR = st.one_of(st.sampled_from(list("abcxyzXY019_")), st.just("%41"))
_VARNAME = st.lists(st.tuples(st.sampled_from(["", "."]), _VARCHAR), min_size=1, max_size=3).map(
    lambda pieces: pieces[0][1] + "".join(dot + char for dot, char in pieces[1:])
)
_MODIFIER = st.one_of(st.just(""), st.just("*"), st.integers(1, 9999).map(lambda n: f":{n}"))


@st.composite
def _expression(draw: st.DrawFn, names: st.SearchStrategy[str]) -> str:
    operator = draw(st.sampled_from(["", "+", "#", ".", "/", ";", "?", "&"]))
    specs = draw(st.lists(st.tuples(names, _MODIFIER), min_size=1, max_size=3))
    return "{" + operator + ",".join(name + modifier for name, modifier in specs) + "}"


def uri_templates(*, names: st.SearchStrategy[str] | None = None) -> st.SearchStrategy[str]:
    """Valid URI Templates (RFC 6570 §2): literals (URI characters, ``ucschar``,
    ``iprivate``, pct-encoded) and expressions of every operator with prefix and explode
    modifiers (§2.2-2.4).  ``names`` draws the variable names (by default, varnames of
    §2.3; a few fixed names make variables repeat).

    >>> from hypothesis import given
    >>> import urikit
    >>> @given(uri_templates())
    ... def test(text: str) -> None:
    ...     assert str(urikit.URITemplate(text)) == text
    >>> test()
    """
    pieces = st.one_of(
        st.lists(_LITERAL, min_size=1, max_size=4).map("".join),
        _expression(_VARNAME if names is None else names),
    )
    return st.lists(pieces, max_size=5).map("".join)


#: §2.3 values: strings (with characters every encoding must handle), lists, associative
#: arrays, undefined.
_STRING = st.text(
    st.sampled_from([*"ab Z09-._~/?#[]@!$&'()*+,;=:%", "\u00e9", "\u20ac", "\U0001d11e"]),
    max_size=6,
)


def template_variables(template: str | URITemplate) -> st.SearchStrategy[dict[str, object]]:
    """Values for the variables of ``template`` (RFC 6570 §2.3): ``None``, strings,
    lists and dicts of strings; a variable with a prefix modifier somewhere gets a string
    or ``None`` (§2.4.1: prefixes apply to strings only).

    >>> from hypothesis import given
    >>> import urikit
    >>> t = urikit.URITemplate("{/path*}{?q:3,tags}")
    >>> @given(template_variables(t))
    ... def test(values: dict[str, object]) -> None:
    ...     assert t.expand(values).startswith(("/", "?", ""))
    >>> test()
    """
    parsed = template if isinstance(template, URITemplate) else URITemplate(template)
    prefixed = {spec.name for spec in parsed.variables if spec.prefix is not None}
    composite = st.one_of(
        st.lists(_STRING, max_size=3), st.dictionaries(_STRING, _STRING, max_size=3)
    )
    strategies = {
        spec.name: st.one_of(st.none(), _STRING)
        if spec.name in prefixed
        else st.one_of(st.none(), _STRING, composite)
        for spec in parsed.variables
    }
    return st.fixed_dictionaries(strategies)


def _checked(g: Grammar, rule: str | None, known: Collection[str], what: str) -> str | None:
    """``rule`` if it is ``None`` or one of ``known``, else ``ValueError``."""
    if rule is None or rule in known:
        return rule
    raise ValueError(f"{rule!r} is not {what} of {g.title}; expected one of {', '.join(known)}")
