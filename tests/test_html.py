"""``urikit.html``: the base URI of an HTML document by the precedence of RFC 3986 §5.1
(RFC 2396 §5.1), and its URI references, read the way HTML's tokenizer reads them.

RFC 2396 Appendix D's example is in ``tests/rfc/test_appendix_d.py``.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import sys
from collections.abc import Callable
from html.parser import HTMLParser
from types import ModuleType
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urikit
from tests.growth import assert_finishes, assert_linear
from urikit._html import tokenizer as _html_tokenizer
from urikit.errors import ErrorKind, IDNAError
from urikit.html import Link, base_uri, links

PAGE = "http://example.com/dir/page.html"  # a retrieval URI for most tests


def refs(document: str, **context: Any) -> list[tuple[str, str, str]]:
    """(element, attribute, reference) of every link, in order."""
    return [(link.element, link.attribute, link.reference) for link in links(document, **context)]


def uris(document: str, **context: Any) -> list[str | None]:
    return [link.uri for link in links(document, **context)]


# -- RFC 3986 §5.1: the layers, innermost first --------------------------------------------
EMBEDDED = '<html><head><base href="{}"></head><body><a href="x">x</a></body></html>'
ENC = "http://encapsulating.example/m/n"
RET = "http://retrieval.example/r/s"
DEF = "http://default.example/d/e"

# (href of <base> or None, encapsulating base, retrieval URI, default, expected base)
PRECEDENCE = [
    # no embedded base: §5.1.2 > §5.1.3 > §5.1.4
    (None, None, None, None, None),
    (None, None, None, DEF, DEF),
    (None, None, RET, None, RET),
    (None, None, RET, DEF, RET),
    (None, ENC, None, None, ENC),
    (None, ENC, None, DEF, ENC),
    (None, ENC, RET, None, ENC),
    (None, ENC, RET, DEF, ENC),
    # an absolute embedded base (§5.1.1) wins over every layer
    ("http://embedded.example/p/q", None, None, None, "http://embedded.example/p/q"),
    ("http://embedded.example/p/q", ENC, RET, DEF, "http://embedded.example/p/q"),
    ("http://embedded.example/p/q", None, RET, None, "http://embedded.example/p/q"),
    # a relative embedded base is resolved against the next layer that exists
    ("../t/", ENC, RET, DEF, "http://encapsulating.example/t/"),
    ("../t/", None, RET, DEF, "http://retrieval.example/t/"),
    ("../t/", None, None, DEF, "http://default.example/t/"),
    ("//other.example/z", None, RET, None, "http://other.example/z"),
    ("?q", None, RET, None, "http://retrieval.example/r/s?q"),
    ("", None, RET, None, RET),  # the empty reference is the base itself
    # ... and when none exists it is skipped: nothing gives a base
    ("../t/", None, None, None, None),
    ("#top", None, None, None, None),
    # an invalid embedded base is ignored and the next layer takes over
    ("http://exa mple/", None, RET, DEF, RET),
    ("http://exa mple/", None, None, DEF, DEF),
    ("http://exa mple/", None, None, None, None),
    ("http://[::1/", ENC, RET, None, ENC),
    ("ht tp:x", None, None, None, None),
    ("a:b:c\x00", None, RET, None, RET),
    # §5.1: a base is absolute and without fragment
    ("http://embedded.example/p#frag", None, None, None, "http://embedded.example/p"),
    ("#frag", None, RET, None, RET),
    ("http://embedded.example/a/./b/../c", None, None, None, "http://embedded.example/a/c"),
    # ASCII whitespace around the href is not part of it
    ("  \n\thttp://embedded.example/w \f", None, None, None, "http://embedded.example/w"),
]


@pytest.mark.parametrize(("href", "enc", "ret", "default", "expected"), PRECEDENCE)
def test_base_precedence(
    href: str | None, enc: str | None, ret: str | None, default: str | None, expected: str | None
) -> None:
    document = EMBEDDED.format(href) if href is not None else "<p><a href=x>x</a>"
    assert (
        base_uri(document, encapsulating_base=enc, retrieval_uri=ret, default=default) == expected
    )
    found = links(document, encapsulating_base=enc, retrieval_uri=ret, default=default)
    (link,) = [link for link in found if link.element == "a"]
    if expected is None:
        assert link.uri is None
        assert isinstance(link.error, urikit.ResolutionError)
    else:
        assert link.uri == urikit.resolve(expected, "x")


def test_given_layers_lose_their_fragment() -> None:
    assert base_uri("", retrieval_uri=RET + "#part") == RET
    assert base_uri("", default=DEF + "#") == DEF


def test_given_layers_must_be_uris() -> None:
    with pytest.raises(urikit.ResolutionError):
        base_uri("<p>", retrieval_uri="relative/path")
    with pytest.raises(urikit.URISyntaxError) as caught:
        links("<p>", encapsulating_base="http://exa mple/")
    assert caught.value.position == 10
    with pytest.raises(urikit.URISyntaxError):
        base_uri("<p>", default="http://h/%zz")
    with pytest.raises(ValueError, match="grammar"):
        base_uri("<p>", grammar="rfc1738")
    with pytest.raises(TypeError):
        base_uri(b"<p>")  # type: ignore[arg-type]


# HTML's "document base URL": the first base element *with an href*, anywhere in the
# document; a base inside <template> or in SVG is not the document's.
WHICH_BASE = [
    ('<base target=_top><base href="http://one/">', "http://one/"),
    ('<base href="http://one/"><base href="http://two/">', "http://one/"),
    ('<base href="http://exa mple/"><base href="http://two/">', PAGE),  # first only
    ('<body><p><base href="http://late/"></p>', "http://late/"),  # not only in head
    ('<BASE HREF="http://upper/">', "http://upper/"),
    ("<base href=http://unquoted/>", "http://unquoted/"),
    ('<template><base href="http://t/"></template><base href="http://real/">', "http://real/"),
    ('<template><base href="http://t/"></template>', PAGE),
    ('<svg><base href="http://svg/"/></svg><base href="http://html/">', "http://html/"),
    ('<!-- <base href="http://comment/"> --><base href="http://real/">', "http://real/"),
    ('<script>"<base href=http://script/>"</script><base href="http://x/">', "http://x/"),
    ('<base href="http://a/" href="http://b/">', "http://a/"),  # a repeated attribute
    ("<base href>", PAGE),  # present and empty: the empty reference
]


@pytest.mark.parametrize(("document", "expected"), WHICH_BASE)
def test_which_base_element(document: str, expected: str) -> None:
    assert base_uri(document, retrieval_uri=PAGE) == expected


def test_a_late_base_applies_to_earlier_links() -> None:
    document = '<a href="x">early</a><base href="http://late/dir/"><a href="y">'
    assert uris(document, retrieval_uri=PAGE) == [
        "http://late/dir/x",
        "http://late/dir/",  # the base element's own href
        "http://late/dir/y",
    ]


# HTML standard, "set the frozen base URL": a base URL whose scheme is "data" or
# "javascript" is ignored for the document's fallback base URL (here: the next layer).
SCRIPT_BASES = [
    ('<base href="javascript:alert(1)//">', PAGE),
    ('<base href="JavaScript:alert(1)">', PAGE),  # schemes are case-insensitive
    ('<base href=" data:text/html,x ">', PAGE),
    ('<base href="DATA:,x"><base href="http://second/">', PAGE),  # the first still counts
    ('<base href="/javascript:x">', "http://example.com/javascript:x"),  # a path
    ('<base href="javascripts:x">', "javascripts:x"),
    ('<base href="data.example:x">', "data.example:x"),
]


@pytest.mark.parametrize(("document", "expected"), SCRIPT_BASES)
def test_data_and_javascript_bases_are_ignored(document: str, expected: str) -> None:
    assert base_uri(document, retrieval_uri=PAGE) == expected
    if expected == PAGE:  # ignored, and without a next layer there is no base
        assert base_uri(document) is None


def test_links_resolve_against_the_fallback_of_a_javascript_base() -> None:
    document = '<base href="javascript:alert(1)//"><a href="x">'
    found = list(links(document, retrieval_uri="http://h/d/p"))
    assert [(link.element, link.uri) for link in found] == [
        ("base", "javascript:alert(1)//"),  # the base element's own href is a link still
        ("a", "http://h/d/x"),
    ]
    (base, link) = links(document)
    assert base.uri == "javascript:alert(1)//"
    assert link.uri is None
    assert isinstance(link.error, urikit.ResolutionError)
    # a relative href that the next layer makes a data: URL is no base either
    assert base_uri('<base href="#f">', retrieval_uri="data:text/plain,x") == "data:text/plain,x"


def test_base_href_resolves_against_the_outer_layers() -> None:
    # HTML resolves a base element's href against the "fallback base URL", not itself.
    found = list(links('<base href="sub/"><a href="x">', retrieval_uri="http://h/a/b"))
    assert [(link.reference, link.uri) for link in found] == [
        ("sub/", "http://h/a/sub/"),
        ("x", "http://h/a/sub/x"),
    ]
    (link,) = links('<base href="sub/">')
    assert link.uri is None
    assert isinstance(link.error, urikit.ResolutionError)


def test_grammar_rfc2396() -> None:
    document = '<base href="http://a/b/c/d;p?q"><a href="?y"><a href="../../../g">'
    assert uris(document)[1:] == ["http://a/b/c/d;p?y", "http://a/g"]
    assert uris(document, grammar="rfc2396")[1:] == ["http://a/b/c/?y", "http://a/../g"]
    assert base_uri('<base href="http://x/a/../b">', grammar="rfc2396") == "http://x/a/../b"


def test_opaque_base_under_rfc2396() -> None:
    # RFC 2396 §5.2 resolves relative references only against a hierarchical base.
    document = '<base href="mailto:someone@example.com"><a href="x"><a href="#f">'
    assert base_uri(document, grammar="rfc2396") == "mailto:someone@example.com"
    found = list(links(document, grammar="rfc2396"))
    assert found[1].uri is None
    assert isinstance(found[1].error, urikit.ResolutionError)
    assert found[2].uri == "mailto:someone@example.com#f"


# -- which attributes hold URLs ------------------------------------------------------------
ATTRIBUTES = [
    # HTML
    ('<a href="u">', "a", "href"),
    ('<area href="u">', "area", "href"),
    ('<link rel=stylesheet href="u">', "link", "href"),
    ('<base href="u">', "base", "href"),
    ('<img src="u">', "img", "src"),
    ('<script src="u"></script>', "script", "src"),
    ('<iframe src="u"></iframe>', "iframe", "src"),
    ('<frame src="u">', "frame", "src"),
    ('<embed src="u">', "embed", "src"),
    ('<audio src="u">', "audio", "src"),
    ('<video src="u">', "video", "src"),
    ('<source src="u">', "source", "src"),
    ('<track src="u">', "track", "src"),
    ('<input type=image src="u">', "input", "src"),
    ('<img srcset="u">', "img", "srcset"),
    ('<source srcset="u 2x">', "source", "srcset"),
    ('<link rel=preload as=image imagesrcset="u 2x">', "link", "imagesrcset"),
    ('<form action="u">', "form", "action"),
    ('<button formaction="u">', "button", "formaction"),
    ('<input type=submit formaction="u">', "input", "formaction"),
    ('<blockquote cite="u">', "blockquote", "cite"),
    ('<q cite="u">', "q", "cite"),
    ('<del cite="u">', "del", "cite"),
    ('<ins cite="u">', "ins", "cite"),
    ('<object data="u">', "object", "data"),
    ('<video poster="u">', "video", "poster"),
    ('<html manifest="u">', "html", "manifest"),
    ('<a ping="u">', "a", "ping"),
    ('<area ping="u">', "area", "ping"),
    ('<div itemscope itemtype="u">', "div", "itemtype"),
    ('<span itemid="u">', "span", "itemid"),
    ('<meta http-equiv="refresh" content="0; url=u">', "meta", "content"),
    # HTML 4.01 and legacy
    ('<object codebase="u">', "object", "codebase"),
    ('<object classid="u">', "object", "classid"),
    ('<object archive="u">', "object", "archive"),
    ('<object usemap="u">', "object", "usemap"),
    ('<applet code="u">', "applet", "code"),
    ('<applet codebase="u">', "applet", "codebase"),
    ('<applet archive="u">', "applet", "archive"),
    ('<body background="u">', "body", "background"),
    ('<table background="u">', "table", "background"),
    ('<td background="u">', "td", "background"),
    ('<head profile="u">', "head", "profile"),
    ('<frame longdesc="u">', "frame", "longdesc"),
    ('<iframe longdesc="u"></iframe>', "iframe", "longdesc"),
    ('<img longdesc="u">', "img", "longdesc"),
    ('<img usemap="u">', "img", "usemap"),
    ('<input usemap="u">', "input", "usemap"),
    ('<img lowsrc="u">', "img", "lowsrc"),
    ('<image src="u">', "image", "src"),  # HTML reads <image> as <img>
    # SVG and MathML
    ('<svg><a href="u"></a></svg>', "a", "href"),
    ('<svg><use href="u"/></svg>', "use", "href"),
    ('<svg><use xlink:href="u"/></svg>', "use", "xlink:href"),
    ('<svg><image xlink:href="u"/></svg>', "image", "xlink:href"),
    ('<svg><feImage href="u"/></svg>', "feimage", "href"),
    ('<svg><g><textPath href="u"/></g></svg>', "textpath", "href"),
    ('<math><mi href="u">x</mi></math>', "mi", "href"),
    ('<div xlink:href="u">', "div", "xlink:href"),
]


@pytest.mark.parametrize(("document", "element", "attribute"), ATTRIBUTES)
def test_url_attributes(document: str, element: str, attribute: str) -> None:
    (link,) = links(document, retrieval_uri=PAGE)
    assert (link.element, link.attribute, link.reference) == (element, attribute, "u")
    assert link.uri == "http://example.com/dir/u"
    assert link.error is None


NOT_URLS = [
    '<div href="u">',  # href only on the elements that have it, and in SVG/MathML
    '<p src="u">',
    '<img alt="u" title="u" data-src="u">',
    '<a hreflang="en" rel="u" target="u">',
    '<meta name="refresh" content="0; url=u">',  # http-equiv, not name
    '<meta http-equiv="content-type" content="text/html; url=u">',
    '<meta http-equiv="refresh " content="0; url=u">',  # an enumerated value: exact
    '<meta property="og:image" content="http://u/">',
    '<svg><p href="u"></svg>',  # <p> ends foreign content
    '<svg></svg><bar href="u">',  # ... and so does </svg>
    '<form method="u">',
    '<object type="u" name="u">',
    '<q href="u">',
]


@pytest.mark.parametrize("document", NOT_URLS)
def test_other_attributes_are_not_links(document: str) -> None:
    assert list(links(document, retrieval_uri=PAGE)) == []


LISTS = [
    ('<a href=x ping="/p1  /p2\n/p3">', ["x", "/p1", "/p2", "/p3"]),
    (
        '<div itemtype="http://schema.org/A http://schema.org/B">',
        ["http://schema.org/A", "http://schema.org/B"],
    ),
    ('<object archive=" a.jar\tb.jar ">', ["a.jar", "b.jar"]),
    ('<applet archive="a.jar, b.jar,,c.jar ,">', ["a.jar", "b.jar", "c.jar"]),
    ('<head profile="http://p/1 http://p/2">', ["http://p/1", "http://p/2"]),
    ('<a ping="   ">', []),
]


@pytest.mark.parametrize(("document", "expected"), LISTS)
def test_lists_of_urls(document: str, expected: list[str]) -> None:
    assert [reference for _, _, reference in refs(document)] == expected


# -- srcset: HTML "parse a srcset attribute" -----------------------------------------------
SRCSET = [
    ("a.png", ["a.png"]),
    ("a.png 1x, b.png 2x", ["a.png", "b.png"]),
    ("a.png 100w,b.png 200w", ["a.png", "b.png"]),
    ("  a.png  ,  b.png  ", ["a.png", "b.png"]),
    ("a.png,b.png", ["a.png,b.png"]),  # a URL runs to whitespace: the comma is in it
    ("a.png, b.png", ["a.png", "b.png"]),  # ... but a trailing comma ends it
    ("a.png,,, b.png", ["a.png", "b.png"]),
    (",a.png", ["a.png"]),  # leading commas are skipped
    ("data:image/png;base64,iVBO= 1x, b.png 2x", ["data:image/png;base64,iVBO=", "b.png"]),
    ("a.png (x, y) 1x, b.png", ["a.png", "b.png"]),  # no split inside parentheses
    ("a.png (unclosed, b.png 2x", ["a.png"]),
    ("a.png 1x b.png 2x", ["a.png"]),  # no comma: "b.png" is a (bad) descriptor
    ("a.png 1x 2x, b.png", ["a.png", "b.png"]),  # a bad descriptor list: still a reference
    ("", []),
    (" , , ", []),
    ("a.png\n2x,\nb.png\t3x", ["a.png", "b.png"]),
]


@pytest.mark.parametrize(("srcset", "expected"), SRCSET)
def test_srcset(srcset: str, expected: list[str]) -> None:
    document = f'<img srcset="{srcset}">'
    assert [reference for _, _, reference in refs(document)] == expected


def test_srcset_positions() -> None:
    document = '<img srcset="a.png 1x,\n  b.png 2x, c,d.png">'
    found = list(links(document))
    assert [(link.reference, link.line, link.column) for link in found] == [
        ("a.png", 1, 14),
        ("b.png", 2, 3),
        ("c,d.png", 2, 13),
    ]
    # many references, many lines, in one tag (each position is found, not counted)
    document = '<img\nsrcset="' + "a.png 1x,\n  " * 1000 + '&amp;.png">'
    found = list(links(document))
    assert [(link.line, link.column) for link in found] == [
        (2, 9),
        *((line, 3) for line in range(3, 1003)),
    ]
    assert found[-1].reference == "&.png"


# -- <meta http-equiv="refresh">: HTML "shared declarative refresh steps" ------------------
REFRESH = [
    ("5; url=/next", "/next"),
    ("5;url=/next", "/next"),
    ("5; URL=/next", "/next"),
    ("0; Url = /next", "/next"),
    ("0;url='/next'", "/next"),
    ('0; url="/next"', "/next"),
    ("0; url='/next", "/next"),  # an unclosed quote runs to the end
    ("0; url='/next' trailing", "/next"),  # ... a closed one ends the URL
    ("0, /next", "/next"),
    ("0 /next", "/next"),
    ("0; /next", "/next"),
    ("0; 'quoted'", "quoted"),
    ("3.5; url=/next", "/next"),
    (".5; url=/next", "/next"),
    ("0; url=  /padded  ", "/padded"),
    ("  7  ;  url=/spaced", "/spaced"),
    ("0; u.html", "u.html"),  # "u" not followed by "rl": the URL itself
    ("0; urls.html", "urls.html"),  # "url" not followed by "=": the URL itself
    ("0; url", "url"),
    ("0; url=", ""),  # the empty reference: the document again
    ("0; URL='http://example.org/a b'", "http://example.org/a b"),
]


@pytest.mark.parametrize(("content", "expected"), REFRESH)
def test_meta_refresh(content: str, expected: str) -> None:
    quoted = content.replace('"', "&quot;")
    document = f'<meta http-equiv=refresh content="{quoted}">'
    assert refs(document) == [("meta", "content", expected)]


@pytest.mark.parametrize("content", ["5", "  5 ", "", "x; url=/next", "5x; url=/next", ";url=/a"])
def test_meta_refresh_without_url(content: str) -> None:
    assert refs(f'<meta http-equiv="refresh" content="{content}">') == []


def test_meta_refresh_any_attribute_order_and_case() -> None:
    document = (
        '<META CONTENT="0; URL=/x" HTTP-EQUIV="Refresh"><meta http-equiv=REFRESH content=1;/y>'
    )
    assert uris(document, retrieval_uri=PAGE) == ["http://example.com/x", "http://example.com/y"]


def test_meta_refresh_position() -> None:
    (link,) = links('<meta http-equiv="refresh" content="5; url=/next">')
    assert (link.line, link.column) == (1, 44)


# -- character references in attribute values ----------------------------------------------
ENTITIES = [
    ("a&amp;b", "a&b"),
    ("a&AMP;b", "a&b"),
    ("?x=1&amp;y=2", "?x=1&y=2"),
    ("&#47;path", "/path"),
    ("&#x2F;path&#X2f;", "/path/"),
    ("&#0047;", "/"),
    ("&#47", "/"),  # no ";": still a reference
    ("&#47x", "/x"),
    ("&#x41g", "Ag"),
    ("a&#32;b", "a b"),
    ("&#32;a&#9;", "a"),  # trimmed after decoding
    ("?a=1&copy=2", "?a=1&copy=2"),  # HTML: a legacy name before "=" is not decoded
    ("?a=1&copy;2", "?a=1\u00a92"),
    ("?a=1&copy 2", "?a=1\u00a9 2"),
    ("?a=1&copyright=2", "?a=1&copyright=2"),
    ("?a=1&notit;", "?a=1&notit;"),
    ("?a=1&notin;", "?a=1\u2209"),
    ("?lang=en&region=us", "?lang=en&region=us"),
    ("&unknown;", "&unknown;"),
    ("&#;", "&#;"),
    ("&#x;", "&#x;"),
    ("&", "&"),
    ("&#0;", "\ufffd"),
    ("&#x110000;", "\ufffd"),
    ("&#xD800;", "\ufffd"),
    ("&#128;", "\u20ac"),  # C1 controls are read as windows-1252
    ("&#x81;", "\x81"),
    ("&#1;", "\x01"),  # kept (html.unescape would drop it)
    ("&#" + "9" * 40 + ";", "\ufffd"),
    ("&#" + "0" * 40 + "65;", "A"),
]


@pytest.mark.parametrize(("raw", "decoded"), ENTITIES)
def test_character_references(raw: str, decoded: str) -> None:
    documents = [f'<a href="{raw}">', f"<a href='{raw}'>"]
    if " " not in raw:
        documents.append(f"<a href={raw}>")
    for document in documents:
        assert refs(document) == [("a", "href", decoded)], document


def test_character_references_make_invalid_references() -> None:
    (link,) = links('<a href="http://h/a&#32;b">', retrieval_uri=PAGE)
    assert link.reference == "http://h/a b"
    assert link.uri is None
    assert isinstance(link.error, urikit.URISyntaxError)
    assert (link.error.position, link.error.kind) == (10, ErrorKind.INVALID_CHARACTER)


def test_positions_with_character_references() -> None:
    # The position is that of the first character's spelling in the document.
    document = '<a ping="&#32;&#x2F;a  &amp;b c&#x20;d">'
    found = list(links(document))
    assert [(link.reference, link.column) for link in found] == [
        ("/a", 15),
        ("&b", 24),
        ("c", 31),
        ("d", 38),
    ]


def test_a_huge_decimal_reference_does_not_break_the_parser() -> None:
    # html.unescape (which HTMLParser uses on text) raises on >4300 digits.
    digits = "1" * 5000
    document = f"<p>&#{digits};</p>\n<a href='&#{digits};x'>\n <a href=after>"
    found = list(links(document, retrieval_uri=PAGE))
    assert [(link.reference, link.line, link.column) for link in found] == [
        ("\ufffdx", 2, 10),
        ("after", 3, 10),
    ]


# -- names and case ------------------------------------------------------------------------
def test_case_insensitive_names() -> None:
    document = (
        '<A HREF="a"><Img SrC="b" SRCSET="c 2x"><FORM ACTION="d"><SVG><USE XLINK:HREF="e"/>'
        "</SVG><Blockquote CITE=f>"
    )
    assert refs(document) == [
        ("a", "href", "a"),
        ("img", "src", "b"),
        ("img", "srcset", "c"),
        ("form", "action", "d"),
        ("use", "xlink:href", "e"),
        ("blockquote", "cite", "f"),
    ]


def test_only_ascii_letters_are_case_folded() -> None:
    # HTML lowercases ASCII only: KELVIN SIGN is not "k", so this is no <track>.
    assert refs("<trac\u212a src=x><track src=y>") == [("track", "src", "y")]
    assert refs("<a \u212aHREF=x hre\u0192=y>") == []


def test_values_are_case_sensitive() -> None:
    assert refs('<a href="HTTP://Example.COM/A">') == [("a", "href", "HTTP://Example.COM/A")]


# -- whitespace ----------------------------------------------------------------------------
def test_ascii_whitespace_is_trimmed() -> None:
    (link,) = links('<a href=" \t\n\f\r http://example.com/x \n ">')
    assert link.reference == "http://example.com/x"
    assert (link.line, link.column) == (3, 2)  # CR LF after \f: one line break


def test_other_whitespace_is_not_trimmed() -> None:
    (link,) = links('<a href="\u00a0http://example.com/x\u2003">')
    assert link.reference == "\u00a0http://example.com/x\u2003"
    assert link.uri is None
    assert isinstance(link.error, urikit.URISyntaxError)


def test_tabs_and_newlines_inside_are_kept_and_invalid() -> None:
    # A browser's URL parser deletes them; urikit reports the reference as written.
    (link,) = links('<a href="http://example.com/a\n   b">')
    assert link.reference == "http://example.com/a\n   b"
    assert link.uri is None
    assert isinstance(link.error, urikit.URISyntaxError)
    assert link.error.position == 20


def test_empty_values_are_the_empty_reference() -> None:
    found = list(links('<a href=""><img src><form action="  ">', retrieval_uri=PAGE + "#f"))
    assert [(link.reference, link.uri) for link in found] == [("", PAGE)] * 3


# -- order and positions -------------------------------------------------------------------
def test_document_order_and_positions() -> None:
    document = (
        "<!DOCTYPE html>\n"  # line 1
        "<html><head>\n"
        '  <link rel="icon" href="/favicon.ico">\n'
        "</head>\n"
        "<body background=bg.png>\n"  # line 5
        "  <p>Text <a href=a.html\n"
        "     ping='/p'>a</a>\n"
        "  <img\n"
        '    src="i.png" alt=x\n'
        "  >\u00e9<a href=b.html>\n"  # line 10
        "</body>\n"
    )
    found = list(links(document, retrieval_uri="http://h/d/p"))
    assert [(link.element, link.attribute, link.line, link.column) for link in found] == [
        ("link", "href", 3, 26),
        ("body", "background", 5, 18),
        ("a", "href", 6, 19),
        ("a", "ping", 7, 12),
        ("img", "src", 9, 10),
        ("a", "href", 10, 13),
    ]
    assert [link.uri for link in found] == [
        "http://h/favicon.ico",
        "http://h/d/bg.png",
        "http://h/d/a.html",
        "http://h/p",
        "http://h/d/i.png",
        "http://h/d/b.html",
    ]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_breaks(newline: str) -> None:
    document = newline.join(["<p>", "<a", 'href="x">', "", "  <img src=y>"])
    found = list(links(document))
    assert [(link.line, link.column) for link in found] == [(3, 7), (5, 12)]


def test_attribute_order_within_a_tag() -> None:
    assert refs('<img srcset="a 2x" src="b" longdesc="c">') == [
        ("img", "srcset", "a"),
        ("img", "src", "b"),
        ("img", "longdesc", "c"),
    ]


# -- broken HTML, recovered as HTML's tokenizer does ---------------------------------------
BROKEN = [
    ("<a href=x>one<a href=y>two", ["x", "y"]),  # unclosed elements
    ("<a href=x.html title=t>", ["x.html"]),  # unquoted
    ("<a href=x/>", ["x/"]),  # the "/" belongs to an unquoted value
    ('<a href="x"/>', ["x"]),
    ('<a href="x"title="t">', ["x"]),  # no space between attributes
    ("<a href = 'x' >", ["x"]),
    ("<a href=>", [""]),
    ("<a href= >", [""]),
    ("<a href= title=t>", ["title=t"]),  # the value is what follows "="
    ("<a href==x>", ["=x"]),
    ("<a/href=x>", ["x"]),
    ("<a =href=x>", []),  # the attribute's name is "=href"
    ("<a href=x href=y>", ["x"]),  # a repeated attribute is dropped
    ('<a title="x>y" href=z>', ["z"]),  # ">" inside quotes
    ("a < b <a href=x> c <", ["x"]),  # stray "<"
    ("<<a href=x>", ["x"]),
    ("<3 <a href=x>", ["x"]),
    ("</ a><a href=x>", ["x"]),  # "</ " opens a bogus comment up to ">"
    ("</><a href=x>", ["x"]),
    ("<!x <a href=no> <a href=x>", ["x"]),  # a bogus comment ends at the first ">"
    ("<? pi <a href=no> <a href=x>", ["x"]),
    ("<!DOCTYPE html SYSTEM 'about:legacy-compat'><a href=x>", ["x"]),
    ("<!-- <a href=no> --><a href=x>", ["x"]),
    ("<!-- a -- b --!><a href=x>", ["x"]),  # "--!>" ends a comment
    ("<!--><a href=x>", ["x"]),  # "<!-->" is an empty comment
    ("<!---><a href=x>", ["x"]),
    ("<!-- <a href=no>", []),  # an unterminated comment runs to the end
    ('<a href="x', []),  # the end of the input inside a tag: no tag
    ("<a href=x", []),
    ("<a href=x><img src=y", ["x"]),
    ("<![CDATA[<a href=no>]]><a href=x>", ["x"]),  # in HTML: a bogus comment to ">"
    ("<svg><![CDATA[<a href=no>]]></svg><a href=x>", ["x"]),  # in SVG: CDATA
    ("<svg><![CDATA[ a > b ]]><a href=x /></svg>", ["x"]),
    ("<![ <a href=x>", []),  # html.parser raises on this one by itself
    ("<![if !IE]><a href=x><![endif]>", ["x"]),
    ('<a href="x" <img src=y>', ["x"]),  # "<img" is an attribute name
    ('<a href="x\0y">', ["x\0y"]),
    ("<a\0 href=x>", []),  # the element is "a\0", not "a"
    # a quote never closed runs to the end of the input: no tag, and nothing after it
    ("<a href=x><img src='y><a href=z>", ["x"]),
    ('<a href=x><img title="y><a href=z>', ["x"]),
    ("<a href=x><img src=y title='>'><a href=z>", ["x", "y", "z"]),  # a closed one: no end
    ("<a href=x></a title='>'><a href=z>", ["x", "z"]),  # end tags have attributes too
    ("<a href=x></a title='><a href=z>", ["x"]),
    ("<img src==x>", ["=x"]),  # not "x": HTML reads "=" once
    ("<img src=='x'>", ["='x'"]),
    ("<a\thref=x\fsrc=y>", ["x"]),
]


@pytest.mark.parametrize(("document", "expected"), BROKEN)
def test_broken_html(document: str, expected: list[str]) -> None:
    assert [reference for _, _, reference in refs(document)] == expected


TEXT_ONLY = [
    "<script>document.write('<a href=no>')</script><a href=x>",
    "<script src=s.js /><a href=no></script><a href=x>",  # "/>" is ignored on <script>
    "<SCRIPT>'<a href=no>'</SCRIPT ><a href=x>",
    "<style>a > b { background: url(<a href=no>) }</style><a href=x>",
    "<textarea><a href=no></textarea><a href=x>",
    "<title><a href=no></title><a href=x>",
    "<xmp><a href=no></xmp><a href=x>",
    "<iframe src=x><a href=no></iframe>",
    "<noembed><a href=no></noembed><a href=x>",
    "<noframes><a href=no></noframes><a href=x>",
    "<a href=x><script>never closed <a href=no>",
    "<a href=x><plaintext><a href=no></plaintext><a href=no>",
]


@pytest.mark.parametrize("document", TEXT_ONLY)
def test_elements_holding_text(document: str) -> None:
    assert [reference for _, _, reference in refs(document) if reference != "s.js"] == ["x"]


def test_svg_and_mathml() -> None:
    document = (
        "<svg width=10/><use href=a /></svg>"  # "10/" is the value: <svg> stays open
        '<svg width="10"/><use href=b />'  # closed by "/>": <use> is an HTML element
        '<svg><foreignObject><div><a href="c">c</a></div></foreignObject><use href="d"/>'
        '</svg><template><svg><use href="e"/></template><use href="f">'
        '<math><mi><img src="g"></mi><mglyph href="h"/></math><use href="i">'
        '<math><annotation-xml encoding="text/html"><use href="j"></annotation-xml></math>'
    )
    # The <div> in <foreignObject> is HTML and does not end the SVG element; </template>
    # closes what it holds; MathML <mi> and HTML annotation-xml hold HTML.
    assert [reference for _, _, reference in refs(document)] == ["a", "c", "d", "e", "g", "h"]


def test_cdata_sections_only_in_foreign_elements() -> None:
    document = "<svg><title><![CDATA[<a href=no>]]></title></svg><![CDATA[<a href=x>]]>"
    assert [reference for _, _, reference in refs(document)] == []  # "<a href=x" in a comment
    assert refs("<svg><desc><![CDATA[ > ]]><a href=x></desc></svg>") == [("a", "href", "x")]


def test_noscript_is_read_as_markup() -> None:
    assert refs("<noscript><img src=pixel.gif></noscript>") == [("img", "src", "pixel.gif")]


def test_foreign_content() -> None:
    document = (
        '<svg><script href="s.js"></script><a href="a"><image href="i.png"/></a><svg/>'
        '<use href="u"/></svg><use href="no"><svg><p><use href="no2">'
    )
    assert [reference for _, _, reference in refs(document)] == ["s.js", "a", "i.png", "u"]
    # In SVG, <script> and <style> hold markup, not text.
    document = "<svg><style><a href=x /></style><script><a href=y /></script></svg>"
    assert [reference for _, _, reference in refs(document)] == ["x", "y"]


def test_end_tags_in_foreign_content() -> None:
    # An end tag closes the innermost open element of its name and those inside it; one
    # of no open element closes nothing (and reads nothing: issue 8).
    document = (
        "<svg><g><g><a></q></x></g><use href=a /></g><use href=b /></svg><use href=no>"
        "<math><mi><svg><g></svg><use href=no2></mi><mglyph href=c /></math><use href=no3>"
    )
    assert [reference for _, _, reference in refs(document)] == ["a", "b", "c"]


# -- results -------------------------------------------------------------------------------
def test_absolute_references_need_no_base() -> None:
    found = list(links('<a href="HTTP://a/b/../c#f"><a href="urn:isbn:0451450523"><a href=rel>'))
    assert [link.uri for link in found] == ["HTTP://a/c#f", "urn:isbn:0451450523", None]
    assert found[2].error is not None


def test_invalid_references_are_not_repaired() -> None:
    document = (
        '<a href="/a b"><a href="/\u200e"><a href="http://[::1"><a href="%zz"><a href="/\ue000">'
    )
    found = list(links(document, default=PAGE))
    assert [link.uri for link in found] == [None] * 5
    kinds = [link.error.kind for link in found if isinstance(link.error, urikit.URISyntaxError)]
    assert kinds == [
        ErrorKind.INVALID_CHARACTER,
        ErrorKind.BIDI_FORMATTING,  # RFC 3987 §4.1: no IRI holds one, HTML would encode it
        ErrorKind.INVALID_IP_LITERAL,
        ErrorKind.INVALID_PERCENT_ENCODING,
        ErrorKind.UNEXPECTED_CHARACTER,  # RFC 3987 §2.2: a private use character, not in a query
    ]


# -- IRI references: made URIs as HTML's URL parser makes them -----------------------------
def test_an_iri_href_as_a_browser_follows_it() -> None:
    # The example: the host by IDNA (domain to ASCII), the path in UTF-8
    (link,) = links('<a href="https://bücher.de/ü">')
    assert (link.reference, link.uri, link.error) == (
        "https://bücher.de/ü",
        "https://xn--bcher-kva.de/%C3%BC",
        None,
    )


@pytest.mark.parametrize(
    ("href", "expected"),
    [
        ("https://Bücher.DE:8443/ä?ö#ü", "https://xn--bcher-kva.de:8443/%C3%A4?%C3%B6#%C3%BC"),
        ("//例え.jp/パス", "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"),
        ("ü/../ä?x=ß", "http://example.com/dir/%C3%A4?x=%C3%9F"),  # the base's host stays
        ("?é", "http://example.com/dir/page.html?%C3%A9"),
        ("#ü", "http://example.com/dir/page.html#%C3%BC"),
        ("http://jürgen:pässword@h/", "http://j%C3%BCrgen:p%C3%A4ssword@h/"),
        ("http://b%C3%BCcher-ü.de/", "http://xn--bcher--3yaf.de/"),  # escapes decoded first
        ("http://[::1]/ü", "http://[::1]/%C3%BC"),
        ("mailto:jürgen@bücher.de?subject=ü", "mailto:j%C3%BCrgen@b%C3%BCcher.de?subject=%C3%BC"),
        ("foo://bücher/ü", "foo://b%C3%BCcher/%C3%BC"),  # not special: an opaque host
        ("file://bücher/ü", "file://xn--bcher-kva/%C3%BC"),
        ("wss://bücher.de/?ü", "wss://xn--bcher-kva.de/?%C3%BC"),
        ("HTTP://bücher.de/?\ue000", "HTTP://xn--bcher-kva.de/?%EE%80%80"),  # iprivate: query
    ],
)
def test_iri_references(href: str, expected: str) -> None:
    (link,) = links(f'<a href="{href}">', retrieval_uri=PAGE)
    assert (link.reference, link.uri) == (href, expected)


def test_a_latin1_document_encodes_its_queries_in_latin1() -> None:
    # The URL Standard's query state: the document's encoding for http(s), ftp and file,
    # UTF-8 for the rest of the URL and for other schemes (ws, wss and non-special).
    document = (
        (
            '<a href="/ä?q=ü&r=é">'
            '<a href="ws://h/ä?q=ü">'
            '<a href="foo:ä?q=ü">'
            '<a href="/?euro=€&kanji=日">'  # windows-1252's euro sign; &#N; for what none has
        )
        .encode("latin-1", "xmlcharrefreplace")
        .decode("latin-1")
    )
    found = uris(document, retrieval_uri=PAGE, encoding="latin-1")
    assert found == [
        "http://example.com/%C3%A4?q=%FC&r=%E9",
        "ws://h/%C3%A4?q=%C3%BC",
        "foo:%C3%A4?q=%C3%BC",
        "http://example.com/?euro=%80&kanji=%26%2326085%3B",
    ]


@pytest.mark.parametrize(
    ("encoding", "query"),
    [
        ("utf-8", "%C3%BC%E6%97%A5"),
        ("UTF-16", "%C3%BC%E6%97%A5"),  # "get an output encoding": UTF-8
        ("utf-16-le", "%C3%BC%E6%97%A5"),
        ("windows-1252", "%FC%26%2326085%3B"),
        ("shift_jis", "%26%23252%3B%93%FA"),
        ("euc-kr", "%26%23252%3B%EC%ED"),
        ("koi8-r", "%26%23252%3B%26%2326085%3B"),
    ],
)
def test_query_encodings(encoding: str, query: str) -> None:
    (link,) = links('<a href="http://h/ü?üü日">', encoding=encoding)
    assert link.uri == "http://h/%C3%BC?" + query.replace("%C3%BC", "%C3%BC%C3%BC", 1).replace(
        "%FC", "%FC%FC", 1
    ).replace("%26%23252%3B", "%26%23252%3B%26%23252%3B", 1)


def test_a_base_href_iri() -> None:
    document = '<base href="http://bücher.de/ä/"><a href="ö?ü">'
    assert base_uri(document) == "http://xn--bcher-kva.de/%C3%A4/"
    assert base_uri(document, encoding="latin-1") == "http://xn--bcher-kva.de/%C3%A4/"
    assert uris(document, encoding="latin-1") == [
        "http://xn--bcher-kva.de/%C3%A4/",
        "http://xn--bcher-kva.de/%C3%A4/%C3%B6?%FC",
    ]
    # a base href whose host IDNA refuses gives no base: the next layer does
    assert base_uri('<base href="http://a\u2100b/">', retrieval_uri=PAGE) == PAGE


@pytest.mark.parametrize(
    "host", ["a\u2100b", "example.com\uff03x", "xn--a\u00e9", "a..b\u00e9", "\u00e9-"]
)
def test_a_host_idna_refuses_makes_the_link_invalid(host: str) -> None:
    # never another host (\u2100 maps to "a/c", \uff03 to "#"): an IDNAError on the link
    (link,) = links(f'<a href="http://{host}/\u00e9">')
    assert link.uri is None
    assert isinstance(link.error, IDNAError)
    assert link.error.kind == ErrorKind.INVALID_IDN


def test_a_host_escape_of_no_utf8_makes_the_link_invalid() -> None:
    # the URL Standard decodes a host's escapes before IDNA: octets of no UTF-8, no domain
    (link,) = links('<a href="http://b%FF\u00fc.de/">')
    assert link.uri is None and isinstance(link.error, IDNAError)
    assert link.error.position == 1


def test_without_the_idna_extra_a_link_says_which_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "idna", None)  # import idna fails
    document = '<a href="https://bücher.de/ü"><a href="/ü">'
    found = list(links(document, retrieval_uri=PAGE, mode="idna2008"))
    assert found[0].uri is None and isinstance(found[0].error, IDNAError)
    assert "pip install 'urikit[idna]'" in found[0].error.reason
    assert found[1].uri == "http://example.com/%C3%BC"  # no host to convert: no extra needed
    # modes uts46 (the default) and browser need no extra
    first = next(iter(links(document, retrieval_uri=PAGE)))
    assert first.uri == "https://xn--bcher-kva.de/%C3%BC"


def test_idna_modes() -> None:
    document = '<a href="http://B\u00fccher.de/"><a href="http://\u2665.example/">'
    # UTS #46 maps B to b and takes symbols (status valid, IDNA2008 NV8), as browsers do
    assert uris(document) == ["http://xn--bcher-kva.de/", "http://xn--g6h.example/"]
    assert uris(document, mode="browser") == uris(document)
    assert uris(document, mode="idna2008") == [None, None]  # IDNA2008 maps nothing


def test_iri_references_under_other_grammars() -> None:
    document = '<a href="http://bücher.de/ä?b[1]"><a href="http://h/\u200e">'
    # RFC 2396 (with RFC 2732) allows "[" in a query; a character outside ASCII may stand
    # where an escape may
    assert uris(document, grammar="rfc2396") == ["http://xn--bcher-kva.de/%C3%A4?b[1]", None]
    assert uris(document) == [None, None]
    # "rfc3987" reads as "rfc3986": the targets are URIs
    found = list(links('<a href="//bücher.de/ä">', retrieval_uri="http://a/", grammar="rfc3987"))
    assert found[0].uri == "http://xn--bcher-kva.de/%C3%A4"
    with pytest.raises(urikit.URISyntaxError):  # the layers given are URIs
        base_uri("", retrieval_uri="http://bücher.de/", grammar="rfc3987")


@pytest.mark.parametrize(
    ("keywords", "error"),
    [
        ({"encoding": "no-such-encoding"}, ValueError),
        ({"encoding": "cp500"}, ValueError),  # EBCDIC: ASCII is not ASCII
        ({"encoding": "rot13"}, ValueError),  # not a text encoding
        ({"encoding": "idna"}, ValueError),
        ({"encoding": b"utf-8"}, TypeError),
        ({"mode": "uts64"}, ValueError),
        ({"mode": None}, TypeError),
    ],
)
def test_encoding_and_mode_are_checked_at_the_call(
    keywords: dict[str, object], error: type[Exception]
) -> None:
    with pytest.raises(error):
        links("<a href=x>", **keywords)  # type: ignore[arg-type]
    with pytest.raises(error):
        base_uri("<a href=x>", **keywords)  # type: ignore[arg-type]


def test_link_is_a_frozen_value() -> None:
    no_base = urikit.ErrorKind.NO_BASE
    link = Link("a", "href", "x", None, 1, 2, urikit.ResolutionError("x", no_base, "no base"))
    assert link == Link("a", "href", "x", None, 1, 2, urikit.ResolutionError("x", no_base, "?"))
    assert link != Link("a", "href", "x", "http://h/x", 1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        link.uri = "http://h/x"  # type: ignore[misc]


def test_links_checks_its_arguments_at_once() -> None:
    with pytest.raises(urikit.ResolutionError):
        links("<a href=x>", retrieval_uri="no-scheme")


@pytest.mark.parametrize("document", [None, b"<a href=x>", 5, ["<a href=x>"]])
def test_a_document_is_a_str(document: object) -> None:
    message = f"an HTML document is a str, not {type(document).__name__}$"
    with pytest.raises(TypeError, match=message):
        links(document, retrieval_uri="no-scheme")  # type: ignore[arg-type]  # first
    with pytest.raises(TypeError, match=message):
        base_uri(document)  # type: ignore[arg-type]


# -- what makes html.parser.HTMLParser raise, each handled where it arises ------------------
# The scanner inherits HTMLParser's loop (CPython 3.10 to 3.14).  The stock parser raises
# on these documents; the scanner's hooks read them as HTML's tokenizer does, and nothing
# catches a failure of the loop, so that a new one would surface here and in test_any_text.
HTMLPARSER_FAILURES = [
    # _markupbase's parse_marked_section, from parse_html_declaration: AssertionError
    # "expected name token" and "unknown status keyword"; in HTML "<![" outside foreign
    # content opens a bogus comment, to the first ">" (the scanner's parse_html_declaration)
    ("<![ x><a href=after>", (AssertionError, None), ["after"]),  # None: CPython 3.14
    ("<![foo[ x ]]><a href=after>", (AssertionError, None), ["after"]),
    # html.unescape's int() on text: ValueError past sys.int_info's digit limit (the
    # scanner feeds such a reference with "#" changed, _LONG_DECIMAL)
    ("<p>&#" + "1" * 5000 + ";</p><a href=after>", (ValueError,), ["after"]),
    ("<a href=before>&#" + "1" * 5000, (ValueError,), ["before"]),  # in close()
]


def _stock_failure(document: str) -> type[Exception] | None:
    parser = HTMLParser()
    try:
        parser.feed(document)
        parser.close()
    except (AssertionError, ValueError) as error:
        return type(error)
    return None


@pytest.mark.parametrize(("document", "stock", "hrefs"), HTMLPARSER_FAILURES)
def test_what_makes_htmlparser_raise_is_read_as_html(
    document: str, stock: tuple[type[Exception] | None, ...], hrefs: list[str]
) -> None:
    # The stock parser fails (the marked sections: up to the releases that read "<![" as
    # HTML does), and the scanner reads on to the end.
    assert _stock_failure(document) in stock
    assert [reference for _, _, reference in refs(document)] == hrefs


@pytest.mark.parametrize("failure", [AssertionError("a bug"), ValueError("a bug")])
def test_a_failure_inside_the_scan_is_not_swallowed(
    monkeypatch: pytest.MonkeyPatch, failure: Exception
) -> None:
    # What the scanner's hooks do not prevent is a bug: it surfaces, rather than the
    # links found so far passing for all of them.
    def broken(*_: object) -> int:
        raise failure

    monkeypatch.setattr(_html_tokenizer._Scanner, "parse_comment", broken)
    with pytest.raises(type(failure), match="a bug"):
        refs("<a href=x><!-- a comment --><a href=y>")


# -- never raise, never hang ---------------------------------------------------------------
PIECES = [
    "<a href=", "<base href='", '<img srcset="', "<meta http-equiv=refresh content=", "url=",
    "<!--", "-->", "--!>", "<![CDATA[", "]]>", "<!", "<?", "</", "<", ">", "/>", "<svg>",
    "</svg>", "<math>", "<template>", "</template>", "<script>", "</script>", "<title>",
    "<plaintext>", "&#", "&#x", "&amp", "&copy", ";", '"', "'", "=", ",", "(", ")", " ",
    "\n", "\r", "\t", "\0", "x", "1x", "http://a/b", "../", "#f", ":", "%", "\u00e9",
    "http://b\u00fccher.de/", "//\u4f8b\u3048.jp", "?q=\u20ac", "\u200e", "\u2100", "\ue000",
]  # fmt: skip
html_like = st.lists(st.sampled_from(PIECES), max_size=60).map("".join)


@given(
    document=st.one_of(st.text(), html_like),
    grammar=st.sampled_from(["rfc3986", "rfc2396", "rfc3987"]),
    retrieval_uri=st.sampled_from([None, "http://r/a/b?q", "mailto:x@y"]),
)
@example(document="<![ x", grammar="rfc3986", retrieval_uri=None)
@example(document="<a href='&#" + "1" * 5000, grammar="rfc3986", retrieval_uri=None)
def test_any_text(document: str, grammar: str, retrieval_uri: str | None) -> None:
    found = list(links(document, retrieval_uri=retrieval_uri, grammar=grammar))
    for link in found:
        assert link.reference == link.reference.strip("\t\n\f\r ")
        assert link.line >= 1 and link.column >= 1
        if link.uri is None:
            assert isinstance(
                link.error, (urikit.URISyntaxError, urikit.ResolutionError, IDNAError)
            )
        else:
            assert link.error is None
            assert link.uri.isascii()
            uri_grammar = "rfc3986" if grammar == "rfc3987" else grammar
            assert urikit.parse(link.uri, grammar=uri_grammar).scheme is not None
    base = base_uri(document, retrieval_uri=retrieval_uri, grammar=grammar)
    absolute = "absoluteURI" if grammar == "rfc2396" else "absolute-URI"
    uri_grammar = "rfc3986" if grammar == "rfc3987" else grammar
    assert base is None or urikit.is_valid(base, grammar=uri_grammar, rule=absolute)
    assert [(link.line, link.column) for link in found] == sorted(
        (link.line, link.column) for link in found
    )


N = 300_000
#: Documents of about n characters that stress a tokenizer (each opening a construct
#: again and again, or never closing one).
HOSTILE: list[Callable[[int], str]] = [
    lambda n: "<a " * (n // 3),
    lambda n: "<a" * (n // 2),
    lambda n: "<a\n" * (n // 3),
    lambda n: "<a b=" * (n // 5),
    lambda n: "<a href='" * (n // 9),
    lambda n: "<" * n,
    lambda n: "</a" * (n // 3),
    lambda n: "</" * (n // 2),
    lambda n: "<!--" * (n // 4),
    lambda n: "<!x" * (n // 3),
    lambda n: "<?" * (n // 2),
    lambda n: "<![" * (n // 3),
    lambda n: "<svg><![CDATA[" * (n // 14),
    lambda n: "&#" + "1" * n,
    lambda n: "<a href='&#" + "1" * n + "'>",
    lambda n: "<a href='" + "&amp;" * (n // 5) + "'>",
    lambda n: "<img srcset='" + "a (," * (n // 4) + "'>",
    lambda n: "<img srcset='" + "(" * n + "'>",
    lambda n: "<meta http-equiv=refresh content='" + "0" * n + "'>",
    lambda n: "<a href=x>" * (n // 10),
]


def _read(document: str) -> None:
    for _ in links(document, retrieval_uri=PAGE):
        pass
    base_uri(document)


def check_hostile_documents() -> None:
    """Every document of :data:`HOSTILE` at N characters, read to its end."""
    for make in HOSTILE:
        _read(make(N))


def test_hostile_documents_do_not_hang() -> None:
    assert_finishes(
        "from tests.test_html import check_hostile_documents; check_hostile_documents()"
    )


@pytest.mark.parametrize("index", range(len(HOSTILE)))
def test_hostile_documents_are_linear(index: int) -> None:
    assert_linear(_read, HOSTILE[index], (N // 10, N), repeats=2)


# -- against an HTML5 parser ---------------------------------------------------------------
def _optional(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


html5lib = _optional("html5lib")  # the WHATWG tokenizer and tree builder, in Python

# Known differences, left out of the alphabet: an end tag, inside SVG or MathML, of an
# HTML element opened outside it (urikit does not follow HTML elements); "<!--" inside
# <script> (HTML's script escapes: urikit ends a script at the first "</script>").
DIFFERENTIAL = [
    "<a href=", "<img src=", "<link href=", "<base href=", "<use href=", "<a title='",
    "<svg>", "</svg>", "<math>", "</math>", "<mi>", "<title>", "</title>", "<textarea>",
    "<style>", "</style>", "<xmp>", "<iframe>", "<noembed>", "<plaintext>", "<table>",
    "<td>", "<p>", "<div>", "<br>", "<font color=x>", "<template>", "<!--", "-->", "--!>",
    "<![CDATA[", "]]>", "<!", "<?", "</", "<", ">", "/>", "&amp", "&copy", "&#x", "'", '"',
    "=", " ", "\t", "\n", "\r", "x", "../", "#f", "%", "\u00e9",
]  # fmt: skip
HTML5_LINKS = {("a", "href"), ("img", "src"), ("link", "href"), ("base", "href")}


def _html5lib_links(document: str) -> set[tuple[str, str, str]]:
    assert html5lib is not None
    found = set()
    for element in html5lib.parse(document, treebuilder="etree").iter():
        if not isinstance(element.tag, str):
            continue  # a comment
        namespace, _, name = element.tag[1:].partition("}")
        html = namespace.endswith("xhtml")
        for attribute, value in element.attrib.items():
            if (name, attribute) in HTML5_LINKS if html else attribute == "href":
                found.add((name.lower(), attribute, value.strip("\t\n\f\r ")))
    return found


@pytest.mark.skipif(html5lib is None, reason="html5lib is not installed")
@given(st.lists(st.sampled_from(DIFFERENTIAL), max_size=40).map("".join))
def test_same_links_as_html5lib(document: str) -> None:
    ours = {
        ("img" if link.element == "image" else link.element, link.attribute, link.reference)
        for link in links(document)
        if (link.element, link.attribute) in HTML5_LINKS or link.attribute == "href"
    }
    assert ours == _html5lib_links(document)


# -- lenient=True: references read as browsers read them (issue 12) ------------------------------
LENIENT = [
    # (href, the target URI, what was repaired); PAGE is the retrieval URI
    ("../x y", "http://example.com/x%20y", ("percent-encoded",)),
    ("a|b{c}", "http://example.com/dir/a%7Cb%7Bc%7D", ("percent-encoded",)),
    ("a\tb\nc", "http://example.com/dir/abc", ("tab-or-newline-removed",)),
    ("/p q\r\n?r s", "http://example.com/p%20q?r%20s", urikit.html.REPAIRS),
    ("%zz", "http://example.com/dir/%25zz", ("percent-encoded",)),
    # an IRI: a space encoded, then the characters outside ASCII as HTML encodes them
    ("/ü x?é", "http://example.com/%C3%BC%20x?%C3%A9", ("percent-encoded",)),
    ("ok", "http://example.com/dir/ok", ()),  # valid as written: nothing repaired
]


@pytest.mark.parametrize(("href", "uri", "repaired"), LENIENT)
def test_lenient_repairs_what_browsers_follow(
    href: str, uri: str, repaired: tuple[str, ...]
) -> None:
    document = f'<a href="{href}">'
    (strict,) = links(document, retrieval_uri=PAGE)
    (lenient,) = links(document, retrieval_uri=PAGE, lenient=True)
    assert (lenient.uri, lenient.repaired, lenient.error) == (uri, repaired, None)
    assert lenient.reference == strict.reference  # the reference as written
    assert (strict.uri is None) == bool(repaired) and strict.repaired == ()
    assert set(repaired) <= set(urikit.html.REPAIRS)


def test_lenient_still_reports_what_no_encoding_mends() -> None:
    document = '<a href="http://[zz/"><a href="x\u200e"><base href="/b c/"><img src="d e">'
    found = list(links(document, retrieval_uri=PAGE, lenient=True))
    assert found[0].uri is None and isinstance(found[0].error, urikit.URISyntaxError)
    # requote encodes a bidirectional formatting character: a browser follows it too
    assert found[1].uri == "http://example.com/b%20c/x%E2%80%8E"
    # the base is read leniently too, and the links resolve against it
    assert found[2].uri == "http://example.com/b%20c/" and found[2].repaired
    assert found[3].uri == "http://example.com/b%20c/d%20e"
