"""Internationalized host names: ``urikit.host_to_ascii`` and ``host_to_unicode``.

Unit tests hold the contract (the CVE-2019-9636 shapes refused in every mode, the ASCII
fast path that never loads a library, errors, the missing extra); the conformance test
runs Unicode's IdnaTestV2.txt (UTS #46, Unicode 13.0.0; ``tests/data``) through both
functions in each mode where the file's semantics apply:

``uts46``
    every line: ``toAsciiN`` / ``toAsciiNStatus`` for host_to_ascii, ``toUnicode`` /
    ``toUnicodeStatus`` for host_to_unicode (non-transitional, every flag of the file on).
``browser``
    every line, the status codes of the flags the URL Standard turns off ignored (V2,
    V3: CheckHyphens; A4_1, A4_2, X4_2: VerifyDnsLength and the empty labels it allows).
    The header lists P4 under VerifyDnsLength, but this file uses P4 for an undecodable
    ``xn--`` label only: it counts.
``idna2008``
    the lines whose source needs no mapping (it is its own toUnicode, or all ASCII), and
    the file's NV8 rule: IDNA2008 refuses UTS #46 "valid" code points outside RFC 5892's
    PVALID/CONTEXTJ/CONTEXTO (this version of the file marks none; the idna package's
    RFC 5892 tables tell).  The other lines need UTS #46's mapping: not applicable.

No mode is transitional, so ``toAsciiT`` never applies.  A line passes when both say
error, or both succeed with the same string.  Every line that fails is listed, per mode
and operation, with its reason, in ``tests/data/idna_expected_failures.txt``; the test
asserts that the lines failing are exactly those, for those reasons, and says which
appeared or disappeared (``python -m tests.test_idna --write`` writes the list again,
``python -m tests.test_idna`` prints the rates).  The failures depend on the libraries'
Unicode tables: the list names the versions it was measured with, the test extra of
``pyproject.toml`` pins them, and a test checks that they are the ones installed.
Measured with idna 3.20 (Unicode 18.0 tables) and ada-url 4.0.0:

========  ==========  ===============  ==============================================
mode      function    passed           failures by reason
========  ==========  ===============  ==============================================
uts46     to_ascii    6096/6225 97.9%  nv8 56, bidi 27, drift 26, number 19, empty 1
uts46     to_unicode  6076/6225 97.6%  nv8 56, number 39, bidi 27, drift 26, empty 1
idna2008  to_ascii    3043/3066 99.2%  bidi 12, number 10, empty 1
idna2008  to_unicode  3035/3066 99.0%  number 18, bidi 12, empty 1
browser   to_ascii    5950/6225 95.6%  std3 95, bidi 71, drift 68, number 39, artefact 2
browser   to_unicode  5950/6225 95.6%  std3 95, bidi 71, drift 68, number 39, artefact 2
========  ==========  ===============  ==============================================

The reason of a failure is the first of these that fits (:func:`outcome`; the list's
header states the same rule); none may be left unexplained:

- *number* (re-validation): the file expects a name that ends in a number
  (``...8.``, ``1234...90.123``); urikit refuses what a browser reads as IPv4 or refuses.
  ToUnicode expects more of them than ToASCII, which fails the long ones (A4).
- *empty*: the empty host, which the file refuses (A4_2/X4_2) and urikit returns as is
  (RFC 3986 §3.2.2 allows an empty reg-name: ``file:///``).
- *drift*: UTS #46 and Unicode moved on since 13.0: Georgian capitals U+10A0-U+10CD,
  U+04C0 and U+2183 are mapped now, Hangul fillers, U+17B4/5 and musical format
  characters ignored (UTS #46 15.1); CJK extensions H and J and Garay were assigned
  (Unicode 15-17) where the file has unassigned code points; UTS #46 15.1's V4 refuses
  an ``xn--`` label that decodes to ``xn--...`` when CheckHyphens is off.
- *std3* (browser): the file counts UseSTD3ASCIIRules under P1/V6 (``$``, ``≠``, ``≮``:
  an ASCII symbol in their decomposition); the URL Standard turns it off and accepts.
- *bidi*: the file applies the Bidi rule (RFC 5893 §2, UTS #46 §4.1 V8) to every label
  of a Bidi domain name; the idna package checks only the labels that hold right-to-left
  characters (``0à.א``); ada_url checks less still (B5 inside a single label passes).
- *nv8* (uts46): the idna package applies IDNA2008's code point table (RFC 5892) after the
  UTS #46 mapping, so UTS #46 "valid" symbols (``¡``, ``☕``, U+102F3) are refused.
- *artefact*: the file says P1/V6 where the UTS #46 table disallows no code point of the
  line (two lines, ``㨛𘱎.。7ഁ`` and its A-label form; the generator's variant with U+FE12
  keeps the statuses); only browser mode, which admits their empty label, meets them.
"""

