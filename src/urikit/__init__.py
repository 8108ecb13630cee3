"""urikit: the URI generic syntax (RFC 3986, and RFC 2396 with RFC 2732), complete,
strict and fast.

>>> import urikit
>>> str(urikit.parse("http://a/b?c#d"))
'http://a/b?c#d'
"""

from __future__ import annotations

from . import schemes
from .complete import complete
from .errors import ErrorKind, URISyntaxError
from .extract import URIMatch, extract
from .normalize import equivalent, normalize
from .reference import URIReference, is_valid, parse, validate
from .resolve import ResolutionError, relativize, remove_dot_segments, resolve

__all__ = [
    "ErrorKind",
    "ResolutionError",
    "URIMatch",
    "URIReference",
    "URISyntaxError",
    "complete",
    "equivalent",
    "extract",
    "is_valid",
    "normalize",
    "parse",
    "relativize",
    "remove_dot_segments",
    "resolve",
    "schemes",
    "validate",
]
__version__ = "0.1.0"
