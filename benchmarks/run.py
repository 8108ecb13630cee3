"""urikit against its peers on ../shared/corpus, in one process.

    python benchmarks/run.py                 # every section
    python benchmarks/run.py parse --repeat 7

Needs the peers: ``pip install -e '.[bench]'`` (``./dev bench`` does it).  A peer that
is not installed is skipped with a note.  Ratios are time relative to urikit: above 1
means the peer is slower.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import CORPUS, Contender, load_corpus, time_contenders

import urikit
from urikit._engine import core


def _peer(
    module: str, build: Callable[[object], Callable[[str], object]]
) -> Callable[[str], object] | None:
    try:
        return build(importlib.import_module(module))
    except ImportError:
        print(f"  (skipped: {module} is not installed)")
        return None


def parse_contenders() -> list[Contender]:
    """Validating parse (urikit) against splitters that validate less or nothing."""
    import urllib.parse

    def rfc3986_parse(mod: object) -> Callable[[str], object]:
        from rfc3986 import validators  # type: ignore[import-untyped]

        validator = validators.Validator().check_validity_of(
            "scheme", "userinfo", "host", "port", "path", "query", "fragment"
        )

        def run(line: str) -> object:
            ref = mod.uri_reference(line)  # type: ignore[attr-defined]
            validator.validate(ref)
            return ref

        return run

    found: list[tuple[str, Callable[[str], object] | None]] = [
        ("urikit.parse (validating)", urikit.parse),
        ("urllib.parse.urlsplit", urllib.parse.urlsplit),
        ("rfc3986 uri_reference+validate", _peer("rfc3986", rfc3986_parse)),
        ("yarl.URL", _peer("yarl", lambda m: m.URL)),  # type: ignore[attr-defined]
        ("uritools.urisplit", _peer("uritools", lambda m: m.urisplit)),  # type: ignore[attr-defined]
        ("hyperlink.parse", _peer("hyperlink", lambda m: m.parse)),  # type: ignore[attr-defined]
        ("ada_url.parse_url (C++, WHATWG)", _peer("ada_url", lambda m: m.parse_url)),  # type: ignore[attr-defined]
        ("ada_url.URL (C++, WHATWG)", _peer("ada_url", lambda m: m.URL)),  # type: ignore[attr-defined]
    ]
    return [(name, function) for name, function in found if function is not None]


def is_valid_contenders() -> list[Contender]:
    """``is_valid(text) -> bool``: RFC 3986 URI-reference against the peers' checks."""

    def rfc3986_valid(mod: object) -> Callable[[str], object]:
        from rfc3986 import validators

        validator = validators.Validator().check_validity_of(
            "scheme", "userinfo", "host", "port", "path", "query", "fragment"
        )

        def run(line: str) -> object:
            try:
                validator.validate(mod.uri_reference(line))  # type: ignore[attr-defined]
            except Exception:
                return False
            return True

        return run

    found: list[tuple[str, Callable[[str], object] | None]] = [
        ("urikit.is_valid", urikit.is_valid),
        ("rfc3986 uri_reference+validate", _peer("rfc3986", rfc3986_valid)),
        ("ada_url.check_url (C++, WHATWG)", _peer("ada_url", lambda m: m.check_url)),  # type: ignore[attr-defined]
    ]
    return [(name, function) for name, function in found if function is not None]


def resolution_pairs(lines: list[str]) -> list[tuple[str, str]]:
    """(base, reference) pairs from the corpus: each URL as the base of references
    derived from the next one (itself, its path, its last segment, ``../`` + it, a query,
    a fragment), so that every branch of RFC 3986 §5.2.2 is exercised."""
    valid = [line for line in lines if urikit.is_valid(line, rule="URI")]
    pairs = []
    for i, (base, other) in enumerate(zip(valid, valid[1:] + valid[:1], strict=True)):
        ref = urikit.parse(other)
        last = "./" + ref.path.rsplit("/", 1)[-1]
        derived = [
            other,
            ref.path + ("?" + ref.query if ref.query is not None else ""),
            last,
            "." + last,
            "?" + (ref.query or "x=1"),
            "#" + (ref.fragment or "top"),
        ]
        pairs.append((base, derived[i % len(derived)]))
    return [pair for pair in pairs if urikit.is_valid(pair[1])]


