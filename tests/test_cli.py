"""Tests of the ``urikit`` command line, run in this process.

Most tests call :func:`urikit._cli.main.main` with ``sys.stdin``, ``sys.stdout`` and
``sys.stderr`` replaced (:func:`run`): in-memory streams, or real descriptors where the
test is about them (a full disk, a closed pipe, a FIFO, a non-blocking pipe).  A few
smoke tests start a real process (:func:`run_process`, :func:`run_redirected`) for what
only a process shows: streams a shell closed or redirected, signals, the flush at exit,
the console script and ``python -m urikit``, arguments that are not UTF-8.  Every run
asserts that nothing printed a Python traceback (in this process an exception that
escapes ``main`` fails the test anyway).

The contract under test:

* ``urikit parse [--grammar G] [--rule R] [--json] URI...`` prints the components
  (``null`` / ``(absent)`` for absent ones, ``""`` for empty ones); an invalid URI is
  reported (stderr in text mode, an object with an ``"error"`` key on stdout with
  ``--json``), processing goes on, and the exit status is 1.
* ``urikit check [--grammar G] [--rule R] [FILE|-]`` prints ``LINE:COLUMN: reason`` for
  each invalid line (COLUMN: 1-based character position), then ``N valid, M invalid``
  (``, K empty lines skipped`` when there are empty lines); exit 0 / 1 / 2 (usage).
  Lines end at LF, CR LF or a lone CR, wherever the reads cut the input.
* A run that cannot go on prints one line on stderr, ``urikit COMMAND: reason``, and exits
  2 (usage), 74 (a write failed: a closed stdout, a full disk), 130 (interrupted) or 141
  (the reader of the output left, silently).  An input that cannot be opened or read is
  one line, ``urikit COMMAND: NAME: reason``, and the run goes on, to exit 74 at the end
  (tests/test_cli_grep.py).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import itertools
import json
import multiprocessing
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TextIO

import pytest
from hypothesis import assume, given

import urikit
from tests.growth import assert_linear
from tests.strategies import template_ish
from urikit._cli import input as _cli_input
from urikit._cli import text as _cli_text
from urikit._cli.args import build_parser
from urikit._cli.input import NotUTF8
from urikit._cli.main import COMMANDS, main

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "200"}
ENV.pop("PYTHONWARNINGS", None)
COMMAND = [sys.executable, "-m", "urikit"]
COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
TIMEOUT = 60

Arg = str | bytes


@pytest.fixture(autouse=True)
def _wide_help(monkeypatch: pytest.MonkeyPatch) -> None:
    """argparse wraps help at $COLUMNS: wide enough that no flag is cut in two."""
    monkeypatch.setenv("COLUMNS", "200")


@dataclass
class Result:
    argv: Sequence[Arg]
    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        """stdout split at line ends (only LF: a stray CR must stay visible)."""
        return self.out.split("\n")[:-1] if self.out else []

    def __str__(self) -> str:  # shown by pytest when an assertion fails
        return f"argv={self.argv!r} exit={self.code}\n--stdout--\n{self.out}--stderr--\n{self.err}"


def _finish(argv: Sequence[Arg], code: int, out: bytes, err: bytes) -> Result:
    assert b"Traceback" not in err, f"traceback from {argv!r}:\n{err.decode(errors='replace')}"
    assert b"Traceback" not in out, f"traceback on stdout from {argv!r}"
    if os.name == "nt":  # pragma: no cover
        out, err = out.replace(b"\r\n", b"\n"), err.replace(b"\r\n", b"\n")
    return Result(argv, code, out.decode("utf-8"), err.decode("utf-8"))


# -- in this process ---------------------------------------------------------------------
MEMORY: Literal["memory"] = "memory"


def run(
    *argv: Arg,
    stdin: bytes | TextIO | None = b"",
    stdout: TextIO | Literal["memory"] | None = MEMORY,
    stderr: TextIO | Literal["memory"] | None = MEMORY,
    encoding: str = "utf-8",
) -> Result:
    """Run ``urikit ARGV`` in this process: ``main(argv)`` with the standard streams
    replaced by in-memory ones (stdout and stderr in ``encoding``, as PYTHONIOENCODING
    sets it), or by the stream given (``None``: closed before the start, as Python sets
    it).  An argument in bytes reaches ``main`` as Python decodes argv (PEP 383)."""
    captured: dict[str, io.BytesIO] = {}

    def memory(name: str, data: bytes = b"") -> TextIO:
        captured[name] = io.BytesIO(data)
        return io.TextIOWrapper(captured[name], encoding=encoding if name else "utf-8")

    streams = (
        memory("", stdin) if isinstance(stdin, bytes) else stdin,
        memory("out") if stdout == MEMORY else stdout,
        memory("err") if stderr == MEMORY else stderr,
    )
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = streams
    try:
        code = main([os.fsdecode(arg) for arg in argv])
        for stream, given in zip(streams[1:], (stdout, stderr), strict=True):
            if given == MEMORY and stream is not None:
                stream.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    out, err = (captured[name].getvalue() if name in captured else b"" for name in ("out", "err"))
    return _finish(argv, code, out, err)


def run_all(*argvs: Sequence[Arg], stdin: bytes = b"") -> list[Result]:
    """:func:`run` for each ``ARGV``, each fed ``stdin``; results in order."""
    return [run(*argv, stdin=stdin) for argv in argvs]


@contextlib.contextmanager
def stream_on(
    fd: int, mode: Literal["r", "w"], *, line_buffering: bool = False
) -> Iterator[TextIO]:
    """A text stream in ``mode`` on the descriptor ``fd``, which need not allow ``mode``
    (a stdout open for reading only, as a shell can make one).  Closed on leaving, once
    ``fd`` points at the null device, so that the close flushes nothing that fails."""
    buffering = 1 if line_buffering else -1
    stream = open(fd, mode, buffering, encoding="utf-8")  # noqa: SIM115
    try:
        yield stream
    finally:
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, fd)
        os.close(null)
        stream.close()


# -- in a process of its own ---------------------------------------------------------------
def run_process(*argv: Arg, stdin: bytes = b"", env: dict[str, str] | None = None) -> Result:
    """Run ``python -m urikit ARGV`` to completion."""
    proc = subprocess.run(
        [*COMMAND, *argv], input=stdin, capture_output=True, env=env or ENV, timeout=TIMEOUT
    )
    return _finish(argv, proc.returncode, proc.stdout, proc.stderr)


def run_redirected(*cases: tuple[str, Sequence[Arg]], stdin: bytes = b"") -> list[Result]:
    """Run ``python -m urikit ARGV`` for each ``(REDIRECTIONS, ARGV)`` at once, with the
    shell redirections applied to it (``<&-`` closes stdin, ``>/dev/full`` fills...)."""
    procs = [
        (
            argv,
            subprocess.Popen(
                ["sh", "-c", f'exec "$@" {redirect}', "sh", *COMMAND, *argv],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=ENV,
            ),
        )
        for redirect, argv in cases
    ]
    results = []
    for argv, proc in procs:
        try:
            out, err = proc.communicate(stdin, timeout=TIMEOUT)
        except BrokenPipeError:  # pragma: no cover (it closed stdin without reading it)
            out, err = proc.communicate(timeout=TIMEOUT)
        results.append(_finish(argv, proc.returncode, out, err))
    return results


def summary(valid: int, invalid: int, empty: int = 0) -> str:
    skipped = f", {empty} empty lines skipped" if empty else ""
    return f"{valid} valid, {invalid} invalid{skipped}"


def assert_check_output(
    result: Result, prefixes: list[str], last: str, file: str | Path = "<stdin>"
) -> None:
    """One ``FILE:LINE:COLUMN: reason`` line per prefix (``LINE:COLUMN: ``), in order, then
    the summary ``last``."""
    assert len(result.lines) == len(prefixes) + 1, result
    for line, prefix in zip(result.lines, [f"{file}:{p}" for p in prefixes], strict=False):
        assert line.startswith(prefix), (prefix, result)
        assert line[len(prefix) :].strip(), f"no reason after {prefix!r}: {result}"
    assert result.lines[-1] == last, result


def text_blocks(out: str) -> list[dict[str, str]]:
    """The text output of ``parse``: one ``{"": uri, name: shown value}`` per reference."""
    blocks: list[dict[str, str]] = []
    for line in out.split("\n"):
        if not line:
            continue
        if line[0].isspace():
            name, _, value = line.strip().partition(" ")
            blocks[-1][name] = value.strip()
        else:
            blocks.append({"": line})
    return blocks


def json_lines(result: Result) -> list[dict[str, object]]:
    objects = [json.loads(line) for line in result.lines]
    assert all(isinstance(obj, dict) for obj in objects), result
    return objects


# -- parse -------------------------------------------------------------------------
def test_parse_text_and_json_absent_versus_empty() -> None:
    uris = ["http://h?", "http://h", "http://@h:/?#", "file:///p", "x", "http://u@h:80/p?q#f"]
    expected = [
        # scheme, authority, userinfo, host, port, path, query, fragment
        ("http", "h", None, "h", None, "", "", None),
        ("http", "h", None, "h", None, "", None, None),
        ("http", "@h:", "", "h", "", "/", "", ""),
        ("file", "", None, "", None, "/p", None, None),
        (None, None, None, None, None, "x", None, None),
        ("http", "u@h:80", "u", "h", "80", "/p", "q", "f"),
    ]
    text, as_json = run_all(["parse", *uris], ["parse", "--json", *uris])

    assert text.code == 0, text
    blocks = text_blocks(text.out)
    assert [block[""] for block in blocks] == uris, text
    for block, values in zip(blocks, expected, strict=True):
        for name, value in zip(COMPONENTS, values, strict=True):
            shown = "(absent)" if value is None else '""' if value == "" else value
            assert block.get(name) == shown, (block[""], name, text)

    assert as_json.code == 0, as_json
    objects = json_lines(as_json)
    assert len(objects) == len(uris), as_json
    for obj, values in zip(objects, expected, strict=True):
        assert obj["error"] is None, as_json
        assert {name: obj[name] for name in COMPONENTS} == dict(
            zip(COMPONENTS, values, strict=True)
        ), as_json
    assert objects[0]["query"] == "" and objects[1]["query"] is None


def test_parse_invalid_is_reported_with_position_and_processing_continues() -> None:
    uris = ["a:b", "http://exa mple/", "c:d"]
    text, as_json = run_all(["parse", *uris], ["parse", "--json", *uris])

    assert text.code == 1, text
    assert [block[""] for block in text_blocks(text.out)] == ["a:b", "c:d"], text
    assert "http://exa mple/" in text.err, text
    # ARGUMENT:COLUMN: reason, the column 1-based as everywhere in the CLI ...
    assert text.err.startswith("<arg>:2:11: a character not allowed in a URI"), text
    # ... then the input with a caret under the space
    err_lines = text.err.split("\n")
    number = next(i for i, line in enumerate(err_lines) if line.strip() == "http://exa mple/")
    assert err_lines[number + 1].index("^") == err_lines[number].index(" mple"), text

    assert as_json.code == 1, as_json
    objects = json_lines(as_json)
    assert len(objects) == 3, as_json
    assert objects[0]["error"] is None and objects[2]["error"] is None, as_json
    assert objects[0]["path"] == "b" and objects[2]["path"] == "d", as_json
    assert [(o["file"], o["line"], o["input"]) for o in objects] == [
        ("<arg>", n, uri) for n, uri in enumerate(uris, start=1)
    ], as_json
    error = objects[1]["error"]
    assert isinstance(error, dict), as_json
    assert error == {
        "position": 10,
        "line": 2,
        "column": 11,
        "kind": "invalid-character",
        "reason": "a character not allowed in a URI: ' ' (U+0020)",
    }, as_json


NASTY = [
    "",
    " ",
    "\t",
    "\x7f",
    "\x1b[31m",
    "http://é/",
    "/\U0001f600",
    "%",
    "%G0",
    "[",
    "http://[",
    "http://[::1",
    "http://[v1.x]/",
    "http://h:port/",
    ":",
    "::",
    "a:b c",
    "http://" + "x" * 100_000 + " ",
]


def test_parse_never_tracebacks_on_nasty_input() -> None:
    valid = {"", "http://[v1.x]/"}  # "" is a relative-ref (empty path)
    argvs: list[list[Arg]] = [["parse", *NASTY], ["parse", "--json", *NASTY]]
    argvs += [["parse", "--grammar", "rfc2396", "--json", *NASTY]]
    if os.name == "posix":  # arguments that are not UTF-8 (surrogate-escaped by Python)
        argvs += [["parse", b"http://a/\xff"], ["parse", "--json", b"\xc3(", "a:b"]]
    text, as_json, as_json_2396, *raw = run_all(*argvs)

    assert text.code == 1, text
    assert as_json.code == 1 and as_json_2396.code == 1, (as_json, as_json_2396)
    objects = json_lines(as_json)
    assert len(objects) == len(NASTY), as_json
    for uri, obj in zip(NASTY, objects, strict=True):
        assert (obj["error"] is not None) == (uri not in valid), (uri, obj)
    assert len(json_lines(as_json_2396)) == len(NASTY), as_json_2396
    for result in raw:
        assert result.code == 1, result
    if raw:
        assert raw[0].err.strip(), raw[0]
        second = json_lines(raw[1])
        assert len(second) == 2 and second[0]["error"] and second[1]["error"] is None, raw[1]


def test_parse_and_check_with_ascii_output_encoding() -> None:
    data = "http://é/\n/\U0001f600 x\na:b\n".encode()
    result = run("check", stdin=data, encoding="ascii")
    assert_check_output(result, ["1:8: ", "2:2: "], summary(1, 2))
    result = run("parse", "http://é/", "a\tb", "http://\U0001f600/", encoding="ascii")
    assert result.code == 1 and result.err.strip(), result


# -- --grammar and --rule ------------------------------------------------------------
def test_grammar_rfc2396_differences() -> None:
    uris = ["http://a@b@c/", "x:", "mailto:a@b"]
    rfc2396, rfc3986 = run_all(
        ["parse", "--json", "--grammar", "rfc2396", *uris],
        ["parse", "--json", "--grammar", "rfc3986", *uris],
    )
    assert rfc2396.code == 1, rfc2396  # "x:" needs something after the colon in RFC 2396
    registry, empty_ssp, opaque = json_lines(rfc2396)
    assert registry["error"] is None, rfc2396
    assert registry["authority"] == "a@b@c" and registry["host"] is None, rfc2396
    assert registry["userinfo"] is None and registry["port"] is None, rfc2396
    assert registry["scheme"] == "http" and registry["path"] == "/", rfc2396
    assert empty_ssp["error"], rfc2396
    assert opaque["error"] is None and opaque["path"] == "a@b", rfc2396

    assert rfc3986.code == 1, rfc3986
    server, empty_ssp, opaque = json_lines(rfc3986)
    assert server["error"], rfc3986
    assert empty_ssp["error"] is None and empty_ssp["path"] == "", rfc3986
    assert opaque["error"] is None, rfc3986


def test_rule() -> None:
    results = run_all(
        ["parse", "--json", "--rule", "relative-ref", "//g"],
        ["parse", "--json", "--rule", "URI", "//g"],
        ["parse", "--json", "--rule", "absolute-URI", "a:b#f", "a:b"],
        ["parse", "--json", "--grammar", "rfc2396", "--rule", "relativeURI", "//g"],
        ["parse", "--json", "--grammar", "rfc2396", "--rule", "absoluteURI", "//g"],
    )
    relative, uri, absolute, relative_2396, absolute_2396 = results
    for result in (relative, relative_2396):
        assert result.code == 0, result
        (obj,) = json_lines(result)
        assert obj["authority"] == "g" and obj["scheme"] is None, result
    for result in (uri, absolute_2396):
        assert result.code == 1, result
        (obj,) = json_lines(result)
        assert obj["error"], result
    assert absolute.code == 1, absolute
    with_fragment, without = json_lines(absolute)
    assert with_fragment["error"] and without["error"] is None, absolute


def test_check_with_grammar_and_rule() -> None:
    rfc3986, rfc2396, uri, relative_2396, absolute_2396 = run_all(
        ["check"],
        ["check", "--grammar", "rfc2396", "-"],
        ["check", "--rule", "URI"],
        ["check", "--grammar", "rfc2396", "--rule", "relativeURI"],
        ["check", "--grammar", "rfc2396", "--rule", "absoluteURI", "-"],
        stdin=b"http://a@b@c/\n//g\n",
    )
    assert_check_output(rfc3986, ["1:11: "], summary(1, 1))
    assert rfc3986.code == 1
    assert_check_output(rfc2396, [], summary(2, 0))
    assert rfc2396.code == 0
    assert_check_output(uri, ["1:11: ", "2:"], summary(0, 2))
    assert uri.code == 1
    assert_check_output(relative_2396, ["1:"], summary(1, 1))
    assert relative_2396.code == 1
    assert_check_output(absolute_2396, ["2:"], summary(1, 1))
    assert absolute_2396.code == 1


# -- check: files, stdin, awkward input ----------------------------------------------
MIXED = (
    b"http://a/b\n"  # valid
    b"http://exa mple/\n"  # 2:11 space
    b"\n"  # empty
    b"//g\n"  # valid
    b"http://h:80x/\n"  # 5:12 port must be digits
    b"foo:bar\n"  # valid
    b"a<b\n"  # 7:2 '<'
    b"http://a@b@c/\n"  # 8:11 second '@' in the host
    b"/caf\xc3\xa9\n"  # 9:5 non-ASCII
)
MIXED_OUTPUT = (["2:11: ", "5:13: ", "7:2: ", "8:11: ", "9:5: "], summary(3, 5, 1))


def test_check_file_stdin_dash_and_no_argument(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_bytes(MIXED)
    from_file, from_dash, from_stdin = run_all(
        ["check", str(path)], ["check", "-"], ["check"], stdin=MIXED
    )
    for result in (from_file, from_dash, from_stdin):
        assert result.code == 1, result
        assert_check_output(result, *MIXED_OUTPUT, file=path if result is from_file else "<stdin>")
    assert from_file.out.replace(str(path), "<stdin>") == from_dash.out == from_stdin.out


AWKWARD = {
    "empty-file": (b"", [], summary(0, 0), 0),
    "no-final-newline": (b"http://a/\nhttp://b c/", ["2:9: "], summary(1, 1), 1),
    "crlf": (
        b"http://a/\r\nhttp://b c/\r\n\r\nfoo:bar\r\n",
        ["2:9: "],
        summary(2, 1, 1),
        1,
    ),
    "bom": (b"\xef\xbb\xbfhttp://a/\nhttp://b/\n", [], summary(2, 0), 0),
    "bom-crlf": (b"\xef\xbb\xbfa b\r\nhttp://c/\r\n", ["1:2: "], summary(1, 1), 1),
    "bom-only": (b"\xef\xbb\xbf\n", [], summary(0, 0, 1), 0),
    "empty-and-blank-lines": (
        b"\n\na:b\n\n\r\n \n\t\n",
        ["6:1: ", "7:1: "],  # blank is not empty
        summary(1, 2, 4),
        1,
    ),
    "not-utf8": (
        b"http://a/\nhttp://\xc3\xa9\xff/\nfoo:bar\n\xe9\nhttp://b c/\n"
        b"a:b\xc3\n\xed\xa0\x80\n\xc0\xaf\n",
        ["2:9: ", "4:1: ", "5:9: ", "6:4: ", "7:1: ", "8:1: "],
        summary(2, 6),
        1,
    ),
    "nul": (b"http://a/\x00b\nfoo:bar\n\x00\n", ["1:10: ", "3:1: "], summary(1, 2), 1),
    # a lone CR ends a line (old Mac files), as LF and CR LF do
    "cr-only": (b"a:b\rhttp://b c/\r\rfoo:bar\r", ["2:9: "], summary(2, 1, 1), 1),
    "cr-only-no-final-cr": (b"a b\rc:d", ["1:2: "], summary(1, 1), 1),
    "bom-cr": (b"\xef\xbb\xbfa b\rc:d\r", ["1:2: "], summary(1, 1), 1),
    "mixed-line-ends": (
        # a:b CRLF | b c CR | d:e LF | f g CRLF | (empty) CR | (empty) CRLF | h:i
        b"a:b\r\nb c\rd:e\nf g\r\n\r\r\nh:i",
        ["2:2: ", "4:2: "],
        summary(3, 2, 2),
        1,
    ),
    "lf-cr-is-two-line-ends": (b"a:b\n\rc:d\n\r\n", [], summary(2, 0, 2), 0),
}


def test_check_awkward_files(tmp_path: Path) -> None:
    """Every case of AWKWARD, each in its own file; all failures are reported together."""
    paths = {}
    for name, (data, *_) in AWKWARD.items():
        paths[name] = tmp_path / f"{name}.txt"
        paths[name].write_bytes(data)
    results = run_all(*(["check", str(path)] for path in paths.values()))
    failures = []
    for (name, (_, prefixes, last, code)), result in zip(AWKWARD.items(), results, strict=True):
        try:
            assert_check_output(result, prefixes, last, file=paths[name])
            assert result.code == code, result
            assert "\x00" not in result.out and "\r" not in result.out, result  # shown escaped
            if name == "not-utf8":
                assert all("utf-8" in line.lower() for line in result.lines[:2]), result
        except AssertionError as error:
            failures.append(f"[{name}] {error}")
    assert not failures, "\n\n".join(failures)


def megabyte_lines(n: int, line_end: bytes = b"\n") -> bytes:
    """Eight lines of about ``n`` characters each, seven of them invalid in a different way
    at a different place (see :func:`test_check_multi_megabyte_lines`)."""
    lines = [
        b"http://a/" + b"x" * n,  # valid
        b"http://a/" + b"x" * n + b" y",  # space at the very end
        b"http://a/?" + b"q" * n + b"#" + b"f" * n + b"#",  # a second '#'
        b"/" + b"a" * n + "é".encode() + b"b" * n,  # non-ASCII in the middle
        b"http://a/" + b"x" * n + b"\xff",  # not UTF-8 at the end
        b"http://" + b"1." * (n // 2),  # a long host name
        b"http://" + b"[" * n,  # an unclosed IP literal
        b"%" * n,
    ]
    return line_end.join(lines) + line_end


def one_megabyte_line(n: int) -> bytes:
    """A short valid line, a line of ``n`` characters invalid at its end, a valid one of
    ``2n``: stdin's lines as a read of a pipe cuts them."""
    return b"a:b\n" + b"/" + b"p" * n + b"^\n" + b"c" * n + b":" + b"d" * n + b"\n"


