"""The URL Standard's reading of a URL (WHATWG URL), urikit's own: the basic URL parser
(§4.4) with its hosts (§3), the URL record and serializer (§4.1, §4.5), and the
validation errors the parser records (§1.1).  Pure Python, a transcription of the
Standard; browsers read URLs this way, where urikit's other functions read RFC 3986.

>>> url = parse("HTTP://EXAMPLE.com:80/a/./b/../c?q#f")
>>> url.href, url.host, url.pathname, url.search, url.hash
('http://example.com/a/c?q#f', 'example.com', '/a/c', '?q', '#f')
>>> parse("..\\\\x", base="https://h/a/b/c").href
'https://h/a/x'
>>> validation_errors("https://h\\\\p")
[('invalid-reverse-solidus', 9)]
"""

from __future__ import annotations

from .record import URLRecord
from .url import URL, parse_record
from .urlencoded import URLSearchParams

__all__ = ["URL", "URLSearchParams", "can_parse", "parse", "validation_errors"]


def _base(base: str | URL | None) -> URLRecord | None:
    if base is None:
        return None
    if isinstance(base, URL):
        return base.record
    if not isinstance(base, str):
        raise TypeError(f"the base must be a str or a URL, not {type(base).__name__}")
    return parse_record(base, None, all_errors=False)[0]


def _text(text: object) -> str:
    if not isinstance(text, str):
        raise TypeError(f"the URL must be a str, not {type(text).__name__}")
    return text


def parse(text: str, base: str | URL | None = None) -> URL:
    """The basic URL parser (§4.4) on ``text`` against ``base`` (parsed first if a
    string).  Failure raises :class:`urikit.URISyntaxError`: ``kind`` is the
    :class:`urikit.ErrorKind` valued with the Standard's name of the validation error
    that the failing step records, ``position`` an index in ``text`` (in ``base`` when
    the base fails; see :mod:`urikit._whatwg.positions` for the rules).

    >>> try:
    ...     parse("https://example.com:demo")
    ... except ValueError as error:
    ...     print(error.kind.value, error.position)
    port-invalid 20
    """
    return URL(parse_record(_text(text), _base(base), all_errors=False)[0])


def validation_errors(text: str, base: str | URL | None = None) -> list[tuple[str, int]]:
    """Every validation error (§1.1) the basic URL parser records on ``text`` against
    ``base``, in the order recorded, as (the Standard's name, index in ``text``); a
    failure raises as :func:`parse` does.

    >>> validation_errors(" https://user@h.com/a b")
    [('invalid-URL-unit', 0), ('invalid-credentials', 13), ('invalid-URL-unit', 21)]
    """
    return parse_record(_text(text), _base(base), all_errors=True)[1]


def can_parse(text: str, base: str | URL | None = None) -> bool:
    """Whether :func:`parse` succeeds (the URL class's ``canParse``, §6.1).

    >>> can_parse("web+demo:/.//not-a-host/"), can_parse("https://ex ample.org/")
    (True, False)
    """
    try:
        parse(text, base)
    except ValueError:
        return False
    return True
