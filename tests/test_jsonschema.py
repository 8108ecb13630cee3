"""``urikit.jsonschema``: JSON Schema's ``uri``, ``uri-reference``, ``iri`` and
``iri-reference`` formats (draft 2020-12 "Validation" §7.3.5) and ``uri-template``
(§7.3.6) checked by urikit, run
through jsonschema's own validators on the JSON Schema Test Suite's cases
(``tests/data/json-schema-test-suite``, drafts 2020-12 and 7)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

import urikit
import urikit.jsonschema
from urikit.errors import ErrorKind

SUITE = Path(__file__).parent / "data" / "json-schema-test-suite"
VALIDATORS = {"draft2020-12": jsonschema.Draft202012Validator, "draft7": jsonschema.Draft7Validator}
FORMATS = ("uri", "uri-reference", "iri", "iri-reference")
#: With the format of RFC 6570 URI Templates (§7.3.6).
ALL_FORMATS = (*FORMATS, "uri-template")
#: The rule and grammar of each format, as the module documents them.
RULES = {
    "uri": ("URI", "rfc3986"),
    "uri-reference": ("URI-reference", "rfc3986"),
    "iri": ("IRI", "rfc3987"),
    "iri-reference": ("IRI-reference", "rfc3987"),
    "uri-template": ("URI-Template", "rfc6570"),
}


def _suite_cases() -> list[Any]:
    """One ``pytest.param`` per case: (draft, schema, data, valid), with an id naming the
    draft, the format, the case's place and its description."""
    cases = []
    for draft in VALIDATORS:
        for name in ALL_FORMATS:
            path = SUITE / draft / "optional" / "format" / f"{name}.json"
            for group in json.loads(path.read_text("utf-8")):
                for index, test in enumerate(group["tests"]):
                    case_id = f"{draft}/{name}/{index}: {test['description'].strip()}"
                    values = (draft, group["schema"], test["data"], test["valid"])
                    cases.append(pytest.param(*values, id=case_id))
    return cases


SUITE_CASES = _suite_cases()


def test_the_suite_is_there() -> None:
    assert len(SUITE_CASES) == 2 * (26 + 13 + 15 + 13 + 10)


@pytest.mark.parametrize(("draft", "schema", "data", "valid"), SUITE_CASES)
def test_json_schema_test_suite(draft: str, schema: Any, data: Any, valid: bool) -> None:
    validator = VALIDATORS[draft](schema, format_checker=urikit.jsonschema.format_checker())
    errors = list(validator.iter_errors(data))
    assert not errors if valid else errors
    for error in errors:  # failed by urikit's check, which says where and why
        assert isinstance(error.cause, urikit.URISyntaxError)
        assert (error.cause.rule, error.cause.grammar) == RULES[schema["format"]]
        assert error.message == _message(data, schema["format"], error.cause)


def _message(text: str, name: str, cause: urikit.URISyntaxError) -> str:
    """The ValidationError's message: jsonschema's, then where and why."""
    return f"{text!r} is not a {name!r}: at {cause.position}: {cause.reason}"


# -- the cause: where and why ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "text", "position", "kind"),
    [
        ("uri", "http://exa mple.com", 10, ErrorKind.INVALID_CHARACTER),
        ("uri", "/x", 0, ErrorKind.MISSING_SCHEME),
        ("uri", "http://h/%4g", 11, ErrorKind.INVALID_PERCENT_ENCODING),
        ("uri-reference", "#frag\\ment", 5, ErrorKind.INVALID_CHARACTER),
        ("iri", "http://a/b\u202ec", 10, ErrorKind.BIDI_FORMATTING),
        ("iri-reference", "/\u200eabc", 1, ErrorKind.BIDI_FORMATTING),
        ("uri-template", "/r{?q", 5, ErrorKind.UNEXPECTED_CHARACTER),
        ("uri-template", "/r{?q,page*:2}", 11, ErrorKind.UNEXPECTED_CHARACTER),
        ("uri-template", "/r/{x} y", 6, ErrorKind.INVALID_CHARACTER),
    ],
)
def test_a_validation_error_has_the_uri_syntax_error_as_its_cause(
    name: str, text: str, position: int, kind: ErrorKind
) -> None:
    validator = jsonschema.Draft202012Validator(
        {"format": name}, format_checker=urikit.jsonschema.format_checker()
    )
    with pytest.raises(jsonschema.ValidationError) as raised:
        validator.validate(text)
    cause = raised.value.cause
    assert isinstance(cause, urikit.URISyntaxError)
    assert (cause.text, cause.position, cause.kind) == (text, position, kind)
    assert (cause.rule, cause.grammar) == RULES[name]
    assert cause.reason and isinstance(cause.reason, str)
    assert raised.value.message == _message(text, name, cause)
    assert f": at {position}: " in raised.value.message
    with pytest.raises(urikit.URISyntaxError) as direct:
        if name == "uri-template":
            urikit.URITemplate(text)
        else:
            urikit.validate(text, rule=RULES[name][0], grammar=RULES[name][1])
    assert (direct.value.position, direct.value.reason) == (cause.position, cause.reason)


