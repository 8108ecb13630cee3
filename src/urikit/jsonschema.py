"""JSON Schema's resource identifier formats, checked by urikit, for the ``jsonschema``
library.  ``pip install urikit[jsonschema]`` provides it (without it, importing this
module raises :class:`ModuleNotFoundError`).

JSON Schema (draft 2020-12 "Validation" §7.3.5 "Resource Identifiers", as in draft 7)
defines four formats by the RFCs' rules:

* ``uri``: RFC 3986 §3 ``URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]``;
* ``uri-reference``: RFC 3986 §4.1 ``URI-reference = URI / relative-ref``;
* ``iri``: RFC 3987 §2.2 ``IRI``, the ``URI`` of every script;
* ``iri-reference``: RFC 3987 §2.2 ``IRI-reference = IRI / irelative-ref``;

and one more (§7.3.6 "uri-template"): ``uri-template``, RFC 6570 §2 ``URI-Template``
(with erratum 6937: an apostrophe is a literal character), read by
:class:`urikit.URITemplate`.

Where the specification leaves a choice open:

* a relative reference is not a ``uri``: RFC 3986 §3's ``URI`` begins with a scheme, and
  a reference without one is a ``relative-ref`` (§4.2), a ``URI-reference`` only; use
  ``uri-reference`` for those.  A fragment is allowed (``URI``, not §4.3's
  ``absolute-URI``);
* an IPv6 zone identifier is accepted in every format: RFC 6874 §2 updates RFC 3986's
  ``IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"`` with
  ``IPv6addrz = IPv6address "%25" ZoneID`` (the ``%`` percent-encoded), and RFC 3987
  takes its ``IP-literal`` from RFC 3986.

:func:`format_checker` makes a checker with every format jsonschema checks and these
five; :func:`register` puts the five in a checker you have.  Formats apply to strings
only: an instance of another type passes.  A failed check's
:class:`jsonschema.ValidationError` says where and why in its message (``at`` the index
of the first character that no valid string continues with, and the reason), and has
the :class:`urikit.URISyntaxError` as its ``cause``.

>>> import jsonschema, urikit.jsonschema
>>> checker = urikit.jsonschema.format_checker()
>>> validator = jsonschema.Draft202012Validator({"format": "uri"}, format_checker=checker)
>>> validator.is_valid("http://[fe80::1%25eth0]/a#b"), validator.is_valid(7)
(True, True)
>>> validator.is_valid("/a")    # a relative reference: a "uri-reference", not a "uri"
False
>>> error = next(validator.iter_errors("http://exa mple.com"))
>>> error.message
"'http://exa mple.com' is not a 'uri': at 10: a character not allowed in a URI: ' ' (U+0020)"
>>> error.cause.position, error.cause.kind.name
(10, 'INVALID_CHARACTER')
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import jsonschema  # type: ignore[import-untyped]
from jsonschema.exceptions import FormatError  # type: ignore[import-untyped]

from . import URISyntaxError, URITemplate, parse

__all__ = ["format_checker", "register"]


def _check(name: str, rule: str, grammar: str) -> Callable[[object], bool]:
    """The check of the format ``name``, by ``rule``: it parses, the fastest of urikit's
    entry points for a valid string (no exception to pay for).  Not a string: nothing to
    check.

    An invalid string raises :class:`jsonschema.exceptions.FormatError` itself, with jsonschema's
    message (``FormatChecker.check``'s) followed by where and why, and the
    URISyntaxError as its cause: ``FormatChecker.check`` lets it through (it catches
    only the ``raises`` it was given), and the ``format`` keyword makes the
    ValidationError of its message and cause (``jsonschema/_keywords.py``, the same
    since jsonschema 3).  Were the URISyntaxError let out instead (registered as the
    check's ``raises``), the cause would be kept but the message would be
    ``FormatChecker.check``'s alone: ``'...' is not a 'uri'``."""

    def check(instance: object) -> bool:
        if isinstance(instance, str):
            try:
                if rule == "URI-Template":
                    URITemplate(instance)
                else:
                    parse(instance, rule=rule, grammar=grammar)
            except URISyntaxError as error:
                message = f"{instance!r} is not a {name!r}: at {error.position}: {error.reason}"
                raise FormatError(message, cause=error) from error
        return True

    return check


_CHECKS = {
    "uri": _check("uri", "URI", "rfc3986"),
    "uri-reference": _check("uri-reference", "URI-reference", "rfc3986"),
    "iri": _check("iri", "IRI", "rfc3987"),
    "iri-reference": _check("iri-reference", "IRI-reference", "rfc3987"),
    "uri-template": _check("uri-template", "URI-Template", "rfc6570"),
}


def register(checker: jsonschema.FormatChecker) -> jsonschema.FormatChecker:
    """Add urikit's checks of ``uri``, ``uri-reference``, ``iri``, ``iri-reference`` and
    ``uri-template`` to ``checker`` (replacing its own), and return it.

    >>> checker = register(jsonschema.FormatChecker(["date"]))
    >>> sorted(checker.checkers)
    ['date', 'iri', 'iri-reference', 'uri', 'uri-reference', 'uri-template']
    >>> checker.conforms("//example.com", "uri-reference"), checker.conforms("//example.com", "uri")
    (True, False)
    """
    for name, check in _CHECKS.items():
        checker.checks(name)(check)  # the check raises jsonschema's FormatError itself
    return checker


def format_checker(checker: jsonschema.FormatChecker | None = None) -> jsonschema.FormatChecker:
    """A new :class:`jsonschema.FormatChecker` with every format of ``checker`` (by
    default, of ``jsonschema.FormatChecker()``: all those jsonschema checks) and urikit's
    ``uri`` (RFC 3986 §3), ``uri-reference`` (RFC 3986 §4.1), ``iri`` and
    ``iri-reference`` (RFC 3987 §2.2), and ``uri-template`` (RFC 6570 §2).  ``checker``
    itself is not changed.

    >>> checker = format_checker()
    >>> checker.conforms("http://例え.jp/ü", "iri"), checker.conforms("http://例え.jp/ü", "uri")
    (True, False)
    >>> checker.conforms("1.2.3.4", "ipv4"), checker.conforms("1.2.3", "ipv4")
    (True, False)
    >>> checker.conforms("/r{?q,page}", "uri-template"), checker.conforms("/r{?q", "uri-template")
    (True, False)
    """
    if checker is None:
        new = jsonschema.FormatChecker()
    else:
        new = copy.copy(checker)
        new.checkers = dict(checker.checkers)
    return register(new)
