"""urikit: the URI generic syntax (RFC 3986, and RFC 2396 with RFC 2732), complete,
strict and fast.

>>> import urikit
>>> str(urikit.parse("http://a/b?c#d"))
'http://a/b?c#d'
"""

from __future__ import annotations

from . import html, schemes
from .complete import complete
from .compose import build_query, compose, parse_query
from .errors import ErrorKind, URISyntaxError
from .extract import URIMatch, extract
from .normalize import equivalent, normalize
from .percent import quote, requote, unquote, unquote_to_bytes
from .reference import URIReference, is_valid, parse, validate
from .resolve import ResolutionError, relativize, remove_dot_segments, resolve

__all__ = [
    "ErrorKind",
    "ResolutionError",
    "URIMatch",
    "URIReference",
    "URISyntaxError",
    "build_query",
    "complete",
    "compose",
    "equivalent",
    "extract",
    "html",
    "is_valid",
    "normalize",
    "parse",
    "parse_query",
    "quote",
    "relativize",
    "remove_dot_segments",
    "requote",
    "resolve",
    "schemes",
    "unquote",
    "unquote_to_bytes",
    "validate",
]
__version__ = "0.1.0"
