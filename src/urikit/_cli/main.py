"""The ``urikit`` command: its subcommands and its entry point, ``main``.

Every subcommand is a thin client of the public library, and a pipeline tool: inputs
are arguments or the lines of files and stdin, one result (or, with ``--json``, one JSON
Lines record) per input, a failed input reported as ``FILE:LINE:COLUMN: reason`` while
processing goes on (``--on-error`` says what stands in its place on stdout).  Anything
else that ends a run early is one line on stderr, ``urikit COMMAND: reason``, never a
traceback.  The exit status, the same for every command:

* 0: every input valid (for ``equivalent``: every pair equivalent; for ``lint``: no
  finding above info);
* 1: some input invalid (for ``equivalent``: or some pair not equivalent; for ``lint``:
  some finding of severity error, an invalid reference being one);
* 3: (``lint``) findings of severity warning, none of severity error;
* (``redirect``) 0 when every redirect is safe, 1 when some is refused;
* 2: a usage error: an unknown flag or command, an invalid option value, an invalid base
  URI, an IDNA conversion asked for (``--host idna``) without the extra it needs,
  ``urikit`` alone (after its help);
* 70: an internal error (``EX_SOFTWARE`` of sysexits.h): an exception that is a bug, of
  the library or here, said in one line, ``urikit COMMAND: internal error: ...``;
* 74: an input could not be read (``EX_IOERR`` of sysexits.h): a FILE missing, a
  directory, unreadable, a read that failed, a closed stdin, each said in one line as
  grep says it and skipped, the run going on (74 then wins over 1 and 3); or the output
  could not be written (a closed stdout, a full disk), which ends the run;
* 130: interrupted (Ctrl-C), as a shell reports SIGINT;
* 141: the reader of the output went away (``| head``), as SIGPIPE would, silently.

A command that takes references as arguments (``parse``, ``normalize``, ...) reads FILEs
with ``-i FILE`` and warns when an argument names an existing file, since a file name is
a valid reference too: ``urikit normalize urls.txt`` prints ``urls.txt``, and says so.

Lines end at LF, CR LF or a lone CR, and input streams in chunks: a file of any size is
never loaded whole (``links`` excepted: an HTML document is parsed as a whole).

The command line is built in layers: :mod:`urikit._cli.args` reads the arguments,
:mod:`urikit._cli.input` opens the input and loops over it (:mod:`urikit._cli.text`: the
text of the documents ``extract`` and ``links`` search), :mod:`urikit._cli.output`
writes results and reports and keeps the exit status; each command here (and in
:mod:`urikit._cli.search`, the two that search documents) is a few lines between them
and the public library.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from functools import partial

from .. import (  # the public surface only: the command line is a client of the library
    LINT_RULES,
    AmbiguousTemplateError,
    Finding,
    ResolutionError,
    URIReference,
    URISyntaxError,
    URITemplate,
    batch,  # a block of inputs at a time
    canonicalize,
    complete,
    differences,
    iri_to_uri,
    lint,
    normalize,
    parse,
    redirect_target,
    relativize,
    resolve,
    surt,
    uri_to_iri,
)
from ..errors import IDNAError
from .args import check_arguments, parse_args
from .input import input_blocks, inputs, stdin_unless
from .output import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_WARNINGS,
    InputProblem,
    Reporter,
    UsageError,
    problem,
    warn,
)
from .search import cmd_extract, cmd_links

__all__ = ["main"]


def _sources(
    args: argparse.Namespace, given: Sequence[str]
) -> tuple[Sequence[str] | None, list[str]]:
    """The arguments of :func:`inputs` for a command that takes references as arguments
    (``given``) or reads them from the files of ``--input`` (or stdin: none, or ``-``)."""
    files: list[str] = args.input or []
    if files and list(given) not in ([], ["-"]):
        raise UsageError("give references as arguments or --input FILE, not both")
    for text in given:  # a file name is a valid reference too: say how it is taken
        if text != "-" and os.path.isfile(text):
            warn(
                f"urikit {args.command}: {text!r} is taken as a URI reference, not read as a "
                f"file; to read one reference a line from it: urikit {args.command} -i {text}"
            )
    return (None if files else stdin_unless(given)), files


def _base(text: str, grammar: str, name: str) -> URIReference:
    """A base URI from the command line (RFC 3986 §5.1: it has a scheme), or a
    :class:`UsageError` naming the option."""
    try:
        base = parse(text, grammar=grammar)
        resolve(base, "")  # a ResolutionError for a base without a scheme (RFC 3986 §5.2.1)
    except URISyntaxError as error:
        raise UsageError(f"{name} {text!r}: column {error.position + 1}: {error.reason}") from None
    except ResolutionError as error:
        raise UsageError(f"{name}: {error}") from None
    return base


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
    """``urikit parse [URI...|-]``: the components of each reference."""
    for number, text in inputs(report, *_sources(args, args.uris)):
        try:
            ref = parse(text, grammar=args.grammar, rule=args.rule)
        except URISyntaxError as error:
            report.failed(number, text, problem(error, text))
            continue
        described = _describe(ref)
        if report.json:
            report.record(number, text, {**described, "error": None})
        else:
            report.write(_components_text(text, ref, described))


# -- check ---------------------------------------------------------------------------
def cmd_check(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit check [FILE...|-]``: report every invalid line, then a summary.  A block
    of lines is checked at once (:func:`urikit.batch.is_valid`); only the invalid ones
    are looked at one by one."""
    valid = empty = 0
    as_json, grammar, rule = report.json, args.grammar, args.rule
    report.failure_fields = {"valid": False}
    for first, texts in input_blocks(report, files=args.files):
        flags = batch.is_valid(texts, grammar=grammar, rule=rule)
        if as_json:
            for number, (text, flag) in enumerate(zip(texts, flags, strict=True), first):
                if not text:
                    empty += 1
                    report.record(number, text, {"valid": None, "error": None})
                elif flag:
                    valid += 1
                    report.record(number, text, {"valid": True, "error": None})
                else:
                    _invalid(report, number, text, grammar, rule)
            continue
        blank = texts.count("")  # skipped, whatever the rule says of them
        empty += blank
        valid += len(texts) - blank
        i = -1
        with contextlib.suppress(ValueError):  # each False in turn, as the list finds it
            while True:
                i = flags.index(False, i + 1)
                if texts[i]:
                    valid -= 1
                    _invalid(report, first + i, texts[i], grammar, rule)
    skipped = f", {empty} empty lines skipped" if empty else ""
    summary = f"{valid} valid, {report.invalid_count} invalid{skipped}"
    if as_json:
        report.warn(summary)
    else:
        report.write(summary)


