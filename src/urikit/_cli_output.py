"""The output side of the ``urikit`` command: how results, invalid inputs and whatever
ends a run are written, and the exit status they make (see :mod:`urikit._cli`).

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
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TextIO, cast

from .errors import URISyntaxError, render_caret

__all__ = [
    "EXIT_INVALID",
    "EXIT_IO",
    "EXIT_OK",
    "EXIT_USAGE",
    "InputError",
    "Reporter",
    "Stop",
    "UsageError",
    "error_fields",
    "strerror",
    "warn",
]

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
EXIT_IO = 74  # sysexits.h EX_IOERR: a read or a write failed
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader left


class Stop(Exception):
    """Ends a run: reported as ``urikit COMMAND: message``; the run exits ``status``."""

    status = EXIT_INVALID


class UsageError(Stop):
    """A problem with the command line itself (exit status 2)."""

    status = EXIT_USAGE


class InputError(Stop):
    """Reading the input failed once it was open (exit status 74)."""

    status = EXIT_IO


def strerror(error: OSError) -> str:
    """What an :class:`OSError` says, without its errno and file name."""
    return error.strerror or str(error)


def error_fields(error: URISyntaxError) -> dict[str, object]:
    """The ``"error"`` object of JSON output: where (0-based and 1-based) and why."""
    return {
        "position": error.position,
        "column": error.position + 1,
        "kind": error.kind.value,
        "reason": error.reason,
    }


def warn(message: str) -> None:
    """Print to stderr, even when stderr is gone."""
    if sys.stderr is None:  # closed before the start: print(file=None) would use stdout
        return
    with contextlib.suppress(OSError, ValueError):  # a broken or full stderr
        print(message, file=sys.stderr)


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


def _json(fields: Fields) -> str:
    return json.dumps(fields() if callable(fields) else fields)


class Reporter:
    """Writes one run's results and reports, and keeps its exit status.

    A result is a line on stdout, or with ``json`` the object of its fields, as one line
    of JSON.  An invalid input is ``WHERE:COLUMN: reason`` on stderr (on stdout when
    the reports are the output, as for ``check``), or with ``json`` its object on stdout;
    either way the status becomes 1.  ``WHERE`` is the argument or line number.
    """

    def __init__(self) -> None:
        # (a cast: the commands only print to it, and _ClosedOutput fails every write)
        self.out: TextIO = sys.stdout if sys.stdout is not None else cast(TextIO, _ClosedOutput())
        self.command = "urikit"  # then "urikit COMMAND", once the command is known
        self.json = False
        self.status = EXIT_OK
        self.invalid_count = 0
        self._reports_are_output = False

    def begin(self, command: str, *, json: bool = False, reports_are_output: bool = False) -> None:
        """The command is known: name it in stops, and say how it reports."""
        self.command = f"urikit {command}"
        self.json = json
        self._reports_are_output = reports_are_output

    def account(self, status: int) -> None:
        """The run's status is at least ``status`` (0 ok, 1 invalid input, 2 usage)."""
        self.status = max(self.status, status)

    def result(self, text: str, fields: Fields | None = None) -> None:
        """One result: ``text``, or with ``json`` the object of ``fields``."""
        if self.json and fields is not None:
            text = _json(fields)
        print(text, file=self.out)

    def invalid(
        self,
        where: int | str,
        column: int | None,
        why: str,
        *,
        fields: Fields | None = None,
        detail: Iterable[str] = (),
    ) -> None:
        """An invalid input: ``WHERE:COLUMN: why`` (``WHERE: why`` without a column), then
        each ``detail`` line indented; or with ``json`` the object of ``fields``."""
        self.invalid_count += 1
        self.account(EXIT_INVALID)
        if self.json and fields is not None:
            print(_json(fields), file=self.out)
            return
        place = f"{where}:{column}" if column is not None else f"{where}"
        message = "\n  ".join([f"{place}: {why}", *detail])
        if self._reports_are_output:
            print(message, file=self.out)
        else:
            warn(message)

    def syntax_error(
        self,
        where: int | str,
        error: URISyntaxError,
        *,
        caret: bool = False,
        fields: Fields | None = None,
    ) -> None:
        """An input that is not a URI reference: :meth:`invalid` at the error's column
        (counting characters from 1), with the input and a caret under it if asked."""
        detail = render_caret(error.text, error.position) if caret else ()
        self.invalid(where, error.position + 1, error.reason, fields=fields, detail=detail)

    @contextlib.contextmanager
    def guard(self) -> Iterator[None]:
        """Run the body, then flush stdout; whatever ends it early becomes one line on
        stderr and the status (the module docstring of :mod:`urikit._cli` lists them)."""
        try:
            try:
                for stream in (sys.stdout, sys.stderr):
                    if hasattr(stream, "reconfigure"):  # print even lone surrogates (argv)
                        stream.reconfigure(errors="backslashreplace")
                yield
            except Stop as stop:
                warn(f"{self.command}: {stop}")
                self.status = stop.status
            self.out.flush()  # here, so that a write that fails fails inside this try
        except BrokenPipeError:  # the reader went away (`| head`): as if killed by SIGPIPE
            _discard_stdout()
            self.status = EXIT_PIPE
        except OSError as error:  # reads become InputError: any other is a write to stdout
            _discard_stdout()
            warn(f"{self.command}: cannot write to standard output: {strerror(error)}")
            self.status = EXIT_IO
        except KeyboardInterrupt:
            warn(f"{self.command}: interrupted")
            self.status = EXIT_INTERRUPTED
