"""``data:`` URLs (RFC 2397): their media type and the octets they hold, read strictly
by RFC 2397's grammar, or as browsers read them, by the Fetch Standard's data: URL
processor (§4.2).

``profile="rfc2397"`` reads ``dataurl := "data:" [ mediatype ] [ ";base64" ] "," data``
(RFC 2397 §3): the URI must be a URI (urikit's parser, RFC 3986 rule ``URI``), the type,
subtype, attributes and values RFC 2045 §5.1 tokens (percent-encoded as needed), the
data base64 of RFC 2045 §6.8 when ``;base64`` says so (padded, no other character); any
other text raises :class:`URISyntaxError` at the first character at fault.

``profile="fetch"`` runs the Fetch Standard's processor on the URL as the URL Standard's
parser leaves it (leading and trailing C0 controls and spaces stripped, tabs and
newlines removed, the part before the "," percent-encoded with the URL Standard's sets):
the media type is parsed by the MIME Sniffing Standard (§4.4), and one that does not
parse falls back on ``text/plain;charset=US-ASCII``; base64 is the Infra Standard's
forgiving-base64 decode.  It fails only where browsers fail: no ",", base64 that does
not decode, an authority (``data://...``) that is not one (checked by RFC 3986 §3.2).
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .._algorithms.percent import encode, keep_table, require_str, unquote, unquote_to_bytes
from .._reference import parse, validate
from .._syntax import charsets as cs
from ..errors import ErrorKind, URISyntaxError, describe_char

__all__ = ["DataURI", "Profile", "parse_data_uri", "parse_mime_type", "serialize_mime_type"]

Profile = Literal["rfc2397", "fetch"]
PROFILES: tuple[Profile, ...] = ("rfc2397", "fetch")
Parameters = tuple[tuple[str, str], ...]

# -- the character sets, from the standards' rules ---------------------------------------
_VCHAR = frozenset(map(chr, range(0x21, 0x7F)))  # RFC 5234 B.1 VCHAR = %x21-7E
#: RFC 2045 §5.1 ``tspecials``.
TSPECIALS = frozenset('()<>@,;:\\"/[]?=')
#: RFC 2045 §5.1 ``token := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>``.
TOKEN_2045 = _VCHAR - TSPECIALS
#: RFC 9110 §5.6.2 ``tchar``, the MIME Sniffing Standard's "HTTP token code points".
HTTP_TOKEN = cs.ALPHA | cs.DIGIT | frozenset("!#$%&'*+-.^_`|~")
#: Fetch §2.2: "HTTP quoted-string token code points": U+0009, U+0020-007E, U+0080-00FF.
HTTP_QUOTED_STRING_TOKEN = (
    frozenset("\t")
    | frozenset(map(chr, range(0x20, 0x7F)))
    | frozenset(map(chr, range(0x80, 0x100)))
)
#: Fetch §2.2 "HTTP whitespace"; Infra §4.6 "ASCII whitespace".
HTTP_WHITESPACE = "\t\n\r "
ASCII_WHITESPACE = "\t\n\f\r "
#: The URL Standard §1.3 percent-encode sets, as what they keep: the C0 control set
#: (C0 controls and all above U+007E are encoded), the query set (and space, '"', "#",
#: "<", ">"), the path set (and "?", "^", "`", "{", "}").
_C0_KEEP = frozenset(map(chr, range(0x20, 0x7F)))
_QUERY_KEEP = _C0_KEEP - frozenset(' "#<>')
_PATH_KEEP = _QUERY_KEEP - frozenset("?^`{}")
_C0_TABLE, _QUERY_TABLE, _PATH_TABLE = map(keep_table, (_C0_KEEP, _QUERY_KEEP, _PATH_KEEP))


def _run(chars: frozenset[str]) -> re.Pattern[str]:
    return re.compile(cs.char_class_regex(chars) + "*")


_TOKEN_2045_RUN = _run(TOKEN_2045 | frozenset("%"))  # "%" starts an escape (RFC 2397 §3)
_HTTP_TOKEN_RUN = _run(HTTP_TOKEN)
_QUOTED_TOKEN_RUN = _run(HTTP_QUOTED_STRING_TOKEN)
_BASE64_STRICT = re.compile(rb"[A-Za-z0-9+/]*={0,2}")  # RFC 4648 §4, RFC 2045 §6.8
_BASE64_ALPHABET = re.compile("[A-Za-z0-9+/]*")
_ASCII_WS = re.compile("[\t\n\f\r ]")
_TAB_OR_NEWLINE = re.compile("[\t\n\r]")
_C0_OR_SPACE = "".join(map(chr, range(0x21)))
_SURROGATE = re.compile("[\ud800-\udfff]")
_BASE64_SUFFIX = re.compile(";[ ]*base64$", re.IGNORECASE | re.ASCII)
_NOT_QUOTE_OR_BACKSLASH = re.compile(r'[^"\\]*')
_NAME = re.compile("[^;=]*")
_HTTP_WS_RUN = re.compile("[\t\n\r ]*")
_HTTP_TOKEN_AND_PLAIN = "text/plain"


def _end(pattern: re.Pattern[str], text: str, start: int, end: int | None = None) -> int:
    """Where the run of ``pattern`` (which matches the empty text) from ``start`` ends."""
    found = pattern.match(text, start, len(text) if end is None else end)
    assert found is not None  # a run: it matches the empty text
    return found.end()


_RULE = "dataurl"


@dataclass(frozen=True, slots=True)
class DataURI:
    """What a ``data:`` URL holds (RFC 2397 §2): its media type, split into the
    essence (``type/subtype``, lower case) and the parameters in their order (names in
    lower case; values percent-decoded under ``rfc2397``, as written under ``fetch``),
    whether the data was base64, and the octets."""

    media_type: str
    parameters: Parameters
    base64: bool
    data: bytes

    @property
    def mime_type(self) -> str:
        """The media type with its parameters, serialized (MIME Sniffing §4.5)."""
        return serialize_mime_type(self.media_type, self.parameters)


def parse_data_uri(uri: str, *, profile: Profile = "rfc2397") -> DataURI:
    """Read a ``data:`` URL (RFC 2397): strictly by its grammar (``profile="rfc2397"``),
    or as browsers do (``profile="fetch"``, the Fetch Standard's data: URL processor).
    Errors are :class:`URISyntaxError` at the first character at fault; a non-str is a
    ``TypeError``; an unknown profile a ``ValueError``.

    >>> found = parse_data_uri("data:,A%20brief%20note")
    >>> found.media_type, found.parameters, found.base64, found.data
    ('text/plain', (('charset', 'US-ASCII'),), False, b'A brief note')
    >>> parse_data_uri("data:text/plain;charset=utf-8;base64,SGk=").mime_type
    'text/plain;charset=utf-8'
    >>> parse_data_uri("data:text/plain ;base64 ,SGk", profile="fetch").data
    b'Hi'
    """
    require_str(uri, "the data URI")
    if profile == "rfc2397":
        return _rfc2397(uri)
    if profile == "fetch":
        return _fetch(uri)
    require_str(profile, "profile")
    raise ValueError(f"unknown profile {profile!r}; expected one of {', '.join(PROFILES)}")


def _error(text: str, position: int, kind: ErrorKind, reason: str) -> URISyntaxError:
    return URISyntaxError(text, position, kind, reason, rule=_RULE)


def _wrong_scheme(uri: str, position: int) -> URISyntaxError:
    return _error(
        uri, position, ErrorKind.WRONG_SCHEME, "a data URL begins with 'data:' (RFC 2397 §3)"
    )


# -- RFC 2397 -------------------------------------------------------------------------------
def _rfc2397(uri: str) -> DataURI:
    ref = parse(uri, rule="URI")
    if (ref.scheme or "").lower() != "data":
        raise _wrong_scheme(uri, 0)
    if ref.authority is not None:
        raise _error(
            uri,
            5,
            ErrorKind.INVALID_MEDIA_TYPE,
            "a media type follows 'data:', not an authority: '/' is no token character "
            "(RFC 2397 §3, RFC 2045 §5.1)",
        )
    end = len(uri) if ref.fragment is None else len(uri) - len(ref.fragment) - 1
    comma = uri.find(",", 5, end)
    if comma < 0:
        raise _error(
            uri,
            end,
            ErrorKind.MISSING_COMMA,
            "a ',' ends the media type of a data URL (RFC 2397 §3 dataurl)",
        )
    header_end = comma
    base64 = comma - 7 >= 5 and uri[comma - 7 : comma].lower() == ";base64"
    if base64:
        header_end -= 7
    media_type, parameters = _media_type_2397(uri, 5, header_end)
    text = uri[comma + 1 : end]
    data = _strict_base64(uri, comma + 1, text) if base64 else unquote_to_bytes(text)
    return DataURI(media_type, parameters, base64, data)


def _media_type_2397(uri: str, start: int, end: int) -> tuple[str, Parameters]:
    """``mediatype := [ type "/" subtype ] *( ";" parameter )`` at ``uri[start:end]``,
    each part an RFC 2045 token, percent-encoded as needed (RFC 2397 §3)."""
    if start == end:  # RFC 2397 §2: "defaults to text/plain;charset=US-ASCII"
        return _HTTP_TOKEN_AND_PLAIN, (("charset", "US-ASCII"),)
    semicolon = uri.find(";", start, end)
    type_end = end if semicolon < 0 else semicolon
    if type_end == start:  # RFC 2397 §2: "text/plain" can be omitted
        essence = _HTTP_TOKEN_AND_PLAIN
    else:
        slash = uri.find("/", start, type_end)
        if slash < 0:
            _token(uri, start, type_end)  # a character at fault comes first
            raise _error(
                uri,
                type_end,
                ErrorKind.INVALID_MEDIA_TYPE,
                "a media type is type '/' subtype (RFC 2045 §5.1)",
            )
        essence = (_token(uri, start, slash) + "/" + _token(uri, slash + 1, type_end)).lower()
    parameters = []
    i = type_end
    while i < end:  # uri[i] == ";"
        stop = uri.find(";", i + 1, end)
        stop = end if stop < 0 else stop
        equals = uri.find("=", i + 1, stop)
        if equals < 0:
            _token(uri, i + 1, stop)  # a character at fault comes first
            raise _error(
                uri,
                stop,
                ErrorKind.INVALID_MEDIA_TYPE,
                "a parameter is attribute '=' value (RFC 2045 §5.1; ';base64' comes last, "
                "RFC 2397 §3)",
            )
        parameters.append(
            (_token(uri, i + 1, equals).lower(), _token(uri, equals + 1, stop, value=True))
        )
        i = stop
    return essence, tuple(parameters)


def _token(uri: str, start: int, end: int, *, value: bool = False) -> str:
    """The RFC 2045 token at ``uri[start:end]``, its escapes decoded (RFC 2397 §3).  A
    parameter ``value`` may escape any US-ASCII character: RFC 2397 §3 writes a value
    with tspecials escaped where RFC 2045 would quote it."""
    stop = _end(_TOKEN_2045_RUN, uri, start, end)
    if stop < end or start == end:
        what = (
            f"{describe_char(uri[stop])} is no token character"
            if stop < end
            else "a token is missing"
        )
        raise _error(
            uri,
            stop,
            ErrorKind.INVALID_MEDIA_TYPE,
            f"{what}: a token has one or more characters but SPACE, CTLs and tspecials "
            "(RFC 2045 §5.1)",
        )
    text = uri[start:end]
    if "%" not in text:
        return text
    for escape in cs.PCT_TRIPLET.finditer(text):
        octet = int(escape.group(1), 16)
        if octet >= 0x80 if value else chr(octet) not in TOKEN_2045:
            what = "no US-ASCII character" if value else "no token character (tspecials)"
            raise _error(
                uri,
                start + escape.start(),
                ErrorKind.INVALID_MEDIA_TYPE,
                f"{escape.group()} encodes {what} (RFC 2045 §5.1, RFC 2397 §3)",
            )
    return unquote(text)


def _strict_base64(uri: str, start: int, text: str) -> bytes:
    """The base64 data ``text`` (at ``start`` in ``uri``) decoded: the alphabet of RFC
    2045 §6.8 (RFC 4648 §4), padded with "=" to groups of four, nothing else."""
    octets = unquote_to_bytes(text) if "%" in text else text.encode("ascii")
    good = _BASE64_STRICT.match(octets)
    if good is not None and good.end() < len(octets):
        raise _error(
            uri,
            start + _octet_position(text, good.end()),
            ErrorKind.INVALID_BASE64,
            "not base64: its alphabet is A-Z a-z 0-9 + / and '=' pads the end "
            "(RFC 2045 §6.8, RFC 4648 §4)",
        )
    if len(octets) % 4:
        raise _error(
            uri,
            start + len(text),
            ErrorKind.INVALID_BASE64,
            "base64 comes in groups of four characters, the last padded with '=' "
            "(RFC 2045 §6.8, RFC 4648 §4)",
        )
    return binascii.a2b_base64(octets)


def _octet_position(text: str, index: int) -> int:
    """Where in ``text`` the octet ``index`` of its percent-decoding is written: each
    ``%XX`` one octet, each other character its UTF-8 octets (RFC 3986 §2.1)."""
    position = octets = 0
    while position < len(text):
        char = text[position]
        width = 1 if char == "%" and cs.PCT_TRIPLET.match(text, position) else len(char.encode())
        if octets + width > index:
            break
        octets += width
        position += 3 if width == 1 and char == "%" else 1
    return position


# -- Fetch §4.2 --------------------------------------------------------------------------------
def _fetch(uri: str) -> DataURI:
    # URL Standard §4.4 (basic URL parser) steps 1-3: strip C0 controls and spaces at
    # both ends, remove tabs and newlines.
    lead = len(uri) - len(uri.lstrip(_C0_OR_SPACE))
    text = uri.strip(_C0_OR_SPACE)
    removed = _TAB_OR_NEWLINE.search(text) is not None
    if removed:
        text = _TAB_OR_NEWLINE.sub("", text)

    def at(index: int) -> int:  # a position of ``text``, in ``uri``
        if not removed:
            return lead + index
        kept = [i for i in range(lead, len(uri)) if uri[i] not in "\t\n\r"]
        return kept[index] if index < len(kept) else len(uri)

    if text[:5].lower() != "data:":
        raise _wrong_scheme(uri, at(0))
    if _SURROGATE.search(text):  # WebIDL: a USVString holds no lone surrogate
        text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    end = text.find("#", 5)  # Fetch §4.2 step 2: the URL "with exclude fragment"
    end = len(text) if end < 0 else end
    has_authority = text.startswith("//", 5)
    if has_authority:
        _check_authority(uri, text, end, at)
    comma = text.find(",", 5, end)
    if comma < 0:
        raise _error(
            uri, at(end), ErrorKind.MISSING_COMMA, "no ',' after the media type (Fetch §4.2)"
        )
    mime = _serialized(text[5:comma], has_authority).strip(ASCII_WHITESPACE)
    body_text = text[comma + 1 : end]
    body = unquote_to_bytes(body_text, errors="replace")  # "percent-decode": "%" stays
    base64 = _BASE64_SUFFIX.search(mime)
    if base64 is not None:
        decoded = _forgiving_base64(body.decode("latin-1"))  # isomorphic decode
        if isinstance(decoded, int):
            index = len(body_text) if decoded < 0 else _octet_position(body_text, decoded)
            raise _error(
                uri,
                at(comma + 1 + index),
                ErrorKind.INVALID_BASE64,
                "the data does not decode as base64 (Infra §4.6 forgiving-base64 decode)",
            )
        body = decoded
        mime = mime[: base64.start()]
    if mime.startswith(";"):
        mime = "text/plain" + mime
    parsed = parse_mime_type(mime)
    if parsed is None:
        parsed = (_HTTP_TOKEN_AND_PLAIN, (("charset", "US-ASCII"),))
    return DataURI(parsed[0], parsed[1], base64 is not None, body)


def _check_authority(uri: str, text: str, end: int, at: Callable[[int], int]) -> None:
    """An authority (``data://...``) must be one, or the URL parser fails (URL Standard
    §4.4): checked with RFC 3986 §3.2's rule after the URL Standard's C0 encoding."""
    stop = min((i for i in (text.find("/", 7, end), text.find("?", 7, end)) if i >= 0), default=end)
    authority = text[7:stop]
    encoded = encode(authority, _C0_TABLE, "utf-8")
    try:
        validate(encoded, rule="authority")
    except URISyntaxError as error:
        offset = error.position if encoded == authority else 0
        raise _error(uri, at(7 + offset), error.kind, error.reason) from None


def _serialized(header: str, has_authority: bool) -> str:
    """The text before the "," as the URL serializer writes it: an opaque path (or,
    after an authority, a path) in its percent-encode set, a query in the query set
    (URL Standard §1.3, §4.4)."""
    question = header.find("?")
    path, query = (header, None) if question < 0 else (header[:question], header[question + 1 :])
    if has_authority:
        slash = path.find("/", 2)
        slash = len(path) if slash < 0 else slash
        path = encode(path[:slash], _C0_TABLE, "utf-8") + encode(path[slash:], _PATH_TABLE, "utf-8")
    else:
        path = encode(path, _C0_TABLE, "utf-8")
    return path if query is None else path + "?" + encode(query, _QUERY_TABLE, "utf-8")


def _forgiving_base64(data: str) -> bytes | int:
    """Infra §4.6 forgiving-base64 decode: the octets, or where it fails (the index of
    the first octet at fault in ``data``, or -1 for a length that cannot be)."""
    stripped = _ASCII_WS.sub("", data)
    padding = 0
    if len(stripped) % 4 == 0:
        padding = 2 if stripped.endswith("==") else 1 if stripped.endswith("=") else 0
    core = stripped[: len(stripped) - padding]
    if len(core) % 4 == 1:
        return -1
    good = _end(_BASE64_ALPHABET, core, 0)
    if good < len(core):
        kept = [i for i, char in enumerate(data) if char not in ASCII_WHITESPACE]
        return kept[good]
    return binascii.a2b_base64((core + "=" * (-len(core) % 4)).encode("ascii"))


# -- MIME Sniffing §4.4, §4.5 ------------------------------------------------------------------
def parse_mime_type(text: str) -> tuple[str, Parameters] | None:
    """Parse a MIME type (MIME Sniffing Standard §4.4): its essence and parameters (first
    of each name wins), or ``None`` on failure."""
    text = text.strip(HTTP_WHITESPACE)
    slash = text.find("/")
    if slash < 0:
        return None
    semicolon = text.find(";", slash + 1)
    end = len(text) if semicolon < 0 else semicolon
    type_, subtype = text[:slash], text[slash + 1 : end].rstrip(HTTP_WHITESPACE)
    if not (_is_http_token(type_) and _is_http_token(subtype)):
        return None
    parameters: dict[str, str] = {}
    position, n = end, len(text)
    while position < n:
        position += 1  # the ";"
        position = _end(_HTTP_WS_RUN, text, position)
        stop = _end(_NAME, text, position)
        name, position = text[position:stop].lower(), stop
        if position < n:
            if text[position] == ";":
                continue
            position += 1  # the "="
        if position >= n:
            break
        if text[position] == '"':
            value, position = _quoted_string(text, position)
            semicolon = text.find(";", position)
            position = n if semicolon < 0 else semicolon
        else:
            semicolon = text.find(";", position)
            stop = n if semicolon < 0 else semicolon
            value, position = text[position:stop].rstrip(HTTP_WHITESPACE), stop
            if not value:
                continue
        if (
            _is_http_token(name)
            and _QUOTED_TOKEN_RUN.fullmatch(value) is not None
            and name not in parameters
        ):
            parameters[name] = value
    return (type_ + "/" + subtype).lower(), tuple(parameters.items())


def _is_http_token(text: str) -> bool:
    return bool(text) and _HTTP_TOKEN_RUN.fullmatch(text) is not None


def _quoted_string(text: str, position: int) -> tuple[str, int]:
    """Fetch §2.2 "collect an HTTP quoted string" (extract-value): the value, and the
    position after it; ``text[position]`` is '"'."""
    value: list[str] = []
    position += 1
    n = len(text)
    while True:
        run = _end(_NOT_QUOTE_OR_BACKSLASH, text, position)
        value.append(text[position:run])
        position = run
        if position >= n:
            break
        quote_or_backslash = text[position]
        position += 1
        if quote_or_backslash == "\\":
            if position >= n:
                value.append("\\")
                break
            value.append(text[position])
            position += 1
        else:
            break
    return "".join(value), position


def serialize_mime_type(essence: str, parameters: Parameters) -> str:
    """A MIME type's serialization (MIME Sniffing §4.5): a value that is empty or not
    all HTTP token code points is quoted, '"' and '\\' escaped."""
    pieces = [essence]
    for name, value in parameters:
        if not _is_http_token(value):
            value = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        pieces.append(f";{name}={value}")
    return "".join(pieces)
