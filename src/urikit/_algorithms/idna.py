"""Internationalized host names: a registered name to its ASCII form and back (IDNA).

The conversion itself belongs to well-kept libraries, each an optional extra, imported
only when a host needs it; the standard library's ``"idna"`` codec (IDNA 2003, RFC
3490) is never used.  Three modes:

``"idna2008"`` (``pip install 'urikit[idna]'``)
    IDNA2008 as RFC 5891 §4-5 registers and looks names up, no mapping (RFC 5895 is
    optional): the `idna` package, ``idna.encode(host, uts46=False, strict=True)``.
    Only ``.`` separates labels; upper-case letters outside ASCII are refused.
``"uts46"`` (the default; ``urikit[idna]``)
    UTS #46 §4 non-transitional processing with UseSTD3ASCIIRules, CheckHyphens,
    CheckBidi, CheckJoiners and (for ToASCII) VerifyDnsLength: the mapping of user
    input a careful producer applies.  The `idna` package with ``uts46=True,
    std3_rules=True``; it also applies IDNA2008's code point rules (RFC 5892) after the
    mapping, so a few UTS #46 "valid" symbols (NV8) are refused.
``"browser"`` (``pip install 'urikit[browser]'``)
    The URL Standard's "domain to ASCII" / "domain to Unicode": UTS #46 with
    CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off, what browsers do (emoji
    hosts pass).  The `ada-url` package (``ada_url.idna``, the C++ WHATWG parser of
    Node.js), whose ASCII shortcut accepts any ``xn--`` label: urikit checks such
    labels by a round trip (the URL Standard's IgnoreInvalidPunycode=false).

A host that is all ASCII and has no ``xn--`` label never reaches a library: it is
lower-cased (UTS #46 §4 maps A-Z to a-z; DNS compares case-insensitively, RFC 4343)
and checked against the mode's rules for ASCII labels here.  Every result that a
library made is checked again before it is returned: it holds only the characters of
the mode's host names (no delimiter such as ``/``, ``#``, ``@``, ``:``, ``%``: RFC 3986
§3.2.2) and it does not end in a number (the URL Standard's "ends in a number": an
IPv4 address to a browser, or a host a browser refuses), so ``a\u2100`` (``a/c``),
``example.com\uff03`` (``#``) and ``127\u30020\u30020\u30021`` (``127.0.0.1``)
raise :class:`~urikit.errors.IDNAError` in every mode (CVE-2019-9636 and its kin).
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn

from .._syntax.charsets import ALPHA, DIGIT, REG_NAME, UCS, char_class_regex
from ..errors import IDNAError, describe_char

__all__ = ["host_to_ascii", "host_to_unicode"]

_LDH = ALPHA | DIGIT | frozenset("-")  # RFC 5890 §2.3.1 letters, digits, hyphen
_LOWER_LDH = frozenset(string.ascii_lowercase) | DIGIT | frozenset("-")  # after lower()
_DOTS = "\u002e\u3002\uff0e\uff61"  # the full stops UTS #46 maps to "." (§4 step 1)
_DOT = re.compile(r"\.")
_SURROGATE = re.compile("[\ud800-\udfff]")
#: Where a library's message counts a position (1-based, in the name it was given: "at
#: position 4 in 'a_b'", or "of"): the error's own position says it, 0-based, in the
#: caller's text.
_LIBRARY_POSITION = re.compile(r" at position [0-9]+(?: (?:in|of) '.*')?")
_MAX_LABEL = 63  # octets in a label (RFC 1034 §3.1, RFC 5890 §2.3.2.1)
_MAX_NAME = 253  # octets in a name without its root dot (UTS #46 §4.2 step 4)


def _ascii_name(*, dns_length: bool) -> re.Pattern[str]:
    """A lower-case host name of LDH labels checked as UTS #46 §4.1 V2-V3 (RFC 5891
    §4.2.3.1) does: no hyphen first or last, none in both the third and fourth positions
    (so no ``xn--`` label either), no empty label but the root; with ``dns_length`` no
    label longer than 63 (UTS #46 §4.2 step 4).  The empty host matches too."""
    alnum = char_class_regex(_LOWER_LDH - frozenset("-"))
    ldh = char_class_regex(_LOWER_LDH)
    inner = "{0,61}" if dns_length else "*"
    label = f"(?!{ldh}{{2}}--){alnum}(?:{ldh}{inner}{alnum})?"
    return re.compile(f"(?:{label}(?:\\.{label})*\\.?)?")


def _browser_name() -> re.Pattern[str]:
    """Labels of RFC 3986 §3.2.2 reg-name characters (without ``%``), any of them
    empty, none an ``xn--`` label: what needs no library under the URL Standard."""
    chars = char_class_regex(REG_NAME - frozenset("."))
    label = f"(?!xn--){chars}*"
    return re.compile(f"{label}(?:\\.{label})*")


@dataclass(frozen=True, slots=True)
class _Mode:
    """What a mode admits and which library converts under it."""

    name: str
    library: str  # the import name of the library
    extra: str  # the extra of urikit that installs it
    #: The characters of an ASCII host name under the mode (and of every ASCII result).
    chars: frozenset[str]
    #: An ASCII host without ``xn--`` labels that host_to_ascii / host_to_unicode return
    #: lower-cased without a library.
    to_ascii: re.Pattern[str]
    to_unicode: re.Pattern[str]
    #: Whether labels follow the hyphen and empty-label rules (UTS #46 CheckHyphens).
    checks_labels: bool
    #: What separates labels in the input (for locating the label at fault).
    dots: re.Pattern[str]


MODES = {
    mode.name: mode
    for mode in (
        _Mode(
            "idna2008",
            "idna",
            "idna",
            _LDH | frozenset("."),
            _ascii_name(dns_length=True),
            _ascii_name(dns_length=False),
            checks_labels=True,
            dots=_DOT,
        ),
        _Mode(
            "uts46",
            "idna",
            "idna",
            _LDH | frozenset("."),
            _ascii_name(dns_length=True),
            _ascii_name(dns_length=False),
            checks_labels=True,
            dots=re.compile(f"[{_DOTS}]"),
        ),
        _Mode(
            "browser",
            "ada_url",
            "browser",
            REG_NAME,
            _browser_name(),
            _browser_name(),
            checks_labels=False,
            dots=re.compile(f"[{_DOTS}]"),
        ),
    )
}

#: RFC 3987 §2.2 ireg-name without pct-encoded, per mode: a result of host_to_unicode.
_UNICODE_RESULT = {
    name: re.compile(char_class_regex(mode.chars, wide=UCS) + "*") for name, mode in MODES.items()
}
#: The URL Standard's "ends in a number" (§3.5 host parsing): the last label, or the one
#: before an empty last label, is decimal digits or "0x" and hexadecimal digits.
ENDS_IN_A_NUMBER = re.compile(r"(?:\A|\.)(?:[0-9]+|0[xX][0-9A-Fa-f]*)\.?\Z")


def host_to_ascii(host: str, *, mode: str = "uts46") -> str:
    """The ASCII form of the registered name ``host`` (RFC 3987 §3.1 step 2b, RFC 5891
    §4, UTS #46 §4.2 ToASCII), lower-case; ``mode`` is ``"uts46"`` (the default),
    ``"idna2008"`` or ``"browser"``.  ``host`` is delimited and percent-decoded already.

    >>> host_to_ascii("Bücher.example")
    'xn--bcher-kva.example'
    >>> host_to_ascii("EXAMPLE.com")   # ASCII: lower-cased, no library involved
    'example.com'

    Raises :class:`~urikit.errors.IDNAError` when the name has no ASCII form or its
    mapping makes another kind of host, ``ModuleNotFoundError`` when the mode's extra
    is not installed, ``TypeError`` and ``ValueError`` for a wrong host type or mode.
    """
    rules = _mode(host, mode)
    if host.isascii():
        lowered = host.lower()
        if rules.to_ascii.fullmatch(lowered) is not None and (
            len(lowered) <= _MAX_NAME or _dns_length(lowered, rules) <= _MAX_NAME
        ):
            return lowered
        if not _has_a_label(lowered):
            raise _ascii_error(host, rules, dns_length=True)
    if rules.library == "idna":
        return _checked(host, _idna_package(host, rules, to_unicode=False), rules, is_ascii=True)
    return _checked(host, _ada(host, rules, to_unicode=False), rules, is_ascii=True)


def host_to_unicode(host: str, *, mode: str = "uts46") -> str:
    """The Unicode form of the registered name ``host`` (RFC 3987 §3.2 step 2, RFC 5891
    §5.2, UTS #46 §4.3 ToUnicode): its ``xn--`` labels decoded, the rest mapped under
    ``mode``; an error where UTS #46 records one.  ASCII without ``xn--`` labels is
    only lower-cased and checked (without DNS lengths, which ToUnicode does not check).

    >>> host_to_unicode("xn--bcher-kva.EXAMPLE")
    'bücher.example'
    """
    rules = _mode(host, mode)
    if host.isascii():
        lowered = host.lower()
        if rules.to_unicode.fullmatch(lowered) is not None:
            return lowered
        if not _has_a_label(lowered):
            raise _ascii_error(host, rules, dns_length=False)
    if rules.library == "idna":
        return _checked(host, _idna_package(host, rules, to_unicode=True), rules, is_ascii=False)
    return _checked(host, _ada(host, rules, to_unicode=True), rules, is_ascii=False)


def _mode(host: object, mode: str) -> _Mode:
    if not isinstance(host, str):
        raise TypeError(f"a host name is a str, not {type(host).__name__}")
    rules = MODES.get(mode)
    if rules is None:
        raise ValueError(f"unknown IDNA mode {mode!r}: one of {', '.join(MODES)}")
    return rules


def _dns_length(name: str, rules: _Mode) -> int:
    """The length VerifyDnsLength checks (without the root dot); 0 when the mode does
    not check it."""
    return len(name) - name.endswith(".") if rules.checks_labels else 0


def _has_a_label(lowered: str) -> bool:
    """Whether a label begins with the ACE prefix ``xn--`` (RFC 5890 §2.3.2.1)."""
    return lowered.startswith("xn--") or ".xn--" in lowered


def _label_spans(host: str, dots: re.Pattern[str]) -> list[tuple[int, str]]:
    """The labels of ``host`` with the index where each begins."""
    spans, start = [], 0
    for dot in dots.finditer(host):
        spans.append((start, host[start : dot.start()]))
        start = dot.end()
    spans.append((start, host[start:]))
    return spans


def _ascii_error(host: str, rules: _Mode, *, dns_length: bool) -> IDNAError:
    """Why an ASCII host without ``xn--`` labels fails the mode's rules, and where."""
    position, what = _ascii_problem(host.lower(), rules, dns_length=dns_length)
    return IDNAError(host, position, f"{rules.name} (urikit, ASCII): {what}", rules.name)


def _ascii_problem(lowered: str, rules: _Mode, *, dns_length: bool) -> tuple[int, str]:
    for index, char in enumerate(lowered):
        if char not in rules.chars:
            rule = "LDH, RFC 5890 §2.3.1" if rules.checks_labels else "RFC 3986 §3.2.2"
            return index, f"{describe_char(char)} is not allowed in a host name ({rule})"
    labels = _label_spans(lowered, _DOT)
    for number, (start, label) in enumerate(labels):
        if not label and not (number == len(labels) - 1 and number):
            return start, "an empty label (UTS #46 §4.2 step 4, RFC 5890 §2.3.2.1)"
        if label.startswith("-"):
            return start, "a label begins with '-' (UTS #46 §4.1 V3, RFC 5891 §4.2.3.1)"
        if label.endswith("-"):
            end = start + len(label) - 1
            return end, "a label ends with '-' (UTS #46 §4.1 V3, RFC 5891 §4.2.3.1)"
        if label[2:4] == "--":
            return start + 2, "'--' in a label's third and fourth positions (UTS #46 §4.1 V2)"
        if dns_length and len(label) > _MAX_LABEL:
            return start + _MAX_LABEL, "a label longer than 63 (UTS #46 §4.2 step 4)"
    return _MAX_NAME, "a host name longer than 253 (UTS #46 §4.2 step 4)"  # what is left


def _missing(rules: _Mode) -> ModuleNotFoundError:
    return ModuleNotFoundError(
        f"IDNA mode {rules.name!r} needs the {rules.library} package: "
        f"pip install 'urikit[{rules.extra}]'",
        name=rules.library,
    )


def _idna_package(host: str, rules: _Mode, *, to_unicode: bool) -> str:
    """Convert with the `idna` package (IDNA2008 and UTS #46 tables of its own)."""
    try:
        import idna
    except ImportError as error:
        raise _missing(rules) from error
    uts46 = rules.name == "uts46"

    def convert(name: str) -> str:
        if to_unicode:
            return idna.decode(name, strict=not uts46, uts46=uts46, std3_rules=True)
        return idna.encode(name, strict=not uts46, uts46=uts46, std3_rules=True).decode()

    try:
        return convert(host)
    except UnicodeError as error:
        library = f"{rules.name} (idna)"
        raise _library_error(host, rules, library, convert, _one_line(str(error))) from None


def _ada(host: str, rules: _Mode, *, to_unicode: bool) -> str:
    """Convert with ada_url (the URL Standard's UTS #46 settings, ada's own tables).
    Its ToUnicode records no errors (URL Standard "domain to Unicode"): ToASCII first."""
    try:
        import ada_url
    except ImportError as error:
        raise _missing(rules) from error
    library = f"{rules.name} (ada_url)"

    def convert(name: str) -> str:
        surrogate = _SURROGATE.search(name)
        if surrogate is not None:  # no UTF-8 for ada_url: name it as idna does
            raise UnicodeError(f"Codepoint U+{ord(surrogate.group()):04X} not allowed")
        result = ada_url.idna.encode(name).decode("latin-1")  # _checked wants ASCII
        if not result:  # ada's ToASCII failed, or mapped every character away
            raise UnicodeError("UTS #46 ToASCII fails (ada_url gives no detail)")
        return result

    try:
        result = convert(host)
    except UnicodeError as error:
        raise _library_error(host, rules, library, convert, str(error)) from None
    if host.isascii():
        # ada_url returns an ASCII input lower-cased, its xn-- labels unverified; the URL
        # Standard verifies them (UTS #46 §4.1 on the decoded label): a round trip here.
        _verify_a_labels(host, result, ada_url.idna.decode(result), convert, rules, library)
    return ada_url.idna.decode(result) if to_unicode else result


def _verify_a_labels(
    host: str, result: str, unicode: str, convert: Callable[[str], str], rules: _Mode, library: str
) -> None:
    """Each ``xn--`` label of ``result`` decodes (``unicode``) to a label that ToASCII
    takes back to it, and so does the whole name (the Bidi rule spans labels)."""
    for (start, label), decoded in zip(_label_spans(result, _DOT), unicode.split("."), strict=True):
        if label.startswith("xn--") and not _round_trips(decoded, label, convert):
            what = "an xn-- label that is not the Punycode of a valid label (UTS #46 §4.1)"
            raise IDNAError(host, start, f"{library}: {what}", rules.name)
    if not _round_trips(unicode, result, convert):
        what = "labels that are not valid together (UTS #46 §4.1 V8, RFC 5893 §2)"
        raise IDNAError(host, 0, f"{library}: {what}", rules.name)


def _round_trips(decoded: str, encoded: str, convert: Callable[[str], str]) -> bool:
    try:
        return decoded != encoded and convert(decoded) == encoded
    except UnicodeError:
        return False


def _library_error(
    host: str, rules: _Mode, library: str, convert: Callable[[str], str], detail: str
) -> IDNAError:
    """The library's refusal, at the first label it refuses on its own (0 when only the
    whole name fails: a Bidi domain, a length), at the code point it names if any."""
    detail = _LIBRARY_POSITION.sub("", detail)
    position = 0
    labels = _label_spans(host, rules.dots)
    for number, (start, label) in enumerate(labels):
        if not label:
            if number == len(labels) - 1 and number:
                break  # the root label
            position = start
            detail += " (an empty label)"
            break
        try:
            convert(label)
        except UnicodeError:
            position = start
            named = re.search(r"U\+([0-9A-Fa-f]{4,6})", detail)
            if named is not None:
                found = label.find(chr(int(named.group(1), 16)))
                position += max(found, 0)
            break
    return IDNAError(host, position, f"{library}: {detail}", rules.name)


def _one_line(text: str) -> str:
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


def _checked(host: str, result: str, rules: _Mode, *, is_ascii: bool) -> str:
    """Re-validate what a library returned: the characters of the mode's host names
    (RFC 3986 §3.2.2 reg-name, RFC 3987 §2.2 ireg-name), and no number at the end."""
    if is_ascii:
        result = result.lower()
        bad = next((char for char in result if char not in rules.chars), None)
    else:
        match = _UNICODE_RESULT[rules.name].match(result)
        bad = None if match is None or match.end() == len(result) else result[match.end()]
    if bad is not None:
        what = f"the mapping yields {describe_char(bad)}, which no host name may hold"
        _refuse(host, _origin(host, bad), rules, what)
    if ENDS_IN_A_NUMBER.search(result) is not None:
        what = f"the result {result!r} ends in a number (a browser reads IPv4, or refuses)"
        _refuse(host, _first_mapped(host), rules, what)
    return result


def _refuse(host: str, position: int, rules: _Mode, what: str) -> NoReturn:
    raise IDNAError(host, position, f"{rules.name} ({rules.library}): {what}", rules.name)


def _origin(host: str, char: str) -> int:
    """The index of the character of ``host`` whose mapping gave ``char`` (its NFKC
    compatibility decomposition, which UTS #46 §5 builds on), else the first non-ASCII."""
    found = host.find(char)
    if found >= 0:
        return found
    for index, source in enumerate(host):
        if char in unicodedata.normalize("NFKC", source).casefold():
            return index
    return _first_mapped(host)


def _first_mapped(host: str) -> int:
    """The first non-ASCII character of ``host``, else where its last label begins."""
    return next(
        (index for index, char in enumerate(host) if not char.isascii()),
        host.rstrip(".").rfind(".") + 1,
    )