from __future__ import annotations

import hashlib
import pickle
import re
import subprocess
import sys
import types
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from pathlib import Path

import idna
import pytest
from hypothesis import given
from hypothesis import strategies as st
from idna.idnadata import codepoint_classes
from idna.intranges import intranges_contain

import urikit
from urikit import ErrorKind, IDNAError, host_to_ascii, host_to_unicode

MODES = ("uts46", "idna2008", "browser")
CONVERT: dict[str, Callable[..., str]] = {"ascii": host_to_ascii, "unicode": host_to_unicode}


_LONGEST = ("x" * 63 + ".") * 3 + "x" * 61 + "."


def _raises(host: str, mode: str, operation: str = "ascii") -> IDNAError:
    with pytest.raises(IDNAError) as caught:
        CONVERT[operation](host, mode=mode)
    return caught.value


# -- CVE-2019-9636 and its kin: a mapping must not make another authority ---------------
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("operation", ["ascii", "unicode"])
@pytest.mark.parametrize(
    ("host", "position"),
    [
        ("a\u2100", 1),  # ℀ is NFKC "a/c": a path would begin
        ("127\u30020\u30020\u30021", 3),  # U+3002 maps to ".": an IPv4 address
        ("example.com\uff03", 11),  # U+FF03 maps to "#": a fragment would begin
        ("example.com\uff03@bing.com", 11),  # the userinfo trick of CVE-2019-9636
        ("\uff11\uff12\uff17.0.0.1", 0),  # fullwidth digits: an IPv4 address again
        ("a.\uff10x7f", 2),  # "a.0x7f" ends in a number: IPv4 to a browser
        ("ex\uff0fample", 2),  # U+FF0F maps to "/"
        ("ex\ufe6bample", 2),  # U+FE6B maps to "@"
        ("ex\uff1aample", 2),  # U+FF1A maps to ":"
    ],
)
def test_a_mapping_never_makes_another_kind_of_host(
    mode: str, operation: str, host: str, position: int
) -> None:
    error = _raises(host, mode, operation)
    assert (error.kind, error.position, error.mode) == (ErrorKind.INVALID_IDN, position, mode)


def _library(module: str, **functions: Callable[..., object]) -> types.ModuleType:
    """A stand-in for ``idna`` or ``ada_url`` whose conversions the test decides."""
    fake = types.ModuleType(module)
    if module == "idna":
        for name, function in functions.items():
            setattr(fake, name, function)
    else:
        setattr(fake, "idna", types.SimpleNamespace(**functions))  # noqa: B010
    return fake


@pytest.mark.parametrize(
    ("module", "mode", "result", "position"),
    [
        ("ada_url", "browser", b"aa/c", 1),  # what ada_url 4.0 returns for "a\u2100"
        ("idna", "uts46", b"a#b", 1),
        ("idna", "idna2008", b"127.0.0.1", 1),
        ("ada_url", "browser", b"a\xc3\xa4", 1),  # not ASCII: no A-label
        ("ada_url", "browser", b"xn--zca.0x", 1),  # "0x" is a number to a browser
    ],
)
def test_whatever_a_library_returns_is_checked_again(
    monkeypatch: pytest.MonkeyPatch, module: str, mode: str, result: bytes, position: int
) -> None:
    fake = _library(module, encode=lambda *_, **__: result, decode=lambda *_, **__: "ß")
    monkeypatch.setitem(sys.modules, module, fake)
    assert _raises("a\u2100", mode).position == position


