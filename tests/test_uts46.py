"""urikit's UTS #46 (``src/urikit/_algorithms/uts46.py``, Unicode 17.0.0).

Conformance: Unicode's IdnaTestV2.txt 17.0.0 (``tests/idnatest.py`` reads it) through
``to_ascii`` and ``to_unicode`` under the flags its header prescribes: every flag on
(toUnicode, toAsciiN, toAsciiT), each flag of its table off alone (its status codes
ignored, as the header says), and the URL Standard's set (domain to ASCII, beStrict
false).  Every line passes in every configuration: there is no list of failures.  One
reading of the file: X4_2 ("now returned where a toASCII error code was formerly being
generated in toUnicode due to an empty label", says its header) is no error of ToUnicode,
whose steps (§4) record none for an empty label; the test checks that X4_2 stands exactly
where the ToUnicode result has an empty label other than the root.

Then what the file does not show: the positions of errors; each flag; a Python whose
``unicodedata`` is older than Unicode 17.0 (a code point it cannot normalize is refused,
never normalized otherwise); the contract (``IDNAError`` and ``TypeError`` only, ToUnicode
never raises); properties (ToASCII idempotent, ToUnicode and ToASCII inverse where they
succeed, the ASCII fast path the same as the steps); growth tests.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tests.growth import assert_linear
from tests.idnatest import DATA, FLAG_CODES, SHA256, cases, codes_of
from urikit._algorithms import punycode, uts46, uts46_data, uts46_tables
from urikit.errors import IDNAError

#: Every flag on: the configuration of the file's status columns.
STRICT = {
    "check_hyphens": True,
    "check_bidi": True,
    "check_joiners": True,
    "use_std3_ascii_rules": True,
    "transitional_processing": False,
    "verify_dns_length": True,
    "ignore_invalid_punycode": False,
}
#: The URL Standard's domain to ASCII (§3.5, beStrict false).
URL = STRICT | {"check_hyphens": False, "use_std3_ascii_rules": False, "verify_dns_length": False}
#: The configurations of the conformance run: the flags of the header's table turned off.
CONFIGURATIONS = {
    "file": set[str](),
    **{f"no {flag}": {flag} for flag in FLAG_CODES},
    "url": {"check_hyphens", "use_std3_ascii_rules", "verify_dns_length"},
}


def _unicode_flags(flags: dict[str, bool]) -> dict[str, bool]:
    return {name: value for name, value in flags.items() if name != "verify_dns_length"}


def _ascii(domain: str, **flags: bool) -> str | None:
    try:
        return uts46.to_ascii(domain, **flags)
    except IDNAError:
        return None


def _counted(status: frozenset[str], off: set[str]) -> frozenset[str]:
    """The codes of ``status`` that count with the flags ``off`` (the header's table:
    ``C`` and ``B`` stand for every Cn and Bn)."""
    ignored = codes_of(off)
    return frozenset(c for c in status if c not in ignored and c[:1] not in ignored)


def _failures(off: set[str], transitional: bool) -> list[str]:
    """The lines of the file whose outcome differs, with the flags ``off``."""
    flags = {name: name not in off for name in FLAG_CODES} | {
        "transitional_processing": False,
        "ignore_invalid_punycode": False,
    }
    found = []
    for case in cases():
        runs: list[tuple[str, str | None, str, frozenset[str]]] = []
        if transitional:
            result = _ascii(case.source, **flags | {"transitional_processing": True})
            runs.append(("toAsciiT", result, case.to_ascii_t, case.to_ascii_t_status))
        else:
            result = _ascii(case.source, **flags)
            runs.append(("toAsciiN", result, case.to_ascii_n, case.to_ascii_n_status))
            text, error = uts46.to_unicode(case.source, **_unicode_flags(flags))
            status = case.to_unicode_status - {"X4_2"}
            runs.append(("toUnicode", None if error else text, case.to_unicode, status))
            if text != case.to_unicode:  # ToUnicode returns its name, errors or not
                found.append(f"line {case.line} toUnicode: {text!a}")
        for operation, got, value, codes in runs:
            error = bool(_counted(codes, off))
            if (got is None) != error or (got is not None and got != value):
                found.append(f"line {case.line} {operation}: {got!a}, not {value!a} {set(codes)}")
    return found


def test_the_file_is_the_vendored_one() -> None:
    assert hashlib.sha256(DATA.read_bytes()).hexdigest() == SHA256
    assert len(cases()) == 6391


@pytest.mark.parametrize("configuration", CONFIGURATIONS)
def test_conformance(configuration: str) -> None:
    """Every line of IdnaTestV2.txt, toAsciiN and toUnicode, with these flags off."""
    assert _failures(CONFIGURATIONS[configuration], transitional=False) == []


def test_conformance_transitional() -> None:
    """toAsciiT: Transitional_Processing (deprecated), every other flag on."""
    assert _failures(set(), transitional=True) == []


def _has_empty_label(name: str) -> bool:
    return "" in name.removesuffix(".").split(".")


def test_x4_2_stands_where_toUnicode_has_an_empty_label() -> None:
    """The reading of X4_2 (the module docstring) ignores nothing else."""
    for case in cases():
        assert ("X4_2" in case.to_unicode_status) == _has_empty_label(case.to_unicode), case


# -- errors and their positions -----------------------------------------------------------
@pytest.mark.parametrize(
    ("domain", "flags", "position", "rule"),
    [
        ("-ab.com", STRICT, 0, "V3"),
        ("a.ab-", STRICT, 4, "V3"),  # the hyphen at fault
        ("ab-\u00ad.com", STRICT, 2, "V3"),  # an ignored code point after it
        ("A\u00adB-C-.de", STRICT, 5, "V3"),  # the second hyphen: ab-c- is shorter
        ("ab--c.com", STRICT, 2, "V2"),
        ("a.xn--a-ecp", URL, 2, "V7"),  # U+2488 (disallowed) decoded: the label
        ("xn--xn--a--gua.pt", URL, 0, "V4"),  # decodes to xn--a-ä: CheckHyphens off
        ("a_b.example", STRICT, 1, "V7"),  # UseSTD3ASCIIRules
        ("a.b\u2488c", URL, 3, "V7"),  # DIGIT ONE FULL STOP: disallowed
        ("\u00c0\u00ad\u2488", URL, 2, "V7"),  # after an ignored code point: its origin
        ("a.\u0301b", URL, 2, "V6"),  # a combining mark first
        ("a.b\u200cc", URL, 3, "V8"),  # ContextJ: the joiner
        ("\u094d\u200d", URL, 0, "V6"),  # a virama first: V6 before V8
        ("a.\u05d0.0", URL, 4, "V9"),  # a Bidi domain: "0" fails condition 1
        ("xn--zz.b", URL, 0, "§4 step 4.2"),  # no Punycode: it ends inside an integer
        ("a.xn--\u00e4", URL, 2, "§4 step 4.1"),  # not ASCII
        ("xn--ascii-", URL, 0, "§4 step 4.3"),  # ASCII only
        ("xn--", URL, 0, "§4 step 4.3"),  # nothing
        ("xn--u-ccb", URL, 0, "V1"),  # u + U+0308 decoded: not NFC
        ("x" * 64 + ".com", STRICT, 63, "§4.2 step 4"),  # a label of 64 octets
        ("\u00e4" * 64, STRICT, 0, "§4.2 step 4"),  # ... its A-label: the label
        (("x" * 63 + ".") * 4, STRICT, 256, "§4.2 step 4"),  # the empty root label, at the end
        (("x" * 63 + ".") * 3 + "x" * 62, STRICT, 192 + 61, "§4.2 step 4"),  # 254 octets
        ("a..b", STRICT, 2, "§4.2 step 4"),  # an empty label
        ("", STRICT, 0, "§4.2 step 4"),
    ],
)
def test_errors_say_where(domain: str, flags: dict[str, bool], position: int, rule: str) -> None:
    with pytest.raises(IDNAError) as caught:
        uts46.to_ascii(domain, **flags)
    assert (caught.value.position, caught.value.text) == (position, domain)
    assert f"UTS #46 {rule}" in caught.value.reason or f"§4.1 {rule}:" in caught.value.reason
    assert uts46.to_unicode(domain, **_unicode_flags(flags))[1] is (not rule.startswith("§4.2"))


# -- the flags -------------------------------------------------------------------------------
def test_check_hyphens() -> None:
    off = URL
    assert uts46.to_ascii("-a-.b--c", **off) == "-a-.b--c"
    assert _ascii("-a-.b--c", **STRICT) is None
    assert _ascii("xn--xn--a--gua", **off) is None  # V4 without CheckHyphens, V2 with
    assert _ascii("xn--xn--a--gua", **STRICT) is None


def test_use_std3_ascii_rules() -> None:
    # a symbol mapped to ASCII: its mapping fails V7's ASCII part, not the mapping step
    assert uts46.to_ascii("a\u2474b", **URL) == "a(1)b"
    assert _ascii("a\u2474b", **STRICT | {"verify_dns_length": False}) is None
    assert uts46.to_ascii("A_B", **URL) == "a_b"


def test_transitional_processing() -> None:
    transitional = STRICT | {"transitional_processing": True}
    assert uts46.to_ascii("Faß.de", **transitional) == "fass.de"
    assert uts46.to_ascii("FAẞ.de", **transitional) == "fass.de"  # U+1E9E: "ss" (15.1)
    assert uts46.to_ascii("FAẞ.de", **STRICT) == "xn--fa-hia.de"
    assert uts46.to_ascii("\u03c2", **transitional) == uts46.to_ascii("\u03c3", **STRICT)
    assert uts46.to_ascii("a\u200cb", **URL | {"transitional_processing": True}) == "ab"
    # an A-label is validated as nontransitional: its deviations stay
    assert uts46.to_ascii("xn--fa-hia.de", **transitional) == "xn--fa-hia.de"


def test_ignore_invalid_punycode() -> None:
    ignoring = URL | {"ignore_invalid_punycode": True}
    assert uts46.to_ascii("XN--ZZ.b", **ignoring) == "xn--zz.b"
    assert uts46.to_unicode("xn--zz.b", **_unicode_flags(ignoring)) == ("xn--zz.b", False)
    assert _ascii("xn--zz.b", **URL) is None
    # only a failed decoding: what decodes is validated as ever
    assert _ascii("xn--ascii-", **ignoring) is None
    assert _ascii("xn--\u00e4", **ignoring) is None


def test_verify_dns_length() -> None:
    longest = ("x" * 63 + ".") * 3 + "x" * 61  # 253 octets
    assert uts46.to_ascii(longest, **STRICT) == longest
    assert _ascii(longest + "x", **STRICT) is None
    assert _ascii(longest + ".", **STRICT) is None  # the empty root label, since 15.0
    assert uts46.to_ascii(longest + "x.", **URL) == longest + "x."
    assert uts46.to_ascii("", **URL) == ""


def test_check_bidi_and_check_joiners() -> None:
    assert _ascii("a.\u05d0.0", **URL) is None
    assert uts46.to_ascii("a.\u05d0.0", **URL | {"check_bidi": False}) == "a.xn--4db.0"
    assert _ascii("a\u200cb", **URL) is None
    assert uts46.to_ascii("a\u200cb", **URL | {"check_joiners": False}) == "xn--ab-j1t"
    # ZERO WIDTH NON-JOINER after a virama, between joining letters (RFC 5892 A.1)
    for label in ("\u0915\u094d\u200c\u0937", "\u0628\u200c\u0628"):
        assert uts46.to_ascii(label, **URL) == "xn--" + label.encode("punycode").decode()


# -- normalization and the Python's Unicode version -----------------------------------------
def _unknown_code_points() -> list[str]:
    """The code points of NORMALIZATION_SINCE newer than this Python's unicodedata."""
    known = uts46_tables.python_unicode_version()
    found = []
    for entry in uts46_data.NORMALIZATION_SINCE.split(";"):
        version, *bounds = entry.split()
        if tuple(int(part) for part in version.split(".")) > known:
            starts = [int(bound, 16) for bound in bounds] + [0x110000] * (len(bounds) % 2)
            found += [chr(cp) for k in range(0, len(starts), 2) for cp in range(*starts[k : k + 2])]
    return found


