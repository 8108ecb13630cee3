"""URIs in running text (RFC 2396 Appendix E, RFC 3986 Appendix C): tricky text,
real URLs in generated prose, and properties."""

from __future__ import annotations

import html
import itertools
import random
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from tests import strategies as abnf
from tests.growth import assert_finishes, assert_linear
from urikit import ErrorKind
from urikit._text import classes as text_module

# The implementation modules, for their private helpers.
from urikit._text import complete as complete_module
from urikit._text import reading
from urikit._text import scan as scan_module

_T = TypeVar("_T")

TRICKY = [
    # the end of a sentence: trailing punctuation is the sentence's
    ("See http://example.com/a.", ["http://example.com/a"]),
    ("See http://example.com/a, then", ["http://example.com/a"]),
    ("Is it http://example.com/a?", ["http://example.com/a"]),
    ("Wow: http://example.com/a!", ["http://example.com/a"]),
    ("at http://example.com/a; or", ["http://example.com/a"]),
    ("at http://example.com/a: or", ["http://example.com/a"]),
    ("say 'http://example.com/a'", ["http://example.com/a"]),
    (
        "http://example.com/a/. http://example.com/b/...",
        ["http://example.com/a/", "http://example.com/b/"],
    ),
    # parentheses and brackets: balanced ones belong to the URI
    ("(http://example.com/a)", ["http://example.com/a"]),
    ("see https://en.wikipedia.org/wiki/Foo_(bar)", ["https://en.wikipedia.org/wiki/Foo_(bar)"]),
    ("(see https://en.wikipedia.org/wiki/Foo_(bar)).", ["https://en.wikipedia.org/wiki/Foo_(bar)"]),
    ("[http://example.com/x]", ["http://example.com/x"]),
    # Markdown and reStructuredText
    (
        "[the spec](https://www.rfc-editor.org/rfc/rfc3986)",
        ["https://www.rfc-editor.org/rfc/rfc3986"],
    ),
    ("[http://a.example](http://b.example/)", ["http://a.example", "http://b.example/"]),
    (
        "`RFC 3986 <https://www.rfc-editor.org/rfc/rfc3986>`_",
        ["https://www.rfc-editor.org/rfc/rfc3986"],
    ),
    ("**http://example.com/bold**", ["http://example.com/bold"]),  # emphasis, no sub-delims
    ("**[Rust](https://rustup.rs/)**", ["https://rustup.rs/"]),  # the ")" is Markdown's
    ("see pyexpat.html (http://x.example/pyexpat.html)-based", ["http://x.example/pyexpat.html"]),
    ("'file:///hello.txt').pathname", ["file:///hello.txt"]),  # the quote opened before it
    (
        r"[V8](https://en.wikipedia.org/wiki/V8_\(JavaScript_engine\))",
        ["https://en.wikipedia.org/wiki/V8_(JavaScript_engine)"],
    ),
    # quotes and angle brackets
    ('href="http://example.com/q?a=1&b=2"', ["http://example.com/q?a=1&b=2"]),
    ('"http://example.com/end."', ["http://example.com/end."]),  # the quotes delimit it
    ("<http://example.com/end.>", ["http://example.com/end."]),
    ("<http://example.com/a\n   /b>", ["http://example.com/a/b"]),
    ("<URL:http://example.com/>", ["http://example.com/"]),
    ("<URL: http://example.com/>", ["http://example.com/"]),
    (
        "URL:http://example.com/ and url:ftp://x.example/",
        ["http://example.com/", "ftp://x.example/"],
    ),
    # next to non-ASCII text and characters no URI holds: an IRI is found whole (uri is
    # its URI form); what follows it without a space is part of it (an IRI path may be
    # CJK); Unicode's quotation marks end it
    ("voir http://example.com/café", ["http://example.com/caf%C3%A9"]),
    ("日本語http://example.com/path日本語", ["http://example.com/path"]),  # the text's own word
    ("日本語http://example.com/日本語", ["http://example.com/%E6%97%A5%E6%9C%AC%E8%AA%9E"]),
    ("«http://example.com/»", ["http://example.com/"]),
    ("x{http://example.com/}y", ["http://example.com/"]),
    ("http://example.com/a|b", ["http://example.com/a"]),
    ("http://example.com/a\\b", ["http://example.com/a"]),
    # what a reader takes whole though RFC 3986 forbids it is percent-encoded
    ("http://example.com/a[1] more", ["http://example.com/a%5B1%5D"]),
    (
        "http://somewhere.in/time?track=[02]#wasted-years",
        ["http://somewhere.in/time?track=%5B02%5D#wasted-years"],
    ),
    ("f'http://www.lua.org/manual/{version}/'", ["http://www.lua.org/manual/%7Bversion%7D/"]),
    ("'https://pythonhosted.org/%s/' % name", ["https://pythonhosted.org/%25s/"]),
    (
        "http://x.example/?a=b|c^d and http://x.example/a|b",
        ["http://x.example/?a=b%7Cc%5Ed", "http://x.example/a"],
    ),
    (
        "https://doi.org/10.1002/1097-0037(200010)36:3<156::AID-NET2>3.0.CO;2-L",
        ["https://doi.org/10.1002/1097-0037(200010)36:3%3C156::AID-NET2%3E3.0.CO;2-L"],
    ),
    # what RFC 3986 does not allow and no reader takes whole ends it
    ("http://example.com/a[1 more", ["http://example.com/a"]),
    # a placeholder where a host or what follows "scheme:" stands is no URI
    ('f"https://{host}/x" http://localhost:${port} %s://%s http://$hostname/x mailto:{m}', []),
    ("http://service.[..].amazonaws.com/ http://.*freedesktop.org ssh://host:port/repo", []),
    ("http://[::1]:8080/x http://[::1/", ["http://[::1]:8080/x"]),
    # prose that is not a URI
    ("Note: this is text; ratio 3:4; time 10:30; e.g. TODO:fix", []),
    ("javascript:alert(1) in plain text", []),  # not "//" and not a registered scheme
    ('Data::Dumper, Acquire::http::Proxy, C:\\path, xsl:when, "DEFAULT:RSA", tool:pytest', []),
    ("URLs start with http://, file:// or s3://; http: the protocol; git://hosts y rutas", []),
    (
        "mailto:a@example.com and urn:isbn:0451450523 and tel:+1-816-555-1212",
        ["mailto:a@example.com", "urn:isbn:0451450523", "tel:+1-816-555-1212"],
    ),
    ("<javascript:alert(1)>", []),  # delimited or not, the same schemes
    ("<x-y:z> s3://bucket/key", ["s3://bucket/key"]),  # others only with "//"
    ("http:", []),  # nothing after "scheme:"
    ("ldap:/// file:/etc/hosts file:hosts http:/x", ["ldap:///", "file:/etc/hosts"]),
    ("see http: and", []),
    ("", []),
    # an escape left open is cut off, not the whole URI (RFC 3986 §2.1)
    ("50% off at http://example.com/100% sure", ["http://example.com/100"]),
    ("see http://example.com/a%zz.", ["http://example.com/a%25zz"]),
    ("see http://example.com/a%4", ["http://example.com/a"]),  # an escape left open at the end
    ("mailto:%41%41%41%mailto:a@example.com", ["mailto:%41%41%41%25mailto:a@example.com"]),
    # runs of starts that are no URI, then one that is (issue 8: each start re-read the run)
    ("a:a:a:a:a: <", []),
    ("http:[http:[http:[", []),
    ("x://[x://[x://[", []),
    ("http:[http:[http://example.com/)", ["http://example.com/"]),
    ("http:%http:%http://example.com/", ["http://example.com/"]),
    ("<a:b <urn:x:d>", ["urn:x:d"]),  # the first "<" has no ">" of its own
    ("<URL:http://a.example/ <URL:http://b.example/>", ["http://a.example/", "http://b.example/"]),
    ('"x:y" and "http://q.example/"', ["http://q.example/"]),  # quotes change no scheme
    # roff: font escapes end and start a URI, the others are read
    (r"\fBhttps://git\-scm\&.com\fR\m[]\&.", ["https://git-scm.com"]),
    (r".UR http://www.ietf.org\:/rfc\:/rfc1036.txt", ["http://www.ietf.org/rfc/rfc1036.txt"]),
    (r"\f5https://notebooks.googleapis.com/\fR", ["https://notebooks.googleapis.com/"]),
    # HTML: character references are read
    ('<a href="mailto:a&#64;b&#46;example">', ["mailto:a@b.example"]),
    ("&lt;http://a.example/?x=1&amp;y=2&gt;", ["http://a.example/?x=1&y=2"]),
]


