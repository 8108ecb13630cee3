"""URI Template syntax (RFC 6570 §2) and the two encodings of expansion (§3.2.1).

The parser turns a template into its parts: literal runs (as written) and expressions
(an :class:`Operator` and its :class:`VarSpec`\\ s).  It accepts exactly the ABNF of
§2, with verified erratum 6937 (``%x26-3B``: the apostrophe is a literal, as the RFC's
own examples use it), and otherwise raises :class:`URISyntaxError` at the first
character that no valid template continues with.  The character sets are urikit's
(``_charsets``): a literal is any character a URI allows, ``ucschar`` or ``iprivate``
(RFC 3987 §2.2), or a ``pct-encoded`` triplet.  Here too: the two encodings of §1.5
(:func:`encode_u`, :func:`encode_ur`) and the expansion of one varspec (Appendix A,
:func:`expand_varspec`), on which expansion (``template``) and matching
(``match``, which checks what it reads by expanding it again) both build.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import NamedTuple

from .._algorithms.percent import unencodable
from .._syntax import charsets as cs
from .._syntax.charsets import bad_escape, char_class_regex
from ..errors import ErrorKind, InternalError, URISyntaxError, describe_char

__all__ = [
    "LITERALS",
    "OPERATORS",
    "Expression",
    "Operator",
    "Part",
    "VarSpec",
    "encode_u",
    "encode_ur",
    "expand_varspec",
    "parse_template",
]

# -- character sets (RFC 6570 §1.5, §2.1, §2.3) ---------------------------------------
#: §2.1 literals, ASCII part: ``%x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F /
#: %x61-7A / %x7E`` (erratum 6937): exactly RFC 3986's unreserved and reserved characters.
LITERALS = cs.UNRESERVED | cs.RESERVED
#: §2.1 literals, beyond ASCII: ``ucschar / iprivate`` (RFC 3987 §2.2).
LITERALS_WIDE = cs.UCSCHAR | cs.IPRIVATE
VARCHAR = cs.ALPHA | cs.DIGIT | frozenset("_")  # §2.3 varchar, besides pct-encoded
OP_LEVEL2 = frozenset("+#")  # §2.2 op-level2
OP_LEVEL3 = frozenset("./;?&")  # §2.2 op-level3
OP_RESERVE = frozenset("=,!@|")  # §2.2 op-reserve: reserved for future extensions
#: Every character a template may hold somewhere (a ``%`` only as ``pct-encoded``).
TEMPLATE_CHARS = LITERALS | frozenset("{}%|")

_PCT = "%[0-9A-Fa-f]{2}"
_VARCHAR = f"(?:{char_class_regex(VARCHAR)}|{_PCT})"
#: §2.3 ``varname = varchar *( ["."] varchar )``, written so that a run of plain varchars
#: is one repeat of a character class (the engine keeps no state per character, and a
#: failing match gives each run back once): runs split by a pct-encoded or a "." that a
#: varchar follows.
_VARNAME = (
    f"{_VARCHAR}(?:{char_class_regex(VARCHAR)}*(?:{_PCT}|\\.(?={_VARCHAR})))*"
    f"{char_class_regex(VARCHAR)}*"
)
_VARSPEC = f"({_VARNAME})(?::([1-9][0-9]{{0,3}})|(\\*))?"  # §2.3 varspec, §2.4 modifiers
_LITERALS_CLASS = char_class_regex(LITERALS, wide=LITERALS_WIDE)
#: §2.1 ``*literals``, as runs of the class split by pct-encoded (as :data:`_VARNAME`).
_LITERAL_RUN = re.compile(f"{_LITERALS_CLASS}*(?:{_PCT}{_LITERALS_CLASS}*)*")
_MODIFIER = "(?::[1-9][0-9]{0,3}|\\*)?"  # §2.4 modifier-level4, optional
_EXPRESSION = re.compile(
    "\\{("
    + char_class_regex(OP_LEVEL2 | OP_LEVEL3)
    + f"?)({_VARNAME}{_MODIFIER}(?:,{_VARNAME}{_MODIFIER})*)\\}}"
)  # §2.2 expression = "{" [ operator ] variable-list "}"
_VARSPEC_RE = re.compile(_VARSPEC)
_VARNAME_RE = re.compile(_VARNAME)
_MORE_DIGITS = re.compile("[0-9]{0,3}")


# -- the two encodings of expansion (RFC 6570 §1.5, §3.2.1) -----------------------------
_HEX = [f"%{octet:02X}" for octet in range(256)]
_U_CLEAN = re.compile(char_class_regex(cs.UNRESERVED) + "*")
_NOT_U = re.compile(char_class_regex(cs.UNRESERVED, negate=True) + "+")
_UR_CLEAN = re.compile(f"(?:{char_class_regex(cs.UNRESERVED | cs.RESERVED)}|{_PCT})*")
_NOT_UR = re.compile(
    f"%(?![0-9A-Fa-f]{{2}})|{char_class_regex(cs.UNRESERVED | cs.RESERVED | {'%'}, negate=True)}+"
)


def _octets(found: re.Match[str]) -> str:
    return "".join([_HEX[octet] for octet in found[0].encode("utf-8")])


def _encoder(clean: re.Pattern[str], dirty: re.Pattern[str]) -> Callable[[str], str]:
    fullmatch, sub = clean.fullmatch, dirty.sub

    def encode(value: str) -> str:
        if fullmatch(value):
            return value
        try:
            return sub(_octets, value)
        except UnicodeEncodeError:  # a lone surrogate: no character, so no octets
            at = next(i for i, char in enumerate(value) if 0xD800 <= ord(char) <= 0xDFFF)
            raise unencodable(value, at, "UTF-8", "variable value") from None

    return encode


#: ``allow`` U (§1.5): every character but the unreserved ones, pct-encoded as UTF-8.
encode_u = _encoder(_U_CLEAN, _NOT_U)
#: ``allow`` U+R (§1.5): unreserved, reserved and pct-encoded triplets as they are, every
#: other character pct-encoded (also how literals are expanded, §3.1).
encode_ur = _encoder(_UR_CLEAN, _NOT_UR)


# -- the operators (RFC 6570 §3.2.1, Appendix A) ----------------------------------------
class Operator(NamedTuple):
    """One column of the table of RFC 6570 Appendix A: what an operator puts before the
    first defined value (``first``), between values (``sep``), whether values are named
    (``name=value``), what follows a name whose value is empty (``ifemp``), and whether
    reserved characters and pct-encoded triplets pass unencoded (``allow`` U+R, §1.5)."""

    char: str  # "" for simple string expansion (§3.2.2)
    first: str
    sep: str
    named: bool
    ifemp: str
    reserved: bool
    section: str
    #: The encoding of values and names: :func:`encode_ur` or :func:`encode_u`.
    encode: Callable[[str], str]


OPERATORS: dict[str, Operator] = {
    "": Operator("", "", ",", False, "", False, "§3.2.2", encode_u),
    "+": Operator("+", "", ",", False, "", True, "§3.2.3", encode_ur),
    "#": Operator("#", "#", ",", False, "", True, "§3.2.4", encode_ur),
    ".": Operator(".", ".", ".", False, "", False, "§3.2.5", encode_u),
    "/": Operator("/", "/", "/", False, "", False, "§3.2.6", encode_u),
    ";": Operator(";", ";", ";", True, "", False, "§3.2.7", encode_u),
    "?": Operator("?", "?", "&", True, "=", False, "§3.2.8", encode_u),
    "&": Operator("&", "&", "&", True, "=", False, "§3.2.9", encode_u),
}


class VarSpec(NamedTuple):
    """One variable of a template, as written (RFC 6570 §2.3 ``varspec``): its name, its
    prefix modifier (``:3`` is ``prefix=3``, §2.4.1), its explode modifier (``*``,
    §2.4.2) and the operator of its expression (``""`` for simple expansion, §2.2).

    >>> import urikit
    >>> urikit.URITemplate("{/path*}{?q,lang:2}").variables
    (VarSpec(name='path', prefix=None, explode=True, operator='/'), VarSpec(name='q', \
prefix=None, explode=False, operator='?'), VarSpec(name='lang', prefix=2, explode=False, \
operator='?'))
    """

    name: str
    prefix: int | None
    explode: bool
    operator: str

    def __str__(self) -> str:
        """The varspec as written: ``name``, ``name:3`` or ``name*``."""
        if self.prefix is not None:
            return f"{self.name}:{self.prefix}"
        return self.name + "*" if self.explode else self.name


class Expression(NamedTuple):
    """An expression of a template (§2.2): its operator, its varspecs, and where it
    stands in the template (``start`` is its ``{``, ``end`` is after its ``}``)."""

    operator: Operator
    varspecs: tuple[VarSpec, ...]
    start: int
    end: int


#: A template is a sequence of literal runs (as written) and expressions.
Part = str | Expression


def parse_template(text: str) -> tuple[Part, ...]:
    """The parts of ``text``, a URI Template (RFC 6570 §2 ``URI-Template``), or a
    :class:`URISyntaxError` at the first character that cannot belong to one."""
    if not isinstance(text, str):
        raise TypeError(f"a URI Template is a str, not {type(text).__name__}")
    parts: list[Part] = []
    append = append_part = parts.append
    i, end = 0, len(text)
    literal_run, expression = _LITERAL_RUN.match, _EXPRESSION.match
    while i < end:
        j = literal_run(text, i).end()  # type: ignore[union-attr]
        if j > i:
            append(text[i:j])
        if j == end:
            break
        found = expression(text, j) if text[j] == "{" else None
        if found is None:
            raise _error(text, j)
        op = OPERATORS[found[1]]
        varspecs = []
        for spec in found[2].split(","):
            name, prefix, explode = _VARSPEC_RE.fullmatch(spec).groups()  # type: ignore[union-attr]
            varspecs.append(
                VarSpec(name, None if prefix is None else int(prefix), explode is not None, op.char)
            )
        i = found.end()
        append_part(Expression(op, tuple(varspecs), j, i))
    return tuple(parts)


# -- errors: where the template stops fitting §2 -----------------------------------------
def _fail(text: str, at: int, kind: ErrorKind, reason: str) -> URISyntaxError:
    return URISyntaxError(text, at, kind, reason, rule="URI-Template", grammar="rfc6570")


def _unexpected(text: str, at: int, expected: str, *, pct: bool = True) -> URISyntaxError:
    """The error at ``text[at]`` (or the end), where ``expected`` could continue (and a
    pct-encoded triplet too, if ``pct``: then a ``%`` here begins a bad one)."""
    if at == len(text):
        return _fail(text, at, ErrorKind.UNEXPECTED_CHARACTER, f"the template ends; {expected}")
    char = text[at]
    if char == "%" and pct:
        return _fail(
            text,
            bad_escape(text, at),
            ErrorKind.INVALID_PERCENT_ENCODING,
            "'%' must be followed by two hexadecimal digits (RFC 6570 §1.5, RFC 3986 §2.1)",
        )
    if char not in TEMPLATE_CHARS and char not in LITERALS_WIDE:
        return _fail(
            text,
            at,
            ErrorKind.INVALID_CHARACTER,
            f"a character not allowed in a URI Template: {describe_char(char)} (RFC 6570 §2.1)",
        )
    return _fail(text, at, ErrorKind.UNEXPECTED_CHARACTER, f"{describe_char(char)}: {expected}")


def _error(text: str, at: int) -> URISyntaxError:
    """The error of a template whose literal run stops at ``at``."""
    if text[at] == "}":
        return _unexpected(text, at, "no expression is open (RFC 6570 §2.1, §2.2)")
    if text[at] != "{":
        return _unexpected(text, at, "not a literal character (RFC 6570 §2.1)")
    return _expression_error(text, at)


def _expression_error(text: str, start: int) -> URISyntaxError:
    """Walk the invalid expression at ``text[start] == "{"`` by the ABNF of §2.2-2.4."""
    i, end = start + 1, len(text)
    if i < end and text[i] in OP_RESERVE:
        return _fail(
            text,
            i,
            ErrorKind.UNEXPECTED_CHARACTER,
            f"the operator {text[i]!r} is reserved for future extensions (RFC 6570 §2.2)",
        )
    if i < end and text[i] in OP_LEVEL2 | OP_LEVEL3:
        i += 1
    varname = "a variable name (ALPHA, DIGIT, '_' or pct-encoded: RFC 6570 §2.3)"
    while True:
        found = _VARNAME_RE.match(text, i)
        if found is None:
            return _unexpected(text, i, f"expected {varname}")
        i = found.end()
        if i < end and text[i] == ".":
            return _unexpected(text, i + 1, f"expected {varname} after '.'")
        after, modified = "expected ',' or '}' (RFC 6570 §2.2)", True
        if i < end and text[i] == ":":
            i += 1
            if i == end or text[i] not in "123456789":
                return _unexpected(
                    text,
                    i,
                    "a prefix is a number from 1 to 9999 (RFC 6570 §2.4.1 max-length)",
                    pct=False,
                )
            i = _MORE_DIGITS.match(text, i + 1).end()  # type: ignore[union-attr]
            if i < end and text[i] in cs.DIGIT:
                return _unexpected(text, i, "a prefix is at most 9999 (RFC 6570 §2.4.1)")
            after = (
                "a prefix cannot be exploded: a modifier is a prefix or an explode, not "
                "both (RFC 6570 §2.4 modifier-level4)"
                if i < end and text[i] == "*"
                else "expected ',' or '}' after the prefix modifier, which ends its varspec "
                "(RFC 6570 §2.3, §2.4.1)"
            )
        elif i < end and text[i] == "*":
            i += 1
            after = (
                "expected ',' or '}' after the explode modifier, which ends its varspec "
                "(RFC 6570 §2.3, §2.4.2)"
            )
        else:  # a "%" here begins no triplet: the name would have taken one
            modified = False
            if i < end and text[i] not in ",}":
                after = "expected ':', '*', ',' or '}' (RFC 6570 §2.2-2.4)"
        if i < end and text[i] == ",":
            i += 1
            continue
        if i < end and text[i] == "}":  # pragma: no cover - the expression was valid
            detail = f"the expression at {start} is valid, and its regex refused it"
            raise InternalError(text, "rfc6570", "URI-Template", detail)
        return _unexpected(text, i, after, pct=not modified)  # no triplet after a modifier


# -- the expansion of one varspec (RFC 6570 Appendix A) --------------------------------------
def _scalar(value: object, name: str) -> str:
    """The string a scalar value stands for (see the module's docstring)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        return repr(float(value))
    raise TypeError(
        f"the value of {name!r} holds a {type(value).__name__}: a template value is a str, "
        "int, float, bool, None, a list or tuple of them, or a mapping or list of pairs "
        "of them (RFC 6570 §2.3)"
    )


def _members(value: object, name: str) -> tuple[list[str] | None, list[tuple[str, str]] | None]:
    """The defined members of a composite value: (list, None) or (None, pairs)."""
    if isinstance(value, Mapping):
        return None, [
            (_scalar(key, name), _scalar(item, name))
            for key, item in value.items()
            if item is not None
        ]
    if isinstance(value, list | tuple):
        if value and isinstance(value[0], tuple):
            pairs = []
            for pair in value:
                if not (isinstance(pair, tuple) and len(pair) == 2):
                    raise TypeError(
                        f"the value of {name!r} is a list of pairs with a member that is "
                        f"not a (name, value) tuple: {pair!r} (RFC 6570 §2.3)"
                    )
                if pair[1] is not None:
                    pairs.append((_scalar(pair[0], name), _scalar(pair[1], name)))
            return None, pairs
        return [_scalar(item, name) for item in value if item is not None], None
    return [_scalar(value, name)], None  # raises TypeError for what no value is


def expand_varspec(op: Operator, spec: VarSpec, value: object) -> str | None:
    """The expansion of one varspec with ``value`` (RFC 6570 Appendix A), without the
    ``first`` or ``sep`` string before it, or ``None`` when the value is undefined."""
    if value is None:
        return None
    encode, name = op.encode, spec.name
    if isinstance(value, str | int | float):
        text = _scalar(value, name)
        if spec.prefix is not None:
            text = text[: spec.prefix]  # characters, not octets (§2.4.1)
        if op.named:
            return name + ("=" + encode(text) if text else op.ifemp)
        return encode(text)
    items, pairs = _members(value, name)
    if not items and not pairs:
        return None  # §2.3: an empty list or associative array is undefined
    if spec.prefix is not None:
        raise ValueError(
            f"the prefix modifier of {name}:{spec.prefix} applies to strings, and the value "
            f"of {name!r} is {'a list' if items else 'an associative array'} (RFC 6570 §2.4.1)"
        )
    if not spec.explode:  # §3.2.1: members joined by ","
        if items is not None:
            body = ",".join([encode(item) for item in items])
        else:
            body = ",".join([encode(key) + "," + encode(item) for key, item in pairs or ()])
        return name + "=" + body if op.named else body
    sep, ifemp = op.sep, op.ifemp
    if items is not None:  # §3.2.1 explode: one member per separator
        if op.named:
            return sep.join([name + ("=" + encode(item) if item else ifemp) for item in items])
        return sep.join([encode(item) for item in items])
    if op.named:
        return sep.join(
            [encode(key) + ("=" + encode(item) if item else ifemp) for key, item in pairs or ()]
        )
    return sep.join([encode(key) + "=" + encode(item) for key, item in pairs or ()])
