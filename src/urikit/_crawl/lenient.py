"""The URL as the crawl steps see it, and its lenient split.

A :class:`URL` holds its components as *octets*: each character of a component is one
octet (``str.encode("utf-8", "surrogateescape")`` read as Latin-1), because the rules
the profiles transcribe work on octets: Google Safe Browsing unescapes "until it has no
more percent-escapes" and escapes what is ``<= 32`` or ``>= 127``.  A lone surrogate
``U+DC80``..``U+DCFF`` in the input stands for the octet it escapes (Python's
``surrogateescape``, as ``os.fsdecode`` makes), so text read from bytes that are no
UTF-8 keeps its octets.  The split reads any string, in linear time; it refuses
(:class:`~urikit.URISyntaxError`, positioned in the caller's text) only a URL whose key
would not read back as itself: a special scheme's URL without a host.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .._algorithms.percent import unencodable
from .._syntax.charsets import SCHEME_REGEX
from ..errors import ErrorKind, URISyntaxError

__all__ = [
    "JUNK",
    "SPECIAL",
    "URL",
    "Step",
    "backslashes_to_slashes",
    "octets_of",
    "remove_leading_trailing_junk",
    "remove_tabs_and_newlines",
    "split",
    "split_as_written",
]

#: The URL Standard's special schemes (WHATWG URL §4.1), which have a host and a path
#: of segments, and where ``\`` is ``/``; gopher kept as urlcanon keeps it (its old
#: default port 70).
SPECIAL = frozenset({"ftp", "file", "http", "https", "ws", "wss", "gopher"})


class URL:
    """A URL as the crawl steps see it: the text before :func:`split`, then its
    components as octets (``None`` when absent; ``authority`` says whether ``//`` was);
    ``given`` is the caller's text, in which errors are positioned."""

    __slots__ = (
        "authority",
        "fragment",
        "given",
        "host",
        "path",
        "port",
        "query",
        "scheme",
        "text",
        "userinfo",
    )

    def __init__(self, text: str) -> None:
        self.given = self.text = text
        self._clear()

    def _clear(self) -> None:
        self.scheme: str | None = None
        self.authority = False
        self.userinfo: str | None = None
        self.host: str | None = None
        self.port: str | None = None
        self.path = ""
        self.query: str | None = None
        self.fragment: str | None = None

    def __str__(self) -> str:
        """Recomposition (RFC 3986 §5.3) of the components; a path that starts with
        ``//`` and has no authority before it (RFC 3986 §3.3 admits none) after ``/.``,
        as the URL Standard serializes one (§4.5), so that it reads back as a path."""
        out = []
        if self.scheme is not None:
            out.append(self.scheme + ":")
        if self.authority:
            out.append("//")
            if self.userinfo is not None:
                out.append(self.userinfo + "@")
            out.append(self.host or "")
            if self.port is not None:
                out.append(":" + self.port)
        elif self.path[:2] == "//":
            out.append("/.")
        out.append(self.path)
        if self.query is not None:
            out.append("?" + self.query)
        if self.fragment is not None:
            out.append("#" + self.fragment)
        return "".join(out)

    def error(self, octet: int, kind: ErrorKind, reason: str) -> URISyntaxError:
        """The error at the octet ``octet`` of :attr:`text` (as :func:`octets_of` writes
        it), positioned in the caller's text :attr:`given`."""
        return URISyntaxError(
            self.given, self.position(_char_index(self.text, octet)), kind, reason, rule="URL"
        )

    def position(self, index: int) -> int:
        """Where the character ``index`` of :attr:`text` stands in :attr:`given`: the
        text is the given one without its leading and trailing junk and its tabs and
        newlines (:func:`remove_leading_trailing_junk`, :func:`remove_tabs_and_newlines`)."""
        given = self.given
        at = len(given) - len(given.lstrip(JUNK))
        for _ in range(index + 1):
            while at < len(given) and given[at] in "\t\r\n":
                at += 1
            at += 1
        return at - 1


def _char_index(text: str, octet: int) -> int:
    """The index in ``text`` of the character whose octets start at ``octet`` (UTF-8; a
    lone surrogate of ``surrogateescape`` is one octet)."""
    if text.isascii():
        return octet
    count = 0
    for index, char in enumerate(text):
        if count >= octet:
            return index
        count += 1 if char < "\x80" or "\udc80" <= char <= "\udcff" else len(char.encode())
    return len(text)


Step = Callable[[URL], None]


def octets_of(text: str) -> str:
    """``text`` as octets, one character each: UTF-8, and ``surrogateescape``'s lone
    surrogates back to the octets they escape; another lone surrogate has no octets
    (:class:`~urikit.URISyntaxError` at it, RFC 3986 §2.5)."""
    if text.isascii():
        return text
    try:
        return text.encode("utf-8", "surrogateescape").decode("latin-1")
    except UnicodeEncodeError as exc:
        raise unencodable(text, exc, "UTF-8", "URL") from None


# -- before the split --------------------------------------------------------------------
#: The C0 controls and space, which the URL Standard strips from both ends of a URL.
JUNK = "".join(map(chr, range(0x21)))


def remove_leading_trailing_junk(u: URL) -> None:
    """Remove leading and trailing C0 controls and spaces (WHATWG URL §4.4 basic URL
    parser, step 1; Safe Browsing's ``"  http://www.google.com/  "``)."""
    u.text = u.text.strip(JUNK)


_TAB_NEWLINE = str.maketrans("", "", "\t\r\n")


def remove_tabs_and_newlines(u: URL) -> None:
    """Remove every tab, CR and LF (Safe Browsing v4 "URLs and Hashing": "First, remove
    tab (0x09), CR (0x0d), and LF (0x0a) characters"; WHATWG URL §4.4 step 3)."""
    if "\t" in u.text or "\r" in u.text or "\n" in u.text:
        u.text = u.text.translate(_TAB_NEWLINE)


#: A scheme (RFC 3986 §3.1), and after it what makes ``host:port`` no scheme at all.
_SCHEME = re.compile(f"({SCHEME_REGEX}):")
_PORT_THEN_END = re.compile(r"[0-9]+(?:[/?#\\]|\Z)")
_AUTHORITY_END = re.compile(r"[/?#]")
_SPECIAL_AUTHORITY_END = re.compile(r"[/?#\\]")
_SLASHES = re.compile(r"[/\\]*")
_PORT = re.compile(r":([0-9]*)\Z")
#: The common case, in one match: ``scheme://authority`` and a path, query and fragment
#: with no ``\`` where a special scheme reads it as ``/`` (a speed-up only: every text
#: it matches splits the same way by the steps below).
_COMMON = re.compile(
    f"({SCHEME_REGEX})://" + r"([^/?#\\]+)([^?#\\]*)(?:\?([^#]*))?(?:#(.*))?\Z", re.S
)


def split(u: URL) -> None:
    """:func:`split_as_written`, and a ``\\`` in the path of a special scheme is ``/``
    (WHATWG URL §4.4 "path state"; urlcanon ``fix_backslashes``)."""
    split_as_written(u)
    if "\\" in u.path and u.scheme is not None and u.scheme.lower() in SPECIAL:
        u.path = u.path.replace("\\", "/")


def backslashes_to_slashes(u: URL) -> None:
    """A ``\\`` that unescaping put in the path of a special scheme (``%5C``) is ``/``, as
    :func:`split` reads one written so (and as the key will be read again)."""
    if "\\" in u.path and u.scheme in SPECIAL:
        u.path = u.path.replace("\\", "/")


def split_unescaped_query(u: URL) -> None:
    """A ``?`` that unescaping put in the path (``%3F``) starts the query, as the key will
    be read again (the ``google`` profile, whose unescaping keeps no delimiter, before
    its path steps): the path ``/a?b`` with the query ``c`` is the path ``/a`` and the
    query ``b?c``."""
    path, question_mark, tail = u.path.partition("?")
    if question_mark:
        u.path = path
        u.query = tail if u.query is None else f"{tail}?{u.query}"


def escape_port_shape(u: URL) -> None:
    """The last step of every lenient profile: a scheme without an authority whose path
    reads as a port (``a:0/``, which unescaping ``a:0%2f`` gives) has its first digit
    percent-encoded (``a:%30/``), so that :func:`split_as_written` reads the key back as
    the same scheme and path, not as ``http://a:0/``: a key is its own key."""
    if not u.authority and u.scheme is not None and _PORT_THEN_END.match(u.path):
        u.path = f"%{ord(u.path[0]):02X}{u.path[1:]}"


def split_as_written(u: URL) -> None:
    """Split the text as RFC 3986 Appendix B does, leniently as browsers and the crawl
    libraries do: no scheme (``www.google.com``, ``host:8080/``) reads as ``http://``
    (Safe Browsing's examples, urlcanon's ``default_scheme_http``); after a special
    scheme any run of ``/`` and ``\\`` introduces the authority (WHATWG URL §4.4
    "special authority slashes state"); the userinfo ends at the last ``@``, a port is
    the digits after the last ``:``.  A special scheme's URL other than ``file:`` with
    an empty host (``http://@/a``, ``http://:80/``) raises
    :class:`~urikit.URISyntaxError` at the host: the URL Standard's host state fails
    there ("host-missing"), and no key would read back as itself (``http:///a`` reads
    as the host ``a``)."""
    try:
        text = octets_of(u.text)
    except URISyntaxError as error:  # positioned in u.text: in the caller's text
        raise URISyntaxError(
            u.given, u.position(error.position), error.kind, error.reason, rule="URL"
        ) from None
    m = _COMMON.match(text)
    if m is not None:
        u.scheme, u.authority, u.path, u.query, u.fragment = m[1], True, m[3], m[4], m[5]
        _authority(u, m[2])
        if u.host:
            return
        u._clear()  # an empty host (http://@/p): the steps below say where
    m = _SCHEME.match(text)
    if m is None or _PORT_THEN_END.match(text, m.end()):  # no scheme: http://text
        u.scheme, rest, special = "http", text, True
        start = 0
    else:
        u.scheme = m[1]
        special = m[1].lower() in SPECIAL
        start = m.end()
        rest = text
    if special and u.scheme.lower() == "file":
        slashes = _SLASHES.match(rest, start).end() - start  # type: ignore[union-attr]
        if slashes == 2:  # file://host/path
            start += 2
        else:  # file:path, file:/path, file:///path: the empty host (RFC 8089 §2)
            u.authority, u.host = True, ""
            start += 3 if slashes > 2 else 0
            rest = rest[:start] + "/" + rest[start:] if rest[start : start + 1] != "/" else rest
        authority_end = _SPECIAL_AUTHORITY_END if slashes == 2 else None
        special = False  # a file URL's host may be empty
    elif special:
        start = _SLASHES.match(rest, start).end()  # type: ignore[union-attr]
        authority_end = _SPECIAL_AUTHORITY_END
    elif rest.startswith("//", start):
        start += 2
        authority_end = _AUTHORITY_END
    else:
        authority_end = None
    if authority_end is not None:
        u.authority = True
        found = authority_end.search(rest, start)
        end = len(rest) if found is None else found.start()
        _authority(u, rest[start:end])
        if special and not u.host:
            host = rest.rfind("@", start, end) + 1 or start
            raise u.error(
                host,
                ErrorKind.INVALID_HOST,
                "a URL of a special scheme needs a host (WHATWG URL §4.4 host state: "
                "host-missing); its key would read back as another URL",
            )
        start = end
    rest = rest[start:]
    rest, hash_sign, fragment = rest.partition("#")
    if hash_sign:
        u.fragment = fragment
    path, question_mark, query = rest.partition("?")
    if question_mark:
        u.query = query
    u.path = path


def _authority(u: URL, authority: str) -> None:
    if "@" not in authority and ":" not in authority:
        u.host = authority
        return
    userinfo, at, hostport = authority.rpartition("@")
    if at:
        u.userinfo = userinfo
    if hostport.startswith("[") and "]" in hostport:
        close = hostport.index("]") + 1
        port = _PORT.match(hostport, close)
        if port is None:  # no port after the "]" (h]:1é): one host, as h:1é is below
            u.host = hostport
        else:
            u.host, u.port = hostport[:close], port[1]
        return
    port = _PORT.search(hostport)
    if port is None:
        u.host = hostport
    else:
        u.host, u.port = hostport[: port.start()], port[1]
