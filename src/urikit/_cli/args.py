"""The command line of ``urikit``: its subcommands, flags and help texts (argparse), and
the checks of arguments that argparse cannot make.  The commands are :mod:`urikit._cli.main`.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Sequence
from typing import Any

from .. import (  # the public surface only: the CLI is a client of it
    ENGINE,
    GRAMMARS,
    LINT_RULES,
    URISyntaxError,
    __version__,
    validate,
)
from .output import EXIT_USAGE, ON_ERROR, Reporter, UsageError, warn

__all__ = ["EPILOG", "IDNA_MODES", "build_parser", "check_arguments", "parse_args"]


#: The IDNA modes of urikit.host_to_ascii (see urikit._algorithms.idna).
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
        help=f"the IDNA mode {what}: uts46 (default), browser (the URL Standard's), both "
        "urikit's own UTS #46, or idna2008 (needs urikit[idna])",
    )


def _add_pipeline(
    parser: argparse.ArgumentParser,
    *,
    json: str | None = None,
    on_error: bool = False,
    show_source: bool = True,
) -> None:
    """The options every streaming command shares: ``--json`` (its record's fields are
    ``json``), ``--on-error``, ``--show-source``, ``--progress`` and ``--quiet``."""
    if json is not None:
        parser.add_argument(
            "--json",
            action="store_true",
            help="JSON Lines: one object per input line (per match), with file, line, input, "
            f"{json} and error (null, or position, line, column, kind, reason)",
        )
    if on_error:
        parser.add_argument(
            "--on-error",
            choices=list(ON_ERROR),
            default="empty",
            help="what stands on stdout for an input that fails (reported on stderr): an "
            "empty line (empty, the default: the output lines up with the input, for "
            "paste), the input itself (input) or nothing (skip)",
        )
    if show_source:
        parser.add_argument(
            "--show-source",
            action="store_true",
            help="print the offending line under each FILE:LINE:COLUMN: report, with a caret "
            "under the column",
        )
    parser.add_argument(
        "--progress",
        action="store_true",
        help="show progress on stderr (lines, rate, percent of a file); by default shown "
        "only when stderr is a terminal and stdout is not",
    )
    parser.add_argument(
        "--quiet", "-q", action="store_true", help="no progress on stderr, even on a terminal"
    )


def _add_input(parser: argparse.ArgumentParser, dest: str, metavar: str, what: str) -> None:
    """The references of a command that takes them as arguments, or from files."""
    parser.add_argument(dest, nargs="*", metavar=metavar, help=f"{what}; none, or '-': stdin")
    parser.add_argument(
        "--input",
        "-i",
        action="append",
        metavar="FILE",
        help="read one reference per line from FILE ('-': stdin) instead of arguments; "
        "may be given many times",
    )


def _add_files(parser: argparse.ArgumentParser, what: str = "a file to read") -> None:
    parser.add_argument(
        "files", nargs="*", metavar="FILE", help=f"{what}; '-' or none: stdin; many may be given"
    )


def _add_search(parser: argparse.ArgumentParser, what: str) -> None:
    """The options of the commands that search documents, named as grep's."""
    parser.add_argument(
        "--text",
        action="store_true",
        help=f"read a binary file (a NUL in its first 64 KiB) as {what}; by default it is "
        "skipped, and said so on stderr",
    )
    parser.add_argument(
        "--with-filename",
        "-H",
        action="store_true",
        help="print each result as FILE:LINE:result, as with several FILEs",
    )
    parser.add_argument(
        "--no-filename",
        action="store_true",
        help="print each result alone, even with several FILEs",
    )


def _scheme(name: str) -> str:
    """A scheme name given on the command line, or the argparse error that says why it is
    none (RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ))."""
    try:
        validate(name, rule="scheme")
    except URISyntaxError as error:
        reason = error.reason
        if "§3.1" not in reason:
            reason += ' (RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ))'
        shown = f"{name!r} is not a scheme" if name else "an empty scheme name"
        at = f"column {error.position + 1}: " if name else ""
        raise argparse.ArgumentTypeError(f"{shown}: {at}{reason}") from None
    return name


def _schemes(value: str) -> str | list[str]:
    """The value of ``extract --schemes``: ``any``, or comma-separated schemes (spaces
    around each allowed), each one a scheme."""
    if value == "any":
        return value
    names = value.split(",")
    try:
        return [_scheme(name.strip()) for name in names]
    except argparse.ArgumentTypeError as error:
        if len(names) == 1:
            raise
        raise argparse.ArgumentTypeError(f"{value!r}: {error}") from None


