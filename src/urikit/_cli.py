"""The ``urikit`` command: argument parsing, output formats and exit codes only.

Every subcommand is a thin client of the library.  Bad input is reported as
``N:COLUMN: reason`` (N the line or argument number, COLUMN counting characters from 1)
and processing goes on.  Anything else that ends a run early is one line on stderr,
``urikit COMMAND: reason``, never a traceback.  The exit status:

* 0: every input valid;
* 1: some input invalid;
* 2: a usage error: an unknown flag, grammar, rule or encoding, a FILE that cannot be opened;
* 74: reading the input or writing the output failed (``EX_IOERR`` of sysexits.h): a closed
  or unreadable stdin, a closed stdout, a full disk;
* 130: interrupted (Ctrl-C), as a shell reports SIGINT;
* 141: the reader of the output went away (``| head``), as SIGPIPE would, silently.

Lines end at LF, CR LF or a lone CR, and input streams in chunks: a file of any size is
never loaded whole (``links`` excepted: an HTML document is parsed as a whole).
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import errno
import io
import json
import os
import select
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import BinaryIO, TextIO, cast

from . import (  # the public surface only: the command line is a client of the library
    GRAMMARS,
    ResolutionError,
    URIReference,
    URISyntaxError,
    complete,
    differences,
    extract,
    html,
    normalize,
    parse,
    relativize,
    resolve,
)
from .errors import render_caret

__all__ = ["main"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
EXIT_IO = 74  # sysexits.h EX_IOERR: a read or a write failed
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader left

CHUNK = 1 << 16  # bytes asked of one read: a pipe's capacity; a line may span many reads


class UsageError(Exception):
    """A problem with the command line itself (exit status 2)."""


class InputError(Exception):
    """Reading the input failed once it was open (exit status 74)."""


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


# -- reading the input ---------------------------------------------------------------
@contextlib.contextmanager
def open_input(name: str | None) -> Iterator[Iterator[bytes]]:
    """The bytes of the file ``name`` (stdin for ``-`` or ``None``) in chunks, closed on
    leaving.  A file that cannot be opened is a :class:`UsageError`; a read that fails,
    stdin's included, an :class:`InputError`."""
    if name is None or name == "-":
        if sys.stdin is None:  # closed before the start (`<&-`): Python sets it to None
            raise InputError(f"cannot read standard input: {os.strerror(errno.EBADF)}")
        _refuse_stdout(sys.stdin.buffer, "standard input")
        yield _chunks(sys.stdin.buffer, "standard input")
        return
    try:  # not `with open(...)`: only an OSError of open itself is a usage error
        stream = open(name, "rb")  # noqa: SIM115
    except OSError as error:
        raise UsageError(f"cannot read {name}: {_reason(error)}") from None
    with stream:
        _refuse_stdout(stream, name)
        yield _chunks(stream, name)


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


def _chunks(stream: BinaryIO, name: str) -> Iterator[bytes]:
    """The bytes of ``stream`` as they come: ``read1`` returns what a pipe holds without
    waiting for a full chunk, so a line is handled as soon as it is written."""
    read = getattr(stream, "read1", stream.read)
    while True:
        try:
            chunk: bytes = read(CHUNK)
            if not chunk and _wait_if_nonblocking(stream):
                chunk = read(CHUNK)  # readable, yet nothing: the end
        except OSError as error:  # the one place a read fails: main reports it
            raise InputError(f"cannot read {name}: {_reason(error)}") from None
        if not chunk:
            return
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


