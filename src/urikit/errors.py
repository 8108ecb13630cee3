r"""The errors of urikit: where the input stops fitting the grammar, and why; and why a
reference cannot be resolved.

A :class:`URISyntaxError` carries the input, the 0-based index of the first character
that no string of the rule can continue the input with (``len(text)`` when the input
stops short), a small closed :class:`ErrorKind` (what tests and programs should branch
on) and a human sentence (``reason``).  ``str(error)`` renders the input with a caret
under that index.  A :class:`ResolutionError` is a valid reference that cannot be
resolved against its base; it has a kind too.  An :class:`IDNAError` is a host name
that has no internationalized (IDNA) form under the mode asked for (RFC 5890-5893,
UTS #46): ``text`` is the host (or the reference, from a conversion of a whole reference:
``iri_to_uri``, ``requote``), ``position`` the first label or character at fault in it
(the host's first when unknown), ``kind`` is ``INVALID_IDN``, ``reason`` names the mode,
the library and what failed.  All three are ``ValueError``\ s and pickle.  An
:class:`InternalError` is none of these: it is a bug in urikit (two of its parts
disagree), never a verdict on the input.
"""

from __future__ import annotations

import enum
import unicodedata

__all__ = [
    "ErrorKind",
    "IDNAError",
    "InternalError",
    "ResolutionError",
    "URISyntaxError",
    "describe_char",
    "render_caret",
]


