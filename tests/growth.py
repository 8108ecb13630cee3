"""Growth tests: how the time an operation takes grows with the size of its input.

A test that asserts an absolute time fails on a slow or busy machine and passes a
quadratic algorithm on a fast one.  The ratio of the times at two sizes does neither:
linear work takes about ten times as long on ten times the input, quadratic work a
hundred times.  :func:`assert_linear` measures that ratio (CPU time of this process, the
best of a few runs, so that other processes and stray pauses count as little as they
can; a call faster than ``FLOOR`` timed over many calls) and fails when it is far above
the ratio of the sizes.

    assert_linear(lambda text: list(extract(text)), lambda n: "a:" * (n // 2) + " <")

A hang (a path that never ends, or one so slow on megabytes that it might as well not)
is caught by :func:`assert_finishes`: the work runs in a child interpreter, stopped after
``STOP`` seconds; that bound stops a hang and asserts no speed.
"""

from __future__ import annotations

import contextlib
import gc
import math
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

import urikit

try:
    from coverage import Coverage
except ImportError:  # coverage measures ./dev test; it is not needed otherwise
    Coverage = None  # type: ignore[assignment,misc]

__all__ = ["STOP", "Growth", "assert_finishes", "assert_linear", "measure"]

T = TypeVar("T")

#: Every size measured is multiplied by this, the one knob of the cost of growth tests:
#: 1 measures at the sizes the tests give (up to 10 MB, CI's profile), 0.1 at a tenth of
#: them (the development profile).  ``tests/conftest.py`` sets it from the test profile.
SCALE = 1.0

#: The least CPU time, in seconds (times ``SCALE``, as the times themselves scale), of one
#: timing: a call that takes less is timed over as many calls as take this long, and its
#: time is their mean.  The ratio of two tiny times, each of one call, is noise; and
#: reading a tiny time as this floor instead (as this module once did) hid a quadratic
#: path of a fast function: 100 times 0.03 ms is still under a floor of 0.5 ms.
FLOOR = 0.005
#: At most this many calls in one timing.
MAX_LOOPS = 100_000
#: Seconds after which :func:`assert_finishes` stops a child as hung: no speed goal (what
#: it runs takes seconds on a linear path, on any machine), only the end of a wait that
#: would otherwise have none.
STOP = 900.0


class Growth(tuple[tuple[int, float], ...]):
    """(size, seconds per call) at each size measured, smallest first."""

    __slots__ = ()

    @property
    def ratio(self) -> float:
        """The time at the largest size over the time at the smallest."""
        return self[-1][1] / max(self[0][1], 1e-9)

    def __str__(self) -> str:
        times = ", ".join(f"{size:,}: {seconds:.4f} s" for size, seconds in self)
        return f"{times} (ratio {self.ratio:.1f})"


def best_time(fn: Callable[[T], object], arg: T, repeats: int) -> float:
    """The least CPU time of ``repeats`` runs of ``fn(arg)``.  When one call takes less
    than ``FLOOR`` (times ``SCALE``), that first call only says how many calls make up
    that time, and each run times as many, in a row: the time is their mean."""
    target = FLOOR * SCALE
    loops, best, runs = 1, float("inf"), 0
    while runs < repeats:
        gc.collect()  # a collection owed by earlier work is not this run's
        start = time.process_time()
        for _ in range(loops):
            fn(arg)
        elapsed = time.process_time() - start
        if loops == 1 and elapsed < target:  # calibration, not a run
            loops = min(MAX_LOOPS, math.ceil(target / max(elapsed, 1e-7)))
            if loops > 1:
                continue
        best = min(best, elapsed / loops)
        runs += 1
    return best


def measure(
    fn: Callable[[T], object],
    make_input: Callable[[int], T],
    sizes: Sequence[int] = (100_000, 1_000_000),
    *,
    repeats: int = 3,
) -> Growth:
    """The time of ``fn(make_input(size))`` at each size times ``SCALE`` (inputs are made
    untimed); the largest input, the costly one, is run at most twice."""
    sizes = sorted({max(1, round(size * SCALE)) for size in sizes})
    found = []
    with _quiet():
        for size in sizes:
            arg = make_input(size)
            repeat = repeats if size < max(sizes) else min(repeats, 2)
            found.append((size, best_time(fn, arg, repeat)))
    return Growth(found)


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Measure with no coverage tracing (it slows Python code several times over, not
    the C code it calls) and with the objects that exist already (a whole test session's)
    left out of garbage collections (they would cost as much at small sizes as at large)."""
    tracer = Coverage.current() if Coverage is not None else None
    if tracer is not None:
        tracer.stop()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
        if tracer is not None:
            tracer.start()


def assert_linear(
    fn: Callable[[T], object],
    make_input: Callable[[int], T],
    sizes: Sequence[int] = (100_000, 1_000_000),
    *,
    slack: float = 2.5,
    repeats: int = 3,
) -> Growth:
    """Assert that ``fn(make_input(n))`` takes time about linear in ``n``: from the
    smallest size to the largest, the time grows by less than ``slack`` times the sizes
    (by less than 25 from n to 10n with the default slack; quadratic work grows by 100,
    ``n log n`` by 11 or so).  A failing measure is taken again once before the test
    fails, so that one busy moment of a shared machine does not fail it.  Choose sizes
    at which the larger run takes well under a second (at ``SCALE`` 1) and the work
    grows with the size (a fast call is timed many times over: see ``FLOOR``).  Returns
    the growth measured."""
    limit = slack * max(sizes) / min(sizes)
    growth = measure(fn, make_input, sizes, repeats=repeats)
    if growth.ratio >= limit:
        growth = measure(fn, make_input, sizes, repeats=repeats)
    assert growth.ratio < limit, f"super-linear: {growth}, limit {limit:.0f}"
    return growth


def assert_finishes(statement: str, *, stop: float = STOP) -> None:
    """Run ``statement`` (Python, importing what it needs: ``"from tests.test_x import
    f; f()"``) in a child interpreter, from the repository's root with this process's
    environment (so the same engine) and this process's urikit first on its path.  An
    exception in it fails the test with its output; a child still running after
    ``stop`` seconds is stopped, and the test fails as hung."""
    root = Path(__file__).parent.parent
    paths = [str(Path(urikit.__file__).parent.parent), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, paths))}
    command = [sys.executable, "-c", statement]
    try:
        child = subprocess.run(
            command, cwd=root, env=env, capture_output=True, text=True, timeout=stop
        )
    except subprocess.TimeoutExpired:
        raise AssertionError(f"hung: stopped after {stop:.0f} s: {statement}") from None
    assert child.returncode == 0, f"{statement}\n{child.stdout[-3000:]}{child.stderr[-3000:]}"