@pytest.mark.parametrize(("text", "uris"), TRICKY)
def test_tricky_text(text: str, uris: list[str]) -> None:
    found = list(urikit.extract(text))
    assert [m.uri for m in found] == uris
    for m in found:
        assert urikit.parse(m.uri).scheme is not None
        assert 0 <= m.start < m.end <= len(text)


#: A host with an empty label (RFC 1034 §3.1: only the root's label is empty, and it
#: ends a name) is a placeholder (``http://example..com/`` is ``example.<...>.com``), in
#: every context a URI is read in: no URI, under every grammar.
EMPTY_LABEL_HOSTS = [
    "http://example..com/",
    "http://a..b/x",
    "see http://a..b/x.",
    "http://a..b",
    "<http://a..b/x>",
    '"http://a..b/"',
    "(http://a..b/x)",
    "[link](http://a..b/x)",
    "http://u@a..b:8/x",
    "http://a...b/x",
    "http://..a/",
    "http://a../",
    "s3://bucket..x/key",
    "www.a..com/x",
]


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc2396", "rfc3987"])
@pytest.mark.parametrize("text", EMPTY_LABEL_HOSTS)
def test_a_host_with_an_empty_label_is_no_uri(text: str, grammar: str) -> None:
    for abbreviated in (False, True):
        assert list(urikit.extract(text, grammar=grammar, abbreviated=abbreviated)) == []
    assert list(urikit.extract(text, grammar=grammar, schemes=["http", "s3"])) == []


def test_schemes_any_takes_a_host_with_an_empty_label() -> None:
    """``schemes="any"`` is RFC 3986 literally, where ``a..b`` is a reg-name (§3.2.2)."""
    found = urikit.extract("http://a..b/x <http://example..com/>", schemes="any")
    assert [m.uri for m in found] == ["http://a..b/x", "http://example..com/"]