class _Subparser(argparse.ArgumentParser):
    """A subcommand's parser, which takes its options after its positional arguments as
    well (``urikit resolve BASE --json -``): argparse alone gives a ``*`` positional that
    follows another one nothing, once an option comes between them."""

    _intermixing = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self._intermixing:  # parse_known_intermixed_args calls this method twice
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


#: The top-level help's epilog: the contract every command keeps.
EPILOG = """\
Exit status, the same for every command: 0 every input valid (every result produced);
1 some input invalid (or, for equivalent, some pair not equivalent); 2 usage error (an
unknown flag or command, an invalid BASE, --base or option value, --host idna without
its extra; urikit alone prints this help and exits 2); 70 an internal error (a bug, said
in one line); 74 an input could not be read (each said, as grep does, and skipped: 74
then wins over 1 and 3) or the output could not be written; 130 interrupted (Ctrl-C);
141 the reader of the output went away (| head), silently.  lint exits by the worst
severity found: 0 none above info, 1 some error (an invalid reference is one), 3
warnings only.  redirect exits 1 when some redirect is refused.

Input: arguments, or lines of FILEs or stdin ('-', or none): LF, CR LF or CR end a
line, a UTF-8 byte order mark at the start of each file is skipped, a line that is not
UTF-8 is reported invalid.  Reports read FILE:LINE:COLUMN: reason (FILE is <stdin> for
standard input and <arg> for arguments, LINE then the argument's number; COLUMN counts
characters from 1).  --json writes JSON Lines, one object per input line (per match for
extract and links) with file, line, input, the result and error.
"""


#: What each subcommand function adds its parser to: argparse's subparsers action (whose
#: class argparse keeps private).
Commands = Any
#: The --level option of normalize and equivalent.
LEVEL = {
    "choices": ["string", "syntax", "scheme"],
    "default": "scheme",
    "help": "the rung of the comparison ladder (RFC 3986 §6.2): string (§6.2.1), syntax "
    "(§6.2.2) or scheme (§6.2.3, the default)",
}


def _parse_command(commands: Commands) -> None:
    """The ``parse`` subcommand."""
    sub = commands.add_parser(
        "parse",
        help="print the components of each URI reference",
        description="Print the components of each URI reference (absent ones as "
        "'(absent)', or null with --json), with the input and a caret under the column "
        "of an invalid one on stderr.  A port of more than 4,300 significant digits has "
        "port_number '(too large)', or null with --json; port holds its digits.",
    )
    _add_grammar(sub)
    _add_pipeline(sub, json="uri, its components, host_type, port_number", show_source=False)
    sub.set_defaults(show_source=True)  # parse is for reading: the caret always
    _add_input(sub, "uris", "URI", "a URI reference")


def _check_command(commands: Commands) -> None:
    """The ``check`` subcommand."""
    sub = commands.add_parser(
        "check",
        help="validate files of URI references, one per line",
        description="Validate one URI reference per line; print FILE:LINE:COLUMN: reason "
        "for each invalid line, then a summary (on stderr with --json).  Empty lines are "
        "skipped (valid null with --json).",
    )
    _add_grammar(sub)
    _add_pipeline(sub, json="valid (true, false, or null for an empty line)")
    _add_files(sub)


