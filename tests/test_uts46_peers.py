"""urikit's UTS #46 beside others: the web-platform-tests' IdnaTestV2.json (the URL
Standard's use of UTS #46), and the libraries people convert hosts with.

WPT (``tests/data/wpt/IdnaTestV2.json``: IdnaTestV2.txt as the URL Standard reads it, each
case an input and the host it becomes, or null for failure): each input goes through
``to_ascii`` with the URL Standard's flags (domain to ASCII, beStrict false).  urikit
fails exactly where the case's comment names an error that is not "(ignored)", and gives
the output where it succeeds.  Where it fails, the output is null, or the input is ASCII
and the output is the input lower-cased: the URL Standard's domain parser returns an ASCII
name lower-cased whatever ToASCII says of it (§3.5, "for web compatibility"), a step of
the URL parser, not of UTS #46.  The count of those is pinned.

The peers, over every source of IdnaTestV2.txt and the hosts of
``tests/data/corpus_sample.txt``: the ``idna`` package (``idna.encode(host, uts46=True,
std3_rules=True)``, idna 3.20: Unicode 18.0.0 tables, Bidi_Class from the Python's
``unicodedata``) against urikit with every flag on, and ada-url
(``ada_url.idna.encode``, ada 4.0.0: Unicode 17.0 tables, as its mappings of 17.0 code
points show) against urikit with the URL Standard's flags, for names outside ASCII (for
an ASCII name ada returns it lower-cased without ToASCII: the domain parser's step above,
checked too).  Each difference is listed in ``tests/data/uts46_peer_differences.txt`` with
its reason, decided by the rule its header states; the test asserts the differences are
exactly those (``python -m tests.test_uts46_peers --write`` writes the list again).
"""

from __future__ import annotations

import ast
import json
import re
import sys
import unicodedata
from collections import Counter
from functools import cache
from importlib.metadata import version
from pathlib import Path

import ada_url
import idna
import pytest
from idna.idnadata import codepoint_classes
from idna.intranges import intranges_contain

import urikit
from tests.idnatest import cases
from urikit._algorithms import uts46
from urikit.errors import IDNAError

DATA = Path(__file__).parent / "data"
WPT = DATA / "wpt" / "IdnaTestV2.json"
DIFFERENCES = DATA / "uts46_peer_differences.txt"
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
#: The WPT cases whose output is the ASCII input lower-cased where ToASCII fails.
ASCII_BY_THE_DOMAIN_PARSER = 761


def _urikit(host: str, flags: dict[str, bool]) -> tuple[str | None, str]:
    """urikit's ToASCII of ``host``, or None and the reason of its error."""
    try:
        return uts46.to_ascii(host, **flags), ""
    except IDNAError as error:
        return None, error.reason


# -- web-platform-tests ------------------------------------------------------------------------
def _wpt() -> list[dict[str, str | None]]:
    return [case for case in json.loads(WPT.read_text("utf-8")) if isinstance(case, dict)]


def test_wpt_idna_test_v2() -> None:
    by_the_domain_parser = 0
    for case in _wpt():
        source, output = case["input"], case["output"]
        assert source is not None
        result, _ = _urikit(source, URL)
        comment = case.get("comment") or ""
        errors = [code for code in comment.split("; ") if code and "(ignored)" not in code]
        assert (result is None) == bool(errors), case
        if result is not None:
            assert result == output, case
        elif output is not None:
            assert source.isascii() and output == source.lower(), case
            by_the_domain_parser += 1
    assert by_the_domain_parser == ASCII_BY_THE_DOMAIN_PARSER
    assert len(_wpt()) == 2671


# -- the peers -----------------------------------------------------------------------------------
@cache
def hosts() -> list[str]:
    """The sources of IdnaTestV2.txt, then the hosts of the corpus sample."""
    corpus = set()
    for line in (DATA / "corpus_sample.txt").read_text("utf-8").splitlines():
        try:
            host = urikit.parse(line, grammar="rfc3987").host
        except ValueError:
            continue
        if host:
            corpus.add(host)
    sources = sorted({case.source for case in cases()})
    return sources + sorted(corpus - set(sources))


def _idna(host: str) -> tuple[str | None, str]:
    try:
        return idna.encode(host, uts46=True, std3_rules=True).decode("ascii"), ""
    except (idna.IDNAError, UnicodeError) as error:
        return None, f"{type(error).__name__}: {error}"


def _ada(host: str) -> str | None:
    """ada's domain to ASCII; "" is its failure (and it takes no lone surrogate)."""
    if any(0xD800 <= ord(char) <= 0xDFFF for char in host):
        return None
    return ada_url.idna.encode(host).decode("ascii") or None


def _idna2008(code_point: int) -> bool:
    """Whether the idna package's RFC 5892 table admits ``code_point``."""
    return any(
        intranges_contain(code_point, codepoint_classes[kind])
        for kind in ("PVALID", "CONTEXTJ", "CONTEXTO")
    )