def resolve_contenders() -> list[Contender]:
    """``resolve(base, ref) -> str``: RFC 3986 §5.2 against the peers' joins."""
    import urllib.parse

    def rfc3986_resolve(mod: object) -> Callable[[tuple[str, str]], object]:
        def run(pair: tuple[str, str]) -> object:
            return mod.uri_reference(pair[1]).resolve_with(pair[0]).unsplit()  # type: ignore[attr-defined]

        return run

    found = [
        ("urikit.resolve", lambda pair: urikit.resolve(*pair)),
        ("urllib.parse.urljoin", lambda pair: urllib.parse.urljoin(*pair)),
        ("uritools.urijoin", _peer("uritools", lambda m: lambda pair: m.urijoin(*pair))),  # type: ignore[attr-defined]
        ("rfc3986 resolve_with", _peer("rfc3986", rfc3986_resolve)),
        (
            "ada_url.join_url (C++, WHATWG)",
            _peer("ada_url", lambda m: lambda pair: m.join_url(*pair)),
        ),  # type: ignore[attr-defined]
    ]
    return [(name, function) for name, function in found if function is not None]


def normalize_contenders() -> list[Contender]:
    """``normalize(uri) -> str``: RFC 3986 §6.2.2-6.2.3 against the peers' normalizers."""

    def rfc3986_normalize(mod: object) -> Callable[[str], object]:
        return lambda line: mod.uri_reference(line).normalize().unsplit()  # type: ignore[attr-defined]

    found = [
        ("urikit.normalize", urikit.normalize),
        ("w3lib.url.canonicalize_url", _peer("w3lib.url", lambda m: m.canonicalize_url)),  # type: ignore[attr-defined]
        ("url_normalize.url_normalize", _peer("url_normalize", lambda m: m.url_normalize)),  # type: ignore[attr-defined]
        ("rfc3986 normalize()", _peer("rfc3986", rfc3986_normalize)),
        ("ada_url.normalize_url (C++, WHATWG)", _peer("ada_url", lambda m: m.normalize_url)),  # type: ignore[attr-defined]
    ]
    return [(name, function) for name, function in found if function is not None]


# -- IRIs (RFC 3987) -----------------------------------------------------------------------
_ACCENTS = str.maketrans("aeiouAEIOU", "äéïöüÄÉÏÖÜ")


def _accented(line: str, *, host: bool) -> str | None:
    """The IRI a corpus URL becomes with its vowels accented in its path (and its host,
    with ``host``): non-ASCII IRIs of the corpus's shapes; ``None`` for what is no URI
    with an authority."""
    try:
        ref = urikit.parse(line, rule="URI")
    except urikit.URISyntaxError:
        return None
    if ref.host is None or ref.host[:1] == "[" or ref.host_type == "ipv4":
        return None
    iri = ref.scheme + "://" + (ref.authority if not host else ref.authority.translate(_ACCENTS))  # type: ignore[operator]
    iri += ref.path.translate(_ACCENTS)
    iri += "" if ref.query is None else "?" + ref.query
    return iri if urikit.is_valid(iri, grammar="rfc3987") else None


def iri_lines(lines: list[str], *, host: bool) -> list[str]:
    """The corpus as non-ASCII IRIs, every vowel accented: a dense worst case."""
    return [iri for iri in (_accented(line, host=host) for line in lines) if iri is not None]


#: Words of a few scripts, as IRIs hold them (article titles, file names).
_WORDS = ("Köln", "日本語", "München", "Ελληνικά", "русский", "العربية", "façade", "한국어")


def word_iri_lines(lines: list[str]) -> list[str]:
    """The corpus as IRIs of ASCII hosts with one non-ASCII word in the path: the last
    segment of each URL with a path replaced by one of ``_WORDS``, in turn."""
    found = []
    for line in lines:
        try:
            ref = urikit.parse(line, rule="URI")
        except urikit.URISyntaxError:
            continue
        head, slash, _ = ref.path.rpartition("/")
        if ref.authority is None or not slash:
            continue
        word = _WORDS[len(found) % len(_WORDS)]
        query = "" if ref.query is None else "?" + ref.query
        found.append(f"{ref.scheme}://{ref.authority}{head}/{word}{query}")
    return [iri for iri in found if urikit.is_valid(iri, grammar="rfc3987")]


def _rfc3987_match(mod: object) -> Callable[[str], object]:
    return lambda line: mod.match(line, rule="IRI_reference")  # type: ignore[attr-defined]


def iri_parse_contenders() -> list[Contender]:
    """Validating the ASCII corpus as IRIs: urikit's RFC 3987 grammar against its RFC
    3986 one (the bar: within 1.1x), and the ``rfc3987`` package's regex."""
    found = [
        ("urikit.parse rfc3986", lambda line: urikit.parse(line, grammar="rfc3986")),
        ("urikit.parse rfc3987", lambda line: urikit.parse(line, grammar="rfc3987")),
        ("rfc3987.match IRI_reference", _peer("rfc3987", _rfc3987_match)),
    ]
    return [(name, function) for name, function in found if function is not None]


