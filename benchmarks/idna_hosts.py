"""UTS #46 ToASCII per host: urikit's own (pure Python) against the ``idna`` package and
ada-url (C++), in one run.

    python benchmarks/idna_hosts.py         # best of 5 rounds
    python benchmarks/idna_hosts.py --repeat 3

Hosts: the sources of ``tests/data/IdnaTestV2.txt`` (Unicode 17.0.0) outside ASCII (most
of which UTS #46 refuses), those of them it converts with every flag on, those in ASCII
(mostly ``xn--`` labels, which every contender decodes and checks but ada), and
the hosts of ``tests/data/corpus_sample.txt`` (real URLs: all ASCII, no ``xn--``).  Each
contender converts every host of a set, interleaved, best of ``--repeat`` rounds (the
harness of ``benchmarks/harness.py``; a refusal counts as done):

- ``urikit uts46.to_ascii, strict``: every flag on (UseSTD3ASCIIRules, CheckHyphens,
  CheckBidi, CheckJoiners, VerifyDnsLength), nontransitional;
- ``urikit.host_to_ascii(mode="uts46")``: the same and urikit's re-validation;
- ``idna.encode(uts46=True, std3_rules=True)``: the idna package, the same flags (and
  IDNA2008's code point rules);
- ``urikit uts46.to_ascii, URL Standard``: the URL Standard's flags (domain to ASCII);
- ``ada_url.idna.encode``: ada-url's domain to ASCII (the same flags; an ASCII name
  returned lower-cased without ToASCII).

Needs ``pip install -e '.[test]'`` (idna and ada-url are in the test extra).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import ada_url
import idna

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.idnatest
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the harness

from harness import time_contenders
from tests.idnatest import cases

import urikit
from urikit._algorithms import uts46

STRICT = {
    "check_hyphens": True,
    "check_bidi": True,
    "check_joiners": True,
    "use_std3_ascii_rules": True,
    "transitional_processing": False,
    "verify_dns_length": True,
    "ignore_invalid_punycode": False,
}
URL = STRICT | {"check_hyphens": False, "use_std3_ascii_rules": False, "verify_dns_length": False}
CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "corpus_sample.txt"


def corpus_hosts() -> list[str]:
    hosts = []
    for line in CORPUS.read_text("utf-8").splitlines():
        try:
            host = urikit.parse(line, grammar="rfc3987").host
        except ValueError:
            continue
        if host:
            hosts.append(host)
    return hosts


def _converts(host: str) -> bool:
    try:
        uts46.to_ascii(host, **STRICT)
    except ValueError:
        return False
    return True


def _ada(host: str) -> object:
    return ada_url.idna.encode(host) if not any("\ud800" <= c <= "\udfff" for c in host) else b""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sources = sorted({case.source for case in cases()})
    contenders = [
        ("urikit uts46.to_ascii, strict", lambda h: uts46.to_ascii(h, **STRICT)),
        ('urikit.host_to_ascii(mode="uts46")', urikit.host_to_ascii),
        ("idna.encode(uts46=True, std3)", lambda h: idna.encode(h, uts46=True, std3_rules=True)),
        ("urikit uts46.to_ascii, URL Standard", lambda h: uts46.to_ascii(h, **URL)),
        ("ada_url.idna.encode", _ada),
    ]
    outside = [h for h in sources if not h.isascii()]
    for title, hosts in (
        ("IdnaTestV2.txt sources outside ASCII", outside),
        ("... those that convert, every flag on", [h for h in outside if _converts(h)]),
        ("IdnaTestV2.txt sources in ASCII", [h for h in sources if h.isascii()]),
        ("corpus_sample.txt hosts (ASCII)", corpus_hosts()),
    ):
        time_contenders(title, contenders, hosts, repeat=args.repeat)


if __name__ == "__main__":
    main()