class ErrorKind(enum.Enum):
    """Why an input does not fit the grammar (stable; the ``reason`` text is not)."""

    #: A character no URI may hold (RFC 3986 §2; RFC 2396 §2.4.3 "excluded").
    INVALID_CHARACTER = "invalid-character"
    #: A character outside US-ASCII (URIs are ASCII; RFC 3986 §2, RFC 2396 §2.1).
    NON_ASCII = "non-ascii"
    #: A URI character that the component where it stands does not allow.
    UNEXPECTED_CHARACTER = "unexpected-character"
    #: ``%`` not followed by two hexadecimal digits (RFC 3986 §2.1, RFC 2396 §2.4.1).
    INVALID_PERCENT_ENCODING = "invalid-percent-encoding"
    #: A scheme that does not begin with a letter or holds other characters (§3.1).
    INVALID_SCHEME = "invalid-scheme"
    #: The rule needs a scheme and there is none (RFC 3986 §3, §4.3; RFC 2396 §3).
    MISSING_SCHEME = "missing-scheme"
    #: ``:`` in the first segment of a relative path (RFC 3986 §4.2, RFC 2396 §5).
    COLON_IN_FIRST_SEGMENT = "colon-in-first-segment"
    #: A fragment where the rule allows none (RFC 3986 §4.3 absolute-URI).
    FRAGMENT_NOT_ALLOWED = "fragment-not-allowed"
    #: A port that is not ``*DIGIT`` (RFC 3986 §3.2.3, RFC 2396 §3.2.2).
    INVALID_PORT = "invalid-port"
    #: A bracketed host that is not an IPv6address / IPvFuture / zone (RFC 3986 §3.2.2).
    INVALID_IP_LITERAL = "invalid-ip-literal"
    #: A host or authority that fits no host rule (RFC 3986 §3.2.2, RFC 2396 §3.2).
    INVALID_HOST = "invalid-host"
    #: A path the surrounding components do not admit (RFC 3986 §3.3).
    INVALID_PATH = "invalid-path"
    #: Nothing after ``scheme:``, which RFC 2396 §3 does not admit (RFC 3986 does).
    EMPTY_SCHEME_SPECIFIC_PART = "empty-scheme-specific-part"
    #: A bidirectional formatting character (LRM, RLM, LRE, RLE, LRO, RLO, PDF), which
    #: IRIs MUST NOT contain (RFC 3987 §4.1).
    BIDI_FORMATTING = "bidi-formatting-character"

    # -- the kinds of a ResolutionError: valid input that cannot be resolved --------------
    #: A base URI without a scheme (RFC 3986 §5.2.1, RFC 2396 §5.2).
    BASE_WITHOUT_SCHEME = "base-without-scheme"
    #: A relative reference against an opaque base, which RFC 2396 §5 does not admit.
    OPAQUE_BASE = "opaque-base"
    #: ``..`` above the root with ``above_root="raise"`` (RFC 3986 §5.2.4, RFC 2396 §5.2 6g).
    ABOVE_ROOT = "above-root"
    #: A relative reference and no base URI at all (RFC 3986 §5.1).
    NO_BASE = "no-base"

    # -- the kind of an IDNAError: a host name without an IDNA form ------------------------
    #: A host name that IDNA cannot convert, or whose conversion would change what kind
    #: of host it is (RFC 5891 §4-5, UTS #46 §4; urikit's re-validation).
    INVALID_IDN = "invalid-idn"

    # -- the schemes with rules of their own (file:, data:) --------------------------------
    #: A URI of another scheme than the function reads (RFC 8089 §2 ``file``, RFC 2397 §3
    #: ``data``).
    WRONG_SCHEME = "wrong-scheme"
    #: A file URI whose host names another machine, where the path flavor has no form for
    #: it (RFC 8089 §3: only a local file URI maps to a local path).
    NON_LOCAL_HOST = "non-local-host"
    #: A file path (or a file URI's path) that has no counterpart in the other form: a
    #: relative path, an encoded separator or NUL, a drive letter without its "/" (RFC
    #: 8089 §2, Appendix E).
    INVALID_FILE_PATH = "invalid-file-path"
    #: A data: URL's media type that is not ``type "/" subtype *(";" attribute "=" value)``
    #: of RFC 2045 tokens (RFC 2397 §3).
    INVALID_MEDIA_TYPE = "invalid-media-type"
    #: A data: URL without the "," that ends its media type (RFC 2397 §3; Fetch §4.2).
    MISSING_COMMA = "missing-comma"
    #: Data that is not base64 (RFC 2045 §6.8 under RFC 2397; the forgiving-base64 decode
    #: of the Infra Standard under Fetch).
    INVALID_BASE64 = "invalid-base64"

    # -- the URL Standard's failures: each is the validation error (WHATWG URL §1.1 table)
    # -- recorded by the step of the basic URL parser (§4.4) or host parser (§3.5) that
    # -- returns failure; the value is the Standard's name -------------------------------
    #: A relative URL without a base, or with a base whose path is opaque (§4.4).
    MISSING_SCHEME_NON_RELATIVE_URL = "missing-scheme-non-relative-URL"
    #: A special URL, or one with credentials or a port, without a host (§4.4).
    HOST_MISSING = "host-missing"
    #: A port above 65535 (§4.4 port state).
    PORT_OUT_OF_RANGE = "port-out-of-range"
    #: A port with a code point that is not an ASCII digit (§4.4 port state).
    PORT_INVALID = "port-invalid"
    #: An opaque host with a forbidden host code point (§3.5 opaque-host parser).
    HOST_INVALID_CODE_POINT = "host-invalid-code-point"
    #: A domain that Unicode ToASCII rejects, or whose result is empty or holds a
    #: forbidden domain code point (§3.3 domain parser).
    DOMAIN_TO_ASCII = "domain-to-ASCII"
    #: A host that ends in a number and has more than four parts (§3.5 IPv4 parser).
    IPV4_TOO_MANY_PARTS = "IPv4-too-many-parts"
    #: A part of such a host that is not a number (§3.5 IPv4 parser).
    IPV4_NON_NUMERIC_PART = "IPv4-non-numeric-part"
    #: A part of such a host above 255, or a last part too big for the bytes left (§3.5).
    IPV4_OUT_OF_RANGE_PART = "IPv4-out-of-range-part"
    #: ``[`` without the closing ``]`` (§3.5 host parser).
    IPV6_UNCLOSED = "IPv6-unclosed"
    #: An IPv6 address that begins with a single ``:`` (§3.5 IPv6 parser).
    IPV6_INVALID_COMPRESSION = "IPv6-invalid-compression"
    #: More than eight pieces (§3.5 IPv6 parser).
    IPV6_TOO_MANY_PIECES = "IPv6-too-many-pieces"
    #: ``::`` twice (§3.5 IPv6 parser).
    IPV6_MULTIPLE_COMPRESSION = "IPv6-multiple-compression"
    #: A code point that is not a hex digit or ``:``, or a ``:`` at the end (§3.5).
    IPV6_INVALID_CODE_POINT = "IPv6-invalid-code-point"
    #: Fewer than eight pieces and no ``::`` (§3.5 IPv6 parser).
    IPV6_TOO_FEW_PIECES = "IPv6-too-few-pieces"
    #: An IPv4 address after more than six pieces (§3.5 IPv6 parser).
    IPV4_IN_IPV6_TOO_MANY_PIECES = "IPv4-in-IPv6-too-many-pieces"
    #: An IPv4 address in an IPv6 address with a code point that does not belong there:
    #: an empty part, a leading zero, a stray ``.`` (§3.5 IPv6 parser).
    IPV4_IN_IPV6_INVALID_CODE_POINT = "IPv4-in-IPv6-invalid-code-point"
    #: A part above 255 in an IPv4 address in an IPv6 address (§3.5 IPv6 parser).
    IPV4_IN_IPV6_OUT_OF_RANGE_PART = "IPv4-in-IPv6-out-of-range-part"
    #: Fewer than four parts in an IPv4 address in an IPv6 address (§3.5 IPv6 parser).
    IPV4_IN_IPV6_TOO_FEW_PARTS = "IPv4-in-IPv6-too-few-parts"
    # -- the kind of a URI Template's expansion error: valid template, unusable value -----
    #: A variable's value that its varspec cannot expand, at that varspec in the template:
    #: a prefix modifier on a list or associative array (RFC 6570 §2.4.1), a string
    #: with no octets (a lone surrogate: RFC 6570 §3.2.1, RFC 3986 §2.5).
    INVALID_VALUE = "invalid-value"


