"""Writes ``src/urikit/_lint/confusables_data.py`` from Unicode's ``confusables.txt``.

    python tests/data/lint/make_confusables.py DATA_JSON

``DATA_JSON`` is ``confusables.txt`` of UTS #39 as a JSON object, each line's source
(field 1) mapped to its prototype (field 2): the ``data.json`` of the npm package
``unhomoglyph`` 1.0.6 (``npm pack unhomoglyph@1.0.6``, Unicode 13.0.0, sha256
``2fb1ef5aa83ace3438c1cbd6f2fd413cd62ab20906b6101511eb5db11e70ae1c``), the same Unicode
version as ``tests/data/IdnaTestV2.txt``.  The module keeps the lines whose prototype is
ASCII: what :func:`urikit._lint.confusables.ascii_skeleton` needs to tell whether a label
is confusable with an ASCII one.  Nothing is typed by hand.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

TARGET = Path(__file__).resolve().parents[3] / "src" / "urikit" / "_lint" / "confusables_data.py"
HEADER = '''"""UTS #39 ``confusables.txt`` (Unicode 13.0.0), the lines whose prototype is ASCII:
written by ``tests/data/lint/make_confusables.py``, not by hand.  Each entry of
:data:`PROTOTYPES` is ``SOURCE TARGET...``, code points in hex, ``;`` between entries.

Unicode data: "Copyright © 1991-2020 Unicode, Inc.  Distributed under the Terms of Use in
https://www.unicode.org/copyright.html" (SPDX Unicode-DFS-2016, the license text in
``tests/data/LICENSE-unicode.txt``), which permits copying and modifying the data files
with this notice.
"""

VERSION = "13.0.0"
COUNT = {count}
PROTOTYPES = (
{body}
)
'''


def main(path: str) -> None:
    mapping: dict[str, str] = json.loads(Path(path).read_text("utf-8"))
    entries = [
        f"{ord(source):04X} " + " ".join(f"{ord(c):04X}" for c in target)
        for source, target in sorted(mapping.items())
        if target.isascii() and len(source) == 1
    ]
    lines, line = [], ""
    for entry in entries:
        piece = entry + ";"
        if len(line) + len(piece) > 84:
            lines.append(f'    "{line}"')
            line = ""
        line += piece
    lines.append(f'    "{line}"')
    TARGET.write_text(HEADER.format(count=len(entries), body="\n".join(lines)), "utf-8")
    print(f"{len(entries)} entries written to {TARGET}")


if __name__ == "__main__":
    main(sys.argv[1])