# issue 21: what a careful reader clicks or copies, and exactly its span (the rule of
# tests/data/extraction/README.md, item by item); (text, [(span as written, uri)])
READER = [
    # 2: registered schemes in their forms, others only with //authority
    (
        "tag:yaml.org,2002:str and news:comp.lang.python",
        [
            ("tag:yaml.org,2002:str", "tag:yaml.org,2002:str"),
            ("news:comp.lang.python", "news:comp.lang.python"),
        ],
    ),
    (
        '"urn:example" spotify:track:6rq arn:aws:s3:::b',
        [("urn:example", "urn:example"), ("spotify:track:6rq", "spotify:track:6rq")],
    ),
    (
        "git+https://h.example/x postgresql://localhost/db",
        [
            ("git+https://h.example/x", "git+https://h.example/x"),
            ("postgresql://localhost/db", "postgresql://localhost/db"),
        ],
    ),
    # 3: nothing after "//", and an empty authority of an unregistered scheme
    ("file:// and trash:/// and ldap:///", [("ldap:///", "ldap:///")]),
    # 4: a URL: prefix and roff escapes before the scheme
    (
        "<URL:https://po4a.org/> \\%https://x.example/a",
        [
            ("https://po4a.org/", "https://po4a.org/"),
            ("https://x.example/a", "https://x.example/a"),
        ],
    ),
    # 5: brackets, quotes, emphasis
    (
        "`https://x.example/a`_ and _https://x.example/b_",
        [
            ("https://x.example/a", "https://x.example/a"),
            ("https://x.example/b", "https://x.example/b"),
        ],
    ),
    (  # a run of "_" that one inside the URI opens stays; one opened before it goes
        "see https://x.example/s.html#sys.__stdin__. or *https://x.example/c*d*, "
        "https://x.example/e_.",
        [
            ("https://x.example/s.html#sys.__stdin__", "https://x.example/s.html#sys.__stdin__"),
            ("https://x.example/c*d", "https://x.example/c*d"),
            ("https://x.example/e", "https://x.example/e"),
        ],
    ),
    (  # an elision written in raw roff, its dots escaped (items 7 and 10)
        r"git clone git://git\&.kernel\&.org/pub/scm/\&.\&.\&./linux\&.git my\-linux",
        [(r"git://git\&.kernel\&.org/pub/scm/", "git://git.kernel.org/pub/scm/")],
    ),
    (  # geo: with its first coordinate (RFC 5870 §3), not an XML name of its vocabulary
        '<geo:lat>52.5</geo:lat> geo:13.4,52.5 "geo:-1.5,2;u=30"',
        [("geo:13.4,52.5", "geo:13.4,52.5"), ("geo:-1.5,2;u=30", "geo:-1.5,2;u=30")],
    ),
    (  # an elision alone is nothing of a URI; literals joined by "+" are no line break
        '`mailto:...`, `ftp://...` and\n  "<https://x.example/api/"\n    + "%s.html>"',
        [("https://x.example/api/", "https://x.example/api/")],
    ),
    (  # quotes give what is inside them, a script's punctuation too, when no space is
        "`https://example.com\u3002/` and `https://x.example/a\u3002 b` 'https://x.example/>y'",
        [
            ("https://example.com\u3002/", "https://example.com%E3%80%82/"),
            ("https://x.example/a", "https://x.example/a"),
            ("https://x.example/", "https://x.example/"),
        ],
    ),
    (
        "\"data:text/javascript,import('node:fs');\": {",
        [("data:text/javascript,import('node:fs');", "data:text/javascript,import('node:fs');")],
    ),
    # 6: markup
    (
        '![alt](https://x.example/i.png "title") [r]: https://x.example/r',
        [
            ("https://x.example/i.png", "https://x.example/i.png"),
            ("https://x.example/r", "https://x.example/r"),
        ],
    ),
    (
        "`RFC <https://x.example/rfc>`_ .. _n: https://x.example/n",
        [
            ("https://x.example/rfc", "https://x.example/rfc"),
            ("https://x.example/n", "https://x.example/n"),
        ],
    ),
    (
        '<a href="http://x.example/?a=1&amp;b=2">http://x.example/</a>',
        [
            ("http://x.example/?a=1&amp;b=2", "http://x.example/?a=1&b=2"),
            ("http://x.example/", "http://x.example/"),
        ],
    ),
    # 9: Appendix E across lines, groff's brackets, a renderer's hyphen
    (
        "⟨https://savan\u2010\n   nah.gnu.org/⟩",
        [("https://savan\u2010\n   nah.gnu.org/", "https://savannah.gnu.org/")],
    ),
    (
        "[http://x.example/javasecarootcert\u2010\n  sprogram.html]",
        [("http://x.example/javasecarootcert", "http://x.example/javasecarootcert")],
    ),
    # 11: IRIs, IPv6, ports, userinfo; the text's own words
    (
        "http://[::1]:8080/ ftp://user@h.example:2121/",
        [
            ("http://[::1]:8080/", "http://[::1]:8080/"),
            ("ftp://user@h.example:2121/", "ftp://user@h.example:2121/"),
        ],
    ),
    (
        "예를 들어 smb://server/resource/mydir와 같이",
        [("smb://server/resource/mydir", "smb://server/resource/mydir")],
    ),
    ("スキーマはldap://でなければなりません", []),
    (
        'see http://bar or "http://bar" or http://localhost',
        [("http://bar", "http://bar"), ("http://localhost", "http://localhost")],
    ),
    # 7: elided URLs, as far as they are real
    (
        "https://github.com/.../x or https://x.example/compare/0.3.0...0.3.1",
        [
            ("https://github.com/", "https://github.com/"),
            ("https://x.example/compare/0.3.0...0.3.1", "https://x.example/compare/0.3.0...0.3.1"),
        ],
    ),
    # 4, 10: roff's special characters and strings around a URL
    (
        r"\(lqhttps://x.example/a\(rq \*(Aqhttp://y.example/\*(Aq",
        [
            ("https://x.example/a", "https://x.example/a"),
            ("http://y.example/", "http://y.example/"),
        ],
    ),
    (
        "smb://でなければ and new URL('https://測試')",
        [("https://測試", "https://%E6%B8%AC%E8%A9%A6")],
    ),
    ("openblas_ilp64_lapack_info:openblas_ilp64", []),  # "_" glues a word to the scheme
    # 12: case
    (
        "HTTP://X.ORG/ MAILTO:joe@example.com",
        [("HTTP://X.ORG/", "HTTP://X.ORG/"), ("MAILTO:joe@example.com", "MAILTO:joe@example.com")],
    ),
]


