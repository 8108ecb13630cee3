"""The URL Standard's validation errors (WHATWG URL §1.1, the table of validation
errors): each name, the section whose steps record it, and what it says.  A failure
raises :class:`urikit.URISyntaxError` whose kind is the :class:`urikit.ErrorKind`
member valued with the name of the error that the failing step records.
"""

from __future__ import annotations

from ..errors import ErrorKind, URISyntaxError

__all__ = ["VALIDATION_ERRORS", "failure"]

#: name -> (section, description), in the order of the Standard's table.
VALIDATION_ERRORS: dict[str, tuple[str, str]] = {
    "domain-to-ASCII": ("§3.3", "Unicode ToASCII records an error or returns the empty string"),
    "domain-percent-encoded": ("§3.5", "the host holds a percent-encoded byte"),
    "host-invalid-code-point": ("§3.5", "an opaque host holds a forbidden host code point"),
    "IPv4-empty-part": ("§3.5", "an IPv4 address ends with a '.'"),
    "IPv4-too-few-parts": ("§3.5", "an IPv4 address has fewer than four parts"),
    "IPv4-too-many-parts": ("§3.5", "an IPv4 address has more than four parts"),
    "IPv4-non-numeric-part": ("§3.5", "an IPv4 address part is not numeric"),
    "IPv4-non-decimal-part": ("§3.5", "an IPv4 address part is written in hex or octal"),
    "IPv4-out-of-range-part": ("§3.5", "an IPv4 address part exceeds 255"),
    "IPv6-unclosed": ("§3.5", "an IPv6 address is missing the closing ']'"),
    "IPv6-invalid-compression": ("§3.5", "an IPv6 address begins with improper compression"),
    "IPv6-too-many-pieces": ("§3.5", "an IPv6 address has more than 8 pieces"),
    "IPv6-multiple-compression": ("§3.5", "an IPv6 address is compressed in more than one spot"),
    "IPv6-invalid-code-point": (
        "§3.5",
        "an IPv6 address has a code point that is neither a hex digit nor ':', or ends in ':'",
    ),
    "IPv6-too-few-pieces": ("§3.5", "an uncompressed IPv6 address has fewer than 8 pieces"),
    "IPv6-piece-leading-zero": ("§3.5", "an IPv6 address piece has a leading zero"),
    "IPv4-in-IPv6-too-many-pieces": (
        "§3.5",
        "an IPv4 address in an IPv6 address follows more than 6 pieces",
    ),
    "IPv4-in-IPv6-invalid-code-point": (
        "§3.5",
        "an IPv4 part in an IPv6 address is empty, has a leading 0 or a non-digit",
    ),
    "IPv4-in-IPv6-out-of-range-part": ("§3.5", "an IPv4 part in an IPv6 address exceeds 255"),
    "IPv4-in-IPv6-too-few-parts": ("§3.5", "an IPv4 address in an IPv6 address has too few parts"),
    "invalid-URL-unit": ("§4.4", "a code point is neither a URL unit nor to be ignored quietly"),
    "special-scheme-missing-following-solidus": (
        "§4.4",
        "a special scheme is not followed by '//'",
    ),
    "missing-scheme-non-relative-URL": (
        "§4.4",
        "a relative URL without a base, or with a base whose path is opaque",
    ),
    "invalid-reverse-solidus": ("§4.4", "a special URL uses '\\' for '/'"),
    "invalid-credentials": ("§4.4", "the URL includes credentials"),
    "host-missing": ("§4.4", "a host is missing"),
    "port-out-of-range": ("§4.4", "the port is above 65535"),
    "port-invalid": ("§4.4", "the port holds a code point that is not an ASCII digit"),
    "file-invalid-Windows-drive-letter": (
        "§4.4",
        "a relative file URL starts with a Windows drive letter",
    ),
    "file-invalid-Windows-drive-letter-host": (
        "§4.4",
        "a file URL's host is a Windows drive letter",
    ),
}


def failure(text: str, name: str, position: int) -> URISyntaxError:
    """The error for a parse of ``text`` that returns failure with validation error
    ``name`` recorded at ``position`` (an index in ``text``)."""
    section, description = VALIDATION_ERRORS[name]
    return URISyntaxError(
        text,
        position,
        ErrorKind(name),
        f"{description}: {name} (URL Standard {section})",
        rule="URL",
        grammar="whatwg",
    )
