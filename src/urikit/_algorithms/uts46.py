"""UTS #46, Unicode IDNA Compatibility Processing (revision 35, Unicode 17.0.0): the
mapping of domain names that user agents apply before IDNA, with its own data
(:mod:`.uts46_data`, generated from Unicode's files), no library needed.

:func:`to_ascii` is §4.2 ToASCII and :func:`to_unicode` §4.3 ToUnicode; both run the
Processing steps of §4 (Map, Normalize, Break, Convert/Validate) with the validity
criteria of §4.1 (V1-V9 below), under the flags of the standard, each a keyword:

- ``check_hyphens``: §4.1 V2 (no ``--`` in the third and fourth positions) and V3 (no
  ``-`` first or last); without it, V4 (no label begins with ``xn--``).
- ``check_joiners``: V8, the ContextJ rules of RFC 5892 Appendix A.1 (ZERO WIDTH
  NON-JOINER after a virama or between joining letters) and A.2 (ZERO WIDTH JOINER after
  a virama).
- ``check_bidi``: V9, the six conditions of RFC 5893 §2 for every label of a Bidi domain
  name (one with a character of Bidi_Class R, AL or AN, RFC 5893 §1.4).
- ``use_std3_ascii_rules``: V7's ASCII part (since Unicode 16.0): of ASCII, only
  lower-case letters, digits and ``-``.
- ``transitional_processing`` (deprecated by UTS #46): deviations map (``ß`` to ``ss``).
- ``verify_dns_length`` (ToASCII): §4.2 step 4, 1 to 63 octets a label, 1 to 253 the
  name without its root dot; since Unicode 15.0 the empty root label fails it too.
- ``ignore_invalid_punycode``: §4 step 4: an ``xn--`` label whose Punycode does not
  decode is no error.  §4 says the label is then replaced "by the results of the
  conversion", which a failed conversion has none of: it stays as it is and the next
  label follows (its steps 3 and 4 would otherwise fail it anyway, and the flag would
  change nothing).

V1 (NFC) is tested on decoded labels only, the others being normalized by step 2; V5
(no U+002E) always holds: the labels are split at it and Punycode decodes to no ASCII
code point but the basic ones of the label.  ToUnicode records no error for an empty
label: no step of §4 does (IdnaTestV2.txt's X4_2 is ToASCII's A4_2 as earlier versions
of the file reported it in ToUnicode, its header says).

Normalization (§4 step 2) is ``unicodedata``'s, whose Unicode version is the Python's
(13.0 in Python 3.10 ... 16.0 in 3.14).  Normalization is stable for the code points a
version has; a code point assigned later that normalization reads (a combining mark, a
composition) is one the Python does not know how to normalize: such a name is refused
(ToUnicode: an error), with the reason, rather than normalized differently from Unicode
17.0.0 (:data:`.uts46_data.NORMALIZATION_SINCE` lists them; none on a Python with
Unicode 17.0 or later).  Everything else (the mapping, marks, Bidi_Class, Joining_Type,
viramas) is Unicode 17.0.0's on every Python.

Errors: :func:`to_ascii` raises :class:`~urikit.errors.IDNAError` at the first error
UTS #46 records (labels from left to right, each by the criteria in their order, then
the Punycode of §4.2 step 3 and the lengths), its ``position`` in ``domain``: the code
point at fault when one is (a disallowed code point, a joiner, a hyphen; through the
mapping, when the input label is not as long as the processed one), else where the
label at fault begins.  A
name that is all ASCII without an ``xn--`` label is checked by one regular expression
(:func:`_ascii_rules`) and lower-cased, without the steps; the steps find the error.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import NamedTuple

from ..errors import IDNAError, describe_char
from . import punycode, uts46_rules, uts46_tables

__all__ = ["to_ascii", "to_unicode"]

ACE_PREFIX = "xn--"  # RFC 5890 §2.3.2.1
_FULL_STOPS = re.compile("[.\u3002\uff0e\uff61]")  # what UTS #46 §5 maps to U+002E
_STD3_NOT_LDH = re.compile("[\\x00-,./:-`{-\\x7f]")  # V7 with UseSTD3ASCIIRules: ASCII but LDH
_MAX_LABEL, _MAX_NAME = 63, 253  # octets (§4.2 step 4, RFC 1034 §3.1)


class _Flags(NamedTuple):
    check_hyphens: bool
    check_bidi: bool
    check_joiners: bool
    use_std3_ascii_rules: bool
    transitional_processing: bool
    ignore_invalid_punycode: bool


class _Error(NamedTuple):
    """An error UTS #46 records: the label (its index), the index in the processed label
    of the code point at fault (None: the label as a whole), the rule, what failed."""

    label: int
    offset: int | None
    rule: str
    what: str


def to_ascii(
    domain: str,
    *,
    check_hyphens: bool,
    check_bidi: bool,
    check_joiners: bool,
    use_std3_ascii_rules: bool,
    transitional_processing: bool,
    verify_dns_length: bool,
    ignore_invalid_punycode: bool,
) -> str:
    """UTS #46 §4.2 ToASCII: the domain name in ASCII, each label with code points
    outside ASCII as ``xn--`` and its Punycode (RFC 3492).  Raises
    :class:`~urikit.errors.IDNAError` where an error is recorded, ``TypeError`` when
    ``domain`` is not a ``str``.

    >>> flags = dict(check_hyphens=True, check_bidi=True, check_joiners=True,
    ...              use_std3_ascii_rules=True, transitional_processing=False,
    ...              verify_dns_length=True, ignore_invalid_punycode=False)
    >>> to_ascii("Bücher.Example", **flags), to_ascii("FAß.de", **flags)
    ('xn--bcher-kva.example', 'xn--fa-hia.de')
    """
    _check_type(domain)
    if domain.isascii():
        lowered = domain.lower()  # §4 step 1 maps A-Z to a-z, and only them in ASCII
        rules = _ascii_rules(check_hyphens, use_std3_ascii_rules, verify_dns_length)
        if rules.fullmatch(lowered) is not None and not _has_ace_label(lowered):
            return lowered
    flags = _Flags(
        check_hyphens,
        check_bidi,
        check_joiners,
        use_std3_ascii_rules,
        transitional_processing,
        ignore_invalid_punycode,
    )
    return _to_ascii(domain, flags, verify_dns_length)


def to_unicode(
    domain: str,
    *,
    check_hyphens: bool,
    check_bidi: bool,
    check_joiners: bool,
    use_std3_ascii_rules: bool,
    transitional_processing: bool,
    ignore_invalid_punycode: bool,
) -> tuple[str, bool]:
    """UTS #46 §4.3 ToUnicode: the domain name with its ``xn--`` labels decoded and the
    rest mapped, and whether an error was recorded (the name is returned either way).
    Never raises for a ``str``.

    >>> to_unicode("xn--bcher-kva.EXAMPLE", check_hyphens=True, check_bidi=True,
    ...            check_joiners=True, use_std3_ascii_rules=True,
    ...            transitional_processing=False, ignore_invalid_punycode=False)
    ('bücher.example', False)
    """
    _check_type(domain)
    if domain.isascii():
        lowered = domain.lower()
        rules = _ascii_rules(check_hyphens, use_std3_ascii_rules, False)
        if rules.fullmatch(lowered) is not None and not _has_ace_label(lowered):
            return lowered, False
    flags = _Flags(
        check_hyphens,
        check_bidi,
        check_joiners,
        use_std3_ascii_rules,
        transitional_processing,
        ignore_invalid_punycode,
    )
    return _to_unicode(domain, flags)


def _to_ascii(domain: str, flags: _Flags, verify_dns_length: bool) -> str:
    """§4.2 ToASCII by its steps (no fast path)."""
    labels, error = _process(domain, flags)  # step 1
    if error is None:  # step 3: "Convert each label with non-ASCII characters"
        encoded, error = _encode(labels)
    if error is None and verify_dns_length:  # step 4
        error = _dns_length(encoded, labels)
    if error is not None:  # step 5
        raise _located(domain, labels, error)
    return ".".join(encoded)  # step 6


def _to_unicode(domain: str, flags: _Flags) -> tuple[str, bool]:
    """§4.3 ToUnicode by its steps (no fast path)."""
    labels, error = _process(domain, flags)
    return ".".join(labels), error is not None


def _check_type(domain: object) -> None:
    if not isinstance(domain, str):
        raise TypeError(f"a domain name is a str, not {type(domain).__name__}")


def _has_ace_label(lowered: str) -> bool:
    return lowered.startswith(ACE_PREFIX) or "." + ACE_PREFIX in lowered


@cache
def _ascii_rules(check_hyphens: bool, std3: bool, dns_length: bool) -> re.Pattern[str]:
    """A lower-cased ASCII name, of labels that do not begin with ``xn--``, that passes
    every criterion of §4.1 under the flags (and the lengths of §4.2 step 4 with
    ``dns_length``).  Such a name is no Bidi domain name and holds no joiner, no mark, no
    code point whose status is not valid: V2, V3 (``check_hyphens``), V7 (``std3``) and
    the lengths are all that can fail it.  A fast path only: the steps of §4 say what
    fails, and where."""
    char = "[a-z0-9-]" if std3 else "[^.]"
    body = f"{char}{{1,{_MAX_LABEL}}}" if dns_length else f"{char}*"
    label = f"(?!-)(?![^.]{{2}}--){body}(?<!-)" if check_hyphens else body
    name = f"{label}(?:\\.{label})*"
    return re.compile(f"(?=.{{1,{_MAX_NAME}}}\\Z){name}" if dns_length else name)


class _Label(NamedTuple):
    """A label after §4 step 4's conversion: its text, and how it is validated."""

    text: str
    #: "plain" (no xn--: the input's Processing choice), "decoded" (from an xn-- label:
    #: Nontransitional Processing and V1), "kept" (undecodable, IgnoreInvalidPunycode:
    #: not validated), or an error of the conversion.
    kind: str | _Error