def test_what_this_python_cannot_normalize_is_refused() -> None:
    """A code point normalization reads that this Python's ``unicodedata`` does not
    know (assigned after its version) fails the name with that reason: listed, never
    normalized otherwise than Unicode 17.0.0 does.  None on a Python with 17.0."""
    unknown = _unknown_code_points()
    assert (uts46_tables.unknown_to_nfc() is None) == (not unknown)
    if uts46_tables.python_unicode_version() >= (17, 0):
        assert not unknown
    for char in unknown:
        assert uts46.to_unicode("a" + char, **_unicode_flags(URL))[1], ascii(char)
        for domain, position in (("a" + char, 1), ("b.xn--" + punycode.encode("a" + char), 2)):
            with pytest.raises(IDNAError) as caught:  # as written, or in an A-label (V1)
                uts46.to_ascii(domain, **URL)
            assert caught.value.position == position
            assert "newer than this Python's unicodedata" in caught.value.reason


def test_a_composition_of_unicode_16() -> None:
    """U+16D63 U+16D67 compose to U+16D69 KIRAT RAI VOWEL SIGN O (UnicodeData.txt 16.0:
    its decomposition ``16D63 16D67``): composed where the Python knows Unicode 16.0,
    refused where it does not."""
    name = "\U00016d63\U00016d67"
    if uts46_tables.python_unicode_version() >= (16, 0):
        assert uts46.to_unicode(name, **_unicode_flags(URL)) == ("\U00016d69", False)
        assert uts46.to_ascii(name, **URL) == "xn--" + punycode.encode("\U00016d69")
    else:
        assert uts46.to_unicode(name, **_unicode_flags(URL))[1]
        with pytest.raises(IDNAError, match="newer than this Python's unicodedata"):
            uts46.to_ascii(name, **URL)


