"""urikit's Punycode (``src/urikit/_algorithms/punycode.py``, RFC 3492).

The sample strings of RFC 3492 §7.1; Python's ``"punycode"`` codec as a second
implementation of the RFC (a differential property, where the codec reads the RFC as
urikit does); the failures of §6.2 and the overflow bound of §6.4 at its edge; growth
tests: the RFC's procedures (and the codec) take quadratic time, urikit's ``n log n``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.growth import assert_linear
from urikit._algorithms.punycode import INITIAL_BIAS, _digits, decode, encode

#: RFC 3492 §7.1: (the sample, its code points, its Punycode), as the RFC prints them.
SAMPLES = [
    (
        "(A) Arabic (Egyptian)",
        "0644 064A 0647 0645 0627 0628 062A 0643 0644 0645 0648 0634 0639 0631 0628 064A 061F",
        "egbpdaj6bu4bxfgehfvwxn",
    ),
    (
        "(B) Chinese (simplified)",
        "4ED6 4EEC 4E3A 4EC0 4E48 4E0D 8BF4 4E2D 6587",
        "ihqwcrb4cv8a8dqg056pqjye",
    ),
    (
        "(C) Chinese (traditional)",
        "4ED6 5011 7232 4EC0 9EBD 4E0D 8AAA 4E2D 6587",
        "ihqwctvzc91f659drss3x8bo0yb",
    ),
    (
        "(D) Czech",
        "0050 0072 006F 010D 0070 0072 006F 0073 0074 011B 006E 0065 006D 006C 0075 0076 00ED "
        "010D 0065 0073 006B 0079",
        "Proprostnemluvesky-uyb24dma41a",
    ),
    (
        "(E) Hebrew",
        "05DC 05DE 05D4 05D4 05DD 05E4 05E9 05D5 05D8 05DC 05D0 05DE 05D3 05D1 05E8 05D9 05DD "
        "05E2 05D1 05E8 05D9 05EA",
        "4dbcagdahymbxekheh6e0a7fei0b",
    ),
    (
        "(L) 3<nen>B<gumi><kinpachi><sensei>",
        "0033 5E74 0042 7D44 91D1 516B 5148 751F",
        "3B-ww4c5e180e575a65lsy2b",
    ),
    ("(R) <sono><supiido><de>", "305D 306E 30B9 30D4 30FC 30C9 3067", "d9juau41awczczp"),
    ("(S) -> $1.00 <-", "002D 003E 0020 0024 0031 002E 0030 0030 0020 003C 002D", "-> $1.00 <--"),
]


@pytest.mark.parametrize(("name", "code_points", "punycode"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_the_samples_of_rfc_3492(name: str, code_points: str, punycode: str) -> None:
    text = "".join(chr(int(code_point, 16)) for code_point in code_points.split())
    assert encode(text) == punycode
    assert decode(punycode) == text
    basic, delimiter, deltas = punycode.rpartition("-")
    assert decode(basic + delimiter + deltas.upper()) == text  # §5: digits of either case


@pytest.mark.parametrize(
    "punycode",
    [
        "-abc",  # §6.2: the delimiter is consumed only when code points precede it
        "ä-bc",  # a non-basic code point before the last delimiter
        "abc!",  # no digit-value (§5)
        "a-zz",  # the input ends inside an integer
        "99999999999",  # i overflows (§6.4)
        "en32g",  # U+110000, one beyond U+10FFFF ("dn32g")
        "ib9b",  # U+D800, a surrogate ("hb9b" is U+D7FF): no Unicode scalar value
    ],
)
def test_what_decoding_fails_on(punycode: str) -> None:
    with pytest.raises(ValueError):
        decode(punycode)


def test_the_edges_of_the_code_points() -> None:
    assert decode("dn32g") == "\U0010ffff" and decode("hb9b") == "\ud7ff"


def test_the_basic_code_points_alone() -> None:
    assert encode("") == "" and decode("") == ""
    assert encode("abc") == "abc-" and decode("abc-") == "abc"
    assert decode("a-") == "a"  # valid Punycode; UTS #46 §4 step 4.3 refuses it as a label
    with pytest.raises(ValueError):
        encode("a\ud800")  # a surrogate is no code point to encode


def test_the_overflow_bound_of_rfc_3492_section_6_4() -> None:
    bound = 2**31 - 1  # the bound the module chose (its docstring), as ICU and unicodetools
    # the encoder: U+10FFFF first, then h basic code points: delta = (0x10FFFF - 0x80) * (h + 1)
    top = 0x10FFFF - 0x80
    fits = bound // top - 1  # the most basic code points whose delta stays within the bound
    label = "\U0010ffff" + "a" * fits
    assert decode(encode(label)) == label
    with pytest.raises(ValueError, match="overflow"):
        encode(label + "a")
    # the decoder: 2,000 basic code points and one inserted at j, delta (m - 0x80) * 2001 + j
    m, j = divmod(bound, 2001)
    text = "a" * j + chr(0x80 + m) + "a" * (2000 - j)
    encoded = encode(text)  # its delta is the bound
    assert decode(encoded) == text
    with pytest.raises(ValueError, match="overflow"):
        decode("a" * 2000 + "-" + _digits(bound + 1, INITIAL_BIAS))


@given(st.text(max_size=40))
def test_a_round_trip(text: str) -> None:
    try:
        encoded = encode(text)
    except ValueError:  # a surrogate
        assert any(0xD800 <= ord(char) <= 0xDFFF for char in text)
        return
    assert encoded.isascii() and decode(encoded) == text


@given(st.text(st.characters(exclude_categories=["Cs"]), max_size=40))
def test_the_same_as_pythons_codec(text: str) -> None:
    assert encode(text) == text.encode("punycode").decode("ascii")


@given(st.text("abcxyz0189-", max_size=14))
def test_decoding_as_pythons_codec(text: str) -> None:
    """Where the codec reads RFC 3492 otherwise, the inputs are left out: it reads
    ``-abc`` as ``abc`` (it splits at the last delimiter whatever precedes it, where
    §6.2 fails), and it decodes to surrogates, which are no Unicode scalar values."""
    if text.rfind("-") == 0:
        return
    try:
        expected: str | None = text.encode("ascii").decode("punycode")
    except UnicodeError:
        expected = None
    if expected is not None and any(0xD800 <= ord(char) <= 0xDFFF for char in expected):
        return
    try:
        found: str | None = decode(text)
    except ValueError:
        found = None
    assert found == expected


def _label(size: int) -> str:
    """``size`` code points from U+0061 to U+00FF: their deltas stay far below MAXINT."""
    return "".join(chr(0x61 + (k * 7919) % 0x9F) for k in range(size))


def test_encoding_grows_as_n_log_n() -> None:
    assert_linear(encode, _label, (20_000, 200_000))


def test_decoding_grows_as_n_log_n() -> None:
    assert_linear(decode, lambda size: encode(_label(size)), (20_000, 200_000))