@pytest.mark.parametrize(("text", "expected"), READER)
def test_what_a_careful_reader_takes(text: str, expected: list[tuple[str, str]]) -> None:
    found = list(urikit.extract(text))
    assert [(text[m.start : m.end], m.uri) for m in found] == expected


def test_why_a_uri_ends_where_it_does() -> None:
    text = (
        '(http://a.example/x) "http://b.example/" http://c.example/). http://d.example/, '
        "http://e.example/a|b http://f.example/a\ue000 <http://g.example/> http://h.example/"
    )
    assert [(m.ended_by, m.delimiter) for m in urikit.extract(text)] == [
        ("delimiter", "()"),
        ("delimiter", '""'),
        ("bracket", None),
        ("punctuation", None),
        ("character", None),
        ("invalid", None),
        ("delimiter", "<>"),
        ("end", None),
    ]


def test_spans_and_delimiters() -> None:
    text = 'a <http://x.example/\n b> c "http://y.example/" d http://z.example/.'
    found = list(urikit.extract(text))
    assert [m.delimiter for m in found] == ["<>", '""', None]
    assert [text[m.start : m.end] for m in found] == [
        "http://x.example/\n b",
        "http://y.example/",
        "http://z.example/",
    ]


def test_hyphen_at_a_line_break_offers_both_readings() -> None:
    (found,) = urikit.extract("<http://www.exam-\n  ple.com/>")
    assert found.uri == "http://www.exam-ple.com/"
    assert found.alternatives == ("http://www.example.com/",)


def test_schemes_restrict() -> None:
    text = "http://a.example/ ftp://b.example/ mailto:c@d.example x-y://e/"
    assert [m.uri for m in urikit.extract(text, schemes=["FTP", "mailto"])] == [
        "ftp://b.example/",
        "mailto:c@d.example",
    ]
    assert [m.uri for m in urikit.extract(text)][-1] == "x-y://e/"


def test_abbreviated() -> None:
    text = "Go to www.w3.org/Addressing/, ftp.is.co.za/rfc/ or example.com/path. Not e.g./i.e."
    found = list(urikit.extract(text, abbreviated=True))
    assert [m.uri for m in found] == [
        "http://www.w3.org/Addressing/",
        "ftp://ftp.is.co.za/rfc/",
        "http://example.com/path",
    ]
    assert text[found[0].start : found[0].end] == "www.w3.org/Addressing/"
    assert [m.uri for m in urikit.extract(text)] == []
    found = list(urikit.extract("a.bc:1[a.bc:1[www.x.example/ x", abbreviated=True))
    assert [m.uri for m in found] == ["http://www.x.example/"]


# -- arguments: checked at the call ---------------------------------------------------------
@pytest.mark.parametrize("text", [None, b"http://a.example/", 3986, ["http://a.example/"]])
def test_text_must_be_a_str(text: object) -> None:
    with pytest.raises(TypeError, match=f"is a str, not {type(text).__name__}$"):
        urikit.extract(text)  # type: ignore[arg-type]  # no iteration needed


@pytest.mark.parametrize("schemes", ["http", b"http", 80, [b"http"], ["http", None]])
def test_schemes_must_be_an_iterable_of_names(schemes: object) -> None:
    # A str is an iterable of str, but schemes="http" means ["http"], not "h", "t", "p":
    # it is refused rather than guessed.
    with pytest.raises(TypeError, match="str"):
        urikit.extract("http://a.example/", schemes=schemes)  # type: ignore[arg-type]


def test_schemes_may_be_any_iterable() -> None:
    text = "http://a.example/ ftp://b.example/"
    for schemes in (("FTP",), {"ftp"}, iter(["ftp"]), (s for s in ["ftp"])):
        assert [m.uri for m in urikit.extract(text, schemes=schemes)] == ["ftp://b.example/"]


