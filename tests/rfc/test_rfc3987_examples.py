"""The examples of RFC 3987 §3.1, §3.2, §3.2.1 and §5.3, one case per example.

The RFC writes non-ASCII characters in XML notation ("r&#xE9;sum&#xE9;"); here they are
the characters themselves (``"r\\u00e9sum\\u00e9"``).  Where the RFC says what "may" be
done, the row says what urikit does and which keyword chooses it.
"""

from __future__ import annotations

import pytest

import urikit
from urikit import ErrorKind

R7 = "rfc3987"


# -- §3.1 Mapping of IRIs to URIs ----------------------------------------------------------


# "the IRI "http://r&#xE9;sum&#xE9;.example.org" may be converted to
# "http://xn--rsum-bpad.example.org" instead of "http://r%C3%A9sum%C3%A9.example.org"."
def test_resume_host_percent_encoded() -> None:
    iri = "http://r\u00e9sum\u00e9.example.org"
    assert urikit.iri_to_uri(iri, host="percent") == "http://r%C3%A9sum%C3%A9.example.org"


def test_resume_host_to_ascii() -> None:
    iri = "http://r\u00e9sum\u00e9.example.org"
    assert urikit.iri_to_uri(iri, host="idna") == "http://xn--rsum-bpad.example.org"


# "http://validator.w3.org/check?uri=http%3A%2F%2Fr&#xE9;sum&#xE9;.example.org, which
# would convert to a URI of
# http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"
def test_validator_query() -> None:
    iri = "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u00e9sum\u00e9.example.org"
    uri = "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"
    assert urikit.iri_to_uri(iri) == uri
    assert urikit.iri_to_uri(iri, host="idna") == uri  # an IDN in the query is not converted


# "an IRI of "http://www.example.org/red%09ros&#xE9;#red" (in XML notation) is converted
# to "http://www.example.org/red%09ros%C3%A9#red", not to something like
# "http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red"."
def test_existing_escapes_are_not_encoded_further() -> None:
    iri = "http://www.example.org/red%09ros\u00e9#red"
    assert urikit.iri_to_uri(iri) == "http://www.example.org/red%09ros%C3%A9#red"
    assert urikit.iri_to_uri(iri) != "http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red"


# "for the IRI with non-BMP characters (in XML Notation):
# "http://example.com/&#x10300;&#x10301;&#x10302";... the correct conversion to a URI is
# "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82""
def test_non_bmp_characters() -> None:
    iri = "http://example.com/\U00010300\U00010301\U00010302"
    uri = "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"
    assert urikit.iri_to_uri(iri) == uri


# "the word "Vietnam" is natively written "Vi&#x1EC7;t Nam" ... in NFC, but a direct
# transcoding from the windows-1258 character encoding leads to "Vi&#xEA;&#x323;t Nam"":
# step 1 c, an IRI in a Unicode encoding is not normalized; the two map to two URIs.
# (The space of "Viet Nam" is no IRI character: the rows write it "%20".)
@pytest.mark.parametrize(
    ("iri", "uri"),
    [
        ("http://example.org/Vi\u1ec7t%20Nam", "http://example.org/Vi%E1%BB%87t%20Nam"),
        ("http://example.org/Vi\u00ea\u0323t%20Nam", "http://example.org/Vi%C3%AA%CC%A3t%20Nam"),
    ],
)
def test_vietnam_is_not_normalized(iri: str, uri: str) -> None:
    assert urikit.iri_to_uri(iri) == uri


def test_vietnam_with_its_space_is_no_iri() -> None:
    # "If these characters are found but are not converted, then the conversion SHOULD
    # fail."
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.iri_to_uri("http://example.org/Vi\u1ec7t Nam")
    assert (caught.value.position, caught.value.kind) == (23, ErrorKind.INVALID_CHARACTER)


# "the printable characters in US-ASCII that are not allowed in URIs, namely "<", ">",
# '"', space, "{", "}", "|", "\", "^", and "`" ... If these characters are found but are
# not converted, then the conversion SHOULD fail."
@pytest.mark.parametrize("char", list('<>" {}|\\^`'))
def test_ascii_not_allowed_in_uris_fails(char: str) -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.iri_to_uri(f"http://example.org/a{char}b")
    assert (caught.value.position, caught.value.kind) == (20, ErrorKind.INVALID_CHARACTER)


