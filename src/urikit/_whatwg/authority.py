"""The states of the basic URL parser (WHATWG URL §4.4) that read a URL's authority:
authority (the credentials), host and hostname, port, and file host.

As in :mod:`.tail`, a run of code points that a state only appends is taken at once.
"""

from __future__ import annotations

import re

from .encode import USERINFO, utf8_percent_encode
from .machine import Failure, Machine, Return, until
from .record import SPECIAL_SCHEMES
from .tail import WINDOWS_DRIVE_LETTER, path_start_state, path_state

__all__ = ["authority_state", "file_host_state", "host_state", "port_state"]

#: The runs each state takes at once: (special URL, other URL).
_AUTHORITY_RUN = (until("@/?#\\"), until("@/?#"))
_HOST_RUN = (until(":[]/?#\\"), until(":[]/?#"))
_FILE_HOST_RUN = until("/\\?#")
_DIGITS = re.compile("[0-9]*")


def authority_state(m: Machine) -> None:
    url, text = m.url, m.input
    run = _AUTHORITY_RUN[not url.special]
    credentials = ([url.username], [url.password])  # appended to at once, at the end
    while True:  # each "@" and the run before it, at once
        run_end = run.match(text, m.pointer).end()  # type: ignore[union-attr]
        m.buffer += text[m.pointer : run_end]
        m.pointer = run_end
        if m.c != "@":
            break
        m.error("invalid-credentials")
        if m.at_sign_seen:
            m.buffer = "%40" + m.buffer
        m.at_sign_seen = True
        buffer = m.buffer
        if not m.password_token_seen and ":" in buffer:
            username, _, buffer = buffer.partition(":")
            credentials[0].append(utf8_percent_encode(username, USERINFO))
            m.password_token_seen = True
        credentials[m.password_token_seen].append(utf8_percent_encode(buffer, USERINFO))
        m.buffer = ""
        m.pointer += 1
    url.username, url.password = map("".join, credentials)
    # the EOF code point, "/", "?", "#", or "\" in a special URL
    if m.at_sign_seen and m.buffer == "":
        raise m.fail("host-missing")
    m.pointer -= len(m.buffer) + 1
    m.buffer = ""
    m.state = host_state


def host_state(m: Machine) -> None:
    """The host state and the hostname state (they differ under a state override)."""
    url, text = m.url, m.input
    if m.override is not None and url.scheme == "file":
        m.pointer -= 1
        m.state = file_host_state
        return
    run = _HOST_RUN[not url.special]
    m.buffer_start = m.pointer  # the authority state leaves the buffer empty
    pieces = []
    inside_brackets = False  # insideBrackets: the parser enters this state once
    while True:  # the code points the state appends to buffer, at once
        run_end = run.match(text, m.pointer).end()  # type: ignore[union-attr]
        pieces.append(text[m.pointer : run_end])
        m.pointer = run_end
        c = m.c
        if c == "[" or c == "]" or (c == ":" and inside_brackets):
            inside_brackets = c == "[" or (c == ":" and inside_brackets)
            pieces.append(c)
            m.pointer += 1
            continue
        break
    m.buffer = "".join(pieces)
    if c == ":":
        if m.buffer == "":
            raise m.fail("host-missing")
        if m.override == "hostname":
            raise Failure("", m.pointer)
        url.host = m.parse_host(not url.special)
        m.buffer = ""
        m.state = port_state
        return
    # the EOF code point, "/", "?", "#", or "\" in a special URL
    if url.special and m.buffer == "":
        raise m.fail("host-missing")
    credentials_or_port = url.includes_credentials or url.port is not None
    if m.override is not None and m.buffer == "" and credentials_or_port:
        raise Failure("", m.pointer)
    url.host = m.parse_host(not url.special)
    m.buffer = ""
    m.state = path_start_state
    m.pointer -= 1
    if m.override is not None:
        raise Return


def port_state(m: Machine) -> None:
    url = m.url
    run_end = _DIGITS.match(m.input, m.pointer).end()  # type: ignore[union-attr]
    m.buffer += m.input[m.pointer : run_end]
    m.pointer = run_end
    c = m.c
    if c is None or c in "/?#" or (url.special and c == "\\") or m.override is not None:
        if m.buffer != "":
            digits = m.buffer.lstrip("0")  # bounded before int() reads it
            port = int(digits or "0") if len(digits) <= 5 else 1 << 16
            if port > 0xFFFF:
                raise m.fail("port-out-of-range")
            url.port = None if port == SPECIAL_SCHEMES.get(url.scheme) else port
            m.buffer = ""
            if m.override is not None:
                raise Return
        if m.override is not None:
            raise Failure("", m.pointer)
        m.state = path_start_state
        m.pointer -= 1
    else:
        raise m.fail("port-invalid")


def file_host_state(m: Machine) -> None:
    m.buffer_start = m.pointer  # the file slash state leaves the buffer empty
    run_end = _FILE_HOST_RUN.match(m.input, m.pointer).end()  # type: ignore[union-attr]
    m.buffer += m.input[m.pointer : run_end]
    m.pointer = run_end - 1  # "decrease pointer by 1": on the code point before c
    if m.override is None and WINDOWS_DRIVE_LETTER.match(m.buffer):
        m.error("file-invalid-Windows-drive-letter-host", run_end)
        m.state = path_state  # the buffer is kept: the path state's first segment
    elif m.buffer == "":
        m.url.host = ""
        if m.override is not None:
            raise Return
        m.state = path_start_state
    else:
        host = m.parse_host(not m.url.special)
        m.url.host = "" if host == "localhost" else host
        if m.override is not None:
            raise Return
        m.buffer = ""
        m.state = path_start_state
