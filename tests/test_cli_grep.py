"""The ``urikit`` command as grep behaves (docs/cli.md), and as a new user meets it:

- an input that cannot be opened or read (a missing FILE, a directory, a read that
  fails) is one line on stderr, ``urikit COMMAND: NAME: reason`` (grep's words), and the
  run goes on with the next input; it exits 74 at the end, whatever else it found (74
  wins over 1 and 3, as grep's trouble wins over its matches);
- ``extract`` and ``links`` skip a binary file (a NUL among the first 65,536 bytes read)
  and say so, unless ``--text``; with several FILEs each result is ``FILE:LINE:result``;
- a ``--schemes`` or ``--scheme`` that is no scheme (RFC 3986 §3.1) is a usage error;
- ``--version`` says in plain words why the compiled core is not running;
- a byte order mark is skipped at an input's start only, and an input that is only one
  has no line;
- ``extract`` answers each line as it comes (tests/test_cli.py, the line that comes
  alone), the same URIs as a search of the whole text; ``--line-buffered`` writes each
  line's URIs on their own;
- Ctrl-C at any moment after Python's own start-up ends the ``urikit`` command quietly,
  as a shell reports SIGINT (130).
"""

from __future__ import annotations

import codecs
import errno
import importlib.machinery
import io
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import urikit
from tests.test_cli import (
    COMMAND,
    ENV,
    TIMEOUT,
    Result,
    _console_blocks,
    _Writes,
    json_lines,
    posix_only,
    run,
    sees_waits,
    summary,
    waiting_for_input,
    written_so_far,
)
from urikit._cli import input as _cli_input
from urikit._cli import text as _cli_text

ROOT = Path(__file__).parent.parent
ENOENT, EISDIR = os.strerror(errno.ENOENT), os.strerror(errno.EISDIR)
SPACE = "a character not allowed in a URI: ' ' (U+0020)"
EXIT_IO = 74


def assert_run(result: Result, code: int, out: list[str], err: list[str]) -> None:
    assert (result.code, result.lines, result.err.splitlines()) == (code, out, err), result


