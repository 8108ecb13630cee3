"""The command line of ``urikit``: its subcommands, flags and help texts (argparse), and
the checks of arguments that argparse cannot make.  The commands are :mod:`urikit._cli`.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import Sequence

from . import GRAMMARS, __version__  # the public surface only: the CLI is a client of it
from ._cli_output import Reporter, UsageError, warn

__all__ = ["IDNA_MODES", "build_parser", "check_arguments", "parse_args"]


#: The IDNA modes of urikit.host_to_ascii (see urikit._idna).
IDNA_MODES = ["uts46", "idna2008", "browser"]


def _add_grammar(parser: argparse.ArgumentParser, *, rule: bool = True, note: str = "") -> None:
    parser.add_argument(
        "--grammar",
        "-g",
        choices=list(GRAMMARS),
        default="rfc3986",
        help="the grammar: rfc3986 (default), rfc2396 (RFC 2396 with RFC 2732 IPv6 literals) "
        "or rfc3987 (IRIs: RFC 3986 with Unicode characters)" + note,
    )
    if rule:
        parser.add_argument(
            "--rule",
            "-r",
            default="URI-reference",
            help="the rule to match: URI-reference (default); rfc3986: URI, absolute-URI, "
            "relative-ref; rfc2396: absoluteURI, relativeURI; rfc3987: IRI-reference, IRI, "
            "absolute-IRI, irelative-ref (or the rfc3986 names)",
        )


def _add_mode(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--mode",
        "-m",
        choices=IDNA_MODES,
        default="uts46",
        help=f"the IDNA mode {what}: uts46 (default; needs urikit[idna]), idna2008 (urikit[idna]) "
        "or browser (the URL Standard's; urikit[browser])",
    )


def build_parser() -> argparse.ArgumentParser:
    """The ``urikit`` argument parser, with one subparser per subcommand."""
    parser = argparse.ArgumentParser(
        prog="urikit",
        description="Parse, validate, resolve and normalize URI references "
        "(RFC 3986, or RFC 2396 with RFC 2732) and IRIs (RFC 3987).",
        epilog="Exit status: 0 all input valid, 1 some input invalid, 2 usage error (a FILE "
        "that cannot be opened, --host idna without its extra too), 74 reading the input or "
        "writing the output failed, 130 interrupted, 141 the reader of the output went away.  "
        "Lines end at LF, CR LF or CR.",
    )
    parser.add_argument("--version", action="version", version=f"urikit {__version__}")
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

    sub = commands.add_parser(
        "relativize",
        help="the shortest reference from a base URI to each target",
        description="Print, for each TARGET, the shortest reference that resolves "
        "(RFC 3986 §5.2, or RFC 2396 §5.2 with --grammar rfc2396) against BASE to it.",
    )
    _add_grammar(sub, rule=False)
    sub.add_argument("base", metavar="BASE", help="the base URI (it must have a scheme)")
    sub.add_argument("targets", nargs="+", metavar="TARGET", help="a target URI")

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
        "--base",
        "-b",
        default=None,
        help="resolve A and B against this base URI first (RFC 3986 §6.1)",
    )
    sub.add_argument("a", metavar="A", help="a URI reference")
    sub.add_argument("b", metavar="B", help="another URI reference")

    sub = commands.add_parser(
        "extract",
        help="find the URIs in a text",
        description="Print the URIs found in a text (RFC 2396 Appendix E, RFC 3986 Appendix "
        "C), one per line: <> and quotes delimit them, whitespace inside <> is removed, a "
        "URL: prefix is dropped, trailing punctuation is the sentence's.  IRIs (RFC 3987) "
        "are found whole and printed as URIs (RFC 3987 §3.1), or as written with --iri; "
        "Unicode spaces, brackets, quotation marks and CJK punctuation end them.  Bytes "
        "that are not UTF-8 are skipped.",
    )
    _add_grammar(sub, rule=False, note="; rfc3987 finds what rfc3986 finds")
    sub.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per URI: uri, iri (as written), start and end (character "
        "offsets in the input), line, column, delimiter, alternatives",
    )
    sub.add_argument(
        "--iri",
        action="store_true",
        help="print each reference as written (an IRI may hold Unicode characters) instead "
        "of its URI form",
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

    sub = commands.add_parser(
        "links",
        help="list the links of an HTML document, resolved",
        description="Print every URI reference of an HTML document (href, src, srcset, "
        "action, ...), resolved against the document's base URI (RFC 3986 §5.1: its "
        "<base href>, else --base), one per line.  A reference with Unicode characters "
        "becomes a URI as a browser makes it: its query in the document's --encoding (for "
        "http, https, ftp, file), the rest in UTF-8, its host name by IDNA (--mode).  "
        "References that cannot be resolved, or whose host IDNA refuses, are reported on "
        "stderr as LINE:COLUMN: <element attribute>: reason (exit 1).",
    )
    _add_grammar(sub, rule=False, note="; rfc3987 reads as rfc3986 does")
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
    sub.add_argument(
        "--encoding",
        "-e",
        default="utf-8",
        help="the document's encoding (utf-8), which also encodes the queries of its links",
    )
    _add_mode(sub, "for host names with Unicode characters")
    sub.add_argument("file", nargs="?", metavar="FILE", help="the HTML file; '-' or none: stdin")

    sub = commands.add_parser(
        "iri-to-uri",
        help="convert IRIs to URIs (RFC 3987 §3.1)",
        description="Print the URI each IRI reference maps to (RFC 3987 §3.1): every "
        "Unicode character as its percent-encoded UTF-8 octets; with --host idna, a host "
        "name as IDNA A-labels instead.  With no IRI, or '-', references are read from "
        "stdin, one per line; invalid ones, and host names IDNA refuses, are reported on "
        "stderr as N:COLUMN: reason (exit 1).  --host idna without the extra it needs is "
        "a usage error (exit 2).",
    )
    sub.add_argument(
        "--host",
        choices=["percent", "idna"],
        default="percent",
        help="a host name with Unicode characters: percent-encoded (default) or IDNA "
        "A-labels (xn--)",
    )
    _add_mode(sub, "of --host idna")
    sub.add_argument("uris", nargs="*", metavar="IRI", help="an IRI reference; '-' or none: stdin")

    sub = commands.add_parser(
        "uri-to-iri",
        help="convert URIs to IRIs (RFC 3987 §3.2)",
        description="Print the IRI each URI reference converts to (RFC 3987 §3.2): "
        "percent-encoded UTF-8 decoded where an IRI may hold the character (never a "
        "reserved character, %%25, a bidirectional formatting character or a space); with "
        "--host idna, the A-labels of a host name decoded to Unicode.  With no URI, or "
        "'-', references are read from stdin, one per line; invalid ones are reported on "
        "stderr as N:COLUMN: reason (exit 1).  --host idna without the extra it needs is "
        "a usage error (exit 2).",
    )
    sub.add_argument(
        "--host",
        choices=["keep", "idna"],
        default="keep",
        help="a host name's xn-- labels: kept (default) or decoded to Unicode",
    )
    _add_mode(sub, "of --host idna")
    sub.add_argument("uris", nargs="*", metavar="URI", help="a URI reference; '-' or none: stdin")
    return parser


def parse_args(argv: Sequence[str] | None, report: Reporter) -> argparse.Namespace | None:
    """The parsed ``argv``, or ``None`` when argparse ends the run (after --help, with
    status 0; after a usage error, 2).  argparse prints these itself, and would drop a
    write that fails (3.11) or print errors to stdout when stderr is closed: so it prints
    to buffers, and they are written on here, where a failure reaches the reporter."""
    printed, errors = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(errors):
            return build_parser().parse_args(argv)
    except SystemExit as exit_:
        if errors.getvalue():
            warn(errors.getvalue().rstrip("\n"))
        if printed.getvalue():
            report.out.write(printed.getvalue())
        report.account(int(exit_.code or 0))
        return None


def check_arguments(args: argparse.Namespace) -> None:
    """What argparse cannot check: ``--rule`` names a rule of the ``--grammar``."""
    if getattr(args, "rule", None) is not None:
        try:
            GRAMMARS[args.grammar].rule(args.rule)
        except ValueError as error:
            raise UsageError(str(error)) from None
