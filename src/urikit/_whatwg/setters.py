"""The setters of the URL Standard's URL class (WHATWG URL §6.1: href, protocol,
username, password, host, hostname, port, pathname, search, hash), each on a copy of a
URL record: the basic URL parser with the record and a state override, where the
Standard's setter steps call it.  A setter that the Standard lets do nothing leaves the
copy as it was; one whose parse returns failure keeps what the parse changed before it
failed (``host = "example.com:65536"`` sets the host and leaves the port).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from .encode import USERINFO, utf8_percent_encode
from .errors import failure
from .parser import Failure, basic_parse
from .positions import Cleaned, scalar
from .record import URLRecord

__all__ = ["SETTERS"]


def _parse(url: URLRecord, value: str, override: str) -> None:
    """Basic URL parse ``value`` with ``url`` and ``override`` (no C0 control or space
    is stripped: a URL is given), keeping what it changed if it fails."""
    text = Cleaned(value, strip=False).text
    with contextlib.suppress(Failure):  # the record keeps what the parse changed
        basic_parse(text, None, url=url, override=override, all_errors=False)


def _cannot_have_username_password_port(url: URLRecord) -> bool:
    """§4.2: the host is null or empty, or the scheme is "file"."""
    return url.host is None or url.host == "" or url.scheme == "file"


def set_href(url: URLRecord, value: str) -> URLRecord:
    """The href setter: the basic URL parser on the value; its failure raises (the
    URL class throws a TypeError; here :class:`urikit.URISyntaxError`)."""
    cleaned = Cleaned(value)
    try:
        return basic_parse(cleaned.text, None, all_errors=False)[0]
    except Failure as error:
        raise failure(value, error.name, cleaned.index(error.index)) from None


def set_protocol(url: URLRecord, value: str) -> URLRecord:
    _parse(url, value + ":", "scheme start")
    return url


def set_username(url: URLRecord, value: str) -> URLRecord:
    if not _cannot_have_username_password_port(url):
        url.username = utf8_percent_encode(scalar(value), USERINFO)
    return url


def set_password(url: URLRecord, value: str) -> URLRecord:
    if not _cannot_have_username_password_port(url):
        url.password = utf8_percent_encode(scalar(value), USERINFO)
    return url


def set_host(url: URLRecord, value: str) -> URLRecord:
    if not isinstance(url.path, str):
        _parse(url, value, "host")
    return url


def set_hostname(url: URLRecord, value: str) -> URLRecord:
    if not isinstance(url.path, str):
        _parse(url, value, "hostname")
    return url


def set_port(url: URLRecord, value: str) -> URLRecord:
    if _cannot_have_username_password_port(url):
        return url
    if value == "":
        url.port = None
    else:
        _parse(url, value, "port")
    return url


def set_pathname(url: URLRecord, value: str) -> URLRecord:
    if not isinstance(url.path, str):
        url.path = []
        _parse(url, value, "path start")
    return url


def set_search(url: URLRecord, value: str) -> URLRecord:
    if value == "":
        url.query = None
        return url
    url.query = ""
    _parse(url, value[1:] if value.startswith("?") else value, "query")
    return url


def set_hash(url: URLRecord, value: str) -> URLRecord:
    if value == "":
        url.fragment = None
        return url
    url.fragment = ""
    _parse(url, value[1:] if value.startswith("#") else value, "fragment")
    return url


#: Each setter by the name of its attribute: (a copy of the record, the value) -> record.
SETTERS: dict[str, Callable[[URLRecord, str], URLRecord]] = {
    "href": set_href,
    "protocol": set_protocol,
    "username": set_username,
    "password": set_password,
    "host": set_host,
    "hostname": set_hostname,
    "port": set_port,
    "pathname": set_pathname,
    "search": set_search,
    "hash": set_hash,
}
