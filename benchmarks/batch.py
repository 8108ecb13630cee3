"""urikit.batch over a whole column, against the per-URL loop a user would otherwise
write (on the compiled core), the regex kernels of pyarrow and polars, and the same loop
on the pure-Python engine; and a normalize pass scaled out (a loop, multiprocessing, the
batch API, Spark local[2]).  Nanoseconds per row on the machine it runs on.

    python benchmarks/batch.py                  # both sections
    python benchmarks/batch.py columns --repeat 7
    python benchmarks/batch.py scale --times 5  # the corpus 5 times over

``columns``: each operation over the corpus, as a ``list``, as a pyarrow ``string`` array
and as a pandas Series (of Python str, dtype object, as ``pd.Series(list)`` makes it) and
a polars Series.  The baseline (the first row, ``x loop``) is the per-URL loop over the
compiled library, the one a user replaces; all contenders run interleaved in one process:
each of ``--repeat`` rounds runs every contender once, and each reports its best round,
in this process's CPU time (what a busy machine disturbs least) and in wall time.  The
second ratio, ``x pure``, is against the same loop on the pure-Python engine, which is
chosen when urikit is imported: it runs in a child process started in each round, between
the other contenders, and times itself (its start-up is not counted).  The kernels are
``pyarrow.compute.match_substring_regex`` (RE2) and polars' ``str.contains`` (Rust regex)
running RFC 3986's ``URI-reference`` as one fully anchored regex, the one the tests use as
an oracle (``tests/oracle.py``: RE2 has no lookaround, and the pattern needs none), and
``extract_regex`` with RFC 3986 Appendix B's split (which validates nothing).  The
Arrow contenders run with the core's SIMD front end (the best the CPU has, or
``URIKIT_SIMD``'s, with the accept filter of ``csrc/accept.c`` in front of the scan) and
again with its scalar scan and no filter (issue 25).  Each
kernel's answers are compared with urikit's: a kernel is only a contender where it agrees
on every row.

``scale``: ``urikit.normalize`` over the corpus repeated ``--times`` times: a Python
loop, ``multiprocessing.Pool(2)``, ``urikit.batch.normalize`` on an Arrow column, and a
Spark job (``local[2]``: read the text file, normalize, write nowhere) timed without the
session's start.  Needs ``pip install -e '.[test]'`` (pyarrow, polars, pyspark; Java).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.oracle

import pandas as pd
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
from harness import CORPUS, load_corpus
from tests import oracle

import urikit
from urikit import _engine, batch

BASE = "http://a/b/c/d;p?q"
#: RFC 3986 Appendix B: the split every URI reference matches (no validation).
APPENDIX_B = r"^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?(?P<path>[^?#]*)(?:\?(?P<query>[^#]*))?(?:#(?P<fragment>.*))?$"


def best(function: Callable[[], object], repeat: int) -> float:
    function()  # warm-up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def table(title: str, rows: list[tuple[str, float]], count: int) -> None:
    base = rows[0][1]
    print(f"\n{title}  ({count} rows, best of runs; x = speed-up over the first)")
    print(f"  {'contender':<48} {'ns/row':>8} {'rows/s':>12} {'x':>7}")
    for name, seconds in rows:
        ns = seconds / count * 1e9
        print(f"  {name:<48} {ns:>8.0f} {count / seconds:>12,.0f} {base / seconds:>7.1f}")


def agree(name: str, got: list[Any], expected: list[Any]) -> bool:
    wrong = sum(a != b for a, b in zip(got, expected, strict=True))
    if wrong:
        print(f"  ({name} disagrees with urikit on {wrong} rows: not a contender)")
    return not wrong


def interleaved(
    title: str,
    operation: str,
    contenders: list[tuple[str, Callable[[], object]]],
    n: int,
    repeat: int,
) -> None:
    """Time ``contenders`` (the first is the per-URL loop on the compiled core) in
    ``repeat`` rounds, each running every contender once and the pure-Python loop of
    ``operation`` in a child process; print each one's best round (over ``n`` rows)
    against both loops, in this process's CPU time and in wall time."""
    for _, function in contenders:
        function()  # warm-up
    best = dict.fromkeys([name for name, _ in contenders], float("inf"))
    wall = dict.fromkeys([name for name, _ in contenders], float("inf"))
    pure = float("inf")
    for _ in range(repeat):
        for name, function in contenders:
            start, cpu = time.perf_counter(), time.process_time()
            function()
            best[name] = min(best[name], time.process_time() - cpu)
            wall[name] = min(wall[name], time.perf_counter() - start)
        pure = min(pure, pure_loop(operation))
    loop, loop_wall = best[contenders[0][0]], wall[contenders[0][0]]
    print(f"\n{title}  ({n} rows, best of {repeat} interleaved rounds)")
    heads = ("CPU ns", "x loop", "wall ns", "x loop", "x pure")
    print(f"  {'contender':<50} " + " ".join(f"{head:>7}" for head in heads))
    for name, seconds in best.items():
        ns, wall_ns = seconds / n * 1e9, wall[name] / n * 1e9
        print(
            f"  {name:<50} {ns:>7.0f} {loop / seconds:>7.2f} {wall_ns:>7.0f}"
            f" {loop_wall / wall[name]:>7.2f} {pure / wall[name]:>7.2f}"
        )
    name = "per-URL loop, pure-Python engine (child)"
    print(f"  {name:<50} {'':>7} {'':>7} {pure / n * 1e9:>7.0f} {loop_wall / pure:>7.2f} {1:>7.2f}")


