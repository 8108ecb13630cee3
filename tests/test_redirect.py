"""``urikit.redirect_target`` and ``urikit redirect`` (issue 22): Django's own test cases
of ``url_has_allowed_host_and_scheme`` as data, all agreeing; the open-redirect shapes
Django lets through, refused; a verdict for any string; the command.

Django's cases are those of ``tests/utils_tests/test_http.py`` (class
``URLHasAllowedHostAndSchemeTests``), with the allowed hosts and ``require_https`` each
test passes (``require_https=True`` is ``schemes=("https",)``); Django itself is not
needed to run them.
"""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from tests.test_cli import run

BAD_URLS = [
    "http://example.com",
    "http:///example.com",
    "https://example.com",
    "ftp://example.com",
    r"\\example.com",
    r"\\\example.com",
    r"/\\/example.com",
    r"\\//example.com",
    r"/\/example.com",
    r"\/example.com",
    r"/\example.com",
    r"http:/\//example.com",
    r"http:\/example.com",
    r"http:/\example.com",
    'javascript:alert("XSS")',
    "\njavascript:alert(x)",
    "java\nscript:alert(x)",
    "\x08//example.com",
    r"http://otherserver\@example.com",
    r"http:\\testserver\@example.com",
    r"http://testserver\me:pass@example.com",
    r"http://testserver\@example.com",
    r"http:\\testserver\confirm\me@example.com",
    "http:999999999",
    "ftp:9999999999",
    "\n",
    "http://[2001:cdba:0000:0000:0000:0000:3257:9652/",
    "http://2001:cdba:0000:0000:0000:0000:3257:9652]/",
]
GOOD_URLS = [
    "/view/?param=http://example.com",
    "/view/?param=https://example.com",
    "/view?param=ftp://example.com",
    "view/?param=//example.com",
    "https://testserver/",
    "HTTPS://testserver/",
    "//testserver/",
    "http://testserver/confirm?email=me@example.com",
    "/url%20with%20spaces/",
    "path/http:2222222222",
]
# (url, allowed_hosts, schemes, Django's answer): the other tests of the class
OTHERS: list[tuple[str, object, tuple[str, ...], bool]] = [
    ("http://user:pass@testserver/", {"user:pass@testserver"}, ("http", "https"), True),
    ("/confirm/me@example.com", None, ("http", "https"), True),
    (r"http://testserver\@example.com", None, ("http", "https"), False),
    ("http://good.com/good", "good.com", ("http", "https"), True),
    ("http://good.co/evil", "good.com", ("http", "https"), False),
    ("https://example.com/p", {"example.com"}, ("https",), True),
    ("HTTPS://example.com/p", {"example.com"}, ("https",), True),
    ("/view/?param=http://example.com", {"example.com"}, ("https",), True),
    ("http://example.com/p", {"example.com"}, ("https",), False),
    ("ftp://example.com/p", {"example.com"}, ("https",), False),
    ("//example.com/p", {"example.com"}, ("https",), False),
]


@pytest.mark.parametrize("url", BAD_URLS)
def test_django_bad_urls_are_refused(url: str) -> None:
    verdict = urikit.redirect_target(url, allowed_hosts={"testserver", "testserver2"})
    assert not verdict.safe and not verdict, verdict


@pytest.mark.parametrize("url", GOOD_URLS)
def test_django_good_urls_are_safe(url: str) -> None:
    verdict = urikit.redirect_target(url, allowed_hosts={"otherserver", "testserver"})
    assert verdict.safe, verdict


@pytest.mark.parametrize(("url", "allowed", "schemes", "django"), OTHERS)
def test_django_other_cases_agree(
    url: str, allowed: object, schemes: tuple[str, ...], django: bool
) -> None:
    verdict = urikit.redirect_target(url, allowed_hosts=allowed, schemes=schemes)  # type: ignore[arg-type]
    assert verdict.safe is django, verdict


# What Django lets through (each reading agrees on the host; lint says why not).
@pytest.mark.parametrize(
    ("url", "rule"),
    [
        ("/%09/google.com", "encoded-control"),  # servers that decode it redirect to //google.com
        ("/%5cgoogle.com", "encoded-slash"),  # /\google.com once decoded: another host
        ("https://trusted.example.com?@evil.example.net/", "authority-confusion"),
        ("/%2F%2Fevil.example", "encoded-slash"),
        ("https://trusted.example.com/..;/admin", "path-parameter-traversal"),
        ("https://trusted.example.com\u3002evil.example/", "mapped-host"),
    ],
)
def test_the_shapes_django_lets_through_are_refused(url: str, rule: str) -> None:
    verdict = urikit.redirect_target(url, allowed_hosts=["trusted.example.com"])
    assert not verdict.safe
    assert verdict.findings and verdict.findings[0].rule == rule
    assert verdict.reason.startswith(rule)


