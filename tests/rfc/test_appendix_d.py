"""RFC 2396 Appendix D, "Embedding the Base URI in HTML documents", verbatim: the base
embedded in the document wins over every other way of establishing one (§5.1), so the
link resolves the same "regardless of the context in which the example document was
obtained"."""

from __future__ import annotations

from typing import Any

import pytest

from urikit.html import Link, base_uri, links

# RFC 2396 Appendix D, the example document (indentation removed)
DOCUMENT = """\
<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>
"""
BASE = "http://www.ics.uci.edu/Test/a/b/c"
TARGET = "http://www.ics.uci.edu/Test/a/x"  # "should interpret ... as representing"

# The contexts the document may be obtained in (RFC 2396 §5.1.2 to §5.1.4), none of
# which may change the answer.
CONTEXTS = [
    {},
    {"retrieval_uri": "http://example.org/elsewhere/doc.html"},
    {"encapsulating_base": "cid:part1@example.org"},
    {"default": "file:///home/user/"},
    {
        "retrieval_uri": "ftp://ftp.example.org/pub/a.html",
        "encapsulating_base": "http://news.example.org/x/y",
        "default": "about:blank",
    },
]


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc2396"])
@pytest.mark.parametrize("context", CONTEXTS)
def test_appendix_d(context: dict[str, Any], grammar: str) -> None:
    assert base_uri(DOCUMENT, grammar=grammar, **context) == BASE
    found = list(links(DOCUMENT, grammar=grammar, **context))
    assert found == [
        Link("base", "href", BASE, BASE, 4, 13),
        Link("a", "href", "../x", TARGET, 6, 14),
    ]
