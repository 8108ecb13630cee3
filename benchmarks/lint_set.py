"""Attack strings and legitimate unusual URLs: ``urikit.lint`` under each grammar and its
peers scored on the labeled set of issue 22, per class, side by side.

    python benchmarks/lint_set.py                    # overall and per class, both halves
    python benchmarks/lint_set.py --half dev         # one half only
    python benchmarks/lint_set.py --misses rfc3987   # what lint misses or flags (dev half)

The set is ``tests/data/lint/set.jsonl``; its judging rule is the ``README.md`` beside
it: a *detection* is some finding of severity warning or error from a rule other than
``syntax`` on an attack string, a *false alarm* the same on a legitimate URL.  The peers
have no rules: for them a rejection counts.  ``validators.url`` rejects by returning a
failure, Django's ``URLValidator`` by raising ``ValidationError``, and
``url_has_allowed_host_and_scheme`` ("Django redirect") by returning ``False``; its
``allowed_hosts`` holds the netloc ``urllib.parse`` reads in the string (and
``testserver``), so that a rejection says Django found something wrong beyond the host
not being allowed.  It allows http and https only: its rejections of ``data:``,
``mailto:`` and ``file:`` URLs are by design, and counted as its false alarms here all
the same (a linter must not flag them).

The *development* half is the cases the first byte of whose ``id``'s SHA-256 is even:
``--misses`` lists only those, so that rules are developed on one half and measured on
both.  Needs the peers (``pip install -e '.[bench]'``); one that is missing is skipped.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import urikit

SET = Path(__file__).resolve().parent.parent / "tests" / "data" / "lint" / "set.jsonl"
SERIOUS = ("error", "warning")
GRAMMARS = ("rfc3986", "rfc3987", "rfc2396")

#: A contender: a function from a string to whether it raises the alarm.
Judge = Callable[[str], bool]


def load(path: Path = SET) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def half(case: dict[str, str]) -> str:
    """``dev`` or ``held-out``: the first byte of the SHA-256 of the case's id, even or odd."""
    return "dev" if hashlib.sha256(case["id"].encode()).digest()[0] % 2 == 0 else "held-out"


def serious(text: str, grammar: str, differential: bool = True) -> list[urikit.Finding]:
    """The findings of ``urikit.lint`` that count: warning or error, not ``syntax``."""
    ignore = () if differential else ("parser-differential",)
    found = urikit.lint(text, grammar=grammar, ignore=ignore)
    return [f for f in found if f.severity in SERIOUS and f.rule != "syntax"]


def urikit_judge(grammar: str, differential: bool = True) -> Judge:
    return lambda text: bool(serious(text, grammar, differential))


def _validators() -> Judge | None:
    try:
        import validators  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    return lambda text: not validators.url(text)


def _django_validator() -> Judge | None:
    try:
        from django.core.exceptions import ValidationError  # type: ignore[import-untyped, import-not-found, unused-ignore]
        from django.core.validators import URLValidator  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    validate = URLValidator()

    def judge(text: str) -> bool:
        try:
            validate(text)
        except ValidationError:
            return True
        return False

    return judge


def _django_redirect() -> Judge | None:
    try:
        from django.utils.http import url_has_allowed_host_and_scheme  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None

    def judge(text: str) -> bool:
        try:
            host = urllib.parse.urlsplit(text).netloc
        except ValueError:
            host = ""
        allowed = {"testserver"} | ({host} if host else set())
        return not url_has_allowed_host_and_scheme(text, allowed_hosts=allowed)

    return judge


def contenders(differential: bool = True) -> list[tuple[str, Judge]]:
    found: list[tuple[str, Judge | None]] = [
        *((f"urikit {g[3:]}", urikit_judge(g, differential)) for g in GRAMMARS),
        ("validators.url", _validators()),
        ("Django URLValidator", _django_validator()),
        ("Django redirect", _django_redirect()),
    ]
    for name, judge in found:
        if judge is None:
            print(f"(skipped: {name}, not installed)")
    return [(name, judge) for name, judge in found if judge is not None]


def _share(hits: int, total: int) -> str:
    return f"{100 * hits / total:5.1f}%" if total else "   - "