class URISyntaxError(ValueError):
    """The input is not valid under the rule and grammar asked for.

    >>> import urikit
    >>> try:
    ...     urikit.parse("http://exa mple.com/")
    ... except urikit.URISyntaxError as error:
    ...     print(error.position, error.kind.name)
    ...     print(error)
    10 INVALID_CHARACTER
    a character not allowed in a URI: ' ' (U+0020) at position 10
      http://exa mple.com/
                ^
    """

    def __init__(
        self,
        text: str,
        position: int,
        kind: ErrorKind,
        reason: str,
        *,
        rule: str = "URI-reference",
        grammar: str = "rfc3986",
    ) -> None:
        super().__init__(text, position, kind, reason)
        self.text = text
        self.position = position
        self.kind = kind
        self.reason = reason
        self.rule = rule
        self.grammar = grammar

    def __str__(self) -> str:
        line, caret = render_caret(self.text, self.position)
        return f"{self.reason} at position {self.position}\n  {line}\n  {caret}"

    def __reduce__(self) -> tuple[object, ...]:
        return (
            _rebuild,
            (self.text, self.position, self.kind, self.reason, self.rule, self.grammar),
        )


class ResolutionError(ValueError):
    """A valid reference that cannot be resolved against this base (RFC 3986 §5.2, RFC
    2396 §5.2): ``kind`` says why (``BASE_WITHOUT_SCHEME``, ``OPAQUE_BASE``,
    ``ABOVE_ROOT``, ``NO_BASE``), ``text`` is the reference or base concerned.

    >>> import urikit
    >>> try:
    ...     urikit.resolve("//a/b", "c")
    ... except urikit.ResolutionError as error:
    ...     print(error.kind.name, error.text)
    BASE_WITHOUT_SCHEME //a/b
    """

    def __init__(self, text: str, kind: ErrorKind, reason: str) -> None:
        super().__init__(text, kind, reason)
        self.text = text
        self.kind = kind
        self.reason = reason

    def __str__(self) -> str:
        return self.reason

    def __reduce__(self) -> tuple[object, ...]:
        return (ResolutionError, (self.text, self.kind, self.reason))