# -- what urikit adds to jsonschema's own checker ------------------------------------------
#: The libraries jsonschema's own FormatChecker checks these formats with
#: (``jsonschema/_format.py``): rfc3987 (GPL) for the four when it imports, otherwise
#: rfc3986-validator for ``uri`` and ``uri-reference`` and rfc3987-syntax for ``iri`` and
#: ``iri-reference`` (the test extra installs these two, jsonschema's "format-nongpl").
STOCK_LIBRARIES = ("rfc3987", "nongpl")
URI_FORMATS = ("uri", "uri-reference")


def stock_library(name: str) -> str | None:
    """The column of STOCK below that ``jsonschema.FormatChecker()`` answers by for the
    format ``name``, or None when it does not check it (its library is missing)."""
    if name not in jsonschema.FormatChecker().checkers:
        return None
    if importlib.util.find_spec("rfc3987") is not None:
        return "rfc3987"
    return "nongpl"


#: (format, text, urikit's error as (position, kind) or None when valid, and the verdict
#: of jsonschema's own checker with rfc3987 and with rfc3986-validator/rfc3987-syntax).
#: Measured with rfc3987 1.3.8, rfc3986-validator 0.1.1 and rfc3987-syntax 1.1.0.
STOCK: list[tuple[str, str, tuple[int, ErrorKind] | None, tuple[bool, bool]]] = [
    # RFC 6874 §2: IPv6 zone identifiers ("%25" and a ZoneID), which jsonschema's
    # checkers do not know
    ("uri", "http://[fe80::1%25en0]/", None, (False, False)),
    ("uri-reference", "//[fe80::1%25en0]", None, (False, False)),
    ("iri", "http://[fe80::1%25en0]/", None, (False, False)),
    ("iri-reference", "//[fe80::1%25en0]", None, (False, False)),
    ("uri", "http://[fe80::1%25en%300]/", None, (False, False)),
    ("uri", "http://[fe80::1%en0]/", (16, ErrorKind.INVALID_IP_LITERAL), (False, False)),
    ("uri", "http://[::1%25]/", (14, ErrorKind.INVALID_IP_LITERAL), (False, False)),
    # RFC 3986 §3.2.2 IPvFuture: "v" is case-insensitive (RFC 5234 §2.3)
    ("uri", "http://[v7.fe80::a+en1]/", None, (True, True)),
    ("iri", "http://[v7.fe80::a+en1]/", None, (True, True)),
    ("uri", "http://[V7.a]/", None, (False, False)),
    # RFC 3986 §3.2.2 dec-octet in an IPv6 address's last 32 bits: no leading zero
    ("uri", "http://[::1.2.3.04]/", (17, ErrorKind.INVALID_IP_LITERAL), (True, True)),
    ("uri", "http://[::01.2.3.4]/", (12, ErrorKind.INVALID_IP_LITERAL), (True, True)),
    ("uri", "http://[::ffff:1.2.3.256]/", (23, ErrorKind.INVALID_IP_LITERAL), (False, False)),
    # a line feed at the end: a regex's "$" matches before it
    ("uri", "http://a/\n", (9, ErrorKind.INVALID_CHARACTER), (True, True)),
    ("uri-reference", "a\n", (1, ErrorKind.INVALID_CHARACTER), (True, True)),
    ("iri", "http://a/\n", (9, ErrorKind.INVALID_CHARACTER), (True, False)),
    # RFC 3987 §4.1: no bidirectional formatting characters
    ("iri", "http://a/b\u202ec", (10, ErrorKind.BIDI_FORMATTING), (True, True)),
    ("iri", "http://a\u200e.com/", (8, ErrorKind.BIDI_FORMATTING), (True, True)),
    # RFC 3987 §2.2 ucschar beyond the BMP, and iprivate in the query
    ("iri", "http://a/\U0001f600", None, (True, False)),
    ("iri", "http://a/\U000e1000", None, (True, False)),
    ("iri", "http://a?\U000f0000", None, (True, False)),
    ("iri", "http://a/\ue000", (9, ErrorKind.UNEXPECTED_CHARACTER), (False, False)),
    ("iri", "http://a/\ufdd0", (9, ErrorKind.INVALID_CHARACTER), (False, False)),
    ("iri", "http://\u4f8b\u3048.jp/\xfc", None, (True, True)),
    ("uri", "http://\u4f8b\u3048.jp/", (7, ErrorKind.NON_ASCII), (False, False)),
    # a bare "%", a backslash, a space (RFC 3986 §2.1, §2)
    ("uri", "http://a/%", (10, ErrorKind.INVALID_PERCENT_ENCODING), (False, False)),
    ("uri-reference", "%", (1, ErrorKind.INVALID_PERCENT_ENCODING), (False, False)),
    (
        "iri-reference",
        "//\u4f8b\u3048.jp/%",
        (9, ErrorKind.INVALID_PERCENT_ENCODING),
        (False, False),
    ),
    ("uri", "http://a\\b", (8, ErrorKind.INVALID_CHARACTER), (False, False)),
    ("uri-reference", "/a\\b", (2, ErrorKind.INVALID_CHARACTER), (False, False)),
    ("uri", "http://a b", (8, ErrorKind.INVALID_CHARACTER), (False, False)),
    ("uri", "http://h:8x/", (11, ErrorKind.INVALID_PORT), (False, False)),
]
_STOCK_IDS = [f"{name} {text!a}" for name, text, _, _ in STOCK]


