"""URIs in running text (RFC 2396 Appendix E, RFC 3986 Appendix C): tricky text,
real URLs in generated prose, and properties."""

from __future__ import annotations

import random
import time
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from tests import strategies as abnf

# The implementation module, for its private helpers.
from urikit import _extract as extract_module

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
    ("**http://example.com/bold**", ["http://example.com/bold**"]),  # "*" is a sub-delim
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
    # next to non-ASCII text and characters no URI holds
    ("voir http://example.com/café", ["http://example.com/caf"]),
    ("日本語http://example.com/path日本語", ["http://example.com/path"]),
    ("«http://example.com/»", ["http://example.com/"]),
    ("x{http://example.com/}y", ["http://example.com/"]),
    ("http://example.com/a|b", ["http://example.com/a"]),
    ("http://example.com/a\\b", ["http://example.com/a"]),
    # what RFC 3986 does not allow is cut back to the longest valid URI
    ("http://example.com/a[1] more", ["http://example.com/a"]),
    ("http://[::1]:8080/x http://[::1/", ["http://[::1]:8080/x"]),
    # prose that is not a URI
    ("Note: this is text; ratio 3:4; time 10:30; e.g. TODO:fix", []),
    ("javascript:alert(1) in plain text", []),  # not "//" and not a known scheme
    (
        "mailto:a@example.com and urn:isbn:0451450523 and tel:+1-816-555-1212",
        ["mailto:a@example.com", "urn:isbn:0451450523", "tel:+1-816-555-1212"],
    ),
    ("<javascript:alert(1)>", ["javascript:alert(1)"]),  # delimited: any scheme
    ("http:", ["http:"]),  # a valid URI alone is that URI
    ("see http: and", []),
    ("", []),
    # an escape left open is cut off, not the whole URI (RFC 3986 §2.1)
    ("50% off at http://example.com/100% sure", ["http://example.com/100"]),
    ("see http://example.com/a%zz.", ["http://example.com/a"]),
    ("mailto:%41%41%41%mailto:a@example.com", ["mailto:%41%41%41", "mailto:a@example.com"]),
    # runs of starts that are no URI, then one that is (issue 8: each start re-read the run)
    ("a:a:a:a:a: <", []),
    ("http:[http:[http:[", []),
    ("x://[x://[x://[", []),
    ("http:[http:[http://example.com/)", ["http://example.com/"]),
    ("http:%http:%http://example.com/", ["http://example.com/"]),
    ("<a:b <c:d>", ["c:d"]),  # the first "<" has no ">" of its own
    ("<URL:http://a.example/ <URL:http://b.example/>", ["http://a.example/", "http://b.example/"]),
    ('"x:y" and "http://q.example/"', ["x:y", "http://q.example/"]),  # quotes delimit any
]


@pytest.mark.parametrize(("text", "uris"), TRICKY)
def test_tricky_text(text: str, uris: list[str]) -> None:
    found = list(urikit.extract(text))
    assert [m.uri for m in found] == uris
    for m in found:
        assert urikit.parse(m.uri).scheme is not None
        assert 0 <= m.start < m.end <= len(text)


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


def test_rfc2396_grammar() -> None:
    text = "see http://h.example/a?b[1] and http://h.example/c[1]"
    assert [m.uri for m in urikit.extract(text, grammar="rfc2396")] == [
        "http://h.example/a?b[1]",  # RFC 2732 allows brackets in a query
        "http://h.example/c",
    ]
    assert [m.uri for m in urikit.extract(text)] == ["http://h.example/a?b", "http://h.example/c"]
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
    if uri[-1] not in ".,;:!?')]*":
        styles += ["{}", "({})", "{}.", "{},", "[{}]", "{}?", "'{}'"]
    return rng.choice(styles).format(uri)


def test_corpus_urls_in_prose_come_back_exactly() -> None:
    rng = random.Random(3986)
    lines = [line for line in SAMPLE.read_text(encoding="utf-8").splitlines() if line]
    expected, pieces = [], []
    for line in lines:
        words = rng.sample(WORDS, rng.randint(1, 4))
        if urikit.is_valid(line, rule="URI") and "//" in line:
            expected.append(line)
            pieces.append(" ".join(words) + " " + _embed(line, rng))
        else:
            pieces.append(" ".join(words))
        pieces.append(rng.choice([" ", "\n", "\n\n", ". "]))
    text = "".join(pieces)
    found = [m.uri for m in urikit.extract(text)]
    assert found == expected


