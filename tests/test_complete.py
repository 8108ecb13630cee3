"""Abbreviated URLs (RFC 2396 Appendix F): the heuristics, in their documented order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from tests import strategies as abnf
from urikit import ErrorKind

# What complete() strips: ASCII whitespace and Unicode's spaces, which an IRI could hold.
extract_whitespace = " \t\r\n\f\v\u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B)))
extract_whitespace += "\u2028\u2029\u202f\u205f\u3000"

COMPLETE = [
    # Appendix F's own example, and "the DNS hostname on its own"
    ("www.w3.org/Addressing/", "http://www.w3.org/Addressing/"),
    ("www.w3.org", "http://www.w3.org"),
    ("WWW.W3.ORG/a", "http://WWW.W3.ORG/a"),
    ("ftp.is.co.za/rfc/rfc1808.txt", "ftp://ftp.is.co.za/rfc/rfc1808.txt"),
    ("example.com", "http://example.com"),
    ("example.com/a?b#c", "http://example.com/a?b#c"),
    ("localhost", "http://localhost"),
    # host:port is not scheme:path
    ("localhost:8080/x", "http://localhost:8080/x"),
    ("example.com:81", "http://example.com:81"),
    # IP addresses, with a path
    ("192.0.2.16:80/", "http://192.0.2.16:80/"),
    ("[2001:db8::7]/c=GB", "http://[2001:db8::7]/c=GB"),
    ("2001:db8::7", "http://[2001:db8::7]"),
    ("fe80::1/x", "http://[fe80::1]/x"),
    # already a URI: unchanged
    ("mailto:John.Doe@example.com", "mailto:John.Doe@example.com"),
    ("https://example.com/", "https://example.com/"),
    ("iris.beep://example.com/", "iris.beep://example.com/"),  # a scheme, then "//"
    ("a.b://[v1.x]", "a.b://[v1.x]"),
    (
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    ),
    # a network-path reference
    ("//example.com/a", "http://example.com/a"),
    # surrounding whitespace
    ("  www.example.com \n", "http://www.example.com"),
    # IRIs (RFC 3987) complete to IRIs, converted no further
    ("bücher.de/x", "http://bücher.de/x"),
    ("www.bücher.de", "http://www.bücher.de"),
    ("ftp.bücher.de/ä", "ftp://ftp.bücher.de/ä"),
    ("пример.рф/путь?q=ё#ф", "http://пример.рф/путь?q=ё#ф"),
    ("例え.jp:8080/パス", "http://例え.jp:8080/パス"),
    ("//bücher.de/", "http://bücher.de/"),
    ("https://bücher.de/", "https://bücher.de/"),
    ("\u3000bücher.de\u00a0\n", "http://bücher.de"),  # Unicode spaces around it too
]


@pytest.mark.parametrize(("text", "uri"), COMPLETE)
def test_complete(text: str, uri: str) -> None:
    assert urikit.complete(text) == uri


def test_default_scheme() -> None:
    assert urikit.complete("www.example.com", default_scheme="https") == "https://www.example.com"
    assert urikit.complete("ftp.example.com", default_scheme="https") == "ftp://ftp.example.com"
    with pytest.raises(urikit.URISyntaxError):
        urikit.complete("www.example.com", default_scheme="ht tp")


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("", 0),
        ("   ", 3),
        ("a b", 1),
        ("www.example.com/a b", 17),
        ("  www.example.com/a b", 19),
        ("http://exa mple.com", 10),
        ("[::1", 4),
    ],
)
def test_no_reading_is_a_uri(text: str, position: int) -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.complete(text)
    assert caught.value.position == position
    assert caught.value.text == text


@given(abnf.uri)
def test_a_uri_stays_itself_unless_it_reads_as_host_port(uri: str) -> None:
    completed = urikit.complete(uri)
    assert urikit.parse(completed, rule="URI")
    if not completed.startswith("http://"):
        assert completed == uri


@given(st.text(max_size=30))
def test_anything_completes_to_a_uri_or_says_why(text: str) -> None:
    try:
        completed = urikit.complete(text)
    except urikit.URISyntaxError as error:
        assert 0 <= error.position <= len(text)
    else:  # an IRI, whose URI form is a URI; ASCII: a URI
        assert urikit.parse(completed, rule="IRI", grammar="rfc3987").scheme is not None
        assert urikit.parse(urikit.iri_to_uri(completed), rule="URI").scheme is not None
        if completed.isascii():
            assert urikit.parse(completed, rule="URI")


@given(abnf.strategy(abnf.iri_reference_rule(relative=False)))
def test_an_iri_stays_itself_unless_it_reads_as_host_port(iri: str) -> None:
    completed = urikit.complete(iri)
    assert urikit.parse(completed, rule="IRI", grammar="rfc3987")
    if not completed.startswith("http://"):
        assert completed == iri.strip(extract_whitespace)


# The exception contract: a str gives a URI or a URISyntaxError positioned in it;
# anything else is a TypeError.
@pytest.mark.parametrize("value", [None, b"www.example.com", 3, ["www.example.com"]])
def test_what_is_not_a_str_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="is a str, not"):
        urikit.complete(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="is a str, not"):
        urikit.complete("www.example.com", default_scheme=value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "position", "kind"),
    [
        ("www.example.com/\udfff", 16, ErrorKind.INVALID_CHARACTER),  # a lone surrogate
        ("bücher.de/a\u200eb", 11, ErrorKind.BIDI_FORMATTING),  # RFC 3987 §4.1
        ("bücher.de/\ue000", 10, ErrorKind.UNEXPECTED_CHARACTER),  # iprivate: query only
        ("bücher.de/?\ue000#\ue000", 13, ErrorKind.UNEXPECTED_CHARACTER),
        ("::/\x1c", 3, ErrorKind.INVALID_CHARACTER),  # positions skip the added brackets
        ("2001:db8::1/a b", 13, ErrorKind.INVALID_CHARACTER),
        ("//h:8a/", 6, ErrorKind.INVALID_PORT),  # "h:8a" could still be a userinfo
    ],
)
def test_positions_are_in_the_input(text: str, position: int, kind: ErrorKind) -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.complete(text)
    assert (caught.value.text, caught.value.position, caught.value.kind) == (text, position, kind)


def test_default_scheme_must_be_a_scheme() -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.complete("www.example.com", default_scheme="")
    assert (caught.value.position, caught.value.kind) == (0, ErrorKind.INVALID_SCHEME)
