"""Unicode's IdnaTestV2.txt (UTS #46 conformance data, ``tests/data``), read as its header
says: each line a source and what ToUnicode, ToASCII nontransitional and ToASCII
transitional make of it, with the status codes of the errors each records.

The header: "Column 1: source ... Column 2: toUnicode ... A blank value means the same
as the source value. "" means the empty string. Column 3: toUnicodeStatus ... A blank
value means [] (no errors). Column 4: toAsciiN ... A blank value means the same as the
toUnicode value. Column 5: toAsciiNStatus ... A blank value means the same as the
toUnicodeStatus value. An explicit [] means no errors. Column 6: toAsciiT ... blank: the
toAsciiN value. Column 7: toAsciiTStatus ... blank: the toAsciiNStatus value."  And:
"Implementations that allow values of particular input flags to be false would ignore
the corresponding status codes listed in the table below" (:data:`FLAG_CODES`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = ["DATA", "FLAG_CODES", "SHA256", "Case", "cases", "codes_of"]

DATA = Path(__file__).parent / "data" / "IdnaTestV2.txt"
SHA256 = "beb5d0be20e896189b03209a82fdc34f06351502bbd4b8e2523583fc2954d9cf"
#: The header's table: the status codes a flag's check records, ignored when it is off.
FLAG_CODES = {
    "verify_dns_length": ("A4_1", "A4_2"),
    "check_hyphens": ("V2", "V3"),
    "check_joiners": ("C",),  # Cn
    "check_bidi": ("B",),  # Bn
    "use_std3_ascii_rules": ("U1",),
}
_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}")


@dataclass(frozen=True)
class Case:
    """One line of the file: the source and the three operations' results and codes."""

    line: int
    source: str
    to_unicode: str
    to_unicode_status: frozenset[str]
    to_ascii_n: str
    to_ascii_n_status: frozenset[str]
    to_ascii_t: str
    to_ascii_t_status: frozenset[str]


def _text(field: str, blank: str) -> str:
    field = field.strip(" \t")
    if field == '""':
        return ""
    return _ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), field) or blank


def _status(field: str, blank: frozenset[str]) -> frozenset[str]:
    field = field.strip(" \t")
    if not field:
        return blank
    return frozenset(code.strip() for code in field[1:-1].split(",") if code.strip())


@cache
def cases() -> tuple[Case, ...]:
    """The test lines, split on "\\n" only (the data holds U+2028 and U+0085)."""
    found = []
    for number, line in enumerate(DATA.read_text("utf-8").split("\n"), 1):
        data = line.partition("#")[0]
        if not data.strip():
            continue
        fields = data.split(";")
        source = _text(fields[0], "")
        unicode = _text(fields[1], source)
        unicode_status = _status(fields[2], frozenset())
        ascii_n = _text(fields[3], unicode)
        ascii_n_status = _status(fields[4], unicode_status)
        ascii_t = _text(fields[5], ascii_n)
        ascii_t_status = _status(fields[6], ascii_n_status)
        found.append(
            Case(
                number,
                source,
                unicode,
                unicode_status,
                ascii_n,
                ascii_n_status,
                ascii_t,
                ascii_t_status,
            )
        )
    return tuple(found)


def codes_of(flags_off: set[str]) -> set[str]:
    """The prefixes of the status codes the header says to ignore with ``flags_off``."""
    return {code for flag in flags_off for code in FLAG_CODES[flag]}
