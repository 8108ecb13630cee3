"""Verdicts that hold without the optional extras (issue 31).

A verdict never depends on whether an optional package is importable: the same answers
from :func:`urikit.redirect_target`, :func:`urikit.lint`, the crawl keys and the command
line's ``lint`` and ``redirect``, in a process where every extra's library is made
unimportable (``sys.modules[name] = None``, which makes ``import name`` raise
``ImportError``) and in one with all of them, on every string of the lint set
(``tests/data/lint/set.jsonl``) and 5,000 mutants of real URLs (``tests/mutants.py``).
:data:`DIFFERENCES` lists every input whose answers may differ, with the reason: none.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.mutants import SAMPLE, mutants

#: The libraries of the optional extras (pyproject.toml), each made unimportable.
EXTRAS = (
    "ada_url",
    "idna",
    "publicsuffixlist",
    "pyarrow",
    "pandas",
    "polars",
    "pyspark",
    "duckdb",
    "jsonschema",
    "pydantic",
    "hypothesis",
)
#: The inputs whose answers may differ without the extras, with the reason.
DIFFERENCES: dict[str, str] = {}

LINT_SET = Path(__file__).parent / "data" / "lint" / "set.jsonl"


def inputs() -> list[str]:
    """The lint set's strings and 5,000 mutants of the corpus sample's URLs."""
    texts = [json.loads(line)["text"] for line in LINT_SET.read_text("utf-8").split("\n") if line]
    return texts + [url for url in mutants(5000) if url not in texts]


def allowed_hosts() -> list[str]:
    """The hosts of the corpus sample, allowed as redirect targets: many mutants keep
    their host, so that safe verdicts are compared too."""
    import urikit

    hosts = set()
    for line in SAMPLE.read_text("utf-8").splitlines():
        try:
            host = urikit.parse(line).host
        except urikit.URISyntaxError:
            continue
        if host:
            hosts.add(host.lower())
    return sorted(hosts)


#: What the child process answers for each input, one JSON line each.
_CHILD = """
import json, sys
blocked = json.loads(sys.argv[1])
for name in blocked:
    sys.modules[name] = None  # import name raises ImportError
import urikit
texts, allowed = json.load(sys.stdin)
for text in texts:
    verdict = urikit.redirect_target(text, allowed_hosts=allowed)
    found = [(f.rule, f.severity, f.position, f.end, f.message) for f in urikit.lint(text)]
    keys = []
    for profile in ("google", "ia", "whatwg"):
        try:
            keys.append(urikit.canonicalize(text, profile=profile))
        except ValueError as error:
            keys.append(type(error).__name__)
    try:
        keys.append(urikit.surt(text))
    except ValueError as error:
        keys.append(type(error).__name__)
    answer = [verdict.safe, verdict.reason, dict(verdict.hosts), verdict.target, found, keys]
    print(json.dumps([text, answer]))
print(json.dumps(sorted(set(blocked) & set(k for k, v in sys.modules.items() if v is not None))))
"""


def _answers(blocked: tuple[str, ...], texts: list[str], allowed: list[str]) -> list[str]:
    run = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps(blocked)],
        input=json.dumps([texts, allowed]),
        capture_output=True,
        text=True,
        check=True,
    )
    *answers, imported = run.stdout.splitlines()
    assert json.loads(imported) == [], "an extra was imported though blocked"
    return answers


def _cli(blocked: tuple[str, ...], command: list[str], path: Path) -> tuple[int, str]:
    code = (
        "import sys, json\n"
        "for name in json.loads(sys.argv[1]): sys.modules[name] = None\n"
        "from urikit._cli.main import main\n"
        "sys.argv[0] = 'urikit'\n"
        "sys.exit(main(sys.argv[2:]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, json.dumps(blocked), *command, str(path)],
        capture_output=True,
        text=True,
    )
    return run.returncode, run.stdout


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return inputs()


def test_the_inputs_are_the_lint_set_and_5000_mutants(texts: list[str]) -> None:
    assert len(texts) >= 5000 + 800
    assert len(set(texts)) == len(texts)


def test_verdicts_and_keys_do_not_depend_on_the_extras(texts: list[str]) -> None:
    allowed = allowed_hosts()
    without = _answers(EXTRAS, texts, allowed)
    with_them = _answers((), texts, allowed)
    assert len(without) == len(with_them) == len(texts)
    differ = {
        json.loads(one)[0] for one, other in zip(without, with_them, strict=True) if one != other
    }
    assert differ == set(DIFFERENCES)
    # the verdicts are not all alike: safe and refused, findings and none
    safe = [json.loads(line)[1][0] for line in with_them]
    assert 0.05 < sum(safe) / len(safe) < 0.95


def test_the_command_line_does_not_depend_on_the_extras(texts: list[str], tmp_path: Path) -> None:
    path = tmp_path / "inputs.txt"
    path.write_text("\n".join(t for t in texts if "\n" not in t and "\r" not in t) + "\n", "utf-8")
    for command in (["lint"], ["redirect", "--allow", "example.com"]):
        assert _cli(EXTRAS, command, path) == _cli((), command, path), command
