"""Crawl keys that are right: the rules of docs/crawl.md that the review of the crawl wing
checked (session ids, default ports, delimiters that decoding must not make, errors in
the caller's text) and the property that a key is its own key, for every profile, for
SURT keys and for the host of a SURT key, over hostile strings."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urikit
from tests.test_canonicalize import URLISH
from urikit import batch
from urikit._crawl.canonicalize import canonical_url
from urikit._crawl.lenient import JUNK
from urikit._crawl.surt import reverse_host

LENIENT = ["google", "semantic", "aggressive", "ia"]
ID32 = "0123456789abcdefghijklemopqrstuv"  # the surt package's tests' 32-character id
#: 31, 32 and 33 characters: only 32 is a session id.
BOUNDARIES = [(ID32[:31], False), (ID32, True), (ID32 + "0", False)]


# -- session ids: the Internet Archive's are exactly 32 characters ----------------------
@pytest.mark.parametrize("name", ["jsessionid", "JSESSIONID", "phpsessid", "sid"])
@pytest.mark.parametrize(("value", "dropped"), BOUNDARIES)
def test_ia_session_ids_are_exactly_32_characters(name: str, value: str, dropped: bool) -> None:
    """The ``surt`` package's tests (stripQuerySessionID: "we don't strip if not 32 chars
    only") and its keys: 31 and 33 characters stay."""
    kept = f"{name}={value}".lower()
    expected = "com,h)/p?x=y" if dropped else f"com,h)/p?{kept}&x=y"
    assert urikit.surt(f"http://h.com/p?{name}={value}&x=y") == expected
    key = urikit.canonicalize(f"http://h.com/p?{name}={value}&x=y", "ia")
    assert key == ("http://h.com/p?x=y" if dropped else f"http://h.com/p?{kept}&x=y")


@pytest.mark.parametrize(
    ("value", "dropped"),
    [("A" * 23, False), ("A" * 24, True), ("A" * 25, False), ("A" * 23 + "1", False)],
)
def test_ia_asp_session_ids_are_24_letters(value: str, dropped: bool) -> None:
    url = f"http://h.com/?aspsessionidABCDEFGH={value}&x"
    assert urikit.surt(url) == ("com,h)/?x" if dropped else f"com,h)/?{url[14:].lower()}")


@pytest.mark.parametrize(
    ("url", "key"),
    [  # the keys the surt package (0.3.1) makes, read as a black box
        ("http://h.com/?cfid=a&cftoken=b&x", "com,h)/?x"),  # any values
        ("http://h.com/?x&CFID=1&CFTOKEN=2", "com,h)/?&x"),  # the "&" before stays
        ("http://h.com/?a&sid=" + ID32, "com,h)/?&a"),
        ("http://h.com/?cfid=1&x&cftoken=2", "com,h)/?cfid=1&cftoken=2&x"),  # not a pair
    ],
)
def test_ia_session_pairs_and_separators(url: str, key: str) -> None:
    assert urikit.surt(url) == key


@pytest.mark.parametrize(("value", "dropped"), BOUNDARIES)
def test_aggressive_path_jsessionid_is_32_characters(value: str, dropped: bool) -> None:
    """urlcanon's ``strip_session_ids_from_path`` (``;jsessionid=`` + 32, at the end)."""
    key = urikit.canonicalize(f"http://h.com/a;jsessionid={value}", "aggressive")
    assert key == ("http://h.com/a" if dropped else f"http://h.com/a;jsessionid={value}")


