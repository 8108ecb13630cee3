"""Hostile runs of the ``urikit`` command, in this process (:func:`tests.test_cli.run`):
every subcommand, unknown flags and bad values, hostile lines (megabyte lines, bytes that
are not UTF-8, NULs, encoded surrogates, a port of Unicode digits, odd templates), hostile
arguments (lone surrogates, as Python decodes bytes that are not UTF-8), and FILEs that
are empty, directories, missing, binary, ``/dev/null``.  For each run:

- no traceback (an exception that escapes ``main`` fails the test; stderr holds none);
- an exit status of the documented set (docs/cli.md), 70 (an internal error, said in one
  line) exactly for the library bugs listed in :data:`KNOWN_LIBRARY_BUGS`;
- every input line accounted for, none invented: as many results (or records, or lines
  counted in the summary) as the input has lines, counted here by the rule of docs/cli.md
  (LF, CR LF or a lone CR end a line; a byte order mark at the start is no line's).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

import urikit
from tests.test_cli import Arg, Result, run

#: The exit statuses of docs/cli.md (70: an internal error, a bug).
STATUSES = {0, 1, 2, 3, 70, 74, 130, 141}
#: A port of Unicode digits (U+2474 PARENTHESIZED DIGIT ONE is a digit to ``int()``).
PORT_DIGITS = "//a:1\u2474"
#: A template whose expression holds a percent-encoded octet in its variable name.
ODD_TEMPLATE = "{b*%41}"

#: The library bugs the hostile runs meet, which are not the command line's to fix (others
#: are fixing them): each, a predicate of the run that meets it.  Such a run ends with one
#: line, ``urikit COMMAND: internal error: TYPE: message``, and exit 70.  When a bug is
#: fixed, its runs exit otherwise and this test fails: remove the bug from this list.
KNOWN_LIBRARY_BUGS: dict[str, Callable[[Sequence[str], list[bytes]], bool]] = {}

#: Hostile lines, each without its line end.
LINES: list[bytes] = [
    b"",
    b"http://a/b",
    b"HTTP://A:80/./c/../d?#",
    b"a b",
    PORT_DIGITS.encode(),
    b"http://\xe2\x91\xb4/",
    ODD_TEMPLATE.encode(),
    b"\x00\x00a:b\x00",
    b"\xff\xfe",
    b"\xed\xa0\x80",  # a surrogate, encoded: not UTF-8
    b"http://[::1",
    b"//[v1.x]/",
    b"%",
    b"http://a/%zz",
    b"http://0x7f.1/",
    b"mailto:",
    b"\\\\a\\b",
    b"http://xn--/",
    b"//a:" + b"9" * 5000,
    b"?y",
    b"../../..",
    b"\xef\xbb\xbfhttp://bom.example/",  # a BOM after the start: data
    b"<a href='" + PORT_DIGITS.encode() + b'\'>x</a> <a href="http://[">',
    b'{"x": "a"}',
    b"[1]",
    b"1e99999",
    b'{"x": [["a"]], "b": 1}',
    b"http://a/b\tc",
    "a:\u202e\u00e9/\U0001f600".encode(),
    b"www.example.com/path",
    b"ftp.example.org",
    b"see <http://a/\xe2\x80\x90",
    b"  b> and http://c/.",
]
MEGABYTE = [b"http://a/" + b"x" * 300_000, b"%" * 200_000 + b"\xff", b"<" * 100_000]


def _joined(lines: Sequence[bytes], *, bom: bool = False) -> bytes:
    """The lines, their line ends LF, CR LF and lone CR in turn (the last one too)."""
    ends = (b"\n", b"\r\n", b"\r")
    data = b"".join(line + ends[i % 3] for i, line in enumerate(lines))
    return b"\xef\xbb\xbf" + data if bom else data


#: The inputs of stdin: name -> bytes.
STDIN = {
    "hostile": _joined(LINES),
    "hostile-bom": _joined(LINES[::-1], bom=True),
    "megabyte": _joined([*MEGABYTE, b"a:b"]),
    "no-final-end": b"a:b\nc d",
    "bom-only": b"\xef\xbb\xbf",
    "empty": b"",
    "lone-cr": b"\r\r\r",
}
#: Hostile arguments: bytes are decoded as Python decodes argv (lone surrogates).
ARGUMENTS: list[Arg] = [
    "a:b",
    "",
    PORT_DIGITS,
    ODD_TEMPLATE,
    b"http://a/\xff",
    b"\xc3(",
    "%",
    "a b",
    "http://a/" + "x" * 100_000,
    "\ud800",
]


def input_lines(data: bytes) -> int:
    """The lines of an input as docs/cli.md counts them: LF, CR LF or a lone CR ends one
    (what ``bytes.splitlines`` splits at), a byte order mark at its start is none."""
    return len(data.removeprefix(b"\xef\xbb\xbf").splitlines())


@dataclass
class Case:
    """One hostile run: ``urikit ARGV`` fed ``stdin``; ``lines`` inputs to account for
    (``None``: the command gives no result per input, or the run is a usage error), and
    how (``per``: ``result`` lines, ``record`` JSON records, ``summary`` of check, lint,
    redirect)."""

    argv: list[Arg]
    stdin: bytes = b""
    lines: int | None = None
    per: str = "result"

    @property
    def name(self) -> str:
        shown = " ".join(os.fsdecode(a) if isinstance(a, bytes) else a for a in self.argv)
        return shown if len(shown) < 60 else shown[:57] + "..."


#: The commands with one result per input line, and the arguments before their inputs.
ONE_PER_LINE: list[list[str]] = [
    ["resolve", "http://a/b/c"],
    ["resolve", "--non-strict", "--above-root", "raise", "http://a/b/c"],
    ["resolve", "-g", "rfc2396", "http://a/b/c"],
    ["relativize", "http://a/b/c"],
    ["normalize"],
    ["normalize", "-g", "rfc3987", "-l", "syntax"],
    ["canonicalize"],
    ["canonicalize", "-p", "whatwg"],
    ["canonicalize", "-p", "rfc3986"],
    ["surt", "--form", "ssurt"],
    ["complete"],
    ["iri-to-uri"],
    ["uri-to-iri"],
    ["iri-to-uri", "--host", "idna", "--mode", "idna2008"],
    ["template", "match", "/{x}{?y}"],
]
#: The commands that print a summary of the lines they read: its pattern, and how the
#: count of lines is made of its numbers.
SUMMARIES = {
    "check": (re.compile(r"(\d+) valid, (\d+) invalid(?:, (\d+) empty lines skipped)?"), "out"),
    "lint": (re.compile(r"(\d+) lines: \d+ errors, \d+ warnings, \d+ info"), "out"),
    "redirect": (re.compile(r"(\d+) safe, (\d+) refused"), "err"),
}


def cases(tmp: Path) -> Iterator[Case]:
    """The hostile runs (a few hundred)."""
    for argv in ONE_PER_LINE:
        for data in STDIN.values():
            count = input_lines(data)
            yield Case([*argv], data, count)
            yield Case([*argv, "--json"], data, count, "record")
            yield Case([*argv, "--on-error", "input", "-"], data, count)
        yield Case([*argv, *ARGUMENTS], b"", len(ARGUMENTS))
        yield Case([*argv, "--json", *ARGUMENTS], b"", len(ARGUMENTS), "record")
    tabbed = _joined([b"\t".join(pair) for pair in zip(LINES, LINES[::-1], strict=True)])
    for data in (tabbed, STDIN["hostile"]):
        yield Case(["equivalent"], data, input_lines(data))
        yield Case(
            ["equivalent", "--json", "--base", "http://a/"], data, input_lines(data), "record"
        )
    yield Case(["equivalent", PORT_DIGITS, ODD_TEMPLATE])
    objects = _joined([b'{"x": "a/b"}', b"[1]", b"{", b'{"x": [["a"]]}', b'{"x": 1e400}', b"\xff"])
    for template in ("{x}", "{+x}{?x}", "{x:3}", "{/x*}", "{;x*}"):
        yield Case(["template", "expand", template, "-i", "-"], objects, input_lines(objects))
        yield Case(["template", "expand", template, "--var", "x:=[1,2]"])
    for data in STDIN.values():
        count = input_lines(data)
        yield Case(["parse", "--json"], data, count, "record")
        yield Case(["parse", "-g", "rfc2396", "-r", "absoluteURI"], data)
        yield Case(["check"], data, count, "summary")
        yield Case(["check", "--json", "-g", "rfc3987"], data, count, "record")
        yield Case(["lint"], data, count, "summary")
        yield Case(["lint", "--json", "--base", "http://a/"], data, count, "record")
        yield Case(["redirect", "-a", "a", "--base", "http://a/b"], data, count, "summary")
        yield Case(["redirect", "--json", "-a", "a"], data, count, "record")
        yield Case(["extract", "--json", "--schemes", "any", "-a"], data)
        yield Case(["extract", "--iri", "--line-buffered", "-g", "rfc3987"], data)
        yield Case(["links", "--lenient"], data)
        yield Case(["links", "--json", "-b", "http://a/", "-e", "latin-1"], data)
    yield Case(["parse", "--json", *ARGUMENTS], b"", len(ARGUMENTS), "record")
    yield from _files(tmp)
    yield from _usage()


def _files(tmp: Path) -> Iterator[Case]:
    """FILEs that are empty, a directory, missing, binary, /dev/null, hostile."""
    files = {
        "empty": b"",
        "binary": b"\x1f\x8b\x08\x00\x00\x00 http://junk/ tv:lo\n",
        "hostile.txt": STDIN["hostile"],
        "page.html": b'<a href="' + PORT_DIGITS.encode() + b'">\n<img srcset="a 1x, , b">',
    }
    for name, data in files.items():
        (tmp / name).write_bytes(data)
    (tmp / "dir").mkdir()
    operands = [str(tmp / name) for name in (*files, "dir", "missing")]
    if Path(os.devnull).exists():
        operands.append(os.devnull)
    for command in (
        ["check"],
        ["extract"],
        ["extract", "--text", "-H"],
        ["links"],
        ["lint"],
        ["redirect", "-a", "a"],
    ):
        for operand in operands:
            yield Case([*command, operand], STDIN["hostile"])
        yield Case([*command, *operands, "-"], STDIN["hostile"])
    yield Case(["normalize", *[a for o in operands for a in ("-i", o)]])


def _usage() -> Iterator[Case]:
    """Unknown flags, bad values, missing arguments: each a usage error (or help)."""
    argvs: list[list[Arg]] = [
        [],
        ["bogus"],
        ["-"],
        ["--"],
        ["--version"],
        ["--help"],
        ["parse", "--bogus"],
        ["parse", "--", "--json"],
        ["check", "-g", "nope"],
        ["check", "-r", "nope"],
        ["resolve"],
        ["resolve", ""],
        ["resolve", "rel/"],
        ["resolve", PORT_DIGITS],
        ["resolve", "http://a/", "--above-root", "x"],
        ["normalize", "--level", "x"],
        ["canonicalize", "-p", "x"],
        ["surt", "--form", "x"],
        ["equivalent", "a"],
        ["equivalent", "a", "b", "c"],
        ["equivalent", "--base", "rel", "a", "b"],
        ["extract", "--schemes", "ht tp"],
        ["extract", "--schemes", ""],
        ["complete", "-d", "1x"],
        ["complete", "-d", ""],
        ["links", "-e", "nope"],
        ["links", "-e", "rot13"],
        ["links", "-e", "idna"],
        ["links", "--base", "rel"],
        ["links", "--mode", "x"],
        ["lint", "--select", "nope"],
        ["lint", "--base", "x y"],
        ["redirect", "--base", "x y"],
        ["redirect", "--scheme", "1x"],
        ["iri-to-uri", "--host", "x"],
        ["template"],
        ["template", "expand"],
        ["template", "bogus", "x"],
        ["template", "expand", "{"],
        ["template", "expand", "}"],
        ["template", "expand", "{x", "--var", "x=1"],
        ["template", "expand", "{x}", "--var", "="],
        ["template", "expand", "{x}", "--var", "x:=["],
        ["template", "expand", "{x}", "--vars", "[1]"],
        ["template", "expand", "{x}", "--vars", "{"],
        ["template", "expand", "{x:99999}", "--var", "x=1"],
        ["template", "expand", "{x:0}", "--var", "x=1"],
        ["template", "expand", "{x:3}", "--var", "x:=[1]"],
        ["template", "expand", ODD_TEMPLATE, "--var", "b=1"],
        ["template", "match", ODD_TEMPLATE, "/a"],
        ["template", "match", "{+a}{+b}", "/a"],
        ["template", "match", "{=x}", "/a"],
        ["template", "match", "{x}", b"\xff"],
    ]
    for argv in argvs:
        yield Case(argv, b"a:b\n")


def account(case: Case, result: Result) -> int | None:
    """How many inputs the run's output accounts for (``None``: not asked)."""
    if case.per == "record":
        numbers = [json.loads(line)["line"] for line in result.lines]
        return len(numbers) if numbers == list(range(1, len(numbers) + 1)) else -1
    if case.per == "summary":
        pattern, where = SUMMARIES[str(case.argv[0])]
        text = result.out if where == "out" else result.err
        found = pattern.search(text.splitlines()[-1] if text else "")
        return sum(int(n or 0) for n in found.groups()) if found else -1
    return len(result.lines)


