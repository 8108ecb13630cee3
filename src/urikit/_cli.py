"""The ``urikit`` command: its subcommands and its entry point, ``main``.

Every subcommand is a thin client of the public library.  Bad input is reported as
``N:COLUMN: reason`` (N the line or argument number, COLUMN counting characters from 1)
and processing goes on.  Anything else that ends a run early is one line on stderr,
``urikit COMMAND: reason``, never a traceback.  The exit status:

* 0: every input valid;
* 1: some input invalid;
* 2: a usage error: an unknown flag, grammar, rule or encoding, a FILE that cannot be
  opened, an IDNA conversion asked for (``--host idna``) without the extra it needs;
* 74: reading the input or writing the output failed (``EX_IOERR`` of sysexits.h): a closed
  or unreadable stdin, a closed stdout, a full disk;
* 130: interrupted (Ctrl-C), as a shell reports SIGINT;
* 141: the reader of the output went away (``| head``), as SIGPIPE would, silently.

Lines end at LF, CR LF or a lone CR, and input streams in chunks: a file of any size is
never loaded whole (``links`` excepted: an HTML document is parsed as a whole).

The command line is built in layers: :mod:`urikit._cli_args` reads the arguments,
:mod:`urikit._cli_input` opens the input and loops over it, :mod:`urikit._cli_output`
writes results and reports and keeps the exit status; each command here is a few lines
between them and the public library.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from functools import partial

from . import (  # the public surface only: the command line is a client of the library
    ResolutionError,
    URIMatch,
    URIReference,
    URISyntaxError,
    complete,
    differences,
    extract,
    html,
    iri_to_uri,
    normalize,
    parse,
    relativize,
    resolve,
    uri_to_iri,
)
from ._cli_args import check_arguments, parse_args
from ._cli_input import Block, inputs, open_input, read_document, read_text, stdin_unless
from ._cli_output import EXIT_INVALID, EXIT_USAGE, Reporter, Stop, UsageError, error_fields
from .errors import IDNAError

__all__ = ["main"]


# -- parse ---------------------------------------------------------------------------
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
    """The fields of ``parse --json``: the URI, its components, what the host is."""
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


def _components_text(text: str, ref: URIReference, described: dict[str, object]) -> str:
    """The text of ``parse``: the input, then one indented line per field."""
    lines = [text]
    for name, value in described.items():
        if name == "port_number" and value is None and ref.port:
            lines.append(f"  {name:<11} (too large)")
        elif name != "uri":
            lines.append(f"  {name:<11} {_show(value)}")
    return "\n".join(lines)


def cmd_parse(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit parse URI...``: the components of each reference."""
    for number, text in inputs(report, args.uris):
        try:
            ref = parse(text, grammar=args.grammar, rule=args.rule)
        except URISyntaxError as error:
            fields = {"uri": text, "error": error_fields(error)}
            report.syntax_error(number, error, caret=True, fields=fields)
            continue
        described = _describe(ref)
        report.result(_components_text(text, ref, described), described)


