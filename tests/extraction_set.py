"""The labeled set of URIs in real text (``tests/data/extraction/``, issue 21): loading it
and checking its integrity.  ``tests/test_extraction_set.py`` runs the checks;
``benchmarks/extraction.py`` scores extractors on the set.

The set's judging rule is in ``tests/data/extraction/README.md``; this module checks only
what the data must satisfy whatever the judgment: offsets that point at the text, spans in
order and apart, each ``uri`` the span's text read as the rule says, the floors of the issue.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DIRECTORY = Path(__file__).resolve().parent / "data" / "extraction"
SET = DIRECTORY / "set.jsonl"
KINDS = (
    "markdown",
    "rst",
    "changelog",
    "man-raw",
    "man-rendered",
    "comment",
    "config",
    "html",
    "non-english",
    "code",
    "prose",
)
# The floors: snippets, expected URIs, snippets with colons and no URI.
MIN_SNIPPETS, MIN_URIS, MIN_COLON_ONLY = 400, 600, 150
MIN_PER_KIND = 20  # every kind of text is there in earnest
MAX_TEXT = 600  # a snippet is short: one to a few lines

_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_BREAK = re.compile("\u2010?\\s+")  # Appendix E: whitespace (and a renderer's hyphen) at a break
_ROFF = (("\\-", "-"), ("\\&", ""), ("\\:", ""), ("\\%", ""), ("\\~", "~"), ("\\.", "."))
_MARKDOWN_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


@dataclass(frozen=True, slots=True)
class Span:
    """A labeled URI: ``text[start:end]`` is where it stands, ``uri`` what it means."""

    start: int
    end: int
    uri: str


@dataclass(frozen=True, slots=True)
class Snippet:
    """One line of ``set.jsonl``."""

    id: str
    kind: str
    source: str
    text: str
    expected: tuple[Span, ...]
    abbreviated: tuple[Span, ...]
    note: str


def _spans(items: object) -> tuple[Span, ...]:
    if not isinstance(items, list):
        raise ValueError(f"spans are a list, not {items!r}")
    return tuple(Span(int(item["start"]), int(item["end"]), str(item["uri"])) for item in items)


def load(path: Path = SET) -> list[Snippet]:
    """The snippets of the set, in file order."""
    snippets = []
    with path.open(encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            record = json.loads(line)
            unknown = set(record) - {
                "id",
                "kind",
                "source",
                "text",
                "expected",
                "abbreviated",
                "note",
            }
            if unknown:
                raise ValueError(f"line {number}: unknown fields {sorted(unknown)}")
            snippets.append(
                Snippet(
                    id=record["id"],
                    kind=record["kind"],
                    source=record["source"],
                    text=record["text"],
                    expected=_spans(record["expected"]),
                    abbreviated=_spans(record.get("abbreviated", [])),
                    note=record.get("note", ""),
                )
            )
    return snippets


def readings(span_text: str) -> set[str]:
    """What a span may stand for under the rule: itself, or itself read through one of
    the document's own escapes (items 9 and 10 of the rule)."""
    roff = span_text
    for escape, meaning in _ROFF:
        roff = roff.replace(escape, meaning)
    roff = roff.replace("\\e", "\\")
    return {
        span_text,
        _BREAK.sub("", span_text),
        roff,
        html.unescape(span_text),
        _MARKDOWN_ESCAPE.sub(r"\1", span_text),
    }


def _in_angles(text: str, span: Span) -> bool:
    """Whether the span stands between ``<``/``⟨`` and ``>``/``⟩`` (``<URL:`` allowed)."""
    before = text[: span.start].rstrip()
    before = before[:-4].rstrip() if before.upper().endswith("URL:") else before
    return before.endswith(("<", "\u27e8")) and text[span.end : span.end + 1] in (">", "\u27e9")


def problems(snippet: Snippet) -> Iterator[str]:
    """What is wrong with one snippet (nothing, for a sound one)."""
    where = snippet.id
    text = snippet.text
    if snippet.kind not in KINDS:
        yield f"{where}: unknown kind {snippet.kind!r}"
    if not snippet.source:
        yield f"{where}: no source"
    if not text.strip() or len(text) >= MAX_TEXT:
        yield f"{where}: the text is empty or not short ({len(text)} characters)"
    spans = sorted(
        [(span, "expected") for span in snippet.expected]
        + [(span, "abbreviated") for span in snippet.abbreviated],
        key=lambda pair: pair[0].start,
    )
    if list(snippet.expected) != sorted(snippet.expected, key=lambda span: span.start):
        yield f"{where}: expected spans out of order"
    end = 0
    for span, field in spans:
        if not 0 <= span.start < span.end <= len(text):
            yield f"{where}: {field} span {span.start}:{span.end} outside the text"
            continue
        if span.start < end:
            yield f"{where}: {field} span {span.start}:{span.end} overlaps the one before"
        end = span.end
        written = text[span.start : span.end]
        if span.uri not in readings(written):
            yield f"{where}: {field} uri {span.uri!r} is no reading of {written!r}"
        elif span.uri == _BREAK.sub("", written) != written and not _in_angles(text, span):
            yield f"{where}: whitespace removed from a span outside <...>"
        if any(character.isspace() for character in span.uri):
            yield f"{where}: whitespace in uri {span.uri!r}"
        if field == "expected" and not _SCHEME.match(span.uri):
            yield f"{where}: expected uri {span.uri!r} has no scheme"
        if field == "abbreviated" and not span.uri.lower().startswith(("www.", "ftp.")):
            yield f"{where}: abbreviated uri {span.uri!r} starts with neither www. nor ftp."


def colon_only(snippet: Snippet) -> bool:
    """A snippet with a colon and no expected URI: a trap for a literal reader."""
    return not snippet.expected and ":" in snippet.text


def counts(snippets: list[Snippet]) -> dict[str, int]:
    """The totals the issue sets floors for."""
    return {
        "snippets": len(snippets),
        "uris": sum(len(snippet.expected) for snippet in snippets),
        "colon_only": sum(colon_only(snippet) for snippet in snippets),
        "abbreviated": sum(len(snippet.abbreviated) for snippet in snippets),
    }


def set_problems(snippets: list[Snippet]) -> Iterator[str]:
    """What is wrong with the set as a whole, each snippet included."""
    for snippet in snippets:
        yield from problems(snippet)
    duplicated = [name for name, n in Counter(s.id for s in snippets).items() if n > 1]
    if duplicated:
        yield f"ids used more than once: {duplicated}"
    texts = Counter(snippet.text for snippet in snippets)
    if any(n > 1 for n in texts.values()):
        yield "the same text twice"
    total = counts(snippets)
    for name, floor in (
        ("snippets", MIN_SNIPPETS),
        ("uris", MIN_URIS),
        ("colon_only", MIN_COLON_ONLY),
    ):
        if total[name] < floor:
            yield f"{total[name]} {name}, fewer than {floor}"
    per_kind = Counter(snippet.kind for snippet in snippets)
    for kind in KINDS:
        if per_kind[kind] < MIN_PER_KIND:
            yield f"{per_kind[kind]} snippets of kind {kind}, fewer than {MIN_PER_KIND}"
