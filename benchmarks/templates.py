"""URI Templates (RFC 6570): urikit against the Python libraries people use, in one run.

    python benchmarks/templates.py [--repeat N]

Conformance first: each library on the whole standard suite
(``tests/data/uritemplate-test``, 270 cases): how many of the 234 expansions it gets
right, and how many of the 36 invalid cases it refuses (raises, or returns ``None`` or
``False`` where that is its way to refuse) rather than expanding.

Then speed, interleaved in one process (``harness.time_contenders``: every contender once
per round, each its best round), ns per call and the ratio to urikit:

- parse and expand, on the RFC's examples (§1.2 and §3.2: ``spec-examples*.json``), the
  cases every contender expands right; and expand alone, with the template parsed once,
  where a library has that form;
- match, per call, template parsed once: urikit's ``URITemplate.match`` against the MCP
  Python SDK's ``UriTemplate.match`` (the only general matcher in Python), on the RFC
  examples' expansions of the templates both read back, and on resource templates as MCP
  servers write them.

Peers: ``uritemplate`` (python-hyper), ``uri-template``, ``std-uritemplate``, ``mcp``
(the bench extra: ``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uri_template
import uritemplate
from mcp.shared.uri_template import UriTemplate as McpTemplate
from stduritemplate import StdUriTemplate

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import time_contenders

import urikit

SUITE = Path(__file__).resolve().parent.parent / "tests" / "data" / "uritemplate-test"
FILES = ["spec-examples", "spec-examples-by-section", "extended-tests", "negative-tests"]
Case = tuple[str, dict[str, Any], Any]  # template, variables, expected (False: invalid)


def load(names: list[str]) -> list[Case]:
    cases = []
    for name in names:
        for group in json.loads((SUITE / f"{name}.json").read_text("utf-8")).values():
            cases.extend((t, group["variables"], want) for t, want in group["testcases"])
    return cases


def _uri_template(template: str, variables: dict[str, Any]) -> str | None:
    result = uri_template.URITemplate(template).expand(**variables)
    return None if result is None else str(result)


#: Each library's parse-and-expand: a result, or a refusal (an exception, None, False).
EXPANDERS: dict[str, Callable[[str, dict[str, Any]], str | None]] = {
    "urikit": lambda t, v: urikit.URITemplate(t).expand(v),
    "uritemplate": lambda t, v: uritemplate.URITemplate(t).expand(v),
    "uri-template": _uri_template,
    "std-uritemplate": StdUriTemplate.expand,
    "mcp": lambda t, v: McpTemplate.parse(t).expand(v),
}


def _right(got: object, want: Any) -> bool:
    return got in want if isinstance(want, list) else got == want


def conformance(cases: list[Case]) -> dict[str, set[int]]:
    """Print each library's score on the suite; return the indexes each expands right."""
    expansions = sum(want is not False for _, _, want in cases)
    print(
        f"\nthe standard suite: {len(cases)} cases, {expansions} expansions, "
        f"{len(cases) - expansions} invalid"
    )
    print(f"  {'library':<18} {'expanded right':>15} {'invalid refused':>16} {'total':>7}")
    right: dict[str, set[int]] = {}
    for name, expand in EXPANDERS.items():
        good, refused = set(), 0
        for index, (template, variables, want) in enumerate(cases):
            try:
                got = expand(template, variables)
            except Exception:
                got = None
            if want is False:
                refused += got is None or got is False
            elif _right(got, want):
                good.add(index)
        right[name] = good
        invalid = len(cases) - expansions
        print(
            f"  {name:<18} {len(good):>11}/{expansions} {refused:>12}/{invalid} "
            f"{len(good) + refused:>4}/{len(cases)}"
        )
    return right


#: Resource templates as MCP servers write them, with a URI each.
MCP_CASES = [
    ("file:///{+path}", "file:///home/user/notes/2024/todo.md"),
    ("repo://{owner}/{repo}/contents{/path*}", "repo://urikit/urikit/contents/src/a/b.py"),
    ("logs://{service}{?since,level}", "logs://api?since=5m&level=error"),
    ("users://{id}/profile", "users://42/profile"),
    ("db://{table}/{id}{?fields}", "db://orders/1234?fields=id,total"),
    ("weather://{city}/current", "weather://San%20Francisco/current"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat

    cases = load(FILES)
    right = conformance(cases)

    # -- parse and expand, on the RFC's examples every library expands right ---------------
    rfc = load(FILES[:2])
    offset = 0  # the RFC's files come first in ``cases``
    common = [
        (t, v)
        for index, (t, v, _) in enumerate(rfc)
        if all(index + offset in r for r in right.values())
    ]
    time_contenders(
        f"parse + expand, the RFC examples all five expand right ({len(common)} of {len(rfc)})",
        [(name, lambda tv, e=expand: e(*tv)) for name, expand in EXPANDERS.items()],
        common,
        repeat,
    )
    parsed = [
        (
            urikit.URITemplate(t),
            uritemplate.URITemplate(t),
            uri_template.URITemplate(t),
            McpTemplate.parse(t),
            v,
        )
        for t, v in common
    ]
    time_contenders(
        "expand, template parsed once (std-uritemplate has no such form)",
        [
            ("urikit", lambda p: p[0].expand(p[4])),
            ("uritemplate", lambda p: p[1].expand(p[4])),
            ("uri-template", lambda p: p[2].expand(**p[4])),
            ("mcp", lambda p: p[3].expand(p[4])),
        ],
        parsed,
        repeat,
    )

    # -- match, template parsed once -----------------------------------------------------------
    pairs = []
    for template, variables, _ in rfc:
        try:
            ours = urikit.URITemplate(template)
            uri = ours.expand(variables)
            if ours.match(uri) is None:
                continue
            theirs = McpTemplate.parse(template)
        except Exception:  # outside urikit's invertible subset, or refused by mcp
            continue
        pairs.append((ours, theirs, uri))
    agree = sum(p[1].match(p[2]) == p[0].match(p[2]) for p in pairs)
    time_contenders(
        f"match, the RFC examples' expansions both read ({len(pairs)}; same answer: {agree})",
        [("urikit", lambda p: p[0].match(p[2])), ("mcp", lambda p: p[1].match(p[2]))],
        pairs,
        repeat,
    )
    servers = [(urikit.URITemplate(t), McpTemplate.parse(t), u) for t, u in MCP_CASES]
    for ours, theirs, uri in servers:
        print(f"  {ours!s:<42} urikit {ours.match(uri)}  mcp {theirs.match(uri)}")
    time_contenders(
        f"match, MCP resource templates ({len(servers)})",
        [
            ("urikit", lambda p: p[0].match(p[2])),
            ("urikit, query='any'", lambda p: p[0].match(p[2], query="any")),
            ("mcp", lambda p: p[1].match(p[2])),
        ],
        servers * 50,
        repeat,
    )


if __name__ == "__main__":
    main()
