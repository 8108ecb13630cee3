"""The input of the commands that search documents (``extract``, ``links``): the text of a
stream in blocks of whole lines, a whole document, and the rule that skips binary files.

A block is what the reads bring, so that a line that comes alone is searched, and its
URIs written, at once (``tail -f log | urikit extract``); a URI in ``<...>`` may be
broken across lines (RFC 3986 Appendix C), so a block that ends inside an open ``<``
(or groff's ``⟨``) is held until the line that closes it.  Lines are cut and counted as
:mod:`urikit._cli.input` does (LF, CR LF or a lone CR, wherever the reads cut them).
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator

from .input import CHUNK, line_chunks, open_input
from .output import Reporter, UsageError

__all__ = ["Block", "is_binary", "read_blocks", "read_document", "read_text"]

#: What opens a URI that may be broken across lines, besides ``<`` (RFC 3986 Appendix C):
#: groff's ``⟨``; and what closes it, besides ``>``: ``⟩`` (in UTF-8).
_ANGLE_OPEN, _ANGLE_CLOSE = "\u27e8".encode(), "\u27e9".encode()


def is_binary(start: bytes | str) -> bool:
    """Whether an input whose first read is ``start`` is binary, by grep's rule: a NUL,
    which no text holds, among its first 65,536 bytes (characters, for a document read
    whole and decoded: ``links --encoding utf-16`` reads NUL bytes as text)."""
    if isinstance(start, str):
        return "\0" in start[:CHUNK]
    return b"\0" in start[:CHUNK]


def _angle(lines: bytes) -> int | None:
    """How ``lines`` (one or more) leave a URI in ``<...>`` (or ``⟨...⟩``), which may go on
    on the next lines: open, when their last bracket opens and no space or tab follows it
    (a "< " opens no such URI to ``urikit.extract``): the number of bytes after it; -1
    when it closes, or opens before a space; ``None`` when they hold no bracket."""
    opened = max(lines.rfind(b"<"), lines.rfind(_ANGLE_OPEN))
    closed = max(lines.rfind(b">"), lines.rfind(_ANGLE_CLOSE))
    if opened == closed:  # neither
        return None
    if opened < closed:
        return -1
    after = opened + (1 if lines[opened] == ord("<") else len(_ANGLE_OPEN))
    return -1 if lines[after : after + 1] in (b" ", b"\t") else len(lines) - after


def read_blocks(
    chunks: Iterable[bytes], size: int = 1 << 20, *, each_line: bool = False
) -> Iterator[str]:
    """The decoded text of a byte stream in blocks of whole lines: the lines each read
    ends (with ``each_line``, each line alone), a block held on from lines that leave a
    ``<`` open (see :func:`_angle`) until the lines that close it, or until ``size`` bytes
    follow the ``<``, so that a file of any size streams.  Bytes that are not UTF-8
    become U+FFFD, which no URI holds (a line end never falls inside a UTF-8 sequence, so
    decoding by block is decoding the whole)."""
    parts: list[bytes] = []  # whole lines, as read (or each line alone)
    held = -1  # the bytes held after a "<" left open, or -1
    for piece in line_chunks(chunks):
        for part in piece.splitlines(keepends=True) if each_line else (piece,):
            parts.append(part)
            angle = _angle(part)
            if angle is None or (angle >= 0 and held >= 0):  # the hold, if any, goes on
                held = held + len(part) if held >= 0 else -1
            else:
                held = angle
            if held < 0 or held >= size:
                yield b"".join(parts).decode("utf-8", "replace")
                parts, held = [], -1
    if parts:
        yield b"".join(parts).decode("utf-8", "replace")


def _count_line_ends(text: str, start: int, end: int) -> int:
    """The line ends (LF, CR LF, lone CR) in ``text[start:end]``."""
    crlf = text.count("\r\n", start, end)
    return text.count("\n", start, end) + text.count("\r", start, end) - crlf


class Block:
    """One block of :func:`read_text`: its ``text``, the ``offset`` of its first character
    in the input, and the line and column of its characters."""

    __slots__ = ("_line", "_line_start", "_seen", "offset", "text")

    def __init__(self, text: str, offset: int, line: int) -> None:
        self.text = text
        self.offset = offset
        self._line = line  # the line of text[_seen]
        self._seen = self._line_start = 0  # how far lines are counted; where that line begins

    def position(self, index: int) -> tuple[int, int]:
        """The line and column (both from 1, lines as ``check`` counts them) of
        ``text[index]``, for indexes asked in increasing order: each stretch of the block
        is searched once, however many indexes a line has."""
        text, seen = self.text, self._seen
        self._line += _count_line_ends(text, seen, index)
        last = max(text.rfind("\n", seen, index), text.rfind("\r", seen, index))
        if last >= 0:
            self._line_start = last + 1
        self._seen = index
        return self._line, index - self._line_start + 1

    def end_line(self) -> int:
        """The line that the next block begins on."""
        return self._line + _count_line_ends(self.text, self._seen, len(self.text))


def read_text(chunks: Iterable[bytes], *, each_line: bool = False) -> Iterator[Block]:
    """The text of a byte stream in the blocks of :func:`read_blocks`, without a UTF-8 byte
    order mark at its start (which still counts as the input's first character in
    offsets; one at the start of a later block is a character of the text)."""
    offset, line = 0, 1
    for number, text in enumerate(read_blocks(chunks, each_line=each_line)):
        if number == 0 and text.startswith("\ufeff"):
            text, offset = text[1:], 1
        block = Block(text, offset, line)
        yield block
        line = block.end_line()
        offset += len(text)


#: Codecs of domain name labels (RFC 3490, RFC 3492), which are no document encodings.
_LABEL_CODECS = frozenset({"idna", "punycode"})


def read_document(name: str | None, encoding: str, report: Reporter) -> str:
    """The whole text of the file ``name`` (stdin for ``-`` or ``None``) in ``encoding``,
    bytes it cannot decode replaced, without a byte order mark (what could be read of it:
    see :func:`urikit._cli.input.open_input`).  An encoding Python does not know, or that
    does not decode bytes to text, is a :class:`UsageError`, the first before anything
    is read."""
    try:  # an unknown name (LookupError) or not a name at all (ValueError)
        codec = codecs.lookup(encoding).name
    except (LookupError, ValueError):
        raise UsageError(f"--encoding: unknown encoding {encoding!r}") from None
    if codec in _LABEL_CODECS:  # Python 3.13 decodes a document in punycode to ""
        raise UsageError(f"--encoding: {encoding!r} encodes host names, not documents")
    with open_input(name, report) as chunks:
        data = b"".join(chunks)
    try:
        text = data.decode(encoding, "replace")
    except LookupError:  # a codec of bytes to bytes (rot13, zlib): not a text encoding
        raise UsageError(f"--encoding: {encoding!r} is not a text encoding") from None
    except ValueError as error:  # a codec without 'replace' (idna), or failing anyway
        first = str(error).split("\n")[0]
        raise UsageError(f"--encoding {encoding!r} cannot decode the document: {first}") from None
    return text.removeprefix("\ufeff")