def _invalid(report: Reporter, number: int, text: str, grammar: str, rule: str) -> None:
    """Report the line ``text`` that ``check`` found invalid, at the error of ``parse``."""
    try:
        parse(text, grammar=grammar, rule=rule)
    except URISyntaxError as error:
        report.failed(number, text, problem(error, text))


# -- the commands of one result per input -----------------------------------------------
Errors = tuple[type[URISyntaxError | ResolutionError | IDNAError], ...]


def _each(
    report: Reporter,
    sources: tuple[Sequence[str] | None, list[str]],
    one: Callable[[str], str],
    errors: Errors,
) -> None:
    """The loop of a command with one result per input: ``one`` of each input, or the
    report of the error (one of ``errors``) that it raises."""
    for number, text in inputs(report, *sources):
        _row(report, number, text, one, errors)


def _row(
    report: Reporter, number: int, text: str, one: Callable[[str], str], errors: Errors
) -> None:
    """The result of ``one`` of the input ``text`` at ``number``, or the report of its error."""
    try:
        result = one(text)
    except errors as error:
        report.failed(number, text, problem(error, text))
    else:
        report.result(number, text, result)


def _blocks(
    report: Reporter,
    sources: tuple[Sequence[str] | None, list[str]],
    many: Callable[[list[str]], list[str | None]],
    one: Callable[[str], str],
    errors: Errors,
) -> None:
    """:func:`_each` a block at a time: ``many`` (a function of :mod:`urikit.batch`) of a
    block of inputs, its results written as they are, and ``one`` (the per-URL function
    it equals) of each row it left null, for the error to report."""
    for first, texts in input_blocks(report, *sources):
        results = many(texts)
        if report.json:
            for number, (text, result) in enumerate(zip(texts, results, strict=True), first):
                if result is None:
                    _row(report, number, text, one, errors)
                else:
                    report.result(number, text, result)
            continue
        start = i = 0
        with contextlib.suppress(ValueError):  # each null in turn, as the list finds it
            while True:
                i = results.index(None, start)
                report.write_lines(results[start:i])  # type: ignore[arg-type]
                _row(report, first + i, texts[i], one, errors)
                start = i + 1
        report.write_lines(results[start:] if start else results)  # type: ignore[arg-type]