def test_a_unicode_result_is_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _library("idna", decode=lambda *_, **__: "a\u0080b")  # not an RFC 3987 ucschar
    monkeypatch.setitem(sys.modules, "idna", fake)
    assert _raises("\u00e4\u0080", "uts46", "unicode").position == 1
    monkeypatch.setitem(sys.modules, "idna", _library("idna", decode=lambda *_, **__: "ä.1"))
    assert _raises("\u00e4.\uff11", "uts46", "unicode").position == 0


# -- ASCII hosts: the fast path ------------------------------------------------------------
@pytest.fixture
def no_libraries(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if neither extra were installed: importing them raises ModuleNotFoundError."""
    for module in ("idna", "ada_url"):
        monkeypatch.setitem(sys.modules, module, None)


@pytest.mark.usefixtures("no_libraries")
@pytest.mark.parametrize("mode", MODES)
def test_an_ascii_host_needs_no_library(mode: str) -> None:
    for host in ("WWW.Example.COM", "a.b-c.d9.", "1.2.3.4", "0x7f.1", "localhost", ""):
        assert host_to_ascii(host, mode=mode) == host.lower()
        assert host_to_unicode(host, mode=mode) == host.lower()
    assert host_to_ascii("axn--b.ab-c", mode=mode) == "axn--b.ab-c"  # no xn-- label
    assert _raises("a b", mode).position == 1  # refused here, not by a library
    with pytest.raises(ModuleNotFoundError):
        host_to_ascii("a.XN--ZCA", mode=mode)  # an A-label is the library's to check


@pytest.mark.parametrize(
    ("host", "mode", "position"),
    [
        ("a..b", "uts46", 2),  # an empty label (the root label alone may be empty)
        (".a", "idna2008", 0),
        (".", "uts46", 0),
        ("-ab.com", "uts46", 0),  # CheckHyphens, RFC 5891 §4.2.3.1
        ("ab-.com", "idna2008", 2),
        ("ab--c.com", "uts46", 2),
        ("a_b.example", "uts46", 1),  # UseSTD3ASCIIRules: LDH only
        ("x" * 64 + ".com", "uts46", 63),  # VerifyDnsLength
        (("x" * 63 + ".") * 4, "uts46", 253),  # 255 octets before the root dot
        ("a%2fb", "browser", 1),  # percent-decoded already: "%" is a delimiter
        ("a{b", "browser", 1),  # the URL Standard allows it, RFC 3986 §3.2.2 does not
    ],
)
def test_ascii_errors_say_where(host: str, mode: str, position: int) -> None:
    error = _raises(host, mode)
    assert (error.kind, error.position, error.text) == (ErrorKind.INVALID_IDN, position, host)


@pytest.mark.parametrize(
    ("host", "mode", "ascii", "unicode"),
    [
        ("x" * 64 + ".com", "uts46", None, "x" * 64 + ".com"),  # ToUnicode: no DNS lengths
        ("_dmarc.Example.com", "browser", "_dmarc.example.com", "_dmarc.example.com"),
        ("-a-.b--c..d", "browser", "-a-.b--c..d", "-a-.b--c..d"),  # CheckHyphens off
        ("a!$&'()*+,;=~", "browser", "a!$&'()*+,;=~", "a!$&'()*+,;=~"),  # RFC 3986 reg-name
        (_LONGEST, "uts46", _LONGEST, _LONGEST),  # 253 octets and the root dot
    ],
)
def test_ascii_rules_per_mode(host: str, mode: str, ascii: str | None, unicode: str) -> None:
    if ascii is None:
        _raises(host, mode)
    else:
        assert host_to_ascii(host, mode=mode) == ascii
    assert host_to_unicode(host, mode=mode) == unicode


# -- conversions ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("host", "mode", "ascii", "unicode"),
    [
        ("Bücher.Example", "uts46", "xn--bcher-kva.example", "bücher.example"),
        ("Bücher.Example", "browser", "xn--bcher-kva.example", "bücher.example"),
        ("bücher.Example.", "idna2008", "xn--bcher-kva.example.", "bücher.example."),
        ("XN--BCHER-KVA.example", "idna2008", "xn--bcher-kva.example", "bücher.example"),
        ("faß.de", "uts46", "xn--fa-hia.de", "faß.de"),  # non-transitional: not fass.de
        ("EXAMPLE\u3002com", "uts46", "example.com", "example.com"),  # a full stop variant
        ("\u2615.us", "browser", "xn--53h.us", "\u2615.us"),  # emoji: browsers only
        ("xn--ls8h.LA", "browser", "xn--ls8h.la", "\U0001f4a9.la"),
        ("ü..a", "browser", "xn--tda..a", "ü..a"),
    ],
)
def test_conversions(host: str, mode: str, ascii: str, unicode: str) -> None:
    assert host_to_ascii(host, mode=mode) == ascii
    assert host_to_unicode(host, mode=mode) == unicode
    assert host_to_unicode(ascii, mode=mode) == unicode


@pytest.mark.parametrize(
    ("host", "mode", "position"),
    [
        ("Bücher.example", "idna2008", 0),  # no mapping: upper case stays disallowed
        ("127\u30020\u30020\u30021", "idna2008", 3),  # nor are the other full stops dots
        ("\u2615.us", "uts46", 0),  # NV8: IDNA2008's table refuses symbols
        ("a.b\u200cc", "uts46", 3),  # ContextJ (RFC 5892 A.1): the joiner's index
        ("ü..a", "uts46", 2),  # an empty label, after one the library accepts alone
        ("a.\u0661\u0662", "uts46", 2),  # Bidi (RFC 5893 §2): the label at fault
        ("xn--abc", "browser", 0),  # ada_url's ASCII shortcut would take it
        ("a.XN--", "browser", 2),
        ("a.xn--xn--a--gua", "browser", 2),  # decodes to "xn--a-ä": UTS #46 V4
        ("a\u200cb", "browser", 0),  # ada_url says no more than "no"
        ("ü\udc80", "browser", 1),  # a lone surrogate has no UTF-8
        ("ü\udc80", "uts46", 1),
        ("xn--tda.1", "uts46", 8),  # ends in a number: its last label
        (("ü" + "x" * 40 + ".") * 6, "uts46", 0),  # too long: no label alone at fault
    ],
)
def test_library_errors_say_where(host: str, mode: str, position: int) -> None:
    error = _raises(host, mode)
    assert (error.kind, error.position, error.mode) == (ErrorKind.INVALID_IDN, position, mode)
    assert f"{mode} (" in error.reason and "\n" not in error.reason


def test_never_the_idna_2003_codec() -> None:
    # IDNA 2003 (RFC 3490, Python's "idna" codec) maps ß to "ss", and refuses emoji
    assert "faß.de".encode("idna") == b"fass.de"
    assert host_to_ascii("faß.de") == "xn--fa-hia.de"
    assert host_to_ascii("faß.de", mode="browser") == "xn--fa-hia.de"


def test_a_bidi_rule_across_labels_is_checked_by_the_round_trip(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each ``xn--`` label round-trips alone but the whole name does not."""
    encoded = {"ä": b"xn--a", "ö": b"xn--b", "ä.ö": b""}  # "" is ada_url's "no"
    decoded = {"xn--a.xn--b": "ä.ö"}
    fake = _library(
        "ada_url", encode=lambda name: encoded.get(name, name.encode()), decode=decoded.get
    )
    monkeypatch.setitem(sys.modules, "ada_url", fake)
    assert _raises("xn--a.xn--b", "browser").position == 0


# -- the contract -----------------------------------------------------------------------------
@pytest.mark.parametrize("function", [host_to_ascii, host_to_unicode])
def test_types_and_modes(function: Callable[..., str]) -> None:
    with pytest.raises(TypeError):
        function(b"example.com")
    with pytest.raises(TypeError):
        function(None, mode="browser")
    for mode in ("idna2003", "UTS46", "transitional"):
        with pytest.raises(ValueError, match="unknown IDNA mode"):
            function("example.com", mode=mode)


@pytest.mark.usefixtures("no_libraries")
@pytest.mark.parametrize(
    ("mode", "extra"), [("uts46", "idna"), ("idna2008", "idna"), ("browser", "browser")]
)
def test_a_missing_extra_is_named(mode: str, extra: str) -> None:
    for function in (host_to_ascii, host_to_unicode):
        with pytest.raises(ModuleNotFoundError) as caught:
            function("bücher.example", mode=mode)
        assert f"pip install 'urikit[{extra}]'" in str(caught.value)
        assert caught.value.name == ("ada_url" if mode == "browser" else "idna")


def test_urikit_imports_without_the_extras() -> None:
    script = (
        "import sys; sys.modules['idna'] = sys.modules['ada_url'] = None\n"
        "import urikit\n"
        "print(urikit.host_to_ascii('Example.COM', mode='browser'))\n"
        "try: urikit.host_to_ascii('bücher.de')\n"
        "except ModuleNotFoundError as error: print(error)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == [
        "example.com",
        "IDNA mode 'uts46' needs the idna package: pip install 'urikit[idna]'",
    ]


def test_the_error_carries_renders_and_pickles() -> None:
    error = _raises("ex\uff0fample", "uts46")
    assert isinstance(error, ValueError) and error.kind is ErrorKind.INVALID_IDN
    assert str(error).splitlines()[1:] == ["  ex\uff0fample", "    ^"]
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is IDNAError and str(back) == str(error)
    assert (back.text, back.position, back.kind, back.reason, back.mode) == (
        error.text,
        error.position,
        error.kind,
        error.reason,
        error.mode,
    )
    assert urikit.errors.IDNAError is IDNAError and ErrorKind("invalid-idn") is error.kind


_LABEL = st.text(st.sampled_from("aß-1.\u3002\uff0eÄ\u2100\uff03\uff10\u200d\u05d0x"), max_size=12)


@pytest.mark.parametrize("mode", MODES)
@given(host=_LABEL)
def test_every_result_is_a_host_of_its_mode(mode: str, host: str) -> None:
    try:
        ascii = host_to_ascii(host, mode=mode)
    except IDNAError:
        return
    assert ascii.isascii() and ascii == ascii.lower()
    assert not set(ascii) & set("/?#@:[]% ")
    assert host_to_ascii(ascii, mode=mode) == ascii  # idempotent
    if not host.isascii():
        assert re.search(r"(?:^|\.)(?:[0-9]+|0x[0-9a-f]*)\.?$", ascii) is None


# -- IdnaTestV2.txt -----------------------------------------------------------------------------
DATA = Path(__file__).parent / "data" / "IdnaTestV2.txt"
#: The status codes of the flags a mode turns off (UTS #46 §4, the file's header).
IGNORED = {
    "uts46": frozenset[str](),
    "idna2008": frozenset[str](),
    "browser": frozenset({"V2", "V3", "A4_1", "A4_2", "X4_2"}),
}
#: (mode, operation) of each conformance run, in the order of the list of failures.
RUNS = [(mode, operation) for mode in sorted(MODES) for operation in ("ascii", "unicode")]
#: Every line of the file urikit does not pass, per mode and operation, with its reason;
#: the header says how each reason is decided and which libraries were measured.
EXPECTED_FAILURES = Path(__file__).parent / "data" / "idna_expected_failures.txt"
#: The header line that names the libraries the list was measured with.
_MEASURED = re.compile(r"^# measured with: idna (\S+), ada-url (\S+)$", re.MULTILINE)
_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}")
_NUMBER = re.compile(r"(?:\A|\.)(?:[0-9]+|0[xX][0-9A-Fa-f]*)\.?\Z")
_LDH = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-.")
#: Code points whose UTS #46 status changed after the file's Unicode 13.0 (UTS #46 15.1:
#: mapped or ignored where 13.0 disallowed them), or assigned after 13.0 (CJK Ext. H and
#: J, Unicode 15.0 and 17.0; Garay, 16.0).
_DRIFT = (
    (0x10A0, 0x10CD),
    (0x04C0, 0x04C0),
    (0x2183, 0x2183),
    (0x115F, 0x1160),
    (0x3164, 0x3164),
    (0xFFA0, 0xFFA0),
    (0x17B4, 0x17B5),
    (0x1D173, 0x1D17A),
    (0x31350, 0x3347F),
    (0x10D40, 0x10D8F),
)