def _unknown_to_python(host: str) -> bool:
    """Whether this Python's ``unicodedata`` lacks the Bidi_Class of a code point of
    ``host`` or of its decoded labels."""
    decoded = uts46.to_unicode(host, **{k: v for k, v in URL.items() if k != "verify_dns_length"})
    return any(unicodedata.bidirectional(char) == "" for char in host + decoded[0])


def reason(peer: str, host: str) -> str | None:
    """Why urikit and ``peer`` differ on ``host`` (None: they agree); the rules of the
    list's header."""
    flags = STRICT if peer == "idna" else URL
    ours, why = _urikit(host, flags)
    if peer == "idna":
        theirs, their_why = _idna(host)
    else:
        theirs, their_why = _ada(host), ""
    if ours == theirs:
        return None
    if ours is None and "V9" in why:
        return "bidi"
    if ours is None and "§4.2 step 4: an empty label" in why and theirs is not None:
        stripped, _ = _urikit(host[:-1], flags)
        if stripped is not None and theirs == stripped + ".":
            return "root"
    unknown = _unknown_to_python(host)
    if theirs is None and "Unknown directionality" in their_why and unknown:
        return "python"
    named = re.search(r"Codepoint U\+([0-9A-F]+) .*not allowed", their_why)
    if theirs is None and named is not None and not _idna2008(int(named.group(1), 16)):
        return "nv8"
    return "unexplained"


@cache
def differences() -> dict[tuple[str, str], str]:
    """(peer, host) of every difference, with its reason."""
    found = {}
    for host in hosts():
        for peer in ("idna", "ada"):
            if peer == "ada" and host.isascii():
                continue
            why = reason(peer, host)
            if why is not None:
                found[peer, host] = why
    return found


def listed() -> dict[tuple[str, str], str]:
    rows = {}
    for row in DIFFERENCES.read_text("utf-8").splitlines():
        if row and not row.startswith("#"):
            peer, why, host = row.split(" ", 2)
            rows[peer, ast.literal_eval(host)] = why
    return rows


def render(found: dict[tuple[str, str], str]) -> str:
    rows = [f"{peer} {why} {host!a}" for (peer, host), why in sorted(found.items())]
    versions = f"idna {idna.__version__}, ada-url {version('ada-url')}"
    return _HEADER.format(versions=versions) + "\n".join(rows) + "\n"


_HEADER = """\
# Where urikit's UTS #46 (to_ascii) and a peer differ, over the sources of
# tests/data/IdnaTestV2.txt and the hosts of tests/data/corpus_sample.txt: the peer, the
# reason, the host (a Python ASCII literal).  tests/test_uts46_peers.py asserts that the
# differences are exactly these; python -m tests.test_uts46_peers --write writes it.
# measured with: {versions}
#
# idna: idna.encode(host, uts46=True, std3_rules=True) against every flag on; ada:
# ada_url.idna.encode(host) against the URL Standard's flags, names outside ASCII only.
# The reason is the first of these that holds (the rows of "python" hold only on a
# Python whose unicodedata lacks a code point of the host):
#
# bidi    urikit refuses by the Bidi Rule (UTS #46 §4.1 V9: RFC 5893 §2 on every label
#         of a Bidi domain name, as IdnaTestV2.txt does); the peer checks it on the
#         labels with right-to-left characters only.
# root    urikit refuses the empty root label of an absolute name (UTS #46 §4.2 step 4
#         since Unicode 15.0, as IdnaTestV2.txt does); idna keeps the root dot.
# python  idna refuses ("Unknown directionality"): it reads Bidi_Class from the Python's
#         unicodedata, which lacks a code point of the host (a newer Unicode version).
# nv8     idna refuses a code point that its IDNA2008 table (RFC 5892) does not admit
#         and UTS #46 calls valid (IdnaMappingTable.txt's NV8): idna applies IDNA2008's
#         code point rules after the UTS #46 mapping.
#
"""


def test_the_differences_are_those_listed() -> None:
    found, wanted = differences(), listed()
    python_lacks = {
        key for key, why in wanted.items() if why == "python" and not _unknown_to_python(key[1])
    }
    wanted = {key: why for key, why in wanted.items() if key not in python_lacks}
    assert found == wanted
    assert "unexplained" not in found.values()
    assert Counter(found.values()) == Counter(wanted.values())


def test_the_list_is_as_written() -> None:
    assert DIFFERENCES.read_text("utf-8") == render(listed())


@pytest.mark.parametrize("host", ["", "Example.COM", "a_b.-c-.xn--a.xn--zz"])
def test_ada_returns_an_ascii_name_lower_cased(host: str) -> None:
    """ada's ASCII shortcut, the URL Standard's domain parser step: no ToASCII ("" is
    its failure, which the domain parser's "empty host" step makes of "")."""
    assert ada_url.idna.encode(host).decode("ascii") == host.lower()


def test_ada_takes_every_ascii_source_as_written() -> None:
    for host in hosts():
        if host.isascii():
            assert ada_url.idna.encode(host).decode("ascii") == host.lower(), host


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        DIFFERENCES.write_text(render(differences()), "utf-8")
    print(Counter((peer, why) for (peer, _), why in differences().items()))
