"""How often :func:`urikit.lint` speaks on real URLs (issues 14 and 19), two figures:

* **flagged**: the share of the corpus (``../shared/corpus``, or the directory given)
  with a finding of severity warning or above.  Most of these URLs have the defect the
  rule names (invalid characters, backslashes, HTML-escaped ``&amp;`` copied from a
  page's source): a flag is not a false positive.
* **false alarms**: the share of the URLs *judged clean* with such a finding.  The
  judging rule, decided without lint: a URL is clean when it is an absolute URI by RFC
  3986's ``URI`` rule as the independent oracle reads it (``tests/oracle.py``, one
  regex per ABNF rule, its character sets typed from the RFC) and holds no HTML
  character reference (``&name;``, ``&#N;``, ``&#xH;``: text copied from HTML source
  without decoding it).  Every warning on a clean URL counts as a false alarm, whatever
  the rule, and the report lists them all.

    python -m tests.lint_corpus [DIRECTORY] [--examples N]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter, defaultdict
from pathlib import Path

import urikit
from tests import oracle

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
SERIOUS = ("error", "warning")
#: The judging rule's two tests (the module docstring).
ABSOLUTE_URI = re.compile(f"(?:{oracle.RFC3986['URI']})\\Z")
CHARACTER_REFERENCE = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9A-Fa-f]+);")


def clean(url: str) -> bool:
    """Whether ``url`` is judged clean (the module docstring's rule, not lint's)."""
    return bool(ABSOLUTE_URI.match(url)) and not CHARACTER_REFERENCE.search(url)


def load(directory: Path) -> list[str]:
    """The corpus lines: every ``*.txt`` file, byte order mark and blank lines dropped."""
    lines: list[str] = []
    for path in sorted(directory.glob("*.txt")):
        lines.extend(line for line in path.read_text("utf-8-sig").splitlines() if line)
    return lines


def measure(lines: list[str], examples: int = 3) -> str:
    """The report: the two figures, each false alarm, then one line per rule (URLs
    with a finding of it)."""
    flagged = escaped = judged_clean = 0
    alarms: list[tuple[str, str]] = []
    urls: Counter[str] = Counter()
    shown: dict[str, list[str]] = defaultdict(list)
    severities = {rule.name: rule.severity for rule in urikit.LINT_RULES.values()}
    for line in lines:
        found = urikit.lint(line)
        serious = [f.rule for f in found if f.severity in SERIOUS]
        flagged += bool(serious)
        if clean(line):
            judged_clean += 1
            alarms.extend((rule, line) for rule in serious)
        for f in found:
            urls[f.rule] += 1
            escaped += "HTML character reference" in f.message
            if len(shown[f.rule]) < examples:
                shown[f.rule].append(line[:100])
    share = 100 * flagged / len(lines)
    alarmed = len({line for _, line in alarms})
    report = [
        f"flagged: {flagged} of {len(lines)} URLs ({share:.2f}%) with a finding of severity"
        " warning or above",
        f"(query-semicolon: {escaped} of them at an HTML character reference, &amp;)",
        f"false alarms: {alarmed} of {judged_clean} URLs judged clean"
        f" ({100 * alarmed / max(judged_clean, 1):.3f}%) with such a finding:",
        *(f"    {rule}: {line[:100]}" for rule, line in alarms),
        f"{'rule':<26} {'severity':<8} {'URLs':>6} {'share':>7}",
    ]
    for rule, count in urls.most_common():
        report.append(
            f"{rule:<26} {severities[rule]:<8} {count:>6} {100 * count / len(lines):>6.2f}%"
        )
        report.extend(f"    {example}" for example in shown[rule])
    return "\n".join(report)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--examples", type=int, default=3, help="URLs shown per rule")
    args = parser.parse_args(argv)
    print(measure(load(args.directory), args.examples))


if __name__ == "__main__":  # pragma: no cover
    main()
