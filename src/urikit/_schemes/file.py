"""``file:`` URIs and file paths (RFC 8089), in a POSIX or a Windows flavor.

A file URI is read by urikit's parser first (RFC 3986, rule ``URI``), so a text that is
no URI fails there with its position; what RFC 8089 adds is checked here, each error at
the first character that cannot belong.  The Windows flavor also reads the nonstandard
forms of RFC 8089 Appendix E that name a Windows path: drive letters (E.2, ``file:c:/x``,
``file:///c:/x``), the vertical line in place of the drive's colon (E.2.2,
``file:///c|/x``), and UNC strings, both with the host as the authority (E.3.1,
``file://server/share/f``) and in the path (E.3.2, ``file:////server/share/f``).  The
POSIX flavor reads RFC 8089 §2 only: a drive letter is a path segment like any other,
and a host other than ``localhost`` is an error (§3: only a local file URI maps to a
local path; POSIX has no form for another machine's file).

The flavor is explicit, ``"posix"`` by default, never ``os.name``: the same URI gives
the same path on every machine, and a program that wants the local form says so.

Paths are not normalized (no ``.`` or ``..`` removed, no case changed): a path goes to a
URI and back unchanged.  Segments and a UNC host are percent-decoded as UTF-8 (RFC 8089
§4); an encoded separator (``%2F`` or ``%2f``, and ``%5C`` or ``%5c`` on Windows) or NUL
has no place in a file name or a host and is an error, as is a query (RFC 8089 §2 has
none).  A fragment names a part of the file, not the file, and is left aside.
"""

from __future__ import annotations

import re
from typing import Literal

from .._algorithms.percent import quote, require_str, unquote
from .._reference import URIReference, parse
from ..errors import ErrorKind, URISyntaxError

__all__ = ["FLAVORS", "Flavor", "file_uri_to_path", "path_to_file_uri"]

Flavor = Literal["posix", "windows"]
FLAVORS: tuple[Flavor, ...] = ("posix", "windows")

#: RFC 8089 Appendix E.2.2: ``drive-letter = ALPHA ":" / ALPHA "|"``, where the drive
#: letter opens the path: ``file-absolute = "/" drive-letter path-absolute`` after an
#: authority (or none), or ``local-path = drive-letter path-absolute``.
_PIPE_DRIVE = re.compile(r"file:(?://[^/?#]*/|/)?[A-Za-z](\|)/", re.IGNORECASE)
#: Appendix E.2: a drive letter as the path's first segment (``/c:`` or ``c:``).
_DRIVE = re.compile(r"/?[A-Za-z]:")
#: Appendix E.3.2: ``unc-authority = 2*3"/" file-host``, after an empty authority.
_UNC_IN_PATH = re.compile(r"//(/?)(?=[^/])")
#: Escapes of octets no file name holds: the separator, NUL (and "\\" on Windows).
_POSIX_FORBIDDEN = re.compile("%(?:2[Ff]|00)")
_WINDOWS_FORBIDDEN = re.compile("%(?:2[Ff]|5[Cc]|00)")
#: A Windows path with a drive letter, after "\\" became "/".
_WINDOWS_DRIVE = re.compile("[A-Za-z]:")
_RULE = "file-URI"


def _is_windows(flavor: object) -> bool:
    if flavor == "windows":
        return True
    if flavor == "posix":
        return False
    require_str(flavor, "flavor")
    raise ValueError(f"unknown flavor {flavor!r}; expected one of {', '.join(FLAVORS)}")


def _error(
    text: str, position: int, kind: ErrorKind, reason: str, rule: str = _RULE
) -> URISyntaxError:
    return URISyntaxError(text, position, kind, reason, rule=rule)