@dataclass(frozen=True)
class Case:
    """One line of the file: the source and what ToUnicode and ToASCII (N) make of it."""

    line: int
    source: str
    unicode: str
    unicode_status: frozenset[str]
    ascii: str
    ascii_status: frozenset[str]


def _unescape(text: str) -> str:
    return _ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), text.strip(" \t"))


def _status(text: str) -> frozenset[str] | None:
    text = text.strip(" \t")
    return frozenset(c.strip() for c in text[1:-1].split(",") if c.strip()) if text else None


@cache
def cases() -> list[Case]:
    """The test lines (split on "\\n" only: the data holds U+2028 and U+0085)."""
    found = []
    for number, line in enumerate(DATA.read_text("utf-8").split("\n"), 1):
        data = line.partition("#")[0]
        if not data.strip():
            continue
        source, unicode, unicode_status, ascii, ascii_status = data.split(";")[:5]
        source = _unescape(source)
        unicode = _unescape(unicode) or source
        status = _status(unicode_status) or frozenset()
        ascii_n = _status(ascii_status)
        found.append(
            Case(
                number,
                source,
                unicode,
                status,
                _unescape(ascii) or unicode,
                status if ascii_n is None else ascii_n,
            )
        )
    return found


def _nv8(text: str) -> bool:
    """Whether ``text`` holds a code point IDNA2008 does not admit (RFC 5892 §2)."""
    return any(
        char not in _LDH
        and not any(intranges_contain(ord(char), codepoint_classes[c]) for c in _ADMITTED)
        for char in text
    )


