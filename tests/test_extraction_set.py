"""The labeled sets of URIs in real text (issue 21) are sound: their offsets, their
readings, their floors; and ``urikit.extract``'s score on each is pinned: exactly what it
misses and what it finds wrongly, judged by ``benchmarks/extraction.py``'s rule (``score``:
spans compared exactly), so that any change, better or worse, fails until the lists here
are updated.  The peers' scores and the speed are the benchmark's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmarks import extraction as benchmark

from tests import extraction_set as labeled

SNIPPETS = labeled.load()
#: The held-out sets, in the order they were made: other files, labeled by the same rule
#: after the extraction was written, each drawing on no file of the sets before it.
HELD_OUT = ("fresh.jsonl", "fresh2.jsonl")


def _file(snippet: labeled.Snippet) -> str:
    """The file a snippet quotes (its source without the line, the message number or the
    rendering)."""
    return snippet.source.rsplit(":", 1)[0].split(" ")[0]


def test_the_set_is_sound() -> None:
    assert list(labeled.set_problems(SNIPPETS)) == []


@pytest.mark.parametrize("name", HELD_OUT)
def test_each_held_out_set_is_sound_and_draws_on_other_files(name: str) -> None:
    held = labeled.load(labeled.DIRECTORY / name)
    assert list(labeled.set_problems(held)) == []
    before = list(SNIPPETS)
    for earlier in HELD_OUT[: HELD_OUT.index(name)]:
        before += labeled.load(labeled.DIRECTORY / earlier)
    assert not {_file(s) for s in held} & {_file(s) for s in before}
    assert not {s.text for s in held} & {s.text for s in before}
    assert not {s.id for s in held} & {s.id for s in before}


#: What ``urikit.extract`` gets wrong on each set: (snippet id, "-" for an expected span it
#: misses or "+" for a span it finds that is not expected, the span's text), in file order.
WRONG = {
    "set.jsonl": [
        ("comment-00293", "+", "BB:CC:DD:EE"),  # a MAC address in a string: "bb:" a scheme
    ],
    "fresh.jsonl": [
        (  # a regular expression, quoted whole
            "fresh-code-0004",
            "+",
            "urn:ogc:def:crs:[A-Za-z0-9_]+:[0-9A-Za-z.]*:[0-9A-Za-z]+\\Z",
        ),
        ("fresh-comment-0002", "-", "http://[:localhost[]].google:80"),  # no valid host
        ("fresh-comment-0005", "-", "http://.example.com"),  # a leading ".": a placeholder
        ("fresh-html-0017", "-", "https:Example.com/"),  # "https:" without "//"
        ("fresh-man-rendered-0014", "-", "http://ocsp.example.com/"),
        ("fresh-man-rendered-0014", "-", "http://myca.example.com/ca.cer"),
        (  # one URI where a list of two is, joined by ",caIssuers;URI:"
            "fresh-man-rendered-0014",
            "+",
            "http://ocsp.example.com/,caIssuers;URI:http://myca.example.com/ca.cer",
        ),
    ],
    "fresh2.jsonl": [  # "http:g", RFC 3986 §5.4.2's example, three times: no "//"
        ("fresh2-code-0016", "-", "http:g"),
        ("fresh2-code-0016", "-", "http:g"),
        ("fresh2-code-0016", "-", "http:g"),
    ],
}


@pytest.mark.parametrize("name", list(WRONG))
def test_what_extract_gets_wrong_on_each_set(name: str) -> None:
    snippets = labeled.load(labeled.DIRECTORY / name)
    outcomes = benchmark.evaluate(benchmark.urikit_extract, snippets)
    wrong = [
        (snippet.id, sign, snippet.text[start:end])
        for snippet in snippets
        for sign, spans in (("-", outcomes[snippet.id].missed), ("+", outcomes[snippet.id].added))
        for start, end in spans
    ]
    assert wrong == WRONG[name]


def test_the_floors_of_the_issue() -> None:
    total = labeled.counts(SNIPPETS)
    assert total["snippets"] >= 400
    assert total["uris"] >= 600
    assert total["colon_only"] >= 150


def test_the_rule_is_written_beside_the_set() -> None:
    readme = (labeled.DIRECTORY / "README.md").read_text(encoding="utf-8")
    assert "## The judging rule" in readme
    for name in ("SOURCES.md", "FRESH_SOURCES.md", "FRESH2_SOURCES.md"):
        assert "license" in (labeled.DIRECTORY / name).read_text(encoding="utf-8")


def _line(**fields: object) -> dict[str, object]:
    record: dict[str, object] = {
        "id": "x-1",
        "kind": "prose",
        "source": "/somewhere:1",
        "text": "see <http://a.example/x\n  y> and http://b.example/.",
        "expected": [],
    }
    record.update(fields)
    return record


def _problems(tmp_path: Path, **fields: object) -> list[str]:
    path = tmp_path / "set.jsonl"
    path.write_text(json.dumps(_line(**fields)) + "\n", encoding="utf-8")
    return list(labeled.problems(labeled.load(path)[0]))


@pytest.mark.parametrize(
    ("expected", "complaint"),
    [
        ([{"start": 5, "end": 27, "uri": "http://a.example/xy"}], None),  # Appendix E
        ([{"start": 33, "end": 50, "uri": "http://b.example/"}], None),
        ([{"start": 33, "end": 51, "uri": "http://b.example/"}], "no reading"),
        ([{"start": 33, "end": 90, "uri": "http://b.example/"}], "outside the text"),
        (
            [
                {"start": 33, "end": 50, "uri": "http://b.example/"},
                {"start": 5, "end": 27, "uri": "http://a.example/xy"},
            ],
            "out of order",
        ),
        ([{"start": 35, "end": 50, "uri": "tp://b.example/"}], None),  # a scheme, if odd
        ([{"start": 42, "end": 50, "uri": "example/"}], "no scheme"),
    ],
)
def test_the_checks_catch_bad_labels(
    tmp_path: Path, expected: list[dict[str, object]], complaint: str | None
) -> None:
    found = _problems(tmp_path, expected=expected)
    if complaint is None:
        assert found == []
    else:
        assert any(complaint in problem for problem in found), found


def test_whitespace_is_removed_only_inside_angle_brackets(tmp_path: Path) -> None:
    text = "at http://a.example/x\n  y today"
    span = {"start": 3, "end": 25, "uri": "http://a.example/xy"}
    found = _problems(tmp_path, text=text, expected=[span])
    assert any("outside <...>" in problem for problem in found)


def test_escapes_are_read_as_the_document_means_them() -> None:
    assert "https://example.org/a-b" in labeled.readings("https://example\\&.org/a\\-b")
    assert "https://x.example/?a=1&b=2" in labeled.readings("https://x.example/?a=1&amp;b=2")
    assert "https://w.example/V8_(x)" in labeled.readings("https://w.example/V8_\\(x\\)")