def _process(domain: str, flags: _Flags) -> tuple[list[str], _Error | None]:
    """UTS #46 §4 Processing: the labels after steps 1-4 and the first error recorded
    (None when there is none)."""
    # step 1, Map: mapped code points replaced, ignored ones removed, deviations mapped
    # under Transitional_Processing, the others (disallowed ones too) unchanged
    mapped = domain.translate(uts46_tables.mapping(flags.transitional_processing))
    # step 2, Normalize (NFC), which this Python may not know for every code point
    unknown = _unknown_to_nfc(mapped)
    unknown_label = 0 if unknown is None else mapped.count(".", 0, unknown.at)
    if not unicodedata.is_normalized("NFC", mapped):
        mapped = unicodedata.normalize("NFC", mapped)
    # step 3, Break at U+002E FULL STOP; step 4, Convert/Validate: every xn-- label
    # converted first (V9 reads them all)
    labels = [
        _convert(index, text, flags) if text.startswith(ACE_PREFIX) else _Label(text, "plain")
        for index, text in enumerate(mapped.split("."))
    ]
    texts = [label.text for label in labels]
    if unknown is not None:
        # its label (NFC moves no dot), where NFC left it (a code point it does not know)
        offset = texts[unknown_label].find(unknown.char)
        return texts, _Error(unknown_label, offset, "§4 step 2", unknown.what)
    is_bidi = flags.check_bidi and uts46_tables.rtl().search(".".join(texts)) is not None
    for index, label in enumerate(labels):
        if isinstance(label.kind, _Error):
            return texts, label.kind
        if label.kind != "kept":
            decoded = label.kind == "decoded"
            error = _validate(index, label.text, flags, decoded=decoded, is_bidi=is_bidi)
            if error is not None:
                return texts, error
    return texts, None