def front_end() -> str:
    """The SIMD front end of the core's scan that runs (issue 25: scalar, sse2, avx2)."""
    simd = getattr(_engine.core, "simd", None)
    return "no core" if simd is None else f"{simd()} scan"


def scalar(function: Callable[[], object]) -> Callable[[], object]:
    """``function`` with the core's scalar scan (the reference the SIMD front ends skip,
    with no accept filter)."""
    simd = getattr(_engine.core, "simd", None)

    def run() -> object:
        if simd is None:
            return function()
        was = simd("scalar")
        try:
            return function()
        finally:
            simd(was)

    return run


def columns(lines: list[str], repeat: int) -> None:
    n = len(lines)
    engine = "compiled core" if hasattr(_engine.core, "list_map") else "pure Python"
    print(f"\nurikit engine: {engine}; x loop = speed-up over the per-URL loop on it")
    arrow = pa.array(lines, pa.string())
    polars = pl.Series("url", lines)
    pandas = pd.Series(lines, name="url", dtype=object)
    pattern = f"^(?:{oracle.RFC3986['URI-reference']})$"

    valid = [urikit.is_valid(line) for line in lines]
    rows = [
        ("per-URL loop: urikit.is_valid", lambda: [urikit.is_valid(s) for s in lines]),
        ("urikit.batch.is_valid(list)", lambda: batch.is_valid(lines)),
        ("urikit.batch.is_valid(pandas Series of str)", lambda: batch.is_valid(pandas)),
        ("urikit.batch.is_valid(polars Series)", lambda: batch.is_valid(polars)),
        (f"urikit.batch.is_valid(Arrow), {front_end()}", lambda: batch.is_valid(arrow)),
        ("urikit.batch.is_valid(Arrow), scalar scan", scalar(lambda: batch.is_valid(arrow))),
    ]  # fmt: skip
    if agree("pyarrow RE2", pc.match_substring_regex(arrow, pattern).to_pylist(), valid):
        rows.append(
            ("pyarrow.compute.match_substring_regex (RE2)",
             lambda: pc.match_substring_regex(arrow, pattern))
        )  # fmt: skip
    if agree("polars", polars.str.contains(pattern).to_list(), valid):
        rows.append(("polars str.contains (Rust regex)", lambda: polars.str.contains(pattern)))
    interleaved("is_valid, RFC 3986 URI-reference", "is_valid", rows, n, repeat)

    def loop(function: Callable[[str], object]) -> Callable[[], list[object]]:
        def run() -> list[object]:
            out: list[object] = []
            for line in lines:
                try:
                    out.append(function(line))
                except (urikit.URISyntaxError, urikit.ResolutionError):
                    out.append(None)
            return out

        return run

    interleaved(
        "split into the eight components",
        "split",
        [
            ("per-URL loop: urikit.parse(s).components() (a dict)", loop(LOOPS["split"])),
            ("urikit.batch.split(list) -> dicts", lambda: batch.split(lines)),
            ("urikit.batch.split(pandas Series) -> struct", lambda: batch.split(pandas)),
            ("urikit.batch.split(polars Series) -> struct", lambda: batch.split(polars)),
            (f"urikit.batch.split(Arrow) -> struct, {front_end()}", lambda: batch.split(arrow)),
            ("urikit.batch.split(Arrow) -> struct, scalar scan",
             scalar(lambda: batch.split(arrow))),
            ("pyarrow extract_regex, Appendix B (no validation)",
             lambda: pc.extract_regex(arrow, APPENDIX_B)),
            ("polars extract_groups, Appendix B (no validation)",
             lambda: polars.str.extract_groups(APPENDIX_B)),
        ],
        n,
        repeat,
    )  # fmt: skip
    interleaved(
        "normalize (scheme level)",
        "normalize",
        [
            ("per-URL loop: urikit.normalize", loop(urikit.normalize)),
            ("urikit.batch.normalize(list)", lambda: batch.normalize(lines)),
            ("urikit.batch.normalize(Arrow)", lambda: batch.normalize(arrow)),
            ("urikit.batch.normalize(pandas Series)", lambda: batch.normalize(pandas)),
            ("urikit.batch.normalize(polars Series)", lambda: batch.normalize(polars)),
        ],
        n,
        repeat,
    )
    interleaved(
        f"resolve against {BASE}",
        "resolve",
        [
            ("per-URL loop: urikit.resolve", loop(LOOPS["resolve"])),
            ("urikit.batch.resolve(list)", lambda: batch.resolve(BASE, lines)),
            ("urikit.batch.resolve(Arrow)", lambda: batch.resolve(BASE, arrow)),
            ("urikit.batch.resolve(pandas Series)", lambda: batch.resolve(BASE, pandas)),
            ("urikit.batch.resolve(polars Series)", lambda: batch.resolve(BASE, polars)),
        ],
        n,
        repeat,
    )


