"""The input the basic URL parser's pointer runs over (WHATWG URL §4.4 steps 1-3), and
the way back from a pointer to an index in the caller's text.

The parser first removes leading and trailing C0 control or space, then every ASCII tab
or newline, recording invalid-URL-unit once for each of the two steps that removes
anything; the pointer counts code points of what is left.  A lone surrogate (which a
scalar value string cannot hold) becomes U+FFFD first, as WebIDL's USVString conversion
does for the URL API; it is one code point either way, so no index moves.

Position rules (what :func:`urikit._whatwg.parse` and ``validation_errors`` report).
The Standard says where its parser is only by the pointer, and each step that records a
validation error or returns failure does so while examining ``c``, the code point the
pointer points to; so an error's position is that pointer (for the host parser's steps,
its own pointer into the host, the host's first code point being where the host state's
buffer began), carried back to the caller's text:

- a pointer ``p`` that points to a code point is the index of that code point in the
  caller's text (the code points removed are not counted by the pointer, so ``p`` is
  the ``p``-th code point kept);
- the EOF code point is the index just past the last code point kept (the start of the
  trailing C0 control or space, if any; the stripped prefix's length if nothing is kept);
- the invalid-URL-unit of step 1 is at the first leading C0 control or space (index 0)
  or else at the first trailing one; that of step 2 at the first ASCII tab or newline.
"""

from __future__ import annotations

import re

__all__ = ["Cleaned", "scalar"]

_C0_CONTROL_OR_SPACE = "".join(map(chr, range(0x21)))
_TAB_OR_NEWLINE = re.compile("[\t\n\r]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def scalar(text: str) -> str:
    """``text`` as a scalar value string: each lone surrogate U+FFFD (WebIDL USVString)."""
    return _SURROGATE.sub("\ufffd", text)


class Cleaned:
    """The caller's ``original`` text and ``text``, what the parser's pointer runs over."""

    __slots__ = ("_kept", "errors", "original", "start", "text")

    def __init__(self, original: str, *, strip: bool = True) -> None:
        """``strip``: step 1 runs (the basic URL parser is not given a URL: not a setter)."""
        self.original = original
        text = scalar(original)
        stripped = text.strip(_C0_CONTROL_OR_SPACE) if strip else text
        self.start = len(text) - len(text.lstrip(_C0_CONTROL_OR_SPACE)) if strip else 0
        #: The errors of steps 1-2, at their indexes in ``original``.
        self.errors: list[tuple[str, int]] = []
        if len(stripped) != len(text):
            self.errors.append(
                ("invalid-URL-unit", 0 if self.start else self.start + len(stripped))
            )
        first = _TAB_OR_NEWLINE.search(stripped)
        self._kept: list[int] | None = None
        if first is None:
            self.text = stripped
        else:
            self.errors.append(("invalid-URL-unit", self.start + first.start()))
            self.text = _TAB_OR_NEWLINE.sub("", stripped)
            self._kept = [self.start + i for i, c in enumerate(stripped) if c not in "\t\n\r"]

    def index(self, pointer: int) -> int:
        """The index in the caller's text of what ``pointer`` points to (see the rules)."""
        if self._kept is None:
            return self.start + pointer
        if pointer < len(self._kept):
            return self._kept[pointer]
        return self._kept[-1] + 1 if self._kept else self.start
