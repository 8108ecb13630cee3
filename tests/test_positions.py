"""Error positions: the first character that no valid string can continue with.

A ``URISyntaxError``'s ``position`` is the smallest ``i`` such that ``text[: i + 1]``
begins no string of the rule, or ``len(text)`` when every prefix does but the whole text
is not valid.  ``tests/oracle.py`` computes that independently, by partial matching
(the ``regex`` module) against full-anchored ABNF regexes built rule by rule.  On a
fixed-seed sample of mutated references (URIs of both RFCs, and IRIs with characters
of every class RFC 3987 §2.2 and §4.1 name), under the three grammars and every
reference rule, the parser must agree with it in at least 99% of the invalid cases, and
every disagreement must belong to a named convention below (documented in
``_diagnose``); so must ``validate`` on mutated IRI components, rule by rule.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

import pytest

import urikit
from tests import strategies as abnf
from tests.expect import CHAR, IPLIT, NONASCII, PCT, PORT, R2, R3, SCHEME, UNEXP
from tests.oracle import IRI_ALIASES, ORACLES, PARTIAL, accepts, first_impossible, viable
from urikit import ErrorKind, _generate

R7 = "rfc3987"
RULES = {
    R3: ["URI-reference", "URI", "absolute-URI", "relative-ref"],
    R2: ["URI-reference", "absoluteURI", "relativeURI"],
    R7: ["IRI-reference", "IRI", "absolute-IRI", "irelative-ref"],
}
#: RFC 3987 §2.2's component rules (and the rules it keeps from RFC 3986), each with
#: what generates valid strings of it; ``validate`` reads the mutations.
IRI_COMPONENTS: dict[str, abnf.Rule] = {
    name: _generate.RULES["rfc3987"][name]
    for name in [
        "scheme",
        "port",
        "IP-literal",
        "IPv4address",
        "IPv6address",
        "iuserinfo",
        "ihost",
        "ireg-name",
        "iauthority",
        "ipath",
        "iquery",
        "ifragment",
    ]
}
SEED = 8
SAMPLE = 4000


class Case(NamedTuple):
    text: str
    grammar: str
    rule: str
    expected: int | None  # the oracle's first impossible character (None: valid)
    error: urikit.URISyntaxError | None


def _case(text: str, grammar: str, rule: str) -> Case:
    expected = first_impossible(text, rule, grammar)
    try:
        urikit.parse(text, grammar=grammar, rule=rule)
    except urikit.URISyntaxError as error:
        return Case(text, grammar, rule, expected, error)
    return Case(text, grammar, rule, expected, None)


def _sample(size: int, seed: int) -> list[Case]:
    """Mutations of valid references of any grammar, each read under a random rule of
    a random grammar (IRIs under the URI grammars too: where is the first non-ASCII)."""
    rnd = random.Random(seed)
    bases = [
        abnf.mutation(abnf.reference()),
        abnf.mutation(abnf.reference_2396()),
        abnf.mutation(abnf.iri_reference_rule(), abnf.IRI_MUTATION_ALPHABET),
    ]
    pairs = [(grammar, rule) for grammar, rules in RULES.items() for rule in rules]
    cases = []
    for _ in range(size):
        text = abnf.sample(rnd.choice(bases), rnd)
        cases.append(_case(text, *rnd.choice(pairs)))
    return cases


def _component_case(text: str, rule: str) -> Case:
    expected = first_impossible(text, rule, R7)
    try:
        urikit.validate(text, grammar=R7, rule=rule)
    except urikit.URISyntaxError as error:
        return Case(text, R7, rule, expected, error)
    return Case(text, R7, rule, expected, None)


def _component_sample(size: int, seed: int) -> list[Case]:
    """Mutations of valid RFC 3987 components, each validated under its own rule (or
    the RFC 3986 name urikit gives it too: ``host`` for ``ihost``)."""
    rnd = random.Random(seed)
    aliases = {iri: uri for uri, iri in IRI_ALIASES.items()}
    cases = []
    for _ in range(size):
        rule = rnd.choice(sorted(IRI_COMPONENTS))
        text = abnf.sample(abnf.mutation(IRI_COMPONENTS[rule], abnf.IRI_MUTATION_ALPHABET), rnd)
        if rule in aliases and rnd.randrange(2):
            rule = aliases[rule]
        cases.append(_component_case(text, rule))
    return cases


#: Documented conventions where the reported position may differ from the oracle's, by
#: name: a predicate of the error (which holds the text, the rule and the grammar).
#: There are none: ``_diagnose``'s conventions choose kinds and reasons, never positions
#: (a bad escape, for one, is reported at its first non-HEXDIG, not at its "%").
CONVENTIONS: dict[str, Callable[[urikit.URISyntaxError], bool]] = {}


def _position(case: Case) -> int | None:
    return None if case.error is None else case.error.position


def _assert_agreement(cases: list[Case]) -> None:
    invalid = [case for case in cases if case.expected is not None or case.error is not None]
    assert len(invalid) > len(cases) // 2  # the sample exercises the diagnosis
    disagreements = [case for case in invalid if _position(case) != case.expected]
    rate = 1 - len(disagreements) / len(invalid)
    unexplained = [
        (case.text, case.grammar, case.rule, case.expected, _position(case))
        for case in disagreements
        if case.error is None or not any(rule(case.error) for rule in CONVENTIONS.values())
    ]
    assert rate >= 0.99, (rate, unexplained[:20])
    assert unexplained == []


def test_positions_agree_with_the_oracle() -> None:
    cases = _sample(SAMPLE, SEED)
    _assert_agreement(cases)
    for grammar in RULES:  # each grammar had its share
        assert sum(case.grammar == grammar for case in cases) > SAMPLE // 5


def test_iri_component_positions_agree_with_the_oracle() -> None:
    # RFC 3987 §2.2: validate(text, rule=...) for the component rules, the same way.
    _assert_agreement(_component_sample(SAMPLE // 2, SEED))


@pytest.mark.parametrize("grammar", sorted(RULES))
def test_the_verdicts_agree_too(grammar: str) -> None:
    # The partial oracle's verdict on the whole text is the full oracle's.
    for case in _sample(500, SEED + 1):
        if case.grammar == grammar:
            assert (case.expected is None) == accepts(case.text, case.rule, case.grammar)
            assert (case.error is None) == (case.expected is None)


def test_the_component_verdicts_agree_too() -> None:
    for case in _component_sample(500, SEED + 1):
        assert (case.expected is None) == accepts(case.text, case.rule, case.grammar)
        assert (case.error is None) == (case.expected is None)


@pytest.mark.parametrize(
    ("text", "grammar", "rule", "position"),
    [
        ("http://[::1%@x]/", R3, "URI-reference", 12),
        ("//[.", R3, "URI-reference", 3),
        ("//[v4.S2]:!", R2, "URI-reference", 3),
        ("http://h:8a/", R3, "URI", 11),
        ("http://h:8a", R3, "URI", 11),  # the text ends: every prefix is viable
        ("a%4", R3, "URI-reference", 3),
        ("1http://h", R2, "URI-reference", 5),
        ("", R2, "relativeURI", 0),
        # RFC 3987 §2.2: an iprivate only in the query; §4.1: no bidi formatting
        ("http://h/\ue000?\ue000", R7, "IRI", 9),
        ("http://h?\ue000#\ue000", R7, "IRI", 11),
        ("//h\u200f", R7, "IRI-reference", 3),
        ("\u00e9:x", R7, "IRI-reference", 1),  # a relative path until the ":"
        ("r\u00e9sum\u00e9/\x85", R7, "irelative-ref", 7),
        ("\U000e1000\U000e0fff", R7, "ipath", 1),
        ("", R7, "IRI", 0),
    ],
)
def test_oracle_rows(text: str, grammar: str, rule: str, position: int) -> None:
    # The oracle's own definition, on rows worked out by hand.
    assert first_impossible(text, rule, grammar) == position
    assert viable(text[:position], rule, grammar)
    assert position == len(text) or not viable(text[: position + 1], rule, grammar)
    assert set(PARTIAL[grammar]) == set(ORACLES[grammar])


# -- the examples of the issue: exact (input, position, kind) ------------------------------
PARSE_ROWS = [
    # "http://[::1%" can still become a zone ID "%25...": the "@" cannot.
    ("http://[::1%@x]/", R3, "URI-reference", 12, IPLIT),
    ("//[.", R3, "URI-reference", 3, IPLIT),
    # IPvFuture is not RFC 2396: the "v" cannot belong, whatever the port holds.
    ("//[v4.S2]:!", R2, "URI-reference", 3, IPLIT),
    ("//[v4.S2]:!", R3, "URI-reference", 10, PORT),
    ("http://h:8a/", R3, "URI", 11, PORT),
    ("http://h/%4g", R3, "URI", 11, PCT),
    ("1http://h", R3, "URI-reference", 5, SCHEME),
    ("http://h#a#", R2, "URI-reference", 10, UNEXP),
]


@pytest.mark.parametrize(("text", "grammar", "rule", "position", "kind"), PARSE_ROWS)
def test_parse_positions(
    text: str, grammar: str, rule: str, position: int, kind: ErrorKind
) -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.parse(text, grammar=grammar, rule=rule)
    assert (caught.value.text, caught.value.position, caught.value.kind) == (text, position, kind)
    assert first_impossible(text, rule, grammar) == position


# Reasons that say what is at the position.  The position is the oracle's either way:
# "www.example.com" is a prefix of the URI "www.example.com:" (a scheme, RFC 3986 §3.1),
# so no character of it is impossible and the error stands at its end, where a ":" is
# missing; the reason says so and names urikit.complete, which reads it as an
# abbreviated URL.  In "http://[[::1]]/" the second "[" is the first impossible one.
REASON_ROWS = [
    ("www.example.com", "URI", 15, ErrorKind.MISSING_SCHEME, "urikit.complete"),
    ("example.com/a", "URI", 11, ErrorKind.MISSING_SCHEME, "urikit.complete"),
    ("http://[[::1]]/", "URI-reference", 8, IPLIT, "'['"),
    ("http://[1:2x]/", "URI-reference", 11, IPLIT, "'x'"),
    ("//[]", "URI-reference", 3, IPLIT, "an address between '['"),
]


@pytest.mark.parametrize(("text", "rule", "position", "kind", "said"), REASON_ROWS)
def test_reasons_say_what_stands_at_the_position(
    text: str, rule: str, position: int, kind: ErrorKind, said: str
) -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.parse(text, rule=rule)
    assert (caught.value.position, caught.value.kind) == (position, kind)
    assert first_impossible(text, rule, R3) == position
    assert said in caught.value.reason  # the message is the point here
    assert "eight groups" not in caught.value.reason


# Positions point into the caller's text, not into a repaired or completed one.
CLIENT_ROWS: list[tuple[Callable[[str], object], str, int, ErrorKind]] = [
    # requote encodes " " and "é" (into 9 characters: host="percent"), then the port is
    # still no port: "http://h%20%C3%A9:x" may become a userinfo, so its "/" cannot belong.
    (partial(urikit.requote, host="percent"), "http://h é:x/", 12, PORT),
    (partial(urikit.requote, host="percent"), "http://h é:x", 12, PORT),
    (urikit.requote, "é://h/", 0, NONASCII),  # requote leaves a scheme alone
    (urikit.requote, "http://[::1]é/", 12, NONASCII),  # and an IP literal
    # complete brackets the address: "::" reads as "http://[::]", and "\x1c" stays at 3.
    (urikit.complete, "::/\x1c", 3, CHAR),
    (urikit.complete, "  ::1/a b", 7, CHAR),
    (urikit.complete, "www.example.com/a b", 17, CHAR),
]


IRI_IDNA = partial(urikit.iri_to_uri, host="idna")
CLIENT_ROWS += [
    # the host's escapes are decoded for IDNA: one that is no UTF-8 is where it is written
    # (iri_to_uri keeps such a name percent-encoded instead: tests/test_iri.py)
    (urikit.requote, "http://u@b\u00fc%FFcher.de/", 11, PCT),
]


@pytest.mark.parametrize(("function", "text", "position", "kind"), CLIENT_ROWS)
def test_client_positions(
    function: Callable[[str], object], text: str, position: int, kind: ErrorKind
) -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        function(text)
    assert (caught.value.text, caught.value.position, caught.value.kind) == (text, position, kind)
    # a reason says why, in no other text's positions (the repair's, the decoded host's)
    assert re.search(r"\bat (position )?\d", caught.value.reason) is None, caught.value.reason


# A host IDNA refuses, in a conversion of a whole reference: an IDNAError about the
# caller's text, at the character of the host at fault as written there (its escapes
# decoded for IDNA, RFC 3987 §3.1), its reason naming the host and no other text's index.
IDNA_ROWS: list[tuple[Callable[[str], object], str, int]] = [
    (IRI_IDNA, "http://ex\u00e9_x.com/p", 10),  # "_": UseSTD3ASCIIRules
    (IRI_IDNA, "http://u@\u00e9%C3%A9_x.com:8/", 16),  # after an escaped "é"
    (IRI_IDNA, "//a..\u00e9/", 4),  # an empty label
    (IRI_IDNA, "http://\u00e9.1/", 7),  # the result would end in a number
    (urikit.requote, "http://u@ex\u00e9_x.com/ a", 12),
    (urikit.requote, "http://a\u2100b/ x", 8),  # U+2100 maps to "a/c"
]


@pytest.mark.parametrize(("function", "text", "position"), IDNA_ROWS)
def test_client_idna_positions(function: Callable[[str], object], text: str, position: int) -> None:
    pytest.importorskip("idna")
    with pytest.raises(urikit.IDNAError) as caught:
        function(text)
    error = caught.value
    assert (error.text, error.position, error.kind) == (text, position, ErrorKind.INVALID_IDN)
    host = (
        urikit.parse(text, grammar="rfc3987").host
        if urikit.is_valid(text, grammar="rfc3987")
        else None
    )
    assert host is None or f"the host {host!r}" in error.reason
    assert re.search(r"\bat (position )?\d", error.reason) is None, error.reason


def _report(title: str, cases: list[Case]) -> None:
    invalid = [case for case in cases if case.expected is not None or case.error is not None]
    disagreements = [case for case in invalid if _position(case) != case.expected]
    print(
        f"{title}: {len(cases)} cases, {len(invalid)} invalid: the position agrees with the "
        f"oracle in {1 - len(disagreements) / max(len(cases), 1):.2%} of all cases, "
        f"{1 - len(disagreements) / max(len(invalid), 1):.2%} of the invalid ones"
    )
    by_kind = Counter(case.error.kind.name if case.error else "accepted" for case in disagreements)
    for kind, count in by_kind.most_common():
        print(f"  {count:6}  {kind}")
    for case in disagreements[:20]:
        print(f"  {case.text!r} {case.grammar} {case.rule}: {_position(case)}, not {case.expected}")


def main(argv: list[str]) -> None:
    """``python -m tests.test_positions [N [SEED]]``: the agreement on N cases (20,000
    by default), for all grammars and for each, then on N mutated RFC 3987 components;
    and the disagreements, grouped by the kind reported."""
    size = int(argv[0]) if argv else 20_000
    seed = int(argv[1]) if len(argv) > 1 else SEED
    cases = _sample(size, seed)
    _report("all grammars", cases)
    for grammar in RULES:
        _report(f"  {grammar}", [case for case in cases if case.grammar == grammar])
    _report("rfc3987 component rules", _component_sample(size, seed))


if __name__ == "__main__":
    main(sys.argv[1:])
