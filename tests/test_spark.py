"""urikit.spark on a real local Spark session (``local[2]``): its columns equal the
per-URL results on the bundled corpus sample, through Arrow UDFs (pyspark 4.1) and
through pandas UDFs (what older pyspark gets), and the example job runs.

Spark needs Java (17 here and on CI: ``JAVA_HOME``, else ``/usr/lib/jvm/*17*``, else
``java`` on the PATH).  Without it these tests fail under the CI profile
(``URIKIT_TEST_PROFILE=ci``: they must not be skipped there) and are skipped otherwise.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import urikit
from tests.profiles import NAME as PROFILE
from urikit import spark as uf

HERE = Path(__file__).parent
SAMPLE = HERE / "data" / "corpus_sample.txt"
BASE = "http://a/b/c/d;p?q"


def java_home() -> str | None:
    """Where Java is: ``JAVA_HOME``, a Java 17 under /usr/lib/jvm, or the one on PATH."""
    if os.environ.get("JAVA_HOME"):
        return os.environ["JAVA_HOME"]
    for found in sorted(Path("/usr/lib/jvm").glob("*17*")):
        if (found / "bin" / "java").exists():
            return str(found)
    java = shutil.which("java")
    return str(Path(java).resolve().parent.parent) if java else None


@pytest.fixture(scope="module")
def spark() -> Iterator[SparkSession]:
    home = java_home()
    if home is None:
        message = "no Java for Spark: set JAVA_HOME or install Java 17"
        if PROFILE != "dev":  # CI (ci, ci-engine): every test runs
            pytest.fail(message)
        pytest.skip(message)
    os.environ["JAVA_HOME"] = home
    os.environ["PYSPARK_PYTHON"] = sys.executable  # the workers run this Python
    session = (
        SparkSession.builder.master("local[2]")
        .appName("urikit-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.memory", "1g")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(params=["arrow_udf", "pandas_udf"])
def flavour(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "pandas_udf":
        monkeypatch.setattr(uf, "_ARROW_UDF", None)
    else:
        assert uf._ARROW_UDF is not None  # pyspark 4.1 or later in the test extra
    name: str = request.param
    return name


#: Templates that some rows of the sample match (the first that matches wins).
ROUTES = ["http://{host}{/path*}", "https://{host}/{+rest}", "{scheme}:{+rest}"]


def rows(path: Path = SAMPLE) -> list[str | None]:
    lines: list[str | None] = list(path.read_text("utf-8").splitlines())
    return [*lines, None, "", "http://exa mple.com/", "HTTP://Example.COM:80/./a"]


def per_url(text: str | None) -> dict[str, Any]:
    """What each column must hold for ``text``, from the per-URL functions."""
    if text is None:
        return dict.fromkeys(
            ["valid", "iri", "error", "parts", "normal", "target", "relative", "found", "route"]
        ) | {"canonical": None, "surt": None}

    def orelse(function: Any, *args: Any, **options: Any) -> Any:
        try:
            return function(*args, **options)
        except (urikit.URISyntaxError, urikit.ResolutionError):
            return None

    try:
        urikit.validate(text)
        error = None
    except urikit.URISyntaxError as e:
        error = {"position": e.position, "kind": e.kind.value, "reason": e.reason}
    parts = orelse(urikit.parse, text)
    route = None
    for index, template in enumerate(ROUTES):
        variables = urikit.URITemplate(template).match(text)
        if variables is not None:
            route = {"index": index, "template": template, "variables": variables}
            break
    return {
        "valid": urikit.is_valid(text),
        "iri": urikit.is_valid(text, rule="IRI", grammar="rfc3987"),
        "error": error,
        "parts": parts and parts.components(),
        "normal": orelse(urikit.normalize, text, level="syntax"),
        "target": orelse(urikit.resolve, BASE, text),
        "relative": orelse(urikit.relativize, BASE, text),
        "found": [
            {"uri": m.uri, "iri": m.iri, "start": m.start, "end": m.end}
            for m in urikit.extract(f"see {text}.", schemes="any")
        ],
        "route": route,
        "canonical": orelse(urikit.canonicalize, text, profile="semantic"),
        "surt": orelse(urikit.surt, text),
    }


def as_python(value: Any) -> Any:
    if isinstance(value, list):
        return [as_python(item) for item in value]
    return value.asDict() if hasattr(value, "asDict") else value


def test_the_columns_equal_the_per_url_results(spark: SparkSession, flavour: str) -> None:
    data = rows()
    df = spark.createDataFrame([(i, text) for i, text in enumerate(data)], "i int, url string")
    url = F.col("url")
    found = df.select(
        "i",
        uf.is_valid(url).alias("valid"),
        uf.is_valid("url", rule="IRI", grammar=urikit.RFC3987).alias("iri"),
        uf.errors("url").alias("error"),
        uf.split(url).alias("parts"),
        uf.normalize("url", level="syntax").alias("normal"),
        uf.resolve(BASE, "url").alias("target"),
        uf.relativize(urikit.parse(BASE), url).alias("relative"),
        uf.extract(F.concat(F.lit("see "), url, F.lit(".")), schemes="any").alias("found"),
        uf.match_templates("url", ROUTES).alias("route"),
        uf.canonicalize("url", profile="semantic").alias("canonical"),
        uf.surt(url).alias("surt"),
    ).collect()
    assert len(found) == len(data)
    for row in found:
        got = {name: as_python(row[name]) for name in row.asDict() if name != "i"}
        if got["route"] is not None:
            got["route"]["variables"] = json.loads(got["route"]["variables"])
        assert got == per_url(data[row["i"]]), data[row["i"]]


def test_a_wrong_argument_raises_on_the_driver(spark: SparkSession) -> None:
    with pytest.raises(ValueError, match="unknown grammar"):
        uf.is_valid("url", grammar="rfc9999")
    with pytest.raises(ValueError, match="component rule"):
        uf.split("url", rule="host")
    with pytest.raises(urikit.ResolutionError):
        uf.resolve("//no/scheme", "url")
    with pytest.raises(ValueError):
        uf.normalize("url", level="full")
    with pytest.raises(urikit.AmbiguousTemplateError):
        uf.match_templates("url", ["{a}{b}"])
    with pytest.raises(ValueError):
        uf.match_templates("url", ["/a"], order="best")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown profile"):
        uf.canonicalize("url", profile="nope")
    with pytest.raises(ValueError, match="unknown SURT form"):
        uf.surt("url", form="nope")


def test_the_example_job_normalizes_deduplicates_and_reports(
    spark: SparkSession, capsys: pytest.CaptureFixture[str]
) -> None:
    sys.path.insert(0, str(HERE.parent / "examples"))
    try:
        spark_dedup = importlib.import_module("spark_dedup")
    finally:
        sys.path.pop(0)
    lines = [*rows()[:200], "HTTP://A.example:80/x", "http://a.example/./x", "a b"]
    path = HERE / "data" / "corpus_sample.txt"
    df = spark.createDataFrame([(text,) for text in lines if text], "url string")
    distinct, invalid = spark_dedup.dedup(df)
    summary = spark_dedup.report(distinct, invalid, show=3)
    valid = [text for text in lines if text and urikit.is_valid(text)]
    assert summary["valid"] == len(valid)
    assert summary["invalid"] == len([t for t in lines if t]) - len(valid)
    assert summary["distinct"] == len({urikit.normalize(text) for text in valid})
    assert "invalid lines" in capsys.readouterr().out
    # and reading a file, as the job does
    assert spark_dedup.read(spark, [str(path)], partitions=2).count() == len(rows()) - 4


def test_common_crawl_columns_equal_the_batch_table(spark: SparkSession, flavour: str) -> None:
    data = rows()[::10]
    df = spark.createDataFrame([(i, text) for i, text in enumerate(data)], "i int, url string")
    found = df.select("i", uf.common_crawl_columns("url").alias("cc")).orderBy("i").collect()
    table = urikit.batch.common_crawl_columns(data).to_pylist()
    expected = [None if text is None else row for text, row in zip(data, table, strict=True)]
    assert [as_python(row.cc) for row in found] == expected
    with pytest.raises(ValueError, match="mode"):
        uf.common_crawl_columns("url", mode="nope")