def _resolve_command(commands: Commands) -> None:
    """The ``resolve`` subcommand."""
    sub = commands.add_parser(
        "resolve",
        help="resolve references against a base URI",
        description="Resolve each reference against BASE (RFC 3986 §5.2, or RFC 2396 §5.2 "
        "with --grammar rfc2396) and print one target URI per input line.",
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
    _add_pipeline(sub, json="result (the target URI, or null)", on_error=True)
    sub.add_argument("base", metavar="BASE", help="the base URI (it must have a scheme)")
    _add_input(sub, "refs", "REF", "a reference")


def _relativize_command(commands: Commands) -> None:
    """The ``relativize`` subcommand."""
    sub = commands.add_parser(
        "relativize",
        help="the shortest reference from a base URI to each target",
        description="Print, for each TARGET, the shortest reference that resolves "
        "(RFC 3986 §5.2, or RFC 2396 §5.2 with --grammar rfc2396) against BASE to it.",
    )
    _add_grammar(sub, rule=False)
    _add_pipeline(sub, json="result (the reference, or null)", on_error=True)
    sub.add_argument("base", metavar="BASE", help="the base URI (it must have a scheme)")
    _add_input(sub, "targets", "TARGET", "a target URI")


def _normalize_command(commands: Commands) -> None:
    """The ``normalize`` subcommand."""
    sub = commands.add_parser(
        "normalize",
        help="print the normal form of each reference",
        description="Print the normal form of each reference (RFC 3986 §6.2, or RFC 2396 "
        "§6 with --grammar rfc2396), one per input line.",
    )
    _add_grammar(sub, rule=False)
    sub.add_argument("--level", "-l", **LEVEL)
    _add_pipeline(sub, json="result (the normal form, or null)", on_error=True)
    _add_input(sub, "uris", "URI", "a reference")


def _canonicalize_command(commands: Commands) -> None:
    """The ``canonicalize`` subcommand (docs/crawl.md)."""
    sub = commands.add_parser(
        "canonicalize",
        help="print the canonical form of each URL under a profile",
        description="Print the canonical form of each URL under --profile (docs/crawl.md: "
        "google, Safe Browsing v4; semantic and aggressive, urlcanon's; ia, the Internet "
        "Archive's; whatwg, the URL Standard; rfc3986, normalize), one per input line.",
    )
    sub.add_argument(
        "--profile",
        "-p",
        choices=["google", "semantic", "aggressive", "ia", "whatwg", "rfc3986"],
        default="google",
        help="the canonicalization (default: google)",
    )
    _add_pipeline(sub, json="result (the canonical form, or null)", on_error=True)
    _add_input(sub, "uris", "URL", "a URL")


def _surt_command(commands: Commands) -> None:
    """The ``surt`` subcommand (docs/crawl.md)."""
    sub = commands.add_parser(
        "surt",
        help="print the SURT key of each URL",
        description="Print the SURT key of each URL (docs/crawl.md): the Internet "
        "Archive's (--form ia, the default) or the IIPC's SSURT (--form ssurt), one per "
        "input line.",
    )
    sub.add_argument(
        "--form", "-f", choices=["ia", "ssurt"], default="ia", help="the key (default: ia)"
    )
    _add_pipeline(sub, json="result (the key, or null)", on_error=True)
    _add_input(sub, "uris", "URL", "a URL")


def _equivalent_command(commands: Commands) -> None:
    """The ``equivalent`` subcommand."""
    sub = commands.add_parser(
        "equivalent",
        help="whether pairs of references are equivalent",
        description="For A and B, or for each input line A<TAB>B (as paste writes them), "
        "print 'equivalent: ' and the common normal form, or 'not equivalent: ' and the "
        "first component that differs after normalization.  Exit 0 when every pair is "
        "equivalent, 1 when some pair is not, or is invalid.",
    )
    _add_grammar(sub, rule=False)
    sub.add_argument("--level", "-l", **LEVEL)
    sub.add_argument(
        "--base",
        "-b",
        default=None,
        help="resolve A and B against this base URI first (RFC 3986 §6.1)",
    )
    _add_pipeline(
        sub,
        json="a, b, equivalent (true, false, null), normal, differs (component, a, b)",
        on_error=True,
    )
    sub.add_argument("a", nargs="?", metavar="A", help="a URI reference; none, or '-': stdin")
    sub.add_argument("b", nargs="?", metavar="B", help="another URI reference")
    sub.add_argument(
        "--input",
        "-i",
        action="append",
        metavar="FILE",
        help="read pairs A<TAB>B from FILE ('-': stdin); may be given many times",
    )


def _extract_command(commands: Commands) -> None:
    """The ``extract`` subcommand."""
    sub = commands.add_parser(
        "extract",
        help="find the URIs in texts",
        description="Print the URIs found in a text (RFC 2396 Appendix E, RFC 3986 Appendix "
        "C) as a careful reader takes them, one per line: <> and quotes delimit them, "
        "whitespace inside <> is removed, a URL: prefix is dropped, brackets balance, "
        "trailing punctuation and emphasis markers are the sentence's, roff, Markdown and "
        "HTML escapes are read, and what a reader takes whole though RFC 3986 forbids it "
        "([02] in a query, {x} in a path) is printed percent-encoded.  IRIs (RFC 3987) "
        "are found whole and printed as URIs (RFC 3987 §3.1), or as read with --iri; "
        "Unicode spaces, brackets, quotation marks and CJK punctuation end them.  Bytes "
        "that are not UTF-8 are skipped.",
    )
    _add_grammar(sub, rule=False, note="; rfc3987 finds what rfc3986 finds")
    _add_pipeline(
        sub,
        json="(input: the URI as written) column, uri, iri, start and end (character "
        "offsets in the file), delimiter, ended_by, alternatives",
        show_source=False,
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
        type=_schemes,
        help="'any' for every scheme that parses (RFC 3986 literally), or comma-separated "
        "schemes to look for, in any form (default: the schemes of the IANA registry, such "
        "as mailto, urn and file, in their forms, and others only as scheme://authority)",
    )
    sub.add_argument(
        "--abbreviated",
        "-a",
        action="store_true",
        help="also find abbreviated URLs (www.example.com/path) and complete them",
    )
    sub.add_argument(
        "--line-buffered",
        action="store_true",
        help="search each line, and write its URIs, on its own, even when a read brings "
        "many (by default: each read's lines at once, so a line that comes alone is "
        "answered at once all the same)",
    )
    _add_search(sub, "text")
    _add_files(sub)


def _complete_command(commands: Commands) -> None:
    """The ``complete`` subcommand."""
    sub = commands.add_parser(
        "complete",
        help="complete abbreviated URLs (www.example.com/path)",
        description="Print the absolute URI each abbreviated URL stands for (RFC 2396 "
        "Appendix F heuristics: see urikit.complete), one per input line.",
    )
    sub.add_argument(
        "--default-scheme",
        "-d",
        default="http",
        help="the scheme for hosts without one (default: http; ftp. hosts get ftp)",
    )
    _add_pipeline(sub, json="result (the URI, or null)", on_error=True)
    _add_input(sub, "texts", "TEXT", "an abbreviated URL")


def _links_command(commands: Commands) -> None:
    """The ``links`` subcommand."""
    sub = commands.add_parser(
        "links",
        help="list the links of HTML documents, resolved",
        description="Print every URI reference of an HTML document (href, src, srcset, "
        "action, ...), resolved against the document's base URI (RFC 3986 §5.1: its "
        "<base href>, else --base, else the file's own file: URI, as a browser that opened "
        "it), one per line.  On stdin without a base, a relative reference is reported as a "
        "note on stderr (relative: true with --json), not as an error.  A reference with "
        "Unicode characters "
        "becomes a URI as a browser makes it: its query in the document's --encoding (for "
        "http, https, ftp, file), the rest in UTF-8, its host name by IDNA (--mode).  "
        "References that cannot be resolved, or whose host IDNA refuses, are reported on "
        "stderr as FILE:LINE:COLUMN: <element attribute>: reason (exit 1) and left out.",
    )
    _add_grammar(sub, rule=False, note="; rfc3987 reads as rfc3986 does")
    sub.add_argument(
        "--base",
        "-b",
        default=None,
        help="the URI the documents were retrieved from (an embedded <base href> wins; "
        "default: each file's file: URI, none for stdin)",
    )
    _add_pipeline(
        sub,
        json="(input: the reference) column, uri (null for a relative reference without a "
        "base), reference, element, attribute, repaired, relative",
        show_source=False,
    )
    sub.add_argument(
        "--encoding",
        "-e",
        default="utf-8",
        help="the documents' encoding (utf-8), which also encodes the queries of their links",
    )
    sub.add_argument(
        "--lenient",
        action="store_true",
        help="read references as browsers do: remove tabs and newlines inside them, "
        "percent-encode what the grammar does not allow (a space, |, {), and print a note "
        "(FILE:LINE:COLUMN: note: ...) on stderr for each repaired one instead of leaving "
        "it out (repaired: tab-or-newline-removed, percent-encoded with --json)",
    )
    _add_mode(sub, "for host names with Unicode characters")
    _add_search(sub, "HTML")
    _add_files(sub, "an HTML file")


def _lint_command(commands: Commands) -> None:
    """The ``lint`` subcommand."""
    sub = commands.add_parser(
        "lint",
        help="report what in URI references deceives parsers or people, rule by rule",
        description="Check one reference per line against the rules of urikit.LINT_RULES "
        "(rare IPv4 forms, backslashes, slashes, userinfo dressed as a host, encoded "
        "controls and delimiters, dangerous schemes, Unicode spoofing, how urllib.parse and "
        "the WHATWG URL Standard read the host...) and print one line per finding, "
        "FILE:LINE:COLUMN: SEVERITY: RULE: message, then a summary (on stderr with --json).  "
        "Syntax only: DNS rebinding and redirects need checks when connecting.  Exit 0 when "
        "no finding is above info, 1 when some finding is an error (an invalid reference "
        "is one), 3 when the worst are warnings.  The rules: " + ", ".join(LINT_RULES) + ".",
    )
    _add_grammar(sub, rule=False, note="; lint reads rfc3987 by default, as browsers follow IRIs")
    sub.set_defaults(grammar="rfc3987")
    sub.add_argument(
        "--base",
        "-b",
        default=None,
        help="the URI the references will be resolved against: its scheme stands for a "
        "missing one, and the parser differential compares the resolved targets",
    )
    sub.add_argument(
        "--select",
        metavar="RULES",
        default=None,
        help="comma-separated rules to run (default: all of them)",
    )
    sub.add_argument(
        "--ignore",
        metavar="RULES",
        default=None,
        help="comma-separated rules not to run (parser-differential, the slowest, for speed)",
    )
    _add_pipeline(
        sub,
        json="findings (a list of rule, severity, position, end, line, column, message, "
        "source; null for a line that is not UTF-8)",
    )
    _add_files(sub)


def _redirect_command(commands: Commands) -> None:
    """The ``redirect`` subcommand."""
    sub = commands.add_parser(
        "redirect",
        help="say whether redirects to the URLs stay on allowed hosts, and where they lead",
        description="For each line, the verdict of urikit.redirect_target: where a redirect to "
        "it leads (the host browsers, urllib.parse and urikit read, resolved against --base) "
        "and whether it is safe: an allowed host (or the current site), an allowed scheme, "
        "the readings agreeing, no lint finding that deceives.  A safe line prints its "
        "target on stdout; a refused one is reported, FILE:LINE:COLUMN: refused: reason.  "
        "Exit 0 when every redirect is safe, 1 when some is refused.",
    )
    sub.add_argument(
        "--allow",
        "-a",
        metavar="HOST",
        action="append",
        default=[],
        help="an allowed host (host:port for one port only); repeat it, or separate hosts "
        "with commas",
    )
    sub.add_argument(
        "--base",
        "-b",
        default=None,
        help="the page the redirect is sent from: relative targets resolve against it, and "
        "its host is allowed (default: any page of the current site)",
    )
    sub.add_argument(
        "--scheme",
        metavar="SCHEME",
        action="append",
        default=None,
        type=_scheme,
        help="an allowed scheme (repeat it; default: http and https)",
    )
    _add_pipeline(
        sub,
        json="safe, target, hosts (whatwg, urllib, urikit), scheme, reason, findings",
        show_source=False,
    )
    _add_files(sub)


def _iri_to_uri_command(commands: Commands) -> None:
    """The ``iri-to-uri`` subcommand."""
    sub = commands.add_parser(
        "iri-to-uri",
        help="convert IRIs to URIs (RFC 3987 §3.1)",
        description="Print the URI each IRI reference maps to (RFC 3987 §3.1): every "
        "Unicode character as its percent-encoded UTF-8 octets; with --host idna, a host "
        "name as IDNA A-labels instead.  Host names IDNA refuses are reported like invalid "
        "references.",
    )
    sub.add_argument(
        "--host",
        choices=["percent", "idna"],
        default="percent",
        help="a host name with Unicode characters: percent-encoded (default) or IDNA "
        "A-labels (xn--)",
    )
    _add_mode(sub, "of --host idna")
    _add_pipeline(sub, json="result (the URI, or null)", on_error=True)
    _add_input(sub, "uris", "IRI", "an IRI reference")


def _uri_to_iri_command(commands: Commands) -> None:
    """The ``uri-to-iri`` subcommand."""
    sub = commands.add_parser(
        "uri-to-iri",
        help="convert URIs to IRIs (RFC 3987 §3.2)",
        description="Print the IRI each URI reference converts to (RFC 3987 §3.2): "
        "percent-encoded UTF-8 decoded where an IRI may hold the character (never a "
        "reserved character, %%25, a bidirectional formatting character or a space); with "
        "--host idna, the A-labels of a host name decoded to Unicode.",
    )
    sub.add_argument(
        "--host",
        choices=["keep", "idna"],
        default="keep",
        help="a host name's xn-- labels: kept (default) or decoded to Unicode",
    )
    _add_mode(sub, "of --host idna")
    _add_pipeline(sub, json="result (the IRI, or null)", on_error=True)
    _add_input(sub, "uris", "URI", "a URI reference")


def _template_command(commands: Commands) -> None:
    """The ``template`` subcommand: ``template expand`` and ``template match``."""
    sub = commands.add_parser(
        "template",
        help="expand URI Templates (RFC 6570), or match URIs against one",
        description="URI Templates (RFC 6570): 'expand' writes the URI a template makes of "
        "variables, 'match' reads the variables back out of URIs.  An invalid TEMPLATE "
        "is a usage error at its column, and so is one that match cannot read back (outside "
        "the invertible subset of urikit.URITemplate.match).",
    )
    sub._intermixing = True  # a parser of subcommands: argparse's own parsing (see _Subparser)
    actions = sub.add_subparsers(
        dest="action", metavar="ACTION", required=True, parser_class=_Subparser
    )
    expand = actions.add_parser(
        "expand",
        help="the URI a template makes of variables",
        description="Print the expansion of TEMPLATE (RFC 6570 §3) with the variables of "
        "--vars and --var (each --var over --vars); with --input, one expansion per line "
        "of FILE, each line a JSON object of variables over those of the options.  A "
        "line that is not a JSON object, or whose values the template cannot take (a "
        "list of lists, a prefix of a list), is an invalid input.",
    )
    expand.add_argument("template", metavar="TEMPLATE", help="the URI Template")
    expand.add_argument(
        "--var",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a variable: NAME=VALUE gives the string VALUE as it is (a,b is one string, "
        'its comma encoded), NAME:=JSON the JSON value (a list: \'list:=["a","b"]\', an '
        'associative array: \'keys:={"a":"1"}\'); may be given many times',
    )
    expand.add_argument(
        "--vars",
        metavar="JSON",
        default=None,
        help="the variables as one JSON object (strings, numbers, booleans; lists and "
        "objects for lists and associative arrays; null: undefined)",
    )
    _add_pipeline(expand, json="result (the URI, or null)", on_error=True)
    expand.add_argument(
        "--input",
        "-i",
        action="append",
        metavar="FILE",
        help="read one JSON object of variables per line from FILE ('-': stdin) and print "
        "one expansion each; may be given many times",
    )
    match = actions.add_parser(
        "match",
        help="the variables of each URI, read back through a template",
        description="Print, for each URI, the variables whose expansion of TEMPLATE is that "
        "URI, as a JSON object (urikit.URITemplate.match: values percent-decoded, lists "
        "and associative arrays as JSON arrays and objects); a URI that does not match "
        "is an invalid input (kind unmatched).",
    )
    match.add_argument(
        "--query",
        choices=["strict", "any"],
        default="strict",
        help="{?a,b} read as expansion writes it (strict, the default: any subset, in "
        "order) or in any order too (any)",
    )
    _add_pipeline(match, json="variables (an object of the values, or null)", on_error=True)
    match.add_argument("template", metavar="TEMPLATE", help="the URI Template")
    _add_input(match, "uris", "URI", "a URI")


#: The subcommands, in the order of the help.
SUBCOMMANDS = (
    _parse_command,
    _check_command,
    _resolve_command,
    _relativize_command,
    _normalize_command,
    _canonicalize_command,
    _surt_command,
    _equivalent_command,
    _extract_command,
    _complete_command,
    _links_command,
    _lint_command,
    _redirect_command,
    _iri_to_uri_command,
    _uri_to_iri_command,
    _template_command,
)


def build_parser() -> argparse.ArgumentParser:
    """The ``urikit`` argument parser, with one subparser per subcommand."""
    parser = argparse.ArgumentParser(
        prog="urikit",
        description="Parse, validate, resolve and normalize URI references "
        "(RFC 3986, or RFC 2396 with RFC 2732) and IRIs (RFC 3987).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=f"urikit {__version__}; engine: {ENGINE}"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Subparser)
    for add in SUBCOMMANDS:
        add(commands)
    return parser


def parse_args(argv: Sequence[str] | None, report: Reporter) -> argparse.Namespace | None:
    """The parsed ``argv``, or ``None`` when argparse ends the run (after --help, with
    status 0; after a usage error, 2).  argparse prints these itself, and would drop a
    write that fails (3.11) or print errors to stdout when stderr is closed: so it prints
    to buffers, and they are written on here, where a failure reaches the reporter."""
    printed, errors = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(errors):
            parser = build_parser()
            args = parser.parse_args(argv)
            if args.command is None:  # `urikit` alone: the help, as a usage error
                parser.print_help(sys.stderr)
                raise SystemExit(EXIT_USAGE)
            return args
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
