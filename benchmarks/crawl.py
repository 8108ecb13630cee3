"""Canonicalization and SURT keys side by side, in one process, on the corpus:
urikit.canonicalize against w3lib.url.canonicalize_url and urlcanon (google and
semantic), urikit.surt against the surt package (used as a black box: it is AGPL and
never read), and the pass counts of each on the reference sets of
tests/data/canonicalize/ (judged as the tests judge them).

    .venv/bin/pip install w3lib urlcanon surt   # not urikit's dependencies
    .venv/bin/python benchmarks/crawl.py [--repeat N] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import surt as surt_package  # type: ignore[import-untyped]
import urlcanon  # type: ignore[import-untyped]
from harness import CORPUS, load_corpus, time_contenders
from w3lib.url import canonicalize_url  # type: ignore[import-untyped]

import urikit

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "canonicalize"


def urlcanon_text(canonicalizer: object) -> Callable[[str], str]:
    """urlcanon on text: its parser takes bytes (UTF-8 here) and gives bytes."""

    def run(url: str) -> str:
        parsed = urlcanon.parse_url(url.encode("utf-8", "surrogateescape"))
        canonicalizer(parsed)  # type: ignore[operator]
        return str(parsed).encode("latin-1").decode("utf-8", "surrogateescape")

    return run


def text_of(case: str) -> str:
    """The judging rule of tests/data/canonicalize/README.md."""
    try:
        return case.encode("latin-1").decode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return case


def passes(function: Callable[[str], str], cases: dict[str, str]) -> int:
    count = 0
    for case, expected in cases.items():
        try:
            count += function(text_of(case)) == expected
        except Exception:  # a peer that raises fails the case
            pass
    return count


def reference_table() -> None:
    google = json.loads((DATA / "google_safe_browsing_v4.json").read_text("utf-8"))
    semantic = json.loads((DATA / "semantic_precise.json").read_text("utf-8"))
    aggressive = json.loads((DATA / "aggressive.json").read_text("utf-8"))
    ia = json.loads((DATA / "surt.json").read_text("utf-8"))["defaultIASurt"]
    rows = [
        (
            "Safe Browsing v4 list",
            google,
            [
                ("urikit google", lambda u: urikit.canonicalize(u, "google")),
                ("urlcanon google", urlcanon_text(urlcanon.google)),
                ("w3lib canonicalize_url", canonicalize_url),
            ],
        ),
        (
            "urlcanon semantic_precise",
            semantic,
            [
                ("urikit semantic", lambda u: urikit.canonicalize(u, "semantic")),
                ("urlcanon semantic_precise", urlcanon_text(urlcanon.semantic_precise)),
            ],
        ),
        (
            "urlcanon aggressive",
            aggressive,
            [
                ("urikit aggressive", lambda u: urikit.canonicalize(u, "aggressive")),
                ("urlcanon aggressive", urlcanon_text(urlcanon.aggressive)),
            ],
        ),
        (
            "surt defaultIASurt",
            ia,
            [
                ("urikit surt", urikit.surt),
                ("surt.surt", surt_package.surt),
            ],
        ),
    ]
    print("\nreference sets (cases passed, judged as tests/data/canonicalize/README.md says)")
    for title, cases, contenders in rows:
        counts = ", ".join(f"{name} {passes(fn, cases)}" for name, fn in contenders)
        print(f"  {title} ({len(cases)}): {counts}")


def agreement(lines: list[str]) -> None:
    """On how many corpus lines urikit's key equals the peer's, and a few that differ."""
    pairs = [
        ("google", "urlcanon.google", urlcanon_text(urlcanon.google)),
        ("semantic", "urlcanon.semantic_precise", urlcanon_text(urlcanon.semantic_precise)),
        ("aggressive", "urlcanon.aggressive", urlcanon_text(urlcanon.aggressive)),
        ("surt", "surt.surt", surt_package.surt),
    ]
    print("\nagreement on the corpus (lines where both give the same key)")
    for profile, name, peer in pairs:
        key: Callable[[str], str] = (
            urikit.surt if profile == "surt" else lambda u, p=profile: urikit.canonicalize(u, p)
        )

        def ours(line: str, key: Callable[[str], str] = key) -> str:
            try:
                return key(line)
            except urikit.URISyntaxError as error:  # refused (no host): differs
                return repr(error)

        differ = []
        for line in lines:
            try:
                theirs = peer(line)
            except Exception as error:  # a peer that raises differs
                theirs = repr(error)
            if ours(line) != theirs:
                differ.append(line)
        print(f"  urikit {profile} = {name}: {len(lines) - len(differ)} of {len(lines)}")
        for line in differ[:: max(1, len(differ) // 3)][:3]:
            print(f"    {line[:70]!r}: {ours(line)[:60]!r} vs {str(peer(line))[:60]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args()
    lines = load_corpus(args.corpus, limit=args.limit)
    print(f"{len(lines)} corpus lines, urikit engine: {urikit.ENGINE}")
    for title, contenders in [
        (
            "canonicalize, google profile",
            [
                ("urikit.canonicalize google", lambda u: urikit.canonicalize(u, "google")),
                ("urlcanon.google", urlcanon_text(urlcanon.google)),
                ("w3lib.canonicalize_url", canonicalize_url),
            ],
        ),
        (
            "canonicalize, semantic profile",
            [
                ("urikit.canonicalize semantic", lambda u: urikit.canonicalize(u, "semantic")),
                ("urlcanon.semantic_precise", urlcanon_text(urlcanon.semantic_precise)),
                ("w3lib.canonicalize_url", canonicalize_url),
            ],
        ),
        (
            "canonicalize, aggressive profile",
            [
                ("urikit.canonicalize aggressive", lambda u: urikit.canonicalize(u, "aggressive")),
                ("urlcanon.aggressive", urlcanon_text(urlcanon.aggressive)),
            ],
        ),
        (
            "SURT key, Internet Archive form",
            [("urikit.surt", urikit.surt), ("surt.surt", surt_package.surt)],
        ),
    ]:
        time_contenders(title, contenders, lines, args.repeat)
    reference_table()
    agreement(lines)


if __name__ == "__main__":
    main()