@pytest.mark.parametrize(("name", "text", "error", "stock"), STOCK, ids=_STOCK_IDS)
def test_urikit_says_where_and_why(
    name: str, text: str, error: tuple[int, ErrorKind] | None, stock: tuple[bool, bool]
) -> None:
    validator = jsonschema.Draft202012Validator(
        {"format": name}, format_checker=urikit.jsonschema.format_checker()
    )
    errors = list(validator.iter_errors(text))
    if error is None:
        assert errors == []
        return
    [found] = errors
    assert isinstance(found.cause, urikit.URISyntaxError)
    assert (found.cause.position, found.cause.kind) == error
    assert found.message == _message(text, name, found.cause)


@pytest.mark.parametrize(("name", "text", "error", "stock"), STOCK, ids=_STOCK_IDS)
def test_what_jsonschemas_own_checker_says(
    name: str, text: str, error: tuple[int, ErrorKind] | None, stock: tuple[bool, bool]
) -> None:
    """The verdict recorded for the library jsonschema checks with here; and where it
    refuses, neither a position nor urikit's message."""
    library = stock_library(name)
    if library is None:
        pytest.skip(f"jsonschema checks no {name!r} without its optional library")
    verdict = stock[STOCK_LIBRARIES.index(library)]
    validator = jsonschema.Draft202012Validator(
        {"format": name}, format_checker=jsonschema.FormatChecker()
    )
    errors = list(validator.iter_errors(text))
    assert not errors if verdict else errors
    for found in errors:
        assert found.message == f"{text!r} is not a {name!r}"
        assert not isinstance(found.cause, urikit.URISyntaxError)
        assert not hasattr(found.cause, "position")


@pytest.mark.parametrize("library", STOCK_LIBRARIES)
def test_urikit_and_jsonschemas_own_checker_differ(library: str) -> None:
    """The cases above where urikit's verdict is not the stock checker's, each way."""
    column = STOCK_LIBRARIES.index(library)
    differ = [
        (n, text, error is None)
        for n, text, error, stock in STOCK
        if (error is None) != stock[column]
    ]
    accepted_by_urikit_only = [case for case in differ if case[2]]
    refused_by_urikit_only = [case for case in differ if not case[2]]
    assert len(accepted_by_urikit_only) >= 5, differ
    assert len(refused_by_urikit_only) >= 5, differ


# -- what each format accepts ----------------------------------------------------------------
@pytest.mark.parametrize("name", FORMATS)
@pytest.mark.parametrize("instance", [12, 13.7, True, None, [], {}, ["/ x"], {"a b": 1}])
def test_what_is_not_a_string_passes(name: str, instance: object) -> None:
    assert urikit.jsonschema.format_checker().conforms(instance, name)


