"""``urikit canonicalize`` and ``urikit surt``: the examples of docs/cli.md, run here,
print what the document shows; a refused line is an invalid input (exit 1)."""

from __future__ import annotations

import shlex
from pathlib import Path

from tests.test_cli import run


def examples() -> list[tuple[str, list[str]]]:
    """The ``$ urikit canonicalize|surt`` commands of docs/cli.md and the lines shown."""
    text = (Path(__file__).parent.parent / "docs" / "cli.md").read_text("utf-8")
    block = text[text.index("- `urikit canonicalize` prints") :]
    block = block[: block.index("- `urikit equivalent`")]
    found: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        line = line.strip()
        if line.startswith("$ "):
            found.append((line[2:], []))
        elif found and line and not line.startswith("```"):
            found[-1][1].append(line)
    return found


def test_the_examples_of_docs_cli_md() -> None:
    cases = examples()
    assert len(cases) == 4
    for command, shown in cases:
        words = shlex.split(command)
        stdin = b""
        if "|" in words:
            bar = words.index("|")
            stdin = words[1].replace("\\n", "\n").replace("%%", "%").encode()
            words = words[bar + 1 :]
        assert words[0] == "urikit", command
        result = run(*words[1:], stdin=stdin)
        assert result.lines == shown, (command, result)
        assert result.code == 0


def test_a_refused_line_is_an_invalid_input() -> None:
    result = run("canonicalize", "--profile", "rfc3986", "http://exa mple.com/", "http://a/")
    assert result.code == 1
    assert result.lines == ["", "http://a/"]
    assert "<arg>:1:11:" in result.err
