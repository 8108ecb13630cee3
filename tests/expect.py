"""Shared helpers of the grammar tables: the expected components of a reference."""

from __future__ import annotations

from typing import Any

from urikit import ErrorKind, URIReference

R3 = "rfc3986"
R2 = "rfc2396"

CHAR = ErrorKind.INVALID_CHARACTER
NONASCII = ErrorKind.NON_ASCII
UNEXP = ErrorKind.UNEXPECTED_CHARACTER
PCT = ErrorKind.INVALID_PERCENT_ENCODING
SCHEME = ErrorKind.INVALID_SCHEME
MISSING = ErrorKind.MISSING_SCHEME
COLON = ErrorKind.COLON_IN_FIRST_SEGMENT
FRAG = ErrorKind.FRAGMENT_NOT_ALLOWED
PORT = ErrorKind.INVALID_PORT
IPLIT = ErrorKind.INVALID_IP_LITERAL
HOST = ErrorKind.INVALID_HOST
EMPTY_SSP = ErrorKind.EMPTY_SCHEME_SPECIFIC_PART


def parts(
    scheme: str | None = None,
    authority: str | None = None,
    userinfo: str | None = None,
    host: str | None = None,
    port: str | None = None,
    path: str = "",
    query: str | None = None,
    fragment: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """All eight components (absent ones None), plus extra attributes to check
    (``host_type``, ``is_opaque``)."""
    return {
        "scheme": scheme,
        "authority": authority,
        "userinfo": userinfo,
        "host": host,
        "port": port,
        "path": path,
        "query": query,
        "fragment": fragment,
        **extra,
    }


def server(
    scheme: str | None,
    host: str,
    path: str = "",
    *,
    userinfo: str | None = None,
    port: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """Components of a reference with a server-style authority (userinfo@host:port)."""
    authority = ("" if userinfo is None else userinfo + "@") + host
    authority += "" if port is None else ":" + port
    return parts(scheme, authority, userinfo, host, port, path, **extra)


def registry(scheme: str | None, authority: str, path: str = "", **extra: Any) -> dict[str, Any]:
    """RFC 2396 §3.2.1 registry-based authority: no userinfo, host or port."""
    return parts(scheme, authority, None, None, None, path, **extra)


def assert_authority_recomposes(ref: URIReference) -> None:
    """RFC 3986 §3.2: ``[ userinfo "@" ] host [ ":" port ]`` gives the authority back, and
    the host is one of the four host rules; no authority, no parts of one."""
    if ref.authority is None:
        assert ref.userinfo is ref.host is ref.port is None
        return
    assert ref.host is not None
    rebuilt = (
        ("" if ref.userinfo is None else ref.userinfo + "@")
        + ref.host
        + ("" if ref.port is None else ":" + ref.port)
    )
    assert rebuilt == ref.authority
    assert ref.host_type in ("ipv6", "ipvfuture", "ipv4", "reg-name")
