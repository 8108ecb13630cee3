"""Normalize and de-duplicate a file of URLs with Spark, and report the invalid lines.

    python examples/spark_dedup.py                      # ../shared/corpus/*.txt
    python examples/spark_dedup.py urls.txt more/*.txt --output distinct/
    python examples/spark_dedup.py --master local[4] --partitions 8 urls.txt

Each input line is a URL.  The job normalizes every line (RFC 3986 §6.2, the scheme
level: ``urikit.spark.normalize``), keeps one line per normal form and counts the lines
that fold into each, and lists the invalid lines with where and why
(``urikit.spark.errors``).  With ``--output``, the distinct normal forms are written
there as text, one per line.  Needs ``pip install urikit[spark]`` and Java 17 or later
(Spark 4), or Java 8/11/17 for Spark 3.5.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from urikit import spark as uf

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "shared" / "corpus"  # beside the repository, when it is there
SAMPLE = HERE.parent / "tests" / "data" / "corpus_sample.txt"  # else the bundled sample


def default_inputs() -> list[str]:
    found = sorted(str(path) for path in CORPUS.glob("*.txt"))
    return found or [str(SAMPLE)]


def read(spark: SparkSession, paths: list[str], partitions: int | None = None) -> DataFrame:
    """The non-blank lines of ``paths`` as a column ``url`` (a leading BOM dropped)."""
    lines = spark.read.text(paths)
    if partitions:
        lines = lines.repartition(partitions)
    url = F.regexp_replace("value", "^\ufeff", "")
    return lines.select(url.alias("url")).where(F.col("url") != "")


def dedup(urls: DataFrame) -> tuple[DataFrame, DataFrame]:
    """``(distinct, invalid)``: one row per normal form (``normal``, ``lines``: how many
    lines have it, ``example``: one of them), and the invalid lines with their error."""
    checked = urls.select(
        "url", uf.normalize("url").alias("normal"), uf.errors("url").alias("error")
    )
    checked = checked.cache()  # both results read it
    distinct = (
        checked.where(F.col("normal").isNotNull())
        .groupBy("normal")
        .agg(F.count("*").alias("lines"), F.min("url").alias("example"))
    )
    invalid = checked.where(F.col("error").isNotNull()).select(
        "url", "error.position", "error.kind", "error.reason"
    )
    return distinct, invalid


def report(distinct: DataFrame, invalid: DataFrame, show: int = 10) -> dict[str, Any]:
    """Print and return the counts, the most duplicated normal forms and the first
    invalid lines."""
    counts = distinct.agg(F.sum("lines").alias("valid"), F.count("*").alias("distinct")).first()
    valid, unique = (counts["valid"] or 0), counts["distinct"]
    bad = invalid.count()
    print(f"{valid + bad} lines: {valid} valid, {bad} invalid; {unique} distinct normal forms")
    print(f"{valid - unique} valid lines were duplicates of another after normalization")
    print("\nmost repeated normal forms:")
    distinct.orderBy(F.desc("lines"), "normal").show(show, truncate=80)
    print("invalid lines:")
    invalid.orderBy("url").show(show, truncate=60)
    by_kind = {row["kind"]: row["count"] for row in invalid.groupBy("kind").count().collect()}
    print("invalid lines by kind:", dict(sorted(by_kind.items(), key=lambda kv: -kv[1])))
    return {
        "lines": valid + bad,
        "valid": valid,
        "invalid": bad,
        "distinct": unique,
        "kinds": by_kind,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="text files of URLs (default: the corpus)")
    parser.add_argument("--master", default="local[2]", help="Spark master (default local[2])")
    parser.add_argument("--partitions", type=int, help="repartition the input to this many")
    parser.add_argument("--output", help="a directory to write the distinct normal forms to")
    args = parser.parse_args(argv)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # the executors' Python, locally
    spark = (
        SparkSession.builder.appName("urikit-dedup")
        .master(args.master)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", str(args.partitions or 4))
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    distinct, invalid = dedup(read(spark, args.paths or default_inputs(), args.partitions))
    report(distinct, invalid)
    if args.output:
        distinct.select("normal").write.mode("overwrite").text(args.output)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
