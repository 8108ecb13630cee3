"""urikit.batch over a whole column, against the per-URL loop and the regex kernels of
pyarrow and polars; and a normalize pass scaled out (a loop, multiprocessing, the batch
API, Spark local[2]).  Rows per second on the machine it runs on.

    python benchmarks/batch.py                  # both sections
    python benchmarks/batch.py columns --repeat 7
    python benchmarks/batch.py scale --times 5  # the corpus 5 times over

``columns``: each operation over the corpus as a pyarrow ``string`` array, against the
per-URL loop on the pure-Python engine (a child process with ``URIKIT_PURE_PYTHON=1``)
and with the compiled core; the kernels
are ``pyarrow.compute.match_substring_regex`` (RE2) and polars' ``str.contains`` (Rust
regex) running RFC 3986's ``URI-reference`` as one fully anchored regex, the one the
tests use as an oracle (``tests/oracle.py``, built from ``urikit._charsets``' sets:
RE2 has no lookaround, and the pattern needs none), and ``extract_regex`` with RFC 3986
Appendix B's split (which validates nothing).  Each kernel's answers are compared with
urikit's: a kernel is only a contender where it agrees on every row.

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

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
from harness import CORPUS, load_corpus
from tests import oracle

import urikit
from urikit import _native, batch

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


def columns(lines: list[str], repeat: int) -> None:
    engine = "compiled core" if hasattr(_native.core, "column_valid") else "pure Python"
    print(f"\nurikit.batch engine: {engine}")
    arrow = pa.array(lines, pa.string())
    polars = pl.Series("url", lines)
    pattern = f"^(?:{oracle.RFC3986['URI-reference']})$"
    n = len(lines)

    valid = [urikit.is_valid(line) for line in lines]
    rows = [
        ("per-URL loop, pure-Python engine", pure_loop("is_valid", repeat)),
        (
            "per-URL loop: urikit.is_valid",
            best(lambda: [urikit.is_valid(s) for s in lines], repeat),
        ),
        ("urikit.batch.is_valid(list)", best(lambda: batch.is_valid(lines), repeat)),
        ("urikit.batch.is_valid(Arrow)", best(lambda: batch.is_valid(arrow), repeat)),
    ]
    if agree("pyarrow RE2", pc.match_substring_regex(arrow, pattern).to_pylist(), valid):
        rows.append(
            ("pyarrow.compute.match_substring_regex (RE2)",
             best(lambda: pc.match_substring_regex(arrow, pattern), repeat))
        )  # fmt: skip
    if agree("polars", polars.str.contains(pattern).to_list(), valid):
        rows.append(
            ("polars str.contains (Rust regex)", best(lambda: polars.str.contains(pattern), repeat))
        )
    table("is_valid, RFC 3986 URI-reference", rows, n)

    def split_loop() -> list[object]:
        out: list[object] = []
        for line in lines:
            try:
                out.append(urikit.parse(line).components())
            except urikit.URISyntaxError:
                out.append(None)
        return out

    table(
        "split into the eight components",
        [
            ("per-URL loop, pure-Python engine", pure_loop("split", repeat)),
            ("per-URL loop: urikit.parse(...).components()", best(split_loop, repeat)),
            ("urikit.batch.split(Arrow) -> struct", best(lambda: batch.split(arrow), repeat)),
            ("pyarrow extract_regex, Appendix B (no validation)",
             best(lambda: pc.extract_regex(arrow, APPENDIX_B), repeat)),
            ("polars extract_groups, Appendix B (no validation)",
             best(lambda: polars.str.extract_groups(APPENDIX_B), repeat)),
        ],
        n,
    )  # fmt: skip

    def per_url(function: Callable[[str], str]) -> Callable[[], list[str | None]]:
        def run() -> list[str | None]:
            out: list[str | None] = []
            for line in lines:
                try:
                    out.append(function(line))
                except (urikit.URISyntaxError, urikit.ResolutionError):
                    out.append(None)
            return out

        return run

    table(
        "normalize (scheme level)",
        [
            ("per-URL loop, pure-Python engine", pure_loop("normalize", repeat)),
            ("per-URL loop: urikit.normalize", best(per_url(urikit.normalize), repeat)),
            ("urikit.batch.normalize(Arrow)", best(lambda: batch.normalize(arrow), repeat)),
        ],
        n,
    )
    table(
        f"resolve against {BASE}",
        [
            ("per-URL loop, pure-Python engine", pure_loop("resolve", repeat)),
            (
                "per-URL loop: urikit.resolve",
                best(per_url(lambda s: urikit.resolve(BASE, s)), repeat),
            ),
            ("urikit.batch.resolve(Arrow)", best(lambda: batch.resolve(BASE, arrow), repeat)),
        ],
        n,
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


#: The per-URL loops of :func:`pure_loop`, by operation.
LOOPS: dict[str, Callable[[str], object]] = {
    "is_valid": urikit.is_valid,
    "split": lambda line: urikit.parse(line).components(),
    "normalize": urikit.normalize,
    "resolve": lambda line: urikit.resolve(BASE, line),
}


def pure_loop(operation: str, repeat: int) -> float:
    """The best time of the per-URL loop of ``operation`` on the pure-Python engine: this
    script again, in a child process of the same run with ``URIKIT_PURE_PYTHON=1`` (the
    engine is chosen when urikit is imported)."""
    env = {**os.environ, "URIKIT_PURE_PYTHON": "1"}
    command = [sys.executable, __file__, "--pure-loop", operation, "--repeat", str(repeat)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def _pure_loop_child(operation: str, lines: list[str], repeat: int) -> None:
    assert _native.core is None, "URIKIT_PURE_PYTHON=1 must select the Python engine"
    function = LOOPS[operation]

    def run() -> None:
        for line in lines:
            try:
                function(line)
            except (urikit.URISyntaxError, urikit.ResolutionError):
                pass

    print(best(run, repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*", choices=[[], "columns", "scale"], default=[])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--times", type=int, default=3, help="the corpus this many times (scale)")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="directory of *.txt")
    parser.add_argument("--pure-loop", choices=list(LOOPS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    lines = load_corpus(args.corpus)
    if args.pure_loop:
        _pure_loop_child(args.pure_loop, lines, args.repeat)
        return
    sections = args.sections or ["columns", "scale"]
    if "columns" in sections:
        columns(lines, args.repeat)
    if "scale" in sections:
        scale(lines, args.times, max(1, args.repeat // 2))


if __name__ == "__main__":
    main()
