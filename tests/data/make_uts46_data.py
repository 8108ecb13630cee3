"""Writes ``src/urikit/_algorithms/uts46_data.py`` from Unicode's own data files.

    python tests/data/make_uts46_data.py UNICODETOOLS_GIT_DIR

``UNICODETOOLS_GIT_DIR`` is a clone of https://github.com/unicode-org/unicodetools (the
repository where Unicode publishes the data of each version); the files are read at
commit :data:`COMMIT` with ``git show``, so a clone at any later commit does.  Unicode
17.0.0: UTS #46's IDNA Mapping Table (§5) and, from the Unicode Character Database, the
properties UTS #46 §4.1 reads (General_Category=Mark for V6, Canonical_Combining_Class
Virama and Joining_Type for CheckJoiners, Bidi_Class for CheckBidi) and what tells which
code points normalize differently under an older ``unicodedata`` (Age, canonical
decompositions, combining classes, NFC_Quick_Check).  Nothing is typed by hand: the
module states the files, the commit and each file's sha256.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

TARGET = Path(__file__).resolve().parents[2] / "src" / "urikit" / "_algorithms" / "uts46_data.py"
VERSION = "17.0.0"
COMMIT = "2c1309ab2ac1de5c62f09089c8ed6bf6f1d37920"
FILES = {
    "mapping": f"unicodetools/data/idna/{VERSION}/IdnaMappingTable.txt",
    "unicode_data": f"unicodetools/data/ucd/{VERSION}/UnicodeData.txt",
    "bidi": f"unicodetools/data/ucd/{VERSION}/extracted/DerivedBidiClass.txt",
    "joining": f"unicodetools/data/ucd/{VERSION}/extracted/DerivedJoiningType.txt",
    "age": f"unicodetools/data/ucd/{VERSION}/DerivedAge.txt",
    "normalization": f"unicodetools/data/ucd/{VERSION}/DerivedNormalizationProps.txt",
    "aliases": f"unicodetools/data/ucd/{VERSION}/PropertyValueAliases.txt",
}
#: The Unicode version of ``unicodedata`` in the oldest Python urikit supports (3.10):
#: the normalization table lists the code points assigned after it.
FLOOR = (13, 0)
LIMIT = 0x110000
STATUS_LETTERS = {"valid": "V", "mapped": "M", "deviation": "D", "ignored": "I", "disallowed": "X"}

HEADER = '''"""UTS #46 (Unicode IDNA Compatibility Processing) data, Unicode {version}: written by
``tests/data/make_uts46_data.py``, not by hand, from these files of Unicode's repository
unicode-org/unicodetools at commit {commit}:

{files}

Every table is text, so that Python reads it without evaluating a large literal and a C
implementation can read the same data (numbers are hexadecimal, separated by spaces):

- :data:`MAPPING_STARTS`, :data:`MAPPING_STATUS`, :data:`MAPPINGS`: the IDNA Mapping
  Table (UTS #46 §5) as runs of code points: run ``i`` begins at the ``i``-th start and
  ends before the next (the last at U+10FFFF); its status is the ``i``-th letter of
  ``MAPPING_STATUS`` (``V`` valid, ``M`` mapped, ``D`` deviation, ``I`` ignored, ``X``
  disallowed); each ``M`` or ``D`` run, in order, has its entry of ``MAPPINGS``: the text
  every code point of the run maps to (entries separated by U+001F, the ASCII unit
  separator, which no mapping holds).  The IDNA2008
  status column (NV8, XV8) is left out: UTS #46 §4 does not read it.  Adjacent lines of
  the table with the same status and mapping are one run.
- inversion lists (:data:`MARKS`, :data:`VIRAMAS`, each entry of
  :data:`NORMALIZATION_SINCE` after its version): the starts of runs, alternately in and
  out of the set.
- :data:`BIDI_STARTS` with :data:`BIDI_CLASSES` (the short name of each run's
  Bidi_Class, the defaults of unassigned code points included) and
  :data:`JOINING_STARTS` with :data:`JOINING_TYPES` (one letter per run).

Unicode data: "© {year} Unicode®, Inc.  For terms of use and license, see
https://www.unicode.org/terms_of_use.html", under the Unicode License v3 (SPDX
Unicode-3.0; also in ``tests/data/LICENSE-unicode.txt``), which permits copying and
modifying the data files with its notice, which follows (the LICENSE file of
unicode-org/unicodetools at the same commit):

