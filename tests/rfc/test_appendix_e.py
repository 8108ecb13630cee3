"""RFC 2396 Appendix E and RFC 3986 Appendix C: the example text, exactly as printed
(line breaks and indentation included), yields exactly its three URI references; and
with IRIs (RFC 3987) in their place, its three IRIs."""

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


# RFC 3986 Appendix C's text with the IRIs of RFC 3987 §3.1 (its examples, "résumé" and
# "Dürst") in place of its URIs: each is found whole, and given in the URI form §3.1 maps
# it to, under every grammar (RFC 2396 has no IRIs: a non-ASCII character stands where an
# escape may).
RFC3987_TEXT = """\
      Yes, Jim, I found it under "http://www.example.org/D\u00fcrst",
      but you can probably pick it up from <ftp://r\u00e9sum\u00e9.example.
      org/rfc/>.  Note the warning in <http://www.example.org/red%
      09ros\u00e9#red>.
"""


def test_rfc3987_iris_in_appendix_c() -> None:
    iris = [
        "http://www.example.org/D\u00fcrst",
        "ftp://r\u00e9sum\u00e9.example.org/rfc/",
        "http://www.example.org/red%09ros\u00e9#red",
    ]
    uris = [
        "http://www.example.org/D%C3%BCrst",
        "ftp://r%C3%A9sum%C3%A9.example.org/rfc/",
        "http://www.example.org/red%09ros%C3%A9#red",
    ]
    for grammar in ("rfc3986", "rfc3987", "rfc2396"):
        found = list(urikit.extract(RFC3987_TEXT, grammar=grammar))
        assert [m.iri for m in found] == iris
        assert [m.uri for m in found] == uris
        assert [m.delimiter for m in found] == ['""', "<>", "<>"]
