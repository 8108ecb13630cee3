# ruff: noqa: RUF001, RUF003  (the confusable characters are the data)
"""Writes ``set.jsonl`` beside it: the labeled set of issue 22 (see ``README.md``).

    python tests/data/lint/make_set.py

Every case is written out here, class by class, with the source it comes from; where a
source gives a technique rather than one string (an invisible character in a host, an
IPv4 address in another radix), the technique is applied to a few hosts and paths, each
variation listed.  Labels come from the sources and the judging rule of the README,
never from what any linter says.  Nothing here imports urikit.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

# -- the sources (README.md gives each one's full reference) ---------------------------
PORTSWIGGER = "PortSwigger URL validation bypass cheat sheet"
PATT_SSRF = "PayloadsAllTheThings, Server Side Request Forgery (URL format bypass)"
PATT_REDIRECT = "PayloadsAllTheThings, Open Redirect (filter bypass)"
HACKTRICKS = "HackTricks, URL format bypass"
ORANGE_2017 = "Orange Tsai, A New Era of SSRF (Black Hat USA 2017)"
ORANGE_2018 = "Orange Tsai, Breaking Parser Logic (Black Hat USA 2018)"
CLAROTY = "Claroty Team82 and Snyk, Exploiting URL Parsing Confusion (2022)"
CURL_43551 = "curl CVE-2022-43551 (HSTS bypass with IDN full stops)"
CURL_38545 = "curl CVE-2023-38545 (SOCKS5 heap overflow, host name over 255 bytes)"
LOG4J = "Log4j CVE-2021-45046 (allowlist bypass of 2.15)"
PY_24329 = "CPython CVE-2023-24329 (leading blanks bypass scheme blocklists)"
PY_11168 = "CPython CVE-2024-11168 (bracketed hosts that are no IPv6 address)"
PY_9636 = "CPython CVE-2019-9636 / CVE-2019-10160 (NFKC netloc)"
PY_9740 = "CPython CVE-2019-9740 / CVE-2019-9947 (CRLF injection in urllib)"
PY_0391 = "CPython CVE-2022-0391 (tab, CR, LF in urlsplit)"
PY_30500 = "CPython bpo-30500 (# and @ in the netloc)"
NODE_12116 = "Node.js CVE-2018-12116 (HTTP request splitting through Unicode)"
TOMCAT = "Apache Tomcat path parameters (..;/), CVE-2020-1938 family; Orange Tsai 2018"
DJANGO_TESTS = "Django tests/utils_tests/test_http.py (url_has_allowed_host_and_scheme)"
REDIRECT_FIXES = "open-redirect fixes 2025-26 (Django CVE-2025-xxxx class: %09, %5c leading)"
UTS46 = "Unicode UTS #46 (IDNA mapping: ignored, mapped, deviation characters)"
UTS39 = "Unicode UTS #39 (confusables, whole-script confusables)"
ZHENG = "Xudong Zheng, Phishing with Unicode Domains (2017): аррӏе.com"
CHROMIUM_IDN = "Chromium IDN display policy (whole-script confusables, mixed scripts)"
RFC3986_7 = "RFC 3986 §7 (security considerations)"
RFC1034 = "RFC 1034 §3.1, RFC 5890 §2.3.2.1 (63-octet labels, 255-octet names)"
RFC6874 = "RFC 6874 (zone identifiers in URIs) and its misuse"
XSS_SHEET = "OWASP XSS Filter Evasion Cheat Sheet (javascript:, data:)"
SAFE_REDIRECT = "OWASP Unvalidated Redirects and Forwards Cheat Sheet"

# legitimate sources
IANA_IDN = "IANA IDN test domains (example in eleven scripts, .テスト ...)"
IDN_REAL = "registered IDN hosts in one script (ccTLD registries' own examples)"
RFC6068 = "RFC 6068 §6 (mailto: examples)"
RFC8089 = "RFC 8089 Appendix B and E (file: URIs)"
RFC2397 = "RFC 2397 and MDN (data: URLs)"
RFC3986_EX = "RFC 3986 and RFC 4291/5952 examples"
GITLAB = "GitLab REST API docs (URL-encoded project path and file path)"
NPM = "npm registry API (scoped package names, @scope%2Fname)"
GCS = "Google Cloud Storage JSON API docs (object names with %2F)"
RABBITMQ = "RabbitMQ management HTTP API docs (vhost / as %2F)"
GITWEB = "gitweb (git.kernel.org, ;-separated query)"
GFONTS = "Google Fonts CSS2 API docs (family=...:wght@400;700)"
AWS = "AWS Signature Version 4 docs (presigned URLs)"
OAUTH = "RFC 6749 §4.1 (OAuth authorization request examples)"
WIKIPEDIA = "Wikipedia article URLs (IRIs and their percent-encoded forms)"
RFC_MISC = "RFC examples of other schemes (RFC 3966 tel:, RFC 4516 ldap:, RFC 5870 geo:)"
DJANGO_GOOD = "Django tests/utils_tests/test_http.py good_urls"
SERVLET = "Java Servlet spec / RFC 3986 §3.3 (path parameters ;jsessionid=)"

CASES: list[dict[str, str]] = []


def add(klass: str, source: str, *texts: str, note: str = "") -> None:
    for text in texts:
        case = {"class": klass, "text": text, "source": source}
        if note:
            case["note"] = note
        CASES.append(case)


# == attacks ===========================================================================
# -- invisible and default-ignorable characters in a host ------------------------------
# UTS #46 maps default-ignorable code points to nothing: browsers resolve the host
# without them, a filter comparing strings sees another host.
INVISIBLE = [
    "\u00ad",  # SOFT HYPHEN
    "\u200b",  # ZERO WIDTH SPACE
    "\u2060",  # WORD JOINER
    "\ufeff",  # ZERO WIDTH NO-BREAK SPACE
    "\u180e",  # MONGOLIAN VOWEL SEPARATOR
    "\u2061",  # FUNCTION APPLICATION
    "\u2062",  # INVISIBLE TIMES
    "\u2063",  # INVISIBLE SEPARATOR
    "\u2064",  # INVISIBLE PLUS
    "\u034f",  # COMBINING GRAPHEME JOINER
    "\ufe0f",  # VARIATION SELECTOR-16
    "\ufe00",  # VARIATION SELECTOR-1
    "\u3164",  # HANGUL FILLER
    "\u115f",  # HANGUL CHOSEONG FILLER
    "\uffa0",  # HALFWIDTH HANGUL FILLER
    "\u17b4",  # KHMER VOWEL INHERENT AQ
    "\u2028",  # LINE SEPARATOR
    "\u206a",  # INHIBIT SYMMETRIC SWAPPING
    "\U000e0001",  # LANGUAGE TAG
    "\U000e0041",  # TAG LATIN CAPITAL LETTER A
]
for i, char in enumerate(INVISIBLE):
    host = ["localhost", "trusted.example.com", "google.com"][i % 3]
    cut = 3 + i % 4
    add("invisible-host", UTS46, f"http://{host[:cut]}{char}{host[cut:]}/")
add("invisible-host", PATT_REDIRECT, "http://\u00adlocalhost/", "https://evil\u200b.com/")
add(
    "invisible-host",
    PATT_REDIRECT,
    "http://evil%E2%80%8Bcom/",
    "http://evil%C2%ADcom/",
    "http://evil%E2%81%A0com/",
    "http://evil%EF%BB%BFcom/",
    "http://evil%E2%80%8Ccom.example/",
    note="percent-encoded invisibles: browsers decode the host, then map it",
)
add(
    "invisible-host",
    UTS46,
    "http://trusted.example.com\u2028.evil.example.net/",
    "https://www.paypal.com\u2064.evil.example.net/",
    "http://127.0.0.1\u200b/",
    "https://\ufeffaccounts.google.com/",
    "http://local\u2063host:8080/admin",
    "https://trusted.example.com\u180e/login",
    "http://admin\u00ad.internal.example/",
    note="an invisible character between labels or at an end of the host",
)

# -- compatibility look-alikes (NFKC / UTS #46 map them to other characters) -----------
add(
    "compat-lookalike",
    ORANGE_2017,
    "http://ⓖⓞⓞⓖⓛⓔ.com/",
    "http://ⓔⓧⓐⓜⓟⓛⓔ.ⓒⓞⓜ/",
    "http://①②⑦.⓪.⓪.①/",
    "http://localhoﬆ/",
    note="enclosed alphanumerics and ligatures: NFKC gives ASCII",
)
add(
    "compat-lookalike",
    CURL_43551,
    "https://trusted。example。com/",
    "https://trusted．example．com/",
    "https://trusted｡example｡com/",
    "https://accounts。google。com/login",
    "https://evil.example.net%E3%80%82trusted.example.com/",
)
add(
    "compat-lookalike",
    PATT_REDIRECT,
    "http://evil.example.net⒈trusted.example.com/",
    "http://evil。com/",
    "http://evil%E3%80%82com/",
    "https://evil.c℀.example.com/",
    "http://ⓔⓥⓘⓛ.ⓒⓞⓜ/",
)
FULLWIDTH = str.maketrans(
    "abcdefghijklmnopqrstuvwxyz0123456789.",
    "ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ０１２３４５６７８９．",
)
BOLD = str.maketrans(
    "abcdefghijklmnopqrstuvwxyz",
    "".join(chr(0x1D41A + i) for i in range(26)),
)
SCRIPT = str.maketrans(
    "abcdefghijklmnopqrstuvwxyz",
    "".join(chr(0x1D4EA + i) for i in range(26)),  # MATHEMATICAL BOLD SCRIPT SMALL
)
for host in ["localhost", "google.com", "trusted.example.com", "127.0.0.1", "metadata.internal"]:
    add("compat-lookalike", PATT_SSRF, f"http://{host.translate(FULLWIDTH)}/")
    if host.translate(BOLD) != host:  # no letters, no look-alike
        add("compat-lookalike", UTS46, f"http://{host.translate(BOLD)}/")
for host in ["paypal.com", "apple.com", "admin.example.org"]:
    add("compat-lookalike", UTS46, f"https://{host.translate(SCRIPT)}/")
add(
    "compat-lookalike",
    PY_9636,
    "https://example.com＃@bing.com/",
    "https://good.com℀.evil.com/",
    "http://trusted.example.com／@evil.example.net/",
    "http://evil.example.net﹫trusted.example.com/",
    "http://trusted.example.com︓80@evil.example.net/",
    note="characters NFKC turns into delimiters",
)
add(
    "compat-lookalike",
    UTS46,
    "http://ｌｏｃａｌｈｏｓｔ:8080/",
    "http://ℌ𝔬𝔰𝔱.example/",
    "http://ᵉᵛⁱˡ.com/",
    "http://ＥＶＩＬ.com/",
    "http://ǅ.example/",
    "http://ﬁle.example.com/",
    "http://ﬀ.example.com/",
    "https://㎒.example/",
    "https://㏂.example/",
    "http://trusted.example.com\uff0eevil.example.net/",
)

# -- IDNA deviation characters: transitional (IDNA 2003, Python's idna codec) and
# nontransitional (browsers) processing resolve different hosts ------------------------
add(
    "idna-deviation",
    UTS46,
    "http://faß.example/",
    "https://βόλος.com/",
    "https://straße.example.de/",
    "https://weiß.example/",
    "https://fuß.example.com/login",
    "https://gross.straße.example/",
    "http://ς.example/",
    "https://σοφός.example/",
    "https://λόγος.example.org/",
    "http://a\u200db.example/",
    "http://ab\u200c.example/",
    "https://ශ්\u200dරී.example/",
    "https://نامه\u200cای.example/",
    "https://xn--fa-hia.example/",
    "https://xn--zca.example/",
    note="ß, ς, ZWJ and ZWNJ: the four deviation characters of UTS #46 §4",
)
for name in ["maß", "spaß", "strauß", "grüße", "süß", "floß", "ßtest"]:
    add("idna-deviation", UTS46, f"https://{name}.example.com/")
for name in ["τελος", "κόσμος", "ὄνομαςτίς", "αβγς"]:
    add("idna-deviation", UTS46, f"https://{name}.example/")


# -- whole-script and mixed-script homographs, in Unicode and as A-labels -------------
def a_label(label: str) -> str:
    return "xn--" + label.encode("punycode").decode("ascii")


WHOLE = ["аррӏе", "раураӏ", "ѕсоре", "еха", "аѕѕ", "сосо", "хехе", "рорсо"]
WHOLE += ["ԁоԁо", "іѕ", "аѕіа", "ассеѕѕ", "оре", "ѕһор"]
for label in WHOLE:
    add("homograph", ZHENG, f"https://{label}.com/", f"https://{a_label(label)}.com/")
MIXED = [
    "gооgle",  # Cyrillic о
    "pаypal",  # Cyrillic а
    "micrоsoft",
    "аmazon",
    "fаcebook",
    "twіtter",
    "gіthub",
    "netflіx",
    "lіnkedin",
    "yаhoo",
    "bаnk",
    "ԁropbox",
    "аpple",
    "ebаy",
    "αpple",  # Greek alpha
    "gοogle",  # Greek omicron
]
for label in MIXED:
    add("homograph", CHROMIUM_IDN, f"https://{label}.com/login", f"http://{a_label(label)}.com/")
add(
    "homograph",
    UTS39,
    "https://www.xn--80ak6aa92e.com/",
    "https://xn--pple-43d.com/",
    "https://xn--e1awd7f.com/",
    "https://accounts.gооgle.com/",
    "https://trusted.example.соm/",
    "https://ехаmple.com/",
    note="whole-script and mixed-script confusables with Latin",
)

# -- numeric host forms and overflow -----------------------------------------------------
NUMERIC = [
    "2130706433",
    "0x7f000001",
    "0x7F000001",
    "017700000001",
    "0177.0.0.1",
    "0177.0000.0000.0001",
    "00000177.0.0.1",
    "0x7f.0x0.0x0.0x1",
    "0x7f.1",
    "127.1",
    "127.0.1",
    "127.0.0.1.",
    "0",
    "0.0.0",
    "0x0",
    "0x17f000001",
    "45080379393",
    "425.510.425.510",
    "0x100000000.1",
    "4294967297",
    "2852039166",
    "0xa9fea9fe",
    "0251.0376.0251.0376",
    "0xA9.0xFE.0xA9.0xFE",
    "169.254.43518",
    "169.16689662",
    "0xa9.254.0251.0376",
    "3232235521",
    "0xc0a80001",
    "0300.0250.0.1",
    "10.1",
    "012.0.0.1",
    "0x0a000001",
    "167772161",
    "127.000000000000.1",
    "1.0.0.0000000000000000000000000000177",
    "%31%32%37.%30.%30.%31",
    "0x7f.%30.%30.1",
]
for i, host in enumerate(NUMERIC):
    source = [PORTSWIGGER, PATT_SSRF, HACKTRICKS, ORANGE_2017][i % 4]
    path = ["/", "/admin", "/latest/meta-data/", ":8080/"][i % 4]
    add("numeric-host", source, f"http://{host}{path}")

# -- over-long hosts and labels ----------------------------------------------------------
for length in (64, 70, 100, 255, 256, 300, 1000):
    add("long-host", RFC1034, f"http://{'a' * length}.example.com/")
for total in (254, 256, 300, 512):
    labels = ".".join(["b" * 50] * (total // 51 + 1))[:total].strip(".")
    add("long-host", CURL_38545, f"http://{labels}.example/")
add(
    "long-host",
    CURL_38545,
    "socks5h://" + "x" * 300 + "/",
    "http://" + "A" * 300 + "/",
    "https://" + "evil" * 70 + ".com/",
    "http://" + "a" * 256 + ":80/",
    "http://" + "ab." * 90 + "example.com/",
    "http://" + "x" * 63 + "." + "y" * 64 + ".example/",
    "https://" + "sub-" * 17 + "x.example.com/",
    "http://" + "é" * 64 + ".example/",
)

# -- path-parameter traversal ---------------------------------------------------------
add(
    "path-param-traversal",
    TOMCAT,
    "http://trusted.example.com/foo/..;/manager/html",
    "https://trusted.example.com/..;/admin",
    "https://trusted.example.com/%2e%2e;/admin",
    "https://trusted.example.com/static/..;/..;/WEB-INF/web.xml",
    "https://trusted.example.com/app/.;/admin",
    "https://trusted.example.com/public/..;jsessionid=1/private",
    "https://trusted.example.com/api/..;/..;/actuator/env",
    "http://127.0.0.1:8080/examples/..;/manager/text/list",
    "https://trusted.example.com/nexus/..;/admin",
    "https://trusted.example.com/portal/..%3B/admin",
    "https://trusted.example.com/a/%2E%2E;/b",
    "https://trusted.example.com/a/.%2e;x=y/admin",
    "https://trusted.example.com/..;x/..;y/etc/passwd",
    "http://trusted.example.com/jmx-console/..;/invoker",
    "https://trusted.example.com/;/..;/admin",
)
for prefix in ["/img", "/css", "/js", "/public", "/assets", "/login", "/health", "/api/v1"]:
    add("path-param-traversal", ORANGE_2018, f"https://trusted.example.com{prefix}/..;/admin/")

# -- bracketed hosts that are no IP address, zone-ID tricks -----------------------------
add(
    "bracket-host",
    PY_11168,
    "http://[v1.evil.example.net]/",
    "http://[vff.127.0.0.1]/",
    "http://[v7.localhost]/",
    "https://[v1.trusted.example.com]/",
    "http://[v1.example]/",
    "http://prefix.[v1.example]/",
    "http://[v1.example].postfix/",
    "http://[192.168.0.1]/",
    "http://[127.0.0.1]/",
    "http://[localhost]/",
    "http://[evil.example.net]/",
    "http://[trusted.example.com]@evil.example.net/",
    "http://[::1]evil.example.net/",
    "http://[v0.a]:80/",
)
add(
    "bracket-host",
    RFC6874,
    "http://[::%25evil.example.net]/",
    "http://[fe80::1%25.evil.example.net]/",
    "http://[::1%25@evil.example.net]/",
    "http://[fe80::1%25trusted.example.com]/",
    "http://[::ffff:127.0.0.1%25evil.com]/",
    "http://[fe80::1%25%2e%2e]/",
    "http://[fe80::1%2525evil.com]/",
    "http://[::1%25localhost]:8080/",
    "http://[fe80::1%25eth0.evil.com]/",
    "http://[v1.x%25y]/",
)

# -- host-like text after # or ? right after the authority -------------------------------
add(
    "fragment-host",
    LOG4J,
    "ldap://127.0.0.1#evil.example.net:1389/a",
    "ldap://127.0.0.1#.evilhost.com:1389/a",
    "ldap://localhost#evil.example.net:389/Exploit",
    "ldaps://127.0.0.1#evil.example.net:636/a",
    "rmi://127.0.0.1#evil.example.net:1099/obj",
    "ldap://127.0.0.1#.attacker.example:1389/o=tomcat",
    "dns://127.0.0.1#evil.example.net:53/",
    "ldap://trusted.example.com#evil.example.net:1389/",
)
add(
    "fragment-host",
    PY_30500,
    "http://abc#@def",
    "http://trusted.example.com#@evil.example.net/",
    "http://trusted.example.com?@evil.example.net/",
    "https://trusted.example.com?@evil.example.net/",
    "http://127.0.0.1?@evil.example.net/",
    "http://trusted.example.com#.evil.example.net/",
    "http://trusted.example.com?.evil.example.net/",
    "http://trusted.example.com#:80@evil.example.net/",
    "https://trusted.example.com?x@evil.example.net/path",
    "http://localhost#@evil.example.net:8080/",
)
add(
    "fragment-host",
    ORANGE_2017,
    "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/",
    "http://trusted.example.com&@evil.example.net#@trusted.example.com/",
    "http://evil.example.net#@trusted.example.com/",
    "http://evil.example.net?@trusted.example.com/",
)

# -- userinfo tricks ---------------------------------------------------------------------
add(
    "userinfo",
    RFC3986_7,
    "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
    "http://trusted.example.com@evil.example.net/",
    "https://www.google.com@evil.example.net/",
    "http://127.0.0.1@evil.example.net/",
    "http://localhost@evil.example.net/",
    "http://trusted.example.com:443@evil.example.net/",
    "http://www.@pple.com/",
    "http://www.paypal.@evil.example.net/",
    "https://accounts.@google.com.evil.example.net/",
    "http://google.com:80+&@evil.example.net:80/",
    "http://user@trusted.example.com@evil.example.net/",
    "https://trusted.example.com%40evil.example.net/",
    "http://10.0.0.1:80@evil.example.net/",
    "https://login.microsoftonline.com@evil.example.net/",
    "http://trusted.example.com.@evil.example.net/",
    "http://www.@evil.example.net/",
)
add(
    "userinfo",
    PORTSWIGGER,
    "https://trusted.example.com&@evil.example.net/",
    "https://trusted.example.com#@evil.example.net/",
    "https://evil.example.net#@trusted.example.com/",
    "https://evil.example.net;https://trusted.example.com/",
    "https://evil.example.net;@trusted.example.com/",
    "https://trusted.example.com:@evil.example.net/",
    "https://evil.example.net\\@trusted.example.com/",
    "https://trusted.example.com%2540evil.example.net/",
    "https://trusted.example.com;.evil.example.net/",
    "https://evil.example.net,trusted.example.com/",
    "https://evil.example.net&trusted.example.com/",
    "https://evil.example.net!trusted.example.com/",
    "https://evil.example.net=trusted.example.com/",
    "https://evil.example.net$trusted.example.com/",
)

# -- backslash and slash confusion (open redirects) -----------------------------------
add(
    "backslash-slash",
    DJANGO_TESTS,
    "http:///example.com",
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
    "\x08//example.com",
    r"http://otherserver\@example.com",
    r"http:\\testserver\@example.com",
    r"http://testserver\me:pass@example.com",
    r"http://testserver\@example.com",
    r"http:\\testserver\confirm\me@example.com",
    "http:999999999",
    "ftp:9999999999",
)
add(
    "backslash-slash",
    REDIRECT_FIXES,
    "/%09/google.com",
    "/%5cgoogle.com",
    "/%5Cevil.example.net",
    "/%2F%2Fevil.example.net",
    "/%2f/evil.example.net",
    "/%5C%5Cevil.example.net/",
    "/%0d/evil.example.net",
    "/%0a/evil.example.net",
    "/%09/%09/evil.example.net",
)
add(
    "backslash-slash",
    PATT_REDIRECT,
    "https:evil.example.net",
    "http:evil.example.net/",
    "///evil.example.net",
    "////evil.example.net",
    "\\/\\/evil.example.net/",
    "/\\/evil.example.net/",
    "//\\evil.example.net",
    "///\\;@evil.example.net",
    "http:/evil.example.net",
    "https:////evil.example.net/",
    "https://trusted.example.com\\.evil.example.net/",
    "http:\\\\evil.example.net",
)
add(
    "backslash-slash",
    CLAROTY,
    "localhost:8080/admin",
    "trusted.example.com:443/login",
    "http:/\\/evil.com",
    "/\\evil.com",
    "//evil.com\\@good.com",
)

# -- encoded delimiters -----------------------------------------------------------------
add(
    "encoded-delimiter",
    CLAROTY,
    "http://%65vil.com/",
    "http://trusted.example.com%2F@evil.example.net/",
    "http://good.com%2F@evil.com/",
    "http://h/%2e%2e/%2e%2e/etc/passwd",
    "http://%30x7f.1/",
    "http://ev%69l.example.net/",
    "http://trusted.example.com%2523@evil.example.net/",
)
add(
    "encoded-delimiter",
    PATT_SSRF,
    "http://trusted.example.com%23@evil.example.net/",
    "http://trusted.example.com%3F@evil.example.net/",
    "http://evil.example.net%23.trusted.example.com/",
    "http://evil.example.net%3F.trusted.example.com/",
    "http://evil.example.net%2F.trusted.example.com/",
    "http://evil.example.net%5C.trusted.example.com/",
    "http://127.0.0.1%2F.trusted.example.com/",
    "http://%6c%6f%63%61%6c%68%6f%73%74/",
)
add(
    "encoded-delimiter",
    "CVE-2021-41773 / CVE-2021-42013 (Apache httpd path traversal)",
    "http://trusted.example.com/cgi-bin/.%2e/.%2e/.%2e/.%2e/etc/passwd",
    "http://trusted.example.com/icons/.%2e/%2e%2e/%2e%2e/etc/passwd",
    "http://trusted.example.com/cgi-bin/%%32%65%%32%65/%%32%65%%32%65/bin/sh",
    "http://trusted.example.com/cgi-bin/.%%32%65/.%%32%65/etc/passwd",
    "http://trusted.example.com/icons/%252e%252e/%252e%252e/etc/passwd",
)
add(
    "encoded-delimiter",
    HACKTRICKS,
    "http://trusted.example.com/..%2f..%2f..%2fetc/passwd",
    "http://trusted.example.com/..%5c..%5cwindows/win.ini",
    "http://trusted.example.com/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
    "http://trusted.example.com/%c0%af..%c0%afetc/passwd",
    "http://trusted.example.com/%e0%80%ae%e0%80%ae/etc/passwd",
    "http://trusted.example.com/%252e%252e%252fetc%252fpasswd",
    "http://trusted.example.com/static/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "http://trusted.example.com/%2e%2e/admin",
    "http://trusted.example.com/a/%2E/b/%2E%2E/c",
    "http://trusted.example.com/files/..%252f..%252fsecret",
    "http://trusted.example.com/%2F%2Fevil.example.net/",
    "https://trusted.example.com/redirect/%2F%5Cevil.example.net",
)

# -- dangerous schemes, also inside redirect parameters ----------------------------------
add(
    "dangerous-scheme",
    XSS_SHEET,
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "javascript://%0Aalert(1)",
    "javascript://trusted.example.com/%0Aalert(document.domain)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    " javascript:alert(1)",
    "\x01javascript:alert(1)",
    "vbscript:msgbox(1)",
    "VBScript:MsgBox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+",
    "data:application/xhtml+xml,<html xmlns='http://www.w3.org/1999/xhtml'><script>alert(1)</script></html>",
    "DATA:text/html,<script>alert(1)</script>",
    "data:text/javascript,alert(1)",
    "data:TEXT/HTML;charset=utf-8,%3Cscript%3Ealert(1)%3C/script%3E",
)
for param in ["next", "url", "redirect", "return_to", "continue", "dest", "goto", "r"]:
    add(
        "dangerous-scheme",
        PATT_REDIRECT,
        f"https://trusted.example.com/login?{param}=javascript:alert(1)",
    )
add(
    "dangerous-scheme",
    PATT_REDIRECT,
    "https://trusted.example.com/login?next=javascript%3Aalert(1)",
    "https://trusted.example.com/login?next=JavaScript%3Aalert%281%29",
    "https://trusted.example.com/login?next=java%09script:alert(1)",
    "https://trusted.example.com/login?url=%6A%61%76%61%73%63%72%69%70%74:alert(1)",
    "https://trusted.example.com/out?to=data:text/html,%3Cscript%3Ealert(1)%3C/script%3E",
    "https://trusted.example.com/out?to=data%3Atext%2Fhtml%3Bbase64%2CPHNjcmlwdD4%3D",
    "https://trusted.example.com/go?a=1&redirect_uri=vbscript:msgbox(1)",
    "https://trusted.example.com/sso?RelayState=javascript://%250Aalert(1)",
    "https://trusted.example.com/#next=javascript:alert(1)",
    "/login?next=javascript:alert(1)",
    "https://trusted.example.com/login?next=%20javascript:alert(1)",
    "https://trusted.example.com/login?next=%01javascript:alert(1)",
)

# -- malformed ports ---------------------------------------------------------------------
add(
    "malformed-port",
    ORANGE_2017,
    "http://localhost:+11211aaa/",
    "http://localhost:00011211aaaa/",
    "http://127.0.0.1:11211:80/",
    "http://127.0.0.1:80:11211/",
    "http://trusted.example.com:80:11211/",
    "http://127.0.0.1:6379aaa/",
    "http://127.0.0.1:+6379/",
    "http://127.0.0.1: 6379/",
    "http://localhost:11211 /",
    "gopher://127.0.0.1:6379aa/_SET",
    "http://localhost:0x50/",
    "http://localhost:-80/",
    "http://localhost:8O/",
    "http://localhost:80\u0660/",
    "http://localhost:\uff18\uff10/",
    "http://localhost:\U0001d7d6\U0001d7ce/",
)
add(
    "malformed-port",
    PATT_SSRF,
    "http://127.0.0.1:65536/",
    "http://127.0.0.1:65616/",
    "http://127.0.0.1:4294967376/",
    "http://localhost:99999/",
    "http://trusted.example.com:0000000000000000000443999/",
    "http://localhost:18446744073709551696/",
)

# -- CR, LF and control characters (request splitting, header injection) ------------------
add(
    "crlf-control",
    PY_9740,
    "http://127.0.0.1%0d%0aX-injected:%20header%0d%0ax-leftover:%20:7777/foo",
    "http://127.0.0.1:7777?a=1%0D%0AX-injected:%20header",
    "http://127.0.0.1:6379/%0D%0ASET%20key%20value%0D%0A",
    "http://trusted.example.com/%0d%0aSet-Cookie:%20a=b",
    "http://trusted.example.com/?q=%0aLocation:%20http://evil.example.net",
    "http://trusted.example.com/a%00.jpg",
    "http://trusted.example.com/%00/admin",
    "http://trusted.example.com/%C2%85Set-Cookie:a=b",
    "http://trusted.example.com/%E5%98%8A%E5%98%8DSet-Cookie:a=b",
    "gopher://127.0.0.1:25/_HELO%20localhost%0D%0AMAIL%20FROM:<a@b>",
    "dict://127.0.0.1:11211/stats%0d%0a",
)
add(
    "crlf-control",
    PY_24329,
    " https://evil.example.net/",
    "\x00https://evil.example.net/",
    "\x1fhttps://evil.example.net/",
    "\thttps://evil.example.net/",
    "https://evil.example.net/\x00",
)
add(
    "crlf-control",
    PY_0391,
    "https://www.python.org\r\n/",
    "htt\tp://evil.example.net/",
    "https://trusted.example.com\t.evil.example.net/",
    "https://trusted.\nexample.com/",
    "https://trusted.example.com/\r\nHost: evil.example.net",
)
add(
    "crlf-control",
    NODE_12116,
    "http://trusted.example.com/\u010d\u010aSET%20x",
    "http://trusted.example.com/a\u560d\u560aSet-Cookie:x",
    "http://trusted.example.com/\u0120HTTP/1.1\u010d\u010aHost:evil",
)

# -- IPv6 literals carrying IPv4 addresses -------------------------------------------------
add(
    "ipv6-embedded",
    PATT_SSRF,
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    "http://[::127.0.0.1]/",
    "http://[::ffff:169.254.169.254]/latest/meta-data/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[64:ff9b::169.254.169.254]/",
    "http://[2002:7f00:1::]/",
    "http://[::ffff:0:127.0.0.1]/",
    "http://[0000::ffff:7f00:0001]:80/",
    "http://[::ffff:10.0.0.1]/admin",
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
    "http://[fe80::5efe:10.0.0.1]/",
    "http://[::ffff:192.168.0.1]/",
)


# == legitimate unusual URLs ================================================================
IDN_LABELS = [
    ("例え.テスト", IANA_IDN),
    ("παράδειγμα.δοκιμή", IANA_IDN),
    ("пример.испытание", IANA_IDN),
    ("उदाहरण.परीक्षा", IANA_IDN),
    ("مثال.إختبار", IANA_IDN),
    ("실례.테스트", IANA_IDN),
    ("例子.测试", IANA_IDN),
    ("例子.測試", IANA_IDN),
    ("உதாரணம்.பரிட்சை", IANA_IDN),
    ("בײַשפּיל.טעסט", IANA_IDN),
    ("bücher.de", IDN_REAL),
    ("müller.de", IDN_REAL),
    ("münchen.de", IDN_REAL),
    ("zürich.ch", IDN_REAL),
    ("köln.de", IDN_REAL),
    ("españa.com", IDN_REAL),
    ("français.example", IDN_REAL),
    ("日本語.jp", IDN_REAL),
    ("中国.cn", IDN_REAL),
    ("президент.рф", IDN_REAL),
    ("россия.рф", IDN_REAL),
    ("москва.рф", IDN_REAL),
    ("україна.укр", IDN_REAL),
    ("ελλάδα.ελ", IDN_REAL),
    ("ไทย.ไทย", IDN_REAL),
    ("العربية.example", IDN_REAL),
    ("한국.kr", IDN_REAL),
    ("東京.jp", IDN_REAL),
    ("täst.de", IDN_REAL),
    ("øl.no", IDN_REAL),
    ("ñandú.es", IDN_REAL),
    ("čeština.cz", IDN_REAL),
    ("ąę.pl", IDN_REAL),
    ("fútbol.es", IDN_REAL),
    ("παράδειγμα.gr", IDN_REAL),
    ("भारत.भारत", IDN_REAL),
    ("中文.中国", IDN_REAL),
    ("새해.한국", IDN_REAL),
]
for i, (host, source) in enumerate(IDN_LABELS):
    path = ["/", "/index.html", "/a/b?c=d", "/wiki/Seite#top"][i % 4]
    add("legit-idn", source, f"https://{host}{path}")
    ascii_host = ".".join(label if label.isascii() else a_label(label) for label in host.split("."))
    add("legit-idn", source, f"https://{ascii_host}{path}", note="the same host as A-labels")

add(
    "legit-ipv6",
    RFC3986_EX,
    "http://[2001:db8::1]/",
    "http://[::1]/",
    "http://[::1]:8080/",
    "https://[2001:db8:85a3::8a2e:370:7334]/path",
    "http://[2001:db8:85a3:8d3:1319:8a2e:370:7348]:443/",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
    "http://[1080:0:0:0:8:800:200C:417A]/index.html",
    "http://[3ffe:2a00:100:7031::1]",
    "http://[1080::8:800:200C:417A]/foo",
    "http://[2010:836B:4179::836B:4179]",
    "http://[fe80::1%25eth0]/",
    "http://[fe80::a%25en1]:8080/status",
    "https://[2606:4700:4700::1111]/dns-query",
    "https://[2001:4860:4860::8888]/",
    "http://[::]/",
    "https://[2001:db8::1]:8443/api/v1/items?id=5",
    "ws://[::1]:9000/socket",
    "http://[2001:db8:0:0:1:0:0:1]/",
    "http://[2001:db8::1:0:0:1]/",
)
add(
    "legit-encoded-slash",
    GITLAB,
    "https://gitlab.example.com/api/v4/projects/diaspora%2Fdiaspora",
    "https://gitlab.example.com/api/v4/projects/diaspora%2Fdiaspora/repository/files/app%2Fmodels%2Fkey%2Erb?ref=master",
    "https://gitlab.example.com/api/v4/projects/13083/repository/files/app%2Fproject%2Erb/raw?ref=main",
    "https://gitlab.com/api/v4/projects/gitlab-org%2Fgitlab/issues",
    "https://gitlab.com/api/v4/projects/gitlab-org%2Fgitlab-runner/releases",
    "https://gitlab.example.com/api/v4/projects/group%2Fsubgroup%2Fproject/merge_requests",
    "https://gitlab.example.com/api/v4/projects/5/repository/branches/feature%2Fnew-login",
    "https://gitlab.example.com/api/v4/projects/5/repository/tags/release%2F1.0",
    "https://gitlab.example.com/api/v4/groups/parent%2Fchild/projects",
    "https://gitlab.example.com/api/v4/projects/my-group%2Fmy-project/pipelines?ref=main",
)
add(
    "legit-encoded-slash",
    NPM,
    "https://registry.npmjs.org/@babel%2Fcore",
    "https://registry.npmjs.org/@types%2Fnode",
    "https://registry.npmjs.org/@angular%2Fcore/latest",
    "https://registry.npmjs.org/@vue%2Fcompiler-sfc",
    "https://registry.npmjs.org/-/package/@scope%2Fname/dist-tags",
    "https://registry.yarnpkg.com/@emotion%2Freact",
    "https://registry.npmjs.org/@octokit%2Frest/-/rest-19.0.0.tgz",
)
add(
    "legit-encoded-slash",
    GCS,
    "https://storage.googleapis.com/storage/v1/b/my-bucket/o/folder%2Fmy-object.txt",
    "https://storage.googleapis.com/storage/v1/b/my-bucket/o/a%2Fb%2Fc.png?alt=media",
    "https://storage.googleapis.com/download/storage/v1/b/bucket/o/dir%2Ffile.csv?alt=media",
    "https://www.googleapis.com/storage/v1/b/example-bucket/o/logs%2F2024%2F01%2Fapp.log",
    "https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/images%2Fphoto.jpg?alt=media",
)
add(
    "legit-encoded-slash",
    RABBITMQ,
    "http://localhost:15672/api/queues/%2F/my-queue",
    "http://localhost:15672/api/vhosts/%2F",
    "http://localhost:15672/api/exchanges/%2F/amq.direct",
    "http://rabbit.example.com:15672/api/queues/%2F/orders/get",
    "http://localhost:15672/api/permissions/%2F/guest",
    "http://localhost:15672/api/bindings/%2F/e/amq.topic/q/logs",
)
add(
    "legit-encoded-slash",
    "web APIs that keep a name with '/' in one segment (Jenkins, Artifactory, Vault, Bitbucket)",
    "https://jenkins.example.com/job/folder%2Fjob/lastBuild/api/json",
    "https://jenkins.example.com/job/multibranch/job/feature%2Flogin/",
    "https://artifactory.example.com/artifactory/api/storage/repo/com%2Fexample%2Flib",
    "https://api.bitbucket.org/2.0/repositories/team/repo/refs/branches/feature%2Fx",
    "https://api.github.com/repos/octo/repo/git/refs/heads/feature%2Fx",
    "https://hub.docker.com/v2/repositories/library%2Fubuntu/tags",
    "https://example.com/wiki/AC%2FDC",
    "https://en.wikipedia.org/wiki/Ratio%2Fdecimal",
    "https://api.example.com/v1/keys/a%2Fb",
    "https://www.amazon.com/s?k=usb%2Fc+cable",
    "https://example.com/search/red%2Fblue",
    "https://example.com/files/report%2F2024.pdf",
)
RFC6068_EXAMPLES = [
    "mailto:chris@example.com",
    "mailto:infobot@example.com?subject=current-issue",
    "mailto:infobot@example.com?body=send%20current-issue",
    "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
    "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
    "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
    "mailto:joe@example.com?cc=bob@example.com&body=hello",
    "mailto:gorby%25kremvax@example.com",
    "mailto:unlikely%3Faddress@example.com?blat=foop",
    "mailto:Mike%26family@example.org",
    "mailto:%22not%40me%22@example.org",
    "mailto:%22oh%5C%5Cno%22@example.org",
    "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
    "mailto:user@example.org?subject=caf%C3%A9",
    "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
    "mailto:user@%E2%88%9A.example.org",
    "mailto:?to=joe@example.com&cc=bob@example.com&body=hello",
    "mailto:addr1@an.example,addr2@an.example",
    "mailto:?to=addr1@an.example,addr2@an.example",
    "mailto:addr1@an.example?to=addr2@an.example",
]
add("legit-mailto", RFC6068, *RFC6068_EXAMPLES)
for body in [
    "Hello%0D%0A%0D%0AThanks",
    "line1%0D%0Aline2%0D%0Aline3",
    "Dear%20team%2C%0D%0Aplease%20see%20below.",
    "%0D%0A--%0D%0Asent%20from%20the%20site",
    "Item%3A%201%0D%0AItem%3A%202",
    "a%0D%0Ab",
]:
    add("legit-mailto", RFC6068, f"mailto:support@example.com?subject=Hello&body={body}")
    add("legit-mailto", RFC6068, f"mailto:sales@example.org?body={body}")
add(
    "legit-data",
    RFC2397,
    "data:,A%20brief%20note",
    "data:,Hello%2C%20World%21",
    "data:text/plain;base64,SGVsbG8sIFdvcmxkIQ==",
    "data:text/plain;charset=iso-8859-7,%be%fg%be",
    "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
    "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAwAAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFzByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSpa/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJlZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uisF81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PHhhx4dbgYKAAA7",
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==",
    "data:image/x-icon;base64,AAABAAEAAQEAAAEAIAAwAAAAFgAAACgAAAABAAAAAgAAAAEAIAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAD/AAAAAA==",
    "data:image/bmp;base64,Qk0eAAAAAAAAABoAAAAMAAAAAQABAAEAGAAAAP8A",
    "data:image/avif;base64,AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUIAAADybWV0YQ==",
    "data:font/woff2;base64,d09GMgABAAAAAAA=",
    "data:application/font-woff;base64,d09GRgABAAAAAA==",
    "data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=",
    "data:audio/mpeg;base64,SUQzBAAAAAAAI1RTU0UAAAAPAAADTGF2ZjU4LjI5LjEwMAAAAAAAAAAAAAAA",
    "data:video/mp4;base64,AAAAHGZ0eXBpc29tAAACAGlzb21pc28ybXA0MQ==",
    "data:text/css,body%7Bmargin%3A0%7D",
    "data:text/css;charset=utf-8,.a%7Bcolor%3Ared%7D",
    "data:application/json,%7B%22a%22%3A1%7D",
    "data:application/json;base64,eyJhIjoxfQ==",
    "data:text/csv;charset=utf-8,a%2Cb%0A1%2C2",
    "data:application/octet-stream;base64,AAEC",
    "data:application/pdf;base64,JVBERi0xLjQK",
    "data:text/plain,hello",
    "data:image/png;base64,iVBORw0KGgo=",
)
for kind in ["png", "gif", "jpeg", "webp"]:
    add("legit-data", RFC2397, f"data:image/{kind};charset=binary;base64,AAAA")
add(
    "legit-semicolon",
    GITWEB,
    "https://git.kernel.org/?p=linux/kernel/git/torvalds/linux.git;a=commit;h=v6.1",
    "https://git.kernel.org/?p=git/git.git;a=summary",
    "https://git.kernel.org/?p=git/git.git;a=blob;f=README.md;hb=HEAD",
    "https://repo.or.cz/?p=git.git;a=shortlog",
    "https://sourceware.org/git/?p=glibc.git;a=commitdiff;h=abcdef",
    "https://git.savannah.gnu.org/gitweb/?p=emacs.git;a=tree",
    "https://git.example.org/gitweb.cgi?p=project.git;a=log;h=refs/heads/main",
    "https://git.example.org/?p=a.git;a=tag;h=v1.0",
)
add(
    "legit-semicolon",
    GFONTS,
    "https://fonts.googleapis.com/css2?family=Roboto:wght@400;700&display=swap",
    "https://fonts.googleapis.com/css2?family=Open+Sans:ital,wght@0,400;0,700;1,400&display=swap",
    "https://fonts.googleapis.com/css2?family=Inter:wght@100;200;300;400;500;600;700;800;900",
    "https://fonts.googleapis.com/css2?family=Lato:wght@300;400&family=Merriweather:wght@700",
    "https://fonts.googleapis.com/css2?family=Noto+Sans+JP:wght@400;500&display=swap",
    "https://fonts.googleapis.com/css2?family=Material+Symbols+Outlined:opsz,wght,FILL,GRAD@20..48,100..700,0..1,-50..200",
)
add(
    "legit-semicolon",
    SERVLET,
    "http://www.example.com/shop/cart;jsessionid=0A1B2C3D4E5F?item=7",
    "https://www.example.com/app/login;jsessionid=ABC123",
    "ftp://ftp.example.com/pub/file.txt;type=i",
    "ftp://ftp.example.com/pub/dir;type=d",
    "http://example.com/path;param=1/other;param=2",
    "https://example.com/a;b/c",
    "http://www.w3.org/1999/02/22-rdf-syntax-ns;version=1",
    "https://example.com/matrix;color=red;size=large/items",
)
add(
    "legit-file",
    RFC8089,
    "file://localhost/etc/fstab",
    "file:///etc/fstab",
    "file:/etc/fstab",
    "file:///c:/path/to/the%20file.txt",
    "file://localhost/c:/WINDOWS/clock.avi",
    "file:///C:/Users/Public/Documents/report.pdf",
    "file://host.example.com/path/to/file",
    "file://server/share/folder/file.txt",
    "file://localhost/Users/me/Desktop/notes.txt",
    "file://localhost/home/user/.bashrc",
    "file://localhost/tmp/a%20b.txt",
    "file:///home/user/docs/file.txt",
    "file:c:/path/to/file",
    "file://localhost/var/log/syslog",
    "file://LOCALHOST/etc/hosts",
    "file:///usr/share/doc/index.html#section-2",
    "file://localhost/usr/share/doc/python3/html/index.html",
    "file:///D:/Program%20Files/app/readme.txt",
)
add(
    "legit-long-query",
    AWS,
    "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
    "https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIDEXAMPLE%2F20150830%2Fus-east-1%2Fiam%2Faws4_request&X-Amz-Date=20150830T123600Z&X-Amz-SignedHeaders=content-type%3Bhost%3Bx-amz-date",
)
add(
    "legit-long-query",
    OAUTH,
    "https://server.example.com/authorize?response_type=code&client_id=s6BhdRkqt3&state=xyz&redirect_uri=https%3A%2F%2Fclient%2Eexample%2Ecom%2Fcb",
    "https://server.example.com/authorize?response_type=token&client_id=s6BhdRkqt3&state=xyz&redirect_uri=https%3A%2F%2Fclient%2Eexample%2Ecom%2Fcb",
    "https://client.example.com/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz",
    "http://example.com/cb#access_token=2YotnFZFEjr1zCsicMWpAA&state=xyz&token_type=example&expires_in=3600",
    "https://accounts.google.com/o/oauth2/v2/auth?scope=https%3A//www.googleapis.com/auth/drive.metadata.readonly&access_type=offline&include_granted_scopes=true&response_type=code&state=state_parameter_passthrough_value&redirect_uri=https%3A//oauth2.example.com/code&client_id=client_id",
    "https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=6731de76-14a6-49ae-97bc-6eba6914391e&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%2Fmyapp%2F&response_mode=query&scope=offline_access%20user.read&state=12345",
)
LONG_QUERIES = [
    "https://www.google.com/search?q=url+parsing+security&oq=url+parsing&aqs=chrome.0.69i59j0i512l9.4087j0j7&sourceid=chrome&ie=UTF-8",
    "https://www.amazon.com/dp/B08N5WRWNW/ref=sr_1_1?crid=2M096C61O4MLT&keywords=echo+dot&qid=1700000000&sprefix=echo%2Caps%2C150&sr=8-1",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI&index=2&t=43s",
    "https://example.com/track?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale_2024&utm_content=header_link&utm_term=shoes",
    "https://maps.google.com/maps?q=48.8584,2.2945&z=17&hl=en&t=m",
    "https://www.bing.com/search?q=%22exact+phrase%22+site%3Aexample.com&form=QBLH&sp=-1&pq=%22exact&sc=10-6",
    "https://twitter.com/intent/tweet?text=Hello%20world&url=https%3A%2F%2Fexample.com%2Fpost%2F1&hashtags=python,security",
    "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com%2Farticle%3Fid%3D42",
    "https://www.linkedin.com/shareArticle?mini=true&url=https%3A%2F%2Fexample.com&title=Title&summary=Summary&source=Example",
    "https://example.com/api/search?filter[status]=active&filter[type]=post&sort=-created_at&page[size]=50&page[number]=3",
    "https://example.com/report?start=2024-01-01T00:00:00Z&end=2024-01-31T23:59:59Z&tz=Europe%2FParis&format=csv",
    "https://example.com/items?ids=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20&fields=id,name,price",
    "https://example.com/login?next=%2Fdashboard%2Fsettings%3Ftab%3Dprofile",
    "https://example.com/login?next=/account/orders?page=2",
    "https://trusted.example.com/login?next=https%3A%2F%2Ftrusted.example.com%2Fhome",
    "https://example.com/redirect?url=https://example.org/page",
    "https://example.com/?q=" + "abc%20def%20" * 60,
    "https://example.com/search?q=" + "+".join(["word"] * 200),
    "https://example.com/p?" + "&".join(f"k{i}=v{i}" for i in range(120)),
    "https://example.com/graphql?query=%7Buser(id%3A1)%7Bname%20email%7D%7D&variables=%7B%7D",
    "https://example.com/s?q=caf%C3%A9+cr%C3%A8me&lang=fr",
    "https://example.com/s?q=%E2%82%AC100&currency=EUR",
    "https://example.com/s?email=user@example.com&ref=a.b.c",
    "https://www.example.com/?ref=news.ycombinator.com",
    "https://example.com/a?b=c:d@e.f",
    "https://example.com/cb?state=abc&code=4%2F0AX4XfWh",
    "https://www.ebay.com/sch/i.html?_nkw=vintage+camera&_sacat=0&_udlo=50&_udhi=200&rt=nc&LH_BIN=1",
    "https://example.com/download?file=report.pdf&token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "https://example.com/?data=" + "A" * 2000,
    "https://example.com/path/to/page?x=1#section-3.2",
]
add("legit-long-query", "real URLs of large sites (search, share, tracking, APIs)", *LONG_QUERIES)
add(
    "legit-other",
    RFC_MISC,
    "tel:+1-201-555-0123",
    "tel:7042;phone-context=example.com",
    "tel:863-1234;phone-context=+1-914-555",
    "geo:13.4125,103.8667",
    "geo:48.2010,16.3695,183;crs=wgs84;u=40",
    "ldap://ldap1.example.net:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)",
    "ldap://ldap.example.com/dc=example,dc=com?cn?sub?(uid=john)",
    "ldap:///o=University%20of%20Michigan,c=US",
    "urn:isbn:0451450523",
    "urn:ietf:rfc:3986",
    "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
    "news:comp.infosystems.www.servers.unix",
    "magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=example",
    "sip:alice@atlanta.example.com;transport=tcp",
    "sips:alice@atlanta.example.com?subject=project%20x&priority=urgent",
    "ws://localhost:8080/chat",
    "wss://stream.example.com/v1/feed?token=abc",
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "ftp://anonymous@ftp.example.com/pub/",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "git+ssh://git@github.com/user/repo.git",
    "ssh://git@github.com:22/user/repo.git",
    "postgresql://localhost:5432/mydb?sslmode=require",
    "redis://localhost:6379/0",
    "s3://my-bucket/path/to/key.txt",
    "http://localhost:3000/",
    "http://127.0.0.1:8000/admin/",
    "http://192.168.1.1/",
    "http://10.0.0.1:8080/status",
    "https://example.com:8443/",
    "https://www.example.com/~user/index.html",
    "https://example.com/#/dashboard?tab=2",
    "https://example.com#section",
    "https://example.com?q=1",
    "https://example.com/a/./b/../c",
    "https://en.wikipedia.org/wiki/Caf%C3%A9",
    "https://de.wikipedia.org/wiki/Stra%C3%9Fe",
    "https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC",
    "https://example.com/%E2%82%AC/price",
    "https://example.com/files/a%20b%20c.txt",
    "https://example.com/caf%C3%A9/menu",
    "https://api.example.com/v1/users/123/orders/456?expand=items",
    "https://sub.domain.example.co.uk/path",
    "https://xn--bcher-kva.example/",
    "https://my-site.example/a_b-c.d~e",
    "https://example.com/path/with:colon",
    "https://example.com/@user/posts",
    "https://medium.com/@author/title-1234abcd",
    "https://example.com/a+b/c%2Bd",
    "https://example.com/index.php?option=com_content&view=article&id=1",
    "https://www.example.com./",
    "https://example.com:443/",
    "http://example.com:80/",
    "https://localhost/",
    "http://intranet/wiki/Main_Page",
    "https://a.b-c.de/",
)
add(
    "legit-other",
    DJANGO_GOOD,
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
    "/confirm/me@example.com",
)
add(
    "legit-other",
    WIKIPEDIA,
    "https://en.wikipedia.org/wiki/Z%C3%BCrich",
    "https://fr.wikipedia.org/wiki/%C3%89cole",
    "https://en.wikipedia.org/wiki/C%2B%2B",
    "https://en.wikipedia.org/wiki/AT%26T",
    "https://en.wikipedia.org/wiki/Semicolon",
    "https://en.wikipedia.org/w/index.php?title=URL&action=history",
    "https://en.wikipedia.org/wiki/Universal_Resource_Identifier#Syntax",
    "https://zh.wikipedia.org/wiki/中文",
    "https://ru.wikipedia.org/wiki/Россия",
    "https://el.wikipedia.org/wiki/Ελλάδα",
    "https://ar.wikipedia.org/wiki/مصر",
    "https://ja.wikipedia.org/wiki/東京都",
    "https://ko.wikipedia.org/wiki/서울특별시",
    "https://de.wikipedia.org/wiki/Straße",
    "https://he.wikipedia.org/wiki/ירושלים",
)


def main() -> None:
    seen: set[str] = set()
    counts: dict[str, int] = {}
    lines = []
    for case in CASES:
        if case["text"] in seen:
            raise SystemExit(f"duplicate text: {case['text']!r}")
        seen.add(case["text"])
        counts[case["class"]] = counts.get(case["class"], 0) + 1
        ident = f"{case['class']}-{counts[case['class']]:03d}"
        record = {"id": ident, **case}
        lines.append(json.dumps(record, ensure_ascii=False))
    (HERE / "set.jsonl").write_text("\n".join(lines) + "\n", "utf-8")
    attacks = sum(n for k, n in counts.items() if not k.startswith("legit-"))
    print(f"{len(lines)} cases: {attacks} attacks, {len(lines) - attacks} legitimate")
    for klass, n in sorted(counts.items()):
        print(f"  {klass:<24} {n}")


if __name__ == "__main__":
    main()