@pytest.mark.parametrize("line_end", [b"\n", b"\r"], ids=["lf", "cr"])
def test_check_multi_megabyte_lines(tmp_path: Path, line_end: bytes) -> None:
    """The time grows linearly with the lines' length (tests/growth.py: a ratio of two
    times in one run, never a time), and each line is reported at its column, however
    long."""

    def written(size: int) -> Path:
        sized = tmp_path / f"big-{size}.txt"
        sized.write_bytes(megabyte_lines(size, line_end))
        return sized

    assert_linear(lambda sized: run("check", str(sized)), written, sizes=(100_000, 1_000_000))
    n = 4_000_000
    path = tmp_path / "big.txt"
    path.write_bytes(megabyte_lines(n, line_end))
    result = run("check", str(path))
    assert_check_output(
        result,
        [
            f"2:{9 + n + 1}: ",
            f"3:{10 + 2 * n + 2}: ",
            f"4:{n + 2}: ",
            f"5:{9 + n + 1}: ",
            "7:",
            "8:",
        ],
        summary(2, 6),
        file=path,
    )
    assert result.code == 1
    assert max(map(len, result.lines)) < 1000, "a huge line is echoed whole"


def test_check_multi_megabyte_line_on_stdin() -> None:
    assert_linear(lambda data: run("check", stdin=data), one_megabyte_line)
    n = 3_000_000
    result = run("check", stdin=one_megabyte_line(n))
    assert_check_output(result, [f"2:{n + 2}: "], summary(2, 1))


# -- usage errors ----------------------------------------------------------------------
def test_usage_errors_exit_2(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_bytes(b"a:b\n")
    missing = tmp_path / "no-such-file.txt"
    argvs: list[list[Arg]] = [
        ["parse", "--grammar", "rfc9999", "a:b"],
        ["check", "--grammar", "rfc9999", str(good)],
        ["parse", "--rule", "no-such-rule", "a:b"],
        ["check", "--rule", "no-such-rule", str(good)],
        ["check", "--rule", "no-such-rule"],  # even with nothing to check (empty stdin)
        ["parse", "--grammar", "rfc2396", "--rule", "URI", "a:b"],  # a rule of rfc3986 only
        ["check", "--grammar", "rfc2396", "--rule", "relative-ref", str(good)],
        ["check", "--no-such-flag", str(good)],
        ["check", "--no-such-flag", str(missing)],  # before any FILE is opened
        [],
        ["no-such-command"],
    ]
    results = run_all(*argvs)
    for result in results:
        assert result.code == 2, result
        assert result.err.strip(), result
        assert "valid," not in result.out, result  # nothing was checked


# -- help, entry points ----------------------------------------------------------------
def _flags(parser: object) -> dict[str, set[str]]:
    """Every option string of every (sub)command, from the real argument parser."""
    assert isinstance(parser, argparse.ArgumentParser)
    flags: dict[str, set[str]] = {"": set()}
    for action in parser._actions:
        flags[""].update(action.option_strings)
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                flags[name] = {s for a in sub._actions for s in a.option_strings}
    return flags


def test_help_mentions_every_flag() -> None:
    commands = [name for name in _flags(build_parser()) if name]
    assert set(commands) == set(COMMANDS)  # every subcommand runs, every command is one
    main, *others = run_all(["--help"], *([name, "--help"] for name in commands))
    for result in (main, *others):
        assert result.code == 0, result
    for name in commands:
        assert name in main.out, main
    assert {"--grammar", "--rule", "--json"} <= _flags(build_parser())["parse"]
    helps = {"": main, **dict(zip(commands, others, strict=True))}
    parse_help, check_help = helps["parse"], helps["check"]
    for command, flags in _flags(build_parser()).items():
        for flag in flags:
            assert re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", helps[command].out), (
                f"{flag} missing from the help of {command or 'urikit'}"
            )
    for result in (parse_help, check_help):
        for word in ("--grammar", "--rule", "rfc3986", "rfc2396"):
            assert word in result.out, (word, result)
    assert "--json" in parse_help.out
    assert "FILE" in check_help.out and "-" in check_help.out


