"""The text around URIs, for :mod:`urikit._text.extract`: where a URI may start in running
text, which characters it runs through, and what ends it or trails it (RFC 2396 Appendix
E, RFC 3986 Appendix C; RFC 3987 for the characters outside US-ASCII).

In plain text a URI ends at whitespace or at a character no URI holds, and trailing
sentence punctuation (``.``, ``,``, ``;``, ``:``, ``!``, ``?``, ``'``) and emphasis
markers (``*``, ``_``) are not part of it.  A candidate runs through the characters some
component holds, and through those a reader takes whole though RFC 3986 forbids them
(``{`` ``}`` of a template, ``|`` and ``^`` of a query); the scan decides where they end
it.  Around IRIs, text is not only ASCII: Unicode's spaces (Zs, Zl, Zp: a no-break
space, the ideographic space), its opening, closing and quotation punctuation (Ps, Pe,
Pi, Pf: ``「」【】“”«»``, full-width parentheses), the invisible word separators (zero
width space, word joiner, U+FEFF), the sentence punctuation of CJK text (``。、`` and the
full-width forms of ``, . ! ? : ;``, half-width ones too) and the full-width forms of
the ASCII characters no URI holds (``" < > \\ ^ ` { | }``) end a URI as a space does,
since CJK text puts no space after them; other punctuation outside ASCII (Po: ``…``,
``।``, ``؟``, ``·``) and the dashes (Pd: a renderer's U+2010 hyphen at a line break)
are trimmed from its end as ``.`` is.

An IRI path may be written in any script (``https://ja.wikipedia.org/wiki/日本語``), but
a word of a script written without spaces between words (Han, Kana, Thai, Lao, Khmer,
Myanmar) or whose particles are written glued to the word before (Hangul) does not
continue an ASCII letter or digit: ``smb://server/dir와 같이`` ends before ``와``, the
text's own word.  After a delimiter (``/``, ``=``, ``?``, ...) such a word is the IRI's.

The classes that depend on the Unicode database are computed the first time a text is
searched (a pass over the BMP, a few milliseconds), not at import.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import NamedTuple

from .._syntax.charsets import (
    IPRIVATE,
    SCHEME,
    SCHEME_REGEX,
    UCS,
    CharClass,
    Wide,
    char_class_regex,
)
from .._syntax.grammar import Grammar

__all__ = [
    "PROSE_AFTER_ASCII",
    "PROSE_SCRIPT",
    "START",
    "STRIPPABLE",
    "TextClasses",
    "text_classes",
    "uri_run",
]

#: Sentence punctuation and emphasis markers that trail a URI (Appendix E): what may be
#: taken off the end of a candidate, in ASCII.
STRIPPABLE = ".,;:!?'*_"
#: A bracketed roff name (``[lq]``): no ``[``, backslash or space in it, so that each is
#: looked through once (from each ``\[`` of ``\[\[\[...``, a name read to the next ``]``
#: was looked for to the end of the text: quadratic in the run).
_ROFF_NAME = r"\[[^\]\[\\\s]*\]"
#: A roff escape that ends or starts a URI and is no part of a scheme glued to it
#: (groff(7)): a font (``\fB``, ``\f5``, ``\f(CW``, ``\f[B]``), a special character
#: (``\(lq``, ``\[lq]``), a string (``\*(Aq``, ``\*[url]``), a colour (``\m[blue]``) or a
#: size (``\s-1``).
_ROFF_ESCAPE = rf"\\(?:[fFmM*](?:\(..|{_ROFF_NAME}|[0-9A-Za-z])|\(..|{_ROFF_NAME}|s[-+]?[0-9])"
# a scheme that does not continue a word of scheme characters or an identifier (``x_``;
# ``_`` alone may open emphasis), or that follows a roff escape
_SCHEME_START = (
    f"(?:{_ROFF_ESCAPE}|(?<!{char_class_regex(SCHEME)})(?<!\\w_))(?P<scheme>{SCHEME_REGEX}):"
)
#: Where a URI with a scheme may start (its group ``scheme``).
START = re.compile(_SCHEME_START)
#: Scripts written without spaces between words, or with particles glued to the word
#: before (Hangul): Thai, Lao, Myanmar, Hangul Jamo, Khmer, CJK punctuation to Kana and
#: Hangul compatibility Jamo, CJK Unified Ideographs (and extension A), Hangul, CJK
#: compatibility ideographs, half-width Kana, and the ideographs beyond the BMP.
_PROSE_SCRIPTS = (
    "\u0e00-\u0eff\u1000-\u109f\u1100-\u11ff\u1780-\u17ff\u3040-\u318f\u3400-\u4dbf"
    "\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f"
    "\U00020000-\U0003ffff"
)
#: A character of such a script.
PROSE_SCRIPT = re.compile(f"[{_PROSE_SCRIPTS}]")
#: An ASCII letter or digit followed by a word of such a script: the URI ends after it.
PROSE_AFTER_ASCII = re.compile(f"[0-9A-Za-z](?=[{_PROSE_SCRIPTS}])")
#: Characters a reader takes whole though RFC 3986 forbids them where the scan allows them.
_TAKEN_WHOLE = frozenset("{}|^")
# RFC 2396 Appendix F: www./ftp. hosts, or a dotted host name followed by "/" or ":port".
# Only where one starts matters; it is found without repeating a group (the regex engine
# would keep a record per repetition, per label): a dotted name is a run of label
# characters and dots with no ".." in it, the last label two letters or more.  _L_ stands
# for the label characters outside ASCII: the ucschar that are neither punctuation nor
# what ends a URI (an internationalized label, RFC 3987 §3.1).  A name starts where no
# label character (nor "\w", ".", "@", "/", ":", "%", "+", "-") precedes it, so that a
# run of label characters (combining marks included) is looked ahead through once.
_ABBREVIATED = (
    r"(?<![\w.@/:%+\-_L_])(?P<abbreviated>(?:www|ftp)\.[A-Za-z0-9\-_L_]+\.[A-Za-z0-9\-_L_]"
    r"|[A-Za-z0-9\-_L_](?![A-Za-z0-9.\-_L_]*\.\.)[A-Za-z0-9.\-_L_]*\.[A-Za-z_L_]{2,}(?=/|:[0-9]))"
)

#: CJK sentence punctuation: the ideographic comma and full stop, their half-width forms,
#: and the full-width forms of ! , . : ; ? (which UTS #46 would map to ASCII).
_CJK_PUNCTUATION = "\u3001\u3002\uff61\uff64\uff01\uff0c\uff0e\uff1a\uff1b\uff1f"
#: The full-width forms of " < > \\ ^ ` { | }, characters no URI holds.
_FULL_WIDTH_EXCLUDED = "\uff02\uff1c\uff1e\uff3c\uff3e\uff40\uff5b\uff5c\uff5d"
#: Invisible separators of words: zero width space, word joiner, zero width no-break space.
_INVISIBLE = "\u200b\u2060\ufeff"
#: Unicode's spaces, brackets and quotation marks (all in the BMP).
_ENDING_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Ps", "Pe", "Pi", "Pf"})


class TextClasses(NamedTuple):
    """The character classes of text around IRIs."""

    #: The ucschar and iprivate characters that do not end a URI.
    wide: Wide
    #: What may be taken off the end of a candidate: :data:`STRIPPABLE` and the other
    #: punctuation (Po) outside ASCII.
    strippable: frozenset[str]
    #: A run of ``strippable``, to find where the trailing punctuation of a run begins.
    strippable_run: re.Pattern[str]
    #: A character that ends a URI though IRIs may hold it (see the module docstring).
    ending: re.Pattern[str]
    #: The starts of a URI: a scheme, or an abbreviated URL (RFC 2396 Appendix F).
    start_abbreviated: re.Pattern[str]


@cache
def text_classes() -> TextClasses:
    """The classes, computed once from the Unicode database of this Python."""
    categories = [(code, unicodedata.category(chr(code))) for code in range(0xA0, 0x10000)]
    ending = {code for code, category in categories if category in _ENDING_CATEGORIES}
    ending.update(map(ord, _CJK_PUNCTUATION + _FULL_WIDTH_EXCLUDED + _INVISIBLE))
    wide = (UCS | IPRIVATE) - Wide.of(*((code, code) for code in ending))
    # other punctuation (Po) and the dashes (Pd) of the BMP are trimmed; beyond it
    # (historic scripts) they are kept
    punctuation = [chr(code) for code, category in categories if category in ("Po", "Pd")]
    trailing = [char for char in punctuation if char in wide]
    strippable = frozenset(STRIPPABLE + "".join(trailing))
    label = wide - Wide.of(*((ord(char), ord(char)) for char in trailing))
    abbreviated = _ABBREVIATED.replace("_L_", label.regex())
    return TextClasses(
        wide,
        strippable,
        re.compile(char_class_regex(strippable) + "*"),
        re.compile(char_class_regex(set(map(chr, ending)))),
        re.compile(f"{_SCHEME_START}|{abbreviated}", re.IGNORECASE),
    )


_RUNS: dict[str, re.Pattern[str]] = {}


def uri_run(g: Grammar) -> re.Pattern[str]:
    """A run of the characters a candidate of grammar ``g`` runs through: those some
    component of ``g`` admits, those a reader takes whole (``{`` ``}`` ``|`` ``^``), and
    the IRI characters that do not end a URI in text."""
    run = _RUNS.get(g.name)
    if run is None:
        chars = CharClass(g.uri_chars.chars | _TAKEN_WHOLE, True, text_classes().wide)
        run = _RUNS[g.name] = re.compile(chars.regex() + "*")
    return run