_ADMITTED = ("PVALID", "CONTEXTJ", "CONTEXTO")


def _disallowed(char: str) -> bool:
    """Whether UTS #46's mapping table (the idna package's, UseSTD3ASCIIRules off)
    disallows ``char``."""
    try:
        idna.uts46_remap(char, std3_rules=False)
    except idna.IDNAError:
        return True
    return False


def _std3(char: str) -> bool:
    """An ASCII symbol in the decomposition: what UseSTD3ASCIIRules disallows."""
    return any(c.isascii() and c.lower() not in _LDH for c in unicodedata.normalize("NFKD", char))


def outcome(mode: str, operation: str, case: Case) -> str:
    """``pass``, ``n/a`` or the failure class of the module docstring."""
    if mode == "idna2008" and not (case.source == case.unicode or case.source.isascii()):
        return "n/a"
    value, status = (
        (case.ascii, case.ascii_status)
        if operation == "ascii"
        else (case.unicode, case.unicode_status)
    )
    status = status - IGNORED[mode]
    error = bool(status) or (mode == "idna2008" and _nv8(case.unicode))
    try:
        result: str | None = CONVERT[operation](case.source, mode=mode)
    except IDNAError:
        result = None
    if (result is None) == error and (error or result == value):
        return "pass"
    chars = case.source + case.unicode
    if result is None and _NUMBER.search(value):
        return "number"
    if not case.source:
        return "empty"
    if status & {"P1", "V6"} and any(a <= ord(c) <= b for c in chars for a, b in _DRIFT):
        return "drift"
    if (
        mode == "browser"
        and result is None
        and any(label.startswith("xn--") for label in case.unicode.split("."))
    ):
        return "drift"
    if mode == "browser" and result is not None and any(map(_std3, chars)):
        return "std3"
    if result is not None and any(code.startswith("B") for code in status):
        return "bidi"
    if mode == "uts46" and result is None and _nv8(case.unicode):
        return "nv8"
    if status & {"P1", "V6"} and not any(map(_disallowed, chars)):
        return "artefact"
    return "unexplained"


