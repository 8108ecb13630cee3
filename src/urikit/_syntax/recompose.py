"""Putting components back together (RFC 3986 §5.3), and the one rule that says what a
path may begin with, given what precedes it (RFC 3986 §3.3, §4.2).

Every algorithm that makes a reference from parts (resolution, normalization,
composition, ``replace``) recomposes here, and either repairs the path so that it reads
back as a path (:func:`fit_path`) or reports why it cannot stand (:func:`path_problem`).
"""

from __future__ import annotations

from ..errors import ErrorKind

__all__ = ["fit_path", "path_problem", "recompose", "recompose_authority"]


def recompose(
    scheme: str | None, authority: str | None, path: str, query: str | None, fragment: str | None
) -> str:
    """RFC 3986 §5.3 Component Recomposition: each defined component with its delimiter
    (RFC 2396 §5.2 step 7 is the same)."""
    return (
        ("" if scheme is None else scheme + ":")
        + ("" if authority is None else "//" + authority)
        + path
        + ("" if query is None else "?" + query)
        + ("" if fragment is None else "#" + fragment)
    )


def recompose_authority(userinfo: str | None, host: str, port: str | None) -> str:
    """RFC 3986 §3.2 ``authority = [ userinfo "@" ] host [ ":" port ]``."""
    head = "" if userinfo is None else userinfo + "@"
    return head + host + ("" if port is None else ":" + port)


def path_problem(
    has_scheme: bool, has_authority: bool, path: str
) -> tuple[int, ErrorKind, str] | None:
    """Why ``path`` cannot follow what precedes it, with the index in ``path`` to blame;
    ``None`` when it can.  RFC 3986 §3.3: after an authority a path is empty or begins
    with "/", and without one it cannot begin with "//" (it would read as an authority);
    §4.2: the first segment of a relative-path reference holds no ":" (it would read as
    a scheme)."""
    if has_authority:
        if path and path[0] != "/":
            return (
                0,
                ErrorKind.INVALID_PATH,
                ("with an authority, the path must be empty or begin with '/' (RFC 3986 §3.3)"),
            )
        return None
    if path[:2] == "//":
        return (
            0,
            ErrorKind.INVALID_PATH,
            ("without an authority, the path cannot begin with '//' (RFC 3986 §3.3)"),
        )
    if not has_scheme:
        first = path.partition("/")[0]
        if ":" in first:
            return (
                first.index(":"),
                ErrorKind.COLON_IN_FIRST_SEGMENT,
                (
                    "':' in the first segment of a relative path would read as a scheme; "
                    "write './' before it (RFC 3986 §4.2)"
                ),
            )
    return None


def fit_path(has_scheme: bool, has_authority: bool, path: str) -> str:
    """``path``, made to stand where :func:`path_problem` says it cannot, without
    changing what it means: "/" before it after an authority (RFC 3986 §3.3), "/."
    before a "//" without one (what WHATWG URL serializers write; it resolves to the
    same path, §5.2.4), "./" before a first segment that holds ":" (§4.2)."""
    if has_authority:
        return path if not path or path[0] == "/" else "/" + path
    if path[:2] == "//":
        return "/." + path
    if not has_scheme and ":" in path.partition("/")[0]:
        return "./" + path
    return path