# -- the contract and properties ----------------------------------------------------------------
@pytest.mark.parametrize("function", [uts46.to_ascii, uts46.to_unicode])
def test_types(function: Callable[..., object]) -> None:
    flags = STRICT if function is uts46.to_ascii else _unicode_flags(STRICT)
    for wrong in (b"example.com", None, 1):
        with pytest.raises(TypeError):
            function(wrong, **flags)


#: Characters that exercise every step: ASCII and its symbols, the full stops, mapped,
#: ignored, disallowed and deviation code points, joiners, viramas, marks, Hebrew and
#: Arabic letters and digits, emoji, the ACE prefix.
_CHARS = st.sampled_from(
    [
        *"aZ9-._<",
        "\u3002",
        "\uff0e",
        "\u00df",
        "\u1e9e",
        "\u03c2",
        "\u00ad",
        "\u0080",
        "\u2488",
        "\u200c",
        "\u200d",
        "\u094d",
        "\u0915",
        "\u0301",
        "\u05d0",
        "\u05b0",
        "\u0628",
        "\u0661",
        "\u00c4",
        "\U0001f4a9",
        "xn--",
        "\ud800",
    ]
)
_DOMAINS = st.lists(_CHARS, max_size=12).map("".join)
_FLAGS = st.fixed_dictionaries({name: st.booleans() for name in STRICT})