# -- file URI -> path ------------------------------------------------------------------------
def file_uri_to_path(uri: str, *, flavor: Flavor = "posix") -> str:
    r"""The file path a ``file:`` URI names (RFC 8089), of the POSIX or Windows flavor.

    A URI that is not a URI, of another scheme, with a query, with a host other than
    ``localhost`` under ``flavor="posix"``, or whose path the flavor cannot hold raises
    :class:`URISyntaxError` at the first character at fault; a non-str, ``TypeError``.

    >>> file_uri_to_path("file:///etc/hosts"), file_uri_to_path("file://localhost/a%20b")
    ('/etc/hosts', '/a b')
    >>> file_uri_to_path("file:///C:/Program%20Files/x", flavor="windows")
    'C:\\Program Files\\x'
    >>> file_uri_to_path("file://server/share/f.txt", flavor="windows")
    '\\\\server\\share\\f.txt'
    """
    require_str(uri, "the file URI")
    windows = _is_windows(flavor)
    text = uri
    if windows and "|" in uri:  # Appendix E.2.2: "|" for the drive's ":"
        pipe = _PIPE_DRIVE.match(uri)
        if pipe is not None:
            text = uri[: pipe.start(1)] + ":" + uri[pipe.end(1) :]
    try:
        ref = parse(text, rule="URI")
    except URISyntaxError as error:
        if text is uri:
            raise
        raise URISyntaxError(
            uri, error.position, error.kind, error.reason, rule=error.rule, grammar=error.grammar
        ) from None
    scheme = ref.scheme or ""
    if scheme.lower() != "file":
        raise _error(
            uri,
            0,
            ErrorKind.WRONG_SCHEME,
            f"a file URI has the scheme 'file', not {scheme!r} (RFC 8089 §2)",
        )
    start = len(scheme) + 1 + (0 if ref.authority is None else 2 + len(ref.authority))
    if ref.query is not None:
        raise _error(
            uri,
            start + len(ref.path),
            ErrorKind.UNEXPECTED_CHARACTER,
            "a file URI has no query (RFC 8089 §2 file-URI): encode '?' as %3F",
        )
    server = _server(uri, ref, windows)
    path = ref.path
    if server is not None:  # Appendix E.3.1: the UNC host as the authority
        return _unc(uri, server, path, start)
    if not path.startswith("/"):
        if windows and _DRIVE.match(path):  # Appendix E.2: file:c:/x
            return _drive(uri, path, start)
        raise _error(
            uri,
            start,
            ErrorKind.INVALID_FILE_PATH,
            "the path of a file URI is absolute (RFC 8089 §2 path-absolute)"
            + (
                "; a drive letter (Appendix E.2) only with flavor='windows'"
                if _DRIVE.match(path)
                else ""
            ),
        )
    if not windows:
        return "/".join(_names(uri, path, start, _POSIX_FORBIDDEN))
    if ref.authority == "" and (unc := _UNC_IN_PATH.match(path)) is not None:
        # Appendix E.3.2: file:////server/share/f and file://///server/share/f
        end = path.find("/", unc.end())
        if end < 0:
            end = len(path)
        host = _name(uri, path[unc.end() : end], start + unc.end(), _WINDOWS_FORBIDDEN)
        return _unc(uri, host, path[end:], start + end)
    if path.startswith("//"):
        raise _error(
            uri,
            start,
            ErrorKind.INVALID_FILE_PATH,
            "a UNC path is 2 or 3 slashes and a host (RFC 8089 Appendix E.3.2 unc-authority)",
        )
    if _DRIVE.match(path):
        return _drive(uri, path, start)
    return "\\".join(_names(uri, path, start, _WINDOWS_FORBIDDEN))


def _server(uri: str, ref: URIReference, windows: bool) -> str | None:
    """The host of a non-local file URI (decoded), or ``None`` for a local one (RFC 8089
    §2: no authority, an empty one, or ``localhost``)."""
    authority = ref.authority
    if authority is None:
        return None
    at = len(ref.scheme or "") + 3  # "file://"
    if ref.userinfo is not None:
        raise _error(
            uri,
            at,
            ErrorKind.INVALID_HOST,
            "a file URI's authority is a host (RFC 8089 §2 file-auth); user information "
            "(Appendix E.1) has no place in a path",
        )
    if ref.port is not None:
        raise _error(
            uri,
            at + len(authority) - len(ref.port) - 1,
            ErrorKind.INVALID_HOST,
            "a file URI's authority is a host without a port (RFC 8089 §2 file-auth)",
        )
    host = ref.host or ""
    if host == "" or host.lower() == "localhost":
        return None
    if not windows:
        raise _error(
            uri,
            at,
            ErrorKind.NON_LOCAL_HOST,
            f"the host {host!r} is another machine: a POSIX path names local files only "
            "(RFC 8089 §3); flavor='windows' reads it as a UNC path (Appendix E.3)",
        )
    if host.startswith("["):
        raise _error(
            uri,
            at,
            ErrorKind.INVALID_HOST,
            "an IP literal has no UNC form (RFC 8089 Appendix E.3)",
        )
    return _name(uri, host, at, _WINDOWS_FORBIDDEN)


def _names(uri: str, path: str, start: int, forbidden: re.Pattern[str]) -> list[str]:
    """The decoded segments of ``path`` (at ``start`` in ``uri``): the names of a file
    path."""
    names = []
    offset = start
    for segment in path.split("/"):
        names.append(_name(uri, segment, offset, forbidden))
        offset += len(segment) + 1
    return names


def _name(uri: str, text: str, start: int, forbidden: re.Pattern[str]) -> str:
    """One name of a file path, a segment or a UNC host (at ``start`` in ``uri``),
    decoded, refusing the escape of a separator or NUL: decoded, it would split the name
    (``file://a%2Fb/s`` is no host ``a/b``) or end it."""
    if "%" not in text:
        return text
    bad = forbidden.search(text)
    if bad is not None:
        raise _error(
            uri,
            start + bad.start(),
            ErrorKind.INVALID_FILE_PATH,
            f"{bad.group()} encodes a separator or NUL, which no file name holds",
        )
    try:  # RFC 8089 §4: UTF-8
        return unquote(text)
    except URISyntaxError as error:
        raise _error(uri, start + error.position, error.kind, error.reason) from None


