"""The input side of the ``urikit`` command: opening a FILE or stdin, cutting its bytes
into lines or blocks as they stream, and the one loop over a command's inputs.

Lines end at LF, CR LF or a lone CR wherever the reads cut them, and a file of any size
is never loaded whole (an HTML document excepted: it is parsed as a whole).
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import BinaryIO, NamedTuple, cast

from .output import InputProblem, Reporter, UsageError, strerror

__all__ = [
    "CHUNK",
    "NotUTF8",
    "input_blocks",
    "inputs",
    "line_blocks",
    "line_chunks",
    "open_input",
    "read_lines",
    "shown_name",
    "stdin_unless",
]

CHUNK = 1 << 16  # bytes asked of one read: a pipe's capacity; a line may span many reads


# -- the opener ------------------------------------------------------------------------
def shown_name(name: str | None) -> str:
    """The name of an input in reports: ``<stdin>`` for standard input."""
    return "<stdin>" if name is None or name == "-" else name


@contextlib.contextmanager
def open_input(name: str | None, report: Reporter) -> Iterator[Iterator[bytes]]:
    """The bytes of the file ``name`` (stdin for ``-`` or ``None``) in chunks, closed on
    leaving, counted by the report's progress.  An input that cannot be opened, or read
    to its end, is reported (:meth:`Reporter.unreadable`: ``NAME: reason``, as grep says
    it) and ends there: no bytes, or those read before the failure; the run goes on with
    the next input and exits 74 at the end."""
    if name is None or name == "-":
        if sys.stdin is None:  # closed before the start (`<&-`): Python sets it to None
            report.unreadable(shown_name(name), os.strerror(errno.EBADF))
            yield iter(())
            return
        _refuse_stdout(sys.stdin.buffer, "standard input")
        yield _chunks(sys.stdin.buffer, shown_name(name), report)
        return
    try:  # not `with open(...)`: only an OSError of open itself is reported here
        stream = open(name, "rb")  # noqa: SIM115
    except OSError as error:
        report.unreadable(name, strerror(error))
        yield iter(())
        return
    with stream:
        _refuse_stdout(stream, name)
        yield _chunks(stream, name, report)


def _size(stream: BinaryIO) -> int | None:
    """The size of a regular file, ``None`` for a pipe, a terminal or a device."""
    try:
        status = os.fstat(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return None
    return status.st_size if stat.S_ISREG(status.st_mode) else None


def _refuse_stdout(stream: BinaryIO, name: str) -> None:
    """A :class:`UsageError` if ``stream`` reads the regular file that stdout writes to
    (``urikit check f >> f``), which would read its own reports until the disk is full."""
    try:
        read, written = os.fstat(stream.fileno()), os.fstat(sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # no stdout, or no descriptor: no file
        return
    same = (read.st_dev, read.st_ino) == (written.st_dev, written.st_ino)
    if same and stat.S_ISREG(read.st_mode):
        raise UsageError(f"{name} is also the standard output")


def _chunks(stream: BinaryIO, name: str, report: Reporter) -> Iterator[bytes]:
    """The bytes of ``stream`` as they come: ``read1`` returns what a pipe holds without
    waiting for a full chunk, so a line is handled as soon as it is written.  A read that
    fails is reported and ends the input (see :func:`open_input`)."""
    read = getattr(stream, "read1", stream.read)
    progress = report.progress
    progress.add_input(_size(stream))
    while True:
        try:
            chunk: bytes = read(CHUNK)
            if not chunk and _wait_if_nonblocking(stream):
                chunk = read(CHUNK)  # readable, yet nothing: the end
        except OSError as error:  # the one place a read fails (a directory, EIO, EBADF)
            report.unreadable(name, strerror(error))
            return
        if not chunk:
            return
        progress.read += len(chunk)
        yield chunk


def _wait_if_nonblocking(stream: BinaryIO) -> bool:
    """Wait until ``stream`` can be read if its descriptor is non-blocking (a stdin another
    program left so), where an empty read means "nothing yet" as well as "the end"."""
    try:
        fd = stream.fileno()
        if os.name != "posix" or os.get_blocking(fd):
            return False
    except (OSError, ValueError):  # no descriptor (an in-memory stream): reads block
        return False
    select.select([fd], [], [])
    return True


# -- lines -------------------------------------------------------------------------------
class NotUTF8(NamedTuple):
    """A line that is not UTF-8: the column of its first bad byte (from 1), why, and the
    line with U+FFFD in place of what is not UTF-8."""

    column: int
    reason: str
    text: str


def line_chunks(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The bytes of a stream given in chunks, cut after the last line end of each chunk:
    whole lines, as many as the chunk ends (a pipe's chunk is what it holds, so a line
    is handled as soon as it is written).  A CR that ends a chunk is held with its line
    until the next chunk says whether an LF follows, so a CR LF pair cut by a read stays
    one line end; a line that spans chunks is held in pieces, joined once."""
    held: list[bytes] = []  # an unfinished line in pieces, or a line ending in CR
    for chunk in chunks:
        if not chunk:
            continue
        if held and held[-1].endswith(b"\r"):
            if chunk.startswith(b"\n"):
                held.append(b"\n")
                chunk = chunk[1:]
            yield b"".join(held)
            held = []
            if not chunk:
                continue
        cut = max(chunk.rfind(b"\n"), chunk.rfind(b"\r", 0, len(chunk) - 1)) + 1
        if not cut:
            held.append(chunk)
            continue
        yield b"".join([*held, chunk[:cut]]) if held else chunk[:cut]
        held = [chunk[cut:]] if cut < len(chunk) else []
    if held:
        yield b"".join(held)


