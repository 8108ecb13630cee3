"""``file:`` and ``data:`` against the reference data, urikit beside what Python users
reach for, pass counts side by side in one run.

    python benchmarks/file_data.py

The reference data is in ``tests/data/file_uri/`` and ``tests/data/data_uri/``; the
judging rule is the README beside each: a case passes when the result is exactly the
expected string (the path, the URI; for data: URLs the serialized MIME type and the
octets), or when the contender refuses a case whose expected result is an error.

How each peer is called (what its documentation says it takes):

- ``urllib`` (URI -> path): ``urllib.request.url2pathname`` (``nturl2path`` for the
  Windows flavor) on the path component of ``urllib.parse.urlsplit``; a scheme other
  than ``file`` and a host other than ``""``/``localhost`` count as refused, as
  ``urllib.request``'s ``FileHandler`` refuses them.  (path -> URI): ``"file:"`` and
  ``pathname2url``'s result, after ``//`` when that result does not begin with ``//``.
- ``w3lib``: ``w3lib.url.parse_data_uri``; its MIME type is serialized by the MIME
  Sniffing Standard's rule (§4.5) from its ``media_type`` and ``media_type_parameters``.
  The second w3lib column judges the octets only.

Needs w3lib (in the ``bench`` extra); without it its columns say so.
"""

from __future__ import annotations

import importlib
import json
import nturl2path
import sys
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import urikit

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text("utf-8"))


def _outcome(fn: Callable[[str], object], arg: str) -> object:
    try:
        return fn(arg)
    except Exception:  # a refusal, whatever a peer raises
        return None


def _count(fn: Callable[[str], object] | None, cases: Iterable[tuple[str, object]]) -> str:
    if fn is None:
        return "n/a"
    rows = list(cases)
    passed = sum(_outcome(fn, arg) == expected for arg, expected in rows)
    return f"{passed}/{len(rows)}"


def _table(title: str, columns: list[str], rows: list[tuple[str, list[str]]]) -> None:
    print(f"\n{title}")
    width = max(len(name) for name, _ in rows)
    print(" " * width + "".join(f"{c:>16}" for c in columns))
    for name, cells in rows:
        print(f"{name:<{width}}" + "".join(f"{c:>16}" for c in cells))


# -- file: -----------------------------------------------------------------------------------
def _urllib_to_path(flavor: str) -> Callable[[str], object]:
    convert = nturl2path.url2pathname if flavor == "windows" else urllib.request.url2pathname

    def run(uri: str) -> object:
        split = urllib.parse.urlsplit(uri)
        if split.scheme.lower() != "file" or split.netloc.lower() not in ("", "localhost"):
            return None
        return convert(split.path)

    return run


def _urllib_to_uri(flavor: str) -> Callable[[str], object]:
    convert = nturl2path.pathname2url if flavor == "windows" else urllib.request.pathname2url

    def run(path: str) -> object:
        url = convert(path)
        return "file:" + (url if url.startswith("//") else "//" + url)

    return run


def _urikit_file(to_path: bool, flavor: str) -> Callable[[str], object]:
    def run(text: str) -> object:
        if to_path:
            return urikit.file_uri_to_path(text, flavor=flavor)  # type: ignore[arg-type]
        return urikit.path_to_file_uri(text, flavor=flavor)  # type: ignore[arg-type]

    return run


def _file_cases() -> dict[str, dict[str, list[tuple[str, object]]]]:
    """Per direction and flavor, (input, expected) with ``None`` for an error."""
    to_path, to_uri = (
        _load("file_uri/node-fileurltopath.json"),
        _load("file_uri/node-pathtofileurl.json"),
    )
    rfc = _load("file_uri/rfc8089.json")
    cases: dict[str, dict[str, list[tuple[str, object]]]] = {}
    for flavor in ("posix", "windows"):
        cases[f"Node fileURLToPath, {flavor}"] = {
            flavor: [(uri, path) for path, uri in to_path[flavor]]
            + [(uri, None) for uri in to_path["errors"][flavor]]
        }
        cases[f"Node pathToFileURL, {flavor}"] = {
            flavor: [(path, uri) for path, uri in to_uri[flavor]]
            + [(path, None) for path in to_uri["errors"][flavor]]
        }
        cases[f"RFC 8089 App. B, E -> path, {flavor}"] = {
            flavor: [(u, p) for _, f, u, p in rfc["to_path"] if f == flavor]
        }
        cases[f"RFC 8089 path -> URI, {flavor}"] = {
            flavor: [(p, u) for _, f, p, u in rfc["to_uri"] if f == flavor]
        }
    appendix_e = [(u, p) for s, f, u, p in rfc["to_path"] if s.startswith("E")]
    cases["RFC 8089 App. E forms, windows"] = {"windows": appendix_e}
    return cases