#: (line of the file, mode, operation)
Run = tuple[int, str, str]


@cache
def failures() -> dict[Run, str]:
    """Every line urikit does not pass, in each mode and operation, with its reason."""
    found = {}
    for mode, operation in RUNS:
        for case in cases():
            result = outcome(mode, operation, case)
            if result not in ("pass", "n/a"):
                found[case.line, mode, operation] = result
    return found


def installed() -> tuple[str, str]:
    return idna.__version__, version("ada-url")


def listed() -> tuple[tuple[str, str], dict[Run, str]]:
    """The libraries the list was measured with, and the failures it lists."""
    text = EXPECTED_FAILURES.read_text("utf-8")
    measured = _MEASURED.search(text)
    assert measured is not None, f"{EXPECTED_FAILURES.name}: no '# measured with:' line"
    runs = {}
    for row in text.splitlines():
        fields = row.partition("#")[0].split()
        if fields:
            line, mode, operation, reason = fields
            runs[int(line), mode, operation] = reason
    return (measured.group(1), measured.group(2)), runs


def render(found: dict[Run, str]) -> str:
    """The text of the list of ``found`` failures: the header, then a row per failure."""
    by_line = {case.line: case for case in cases()}
    rows = [
        f"{line:6}  {mode:9} {operation:8} {reason:9} # {by_line[line].source!a}"
        for (line, mode, operation), reason in sorted(found.items(), key=_order)
    ]
    idna_version, ada_version = installed()
    header = _HEADER.format(idna=idna_version, ada=ada_version)
    return header + "\n".join(rows) + "\n"


