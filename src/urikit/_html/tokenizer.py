"""The scanner behind :mod:`urikit.html`: HTML's tokenizer over the standard library's
:class:`html.parser.HTMLParser` loop, with a rough stack of open SVG and MathML elements
(foreign content) and templates, and the line and column of each reference.

It finds references and where they stand; which attributes hold them and how their
values split is :mod:`urikit._html.attributes`; it parses no URI (the core does that).
See :mod:`urikit.html` for the rules of HTML it follows.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from html.parser import HTMLParser

from .attributes import (
    ANY_ELEMENT,
    ANY_HINT,
    ELEMENTS,
    FOREIGN,
    REFRESH,
    decode,
    raw_index,
    references,
)

__all__ = ["Reference", "scan"]


# -- the elements that shape the scan (HTML's tree construction) ---------------------------
#: Start tags that end foreign content (HTML "parsing tokens in foreign content").
_BREAKOUT = frozenset(
    {"b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em"}
    | {"embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing"}
    | {"menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span", "strong"}
    | {"strike", "sub", "sup", "table", "tt", "u", "ul", "var"}
)
_FONT_BREAKOUT = frozenset({"color", "face", "size"})  # <font> with these breaks out too
#: SVG and MathML elements whose content is HTML again (HTML "HTML integration point"
#: and "MathML text integration point"; annotation-xml is one for HTML encodings).
_INTEGRATION_POINTS = {
    "svg": frozenset({"foreignobject", "desc", "title"}),
    "math": frozenset({"mi", "mo", "mn", "ms", "mtext"}),
}
_HTML_ENCODINGS = ("text/html", "application/xhtml+xml")
#: HTML elements that have no content (never open).
_VOID = frozenset(
    {"area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img"}
    | {"input", "keygen", "link", "meta", "param", "source", "track", "wbr"}
)
#: Elements whose content is text, not tags (RAWTEXT and RCDATA in HTML's tokenizer).
_TEXT_ONLY = frozenset(
    {"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"}
)

# HTML's attribute states: a name (whose first character may be "="), then maybe "=" and
# a double-quoted, single-quoted or unquoted value; "/" between attributes is skipped.
_ATTRIBUTE_RULE = (
    r"[\t\n\f\r /]*([^\t\n\f\r />][^\t\n\f\r /=>]*)"
    r"""(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"?|'([^']*)'?|([^\t\n\f\r >]*)))?"""
)
_ATTRIBUTE = re.compile(_ATTRIBUTE_RULE)
# A tag is its name, attributes read one at a time (each reading is the tokenizer's, so
# none is undone), then ">".  Not one pattern repeating the attribute rule: the regex
# engine would keep a record per repetition, hundreds of bytes per attribute.
_TAG_NAME = re.compile(r"</?([A-Za-z][^\t\n\f\r />]*)")
_TAG_CLOSE = re.compile(r"[\t\n\f\r /]*>")
_END_TAG_OPEN = re.compile("</[A-Za-z]")
# A decimal character reference long enough to overflow int()'s digit limit inside
# HTMLParser (it decodes text with html.unescape): fed to it with "#" changed to "_".
_LONG_DECIMAL = re.compile(r"&#(?=[0-9]{32})")
_COMMENT_END = re.compile(r"--!?>")
_NEWLINE = re.compile("\n")


_Values = dict[str, tuple[str, int]]


def _attribute_values(text: str, start: int) -> tuple[_Values, int]:
    """The attributes of a tag (``text[start:]``, up to its ">"): name (ASCII lower case)
    -> (raw value, its index in ``text``), the first of repeated names only; and the
    index where the last attribute ends."""
    values: _Values = {}
    end = start
    for match in _ATTRIBUTE.finditer(text, start, len(text) - 1):
        end = match.end()
        name = match.group(1)
        if name.isascii():
            name = name.lower()
            if name not in values:  # HTML drops a repeated attribute
                group = match.lastindex or 1
                if group == 1:
                    values[name] = ("", end)
                else:
                    values[name] = (match.group(group), match.start(group))
    return values, end


def _ascii_lower(text: str) -> str:
    """HTML's "ASCII lowercase": other letters are left as they are."""
    return text.lower() if text.isascii() else re.sub("[A-Z]+", lambda m: m.group().lower(), text)


# -- the scan: HTMLParser's loop, HTML's tokenizer and a rough tree builder ---------------
class _Stop(Exception):
    """Nothing further in the document matters."""


# (element, attribute, reference, line, column, whether it is a base element's href)
Reference = tuple[str, str, str, int, int, bool]