# -- an input that cannot be read ----------------------------------------------------------
def test_an_unreadable_operand_is_reported_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`urikit extract /bin/*` meets a directory; `extract a.txt /nonexistent b.txt`; links
    over many HTML files: every other input is read, each bad one is one line, exit 74."""
    monkeypatch.chdir(tmp_path)
    Path("a.txt").write_bytes(b"see http://a/x\n")
    Path("b.txt").write_bytes(b"x\nhttp://b/y and b c\n")
    Path("w.txt").write_bytes(b"https://example.com/?a=1&b=2;c=3\n")
    Path("d").mkdir()
    Path("p1.html").write_bytes(b'<a href="/1">')
    Path("p2.html").write_bytes(b'<p>\n<img src="2.png">')
    missing, directory = f"urikit {{}}: missing: {ENOENT}", f"urikit {{}}: d: {EISDIR}"
    extracted = ["a.txt:1:http://a/x", "b.txt:2:http://b/y"]
    checked = [f"a.txt:1:4: {SPACE}", f"b.txt:2:11: {SPACE}", summary(1, 2)]
    linted = ["w.txt:1:29: warning: query-semicolon:", "1 lines: 0 errors, 1 warnings, 0 info"]
    cases: list[tuple[list[str], list[str], list[str]]] = [
        (["extract", "a.txt", "missing", "b.txt"], extracted, [missing]),
        (["extract", "d", "a.txt", "d", "b.txt"], extracted, [directory, directory]),
        (
            ["links", "-b", "http://h/", "p1.html", "d", "p2.html"],
            ["p1.html:1:http://h/1", "p2.html:2:http://h/2.png"],
            [directory],
        ),
        (["check", "a.txt", "d", "b.txt"], checked, [directory]),  # 74 wins over 1
        (["check", "missing", "-"], [summary(0, 0)], [missing]),  # then stdin, empty
        (
            ["normalize", "-i", "missing", "-i", "b.txt"],
            ["x", ""],
            [missing, f"b.txt:2:11: {SPACE}"],
        ),
        (["lint", "--ignore", "parser-differential", "w.txt", "d"], linted, [directory]),  # over 3
        (
            ["redirect", "-a", "h", "missing", "a.txt"],
            [],
            [missing, "a.txt:1:4: refused:", "0 safe, 1 refused"],
        ),
    ]
    for argv, out, err in cases:
        result = run(*argv)
        assert result.code == EXIT_IO, result
        shown = result.lines, result.err.splitlines()
        for lines, expected in zip(
            shown, (out, [line.format(argv[0]) for line in err]), strict=True
        ):
            assert len(lines) == len(expected), result
            for line, start in zip(lines, expected, strict=True):  # a reason after ':' is elsewhere
                assert line == start or (start.endswith(":") and line.startswith(start)), result
    lint = run("lint", "--ignore", "parser-differential", "w.txt")  # alone: 3
    assert lint.code == 3 and lint.lines[-1] == "1 lines: 0 errors, 1 warnings, 0 info", lint
    both = run("lint", "--ignore", "parser-differential", "w.txt", "d")
    assert both.lines == lint.lines, both


def test_a_read_that_fails_midway_ends_that_input_only(tmp_path: Path) -> None:
    """A read error after some lines (EIO): those lines count, the next FILE is read."""
    good = tmp_path / "good.txt"
    good.write_bytes(b"a:b\n")

    class Failing(io.RawIOBase):
        reads = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
            self.reads += 1
            if self.reads > 1:
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            buffer[:8] = b"c:d\nb c\n"
            return 8

    stdin = io.TextIOWrapper(io.BufferedReader(Failing()), encoding="utf-8")
    result = run("check", "-", str(good), stdin=stdin)
    assert_run(
        result,
        EXIT_IO,
        [f"<stdin>:2:2: {SPACE}", summary(2, 1)],
        [f"urikit check: <stdin>: {os.strerror(errno.EIO)}"],
    )


# -- binary files, file names ---------------------------------------------------------------
def test_a_binary_file_is_skipped_and_said_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A NUL among the first 65,536 bytes read (the first read of a file) makes it binary,
    as grep's rule: extract and links skip it (status unchanged) unless --text.  A NUL
    later on is a character of the text.  A UTF-16 document's NUL bytes are text."""
    monkeypatch.chdir(tmp_path)
    chunk = _cli_input.CHUNK
    Path("a.txt").write_bytes(b"see http://a/x\n")
    Path("man.1.gz").write_bytes(b"\x1f\x8b\x08\x00\x00\x00\x00\x00 tv:lo http://in.gz/\n")
    Path("edge.bin").write_bytes(b"x" * (chunk - 1) + b"\0\nhttp://edge/\n")
    Path("late.txt").write_bytes(b"x" * chunk + b"\0\nhttp://late/\n")
    Path("page.html").write_bytes(b'<a href="http://h/">\0</a>')
    Path("utf16.html").write_bytes('<a href="http://h/16">x</a>'.encode("utf-16"))
    skipped = "urikit {}: {}: binary file skipped"
    result = run("extract", "man.1.gz", "a.txt", "edge.bin", "late.txt")
    assert_run(
        result,
        0,
        ["a.txt:1:http://a/x", "late.txt:2:http://late/"],
        [skipped.format("extract", "man.1.gz"), skipped.format("extract", "edge.bin")],
    )
    text = run("extract", "--text", "--schemes", "any", "man.1.gz")
    assert_run(text, 0, ["tv:lo", "http://in.gz/"], [])
    as_json = run("extract", "--json", "man.1.gz")
    assert_run(as_json, 0, [], [skipped.format("extract", "man.1.gz")])
    stdin = run("extract", stdin=b"\0 http://in.stdin/\n")
    assert_run(stdin, 0, [], [skipped.format("extract", "<stdin>")])
    links = run("links", "page.html", "a.txt")
    assert_run(links, 0, [], [skipped.format("links", "page.html")])
    assert_run(run("links", "--text", "page.html"), 0, ["http://h/"], [])
    assert_run(run("links", "-e", "utf-16", "utf16.html"), 0, ["http://h/16"], [])


