"""urikit: the URI generic syntax (RFC 3986, and RFC 2396 with RFC 2732), complete,
strict and fast.

>>> import urikit
>>> str(urikit.parse("http://a/b?c#d"))
'http://a/b?c#d'
"""

from __future__ import annotations

from .errors import ErrorKind, URISyntaxError
from .reference import URIReference, is_valid, parse, validate
from .resolve import ResolutionError, relativize, remove_dot_segments, resolve

__all__ = [
    "ErrorKind",
    "ResolutionError",
    "URIReference",
    "URISyntaxError",
    "is_valid",
    "parse",
    "relativize",
    "remove_dot_segments",
    "resolve",
    "validate",
]
__version__ = "0.1.0"