# -- resolve, relativize -------------------------------------------------------------
def cmd_resolve(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit resolve BASE [REF...|-]``: one target URI per reference."""
    base = _base(args.base, args.grammar, "BASE")
    report.failure_fields = {"result": None}
    one = partial(resolve, base, strict=not args.non_strict, above_root=args.above_root)
    if args.non_strict or args.above_root is not None:  # what batch.resolve does not ask
        _each(report, _sources(args, args.refs), one, (URISyntaxError, ResolutionError))
        return
    many = partial(batch.resolve, base)
    _blocks(report, _sources(args, args.refs), many, one, (URISyntaxError, ResolutionError))


def cmd_relativize(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit relativize BASE [TARGET...|-]``: the shortest reference to each target."""
    base = _base(args.base, args.grammar, "BASE")
    report.failure_fields = {"result": None}
    one = partial(relativize, base, grammar=args.grammar)
    _each(report, _sources(args, args.targets), one, (URISyntaxError, ResolutionError))


# -- normalize, equivalent -----------------------------------------------------------
def cmd_normalize(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit normalize [URI...|-]``: one normal form per reference."""
    report.failure_fields = {"result": None}
    many = partial(batch.normalize, level=args.level, grammar=args.grammar)
    one = partial(normalize, level=args.level, grammar=args.grammar)
    _blocks(report, _sources(args, args.uris), many, one, (URISyntaxError,))


def cmd_canonicalize(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit canonicalize [--profile P] [URL...|-]``: one canonical form per URL."""
    _each_url(args, report, partial(canonicalize, profile=args.profile))


def cmd_surt(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit surt [--form F] [URL...|-]``: one SURT key per URL."""
    _each_url(args, report, partial(surt, form=args.form))


def _each_url(args: argparse.Namespace, report: Reporter, key: Callable[[str], str]) -> None:
    """One result of ``key`` per URL; a URL it refuses is an invalid input."""
    report.failure_fields = {"result": None}
    for number, text in inputs(report, *_sources(args, args.uris)):
        try:
            result = key(text)
        except URISyntaxError as error:
            report.failed(number, text, problem(error, text))
        else:
            report.result(number, text, result)


def _pairs(args: argparse.Namespace, report: Reporter) -> Iterator[tuple[int, str, str | None]]:
    """``(number, a, b)`` for each pair of ``equivalent``: A and B, or each line of the
    inputs, A TAB B (``b`` is ``None`` for a line without a TAB)."""
    if args.b is not None:
        if args.input:
            raise UsageError("give A and B as arguments or --input FILE, not both")
        report.file = "<arg>"
        yield 1, args.a, args.b
        return
    if args.a not in (None, "-"):
        raise UsageError("B is missing (with no A and B, pairs A TAB B are read from stdin)")
    for number, text in inputs(report, None, args.input or []):
        a, tab, b = text.partition("\t")
        yield number, a, b if tab else None


def cmd_equivalent(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit equivalent [A B|-]``: for each pair, whether it is equivalent (and the
    common normal form) or the first component that differs."""
    if args.base is not None:
        _base(args.base, args.grammar, "--base")
    options = {"level": args.level, "grammar": args.grammar}
    for number, a, b in _pairs(args, report):
        text = a if b is None else f"{a}\t{b}"
        report.failure_fields = {"a": a, "b": b, "equivalent": None}
        report.failure_fields |= {"normal": None, "differs": None}
        if b is None:
            report.failed(number, text, InputProblem(len(a), "no-pair", "no TAB between A and B"))
            continue
        try:
            found = differences(a, b, base=args.base, **options)
        except (URISyntaxError, ResolutionError) as error:
            in_b = isinstance(error, URISyntaxError) and error.text == b and error.text != a
            at = problem(error, b if in_b else a)
            report.failed(number, text, at._replace(position=at.position + (len(a) + 1) * in_b))
            continue
        fields: dict[str, object] = {"a": a, "b": b, "equivalent": not found}
        if not found:
            resolved = a if args.base is None else resolve(args.base, a, grammar=args.grammar)
            normal = normalize(resolved, **options)
            fields |= {"normal": normal, "differs": None}
            report.result(number, text, f"equivalent: {normal}", fields)
            continue
        name, first, second = found[0]
        fields |= {"normal": None, "differs": {"component": name, "a": first, "b": second}}
        shown = f"not equivalent: the {name} differs: {_show(first)} vs {_show(second)}"
        report.result(number, text, shown, fields)
        report.account(EXIT_INVALID)


# -- complete ------------------------------------------------------------------------
def cmd_complete(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit complete [TEXT...|-]``: the URI each abbreviated URL stands for."""
    try:
        complete("www.example.com", default_scheme=args.default_scheme)
    except URISyntaxError as error:
        scheme = args.default_scheme
        raise UsageError(f"--default-scheme {scheme!r}: {error.reason}") from None
    report.failure_fields = {"result": None}
    one = partial(complete, default_scheme=args.default_scheme)
    _each(report, _sources(args, args.texts), one, (URISyntaxError,))


# -- lint ----------------------------------------------------------------------------
def _rule_names(value: str | None, flag: str) -> list[str] | None:
    """The rules of ``--select`` or ``--ignore`` (comma-separated), each one known."""
    if value is None:
        return None
    names = [name.strip() for name in value.split(",") if name.strip()]
    for name in names:
        if name not in LINT_RULES:
            raise UsageError(f"{flag}: unknown rule {name!r} (the rules: {', '.join(LINT_RULES)})")
    return names


def _finding_fields(found: Finding, line: int) -> dict[str, object]:
    """One finding of ``lint --json``."""
    return {
        "rule": found.rule,
        "severity": found.severity,
        "position": found.position,
        "end": found.end,
        "line": line,
        "column": found.position + 1,
        "message": found.message,
        "source": found.source,
    }


def cmd_lint(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit lint [FILE...|-]``: one report per finding, then a summary; the status by
    the worst severity."""
    select, ignore = _rule_names(args.select, "--select"), _rule_names(args.ignore, "--ignore")
    if args.base is not None:
        _base(args.base, args.grammar, "--base")
    report.failure_fields = {"findings": None}
    counts = {"error": 0, "warning": 0, "info": 0}
    lines = 0
    for number, text in inputs(report, files=args.files):
        lines += 1
        found = lint(text, grammar=args.grammar, base=args.base, select=select, ignore=ignore)
        for one in found:
            counts[one.severity] += 1
        if report.json:
            fields = {"findings": [_finding_fields(f, number) for f in found], "error": None}
            report.record(number, text, fields)
            continue
        for one in found:
            message = f"{one.severity}: {one.rule}: {one.message}"
            report.diagnostic(number, one.position + 1, message, text)
    errors, warnings, infos = counts["error"], counts["warning"], counts["info"]
    lines += report.invalid_count  # lines that are not UTF-8, reported as they were read
    summary = f"{lines} lines: {errors} errors, {warnings} warnings, {infos} info"
    if report.json:
        report.warn(summary)
    else:
        report.write(summary)
    if counts["error"]:
        report.account(EXIT_INVALID)
    elif counts["warning"] and report.status == EXIT_OK:
        report.account(EXIT_WARNINGS)


# -- redirect ------------------------------------------------------------------------------
def cmd_redirect(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit redirect --allow HOST... [--base URL] [FILE...|-]``: the target of each safe
    redirect on stdout, each refused one reported with its reason; a summary on stderr."""
    if args.base is not None:
        _base(args.base, "rfc3987", "--base")
    allowed = [host.strip() for value in args.allow for host in value.split(",") if host.strip()]
    schemes = args.scheme if args.scheme else ("http", "https")
    report.failure_fields = {"safe": False}
    safe = 0
    for number, text in inputs(report, files=args.files):
        verdict = redirect_target(text, base=args.base, allowed_hosts=allowed, schemes=schemes)
        fields = {
            "safe": verdict.safe,
            "target": verdict.target,
            "hosts": dict(verdict.hosts),
            "scheme": verdict.scheme,
            "reason": verdict.reason,
            "findings": [_finding_fields(f, number) for f in verdict.findings],
        }
        if verdict.safe:
            safe += 1
            report.result(number, text, verdict.target or text, fields)
            continue
        at = verdict.findings[0].position if verdict.findings else 0
        refused = InputProblem(at, "refused", f"refused: {verdict.reason}")
        report.failed(number, text, refused, fields=fields)
    report.warn(f"{safe} safe, {report.invalid_count} refused")


# -- iri-to-uri, uri-to-iri ---------------------------------------------------------
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
    report.failure_fields = {"result": None}  # either error positioned in the text
    _each(report, _sources(args, args.uris), convert, (URISyntaxError, IDNAError))


def cmd_iri_to_uri(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit iri-to-uri [IRI...|-]``: the URI of each IRI reference (RFC 3987 §3.1)."""
    convert = partial(iri_to_uri, host=args.host, mode=args.mode)
    _convert(args, report, convert, "//b\u00fccher.example")


def cmd_uri_to_iri(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit uri-to-iri [URI...|-]``: the IRI of each URI reference (RFC 3987 §3.2)."""
    convert = partial(uri_to_iri, host=args.host, mode=args.mode)
    _convert(args, report, convert, "//xn--bcher-kva.example")


# -- template expand, template match -------------------------------------------------
def cmd_template(args: argparse.Namespace, report: Reporter) -> None:
    """``urikit template expand TEMPLATE [--var NAME=VALUE ...|--vars JSON] [-i FILE]``:
    the URI the variables make of TEMPLATE (one per line of FILE, each a JSON object);
    ``urikit template match TEMPLATE [URI...|-]``: the variables of each URI, or the
    report that it does not match."""
    report.command = f"urikit template {args.action}"
    try:
        template = URITemplate(args.template)
        if args.action == "match":
            template.match("")  # a template outside the invertible subset is refused now
    except (URISyntaxError, AmbiguousTemplateError) as error:
        at = f"column {error.position + 1}: {error.reason}"
        raise UsageError(f"TEMPLATE {args.template!r}: {at}") from None
    if args.action == "match":
        _template_match(args, report, template)
        return
    given = _template_variables(args.vars, args.var)
    report.failure_fields = {"result": None}
    if not args.input:  # the variables of the options: one expansion
        text = json.dumps(given, ensure_ascii=False)
        try:
            expanded = template.expand(given)
        except (TypeError, ValueError) as error:
            raise UsageError(f"--var, --vars: {_value_problem(error)}") from None
        report.file = "<arg>"
        report.result(1, text, expanded)
        return
    for number, text in inputs(report, None, args.input):
        try:
            line = json.loads(text)
        except json.JSONDecodeError as error:  # at its position in the line
            found = InputProblem(error.pos, "invalid-json", f"not JSON: {error.msg}")
            report.failed(number, text, found)
            continue
        except ValueError as error:  # an integer longer than Python reads
            report.failed(number, text, InputProblem(0, "invalid-json", str(error)))
            continue
        if not isinstance(line, dict):
            reason = f"a JSON object of variables, not {_json_kind(line)}"
            report.failed(number, text, InputProblem(0, "not-an-object", reason))
            continue
        try:
            expanded = template.expand({**given, **line})
        except (TypeError, ValueError) as error:
            problem = InputProblem(0, "invalid-value", _value_problem(error))
            report.failed(number, text, problem)
            continue
        report.result(number, text, expanded)


def _value_problem(error: TypeError | ValueError) -> str:
    """One line for a value the template cannot take (a URISyntaxError is at the column
    of TEMPLATE where the varspec stands)."""
    if isinstance(error, URISyntaxError):
        return f"TEMPLATE column {error.position + 1}: {error.reason}"
    return str(error)


def _template_variables(vars_: str | None, var: list[str]) -> dict[str, object]:
    """The variables of ``--vars JSON`` and each ``--var NAME=VALUE`` (a string) or
    ``--var NAME:=JSON`` over them, or a :class:`UsageError`."""
    given: dict[str, object] = {}
    if vars_ is not None:
        try:
            given = json.loads(vars_)
        except ValueError as error:
            raise UsageError(f"--vars: not JSON: {error}") from None
        if not isinstance(given, dict):
            raise UsageError(f"--vars: a JSON object of variables, not {_json_kind(given)}")
    for one in var:
        name, equals, value = one.partition("=")
        if not equals or name in ("", ":"):
            raise UsageError(f"--var {one!r}: NAME=VALUE (a string) or NAME:=JSON")
        if name.endswith(":"):  # NAME:=JSON (a variable name holds no ":")
            try:
                given[name[:-1]] = json.loads(value)
            except ValueError as error:
                raise UsageError(f"--var {one!r}: not JSON: {error}") from None
        else:
            given[name] = value
    return given


def _json_kind(value: object) -> str:
    """What a JSON value that is no object is, in JSON's words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return (
        "an array"
        if isinstance(value, list)
        else "a string"
        if isinstance(value, str)
        else "a number"
    )


def _template_match(args: argparse.Namespace, report: Reporter, template: URITemplate) -> None:
    """The loop of ``template match``: the variables of each URI as a JSON object; a URI
    that does not match is reported at the first character that leaves the template's
    leading literal (which every expansion starts with), else at its first."""
    text = str(template)
    leading = URITemplate(text[: text.find("{")] if "{" in text else text).expand({})
    report.failure_fields = {"variables": None}
    for number, uri in inputs(report, *_sources(args, args.uris)):
        found = template.match(uri, query=args.query)
        if found is None:
            reason = f"does not match the template {text!r}"
            at = 0
            if not uri.startswith(leading):
                at = _first_difference(uri, leading)
                reason += f" (every URI it matches starts with {leading!r})"
            report.failed(number, uri, InputProblem(at, "unmatched", reason))
            continue
        shown = json.dumps(found, ensure_ascii=False)
        report.result(number, uri, shown, {"variables": found})


def _first_difference(text: str, other: str) -> int:
    """The index of the first character of ``text`` that differs from ``other``'s (its
    length, when it is all of ``other``'s first characters)."""
    for i, (one, two) in enumerate(zip(text, other, strict=False)):
        if one != two:
            return i
    return len(text)


# -- the entry point -----------------------------------------------------------------
COMMANDS: dict[str, Callable[[argparse.Namespace, Reporter], None]] = {
    "parse": cmd_parse,
    "check": cmd_check,
    "resolve": cmd_resolve,
    "relativize": cmd_relativize,
    "normalize": cmd_normalize,
    "canonicalize": cmd_canonicalize,
    "surt": cmd_surt,
    "equivalent": cmd_equivalent,
    "extract": cmd_extract,
    "complete": cmd_complete,
    "links": cmd_links,
    "lint": cmd_lint,
    "redirect": cmd_redirect,
    "iri-to-uri": cmd_iri_to_uri,
    "uri-to-iri": cmd_uri_to_iri,
    "template": cmd_template,
}


def _watched() -> bool:
    """Whether someone watches a run whose output goes elsewhere: stderr is a terminal
    and stdout is not (where the results would scroll past a progress line)."""
    return bool(sys.stderr and sys.stderr.isatty()) and not (sys.stdout and sys.stdout.isatty())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``urikit`` command line; returns the exit status (see the module docstring)."""
    report = Reporter()
    with report.guard():
        args = parse_args(argv, report)
        if args is not None:
            as_json = getattr(args, "json", False)
            report.begin(
                args.command,
                json=as_json,
                reports_are_output=args.command in ("check", "lint") and not as_json,
                on_error=getattr(args, "on_error", None),
                show_source=getattr(args, "show_source", False),
            )
            check_arguments(args)
            if not args.quiet and (args.progress or _watched()):
                report.progress.enable(explicit=args.progress)
            COMMANDS[args.command](args, report)
    return report.status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
