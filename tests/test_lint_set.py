"""The labeled set of issue 22 (``tests/data/lint/``): its integrity, the issue's floors,
and ``urikit.lint``'s bars on it: detection at least 98% and false alarms at most 2% in
each grammar, and the same verdict on every case under rfc3986, rfc3987 and rfc2396 (a
syntax error is one finding among the others, never the signal of a deception).  The
judging rule is the README's; ``benchmarks/lint_set.py`` prints the tables, with peers.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import urikit

SET = Path(__file__).parent / "data" / "lint" / "set.jsonl"
CASES = [json.loads(line) for line in SET.read_text("utf-8").split("\n") if line]  # not U+2028
GRAMMARS = ("rfc3986", "rfc3987", "rfc2396")


def _alarm(text: str, grammar: str) -> bool:
    """The judging rule: a finding of warning or error from a rule other than syntax."""
    found = urikit.lint(text, grammar=grammar)
    return any(f.severity in ("error", "warning") and f.rule != "syntax" for f in found)


def test_the_set_holds_what_the_issue_asks() -> None:
    assert len({case["id"] for case in CASES}) == len(CASES)
    assert len({case["text"] for case in CASES}) == len(CASES)
    attacks = [case for case in CASES if not case["class"].startswith("legit-")]
    assert len(attacks) >= 400 and len({case["class"] for case in attacks}) >= 15
    assert len(CASES) - len(attacks) >= 300
    assert all(
        case["source"] and set(case) <= {"id", "class", "text", "source", "note"} for case in CASES
    )
    halves = [hashlib.sha256(c["id"].encode()).digest()[0] % 2 for c in CASES]
    assert 0.4 < sum(halves) / len(halves) < 0.6  # two halves of about the same size


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_the_bars_in_each_grammar(grammar: str) -> None:
    attacks = [c for c in CASES if not c["class"].startswith("legit-")]
    legit = [c for c in CASES if c["class"].startswith("legit-")]
    detected = sum(_alarm(c["text"], grammar) for c in attacks) / len(attacks)
    alarms = sum(_alarm(c["text"], grammar) for c in legit) / len(legit)
    assert detected >= 0.98 and alarms <= 0.02, (detected, alarms)


def test_the_verdict_does_not_depend_on_the_grammar() -> None:
    differ = [c["id"] for c in CASES if len({_alarm(c["text"], g) for g in GRAMMARS}) > 1]
    assert differ == []