# -- default ports written with leading zeros ---------------------------------------------
#: (url, profile) -> key.  google drops every port (Safe Browsing's expressions have
#: none); semantic and aggressive drop the URL Standard's default ports (§4.1), ia those
#: of http and https only (the Internet Archive's getDefaultPort); all read the port as
#: a number, as the URL Standard's port state does (080 is 80); whatwg is the URL
#: Standard itself; rfc3986 is RFC 3986 §6.2.3 through urikit.normalize.
PORTS = {
    ("http://h.example:080/a", "google"): "http://h.example/a",
    ("http://h.example:080/a", "semantic"): "http://h.example/a",
    ("http://h.example:080/a", "aggressive"): "http://h.example/a",
    ("http://h.example:080/a", "ia"): "http://h.example/a",
    ("http://h.example:080/a", "whatwg"): "http://h.example/a",
    ("http://h.example:080/a", "rfc3986"): "http://h.example/a",
    ("https://h.example:0443/a", "google"): "https://h.example/a",
    ("https://h.example:0443/a", "semantic"): "https://h.example/a",
    ("https://h.example:0443/a", "aggressive"): "http://h.example/a",
    ("https://h.example:0443/a", "ia"): "https://h.example/a",
    ("https://h.example:0443/a", "whatwg"): "https://h.example/a",
    ("https://h.example:0443/a", "rfc3986"): "https://h.example/a",
    ("https://h.example:080/a", "aggressive"): "http://h.example/a",  # https as http
    ("https://h.example:080/a", "ia"): "https://h.example:80/a",
    ("ftp://h.example:021/", "semantic"): "ftp://h.example/",
    ("ftp://h.example:021/", "ia"): "ftp://h.example:21/",  # not a default port of IA's
    ("ws://h.example:0080/", "semantic"): "ws://h.example/",
    ("http://h.example:0/a", "semantic"): "http://h.example:0/a",
    # the URL Standard's own tests (WPT urltestdata.json, as urlcanon's testdata has it)
    ("http://f:00000000000000/c", "semantic"): "http://f:0/c",
    ("http://f:00000000000000/c", "whatwg"): "http://f:0/c",
    ("http://f:00000000000000000000080/c", "semantic"): "http://f/c",
    ("http://f:00000000000000000000080/c", "ia"): "http://f/c",
    ("http://f:00000000000000000000080/c", "whatwg"): "http://f/c",
}


@pytest.mark.parametrize(("url", "profile"), list(PORTS))
def test_default_ports_with_leading_zeros(url: str, profile: str) -> None:
    assert urikit.canonicalize(url, profile) == PORTS[url, profile]


def test_surt_elides_a_default_port_with_leading_zeros() -> None:
    assert urikit.surt("http://h.example:080/a") == "example,h)/a"
    assert urikit.surt("https://h.example:0443/a") == "example,h)/a"
    assert urikit.surt("https://h.example:0443/a", form="ssurt") == "example,h,//https:/a"


# -- decoding makes no delimiter -----------------------------------------------------------
#: (url, profile) -> key: an escaped delimiter stays escaped where a step splits at it.
DELIMITERS = {
    # the query is cut at & and = to drop session ids and sort (the surt package's own
    # test_surt_query, which it marks xfail, expects this key)
    ("http://example.com/script?type=a+b+%26+c&grape=wine", "ia"): (
        "http://example.com/script?grape=wine&type=a+b+%26+c"
    ),
    ("http://h/?b%3D1=2&b=1", "ia"): "http://h/?b=1&b%3d1=2",
    ("http://h/?jsessionid%3D" + ID32, "ia"): "http://h/?jsessionid%3d" + ID32,
    # the path is cut at / (dot segments, runs of slashes, a trailing slash), ? and #
    ("http://h/a%2F..%2Fb", "ia"): "http://h/a%2f..%2fb",
    ("http://h/a%2F..%2Fb", "semantic"): "http://h/a%2F..%2Fb",
    ("http://h/a%2F..%2Fb", "aggressive"): "http://h/a%2f..%2fb",
    ("http://h/a%2F", "ia"): "http://h/a%2f",
    ("http://h/a%3Fb?c", "ia"): "http://h/a%3fb?c",
    ("http://h/a%5C..%5Cb", "semantic"): "http://h/a%5C..%5Cb",  # a special scheme's "\"
    ("http://h/a%3Bjsessionid=" + ID32, "aggressive"): "http://h/a%3bjsessionid=" + ID32,
    ("http://h/a/(S(4hqa0555fwsecu455xqckv45))%2Fb.aspx", "ia"): (
        "http://h/a/(s(4hqa0555fwsecu455xqckv45))%2fb.aspx"
    ),
    # the host: an IP literal's brackets, a port's colon, the userinfo's @
    ("http://%5B::1%5D/", "google"): "http://%5B%3A%3A1%5D/",
    ("http://%5B::1%5D/", "semantic"): "http://%5B%3A%3A1%5D/",
    ("http://%5B::1%5D/", "ia"): "http://%5B%3A%3A1%5D/",
    ("http://a%3A80%40b/", "google"): "http://a%3A80%40b/",
    # google is Safe Browsing's text, which unescapes all (its keys are hashed as text)
    ("http://h/a%2F..%2Fb", "google"): "http://h/b",
    ("http://example.com/script?type=a+b+%26+c&grape=wine", "google"): (
        "http://example.com/script?type=a+b+&+c&grape=wine"
    ),
}


