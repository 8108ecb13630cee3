"""Real URLs bent the ways attacks bend them: the inputs on which verdicts are compared
with and without the optional extras (issue 31, ``tests/test_extras.py``).

Each mutant is a line of ``tests/data/corpus_sample.txt`` (real URLs, MIT) with one to
three of the edits below applied at places a seeded random generator picks, so the set
is the same on every run and every machine.  The edits are the techniques of the lint
set's sources (``tests/data/lint/README.md``): other schemes and slashes, backslashes,
userinfo, IPv4 and IPv6 spellings of an address, percent-encodings once and twice,
full-width and ideographic look-alikes of the delimiters, invisible and bidirectional
characters, ports of odd digits, and a truncation anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

SAMPLE = Path(__file__).parent / "data" / "corpus_sample.txt"

_SCHEMES = [
    "javascript:",
    "file:",
    "data:text/html,",
    "mailto:",
    "sip:",
    "htt:ps:",
    "HTTPS:",
    "ws:",
]
_AUTHORITIES = [
    "evil.example",
    "0x7f.1",
    "2130706433",
    "127.1",
    "[::ffff:7f00:1]",
    "[::1]",
    "localhost.",
    "①②⑦.0.0.1",
    "127。0。0。1",
    "%31%32%37.0.0.1",
    "ex\u0430mple.com",
    "xn--80ak6aa92e.com",
    "a..b",
]
_INSERTS = [
    "\\",
    "/\\",
    "\t",
    "\n",
    " ",
    "@",
    "user:pass@",
    "?",
    "#",
    "%2F",
    "%252F",
    "%5C",
    "%2e%2e/",
    "..;/",
    "%00",
    "\u200b",
    "\u202e",
    "\uff0f",
    "\uff03",
    "\u3002",
    ":080",
    ":65536",
    ":1\u2474",
    "%253A",
    "?next=javascript%253Aalert(1)",
]


def _scheme(rnd: random.Random, url: str) -> str:
    _, colon, rest = url.partition(":")
    return rnd.choice(_SCHEMES) + rest if colon else rnd.choice(_SCHEMES) + url


def _slashes(rnd: random.Random, url: str) -> str:
    for seen in ("://", ":"):
        if seen in url:
            head, _, tail = url.partition(seen)
            return head + rnd.choice([":/", ":\\\\", ":///", ":/\\", ":\\/", "://\t", ""]) + tail
    return rnd.choice(["//", "\\\\", "/\\", " //"]) + url


def _host(rnd: random.Random, url: str) -> str:
    head, sep, tail = url.partition("://")
    if not sep:
        return "//" + rnd.choice(_AUTHORITIES) + "/" + url
    host_end = min((i for i in (tail.find(c) for c in "/?#") if i >= 0), default=len(tail))
    where = rnd.choice(["replace", "userinfo", "after"])
    if where == "replace":
        return f"{head}://{rnd.choice(_AUTHORITIES)}{tail[host_end:]}"
    if where == "userinfo":
        return f"{head}://{tail[:host_end]}@{rnd.choice(_AUTHORITIES)}{tail[host_end:]}"
    glue = rnd.choice([".", "?", "#", "\\", "%2F"])
    return f"{head}://{tail[:host_end]}{glue}{rnd.choice(_AUTHORITIES)}{tail[host_end:]}"


def _insert(rnd: random.Random, url: str) -> str:
    at = rnd.randrange(len(url) + 1)
    return url[:at] + rnd.choice(_INSERTS) + url[at:]


def _encode(rnd: random.Random, url: str) -> str:
    if not url:
        return url
    at = rnd.randrange(len(url))
    escape = "".join(f"%{octet:02X}" for octet in url[at].encode("utf-8", "surrogatepass"))
    if rnd.random() < 0.3:
        escape = escape.replace("%", "%25")
    return url[:at] + escape + url[at + 1 :]


def _truncate(rnd: random.Random, url: str) -> str:
    return url[: rnd.randrange(len(url) + 1)]


EDITS: tuple[Callable[[random.Random, str], str], ...] = (
    _scheme,
    _slashes,
    _host,
    _insert,
    _insert,
    _encode,
    _truncate,
)


def mutants(count: int, seed: int = 31) -> list[str]:
    """``count`` distinct mutants of the corpus sample's URLs, the same for a seed."""
    rnd = random.Random(seed)
    urls = [line for line in SAMPLE.read_text("utf-8").splitlines() if line]
    found: dict[str, None] = {}
    while len(found) < count:
        url = rnd.choice(urls)
        for _ in range(rnd.randint(1, 3)):
            url = rnd.choice(EDITS)(rnd, url)
        found[url] = None
    return list(found)
