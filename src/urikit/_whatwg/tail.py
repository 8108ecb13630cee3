"""The states of the basic URL parser (WHATWG URL §4.4) that read a URL's path, query and
fragment: path start, path, opaque path, query and fragment.

Where a state only appends code points until one that makes it do something else, it
takes that run at once, as the state would one code point a run (one regex scan, one
percent-encoding), and leaves the pointer on the code point that ends the run.
"""

from __future__ import annotations

import re

from .encode import C0_CONTROL, FRAGMENT, PATH, QUERY, SPECIAL_QUERY, utf8_percent_encode
from .machine import Machine, until

__all__ = [
    "fragment_state",
    "opaque_path_state",
    "path_start_state",
    "path_state",
    "query_state",
]

#: §4.2 a Windows drive letter, as a whole buffer.
WINDOWS_DRIVE_LETTER = re.compile(r"[A-Za-z][:|]\Z")
#: §4.1 single-dot and double-dot URL path segments (ASCII case-insensitive).
_SINGLE_DOT = frozenset({".", "%2e"})
_DOUBLE_DOT = frozenset({"..", ".%2e", "%2e.", "%2e%2e"})
#: The runs of the path state: (special URL, other URL), and the same under a state
#: override, where "?" and "#" are code points of the path.
_PATH_RUN = (until("/?#\\"), until("/?#"))
_PATH_RUN_OVERRIDDEN = (until("/\\"), until("/"))
_OPAQUE_PATH_RUN = until("?# ")
_QUERY_RUN = until("#")


def path_start_state(m: Machine) -> None:
    c, url = m.c, m.url
    if url.special:
        if c == "\\":
            m.error("invalid-reverse-solidus")
        m.state = path_state
        if c not in ("/", "\\"):
            m.pointer -= 1
    elif m.override is None and c == "?":
        url.query = ""
        m.state = query_state
    elif m.override is None and c == "#":
        url.fragment = ""
        m.state = fragment_state
    elif c is not None:
        m.state = path_state
        if c != "/":
            m.pointer -= 1
    elif m.override is not None and url.host is None:
        assert isinstance(url.path, list)
        url.path.append("")


def path_state(m: Machine) -> None:
    """The path state; after "/" it stays the path state, so the next segment follows
    in the same call."""
    url, text = m.url, m.input
    special = url.special
    run = (_PATH_RUN if m.override is None else _PATH_RUN_OVERRIDDEN)[not special]
    path = url.path
    assert isinstance(path, list)
    while True:
        start = m.pointer
        run_end = run.match(text, start).end()  # type: ignore[union-attr]
        if run_end > start:
            m.record_invalid_units(start, run_end)
            m.buffer += utf8_percent_encode(text[start:run_end], PATH)
            m.pointer = run_end
        c = m.c  # the EOF code point, "/", "?", "#", or "\" in a special URL
        slash = c == "/" or (special and c == "\\")
        if c == "\\" and special:
            m.error("invalid-reverse-solidus")
        buffer = m.buffer
        if len(buffer) <= 6 and buffer.lower() in _DOUBLE_DOT:
            m.shorten()
            if not slash:
                path.append("")
        elif len(buffer) <= 3 and buffer.lower() in _SINGLE_DOT:
            if not slash:
                path.append("")
        else:
            if url.scheme == "file" and not path and WINDOWS_DRIVE_LETTER.match(buffer):
                buffer = buffer[0] + ":"
            path.append(buffer)
        m.buffer = ""
        if not slash:
            break
        m.pointer += 1
    if c == "?":
        url.query = ""
        m.state = query_state
    elif c == "#":
        url.fragment = ""
        m.state = fragment_state


def opaque_path_state(m: Machine) -> None:
    text, url = m.input, m.url
    pieces = [url.path if isinstance(url.path, str) else ""]
    while True:  # the code points the state appends to the path, at once
        start = m.pointer
        run_end = _OPAQUE_PATH_RUN.match(text, start).end()  # type: ignore[union-attr]
        m.record_invalid_units(start, run_end)
        pieces.append(utf8_percent_encode(text[start:run_end], C0_CONTROL))
        m.pointer = run_end
        if m.c != " ":
            break
        m.error("invalid-URL-unit")
        pieces.append("%20" if text.startswith(("?", "#"), run_end + 1) else " ")
        m.pointer += 1
    url.path = "".join(pieces)
    if m.c == "?":
        url.query = ""
        m.state = query_state
    elif m.c == "#":
        url.fragment = ""
        m.state = fragment_state


def query_state(m: Machine) -> None:
    """The query state, UTF-8 its only encoding (the basic URL parser's default)."""
    url, start = m.url, m.pointer
    end = len(m.input)
    if m.override is None:
        end = _QUERY_RUN.match(m.input, start).end()  # type: ignore[union-attr]
    m.record_invalid_units(start, end)
    m.pointer = end
    encode_set = SPECIAL_QUERY if url.special else QUERY
    url.query = (url.query or "") + utf8_percent_encode(m.input[start:end], encode_set)
    if m.c == "#":
        url.fragment = ""
        m.state = fragment_state


def fragment_state(m: Machine) -> None:
    start, end = m.pointer, len(m.input)
    if start < end:
        m.record_invalid_units(start, end)
        fragment = utf8_percent_encode(m.input[start:], FRAGMENT)
        m.url.fragment = (m.url.fragment or "") + fragment
    m.pointer = end