@pytest.mark.parametrize(("url", "profile"), list(DELIMITERS))
def test_decoding_makes_no_delimiter(url: str, profile: str) -> None:
    assert urikit.canonicalize(url, profile) == DELIMITERS[url, profile]


def test_surt_keeps_escaped_delimiters() -> None:
    url = "http://example.com/script?type=a+b+%26+c&grape=wine"
    assert urikit.surt(url) == "com,example)/script?grape=wine&type=a+b+%26+c"
    assert urikit.surt("http://a%2Cb.com/") == "com,a%2Cb)/"  # not b.a.com's com,a,b
    assert urikit.surt("http://a,b.com/") == "com,a%2Cb)/"
    assert urikit.surt("http://a)b.com/x") == "com,a%29b)/x"  # the host ends at ")"


# -- errors in the caller's text -------------------------------------------------------------
@pytest.mark.parametrize(
    ("url", "position"),
    [
        ("@/:/1", 1),  # http:///1 would read back as http://0.0.0.1/
        ("http://", 7),
        ("http://@/a", 8),
        ("https://:443/", 8),
        ("  \t http://u@/a", 13),  # junk and a tab before: counted in the caller's text
        ("http:/\t/\n/u@/a", 12),
        ("\x00\x01ws://\r\n:80/", 9),
        ("http://\u00e9@/", 9),  # an octet count would say 10
        ("\t http://h/\t\n\ud800", 13),  # a lone surrogate, which has no octets
        ("http://h/\u00e9\u00e9\ud800", 11),
    ],
)
def test_errors_are_positioned_in_the_callers_text(url: str, position: int) -> None:
    for profile in LENIENT:
        with pytest.raises(urikit.URISyntaxError) as info:
            urikit.canonicalize(url, profile)
        assert (info.value.text, info.value.position) == (url, position), profile
    assert batch.canonicalize([url]) == [None]


@pytest.mark.parametrize(
    ("url", "position"),
    [(" \t http://\t@/a", 12), ("\x00connect::443", 9), (" connect:\t:443", 10)],
)
def test_surt_errors_are_positioned_in_the_callers_text(url: str, position: int) -> None:
    with pytest.raises(urikit.URISyntaxError) as info:
        urikit.surt(url)
    assert (info.value.text, info.value.position) == (url, position)


def test_empty_hosts() -> None:
    """A special scheme's URL without a host is refused (its key would read back as
    another URL); a file URL's host and a non-special scheme's may be empty."""
    for junk in ("", "   ", "http://", "ftp://@/"):
        with pytest.raises(urikit.URISyntaxError) as info:
            urikit.canonicalize(junk, "semantic")
        assert info.value.kind is urikit.ErrorKind.INVALID_HOST
    assert urikit.canonicalize("file:///a", "semantic") == "file:///a"
    assert urikit.canonicalize("x:///a", "semantic") == "x:///a"
    assert urikit.surt("") == urikit.surt("\x00 ") == "-"


