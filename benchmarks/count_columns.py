"""Instructions per row of the batch API's normalize and resolve against the compiled
per-URL loop, counted by callgrind (instruction counts do not depend on machine load).

    python benchmarks/count_columns.py [--rows 20000]

Each contender runs in its own ``valgrind --tool=callgrind`` child (``PYTHONHASHSEED=0``,
the garbage collector disabled) over the first ``--rows`` lines of ../shared/corpus,
``--times`` times over; a child that only loads the rows (and makes the Arrow array) is
subtracted, and the difference is divided by the rows and the times.  The children's
fixed cost varies by about 1% from run to run (pyarrow's threads): ``--times 5`` makes
that a fifth as much per row.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness

from harness import CORPUS

BASE = "http://a/b/c/d;p?q"


def _contenders(lines: list[str]) -> dict[str, Callable[[], object]]:
    import pyarrow as pa

    import urikit
    from urikit import batch

    arrow = pa.array(lines, pa.string())

    def loop(function: Callable[[str], object]) -> Callable[[], object]:
        def run() -> list[object]:
            out: list[object] = []
            for line in lines:
                try:
                    out.append(function(line))
                except (urikit.URISyntaxError, urikit.ResolutionError):
                    out.append(None)
            return out

        return run

    return {
        "setup": lambda: None,
        "normalize loop": loop(urikit.normalize),
        "normalize list": lambda: batch.normalize(lines),
        "normalize Arrow": lambda: batch.normalize(arrow),
        "resolve loop": loop(lambda line: urikit.resolve(BASE, line)),
        "resolve list": lambda: batch.resolve(BASE, lines),
        "resolve Arrow": lambda: batch.resolve(BASE, arrow),
    }


def _child(name: str, rows: int, corpus: Path, times: int) -> None:
    from harness import load_corpus

    lines = load_corpus(corpus, rows)
    assert len(lines) == rows, f"{corpus} has fewer than {rows} lines"
    contenders = _contenders(lines)
    gc.disable()
    for _ in range(times):
        contenders[name]()


def _count(name: str, rows: int, corpus: Path, times: int) -> int:
    with tempfile.TemporaryDirectory() as directory:
        out = Path(directory, "callgrind.out")
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
            sys.executable, __file__, "--child", name, "--rows", str(rows), "--corpus", str(corpus),
            "--times", str(times),
        ]  # fmt: skip
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        subprocess.run(command, env=env, check=True, capture_output=True)
        summary = re.search(r"^summary: (\d+)", out.read_text(), re.MULTILINE)
        assert summary is not None
        return int(summary.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="directory of *.txt")
    parser.add_argument(
        "--times", type=int, default=1, help="run each contender this many times in its child"
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("only", nargs="*", help="contenders (default: all)")
    args = parser.parse_args()
    if args.child:
        _child(args.child, args.rows, args.corpus, args.times)
        return
    setup = _count("setup", args.rows, args.corpus, args.times)
    names = args.only or [name for name in _contenders([]) if name != "setup"]
    print(f"instructions per row over {args.rows} rows of the corpus x {args.times} (callgrind)")
    loops: dict[str, float] = {}
    for name in names:
        per_row = (
            (_count(name, args.rows, args.corpus, args.times) - setup) / args.rows / args.times
        )
        operation = name.split()[0]
        if name.endswith("loop"):
            loops[operation] = per_row
        ratio = f"  x loop {loops[operation] / per_row:.2f}" if operation in loops else ""
        print(f"  {name:<20} {per_row:>10,.0f}{ratio}", flush=True)


if __name__ == "__main__":
    main()
