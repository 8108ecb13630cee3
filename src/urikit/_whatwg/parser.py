"""The basic URL parser (WHATWG URL §4.4) without encoding: its entry, and the states
where a URL starts (scheme start, scheme, no scheme, the relative and special-authority
states, file and file slash).  The states of the authority are in :mod:`.authority`,
those of the path, query and fragment in :mod:`.tail`; the machinery in
:mod:`.machine`.  The input is already cleaned (:mod:`.positions`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .authority import authority_state, file_host_state, host_state, port_state
from .machine import NORMALIZED_WINDOWS_DRIVE_LETTER, Failure, Machine, Return
from .record import SPECIAL_SCHEMES, URLRecord
from .tail import fragment_state, opaque_path_state, path_start_state, path_state, query_state

__all__ = ["OVERRIDES", "Failure", "basic_parse"]

_SCHEME_RUN = re.compile(r"[A-Za-z0-9+\-.]*")
#: "starts with a Windows drive letter" (§4.2), on the first three code points.
_STARTS_WITH_DRIVE_LETTER = re.compile(r"[A-Za-z][:|](?:[/\\?#]|\Z)")


def basic_parse(
    text: str,
    base: URLRecord | None,
    *,
    url: URLRecord | None = None,
    override: str | None = None,
    all_errors: bool = True,
) -> tuple[URLRecord, list[tuple[str, int]]]:
    """Run the basic URL parser on ``text`` (cleaned) with ``base``: the URL record and
    the validation errors recorded, or :class:`Failure`.  With ``url`` and
    ``override`` (a name of :data:`OVERRIDES`) it changes ``url`` as the URL class's
    setters do, and returns it even where a step returns failure after changing it (the
    failure is raised all the same).  Without ``all_errors`` the non-fatal errors may
    go unrecorded (the record is the same)."""
    state = scheme_start_state if override is None else OVERRIDES[override]
    machine = Machine(text, base, url or URLRecord(), state, override, all_errors)
    return machine.run(), machine.errors


def scheme_start_state(m: Machine) -> None:
    c = m.c
    if c is not None and c.isascii() and c.isalpha():
        m.buffer += c.lower()
        m.state = scheme_state
    elif m.override is None:
        m.state = no_scheme_state
        m.pointer -= 1
    else:
        raise Failure("", m.pointer)


def scheme_state(m: Machine) -> None:
    run_end = _SCHEME_RUN.match(m.input, m.pointer).end()  # type: ignore[union-attr]
    m.buffer += m.input[m.pointer : run_end].lower()
    m.pointer = run_end
    url = m.url
    if m.c != ":":
        if m.override is not None:
            raise Failure("", m.pointer)
        m.buffer = ""
        m.state = no_scheme_state
        m.pointer = -1  # start over, from the first code point
        return
    if m.override is not None:
        special = m.buffer in SPECIAL_SCHEMES
        if url.special != special:
            raise Return
        if (url.includes_credentials or url.port is not None) and m.buffer == "file":
            raise Return
        if url.scheme == "file" and url.host == "":
            raise Return
    url.scheme = m.buffer
    if m.override is not None:
        if url.port == SPECIAL_SCHEMES.get(url.scheme):
            url.port = None
        raise Return
    m.buffer = ""
    if url.scheme == "file":
        if not m.remaining_starts_with("//"):
            m.error("special-scheme-missing-following-solidus")
        m.state = file_state
    elif url.special and m.base is not None and m.base.scheme == url.scheme:
        m.state = special_relative_or_authority_state
    elif url.special:
        m.state = special_authority_slashes_state
    elif m.remaining_starts_with("/"):
        m.state = path_or_authority_state
        m.pointer += 1
    else:
        url.path = ""
        m.state = opaque_path_state


def no_scheme_state(m: Machine) -> None:
    base, c = m.base, m.c
    if base is None or (isinstance(base.path, str) and c != "#"):
        raise m.fail("missing-scheme-non-relative-URL")
    if isinstance(base.path, str):
        m.copy_from_base("scheme", "path", "query")
        m.url.fragment = ""
        m.state = fragment_state
    else:
        m.state = relative_state if base.scheme != "file" else file_state
        m.pointer -= 1


def special_relative_or_authority_state(m: Machine) -> None:
    if m.c == "/" and m.remaining_starts_with("/"):
        m.state = special_authority_ignore_slashes_state
        m.pointer += 1
    else:
        m.error("special-scheme-missing-following-solidus")
        m.state = relative_state
        m.pointer -= 1


def path_or_authority_state(m: Machine) -> None:
    if m.c == "/":
        m.state = authority_state
    else:
        m.state = path_state
        m.pointer -= 1


def relative_state(m: Machine) -> None:
    c, url = m.c, m.url
    assert m.base is not None
    url.scheme = m.base.scheme
    if c == "/":
        m.state = relative_slash_state
    elif url.special and c == "\\":
        m.error("invalid-reverse-solidus")
        m.state = relative_slash_state
    else:
        m.copy_from_base("username", "password", "host", "port", "path", "query")
        if c == "?":
            url.query = ""
            m.state = query_state
        elif c == "#":
            url.fragment = ""
            m.state = fragment_state
        elif c is not None:
            url.query = None
            m.shorten()
            m.state = path_state
            m.pointer -= 1


def relative_slash_state(m: Machine) -> None:
    c = m.c
    if m.url.special and c in ("/", "\\"):
        if c == "\\":
            m.error("invalid-reverse-solidus")
        m.state = special_authority_ignore_slashes_state
    elif c == "/":
        m.state = authority_state
    else:
        m.copy_from_base("username", "password", "host", "port")
        m.state = path_state
        m.pointer -= 1


def special_authority_slashes_state(m: Machine) -> None:
    if m.c == "/" and m.remaining_starts_with("/"):
        m.state = special_authority_ignore_slashes_state
        m.pointer += 1
    else:
        m.error("special-scheme-missing-following-solidus")
        m.state = special_authority_ignore_slashes_state
        m.pointer -= 1


def special_authority_ignore_slashes_state(m: Machine) -> None:
    if m.c not in ("/", "\\"):
        m.state = authority_state
        m.pointer -= 1
    else:
        m.error("special-scheme-missing-following-solidus")


def file_state(m: Machine) -> None:
    c, url, base = m.c, m.url, m.base
    url.scheme = "file"
    url.host = ""
    if c in ("/", "\\"):
        if c == "\\":
            m.error("invalid-reverse-solidus")
        m.state = file_slash_state
    elif base is not None and base.scheme == "file":
        m.copy_from_base("host", "path", "query")
        if c == "?":
            url.query = ""
            m.state = query_state
        elif c == "#":
            url.fragment = ""
            m.state = fragment_state
        elif c is not None:
            url.query = None
            if not _STARTS_WITH_DRIVE_LETTER.match(m.input[m.pointer : m.pointer + 3]):
                m.shorten()
            else:
                m.error("file-invalid-Windows-drive-letter")
                url.path = []
            m.state = path_state
            m.pointer -= 1
    else:
        m.state = path_state
        m.pointer -= 1


def file_slash_state(m: Machine) -> None:
    c, base, path = m.c, m.base, m.url.path
    if c in ("/", "\\"):
        if c == "\\":
            m.error("invalid-reverse-solidus")
        m.state = file_host_state
        return
    if base is not None and base.scheme == "file":
        m.url.host = base.host
        if (
            not _STARTS_WITH_DRIVE_LETTER.match(m.input[m.pointer : m.pointer + 3])
            and isinstance(base.path, list)
            and base.path
            and NORMALIZED_WINDOWS_DRIVE_LETTER.match(base.path[0])
        ):
            assert isinstance(path, list)
            path.append(base.path[0])
    m.state = path_state
    m.pointer -= 1


#: The state overrides the URL class's setters pass (§6.1), by the Standard's names.
OVERRIDES: dict[str, Callable[[Machine], None]] = {
    "scheme start": scheme_start_state,
    "host": host_state,
    "hostname": host_state,
    "port": port_state,
    "path start": path_start_state,
    "query": query_state,
    "fragment": fragment_state,
}