class _Scanner(HTMLParser):
    """Collects the references of a document fed whole (so that an unterminated construct
    can run to its end) and the ``href`` of its first ``base`` element.

    HTMLParser's loop drives the scan: it tells text from markup, keeps the line and
    column, and skips the content of ``script`` and the like.  Tags are read here, once,
    by the rules of HTML's tokenizer, which HTMLParser follows only in its latest
    versions (before them it ends a tag at a ">" inside a quote that is never closed,
    reads ``a==b`` as ``a=b``, ends an end tag at a quoted ">"); with a rough stack of
    open SVG and MathML elements, as HTML's tree builder keeps.  The other ``parse_*``
    hooks are replaced where HTMLParser would reparse an unterminated construct as text
    (quadratic on hostile input) or raise: ``_markupbase``'s marked sections raise
    ``AssertionError`` on ``<![`` before a space or an unknown keyword (CPython 3.10 to
    3.13), and ``html.unescape`` a ``ValueError`` on a decimal reference past the digit
    limit of ``int()`` (``scan`` feeds those changed).  Nothing catches a failure of the
    loop: one no hook prevents is a bug to surface, not a document cut short.
    """

    def __init__(self, source: str, patched: bool, stop_at_base: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[Reference] = []
        self.base: str | None = None  # the trimmed href of the first base element
        self._source = source
        self._patched = patched  # the text fed differs from source (same length)
        self._stop_at_base = stop_at_base
        # Open elements from the outermost svg or math element in: (name, namespace,
        # whether HTML rules apply inside it), a rough stack of HTML's tree builder;
        # how many of each name it holds, so that an end tag of an element not open
        # reads no stack; and for each open template, how deep the stack was then.
        self._open: list[tuple[str, str, bool]] = []
        self._open_names: dict[str, int] = {}
        self._templates: list[int] = []
        self._line_starts: list[int] = []

    # -- tags ----------------------------------------------------------------------------
    def parse_starttag(self, i: int) -> int:
        text, name = self._tag(i)
        name_end = 1 + len(name)
        self.lasttag = element = _ascii_lower(name)
        rules = ELEMENTS.get(element)
        foreign = self._foreign()
        values: _Values = {}
        tail = name_end
        wanted = foreign or rules is not None or element in ("svg", "math")
        if wanted or ANY_HINT.search(text, name_end):
            values, tail = _attribute_values(text, name_end)
        if foreign and (
            element in _BREAKOUT or (element == "font" and values.keys() & _FONT_BREAKOUT)
        ):
            self._break_out()
            foreign = False
        if values:
            self._collect(text, element, rules or {}, values, foreign)
        self_closing = text.endswith("/>") and tail <= len(text) - 2
        stack = self._open
        if foreign:  # an SVG or MathML element: "/>" closes it
            if not self_closing:
                namespace = stack[-1][1]
                html = element in _INTEGRATION_POINTS[namespace] or (
                    element == "annotation-xml"
                    and _ascii_lower(decode(values.get("encoding", ("", 0))[0])[0])
                    in _HTML_ENCODINGS
                )
                self._push(element, namespace, html)
        elif element in ("svg", "math"):
            if not self_closing:
                self._push(element, element, False)
        else:  # an HTML element: "/>" means nothing
            if stack and element not in _VOID:
                self._push(element, "html", True)
            if element == "template":
                self._templates.append(len(stack))
            elif element in _TEXT_ONLY:
                self.set_cdata_mode(element)
            elif element == "plaintext":
                raise _Stop
        return i + len(text)

    def parse_endtag(self, i: int) -> int:
        if self.cdata_elem is not None:  # the end of a script, style, ...
            end = super().parse_endtag(i)
            return len(self.rawdata) if end < 0 else end
        if not _END_TAG_OPEN.match(self.rawdata, i):
            if self.rawdata.startswith("</>", i):
                return i + 3  # nothing
            return self.parse_bogus_comment(i)
        text, name = self._tag(i)
        self.handle_endtag(_ascii_lower(name))
        return i + len(text)

    def handle_endtag(self, tag: str) -> None:
        stack = self._open
        if self._foreign() and tag in ("p", "br"):
            self._break_out()
        elif tag == "template" and self._templates:
            self._close(self._templates.pop())
        if self._open_names.get(tag):  # close the innermost one and those in it
            index = len(stack) - 1
            while stack[index][0] != tag:
                index -= 1
            self._close(index)

    def _push(self, element: str, namespace: str, html: bool) -> None:
        """Open an element: (name, namespace, whether HTML rules apply inside it)."""
        self._open.append((element, namespace, html))
        self._open_names[element] = self._open_names.get(element, 0) + 1

    def _close(self, depth: int) -> None:
        """Close the open elements from ``depth`` in.  Each element is closed once, so
        what end tags read of the stack is what start tags put on it (linear)."""
        names = self._open_names
        for element, _, _ in self._open[depth:]:
            names[element] -= 1
        del self._open[depth:]

    def _tag(self, i: int) -> tuple[str, str]:
        """The source of the tag at ``i`` ("<" or "</", then a letter) as HTML's tokenizer
        reads it, and its name; if the input ends inside it, there is no tag and nothing
        more."""
        rawdata = self.rawdata
        name = _TAG_NAME.match(rawdata, i)
        if name is None:  # pragma: no cover - the caller saw "<" or "</" and a letter
            raise _Stop
        end = name.end()
        attribute = _ATTRIBUTE.match
        while (match := attribute(rawdata, end)) is not None:
            end = match.end()
        close = _TAG_CLOSE.match(rawdata, end)
        if close is None:  # the input ends inside the tag (or a quoted value)
            raise _Stop
        if not self._patched:
            return rawdata[i : close.end()], name.group(1)
        text = self._source_text(i, close.end())
        return text, text[name.start(1) - i : name.end(1) - i]

    def _foreign(self) -> bool:
        """Whether the current element is an SVG or MathML one with no HTML inside."""
        return bool(self._open) and not self._open[-1][2]

    def _break_out(self) -> None:
        """HTML "parsing tokens in foreign content": this tag ends the foreign elements."""
        depth = len(self._open)
        while depth and not self._open[depth - 1][2]:
            depth -= 1
        self._close(depth)

    def _collect(
        self, text: str, element: str, rules: dict[str, int], values: _Values, foreign: bool
    ) -> None:
        """The references in the attribute values of one start tag."""
        newlines: list[int] | None = None  # where the tag's line breaks are, once read
        for name, (raw, offset) in values.items():
            kind = rules.get(name)
            if kind is None:
                kind = ANY_ELEMENT.get(name)
                if kind is None and foreign:
                    kind = FOREIGN.get(name)
                if kind is None:
                    continue
            elif kind == REFRESH:
                equiv = decode(values.get("http-equiv", ("", 0))[0])[0]
                if _ascii_lower(equiv) != "refresh":
                    continue
            value, spans = decode(raw)
            is_base = element == "base" and name == "href" and not foreign
            for reference, index in references(kind, value):
                if newlines is None:
                    newlines = [match.start() for match in _NEWLINE.finditer(text)]
                line, column = self._position(newlines, offset + raw_index(index, spans))
                self.found.append((element, name, reference, line, column, is_base))
                if is_base and self.base is None and not self._templates:
                    self.base = reference
                    if self._stop_at_base:
                        raise _Stop

    def _source_text(self, start: int, end: int) -> str:
        """``rawdata[start:end]`` as the document has it (when what was fed differs)."""
        if not self._line_starts:
            self._line_starts = [0, *(m.end() for m in re.finditer("\n", self._source))]
        line, column = self.getpos()
        begin = self._line_starts[line - 1] + column
        return self._source[begin : begin + end - start]

    def _position(self, newlines: list[int], offset: int) -> tuple[int, int]:
        """Line and column (from 1) of ``text[offset]``, ``text`` being this start tag and
        ``newlines`` the indexes of its line breaks (a search, not a count from the tag's
        start for each of its references)."""
        line, column = self.getpos()
        before = bisect_left(newlines, offset)  # the line breaks before the reference
        if not before:
            return line, column + offset + 1
        return line + before, offset - newlines[before - 1]

    # -- markup that is not a tag: HTML's rules, and the end of the input is the end ----
    def parse_comment(self, i: int, report: bool = True) -> int:
        rawdata = self.rawdata
        if rawdata.startswith(">", i + 4):  # "<!-->" and "<!--->" are empty comments
            return i + 5
        if rawdata.startswith("->", i + 4):
            return i + 6
        match = _COMMENT_END.search(rawdata, i + 4)
        return len(rawdata) if match is None else match.end()

    def parse_bogus_comment(self, i: int, report: bool = True) -> int:
        end = self.rawdata.find(">", i + 2)
        return len(self.rawdata) if end < 0 else end + 1

    def parse_pi(self, i: int) -> int:
        return self.parse_bogus_comment(i)  # HTML has no processing instructions

    def parse_html_declaration(self, i: int) -> int:
        rawdata = self.rawdata
        if rawdata.startswith("<!--", i):
            return self.parse_comment(i)
        if self._open and self._open[-1][1] != "html" and rawdata.startswith("<![CDATA[", i):
            end = rawdata.find("]]>", i + 9)  # a CDATA section, in an SVG or MathML element
            return len(rawdata) if end < 0 else end + 3
        return self.parse_bogus_comment(i)  # a DOCTYPE, too, ends at the first ">"


def scan(document: str, stop_at_base: bool) -> _Scanner:
    """The references of ``document`` (a ``str``: :mod:`urikit.html` checks), and its
    base element's ``href``; only the latter, as soon as it is found, with
    ``stop_at_base``."""
    if "\r" in document:  # HTML's input stream: CR LF and CR are LF
        document = document.replace("\r\n", "\n").replace("\r", "\n")
    fed, patched = _LONG_DECIMAL.subn("&_", document) if "&#" in document else (document, 0)
    scanner = _Scanner(document, bool(patched), stop_at_base)
    try:
        scanner.feed(fed)
        scanner.close()
    except _Stop:
        pass
    return scanner
