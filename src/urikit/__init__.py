"""urikit: the URI generic syntax (RFC 3986, and RFC 2396 with RFC 2732), complete,
strict and fast.

>>> import urikit
>>> str(urikit.parse("http://a/b?c#d"))
'http://a/b?c#d'
"""

from __future__ import annotations

from .errors import ErrorKind, URISyntaxError
from .reference import URIReference, is_valid, parse

__all__ = ["ErrorKind", "URIReference", "URISyntaxError", "is_valid", "parse"]
__version__ = "0.1.0"
