"""urikit._whatwg's contract on any string: a URL, or :class:`urikit.URISyntaxError`
(a :class:`TypeError` for what is not a string), never another exception; a URL's href
parses to the same URL (§4: "the result will equal the URL that was serialized"); the
setters and URLSearchParams take any string too."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.profiles import THOROUGH
from urikit._whatwg import URLSearchParams, can_parse, parse, validation_errors
from urikit._whatwg.setters import SETTERS
from urikit.errors import URISyntaxError

ALPHABET = [
    *"abcXYZ019:/?#[]@%.\\ \t\n\x00\x7f-_~!$&'()*+,;=<>^`{|}\"",
    *["é", "ß", "\u00ad", "\u200d", "\ud800", "\U0001f600", "\ufffd", "\uff0e", "\u3002"],
    *["xn--", "0x", "%2e", "%zz", "[::1]", "http://", "file:", "sc:", "C|", "1.2.3.4", ":65536"],
]
text = st.lists(st.sampled_from(ALPHABET), max_size=25).map("".join)
bases = st.sampled_from([None, "http://h/a/b", "file:///C:/x", "sc:op", "sc://h/p"])


@THOROUGH
@given(text, bases, st.lists(st.tuples(st.sampled_from(sorted(SETTERS)), text), max_size=4))
def test_any_string(input_text: str, base: str | None, changes: list[tuple[str, str]]) -> None:
    try:
        url = parse(input_text, base)
    except URISyntaxError as error:
        assert error.text == input_text and 0 <= error.position <= len(input_text)
        assert not can_parse(input_text, base)
        return
    assert can_parse(input_text, base)
    assert all(
        0 <= position <= len(input_text) for _, position in validation_errors(input_text, base)
    )
    assert parse(url.href) == url
    for name, value in changes:
        try:
            url = url.replace(**{name: value})
        except URISyntaxError:
            assert name == "href"
    str(url.search_params)
    assert url.origin == "null" or url.origin.startswith(url.protocol)


@given(text)
def test_search_params_take_any_string(query: str) -> None:
    params = URLSearchParams(query)
    assert str(URLSearchParams(str(params))) == str(params)