def _order(item: tuple[Run, str]) -> tuple[int, int]:
    (line, mode, operation), _ = item
    return RUNS.index((mode, operation)), line


_HEADER = """\
# The lines of IdnaTestV2.txt (tests/data, UTS #46 for Unicode 13.0.0) that urikit does
# not pass, in each mode and operation of tests/test_idna.py; tests/test_idna.py's
# test_conformance asserts that the failures are exactly these, with these reasons.
# A change either way (a line that starts or stops failing, or fails for another reason)
# fails it until this file is written again:
#
#     .venv/bin/python -m tests.test_idna --write
#
# The failures depend on the Unicode tables of the libraries: the test extra of
# pyproject.toml pins the versions this list was measured with.
# measured with: idna {idna}, ada-url {ada}
#
# A line fails when urikit and the file disagree: one refuses and the other does not, or
# both give a name and the names differ.  Its reason is the first of these that holds
# (tests/test_idna.py's outcome(), the "failure classes" of its docstring):
#
# number    urikit refuses, the file expects a name whose last label is a number
#           (digits, or "0x" and hex digits): urikit refuses a name a browser reads
#           as IPv4 (RFC 3986 §7.4, the URL Standard's "ends in a number").
# empty     the source is "": urikit returns it (RFC 3986 §3.2.2 allows an empty
#           reg-name), the file refuses it (A4_2, X4_2).
# drift     the file says P1 or V6 and the source or the expected name holds a code
#           point whose UTS #46 status or Unicode assignment changed after Unicode 13.0
#           (tests/test_idna.py's _DRIFT); or, in browser mode, urikit refuses and a
#           label of the expected name begins with "xn--" (UTS #46 15.1's V4).
# std3      browser mode, urikit accepts: a code point of the source or the expected
#           name has an ASCII symbol in its NFKD decomposition, disallowed by
#           UseSTD3ASCIIRules, which the URL Standard turns off.
# bidi      urikit accepts, the file says B1-B6: the file applies the Bidi rule (RFC
#           5893 §2) to every label of a Bidi domain name, the idna package only to the
#           labels with right-to-left characters, ada-url less still.
# nv8       uts46 mode, urikit refuses, the expected name holds a code point outside
#           RFC 5892's PVALID, CONTEXTJ and CONTEXTO (the idna package's table): the
#           idna package applies IDNA2008's code point rules after the UTS #46 mapping.
# artefact  the file says P1 or V6, yet the installed UTS #46 table (the idna
#           package's, UseSTD3ASCIIRules off) disallows no code point of the source or
#           of the expected name.
#
# No reason fits: "unexplained", which this list must not hold.
#
#   line  mode      operation reason    # the source (Python ASCII escapes)
"""


