"""Fuzz the exception contract: ``python -m tests.fuzz_contract [N] [SEED]``.

Calls every public function of ``tests.test_contract.CALLS`` on N seeded random texts
(mutated valid references and random strings with controls, surrogates and non-ASCII)
and counts the outcomes; any exception other than ``URISyntaxError`` and
``ResolutionError`` (an ``IDNAError``, for the conversions) is printed and makes the exit
status 1: an ``urikit.errors.InternalError`` (urikit disagreeing with itself) above all.
The suite runs the same contract on a few thousand texts; this is the long run.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

import urikit
from tests import strategies as abnf
from tests.test_contract import CALLS

ALPHABET = abnf.MUTATION_ALPHABET + "\x00\x7f\udfff\r"
MUTATED = [abnf.mutation(abnf.reference(None, True)), abnf.mutation(abnf.reference_2396(None))]


def texts(rng: random.Random) -> str:
    """A valid reference of either grammar with a few random edits, or a random string."""
    if rng.random() < 0.8:
        return abnf.sample(rng.choice(MUTATED), rng)
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 30)))


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 100_000
    rng = random.Random(int(argv[1]) if len(argv) > 1 else 8)
    outcomes: Counter[str] = Counter()
    failures = 0
    start = time.perf_counter()
    for _ in range(n):
        text = texts(rng)
        for name, call in CALLS.items():
            try:
                call(text)
                outcomes["result"] += 1
            except urikit.URISyntaxError:
                outcomes["URISyntaxError"] += 1
            except urikit.ResolutionError:
                outcomes["ResolutionError"] += 1
            except urikit.IDNAError:
                outcomes["IDNAError"] += 1
            except Exception as error:  # the contract is what is checked
                failures += 1
                print(f"{name}({text!r}): {type(error).__name__}: {error}")
    seconds = time.perf_counter() - start
    calls = sum(outcomes.values())
    print(f"{n:,} texts, {calls:,} calls in {seconds:.0f} s: {dict(outcomes)}; {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
