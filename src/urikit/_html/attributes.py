"""The URL-valued attributes of HTML: which attributes of which elements hold URLs, how
their character references decode, and how each kind of value splits into references
(one URL, a whitespace or comma list, ``srcset``, a ``refresh`` content).

It works on attribute values as the tokenizer (:mod:`urikit._html.tokenizer`) hands
them over and parses no URI.  See :mod:`urikit.html` for the rules of HTML it follows.
"""

from __future__ import annotations

import html as _html
import re
from bisect import bisect_right
from html.entities import html5 as _ENTITIES

__all__ = [
    "ANY_ELEMENT",
    "ANY_HINT",
    "ELEMENTS",
    "FOREIGN",
    "REFRESH",
    "decode",
    "raw_index",
    "references",
]


# -- which attributes hold URLs ------------------------------------------------------------
URL = 0  # one URL ("valid URL potentially surrounded by spaces")
URLS = 1  # URLs separated by ASCII whitespace
COMMAS = 2  # URLs separated by commas (HTML 4.01 applet archive)
SRCSET = 3  # image candidate strings (HTML "parse a srcset attribute")
REFRESH = 4  # <meta http-equiv=refresh content="5; url=...">

#: URL-valued attributes by element: HTML (Living Standard), and the HTML 4.01 and
#: legacy ones a crawler still meets.
ELEMENTS: dict[str, dict[str, int]] = {
    "a": {"href": URL, "ping": URLS},
    "area": {"href": URL, "ping": URLS},
    "base": {"href": URL},
    "link": {"href": URL, "imagesrcset": SRCSET},
    "img": {
        "src": URL,
        "srcset": SRCSET,
        "longdesc": URL,
        "usemap": URL,
        "lowsrc": URL,
        "dynsrc": URL,
    },
    "image": {"src": URL, "srcset": SRCSET, "href": URL},  # HTML reads <image> as <img>
    "source": {"src": URL, "srcset": SRCSET},
    "script": {"src": URL},
    "iframe": {"src": URL, "longdesc": URL},
    "frame": {"src": URL, "longdesc": URL},
    "embed": {"src": URL},
    "audio": {"src": URL},
    "video": {"src": URL, "poster": URL},
    "track": {"src": URL},
    "input": {"src": URL, "formaction": URL, "usemap": URL},
    "button": {"formaction": URL},
    "form": {"action": URL},
    "blockquote": {"cite": URL},
    "q": {"cite": URL},
    "del": {"cite": URL},
    "ins": {"cite": URL},
    "object": {"data": URL, "codebase": URL, "classid": URL, "archive": URLS, "usemap": URL},
    "applet": {"code": URL, "codebase": URL, "archive": COMMAS},
    "html": {"manifest": URL},
    "head": {"profile": URLS},
    "body": {"background": URL},
    "meta": {"content": REFRESH},
}
_TABLE_PARTS = ("table", "thead", "tbody", "tfoot", "tr", "td", "th")
ELEMENTS.update((part, {"background": URL}) for part in _TABLE_PARTS)
#: On every element: microdata (``itemtype`` is a set of URLs) and XLink.
ANY_ELEMENT = {"itemtype": URLS, "itemid": URL, "xlink:href": URL}
ANY_HINT = re.compile(r"item|xlink", re.IGNORECASE)  # a tag that may hold one of those
#: In SVG and MathML every element may link with ``href``.
FOREIGN = {"href": URL}

_WHITESPACE = "\t\n\f\r "  # ASCII whitespace (HTML "ASCII whitespace")
_TOKEN = re.compile(r"[^\t\n\f\r ]+")
_CHARREF = re.compile(r"&(?:#[xX]([0-9A-Fa-f]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*)(;?))")


# -- character references in attribute values (HTML "character reference state") ---------
def _charref(match: re.Match[str], following: str) -> str | None:
    """The text of one character reference in an attribute value, or ``None`` where HTML
    leaves it as written."""
    hexadecimal, decimal, name, semicolon = match.groups()
    if name is None:
        digits = (decimal if hexadecimal is None else hexadecimal).lstrip("0")
        code = int(digits or "0", 10 if hexadecimal is None else 16) if len(digits) < 8 else -1
        if code <= 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
            return "\ufffd"
        if 0x80 <= code <= 0x9F:  # read as windows-1252, which html.unescape knows
            return _html.unescape(f"&#{code};")
        return chr(code)
    if semicolon:
        return _ENTITIES.get(name + ";")
    # Without ";" only the legacy names count, and in an attribute not before "=".
    return _ENTITIES.get(name) if following != "=" else None


# A decoded value: the text, and for each decoded reference its start and end in the text
# and in the raw value, so that positions in the text map back to the document.
_Spans = list[tuple[int, int, int, int]]


