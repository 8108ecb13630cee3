"""Internationalized host names: ``urikit.host_to_ascii`` and ``host_to_unicode``.

Unit tests hold the contract (the CVE-2019-9636 shapes refused in every mode, ASCII hosts
and modes ``uts46`` and ``browser`` that need no library, errors, the missing extra of
mode ``idna2008``); the conformance test runs Unicode's IdnaTestV2.txt (UTS #46, Unicode
17.0.0; ``tests/data``, read by ``tests/idnatest.py``) through both functions in each
mode where the file's semantics apply (``tests/test_uts46.py`` runs it through urikit's
UTS #46 itself, which passes every line):

``uts46``
    every line: ``toAsciiN`` / ``toAsciiNStatus`` for host_to_ascii, ``toUnicode`` /
    ``toUnicodeStatus`` for host_to_unicode (non-transitional, every flag of the file on).
``browser``
    every line, the status codes of the flags the URL Standard turns off ignored (V2,
    V3: CheckHyphens; U1: UseSTD3ASCIIRules; A4_1, A4_2: VerifyDnsLength).
``idna2008``
    the lines whose source needs no mapping (it is its own toUnicode, or all ASCII), and
    the file's NV8 rule: IDNA2008 refuses UTS #46 "valid" code points outside RFC 5892's
    PVALID/CONTEXTJ/CONTEXTO (the idna package's RFC 5892 tables tell).  The other lines
    need UTS #46's mapping: not applicable.

No mode is transitional, so ``toAsciiT`` never applies.  X4_2 (an empty label, in
toUnicode) counts in mode idna2008 only: IDNA2008 has no empty label but the root, UTS
#46's ToUnicode records no error for one (see ``tests/test_uts46.py``).  A line passes
when both say error, or both succeed with the same string.  Every line that fails is
listed, per mode and operation, with its reason, in
``tests/data/idna_expected_failures.txt``; the test asserts that the lines failing are
exactly those, for those reasons, and says which appeared or disappeared (``python -m
tests.test_idna --write`` writes the list again, ``python -m tests.test_idna`` prints
the rates).  Modes uts46 and browser depend on nothing installed; mode idna2008 on the
idna package, whose version the list names (the test extra pins it; a test checks it is
the one installed).  Measured with idna 3.20 (Unicode 18.0 tables), Python 3.11
(unicodedata 14.0.0):

========  ==========  ===============  ==============================================
mode      function    passed           failures by reason
========  ==========  ===============  ==============================================
uts46     to_ascii    6325/6391 99.0%  root 65, empty 1
uts46     to_unicode  6390/6391 99.9%  number 1
idna2008  to_ascii    2995/3034 98.7%  root 24, bidi 12, python 2, empty 1
idna2008  to_unicode  3017/3034 99.4%  bidi 12, python 4, empty 1
browser   to_ascii    6346/6391 99.3%  reg-name 44, number 1
browser   to_unicode  6346/6391 99.3%  reg-name 44, number 1
========  ==========  ===============  ==============================================

The reason of a failure is the first of these that fits (:func:`outcome`; the list's
header states the same rule); none may be left unexplained:

- *number* (re-validation): the file expects a name that ends in a number (``...8.``);
  urikit refuses what a browser reads as IPv4 or refuses.
- *empty*: the empty host, which the file refuses (A4_1, A4_2) and urikit returns as is
  (RFC 3986 §3.2.2 allows an empty reg-name: ``file:///``).
- *root*: the file's only error is A4_2 for the empty root label of an absolute name
  (``a.b.``), which UTS #46 refuses under VerifyDnsLength since Unicode 15.0; urikit
  keeps the root dot of an absolute name (RFC 1034 §3.1), as ICU and the idna package do.
- *reg-name* (browser): the file accepts a name with a character no RFC 3986 host holds
  (``?``: UseSTD3ASCIIRules off); urikit refuses it, as the URL Standard's domain
  parser does after ToASCII (forbidden domain code points).
- *bidi* (idna2008): the file applies the Bidi rule (RFC 5893 §2) to every label of a
  Bidi domain name, the idna package only to the labels with right-to-left characters.
- *python* (idna2008): the idna package reads Bidi_Class from the running Python's
  ``unicodedata``, which does not know a code point of the line (``Unknown
  directionality``); such a line fails only on a Python whose Unicode lacks it.
"""