@given(_DOMAINS, _FLAGS)
@example("xn--fa-hia", STRICT)
def test_the_contract_and_the_round_trips(domain: str, flags: dict[str, bool]) -> None:
    """ToUnicode never raises; ToASCII raises IDNAError only.  Where ToASCII succeeds
    (nontransitional), ToUnicode records no error, its name has the same ASCII form,
    and ToASCII of the result is the result (idempotence)."""
    text, error = uts46.to_unicode(domain, **_unicode_flags(flags))
    try:
        ascii_form = uts46.to_ascii(domain, **flags)
    except IDNAError as caught:
        assert 0 <= caught.position <= len(domain)
        return
    assert ascii_form.isascii()
    if flags["transitional_processing"]:
        return
    assert not error
    assert uts46.to_ascii(ascii_form, **flags) == ascii_form
    assert uts46.to_ascii(text, **flags) == ascii_form
    assert uts46.to_unicode(ascii_form, **_unicode_flags(flags)) == (text, False)


@given(st.text(st.characters(max_codepoint=0x7F), max_size=30), _FLAGS)
@example("a.-b", STRICT)
@example("Ab--c", STRICT)
def test_the_ascii_fast_path_is_the_steps(domain: str, flags: dict[str, bool]) -> None:
    """An ASCII name: what the fast path returns is what the steps of §4 give."""
    options = uts46._Flags(
        flags["check_hyphens"],
        flags["check_bidi"],
        flags["check_joiners"],
        flags["use_std3_ascii_rules"],
        flags["transitional_processing"],
        flags["ignore_invalid_punycode"],
    )
    try:
        steps: str | None = uts46._to_ascii(domain, options, flags["verify_dns_length"])
    except IDNAError:
        steps = None
    assert _ascii(domain, **flags) == steps
    assert uts46.to_unicode(domain, **_unicode_flags(flags)) == uts46._to_unicode(domain, options)


