"""The basic URL parser (WHATWG URL §4.4) without encoding or state override: the
Standard's state machine, one method per state, over the input already cleaned of
leading and trailing C0 control or space and of ASCII tab or newline
(:mod:`urikit._whatwg.positions` does that and maps indexes back).

Where a state only appends code points (to ``buffer``, the path, the query, the
fragment) until a code point that changes the state, its method takes that whole run at
once, as the state would one code point a run, and sets the pointer on the code point
that ends the run: the same steps, in one call (and one regex scan) instead of many.

Every validation error is recorded as ``(name, index)``, ``index`` the pointer of the
code point ``c`` that the state (or the host parser, at its own pointer into the host)
was processing when it recorded the error; a failure raises :class:`Failure` with the
error that caused it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .encode import (
    C0_CONTROL,
    FRAGMENT,
    PATH,
    QUERY,
    SPECIAL_QUERY,
    USERINFO,
    invalid_url_units,
    utf8_percent_encode,
)
from .host import Host, host_parse
from .record import SPECIAL_SCHEMES, URLRecord

__all__ = ["Failure", "basic_parse"]


class Failure(Exception):
    """The basic URL parser returns failure: ``name`` is the validation error that says
    why, ``index`` where it was recorded (in the cleaned input)."""

    def __init__(self, name: str, index: int) -> None:
        super().__init__(name, index)
        self.name = name
        self.index = index


def basic_parse(
    text: str, base: URLRecord | None, *, all_errors: bool = True
) -> tuple[URLRecord, list[tuple[str, int]]]:
    """Run the basic URL parser on ``text`` (cleaned) with ``base``: the URL record and
    the validation errors recorded, or :class:`Failure`.  Without ``all_errors`` the
    non-fatal errors may go unrecorded (the record is the same)."""
    machine = _Machine(text, base, all_errors)
    return machine.run(), machine.errors


_SCHEME_RUN = re.compile(r"[A-Za-z0-9+\-.]*")
_DIGITS = re.compile(r"[0-9]*")
_WINDOWS_DRIVE_LETTER = re.compile(r"[A-Za-z][:|]\Z")
_NORMALIZED_WINDOWS_DRIVE_LETTER = re.compile(r"[A-Za-z]:\Z")
#: "starts with a Windows drive letter" (§4.2) on the first three code points.
_STARTS_WITH_DRIVE_LETTER = re.compile(r"[A-Za-z][:|](?:[/\\?#]|\Z)")
_SINGLE_DOT = frozenset({".", "%2e"})
_DOUBLE_DOT = frozenset({"..", ".%2e", "%2e.", "%2e%2e"})


def _until(stops: str) -> re.Pattern[str]:
    """The run of code points up to the first of ``stops``."""
    return re.compile("[^" + re.escape(stops) + "]*")


#: The runs each state takes at once, (special URL, other URL).
_AUTHORITY_RUN = (_until("@/?#\\"), _until("@/?#"))
_HOST_RUN = (_until(":[]/?#\\"), _until(":[]/?#"))
_PATH_RUN = (_until("/?#\\"), _until("/?#"))
_FILE_HOST_RUN = _until("/\\?#")
_OPAQUE_PATH_RUN = _until("?# ")
_QUERY_RUN = _until("#")


class _Machine:
    """One run of the state machine (§4.4 step 9): the Standard's variables as fields."""

    def __init__(self, text: str, base: URLRecord | None, all_errors: bool) -> None:
        self.input = text
        self.base = base
        self.all_errors = all_errors
        self.url = URLRecord()
        self.errors: list[tuple[str, int]] = []
        self.buffer = ""
        self.buffer_start = 0  # the pointer of the buffer's first code point (host states)
        self.at_sign_seen = self.password_token_seen = False
        self.pointer = 0
        self.state: Callable[[], None] = self.scheme_start

    # -- the machinery -------------------------------------------------------------------
    def run(self) -> URLRecord:
        end = len(self.input)
        while True:
            self.state()
            if self.pointer >= end:
                return self.url
            self.pointer += 1

    @property
    def c(self) -> str | None:
        """The code point at the pointer; ``None`` for the EOF code point."""
        return self.input[self.pointer] if self.pointer < len(self.input) else None

    def remaining_starts_with(self, prefix: str) -> bool:
        return self.input.startswith(prefix, self.pointer + 1)

    def error(self, name: str, index: int | None = None) -> None:
        self.errors.append((name, self.pointer if index is None else index))

    def fail(self, name: str, index: int | None = None) -> Failure:
        self.error(name, index)
        return Failure(name, self.errors[-1][1])

    def record_invalid_units(self, start: int, stop: int) -> None:
        """invalid-URL-unit for each code point of a run that the state records it for."""
        if self.all_errors:
            self.errors += [
                ("invalid-URL-unit", index) for index in invalid_url_units(self.input, start, stop)
            ]

    def parse_host(self, is_opaque: bool) -> Host:
        """The host parser on ``buffer``, its errors at the buffer's own pointers."""
        start = self.buffer_start

        def report(name: str, offset: int) -> None:
            self.errors.append((name, start + offset))

        host = host_parse(self.buffer, is_opaque, report, all_errors=self.all_errors)
        if host is None:
            name, index = self.errors[-1]
            raise Failure(name, index)
        return host

    def shorten(self) -> None:
        """§4.2 shorten a URL's path."""
        path = self.url.path
        assert isinstance(path, list)
        if (
            self.url.scheme == "file"
            and len(path) == 1
            and _NORMALIZED_WINDOWS_DRIVE_LETTER.match(path[0])
        ):
            return
        if path:
            path.pop()

    def copy_from_base(self, *names: str) -> None:
        base = self.base
        assert base is not None
        for name in names:
            value = getattr(base, name)
            setattr(self.url, name, list(value) if isinstance(value, list) else value)

    # -- the states ------------------------------------------------------------------------
    def scheme_start(self) -> None:
        c = self.c
        if c is not None and c.isascii() and c.isalpha():
            self.buffer += c.lower()
            self.state = self.scheme
        else:
            self.state = self.no_scheme
            self.pointer -= 1

    def scheme(self) -> None:
        run_end = _SCHEME_RUN.match(self.input, self.pointer).end()  # type: ignore[union-attr]
        self.buffer += self.input[self.pointer : run_end].lower()
        self.pointer = run_end
        if self.c != ":":
            self.buffer = ""
            self.state = self.no_scheme
            self.pointer = -1  # start over, from the first code point
            return
        url = self.url
        url.scheme = self.buffer
        self.buffer = ""
        if url.scheme == "file":
            if not self.remaining_starts_with("//"):
                self.error("special-scheme-missing-following-solidus")
            self.state = self.file
        elif url.special and self.base is not None and self.base.scheme == url.scheme:
            self.state = self.special_relative_or_authority
        elif url.special:
            self.state = self.special_authority_slashes
        elif self.remaining_starts_with("/"):
            self.state = self.path_or_authority
            self.pointer += 1
        else:
            url.path = ""
            self.state = self.opaque_path

    def no_scheme(self) -> None:
        base, c = self.base, self.c
        if base is None or (isinstance(base.path, str) and c != "#"):
            raise self.fail("missing-scheme-non-relative-URL")
        if isinstance(base.path, str):
            self.copy_from_base("scheme", "path", "query")
            self.url.fragment = ""
            self.state = self.fragment
        else:
            self.state = self.relative if base.scheme != "file" else self.file
            self.pointer -= 1

    def special_relative_or_authority(self) -> None:
        if self.c == "/" and self.remaining_starts_with("/"):
            self.state = self.special_authority_ignore_slashes
            self.pointer += 1
        else:
            self.error("special-scheme-missing-following-solidus")
            self.state = self.relative
            self.pointer -= 1

    def path_or_authority(self) -> None:
        if self.c == "/":
            self.state = self.authority
        else:
            self.state = self.path
            self.pointer -= 1

    def relative(self) -> None:
        c, url = self.c, self.url
        assert self.base is not None
        url.scheme = self.base.scheme
        if c == "/":
            self.state = self.relative_slash
        elif url.special and c == "\\":
            self.error("invalid-reverse-solidus")
            self.state = self.relative_slash
        else:
            self.copy_from_base("username", "password", "host", "port", "path", "query")
            if c == "?":
                url.query = ""
                self.state = self.query
            elif c == "#":
                url.fragment = ""
                self.state = self.fragment
            elif c is not None:
                url.query = None
                self.shorten()
                self.state = self.path
                self.pointer -= 1

    def relative_slash(self) -> None:
        c = self.c
        if self.url.special and c in ("/", "\\"):
            if c == "\\":
                self.error("invalid-reverse-solidus")
            self.state = self.special_authority_ignore_slashes
        elif c == "/":
            self.state = self.authority
        else:
            self.copy_from_base("username", "password", "host", "port")
            self.state = self.path
            self.pointer -= 1

    def special_authority_slashes(self) -> None:
        if self.c == "/" and self.remaining_starts_with("/"):
            self.state = self.special_authority_ignore_slashes
            self.pointer += 1
        else:
            self.error("special-scheme-missing-following-solidus")
            self.state = self.special_authority_ignore_slashes
            self.pointer -= 1

    def special_authority_ignore_slashes(self) -> None:
        if self.c not in ("/", "\\"):
            self.state = self.authority
            self.pointer -= 1
        else:
            self.error("special-scheme-missing-following-solidus")

    def authority(self) -> None:
        url, text = self.url, self.input
        run = _AUTHORITY_RUN[not url.special]
        credentials = ([url.username], [url.password])  # appended to at once, at the end
        while True:  # each "@" and the run before it, at once
            run_end = run.match(text, self.pointer).end()  # type: ignore[union-attr]
            self.buffer += text[self.pointer : run_end]
            self.pointer = run_end
            if self.c != "@":
                break
            self.error("invalid-credentials")
            if self.at_sign_seen:
                self.buffer = "%40" + self.buffer
            self.at_sign_seen = True
            buffer = self.buffer
            if not self.password_token_seen and ":" in buffer:
                username, _, buffer = buffer.partition(":")
                credentials[0].append(utf8_percent_encode(username, USERINFO))
                self.password_token_seen = True
            credentials[self.password_token_seen].append(utf8_percent_encode(buffer, USERINFO))
            self.buffer = ""
            self.pointer += 1
        url.username, url.password = map("".join, credentials)
        # the EOF code point, "/", "?", "#", or "\" in a special URL
        if self.at_sign_seen and self.buffer == "":
            raise self.fail("host-missing")
        self.pointer -= len(self.buffer) + 1
        self.buffer = ""
        self.state = self.host

    def host(self) -> None:
        """The host state and the hostname state (no state override: the same steps)."""
        url = self.url
        text, run = self.input, _HOST_RUN[not url.special]
        self.buffer_start = self.pointer  # the authority state leaves the buffer empty
        pieces = []
        inside_brackets = False  # insideBrackets: the parser enters this state once
        while True:  # the code points the state appends to buffer, at once
            run_end = run.match(text, self.pointer).end()  # type: ignore[union-attr]
            pieces.append(text[self.pointer : run_end])
            self.pointer = run_end
            c = self.c
            if c == "[" or c == "]" or (c == ":" and inside_brackets):
                inside_brackets = c == "[" or (c == ":" and inside_brackets)
                pieces.append(c)
                self.pointer += 1
                continue
            break
        self.buffer = "".join(pieces)
        if c == ":":
            if self.buffer == "":
                raise self.fail("host-missing")
            url.host = self.parse_host(not url.special)
            self.buffer = ""
            self.state = self.port
        else:  # the EOF code point, "/", "?", "#", or "\" in a special URL
            if url.special and self.buffer == "":
                raise self.fail("host-missing")
            url.host = self.parse_host(not url.special)
            self.buffer = ""
            self.state = self.path_start
            self.pointer -= 1

    def port(self) -> None:
        url = self.url
        run_end = _DIGITS.match(self.input, self.pointer).end()  # type: ignore[union-attr]
        self.buffer += self.input[self.pointer : run_end]
        self.pointer = run_end
        c = self.c
        if c is None or c in "/?#" or (url.special and c == "\\"):
            if self.buffer != "":
                digits = self.buffer.lstrip("0")  # bounded before int() reads it
                port = int(digits or "0") if len(digits) <= 5 else 1 << 16
                if port > 0xFFFF:
                    raise self.fail("port-out-of-range")
                url.port = None if port == SPECIAL_SCHEMES.get(url.scheme) else port
                self.buffer = ""
            self.state = self.path_start
            self.pointer -= 1
        else:
            raise self.fail("port-invalid")

    def file(self) -> None:
        c, url, base = self.c, self.url, self.base
        url.scheme = "file"
        url.host = ""
        if c in ("/", "\\"):
            if c == "\\":
                self.error("invalid-reverse-solidus")
            self.state = self.file_slash
        elif base is not None and base.scheme == "file":
            self.copy_from_base("host", "path", "query")
            if c == "?":
                url.query = ""
                self.state = self.query
            elif c == "#":
                url.fragment = ""
                self.state = self.fragment
            elif c is not None:
                url.query = None
                if not _STARTS_WITH_DRIVE_LETTER.match(self.input[self.pointer : self.pointer + 3]):
                    self.shorten()
                else:
                    self.error("file-invalid-Windows-drive-letter")
                    url.path = []
                self.state = self.path
                self.pointer -= 1
        else:
            self.state = self.path
            self.pointer -= 1

    def file_slash(self) -> None:
        c, base = self.c, self.base
        if c in ("/", "\\"):
            if c == "\\":
                self.error("invalid-reverse-solidus")
            self.state = self.file_host
            return
        if base is not None and base.scheme == "file":
            self.url.host = base.host
            if (
                not _STARTS_WITH_DRIVE_LETTER.match(self.input[self.pointer : self.pointer + 3])
                and isinstance(base.path, list)
                and base.path
                and _NORMALIZED_WINDOWS_DRIVE_LETTER.match(base.path[0])
            ):
                assert isinstance(self.url.path, list)
                self.url.path.append(base.path[0])
        self.state = self.path
        self.pointer -= 1

    def file_host(self) -> None:
        self.buffer_start = self.pointer  # the file slash state leaves the buffer empty
        run_end = _FILE_HOST_RUN.match(self.input, self.pointer).end()  # type: ignore[union-attr]
        self.buffer += self.input[self.pointer : run_end]
        self.pointer = run_end - 1  # "decrease pointer by 1": on the code point before c
        if _WINDOWS_DRIVE_LETTER.match(self.buffer):
            self.error("file-invalid-Windows-drive-letter-host", run_end)
            self.state = self.path  # the buffer is kept: the path state's first segment
        elif self.buffer == "":
            self.url.host = ""
            self.state = self.path_start
        else:
            host = self.parse_host(not self.url.special)
            self.url.host = "" if host == "localhost" else host
            self.buffer = ""
            self.state = self.path_start

    def path_start(self) -> None:
        c, url = self.c, self.url
        if url.special:
            if c == "\\":
                self.error("invalid-reverse-solidus")
            self.state = self.path
            if c not in ("/", "\\"):
                self.pointer -= 1
        elif c == "?":
            url.query = ""
            self.state = self.query
        elif c == "#":
            url.fragment = ""
            self.state = self.fragment
        elif c is not None:
            self.state = self.path
            if c != "/":
                self.pointer -= 1

    def path(self) -> None:
        url, text = self.url, self.input
        special = url.special
        run = _PATH_RUN[not special]
        path = url.path
        assert isinstance(path, list)
        while True:  # after "/" the state stays the path state: the next segment at once
            start = self.pointer
            run_end = run.match(text, start).end()  # type: ignore[union-attr]
            if run_end > start:
                self.record_invalid_units(start, run_end)
                self.buffer += utf8_percent_encode(text[start:run_end], PATH)
                self.pointer = run_end
            c = self.c  # the EOF code point, "/", "?", "#", or "\" in a special URL
            slash = c == "/" or (special and c == "\\")
            if c == "\\" and special:
                self.error("invalid-reverse-solidus")
            buffer = self.buffer
            if len(buffer) <= 6 and buffer.lower() in _DOUBLE_DOT:
                self.shorten()
                if not slash:
                    path.append("")
            elif len(buffer) <= 3 and buffer.lower() in _SINGLE_DOT:
                if not slash:
                    path.append("")
            else:
                if url.scheme == "file" and not path and _WINDOWS_DRIVE_LETTER.match(buffer):
                    buffer = buffer[0] + ":"
                path.append(buffer)
            self.buffer = ""
            if not slash:
                break
            self.pointer += 1
        if c == "?":
            url.query = ""
            self.state = self.query
        elif c == "#":
            url.fragment = ""
            self.state = self.fragment

    def opaque_path(self) -> None:
        text, url = self.input, self.url
        pieces = [url.path if isinstance(url.path, str) else ""]
        while True:  # the code points the state appends to the path, at once
            start = self.pointer
            run_end = _OPAQUE_PATH_RUN.match(text, start).end()  # type: ignore[union-attr]
            self.record_invalid_units(start, run_end)
            pieces.append(utf8_percent_encode(text[start:run_end], C0_CONTROL))
            self.pointer = run_end
            if self.c != " ":
                break
            self.error("invalid-URL-unit")
            pieces.append("%20" if text.startswith(("?", "#"), run_end + 1) else " ")
            self.pointer += 1
        url.path = "".join(pieces)
        if self.c == "?":
            url.query = ""
            self.state = self.query
        elif self.c == "#":
            url.fragment = ""
            self.state = self.fragment

    def query(self) -> None:
        url, start = self.url, self.pointer
        run_end = _QUERY_RUN.match(self.input, start).end()  # type: ignore[union-attr]
        self.record_invalid_units(start, run_end)
        self.pointer = run_end
        encode_set = SPECIAL_QUERY if url.special else QUERY
        url.query = (url.query or "") + utf8_percent_encode(self.input[start:run_end], encode_set)
        if self.c == "#":
            url.fragment = ""
            self.state = self.fragment

    def fragment(self) -> None:
        start = len(self.input)
        if self.pointer < start:
            start = self.pointer
            self.record_invalid_units(start, len(self.input))
            self.url.fragment = (self.url.fragment or "") + utf8_percent_encode(
                self.input[start:], FRAGMENT
            )
        self.pointer = len(self.input)