def _drive(uri: str, path: str, start: int) -> str:
    """A Windows path with a drive letter: ``/c:/x`` or ``c:/x`` (Appendix E.2)."""
    slash = path.find("/", 1)
    drive_end = 3 if path.startswith("/") else 2
    if slash != drive_end:
        raise _error(
            uri,
            start + drive_end,
            ErrorKind.INVALID_FILE_PATH,
            "a drive letter is followed by '/' (RFC 8089 Appendix E.2 drive-letter "
            "path-absolute; E.2.1: '/c:bar' is no absolute path)",
        )
    names = _names(uri, path[slash:], start + slash, _WINDOWS_FORBIDDEN)
    return path[drive_end - 2 : drive_end] + "\\".join(names)


def _unc(uri: str, server: str, path: str, start: int) -> str:
    """``\\\\server\\share\\...`` from the host and the path after it (Appendix E.3)."""
    names = _names(uri, path, start, _WINDOWS_FORBIDDEN)
    if len(names) < 2 or not names[1]:
        raise _error(
            uri,
            start + min(1, len(path)),
            ErrorKind.INVALID_FILE_PATH,
            "a UNC path names a share after its host (RFC 8089 Appendix E.3; MS-DTYP §2.2.57)",
        )
    return "\\\\" + server + "\\".join(names)


# -- path -> file URI ------------------------------------------------------------------------
def path_to_file_uri(path: str, *, flavor: Flavor = "posix") -> str:
    r"""The ``file:`` URI of an absolute file path (RFC 8089 §2), of the POSIX or Windows
    flavor: ``file://`` and the path's names percent-encoded as UTF-8 (§4, RFC 3986
    §2.1), a Windows drive letter as the first segment (Appendix E.2), a UNC path's host
    as the authority (E.3.1).

    A relative path (a Windows drive-relative ``c:x`` too), a NUL, a UNC path without
    host or share raise :class:`URISyntaxError` at the character at fault (``rule`` is
    ``"path"``); a non-str, ``TypeError``.

    >>> path_to_file_uri("/tmp/a b#c")
    'file:///tmp/a%20b%23c'
    >>> path_to_file_uri("C:\\dir\\file.txt", flavor="windows")
    'file:///C:/dir/file.txt'
    >>> path_to_file_uri("\\\\nas\\My Docs\\File.doc", flavor="windows")
    'file://nas/My%20Docs/File.doc'
    """
    require_str(path, "the path")
    windows = _is_windows(flavor)
    nul = path.find("\0")
    if nul >= 0:
        raise _error(path, nul, ErrorKind.INVALID_FILE_PATH, "no file path holds NUL", "path")
    if not windows:
        if not path.startswith("/"):
            raise _relative(path, 0)
        return "file://" + _quoted(path, path, 0)
    text = path.replace("\\", "/")
    offset = 0
    if text.startswith(("//?/", "//./")):  # Win32 file namespace (RFC 8089 Appendix C)
        offset = 4
        if text[4:8].upper() == "UNC/":  # //?/UNC/server/share: the server at 8
            offset = 6
            text = "//" + text[8:]
        else:
            text = text[4:]
    if text.startswith("//"):  # a UNC path (Appendix E.3.1)
        end = text.find("/", 2)
        end = len(text) if end < 0 else end
        if end == 2:
            raise _unc_error(path, offset + 2, "host")
        share_end = text.find("/", end + 1)
        share_end = len(text) if share_end < 0 else share_end
        if share_end <= end + 1:
            raise _unc_error(path, offset + min(end + 1, len(text)), "share")
        host = _quoted(path, text[2:end], offset + 2, component="host")
        return "file://" + host + _quoted(path, text[end:], offset + end)
    if _WINDOWS_DRIVE.match(text):
        if text[2:3] != "/":
            raise _relative(path, offset + 2)
        return "file:///" + text[:2] + _quoted(path, text[2:], offset + 2)
    if text.startswith("/"):  # rooted on the current drive
        return "file://" + _quoted(path, text, offset)
    raise _relative(path, offset)


def _quoted(path: str, text: str, offset: int, component: str = "path") -> str:
    """``text`` (at ``offset`` in ``path``) percent-encoded as UTF-8 for ``component``."""
    try:
        return quote(text, component=component)
    except URISyntaxError as error:
        raise _error(path, offset + error.position, error.kind, error.reason, "path") from None


def _relative(path: str, position: int) -> URISyntaxError:
    return _error(
        path,
        position,
        ErrorKind.INVALID_FILE_PATH,
        "a file URI names an absolute path (RFC 8089 §2 path-absolute): make it absolute "
        "first (os.path.abspath)",
        "path",
    )


def _unc_error(path: str, position: int, what: str) -> URISyntaxError:
    return _error(
        path,
        position,
        ErrorKind.INVALID_FILE_PATH,
        f"a UNC path names a {what} (\\\\host\\share\\...: MS-DTYP §2.2.57; RFC 8089 "
        "Appendix E.3.1)",
        "path",
    )