# -- check ---------------------------------------------------------------------------
def cmd_check(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit check [FILE|-]``: report every invalid line, then a summary."""
    valid = empty = 0
    for number, text in inputs(report, file=args.file):
        if not text:
            empty += 1
            continue
        try:
            parse(text, grammar=args.grammar, rule=args.rule)
            valid += 1
        except URISyntaxError as error:
            report.syntax_error(number, error)
    skipped = f", {empty} empty lines skipped" if empty else ""
    report.result(f"{valid} valid, {report.invalid_count} invalid{skipped}")


# -- resolve, relativize -------------------------------------------------------------
def cmd_resolve(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit resolve BASE [REF...|-]``: one target URI per reference."""
    try:
        base = parse(args.base, grammar=args.grammar)
        resolve(base, "")  # a ResolutionError for a base without a scheme (RFC 3986 §5.2.1)
    except URISyntaxError as error:
        raise Stop(f"base:{error.position + 1}: {error.reason}") from None
    except ResolutionError as error:
        raise Stop(str(error)) from None
    for number, text in inputs(report, stdin_unless(args.refs)):
        try:
            target = resolve(base, text, strict=not args.non_strict, above_root=args.above_root)
        except URISyntaxError as error:
            report.syntax_error(number, error)
        except ResolutionError as error:
            report.invalid(number, None, str(error))
        else:
            report.result(target)


def cmd_relativize(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit relativize BASE TARGET...``: the shortest reference to each target."""
    for number, text in inputs(report, args.targets):
        try:
            report.result(relativize(args.base, text, grammar=args.grammar))
        except URISyntaxError as error:
            where = "base" if error.text == args.base and text != args.base else number
            report.syntax_error(where, error)
        except ResolutionError as error:  # the base has no scheme: no target will do
            raise Stop(str(error)) from None


# -- normalize, equivalent -----------------------------------------------------------
def cmd_normalize(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit normalize [URI...|-]``: one normal form per reference."""
    for number, text in inputs(report, stdin_unless(args.uris)):
        try:
            report.result(normalize(text, level=args.level, grammar=args.grammar))
        except URISyntaxError as error:
            report.syntax_error(number, error)


def cmd_equivalent(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit equivalent A B``: exit 0 when equivalent, 1 when not (saying where), 2 when
    either is invalid."""
    try:
        found = differences(args.a, args.b, level=args.level, grammar=args.grammar, base=args.base)
    except URISyntaxError as error:
        which = "A" if error.text == args.a else "B" if error.text == args.b else "base"
        report.syntax_error(which, error)
        report.account(EXIT_USAGE)
        return
    except ResolutionError as error:
        raise UsageError(str(error)) from None
    if not found:
        a = args.a if args.base is None else resolve(args.base, args.a, grammar=args.grammar)
        report.result(f"equivalent: {normalize(a, level=args.level, grammar=args.grammar)}")
        return
    name, first, second = found[0]
    report.result(f"not equivalent: the {name} differs: {_show(first)} vs {_show(second)}")
    report.account(EXIT_INVALID)


# -- extract, complete ---------------------------------------------------------------
def cmd_extract(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit extract [FILE|-]``: the URIs in a text, one per line."""
    schemes = None if args.schemes is None else [s for s in args.schemes.split(",") if s]
    with open_input(args.file) as chunks:
        for block in read_text(chunks):
            found = extract(
                block.text, schemes=schemes, abbreviated=args.abbreviated, grammar=args.grammar
            )
            for match in found:
                shown = match.iri if args.iri else match.uri
                report.result(shown, partial(_match_fields, block, match))


def _match_fields(block: Block, match: URIMatch) -> dict[str, object]:
    """The fields of ``extract --json``: offsets in the input, line and column (from 1)."""
    line, column = block.position(match.start)
    return {
        "uri": match.uri,
        "iri": match.iri,
        "start": block.offset + match.start,
        "end": block.offset + match.end,
        "line": line,
        "column": column,
        "delimiter": match.delimiter,
        "alternatives": list(match.alternatives),
    }


def cmd_complete(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit complete TEXT...``: the URI each abbreviated URL stands for."""
    for number, text in inputs(report, args.texts):
        try:
            report.result(complete(text, default_scheme=args.default_scheme))
        except URISyntaxError as error:
            report.syntax_error(number, error)


# -- links ---------------------------------------------------------------------------
def cmd_links(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit links [--base URL] [FILE|-]``: the resolved links of an HTML document."""
    document = read_document(args.file, args.encoding)
    try:
        found = html.links(
            document,
            retrieval_uri=args.base,
            grammar=args.grammar,
            encoding=args.encoding,
            mode=args.mode,
        )
    except (URISyntaxError, ResolutionError) as error:
        raise UsageError(f"--base: {error}") from None
    except ValueError as error:  # an encoding that no HTML document is in
        raise UsageError(f"--encoding: {error}") from None
    for link in found:
        fields = partial(_link_fields, link)
        if link.uri is not None:
            report.result(link.uri, fields)
            continue
        failure = link.error
        if isinstance(failure, URISyntaxError):
            why = failure.reason
        elif isinstance(failure, IDNAError):
            why = f"the host {failure.text!r}: {failure.reason}"
        else:
            why = str(failure)
        reason = f"<{link.element} {link.attribute}>: {why}"
        report.invalid(link.line, link.column, reason, fields=fields)


def _link_fields(link: html.Link) -> dict[str, object]:
    """The fields of ``links --json``; ``error`` is the first line of the error's text."""
    return {
        "uri": link.uri,
        "reference": link.reference,
        "element": link.element,
        "attribute": link.attribute,
        "line": link.line,
        "column": link.column,
        "error": None if link.error is None else str(link.error).split("\n")[0],
    }


# -- iri-to-uri, uri-to-iri ---------------------------------------------------------
def _host_column(text: str, error: IDNAError) -> int:
    """The column (from 1) in ``text`` of what an :class:`IDNAError` about its host
    points at: there when the host is written as the error's text, else its first
    character (its escapes were decoded before the conversion)."""
    ref = parse(text, grammar="rfc3987")
    start = 2 + (0 if ref.scheme is None else len(ref.scheme) + 1)
    start += 0 if ref.userinfo is None else len(ref.userinfo) + 1
    return start + 1 + (error.position if ref.host == error.text else 0)


def _convert(
    args: argparse.Namespace, report: Reporter, convert: Callable[[str], str], probe: str
) -> None:
    """The loop of ``iri-to-uri`` and ``uri-to-iri``: one result per reference.  With
    ``--host idna``, ``probe`` (a host the mode converts) is converted first, so that a
    missing extra is a usage error at once, whatever the input holds."""
    if args.host == "idna":
        try:
            convert(probe)
        except ModuleNotFoundError as error:
            raise UsageError(f"--host idna: {error}") from None
    for number, text in inputs(report, stdin_unless(args.uris)):
        try:
            report.result(convert(text))
        except URISyntaxError as error:
            report.syntax_error(number, error)
        except IDNAError as error:
            reason = f"the host {error.text!r}: {error.reason}"
            report.invalid(number, _host_column(text, error), reason)


def cmd_iri_to_uri(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit iri-to-uri [IRI...|-]``: the URI of each IRI reference (RFC 3987 §3.1)."""
    convert = partial(iri_to_uri, host=args.host, mode=args.mode)
    _convert(args, report, convert, "//b\u00fccher.example")


def cmd_uri_to_iri(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit uri-to-iri [URI...|-]``: the IRI of each URI reference (RFC 3987 §3.2)."""
    convert = partial(uri_to_iri, host=args.host, mode=args.mode)
    _convert(args, report, convert, "//xn--bcher-kva.example")


# -- the entry point -----------------------------------------------------------------
COMMANDS: dict[str, Callable[[argparse.Namespace, Reporter], None]] = {
    "parse": cmd_parse,
    "check": cmd_check,
    "resolve": cmd_resolve,
    "relativize": cmd_relativize,
    "normalize": cmd_normalize,
    "equivalent": cmd_equivalent,
    "extract": cmd_extract,
    "complete": cmd_complete,
    "links": cmd_links,
    "iri-to-uri": cmd_iri_to_uri,
    "uri-to-iri": cmd_uri_to_iri,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``urikit`` command line; returns the exit status (see the module docstring)."""
    report = Reporter()
    with report.guard():
        args = parse_args(argv, report)
        if args is not None:
            report.begin(
                args.command,
                json=getattr(args, "json", False),
                reports_are_output=args.command == "check",
            )
            check_arguments(args)
            COMMANDS[args.command](args, report)
    return report.status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