# -- IRIs (RFC 3987): found whole, with their URI form ------------------------------------
IRIS_IN_TEXT = [
    # the examples: never cut at a character outside US-ASCII
    ("see https://de.wikipedia.org/wiki/Köln now", ["https://de.wikipedia.org/wiki/Köln"]),
    ('"http://bücher.de"', ["http://bücher.de"]),
    ("https://例え.jp/", ["https://例え.jp/"]),
    ("mailto:jürgen@bücher.de, urn:x:ü", ["mailto:jürgen@bücher.de", "urn:x:ü"]),
    ("https://ja.wikipedia.org/wiki/日本語", ["https://ja.wikipedia.org/wiki/日本語"]),
    # CJK sentence punctuation ends an IRI (there is no space after it in CJK text)
    ("詳しくは https://例え.jp/パス。次に", ["https://例え.jp/パス"]),
    ("https://例え.jp/a、https://例え.jp/b\uff0cc", ["https://例え.jp/a", "https://例え.jp/b"]),
    (
        "見て\uff1ahttps://例え.jp/a\uff01本当\uff1fhttps://例え.jp/b\uff1b",
        ["https://例え.jp/a", "https://例え.jp/b"],
    ),
    ("https://例え.jp/a｡https://例え.jp/b､", ["https://例え.jp/a", "https://例え.jp/b"]),
    # Unicode's brackets and quotation marks end it (ASCII brackets still balance)
    ("「https://例え.jp/パス」を参照", ["https://例え.jp/パス"]),
    (
        "\uff08https://例え.jp/\uff09と【http://b.example/ü】",
        ["https://例え.jp/", "http://b.example/ü"],
    ),
    (
        "“https://example.com/ü” and \u2018http://a.example/é\u2019",
        ["https://example.com/ü", "http://a.example/é"],
    ),
    ("«https://example.com/ü»", ["https://example.com/ü"]),
    (
        "(https://de.wikipedia.org/wiki/Köln_(Stadt))",
        ["https://de.wikipedia.org/wiki/Köln_(Stadt)"],
    ),
    # Unicode's spaces and invisible separators end it
    ("see https://example.com/ü\u00a0now", ["https://example.com/ü"]),
    (
        "https://example.com/a\u3000https://example.com/b",
        ["https://example.com/a", "https://example.com/b"],
    ),
    ("https://example.com/ü\u200bnext", ["https://example.com/ü"]),
    ("https://example.com/ü\u2028next", ["https://example.com/ü"]),
    # the full-width forms of what no URI holds end it
    (
        "https://example.com/ü\uff1enext \uff1chttps://example.com/é\uff1e",
        ["https://example.com/ü", "https://example.com/é"],
    ),
    # other punctuation is trimmed from the end, and kept inside
    ("https://hi.wikipedia.org/wiki/भारत। next", ["https://hi.wikipedia.org/wiki/भारत"]),
    ("see https://example.com/ü… and", ["https://example.com/ü"]),
    (
        "→ https://ja.wikipedia.org/wiki/ジョン・レノン・",
        ["https://ja.wikipedia.org/wiki/ジョン・レノン"],
    ),
    ("a https://ca.wikipedia.org/wiki/Paral·lel.", ["https://ca.wikipedia.org/wiki/Paral·lel"]),
    # what RFC 3987 excludes is cut back to the longest valid IRI
    ("https://example.com/?q=\ue000 x", ["https://example.com/?q=\ue000"]),  # iprivate: query
    ("https://example.com/a\ue000 x", ["https://example.com/a"]),
    ("http://h/a\u200eb", ["http://h/a"]),  # §4.1: no bidi formatting character
    ("http://h/a\ufffeb", ["http://h/a"]),  # a noncharacter
    # delimiters, as for URIs
    ("<https://例え.jp/パ\n    ス>", ["https://例え.jp/パス"]),
    ("<URL:http://bücher.de/ä>", ["http://bücher.de/ä"]),
    ('"http://bücher.de/ä."', ["http://bücher.de/ä."]),
    # full-width letters are no scheme
    ("\uff48\uff54\uff54\uff50://example.com/", []),
]


@pytest.mark.parametrize(("text", "iris"), IRIS_IN_TEXT)
def test_iris_in_text(text: str, iris: list[str]) -> None:
    found = list(urikit.extract(text))
    assert [m.iri for m in found] == iris
    assert [m.uri for m in found] == [urikit.iri_to_uri(iri) for iri in iris]
    for m in found:
        assert m.uri.isascii() and urikit.parse(m.uri, rule="URI")
        assert urikit.parse(m.iri, grammar="rfc3987", rule="IRI")
        assert list(urikit.extract(text, grammar="rfc3987")) == found
        if m.delimiter != "<>":
            assert text[m.start : m.end] == m.iri


def test_iri_is_uri_for_ascii() -> None:
    (m,) = urikit.extract("see http://example.com/a.")
    assert m.iri == m.uri == "http://example.com/a"
    assert urikit.URIMatch("http://a/", 0, 9, None) == urikit.URIMatch(
        "http://a/", 0, 9, None, (), "http://a/"
    )
    assert urikit.URIMatch("http://a/", 0, 9, None).iri == "http://a/"


def test_iri_spans_and_alternatives() -> None:
    text = "the page <http://bücher.example/ab-\n  cd> is it"
    (m,) = urikit.extract(text)
    assert (m.iri, m.uri) == ("http://bücher.example/ab-cd", "http://b%C3%BCcher.example/ab-cd")
    assert m.alternatives == ("http://b%C3%BCcher.example/abcd",)  # URIs, as uri is
    assert text[m.start : m.end] == "http://bücher.example/ab-\n  cd"


def test_iris_with_schemes_and_abbreviated() -> None:
    text = "http://bücher.de/ä https://bücher.de/ö, www.bücher.de/x and пример.рф/путь."
    assert [m.iri for m in urikit.extract(text, schemes=["https"])] == ["https://bücher.de/ö"]
    found = list(urikit.extract(text, abbreviated=True))
    assert [m.iri for m in found] == [
        "http://bücher.de/ä",
        "https://bücher.de/ö",
        "http://www.bücher.de/x",
        "http://пример.рф/путь",
    ]
    assert found[2].uri == "http://www.b%C3%BCcher.de/x"
    assert text[found[3].start : found[3].end] == "пример.рф/путь"
    # no name starts after a label character, a combining mark included (so that a run
    # is looked through once): the whole run is the name
    found = list(urikit.extract("e\u0301xample.de/a", abbreviated=True))
    assert [m.iri for m in found] == ["http://e\u0301xample.de/a"]