from __future__ import annotations

import pickle
import re
import subprocess
import sys
import types
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache

import idna
import pytest
from hypothesis import given
from hypothesis import strategies as st
from idna.idnadata import codepoint_classes
from idna.intranges import intranges_contain

import urikit
from tests.idnatest import DATA, Case, cases
from urikit import ErrorKind, IDNAError, host_to_ascii, host_to_unicode
from urikit._algorithms import uts46

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


def _library(**functions: Callable[..., object]) -> types.ModuleType:
    """A stand-in for ``idna`` whose conversions the test decides."""
    fake = types.ModuleType("idna")
    for name, function in functions.items():
        setattr(fake, name, function)
    return fake


def _converter(monkeypatch: pytest.MonkeyPatch, mode: str, encode: str, decode: str = "ß") -> None:
    """``encode`` and ``decode`` as what converts under ``mode``: the idna package
    (idna2008), urikit's UTS #46 (the others)."""
    if mode == "idna2008":
        fake = _library(encode=lambda *_, **__: encode.encode(), decode=lambda *_, **__: decode)
        monkeypatch.setitem(sys.modules, "idna", fake)
    else:
        monkeypatch.setattr(uts46, "to_ascii", lambda *_, **__: encode)
        monkeypatch.setattr(uts46, "to_unicode", lambda *_, **__: (decode, False))


@pytest.mark.parametrize(
    ("mode", "result", "position"),
    [
        ("browser", "aa/c", 1),  # what ada_url 4.0 returned for "a\u2100"
        ("uts46", "a#b", 1),
        ("idna2008", "127.0.0.1", 1),
        ("browser", "a\u00e4", 1),  # not ASCII: no A-label
        ("browser", "xn--zca.0x", 1),  # "0x" is a number to a browser
    ],
)
def test_whatever_a_conversion_returns_is_checked_again(
    monkeypatch: pytest.MonkeyPatch, mode: str, result: str, position: int
) -> None:
    _converter(monkeypatch, mode, result)
    assert _raises("a\u2100", mode).position == position