def iri_nonascii_contenders() -> list[Contender]:
    """Validating non-ASCII IRIs (the corpus with accented paths and hosts): urikit's
    RFC 3987 parse against its RFC 3986 parse of the same IRIs' URI forms (the bar:
    within 2x), and the ``rfc3987`` package."""
    found = [
        ("urikit.parse rfc3986 of iri_to_uri", lambda pair: urikit.parse(pair[1])),
        ("urikit.parse rfc3987", lambda pair: urikit.parse(pair[0], grammar="rfc3987")),
        (
            "rfc3987.match IRI_reference",
            _peer("rfc3987", lambda m: lambda pair: m.match(pair[0], rule="IRI_reference")),
        ),  # type: ignore[attr-defined]
    ]
    return [(name, function) for name, function in found if function is not None]


def iri_convert_contenders() -> list[Contender]:
    """``iri_to_uri`` on IRIs with ASCII hosts against a parse of the same IRIs (the
    bar: within 1.5x), and ``rfc3986``'s ``iri_reference(...).encode()``."""

    def rfc3986_encode(mod: object) -> Callable[[str], object]:
        return lambda line: mod.iri_reference(line).encode().unsplit()  # type: ignore[attr-defined]

    found = [
        ("urikit.parse rfc3987", lambda line: urikit.parse(line, grammar="rfc3987")),
        ("urikit.iri_to_uri", urikit.iri_to_uri),
        ("rfc3986 iri_reference().encode()", _peer("rfc3986", rfc3986_encode)),
    ]
    return [(name, function) for name, function in found if function is not None]


# -- JSON Schema formats (urikit.jsonschema) -----------------------------------------------
def _conforms(
    format_name: str, check: Callable[[str], object], raises: Any
) -> Callable[[str], object]:
    """``checker.conforms(line, format_name)`` of a ``jsonschema.FormatChecker`` holding
    ``check`` the way jsonschema registers its own (``jsonschema/_format.py``): strings
    only, ``check``'s result as the answer, ``raises`` caught as the cause."""
    import jsonschema  # type: ignore[import-untyped]

    checker = jsonschema.FormatChecker(())

    def checked(instance: object) -> object:
        return not isinstance(instance, str) or check(instance)

    checker.checks(format_name, raises=raises)(checked)
    return lambda line: checker.conforms(line, format_name)


def _urikit_checker() -> Any:
    import urikit.jsonschema

    return urikit.jsonschema.format_checker()


def jsonschema_contenders() -> list[Contender]:
    """The ``uri`` format as a ``jsonschema.FormatChecker`` checks it
    (``checker.conforms(x, "uri")``): urikit's checker against the two that jsonschema
    4.26 registers, ``rfc3987`` (GPL, when installed) or else ``rfc3986-validator``."""
    checker = _urikit_checker()

    def rfc3987_conforms(mod: object) -> Callable[[str], object]:
        return _conforms("uri", lambda x: mod.parse(x, rule="URI"), ValueError)  # type: ignore[attr-defined]

    def rfc3986_validator_conforms(mod: object) -> Callable[[str], object]:
        return _conforms("uri", lambda x: mod.validate_rfc3986(x, rule="URI"), ())  # type: ignore[attr-defined]

    found = [
        ("urikit.jsonschema conforms", lambda line: checker.conforms(line, "uri")),
        ("rfc3987 conforms (GPL)", _peer("rfc3987", rfc3987_conforms)),
        ("rfc3986_validator conforms", _peer("rfc3986_validator", rfc3986_validator_conforms)),
    ]
    return [(name, function) for name, function in found if function is not None]


def jsonschema_bare_contenders() -> list[Contender]:
    """The ``uri`` checks alone, without the ``FormatChecker`` around them: urikit's (it
    raises on invalid input), ``rfc3987.parse(x, rule="URI")`` and
    ``rfc3986_validator.validate_rfc3986(x, rule="URI")``."""
    check = _urikit_checker().checkers["uri"][0]
    found = [
        ("urikit.jsonschema uri check", check),
        ("rfc3987.parse URI (GPL)", _peer("rfc3987", lambda m: lambda x: m.parse(x, rule="URI"))),  # type: ignore[attr-defined]
        (
            "rfc3986_validator.validate_rfc3986",
            _peer("rfc3986_validator", lambda m: lambda x: m.validate_rfc3986(x, rule="URI")),  # type: ignore[attr-defined]
        ),
    ]
    return [(name, function) for name, function in found if function is not None]


