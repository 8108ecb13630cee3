"""The machinery of the basic URL parser (WHATWG URL §4.4): its variables (``url``,
``base``, ``buffer``, the flags, the pointer, the state and the state override), the
loop that runs the states, and the helpers the states share.  The states are functions
of the machine, in :mod:`.parser` (where a URL starts), :mod:`.authority` (its
authority) and :mod:`.tail` (its path, query and fragment).

Every validation error is recorded as ``(name, index)``, ``index`` the pointer of the
code point ``c`` that the state (or the host parser, at its own pointer into the host)
was processing when it recorded it.  A step that returns failure raises
:class:`Failure` with the error that caused it; a step that returns (under a state
override) raises :class:`Return`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .encode import invalid_url_units
from .host import Host, host_parse
from .record import URLRecord

__all__ = ["Failure", "Machine", "Return", "until"]

#: §4.2 a normalized Windows drive letter, as a whole segment.
NORMALIZED_WINDOWS_DRIVE_LETTER = re.compile(r"[A-Za-z]:\Z")


def until(stops: str) -> re.Pattern[str]:
    """The run of code points up to the first of ``stops``: what a state appends before
    the code point that makes it do something else."""
    return re.compile("[^" + re.escape(stops) + "]*")


class Failure(Exception):
    """The basic URL parser returns failure: ``name`` is the validation error that says
    why (empty for the failures of a state override that record none), ``index`` where
    it was recorded (in the parser's input)."""

    def __init__(self, name: str, index: int) -> None:
        super().__init__(name, index)
        self.name = name
        self.index = index


class Return(Exception):
    """A step says "return" (under a state override): the URL as it is now."""


class Machine:
    """One run of the state machine (§4.4 step 9): the Standard's variables as fields."""

    def __init__(
        self,
        text: str,
        base: URLRecord | None,
        url: URLRecord,
        state: Callable[[Machine], None],
        override: str | None,
        all_errors: bool,
    ) -> None:
        self.input = text
        self.base = base
        self.url = url
        #: The state override's name ("host", "hostname", "port", "path start", "query",
        #: "fragment", "scheme start"), or None.
        self.override = override
        self.all_errors = all_errors
        self.errors: list[tuple[str, int]] = []
        self.buffer = ""
        self.buffer_start = 0  # the pointer of the buffer's first code point (host states)
        self.at_sign_seen = self.password_token_seen = False
        self.pointer = 0
        self.state = state

    def run(self) -> URLRecord:
        """Keep running the state machine until the pointer is at the EOF code point."""
        end = len(self.input)
        try:
            while True:
                self.state(self)
                if self.pointer >= end:
                    return self.url
                self.pointer += 1
        except Return:
            return self.url

    @property
    def c(self) -> str | None:
        """The code point at the pointer; ``None`` for the EOF code point."""
        return self.input[self.pointer] if self.pointer < len(self.input) else None

    def remaining_starts_with(self, prefix: str) -> bool:
        return self.input.startswith(prefix, self.pointer + 1)

    def error(self, name: str, index: int | None = None) -> None:
        self.errors.append((name, self.pointer if index is None else index))

    def fail(self, name: str, index: int | None = None) -> Failure:
        """Record ``name`` (at ``c`` unless ``index`` is given): the failure to raise."""
        self.error(name, index)
        return Failure(name, self.errors[-1][1])

    def record_invalid_units(self, start: int, stop: int) -> None:
        """invalid-URL-unit for each code point of a run that the state records it for."""
        if self.all_errors:
            found = invalid_url_units(self.input, start, stop)
            self.errors += [("invalid-URL-unit", index) for index in found]

    def parse_host(self, is_opaque: bool) -> Host:
        """The host parser on ``buffer``, its errors at the buffer's own pointers."""
        start = self.buffer_start

        def report(name: str, offset: int) -> None:
            self.errors.append((name, start + offset))

        host = host_parse(self.buffer, is_opaque, report, all_errors=self.all_errors)
        if host is None:
            raise Failure(*self.errors[-1])
        return host

    def shorten(self) -> None:
        """§4.2 shorten a URL's path."""
        path = self.url.path
        assert isinstance(path, list)
        drive = len(path) == 1 and NORMALIZED_WINDOWS_DRIVE_LETTER.match(path[0])
        if self.url.scheme == "file" and drive:
            return
        if path:
            path.pop()

    def copy_from_base(self, *names: str) -> None:
        """Set these components of ``url`` to ``base``'s (a path list cloned)."""
        base = self.base
        assert base is not None
        for name in names:
            value = getattr(base, name)
            setattr(self.url, name, list(value) if isinstance(value, list) else value)
