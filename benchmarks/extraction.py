"""URIs in real text: extractors scored on the labeled set of issue 21, side by side.

    python benchmarks/extraction.py                      # the table, overall and per kind
    python benchmarks/extraction.py --rounds 7           # more timing rounds
    python benchmarks/extraction.py --abbreviated expect # www.-style references expected
    python benchmarks/extraction.py --failures urikit    # what urikit misses and adds
    python benchmarks/extraction.py --half dev           # one half of the set (see half_of)
    python benchmarks/extraction.py --set tests/data/extraction/fresh.jsonl  # another set

The set is ``tests/data/extraction/set.jsonl`` (its judging rule: the ``README.md``
beside it), or the file ``--set`` names in the same format and by the same rule
(``fresh.jsonl`` beside it: a second set, drawn from other files, labeled after the
first and never used to develop the extraction).  An extractor is a function from a
text to a list of ``(start, end)`` spans, or of strings (each located in the text after
the previous one).  A span found is a true positive when it equals an expected span
exactly, start and end.  A found span equal to one of the set's ``abbreviated`` spans
(``www.example.com``, no scheme) is neither right nor wrong by default (``--abbreviated
ignore``); ``expect`` counts them as expected.

Speed is MB of text (UTF-8) per second over the whole set, the extraction alone (the
scoring is outside the clock): the best of ``--rounds`` rounds, the contenders
interleaved round by round, after a warm-up.  Needs the peers: ``pip install -e
'.[bench]'`` (``./dev bench`` installs them); a peer that is not installed is skipped.
urlextract runs on the list of top-level domains it ships (it downloads one only when
asked to, with ``update()``).
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.extraction_set

from tests import extraction_set as labeled

import urikit

Found = Sequence[tuple[int, int]] | Sequence[str]
Extractor = Callable[[str], Found]


# -- the contenders --------------------------------------------------------------------------
def urikit_extract(text: str) -> list[tuple[int, int]]:
    """``urikit.extract`` as it is: the spans of its matches."""
    return [(match.start, match.end) for match in urikit.extract(text)]


def _urlextract() -> Extractor | None:
    try:
        from urlextract import URLExtract  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    finder = URLExtract()  # the TLD list it ships; no download without update()

    def run(text: str) -> list[tuple[int, int]]:
        return [indices for _, indices in finder.find_urls(text, get_indices=True)]

    return run


def _linkify() -> Extractor | None:
    try:
        from linkify_it import LinkifyIt  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    linkify = LinkifyIt()  # its defaults: links, fuzzy links and e-mail addresses

    def run(text: str) -> list[tuple[int, int]]:
        return [(match.index, match.last_index) for match in linkify.match(text) or ()]

    return run


def contenders() -> list[tuple[str, Extractor]]:
    """The extractors of the run, urikit first; a missing peer is skipped with a note."""
    found: list[tuple[str, Extractor]] = [("urikit.extract", urikit_extract)]
    for name, build in (("urlextract", _urlextract), ("linkify-it-py", _linkify)):
        extractor = build()
        if extractor is None:
            print(f"  (skipped: {name} is not installed)")
        else:
            found.append((name, extractor))
    return found


def half_of(snippet_id: str) -> str:
    """The half of the set a snippet is in, by a hash of its id: ``dev`` (what the work on
    an extractor looks at) or ``held`` (what it is checked on at the end)."""
    return "dev" if hashlib.sha256(snippet_id.encode()).digest()[0] % 2 == 0 else "held"


# -- scoring ---------------------------------------------------------------------------------
def spans_of(text: str, found: Found) -> list[tuple[int, int]]:
    """The spans of an extractor's answer: given, or its strings located in order."""
    spans: list[tuple[int, int]] = []
    position = 0
    for item in found:
        if isinstance(item, str):
            start = text.find(item, position)
            if start < 0:
                start = text.find(item)  # out of order: the first place it stands
            if start < 0:
                spans.append((-1, -1))  # not in the text at all: wrong wherever it is
                continue
            spans.append((start, start + len(item)))
            position = start + len(item)
        else:
            start, end = item
            spans.append((int(start), int(end)))
    return spans


@dataclass
class Tally:
    """True positives, false positives and false negatives."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, other: Tally) -> None:
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Outcome:
    """One snippet's score, with what was missed and what was added."""

    tally: Tally
    missed: list[tuple[int, int]] = field(default_factory=list)
    added: list[tuple[int, int]] = field(default_factory=list)


def score(snippet: labeled.Snippet, found: Found, abbreviated: str = "ignore") -> Outcome:
    """The snippet's score for what an extractor found (spans compared exactly)."""
    expected = {(span.start, span.end) for span in snippet.expected}
    loose = {(span.start, span.end) for span in snippet.abbreviated}
    if abbreviated == "expect":
        expected |= loose
    spans = spans_of(snippet.text, found)
    counted = Counter(spans)
    outcome = Outcome(Tally())
    for span, n in counted.items():
        if span in expected:
            outcome.tally.tp += 1
            outcome.tally.fp += n - 1  # the same span twice is one too many
            if n > 1:
                outcome.added.append(span)
        elif span in loose and abbreviated == "ignore":
            continue
        else:
            outcome.tally.fp += n
            outcome.added.append(span)
    outcome.missed = sorted(expected - set(counted))
    outcome.tally.fn = len(outcome.missed)
    return outcome