def test_the_verdict_says_each_reading() -> None:
    verdict = urikit.redirect_target("/\\evil.example", allowed_hosts=["example.com"])
    assert dict(verdict.hosts) == {"whatwg": "evil.example", "urllib": "", "urikit": None}
    assert verdict.target == "http://evil.example/"
    with pytest.raises(TypeError):
        verdict.hosts["whatwg"] = "x"  # type: ignore[index]
    safe = urikit.redirect_target(
        "../b?c#d", base="https://trusted.example/a/x", allowed_hosts=[]
    )  # the base's own host is allowed
    assert safe.safe and safe.target == "https://trusted.example/b?c#d"
    assert safe.scheme == "https" and safe.reason == "it leads to the allowed host trusted.example"
    other = urikit.redirect_target("//evil.example/", base="https://trusted.example/")
    assert not other.safe and other.reason == "the host evil.example is not allowed"
    idn = urikit.redirect_target(
        "https://b\u00fccher.example/", allowed_hosts="xn--bcher-kva.example"
    )
    assert idn.safe and idn.hosts["whatwg"] == "xn--bcher-kva.example"
    port = urikit.redirect_target("https://h.example:8443/", allowed_hosts=["h.example:443"])
    assert not port.safe
    assert urikit.redirect_target("https://h.example:8443/", allowed_hosts=["h.example:8443"])
    v6 = urikit.redirect_target("http://[::1]:80/", allowed_hosts=["[::1]:80"])
    assert v6.safe and v6.hosts["urllib"] == "::1"
    data = urikit.redirect_target("data:text/html,<script>x</script>")
    assert not data.safe and data.findings[0].rule == "dangerous-scheme"
    assert not urikit.redirect_target("mailto:a@b.example").safe  # not http(s)
    bad_base = urikit.redirect_target("/x", base="no scheme")
    assert not bad_base.safe and bad_base.reason == "the base is no URI"


def test_the_arguments() -> None:
    with pytest.raises(TypeError, match="bytes"):
        urikit.redirect_target(b"/x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="int"):
        urikit.redirect_target("/x", base=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="int"):
        urikit.redirect_target("/x", allowed_hosts=[1])  # type: ignore[list-item]
    assert urikit.redirect_target("ftp://a/", allowed_hosts="a", schemes="ftp").safe


def test_the_browser_reading_needs_no_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """The URL Standard's reading is urikit's own (issue 31): with ada-url unimportable a
    file:, mailto:, sip:, data: or htt:ps: target, and a query before the host, are
    still refused, each for its reason."""
    monkeypatch.setitem(sys.modules, "ada_url", None)  # import ada_url raises ImportError
    allowed = ["example.com", "www.host"]
    safe = urikit.redirect_target("https://example.com/a", allowed_hosts=allowed)
    assert safe.safe and safe.target == "https://example.com/a"
    assert safe.hosts["whatwg"] == "example.com"
    refused = {
        "file:///etc/passwd": "the scheme file: is not one of http, https",
        "mailto:a@example.com": "the scheme mailto: is not one of http, https",
        "sip:a@example.com": "the scheme sip: is not one of http, https",
        "data:image/png;base64,AAAA": "the scheme data: is not one of http, https",
        "htt:ps://example.com/": "the scheme htt: is not one of http, https",
        "https://?www.host/x": "browsers cannot follow it (the URL Standard rejects it)",
    }
    for url, reason in refused.items():
        verdict = urikit.redirect_target(url, allowed_hosts=allowed)
        assert (verdict.safe, verdict.reason) == (False, reason), url


@given(st.text(max_size=40), st.sampled_from([None, "https://a.example/p/q", "x:y"]))
def test_any_string_gets_a_verdict(url: str, base: str | None) -> None:
    verdict = urikit.redirect_target(url, base=base, allowed_hosts=["a.example"])
    assert isinstance(verdict.safe, bool) and verdict.reason
    assert set(verdict.hosts) == {"whatwg", "urllib", "urikit"}


# -- the command --------------------------------------------------------------------------
REDIRECTS = b"/account\n/%5cevil.example\nhttps://trusted.example/x\nhttps://evil.example/\n"


def test_cli_prints_safe_targets_and_reports_refusals() -> None:
    result = run("redirect", "--allow", "trusted.example", "-", stdin=REDIRECTS)
    assert result.code == 1, result
    assert result.lines == ["/account", "https://trusted.example/x"]
    assert result.err.splitlines() == [
        "<stdin>:2:2: refused: encoded-slash: %5c is '\\\\', a delimiter once decoded, in the path",
        "<stdin>:4:1: refused: the host evil.example is not allowed",
        "2 safe, 2 refused",
    ]
    every = run("redirect", "-a", "trusted.example,evil.example", stdin=b"https://evil.example/\n")
    assert every.code == 0 and every.lines == ["https://evil.example/"]
    based = run("redirect", "--base", "https://trusted.example/a/", stdin=b"b\n")
    assert (based.code, based.lines) == (0, ["https://trusted.example/a/b"])
    assert run("redirect", "--base", "no scheme", stdin=b"b\n").code == 2
    https = run("redirect", "-a", "t.example", "--scheme", "https", stdin=b"http://t.example/\n")
    assert https.code == 1 and "the scheme http: is not one of https" in https.err


def test_cli_json_one_record_per_line() -> None:
    result = run("redirect", "--json", "--allow", "trusted.example", stdin=REDIRECTS)
    records = [json.loads(line) for line in result.lines]
    assert [r["safe"] for r in records] == [True, False, True, False]
    assert records[0]["hosts"] == {"whatwg": "", "urllib": "", "urikit": ""}
    assert records[0]["error"] is None and records[0]["target"] == "/account"
    refused = records[1]
    assert refused["findings"][0]["rule"] == "encoded-slash"
    assert refused["error"]["kind"] == "refused" and refused["error"]["column"] == 2
    assert result.err == "2 safe, 2 refused\n" and result.code == 1