# "the number sign ("#"), the percent sign ("%"), and the square bracket characters ("[",
# "]") are not part of the above list and MUST NOT be converted."
def test_number_percent_and_brackets_are_not_converted() -> None:
    iri = "http://[2001:db8::7]/%41\u00e9#f"
    assert urikit.iri_to_uri(iri) == "http://[2001:db8::7]/%41%C3%A9#f"


# "The mapping is also an identity transformation for URIs and is idempotent; applying the
# mapping a second time will not change anything."
def test_identity_on_uris_and_idempotent() -> None:
    uri = "http://www.example.org/r%C3%A9sum%C3%A9.html"
    assert urikit.iri_to_uri(uri) == uri
    assert (
        urikit.iri_to_uri(urikit.iri_to_uri("http://r\u00e9sum\u00e9/"))
        == "http://r%C3%A9sum%C3%A9/"
    )


# -- §3.2 Converting URIs to IRIs ------------------------------------------------------


# "the URI "http://www.example.org/r%E9sum%E9.html" might with some guessing be
# interpreted to contain two e-acute characters encoded as iso-8859-1. It must not be
# converted to an IRI containing these e-acute characters. Otherwise, in the future the
# IRI will be mapped to "http://www.example.org/r%C3%A9sum%C3%A9.html", which is a
# different URI"
def test_latin1_is_not_guessed() -> None:
    uri = "http://www.example.org/r%E9sum%E9.html"
    assert urikit.uri_to_iri(uri) == uri
    iri = "http://www.example.org/r\u00e9sum\u00e9.html"
    assert urikit.iri_to_uri(iri) == "http://www.example.org/r%C3%A9sum%C3%A9.html"
    assert not urikit.equivalent(urikit.iri_to_uri(iri), uri)


# -- §3.2.1 Examples (step 1 and step 5 of each) -----------------------------------------


# "%C3%BC", a strictly legal UTF-8 sequence, is converted into U+00FC.
def test_durst() -> None:
    assert (
        urikit.uri_to_iri("http://www.example.org/D%C3%BCrst")
        == "http://www.example.org/D\u00fcrst"
    )


# "<fc> is not part of a strictly legal UTF-8 sequence, it is re-percent-encoded in step 3."
def test_durst_latin1() -> None:
    uri = "http://www.example.org/D%FCrst"
    assert urikit.uri_to_iri(uri) == uri


# ""%e2%80%ae", which is the percent-encoded UTF-8 character encoding of U+202E,
# RIGHT-TO-LEFT OVERRIDE. Section 4.1 forbids the direct use of this character in an IRI.
# Therefore, the corresponding octets are re-percent-encoded in step 4. ... The example
# also contains a punycode-encoded domain name label (xn--99zt52a), which is not
# converted."
def test_rlo_and_punycode() -> None:
    uri = "http://xn--99zt52a.example.org/%e2%80%ae"
    assert urikit.uri_to_iri(uri) == "http://xn--99zt52a.example.org/%E2%80%AE"
    assert urikit.uri_to_iri(uri, host="keep") == "http://xn--99zt52a.example.org/%E2%80%AE"


# "Implementations with scheme-specific knowledge MAY convert punycode-encoded domain name
# labels to the corresponding characters by using the ToUnicode procedure. Thus, for the
# example above, the label "xn--99zt52a" may be converted to U+7D0D U+8C46 (Japanese
# Natto), leading to the overall IRI of "http://&#x7D0D;&#x8C46;.example.org/%E2%80%AE"."
def test_natto_to_unicode() -> None:
    uri = "http://xn--99zt52a.example.org/%e2%80%ae"
    assert urikit.uri_to_iri(uri, host="idna") == "http://\u7d0d\u8c46.example.org/%E2%80%AE"


# -- §5.3 Comparison Ladder --------------------------------------------------------------


# §5.3.2: "an application using this approach could reasonably consider the following two
# IRIs equivalent: example://a/b/c/%7Bfoo%7D/ros&#xE9;
# eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"
def test_syntax_based_example() -> None:
    a = "example://a/b/c/%7Bfoo%7D/ros\u00e9"
    b = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"
    assert urikit.normalize(b, grammar=R7, level="syntax") == a
    assert urikit.equivalent(a, b, grammar=R7, level="syntax")
    assert not urikit.equivalent(a, b, grammar=R7, level="string")  # §5.3.1


