"""The labeled set of issue 22 (``tests/data/lint/``): its integrity, the issue's floors,
and ``urikit.lint``'s score on it: exactly which attacks it misses and which legitimate
URLs it flags in each grammar (detection at least 98% and false alarms at most 2%), and
the same verdict on every case under rfc3986, rfc3987 and rfc2396 (a syntax error is one
finding among the others, never the signal of a deception).  The judging rule is the
README's; ``benchmarks/lint_set.py`` prints the tables, with peers.
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


#: The cases the judging rule scores wrong, exactly: an attack without an alarm, and a
#: legitimate URL with one.  Any change, better or worse, fails until these lists are
#: updated with the reason (a floor such as "detection at least 98%" would let 8 attacks
#: slip by with every test green).
MISSED = {
    # /redirect/%2F%5Cevil.example.net: an escaped slash and backslash in the middle of
    # a path, where %2F keeps a name whole (group%2Fproject): encoded-slash says info
    "encoded-delimiter-032",
}
FLAGGED = {
    # data:text/csv;charset=utf-8,a%2Cb%0A1%2C2: a line break in inert data, which
    # encoded-control calls an error (outside a mailto: body, %0A splits headers and logs)
    "legit-data-022",
}


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_the_cases_scored_wrong_in_each_grammar(grammar: str) -> None:
    attacks = [c for c in CASES if not c["class"].startswith("legit-")]
    legit = [c for c in CASES if c["class"].startswith("legit-")]
    missed = {c["id"] for c in attacks if not _alarm(c["text"], grammar)}
    flagged = {c["id"] for c in legit if _alarm(c["text"], grammar)}
    assert (missed, flagged) == (MISSED, FLAGGED)
    # the issue's bars, which these lists imply: detection >= 98%, false alarms <= 2%
    assert len(missed) <= 0.02 * len(attacks) and len(flagged) <= 0.02 * len(legit)


def test_the_verdict_does_not_depend_on_the_grammar() -> None:
    differ = [c["id"] for c in CASES if len({_alarm(c["text"], g) for g in GRAMMARS}) > 1]
    assert differ == []
