"""``urikit.pydantic``: RFC-strict field types that keep the input exactly as written.

Values round-trip unchanged (where pydantic's WHATWG ``AnyUrl`` rewrites them); an
invalid one is a one-line error with the position and the reason; strict and lax modes
behave as for ``str`` (and, for the parsed types, as for pydantic's other non-str
types); the JSON Schema formats are those of JSON Schema 2020-12 §7.3.5.
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
from typing import Annotated, Any

import pytest
from hypothesis import given
from pydantic import AnyUrl, BaseModel, ConfigDict, Field, Strict, TypeAdapter, ValidationError

import urikit
from tests import strategies as abnf
from urikit.pydantic import (
    IRIReferenceStr,
    IRIStr,
    ParsedIRI,
    ParsedIRIReference,
    ParsedURI,
    ParsedURIReference,
    Syntax,
    URIReferenceStr,
    URIStr,
)

URI = TypeAdapter(URIStr)
URI_REFERENCE = TypeAdapter(URIReferenceStr)
IRI = TypeAdapter(IRIStr)
IRI_REFERENCE = TypeAdapter(IRIReferenceStr)
PARSED_URI = TypeAdapter(ParsedURI)
PARSED_REFERENCE = TypeAdapter(ParsedURIReference)
PARSED_IRI = TypeAdapter(ParsedIRI)


class Link(BaseModel):
    href: URIStr
    ref: URIReferenceStr = ""


class Page(BaseModel):
    url: ParsedURI
    link: ParsedIRIReference | None = None


def only_error(error: pytest.ExceptionInfo[ValidationError]) -> dict[str, Any]:
    [found] = error.value.errors()
    return dict(found)


# -- the value is the input --------------------------------------------------------------
#: RFC 3986 URIs that AnyUrl (WHATWG) rewrites: case, a "/" added, dot segments removed,
#: a path read as a host, a hexadecimal IPv4 address.
REWRITTEN_BY_ANYURL = [
    "HTTP://Example.COM",
    "http://a",
    "http://a/b/../c",
    "http:www.google.com",
    "http://0x7f.1/",
]


@pytest.mark.parametrize(
    "text",
    [
        *REWRITTEN_BY_ANYURL,
        "http://user@[2001:db8::7]:8080/a/b;p?q=1#frag",
        "urn:isbn:0451450523",
        "mailto:a@example.org?subject=hi",
        "file:///etc/hosts",
        "http://h?",
        "http://h:/#",
        "x:",
    ],
)
def test_uris_round_trip_unchanged(text: str) -> None:
    for adapter in (URI, URI_REFERENCE, IRI, IRI_REFERENCE):
        assert adapter.validate_python(text) == text
        assert adapter.validate_json(adapter.dump_json(text)) == text
    link = Link(href=text, ref=text)
    assert link.href == link.ref == text
    assert Link.model_validate_json(link.model_dump_json()) == link


@pytest.mark.parametrize("text", REWRITTEN_BY_ANYURL[:3])
def test_anyurl_rewrites_what_these_types_keep(text: str) -> None:
    assert str(TypeAdapter(AnyUrl).validate_python(text)) != text
    assert URI.validate_python(text) == text


@pytest.mark.parametrize(
    "text", ["http://例え.jp/パス?q=値#断片", "https://ja.wikipedia.org/wiki/東京", "ftp://ü@é/"]
)
def test_iris_round_trip_unchanged_under_the_iri_types(text: str) -> None:
    assert IRI.validate_python(text) == IRI_REFERENCE.validate_python(text) == text
    assert IRI.validate_json(IRI.dump_json(text)) == text
    with pytest.raises(ValidationError) as error:
        URI.validate_python(text)
    assert only_error(error)["ctx"]["kind"] == "non-ascii"


@pytest.mark.parametrize("text", ["", "../x", "//g", "?q", "#f", "パス"])
def test_relative_references_are_references_not_uris(text: str) -> None:
    adapter = IRI_REFERENCE if text.isalpha() else URI_REFERENCE
    assert adapter.validate_python(text) == text
    for strict_uri in (URI, IRI):
        with pytest.raises(ValidationError) as error:
            strict_uri.validate_python(text)
        assert only_error(error)["type"] == "uri_syntax"


# -- the errors: one line, with the position and the reason ---------------------------------
def test_an_error_is_one_line_with_position_and_reason() -> None:
    with pytest.raises(ValidationError) as error:
        Link(href="http://exa mple.com")
    reason = "a character not allowed in a URI: ' ' (U+0020)"
    assert only_error(error) == {
        "type": "uri_syntax",
        "loc": ("href",),
        "msg": f"Input should be a valid URI (rfc3986): {reason} at position 10",
        "input": "http://exa mple.com",
        "ctx": {
            "rule": "URI",
            "grammar": "rfc3986",
            "position": 10,
            "kind": "invalid-character",
            "reason": reason,
        },
    }
    lines = str(error.value).splitlines()
    assert lines[:2] == ["1 validation error for Link", "href"]
    assert len(lines) == 3 and "^" not in str(error.value)
    assert lines[2].startswith("  Input should be a valid URI (rfc3986): a character")


@pytest.mark.parametrize(
    ("text", "position", "kind"),
    [  # what AnyUrl (WHATWG) accepts, rewriting it, and RFC 3986 does not
        ("http:\\\\evil.com", 5, "invalid-character"),
        ("http://a/%zz", 10, "invalid-percent-encoding"),
        ("http://a/{x}", 9, "invalid-character"),
        ("http://a/b c", 10, "invalid-character"),
        ("http://[::1", 11, "invalid-ip-literal"),
        ("http://h:8a/", 11, "invalid-port"),
        ("https://例え.jp/", 8, "non-ascii"),
    ],
)
def test_invalid_uris_are_rejected_where_they_stop_fitting(
    text: str, position: int, kind: str
) -> None:
    with pytest.raises(urikit.URISyntaxError) as direct:  # the same position and reason
        urikit.validate(text, rule="URI")
    with pytest.raises(ValidationError) as error:
        URI.validate_python(text)
    found = only_error(error)
    assert found["type"] == "uri_syntax"
    assert found["ctx"]["position"] == direct.value.position == position
    assert found["ctx"]["kind"] == direct.value.kind.value == kind
    assert found["ctx"]["reason"] == direct.value.reason
    assert found["msg"].endswith(f"{direct.value.reason} at position {position}")
    assert "\n" not in found["msg"]


def test_the_message_keeps_braces_of_the_input_as_they_are() -> None:
    with pytest.raises(ValidationError) as error:
        URI.validate_python("http://a/{position}{rule}")
    reason = "a character not allowed in a URI: '{' (U+007B)"
    assert only_error(error)["msg"] == (
        f"Input should be a valid URI (rfc3986): {reason} at position 9"
    )


# -- strict and lax modes --------------------------------------------------------------------
class StrictLink(BaseModel):
    model_config = ConfigDict(strict=True)
    href: URIStr


class FieldStrictLink(BaseModel):
    href: URIStr = Field(strict=True)


def test_lax_mode_takes_what_str_takes() -> None:
    assert URI.validate_python(b"http://a") == "http://a"
    assert Link.model_validate({"href": bytearray(b"http://a")}).href == "http://a"
    with pytest.raises(ValidationError) as error:
        URI.validate_python(b"http://a b")
    assert only_error(error)["ctx"]["position"] == 8


@pytest.mark.parametrize("value", [b"http://a", 42, None, ["http://a"]])
def test_strict_mode_takes_only_str(value: object) -> None:
    for validate in (
        StrictLink.model_validate,
        FieldStrictLink.model_validate,
        lambda data: Link.model_validate(data, strict=True),
    ):
        with pytest.raises(ValidationError) as error:
            validate({"href": value})
        assert only_error(error)["type"] == "string_type"
    assert StrictLink(href="http://a").href == FieldStrictLink(href="http://a").href == "http://a"
    assert StrictLink.model_validate_json('{"href": "http://a"}').href == "http://a"


@pytest.mark.parametrize("value", [42, 4.2, None, object()])
def test_lax_mode_rejects_what_str_rejects(value: object) -> None:
    for adapter in (URI, PARSED_URI):
        with pytest.raises(ValidationError) as error:
            adapter.validate_python(value)
        assert only_error(error)["type"] == "string_type"


# -- JSON Schema --------------------------------------------------------------------------
class Everything(BaseModel):
    uri: URIStr
    uri_reference: URIReferenceStr
    iri: IRIStr
    iri_reference: IRIReferenceStr
    parsed_uri: ParsedURI
    parsed_uri_reference: ParsedURIReference
    parsed_iri: ParsedIRI
    parsed_iri_reference: ParsedIRIReference
    iri_by_alias: Annotated[str, Syntax("URI", grammar="rfc3987")]
    absolute: Annotated[str, Syntax("absolute-URI")]
    relative: Annotated[urikit.URIReference, Syntax("relative-ref")]
    rfc2396: Annotated[str, Syntax("absoluteURI", grammar="rfc2396")]
    rfc2396_reference: Annotated[str, Syntax(grammar="rfc2396")]
    host: Annotated[str, Syntax("host")]
    short: Annotated[URIStr, Field(max_length=20)]


def test_json_schema_formats_are_those_exactly_the_rule() -> None:
    for mode in ("validation", "serialization"):
        properties = Everything.model_json_schema(mode=mode)["properties"]
        formats = {name: p.get("format") for name, p in properties.items()}
        assert formats == {
            "uri": "uri",
            "uri_reference": "uri-reference",
            "iri": "iri",
            "iri_reference": "iri-reference",
            "parsed_uri": "uri",
            "parsed_uri_reference": "uri-reference",
            "parsed_iri": "iri",
            "parsed_iri_reference": "iri-reference",
            "iri_by_alias": "iri",
            "absolute": None,  # a subset of "uri": no format says exactly it
            "relative": None,
            "rfc2396": None,  # RFC 2396 is not RFC 3986: "http://a?[x]"
            "rfc2396_reference": None,
            "host": None,
            "short": "uri",
        }
        assert all(p["type"] == "string" for p in properties.values())
    assert Everything.model_json_schema()["properties"]["uri"] == {
        "format": "uri",
        "title": "Uri",
        "type": "string",
    }
    assert Everything.model_json_schema()["properties"]["short"]["maxLength"] == 20
    assert TypeAdapter(list[IRIStr]).json_schema() == {
        "items": {"format": "iri", "type": "string"},
        "type": "array",
    }


# -- the parsed types ------------------------------------------------------------------------
def test_parsed_types_give_the_parts() -> None:
    page = Page.model_validate(
        {"url": "http://user@[2001:db8::7]:8080/a/b;p?q=1#frag", "link": "/パス?q=値"}
    )
    url = page.url
    assert isinstance(url, urikit.URIReference)
    assert (url.scheme, url.userinfo, url.host, url.port_number) == (
        "http",
        "user",
        "[2001:db8::7]",
        8080,
    )
    assert (url.path, url.query, url.fragment, url.grammar) == ("/a/b;p", "q=1", "frag", "rfc3986")
    assert page.link is not None and page.link.path == "/パス" and page.link.grammar == "rfc3987"


def test_parsed_types_serialize_to_the_exact_string() -> None:
    text = "HTTP://Example.COM/a/./b?Q#F"
    page = Page.model_validate({"url": text})
    dumped = page.model_dump()
    assert dumped == {"url": urikit.parse(text), "link": None}
    assert isinstance(dumped["url"], urikit.URIReference)  # python mode: the value itself
    assert page.model_dump(mode="json") == {"url": text, "link": None}
    assert page.model_dump_json() == '{"url":"HTTP://Example.COM/a/./b?Q#F","link":null}'
    assert Page.model_validate_json(page.model_dump_json()) == page
    assert PARSED_URI.dump_python(page.url, mode="json") == text
    assert PARSED_URI.dump_json(page.url) == b'"HTTP://Example.COM/a/./b?Q#F"'


def test_parsed_types_take_a_reference_and_read_it_under_their_rule() -> None:
    ref = urikit.parse("http://a/b")
    assert PARSED_URI.validate_python(ref) == ref
    assert PARSED_REFERENCE.validate_python(ref) is ref  # nothing to read again
    iri = PARSED_IRI.validate_python(ref)  # read again under RFC 3987
    assert iri == ref and iri.grammar == "rfc3987"
    with pytest.raises(ValidationError) as error:
        PARSED_URI.validate_python(urikit.parse("../x"))
    assert only_error(error)["ctx"]["kind"] == "missing-scheme"
    assert PARSED_REFERENCE.validate_python(b"../x") == urikit.parse("../x")  # lax: bytes too


def test_parsed_types_in_strict_mode_take_a_reference_in_python_and_a_str_in_json() -> None:
    ref = urikit.parse("http://a/b")

    class StrictPage(BaseModel):
        model_config = ConfigDict(strict=True)
        url: ParsedURI

    class FieldStrictPage(BaseModel):
        url: ParsedURI = Field(strict=True)

    class AnnotatedStrictPage(BaseModel):
        url: Annotated[ParsedURI, Strict()]

    for model in (StrictPage, FieldStrictPage, AnnotatedStrictPage):
        assert model.model_validate({"url": ref}).url == ref
        assert model.model_validate_json('{"url": "http://a/b"}').url == ref
        with pytest.raises(ValidationError) as error:
            model.model_validate({"url": "http://a/b"})
        assert only_error(error)["type"] == "is_instance_of"
        with pytest.raises(ValidationError) as error:
            model.model_validate_json('{"url": "http://a b"}')
        assert only_error(error)["ctx"]["position"] == 8
    with pytest.raises(ValidationError):
        PARSED_URI.validate_python("http://a/b", strict=True)
    assert PARSED_URI.validate_json('"http://a/b"', strict=True) == ref

    class LaxField(BaseModel):  # Field(strict=False) in a strict model
        model_config = ConfigDict(strict=True)
        url: ParsedURI = Field(strict=False)

    assert LaxField.model_validate({"url": "http://a/b"}).url == ref


def test_parsed_type_errors_are_the_same_one_line_errors() -> None:
    with pytest.raises(ValidationError) as error:
        Page.model_validate({"url": "http://exa mple.com"})
    found = only_error(error)
    assert found["type"] == "uri_syntax" and found["loc"] == ("url",)
    assert found["ctx"]["position"] == 10 and "^" not in str(error.value)
    with pytest.raises(ValidationError) as error:
        Page.model_validate_json('{"url": "http:\\\\\\\\evil.com"}')
    assert only_error(error)["ctx"]["position"] == 5


# -- the marker: any rule of any grammar ---------------------------------------------------------
def test_a_marker_takes_any_rule_of_any_grammar() -> None:
    absolute_2396 = TypeAdapter(Annotated[str, Syntax("absoluteURI", grammar="rfc2396")])
    assert absolute_2396.validate_python("http://a/b?[x]") == "http://a/b?[x]"  # RFC 2732
    with pytest.raises(ValidationError):
        URI.validate_python("http://a/b?[x]")
    with pytest.raises(ValidationError) as error:
        absolute_2396.validate_python("http://a#f")
    assert only_error(error)["ctx"] == {
        "rule": "absoluteURI",
        "grammar": "rfc2396",
        "position": 8,
        "kind": "fragment-not-allowed",
        "reason": "absoluteURI does not allow a fragment (RFC 2396 §3)",
    }
    assert only_error(error)["msg"].startswith("Input should be a valid absoluteURI (rfc2396): ")

    parsed_2396 = TypeAdapter(Annotated[urikit.URIReference, Syntax(grammar="rfc2396")])
    opaque = parsed_2396.validate_python("mailto:a?b")
    assert (opaque.path, opaque.query, opaque.grammar) == ("a?b", None, "rfc2396")

    host = TypeAdapter(Annotated[str, Syntax("IPv6address")])  # a component rule on a str
    assert host.validate_python("2001:db8::1") == "2001:db8::1"
    with pytest.raises(ValidationError) as error:
        host.validate_python("1.2.3.4")
    assert only_error(error)["ctx"]["rule"] == "IPv6address"


def test_a_marker_is_a_small_frozen_value() -> None:
    marker = Syntax("IRI", grammar=urikit.RFC3987)
    assert marker == Syntax("IRI", grammar="rfc3987") and marker.grammar == "rfc3987"
    assert hash(marker) == hash(Syntax("IRI", grammar="rfc3987"))
    assert repr(Syntax()) == "Syntax(rule='URI-reference', grammar='rfc3986')"
    with pytest.raises(dataclasses.FrozenInstanceError):
        marker.rule = "URI"  # type: ignore[misc]


def test_an_unknown_rule_or_grammar_fails_where_the_type_is_written() -> None:
    with pytest.raises(ValueError, match="unknown rule 'URL' for grammar 'rfc3986'"):
        Syntax("URL")
    with pytest.raises(ValueError, match="unknown rule 'IRI' for grammar 'rfc3986'"):
        Syntax("IRI")  # an IRI rule needs grammar="rfc3987"
    with pytest.raises(ValueError, match="unknown grammar 'rfc3999'"):
        Syntax(grammar="rfc3999")
    with pytest.raises(TypeError):
        Syntax(3986)  # type: ignore[arg-type]
    with pytest.raises(ValueError):

        class Broken(BaseModel):
            href: Annotated[str, Syntax("url")]


def test_a_marker_annotates_str_or_uri_reference_only() -> None:
    with pytest.raises(TypeError, match=r"annotates a str or a urikit\.URIReference"):
        TypeAdapter(Annotated[int, Syntax("URI")])
    with pytest.raises(TypeError, match="'host' is a component rule"):
        TypeAdapter(Annotated[urikit.URIReference, Syntax("host")])


def test_the_module_needs_pydantic(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "urikit.pydantic")
    monkeypatch.setitem(sys.modules, "pydantic", None)
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("urikit.pydantic")


# -- properties: every valid reference round-trips, every invalid one fails where urikit says --
@given(abnf.uri_reference())
def test_any_uri_reference_round_trips(text: str) -> None:
    assert URI_REFERENCE.validate_python(text) == text
    assert URI_REFERENCE.validate_json(URI_REFERENCE.dump_json(text)) == text
    parsed = PARSED_REFERENCE.validate_json(PARSED_REFERENCE.dump_json(urikit.parse(text)))
    assert str(parsed) == text and parsed == urikit.parse(text)
    if urikit.is_valid(text, rule="URI"):
        assert URI.validate_python(text) == text


@given(abnf.iri)
def test_any_iri_round_trips(text: str) -> None:
    assert IRI.validate_json(IRI.dump_json(text)) == text
    assert str(PARSED_IRI.validate_python(text)) == text


@given(abnf.mutated(abnf.reference(None, True)))
def test_a_mutated_reference_fails_where_urikit_says(text: str) -> None:
    try:
        urikit.validate(text)
    except urikit.URISyntaxError as expected:
        with pytest.raises(ValidationError) as error:
            URI_REFERENCE.validate_python(text)
        ctx = only_error(error)["ctx"]
        assert (ctx["position"], ctx["reason"]) == (expected.position, expected.reason)
    else:
        assert URI_REFERENCE.validate_python(text) == text