def _convert(index: int, label: str, flags: _Flags) -> _Label:
    """§4 step 4 for a label that starts with ``xn--``, up to its validation."""
    if not label.isascii():  # step 4.1
        return _Label(label, _Error(index, None, "§4 step 4.1", "an xn-- label not in ASCII"))
    try:  # step 4.2
        decoded = punycode.decode(label[len(ACE_PREFIX) :])
    except ValueError as error:
        if flags.ignore_invalid_punycode:
            return _Label(label, "kept")
        return _Label(label, _Error(index, None, "§4 step 4.2", f"invalid Punycode: {error}"))
    if decoded.isascii():  # step 4.3: empty, or only ASCII
        what = f"an xn-- label that decodes to {'nothing' if not decoded else 'ASCII only'}"
        return _Label(decoded, _Error(index, None, "§4 step 4.3", what))
    return _Label(decoded, "decoded")


def _validate(
    index: int, label: str, flags: _Flags, *, decoded: bool, is_bidi: bool
) -> _Error | None:
    """The first validity criterion of §4.1 that ``label`` fails; a decoded label (§4
    step 4.4) is checked for NFC (V1) and as under Nontransitional Processing."""

    def error(offset: int | None, rule: str, what: str) -> _Error:
        return _Error(index, offset, f"§4.1 {rule}", what)

    if not label:  # §4.1: the criteria are those of a non-empty label
        return None
    if decoded:
        unknown = _unknown_to_nfc(label)
        if unknown is not None:
            return error(unknown.at, "V1", unknown.what)
        if not unicodedata.is_normalized("NFC", label):
            return error(None, "V1", "a label not in Unicode Normalization Form C")
    if flags.check_hyphens:
        if label[2:4] == "--":
            return error(2, "V2", "'--' in the third and fourth positions")
        if label[0] == "-" or label[-1] == "-":
            first = label[0] == "-"
            return error(0 if first else len(label) - 1, "V3", "a label begins or ends with '-'")
    elif label.startswith(ACE_PREFIX):
        return error(0, "V4", "a label begins with 'xn--'")
    if label[0] in uts46_tables.marks():
        return error(0, "V6", f"a label begins with a combining mark {describe_char(label[0])}")
    transitional = flags.transitional_processing and not decoded
    bad = uts46_tables.not_valid(transitional).search(label)
    if bad is not None:
        what = f"{describe_char(bad.group())} is mapped, ignored or disallowed (UTS #46 §5)"
        return error(bad.start(), "V7", what)
    if flags.use_std3_ascii_rules:
        bad = _STD3_NOT_LDH.search(label)
        if bad is not None:
            what = f"{describe_char(bad.group())} is not a letter, digit or '-' (UseSTD3ASCIIRules)"
            return error(bad.start(), "V7", what)
    if flags.check_joiners and ("\u200c" in label or "\u200d" in label):
        joiner = uts46_rules.context_j(label)
        if joiner is not None:
            return error(joiner, "V8", "a joiner out of context (RFC 5892 Appendix A)")
    if is_bidi:
        rule = uts46_rules.bidi_rule(label)
        if rule:
            return error(None, "V9", f"the Bidi Rule (RFC 5893 §2, condition {rule})")
    return None


