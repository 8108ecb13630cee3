"""The URL value: a parsed URL record (WHATWG URL §4.1) read through the getters of the
Standard's URL class (§6.1: href, origin, protocol, username, password, host, hostname,
port, pathname, search, hash), and its origin (§4.7).
"""

from __future__ import annotations

from .errors import failure
from .fast import fast_parse
from .host import host_serialize
from .parser import Failure, basic_parse
from .positions import Cleaned
from .record import SPECIAL_SCHEMES, URLRecord, path_serialize, serialize
from .setters import SETTERS
from .urlencoded import URLSearchParams

__all__ = ["URL", "origin", "parse_record"]


def parse_record(
    text: str, base: URLRecord | None, *, all_errors: bool
) -> tuple[URLRecord, list[tuple[str, int]]]:
    """The basic URL parser on the caller's ``text``: the record and the validation
    errors at indexes in ``text``; a failure raises :class:`urikit.URISyntaxError`.
    Without ``all_errors`` a URL of the fast path's form skips the state machine."""
    if not all_errors:
        record = fast_parse(text)
        if record is not None:
            return record, []
    cleaned = Cleaned(text)
    try:
        record, errors = basic_parse(cleaned.text, base, all_errors=all_errors)
    except Failure as error:
        raise failure(text, error.name, cleaned.index(error.index)) from None
    return record, cleaned.errors + [(name, cleaned.index(pointer)) for name, pointer in errors]


def origin(url: URLRecord) -> str:
    """The serialization of ``url``'s origin (§4.7; HTML's "serialization of an origin"):
    ``scheme://host[:port]`` for a tuple origin, ``"null"`` for an opaque one.  A "blob"
    URL has the origin of the URL its path parses to when that is "http", "https" or
    "file" (no blob URL entry is resolved here); "file" has an opaque origin ("when in
    doubt, return a new opaque origin")."""
    if url.scheme == "blob":
        try:
            path_url, _ = basic_parse(Cleaned(path_serialize(url)).text, None, all_errors=False)
        except Failure:
            return "null"
        return origin(path_url) if path_url.scheme in ("http", "https", "file") else "null"
    if url.scheme in SPECIAL_SCHEMES and url.scheme != "file" and url.host is not None:
        port = "" if url.port is None else f":{url.port}"
        return f"{url.scheme}://{host_serialize(url.host)}{port}"
    return "null"


class URL:
    """A URL as the URL Standard parses it: ``urikit._whatwg.parse(text)``.

    Immutable; equal when the serializations are (§4.6 URL equivalence).  ``record`` is
    a copy of the URL record (scheme, username, password, host, port, path, query,
    fragment).
    """

    __slots__ = ("_href", "_record")

    def __init__(self, record: URLRecord) -> None:
        self._record = record
        self._href = serialize(record)

    @property
    def record(self) -> URLRecord:
        """A copy of the URL record."""
        return self._record.copy()

    def replace(self, **changes: str) -> URL:
        """A copy with the URL class's setters (§6.1) applied, in the order given:
        ``url.replace(hostname="example.org", port="8080")``.  A setter the Standard
        lets do nothing changes nothing; ``href`` parses anew (its failure raises
        :class:`urikit.URISyntaxError`).

        >>> from urikit._whatwg import parse
        >>> parse("http://h/p?q").replace(protocol="https", search="", hash="top").href
        'https://h/p#top'
        >>> parse("mailto:a@b").replace(host="x").href
        'mailto:a@b'
        """
        record = self._record.copy()
        for name, value in changes.items():
            setter = SETTERS.get(name)
            if setter is None:
                raise TypeError(f"no setter {name!r}: one of {', '.join(SETTERS)}")
            if not isinstance(value, str):
                raise TypeError(f"the {name} must be a str, not {type(value).__name__}")
            record = setter(record, value)
        return URL(record)

    def serialize(self, exclude_fragment: bool = False) -> str:
        """§4.5 URL serializer, the fragment left out on request."""
        return self._href if not exclude_fragment else serialize(self._record, True)

    @property
    def href(self) -> str:
        return self._href

    @property
    def origin(self) -> str:
        return origin(self._record)

    @property
    def protocol(self) -> str:
        return self._record.scheme + ":"

    @property
    def username(self) -> str:
        return self._record.username

    @property
    def password(self) -> str:
        return self._record.password

    @property
    def host(self) -> str:
        record = self._record
        if record.host is None:
            return ""
        port = "" if record.port is None else f":{record.port}"
        return host_serialize(record.host) + port

    @property
    def hostname(self) -> str:
        return "" if self._record.host is None else host_serialize(self._record.host)

    @property
    def port(self) -> str:
        return "" if self._record.port is None else str(self._record.port)

    @property
    def pathname(self) -> str:
        return path_serialize(self._record)

    @property
    def search(self) -> str:
        query = self._record.query
        return "" if not query else "?" + query

    @property
    def search_params(self) -> URLSearchParams:
        """A new URLSearchParams read from the query (``searchParams``, §6.1); write
        one back with ``url.replace(search=str(params))``."""
        return URLSearchParams(self._record.query or "")

    @property
    def hash(self) -> str:
        fragment = self._record.fragment
        return "" if not fragment else "#" + fragment

    def __str__(self) -> str:
        return self._href

    def __repr__(self) -> str:
        return f"URL({self._href!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, URL) and other._href == self._href

    def __hash__(self) -> int:
        return hash(self._href)
