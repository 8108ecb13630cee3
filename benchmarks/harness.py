"""Timing side by side: every contender over the same corpus, in one process.

A contender is a name and a function of one input (a corpus line, or a tuple built
from corpus lines); a call that raises counts as done (peers reject some inputs).
Each contender runs ``repeat`` times over the whole corpus after a warm-up pass; the
best run is reported as ns per URL, with its ratio to the first contender (urikit).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
Contender = tuple[str, Callable[[Any], object]]


def load_corpus(directory: Path = CORPUS, limit: int | None = None) -> list[str]:
    """The corpus lines (all ``*.txt`` files, BOM and blank lines dropped)."""
    lines: list[str] = []
    for path in sorted(directory.glob("*.txt")):
        text = path.read_text(encoding="utf-8-sig")
        lines.extend(line for line in text.splitlines() if line)
    return lines[:limit] if limit else lines


def _run_once(function: Callable[[Any], object], lines: Sequence[Any]) -> float:
    start = time.perf_counter()
    for line in lines:
        try:
            function(line)
        except Exception:
            pass
    return time.perf_counter() - start


def time_contenders(
    title: str, contenders: Sequence[Contender], lines: Sequence[Any], repeat: int = 5
) -> list[tuple[str, float]]:
    """Time each contender; print and return ``(name, ns per line)``, best of ``repeat``.

    Runs are interleaved (round-robin over contenders) so that a noisy machine slows
    all of them alike rather than whichever happened to run during the noise.
    """
    best = {name: float("inf") for name, _ in contenders}
    for _, function in contenders:
        _run_once(function, lines)  # warm-up: caches, imports, lazy compilation
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            for name, function in contenders:
                best[name] = min(best[name], _run_once(function, lines))
    finally:
        if gc_was_enabled:
            gc.enable()
    results = [(name, best[name] / len(lines) * 1e9) for name, _ in contenders]
    report(title, results, len(lines))
    return results


def report(title: str, results: Sequence[tuple[str, float]], count: int) -> None:
    """Print a table: ns/URL and each contender's time relative to the first."""
    base = results[0][1]
    print(f"\n{title}  ({count} URLs, best of runs)")
    print(f"  {'contender':<34} {'ns/URL':>10} {'x urikit':>9}")
    for name, ns in results:
        print(f"  {name:<34} {ns:>10.0f} {ns / base:>9.2f}")