class _Unknown(NamedTuple):
    """A code point that normalization reads and this Python's ``unicodedata`` does not
    know (assigned later): its index, itself, and why it fails."""

    at: int
    char: str
    what: str


def _unknown_to_nfc(text: str) -> _Unknown | None:
    """The first code point of ``text`` this Python cannot normalize as Unicode 17.0."""
    unknown = uts46_tables.unknown_to_nfc()
    found = None if unknown is None else unknown.search(text)
    if found is None:
        return None
    what = (
        f"{describe_char(found.group())} is newer than this Python's unicodedata "
        f"({unicodedata.unidata_version}): how NFC treats it is unknown here"
    )
    return _Unknown(found.start(), found.group(), what)


def _encode(labels: list[str]) -> tuple[list[str], _Error | None]:
    """§4.2 step 3: each label with non-ASCII characters as ``xn--`` and its Punycode."""
    encoded = []
    for index, label in enumerate(labels):
        if label.isascii():
            encoded.append(label)
            continue
        try:
            encoded.append(ACE_PREFIX + punycode.encode(label))
        except ValueError as error:
            return encoded, _Error(index, None, "§4.2 step 3", f"no Punycode: {error}")
    return encoded, None


def _dns_length(encoded: list[str], labels: list[str]) -> _Error | None:
    """§4.2 step 4 (VerifyDnsLength): each label 1 to 63 octets (the empty root label
    too, since Unicode 15.0), the name 1 to 253 without the root label and its dot."""
    for index, label in enumerate(encoded):
        if not 1 <= len(label) <= _MAX_LABEL:
            offset = _MAX_LABEL if labels[index].isascii() and label else None
            what = "an empty label" if not label else f"a label of {len(label)} octets"
            return _Error(index, offset, "§4.2 step 4", f"{what} (1 to {_MAX_LABEL})")
    name = ".".join(encoded)
    if not 1 <= len(name) <= _MAX_NAME:
        index = name.count(".", 0, _MAX_NAME)
        start = sum(len(label) + 1 for label in encoded[:index])
        offset = _MAX_NAME - start if labels[index].isascii() else None
        what = f"a name of {len(name)} octets (1 to {_MAX_NAME})"
        return _Error(index, offset, "§4.2 step 4", what)
    return None


def _located(domain: str, labels: list[str], error: _Error) -> IDNAError:
    """The IDNAError of ``error``, at its position in ``domain``.  The labels of the
    input are those of the processed name (only the full stops map to U+002E).  The code
    point at fault is at its offset when the input label is as long as the processed
    one; else at the input code point whose mapping gives it (:func:`_origin`); a label
    at fault is where it begins."""
    starts = [0, *(match.end() for match in _FULL_STOPS.finditer(domain))]
    start = starts[error.label]
    end = starts[error.label + 1] - 1 if error.label + 1 < len(starts) else len(domain)
    label, position = labels[error.label], start
    if error.offset is not None and error.offset < len(label):
        if end - start == len(label):
            position = start + error.offset
        else:
            position = _origin(domain, start, end, label, error.offset)
    return IDNAError(domain, position, f"UTS #46 {error.rule}: {error.what}", "uts46")


def _origin(domain: str, start: int, end: int, label: str, offset: int) -> int:
    """The index in ``domain[start:end]`` of the code point whose mapping (§4 step 1)
    gives the code point at ``offset`` of the processed ``label`` (the n-th to give it
    when it is the n-th in the label; when normalization composed it, the first to give
    its first code point), else ``start``."""
    table = uts46_tables.mapping(False)
    mapped = [table.get(ord(char), char) or "" for char in domain[start:end]]
    char = label[offset]
    nth = label.count(char, 0, offset + 1)
    for index, text in enumerate(mapped):
        nth -= text.count(char)
        if nth <= 0:
            return start + index
    first = unicodedata.normalize("NFD", char)[0]
    return start + next((i for i, text in enumerate(mapped) if first in text), 0)