def score(
    cases: list[dict[str, str]], judges: list[tuple[str, Judge]]
) -> dict[str, dict[str, bool]]:
    """For each contender, each case id's verdict (True: alarm)."""
    return {name: {c["id"]: judge(c["text"]) for c in cases} for name, judge in judges}


def table(
    cases: list[dict[str, str]], names: list[str], verdicts: dict[str, dict[str, bool]]
) -> list[str]:
    """One row per class (attacks: detection; legitimate: false alarms), then the totals."""
    classes: dict[str, list[dict[str, str]]] = {}
    for case in cases:
        classes.setdefault(case["class"], []).append(case)
    width = max(len(n) for n in names)
    head = f"| {'class':<24} | {'n':>4} | " + " | ".join(f"{n:>{width}}" for n in names) + " |"
    rule = "|" + "-" * 26 + "|-----:|" + "|".join("-" * (width + 1) + ":" for _ in names) + "|"
    rows = [head, rule]
    attack_classes = sorted(k for k in classes if not k.startswith("legit-"))
    legit_classes = sorted(k for k in classes if k.startswith("legit-"))
    for group, label in ((attack_classes, "detected"), (legit_classes, "false alarms")):
        for klass in group:
            members = classes[klass]
            cells = [
                _share(sum(verdicts[n][c["id"]] for c in members), len(members)) for n in names
            ]
            rows.append(
                f"| {klass:<24} | {len(members):>4} | "
                + " | ".join(f"{x:>{width}}" for x in cells)
                + " |"
            )
        members = [c for k in group for c in classes[k]]
        cells = [_share(sum(verdicts[n][c["id"]] for c in members), len(members)) for n in names]
        total = f"**all: {label}**"
        rows.append(
            f"| {total:<24} | {len(members):>4} | "
            + " | ".join(f"{x:>{width}}" for x in cells)
            + " |"
        )
    return rows


def overall(
    cases: list[dict[str, str]], names: list[str], verdicts: dict[str, dict[str, bool]]
) -> list[str]:
    """Detection and false alarms per contender, on each half and on the whole set."""
    rows = [
        "| contender | detected (dev) | detected (held-out) | detected (all) "
        "| false alarms (dev) | false alarms (held-out) | false alarms (all) |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name in names:
        cells = []
        for legit in (False, True):
            for which in ("dev", "held-out", None):
                members = [
                    c
                    for c in cases
                    if c["class"].startswith("legit-") is legit and which in (None, half(c))
                ]
                cells.append(_share(sum(verdicts[name][c["id"]] for c in members), len(members)))
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return rows


def misses(cases: list[dict[str, str]], grammar: str) -> list[str]:
    """The development half's attacks lint does not detect and legitimate URLs it flags."""
    lines = []
    for case in cases:
        if half(case) != "dev":
            continue
        found = serious(case["text"], grammar)
        legit = case["class"].startswith("legit-")
        if legit and found:
            rules = ", ".join(f"{f.rule}: {f.message}" for f in found)
            lines.append(f"FALSE ALARM {case['id']}: {case['text']!r}\n    {rules}")
        elif not legit and not found:
            lines.append(f"MISSED {case['id']}: {case['text']!r}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--half", choices=("dev", "held-out", "all"), default="all")
    parser.add_argument("--misses", choices=GRAMMARS, help="list the dev half's misses")
    parser.add_argument(
        "--no-differential", action="store_true", help="lint without parser-differential"
    )
    args = parser.parse_args(argv)
    cases = load()
    if args.misses:
        print("\n".join(misses(cases, args.misses)) or "no misses")
        return
    judges = contenders(differential=not args.no_differential)
    names = [name for name, _ in judges]
    verdicts = score(cases, judges)
    attacks = sum(not c["class"].startswith("legit-") for c in cases)
    differential = "off" if args.no_differential else "on"
    print(f"{len(cases)} cases ({attacks} attacks, {len(cases) - attacks} legitimate)", end="")
    print(f"; urikit {urikit.__version__}, parser-differential {differential}\n")
    print("\n".join(overall(cases, names, verdicts)))
    chosen = cases if args.half == "all" else [c for c in cases if half(c) == args.half]
    print(f"\nper class ({args.half}):\n")
    print("\n".join(table(chosen, names, verdicts)))


if __name__ == "__main__":
    main(sys.argv[1:])