# -- growth ---------------------------------------------------------------------------------------
def _long(unit: str) -> Callable[[int], str]:
    return lambda size: unit * (size // len(unit))


GROWTH = [
    ("ascii fast path, one label", _long("ab-c"), URL),
    ("ascii fast path, labels", _long("ab-c."), STRICT | {"verify_dns_length": False}),
    ("ascii that fails late", lambda n: "a" * n + "_", STRICT | {"verify_dns_length": False}),
    ("hyphens that fail", lambda n: "a" + "-" * n, STRICT | {"verify_dns_length": False}),
    ("one long U-label", _long("b\u00fccher"), URL),
    ("U-labels", _long("b\u00fccher."), URL),
    ("an A-label", lambda n: "xn--" + punycode.encode(_long("b\u00fccher")(n)), URL),
    ("joiners between joining letters", _long("\u0628\u200c"), URL),
    ("joiners after a virama", _long("\u0915\u094d\u200c"), URL),
    ("a joiner without context, late", lambda n: "\u0628" * n + "\u200c", URL),
    ("an RTL label with marks", lambda n: "\u05d0" + "\u05b0" * n, URL),
    ("a Bidi domain of labels", _long("\u05d0."), URL),
    ("an error found by its origin", lambda n: "\u00ad" + "a" * n + "\u2488", URL),
]


@pytest.mark.parametrize(("name", "make", "flags"), GROWTH, ids=[g[0] for g in GROWTH])
def test_linear(name: str, make: Callable[[int], str], flags: dict[str, bool]) -> None:
    def convert(domain: str) -> object:
        try:
            return uts46.to_ascii(domain, **flags)
        except IDNAError as error:
            return error.position

    assert_linear(convert, make, (20_000, 200_000))
    assert_linear(
        lambda domain: uts46.to_unicode(domain, **_unicode_flags(flags)), make, (20_000, 200_000)
    )


def test_unicodedata_is_what_normalizes() -> None:
    """§4 step 2 is the Python's NFC: a decomposed name comes out composed."""
    assert uts46.to_unicode("a\u0308.de", **_unicode_flags(STRICT)) == ("\u00e4.de", False)
