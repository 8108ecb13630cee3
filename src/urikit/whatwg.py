"""The WHATWG URL Standard, the reading of URLs that browsers, Node.js and most HTTP
clients apply: urikit's own, with no extra (``docs/whatwg.md``).

Where :func:`urikit.parse` reads a URI by the RFCs (and refuses what they refuse), the
Standard's basic URL parser (§4.4) accepts any string it can repair (backslashes, tabs,
spaces, IPv4 addresses in hex) and fails on the rest; a failure is a
:class:`urikit.URISyntaxError` whose kind is the Standard's name of the error, at its
position in the caller's text, and :func:`validation_errors` lists the errors of a parse
that succeeds.

>>> from urikit import whatwg
>>> whatwg.parse("HTTP://EXAMPLE.com:80/a/./b/../c?q#f").href
'http://example.com/a/c?q#f'
>>> whatwg.validation_errors("https://h\\\\p")
[('invalid-reverse-solidus', 9)]
"""

from ._whatwg import URL, URLSearchParams, can_parse, parse, validation_errors

__all__ = ["URL", "URLSearchParams", "can_parse", "parse", "validation_errors"]