def _decode_line(raw: bytes) -> str | NotUTF8:
    """One line without its line end, or a :class:`NotUTF8` at its first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        column = len(raw[: error.start].decode("utf-8", "replace")) + 1
        reason = f"not UTF-8: byte 0x{raw[error.start]:02X}"
        return NotUTF8(column, reason, raw.decode("utf-8", "replace"))


def line_blocks(chunks: Iterable[bytes]) -> Iterator[list[str | NotUTF8]]:
    """The lines of a byte stream given in chunks, a list of them per chunk (the lines
    that the chunk ends), each without its line end; a :class:`NotUTF8` for a line that
    is not UTF-8.

    Lines end at LF, CR LF or a lone CR (the three that ``bytes.splitlines`` knows), and
    a UTF-8 byte order mark on the first line is dropped.  A block is decoded at once
    (a line end never falls inside a UTF-8 sequence), line by line only when it holds
    bytes that are not UTF-8.  Lines of any length stream through without loading the
    whole file.
    """
    for lines, _ in _decoded_blocks(chunks):
        yield lines


def _decoded_blocks(chunks: Iterable[bytes]) -> Iterator[tuple[list[str | NotUTF8], bool]]:
    """The blocks of :func:`line_blocks`, each with whether all its lines are UTF-8."""
    first = True
    for data in line_chunks(chunks):
        if first:  # the input's start only: a BOM after it, in any block, is data
            data, first = data.removeprefix(b"\xef\xbb\xbf"), False
            if not data:  # an input that is only a BOM: no line
                continue
        if b"\r" in data:  # one line end for all three: a CR always ends a line
            data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        data = data.removesuffix(b"\n")  # the last line's end: no empty line after it
        try:
            yield data.decode("utf-8").split("\n"), True  # type: ignore[misc]
        except UnicodeDecodeError:
            yield [_decode_line(raw) for raw in data.split(b"\n")], False


def read_lines(chunks: Iterable[bytes]) -> Iterator[tuple[int, str | NotUTF8]]:
    """``(line_number, text)`` for each line of a byte stream given in chunks, ``text`` a
    :class:`NotUTF8` for a line that is not UTF-8 (see :func:`line_blocks`)."""
    number = 0
    for block in line_blocks(chunks):
        yield from enumerate(block, start=number + 1)
        number += len(block)


# -- the loop over a command's inputs ------------------------------------------------------
def stdin_unless(arguments: Sequence[str]) -> Sequence[str] | None:
    """``arguments``, or ``None`` (read stdin) when there are none or only ``-``."""
    return None if not arguments or list(arguments) == ["-"] else arguments


def input_blocks(
    report: Reporter, arguments: Sequence[str] | None = None, files: Sequence[str] = ()
) -> Iterator[tuple[int, list[str]]]:
    """``(number, texts)`` for the inputs of a command in blocks, ``number`` that of the
    block's first, numbered from 1: ``arguments`` (the reports name them ``<arg>``), or
    when it is ``None`` the lines of each of ``files`` in turn (none: stdin; ``-`` is
    stdin; see :func:`line_blocks`), numbered from 1 in each, a block per read.
    :attr:`Reporter.file` names the input being read.  A line that is not UTF-8 is
    reported invalid here, at its column, in its place among the results, and not
    yielded.  Once a block is handled its results are written, with one write
    (:meth:`Reporter.flush`): a line that comes alone is answered at once."""
    if arguments is not None:
        report.file = "<arg>"
        yield 1, list(arguments)
        return
    progress = report.progress
    step = progress.STEP if progress.enabled else 1 << 62  # pieces only to show progress
    for name in files or ["-"]:
        with open_input(name, report) as chunks:
            report.file = shown_name(name)
            number = 0
            for block, utf8 in _decoded_blocks(chunks):
                start = 0
                while start < len(block):  # in pieces that end where progress is shown
                    end = min(len(block), start + step - (number + start) % step)
                    piece = block if end - start == len(block) else block[start:end]
                    if utf8:
                        yield number + start + 1, cast("list[str]", piece)
                    else:
                        yield from _utf8_runs(report, number + start, piece)
                    start = end
                    if not (number + end) % step:
                        progress.lines(number + end)
                number += len(block)
                report.flush()
            progress.done += number


def _utf8_runs(
    report: Reporter, number: int, lines: list[str | NotUTF8]
) -> Iterator[tuple[int, list[str]]]:
    """The runs of UTF-8 ``lines`` as :func:`input_blocks` yields them, those that are not
    reported in between (``number`` is the line before the first)."""
    start = 0
    for i, text in enumerate(lines):
        if isinstance(text, NotUTF8):
            if start < i:
                yield number + start + 1, cast("list[str]", lines[start:i])
            found = InputProblem(text.column - 1, "not-utf-8", text.reason)
            report.failed(number + i + 1, text.text, found)
            start = i + 1
    if start < len(lines):
        yield number + start + 1, cast("list[str]", lines[start:] if start else lines)


def inputs(
    report: Reporter, arguments: Sequence[str] | None = None, files: Sequence[str] = ()
) -> Iterator[tuple[int, str]]:
    """``(number, text)`` for each input of a command, numbered from 1: each line of
    :func:`input_blocks` in turn."""
    for number, texts in input_blocks(report, arguments, files):
        yield from enumerate(texts, start=number)