def evaluate(
    extractor: Extractor, snippets: Iterable[labeled.Snippet], abbreviated: str = "ignore"
) -> dict[str, Outcome]:
    """Each snippet's outcome, by id."""
    return {s.id: score(s, extractor(s.text), abbreviated) for s in snippets}


def time_extractors(
    extractors: Sequence[tuple[str, Extractor]], texts: Sequence[str], rounds: int
) -> dict[str, float]:
    """MB/s of each extractor over all the texts: the best of ``rounds`` interleaved rounds."""
    megabytes = sum(len(text.encode("utf-8")) for text in texts) / 1e6
    best = {name: float("inf") for name, _ in extractors}
    for _, extractor in extractors:  # warm-up
        for text in texts:
            extractor(text)
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(rounds):
            for name, extractor in extractors:
                start = time.perf_counter()
                for text in texts:
                    extractor(text)
                best[name] = min(best[name], time.perf_counter() - start)
    finally:
        if gc_was_enabled:
            gc.enable()
    return {name: megabytes / seconds for name, seconds in best.items()}


# -- the report ------------------------------------------------------------------------------
def _cell(tally: Tally) -> str:
    return f"{100 * tally.precision:5.1f} {100 * tally.recall:5.1f} {100 * tally.f1:5.1f}"


def report(
    snippets: Sequence[labeled.Snippet],
    results: dict[str, dict[str, Outcome]],
    speed: dict[str, float],
) -> None:
    """The table: precision, recall and F1 (percent) per contender, overall and per kind."""
    names = list(results)
    kinds = [kind for kind in labeled.KINDS if any(s.kind == kind for s in snippets)]
    width = max(len(name) for name in names)
    width = max(width, 17)
    header = f"{'':14} {'snip':>4} {'URIs':>4}  " + "  ".join(f"{name:^{width}}" for name in names)
    print(header)
    print(f"{'':14} {'':>4} {'':>4}  " + "  ".join(f"{'P     R     F1':^{width}}" for _ in names))
    rows = [("all", list(snippets))] + [(k, [s for s in snippets if s.kind == k]) for k in kinds]
    for label, group in rows:
        cells = []
        for name in names:
            tally = Tally()
            for snippet in group:
                tally.add(results[name][snippet.id].tally)
            cells.append(f"{_cell(tally):^{width}}")
        uris = sum(len(s.expected) for s in group)
        print(f"{label:14} {len(group):4} {uris:4}  " + "  ".join(cells))
    print(f"{'MB/s':14} {'':>4} {'':>4}  " + "  ".join(f"{speed[n]:^{width}.3f}" for n in names))


def failures(snippets: Sequence[labeled.Snippet], outcomes: dict[str, Outcome]) -> None:
    """Each snippet the contender got wrong: what it missed (-) and what it added (+)."""
    for snippet in snippets:
        outcome = outcomes[snippet.id]
        if not outcome.missed and not outcome.added:
            continue
        print(f"{snippet.id} [{snippet.kind}] {snippet.text[:160]!r}")
        for start, end in outcome.missed:
            print(f"   - {snippet.text[start:end]!r}")
        for start, end in outcome.added:
            shown = snippet.text[start:end] if start >= 0 else "(not in the text)"
            print(f"   + {shown!r}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="timing rounds (best counts)")
    parser.add_argument("--abbreviated", choices=("ignore", "expect"), default="ignore")
    parser.add_argument("--kind", choices=labeled.KINDS, help="only snippets of this kind")
    parser.add_argument("--failures", metavar="CONTENDER", help="list a contender's errors")
    parser.add_argument("--half", choices=("dev", "held"), help="only one half (see half_of)")
    parser.add_argument("--set", type=Path, default=labeled.SET, help="the labeled set's file")
    args = parser.parse_args(argv)
    snippets = labeled.load(args.set)
    if args.kind:
        snippets = [s for s in snippets if s.kind == args.kind]
    if args.half:
        snippets = [s for s in snippets if half_of(s.id) == args.half]
    total = labeled.counts(snippets)
    print(
        f"{total['snippets']} snippets, {total['uris']} URIs expected, "
        f"{total['colon_only']} with colons and no URI, {total['abbreviated']} abbreviated "
        f"({args.abbreviated}); P R F1 in percent, spans compared exactly"
    )
    extractors = contenders()
    results = {name: evaluate(ex, snippets, args.abbreviated) for name, ex in extractors}
    if args.failures:
        if args.failures not in results:
            parser.error(f"--failures: one of {', '.join(results)}")
        failures(snippets, results[args.failures])
        return 0
    speed = time_extractors(extractors, [s.text for s in snippets], args.rounds)
    report(snippets, results, speed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