def test_version() -> None:
    """The version, and which engine runs (``urikit.ENGINE``)."""
    result = run("--version")
    expected = f"urikit {urikit.__version__}; engine: {urikit.ENGINE}\n"
    assert (result.code, result.out) == (0, expected), result
    assert re.fullmatch(r"\d+\.\d+\.\d+", urikit.__version__)


def test_console_script_matches_python_m() -> None:
    """The console script (pyproject's ``_urikit_cli:main``, as installed), ``python -m
    urikit`` and ``main`` in this process print the same."""
    argv = ["parse", "--json", "http://h?", "bad uri"]
    via_m, here = run_process(*argv), run(*argv)
    assert via_m.code == here.code == 1, (via_m, here)
    assert via_m.out == here.out, (via_m, here)
    script = Path(sys.executable).with_name("urikit.exe" if os.name == "nt" else "urikit")
    if not script.exists():
        pytest.skip("no urikit console script next to the interpreter")
    proc = subprocess.run([str(script), *argv], capture_output=True, env=ENV, timeout=TIMEOUT)
    assert b"Traceback" not in proc.stderr
    assert (proc.returncode, proc.stdout.decode()) == (via_m.code, via_m.out)


# -- closed pipes ------------------------------------------------------------------------
CLOSED_PIPE_ARGVS = (
    ["check", "many.txt"],
    ["parse", "--json", *["a b"] * 2000],
    ["parse", "a:b"],
    ["--help"],
)