@pytest.mark.parametrize("mode", MODES)
def test_a_unicode_result_is_checked_again(monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    _converter(monkeypatch, mode, "", "a\u0080b")  # not an RFC 3987 ucschar
    assert _raises("\u00e4\u0080", mode, "unicode").position == 1
    _converter(monkeypatch, mode, "", "ä.1")
    assert _raises("\u00e4.\uff11", mode, "unicode").position == 0


# -- ASCII hosts: the fast path ------------------------------------------------------------
@pytest.fixture
def no_libraries(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if no extra were installed: importing their libraries raises
    ModuleNotFoundError."""
    for module in ("idna", "ada_url"):
        monkeypatch.setitem(sys.modules, module, None)


@pytest.mark.usefixtures("no_libraries")
@pytest.mark.parametrize("mode", MODES)
def test_an_ascii_host_needs_no_library(mode: str) -> None:
    for host in ("WWW.Example.COM", "a.b-c.d9.", "1.2.3.4", "0x7f.1", "localhost", ""):
        assert host_to_ascii(host, mode=mode) == host.lower()
        assert host_to_unicode(host, mode=mode) == host.lower()
    assert host_to_ascii("axn--b.ab-c", mode=mode) == "axn--b.ab-c"  # no xn-- label
    assert _raises("a b", mode).position == 1
    if mode == "idna2008":
        with pytest.raises(ModuleNotFoundError):
            host_to_ascii("a.XN--ZCA", mode=mode)  # an A-label is the library's to check
    else:
        assert host_to_ascii("a.XN--ZCA", mode=mode) == "a.xn--zca"


@pytest.mark.usefixtures("no_libraries")
@pytest.mark.parametrize("mode", ["uts46", "browser"])
def test_uts46_and_browser_need_no_extra(mode: str) -> None:
    assert host_to_ascii("Bücher.example", mode=mode) == "xn--bcher-kva.example"
    assert host_to_unicode("xn--bcher-kva.example", mode=mode) == "bücher.example"
    assert _raises("a\u200cb", mode).position == 1


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
        ("ab-\u00ad.com", "uts46", 2),  # the hyphen, though U+00AD (ignored) follows
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
        ("\u2615.us", "browser", "xn--53h.us", "\u2615.us"),  # emoji: UTS #46 "valid"
        ("\u2615.us", "uts46", "xn--53h.us", "\u2615.us"),  # ... IDNA2008 refuses them
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
        ("\u2615.us", "idna2008", 0),  # NV8: IDNA2008's table refuses symbols
        ("a.b\u200cc", "uts46", 3),  # ContextJ (RFC 5892 A.1): the joiner's index
        ("ü..a", "uts46", 2),  # an empty label, after one the library accepts alone
        ("a.\u0661\u0662", "uts46", 2),  # Bidi (RFC 5893 §2): the label at fault
        ("xn--abc", "browser", 0),  # ada_url's ASCII shortcut takes it
        ("a.XN--", "browser", 2),
        ("a.xn--xn--a--gua", "browser", 2),  # decodes to "xn--a-ä": UTS #46 V4
        ("a\u200cb", "browser", 1),  # the joiner
        ("ü\udc80", "browser", 1),  # a lone surrogate has no UTF-8
        ("ü\udc80", "uts46", 1),
        ("xn--tda.1", "uts46", 8),  # ends in a number: its last label
        # too long: the label in which the name passes 253 octets (the sixth, the root
        # label aside; five xn-- labels of 48 octets and their dots take 245)
        (("ü" + "x" * 40 + ".") * 6, "uts46", 5 * 42),
    ],
)
def test_conversion_errors_say_where(host: str, mode: str, position: int) -> None:
    error = _raises(host, mode)
    assert (error.kind, error.position, error.mode) == (ErrorKind.INVALID_IDN, position, mode)
    assert f"{mode} (" in error.reason and "\n" not in error.reason


def test_never_the_idna_2003_codec() -> None:
    # IDNA 2003 (RFC 3490, Python's "idna" codec) maps ß to "ss", and refuses emoji
    assert "faß.de".encode("idna") == b"fass.de"
    assert host_to_ascii("faß.de") == "xn--fa-hia.de"
    assert host_to_ascii("faß.de", mode="browser") == "xn--fa-hia.de"


def test_a_bidi_rule_across_labels() -> None:
    """Each label alone passes the Bidi Rule, the name does not: ``0`` starts an LTR
    label (RFC 5893 §2 condition 1 fails) of a Bidi domain name."""
    assert host_to_ascii("0") == "0" and host_to_ascii("\u05d0") == "xn--4db"
    for host in ("0.\u05d0", "0.xn--4db"):
        for mode in ("uts46", "browser"):
            error = _raises(host, mode)
            assert (error.position, "V9" in error.reason) == (0, True)


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
def test_a_missing_extra_is_named() -> None:
    for function in (host_to_ascii, host_to_unicode):
        with pytest.raises(ModuleNotFoundError) as caught:
            function("bücher.example", mode="idna2008")
        assert "pip install 'urikit[idna]'" in str(caught.value)
        assert caught.value.name == "idna"


def test_urikit_imports_and_converts_without_the_extras() -> None:
    script = (
        "import sys; sys.modules['idna'] = sys.modules['ada_url'] = None\n"
        "import urikit\n"
        "print(urikit.host_to_ascii('Bücher.de'), urikit.host_to_ascii('☕.us', mode='browser'))\n"
        "try: urikit.host_to_ascii('bücher.de', mode='idna2008')\n"
        "except ModuleNotFoundError as error: print(error)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == [
        "xn--bcher-kva.de xn--53h.us",
        "IDNA mode 'idna2008' needs the idna package: pip install 'urikit[idna]'",
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
#: The status codes a mode does not count, per operation: those of the flags the mode
#: turns off (the file's header), and X4_2 in ToUnicode under UTS #46 (the module
#: docstring).
IGNORED = {
    ("uts46", "ascii"): frozenset[str](),
    ("uts46", "unicode"): frozenset({"X4_2"}),
    ("idna2008", "ascii"): frozenset[str](),
    ("idna2008", "unicode"): frozenset[str](),
    ("browser", "ascii"): frozenset({"V2", "V3", "U1", "A4_1", "A4_2"}),
    ("browser", "unicode"): frozenset({"V2", "V3", "U1", "X4_2"}),
}
#: (mode, operation) of each conformance run, in the order of the list of failures.
RUNS = [(mode, operation) for mode in sorted(MODES) for operation in ("ascii", "unicode")]
#: Every line of the file urikit does not pass, per mode and operation, with its reason;
#: the header says how each reason is decided and which library was measured.
EXPECTED_FAILURES = DATA.parent / "idna_expected_failures.txt"
#: The header line that names the library the list was measured with.
_MEASURED = re.compile(r"^# measured with: idna (\S+)$", re.MULTILINE)
_NUMBER = re.compile(r"(?:\A|\.)(?:[0-9]+|0[xX][0-9A-Fa-f]*)\.?\Z")
_LDH = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-.")
#: RFC 3986 §3.2.2 reg-name (unreserved and sub-delims) and RFC 3987's characters beyond
#: ASCII: what a host of mode browser may hold.
_REG_NAME = _LDH | frozenset("_~!$&'()*+,;=")


def _nv8(text: str) -> bool:
    """Whether ``text`` holds a code point IDNA2008 does not admit (RFC 5892 §2)."""
    return any(
        char not in _LDH
        and not any(intranges_contain(ord(char), codepoint_classes[c]) for c in _ADMITTED)
        for char in text
    )


_ADMITTED = ("PVALID", "CONTEXTJ", "CONTEXTO")


def _unknown_to_python(text: str) -> bool:
    """Whether the running Python's ``unicodedata`` lacks the Bidi_Class of a code point
    of ``text`` (which the idna package reads from it)."""
    return any(unicodedata.bidirectional(char) == "" for char in text)


def outcome(mode: str, operation: str, case: Case) -> str:
    """``pass``, ``n/a`` or the failure class of the module docstring."""
    if mode == "idna2008" and not (case.source == case.to_unicode or case.source.isascii()):
        return "n/a"
    value, status = (
        (case.to_ascii_n, case.to_ascii_n_status)
        if operation == "ascii"
        else (case.to_unicode, case.to_unicode_status)
    )
    status = status - IGNORED[mode, operation]
    error = bool(status) or (mode == "idna2008" and _nv8(case.to_unicode))
    try:
        result: str | None = CONVERT[operation](case.source, mode=mode)
    except IDNAError:
        result = None
    if (result is None) == error and (error or result == value):
        return "pass"
    if result is None and _NUMBER.search(value):
        return "number"
    if not case.source:
        return "empty"
    if result == value and status == {"A4_2"} and value.endswith(".") and ".." not in value:
        return "root"
    if (
        mode == "browser"
        and result is None
        and not error
        and set(value.lower()) - _REG_NAME - {char for char in value if not char.isascii()}
    ):
        return "reg-name"
    if mode == "idna2008" and result is not None and any(code[0] == "B" for code in status):
        return "bidi"
    if mode == "idna2008" and result is None and _unknown_to_python(case.source + case.to_unicode):
        return "python"
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


def installed() -> str:
    return idna.__version__


def listed() -> tuple[str, dict[Run, str]]:
    """The idna version the list was measured with, and the failures it lists (those of
    reason "python" only where this Python lacks a code point of the line)."""
    text = EXPECTED_FAILURES.read_text("utf-8")
    measured = _MEASURED.search(text)
    assert measured is not None, f"{EXPECTED_FAILURES.name}: no '# measured with:' line"
    runs = {}
    for row in text.splitlines():
        fields = row.partition("#")[0].split()
        if fields:
            line, mode, operation, reason = fields
            runs[int(line), mode, operation] = reason
    return measured.group(1), runs


def expected() -> dict[Run, str]:
    """The failures listed that this Python shows: a "python" row where its
    ``unicodedata`` lacks a code point of the line."""
    by_line = {case.line: case for case in cases()}
    return {
        run: reason
        for run, reason in listed()[1].items()
        if reason != "python"
        or _unknown_to_python(by_line[run[0]].source + by_line[run[0]].to_unicode)
    }


def render(found: dict[Run, str]) -> str:
    """The text of the list of ``found`` failures: the header, then a row per failure."""
    by_line = {case.line: case for case in cases()}
    rows = [
        f"{line:6}  {mode:9} {operation:8} {reason:9} # {by_line[line].source!a}"
        for (line, mode, operation), reason in sorted(found.items(), key=_order)
    ]
    return _HEADER.format(idna=installed()) + "\n".join(rows) + "\n"


def _order(item: tuple[Run, str]) -> tuple[int, int]:
    (line, mode, operation), _ = item
    return RUNS.index((mode, operation)), line


_HEADER = """\
# The lines of IdnaTestV2.txt (tests/data, UTS #46 for Unicode 17.0.0) that urikit does
# not pass, in each mode and operation of tests/test_idna.py; tests/test_idna.py's
# test_conformance asserts that the failures are exactly these, with these reasons.
# A change either way (a line that starts or stops failing, or fails for another reason)
# fails it until this file is written again:
#
#     .venv/bin/python -m tests.test_idna --write
#
# Modes uts46 and browser are urikit's own UTS #46 (Unicode 17.0.0); mode idna2008 is
# the idna package, whose version the test extra of pyproject.toml pins.
# measured with: idna {idna}
#
# A line fails when urikit and the file disagree: one refuses and the other does not, or
# both give a name and the names differ.  Its reason is the first of these that holds
# (tests/test_idna.py's outcome(), the failure classes of its docstring):
#
# number    urikit refuses, the file expects a name whose last label is a number
#           (digits, or "0x" and hex digits): urikit refuses a name a browser reads
#           as IPv4 (RFC 3986 §7.4, the URL Standard's "ends in a number").
# empty     the source is "": urikit returns it (RFC 3986 §3.2.2 allows an empty
#           reg-name), the file refuses it (A4_1, A4_2).
# root      urikit gives the file's name, whose only error is A4_2 for the empty root
#           label: urikit keeps the root dot of an absolute name (RFC 1034 §3.1).
# reg-name  browser mode, urikit refuses, the file's name holds an ASCII character
#           that no RFC 3986 §3.2.2 reg-name holds (UseSTD3ASCIIRules is off).
# bidi      idna2008 mode, urikit accepts, the file says B1-B6: the file applies the
#           Bidi rule (RFC 5893 §2) to every label of a Bidi domain name, the idna
#           package only to the labels with right-to-left characters.
# python    idna2008 mode, urikit refuses: the idna package reads Bidi_Class from the
#           Python's unicodedata, which lacks a code point of the line (a row counts
#           only on a Python that lacks it).
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


def test_the_idna_package_is_the_one_the_list_was_measured_with() -> None:
    measured, _ = listed()
    assert installed() == measured, (
        f"{EXPECTED_FAILURES.name} was measured with idna {measured}: install it (the "
        "test extra pins it) or write the list again"
    )


@pytest.mark.parametrize(("mode", "operation"), RUNS)
def test_conformance(mode: str, operation: str) -> None:
    """The lines that fail are exactly those listed, for the reasons listed."""
    every = expected()
    wanted = {run: reason for run, reason in every.items() if run[1:] == (mode, operation)}
    found = {run: reason for run, reason in failures().items() if run[1:] == (mode, operation)}
    appeared, disappeared = set(found) - set(wanted), set(wanted) - set(found)
    changed = {run for run in set(found) & set(wanted) if found[run] != wanted[run]}
    assert not (appeared or disappeared or changed), "\n".join(
        [
            f"{mode} to_{operation}: the failures differ from {EXPECTED_FAILURES.name}",
            *_lines("failing now, not listed", appeared, found),
            *_lines("listed, passing now", disappeared, wanted),
            *_lines("failing for another reason now", changed, found),
            "when the change is meant: python -m tests.test_idna --write",
        ]
    )
    assert "unexplained" not in wanted.values()


def test_the_list_is_as_written() -> None:
    """The list is what ``--write`` makes of it (sorted, one reason per row, the header):
    a row edited by hand would hide from a diff what the rule says."""
    assert EXPECTED_FAILURES.read_text("utf-8") == render(listed()[1])


def tally(mode: str, operation: str) -> Counter[str]:
    return Counter(outcome(mode, operation, case) for case in cases())


def report() -> Iterator[str]:
    """The pass rate and the failure classes of each mode and operation."""
    yield f"idna {idna.__version__}, Python {sys.version.split()[0]}"
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
