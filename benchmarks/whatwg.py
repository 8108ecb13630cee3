"""urikit._whatwg (the URL Standard's parser in pure Python) against ``ada_url.URL``
(ada's C++ parser): ns per URL over the corpus, in one process, interleaved rounds; and
the same parse with the fast path (``urikit._whatwg.fast``) off, which measures the
fast path, and ``validation_errors`` (every error recorded: no fast path, the strict
ToASCII run of each domain).

    python benchmarks/whatwg.py                       # the shared corpus
    python benchmarks/whatwg.py --corpus tests/data/corpus_sample.txt  # the sample
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import CORPUS, load_corpus, time_contenders

from urikit._whatwg import parse, validation_errors
from urikit._whatwg.parser import basic_parse
from urikit._whatwg.positions import Cleaned
from urikit._whatwg.url import URL


def _machine_only(text: str) -> URL:
    """``parse`` without the fast path: the state machine for every URL."""
    return URL(basic_parse(Cleaned(text).text, None, all_errors=False)[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    import ada_url

    corpus = options.corpus
    if corpus.is_file():
        lines = [line for line in corpus.read_text("utf-8").splitlines() if line]
    else:
        lines = load_corpus(corpus)
    time_contenders(
        "WHATWG URL parse",
        [
            ("urikit._whatwg.parse", parse),
            ("ada_url.URL", ada_url.URL),
            ("urikit._whatwg, state machine only", _machine_only),
            ("urikit._whatwg.validation_errors", validation_errors),
        ],
        lines,
        repeat=options.repeat,
    )


if __name__ == "__main__":
    main()