def test_iris_under_rfc2396() -> None:
    # RFC 2396 has no IRIs: a character outside ASCII stands where an escape may
    text = "see http://bücher.de/ä?b[1] and http://h/é[1] and é://x/"
    found = list(urikit.extract(text, grammar="rfc2396"))
    assert [(m.iri, m.uri) for m in found] == [
        ("http://bücher.de/ä?b[1]", "http://b%C3%BCcher.de/%C3%A4?b[1]"),
        ("http://h/é%5B1%5D", "http://h/%C3%A9%5B1%5D"),  # taken whole, as RFC 2396 allows
    ]
    assert [m.iri for m in urikit.extract("http://h/a\u200eb", grammar="rfc2396")] == ["http://h/a"]
    assert [m.iri for m in urikit.extract("<news:ü>", grammar="rfc2396")] == ["news:ü"]


@pytest.mark.parametrize(
    ("text", "position", "kind"),
    [
        ("http://[\u00fc]/", 8, ErrorKind.INVALID_IP_LITERAL),  # where an escape is not
        ("h\u00e9://x", 2, ErrorKind.INVALID_SCHEME),  # an escape is no scheme either
        ("http://h/a\u200eb", 10, ErrorKind.BIDI_FORMATTING),
        ("http://h/<\u200e", 9, ErrorKind.INVALID_CHARACTER),  # the first error first
        ("http://h/a\ufffe", 10, ErrorKind.INVALID_CHARACTER),
    ],
)
def test_iris_read_under_rfc2396(text: str, position: int, kind: ErrorKind) -> None:
    with pytest.raises(urikit.URISyntaxError) as info:
        complete_module.check_iri(text, urikit.RFC2396)
    assert (info.value.text, info.value.position, info.value.kind) == (text, position, kind)
    assert info.value.grammar == "rfc2396"


def test_an_iri_alone_is_read_as_in_a_sentence() -> None:
    # A text that is one IRI is read as any text: its final "." is the sentence's
    assert [m.iri for m in urikit.extract("http://h/ü.")] == ["http://h/ü"]
    assert [m.iri for m in urikit.extract("<http://h/ü.>")] == ["http://h/ü."]
    assert [m.iri for m in urikit.extract("http://h/ü。")] == ["http://h/ü"]
    assert [m.iri for m in urikit.extract("http://h/ü\u00a0x")] == ["http://h/ü"]


def test_rfc2396_grammar() -> None:
    text = "see http://h.example/a?b[1] and http://h.example/c[1]"
    assert [m.uri for m in urikit.extract(text, grammar="rfc2396")] == [
        "http://h.example/a?b[1]",  # RFC 2732 allows brackets in a query
        "http://h.example/c%5B1%5D",  # a reader takes them whole, percent-encoded
    ]
    assert [m.uri for m in urikit.extract(text)] == [
        "http://h.example/a?b%5B1%5D",
        "http://h.example/c%5B1%5D",
    ]
    # RFC 2396 §3: "scheme:" needs something after it, which "#" is not
    text = "http:#http:# http://h.example/"
    assert [m.uri for m in urikit.extract(text, grammar="rfc2396")] == ["http://h.example/"]


# -- real URLs embedded in generated prose ---------------------------------------------
SAMPLE = Path(__file__).parent / "data" / "corpus_sample.txt"
WORDS = ["the", "a", "link", "see", "at", "is", "under", "on", "and", "or", "to", "here"]


def _embed(uri: str, rng: random.Random) -> str:
    """One of the delimiting styles people use; the plain ones only where the URI does
    not end in what would read as punctuation."""
    styles = ["<{}>", '"{}"', "<URL:{}>", "<URL: {}>"]
    if uri[-1] not in ".,;:!?')]*_":
        styles += ["{}", "({})", "{}.", "{},", "[{}]", "{}?"]
        if "'" not in uri:
            styles.append("'{}'")
    return rng.choice(styles).format(uri)


def test_corpus_urls_in_prose_come_back_exactly() -> None:
    rng = random.Random(3986)
    lines = [line for line in SAMPLE.read_text(encoding="utf-8").splitlines() if line]
    expected, pieces = [], []
    for line in lines:
        words = rng.sample(WORDS, rng.randint(1, 4))
        if urikit.is_valid(line, rule="URI") and "//" in line:
            expected.append(html.unescape(line))  # a reader reads &amp; as &
            pieces.append(" ".join(words) + " " + _embed(line, rng))
        else:
            pieces.append(" ".join(words))
        pieces.append(rng.choice([" ", "\n", "\n\n", ". "]))
    text = "".join(pieces)
    found = [m.uri for m in urikit.extract(text, schemes="any")]  # every host a host
    assert found == expected