# §5.3.2.1: "the URI "HTTP://www.EXAMPLE.com/" is equivalent to "http://www.example.com/"."
def test_case_normalization_example() -> None:
    normal = urikit.normalize("HTTP://www.EXAMPLE.com/", grammar=R7, level="syntax")
    assert normal == "http://www.example.com/"


# §5.3.2.1: "the hexadecimal digits within a percent-encoding triplet (e.g., "%3a" versus
# "%3A") are case-insensitive and therefore should be normalized to use uppercase"
def test_hex_digit_case_example() -> None:
    assert urikit.normalize("http://a/%3a", grammar=R7, level="syntax") == "http://a/%3A"


# §5.3.2.2: ""http://www.example.org/r&#xE9;sum&#xE9;.html" (in XML Notation) is in NFC.
# On the other hand, "http://www.example.org/re&#x301;sume&#x301;.html" is not in NFC."
# "Equivalence of IRIs MUST rely on the assumption that IRIs are appropriately
# pre-character-normalized rather than apply character normalization when comparing two
# IRIs."
def test_nfc_example_is_not_applied() -> None:
    nfc = "http://www.example.org/r\u00e9sum\u00e9.html"
    nfd = "http://www.example.org/re\u0301sume\u0301.html"
    assert urikit.normalize(nfd, grammar=R7, level="syntax") == nfd
    assert urikit.normalize(nfd, grammar=R7, level="scheme") == nfd
    assert not urikit.equivalent(nfc, nfd, grammar=R7, level="syntax")
    assert not urikit.equivalent(nfc, nfd, grammar=R7, level="scheme")


# §5.3.2.3: ""http://example.org/~user", "http://example.org/%7euser", and
# "http://example.org/%7Euser", must resolve to the same resource."
@pytest.mark.parametrize("iri", ["http://example.org/%7euser", "http://example.org/%7Euser"])
def test_tilde_example(iri: str) -> None:
    assert urikit.equivalent(iri, "http://example.org/~user", grammar=R7, level="syntax")
    assert urikit.normalize(iri, grammar=R7) == "http://example.org/~user"


# §5.3.3: "the following four IRIs are equivalent: http://example.com
# http://example.com/ http://example.com:/ http://example.com:80/ ... the second IRI
# above is the normal form for the "http" scheme."
FOUR = [
    "http://example.com",
    "http://example.com/",
    "http://example.com:/",
    "http://example.com:80/",
]


@pytest.mark.parametrize("iri", FOUR)
def test_scheme_based_four_spellings(iri: str) -> None:
    assert urikit.normalize(iri, grammar=R7) == "http://example.com/"
    for other in FOUR:
        assert urikit.equivalent(iri, other, grammar=R7)


# §5.3.3: "the IRI "http://example.com/?" cannot be assumed to be equivalent to any of
# the examples above."
@pytest.mark.parametrize("iri", FOUR)
def test_empty_query_is_different(iri: str) -> None:
    assert urikit.normalize("http://example.com/?", grammar=R7) == "http://example.com/?"
    assert not urikit.equivalent("http://example.com/?", iri, grammar=R7)


# §5.3.3: "two IRIs that differ only by the suffix "#" are considered different
# regardless of the scheme."
def test_empty_fragment_is_different() -> None:
    assert not urikit.equivalent("http://example.com/#", "http://example.com/", grammar=R7)
    assert not urikit.equivalent("foo:x#", "foo:x", grammar=R7)


# §5.3.3: ""http://r&#xE9;sum&#xE9;.example.org" may be considered equivalent to
# "http://xn--rsum-bpad.example.org"."  urikit's ladder does no IDNA (it "SHOULD NOT" be
# converted into ACE "for legibility purposes"); iri_to_uri(host="idna") relates them.
def test_idn_and_its_ace_form() -> None:
    iri, ace = "http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org"
    assert not urikit.equivalent(iri, ace, grammar=R7)
    assert urikit.normalize(iri, grammar=R7) == "http://r\u00e9sum\u00e9.example.org/"
    assert urikit.iri_to_uri(iri, host="idna") == ace


# §5.3.4: "if they observe that an IRI such as http://example.com/data redirects to an IRI
# differing only in the trailing slash http://example.com/data/ they will likely regard
# the two as equivalent in the future": protocol-based, which no rung of urikit's is.
def test_protocol_based_is_not_applied() -> None:
    assert not urikit.equivalent("http://example.com/data", "http://example.com/data/", grammar=R7)
