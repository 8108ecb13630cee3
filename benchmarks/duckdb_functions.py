"""urikit.duckdb's SQL functions against DuckDB's own and a Python UDF a row at a time.

    python benchmarks/duckdb_functions.py --corpus /work/shared/corpus --rows 1000000

On one table of ``--rows`` corpus lines (repeated), one DuckDB thread (the functions
that hold the GIL and those that do not compare per core), each query summed so that
every row is computed, best of ``--repeat``, the contenders of a question alternated:

* validity: ``uri_is_valid(url)`` against ``regexp_full_match(url, R)``, ``R`` RFC
  3986's ``URI-reference`` as a regex (tests/oracle.py: written from the ABNF, RE2
  syntax), and a Python UDF of ``urikit.is_valid`` (``type="native"``);
* normal form: ``uri_normalize(url)`` against a Python UDF of ``urikit.normalize``;
  ``lower(url)`` as the floor of a string function DuckDB runs in C, and an Arrow
  function that returns its input as the floor of any Arrow function (DuckDB's vector
  to Arrow and back).

Times are per row; the ratio is the contender's time over urikit's (above 1: slower).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import duckdb
import pyarrow as pa

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.oracle
sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import CORPUS, load_corpus
from tests import oracle

import urikit
import urikit.duckdb


def _python_udfs(con: duckdb.DuckDBPyConnection) -> None:
    def is_valid(text: str) -> bool:
        return urikit.is_valid(text)

    def normalize(text: str) -> str | None:
        try:
            return urikit.normalize(text)
        except urikit.URISyntaxError:
            return None

    native = {"type": "native", "side_effects": False, "null_handling": "special"}
    con.create_function(  # the floor of an Arrow function: DuckDB to Arrow and back
        "arrow_identity",
        lambda column: column,
        ["VARCHAR"],
        "VARCHAR",
        type="arrow",  # type: ignore[arg-type]
        side_effects=False,
        null_handling="special",  # type: ignore[arg-type]
    )
    con.create_function("py_is_valid", is_valid, ["VARCHAR"], "BOOLEAN", **native)  # type: ignore[arg-type]
    con.create_function("py_normalize", normalize, ["VARCHAR"], "VARCHAR", **native)  # type: ignore[arg-type]


def _seconds(con: duckdb.DuckDBPyConnection, query: str) -> float:
    start = time.perf_counter()
    con.sql(query).fetchall()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="a folder of *.txt")
    args = parser.parse_args()
    corpus = load_corpus(args.corpus)
    rows = (corpus * (args.rows // len(corpus) + 1))[: args.rows]
    con = duckdb.connect()
    con.sql("SET threads = 1")
    con.register("source", pa.table({"url": rows}))
    con.sql("CREATE TABLE urls AS SELECT url FROM source")
    urikit.duckdb.register(con)
    _python_udfs(con)
    regex = f"(?:{oracle.URI}|{oracle.RELATIVE_REF})".replace("'", "''")
    questions: dict[str, dict[str, str]] = {
        "validity": {
            "uri_is_valid": "SELECT sum(uri_is_valid(url)::INT) FROM urls",
            "regexp_full_match (RFC 3986 regex)": (
                f"SELECT sum(regexp_full_match(url, '{regex}')::INT) FROM urls"
            ),
            "Python UDF of urikit.is_valid": "SELECT sum(py_is_valid(url)::INT) FROM urls",
        },
        "normal form": {
            "uri_normalize": "SELECT sum(length(uri_normalize(url))) FROM urls",
            "Python UDF of urikit.normalize": "SELECT sum(length(py_normalize(url))) FROM urls",
            "lower (a string function's floor)": "SELECT sum(length(lower(url))) FROM urls",
            "an Arrow function that returns its input": (
                "SELECT sum(length(arrow_identity(url))) FROM urls"
            ),
        },
    }
    agree = con.sql(
        f"SELECT count(*) FROM urls WHERE uri_is_valid(url) != regexp_full_match(url, '{regex}')"
    ).fetchall()[0][0]
    print(
        f"{len(rows):,} rows, 1 thread, best of {args.repeat}; rows where the regex differs: "
        f"{agree}"
    )
    for question, queries in questions.items():
        best = dict.fromkeys(queries, float("inf"))
        for _ in range(args.repeat):
            for name, query in queries.items():  # interleaved
                best[name] = min(best[name], _seconds(con, query))
        first = next(iter(best.values()))
        print(f"{question}:")
        for name, seconds in best.items():
            ns = seconds / len(rows) * 1e9
            print(f"  {name:<42} {ns:8.1f} ns/row  ratio {seconds / first:6.2f}")


if __name__ == "__main__":
    main()
