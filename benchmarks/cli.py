"""The ``urikit`` command against a Python loop over the same function, lines per second.

    python benchmarks/cli.py                   # check and normalize, 1,000,000 lines
    python benchmarks/cli.py --lines 200000 --repeat 7 --corpus /work/shared/corpus

The input is the lines of ../shared/corpus repeated up to ``--lines``.  Each contender is
a process of its own, its output to /dev/null: ``urikit check FILE`` and ``urikit
normalize -i FILE`` against a loop that reads the same file line by line (``for line in
open(FILE)``), calls ``urikit.is_valid`` / ``urikit.normalize`` and writes what the
command writes (``FILE:LINE:COLUMN: reason`` for each invalid line, from
``urikit.validate``'s error; each normal form, an empty line and that report on stderr
for an invalid one), each with and without ``PYTHONUNBUFFERED=1``.  The runs alternate
(command, loop, command, loop ...) so that the load of a shared machine falls on both
alike; the best of ``--repeat`` runs counts, by wall-clock time and by CPU time (user +
system).  The ratio is the command's lines per second over the loop's: above 1, the
command is faster.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import CORPUS, load_corpus

#: The loops, one per command: read the file line by line, call the function, write.
LOOPS = {
    "check": """
import sys, urikit
is_valid, validate, error = urikit.is_valid, urikit.validate, urikit.URISyntaxError
write, name = sys.stdout.write, sys.argv[1]
for number, line in enumerate(open(name, encoding="utf-8"), 1):
    text = line.rstrip("\\r\\n")
    if text and not is_valid(text):
        try:
            validate(text)
        except error as found:
            write(f"{name}:{number}:{found.position + 1}: {found.reason}\\n")
""",
    "normalize": """
import sys, urikit
normalize, error = urikit.normalize, urikit.URISyntaxError
write, warn, name = sys.stdout.write, sys.stderr.write, sys.argv[1]
for number, line in enumerate(open(name, encoding="utf-8"), 1):
    try:
        write(normalize(line.rstrip("\\r\\n")) + "\\n")
    except error as found:
        write("\\n")
        warn(f"{name}:{number}:{found.position + 1}: {found.reason}\\n")
""",
}
COMMANDS = {"check": ["check"], "normalize": ["normalize", "-i"]}


def _seconds(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The wall-clock seconds of a run and the CPU seconds (user + system) it took, which
    the load of a shared machine changes less."""
    with open(os.devnull, "wb") as null:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, stdout=null, stderr=null, env=env, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def _same_output(cli: list[str], loop: list[str], command: str) -> None:
    """The loop writes what the command writes (``check``'s summary aside)."""
    ran = [subprocess.run(argv, capture_output=True, check=False) for argv in (cli, loop)]
    out = ran[0].stdout.rsplit(b"\n", 2)[0] + b"\n" if command == "check" else ran[0].stdout
    if (out, ran[0].stderr) != (ran[1].stdout, ran[1].stderr):
        raise SystemExit(f"{command}: the loop does not write what the command writes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="a folder of *.txt")
    parser.add_argument("commands", nargs="*", choices=[[], *LOOPS], default=[])
    args = parser.parse_args()
    corpus = load_corpus(args.corpus)
    lines = (corpus * (args.lines // len(corpus) + 1))[: args.lines]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lines.txt"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        print(f"{len(lines):,} lines of {path.stat().st_size:,} bytes; best of {args.repeat}")
        for command in args.commands or list(LOOPS):
            for unbuffered in (False, True):
                env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
                if unbuffered:
                    env["PYTHONUNBUFFERED"] = "1"
                cli = [sys.executable, "-m", "urikit", *COMMANDS[command], str(path)]
                loop = [sys.executable, "-c", LOOPS[command], str(path)]
                if not unbuffered:
                    _same_output(cli, loop, command)
                runs: dict[str, list[tuple[float, float]]] = {"cli": [], "loop": []}
                for _ in range(args.repeat):  # interleaved
                    runs["cli"].append(_seconds(cli, env))
                    runs["loop"].append(_seconds(loop, env))
                for what, index in (("wall", 0), ("cpu", 1)):
                    rate = {
                        name: len(lines) / min(run[index] for run in found) / 1e6
                        for name, found in runs.items()
                    }
                    print(
                        f"{command:<10} PYTHONUNBUFFERED={int(unbuffered)} {what:<4}: "
                        f"urikit {rate['cli']:.2f} M lines/s, loop {rate['loop']:.2f} M lines/s, "
                        f"ratio {rate['cli'] / rate['loop']:.2f}"
                    )


if __name__ == "__main__":
    main()
