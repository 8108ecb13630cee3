"""RFC 2396 Appendix E and RFC 3986 Appendix C: the example text, exactly as printed
(line breaks and indentation included), yields exactly its three URI references."""

from __future__ import annotations

import urikit

RFC2396_TEXT = """\
      Yes, Jim, I found it under "http://www.w3.org/Addressing/",
      but you can probably pick it up from <ftp://ds.internic.
      net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
      ietf/uri/historical.html#WARNING>.
"""

RFC3986_TEXT = """\
      Yes, Jim, I found it under "http://www.w3.org/Addressing/",
      but you can probably pick it up from <ftp://foo.example.
      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
      ietf/uri/historical.html#WARNING>.
"""


def test_rfc2396_appendix_e() -> None:
    found = list(urikit.extract(RFC2396_TEXT, grammar="rfc2396"))
    assert [m.uri for m in found] == [
        "http://www.w3.org/Addressing/",
        "ftp://ds.internic.net/rfc/",
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    ]
    assert [m.delimiter for m in found] == ['""', "<>", "<>"]
    assert RFC2396_TEXT[found[1].start : found[1].end] == "ftp://ds.internic.\n      net/rfc/"
    assert [m.uri for m in urikit.extract(RFC2396_TEXT)] == [m.uri for m in found]


def test_rfc3986_appendix_c() -> None:
    assert [m.uri for m in urikit.extract(RFC3986_TEXT)] == [
        "http://www.w3.org/Addressing/",
        "ftp://foo.example.com/rfc/",
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    ]