def split_lines(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The lines of a byte stream given in chunks, each with its line end: LF, CR LF or a
    lone CR (the three that ``bytes.splitlines`` knows).  A CR that ends a chunk is held
    until the next chunk says whether an LF follows, so a CR LF pair cut by a read stays
    one line end; a line that ends in LF is yielded as soon as its chunk is read."""
    rest: list[bytes] = []  # an unfinished line in pieces, or a line ending in CR
    for chunk in chunks:
        if not chunk:
            continue
        if rest and rest[-1].endswith(b"\r"):
            if chunk.startswith(b"\n"):
                rest.append(b"\n")
                chunk = chunk[1:]
            yield b"".join(rest)
            rest = []
        lines = chunk.splitlines(keepends=True)
        # the last line goes on in the next chunk unless it ends in LF (a CR may lack its LF)
        tail = lines.pop() if lines and not lines[-1].endswith(b"\n") else None
        if lines:
            if rest:
                lines[0] = b"".join([*rest, lines[0]])
                rest = []
            yield from lines
        if tail is not None:
            rest.append(tail)
    if rest:
        yield b"".join(rest)


def read_lines(chunks: Iterable[bytes]) -> Iterator[tuple[int, str | None, str]]:
    """``(line_number, text, problem)`` for each line of a byte stream given in chunks.

    Lines end at LF, CR LF or a lone CR (see :func:`split_lines`); a UTF-8 byte order mark
    on the first line is dropped.  A line that is not UTF-8 has ``text`` ``None`` and the
    problem set.  Lines of any length stream through without loading the whole file.
    """
    for number, raw in enumerate(split_lines(chunks), start=1):
        raw = raw.rstrip(b"\r\n")  # exactly the line end: a CR or LF always ends a line
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            yield number, raw.decode("utf-8"), ""
        except UnicodeDecodeError as error:
            column = len(raw[: error.start].decode("utf-8", "replace")) + 1
            yield number, None, f"{column}: not UTF-8: byte 0x{raw[error.start]:02X}"


def read_blocks(chunks: Iterable[bytes], size: int = 1 << 20) -> Iterator[str]:
    """The decoded text of a byte stream in blocks of about ``size`` bytes, each made of
    whole lines and ending at a blank line where possible (a URI in ``<...>`` never spans
    one), so that a file of any size streams.  Bytes that are not UTF-8 become U+FFFD,
    which no URI holds (a line end never falls inside a UTF-8 sequence, so decoding by
    block is decoding the whole)."""
    lines: list[bytes] = []
    length = 0
    for line in split_lines(chunks):
        lines.append(line)
        length += len(line)
        if length >= size and (not line.strip() or length >= 4 * size):
            yield b"".join(lines).decode("utf-8", "replace")
            lines, length = [], 0
    if lines:
        yield b"".join(lines).decode("utf-8", "replace")


def _count_line_ends(text: str, start: int, end: int) -> int:
    """The line ends (LF, CR LF, lone CR) in ``text[start:end]``."""
    crlf = text.count("\r\n", start, end)
    return text.count("\n", start, end) + text.count("\r", start, end) - crlf


def error_line(where: str, error: URISyntaxError) -> str:
    """``WHERE:COLUMN: reason`` (COLUMN is the 1-based character position)."""
    return f"{where}:{error.position + 1}: {error.reason}"


# -- subcommands ---------------------------------------------------------------------
def _port_number(ref: URIReference) -> int | None:
    """``ref.port_number``, or ``None`` for a port with more significant digits than Python
    turns into an int or back (``sys.get_int_max_str_digits()``, 4,300 by default): the
    digits are still in ``port``."""
    try:
        number = ref.port_number
        if number is not None:
            str(number)  # writing it out is what fails past the limit
    except ValueError:
        return None
    return number


def _describe(ref: URIReference) -> dict[str, object]:
    described: dict[str, object] = {"uri": str(ref), **ref.components()}
    described["host_type"] = ref.host_type
    described["port_number"] = _port_number(ref)
    if ref.grammar == "rfc2396":
        described["is_opaque"] = ref.is_opaque
    return described


def _show(value: object) -> str:
    if value is None:
        return "(absent)"
    return '""' if value == "" else str(value)


def cmd_parse(args: argparse.Namespace, out: TextIO) -> int:
    """``urikit parse URI...``: the components of each reference."""
    status = EXIT_OK
    for number, text in enumerate(args.uris, start=1):
        try:
            ref = parse(text, grammar=args.grammar, rule=args.rule)
        except URISyntaxError as error:
            status = EXIT_INVALID
            if args.json:
                print(json.dumps({"uri": text, "error": _error_json(error)}), file=out)
            else:
                line, caret = render_caret(error.text, error.position)
                warn(f"{error_line(str(number), error)}\n  {line}\n  {caret}")
            continue
        described = _describe(ref)
        if args.json:
            print(json.dumps(described), file=out)
            continue
        print(text, file=out)
        for name, value in described.items():
            if name == "port_number" and value is None and ref.port:
                print(f"  {name:<11} (too large)", file=out)
            elif name != "uri":
                print(f"  {name:<11} {_show(value)}", file=out)
    return status


def _error_json(error: URISyntaxError) -> dict[str, object]:
    return {
        "position": error.position,
        "column": error.position + 1,
        "kind": error.kind.value,
        "reason": error.reason,
    }


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """``urikit check [FILE|-]``: report every invalid line, then a summary."""
    valid = invalid = empty = 0
    with open_input(args.file) as chunks:
        for number, text, problem in read_lines(chunks):
            if text is None:
                invalid += 1
                print(f"{number}:{problem}", file=out)
            elif not text:
                empty += 1
            else:
                try:
                    parse(text, grammar=args.grammar, rule=args.rule)
                    valid += 1
                except URISyntaxError as error:
                    invalid += 1
                    print(error_line(str(number), error), file=out)
    skipped = f", {empty} empty lines skipped" if empty else ""
    print(f"{valid} valid, {invalid} invalid{skipped}", file=out)
    return EXIT_INVALID if invalid else EXIT_OK


def _references(items: Sequence[str]) -> Iterator[tuple[int, str | None, str]]:
    """``(number, text, problem)`` for references given as arguments, or read one per
    line from stdin when there are none or the only one is ``-``."""
    if not items or list(items) == ["-"]:
        with open_input("-") as chunks:
            yield from read_lines(chunks)
    else:
        for number, item in enumerate(items, start=1):
            yield number, item, ""


def cmd_resolve(args: argparse.Namespace, out: TextIO) -> int:
    """``urikit resolve BASE [REF...|-]``: one target URI per reference."""
    try:
        base = parse(args.base, grammar=args.grammar)
        resolve(base, "")  # a ResolutionError for a base without a scheme (RFC 3986 §5.2.1)
    except (URISyntaxError, ResolutionError) as error:
        where = error_line("base", error) if isinstance(error, URISyntaxError) else str(error)
        warn(f"urikit resolve: {where}")
        return EXIT_INVALID
    above_root = args.above_root
    status = EXIT_OK
    for number, text, problem in _references(args.refs):
        if text is None:
            warn(f"{number}:{problem}")
            status = EXIT_INVALID
            continue
        try:
            target = resolve(base, text, strict=not args.non_strict, above_root=above_root)
        except URISyntaxError as error:
            warn(error_line(str(number), error))
            status = EXIT_INVALID
        except ResolutionError as error:
            warn(f"{number}: {error}")
            status = EXIT_INVALID
        else:
            print(target, file=out)
    return status


def cmd_relativize(args: argparse.Namespace, out: TextIO) -> int:
    """``urikit relativize BASE TARGET...``: the shortest reference to each target."""
    status = EXIT_OK
    for number, text in enumerate(args.targets, start=1):
        try:
            print(relativize(args.base, text, grammar=args.grammar), file=out)
        except URISyntaxError as error:
            where = "base" if error.text == args.base and text != args.base else str(number)
            warn(error_line(where, error))
            status = EXIT_INVALID
        except ResolutionError as error:
            warn(f"urikit relativize: {error}")
            return EXIT_INVALID
    return status


def cmd_normalize(args: argparse.Namespace, out: TextIO) -> int:
    """``urikit normalize [URI...|-]``: one normal form per reference."""
    status = EXIT_OK
    for number, text, problem in _references(args.uris):
        if text is None:
            warn(f"{number}:{problem}")
            status = EXIT_INVALID
            continue
        try:
            print(normalize(text, level=args.level, grammar=args.grammar), file=out)
        except URISyntaxError as error:
            warn(error_line(str(number), error))
            status = EXIT_INVALID
    return status


def cmd_equivalent(args: argparse.Namespace, out: TextIO) -> int:
    """``urikit equivalent A B``: exit 0 when equivalent, 1 when not (saying where)."""
    try:
        found = differences(args.a, args.b, level=args.level, grammar=args.grammar, base=args.base)
    except URISyntaxError as error:
        which = "A" if error.text == args.a else "B" if error.text == args.b else "base"
        warn(error_line(which, error))
        return EXIT_USAGE
    except ResolutionError as error:
        warn(f"urikit equivalent: {error}")
        return EXIT_USAGE
    if not found:
        a = args.a if args.base is None else resolve(args.base, args.a, grammar=args.grammar)
        print(f"equivalent: {normalize(a, level=args.level, grammar=args.grammar)}", file=out)
        return EXIT_OK
    name, first, second = found[0]
    print(f"not equivalent: the {name} differs: {_show(first)} vs {_show(second)}", file=out)
    return EXIT_INVALID


def cmd_extract(args: argparse.Namespace, out: TextIO) -> int:
    """``urikit extract [FILE|-]``: the URIs in a text, one per line."""
    schemes = None if args.schemes is None else [s for s in args.schemes.split(",") if s]
    offset, line = 0, 1
    with open_input(args.file) as chunks:
        for number, block in enumerate(read_blocks(chunks)):
            if number == 0 and block.startswith("\ufeff"):
                block, offset = block[1:], 1
            seen, line_start = 0, 0  # where the line of the last match begins
            for found in extract(
                block, schemes=schemes, abbreviated=args.abbreviated, grammar=args.grammar
            ):
                if not args.json:
                    print(found.uri, file=out)
                    continue
                # lines as check counts them; a block holds whole lines (see read_blocks);
                # each stretch of the block is searched once, however many matches a line has
                line += _count_line_ends(block, seen, found.start)
                last = max(
                    block.rfind("\n", seen, found.start), block.rfind("\r", seen, found.start)
                )
                if last >= 0:
                    line_start = last + 1
                column = found.start - line_start + 1
                seen = found.start
                described = {
                    "uri": found.uri,
                    "start": offset + found.start,
                    "end": offset + found.end,
                    "line": line,
                    "column": column,
                    "delimiter": found.delimiter,
                    "alternatives": list(found.alternatives),
                }
                print(json.dumps(described), file=out)
            line += _count_line_ends(block, seen, len(block))
            offset += len(block)
    return EXIT_OK


def cmd_complete(args: argparse.Namespace, out: TextIO) -> int:
    """``urikit complete TEXT...``: the URI each abbreviated URL stands for."""
    status = EXIT_OK
    for number, text in enumerate(args.texts, start=1):
        try:
            print(complete(text, default_scheme=args.default_scheme), file=out)
        except URISyntaxError as error:
            warn(error_line(str(number), error))
            status = EXIT_INVALID
    return status


def cmd_links(args: argparse.Namespace, out: TextIO) -> int:
    """``urikit links [--base URL] FILE``: the resolved links of an HTML document."""
    try:  # before reading: an unknown name (LookupError) or not a name at all (ValueError)
        codecs.lookup(args.encoding)
    except (LookupError, ValueError):
        raise UsageError(f"--encoding: unknown encoding {args.encoding!r}") from None
    with open_input(args.file) as chunks:
        data = b"".join(chunks)
    try:
        document = data.decode(args.encoding, "replace")
    except LookupError:  # a codec of bytes to bytes (rot13, zlib): not a text encoding
        raise UsageError(f"--encoding: {args.encoding!r} is not a text encoding") from None
    except ValueError as error:  # a codec without 'replace' (idna), or failing anyway
        first = str(error).split("\n")[0]
        raise UsageError(
            f"--encoding {args.encoding!r} cannot decode the document: {first}"
        ) from None
    try:
        found = html.links(
            document.removeprefix("\ufeff"), retrieval_uri=args.base, grammar=args.grammar
        )
    except (URISyntaxError, ResolutionError) as error:
        raise UsageError(f"--base: {error}") from None
    status = EXIT_OK
    for link in found:
        if args.json:
            described = {
                "uri": link.uri,
                "reference": link.reference,
                "element": link.element,
                "attribute": link.attribute,
                "line": link.line,
                "column": link.column,
                "error": None if link.error is None else str(link.error).split("\n")[0],
            }
            print(json.dumps(described), file=out)
        elif link.uri is not None:
            print(link.uri, file=out)
        if link.uri is None:
            status = EXIT_INVALID
            if not args.json:
                reason = link.error.reason if isinstance(link.error, URISyntaxError) else link.error
                warn(f"{link.line}:{link.column}: <{link.element} {link.attribute}>: {reason}")
    return status


# -- the argument parser -------------------------------------------------------------
def _add_grammar(parser: argparse.ArgumentParser, *, rule: bool = True) -> None:
    parser.add_argument(
        "--grammar",
        "-g",
        choices=list(GRAMMARS),
        default="rfc3986",
        help="the grammar: rfc3986 (default) or rfc2396 (RFC 2396 with RFC 2732 IPv6 literals)",
    )
    if rule:
        parser.add_argument(
            "--rule",
            "-r",
            default="URI-reference",
            help="the rule to match: URI-reference (default); rfc3986: URI, absolute-URI, "
            "relative-ref; rfc2396: absoluteURI, relativeURI",
        )


def build_parser() -> argparse.ArgumentParser:
    """The ``urikit`` argument parser, with one subparser per subcommand."""
    parser = argparse.ArgumentParser(
        prog="urikit",
        description="Parse, validate, resolve and normalize URI references "
        "(RFC 3986, or RFC 2396 with RFC 2732).",
        epilog="Exit status: 0 all input valid, 1 some input invalid, 2 usage error (a FILE "
        "that cannot be opened too), 74 reading the input or writing the output failed, 130 "
        "interrupted, 141 the reader of the output went away.  Lines end at LF, CR LF or CR.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    sub = commands.add_parser(
        "parse",
        help="print the components of each URI reference",
        description="Print the components of each URI reference (absent ones as "
        "'(absent)', or null with --json).  A port of more than 4,300 significant digits "
        "has port_number '(too large)', or null with --json; port holds its digits.",
    )
    _add_grammar(sub)
    sub.add_argument("--json", action="store_true", help="one JSON object per reference")
    sub.add_argument("uris", nargs="+", metavar="URI", help="a URI reference")
    sub.set_defaults(run=cmd_parse)

    sub = commands.add_parser(
        "check",
        help="validate a file of URI references, one per line",
        description="Validate one URI reference per line; print LINE:COLUMN: reason for "
        "each invalid line (COLUMN counts characters from 1), then a summary.  Empty "
        "lines are skipped; lines end at LF, CR LF or a lone CR; a UTF-8 byte order mark "
        "is accepted.",
    )
    _add_grammar(sub)
    sub.add_argument("file", nargs="?", metavar="FILE", help="the file to read; '-' or none: stdin")
    sub.set_defaults(run=cmd_check)

    sub = commands.add_parser(
        "resolve",
        help="resolve references against a base URI",
        description="Resolve each reference against BASE (RFC 3986 §5.2, or RFC 2396 §5.2 "
        "with --grammar rfc2396) and print one target URI per line.  With no REF, or "
        "'-', references are read from stdin, one per line; invalid ones are reported "
        "on stderr as N:COLUMN: reason.",
    )
    _add_grammar(sub, rule=False)
    sub.add_argument(
        "--non-strict",
        action="store_true",
        help="read a reference whose scheme equals the base's as relative (http:g)",
    )
    sub.add_argument(
        "--above-root",
        choices=["keep", "drop", "raise"],
        default=None,
        help="'..' segments that climb above the root: drop (RFC 3986's default), keep "
        "(RFC 2396's default) or report an error",
    )
    sub.add_argument("base", metavar="BASE", help="the base URI (it must have a scheme)")
    sub.add_argument("refs", nargs="*", metavar="REF", help="a reference; '-' or none: stdin")
    sub.set_defaults(run=cmd_resolve)

    sub = commands.add_parser(
        "relativize",
        help="the shortest reference from a base URI to each target",
        description="Print, for each TARGET, the shortest reference that resolves "
        "(RFC 3986 §5.2) against BASE to it.",
    )
    _add_grammar(sub, rule=False)
    sub.add_argument("base", metavar="BASE", help="the base URI (it must have a scheme)")
    sub.add_argument("targets", nargs="+", metavar="TARGET", help="a target URI")
    sub.set_defaults(run=cmd_relativize)

    level = {
        "choices": ["string", "syntax", "scheme"],
        "default": "scheme",
        "help": "the rung of the comparison ladder (RFC 3986 §6.2): string (§6.2.1), syntax "
        "(§6.2.2) or scheme (§6.2.3, the default)",
    }
    sub = commands.add_parser(
        "normalize",
        help="print the normal form of each reference",
        description="Print the normal form of each reference (RFC 3986 §6.2, or RFC 2396 "
        "§6 with --grammar rfc2396).  With no URI, or '-', references are read from "
        "stdin, one per line; invalid ones are reported on stderr as N:COLUMN: reason.",
    )
    _add_grammar(sub, rule=False)
    sub.add_argument("--level", "-l", **level)  # type: ignore[arg-type]
    sub.add_argument("uris", nargs="*", metavar="URI", help="a reference; '-' or none: stdin")
    sub.set_defaults(run=cmd_normalize)

    sub = commands.add_parser(
        "equivalent",
        help="whether two references are equivalent",
        description="Exit 0 and print the common normal form when A and B are equivalent "
        "at the level asked for; exit 1 and name the first component that differs after "
        "normalization when they are not; exit 2 when either is invalid.",
    )
    _add_grammar(sub, rule=False)
    sub.add_argument("--level", "-l", **level)  # type: ignore[arg-type]
    sub.add_argument(
        "--base", "-b", default=None, help="resolve A and B against this base URI first (§6.1)"
    )
    sub.add_argument("a", metavar="A", help="a URI reference")
    sub.add_argument("b", metavar="B", help="another URI reference")
    sub.set_defaults(run=cmd_equivalent)

    sub = commands.add_parser(
        "extract",
        help="find the URIs in a text",
        description="Print the URIs found in a text (RFC 2396 Appendix E, RFC 3986 Appendix "
        "C), one per line: <> and quotes delimit them, whitespace inside <> is removed, a "
        "URL: prefix is dropped, trailing punctuation is the sentence's.  Bytes that are "
        "not UTF-8 are skipped.",
    )
    _add_grammar(sub, rule=False)
    sub.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per URI: uri, start and end (character offsets in the input), "
        "line, column, delimiter, alternatives",
    )
    sub.add_argument(
        "--schemes",
        "-s",
        default=None,
        help="comma-separated schemes to look for (default: any scheme inside <>, and in "
        "plain text a scheme followed by // or a registered one such as mailto or urn)",
    )
    sub.add_argument(
        "--abbreviated",
        "-a",
        action="store_true",
        help="also find abbreviated URLs (www.example.com/path) and complete them",
    )
    sub.add_argument("file", nargs="?", metavar="FILE", help="the file to read; '-' or none: stdin")
    sub.set_defaults(run=cmd_extract)

    sub = commands.add_parser(
        "complete",
        help="complete abbreviated URLs (www.example.com/path)",
        description="Print the absolute URI each abbreviated URL stands for (RFC 2396 "
        "Appendix F heuristics: see urikit.complete); report the ones no reading makes a "
        "URI of on stderr as N:COLUMN: reason.",
    )
    sub.add_argument(
        "--default-scheme",
        "-d",
        default="http",
        help="the scheme for hosts without one (default: http; ftp. hosts get ftp)",
    )
    sub.add_argument("texts", nargs="+", metavar="TEXT", help="an abbreviated URL")
    sub.set_defaults(run=cmd_complete)

    sub = commands.add_parser(
        "links",
        help="list the links of an HTML document, resolved",
        description="Print every URI reference of an HTML document (href, src, srcset, "
        "action, ...), resolved against the document's base URI (RFC 3986 §5.1: its "
        "<base href>, else --base), one per line.  References that cannot be resolved "
        "are reported on stderr as LINE:COLUMN: <element attribute>: reason (exit 1).",
    )
    _add_grammar(sub, rule=False)
    sub.add_argument(
        "--base",
        "-b",
        default=None,
        help="the URI the document was retrieved from (an embedded <base href> wins)",
    )
    sub.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per reference: uri, reference, element, attribute, line, "
        "column, error",
    )
    sub.add_argument("--encoding", "-e", default="utf-8", help="the document's encoding (utf-8)")
    sub.add_argument("file", nargs="?", metavar="FILE", help="the HTML file; '-' or none: stdin")
    sub.set_defaults(run=cmd_links)
    return parser


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


def _parse_args(argv: Sequence[str] | None, out: TextIO) -> argparse.Namespace | int:
    """The parsed ``argv``, or the exit status when argparse ends the run (0 after --help,
    2 after a usage error).  argparse prints these itself, and would drop a write that
    fails (3.11) or print errors to stdout when stderr is closed: so it prints to buffers,
    and they are written on here, where a failure reaches main."""
    printed, errors = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(errors):
            return build_parser().parse_args(argv)
    except SystemExit as exit_:
        if errors.getvalue():
            warn(errors.getvalue().rstrip("\n"))
        if printed.getvalue():
            out.write(printed.getvalue())
        return int(exit_.code or 0)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``urikit`` command line; returns the exit status (see the module docstring).

    This is the one place where a run that cannot go on becomes its message and status.
    """
    prefix = "urikit"  # then "urikit COMMAND" once the command is known
    try:
        for stream in (sys.stdout, sys.stderr):
            if hasattr(stream, "reconfigure"):  # print even lone surrogates (undecodable argv)
                stream.reconfigure(errors="backslashreplace")
        # (a cast: the commands only print to it, and _ClosedOutput fails every write)
        out = sys.stdout if sys.stdout is not None else cast(TextIO, _ClosedOutput())
        args = _parse_args(argv, out)
        if isinstance(args, int):
            status = args
        else:
            prefix = f"urikit {args.command}"
            if getattr(args, "rule", None) is not None:
                try:
                    GRAMMARS[args.grammar].rule(args.rule)
                except ValueError as error:
                    raise UsageError(str(error)) from None
            status = args.run(args, out)
        if sys.stdout is not None:
            sys.stdout.flush()  # here, so that a write that fails fails inside this try
        return status
    except UsageError as error:
        warn(f"{prefix}: {error}")
        return EXIT_USAGE
    except InputError as error:
        warn(f"{prefix}: {error}")
        return EXIT_IO
    except BrokenPipeError:  # the reader went away (e.g. `| head`): as if killed by SIGPIPE
        _discard_stdout()
        return EXIT_PIPE
    except OSError as error:  # reads become InputError: any other is a write to stdout
        _discard_stdout()
        warn(f"{prefix}: cannot write to standard output: {_reason(error)}")
        return EXIT_IO
    except KeyboardInterrupt:
        warn(f"{prefix}: interrupted")
        return EXIT_INTERRUPTED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
