"""Each crawl step, and each profile, against reference data that urikit did not produce
(tests/data/canonicalize/README.md: sources, commits, licenses, the judging rule).

The column, Spark and DuckDB differentials run the same per-URL steps on both sides, so
that a wrong step moves both: these tables hold each step to facts of its own, the
step run alone on the component it owns.  Every case passes, or it is listed with the
rule that decides it, and every listed case still differs (the lists are exact)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest

import urikit
from tests.test_canonicalize import load
from urikit._crawl import escapes, steps
from urikit._crawl.lenient import URL
from urikit._crawl.surt import reverse_host

PACKAGE = "surt_package.json"  # the facts of the surt package's tests/test_surt.py


def component(step: Callable[[URL], None], name: str, value: str | None, **parts: str) -> object:
    """``value`` as the component ``name`` of a URL (``parts``: others), through ``step``
    alone: the component after it."""
    u = URL("")
    u.scheme, u.authority, u.host = parts.get("scheme", "http"), True, parts.get("host", "h")
    setattr(u, name, value)
    step(u)
    return getattr(u, name)


def judge(
    cases: Mapping[str, object], got: Callable[[str], object], differences: Mapping[str, str]
) -> None:
    """Every case equal, but those of ``differences``, each of which differs."""
    wrong = {case for case, expected in cases.items() if got(case) != expected}
    assert wrong == set(differences), "a listed difference is gone, or a new one"


# -- the SURT key: the surt package's own tests, at its defaults ----------------------------
SURT_DIFFERENCES = {
    "http://192.168.1.254/info/": (
        "an IPv4 address is not reversed (it has no hierarchy of names; urikit gives "
        "192.168.1.254)/info, the package's own reverse_ipaddr=False)"
    ),
}


def test_surt_against_the_surt_packages_tests() -> None:
    judge(load(PACKAGE, "surt"), urikit.surt, SURT_DIFFERENCES)
    assert urikit.surt("http://192.168.1.254/info/") == "192.168.1.254)/info"


def test_the_surt_query_the_package_marks_as_a_bug() -> None:
    """``test_surt_query`` (xfail there: "a bug not yet fixed for compatibility"): the
    key that keeps ``%26``, which urikit gives."""
    judge(load(PACKAGE, "surt_query_xfail"), urikit.surt, {})


def test_surt_without_reversed_addresses_is_the_packages_option() -> None:
    judge(load(PACKAGE, "surt_reverse_ipaddr_false"), urikit.surt, {})


# -- the canonicalizers ----------------------------------------------------------------------
GOOGLE_DIFFERENCES = {
    "http://www.gotaport.com:1234/": "Safe Browsing v4 drops the port (its own example)",
    "B\u00fccher.ch:8080": "the port, as above (the host is the package's: xn--bcher-kva.ch)",
}


@pytest.mark.parametrize(
    ("section", "profile", "differences"),
    [
        ("IAURLCanonicalizer", "ia", {}),
        ("DefaultIAURLCanonicalizer", "ia", {}),
        ("GoogleURLCanonicalizer", "google", GOOGLE_DIFFERENCES),
    ],
)
def test_profiles_against_the_surt_packages_canonicalizers(
    section: str, profile: str, differences: dict[str, str]
) -> None:
    judge(load(PACKAGE, section), lambda url: urikit.canonicalize(url, profile), differences)


# -- the steps, each alone -------------------------------------------------------------------
@pytest.mark.parametrize(
    "source", [("surt.json", "unescapeRepeatedly"), (PACKAGE, "unescapeRepeatedly")]
)
def test_unescape_repeatedly(source: tuple[str, str]) -> None:
    judge(load(*source), escapes.unescape_repeatedly, {})


IPV4_DIFFERENCES = {
    "39024579298": (
        "past 2**32 - 1: the URL Standard's IPv4 parser fails (§3.5), the package wraps "
        "the number (as the Java it ports, for ARC files of the Wayback Machine)"
    ),
}


def test_normalize_ip_against_the_packages_ip_formats() -> None:
    """``attemptIPFormats``: the address, or ``None`` where the host is none (the step
    leaves such a host as it is)."""
    cases = load(PACKAGE, "attemptIPFormats")
    expected = {host: address or host for host, address in cases.items()}
    judge(expected, lambda host: component(steps.normalize_ip, "host", host), IPV4_DIFFERENCES)


def test_normalize_ip_against_urlcanons_funky_ipv4() -> None:
    cases = load("funky_ipv4.json")
    expected = {host: address or host for host, address in cases.items()}
    judge(expected, lambda host: component(steps.normalize_ip, "host", host), {})


@pytest.mark.parametrize("source", [("surt.json", "massageHost"), (PACKAGE, "massageHost")])
def test_strip_www(source: tuple[str, str]) -> None:
    judge(load(*source), lambda host: component(steps.strip_www, "host", host), {})


@pytest.mark.parametrize(
    "source", [("surt.json", "alphaRorderQuery"), (PACKAGE, "alphaReorderQuery")]
)
def test_sort_query_by_name(source: tuple[str, str]) -> None:
    judge(load(*source), lambda query: component(steps.sort_query_by_name, "query", query), {})


def test_strip_query_session_ids_ia() -> None:
    """``stripQuerySessionID`` (written with its ``?``)."""
    cases = load(PACKAGE, "stripQuerySessionID")
    expected = {query: found[1:] for query, found in cases.items()}

    def strip(query: str) -> object:
        return component(steps.strip_query_session_ids_ia, "query", query[1:])

    judge(expected, strip, {})


@pytest.mark.parametrize(
    "source", [("surt.json", "stripPathSessionId"), (PACKAGE, "stripPathSessionID")]
)
def test_strip_path_session_ids(source: tuple[str, str]) -> None:
    """The path's session segments (written with a query in one case: the step sees the
    path before it)."""

    def strip(text: str) -> object:
        path, mark, query = text.partition("?")
        return f"{component(steps.strip_path_session_ids, 'path', path)}{mark}{query}"

    judge(load(*source), strip, {})


def test_elide_ia_default_port() -> None:
    """``getDefaultPort``: 80 for http, 443 for https, none for another scheme."""
    for scheme, default in load(PACKAGE, "getDefaultPort").items():
        for port in ("80", "443", "21"):
            found = component(steps.elide_ia_default_port, "port", port, scheme=scheme)
            assert found == (None if port == str(default) else port), (scheme, port)


ADDRESS_SHAPES = {"123.45.167.89", "990.991.992.993"}  # four parts of 1..3 digits


def test_reverse_host_against_the_packages_host_to_surt() -> None:
    """``hostToSURT``: urikit's is the package's ``reverse_ipaddr=False`` (an address, or
    what has an address's shape, as it is); its default reverses those too."""
    cases = load(PACKAGE, "hostToSURT")
    judge({host: found[1] for host, found in cases.items()}, reverse_host, {})
    differences = {host: "an address is not reversed" for host in ADDRESS_SHAPES}
    judge({host: found[0] for host, found in cases.items()}, reverse_host, differences)


#: urlcanon reads ``%2e`` as a dot (the URL Standard's "single-dot path segment"); RFC
#: 3986 §5.2.4 removes literal dots, and the profiles decode ``%2E`` (§2.3) before.
ESCAPED_DOTS = ["/%2E./", "/%2E/", "/%2e./", "/%2e/", "/.%2E/", "/.%2e/"]
#: urlcanon reads a special scheme's ``\`` as a ``/`` here; the profiles turn it into
#: ``/`` before (the split, WHATWG URL §4.4 "path state"), or keep it as data (``ia``).
BACKSLASHES = [
    *("/..\\", "/..\\.", "/..\\..", "/..\\foo", "/.\\", "/.\\.", "/.\\..", "/.\\foo", "/\\."),
    *("/\\..", "/foo\\.", "/foo\\..", "\\.", "\\..", "\\../", "\\..\\", "\\./", "\\.\\"),
]


@pytest.mark.parametrize(
    ("kind", "differing"), [("special", ESCAPED_DOTS + BACKSLASHES), ("nonspecial", ESCAPED_DOTS)]
)
def test_remove_dot_segments_against_urlcanons_path_dots(kind: str, differing: list[str]) -> None:
    """urlcanon's path_dots.json, for a special scheme's path and another's."""
    scheme = "http" if kind == "special" else "x"

    def removed(path: str) -> object:
        return component(steps.remove_dot_segments, "path", path, scheme=scheme)

    judge(load("path_dots.json", kind), removed, dict.fromkeys(differing, "see above"))


@pytest.mark.parametrize("url", load("idempotence.json"))
@pytest.mark.parametrize("profile", ["google", "semantic", "aggressive", "ia", "rfc3986", "whatwg"])
def test_urlcanons_idempotence_inputs(url: str, profile: str) -> None:
    """urlcanon's idempotence.json: each key is its own key."""
    try:
        key = urikit.canonicalize(url, profile)
    except urikit.URISyntaxError:
        return
    assert urikit.canonicalize(key, profile) == key