def test_several_files_name_each_result_as_grep_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FILE:LINE:result with several FILEs (grep -H), or with -H; --no-filename never;
    --json has file and line already."""
    monkeypatch.chdir(tmp_path)
    Path("a.txt").write_bytes(b"x\n\nsee http://a/x and\r<http://a/\n y>\n")
    Path("b.html").write_bytes(b'<p>\n\n<a href="http://b/">')
    found = ["a.txt:3:http://a/x", "a.txt:4:http://a/y"]
    assert_run(
        run("extract", "a.txt", "-", stdin=b"ftp://s/\n"), 0, [*found, "<stdin>:1:ftp://s/"], []
    )
    assert_run(run("extract", "-H", "a.txt"), 0, found, [])
    assert_run(run("extract", "a.txt"), 0, ["http://a/x", "http://a/y"], [])
    assert_run(
        run("extract", "--no-filename", "a.txt", "a.txt"), 0, ["http://a/x", "http://a/y"] * 2, []
    )
    records = json_lines(run("extract", "--json", "a.txt", "a.txt"))
    assert [(r["file"], r["line"], r["uri"]) for r in records[:2]] == [
        ("a.txt", 3, "http://a/x"),
        ("a.txt", 4, "http://a/y"),
    ]
    assert_run(run("links", "b.html", "b.html"), 0, ["b.html:3:http://b/"] * 2, [])
    assert_run(run("links", "--no-filename", "b.html", "b.html"), 0, ["http://b/"] * 2, [])


# -- --schemes ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("ht tp", "'ht tp' is not a scheme: column 3: a character not allowed in a URI: ' '"),
        (",,", "',,': an empty scheme name: a scheme must begin with a letter"),
        ("http:", "'http:' is not a scheme: column 5: ':' (U+003A) is not allowed in a scheme"),
        ("", "an empty scheme name: a scheme must begin with a letter"),
        ("http,", "'http,': an empty scheme name"),
        ("http,1x", "'http,1x': '1x' is not a scheme: column 1: a scheme must begin with a letter"),
        ("\u00e9", "'\u00e9' is not a scheme: column 1: a non-ASCII character"),
    ],
)
def test_a_scheme_that_is_no_scheme_is_refused(value: str, says: str) -> None:
    """RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).  A value that
    is none found nothing before; now it is a usage error that says which and why."""
    for argv, flag in (
        (["extract", "--schemes", value, "-"], "--schemes/-s"),
        (["redirect", "-a", "h", "--scheme", value.split(",")[-1] or value], "--scheme"),
    ):
        result = run(*argv, stdin=b"http://a/ ht tp://b/\n")
        assert result.code == 2 and result.out == "", result
        last = result.err.splitlines()[-1]
        assert last.startswith(f"urikit {argv[0]}: error: argument {flag}: "), result
        assert "RFC 3986 §3.1" in last, result
        if flag == "--schemes/-s":
            assert says in last, result


def test_schemes_that_are_schemes_are_found() -> None:
    """Spaces around the names are allowed; a scheme is matched in any case."""
    result = run("extract", "--schemes", "HTTP, s3", stdin=b"http://a/ s3://b/k ftp://c/\n")
    assert_run(result, 0, ["http://a/", "s3://b/k"], [])


# -- the engine ------------------------------------------------------------------------------
def _package_without_the_core(root: Path) -> Path:
    """A copy of the package without the compiled core, as an install without a C compiler
    (URIKIT_REQUIRE_CORE=0) has it."""
    source = Path(urikit.__file__).parent
    shutil.copytree(source, root / "urikit", ignore=shutil.ignore_patterns("__pycache__", "_core*"))
    return root


def test_the_version_says_plainly_why_the_core_is_not_running(tmp_path: Path) -> None:
    """Not Python's "most likely due to a circular import" (what `from . import _core`
    says of a module that is not there), but why: not built, or not loadable."""
    root = _package_without_the_core(tmp_path)
    env = {**ENV, "PYTHONPATH": str(root)}
    env.pop("URIKIT_PURE_PYTHON", None)
    env.pop("COVERAGE_PROCESS_CONFIG", None)  # a copy of the package: not the one measured
    version = f"urikit {urikit.__version__}; engine: pure Python"
    missing = subprocess.run(
        [sys.executable, "-m", "urikit", "--version"], env=env, capture_output=True, timeout=TIMEOUT
    )
    expected = (
        f"{version} (the compiled core, urikit._core, is not installed: it was not built, as "
        "when URIKIT_REQUIRE_CORE=0 lets an install go on without a C compiler)\n"
    )
    assert (missing.returncode, missing.stdout.decode()) == (0, expected), missing
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (root / "urikit" / f"_core{suffix}").write_bytes(b"not a shared object")
    broken = subprocess.run(
        [sys.executable, "-m", "urikit", "--version"], env=env, capture_output=True, timeout=TIMEOUT
    )
    shown = broken.stdout.decode()
    assert broken.returncode == 0, broken
    assert shown.startswith(f"{version} (the compiled core is installed but cannot be loaded: "), (
        shown
    )
    forced = subprocess.run(
        [sys.executable, "-m", "urikit", "--version"],
        env={**env, "URIKIT_PURE_PYTHON": "1"},
        capture_output=True,
        timeout=TIMEOUT,
    )
    assert forced.stdout.decode() == f"{version} (URIKIT_PURE_PYTHON is set)\n", forced
    for done in (missing, broken, forced):
        assert b"circular" not in done.stdout + done.stderr and not done.stderr, done


# -- byte order marks ------------------------------------------------------------------------
BOM = b"\xef\xbb\xbf"


def test_an_input_that_is_only_a_byte_order_mark_has_no_line() -> None:
    """No input line, no output line (every input line accounted for, none invented)."""
    assert list(_cli_input.read_lines(iter([BOM]))) == []
    assert list(_cli_input.read_lines(iter([BOM[:1], BOM[1:]]))) == []
    assert list(_cli_input.read_lines(iter([BOM, b"\n"]))) == [(1, "")]
    assert_run(run("check", stdin=BOM), 0, [summary(0, 0)], [])
    for argv in (["normalize"], ["normalize", "--json"], ["parse"], ["lint"], ["extract"]):
        result = run(*argv, stdin=BOM)
        assert result.out == "" or argv == ["lint"], result
    assert run("lint", stdin=BOM).lines == ["0 lines: 0 errors, 0 warnings, 0 info"]


def test_a_byte_order_mark_after_the_start_is_data(tmp_path: Path) -> None:
    """Only the input's first bytes may be a BOM: one that begins a later read, a later
    block or a later line is the character U+FEFF, reported where it is."""
    chunk = _cli_input.CHUNK
    first = b"a:" + b"b" * (chunk - 3) + b"\n"  # the first read ends with its line
    data = first + BOM + b"c:d\n"
    assert list(_cli_input.read_lines(iter([first, BOM + b"c:d\n"])))[1] == (2, "\ufeffc:d")
    path = tmp_path / "two.txt"
    path.write_bytes(data)
    check = run("check", str(path))
    assert check.lines[0].startswith(f"{path}:2:1: a non-ASCII character: '\\ufeff'"), check
    blocks = list(_cli_text.read_text(iter([b"x\n", BOM + b"http://y/\n"]), each_line=True))
    assert [b.text for b in blocks] == ["x\n", "\ufeffhttp://y/\n"]
    text = BOM + b"http://a/\n" + BOM + b"http://b/\n"
    for argv in (["extract", "--json"], ["extract", "--json", "--line-buffered"]):
        records = json_lines(run(*argv, stdin=text))
        found = [(r["line"], r["column"], r["start"], r["uri"]) for r in records]
        assert found == [(1, 1, 1, "http://a/"), (2, 2, 12, "http://b/")], (argv, found)


# -- extract, a line at a time ---------------------------------------------------------------
SEARCHED = (
    b"x <http://a/\n  b/c> and\n\nsee <http://d/\n\ne> or \xe2\x9f\xa8http://f/\ng\xe2\x9f\xa9\n"
    b"http://h/ a < b\nhttp://i/ <\nhttp://k/\nl> x<y\n\nlast http://j/"
)


def test_extract_finds_what_a_search_of_the_whole_text_finds() -> None:
    """Each read's lines at once, or each line alone (--line-buffered), held while a '<' or
    '⟨' is open: the URIs and their places are those of urikit.extract over the whole
    text (a URI in <...> broken across lines is found whole), however the reads cut it."""
    text = SEARCHED.decode()
    expected = [(m.start, m.end, m.uri) for m in urikit.extract(text)]
    assert [uri for *_, uri in expected] == [
        "http://a/b/c",
        "http://d/e",  # a blank line inside <...> is whitespace too
        "http://f/g",
        "http://h/",
        "http://i/",
        "http://k/",  # "<" and a line end, then a line end in the URI: no URI in <...>
        "http://j/",
    ]
    for argv in (["extract", "--json"], ["extract", "--json", "--line-buffered"]):
        records = json_lines(run(*argv, stdin=SEARCHED))
        assert [(r["start"], r["end"], r["uri"]) for r in records] == expected, argv
    for cut in range(1, len(SEARCHED)):  # every pair of reads
        for each_line in (False, True):
            blocks = list(
                _cli_text.read_text(iter([SEARCHED[:cut], SEARCHED[cut:]]), each_line=each_line)
            )
            found = [
                (b.offset + m.start, b.offset + m.end, m.uri)
                for b in blocks
                for m in urikit.extract(b.text)
            ]
            assert found == expected, (cut, each_line, [b.text for b in blocks])


def test_lines_are_held_for_a_bounded_length_after_the_open_bracket() -> None:
    """A block is held for at most ``size`` bytes (1 MiB in use) after the ``<`` that left
    it open, counted from the ``<``, not from the block's start (a megabyte line may end
    with one), nor from a later ``<``; then it is cut."""
    long_line = b"y" * 20 + b" <http://a/\n"
    reads = [b"aaaa\n", long_line, b"b>\n", b"c <\n", b"d<\n" * 4, b"e\n" * 4, b"f>\n"]
    expected = ["aaaa\n", (long_line + b"b>\n").decode(), "c <\n" + "d<\n" * 4 + "e\n" * 4, "f>\n"]
    for each_line in (False, True):
        blocks = list(_cli_text.read_blocks(iter(reads), size=20, each_line=each_line))
        assert blocks == expected, each_line


def test_line_buffered_writes_each_line_on_its_own() -> None:
    """Three lines in one read: one write of their URIs by default, one a line with
    --line-buffered (grep's flag); a line without a URI writes nothing."""
    data = b"http://a/\nnone\nhttp://b/ http://c/\nhttp://d/\n"
    for argv, writes in ((["extract"], 1), (["extract", "--line-buffered"], 3)):
        stdout = _Writes()
        result = run(*argv, stdin=data, stdout=stdout)
        assert stdout.getvalue().split() == ["http://a/", "http://b/", "http://c/", "http://d/"]
        assert (result.code, stdout.writes) == (0, writes), argv


@posix_only
@sees_waits
def test_extract_holds_a_line_while_an_angle_bracket_is_open() -> None:
    """`tail -f | urikit extract`: a URI in <...> broken across lines (a blank line too)
    comes once the line that closes it is read, and not before; a line without one comes
    at once ('<' before a space opens no such URI)."""
    env = {key: value for key, value in ENV.items() if key != "PYTHONUNBUFFERED"}
    proc = subprocess.Popen(
        [*COMMAND, "extract", "--line-buffered"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for line, answer in (
            (b"see <http://a/\n", b""),
            (b"  b/c> and http://d/, if a < b\n", b"http://a/b/c\nhttp://d/\n"),
            (b"\n", b""),
            (b"http://e/ <http://g/\n", b""),  # the line is held whole
            (b"\n", b""),
            (b"h> x\n", b"http://e/\nhttp://g/h\n"),
        ):
            proc.stdin.write(line)
            proc.stdin.flush()
            waiting_for_input(proc)
            assert written_so_far(proc.stdout.fileno()) == answer, line
    finally:
        proc.stdin.close()
        os.set_blocking(proc.stdout.fileno(), True)
        proc.stdout.read()
        proc.wait(timeout=TIMEOUT)


# -- Ctrl-C -----------------------------------------------------------------------------------
def entry_point() -> list[str]:
    """The ``urikit`` command as pip writes its script from pyproject's [project.scripts]
    (so that the test runs the entry point of this tree, installed or not)."""
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    found = re.search(r'^urikit = "([\w.]+):(\w+)"', text, re.MULTILINE)
    assert found, "no urikit script in pyproject.toml"
    module, function = found.groups()
    code = f"import sys; from {module} import {function}; sys.exit({function}())"
    return [sys.executable, "-c", code]


def _interrupted(after: str | None) -> subprocess.CompletedProcess[bytes]:
    """``urikit check`` (its stdin held open) sent SIGINT right after it is started
    (``after`` None), or once Python says (``-X importtime``) it has imported the module
    ``after``: its end (stderr with the import lines it printed)."""
    argv = [entry_point()[0], "-X", "importtime", *entry_point()[1:], "check"]
    proc = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV
    )
    assert proc.stderr is not None
    imported: list[bytes] = []
    while after is not None:
        line = proc.stderr.readline()
        assert line, f"the process ended before it imported {after}"
        imported.append(line)
        if line.rpartition(b"|")[2].strip() == after.encode():
            break
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=TIMEOUT)
    return subprocess.CompletedProcess(argv, proc.returncode, out, b"".join(imported) + err)


def _modules_imported() -> list[str]:
    """The modules of urikit that ``urikit check`` imports, in the order they are done."""
    argv = [entry_point()[0], "-X", "importtime", *entry_point()[1:], "check"]
    done = subprocess.run(
        argv, stdin=subprocess.DEVNULL, capture_output=True, env=ENV, timeout=TIMEOUT
    )
    assert done.returncode == 0, done
    names = [line.rpartition("|")[2].strip() for line in done.stderr.decode().splitlines()]
    return [name for name in names if name.startswith("urikit")]


@posix_only
def test_ctrl_c_at_any_moment_ends_the_command_quietly() -> None:
    """SIGINT while the package is imported (a third of a second before a line of the
    command runs) or once it runs: exit 130 as a shell reports SIGINT (killed by it, or
    130 with "interrupted" once the command catches it), never a traceback.  The moments
    are chosen by what the process has imported, not by a clock: right after one of the
    first, middle and last modules of urikit it imports.  Right after spawn, Python's own
    start-up may still run (its `site`, before any line of urikit): a traceback there is
    Python's and names no file of urikit."""
    modules = _modules_imported()
    assert modules[-1] == "urikit._cli.main" and len(modules) > 10, modules
    moments = [
        modules[0],
        modules[len(modules) // 3],
        modules[2 * len(modules) // 3],
        "urikit",
        modules[-1],
    ]
    for after in [None, *moments]:
        done = _interrupted(after)
        err = [
            line
            for line in done.stderr.decode().splitlines()
            if not line.startswith("import time:")
        ]
        if after is None and done.returncode == 1:  # Python's start-up, before urikit
            assert not [line for line in err if line.startswith("  File") and "urikit" in line], (
                done
            )
            continue
        assert done.returncode in (-signal.SIGINT, 130), (after, done)
        assert err in ([], ["urikit check: interrupted"]), (after, done)
        assert not done.stdout, (after, done)


# -- the examples of docs/cli.md ------------------------------------------------------------
def test_the_grep_examples_of_docs_cli_md(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each command of the block "FILEs as grep reads them, run by the tests" of
    docs/cli.md, run here in an empty directory, prints what the document shows
    (``printf FORMAT > FILE`` writes a file; ``echo $?`` shows the exit status)."""
    monkeypatch.chdir(tmp_path)
    text = (ROOT / "docs" / "cli.md").read_text("utf-8")
    examples = _console_blocks(text, "FILEs as grep reads them, run by the tests")
    assert len(examples) >= 8
    code = None
    for command, shown in examples:
        words = shlex.split(command)
        if words[0] == "printf":
            assert words[2:3] == [">"] and not shown, command
            Path(words[3]).write_bytes(codecs.escape_decode(words[1].encode())[0])
            continue
        if words == ["echo", "$?"]:
            assert shown == [str(code)], command
            continue
        assert words[0] == "urikit", command
        result = run(*words[1:])
        assert result.lines + result.err.splitlines() == shown, (command, result)
        code = result.code