{license}
"""

VERSION = "{version}"
#: UTS #46 §5, the IDNA Mapping Table: where each run begins.
MAPPING_STARTS = (
{starts}
)
#: The status of each run: V valid, M mapped, D deviation, I ignored, X disallowed.
MAPPING_STATUS = (
{status}
)
#: The mapping of each M and D run, in order, U+001F between runs.
MAPPINGS = (
{mappings}
)
#: General_Category=Mark (Mn, Mc, Me): UTS #46 §4.1 V6, RFC 5893 §2.
MARKS = (
{marks}
)
#: Canonical_Combining_Class=Virama (9): RFC 5892 Appendix A.1, A.2.
VIRAMAS = (
{viramas}
)
#: Where each run of Bidi_Class begins (RFC 5893 §2).
BIDI_STARTS = (
{bidi_starts}
)
#: The Bidi_Class (short name) of each run.
BIDI_CLASSES = (
{bidi_classes}
)
#: Where each run of Joining_Type begins (RFC 5892 Appendix A.1).
JOINING_STARTS = (
{joining_starts}
)
#: The Joining_Type of each run: U, C, D, L, R, T.
JOINING_TYPES = (
{joining_types}
)
#: For each Unicode version after {floor} (the ``unicodedata`` of Python 3.10), ``;``
#: between versions: the version, then the inversion list of the code points assigned in
#: it that normalization (NFC) reads: a
#: combining class other than 0, a canonical decomposition, a place in another code
#: point's canonical decomposition, or NFC_Quick_Check other than Yes.  A Python whose
#: ``unicodedata`` is older than a version does not know them.
NORMALIZATION_SINCE = (
{normalization}
)
'''


def read(git_dir: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "-C", git_dir, "show", f"{COMMIT}:{path}"], capture_output=True, check=True
    ).stdout


def records(text: str) -> Iterator[tuple[int, int, list[str]]]:
    """(first, last, fields after the code points) of each data line of a UCD file."""
    for line in text.splitlines():
        data = line.partition("#")[0].strip()
        if data:
            codes, *fields = (field.strip() for field in data.split(";"))
            first, _, last = codes.partition("..")
            yield int(first, 16), int(last or first, 16), fields


def missing(text: str) -> Iterator[tuple[int, int, list[str]]]:
    """The ``# @missing:`` lines (the defaults of code points not listed), in order."""
    for line in text.splitlines():
        if line.startswith("# @missing:"):
            yield from records(line.removeprefix("# @missing:"))


def property_values(text: str, long_names: dict[str, str]) -> list[str]:
    """The value of each code point: the @missing defaults in order, then the lines."""
    values = [""] * LIMIT
    for first, last, fields in [*missing(text), *records(text)]:
        value = long_names.get(fields[-1], fields[-1])
        values[first : last + 1] = [value] * (last - first + 1)
    return values


def runs(values: list[str]) -> Iterator[tuple[int, str]]:
    """(start, value) where each run of equal values begins."""
    previous = None
    for code_point, value in enumerate(values):
        if value != previous:
            yield code_point, value
            previous = value


def inversion_list(member: Callable[[int], bool]) -> list[int]:
    return [start for start, value in runs(["1" if member(cp) else "" for cp in range(LIMIT)])][
        0 if member(0) else 1 :
    ]


def wrap(tokens: list[str], separator: str = " ", width: int = 88) -> str:
    """String literals of at most ``width`` characters, one per line, that concatenate to
    ``tokens`` joined by ``separator``; a literal ends after a space or a separator."""
    text, lines = separator.join(tokens), []
    while len(text) > width:
        cut = max(text.rfind(" ", 0, width) + 1, text.rfind(separator, 0, width) + len(separator))
        assert cut > 0, "a token longer than the width"
        lines.append(f'    "{text[:cut]}"')
        text = text[cut:]
    lines.append(f'    "{text}"')
    return "\n".join(lines)


def escape(code_points: str) -> str:
    """The text of hexadecimal ``code_points`` as the body of a Python string literal:
    printable ASCII as it is (but ``\\`` and ``"``), the rest escaped."""
    text = "".join(chr(int(code_point, 16)) for code_point in code_points.split())
    assert "\x1f" not in text
    return "".join(map(_escaped, text))


def _escaped(char: str) -> str:
    if " " <= char <= "~" and char not in '\\"':
        return char
    if char < "\x80":
        return f"\\x{ord(char):02x}"
    return f"\\u{ord(char):04x}" if char < "\U00010000" else f"\\U{ord(char):08x}"


def hexes(numbers: list[int]) -> str:
    return wrap([f"{number:X}" for number in numbers])