# -- a key is its own key --------------------------------------------------------------------
_PIECES = {
    "scheme": [
        *("", "http:", "HTTP:", "https:", "file:", "ftp:", "ws:", "wss:", "gopher:", "x:"),
        *("a+b:", "connect:", "mailto:"),
    ],
    "slashes": ["", "/", "//", "///", "\\\\", "/\\", "////"],
    "userinfo": ["", "@", "u@", "u:p@", ":@", "a@b@", "%40@", "\u00e9@"],
    "host": [
        *("", ".", "..", "www.", "www2.", "www1355544.", "example", "EXAMPLE", "com", "a"),
        *("0x7f", "127", "1", "0", "256", "08", "[::1]", "[::FFFF:1.2.3.4]", "[v1.x]", "[", "]"),
        *("\u00e9", "\u98df", "\u00df", "\u2100", "\U0001f600", "\u00ad", "\u3002", "\uff21"),
        *("%2E", "%2F", "%5B", "%5D", "%3A", "%40", "%25", "%00", "%80", "%C3%A9", "%2C"),
        *("%E3%80%82", "%5Bv1.x%5D", "%EF%BC%91", ")", ",", ":", "xn--", "xn--a", "-", "_", " "),
        *("\udc80", "!", "www.1", "\uff10\uff58\uff17\uff46"),
    ],
    "port": [
        *("", "", ":", ":080", ":80", ":443", ":0443", ":1\u00e9", ":\u0668\u0660"),
        *(":99999", ":0", ":a", "::1"),
    ],
    "path": [
        *("/", "/", "//", ".", "..", "/.", "/..", "%2E", "%2e%2E", "%2F", "%3F", "%5C", "\\"),
        *(";", ";jsessionid=" + ID32, "a", "A", "\u00e9", "%25", "%", "%zz", " ", "\t"),
        *("/(S(4hqa0555fwsecu455xqckv45))/", ".aspx", "%23", "%3B", "@", ":", "0", "%252F"),
    ],
    "query": [
        *("&", "&", "=", "%26", "%3D", "a", "B", "b=1", "a=2", "jsessionid=" + ID32),
        *("sid=" + ID32, "cfid=1", "cftoken=a", "?", "%3F", "+", "%2B", "\u00e9", "%", "%2526"),
        *("aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX", " ", "%23", ";"),
    ],
    "fragment": ["", "#", "#f", "#a#b", "#%23", "#\u00e9"],
    "junk": ["", "", " ", "\t", "\n", "\x00", "\u00a0"],
}


def _run(name: str, most: int) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(_PIECES[name]), max_size=most).map("".join)


@st.composite
def hostile_urls(draw: st.DrawFn) -> str:
    """Strings near URLs, each part drawn from pieces that broke keys: userinfo ``@``
    and ``:``, empty hosts, IP literals, non-ASCII ports and hosts, ``%`` triplets of
    delimiters, dots, session ids."""
    one = draw
    text = one(st.sampled_from(_PIECES["junk"])) + one(st.sampled_from(_PIECES["scheme"]))
    text += one(st.sampled_from(_PIECES["slashes"])) + one(st.sampled_from(_PIECES["userinfo"]))
    text += one(_run("host", 5)) + one(st.sampled_from(_PIECES["port"])) + one(_run("path", 6))
    if one(st.booleans()):
        text += "?" + one(_run("query", 5))
    return text + one(st.sampled_from(_PIECES["fragment"])) + one(st.sampled_from(_PIECES["junk"]))


HOSTILE = st.one_of(hostile_urls(), URLISH)


def _key(url: str, profile: str) -> str | None:
    try:
        return urikit.canonicalize(url, profile)
    except urikit.URISyntaxError:
        return None


