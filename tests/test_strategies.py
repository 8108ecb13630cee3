"""``urikit.strategies``: every example of every rule of every grammar is valid under that
rule, for urikit and for the independent ABNF oracle (``tests/oracle.py``); every near
miss is invalid for both; the rules cover the grammars' tables exactly."""

from __future__ import annotations

import random
import warnings

import hypothesis_jsonschema
import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import HypothesisWarning

import urikit
import urikit.jsonschema
import urikit.strategies
from tests.oracle import accepts
from urikit import _generate

#: The per-rule property tests (two for each of some 90 rules) run a tenth of the
#: profile's examples: the seeded sample test draws 300 of every rule besides, in a
#: fraction of the time.
PER_RULE = settings(max_examples=max(5, settings().max_examples // 10))

#: (grammar, rule, whether it is a reference rule) for every rule urikit names.
ALL_RULES = [
    (name, rule, rule in grammar.rules)
    for name, grammar in urikit.GRAMMARS.items()
    for rule in [*grammar.rules, *grammar.component_rules]
]


def _strategy(grammar: str, rule: str, reference: bool) -> st.SearchStrategy[str]:
    if reference:
        return urikit.strategies.references(grammar=grammar, rule=rule)
    return urikit.strategies.components(rule, grammar=grammar)


def test_every_rule_of_every_grammar_has_a_generator() -> None:
    for name, grammar in urikit.GRAMMARS.items():
        assert set(_generate.RULES[name]) == {*grammar.rules, *grammar.component_rules}


@pytest.mark.parametrize(("grammar", "rule", "reference"), ALL_RULES)
def test_examples_are_valid_under_the_rule_they_name(
    grammar: str, rule: str, reference: bool
) -> None:
    @PER_RULE
    @given(_strategy(grammar, rule, reference))
    def check(text: str) -> None:
        assert urikit.is_valid(text, grammar=grammar, rule=rule), text
        assert accepts(text, rule, grammar), text

    check()


@pytest.mark.parametrize(("grammar", "rule", "reference"), ALL_RULES)
def test_near_misses_are_invalid_under_the_rule_they_name(
    grammar: str, rule: str, reference: bool
) -> None:
    @PER_RULE
    @given(urikit.strategies.near_misses(grammar=grammar, rule=rule))
    def check(text: str) -> None:
        assert not urikit.is_valid(text, grammar=grammar, rule=rule), text
        assert not accepts(text, rule, grammar), text

    check()


@pytest.mark.parametrize(("grammar", "rule", "reference"), ALL_RULES)
def test_a_seeded_sample_is_valid_and_its_near_misses_are_not(
    grammar: str, rule: str, reference: bool
) -> None:
    """Hundreds of draws per rule in well under a second: what the property tests above
    may not reach with the quick profile."""
    g = urikit.GRAMMARS[grammar]
    rnd = random.Random(f"{grammar} {rule}")
    for _ in range(300):
        text = _generate.sample(_generate.rule_of(g, rule), rnd)
        assert urikit.is_valid(text, grammar=grammar, rule=rule), text
        assert accepts(text, rule, grammar), text
        miss = _generate.sample(_generate.near_miss(g, rule), rnd)
        assert not urikit.is_valid(miss, grammar=grammar, rule=rule), miss
        assert not accepts(miss, rule, grammar), miss


def test_the_default_rule_is_the_grammars_reference_rule() -> None:
    @given(
        urikit.strategies.references(),
        urikit.strategies.references(grammar="rfc3987"),
        urikit.strategies.near_misses(grammar=urikit.RFC2396),
    )
    def check(uri: str, iri: str, miss: str) -> None:
        assert urikit.is_valid(uri) and accepts(uri)
        assert urikit.is_valid(iri, grammar="rfc3987") and accepts(iri, "IRI-reference", "rfc3987")
        assert not urikit.is_valid(miss, grammar="rfc2396")

    check()


def test_the_strategies_reach_the_corners_of_the_grammar() -> None:
    """Generators that never produced IPv6 literals with zones, non-ASCII characters or
    percent-encodings would pass the tests above; these examples must be found."""
    seen: set[str] = set()

    @settings(max_examples=400, database=None, suppress_health_check=list(HealthCheck))
    @given(urikit.strategies.references(grammar="rfc3987"))
    def collect(text: str) -> None:
        ref = urikit.parse(text, grammar="rfc3987")
        host = ref.host or ""
        seen.update(
            name
            for name, present in [
                ("scheme", ref.scheme is not None),
                ("relative", ref.scheme is None),
                ("authority", ref.authority is not None),
                ("ip-literal", host.startswith("[")),
                ("query", ref.query is not None),
                ("fragment", ref.fragment is not None),
                ("non-ascii", not text.isascii()),
                ("percent", "%" in text),
            ]
            if present
        )

    collect()
    assert seen == {
        "scheme",
        "relative",
        "authority",
        "ip-literal",
        "query",
        "fragment",
        "non-ascii",
        "percent",
    }


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: urikit.strategies.references(rule="host"), "not a reference rule of RFC 3986"),
        (lambda: urikit.strategies.references(rule="IRI"), "not a reference rule of RFC 3986"),
        (lambda: urikit.strategies.components("URI"), "not a component rule of RFC 3986"),
        (
            lambda: urikit.strategies.components("reg-name", grammar="rfc2396"),
            "expected one of scheme, authority",
        ),
        (lambda: urikit.strategies.near_misses(rule="absoluteURI"), "not a rule of RFC 3986"),
    ],
)
def test_unknown_rules_are_refused_when_the_strategy_is_made(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]


def test_unknown_grammars_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown grammar"):
        urikit.strategies.references(grammar="rfc1738")


@pytest.mark.parametrize("format_name", sorted(urikit.strategies.formats()))
def test_the_json_schema_formats_plug_into_hypothesis_jsonschema(
    format_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """hypothesis-jsonschema checks each example of a custom format with jsonschema's
    default ``FormatChecker``; where the rfc3987 package is installed, that refuses
    valid URIs (``A://[V0.!]``: RFC 5234 §2.3 makes the "v" of IPvFuture
    case-insensitive), so the four formats are left to urikit's checker here."""
    checkers = urikit.jsonschema.format_checker().checkers
    monkeypatch.setattr(jsonschema.FormatChecker, "checkers", checkers)
    schema: dict[str, object] = {"type": "string", "format": format_name}
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    grammar, rule = {
        "uri": ("rfc3986", "URI"),
        "uri-reference": ("rfc3986", "URI-reference"),
        "iri": ("rfc3987", "IRI"),
        "iri-reference": ("rfc3987", "IRI-reference"),
    }[format_name]
    with warnings.catch_warnings():  # "Overriding standard format": what it is for
        warnings.simplefilter("ignore", HypothesisWarning)
        strategy = hypothesis_jsonschema.from_schema(
            schema,  # type: ignore[arg-type]
            custom_formats=urikit.strategies.formats(),
        )

    @settings(suppress_health_check=list(HealthCheck))
    @given(strategy)
    def check(text: str) -> None:
        assert urikit.is_valid(text, grammar=grammar, rule=rule)
        validator.validate(text)

    check()
