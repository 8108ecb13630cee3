"""The output side of the ``urikit`` command: how results, invalid inputs and whatever
ends a run are written, and the exit status they make (see :mod:`urikit._cli.main`).

One :class:`Reporter` per run.  Commands hand it their results and the inputs they
found invalid, and raise a :class:`Stop` when they cannot go on; :meth:`Reporter.guard`
turns what ends a run early (a :class:`Stop`, a failed write, Ctrl-C) into one line on
stderr and its status.  The commands print nothing themselves: the formats and the
statuses live here only.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from types import FrameType
from typing import NamedTuple, TextIO, cast

from ..errors import ErrorKind, IDNAError, ResolutionError, URISyntaxError, render_caret

__all__ = [
    "EXIT_INVALID",
    "EXIT_IO",
    "EXIT_OK",
    "EXIT_SOFTWARE",
    "EXIT_USAGE",
    "EXIT_WARNINGS",
    "ON_ERROR",
    "InputProblem",
    "Progress",
    "Reporter",
    "Stop",
    "UsageError",
    "problem",
    "strerror",
    "warn",
]

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
EXIT_WARNINGS = 3  # lint: findings of severity warning, none of severity error
EXIT_SOFTWARE = 70  # sysexits.h EX_SOFTWARE: an internal error (a bug), said in one line
EXIT_IO = 74  # sysexits.h EX_IOERR: an input could not be read, or a write failed
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader left


class Stop(Exception):
    """Ends a run: reported as ``urikit COMMAND: message``; the run exits ``status``."""

    status = EXIT_INVALID


class UsageError(Stop):
    """A problem with the command line itself (exit status 2)."""

    status = EXIT_USAGE


def strerror(error: OSError) -> str:
    """What an :class:`OSError` says, without its errno and file name."""
    return error.strerror or str(error)


def warn_raw(text: str) -> None:
    """Write ``text`` to stderr as it is, and flush it, even when stderr is gone."""
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(text)
        sys.stderr.flush()


def warn(message: str) -> None:
    """Print to stderr, even when stderr is gone."""
    if sys.stderr is None:  # closed before the start: print(file=None) would use stdout
        return
    with contextlib.suppress(OSError, ValueError):  # a broken or full stderr
        print(message, file=sys.stderr)


class Progress:
    """Progress of a long run on stderr, never stdout: lines read, their rate, and the
    percentage of the input's bytes when its size is known.  Off unless :meth:`enable`
    is called; then shown at most :attr:`EVERY` seconds apart, on one line rewritten in
    place on a terminal, one line per update elsewhere (a log).  The commands call
    :meth:`lines` every :attr:`STEP` lines, so that it costs nothing measurable."""

    EVERY = 0.25  # seconds between two updates
    STEP = 1024  # lines between two looks at the clock

    def __init__(self, report: Reporter) -> None:
        self._report = report
        self.enabled = self._explicit = False
        self._terminal = False
        self._start = self._shown = 0.0
        self._visible = False  # a line is on a terminal's screen, to clear before a report
        self.done = 0  # the lines of the inputs finished
        self.read = 0  # the bytes read so far
        self.size: int | None = 0  # the bytes of all inputs, None when one is unknown

    def enable(self, *, explicit: bool) -> None:
        """Show progress from now on; the totals at the end if ``explicit`` (asked for
        with ``--progress``) or if the run was long enough to show some."""
        self.enabled, self._explicit = True, explicit
        self._terminal = sys.stderr is not None and sys.stderr.isatty()
        self._start = self._shown = time.monotonic()

    def add_input(self, size: int | None) -> None:
        """One more input, of ``size`` bytes (``None``: unknown, as for a pipe)."""
        self.size = None if size is None or self.size is None else self.size + size

    def lines(self, count: int) -> None:
        """``count`` lines of the current input are done: an update if it is time."""
        if self.enabled:
            now = time.monotonic()
            if now - self._shown >= self.EVERY:
                self._shown = now
                self._show(self.done + count, now, final=False)

    def _show(self, count: int, now: float, *, final: bool) -> None:
        rate = count / max(now - self._start, 1e-9)
        text = f"{self._report.command}: {count:,} lines, {rate:,.0f} lines/s"
        if self.size:
            text += f", {min(100.0, 100 * self.read / self.size):.0f}%"
        if self._terminal and not final:
            warn_raw(f"\r{text}\x1b[K")
            self._visible = True
        else:
            self.clear()
            warn(text + (" (done)" if final else ""))

    def clear(self) -> None:
        """Clear the progress line from the terminal, before a report is printed."""
        if self._visible:
            warn_raw("\r\x1b[K")
            self._visible = False

    def finish(self) -> None:
        """The run ended: the totals, if progress was shown at all."""
        if self.enabled and (self._explicit or self._shown > self._start):
            self._show(self.done, time.monotonic(), final=True)


class _ClosedOutput(io.TextIOBase):
    """Stands in for a stdout closed before the start (``>&-``: Python sets it to None), so
    that a run fails at its first write as with any stdout that cannot be written to."""

    def write(self, text: str, /) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


def _discard_stdout() -> None:
    """Point stdout at the null device after a write failed, so that the flush at exit,
    which would fail the same way, neither fails nor prints "Exception ignored"."""
    if sys.stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


#: The fields of a JSON object, or a function that gives them (when they cost something to
#: find, and only JSON output needs them).
Fields = Mapping[str, object] | Callable[[], Mapping[str, object]]


def _fields(fields: Fields) -> Mapping[str, object]:
    return fields() if callable(fields) else fields


class InputProblem(NamedTuple):
    """What is wrong with one input: the 0-based ``position`` in it of the character at
    fault (0 when the whole input is), a ``kind`` (an :class:`urikit.ErrorKind` value, or
    ``"not-utf-8"``, ``"no-pair"``) and the ``reason``."""

    position: int
    kind: str
    reason: str


def problem(error: URISyntaxError | ResolutionError | IDNAError, text: str) -> InputProblem:
    """The :class:`InputProblem` of a library error about the input ``text``.  A resolution
    error has no index: one that is about ``..`` points at the first ``..`` of the
    input, any other at its first character.  An IDNA error is about ``text`` (a
    conversion of the whole reference, whose reason names the host) or about a host."""
    if isinstance(error, ResolutionError):
        position = max(text.find(".."), 0) if error.kind is ErrorKind.ABOVE_ROOT else 0
        return InputProblem(position, error.kind.value, error.reason)
    if isinstance(error, IDNAError) and error.text != text:  # about a host of the text
        return InputProblem(
            error.position, error.kind.value, f"the host {error.text!r}: {error.reason}"
        )
    return InputProblem(error.position, error.kind.value, error.reason)


#: How a failed input shows in the text output of the commands with one result per input.
ON_ERROR = ("empty", "input", "skip")


class Reporter:
    """Writes one run's results and reports, and keeps its exit status.

    A result is a line on stdout, or with ``json`` one JSON object (a line of JSON Lines)
    with the input's ``file``, ``line`` and ``input``, the result's fields and ``error``.
    An invalid input is ``FILE:LINE:COLUMN: reason`` on stderr (on stdout when the
    reports are the output, as for ``check``), and in its result's place on stdout what
    ``on_error`` says (an empty line, the input, or nothing); with ``json`` its object,
    ``error`` set.  Either way the status becomes 1.  ``FILE`` is the file's name as
    given, ``<stdin>`` for standard input, ``<arg>`` for a command-line argument (then
    LINE is the argument's number).
    """

    def __init__(self) -> None:
        # (a cast: the commands only print to it, and _ClosedOutput fails every write)
        self.out: TextIO = sys.stdout if sys.stdout is not None else cast(TextIO, _ClosedOutput())
        self.command = "urikit"  # then "urikit COMMAND", once the command is known
        self.json = False
        self.status = EXIT_OK
        self.invalid_count = 0
        self.file = "<arg>"  # the name of the input being read
        self.on_error: str | None = None  # None: a failure leaves nothing on stdout
        self.show_source = False
        self.failure_fields: dict[str, object] = {}  # a failed record's result fields
        self.with_names = False  # a text result is FILE:LINE:result (grep -H), for extract, links
        self.progress = Progress(self)
        self._reports_are_output = False
        self._pending: list[str] = []  # the lines of stdout not yet written, one write a block
        self._terminal: bool | None = None  # whether stdout is a terminal, once asked

    def begin(
        self,
        command: str,
        *,
        json: bool = False,
        reports_are_output: bool = False,
        on_error: str | None = None,
        show_source: bool = False,
    ) -> None:
        """The command is known: name it in stops, and say how it reports."""
        self.command = f"urikit {command}"
        self.json = json
        self._reports_are_output = reports_are_output
        self.on_error = on_error
        self.show_source = show_source

    def account(self, status: int) -> None:
        """The run's status is at least ``status`` (0 ok, 1 invalid input, 3 warnings, 74
        an input not read): a larger status wins, as grep's trouble (2) wins over its
        matches."""
        self.status = max(self.status, status)

    def unreadable(self, name: str, reason: str) -> None:
        """The input ``name`` (``<stdin>`` for standard input) cannot be opened or read
        further: ``urikit COMMAND: NAME: reason`` on stderr, as grep says it, and the run
        goes on with the next input, to exit 74 at the end."""
        self.warn(f"{self.command}: {name}: {reason}")
        self.account(EXIT_IO)

    def skipped(self, name: str, what: str) -> None:
        """The input ``name`` is not read, by a rule of the command (a binary file):
        ``urikit COMMAND: NAME: what skipped`` on stderr; the status is unchanged."""
        self.warn(f"{self.command}: {name}: {what} skipped")

    def write(self, text: str) -> None:
        """One line on stdout, as it is (written with its block: :meth:`flush`)."""
        self._pending.append(text)

    def write_lines(self, texts: list[str]) -> None:
        """Lines on stdout, as they are (written with their block: :meth:`flush`)."""
        self._pending += texts

    def flush(self) -> None:
        """Write the lines of stdout so far with one write, and flush it: a command calls
        this once a block of input is handled (:func:`urikit._cli.input.input_blocks`
        does), so that stdout costs a write a block, whatever ``PYTHONUNBUFFERED``
        says, and a line that comes alone is answered at once."""
        if self._pending:
            self._pending.append("")  # the last line's end
            text = "\n".join(self._pending)
            self._pending = []
            self.out.write(text)
        self.out.flush()

    def record(self, line: int, text: str, fields: Fields) -> None:
        """One JSON Lines record: ``file``, ``line``, ``input``, then ``fields``."""
        head = {"file": self.file, "line": line, "input": text}
        self._pending.append(json.dumps({**head, **(fields() if callable(fields) else fields)}))

    def result(self, line: int, text: str, shown: str, fields: Fields | None = None) -> None:
        """The result of the input ``text`` at ``line``: ``shown`` (``FILE:LINE:shown`` with
        :attr:`with_names`), or with ``json`` the record of ``fields`` (``{"result": shown}``
        when none are given), ``error`` null."""
        if not self.json:
            self._pending.append(f"{self.file}:{line}:{shown}" if self.with_names else shown)
            return
        found = {"result": shown} if fields is None else fields
        self.record(line, text, lambda: {**_fields(found), "error": None})

    def failed(
        self,
        line: int,
        text: str,
        found: InputProblem,
        *,
        column: int | None = None,
        source: str | None = None,
        fields: Fields | None = None,
    ) -> None:
        """The input ``text`` at ``line`` failed: the diagnostic at ``column`` (by default
        ``found.position + 1``; the caret under it in ``source``, by default ``text``,
        with ``show_source``), then the placeholder of ``on_error``; or with ``json`` its
        record: ``fields`` (by default :attr:`failure_fields`) and the ``error`` object."""
        column = found.position + 1 if column is None else column
        self.invalid_count += 1
        self.account(EXIT_INVALID)
        if self.json:
            error: dict[str, object] = {"position": found.position, "line": line}
            error |= {"column": column, "kind": found.kind, "reason": found.reason}
            extra = self.failure_fields if fields is None else _fields(fields)
            self.record(line, text, {**extra, "error": error})
            return
        self.diagnostic(line, column, found.reason, source if source is not None else text)
        if self.on_error == "empty":
            self._pending.append("")
        elif self.on_error == "input":
            self._pending.append(text)

    def diagnostic(self, line: int, column: int, reason: str, source: str | None = None) -> None:
        """``FILE:LINE:COLUMN: reason``, with ``source`` and a caret under ``column`` if
        :attr:`show_source`: on stderr, or stdout when the reports are the output."""
        message = f"{self.file}:{line}:{column}: {reason}"
        if self.show_source and source is not None:
            message = "\n  ".join([message, *render_caret(source, column - 1)])
        if self._reports_are_output:
            self.progress.clear()
            self._pending.append(message)
        else:
            self.warn(message)

    def note(self, line: int, column: int, what: str) -> None:
        """``FILE:LINE:COLUMN: note: what`` on stderr: a remark, not a failure."""
        self.warn(f"{self.file}:{line}:{column}: note: {what}")

    def warn(self, message: str) -> None:
        """A line on stderr, after the progress line is cleared (and, on a terminal, after
        the lines of stdout before it, so that the two show in order)."""
        if self._pending:
            if self._terminal is None:
                try:
                    self._terminal = self.out.isatty()
                except (OSError, ValueError):
                    self._terminal = False
            if self._terminal:
                self.flush()
        self.progress.clear()
        warn(message)

    @contextlib.contextmanager
    def guard(self) -> Iterator[None]:
        """Run the body, then flush stdout; whatever ends it early becomes one line on
        stderr and the status (the module docstring of :mod:`urikit._cli.main` lists them).
        Ctrl-C is caught here (Python's handler, for the time of the body), whatever the
        handler was before (the entry point leaves SIGINT its default action while the
        package is imported: see ``_urikit_cli``), and that handler is set again after."""
        previous = signal.getsignal(signal.SIGINT)
        try:
            try:
                _interrupts(signal.default_int_handler)  # in the try: caught from now on
                for stream in (sys.stdout, sys.stderr):
                    if hasattr(stream, "reconfigure"):  # print even lone surrogates (argv)
                        stream.reconfigure(errors="backslashreplace")
                yield
            except Stop as stop:
                self.warn(f"{self.command}: {stop}")
                self.status = stop.status
            except OSError:  # a write to stdout (reads are reported where they fail): below
                raise
            except Exception as error:  # a bug, of the library or here: one line, no traceback
                first = str(error).partition("\n")[0]
                self.warn(f"{self.command}: internal error: {type(error).__name__}: {first}")
                self.status = EXIT_SOFTWARE
            finally:
                self.progress.finish()
            self.flush()  # here, so that a write that fails fails inside this try
        except BrokenPipeError:  # the reader went away (`| head`): as if killed by SIGPIPE
            _discard_stdout()
            self.status = EXIT_PIPE
        except OSError as error:  # reads are reported where they fail: this is a write
            _discard_stdout()
            warn(f"{self.command}: cannot write to standard output: {strerror(error)}")
            self.status = EXIT_IO
        except KeyboardInterrupt:
            _interrupts(signal.SIG_DFL)  # a second Ctrl-C ends the process at once, quietly
            with contextlib.suppress(OSError, ValueError):
                self.flush()  # the results of the inputs done so far
            warn(f"{self.command}: interrupted")
            self.status = EXIT_INTERRUPTED
        finally:
            with contextlib.suppress(KeyboardInterrupt):  # a Ctrl-C as the run ends: it ended
                _interrupts(previous)


#: A handler of a signal, as :func:`signal.signal` takes and returns it (``None``: one that
#: Python did not set, which cannot be set again).
Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


def _interrupts(handler: Handler) -> Handler:
    """Make ``handler`` SIGINT's handler, and return the one it replaces (``None`` where
    none can be set: a thread other than the main one)."""
    if handler is None:
        return None
    try:
        return signal.signal(signal.SIGINT, handler)
    except ValueError:  # not the main thread: signals are the main thread's
        return None