def file_section() -> None:
    rows = []
    for title, by_flavor in _file_cases().items():
        ((flavor, cases),) = by_flavor.items()
        to_path = "-> path" in title or "ToPath" in title or "App. E forms" in title
        mine = _urikit_file(to_path, flavor)
        theirs = _urllib_to_path(flavor) if to_path else _urllib_to_uri(flavor)
        rows.append((title, [_count(mine, cases), _count(theirs, cases)]))
    _table(
        f"file: (urllib = urllib.request, nturl2path for windows, Python {sys.version.split()[0]})",
        ["urikit", "urllib"],
        rows,
    )


# -- data: -----------------------------------------------------------------------------------
def _urikit_data(profile: str) -> Callable[[str], object]:
    def run(uri: str) -> object:
        found = urikit.parse_data_uri(uri, profile=profile)  # type: ignore[arg-type]
        return found.mime_type, list(found.data)

    return run


def _w3lib(octets_only: bool) -> Callable[[str], object] | None:
    try:
        w3lib_url = importlib.import_module("w3lib.url")
    except ImportError:
        return None

    def run(uri: str) -> object:
        found = w3lib_url.parse_data_uri(uri)
        if octets_only:
            return list(found.data)
        parameters = tuple(found.media_type_parameters.items())  # serialized by §4.5:
        mime_type = urikit.DataURI(found.media_type, parameters, False, b"").mime_type
        return mime_type, list(found.data)

    return run


def data_section() -> None:
    wpt = _load("data_uri/data-urls.json")
    full = [(c[0], None if c[1] is None else (c[1], c[2])) for c in wpt]
    octets = [(c[0], None if c[1] is None else c[2]) for c in wpt]
    b64 = _load("data_uri/base64.json")
    b64_full = [
        ("data:;base64," + s, None if e is None else ("text/plain;charset=US-ASCII", e))
        for s, e in b64
    ]
    b64_octets = [("data:;base64," + s, e) for s, e in b64]
    examples = _load("data_uri/rfc2397-examples.json")["examples"]
    rfc_full = []
    rfc_octets = []
    for example in examples:
        data = bytes.fromhex(example.get("data_hex", ""))
        if "data_hex" not in example:  # the GIF: judged by its first octets and length
            continue
        rfc_full.append((example["uri"], (example["mime_type"], list(data))))
        rfc_octets.append((example["uri"], list(data)))
    fetch, strict = _urikit_data("fetch"), _urikit_data("rfc2397")
    w3lib_full, w3lib_octets = _w3lib(False), _w3lib(True)

    def octets_of(fn: Callable[[str], object]) -> Callable[[str], object]:
        return lambda uri: list(fn(uri)[1])  # type: ignore[index]

    def row(title: str, full: list[Any], octets: list[Any]) -> tuple[str, list[str]]:
        cells = [_count(fn, full) for fn in (fetch, strict, w3lib_full)]
        return title, [*cells, _count(octets_of(fetch), octets), _count(w3lib_octets, octets)]

    rows = [
        row("WPT data-urls.json", full, octets),
        row("WPT base64.json", b64_full, b64_octets),
        row("RFC 2397 §4 examples", rfc_full, rfc_octets),
    ]
    _table(
        "data: (MIME type and octets; then octets only)",
        ["urikit fetch", "urikit rfc2397", "w3lib", "fetch octets", "w3lib octets"],
        rows,
    )
    print(
        "  (RFC 2397 §4: the 3 examples with their octets given; the GIF's are judged in "
        "tests/test_data_uri.py)"
    )


def speed_section() -> None:
    """Per call, interleaved in this process (benchmarks/harness.py): the reference
    inputs each contender reads, over and over."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from harness import time_contenders

    posix = [uri for _, uri in _load("file_uri/node-fileurltopath.json")["posix"]] * 20
    time_contenders(
        "file: URI -> POSIX path (Node's table)",
        [("urikit", urikit.file_uri_to_path), ("urllib", _urllib_to_path("posix"))],
        posix,
    )
    wpt = [case[0] for case in _load("data_uri/data-urls.json") if case[1] is not None] * 20
    w3lib_full = _w3lib(False)
    contenders = [
        ("urikit fetch", _urikit_data("fetch")),
        ("urikit rfc2397", _urikit_data("rfc2397")),
    ]
    time_contenders(
        "data: URL -> media type and octets (WPT data-urls.json)",
        contenders + ([("w3lib", w3lib_full)] if w3lib_full is not None else []),
        wpt,
    )


def main() -> None:
    file_section()
    data_section()
    speed_section()


if __name__ == "__main__":
    main()