# -- properties ---------------------------------------------------------------------------
@given(st.text(max_size=200))
def test_never_yields_an_invalid_uri(text: str) -> None:
    for grammar in ("rfc3986", "rfc2396"):
        for m in urikit.extract(text, grammar=grammar, abbreviated=True):
            assert urikit.parse(m.uri, grammar=grammar).scheme is not None
            assert m.uri.isascii() and m.uri == urikit.iri_to_uri(m.iri)
            if grammar == "rfc3986":
                assert urikit.parse(m.iri, grammar="rfc3987").scheme is not None
            assert 0 <= m.start <= m.end <= len(text)


@given(
    st.lists(st.one_of(abnf.uri, st.sampled_from([*WORDS, "<", ">", '"', ".", "\n"])), max_size=8)
)
def test_prose_of_uris_and_words(pieces: list[str]) -> None:
    text = " ".join(pieces)
    for m in urikit.extract(text):
        assert urikit.parse(m.uri).scheme is not None


def _something_after_the_scheme(uri: str) -> bool:
    """Whether ``uri`` has something after ``scheme:`` and after ``scheme://`` (a URI in
    text needs it: ``http:`` and ``http://`` alone are words)."""
    rest = uri.partition(":")[2]
    return rest not in ("", "//")


@given(abnf.uri.filter(_something_after_the_scheme))
def test_a_valid_uri_in_angle_brackets_yields_itself(uri: str) -> None:
    # Appendix E: "<" and ">" delimit a URI whole; schemes="any" takes every scheme
    for text in (f"<{uri}>", f"see <URL:{uri}>."):
        assert [m.uri for m in urikit.extract(text, schemes="any")] == [uri]


@given(abnf.uri.filter(_something_after_the_scheme))
def test_a_valid_uri_alone_yields_at_most_itself(uri: str) -> None:
    # in plain text a reader may leave out trailing punctuation: never more than the URI
    for m in urikit.extract(f"  {uri}\n", schemes="any"):
        assert 2 <= m.start < m.end <= 2 + len(uri)


def _ends_no_iri(iri: str) -> bool:
    """Whether ``iri`` holds nothing that ends an IRI in text, nor whitespace at its ends."""
    return text_module.text_classes().ending.search(iri) is None and iri == iri.strip()


@given(
    abnf.strategy(abnf.iri_reference_rule(relative=False))
    .filter(_ends_no_iri)
    .filter(_something_after_the_scheme)
)
def test_a_valid_iri_in_angle_brackets_yields_itself(iri: str) -> None:
    found = list(urikit.extract(f"<{iri}>", schemes="any"))
    assert [(m.iri, m.uri) for m in found] == [(iri, urikit.iri_to_uri(iri))]


# -- the linear scan: its parts agree with the plain definitions --------------------------
PIECES = [
    "http:", "x://", "a:", "mailto:", "URL:", "<", ">", '"', "(", ")", "[", "]", "[::1]",
    ".", ",", ";", ":", "!", "?", "'", "%", "%4", "%41", "%zz", "@", "/", "//", "#", " ",
    "\n", "-\n ", "a", "b.c", "www.", "a.bc", ":80", "h:8a", "é", "|", "ab.cd:1", "{", "}",
    "例", "。", "\u00a0", "「", "」", "…", "\ue000", "\u200e", "рф", "\u0301", "\\-", "&amp;",
]  # fmt: skip
texts = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


def _stop(attempt: Callable[[str], object]) -> Callable[[str], object]:
    """``attempt`` with its URISyntaxError as the scan's stop."""

    def stopped(candidate: str) -> object:
        try:
            return attempt(candidate)
        except urikit.URISyntaxError as error:
            raise scan_module._Stop(error.position) from None

    return stopped


@given(
    texts,
    st.sampled_from(["rfc3986", "rfc2396"]),
    st.booleans(),
    st.sampled_from([None, "any"]),
)
def test_small_windows_find_what_the_whole_candidate_does(
    text: str, grammar: str, abbreviated: bool, schemes: str | None
) -> None:
    # A candidate is parsed a window at a time (scan._first_try), relying on where the
    # parser puts an error; with windows of 4 characters (and no margin), texts this
    # short read as when each candidate is parsed whole (the first window is larger).
    def found() -> list[urikit.URIMatch]:
        return list(urikit.extract(text, grammar=grammar, abbreviated=abbreviated, schemes=schemes))

    whole = found()
    with mock.patch.object(scan_module, "_WINDOW", 4), mock.patch.object(scan_module, "_MARGIN", 3):
        assert found() == whole


@given(
    st.sampled_from(["http:", "http://", "x://", "mailto:", "a+b.c-d:"]),
    texts,
    st.sampled_from(["rfc3986", "rfc2396"]),
    st.integers(4, 16),
)
def test_a_window_holds_the_error_of_the_candidate(
    scheme: str, rest: str, grammar: str, window: int
) -> None:
    # The property _first_try relies on, for candidates as extract makes them: an error
    # found more than three characters before the end of a window that holds the
    # authority is the candidate's.
    text = scheme + rest
    colon = text.index(":")
    head = colon + 3 if text.startswith("//", colon + 1) else None
    try:
        urikit.parse(text, grammar=grammar)
        expected = -1
    except urikit.URISyntaxError as error:
        expected = error.position
    with (
        mock.patch.object(scan_module, "_WINDOW", window),
        mock.patch.object(scan_module, "_MARGIN", 3),
    ):
        _, found = scan_module._first_try(
            text, 0, len(text), head, _stop(lambda c: urikit.parse(c, grammar=grammar))
        )
    assert found == expected