def jsonschema_iri_contenders() -> list[Contender]:
    """The ``iri`` format as a ``jsonschema.FormatChecker`` checks it: urikit's checker
    against jsonschema 4.26's two, ``rfc3987`` (GPL) or else ``rfc3987-syntax`` (a Lark
    parser: about 10 ms per IRI, hence the small sample of :func:`jsonschema_iri_lines`).
    Each urikit run follows one of ``rfc3987_syntax``, with the caches cold: its time
    here is up to twice its time alone (``jsonschema-iri-bare`` has no Lark run)."""
    checker = _urikit_checker()

    def rfc3987_conforms(mod: object) -> Callable[[str], object]:
        return _conforms("iri", lambda x: mod.parse(x, rule="IRI"), ValueError)  # type: ignore[attr-defined]

    def rfc3987_syntax_conforms(mod: object) -> Callable[[str], object]:
        return _conforms("iri", lambda x: mod.is_valid_syntax("iri", x), ValueError)  # type: ignore[attr-defined]

    found = [
        ("urikit.jsonschema conforms", lambda line: checker.conforms(line, "iri")),
        ("rfc3987 conforms (GPL)", _peer("rfc3987", rfc3987_conforms)),
        ("rfc3987_syntax conforms", _peer("rfc3987_syntax", rfc3987_syntax_conforms)),
    ]
    return [(name, function) for name, function in found if function is not None]


def jsonschema_iri_bare_contenders() -> list[Contender]:
    """The ``iri`` checks alone: urikit's and ``rfc3987.parse(x, rule="IRI")``
    (``rfc3987_syntax`` is left out: at tens of ms per IRI, its time is the same bare
    or in a ``FormatChecker``)."""
    check = _urikit_checker().checkers["iri"][0]
    found = [
        ("urikit.jsonschema iri check", check),
        ("rfc3987.parse IRI (GPL)", _peer("rfc3987", lambda m: lambda x: m.parse(x, rule="IRI"))),  # type: ignore[attr-defined]
    ]
    return [(name, function) for name, function in found if function is not None]


def jsonschema_iri_lines(lines: list[str]) -> list[str]:
    """Every 1000th corpus URL (ASCII IRIs) and every 1000th of :func:`word_iri_lines`
    (non-ASCII ones): a small fixed sample, for ``rfc3987_syntax``'s sake."""
    return lines[::1000] + word_iri_lines(lines)[::1000]


def lint_contenders() -> list[Contender]:
    """``urikit.lint`` against the parse it starts with (issue 14: at most 3 times); the
    parser differential, two more parsers, is timed apart."""

    def lint_local(line: str) -> object:
        return urikit.lint(line, ignore="parser-differential")

    found = [
        ("urikit.parse", urikit.parse),
        ("urikit.lint (no differential)", lint_local),
        ("urikit.lint (all rules)", urikit.lint),
    ]
    return found


SECTIONS: dict[str, tuple[Callable[[], list[Contender]], Callable[[list[str]], list[Any]]]] = {
    "parse": (parse_contenders, lambda lines: lines),
    "is-valid": (is_valid_contenders, lambda lines: lines),
    "resolve": (resolve_contenders, resolution_pairs),
    "normalize": (normalize_contenders, lambda lines: [x for x in lines if urikit.is_valid(x)]),
    "iri": (iri_parse_contenders, lambda lines: lines),
    "iri-nonascii": (
        iri_nonascii_contenders,
        lambda lines: [(iri, urikit.iri_to_uri(iri)) for iri in iri_lines(lines, host=True)],
    ),
    "iri-convert": (iri_convert_contenders, word_iri_lines),
    "iri-convert-dense": (iri_convert_contenders, lambda lines: iri_lines(lines, host=False)),
    "jsonschema": (jsonschema_contenders, lambda lines: lines),
    "jsonschema-bare": (jsonschema_bare_contenders, lambda lines: lines),
    "jsonschema-iri": (jsonschema_iri_contenders, jsonschema_iri_lines),
    "jsonschema-iri-bare": (jsonschema_iri_bare_contenders, jsonschema_iri_lines),
    "lint": (lint_contenders, lambda lines: lines),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sections", nargs="*", choices=[[], *SECTIONS], default=[])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per contender")
    parser.add_argument("--limit", type=int, default=None, help="use only the first N URLs")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="directory of *.txt")
    args = parser.parse_args()
    lines = load_corpus(args.corpus, args.limit)
    valid = sum(urikit.is_valid(line) for line in lines)
    print(f"corpus: {len(lines)} URLs from {args.corpus} ({valid} valid RFC 3986 references)")
    engine = "pure Python (URIKIT_PURE_PYTHON=1 or not built)" if core is None else "compiled core"
    print(f"python: {sys.version.split()[0]}; urikit engine: {engine}")
    for section in args.sections or list(SECTIONS):
        contenders, inputs = SECTIONS[section]
        time_contenders(section, contenders(), inputs(lines), args.repeat)


if __name__ == "__main__":
    main()
