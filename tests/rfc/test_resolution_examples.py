"""The reference resolution examples of RFC 3986 §5.4 and RFC 2396 Appendix C, verbatim,
each under its own grammar; one case per row."""

from __future__ import annotations

import pytest

import urikit

BASE = "http://a/b/c/d;p?q"

# RFC 3986 §5.4.1 Normal Examples
RFC3986_NORMAL = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
]

# RFC 3986 §5.4.2 Abnormal Examples
RFC3986_ABNORMAL = [
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),  # for strict parsers
]

# RFC 2396 Appendix C.1 Normal Examples ("(current document)" is the base itself)
RFC2396_NORMAL = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),  # (current document)#s
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
]

# RFC 2396 Appendix C.2 Abnormal Examples
RFC2396_ABNORMAL = [
    ("", "http://a/b/c/d;p?q"),  # <> = (current document)
    ("../../../g", "http://a/../g"),
    ("../../../../g", "http://a/../../g"),
    ("/./g", "http://a/./g"),
    ("/../g", "http://a/../g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),  # for validating parsers
]


# A base with an authority and an empty path.  RFC 3986 §5.2.3: "If the base URI has a
# defined authority component and an empty path, then return a string consisting of "/"
# concatenated with the reference's path".  RFC 2396 §5.2 step 6a, taken literally,
# glues the reference to the authority ("http://ag", another host); urikit merges as RFC
# 3986 does, as java.net.URI, Ruby's RFC2396_Parser and Perl's URI do, for a reference
# with a path; without one ("?y"), step 6a-b copy the empty base path and append nothing:
# "http://a?y", as those three give too.  Where the two algorithms differ otherwise (step
# 2, step 6g), each keeps its own.
EMPTY_PATH_BASE = "http://a"
EMPTY_PATH = [  # (reference, RFC 3986 §5.2, RFC 2396 §5.2)
    ("g", "http://a/g", "http://a/g"),
    ("./g", "http://a/g", "http://a/g"),
    ("g/", "http://a/g/", "http://a/g/"),
    (".", "http://a/", "http://a/"),
    ("./", "http://a/", "http://a/"),
    ("g/..", "http://a/", "http://a/"),
    ("g/../h", "http://a/h", "http://a/h"),
    ("..", "http://a/", "http://a/.."),
    ("../g", "http://a/g", "http://a/../g"),
    ("?y", "http://a?y", "http://a?y"),
    ("?", "http://a?", "http://a?"),
    ("#s", "http://a#s", "http://a#s"),
    ("", "http://a", "http://a"),
    ("/g", "http://a/g", "http://a/g"),
    ("//g", "http://g", "http://g"),
]


@pytest.mark.parametrize(("ref", "rfc3986", "rfc2396"), EMPTY_PATH)
def test_base_with_an_empty_path(ref: str, rfc3986: str, rfc2396: str) -> None:
    assert urikit.resolve(EMPTY_PATH_BASE, ref) == rfc3986
    assert urikit.resolve(EMPTY_PATH_BASE, ref, grammar="rfc2396") == rfc2396


@pytest.mark.parametrize(("ref", "target"), RFC3986_NORMAL + RFC3986_ABNORMAL)
def test_rfc3986_section_5_4(ref: str, target: str) -> None:
    assert urikit.resolve(BASE, ref) == target
    resolved = urikit.parse(BASE).resolve(ref)
    assert str(resolved) == target
    assert resolved == urikit.parse(target)
    assert resolved.components() == urikit.parse(target).components()


@pytest.mark.parametrize(("ref", "target"), RFC2396_NORMAL + RFC2396_ABNORMAL)
def test_rfc2396_appendix_c(ref: str, target: str) -> None:
    assert urikit.resolve(BASE, ref, grammar="rfc2396") == target
    assert str(urikit.parse(BASE, grammar="rfc2396").resolve(ref)) == target


def test_http_g_backward_compatibility() -> None:
    # RFC 3986 §5.4.2 and RFC 2396 C.2: "http://a/b/c/g" for backward compatibility
    assert urikit.resolve(BASE, "http:g", strict=False) == "http://a/b/c/g"
    assert urikit.resolve(BASE, "http:g", strict=False, grammar="rfc2396") == "http://a/b/c/g"
    assert urikit.resolve(BASE, "HTTP:g", strict=False) == "http://a/b/c/g"
    assert urikit.resolve(BASE, "ftp:g", strict=False) == "ftp:g"


# RFC 3986 §5.2.4, the two worked examples of the buffer algorithm
@pytest.mark.parametrize(
    ("path", "result"), [("/a/b/c/./../../g", "/a/g"), ("mid/content=5/../6", "mid/6")]
)
def test_remove_dot_segments_examples(path: str, result: str) -> None:
    assert urikit.remove_dot_segments(path) == result
