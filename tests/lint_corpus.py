"""How often :func:`urikit.lint` speaks on real URLs (issue 14): the share of the corpus
(``../shared/corpus``, or the directory given) with a finding of severity warning or
above, and each rule's count of URLs, with examples.

    python -m tests.lint_corpus [DIRECTORY] [--examples N]

A finding on a real URL is not a false positive when the URL has the defect the rule
names (HTML-escaped ``&amp;`` in a query does split differently at ``;``); the report
lists examples so that each count can be judged.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path

import urikit

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
SERIOUS = ("error", "warning")


def load(directory: Path) -> list[str]:
    """The corpus lines: every ``*.txt`` file, byte order mark and blank lines dropped."""
    lines: list[str] = []
    for path in sorted(directory.glob("*.txt")):
        lines.extend(line for line in path.read_text("utf-8-sig").splitlines() if line)
    return lines


def measure(lines: list[str], examples: int = 3) -> str:
    """The report: totals, then one line per rule (URLs with a finding of it)."""
    flagged = escaped = 0
    urls: Counter[str] = Counter()
    shown: dict[str, list[str]] = defaultdict(list)
    severities = {rule.name: rule.severity for rule in urikit.LINT_RULES.values()}
    for line in lines:
        found = urikit.lint(line)
        flagged += any(f.severity in SERIOUS for f in found)
        for f in found:
            urls[f.rule] += 1
            escaped += "HTML character reference" in f.message
            if len(shown[f.rule]) < examples:
                shown[f.rule].append(line[:100])
    share = 100 * flagged / len(lines)
    report = [
        f"{len(lines)} URLs, {flagged} ({share:.2f}%) with a finding of severity warning or above",
        f"(query-semicolon: {escaped} of them at an HTML character reference, &amp;)",
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