@given(HOSTILE, st.sampled_from([*LENIENT, "whatwg", "rfc3986"]))
@example("@/:/1", "google")  # http:///1, then http://0.0.0.1/: now an error
@example("http://[::1]:1\u00e9/", "ia")  # the port's octets, again at each pass
@example("A://[v0.!]///", "ia")  # a run of trailing slashes that no step collapses
@example("A:0%2f", "google")  # a path that unescaping makes a port: a:0/ is http://a:0/
@example("a:0%5c", "semantic")
@example("http://h/a%3Fz=1&b=2?y", "ia")
@example("http://h/x/.%3Fa?b", "google")  # a decoded "?" after a dot segment
@example("::", "google")  # a host of colons
@example("//[0:0:0:0:0:0:0:0%25%2f]", "google")  # a "/" unescaped in an IP literal
@example("//[::0:0:0:0:0:0:0%25%5d-----]:0", "google")  # a "]" unescaped in an IP literal
@example("http://%E3%80%82", "semantic")  # IDNA maps U+3002 to a dot: a host of dots
@example("ftp://h:080", "aggressive")  # https as http after the default port went
@example("https://h:080", "aggressive")
@example("http://www2.www2.example.com/", "ia")  # every www label, not one a pass
@example("x:/.//www.a.b", "ia")  # a path that becomes //www.a.b, after no authority
@example("http://h/..;jsessionid=" + ID32, "aggressive")  # stripping leaves a dot segment
@example("http://h/a;jsessionid=" + ID32 + ";jsessionid=" + ID32, "aggressive")
@example("http://h/(S(4hqa0555fwsecu455xqckv45))/.aspx/", "ia")
@example("http://www.1.2/", "ia")  # what www leaves would read as IPv4
def test_keys_are_fixed_points(url: str, profile: str) -> None:
    """A key is its own key: canonicalizing it again changes nothing; a URL whose key
    would not read back as itself is an error instead."""
    key = _key(url, profile)
    if key is None:
        return
    assert urikit.canonicalize(key, profile) == key
    if profile in ("google", "ia"):
        assert key.isascii()


_FORMS = {"ia": "ia", "ssurt": "semantic"}


@given(HOSTILE, st.sampled_from(list(_FORMS)))
@example("\u00a0x:\u00e9@?", "ia")  # the junk surt strips is the profiles' junk
@example("\x00connect:///u@", "ia")
@example("http://a,b.com/", "ia")
@example("x:/\\a@b@:8080/..//", "ssurt")  # a path that becomes //, after no authority
@example("a+b:/u:p@*:0443/..///www%25?a&=%23\u00e9", "ia")
def test_the_surt_of_a_key_is_the_surt(url: str, form: str) -> None:
    """A SURT key is made of the URL's canonical form: the key of that form is the same
    key (the ARC/WARC pseudo-URLs and ``connect:`` targets, which the profiles do not
    read, aside)."""
    try:
        found = urikit.surt(url, form=form)
    except urikit.URISyntaxError:
        assert _key(url.strip(JUNK), _FORMS[form]) is None or url.strip(JUNK)[:8].lower() == (
            "connect:"
        )
        return
    text = url.strip(JUNK)
    if not text or text[:10].lower().startswith(("connect:", "dns:", "filedesc:", "warcinfo:")):
        return
    assert urikit.surt(urikit.canonicalize(url, _FORMS[form]), form=form) == found


def _host_of(key: str) -> str:
    """The host of an ``ia`` SURT key: before its first ``)``, without its port."""
    host = key.partition(")")[0]
    if host[:1] == "[":
        return host[: host.index("]") + 1]
    return host.partition(":")[0]  # a ":" in a host is escaped


def _unreversed(host: str) -> str:
    """The host a SURT key's host stands for: its labels in their order again."""
    if host[:1] == "[" or reverse_host(host) == host:  # an address
        return host
    return ".".join(reversed(host.split(",")))


@given(HOSTILE)
@example("http://a)b.com/")  # a ")" in the host: the key's host ends at the first
@example("http://a%2Cb.com/")  # a "," in a label
@example("http://[v1.)]/")
def test_the_host_of_a_surt_key_is_its_own(url: str) -> None:
    """The host of an ``ia`` SURT key stands for a host whose key has that host again."""
    try:
        found = urikit.surt(url)
        scheme = canonical_url(url.strip(JUNK), "ia").scheme
    except urikit.URISyntaxError:
        return
    if ")" not in found or url.strip(JUNK)[:8].lower() == "connect:":
        return
    host = _host_of(found)
    assert _host_of(urikit.surt(f"{scheme}://{_unreversed(host)}/")) == host
