"""Internationalized host names: a registered name to its ASCII form and back (IDNA).

Three modes; the standard library's ``"idna"`` codec (IDNA 2003, RFC 3490) is never used:

``"uts46"`` (the default; no extra)
    UTS #46 §4 non-transitional processing with UseSTD3ASCIIRules, CheckHyphens,
    CheckBidi, CheckJoiners and (for ToASCII) VerifyDnsLength: the mapping of user
    input a careful producer applies.  urikit's own UTS #46 (:mod:`.uts46`, Unicode
    17.0.0 data generated from Unicode's files), on every Python alike.
``"browser"`` (no extra)
    The URL Standard's "domain to ASCII" (§3.5 host parsing, beStrict false): UTS #46
    with CheckBidi and CheckJoiners, CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength
    off, IgnoreInvalidPunycode false, what browsers do (emoji hosts pass).  urikit's UTS
    #46 too.  An ``xn--`` label is checked as any other (its Punycode and what it
    decodes to: UTS #46 §4 step 4), where the URL Standard now returns an ASCII name
    lower-cased whatever ToASCII says of it (its "domain parser", for web compatibility):
    urikit's verdicts keep refusing an A-label that is no IDNA label.
``"idna2008"`` (``pip install 'urikit[idna]'``)
    IDNA2008 as RFC 5891 §4-5 registers and looks names up, no mapping (RFC 5895 is
    optional): the `idna` package, ``idna.encode(host, uts46=False, strict=True)``.
    Only ``.`` separates labels; upper-case letters outside ASCII are refused.  A name
    that is all ASCII without an ``xn--`` label needs no library: IDNA2008 asks of it
    what UTS #46 does with the flags of ``"uts46"`` (LDH, RFC 5890 §2.3.1; the hyphen
    rules of RFC 5891 §4.2.3.1; the lengths), and urikit's UTS #46 checks it.

A host is lower-cased (UTS #46 §4 maps A-Z to a-z; DNS compares case-insensitively, RFC
4343).  The empty host stays empty (RFC 3986 §3.2.2 allows an empty reg-name:
``file:///``), and in ``"uts46"`` mode a name that ends in a full stop is an absolute
name whose root label is empty: the rest is converted and the dot kept (UTS #46 §4.2
refuses the empty root label under VerifyDnsLength since Unicode 15.0; ICU and the
`idna` package keep it too).  Every result is checked again before it is returned: it
holds only the characters of the mode's host names (no delimiter such as ``/``, ``#``,
``@``, ``:``, ``%``: RFC 3986 §3.2.2) and it does not end in a number (the URL
Standard's "ends in a number": an IPv4 address to a browser, or a host a browser
refuses), so ``a\u2100`` (``a/c``), ``example.com\uff03`` (``#``) and
``127\u30020\u30020\u30021`` (``127.0.0.1``) raise :class:`~urikit.errors.IDNAError` in
every mode (CVE-2019-9636 and its kin).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn

from .._syntax.charsets import ALPHA, DIGIT, NO_WIDE, REG_NAME, UCS, char_class_regex
from ..errors import IDNAError, describe_char
from . import uts46

__all__ = ["host_to_ascii", "host_to_unicode"]

_LDH = ALPHA | DIGIT | frozenset("-")  # RFC 5890 §2.3.1 letters, digits, hyphen
_DOTS = "\u002e\u3002\uff0e\uff61"  # the full stops UTS #46 maps to "." (§4 step 1)
#: Where a library's message counts a position (1-based, in the name it was given: "at
#: position 4 in 'a_b'", or "of"): the error's own position says it, 0-based, in the
#: caller's text.
_LIBRARY_POSITION = re.compile(r" at position [0-9]+(?: (?:in|of) '.*')?")


@dataclass(frozen=True, slots=True)
class _Mode:
    """What a mode admits and what converts under it."""

    name: str
    #: Who converts: "urikit" (its UTS #46) or the import name of a library.
    library: str
    #: The extra of urikit that installs the library ("" for urikit's own).
    extra: str
    #: The characters of an ASCII host name under the mode (and of every ASCII result).
    chars: frozenset[str]
    #: The flags of UTS #46 ToUnicode under the mode (ToASCII adds VerifyDnsLength); for
    #: "idna2008", those it checks an ASCII name without xn-- labels with.
    flags: dict[str, bool]
    verify_dns_length: bool
    #: What separates labels in the input (for locating the label at fault).
    dots: re.Pattern[str]


def _flags(strict: bool) -> dict[str, bool]:
    """UTS #46 flags: every check (``strict``), or the URL Standard's (beStrict false)."""
    return {
        "check_hyphens": strict,
        "check_bidi": True,
        "check_joiners": True,
        "use_std3_ascii_rules": strict,
        "transitional_processing": False,
        "ignore_invalid_punycode": False,
    }


