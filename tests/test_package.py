"""The package as users get it: the sdist and the wheel that ``python -m build`` makes hold
the license, ``py.typed``, the integrations and (the sdist) the test suite with its
helpers, which runs from the unpacked sdist; the metadata says what a package index shows."""

from __future__ import annotations

import email
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest

import urikit

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The sdist and the wheel, built once, without an isolated environment (no download:
    setuptools comes from the test extra)."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--sdist", "--wheel", "-o", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=300,
    )
    yield out


def _one(dist: Path, pattern: str) -> Path:
    (found,) = dist.glob(pattern)
    return found


def _sdist_names(dist: Path) -> set[str]:
    with tarfile.open(_one(dist, "*.tar.gz")) as archive:
        return {name.partition("/")[2] for name in archive.getnames()}


def _wheel_names(dist: Path) -> set[str]:
    with zipfile.ZipFile(_one(dist, "*.whl")) as archive:
        return set(archive.namelist())


def _metadata(dist: Path) -> Message:
    with zipfile.ZipFile(_one(dist, "*.whl")) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return email.message_from_bytes(archive.read(name))


def test_the_names_carry_the_version(dist: Path) -> None:
    assert _one(dist, "*.tar.gz").name == f"urikit-{urikit.__version__}.tar.gz"
    # a wheel for this interpreter and platform: it holds the compiled core (issue 13)
    tag = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    assert _one(dist, "*.whl").name.startswith(f"urikit-{urikit.__version__}-{tag}-{tag}-")


def test_the_wheel_holds_the_compiled_core(dist: Path) -> None:
    """Built from csrc/ with the system compiler (CI requires it: URIKIT_REQUIRE_CORE=1)."""
    names = _wheel_names(dist)
    cores = [name for name in names if name.startswith("urikit/_core.") and name.endswith(".so")]
    assert len(cores) == 1, sorted(names)


def test_the_sdist_holds_the_license_the_docs_and_the_tests(dist: Path) -> None:
    names = _sdist_names(dist)
    tracked = []  # every file git knows there (none when this runs from an sdist)
    if shutil.which("git") and (ROOT / ".git").exists():
        tracked = subprocess.run(
            ["git", "ls-files", "tests", "examples", "benchmarks", "src", "csrc", "docs"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
    expected = {
        "LICENSE",
        "README.md",
        "CHANGELOG.md",
        "CONTRIBUTING.md",
        "pyproject.toml",
        "setup.py",
        "csrc/core.c",
        "csrc/tables.h",
        "dev",
        ".ci/run",
        "src/urikit/py.typed",
        "tests/strategies.py",
        "tests/oracle.py",
        "tests/conftest.py",
        "tests/profiles.py",
        "tests/data/json-schema-test-suite/LICENSE",
        *tracked,
    }
    assert expected <= names, sorted(expected - names)
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_the_wheel_holds_the_package_its_types_and_its_license(dist: Path) -> None:
    names = _wheel_names(dist)
    modules = {f"urikit/{path.name}" for path in Path(urikit.__file__).parent.glob("*.py")}
    assert modules <= names, sorted(modules - names)
    assert {"urikit/py.typed", "urikit/jsonschema.py", "urikit/pydantic.py"} <= names
    assert {"urikit/batch.py", "urikit/spark.py"} <= names
    assert "_urikit_cli.py" in names  # the console script's entry point, beside the package
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names), sorted(names)
    assert not [name for name in names if name.startswith("tests/")]
    entry_points = next(name for name in names if name.endswith("entry_points.txt"))
    with zipfile.ZipFile(_one(dist, "*.whl")) as archive:
        assert "urikit = _urikit_cli:main" in archive.read(entry_points).decode()


def test_the_metadata(dist: Path) -> None:
    meta = _metadata(dist)
    assert meta["Name"] == "urikit"
    assert meta["Version"] == urikit.__version__
    assert meta["License-Expression"] == "MIT"
    assert meta["Requires-Python"] == ">=3.10"
    assert not meta.get_all("Requires-Dist", []) or all(
        "extra ==" in requirement for requirement in meta.get_all("Requires-Dist", [])
    ), "the core has no runtime dependency"
    extras = set(meta.get_all("Provides-Extra", []))
    assert {"idna", "jsonschema", "pydantic", "hypothesis", "test"} <= extras
    assert {"arrow", "pandas", "polars", "spark"} <= extras
    assert not {"browser", "whatwg"} & extras  # the URL Standard is urikit's own (issue 31)
    spark = [r for r in meta.get_all("Requires-Dist", []) if 'extra == "spark"' in r]
    names = {re.match(r"[A-Za-z0-9._-]+", r)[0] for r in spark}  # type: ignore[index]
    assert names == {"pyspark", "pyarrow", "pandas"}
    classifiers = set(meta.get_all("Classifier", []))
    for version in ("3.10", "3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
    assert any(c.startswith("Development Status ::") for c in classifiers)
    assert "Typing :: Typed" in classifiers
    urls = {url.partition(",")[0] for url in meta.get_all("Project-URL", [])}
    assert {"Homepage", "Source", "Issues", "Changelog"} <= urls
    assert meta["Keywords"] and "rfc3986" in meta["Keywords"]
    assert meta["Author"] or meta["Author-email"]
    assert str(meta.get_payload()).startswith("# urikit")  # the README is the description


def test_the_test_suite_runs_from_the_unpacked_sdist(dist: Path, tmp_path: Path) -> None:
    """Its helpers (strategies, oracle, expectations, data) are all there: a sample of
    the suite passes with the sdist's own source on the path."""
    with tarfile.open(_one(dist, "*.tar.gz")) as archive:
        archive.extractall(tmp_path, filter="data")
    (root,) = tmp_path.iterdir()
    # the sdist's source first; no coverage measurement of that copy
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV")}
    env["PYTHONPATH"] = str(root / "src")
    env["URIKIT_TEST_PROFILE"] = "dev"  # the thorough profile has run these already
    proc = subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--no-cov"),
            *("tests/test_reference.py", "tests/test_strategies.py", "tests/rfc"),
        ],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    check = subprocess.run(
        [sys.executable, "-c", "import urikit; print(urikit.__file__)"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert check.stdout.startswith(str(root)), check.stdout


@pytest.mark.parametrize("required", ["1", "0"])
def test_a_build_without_a_compiler_says_so(tmp_path: Path, required: str) -> None:
    """Without a working C compiler the build fails with what to do (the message pip
    shows), or, with ``URIKIT_REQUIRE_CORE=0``, goes on to the pure-Python engine and
    says so (setup.py)."""
    env = {**os.environ, "CC": "false", "URIKIT_REQUIRE_CORE": required}
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "-b", str(tmp_path), "-t", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "urikit: the compiled core did not build" in done.stderr, done.stderr
    assert (done.returncode != 0) == (required == "1"), done.stderr
    if required == "1":
        assert "URIKIT_REQUIRE_CORE=0 pip install" in done.stderr
    else:
        assert "installing the pure-Python engine" in done.stderr
    assert not list(tmp_path.rglob("_core*.so"))
