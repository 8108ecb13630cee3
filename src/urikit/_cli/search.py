"""The commands that search documents: ``extract`` (the URIs of texts) and ``links`` (the
links of HTML documents).  They read FILEs as grep does: a binary file (a NUL in its
first block read: :func:`urikit._cli.text.is_binary`) is skipped and said so, unless
``--text``; with several FILEs each result is ``FILE:LINE:result`` (``--with-filename``,
``-H``, with one; ``--no-filename`` never).
"""

from __future__ import annotations

import argparse
import itertools
import os
from pathlib import Path

from .. import (  # the public surface only: the command line is a client of the library
    ResolutionError,
    URIMatch,
    URISyntaxError,
    extract,
    html,
)
from .input import open_input, shown_name
from .output import Reporter, UsageError, problem
from .text import Block, is_binary, read_document, read_text

__all__ = ["cmd_extract", "cmd_links"]


def _name_results(args: argparse.Namespace, report: Reporter) -> list[str]:
    """The FILEs to read (``-``: stdin, the only one when none is given); each result
    is named ``FILE:LINE:`` when there are several, as grep names them."""
    files: list[str] = args.files or ["-"]
    report.with_names = (len(files) > 1 or args.with_filename) and not args.no_filename
    return files


# -- extract ---------------------------------------------------------------------------
def cmd_extract(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit extract [FILE...|-]``: the URIs in a text, one per line."""
    options = {"schemes": args.schemes, "abbreviated": args.abbreviated, "grammar": args.grammar}
    for name in _name_results(args, report):
        with open_input(name, report) as chunks:
            report.file = shown_name(name)
            first = next(chunks, b"")
            if not args.text and is_binary(first):
                report.skipped(report.file, "binary file")
                continue
            line = 0
            for block in read_text(itertools.chain((first,), chunks), each_line=args.line_buffered):
                for match in extract(block.text, **options):
                    if report.json:
                        line, column = block.position(match.start)
                        fields = _match_fields(block, match, column)
                        report.record(line, block.text[match.start : match.end], fields)
                    elif report.with_names:
                        line, _ = block.position(match.start)
                        report.result(line, "", match.iri if args.iri else match.uri)
                    else:
                        report.write(match.iri if args.iri else match.uri)
                line = block.end_line()
                report.flush()
                report.progress.lines(line)
            report.progress.done += line


def _match_fields(block: Block, match: URIMatch, column: int) -> dict[str, object]:
    """The fields of ``extract --json``: offsets in the input, column (from 1)."""
    return {
        "column": column,
        "uri": match.uri,
        "iri": match.iri,
        "start": block.offset + match.start,
        "end": block.offset + match.end,
        "delimiter": match.delimiter,
        "ended_by": match.ended_by,
        "alternatives": list(match.alternatives),
    }


# -- links -----------------------------------------------------------------------------
def cmd_links(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit links [--base URL] [FILE...|-]``: the resolved links of HTML documents.

    Without ``--base``, a file's links resolve against the file's own ``file:`` URI, as
    a browser that opened it would (RFC 3986 §5.1.3: the URI used to retrieve it); on
    stdin there is none, and a relative reference is reported as one, not as an error.
    """
    for name in _name_results(args, report):
        document = read_document(name, args.encoding, report)
        report.file = shown_name(name)
        if not args.text and is_binary(document):
            report.skipped(report.file, "binary file")
            continue
        base = args.base
        if base is None and name != "-":
            base = Path(os.path.abspath(name)).as_uri()
        try:
            found = html.links(
                document,
                retrieval_uri=base,
                grammar=args.grammar,
                encoding=args.encoding,
                mode=args.mode,
                lenient=args.lenient,
            )
        except (URISyntaxError, ResolutionError) as error:
            raise UsageError(f"--base: {error}".split("\n")[0]) from None
        except ValueError as error:  # an encoding that no HTML document is in
            raise UsageError(f"--encoding: {error}") from None
        for link in found:
            _link(report, link)
        report.progress.lines(document.count("\n"))


def _link(report: Reporter, link: html.Link) -> None:
    """One link of ``links``: its target URI, or the report of why it has none."""
    fields = {
        "column": link.column,
        "uri": link.uri,
        "reference": link.reference,
        "element": link.element,
        "attribute": link.attribute,
        "repaired": list(link.repaired),
        "relative": False,
    }
    if link.uri is not None:
        if link.repaired and not report.json:
            what = f"<{link.element} {link.attribute}> repaired ({', '.join(link.repaired)})"
            report.note(link.line, link.column, what)
        report.result(link.line, link.reference, link.uri, fields)
        return
    failure = link.error
    if isinstance(failure, ResolutionError):  # relative, and no base: said, not failed
        if report.json:
            report.result(link.line, link.reference, link.reference, fields | {"relative": True})
        else:
            what = f"<{link.element} {link.attribute}> {link.reference!r} is relative (no --base)"
            report.note(link.line, link.column, what)
        return
    assert failure is not None
    found = problem(failure, link.reference)
    if not isinstance(failure, URISyntaxError) or failure.text != link.reference:
        found = found._replace(position=0)  # about a conversion or resolution of the reference
    before = link.reference[: found.position]
    one_line = "\n" not in before and "\r" not in before
    column = link.column + found.position if one_line else link.column
    if not report.json:
        found = found._replace(reason=f"<{link.element} {link.attribute}>: {found.reason}")
    report.failed(link.line, link.reference, found, column=column, fields=fields)