def decode(raw: str) -> tuple[str, _Spans]:
    """Decode the character references of an attribute value, as HTML does."""
    if "&" not in raw:
        return raw, []
    pieces: list[str] = []
    spans: _Spans = []
    done = length = 0
    for match in _CHARREF.finditer(raw):
        start, end = match.span()
        text = _charref(match, raw[end : end + 1])
        if text is None:
            continue
        pieces.append(raw[done:start])
        length += start - done
        pieces.append(text)
        spans.append((length, length + len(text), start, end))
        length += len(text)
        done = end
    pieces.append(raw[done:])
    return "".join(pieces), spans


def raw_index(index: int, spans: _Spans) -> int:
    """Where the character at ``index`` of a decoded value is spelt in the raw value."""
    at = bisect_right(spans, index, key=lambda span: span[0]) - 1
    if at < 0:
        return index
    _, end, raw_start, raw_end = spans[at]
    return raw_start if index < end else raw_end + index - end


# -- attribute values that hold several URLs, or a URL among other things ----------------
_GAP = re.compile(r"[\t\n\f\r ,]*")
_DESCRIPTOR_TEXT = re.compile(r"[^,(]*")
_SPACES = re.compile(r"[\t\n\f\r ]*")
_TIME = re.compile(r"[0-9]*")
_TIME_REST = re.compile(r"[0-9.]*")
_URL_EQUALS = re.compile(r"[uU][rR][lL][\t\n\f\r ]*=[\t\n\f\r ]*")
_COMMA_ITEM = re.compile(r"[^,]+")

_Found = list[tuple[str, int]]  # references, each with its index in the value


def _skip(pattern: re.Pattern[str], text: str, position: int) -> int:
    """The end of ``pattern``'s match at ``position`` (it matches the empty string)."""
    match = pattern.match(text, position)
    return position if match is None else match.end()


def _trimmed(text: str, start: int) -> _Found:
    """``text`` without leading and trailing ASCII whitespace, and where that begins."""
    stripped = text.lstrip(_WHITESPACE)
    return [(stripped.rstrip(_WHITESPACE), start + len(text) - len(stripped))]


def _descriptors_end(value: str, position: int) -> int:
    """Where the descriptors from ``position`` end: after the first comma outside
    parentheses, or at the end (an unclosed parenthesis runs to it).  A loop, not one
    pattern repeating a group, which would keep a record per parenthesis."""
    while True:
        position = _skip(_DESCRIPTOR_TEXT, value, position)
        if value.startswith("(", position):
            close = value.find(")", position + 1)
            if close < 0:
                return len(value)
            position = close + 1
        else:
            return min(position + 1, len(value))  # past the comma


def _srcset(value: str) -> _Found:
    """HTML "parse a srcset attribute": the URL of each image candidate string.

    A URL runs to the next ASCII whitespace; commas inside it stay, trailing ones end the
    candidate; otherwise the descriptors run to a comma outside parentheses.  Descriptors
    are not checked: a candidate a browser drops for a bad descriptor is still written
    in the document, so it is yielded.
    """
    found: _Found = []
    position = 0
    while True:
        position = _skip(_GAP, value, position)
        if position >= len(value):
            return found
        start = position
        position = _skip(_TOKEN, value, position)
        url = value[start:position]
        if url.endswith(","):
            url = url.rstrip(",")
        else:
            position = _descriptors_end(value, position)
        found.append((url, start))


def _refresh(content: str) -> _Found:
    """HTML "shared declarative refresh steps", steps 1 to 11: the URL of a refresh
    (``5; url=/next``, ``0;URL='/next'``, ``1, /next``), if the content names one."""
    position = _skip(_SPACES, content, 0)
    after_time = _skip(_TIME, content, position)
    if after_time == position and content[position : position + 1] != ".":
        return []
    position = _skip(_TIME_REST, content, after_time)
    if position < len(content):
        if content[position] not in ";," + _WHITESPACE:
            return []
        position = _skip(_SPACES, content, position)
        if content[position : position + 1] in (";", ","):
            position = _skip(_SPACES, content, position + 1)
    if position >= len(content):
        return []  # a refresh of the document itself: no reference
    if content[position] in "uU":
        prefix = _URL_EQUALS.match(content, position)
        if prefix is None:  # not "URL=": the rest is the URL, quotes and all
            return _trimmed(content[position:], position)
        position = prefix.end()
    quote = content[position : position + 1]
    end = len(content)
    if quote in ("'", '"'):
        position += 1
        closing = content.find(quote, position)
        end = end if closing < 0 else closing
    return _trimmed(content[position:end], position)


def references(kind: int, value: str) -> _Found:
    """The references in an attribute value of this kind, each with its index."""
    if kind == URL:
        return _trimmed(value, 0)
    if kind == URLS:
        return [(match.group(), match.start()) for match in _TOKEN.finditer(value)]
    if kind == SRCSET:
        return _srcset(value)
    if kind == COMMAS:
        items = (_trimmed(match.group(), match.start())[0] for match in _COMMA_ITEM.finditer(value))
        return [item for item in items if item[0]]
    return _refresh(value)
