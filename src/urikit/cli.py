"""The ``urikit`` command: argument parsing, output formats and exit codes only.

Every subcommand is a thin client of the library.  Bad input never produces a
traceback: it is reported as ``N:COLUMN: reason`` (N the line or argument number, COLUMN
counting characters from 1), processing goes on, and the exit status is 1.  Usage errors
exit with 2; a reader that goes away (``| head``) ends the run with 141, as SIGPIPE would.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator, Sequence
from typing import BinaryIO, TextIO

from . import html
from ._grammar import GRAMMARS
from .complete import complete
from .errors import URISyntaxError, render_caret
from .extract import extract
from .normalize import differences, normalize
from .reference import URIReference, parse
from .resolve import ResolutionError, relativize, resolve

__all__ = ["main"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
EXIT_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader left


class UsageError(Exception):
    """A problem with the command line itself (exit status 2)."""


# -- reading references, one per line ------------------------------------------------
def read_lines(stream: BinaryIO) -> Iterator[tuple[int, str | None, str]]:
    """``(line_number, text, problem)`` for each line of a byte stream.

    Lines end at LF, with an optional CR before it; a UTF-8 byte order mark on the
    first line is dropped.  A line that is not UTF-8 has ``text`` ``None`` and the
    problem set.  Lines of any length stream through without loading the whole file.
    """
    for number, raw in enumerate(stream, start=1):
        if raw.endswith(b"\n"):
            raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            yield number, raw.decode("utf-8"), ""
        except UnicodeDecodeError as error:
            column = len(raw[: error.start].decode("utf-8", "replace")) + 1
            yield number, None, f"{column}: not UTF-8: byte 0x{raw[error.start]:02X}"


def open_input(name: str | None) -> BinaryIO:
    """The byte stream named ``name``: stdin for ``-`` or ``None``."""
    if name in (None, "-"):
        return sys.stdin.buffer
    try:
        return open(name, "rb")
    except OSError as error:
        raise UsageError(f"cannot read {name}: {error.strerror}") from None


def error_line(where: str, error: URISyntaxError) -> str:
    """``WHERE:COLUMN: reason`` (COLUMN is the 1-based character position)."""
    return f"{where}:{error.position + 1}: {error.reason}"


# -- subcommands ---------------------------------------------------------------------
def _describe(ref: URIReference) -> dict[str, object]:
    described: dict[str, object] = {"uri": str(ref), **ref.components()}
    described["host_type"] = ref.host_type
    described["port_number"] = ref.port_number
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
            if name != "uri":
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
    stream = open_input(args.file)
    try:
        for number, text, problem in read_lines(stream):
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
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    skipped = f", {empty} empty lines skipped" if empty else ""
    print(f"{valid} valid, {invalid} invalid{skipped}", file=out)
    return EXIT_INVALID if invalid else EXIT_OK


def _references(items: Sequence[str]) -> Iterator[tuple[int, str | None, str]]:
    """``(number, text, problem)`` for references given as arguments, or read one per
    line from stdin when there are none or the only one is ``-``."""
    if not items or list(items) == ["-"]:
        yield from read_lines(sys.stdin.buffer)
    else:
        for number, item in enumerate(items, start=1):
            yield number, item, ""


def cmd_resolve(args: argparse.Namespace, out: TextIO) -> int:
    """``urikit resolve BASE [REF...|-]``: one target URI per reference."""
    try:
        base = parse(args.base, grammar=args.grammar)
        if base.scheme is None:
            raise ResolutionError("a base URI needs a scheme (RFC 3986 §5.2.1)")
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


def read_blocks(stream: BinaryIO, size: int = 1 << 20) -> Iterator[str]:
    """The decoded text of ``stream`` in blocks of about ``size`` characters, each ending
    at a blank line where possible (a URI in ``<...>`` never spans one), so that a file
    of any size streams.  Bytes that are not UTF-8 become U+FFFD, which no URI holds."""
    lines: list[str] = []
    length = 0
    for raw in stream:
        line = raw.decode("utf-8", "replace")
        lines.append(line)
        length += len(line)
        if length >= size and (not line.strip() or length >= 4 * size):
            yield "".join(lines)
            lines, length = [], 0
    if lines:
        yield "".join(lines)


def cmd_extract(args: argparse.Namespace, out: TextIO) -> int:
    """``urikit extract [FILE|-]``: the URIs in a text, one per line."""
    schemes = None if args.schemes is None else [s for s in args.schemes.split(",") if s]
    stream = open_input(args.file)
    offset, line = 0, 1
    try:
        for number, block in enumerate(read_blocks(stream)):
            if number == 0 and block.startswith("\ufeff"):
                block, offset = block[1:], 1
            seen = 0
            for found in extract(
                block, schemes=schemes, abbreviated=args.abbreviated, grammar=args.grammar
            ):
                if not args.json:
                    print(found.uri, file=out)
                    continue
                line += block.count("\n", seen, found.start)
                column = found.start - block.rfind("\n", 0, found.start)
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
            line += block.count("\n", seen)
            offset += len(block)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
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
    stream = open_input(args.file)
    try:
        data = stream.read()
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    try:
        document = data.decode(args.encoding, "replace")
    except LookupError:
        raise UsageError(f"unknown encoding {args.encoding!r}") from None
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
        epilog="Exit status: 0 all input valid, 1 some input invalid, 2 usage error.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    sub = commands.add_parser(
        "parse",
        help="print the components of each URI reference",
        description="Print the components of each URI reference (absent ones as "
        "'(absent)', or null with --json).",
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
        "lines are skipped; CR LF line ends and a UTF-8 byte order mark are accepted.",
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
    with contextlib.suppress(OSError, ValueError):  # a closed or broken stderr
        print(message, file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``urikit`` command line; returns the exit status."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = build_parser()
    try:
        args = parser.parse_args(argv)  # --help writes, so it may meet a closed pipe too
        if getattr(args, "rule", None) is not None:
            try:
                GRAMMARS[args.grammar].rule(args.rule)
            except ValueError as error:
                raise UsageError(str(error)) from None
        status: int = args.run(args, sys.stdout)
        sys.stdout.flush()
        return status
    except UsageError as error:
        warn(f"urikit {args.command}: {error}")
        return EXIT_USAGE
    except BrokenPipeError:  # the reader went away (e.g. `| head`): as if killed by SIGPIPE
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_PIPE
    except SystemExit as exit_:  # argparse: --help (0) or a usage error (2)
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
        return int(exit_.code or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