def mapping_runs(text: str) -> list[tuple[int, str, str]]:
    """(start, status letter, mapping in hex) of each run of the IDNA Mapping Table."""
    found: list[tuple[int, str, str]] = []
    expected = 0
    for first, _last, fields in records(text):
        assert first == expected, f"the table skips U+{expected:04X}"
        status = STATUS_LETTERS[fields[0]]
        mapped = fields[1] if len(fields) > 1 and status in "MD" else ""
        if not found or found[-1][1:] != (status, mapped):
            found.append((first, status, mapped))
        expected = _last + 1
    assert expected == LIMIT
    return found


def age_of(text: str) -> list[tuple[int, int]]:
    ages = [(0, 0)] * LIMIT
    for first, last, fields in records(text):
        major, minor = fields[0].split(".")
        ages[first : last + 1] = [(int(major), int(minor))] * (last - first + 1)
    return ages


def main(git_dir: str) -> None:
    raw = {name: read(git_dir, path) for name, path in FILES.items()}
    notice = read(git_dir, "LICENSE").decode("utf-8").strip()
    text = {name: data.decode("utf-8") for name, data in raw.items()}
    long_names = {}  # Bidi_Class and Joining_Type long value names -> short
    for line in text["aliases"].splitlines():
        fields = [field.strip() for field in line.partition("#")[0].split(";")]
        if len(fields) >= 3 and fields[0] in ("bc", "jt"):
            long_names[fields[2]] = fields[1]

    table = mapping_runs(text["mapping"])
    category, combining, decomposition = [""] * LIMIT, [0] * LIMIT, [""] * LIMIT
    first_of_range = None
    for line in text["unicode_data"].splitlines():
        fields = line.split(";")
        code_point = int(fields[0], 16)
        if fields[1].endswith(", First>"):
            first_of_range = code_point
            continue
        start = code_point if first_of_range is None else first_of_range
        for cp in range(start, code_point + 1):
            category[cp], combining[cp] = fields[2], int(fields[3])
            decomposition[cp] = "" if fields[5].startswith("<") else fields[5]
        first_of_range = None
    in_decomposition = {int(h, 16) for value in decomposition for h in value.split()}
    nfc_qc: set[int] = set()
    for first, last, fields in records(text["normalization"]):
        if fields[0] == "NFC_QC":
            nfc_qc.update(range(first, last + 1))
    ages = age_of(text["age"])

    def reads_normalization(cp: int) -> bool:
        return bool(combining[cp] or decomposition[cp] or cp in in_decomposition or cp in nfc_qc)

    def assigned_in(version: tuple[int, int]) -> str:
        members = inversion_list(lambda cp: ages[cp] == version and reads_normalization(cp))
        return " ".join([f"{version[0]}.{version[1]}", *(f"{n:X}" for n in members)])

    normalization = [assigned_in(version) for version in sorted({a for a in ages if a > FLOOR})]

    bidi = list(runs(property_values(text["bidi"], long_names)))
    joining = list(runs(property_values(text["joining"], long_names)))
    files = "\n".join(
        f"- ``{path.rsplit('/', 1)[1]}``, sha256\n  ``{hashlib.sha256(raw[name]).hexdigest()}``"
        for name, path in FILES.items()
    )
    year = text["mapping"].split("# © ", 1)[1][:4]
    TARGET.write_text(
        HEADER.format(
            version=VERSION,
            commit=COMMIT,
            files=files,
            year=year,
            license="\n".join(f"    {line}".rstrip() for line in notice.splitlines()),
            floor=f"{FLOOR[0]}.{FLOOR[1]}",
            starts=hexes([start for start, _, _ in table]),
            status=wrap([status for _, status, _ in table], ""),
            mappings=wrap(
                [escape(mapped) for _, status, mapped in table if status in "MD"], "\\x1f"
            ),
            marks=hexes(inversion_list(lambda cp: category[cp].startswith("M"))),
            viramas=hexes(inversion_list(lambda cp: combining[cp] == 9)),
            bidi_starts=hexes([start for start, _ in bidi]),
            bidi_classes=wrap([value for _, value in bidi]),
            joining_starts=hexes([start for start, _ in joining]),
            joining_types=wrap([value for _, value in joining], ""),
            normalization=wrap(normalization, ";"),
        ),
        "utf-8",
    )
    print(f"{len(table)} runs of the mapping table, {len(bidi)} of Bidi_Class written to {TARGET}")


if __name__ == "__main__":
    main(sys.argv[1])