def test_output_to_a_pipe_closed_midway(tmp_path: Path) -> None:
    """``urikit check many.txt | head -1``: a real process, for SIGPIPE and the flush at
    exit (which would print "Exception ignored")."""
    path = tmp_path / "many.txt"
    path.write_bytes(b"bad uri\n" * 200_000)  # megabytes of output
    proc = subprocess.Popen(
        [*COMMAND, "check", str(path)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait(timeout=TIMEOUT)
    assert first.startswith(str(path).encode() + b":1:4: "), first
    assert err == b"", err.decode()  # no traceback, no "Exception ignored" at exit
    assert proc.returncode == 141, proc.returncode  # as if killed by SIGPIPE, like cat

    # stdout already closed before anything is written, in a process of its own
    for argv in CLOSED_PIPE_ARGVS[2:]:
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            proc2 = subprocess.run(
                [*COMMAND, *argv],
                stdin=subprocess.DEVNULL,
                stdout=write_end,
                stderr=subprocess.PIPE,
                env=ENV,
                timeout=TIMEOUT,
            )
        finally:
            os.close(write_end)
        assert proc2.stderr == b"", (argv[:3], proc2.stderr.decode())
        assert proc2.returncode == 141, (argv[:3], proc2.returncode)


@pytest.mark.parametrize("argv", CLOSED_PIPE_ARGVS, ids=lambda argv: " ".join(argv[:2]))
def test_output_to_a_closed_pipe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    """stdout already closed by its reader before anything is written: 141, silently."""
    monkeypatch.chdir(tmp_path)
    Path("many.txt").write_bytes(b"bad uri\n" * 200_000)
    read_end, write_end = os.pipe()
    os.close(read_end)
    with stream_on(write_end, "w") as stdout:
        result = run(*argv, stdout=stdout)
    assert result.err == "", result
    assert result.code == 141, result


def test_resolve_and_relativize() -> None:
    base = "http://a/b/c/d;p?q"
    args, piped, old, bad_base, relative = run_all(
        ["resolve", base, "g", "../../../g", "?y", "a b", "#s"],
        ["resolve", "--grammar", "rfc2396", base, "-"],
        ["resolve", "--non-strict", "--above-root", "keep", base, "http:g", "../../../g"],
        ["resolve", "http://a b/", "g"],
        ["relativize", "http://a/b/c/d", "http://a/b/x?y", "http://a/b/c/d#f", "x y"],
        stdin=b"?y\r\n../../../g\n\xff\nmailto:x\n",
    )
    assert args.code == 1, args
    # an empty line in place of the failed result: the output lines up with the input
    assert args.lines == ["http://a/b/c/g", "http://a/g", "http://a/b/c/d;p?y", "", base + "#s"]
    assert args.err.startswith("<arg>:4:2: a character not allowed in a URI"), args
    assert piped.code == 1, piped
    assert piped.lines == ["http://a/b/c/?y", "http://a/../g", "", "mailto:x"], piped
    assert piped.err.startswith("<stdin>:3:1: not UTF-8"), piped
    assert old.code == 0 and old.lines == ["http://a/b/c/g", "http://a/../g"], old
    assert bad_base.code == 2 and not bad_base.out, bad_base
    assert_one_line(bad_base, "resolve", "BASE", "column 9")
    assert relative.code == 1, relative
    assert relative.lines == ["../x?y", "#f", ""], relative
    assert relative.err.startswith("<arg>:3:2: "), relative


def test_resolve_errors_are_reported_not_raised() -> None:
    no_scheme, opaque, climbing = run_all(
        ["resolve", "//a/b", "c"],
        ["resolve", "--grammar", "rfc2396", "mailto:x", "g", "#f"],
        ["resolve", "--above-root", "raise", "http://a/b", "./../../g", "g"],
    )
    assert no_scheme.code == 2 and not no_scheme.out, no_scheme
    assert_one_line(no_scheme, "resolve", "BASE", "scheme")
    assert opaque.code == 1 and opaque.lines == ["", "mailto:x#f"], opaque
    assert opaque.err.startswith("<arg>:1:1: ") and "opaque" in opaque.err, opaque
    # the column of the '..' that climbs: every report has one
    assert climbing.code == 1 and climbing.lines == ["", "http://a/g"], climbing
    assert climbing.err.startswith("<arg>:1:3: '..' climbs above the root"), climbing


def test_a_base_without_a_scheme_stops_the_run() -> None:
    """RFC 3986 §5.2.1: a base URI has a scheme.  No target can be found without one: a
    usage error, as an invalid base is in every command."""
    relative, equivalent = run_all(
        ["relativize", "//a/b", "http://a/c", "http://a/d"],
        ["equivalent", "--base", "//a/b", "./c", "../b/c"],
    )
    assert relative.code == 2 and not relative.out, relative
    assert_one_line(relative, "relativize", "scheme", "'//a/b'")
    assert equivalent.code == 2 and not equivalent.out, equivalent
    assert_one_line(equivalent, "equivalent", "scheme", "'//a/b'")


def test_normalize_and_equivalent() -> None:
    norm, piped, same, different, invalid, based = run_all(
        ["normalize", "HTTP://www.Example.COM:80/%7euser/./a/../b?%61=%2f#x", "a b", "x"],
        ["normalize", "--level", "syntax", "--grammar", "rfc3986", "-"],
        ["equivalent", "http://example.com", "HTTP://EXAMPLE.com:80/"],
        ["equivalent", "http://example.com/a?x", "http://example.com/b?x"],
        ["equivalent", "http://example.com", "http://exa mple.com"],
        ["equivalent", "--base", "http://a/b/", "./c", "../b/c"],
        stdin=b"HTTP://A:80\r\n\xfe\n",
    )
    assert norm.code == 1, norm
    assert norm.lines == ["http://www.example.com/~user/b?a=%2F#x", "", "x"], norm
    assert norm.err.startswith("<arg>:2:2: "), norm
    assert piped.code == 1 and piped.lines == ["http://a:80", ""], piped
    assert "<stdin>:2:1: not UTF-8" in piped.err, piped
    assert same.code == 0 and same.lines == ["equivalent: http://example.com/"], same
    assert different.code == 1, different
    assert different.lines == ["not equivalent: the path differs: /a vs /b"], different
    # one line A TAB B: B's column counts from the start of the line
    assert invalid.code == 1 and invalid.lines == [""], invalid
    assert invalid.err.startswith("<arg>:1:30: "), invalid
    assert based.code == 0 and based.lines == ["equivalent: http://a/b/c"], based


RFC2396_APPENDIX_E = (
    b'Yes, Jim, I found it under "http://www.w3.org/Addressing/",\r\n'
    b"but you can probably pick it up from <ftp://ds.internic.\r\n"
    b"net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\r\n"
    b"ietf/uri/historical.html#WARNING>. \xff\xfe www.example.com/x\r\n"
)


def test_extract_and_complete(tmp_path: Path) -> None:
    text = tmp_path / "mail.txt"
    text.write_bytes(RFC2396_APPENDIX_E)
    plain, as_json, only_ftp, completed = run_all(
        ["extract", str(text)],
        ["extract", "--json", "--abbreviated", "-"],
        ["extract", "--schemes", "ftp,mailto", str(text)],
        ["complete", "www.w3.org/Addressing/", "a b", "localhost:8080"],
        stdin=RFC2396_APPENDIX_E,
    )
    uris = [
        "http://www.w3.org/Addressing/",
        "ftp://ds.internic.net/rfc/",
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    ]
    assert plain.code == 0 and plain.lines == uris, plain
    objects = json_lines(as_json)
    assert [o["uri"] for o in objects] == [*uris, "http://www.example.com/x"], as_json
    assert [(o["line"], o["column"], o["delimiter"]) for o in objects] == [
        (1, 29, '""'),
        (2, 39, "<>"),
        (3, 34, "<>"),
        (4, 39, None),
    ], as_json
    assert only_ftp.lines == ["ftp://ds.internic.net/rfc/"], only_ftp
    assert completed.code == 1, completed
    assert completed.lines == ["http://www.w3.org/Addressing/", "", "http://localhost:8080"]
    assert completed.err.startswith("<arg>:2:2: "), completed


APPENDIX_D_PAGE = b"""<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
<img src="a b.png"><a href="https://x.example/y">
</BODY></HTML>
"""


def test_links(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_bytes(APPENDIX_D_PAGE)
    plain, as_json, no_base, bad_base = run_all(
        ["links", str(page)],
        ["links", "--json", "-"],
        ["links", "--base", "http://example.org/dir/page", "-"],
        ["links", "--base", "no scheme", str(page)],
        stdin=b'<a href="x">x</a><a href="http:\xff">',
    )
    assert plain.code == 1, plain
    assert plain.lines == [
        "http://www.ics.uci.edu/Test/a/b/c",
        "http://www.ics.uci.edu/Test/a/x",
        "https://x.example/y",
    ], plain
    # the column of the space, in the line of the document
    assert plain.err.startswith(f"{page}:7:12: <img src>: a character not allowed"), plain
    objects = json_lines(as_json)
    assert [(o["reference"], o["uri"]) for o in objects] == [("x", None), ("http:\ufffd", None)]
    assert no_base.lines == ["http://example.org/dir/x"], no_base
    assert bad_base.code == 2 and "--base" in bad_base.err, bad_base


def test_links_without_base(tmp_path: Path) -> None:
    # issue 21: a file's links resolve against its own file: URI, as a browser that
    # opened it would; on stdin there is no base, and a relative reference is said to
    # be one, not an error
    page = tmp_path / "dir" / "page.html"
    page.parent.mkdir()
    document = b'<a href="#top">t</a>\n<a href="../b.html">b</a>\n<a href="http://x.example/">x</a>'
    page.write_bytes(document)
    from_file, plain, as_json = run_all(
        ["links", str(page)], ["links", "-"], ["links", "--json", "-"], stdin=document
    )
    assert from_file.code == 0, from_file
    assert from_file.lines == [
        page.as_uri() + "#top",
        (tmp_path / "b.html").as_uri(),
        "http://x.example/",
    ], from_file
    assert plain.code == 0 and plain.lines == ["http://x.example/"], plain
    assert plain.err.splitlines() == [
        "<stdin>:1:10: note: <a href> '#top' is relative (no --base)",
        "<stdin>:2:10: note: <a href> '../b.html' is relative (no --base)",
    ], plain
    objects = json_lines(as_json)
    assert as_json.code == 0, as_json
    assert [(o["reference"], o["uri"], o["relative"], o["error"]) for o in objects] == [
        ("#top", None, True, None),
        ("../b.html", None, True, None),
        ("http://x.example/", "http://x.example/", False, None),
    ]


def test_extract_schemes_policy() -> None:
    text = b'Data::Dumper "DEFAULT:RSA" <xsl:when> s3://bucket/key **[a](https://a.example/)**\n'
    default, literal, named, as_json = run_all(
        ["extract", "-"],
        ["extract", "--schemes", "any", "-"],
        ["extract", "--schemes", "s3,DEFAULT", "-"],
        ["extract", "--json", "-"],
        stdin=text,
    )
    assert default.lines == ["s3://bucket/key", "https://a.example/"], default
    assert literal.lines == [
        "Data::Dumper",
        "DEFAULT:RSA",
        "xsl:when",
        "s3://bucket/key",
        "https://a.example/",
    ], literal
    assert named.lines == ["DEFAULT:RSA", "s3://bucket/key"], named
    objects = json_lines(as_json)
    assert [(o["input"], o["delimiter"], o["ended_by"]) for o in objects] == [
        ("s3://bucket/key", None, "whitespace"),
        ("https://a.example/", "()", "delimiter"),
    ]


# -- IRIs (RFC 3987) -------------------------------------------------------------------------
def test_grammar_rfc3987_in_every_command(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_bytes('<a href="../ü">'.encode())
    parsed, checked, resolved, relative, normal, same, found, linked = run_all(
        ["parse", "--grammar", "rfc3987", "--json", "http://bücher.de/ä", "http://h/\u200e"],
        ["check", "--grammar", "rfc3987", "--rule", "IRI", "-"],
        ["resolve", "-g", "rfc3987", "http://bücher.de/a/b", "../ü", "a b"],
        ["relativize", "-g", "rfc3987", "http://bücher.de/a/b", "http://bücher.de/a/ü"],
        ["normalize", "-g", "rfc3987", "HTTP://Bücher.de/%C3%BC"],
        ["equivalent", "-g", "rfc3987", "http://bücher.de/ü", "http://bücher.de/%C3%BC"],
        ["extract", "-g", "rfc3987", "-"],
        ["links", "-g", "rfc3987", "--base", "http://h/a/", str(page)],
        stdin="http://bücher.de/ä\n//例え.jp\n".encode(),
    )
    assert parsed.code == 1, parsed
    first, second = json_lines(parsed)
    assert (first["host"], first["path"], first["host_type"]) == ("bücher.de", "/ä", "reg-name")
    assert second["error"]["kind"] == "bidi-formatting-character", parsed  # type: ignore[index]
    assert checked.code == 1 and checked.lines[-1] == summary(1, 1), checked
    assert checked.lines[0].startswith("<stdin>:2:1: "), checked
    assert resolved.code == 1 and resolved.lines == ["http://bücher.de/ü", ""], resolved
    assert relative.lines == ["ü"], relative
    assert normal.lines == ["http://bücher.de/ü"], normal
    assert same.code == 0 and same.lines == ["equivalent: http://bücher.de/ü"], same
    assert found.lines == ["http://b%C3%BCcher.de/%C3%A4"], found
    assert linked.code == 0 and linked.lines == ["http://h/%C3%BC"], linked
    for result in (parsed, checked, resolved, relative, normal, same, found, linked):
        assert "Traceback" not in result.err


def test_iri_to_uri_and_uri_to_iri() -> None:
    to_uri, to_uri_idna, to_iri, to_iri_idna, from_stdin = run_all(
        ["iri-to-uri", "http://Bücher.de/ä?é#ü", "//例え.jp/パス", "a b"],
        ["iri-to-uri", "--host", "idna", "http://Bücher.de/ä", "http://x.de/a\u2100b/c"],
        ["uri-to-iri", "http://xn--bcher-kva.de/%C3%A4%20%25", "http://h/%FF"],
        ["uri-to-iri", "--host", "idna", "--mode", "uts46", "http://xn--bcher-kva.de/%C3%A4"],
        ["iri-to-uri", "--host", "idna"],
        stdin="http://u@ü.example:81/ä\nhttp://u@a\u2100b:81/\n\xe9:x\n".encode(),
    )
    assert to_uri.code == 1, to_uri
    assert to_uri.lines == [
        "http://B%C3%BCcher.de/%C3%A4?%C3%A9#%C3%BC",
        "//%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9",
        "",
    ], to_uri
    assert to_uri.err.startswith("<arg>:3:2: "), to_uri
    assert to_uri_idna.code == 0, to_uri_idna
    assert to_uri_idna.lines == [
        "http://xn--bcher-kva.de/%C3%A4",
        "http://x.de/a%E2%84%80b/c",  # only a host name is converted
    ], to_uri_idna
    assert to_iri.code == 0 and to_iri.lines == [
        "http://xn--bcher-kva.de/ä%20%25",
        "http://h/%FF",
    ], to_iri
    assert to_iri_idna.lines == ["http://bücher.de/ä"], to_iri_idna
    assert from_stdin.code == 1, from_stdin
    assert from_stdin.lines == ["http://u@xn--tda.example:81/%C3%A4", "", ""], from_stdin
    # a host IDNA refuses: reported at its column (the character at fault), the run goes on
    errors = from_stdin.err.splitlines()
    assert errors[0].startswith("<stdin>:2:11: the host 'a\u2100b': uts46"), from_stdin
    assert errors[1].startswith("<stdin>:3:2: "), from_stdin


def test_host_idna_without_the_extra_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "idna", None)
    to_uri, to_iri, percent, uts46 = run_all(
        ["iri-to-uri", "--host", "idna", "--mode", "idna2008", "http://a/"],
        ["uri-to-iri", "--host", "idna", "--mode", "idna2008", "http://a/"],
        ["iri-to-uri", "http://ü/"],
        ["iri-to-uri", "--host", "idna", "http://ü/"],  # UTS #46 (the default): no extra
    )
    for result, command in ((to_uri, "iri-to-uri"), (to_iri, "uri-to-iri")):
        assert result.code == 2 and not result.out, result
        assert_one_line(result, command, "--host idna", "pip install 'urikit[idna]'")
    assert percent.code == 0 and percent.lines == ["http://%C3%BC/"], percent
    assert uts46.code == 0 and uts46.lines == ["http://xn--tda/"], uts46


def test_extract_iris() -> None:
    text = "詳しくは「https://例え.jp/パス」、または https://de.wikipedia.org/wiki/Köln。\n"
    uris, iris, as_json = run_all(
        ["extract"], ["extract", "--iri"], ["extract", "--json"], stdin=text.encode()
    )
    assert uris.lines == [
        "https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9",
        "https://de.wikipedia.org/wiki/K%C3%B6ln",
    ], uris
    assert iris.lines == ["https://例え.jp/パス", "https://de.wikipedia.org/wiki/Köln"], iris
    objects = json_lines(as_json)
    assert [(o["iri"], o["uri"], o["column"]) for o in objects] == [
        ("https://例え.jp/パス", uris.lines[0], 6),
        ("https://de.wikipedia.org/wiki/Köln", uris.lines[1], 28),
    ], as_json
    spans = [(int(str(o["start"])), int(str(o["end"]))) for o in objects]
    assert [text[start:end] for start, end in spans] == iris.lines


def test_links_with_iris() -> None:
    page = (
        '<a href="https://bücher.de/ü?q=ü">\n<a href="/ä?q=é">\n<a href="http://a\u2100b/">'
    ).encode("latin-1", "xmlcharrefreplace")
    utf8, latin1, as_json, browser, ebcdic = run_all(
        ["links", "--base", "http://h/", "-"],
        ["links", "--base", "http://h/", "--encoding", "latin-1", "-"],
        ["links", "--base", "http://h/", "-e", "latin-1", "--json", "-"],
        ["links", "--base", "http://h/", "-e", "latin-1", "--mode", "browser", "-"],
        ["links", "--encoding", "cp500", "-"],
        stdin=page,
    )
    assert latin1.code == 1, latin1
    assert latin1.lines == ["https://xn--bcher-kva.de/%C3%BC?q=%FC", "http://h/%C3%A4?q=%E9"]
    assert latin1.err.startswith("<stdin>:3:10: <a href>: the host 'a\u2100b': uts46"), latin1
    # the same bytes read as UTF-8 are not UTF-8: U+FFFD, which no IRI holds
    assert utf8.code == 1 and not utf8.lines, utf8
    objects = json_lines(as_json)
    assert [o["reference"] for o in objects] == [
        "https://bücher.de/ü?q=ü",
        "/ä?q=é",
        "http://a\u2100b/",
    ]
    assert objects[2]["uri"] is None and "uts46" in str(objects[2]["error"]), as_json
    if importlib.util.find_spec("ada_url") is not None:
        assert browser.lines[:2] == latin1.lines, browser
    assert ebcdic.code == 2 and not ebcdic.out, ebcdic
    assert_one_line(ebcdic, "links", "--encoding", "cp500")


# -- streams that fail: one line on stderr and a documented status, never a traceback -------
# The statuses (see urikit._cli.main): 2 usage (a FILE that cannot be opened too), 74 a read or a
# write that failed (sysexits.h EX_IOERR), 130 interrupted, 141 the reader went away.
# Python sets sys.stdin, sys.stdout or sys.stderr to None when the shell closed it (`<&-`):
# run(stdin=None) is that; one run_redirected case per stream shows it in a real process.
EXIT_IO = 74
posix_only = pytest.mark.skipif(os.name != "posix", reason="shell redirections, fds, signals")
has_dev_full = pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")


def assert_one_line(result: Result, command: str, *words: str) -> None:
    """stderr is exactly one line, ``urikit COMMAND: ...``, holding each of ``words``."""
    prefix = f"urikit {command}: " if command else "urikit: "
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(prefix), result
    for word in words:
        assert word in lines[0], (word, result)


def test_closed_stdin(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_bytes(b"a:b\n")
    readers: list[list[Arg]] = [
        ["check"],
        ["check", "-"],
        ["resolve", "http://a/"],
        ["normalize", "-"],
        ["extract"],
        ["links"],
    ]
    for argv in readers:
        result = run(*argv, stdin=None)
        assert result.code == EXIT_IO, result
        assert_one_line(result, str(argv[0]), f"<stdin>: {os.strerror(9)}")
        assert result.out == ("0 valid, 0 invalid\n" if argv[0] == "check" else ""), result
    parse = run("parse", "a:b", stdin=None)  # stdin is not needed: nothing to report
    assert parse.code == 0 and text_blocks(parse.out)[0][""] == "a:b", parse
    from_file = run("check", str(good), stdin=None)
    assert from_file.code == 0 and from_file.lines == [summary(1, 0)], from_file

    # an empty stdin (/dev/null, a pipe already closed by its writer) is no error
    with stream_on(os.open(os.devnull, os.O_RDONLY), "r") as null:
        result = run("check", stdin=null)
    assert (result.code, result.out, result.err) == (0, "0 valid, 0 invalid\n", "")


@posix_only
def test_closed_stdin_in_a_process(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_bytes(b"a:b\n")
    failed, from_file = run_redirected(
        ("<&-", ["check"]),
        ("<&-", ["check", str(good)]),  # the file takes descriptor 0: still fine
    )
    assert failed.code == EXIT_IO, failed
    assert_one_line(failed, "check", f"<stdin>: {os.strerror(9)}")
    assert from_file.code == 0 and from_file.lines == [summary(1, 0)], from_file


@posix_only
def test_input_that_opens_but_cannot_be_read(tmp_path: Path) -> None:
    """A stdin open for writing only; a FILE whose first read fails (EIO).  (A directory as
    stdin never reaches urikit: Python itself refuses to start.)"""
    written = os.open(tmp_path / "written.txt", os.O_WRONLY | os.O_CREAT)
    with stream_on(written, "r") as write_only_stdin:
        write_only = run("normalize", stdin=write_only_stdin)
    assert write_only.code == EXIT_IO, write_only
    assert_one_line(write_only, "normalize", f"<stdin>: {os.strerror(9)}")
    if not Path("/proc/self/mem").exists():  # Linux: address 0 is not mapped
        return
    for command in ("check", "extract"):
        result = run(command, "/proc/self/mem")
        assert result.code == EXIT_IO, result
        assert_one_line(result, command, f"/proc/self/mem: {os.strerror(5)}")
        assert result.out == ("0 valid, 0 invalid\n" if command == "check" else ""), result


def test_closed_stdout(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_bytes(b"a:b\nb c\n")
    for argv, stdin in ((["parse", "http://a/"], b""), (["check", str(good)], b"")):
        result = run(*argv, stdin=stdin, stdout=None)
        assert result.code == EXIT_IO, result
        assert_one_line(result, argv[0], "cannot write to standard output", os.strerror(9))
    check_stdin = run("check", stdin=b"a:b\n", stdout=None)
    assert check_stdin.code == EXIT_IO, check_stdin
    assert_one_line(check_stdin, "check", "cannot write to standard output", os.strerror(9))
    # only an error, and nothing in its place
    nothing_to_write = run("resolve", "--on-error", "skip", "http://a/", "a b", stdout=None)
    assert nothing_to_write.code == 1, nothing_to_write
    assert nothing_to_write.err.startswith("<arg>:1:2: "), nothing_to_write


@posix_only
def test_closed_stdout_in_a_process() -> None:
    (parse,) = run_redirected((">&-", ["parse", "http://a/"]))
    assert parse.code == EXIT_IO, parse
    assert_one_line(parse, "parse", "cannot write to standard output", os.strerror(9))


@has_dev_full
def test_full_disk(tmp_path: Path) -> None:
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    small.write_bytes(b"a:b\n")
    big.write_bytes(b"bad uri\n" * 100_000)  # fails in the middle of the run
    argvs: list[list[Arg]] = [
        ["check", str(small)],
        ["check", str(big)],
        ["parse", "--json", "a:b"],
        ["normalize", "-"],
        ["--help"],
        ["check", "--help"],
    ]
    for argv in argvs:
        command = "" if "--help" in argv else str(argv[0])
        with stream_on(os.open("/dev/full", os.O_WRONLY), "w") as full:
            result = run(*argv, stdin=b"HTTP://A/\n" * 10_000, stdout=full)
        assert result.code == EXIT_IO, result
        assert_one_line(result, command, "cannot write to standard output", os.strerror(28))
    with stream_on(os.open(os.devnull, os.O_RDONLY), "w") as read_only:  # `1</dev/null`
        result = run("parse", "a:b", stdout=read_only)
    assert result.code == EXIT_IO, result
    assert_one_line(result, "parse", "cannot write to standard output", os.strerror(9))


@posix_only
@has_dev_full
def test_full_disk_in_a_process(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"bad uri\n" * 100_000)
    check, read_only = run_redirected(
        (">/dev/full", ["check", str(big)]),
        ("1</dev/null", ["parse", "a:b"]),  # a stdout open for reading only
    )
    assert check.code == EXIT_IO, check
    assert_one_line(check, "check", "cannot write to standard output", os.strerror(28))
    assert read_only.code == EXIT_IO, read_only
    assert_one_line(read_only, "parse", "cannot write to standard output", os.strerror(9))


def test_closed_or_full_stderr(tmp_path: Path) -> None:
    """Reports are lost, never written to stdout instead; the status still tells."""
    missing = tmp_path / "missing.txt"
    parse = run("parse", "a b", "c:d", stderr=None)
    resolve = run("resolve", "http://a/", "a b", "g", stderr=None)
    check = run("check", str(missing), stderr=None)
    usage = run("parse", "--no-such-flag", stderr=None)
    full = []
    if Path("/dev/full").exists():  # stderr is line-buffered: each report fails at once
        with stream_on(os.open("/dev/full", os.O_WRONLY), "w", line_buffering=True) as stderr:
            full.append(run("parse", "a b", "c:d", stderr=stderr))
    for result in (parse, *full):
        assert result.code == 1, result
        assert [block[""] for block in text_blocks(result.out)] == ["c:d"], result
        assert "a b" not in result.out and "1:2" not in result.out, result
    assert resolve.code == 1 and resolve.out == "\nhttp://a/g\n", resolve
    assert check.code == EXIT_IO and check.out == "0 valid, 0 invalid\n", check
    assert usage.code == 2 and usage.out == "", usage


@posix_only
def test_closed_stderr_in_a_process() -> None:
    (parse,) = run_redirected(("2>&-", ["parse", "a b", "c:d"]))
    assert parse.code == 1, parse
    assert [block[""] for block in text_blocks(parse.out)] == ["c:d"], parse


class _ThenInterrupted(io.RawIOBase):
    """A stdin that gives ``data``, then is interrupted (Ctrl-C) while read."""

    def __init__(self, data: bytes) -> None:
        self._data = data

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if not self._data:
            raise KeyboardInterrupt
        size = min(len(buffer), len(self._data))
        buffer[:size], self._data = self._data[:size], self._data[size:]
        return size


def test_interrupted() -> None:
    """Ctrl-C while reading stdin: one line and 130, as a shell reports SIGINT."""
    stdin = io.TextIOWrapper(io.BufferedReader(_ThenInterrupted(b"a b\n")), encoding="utf-8")
    result = run("resolve", "http://a/", "-", stdin=stdin)
    assert result.err.startswith("<stdin>:1:2: "), result  # the line before is reported
    assert result.code == 130, result
    assert result.err.splitlines()[1:] == ["urikit resolve: interrupted"], result


@posix_only
def test_interrupted_in_a_process() -> None:
    """Ctrl-C while reading stdin: one line and 130, as a shell reports SIGINT."""
    proc = subprocess.Popen(
        [*COMMAND, "resolve", "http://a/", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    assert proc.stdin is not None and proc.stderr is not None
    proc.stdin.write(b"a b\n")  # an invalid line, reported at once on stderr ...
    proc.stdin.flush()
    first = proc.stderr.readline()  # ... so once it is read, main is waiting for more
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=TIMEOUT)
    result = _finish(["resolve"], proc.returncode, out, first + err)
    assert first.startswith(b"<stdin>:1:2: "), result
    assert result.code == 130, result
    assert result.err.splitlines()[1:] == ["urikit resolve: interrupted"], result


def test_links_encoding_that_cannot_decode() -> None:
    names: list[Arg] = ["idna", "rot13", "base64", "zlib", "undefined", "punycode", "no-such"]
    if os.name == "posix":
        names.append(b"\xff")  # not even a name Python can look up
    *failed, latin1 = run_all(
        *(["links", "--base", "http://a/", "--encoding", name] for name in names),
        ["links", "--base", "http://a/", "--encoding", "latin-1"],
        stdin=b'<a href="x">\xe9</a>',
    )
    for result in failed:
        assert result.code == 2, result
        assert_one_line(result, "links", "--encoding")
        assert not result.out, result
    assert latin1.code == 0 and latin1.lines == ["http://a/x"], latin1


def test_port_past_the_int_digit_limit() -> None:
    """Python converts at most 4,300 digits between int and str: a longer port is still
    shown whole in "port", and port_number is null (JSON) or "(too large)" (text)."""
    huge, zeros, most = "9" * 5000, "0" * 5000 + "80", "9" * 4300
    uris = [f"http://a:{huge}/", f"http://a:{zeros}/", f"http://a:{most}/"]
    as_json, text, *others = run_all(
        ["parse", "--json", *uris],
        ["parse", *uris],
        ["normalize", *uris],
        ["equivalent", uris[0], uris[0]],
        ["resolve", uris[0], "g"],
    )
    assert as_json.code == 0, as_json
    objects = json_lines(as_json)
    assert [obj["port"] for obj in objects] == [huge, zeros, most], as_json
    assert [obj["port_number"] for obj in objects] == [None, 80, int(most)], as_json
    assert text.code == 0, text
    blocks = text_blocks(text.out)
    assert [block["port"] for block in blocks] == [huge, zeros, most], text
    assert [block["port_number"] for block in blocks] == ["(too large)", "80", most], text
    for result in others:
        assert result.code == 0, result


NOT_UTF8_ARGVS: list[list[Arg]] = [
    ["parse", b"http://a/\xff"],
    ["parse", "--rule", b"\xff", "a:b"],
    ["check", b"/no/such/file/\xff"],
    ["normalize", b"http://a/\xff"],
    ["resolve", "http://a/", b"\xff"],
    ["resolve", b"http://a/\xff", "g"],
    ["relativize", "http://a/", b"\xff"],
    ["equivalent", b"\xff", "a"],
    ["complete", b"www.\xff.com"],
    ["complete", "--default-scheme", b"\xff", "www.a.com"],
    ["extract", "--schemes", b"http,\xff", "text.txt"],
    ["links", "--base", b"http://a/\xff", "-"],
    ["links", "--encoding", b"\xff", "-"],
]


@pytest.mark.skipif(os.name != "posix", reason="surrogate-escaped arguments are POSIX only")
@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_arguments_that_are_not_utf8(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, encoding: str
) -> None:
    """Bytes that are not UTF-8 reach Python as lone surrogates: printing them must not fail."""
    monkeypatch.chdir(tmp_path)
    Path("text.txt").write_bytes(b"see <http://a/\xff> and http://b/\n")
    for argv in NOT_UTF8_ARGVS:
        result = run(*argv, stdin=b'<a href="x">', encoding=encoding)
        assert result.code in (0, 1, 2, EXIT_IO), result
        if result.code:
            assert result.err.strip(), result


@pytest.mark.skipif(os.name != "posix", reason="surrogate-escaped arguments are POSIX only")
def test_arguments_that_are_not_utf8_in_a_process() -> None:
    """As Python decodes them from a real argv, to a stdout that cannot show them."""
    env = {**ENV, "PYTHONIOENCODING": "ascii"}
    argvs: list[list[Arg]] = [["parse", b"http://a/\xff"], ["check", b"/no/such/file/\xff"]]
    for argv in argvs:
        result = run_process(*argv, env=env)
        assert result.code in (1, EXIT_IO) and result.err.strip(), result


def _unprivileged(argvs: tuple[Sequence[Arg], ...]) -> list[Result]:  # pragma: no cover
    """:func:`run_all` in a spawned child that has given up root for "nobody" first (the
    child; coverage sees its parent only)."""
    os.setgroups([])
    os.setgid(65534)
    os.setuid(65534)
    return run_all(*argvs)


def _without_privileges(*argvs: Sequence[Arg]) -> list[Result]:
    """:func:`run_all` as it runs for a user who is not root (root reads any file): in a
    child process started afresh ("spawn": a fork of this process, whose libraries run
    threads, could deadlock in the child), its results sent back by multiprocessing."""
    if os.geteuid() != 0:
        return run_all(*argvs)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        results: list[Result] = pool.apply(_unprivileged, (argvs,))
    return results


@pytest.mark.skipif(os.name != "posix", reason="POSIX file permissions")
def test_file_without_read_permission(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_bytes(b"a:b\n")
    secret.chmod(0)
    check, extract = _without_privileges(["check", str(secret)], ["extract", str(secret)])
    for command, result in (("check", check), ("extract", extract)):
        assert result.code == EXIT_IO, result
        assert_one_line(result, command, f"{secret}: {os.strerror(13)}")


# -- line ends: LF, CR LF and lone CR, streamed in chunks ------------------------------------
def test_read_lines_and_blocks_at_every_chunk_boundary() -> None:
    """However the reads cut the bytes (a CR LF pair included), the lines are the same."""
    data = b"\xef\xbb\xbfa\r\nb\rc\n\r\n\r\r\n\n\rd\xc3\xa9\xff\r\ne\r"
    expected: list[tuple[int, str | NotUTF8]] = [(1, "a"), (2, "b"), (3, "c"), (4, "")]
    expected += [(5, ""), (6, ""), (7, ""), (8, "")]
    expected += [(9, NotUTF8(3, "not UTF-8: byte 0xFF", "d\u00e9\ufffd")), (10, "e")]
    for i in range(len(data) + 1):
        for j in range(i, len(data) + 1):
            chunks = [data[:i], data[i:j], data[j:]]
            lines = list(_cli_input.read_lines(iter(chunks)))
            assert lines == expected, (chunks, lines)
            blocks = list(_cli_text.read_blocks(iter(chunks), size=1))
            assert "".join(blocks) == data.decode("utf-8", "replace"), (chunks, blocks)
            for before, after in itertools.pairwise(blocks):  # a CR LF is never cut in two
                assert not (before.endswith("\r") and after.startswith("\n")), chunks


def crlf_across_a_read(lines: Sequence[bytes]) -> bytes:
    """``lines`` joined by lone CRs, after a first line whose CR LF falls across the boundary
    of the first read of a file (urikit._cli.input.CHUNK bytes)."""
    first = b"/" + b"x" * (_cli_input.CHUNK - 2)  # its CR is the last byte of the read
    return first + b"\r\n" + b"\r".join(lines)


def test_extract_offsets_count_a_byte_order_mark() -> None:
    """A UTF-8 byte order mark is no part of a line, but it is a character of the input."""
    (result,) = run_all(["extract", "--json"], stdin=b"\xef\xbb\xbfsee http://bom/ here\n")
    objects = json_lines(result)
    assert [(o["start"], o["end"], o["line"], o["column"]) for o in objects] == [(5, 16, 1, 5)]
    empty = run("extract", "--json", stdin=b"")
    assert (empty.code, empty.out, empty.err) == (0, "", ""), empty


def test_check_crlf_across_a_read(tmp_path: Path) -> None:
    data = crlf_across_a_read([b"a b", b"c:d", b"", b""])
    path = tmp_path / "boundary.txt"
    path.write_bytes(data)
    from_file, from_stdin = run_all(["check", str(path)], ["check"], stdin=data)
    for result, name in ((from_file, path), (from_stdin, "<stdin>")):
        # one CR LF line end: the empty line is the last one, after c:d
        assert_check_output(result, ["2:2: "], summary(2, 1, 1), file=name)
        assert result.code == 1


def test_extract_lines_with_every_line_end(tmp_path: Path) -> None:
    """extract --json counts lines as check does: LF, CR LF or a lone CR ends one."""
    path = tmp_path / "boundary.txt"
    path.write_bytes(crlf_across_a_read([b"http://b/ <http://c/>", b" x http://d/\n"]))
    (result,) = run_all(["extract", "--json", str(path)])
    assert result.code == 0, result
    found = [(obj["uri"], obj["line"], obj["column"]) for obj in json_lines(result)]
    assert found == [("http://b/", 2, 1), ("http://c/", 2, 12), ("http://d/", 3, 4)], result


def _write_later(
    path: Path | int, *pieces: tuple[float, bytes], after: Callable[[], None] | None = None
) -> threading.Thread:
    """A thread that opens ``path`` (a FIFO: it waits for a reader) or takes the descriptor,
    and writes each piece after its delay; ``after`` runs before the last piece."""

    def write() -> None:
        fd = path if isinstance(path, int) else os.open(path, os.O_WRONLY)
        try:
            for number, (delay, piece) in enumerate(pieces, start=1):
                time.sleep(delay)
                if number == len(pieces) and after is not None:
                    after()
                os.write(fd, piece)
        finally:
            os.close(fd)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


@posix_only
def test_check_a_fifo_deleted_while_read(tmp_path: Path) -> None:
    """A FILE that is a named pipe streams; a CR and its LF may come in two writes; the
    name may be removed while it is read."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    # the pause: most likely read apart, the LF of the second write ends the same line
    writer = _write_later(fifo, (0, b"a:b\r"), (0.2, b"\nb c\r"), (0, b"c:d\n"), after=fifo.unlink)
    result = run("check", str(fifo))
    writer.join(TIMEOUT)
    assert_check_output(result, ["2:2: "], summary(2, 1), file=fifo)
    assert result.code == 1, result


@posix_only
def test_nonblocking_stdin_waits_for_its_data() -> None:
    """A stdin that another program left non-blocking reads empty before its data comes:
    that is not the end of the input."""
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    writer = _write_later(write_end, (0.2, b"a b\r"), (0.1, b"\nc:d\n"))  # read before
    with stream_on(read_end, "r") as stdin:
        result = run("check", stdin=stdin)
    writer.join(TIMEOUT)
    assert_check_output(result, ["1:2: "], summary(1, 1))
    assert result.code == 1, result


@posix_only
def test_input_file_is_the_output_file(tmp_path: Path) -> None:
    """``check f >> f`` would read its own reports until the disk is full: refused, as cat
    does.  (Here the file's one line is valid, so that a run that is not refused ends.)"""
    path = tmp_path / "self.txt"
    path.write_bytes(b"a:b\n")
    for argv, from_stdin in (
        (["check", str(path)], False),
        (["check"], True),
        (["extract", "-"], True),
    ):
        with contextlib.ExitStack() as stack:
            stdout = stack.enter_context(open(path, "a", encoding="utf-8"))
            stdin = stack.enter_context(open(path, encoding="utf-8")) if from_stdin else b""
            result = run(*argv, stdin=stdin, stdout=stdout)
        assert path.read_bytes() == b"a:b\n", result
        assert result.code == 2, result
        assert_one_line(result, argv[0], "is also the standard output")


@posix_only
def test_input_file_is_the_output_file_in_a_process(tmp_path: Path) -> None:
    """The real thing, whose reports would be read back (the old code wrote megabytes a
    second into its own input: the timeout only stops such a run, the file's content is
    what fails the test)."""
    path = tmp_path / "self.txt"
    path.write_bytes(b"a b\n")
    quoted = shlex.quote(str(path))
    proc = subprocess.Popen(
        ["sh", "-c", f'exec "$@" <{quoted} >>{quoted}', "sh", *COMMAND, "check"],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    try:
        err = proc.communicate(timeout=TIMEOUT)[1]
    finally:
        proc.kill()
    assert path.read_bytes() == b"a b\n"
    result = _finish(["check"], proc.returncode, b"", err)
    assert result.code == 2, result
    assert_one_line(result, "check", "is also the standard output")


# -- pipelines (issue 12): one record per input, JSON Lines, FILE:LINE:COLUMN -----------------
#: Lines of every sort: valid, invalid, empty, not UTF-8, and a lone CR line end.
PIPE_INPUT = b"http://a/b\nbad ref\n\n\xff\r?y\nHTTP://A:80/./c\n"
PIPE_LINES = ["http://a/b", "bad ref", "", "\ufffd", "?y", "HTTP://A:80/./c"]
#: Every command with one result per input line, and the argv before its inputs.
ONE_PER_LINE: list[list[str]] = [
    ["resolve", "http://x/y/"],
    ["relativize", "http://a/"],
    ["normalize"],
    ["complete"],
    ["iri-to-uri"],
    ["uri-to-iri"],
]
ERROR_KEYS = {"position", "line", "column", "kind", "reason"}


def assert_records(
    result: Result, inputs: list[str], file: str = "<stdin>"
) -> list[dict[str, Any]]:
    """One JSON object per input, in order, each with file, line, input and error (null,
    or an object of the same shape everywhere)."""
    objects = json_lines(result)
    assert [(o["file"], o["line"], o["input"]) for o in objects] == [
        (file, n, text) for n, text in enumerate(inputs, start=1)
    ], result
    for obj in objects:
        error = obj["error"]
        assert error is None or (isinstance(error, dict) and set(error) == ERROR_KEYS), obj
        if isinstance(error, dict):
            assert error["line"] == obj["line"] and error["column"] == error["position"] + 1
    return objects


@pytest.mark.parametrize("argv", ONE_PER_LINE, ids=lambda argv: argv[0])
def test_one_result_per_input_line(argv: list[str]) -> None:
    """N lines in, N lines out, whatever fails: ``paste`` lines them up."""
    empty, as_input, skip, as_json = run_all(
        argv,
        [*argv, "--on-error", "input", "-"],
        [*argv, "--on-error", "skip"],
        [*argv, "--json"],
        stdin=PIPE_INPUT,
    )
    objects = assert_records(as_json, PIPE_LINES)
    failed = [n for n, obj in enumerate(objects) if obj["error"] is not None]
    assert 1 in failed and 3 in failed, as_json  # "bad ref" and the line that is not UTF-8
    for n, obj in enumerate(objects):
        assert set(obj) == {"file", "line", "input", "result", "error"}, obj
        assert (obj["result"] is None) == (n in failed), obj
    assert empty.code == 1, empty
    assert empty.lines == [obj["result"] or "" for obj in objects], empty
    assert as_input.lines == [
        PIPE_LINES[n] if n in failed else obj["result"] for n, obj in enumerate(objects)
    ], as_input
    assert skip.lines == [obj["result"] for obj in objects if obj["error"] is None], skip
    reports = empty.err.splitlines()
    assert [line.split(":")[:2] for line in reports] == [["<stdin>", str(n + 1)] for n in failed]
    assert objects[3]["error"]["kind"] == "not-utf-8", as_json


def test_parse_and_check_one_record_per_line(tmp_path: Path) -> None:
    parsed, checked, from_dash = run_all(
        ["parse", "--json"], ["check", "--json"], ["parse", "--json", "-"], stdin=PIPE_INPUT
    )
    for result in (parsed, from_dash):
        objects = assert_records(result, PIPE_LINES)
        assert objects[0]["scheme"] == "http" and objects[4]["query"] == "y", result
        assert objects[1]["error"]["kind"] == "invalid-character", result
    objects = assert_records(checked, PIPE_LINES)
    assert [o["valid"] for o in objects] == [True, False, None, False, True, True], checked
    assert checked.code == 1 and checked.err == "3 valid, 2 invalid, 1 empty lines skipped\n"
    # --input FILE (many times) for the commands that take references as arguments
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    one.write_bytes(b"a:b\n")
    two.write_bytes(b"\xef\xbb\xbfc d\n")  # a byte order mark at the start of each file
    from_files, both = run_all(
        ["normalize", "--json", "-i", str(one), "--input", str(two)],
        ["normalize", "-i", str(one), "x:y"],
    )
    records = json_lines(from_files)
    assert [(o["file"], o["line"], o["input"]) for o in records] == [
        (str(one), 1, "a:b"),
        (str(two), 1, "c d"),
    ], from_files
    assert both.code == 2, both
    assert_one_line(both, "normalize", "--input")


def test_many_files_and_diagnostics(tmp_path: Path) -> None:
    """``FILE:LINE:COLUMN: reason`` with the file's name, lines counted in each file;
    --show-source prints the line and a caret under the column."""
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    one.write_bytes(b"a:b\nx y http://o/\n")
    two.write_bytes(b"\xef\xbb\xbfhttp://h/\xc3\xa9 z\n")
    checked, shown, found, linked = run_all(
        ["check", str(one), "-", str(two)],
        ["check", "--show-source", str(two)],
        ["extract", "--json", str(one), str(two)],
        ["links", "--json", "--base", "http://b/", str(one), "-"],
        stdin=b'<a href="c d">\n',
    )
    assert checked.code == 1, checked
    assert checked.lines[:2] == [
        f"{one}:2:2: a character not allowed in a URI: ' ' (U+0020)",
        "<stdin>:1:1: a character not allowed in a URI: '<' (U+003C)",
    ], checked
    assert checked.lines[2].startswith(f"{two}:1:10: a non-ASCII character: 'é'")
    assert checked.lines[3:] == ["1 valid, 3 invalid"], checked
    assert shown.lines[1:3] == ["  http://h/é z", "           ^"], shown
    records = json_lines(found)
    assert [(o["file"], o["line"], o["column"], o["input"]) for o in records] == [
        (str(one), 2, 5, "http://o/"),
        (str(two), 1, 1, "http://h/é"),
    ], found
    (link,) = json_lines(linked)
    assert (link["file"], link["line"], link["column"], link["input"]) == ("<stdin>", 1, 10, "c d")
    assert link["error"] == {
        "position": 1,
        "line": 1,
        "column": 11,
        "kind": "invalid-character",
        "reason": "a character not allowed in a URI: ' ' (U+0020)",
    }, linked


def test_equivalent_pairs() -> None:
    """``paste a.txt b.txt | urikit equivalent``: a pair A TAB B per line."""
    pairs = b"a:b\tA:b\nhttp://a/x\thttp://a/y\nx y\tz\nno-tab\n"
    text, as_json, one_pair = run_all(
        ["equivalent"],
        ["equivalent", "--json", "-"],
        ["equivalent", "--json", "a:b", "A:b"],
        stdin=pairs,
    )
    assert text.code == 1, text
    assert text.lines == ["equivalent: a:b", "not equivalent: the path differs: /x vs /y", "", ""]
    assert text.err.splitlines() == [
        "<stdin>:3:2: a character not allowed in a URI: ' ' (U+0020)",
        "<stdin>:4:7: no TAB between A and B",
    ], text
    objects = assert_records(as_json, ["a:b\tA:b", "http://a/x\thttp://a/y", "x y\tz", "no-tab"])
    assert [o["equivalent"] for o in objects] == [True, False, None, None], as_json
    assert objects[1]["differs"] == {"component": "path", "a": "/x", "b": "/y"}, as_json
    assert one_pair.code == 0, one_pair
    (record,) = assert_records(one_pair, ["a:b\tA:b"], file="<arg>")
    assert record["normal"] == "a:b", one_pair


def test_one_set_of_exit_codes() -> None:
    """An invalid base or option value is a usage error (2) in every command; invalid
    input is 1; ``urikit`` alone prints the help (2)."""
    argvs: list[list[str]] = [
        ["resolve", "http://a b/", "g"],
        ["relativize", "http://a b/", "g"],
        ["equivalent", "--base", "http://a b/", "a", "b"],
        ["links", "--base", "http://a b/"],
        ["complete", "-d", "1x", "www.a.com"],
        ["resolve", "--on-error", "bogus", "http://a/", "g"],
        ["equivalent", "a:b"],
    ]
    *usage, alone = run_all(*argvs, [])
    for result in usage:
        assert result.code == 2 and not result.out, result
        assert result.err.strip(), result
    assert "--default-scheme '1x'" in usage[4].err, usage[4]
    assert alone.code == 2 and "Exit status" in alone.err and "COMMAND" in alone.err, alone
    valid = run("equivalent", "a:b", "a:b")
    assert valid.code == 0, valid


def test_progress_on_stderr_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """--progress: lines, rate and percent (of a file) on stderr; stdout untouched;
    --quiet wins."""
    path = tmp_path / "many.txt"
    path.write_bytes(b"a:b\n" * 5000)
    monkeypatch.setattr(urikit._cli.output.Progress, "EVERY", 0.0)
    shown, quiet, plain = run_all(
        ["normalize", "--progress", "-i", str(path)],
        ["normalize", "--progress", "--quiet", "-i", str(path)],
        ["normalize", "-i", str(path)],
    )
    assert shown.out == quiet.out == plain.out == "a:b\n" * 5000
    updates = shown.err.splitlines()
    assert len(updates) >= 2 and updates[-1].endswith("(done)"), shown
    assert all(
        re.match(r"urikit normalize: [\d,]+ lines, [\d,]+ lines/s, \d+%", u) for u in updates
    )
    assert "5,000 lines" in updates[-1] and "100%" in updates[-1], shown
    assert quiet.err == plain.err == "", (quiet, plain)


@posix_only
def test_pipeline_in_a_process(tmp_path: Path) -> None:
    """Real pipes: paste lines results up with inputs; jq-style reading of JSON Lines."""
    data = b"g\n\nbad ref\nh\n"
    resolved = run_process("resolve", "http://a/b", stdin=data)
    assert resolved.code == 1 and resolved.lines == ["http://a/g", "http://a/b", "", "http://a/h"]
    assert resolved.err == "<stdin>:3:4: a character not allowed in a URI: ' ' (U+0020)\n"
    path = tmp_path / "in.txt"
    path.write_bytes(data)
    script = f"{shlex.join(COMMAND)} normalize --json -i {shlex.quote(str(path))} | cat"
    proc = subprocess.run(["sh", "-c", script], capture_output=True, env=ENV, timeout=TIMEOUT)
    records = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [r["input"] for r in records] == ["g", "", "bad ref", "h"], proc
    assert [r["error"] is None for r in records] == [True, True, False, True], proc


#: Where Linux says a process sleeps (the kernel function), which tells a process that
#: waits for input from one still at work without a clock.
WCHAN = Path("/proc/self/wchan")
sees_waits = pytest.mark.skipif(not WCHAN.exists(), reason="no /proc/PID/wchan (Linux)")


def waiting_for_input(proc: subprocess.Popen[bytes]) -> None:
    """Return once ``proc`` sleeps in a read of a pipe (its stdin: the one pipe it reads),
    which it has then read empty: whatever it makes of what it was given is written by
    then.  ``/proc/PID/wchan`` names the kernel function it sleeps in: ``pipe_read``,
    ``anon_pipe_read`` (Linux 6), ``pipe_wait`` (before 5.5); a runnable process has none.
    No clock decides, however slow the machine: :data:`TIMEOUT` only ends a hang."""
    wchan = Path(f"/proc/{proc.pid}/wchan")
    deadline = time.monotonic() + TIMEOUT
    while proc.poll() is None and time.monotonic() < deadline:
        with contextlib.suppress(OSError):  # it may end meanwhile
            where = wchan.read_text()
            if "pipe" in where and "write" not in where:
                return
        time.sleep(0.001)
    raise AssertionError(f"{proc.args!r} did not wait for input (exit {proc.poll()})")


def written_so_far(stream: int) -> bytes:
    """All that can be read from the pipe ``stream`` now, without waiting."""
    os.set_blocking(stream, False)
    got = b""
    with contextlib.suppress(BlockingIOError):
        while piece := os.read(stream, 1 << 16):
            got += piece
    return got


@posix_only
@sees_waits
@pytest.mark.parametrize(
    ("argv", "line", "answer"),
    [
        (["normalize"], b"HTTP://A/%7e\n", b"http://a/~\n"),
        (["check"], b"a b\n", b":2: a character not allowed"),
        (["parse", "--json"], b"//h\n", b'"input": "//h", "uri": "//h"'),
        (["extract"], b"see http://a/x.\n", b"http://a/x\n"),
        (["extract", "--line-buffered"], b"see http://a/x.\n", b"http://a/x\n"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else None,
)
def test_a_line_that_comes_alone_is_answered_at_once(
    argv: list[str], line: bytes, answer: bytes
) -> None:
    """Input read a block at a time and output written a block at a time still answers
    each line as it comes (``tail -f log | urikit check``): a pipe that delivers one line
    and waits, its writer holding it open, gets that line's result on stdout (itself a
    pipe, not a terminal) before the next line or the end of the input, with
    PYTHONUNBUFFERED unset: once the command waits for more input, the answer is there."""
    env = {key: value for key, value in ENV.items() if key != "PYTHONUNBUFFERED"}
    proc = subprocess.Popen(
        [*COMMAND, *argv], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for _ in range(2):  # a second line, once the first is answered
            proc.stdin.write(line)
            proc.stdin.flush()
            waiting_for_input(proc)
            got = written_so_far(proc.stdout.fileno())
            assert answer in got and got.endswith(b"\n"), (argv, got)
    finally:
        proc.stdin.close()
        os.set_blocking(proc.stdout.fileno(), True)
        proc.stdout.read()
        proc.wait(timeout=TIMEOUT)


class _Writes(io.StringIO):
    """A stdout that counts its writes."""

    writes = 0

    def write(self, text: str, /) -> int:
        self.writes += 1
        return super().write(text)


@pytest.mark.parametrize(
    "argv",
    [["normalize"], ["normalize", "--json"], ["check"], ["resolve", "http://a/"], ["parse"]],
    ids=" ".join,
)
def test_output_is_written_a_block_at_a_time(argv: list[str]) -> None:
    """Not a write per line: one per block of input (here one block: 3,000 lines, some
    invalid, some not UTF-8), and the summary's, whatever PYTHONUNBUFFERED says (an
    unbuffered stdout makes each write a system call)."""
    data = b"HTTP://A/%7e\nbad ref\n\xff\n\n" * 750
    stdout = _Writes()
    result = run(*argv, stdin=data, stdout=stdout)
    assert result.code == 1, result
    assert len(stdout.getvalue().splitlines()) >= 1500, result
    assert stdout.writes <= 2, stdout.writes


def test_blocks_give_what_the_per_url_functions_give() -> None:
    """check, normalize and resolve take a block of lines through urikit.batch: on the
    corpus sample with invalid lines among them (more than one block, a block's lines
    cut across reads), each line's result is the per-URL function's, the failures
    reported at the per-URL function's error."""
    sample = Path(__file__).parent / "data" / "corpus_sample.txt"
    lines = sample.read_text(encoding="utf-8").splitlines()
    lines = [*lines, "a b", "", "../../x", "http://[::1/", "HTTP://A:80/%7e"] * 10
    data = "\n".join(lines).encode() + b"\n"
    base = "http://a/b/c/d;p?q"

    def each(function: Callable[[str], str]) -> tuple[list[str], list[str]]:
        """The lines of stdout and the places of the reports on stderr, line by line."""
        shown, failed = [], []
        for number, text in enumerate(lines, start=1):
            try:
                shown.append(function(text))
            except urikit.URISyntaxError as error:
                shown.append("")
                failed.append(f"<stdin>:{number}:{error.position + 1}")
        return shown, failed

    for argv, function in (
        (["normalize"], urikit.normalize),
        (["resolve", base], lambda text: urikit.resolve(base, text)),
    ):
        result = run(*argv, stdin=data)
        shown, failed = each(function)
        assert result.lines == shown, argv
        assert [line.split(": ", 1)[0] for line in result.err.splitlines()] == failed, argv
    checked = run("check", stdin=data)
    invalid = [n for n, text in enumerate(lines, start=1) if text and not urikit.is_valid(text)]
    reported = [int(line.split(":")[1]) for line in checked.lines[:-1]]
    assert reported == invalid, checked
    valid = sum(1 for text in lines if text) - len(invalid)
    assert checked.lines[-1] == summary(valid, len(invalid), lines.count("")), checked


#: Each command with one result per input line, with input lines some of which fail.
ALIGNED = {
    "resolve": (["resolve", "http://a/b/c"], b"g\n\nbad ref\n../../../..\nh\n"),
    "relativize": (["relativize", "http://a/b/c"], b"http://a/b/d\nnot a uri\n/x\n"),
    "normalize": (["normalize"], b"HTTP://A/%7e\nbad ref\n\n/./a\n"),
    "complete": (["complete"], b"www.a.com\n\xff\nftp.b.org/x\n"),
    "equivalent": (["equivalent"], b"http://a/\tHTTP://A:80/\nno tab\nhttp://a/x\thttp://a/y\n"),
    "iri-to-uri": (["iri-to-uri"], "http://\u00e9.fr/\nbad iri\n/\u00fc\n".encode()),
    "uri-to-iri": (["uri-to-iri"], b"http://a/%C3%BC\n%zz\n/x\n"),
}


@posix_only
@pytest.mark.parametrize("command", sorted(ALIGNED))
def test_every_command_aligns_with_its_input_in_a_process(command: str) -> None:
    """A real process per command: N lines in, N lines out in text mode (an empty line
    for a failure), N JSON records with --json, each with its input and line number,
    ``error`` null or an object of the one shape; exit 1 when some input failed."""
    argv, data = ALIGNED[command]
    count = data.count(b"\n")
    text = run_process(*argv, stdin=data)
    assert text.code == 1 and len(text.lines) == count, text
    assert "Traceback" not in text.err and text.err, text
    as_json = run_process(*argv, "--json", stdin=data)
    records = [json.loads(line) for line in as_json.out.splitlines()]
    assert as_json.code == 1 and [r["line"] for r in records] == list(range(1, count + 1))
    assert all(r["file"] == "<stdin>" for r in records), records
    failed = [r for r in records if r["error"] is not None]
    assert failed, records
    for record in failed:
        assert set(record["error"]) == {"position", "line", "column", "kind", "reason"}
        assert record["error"]["line"] == record["line"], record
    for (index, line), shown in zip(enumerate(text.lines), records, strict=True):
        assert (line == "") >= (shown["error"] is not None), (index, line, shown)


def test_links_lenient() -> None:
    """--lenient: what browsers follow is repaired and noted, not left out."""
    page = b'<a href="../x y">\n<a href="http://[zz/">\n<a href="ok">'
    strict, lenient, as_json = run_all(
        ["links", "--base", "http://h/a/b"],
        ["links", "--lenient", "--base", "http://h/a/b"],
        ["links", "--lenient", "--json", "--base", "http://h/a/b"],
        stdin=page,
    )
    assert strict.code == 1 and strict.lines == ["http://h/a/ok"], strict
    assert lenient.code == 1 and lenient.lines == ["http://h/x%20y", "http://h/a/ok"], lenient
    assert lenient.err.splitlines()[0] == "<stdin>:1:10: note: <a href> repaired (percent-encoded)"
    assert lenient.err.splitlines()[1].startswith("<stdin>:2:18: <a href>: "), lenient
    objects = json_lines(as_json)
    assert [(o["uri"], o["repaired"]) for o in objects] == [
        ("http://h/x%20y", ["percent-encoded"]),
        (None, []),
        ("http://h/a/ok", []),
    ], as_json
    assert objects[1]["error"]["kind"] == "invalid-ip-literal", as_json  # type: ignore[index]


@posix_only
def test_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """stderr a terminal, stdout not: progress by default, on one line rewritten in place
    and cleared before a report; nothing of it on stdout."""
    path = tmp_path / "many.txt"
    path.write_bytes(b"a:b\n" * 3000 + b"bad ref\n")
    monkeypatch.setattr(urikit._cli.output.Progress, "EVERY", 0.0)
    controller, terminal = os.openpty()
    try:
        with stream_on(terminal, "w", line_buffering=True) as stderr:
            result = run("normalize", "-i", str(path), stderr=stderr)
            quiet = run("normalize", "-q", "-i", str(path), stderr=stderr)
        shown = os.read(controller, 1 << 16).decode()
    finally:
        os.close(controller)
    assert result.out == quiet.out == "a:b\n" * 3000 + "\n", result
    assert shown.startswith("\rurikit normalize: 1,024 lines, "), shown
    assert f"\r\x1b[K{path}:3001:4: a character not allowed" in shown, shown
    assert "urikit normalize: 3,001 lines, " in shown, shown
    assert shown.count("lines/s") == 2 + 1, shown  # two updates and the totals; quiet: none


@pytest.mark.parametrize("command", ["parse", "normalize", "iri-to-uri", "uri-to-iri"])
def test_a_reference_that_names_a_file_is_taken_as_a_reference_and_said_so(
    tmp_path: Path, command: str
) -> None:
    """``urikit normalize urls.txt`` normalizes the reference ``urls.txt`` (a valid
    relative reference), and says on stderr that ``-i urls.txt`` reads the file."""
    path = tmp_path / "urls.txt"
    path.write_text("HTTP://A/./b\n")
    result = run(command, str(path))
    assert result.code == 0, result
    assert str(path) in result.out and "http://a/b" not in result.out, result
    assert f"urikit {command} -i {path}" in result.err, result
    read = run(command, "-i", str(path))
    assert read.err == "" and read.code == 0, read
    assert run(command, "http://a/b").err == ""  # no file of that name: no word


# -- template expand, template match ---------------------------------------------------------
def test_template_expand_with_the_variables_of_the_options() -> None:
    """--vars (a JSON object), then each --var over it: NAME=VALUE a string as written
    (a comma is a character of it), NAME:=JSON any JSON value (lists, objects, null)."""
    t = "/r{/id}{?q,tags,opts*}"
    text, as_json, over, undefined = run_all(
        ["template", "expand", t, "--var", "id=a/b", "--var", "q=x,y"],
        ["template", "expand", "--json", t, "--var", 'tags:=["a","b c"]'],
        ["template", "expand", t, "--vars", '{"id": 7, "q": "v"}', "--var", "q=w"],
        ["template", "expand", t, "--vars", '{"id": "1", "q": null}', "--var", 'opts:={"k":"v"}'],
    )
    assert (text.code, text.out) == (0, "/r/a%2Fb?q=x%2Cy\n"), text
    (record,) = assert_records(as_json, ['{"tags": ["a", "b c"]}'], file="<arg>")
    assert record == {**record, "result": "/r?tags=a,b%20c", "error": None}, as_json
    assert over.out == "/r/7?q=w\n" and undefined.out == "/r/1?k=v\n", (over, undefined)


def test_template_expand_one_json_object_per_line(tmp_path: Path) -> None:
    """--input FILE: one expansion per line, each line's variables over the options';
    a line that is not JSON, not an object, or with values the template cannot take is
    an invalid input (at its column for JSON), and the output lines up."""
    data = b'{"id": 1}\n{"id": "a b", "v": "x"}\nnot json\n[1]\n{"id": [["a"]]}\n\xff\n{}\n'
    path = tmp_path / "vars.jsonl"
    path.write_bytes(data)
    argv = ["template", "expand", "/u/{id}{?v}", "--var", "v=1"]
    text, as_json, skip = run_all(
        [*argv, "-i", "-"],
        [*argv, "--json", "-i", str(path)],
        [*argv, "--on-error", "skip", "-i", "-"],
        stdin=data,
    )
    assert text.code == 1 and text.lines == ["/u/1?v=1", "/u/a%20b?v=x", "", "", "", "", "/u/?v=1"]
    assert text.err.splitlines() == [
        "<stdin>:3:1: not JSON: Expecting value",
        "<stdin>:4:1: a JSON object of variables, not an array",
        "<stdin>:5:1: the value of 'id' holds a list: a template value is a str, int, "
        "float, bool, None, a list or tuple of them, or a mapping or list of pairs of them "
        "(RFC 6570 §2.3)",
        "<stdin>:6:1: not UTF-8: byte 0xFF",
    ], text
    lines = data.decode("utf-8", "replace").splitlines()
    records = assert_records(as_json, lines, file=str(path))
    assert [r["error"] and r["error"]["kind"] for r in records] == [
        None,
        None,
        "invalid-json",
        "not-an-object",
        "invalid-value",
        "not-utf-8",
        None,
    ], as_json
    assert [r["result"] for r in records][:2] == ["/u/1?v=1", "/u/a%20b?v=x"], as_json
    assert skip.lines == ["/u/1?v=1", "/u/a%20b?v=x", "/u/?v=1"], skip
    broken = run("template", "expand", "/{x}", "-i", "-", stdin=b'{"x": "a",\n  "y": 1}\n')
    huge = run("template", "expand", "/{x}", "-i", "-", stdin=b'{"x": ' + b"1" * 5000 + b"}\n")
    assert huge.code == 1 and huge.err.startswith("<stdin>:1:1: Exceeds the limit"), huge
    assert broken.err.splitlines() == [  # one object a line: JSON Lines
        "<stdin>:1:11: not JSON: Expecting property name enclosed in double quotes",
        "<stdin>:2:6: not JSON: Extra data",
    ], broken


def test_template_match() -> None:
    """The variables of each URI as a JSON object; a URI that does not match is an
    invalid input at the first character that leaves the leading literal (else at 1)."""
    t = "/users/{id}{/repos*}{?q,page}"
    data = b"/users/7/a/b?q=x\n/users/a%2Fb\n/user/7\n/users/7?page=2&q=x\n\xff\n"
    text, as_json, any_order, args = run_all(
        ["template", "match", t],
        ["template", "match", "--json", t, "-"],
        ["template", "match", t, "--query", "any", "--on-error", "input"],
        ["template", "match", "--json", t, "/users/%C3%A9", "/users/"],
        stdin=data,
    )
    assert text.code == 1 and text.lines == [
        '{"id": "7", "repos": ["a", "b"], "q": "x"}',
        '{"id": "a/b"}',
        "",
        "",
        "",
    ], text
    assert text.err.splitlines() == [
        f"<stdin>:3:6: does not match the template '{t}' (every URI it matches starts with "
        "'/users/')",
        f"<stdin>:4:1: does not match the template '{t}'",
        "<stdin>:5:1: not UTF-8: byte 0xFF",
    ], text
    records = assert_records(as_json, data.decode("utf-8", "replace").splitlines())
    assert records[0]["variables"] == {"id": "7", "repos": ["a", "b"], "q": "x"}, as_json
    assert [r["variables"] is None for r in records] == [False, False, True, True, True]
    assert records[2]["error"] == {
        "position": 5,
        "line": 3,
        "column": 6,
        "kind": "unmatched",
        "reason": f"does not match the template '{t}' (every URI it matches starts with '/users/')",
    }, as_json
    assert any_order.lines[2:4] == ["/user/7", '{"id": "7", "page": "2", "q": "x"}'], any_order
    assert args.code == 0, args
    assert [
        r["variables"] for r in assert_records(args, ["/users/%C3%A9", "/users/"], "<arg>")
    ] == [
        {"id": "é"},
        {"id": ""},
    ]


def test_template_usage_errors() -> None:
    """An invalid TEMPLATE at its column, a template match cannot read back, and wrong
    --var or --vars are usage errors (2), before any input is read; expand takes any
    valid template."""
    cases: list[tuple[list[str], str]] = [
        (["template", "expand", "/u/{id"], "TEMPLATE '/u/{id': column 7: "),
        (["template", "match", "/u/{i d}", "/u/1"], "TEMPLATE '/u/{i d}': column 6: "),
        (["template", "match", "{+path}{?q}", "/a"], "TEMPLATE '{+path}{?q}': column 1: "),
        (["template", "match", "{x,y}"], "column 4: an expression of several variables"),
        (["template", "expand", "/{x}", "--var", "x"], "--var 'x': NAME=VALUE"),
        (["template", "expand", "/{x}", "--var", "=1"], "--var '=1'"),
        (["template", "expand", "/{x}", "--var", "x:=[1"], "--var 'x:=[1': not JSON"),
        (
            ["template", "expand", "/{x}", "--vars", "[1]"],
            "--vars: a JSON object of variables, not an array",
        ),
        (["template", "expand", "/{x}", "--vars", "{"], "--vars: not JSON"),
        (["template", "expand", "/{x}", "--vars", "null"], "variables, not null"),
        (["template", "expand", "/{x}", "--vars", "true"], "variables, not a boolean"),
        (["template", "expand", "/{x}", "--vars", '"x"'], "variables, not a string"),
        (["template", "expand", "/{x}", "--vars", "1.5"], "variables, not a number"),
        (
            ["template", "expand", "/{x:2}", "--var", 'x:=["a"]'],
            "--var, --vars: TEMPLATE column 3: the prefix modifier of x:2",
        ),
        (["template", "match", "{b*%41}", "/x"], "TEMPLATE '{b*%41}': column 4: '%'"),
        (["template", "expand", "{x:3%41}"], "TEMPLATE '{x:3%41}': column 5: '%'"),
    ]
    results = run_all(*(argv for argv, _ in cases), stdin=b"/u/1\n")
    for (argv, words), result in zip(cases, results, strict=True):
        assert result.code == 2 and not result.out, result
        assert_one_line(result, f"template {argv[1]}", words)
    alone, no_template = run_all(["template"], ["template", "match"])
    assert alone.code == 2 and "ACTION" in alone.err, alone
    assert no_template.code == 2 and "TEMPLATE" in no_template.err, no_template
    ambiguous = run("template", "expand", "{+path}{?q}", "--var", "path=/a", "--var", "q=1")
    assert (ambiguous.code, ambiguous.out) == (0, "/a?q=1\n"), ambiguous


def test_template_expand_a_value_the_template_cannot_take() -> None:
    """A line whose value its varspec cannot expand (§2.4.1: a prefix of a list) is an
    invalid input, reported at the varspec's column in TEMPLATE, on one line."""
    result = run("template", "expand", "/{x:2}", "-i", "-", stdin=b'{"x": ["a"]}\n{"x": "abc"}\n')
    assert (result.code, result.lines) == (1, ["", "/ab"]), result
    assert result.err.splitlines() == [
        "<stdin>:1:1: TEMPLATE column 3: the prefix modifier of x:2 applies to strings, and "
        "the value of 'x' is a list (RFC 6570 §2.4.1)"
    ], result


@given(template_ish())
def test_template_commands_never_crash(text: str) -> None:
    """Any TEMPLATE: a result (0), an input that does not match (1) or one line of usage
    error (2: an invalid template at its column, one match cannot read back at its
    column, a value the template cannot take at its varspec's column); no traceback."""
    assume(not text.startswith("-"))
    expand = run("template", "expand", text, "--var", "a=1", "--var", 'x:=["a"]')
    match = run("template", "match", text, "/x", "?a=1")
    refused: urikit.URISyntaxError | urikit.AmbiguousTemplateError | None = None
    try:
        urikit.URITemplate(text).match("")
    except (urikit.URISyntaxError, urikit.AmbiguousTemplateError) as error:
        refused = error
    if isinstance(refused, urikit.URISyntaxError):
        assert (expand.code, expand.out) == (2, ""), expand
        assert_one_line(expand, "template expand", f"column {refused.position + 1}: ")
    else:
        assert expand.code in (0, 2) and "Traceback" not in expand.err, expand
        if expand.code == 2:
            assert_one_line(expand, "template expand", "--var, --vars: TEMPLATE column ")
    if refused is not None:
        assert (match.code, match.out) == (2, ""), match
        assert_one_line(match, "template match", f"column {refused.position + 1}: ")
    else:
        assert match.code in (0, 1) and len(match.lines) == 2, match
        assert "Traceback" not in match.err, match


def test_template_help_mentions_every_flag() -> None:
    parser = build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    (actions,) = [
        a
        for a in commands.choices["template"]._actions
        if isinstance(a, argparse._SubParsersAction)
    ]
    top = run("template", "--help")
    assert top.code == 0 and "expand" in top.out and "match" in top.out, top
    for name, sub in actions.choices.items():
        shown = run("template", name, "--help")
        assert shown.code == 0, shown
        for flag in {s for a in sub._actions for s in a.option_strings}:
            assert re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", shown.out), (name, flag)
    assert "NAME:=JSON" in run("template", "expand", "--help").out


def _console_blocks(text: str, after: str) -> list[tuple[str, list[str]]]:
    """The commands (``$ ...``) of the first ``console`` block after the line ``after``
    of a Markdown text, each with the lines it prints (stdout, then stderr)."""
    block = text.split(after, 1)[1].split("```console\n", 1)[1].split("```", 1)[0]
    examples: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            examples.append((line[2:], []))
        else:
            examples[-1][1].append(line)
    return examples


def test_the_template_examples_of_docs_cli_md() -> None:
    """Each ``$ urikit template ...`` example of docs/cli.md, run here, prints what the
    document shows (``printf ... |`` feeds stdin; ``echo $?`` shows the exit status)."""
    text = (Path(__file__).parent.parent / "docs" / "cli.md").read_text("utf-8")
    examples = _console_blocks(text, "The examples of `template`")
    assert len(examples) >= 6
    code = None
    for command, shown in examples:
        if command == "echo $?":
            assert shown == [str(code)], command
            continue
        words = shlex.split(command)
        stdin = b""
        if "|" in words:
            bar = words.index("|")
            assert words[:1] == ["printf"] and bar == 2, command
            stdin = words[1].replace("\\n", "\n").replace("%%", "%").encode()
            words = words[bar + 1 :]
        assert words[:2] == ["urikit", "template"], command
        result = run(*words[1:], stdin=stdin)
        assert result.lines + result.err.splitlines() == shown, (command, result)
        code = result.code