MODES = {
    mode.name: mode
    for mode in (
        _Mode(
            "idna2008", "idna", "idna", _LDH | frozenset("."), _flags(True), True, re.compile(r"\.")
        ),
        _Mode(
            "uts46",
            "urikit",
            "",
            _LDH | frozenset("."),
            _flags(True),
            True,
            re.compile(f"[{_DOTS}]"),
        ),
        _Mode("browser", "urikit", "", REG_NAME, _flags(False), False, re.compile(f"[{_DOTS}]")),
    )
}

#: The characters of an ASCII host of each mode (RFC 3986 §3.2.2 reg-name without
#: pct-encoded, or LDH): a result of host_to_ascii; RFC 3987 §2.2 ireg-name without
#: pct-encoded, per mode: a result of host_to_unicode.
_RESULT = {
    (name, is_ascii): re.compile(
        char_class_regex(mode.chars, wide=NO_WIDE if is_ascii else UCS) + "*"
    )
    for name, mode in MODES.items()
    for is_ascii in (True, False)
}
#: An empty label that is not the root label: where it begins.
_EMPTY_LABEL = re.compile(r"(?:(?<=\A)|(?<=\.))\.")
#: The URL Standard's "ends in a number" (§3.5 host parsing): the last label, or the one
#: before an empty last label, is decimal digits or "0x" and hexadecimal digits.
ENDS_IN_A_NUMBER = re.compile(r"(?:\A|\.)(?:[0-9]+|0[xX][0-9A-Fa-f]*)\.?\Z")


def host_to_ascii(host: str, *, mode: str = "uts46") -> str:
    """The ASCII form of the registered name ``host`` (RFC 3987 §3.1 step 2b, RFC 5891
    §4, UTS #46 §4.2 ToASCII), lower-case; ``mode`` is ``"uts46"`` (the default),
    ``"idna2008"`` or ``"browser"``.  ``host`` is delimited and percent-decoded already.

    >>> host_to_ascii("Bücher.example")
    'xn--bcher-kva.example'
    >>> host_to_ascii("EXAMPLE.com")
    'example.com'

    Raises :class:`~urikit.errors.IDNAError` when the name has no ASCII form or its
    mapping makes another kind of host, ``ModuleNotFoundError`` when mode
    ``"idna2008"`` needs the ``idna`` extra and it is not installed, ``TypeError`` and
    ``ValueError`` for a wrong host type or mode.
    """
    rules = _mode(host, mode)
    if rules.library == "idna" and _converts(host):
        return _checked(host, _idna_package(host, rules, to_unicode=False), rules, is_ascii=True)
    if not host:
        return host
    # an absolute name: its root label is empty (RFC 1034 §3.1), VerifyDnsLength's too
    absolute = rules.verify_dns_length and len(host) > 1 and host[-1] in _DOTS
    name = host[:-1] if absolute else host
    try:
        result = uts46.to_ascii(name, **rules.flags, verify_dns_length=rules.verify_dns_length)
    except IDNAError as error:
        raise _urikit_error(host, rules, error) from None
    return _checked(host, result + "." * absolute, rules, is_ascii=True)