# -- scale: one normalize pass, four ways ------------------------------------------------
def normalized(line: str) -> str | None:
    try:
        return urikit.normalize(line)
    except urikit.URISyntaxError:
        return None


def scale(lines: list[str], times: int, repeat: int) -> None:
    many = lines * times
    n = len(many)
    arrow = pa.array(many, pa.string())
    rows = [("Python loop: urikit.normalize", best(lambda: [normalized(s) for s in many], repeat))]
    with multiprocessing.Pool(2) as pool:
        rows.append(
            ("multiprocessing.Pool(2).map, chunks of 2,000",
             best(lambda: pool.map(normalized, many, chunksize=2000), repeat))
        )  # fmt: skip
    rows.append(
        ("urikit.batch.normalize(Arrow), one process", best(lambda: batch.normalize(arrow), repeat))
    )
    rows.append(spark_job(many, repeat))
    table("normalize, scaled out on this machine", rows, n)


def spark_job(many: list[str], repeat: int) -> tuple[str, float]:
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    from urikit import spark as uf

    start = time.perf_counter()
    session = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    print(f"\n(Spark local[2] session started in {time.perf_counter() - start:.1f} s)")
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory, "urls.txt")
        path.write_text("\n".join(many) + "\n", "utf-8")

        def job() -> None:
            df = session.read.text(str(path)).select(uf.normalize("value").alias("normal"))
            df.write.format("noop").mode("overwrite").save()

        seconds = best(job, repeat)
    session.stop()
    return "Spark local[2]: read text, normalize, noop write", seconds


#: The corpus directory this run reads (--corpus), passed on to :func:`pure_loop`'s child.
CORPUS_USED: Path = CORPUS
#: The per-URL loops of :func:`pure_loop`, by operation.
LOOPS: dict[str, Callable[[str], object]] = {
    "is_valid": urikit.is_valid,
    "split": lambda line: urikit.parse(line).components(),
    "normalize": urikit.normalize,
    "resolve": lambda line: urikit.resolve(BASE, line),
}


def pure_loop(operation: str) -> float:
    """One timed run of the per-URL loop of ``operation`` on the pure-Python engine: this
    script again, in a child process with ``URIKIT_PURE_PYTHON=1`` (the engine is chosen
    when urikit is imported), after a warm-up run there."""
    env = {**os.environ, "URIKIT_PURE_PYTHON": "1"}
    command = [sys.executable, __file__, "--pure-loop", operation, "--corpus", str(CORPUS_USED)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def _pure_loop_child(operation: str, lines: list[str]) -> None:
    assert _engine.core is None, "URIKIT_PURE_PYTHON=1 must select the Python engine"
    function = LOOPS[operation]

    def run() -> None:
        for line in lines:
            try:
                function(line)
            except (urikit.URISyntaxError, urikit.ResolutionError):
                pass

    print(best(run, 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*", choices=[[], "columns", "scale"], default=[])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--times", type=int, default=3, help="the corpus this many times (scale)")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="directory of *.txt")
    parser.add_argument("--pure-loop", choices=list(LOOPS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    global CORPUS_USED
    CORPUS_USED = args.corpus  # the child of pure_loop reads the same lines
    lines = load_corpus(args.corpus)
    if args.pure_loop:
        _pure_loop_child(args.pure_loop, lines)
        return
    sections = args.sections or ["columns", "scale"]
    if "columns" in sections:
        columns(lines, args.repeat)
    if "scale" in sections:
        scale(lines, args.times, max(1, args.repeat // 2))


if __name__ == "__main__":
    main()
