"""Per-URL parse, normalize and resolve against ``ada_url``, and what a URIReference costs
(issue 25): ratios in one process, instruction counts per call, bytes per reference.

    python benchmarks/reference.py                 # ratios (interleaved) and bytes
    python benchmarks/reference.py --corpus /work/shared/corpus   # from a worktree
    # instructions per call: callgrind's total for N calls less that for 0, over N
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/reference.py --count parse --calls 20000

Ratios are urikit's time over ada's (below 1: urikit is faster); each is the best of
``--repeat`` interleaved rounds.  "kept" keeps every result in a list with the garbage
collector on, as a program that parses a file into memory does; "dropped" drops each.
Bytes per reference: tracemalloc's growth over the corpus parsed into a list, per URL,
the list's own slots not counted.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import CORPUS, load_corpus
from run import resolution_pairs

import urikit


def _dropped(function: Callable[[Any], object], items: Sequence[Any]) -> float:
    gc.disable()
    start = time.perf_counter()
    for item in items:
        try:
            function(item)
        except Exception:
            pass
    elapsed = time.perf_counter() - start
    gc.enable()
    return elapsed


def _kept(function: Callable[[Any], object], items: Sequence[Any]) -> float:
    kept: list[object] = []
    append = kept.append
    gc.collect()
    gc.enable()
    start = time.perf_counter()
    for item in items:
        try:
            append(function(item))
        except Exception:
            pass
    elapsed = time.perf_counter() - start
    del kept
    gc.collect()
    return elapsed


def _star(function: Callable[..., object]) -> Callable[[tuple[str, str]], object]:
    return lambda pair: function(*pair)


def sections(lines: list[str]) -> list[tuple[str, Callable[..., float], Any, Any, Any]]:
    """(title, runner, items, urikit's function, ada's function)."""
    import ada_url  # type: ignore[import-untyped]

    valid = [line for line in lines if urikit.is_valid(line)]
    pairs = resolution_pairs(lines)
    return [
        ("parse, dropped", _dropped, valid, urikit.parse, ada_url.URL),
        ("parse, kept (gc on)", _kept, valid, urikit.parse, ada_url.URL),
        ("normalize", _dropped, valid, urikit.normalize, ada_url.normalize_url),
        ("resolve", _dropped, pairs, _star(urikit.resolve), _star(ada_url.join_url)),
    ]


def ratios(lines: list[str], repeat: int) -> None:
    print(f"urikit engine: {urikit.ENGINE}; {sys.version.split()[0]}")
    for title, runner, items, ours, theirs in sections(lines):
        best = [float("inf"), float("inf")]
        for _ in range(repeat):
            for k, function in enumerate((ours, theirs)):
                best[k] = min(best[k], runner(function, items))
        ns = [b / len(items) * 1e9 for b in best]
        print(f"{title:<22} urikit {ns[0]:7.0f} ns  ada {ns[1]:7.0f} ns  ratio {ns[0] / ns[1]:.3f}")


def bytes_per_reference(lines: list[str]) -> float:
    """tracemalloc's bytes per URIReference over the corpus (the list itself excluded)."""
    valid = [line for line in lines if urikit.is_valid(line)]
    kept: list[object] = [None] * len(valid)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for i, line in enumerate(valid):
        kept[i] = urikit.parse(line)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / len(valid)


def count(lines: list[str], section: str, n: int) -> None:
    """``n`` calls of urikit's ``section`` with the garbage collector off, after every
    set-up: callgrind's count of this run less that of ``n = 0`` is their cost."""
    valid = [line for line in lines if urikit.is_valid(line)]
    items: Sequence[Any] = valid
    function: Callable[[Any], object]
    if section == "parse":
        function = urikit.parse
    elif section == "normalize":
        function = urikit.normalize
    else:
        items, function = resolution_pairs(lines), _star(urikit.resolve)
    for item in items[:1000]:  # warm-up in both runs
        function(item)
    gc.disable()
    for item in items[:n]:
        function(item)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--count", choices=["parse", "normalize", "resolve"])
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="a folder of *.txt")
    args = parser.parse_args()
    lines = load_corpus(args.corpus)
    if not lines:
        parser.error(f"no corpus in {args.corpus} (give --corpus)")
    if args.count:
        count(lines, args.count, args.calls)
        return
    ratios(lines, args.repeat)
    print(f"URIReference: {bytes_per_reference(lines):.0f} bytes (tracemalloc, corpus average)")


if __name__ == "__main__":
    main()