def lines_read(case: Case) -> list[bytes]:
    """The lines the run reads: those of its FILEs (absolute paths, in these cases), and
    of stdin when it names none, or names ``-``."""
    files = [Path(a) for a in case.argv if isinstance(a, str) and os.path.isabs(a)]
    lines = [line for path in files if path.is_file() for line in path.read_bytes().splitlines()]
    if not files or "-" in case.argv:
        lines += case.stdin.splitlines()
    return lines


def test_hostile_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No traceback, a documented exit status (70 exactly for the known library bugs),
    every input line accounted for."""
    monkeypatch.chdir(tmp_path)
    failures: list[str] = []
    met: set[str] = set()
    ran = 0
    for case in cases(tmp_path):
        ran += 1
        argv = [os.fsdecode(a) if isinstance(a, bytes) else a for a in case.argv]
        result = run(*case.argv, stdin=case.stdin)  # asserts that stderr has no traceback
        read = lines_read(case)
        bugs = [name for name, meets in KNOWN_LIBRARY_BUGS.items() if argv and meets(argv, read)]
        met.update(bugs)
        internal = [line for line in result.err.splitlines() if ": internal error: " in line]
        if result.code not in STATUSES:
            failures.append(f"{case.name}: exit {result.code}")
        elif (result.code == 70) != bool(bugs) or bool(internal) != bool(bugs):
            failures.append(
                f"{case.name}: exit {result.code}, known bugs {bugs}: {result.err[-300:]}"
            )
        elif case.lines is not None and not bugs and result.code != 2:
            counted = account(case, result)
            if counted != case.lines:
                failures.append(f"{case.name}: {case.lines} input lines, {counted} accounted for")
    assert ran > 300, ran
    assert not failures, "\n".join(failures)
    assert met == set(KNOWN_LIBRARY_BUGS), f"never met: {set(KNOWN_LIBRARY_BUGS) - met}"


def test_an_unexpected_exception_is_one_line_and_exit_70(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug (of the library or of the command line) is said in one line, ``urikit
    COMMAND: internal error: TYPE: message`` (its first line), exit 70 (sysexits.h
    EX_SOFTWARE), the results before it written; never a traceback."""

    def parse(text: str, **options: str) -> object:
        if text == "b:c":
            raise RuntimeError("boom\nand a second line")
        return urikit.parse(text, **options)

    monkeypatch.setattr("urikit._cli.main.parse", parse)
    result = run("parse", "--json", "a:b", "b:c", "c:d")
    assert result.code == 70, result
    assert [json.loads(line)["input"] for line in result.lines] == ["a:b"], result
    assert result.err == "urikit parse: internal error: RuntimeError: boom\n", result