# -- properties ---------------------------------------------------------------------------
@given(st.text(max_size=200))
def test_never_yields_an_invalid_uri(text: str) -> None:
    for grammar in ("rfc3986", "rfc2396"):
        for m in urikit.extract(text, grammar=grammar, abbreviated=True):
            assert urikit.parse(m.uri, grammar=grammar).scheme is not None
            assert 0 <= m.start <= m.end <= len(text)


@given(
    st.lists(st.one_of(abnf.uri, st.sampled_from([*WORDS, "<", ">", '"', ".", "\n"])), max_size=8)
)
def test_prose_of_uris_and_words(pieces: list[str]) -> None:
    text = " ".join(pieces)
    for m in urikit.extract(text):
        assert urikit.parse(m.uri).scheme is not None


@given(abnf.uri)
def test_a_valid_uri_alone_yields_itself(uri: str) -> None:
    assert [m.uri for m in urikit.extract(uri)] == [uri]
    assert [m.uri for m in urikit.extract(f"  {uri}\n")] == [uri]
    assert [m.uri for m in urikit.extract(f"<{uri}>")] == [uri]


# -- the linear scan: its parts agree with the plain definitions --------------------------
PIECES = [
    "http:", "x://", "a:", "mailto:", "URL:", "<", ">", '"', "(", ")", "[", "]", "[::1]",
    ".", ",", ";", ":", "!", "?", "'", "%", "%4", "%41", "%zz", "@", "/", "//", "#", " ",
    "\n", "-\n ", "a", "b.c", "www.", "a.bc", ":80", "h:8a", "é", "|", "ab.cd:1",
]  # fmt: skip
texts = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


@given(texts, st.sampled_from(["rfc3986", "rfc2396"]), st.booleans())
def test_small_windows_find_what_the_whole_candidate_does(
    text: str, grammar: str, abbreviated: bool
) -> None:
    # A candidate is parsed a window at a time (extract._first_try), relying on where the
    # parser puts an error; with windows of 4 characters, texts this short read as when
    # each candidate is parsed whole (the first window is larger than they are).
    def found() -> list[urikit.URIMatch]:
        return list(urikit.extract(text, grammar=grammar, abbreviated=abbreviated))

    whole = found()
    with mock.patch.object(extract_module, "_WINDOW", 4):
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
    with mock.patch.object(extract_module, "_WINDOW", window):
        _, found = extract_module._first_try(
            text, 0, len(text), head, lambda c: urikit.parse(c, grammar=grammar)
        )
    assert found == expected


@given(
    st.lists(st.sampled_from(["a", "(", ")", "[", "]", ".", ",", "!", "'", ":", "b:"]), max_size=30)
)
def test_trimmed_ends_are_those_of_trim(pieces: list[str]) -> None:
    # _Scan._end keeps the bracket balance as the starts advance instead of counting it
    # again for each: it must end each candidate where _trim does.
    text = "".join(pieces) + " "
    scan = extract_module._Scan(text, urikit.RFC3986, None)
    for start in range(len(text)):
        if text[start].isalpha():  # where a scheme may start, in order as extract goes
            end = scan._end(start, trim=False)
            run = scan._uri_run.match(text, start)
            assert run is not None and end == run.end()
            trimmed = extract_module._trim(text[start:end])
            assert text[start : scan._end(start, trim=True)] == trimmed


@pytest.mark.parametrize(
    "text",
    [
        "a" * 1_000_000,
        "http://" + "a" * 1_000_000,
        "<http://" + "a" * 1_000_000,
        "<" * 1_000_000,
        "http:" * 200_000,
        "x://" * 250_000,
        "(" * 500_000 + "http://x/" + ")" * 500_000,
        "www." * 250_000,
        "\udcff\x00\x01" * 300_000 + "http://ok.example/",
    ],
)
def test_large_and_binary_text_does_not_hang(text: str) -> None:
    start = time.perf_counter()
    for grammar in ("rfc3986", "rfc2396"):
        for m in urikit.extract(text, grammar=grammar, abbreviated=True):
            assert urikit.parse(m.uri, grammar=grammar).scheme is not None
    assert time.perf_counter() - start < 30  # a hang detector, not a speed goal