def host_to_unicode(host: str, *, mode: str = "uts46") -> str:
    """The Unicode form of the registered name ``host`` (RFC 3987 §3.2 step 2, RFC 5891
    §5.2, UTS #46 §4.3 ToUnicode): its ``xn--`` labels decoded, the rest mapped under
    ``mode``; an error where UTS #46 records one (ToUnicode checks no DNS length).

    >>> host_to_unicode("xn--bcher-kva.EXAMPLE")
    'bücher.example'
    """
    rules = _mode(host, mode)
    if rules.library == "idna":
        if _converts(host):
            result = _idna_package(host, rules, to_unicode=True)
            return _checked(host, result, rules, is_ascii=False)
        empty = _EMPTY_LABEL.search(host)
        if empty is not None:  # IDNA2008 has no empty label but the root (RFC 1034 §3.1)
            _refuse(host, empty.start(), rules, "an empty label (RFC 1034 §3.1)")
    result, recorded = uts46.to_unicode(host, **rules.flags)
    if recorded:
        # the same steps, as ToASCII: the first error recorded, with its position
        try:
            uts46.to_ascii(host, **rules.flags, verify_dns_length=False)
        except IDNAError as error:
            raise _urikit_error(host, rules, error) from None
        _refuse(host, 0, rules, "UTS #46 ToUnicode records an error that ToASCII does not")
    return _checked(host, result, rules, is_ascii=False)


def _mode(host: object, mode: str) -> _Mode:
    if not isinstance(host, str):
        raise TypeError(f"a host name is a str, not {type(host).__name__}")
    rules = MODES.get(mode)
    if rules is None:
        raise ValueError(f"unknown IDNA mode {mode!r}: one of {', '.join(MODES)}")
    return rules


def _converts(host: str) -> bool:
    """Whether IDNA does more to ``host`` than lower-case it: it is not all ASCII, or has
    an A-label (which IDNA2008 needs its library for)."""
    lowered = host.lower()
    return not host.isascii() or lowered.startswith("xn--") or ".xn--" in lowered


def _urikit_error(host: str, rules: _Mode, error: IDNAError) -> IDNAError:
    return IDNAError(host, error.position, f"{rules.name} (urikit): {error.reason}", rules.name)


def _missing(rules: _Mode) -> ModuleNotFoundError:
    return ModuleNotFoundError(
        f"IDNA mode {rules.name!r} needs the {rules.library} package: "
        f"pip install 'urikit[{rules.extra}]'",
        name=rules.library,
    )


def _idna_package(host: str, rules: _Mode, *, to_unicode: bool) -> str:
    """Convert with the `idna` package (IDNA2008 with tables of its own)."""
    try:
        import idna
    except ImportError as error:
        raise _missing(rules) from error

    def convert(name: str) -> str:
        if to_unicode:
            return idna.decode(name, strict=True, uts46=False)
        return idna.encode(name, strict=True, uts46=False).decode()

    try:
        return convert(host)
    except UnicodeError as error:
        library = f"{rules.name} (idna)"
        raise _library_error(host, rules, library, convert, _one_line(str(error))) from None


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


def _label_spans(host: str, dots: re.Pattern[str]) -> list[tuple[int, str]]:
    """The labels of ``host`` with the index where each begins."""
    spans, start = [], 0
    for dot in dots.finditer(host):
        spans.append((start, host[start : dot.start()]))
        start = dot.end()
    spans.append((start, host[start:]))
    return spans


def _one_line(text: str) -> str:
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


def _checked(host: str, result: str, rules: _Mode, *, is_ascii: bool) -> str:
    """Re-validate what the conversion returned: the characters of the mode's host names
    (RFC 3986 §3.2.2 reg-name, RFC 3987 §2.2 ireg-name), and, when IDNA did more than
    lower-case the host, no number at the end (an ASCII host that is one is as written)."""
    if is_ascii:
        result = result.lower()
    match = _RESULT[rules.name, is_ascii].match(result)
    end = match.end() if match is not None else 0
    bad = result[end] if end < len(result) else None
    if bad is not None:
        what = f"the name holds {describe_char(bad)}, which no host holds (RFC 3986 §3.2.2)"
        _refuse(host, _origin(host, bad), rules, what)
    if _converts(host) and ENDS_IN_A_NUMBER.search(result) is not None:
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
