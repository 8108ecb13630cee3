"""The URL record (WHATWG URL §4.1), the special schemes and their default ports (§4.2),
and the URL serializer and URL path serializer (§4.5).
"""

from __future__ import annotations

from .host import Host, host_serialize

__all__ = [
    "SPECIAL_SCHEMES",
    "URLRecord",
    "path_serialize",
    "serialize",
]

#: §4.2: each special scheme and its default port (``None``: "file" has none).
SPECIAL_SCHEMES: dict[str, int | None] = {
    "ftp": 21,
    "file": None,
    "http": 80,
    "https": 443,
    "ws": 80,
    "wss": 443,
}


class URLRecord:
    """A URL record (§4.1): ``path`` is a list of segments, or a ``str`` for an opaque
    path; ``host`` is ``None`` (null) or a host; ``port`` ``None`` or 0-65535; ``query``
    and ``fragment`` ``None`` (null) or a string.  Mutable while the parser builds it."""

    __slots__ = ("fragment", "host", "password", "path", "port", "query", "scheme", "username")

    def __init__(self) -> None:
        self.scheme = ""
        self.username = ""
        self.password = ""
        self.host: Host | None = None
        self.port: int | None = None
        self.path: list[str] | str = []
        self.query: str | None = None
        self.fragment: str | None = None

    @property
    def special(self) -> bool:
        """§4.2 "is special": the scheme is a special scheme."""
        return self.scheme in SPECIAL_SCHEMES

    @property
    def includes_credentials(self) -> bool:
        """§4.2: the username or the password is not the empty string."""
        return self.username != "" or self.password != ""

    def copy(self) -> URLRecord:
        """A copy whose path list is a clone (the record's strings are immutable)."""
        twin = URLRecord()
        for name in self.__slots__:
            setattr(twin, name, getattr(self, name))
        if isinstance(self.path, list):
            twin.path = list(self.path)
        return twin


def path_serialize(url: URLRecord) -> str:
    """§4.5 URL path serializer: an opaque path as it is, else "/" before each segment."""
    if isinstance(url.path, str):
        return url.path
    return "".join("/" + segment for segment in url.path)


def serialize(url: URLRecord, exclude_fragment: bool = False) -> str:
    """§4.5 URL serializer."""
    output = [url.scheme, ":"]
    if url.host is not None:
        output.append("//")
        if url.includes_credentials:
            output.append(url.username)
            if url.password != "":
                output += [":", url.password]
            output.append("@")
        output.append(host_serialize(url.host))
        if url.port is not None:
            output += [":", str(url.port)]
    elif isinstance(url.path, list) and len(url.path) > 1 and url.path[0] == "":
        output.append("/.")  # so that the path's "//" is not read as an authority
    output.append(path_serialize(url))
    if url.query is not None:
        output += ["?", url.query]
    if not exclude_fragment and url.fragment is not None:
        output += ["#", url.fragment]
    return "".join(output)