class IDNAError(ValueError):
    """A host name that has no IDNA form under the mode asked for (RFC 5891 §4-5, UTS #46
    §4), or whose mapping would turn it into another kind of host (a delimiter, an IPv4
    address): ``position`` is the 0-based index in ``text`` of the first label or
    character at fault (0 when unknown), ``reason`` names the mode, the library and what
    failed, ``mode`` is the mode's name.  ``text`` is the host given, or, from a function
    that converts a whole reference (``iri_to_uri``, ``requote``), that reference, the
    position counted in it and the reason naming the host.

    >>> import urikit
    >>> try:
    ...     urikit.host_to_ascii("a..b")
    ... except urikit.IDNAError as error:
    ...     print(error.position, error.kind.name)
    2 INVALID_IDN
    """

    def __init__(self, text: str, position: int, reason: str, mode: str = "uts46") -> None:
        super().__init__(text, position, reason, mode)
        self.text = text
        self.position = position
        self.kind = ErrorKind.INVALID_IDN
        self.reason = reason
        self.mode = mode

    def __str__(self) -> str:
        line, caret = render_caret(self.text, self.position)
        return f"{self.reason} at position {self.position}\n  {line}\n  {caret}"

    def __reduce__(self) -> tuple[object, ...]:
        return (IDNAError, (self.text, self.position, self.reason, self.mode))


class InternalError(RuntimeError):
    """Two parts of urikit disagree about an input (the parser rejects ``text`` as
    ``rule`` of ``grammar``, and the diagnosis finds nothing wrong with it): a bug to
    report, never a verdict on the input.  Not a ``ValueError``, so that no caller takes
    it for a refusal and no test or fuzz run passes over it."""

    def __init__(self, text: str, grammar: str, rule: str, detail: str) -> None:
        super().__init__(text, grammar, rule, detail)
        self.text = text
        self.grammar = grammar
        self.rule = rule
        self.detail = detail

    def __str__(self) -> str:
        return (
            f"internal inconsistency, please report: {self.detail} "
            f"(text {self.text!r}, grammar {self.grammar!r}, rule {self.rule!r})"
        )


def _rebuild(
    text: str, position: int, kind: ErrorKind, reason: str, rule: str, grammar: str
) -> URISyntaxError:
    return URISyntaxError(text, position, kind, reason, rule=rule, grammar=grammar)


def describe_char(char: str) -> str:
    """``' ' (U+0020)``: a character as error messages show it, safe to print."""
    shown = char if char.isprintable() and not _is_surrogate(char) else ascii(char)[1:-1]
    return f"'{shown}' (U+{ord(char):04X})"


def _is_surrogate(char: str) -> bool:
    return 0xD800 <= ord(char) <= 0xDFFF


_WINDOW = 36  # characters shown on each side of the caret


def render_caret(text: str, position: int) -> tuple[str, str]:
    """The input (a window around ``position`` for long inputs) and a caret line under it.

    Characters that a terminal cannot show (controls, lone surrogates) are escaped and
    wide characters count two columns, so the caret stays under the right character.
    """
    start = max(0, position - _WINDOW)
    end = min(len(text), position + _WINDOW)
    head = "..." if start else ""
    tail = "..." if end < len(text) else ""
    shown: list[str] = []
    column = len(head)
    for index in range(start, end):
        char = text[index]
        piece = char if char.isprintable() and not _is_surrogate(char) else ascii(char)[1:-1]
        if index < position:
            column += sum(_width(c) for c in piece)
        shown.append(piece)
    return head + "".join(shown) + tail, " " * column + "^"


def _width(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