def _lines(title: str, runs: set[Run], reasons: dict[Run, str]) -> list[str]:
    """``title`` and a row per run of ``runs`` (none when it is empty)."""
    by_line = {case.line: case for case in cases()}
    rows = [f"  line {n} ({reasons[n, m, o]}): {by_line[n].source!a}" for n, m, o in sorted(runs)]
    return [f"{title} ({len(rows)}):", *rows] if rows else []


def test_the_file_is_the_vendored_one() -> None:
    digest = hashlib.sha256(DATA.read_bytes()).hexdigest()
    assert digest == "c6f3778b0545fd150c8063286c7f5adc901e16557eddccc3751213646d07593d"
    assert len(cases()) == 6225


def test_the_libraries_are_those_the_list_was_measured_with() -> None:
    measured, _ = listed()
    assert installed() == measured, (
        f"{EXPECTED_FAILURES.name} was measured with idna {measured[0]} and ada-url "
        f"{measured[1]}: install those (the test extra pins them) or write the list again"
    )


@pytest.mark.parametrize(("mode", "operation"), RUNS)
def test_conformance(mode: str, operation: str) -> None:
    """The lines that fail are exactly those listed, for the reasons listed."""
    _, every = listed()
    expected = {run: reason for run, reason in every.items() if run[1:] == (mode, operation)}
    found = {run: reason for run, reason in failures().items() if run[1:] == (mode, operation)}
    appeared, disappeared = set(found) - set(expected), set(expected) - set(found)
    changed = {run for run in set(found) & set(expected) if found[run] != expected[run]}
    assert not (appeared or disappeared or changed), "\n".join(
        [
            f"{mode} to_{operation}: the failures differ from {EXPECTED_FAILURES.name}",
            *_lines("failing now, not listed", appeared, found),
            *_lines("listed, passing now", disappeared, expected),
            *_lines("failing for another reason now", changed, found),
            "when the change is meant: python -m tests.test_idna --write",
        ]
    )
    assert "unexplained" not in expected.values()


def test_the_list_is_as_written() -> None:
    """The list is what ``--write`` makes of it (sorted, one reason per row, the header):
    a row edited by hand would hide from a diff what the rule says."""
    assert EXPECTED_FAILURES.read_text("utf-8") == render(listed()[1])


def tally(mode: str, operation: str) -> Counter[str]:
    return Counter(outcome(mode, operation, case) for case in cases())


def report() -> Iterator[str]:
    """The pass rate and the failure classes of each mode and operation."""
    yield f"idna {idna.__version__}, ada-url {version('ada-url')}, Python {sys.version.split()[0]}"
    for mode, operation in RUNS:
        counts = tally(mode, operation)
        applicable = sum(counts.values()) - counts["n/a"]
        failed = ", ".join(
            f"{name} {count}" for name, count in counts.most_common() if name not in ("pass", "n/a")
        )
        yield (
            f"{mode:9} {operation:8} {counts['pass']}/{applicable} "
            f"{counts['pass'] / applicable:.2%}  {failed}"
        )


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        EXPECTED_FAILURES.write_text(render(failures()), "utf-8")
    for row in report():
        print(row)