@given(
    st.sampled_from(["http:", "http://", "x://", "mailto:", "a+b.c-d:"]),
    texts,
    st.sampled_from([urikit.RFC3986, urikit.RFC2396]),
    st.integers(4, 16),
)
def test_a_window_holds_the_error_of_a_read_candidate(
    scheme: str, rest: str, grammar: urikit.Grammar, window: int
) -> None:
    # The same for candidates read as extract reads them (escapes decoded, what a reader
    # takes whole repaired, IRIs as RFC 3987 says), with the margin of the scan: an
    # escape cut by a window's end is read otherwise than whole.
    text = scheme + rest
    colon = text.index(":")
    authority = text.startswith("//", colon + 1)
    head = colon + 3 if authority else None
    scan = scan_module.Scan(text, grammar, scan_module.Policy(literal=True))
    read = scan._reader(False, colon + 1, authority)
    try:
        read(text)
        expected = -1
    except scan_module._Stop as error:
        expected = error.position
    with mock.patch.object(scan_module, "_WINDOW", window):
        _, found = scan_module._first_try(text, 0, len(text), head, read)
    assert found == expected


def _ender(text: str, start: int, end: int) -> int:
    """The plain definition of where brackets end a candidate ``text[start:end]``: the
    first closing bracket that does not close the innermost one open since ``start``,
    or before it the first opening ``[`` or ``{`` still open there (an open ``(`` is kept)."""
    stack: list[int] = []
    opening = {")": "(", "]": "[", "}": "{"}
    for index in range(start, end):
        char = text[index]
        if char in "([{":
            stack.append(index)
        elif char in opening:
            if not stack or text[stack[-1]] != opening[char]:
                return min([i for i in stack if text[i] != "("] + [index])
            stack.pop()
    return min([i for i in stack if text[i] != "("] + [end])


@given(st.lists(st.sampled_from(["a", "(", ")", "[", "]", "{", "}", "é"]), max_size=30))
def test_the_bracket_table_ends_candidates_as_brackets_do(pieces: list[str]) -> None:
    # _Run keeps one table for every start in a run instead of walking from each start:
    # it must end each candidate where the plain definition does.
    text = "".join(pieces)
    run = scan_module._Run(0, len(text))
    for start in range(len(text) + 1):
        assert run.ender(text, start, False) == _ender(text, start, len(text))


#: What ends, trails, delimits, escapes or opens something in a URI in text (RFC 3986
#: gen-delims and sub-delims, "%", Appendix C's delimiters, sentence punctuation and
#: emphasis markers, roff's and Markdown's backslash), and the runs a URL is followed by
#: in the tests of linear time: each alone, and each pair in turn.
SPECIALS = "%([*_.:'\"<>)],;!?#/\\-~&="
RUNS = [*SPECIALS, *(a + b for a, b in itertools.combinations(SPECIALS, 2))]


def test_extract_reads_a_run_after_a_url_a_bounded_number_of_times() -> None:
    """The characters of candidates read (``decode`` then the grammar's check, or
    ``complete``) over a whole text are a few times its length: the windows of
    ``_first_try`` (less than 4/3 of a candidate), the candidate whole, a cut of it
    whole (and its host, read alone).  Counted, not timed: a candidate read again after
    each character cut off (a run of "%", each an escape left open) is read n times
    over, and stopped as soon as it reads more: a bounded amount of work."""
    read = limit = 0

    def counted(check: Callable[..., _T]) -> Callable[..., _T]:
        def count(text: str, *rest: object) -> _T:
            nonlocal read
            read += len(text)
            assert read <= limit, f"read {read:,} characters, more than {limit:,}"
            return check(text, *rest)

        return count

    with (
        mock.patch.object(scan_module, "decode", counted(reading.decode)),
        mock.patch.object(scan_module, "complete", counted(complete_module.complete)),
    ):
        for grammar in ("rfc3986", "rfc2396", "rfc3987"):
            for run in RUNS:
                text = "http://a/" + run * (3000 // len(run))
                for abbreviated in (False, True):
                    read, limit = 0, 4 * len(text)
                    list(urikit.extract(text, grammar=grammar, abbreviated=abbreviated))


#: Large and binary text, each of about n characters.
LARGE: list[Callable[[int], str]] = [
    lambda n: "a" * n,
    lambda n: "http://" + "a" * n,
    lambda n: "<http://" + "a" * n,
    lambda n: "<" * n,
    lambda n: "http:" * (n // 5),
    lambda n: "x://" * (n // 4),
    lambda n: "(" * (n // 2) + "http://x/" + ")" * (n // 2),
    lambda n: "www." * (n // 4),
    lambda n: "\udcff\x00\x01" * (n // 3) + "http://ok.example/",
]


def _extract_all(text: str) -> None:
    """Every URI in ``text`` under both grammars, abbreviated ones too: each valid."""
    for grammar in ("rfc3986", "rfc2396"):
        for m in urikit.extract(text, grammar=grammar, abbreviated=True):
            assert urikit.parse(m.uri, grammar=grammar).scheme is not None


def check_large_text() -> None:
    """Every shape of :data:`LARGE` at a million characters."""
    for make in LARGE:
        _extract_all(make(1_000_000))


def test_large_and_binary_text_does_not_hang() -> None:
    assert_finishes("from tests.test_extract import check_large_text; check_large_text()")


@pytest.mark.parametrize("index", range(len(LARGE)))
def test_large_and_binary_text_is_linear(index: int) -> None:
    assert_linear(_extract_all, LARGE[index], (100_000, 1_000_000), repeats=2)