def test_iri_accepts_non_ascii_and_uri_does_not() -> None:
    checker = urikit.jsonschema.format_checker()
    assert checker.conforms("http://例え.jp/ü", "iri")
    assert checker.conforms("//例え.jp/ü", "iri-reference")
    assert not checker.conforms("http://例え.jp/ü", "uri")
    assert not checker.conforms("//例え.jp/ü", "uri-reference")
    assert checker.conforms("http://xn--r8jz45g.jp/%C3%BC", "uri")


def test_a_relative_reference_is_no_uri() -> None:
    checker = urikit.jsonschema.format_checker()
    for text in ("/x", "//h/x", "x", "?q", "#f", ""):
        assert not checker.conforms(text, "uri"), text
        assert checker.conforms(text, "uri-reference"), text
        assert not checker.conforms(text, "iri"), text
        assert checker.conforms(text, "iri-reference"), text
    assert checker.conforms("http://h/x#f", "uri")  # URI, not absolute-URI: a fragment


@pytest.mark.parametrize("name", FORMATS)
def test_zone_identifiers_are_accepted(name: str) -> None:  # RFC 6874 §2
    checker = urikit.jsonschema.format_checker()
    assert checker.conforms("http://[fe80::1%25eth0]/", name)
    assert not checker.conforms("http://[fe80::1%eth0]/", name)  # "%25": the % encoded
    assert not checker.conforms("http://[fe80::1%25]/", name)  # ZoneID = 1*( ... )


# -- the checkers ----------------------------------------------------------------------------
def test_other_formats_are_still_checked() -> None:
    checker = urikit.jsonschema.format_checker()
    assert set(checker.checkers) >= set(jsonschema.FormatChecker().checkers)
    for name, good, bad in [
        ("ipv4", "192.0.2.1", "192.0.2.256"),
        ("date", "2024-02-29", "2023-02-29"),
        ("email", "a@example.com", "example.com"),
        ("ipv6", "2001:db8::1", "2001:db8::g"),
    ]:
        assert checker.conforms(good, name), name
        assert not checker.conforms(bad, name), name
    validator = jsonschema.Draft202012Validator({"format": "date"}, format_checker=checker)
    assert not validator.is_valid("2023-02-29")


def test_format_checker_copies_the_checker_given() -> None:
    def never(instance: object) -> bool:
        return False

    existing = jsonschema.FormatChecker(["ipv4"])
    existing.checks("uri")(never)
    existing.checks("custom")(never)
    before = dict(existing.checkers)
    checker = urikit.jsonschema.format_checker(existing)
    assert checker is not existing and checker.checkers is not existing.checkers
    assert existing.checkers == before  # not modified
    assert set(checker.checkers) == {"ipv4", "custom", *ALL_FORMATS}
    assert checker.checkers["custom"] == existing.checkers["custom"]
    assert checker.conforms("http://h/", "uri") and not existing.conforms("http://h/", "uri")
    assert not checker.conforms("192.0.2.256", "ipv4")


def test_format_checker_keeps_the_class_of_the_checker_given() -> None:
    class Checker(jsonschema.FormatChecker):  # type: ignore[misc]
        pass

    checker = urikit.jsonschema.format_checker(Checker(["ipv4"]))
    assert type(checker) is Checker
    assert set(checker.checkers) == {"ipv4", *ALL_FORMATS}


def test_format_checker_makes_a_new_checker_each_time() -> None:
    first, second = urikit.jsonschema.format_checker(), urikit.jsonschema.format_checker()
    assert first is not second and first.checkers is not second.checkers
    default = jsonschema.FormatChecker()
    for name in FORMATS:
        if name in default.checkers:  # jsonschema's own, when rfc3987 & co are installed
            assert default.checkers[name] != first.checkers[name]


def test_register_changes_the_checker_and_returns_it() -> None:
    checker = jsonschema.FormatChecker(["date"])
    assert urikit.jsonschema.register(checker) is checker
    assert set(checker.checkers) == {"date", *ALL_FORMATS}
    for name in FORMATS:
        assert checker.checkers[name][1] == ()  # the check raises FormatError itself
    assert checker.conforms("//h/x", "uri-reference") and not checker.conforms("//h/x", "uri")
    assert urikit.jsonschema.register(checker) is checker  # again: replaces, the same four
    assert set(checker.checkers) == {"date", *ALL_FORMATS}
