"""End-to-end tests of the ``urikit`` command line, run in a subprocess.

Every run goes through ``sys.executable -m urikit`` (so ``python -m urikit`` is what is
tested, in whatever environment runs the tests) with a UTF-8 output encoding, and every
run asserts that nothing printed a Python traceback.  Independent runs are started
together (:func:`run_all`) to keep the file fast.

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
  2 (usage, a FILE that cannot be opened), 74 (a read or a write failed: closed stdin or
  stdout, a full disk), 130 (interrupted) or 141 (the reader of the output left, silently).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from urikit._cli import build_parser

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "200"}
ENV.pop("PYTHONWARNINGS", None)
COMMAND = [sys.executable, "-m", "urikit"]
COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
TIMEOUT = 60

Arg = str | bytes


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


def run(*argv: Arg, stdin: bytes | None = None, env: dict[str, str] | None = None) -> Result:
    """Run ``python -m urikit ARGV`` to completion."""
    proc = subprocess.run(
        [*COMMAND, *argv],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        env=env or ENV,
        timeout=TIMEOUT,
    )
    return _finish(argv, proc.returncode, proc.stdout, proc.stderr)


def run_all(*argvs: Sequence[Arg], stdin: bytes = b"") -> list[Result]:
    """Run several ``python -m urikit ARGV`` at once, each fed ``stdin``; results in order."""
    procs = [
        (
            argv,
            subprocess.Popen(
                [*COMMAND, *argv],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=ENV,
            ),
        )
        for argv in argvs
    ]
    results = []
    for argv, proc in procs:
        out, err = proc.communicate(stdin, timeout=TIMEOUT)
        results.append(_finish(argv, proc.returncode, out, err))
    return results


def summary(valid: int, invalid: int, empty: int = 0) -> str:
    skipped = f", {empty} empty lines skipped" if empty else ""
    return f"{valid} valid, {invalid} invalid{skipped}"


def assert_check_output(result: Result, prefixes: list[str], last: str) -> None:
    """One ``LINE:COLUMN: reason`` line per prefix, in order, then the summary ``last``."""
    assert len(result.lines) == len(prefixes) + 1, result
    for line, prefix in zip(result.lines, prefixes, strict=False):
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
        assert "error" not in obj, as_json
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
    assert text.err.startswith("2:11: a character not allowed in a URI"), text
    # ... then the input with a caret under the space
    err_lines = text.err.split("\n")
    number = next(i for i, line in enumerate(err_lines) if line.strip() == "http://exa mple/")
    assert err_lines[number + 1].index("^") == err_lines[number].index(" mple"), text

    assert as_json.code == 1, as_json
    objects = json_lines(as_json)
    assert len(objects) == 3, as_json
    assert "error" not in objects[0] and "error" not in objects[2], as_json
    assert objects[0]["path"] == "b" and objects[2]["path"] == "d", as_json
    assert "error" in objects[1], as_json
    error = objects[1]["error"]
    assert isinstance(error, dict), as_json
    assert (error["position"], error["column"], error["kind"]) == (10, 11, "invalid-character")


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
        assert ("error" in obj) == (uri not in valid), (uri, obj)
    assert len(json_lines(as_json_2396)) == len(NASTY), as_json_2396
    for result in raw:
        assert result.code == 1, result
    if raw:
        assert raw[0].err.strip(), raw[0]
        second = json_lines(raw[1])
        assert len(second) == 2 and "error" in second[0] and "error" not in second[1], raw[1]


def test_parse_and_check_with_ascii_output_encoding() -> None:
    env = {**ENV, "PYTHONIOENCODING": "ascii"}
    data = "http://é/\n/\U0001f600 x\na:b\n".encode()
    result = run("check", stdin=data, env=env)
    assert_check_output(result, ["1:8: ", "2:2: "], summary(1, 2))
    result = run("parse", "http://é/", "a\tb", "http://\U0001f600/", env=env)
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
    assert "error" not in registry, rfc2396
    assert registry["authority"] == "a@b@c" and registry["host"] is None, rfc2396
    assert registry["userinfo"] is None and registry["port"] is None, rfc2396
    assert registry["scheme"] == "http" and registry["path"] == "/", rfc2396
    assert "error" in empty_ssp, rfc2396
    assert "error" not in opaque and opaque["path"] == "a@b", rfc2396

    assert rfc3986.code == 1, rfc3986
    server, empty_ssp, opaque = json_lines(rfc3986)
    assert "error" in server, rfc3986
    assert "error" not in empty_ssp and empty_ssp["path"] == "", rfc3986
    assert "error" not in opaque, rfc3986


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
        assert "error" in obj, result
    assert absolute.code == 1, absolute
    with_fragment, without = json_lines(absolute)
    assert "error" in with_fragment and "error" not in without, absolute


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
        assert_check_output(result, *MIXED_OUTPUT)
    assert from_file.out == from_dash.out == from_stdin.out


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
            assert_check_output(result, prefixes, last)
            assert result.code == code, result
            assert "\x00" not in result.out and "\r" not in result.out, result  # shown escaped
            if name == "not-utf8":
                assert all("utf-8" in line.lower() for line in result.lines[:2]), result
        except AssertionError as error:
            failures.append(f"[{name}] {error}")
    assert not failures, "\n\n".join(failures)


@pytest.mark.parametrize("line_end", [b"\n", b"\r"], ids=["lf", "cr"])
def test_check_multi_megabyte_lines(tmp_path: Path, line_end: bytes) -> None:
    n = 4_000_000
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
    path = tmp_path / "big.txt"
    path.write_bytes(line_end.join(lines) + line_end)
    start = time.monotonic()
    result = run("check", str(path))
    elapsed = time.monotonic() - start
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
    )
    assert result.code == 1
    assert elapsed < 20, f"check of a {path.stat().st_size} byte file took {elapsed:.1f}s"
    assert max(map(len, result.lines)) < 1000, "a huge line is echoed whole"


def test_check_multi_megabyte_line_on_stdin() -> None:
    n = 3_000_000
    data = b"a:b\n" + b"/" + b"p" * n + b"^\n" + b"c" * n + b":" + b"d" * n + b"\n"
    start = time.monotonic()
    result = run("check", stdin=data)
    elapsed = time.monotonic() - start
    assert_check_output(result, [f"2:{n + 2}: "], summary(2, 1))
    assert elapsed < 20, elapsed


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
        ["check", str(missing)],
        ["check", str(tmp_path)],  # a directory
        ["check", "--no-such-flag", str(good)],
        ["parse"],
        [],
        ["no-such-command"],
    ]
    results = run_all(*argvs)
    for result in results:
        assert result.code == 2, result
        assert result.err.strip(), result
        assert "valid," not in result.out, result  # nothing was checked
    assert "no-such-file.txt" in results[argvs.index(["check", str(missing)])].err


# -- help, entry points ----------------------------------------------------------------
def _flags(parser: object) -> dict[str, set[str]]:
    """Every option string of every (sub)command, from the real argument parser."""
    import argparse

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


def test_console_script_matches_python_m() -> None:
    script = Path(sys.executable).with_name("urikit.exe" if os.name == "nt" else "urikit")
    if not script.exists():
        pytest.skip("no urikit console script next to the interpreter")
    proc = subprocess.run(
        [str(script), "parse", "--json", "http://h?", "bad uri"],
        capture_output=True,
        env=ENV,
        timeout=TIMEOUT,
    )
    via_m = run("parse", "--json", "http://h?", "bad uri")
    assert b"Traceback" not in proc.stderr
    assert (proc.returncode, proc.stdout.decode()) == (via_m.code, via_m.out)


# -- closed pipes ------------------------------------------------------------------------
def test_output_to_a_closed_pipe(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_bytes(b"bad uri\n" * 200_000)  # megabytes of output

    # like `urikit check many.txt | head -1`: read one line, then close the pipe
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
    assert first.startswith(b"1:4: "), first
    assert err == b"", err.decode()  # no traceback, no "Exception ignored" at exit
    assert proc.returncode == 141, proc.returncode  # as if killed by SIGPIPE, like cat

    # stdout already closed before anything is written
    for argv in (
        ["check", str(path)],
        ["parse", "--json", *["a b"] * 2000],
        ["parse", "a:b"],
        ["--help"],
    ):
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
    assert args.lines == ["http://a/b/c/g", "http://a/g", "http://a/b/c/d;p?y", base + "#s"]
    assert args.err.startswith("4:2: a character not allowed in a URI"), args
    assert piped.code == 1, piped
    assert piped.lines == ["http://a/b/c/?y", "http://a/../g", "mailto:x"], piped
    assert piped.err.startswith("3:1: not UTF-8"), piped
    assert old.code == 0 and old.lines == ["http://a/b/c/g", "http://a/../g"], old
    assert bad_base.code == 1 and "base:9:" in bad_base.err and not bad_base.out, bad_base
    assert relative.code == 1, relative
    assert relative.lines == ["../x?y", "#f"], relative
    assert "3:2:" in relative.err, relative


def test_resolve_errors_are_reported_not_raised() -> None:
    no_scheme, opaque, climbing = run_all(
        ["resolve", "//a/b", "c"],
        ["resolve", "--grammar", "rfc2396", "mailto:x", "g", "#f"],
        ["resolve", "--above-root", "raise", "http://a/b", "../../g", "g"],
    )
    assert no_scheme.code == 1 and "scheme" in no_scheme.err, no_scheme
    assert opaque.code == 1 and opaque.lines == ["mailto:x#f"], opaque
    assert "1: " in opaque.err and "opaque" in opaque.err, opaque
    assert climbing.code == 1 and climbing.lines == ["http://a/g"], climbing


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
    assert norm.code == 1 and norm.lines == ["http://www.example.com/~user/b?a=%2F#x", "x"], norm
    assert norm.err.startswith("2:2: "), norm
    assert piped.code == 1 and piped.lines == ["http://a:80"] and "2:1: not UTF-8" in piped.err
    assert same.code == 0 and same.lines == ["equivalent: http://example.com/"], same
    assert different.code == 1, different
    assert different.lines == ["not equivalent: the path differs: /a vs /b"], different
    assert invalid.code == 2 and "B:11:" in invalid.err, invalid
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
    assert completed.lines == ["http://www.w3.org/Addressing/", "http://localhost:8080"]
    assert completed.err.startswith("2:2: "), completed


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
    assert plain.err.startswith("7:11: <img src>: a character not allowed"), plain
    objects = json_lines(as_json)
    assert [(o["reference"], o["uri"]) for o in objects] == [("x", None), ("http:\ufffd", None)]
    assert no_base.lines == ["http://example.org/dir/x"], no_base
    assert bad_base.code == 2 and "--base" in bad_base.err, bad_base


# -- streams that fail: one line on stderr and a documented status, never a traceback -------
# The statuses (see urikit._cli): 2 usage (a FILE that cannot be opened too), 74 a read or a
# write that failed (sysexits.h EX_IOERR), 130 interrupted, 141 the reader went away.
EXIT_IO = 74
posix_only = pytest.mark.skipif(os.name != "posix", reason="shell redirections, fds, signals")


def assert_one_line(result: Result, command: str, *words: str) -> None:
    """stderr is exactly one line, ``urikit COMMAND: ...``, holding each of ``words``."""
    prefix = f"urikit {command}: " if command else "urikit: "
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(prefix), result
    for word in words:
        assert word in lines[0], (word, result)


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


@posix_only
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
    *failed, parse, from_file = run_redirected(
        *(("<&-", argv) for argv in readers),
        ("<&-", ["parse", "a:b"]),  # stdin is not needed: nothing to report
        ("<&-", ["check", str(good)]),  # the file takes descriptor 0: still fine
    )
    for argv, result in zip(readers, failed, strict=True):
        assert result.code == EXIT_IO, result
        assert_one_line(result, str(argv[0]), "cannot read standard input")
        assert "valid," not in result.out, result
    assert parse.code == 0 and text_blocks(parse.out)[0][""] == "a:b", parse
    assert from_file.code == 0 and from_file.lines == [summary(1, 0)], from_file

    # an empty stdin (/dev/null, a pipe already closed by its writer) is no error
    proc = subprocess.run(
        [*COMMAND, "check"], stdin=subprocess.DEVNULL, capture_output=True, env=ENV, timeout=60
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"0 valid, 0 invalid\n", b"")


@posix_only
def test_input_that_opens_but_cannot_be_read(tmp_path: Path) -> None:
    """A stdin open for writing only; a FILE whose first read fails (EIO).  (A directory as
    stdin never reaches urikit: Python itself refuses to start.)"""
    written = tmp_path / "written.txt"
    cases: list[tuple[str, Sequence[Arg]]] = [(f"0>{written}", ["normalize"])]
    if Path("/proc/self/mem").exists():  # Linux: address 0 is not mapped
        cases += [("", ["check", "/proc/self/mem"]), ("", ["extract", "/proc/self/mem"])]
    write_only, *memory = run_redirected(*cases)
    assert write_only.code == EXIT_IO, write_only
    assert_one_line(write_only, "normalize", "cannot read standard input", os.strerror(9))
    for result in memory:
        assert result.code == EXIT_IO, result
        assert_one_line(result, str(result.argv[0]), "cannot read /proc/self/mem", os.strerror(5))
        assert not result.out, result


@posix_only
def test_closed_stdout(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_bytes(b"a:b\nb c\n")
    parse, check, check_stdin, nothing_to_write = run_redirected(
        (">&-", ["parse", "http://a/"]),
        (">&-", ["check", str(good)]),
        (">&-", ["check"]),
        (">&-", ["resolve", "http://a/", "a b"]),  # only an error, on stderr: no write
        stdin=b"a:b\n",
    )
    for command, result in (("parse", parse), ("check", check), ("check", check_stdin)):
        assert result.code == EXIT_IO, result
        assert_one_line(result, command, "cannot write to standard output", os.strerror(9))
    assert nothing_to_write.code == 1, nothing_to_write
    assert nothing_to_write.err.startswith("1:2: "), nothing_to_write


@posix_only
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
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
    *full, read_only = run_redirected(
        *((">/dev/full", argv) for argv in argvs),
        ("1</dev/null", ["parse", "a:b"]),  # a stdout open for reading only
        stdin=b"HTTP://A/\n" * 10_000,
    )
    for argv, result in zip(argvs, full, strict=True):
        command = "" if "--help" in argv else str(argv[0])
        assert result.code == EXIT_IO, result
        assert_one_line(result, command, "cannot write to standard output", os.strerror(28))
    assert read_only.code == EXIT_IO, read_only
    assert_one_line(read_only, "parse", "cannot write to standard output", os.strerror(9))


@posix_only
def test_closed_or_full_stderr(tmp_path: Path) -> None:
    """Reports are lost, never written to stdout instead; the status still tells."""
    missing = tmp_path / "missing.txt"
    cases: list[tuple[str, Sequence[Arg]]] = [
        ("2>&-", ["parse", "a b", "c:d"]),
        ("2>&-", ["resolve", "http://a/", "a b", "g"]),
        ("2>&-", ["check", str(missing)]),
        ("2>&-", ["parse", "--no-such-flag"]),
    ]
    if Path("/dev/full").exists():
        cases.append(("2>/dev/full", ["parse", "a b", "c:d"]))
    parse, resolve, check, usage, *full = run_redirected(*cases)
    for result in (parse, *full):
        assert result.code == 1, result
        assert [block[""] for block in text_blocks(result.out)] == ["c:d"], result
        assert "a b" not in result.out and "1:2" not in result.out, result
    assert resolve.code == 1 and resolve.out == "http://a/g\n", resolve
    assert check.code == 2 and check.out == "", check
    assert usage.code == 2 and usage.out == "", usage


@posix_only
def test_interrupted() -> None:
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
    assert first.startswith(b"1:2: "), result
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


@pytest.mark.skipif(os.name != "posix", reason="surrogate-escaped arguments are POSIX only")
@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_arguments_that_are_not_utf8(tmp_path: Path, encoding: str) -> None:
    """Bytes that are not UTF-8 reach Python as lone surrogates: printing them must not fail."""
    text = tmp_path / "text.txt"
    text.write_bytes(b"see <http://a/\xff> and http://b/\n")
    argvs: list[list[Arg]] = [
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
        ["extract", "--schemes", b"http,\xff", str(text)],
        ["links", "--base", b"http://a/\xff", "-"],
        ["links", "--encoding", b"\xff", "-"],
    ]
    procs = [
        subprocess.run(
            [*COMMAND, *argv],
            input=b'<a href="x">',
            capture_output=True,
            env={**ENV, "PYTHONIOENCODING": encoding},
            timeout=TIMEOUT,
        )
        for argv in argvs
    ]
    for argv, proc in zip(argvs, procs, strict=True):
        assert b"Traceback" not in proc.stderr, (argv, proc.stderr.decode(errors="replace"))
        assert proc.returncode in (0, 1, 2), (argv, proc)
        if proc.returncode:
            assert proc.stderr.strip(), (argv, proc)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads anything")
def test_file_without_read_permission(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_bytes(b"a:b\n")
    secret.chmod(0)
    check, extract = run_all(["check", str(secret)], ["extract", str(secret)])
    for command, result in (("check", check), ("extract", extract)):
        assert result.code == 2, result
        assert_one_line(result, command, str(secret), os.strerror(13))


# -- line ends: LF, CR LF and lone CR, streamed in chunks ------------------------------------
def test_read_lines_and_blocks_at_every_chunk_boundary() -> None:
    """However the reads cut the bytes (a CR LF pair included), the lines are the same."""
    from urikit import _cli as cli

    data = b"\xef\xbb\xbfa\r\nb\rc\n\r\n\r\r\n\n\rd\xc3\xa9\xff\r\ne\r"
    expected = [(1, "a", ""), (2, "b", ""), (3, "c", ""), (4, "", ""), (5, "", ""), (6, "", "")]
    expected += [(7, "", ""), (8, "", "")]
    for i in range(len(data) + 1):
        for j in range(i, len(data) + 1):
            chunks = [data[:i], data[i:j], data[j:]]
            lines = list(cli.read_lines(iter(chunks)))
            assert lines[:8] == expected, (chunks, lines)
            assert [(n, text) for n, text, _ in lines[8:]] == [(9, None), (10, "e")], chunks
            blocks = list(cli.read_blocks(iter(chunks), size=1))
            assert "".join(blocks) == data.decode("utf-8", "replace"), (chunks, blocks)
            for before, after in itertools.pairwise(blocks):  # a CR LF is never cut in two
                assert not (before.endswith("\r") and after.startswith("\n")), chunks


def crlf_across_a_read(lines: Sequence[bytes]) -> bytes:
    """``lines`` joined by lone CRs, after a first line whose CR LF falls across the boundary
    of the first read of a file (urikit._cli.CHUNK bytes)."""
    from urikit import _cli as cli

    first = b"/" + b"x" * (cli.CHUNK - 2)  # its CR is the last byte of the read, LF the next
    return first + b"\r\n" + b"\r".join(lines)


def test_check_crlf_across_a_read(tmp_path: Path) -> None:
    data = crlf_across_a_read([b"a b", b"c:d", b"", b""])
    path = tmp_path / "boundary.txt"
    path.write_bytes(data)
    from_file, from_stdin = run_all(["check", str(path)], ["check"], stdin=data)
    for result in (from_file, from_stdin):
        # one CR LF line end: the empty line is the last one, after c:d
        assert_check_output(result, ["2:2: "], summary(2, 1, 1))
        assert result.code == 1


def test_extract_lines_with_every_line_end(tmp_path: Path) -> None:
    """extract --json counts lines as check does: LF, CR LF or a lone CR ends one."""
    path = tmp_path / "boundary.txt"
    path.write_bytes(crlf_across_a_read([b"http://b/ <http://c/>", b" x http://d/\n"]))
    (result,) = run_all(["extract", "--json", str(path)])
    assert result.code == 0, result
    found = [(obj["uri"], obj["line"], obj["column"]) for obj in json_lines(result)]
    assert found == [("http://b/", 2, 1), ("http://c/", 2, 12), ("http://d/", 3, 4)], result


@posix_only
def test_check_a_fifo_deleted_while_read(tmp_path: Path) -> None:
    """A FILE that is a named pipe streams; a CR and its LF may come in two writes; the
    name may be removed while it is read."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    proc = subprocess.Popen(
        [*COMMAND, "check", str(fifo)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    with open(fifo, "wb", buffering=0) as writer:  # opens once urikit opened it to read
        writer.write(b"a:b\r")
        time.sleep(0.2)  # most likely read apart: the LF below ends the same line
        writer.write(b"\nb c\r")
        fifo.unlink()
        writer.write(b"c:d\n")
    out, err = proc.communicate(timeout=TIMEOUT)
    result = _finish(["check", "fifo"], proc.returncode, out, err)
    assert_check_output(result, ["2:2: "], summary(2, 1))
    assert result.code == 1, result


@posix_only
def test_nonblocking_stdin_waits_for_its_data() -> None:
    """A stdin that another program left non-blocking reads empty before its data comes:
    that is not the end of the input."""
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    try:
        proc = subprocess.Popen(
            [*COMMAND, "check"], stdin=read_end, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
    finally:
        os.close(read_end)
    try:
        time.sleep(0.5)  # urikit reads before anything is written
        os.write(write_end, b"a b\r")
        time.sleep(0.2)
        os.write(write_end, b"\nc:d\n")
    except BrokenPipeError:
        pytest.fail("urikit took an empty read for the end of its input and left")
    finally:
        os.close(write_end)
    out, err = proc.communicate(timeout=TIMEOUT)
    result = _finish(["check"], proc.returncode, out, err)
    assert_check_output(result, ["1:2: "], summary(1, 1))
    assert result.code == 1, result


@posix_only
def test_input_file_is_the_output_file(tmp_path: Path) -> None:
    """``check f >> f`` would read its own reports until the disk is full: refused, as cat
    does.  (The timeout is short: the old code wrote megabytes a second.)"""
    path = tmp_path / "self.txt"
    path.write_bytes(b"a b\n")
    quoted = shlex.quote(str(path))
    cases: list[tuple[str, Sequence[Arg]]] = [
        (f">>{quoted}", ["check", str(path)]),
        (f"<{quoted} >>{quoted}", ["check"]),
        (f"<{quoted} >>{quoted}", ["extract", "-"]),
    ]
    procs = [
        subprocess.Popen(
            ["sh", "-c", f'exec "$@" {redirect}', "sh", *COMMAND, *argv],
            stdin=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=ENV,
        )
        for redirect, argv in cases
    ]
    try:
        errs = [proc.communicate(timeout=10)[1] for proc in procs]
        results = [
            _finish(argv, proc.returncode, b"", err)
            for (_, argv), proc, err in zip(cases, procs, errs, strict=True)
        ]
    finally:
        for proc in procs:
            proc.kill()
    assert path.read_bytes() == b"a b\n"
    for result in results:
        assert result.code == 2, result
        assert_one_line(result, str(result.argv[0]), "is also the standard output")
