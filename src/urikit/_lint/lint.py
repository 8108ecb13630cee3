"""``urikit.lint``: what in a string deceives parsers or people, rule by rule, with
positions; and how other parsers read the same string.

The rules are data (:data:`urikit.LINT_RULES`, :mod:`urikit._lint.catalogue`); the checks
live in :mod:`urikit._lint.rules`, :mod:`urikit._lint.ipv4`, :mod:`urikit._lint.unicode`
and :mod:`urikit._lint.differential`.  Here is the engine: one parse; for a valid reference the
checks on its components, each behind a test of the text that costs next to nothing
(``"%" in text``, a host that ends in a digit ...), and before all of them the test that
none can fire (:func:`_plain`, in C), so that linting the corpus costs under three parses
(``benchmarks/run.py lint``); for an invalid one the syntax error, the checks of
what only invalid strings hold (spaces, controls, backslashes) and the same component
checks on the split of RFC 3986 Appendix B, which takes any string.

Syntax only: whether a host resolves to a private address, rebinds between check and use
(DNS rebinding), or redirects elsewhere is decided when connecting, not here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import update_wrapper

from .. import _engine
from .._algorithms.resolve import check_base
from .._engine import lint_plain as core_lint_plain
from .._operations import resolve
from .._reference import URIReference, components_of, grammar_of
from .._syntax.charsets import SCHEME_REGEX
from .._syntax.grammar import RFC3987, Grammar
from .._syntax.parse import Parts, components, failure, read, split
from ..errors import ResolutionError, URISyntaxError
from .catalogue import LINT_RULES, Finding, finding
from .context import (
    dangerous_parameter,
    latin1_crlf,
    malformed_port,
    may_hold_scheme,
    path_parameter_traversal,
)
from .differential import REJECTED, Host, differential
from .hosts import host_findings
from .rules import (
    DANGEROUS,
    SPECIAL,
    Reading,
    authority_confusion,
    authority_parts,
    backslash,
    dangerous_scheme,
    host_rules,
    lenient_split,
    percent_rules,
    port_rules,
    query_semicolon,
    scheme_confusion,
    slash_confusion,
    userinfo_rules,
    whitespace_or_control,
)
from .unicode import bidi_control, mixed_script_host, nfkc_delimiter

__all__ = ["lint"]

_ALL = frozenset(LINT_RULES)
_SCHEME = re.compile(SCHEME_REGEX)
_NO_TAB_OR_NEWLINE = str.maketrans("", "", "\t\n\r")


def _names(given: str | Iterable[str], keyword: str) -> set[str]:
    """The rule names of ``select`` or ``ignore`` (one name, or an iterable of them)."""
    names = {given} if isinstance(given, str) else set(given)
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"a lint rule name is a str, not {type(name).__name__}")
    unknown = sorted(names - _ALL)
    if unknown:
        raise ValueError(f"{keyword}=: unknown lint rule {unknown[0]!r} (urikit.LINT_RULES)")
    return names


#: The rules enabled by a ``select`` and ``ignore`` seen before (when they are hashable).
_ENABLED: dict[tuple[object, object], frozenset[str]] = {}


def _enabled(
    select: str | Iterable[str] | None, ignore: str | Iterable[str] | None
) -> frozenset[str]:
    """The rules that ``select`` and ``ignore`` leave to run."""
    try:
        return _ENABLED[select, ignore]
    except (KeyError, TypeError):  # new, or a list (unhashable)
        pass
    chosen = _ALL if select is None else _names(select, "select")
    enabled = frozenset(chosen - (_names(ignore, "ignore") if ignore is not None else set()))
    try:
        if len(_ENABLED) < 64:
            _ENABLED[select, ignore] = enabled
    except TypeError:
        pass
    return enabled


def lint(
    text: str | URIReference,
    *,
    grammar: str | Grammar | None = None,
    base: str | URIReference | None = None,
    select: str | Iterable[str] | None = None,
    ignore: str | Iterable[str] | None = None,
) -> list[Finding]:
    """The findings of the rules of :data:`urikit.LINT_RULES` on ``text``, valid or not,
    sorted by position.  ``grammar`` is what ``syntax`` checks against (RFC 3987 for a
    str by default: people paste IRIs and browsers follow them; a ``URIReference``'s own
    grammar); the other rules read the string alike under every grammar.  ``base`` is the
    URI ``text`` will be resolved against: its scheme stands for a missing one
    (``\\\\evil.com`` against ``http://a/`` is another host), and the parser
    differential compares the resolved targets.  ``select`` runs only the rules
    named, ``ignore`` all but those (unknown names raise ``ValueError``).

    >>> [(f.rule, f.position) for f in lint("http://0x7f.1/%2e%2e/", ignore="parser-differential")]
    [('ipv4-rare-form', 7), ('encoded-dot-segment', 14)]
    """
    plain = None  # whether _plain holds, when the core said
    if grammar is None and type(text) is str:  # the hot path
        if select is not None or (ignore is not None and ignore != "parser-differential"):
            _enabled(select, ignore)  # a wrong rule name raises, whatever the text
        if base is None and core_lint_plain is not None:
            plain = core_lint_plain(text, _DANGEROUS_NAMES)
            if plain:
                return []  # in C: see _plain
        g = RFC3987
    else:
        g = RFC3987 if grammar is None and isinstance(text, str) else grammar_of(text, grammar)
        if isinstance(text, URIReference):
            text = str(text)
        elif not isinstance(text, str):
            raise TypeError(f"lint() takes a str or a URIReference, not {type(text).__name__}")
    enabled = _ALL if select is None and ignore is None else _enabled(select, ignore)
    base_scheme = base_text = None
    if base is not None:
        found_base = components_of(base, g, "a base URI")
        check_base(found_base)
        base_scheme, base_text = (found_base[0] or "").lower(), str(base)
    parts = split(text, g, g.rules["URI-reference"])
    found: list[Finding] = []
    if base is None and plain is None and _plain(parts, text):
        return found  # a reference none of whose checks can fire (without the core)
    if parts is None:
        reading = _invalid(text, g, found, base_scheme)
    else:
        split_ = components(parts)
        scheme, authority, _, host, _, path, query, fragment = split_
        if authority is not None and host is None:  # an RFC 2396 reg_name: read as a server
            split_ = (scheme, authority, *authority_parts(authority), path, query, fragment)
        reading = Reading(text, split_)
        lower = scheme.lower() if scheme is not None else None
        _components(reading, found, lower, base_scheme, valid=True)
    if "parser-differential" in enabled:
        urikit_host = _urikit_host(text, g, reading, parts is not None, base_text)
        difference = differential(text, base_text, urikit_host)
        if difference is not None:
            found.append(difference)
    if not found:
        return found
    if enabled is not _ALL:
        found = [f for f in found if f.rule in enabled]
    found.sort(key=_order)
    return found


def _plain(parts: Parts | None, text: str) -> bool:
    """Whether ``text`` (``parts`` its split) is valid and none of the checks of
    :func:`_components` can fire on it (the compiled core's ``lint_plain`` is the same):
    an ASCII reference with a scheme that is not dangerous; an authority without
    userinfo or port (an empty one only after ``file:``, which slash-confusion
    excepts); a host of at most 63 characters of a DNS name that cannot be an address
    nor an A-label; a path unless no query or fragment follows, none of whose segments
    is ``.`` or ``..`` before a ";" (path-parameter-traversal); no ";" in its query
    (query-semicolon); escapes of printable ASCII only, but none of "%", ".", "/",
    "\\", ":" and ";" (the percent rules read those, and the rest); and in its query
    and fragment no ":" after "t", "a" or an escape (where a parameter that holds a
    javascript:, vbscript: or data: URL ends its scheme).  Each condition is one that
    :func:`_components` tests before a check.  Nor can the parser differential fire: the
    three parsers read such a host alike (urllib.parse and urikit as written; the URL
    Standard lower-cases it, its domain to ASCII maps nothing else of an ASCII name
    without an A-label, and a last label that is no number, "0x" nor digits, makes it no
    IPv4 address; a ``file:`` URL's ``localhost`` is the empty host, which the
    differential takes for the same), and ``canonical`` compares them case-folded."""
    if parts is None or not text.isascii() or ("%" in text and _READ_ESCAPE.search(text)):
        return False
    scheme, authority, userinfo, host, port, path, query, fragment = components(parts)
    if scheme is None or authority is None or host is None or userinfo is not None or port:
        return False
    if not path and (query is not None or fragment is not None):
        return False
    if not host:
        plain_host = scheme.lower() == "file"
    else:
        plain_host = (
            host[-1] not in _HOST_TAIL
            and "0x" not in host.lower()
            and _NAME_HOST.match(host) is not None
        )
    return (
        plain_host
        and (";" not in path or path_parameter_traversal(path, 0) is None)
        and (query is None or ";" not in query)
        and _SCHEME_END.search(query or "") is None
        and _SCHEME_END.search(fragment or "") is None
        and scheme.lower() not in DANGEROUS
    )


#: The last characters of a host that may be an address (IPv4 forms, IP literals).
_HOST_TAIL = frozenset("0123456789.]")
#: A host of at most 63 characters of a DNS name, without A-labels: no host rule fires.
_NAME_HOST = re.compile(r"(?!.*xn--)[A-Za-z0-9._-]{1,63}\Z", re.IGNORECASE)
#: An escape that a percent rule reads: a control, DEL, an octet past ASCII, or one of
#: "%", ".", "/", "\\", ":", ";" (in a valid reference every "%" begins an escape).
_READ_ESCAPE = re.compile(r"%(?:[01]|[89A-F]|7F|25|2E|2F|5C|3A|3B)", re.IGNORECASE)
#: The end of a scheme that may be dangerous in a parameter (javascript:, vbscript:,
#: data:): its last letter, raw or escaped, then ":".
_SCHEME_END = re.compile("(?:[tTaA]|%[0-9A-Fa-f]{2}):")
#: The names of :data:`DANGEROUS`, as the core's ``lint_plain`` reads them.
_DANGEROUS_NAMES = tuple(DANGEROUS)


def _order(one: Finding) -> tuple[int, int, str]:
    return one.position, one.end, one.rule


def _scheme(reading: Reading) -> str | None:
    """The scheme of an invalid string, lower-cased, as browsers read it (tabs and
    newlines removed): ``None`` when there is none, or what Appendix B split off is no
    scheme."""
    scheme = reading.components[0]
    if scheme is None:
        return None
    cleaned = scheme.translate(_NO_TAB_OR_NEWLINE)
    return cleaned.lower() if _SCHEME.fullmatch(cleaned) else None


def _invalid(text: str, g: Grammar, found: list[Finding], base_scheme: str | None) -> Reading:
    """The findings only an invalid string has (the syntax error, spaces, controls,
    backslashes), then the component checks on its Appendix B split."""
    error = failure(text, g, g.rules["URI-reference"])
    assert isinstance(error, URISyntaxError)
    end = min(error.position + 1, len(text))
    found.append(finding("syntax", error.position, end, error.reason))
    reading = lenient_split(text)
    scheme = _scheme(reading)
    blank = whitespace_or_control(text)
    if blank is not None:
        found.append(blank)
    if "\\" in text:
        slash = backslash(reading, scheme or base_scheme)
        if slash is not None:
            found.append(slash)
    _components(reading, found, scheme, base_scheme, valid=False)
    return reading


def _components(
    reading: Reading,
    found: list[Finding],
    scheme: str | None,
    base_scheme: str | None,
    *,
    valid: bool,
) -> None:
    """The checks of the components, each behind its cheap test (a valid reference with
    a non-empty authority has exactly "//" after its scheme)."""
    text = reading.text
    _, authority, userinfo, host, port, path, query, fragment = reading.components
    context = scheme or base_scheme
    special = None if context is None else context in SPECIAL
    if scheme is not None:
        if scheme in DANGEROUS:
            found.append(dangerous_scheme(reading, scheme))
        if special and (not valid or not authority):
            _add(found, slash_confusion(reading, scheme, special))
        elif authority is None and path[:1].isdigit():
            _add(found, scheme_confusion(reading, scheme))
    elif text[reading.lead : reading.lead + 1] in ("/", "\\"):
        _add(found, slash_confusion(reading, None, special))
    if authority is not None:
        if userinfo is not None:
            found.extend(userinfo_rules(reading))
        if host:
            last = host[-1]
            if (
                last in "0123456789.]"
                or "%" in host
                or "0x" in host
                or "0X" in host
                or not host.isascii()
            ):
                found.extend(host_rules(reading))
            start = reading.start(3)
            name = host
            if ":" in host and host[0] != "[":  # a port of no digits, left by lenient splits
                _add(found, malformed_port(host, start))
                name = host.partition(":")[0]
            if name and _NAME_HOST.match(name) is None:
                found.extend(host_findings(name, start))
            if not host.isascii() or "xn--" in host.lower():
                _add(found, mixed_script_host(host, start))
        if port:
            _add(found, port_rules(reading, context))
        if not path and (query is not None or fragment is not None):
            _add(found, authority_confusion(reading))
        if not authority.isascii():
            start = reading.start(1)
            _add(found, nfkc_delimiter(text, start, start + len(authority)))
    if "%" in text:
        found.extend(percent_rules(reading, context))
    if ";" in path or "%3" in path:
        _add(found, path_parameter_traversal(path, reading.start(5)))
    if query and ";" in query:
        _add(found, query_semicolon(reading))
    for index, part in ((6, query), (7, fragment)):
        if part and may_hold_scheme(part):
            redirect = dangerous_parameter(text, reading.start(index), part)
            if redirect is not None:
                found.append(redirect)
                break
    if "%" in text or not text.isascii():
        _add(found, bidi_control(text))
        _add(found, latin1_crlf(text))


def _add(found: list[Finding], one: Finding | None) -> None:
    if one is not None:
        found.append(one)


def _urikit_host(text: str, g: Grammar, reading: Reading, valid: bool, base: str | None) -> Host:
    """urikit's reading of the host for the differential: the host of ``text`` (of its
    target against ``base``), ``REJECTED`` when it is invalid."""
    if not valid:
        return REJECTED
    if base is None:
        return reading.components[3]
    try:
        target = read(resolve(base, text, grammar=g), g, g.rules["URI-reference"])
    except (URISyntaxError, ResolutionError):  # pragma: no cover - a valid base and reference
        return REJECTED
    if target[1] is not None and target[3] is None:  # an RFC 2396 reg_name
        return authority_parts(target[1])[1]
    return target[3]


# The common call in C (csrc/front.c): a str, and no keyword but ``ignore=None`` or
# ``ignore="parser-differential"``, answered ``[]`` where the core's lint_plain holds
# (:func:`_plain`); every other call, and every text lint_plain does not pass, by the
# function above.  A Python function's own call costs more than lint_plain's scan.  It
# answers while ``core_lint_plain`` is bound (set to None, Python runs alone).
if _engine.verb_front is not None:
    lint = update_wrapper(
        _engine.verb_front(
            "lint",
            lint,
            {},
            dict.fromkeys((None, "parser-differential"), _DANGEROUS_NAMES),
            globals(),
            "core_lint_plain",
        ),
        lint,
    )
