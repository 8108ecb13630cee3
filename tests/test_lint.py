"""``urikit.lint`` and ``urikit lint`` (issue 14): known attack strings and the exact rules
each must trigger, a positive and a negative example of every rule, the parser
differential (with and without ada-url), the contract of the function and of the command.

The rule sets of the attack table leave out ``parser-differential``, whose outcome
depends on the urllib.parse of the running Python (CPython fixed several of these
strings in patch releases); the differential has its own table, of strings every
supported version reads alike.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
import sys
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urikit
from tests import strategies as abnf
from tests.test_cli import run, run_process
from urikit._lint import differential as _differential
from urikit._lint.catalogue import SEVERITIES

NO_DIFF = "parser-differential"

# (text, grammar, the rules it must trigger, {rule: position} for some)
ATTACKS: list[tuple[str, str | None, set[str], dict[str, int]]] = [
    # -- URL parsing confusion (Claroty Team82 and Snyk, 2022), class by class --------------
    # scheme confusion: a host and port that RFC 3986 reads as a scheme and a path
    ("localhost:8080/admin", None, {"scheme-confusion"}, {"scheme-confusion": 0}),
    ("example.com:443/login", None, {"scheme-confusion"}, {}),
    # slash confusion: a special scheme not followed by exactly "//"
    ("http:evil.com", None, {"slash-confusion"}, {"slash-confusion": 5}),
    ("http:/evil.com", None, {"slash-confusion"}, {}),
    ("http:///evil.com", None, {"slash-confusion"}, {"slash-confusion": 5}),
    ("https:////evil.com/", None, {"slash-confusion"}, {"slash-confusion": 6}),
    ("///evil.com", None, {"slash-confusion"}, {"slash-confusion": 0}),
    # backslash confusion: "\" is "/" to browsers in special schemes
    (
        "http://evil.com\\@good.com/",
        None,
        {"backslash", "syntax", "userinfo-looks-like-host"},
        {"backslash": 15, "syntax": 15, "userinfo-looks-like-host": 7},
    ),
    ("http:/\\/evil.com", None, {"backslash", "slash-confusion", "syntax"}, {"backslash": 6}),
    ("/\\evil.com", None, {"backslash", "slash-confusion", "syntax"}, {"slash-confusion": 0}),
    ("https://good.com\\.evil.com/", None, {"backslash", "syntax"}, {"backslash": 16}),
    # URL-encoded data confusion
    ("http://%65vil.com/", None, {"encoded-host"}, {"encoded-host": 7}),
    ("http://good.com%2F@evil.com/", None, {"encoded-slash", "userinfo-looks-like-host"}, {}),
    ("http://h/%2e%2e/%2e%2e/etc/passwd", None, {"encoded-dot-segment"}, {}),
    ("http://%30x7f.1/", None, {"encoded-host", "ipv4-rare-form"}, {"ipv4-rare-form": 7}),
    # scheme mixup: the Log4j 2.15 allowlist bypass (CVE-2021-45046), javascript: comments
    ("ldap://127.0.0.1#.evilhost.com:1389/a", None, {"authority-confusion"}, {}),
    ("javascript://example.com/%0Aalert(1)", None, {"dangerous-scheme", "encoded-control"}, {}),
    # -- CPython advisories -------------------------------------------------------------
    # CVE-2023-24329: leading blanks defeated scheme blocklists
    (
        " javascript:alert(1)",
        None,
        {"whitespace-or-control", "dangerous-scheme", "syntax"},
        {"whitespace-or-control": 0, "dangerous-scheme": 1},
    ),
    ("\x00https://evil.example/", None, {"whitespace-or-control", "syntax"}, {}),
    # CVE-2022-0391: tab, CR, LF inside (browsers remove them)
    ("java\tscript:alert(1)", None, {"whitespace-or-control", "dangerous-scheme", "syntax"}, {}),
    ("https://www.python.org\r\n/", None, {"whitespace-or-control", "syntax"}, {"syntax": 22}),
    # CVE-2019-9636: NFKC turns characters of the netloc into delimiters
    (
        "https://example.com\uff03@bing.com/",
        "rfc3987",
        {"nfkc-delimiter", "userinfo-looks-like-host"},
        {"nfkc-delimiter": 19},
    ),
    ("https://good.com\u2100.evil.com/", "rfc3987", {"nfkc-delimiter", "mapped-host"}, {}),
    # CVE-2021-23336: parameter cloaking with ";"
    ("https://example.com/?a=1;a=2", None, {"query-semicolon"}, {"query-semicolon": 24}),
    # CVE-2024-11168 and CVE-2025-0938: brackets around or inside a host (urikit rejects)
    ("http://[192.168.0.1]/", None, {"syntax", "bracketed-host"}, {"bracketed-host": 7}),
    ("http://prefix.[v1.example]/", None, {"syntax", "bracketed-host"}, {"syntax": 14}),
    ("http://[v1.example].postfix/", None, {"syntax", "bracketed-host"}, {}),
    # bpo-30500: "@" after "#" read as the userinfo's end
    ("http://abc#@def", None, {"authority-confusion"}, {"authority-confusion": 10}),
    # -- RFC 3986 §7.6 and §7.4 ---------------------------------------------------------
    (
        "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        None,
        {"userinfo-looks-like-host"},
        {"userinfo-looks-like-host": 6},
    ),
    ("http://127.1/", None, {"ipv4-rare-form"}, {"ipv4-rare-form": 7}),
    ("http://0177.0.0.1/", None, {"ipv4-rare-form"}, {}),
    ("http://0x7f.1/", None, {"ipv4-rare-form"}, {}),
    ("http://2130706433/", None, {"ipv4-rare-form"}, {}),
    ("http://1.2.3.4./", None, {"ipv4-rare-form"}, {}),
    # full-width digit zero: browsers map it (UTS #46), then read an address
    ("http://\uff10x7f.1/", "rfc3987", {"ipv4-rare-form", "mapped-host"}, {}),
    # -- more ----------------------------------------------------------------------------
    ("http://[::ffff:127.0.0.1]/", None, {"ipv6-embedded-ipv4"}, {"ipv6-embedded-ipv4": 7}),
    ("http://h:99999/", None, {"port-out-of-range"}, {"port-out-of-range": 9}),
    (
        "http://\u0430pple.com/",
        "rfc3987",
        {"mixed-script-host", "confusable-host"},
        {"mixed-script-host": 7},
    ),
    ("http://h/\u202eexe.txt", "rfc3987", {"bidi-control", "syntax"}, {"bidi-control": 9}),
    ("http://h/a%00.jpg", None, {"encoded-control"}, {"encoded-control": 10}),
    ("http://h/%C0%AE%C0%AE/", None, {"overlong-utf8"}, {}),
    ("//evil.com\\@good.com", None, {"backslash", "syntax", "userinfo-looks-like-host"}, {}),
    # what must stay quiet
    ("http://127.0.0.1.nip.io/", None, set(), {}),
    ("https://www.example.com/a/b?c=d&e=f#g", None, set(), {}),
]


@pytest.mark.parametrize(("text", "grammar", "rules", "positions"), ATTACKS)
def test_attack_strings_trigger_exactly_their_rules(
    text: str, grammar: str | None, rules: set[str], positions: dict[str, int]
) -> None:
    found = urikit.lint(text, grammar=grammar, ignore=NO_DIFF)
    assert {f.rule for f in found} == rules
    at = {f.rule: f.position for f in found}
    for rule, position in positions.items():
        assert at[rule] == position, rule
    assert [f.position for f in found] == sorted(f.position for f in found)


def test_messages_name_what_was_found() -> None:
    (rare,) = urikit.lint("http://0x7f.1/", ignore=NO_DIFF)
    assert rare.message == "the host '0x7f.1' is 127.0.0.1 to inet_aton and browsers"
    assert rare.source == "RFC 3986 §7.4" and (rare.position, rare.end) == (7, 13)
    (dot,) = urikit.lint("http://1.2.3.4./", ignore=NO_DIFF)
    assert "is 1.2.3.4 to browsers" in dot.message  # inet_aton rejects the trailing dot
    (mapped,) = urikit.lint("http://[::ffff:7f00:1]/")
    assert "127.0.0.1 (IPv4-mapped" in mapped.message
    (port,) = urikit.lint("http://h:65536/")
    assert "0 taken modulo 65536" in port.message
    (password,) = urikit.lint("http://anne:s3cret@h/", select="userinfo-password")
    assert "s3cret" not in password.message and "6 characters" in password.message


# One example each that must trigger the rule and one that must not.
RULE_EXAMPLES: dict[str, tuple[tuple[str, str | None], tuple[str, str | None]]] = {
    "syntax": (("http://a b/", None), ("http://a/b", None)),
    "whitespace-or-control": (("http://a/\x7f", None), ("http://a/%20", None)),
    "backslash": (("http://a\\b/", None), ("http://a/?q=\\", None)),
    "slash-confusion": (("https:/a/b", None), ("file:///etc/hosts", None)),
    "scheme-confusion": (("localhost:3000", None), ("tel:5551234", None)),
    "dangerous-scheme": (("VBScript:msgbox(1)", None), ("https://javascript.info/", None)),
    "userinfo-password": (("ftp://a:@h/", None), ("ftp://a@h/", None)),
    "userinfo-looks-like-host": (("http://www.bank@evil/", None), ("ftp://anne@h/", None)),
    "authority-confusion": (("http://a?x@b", None), ("http://a/?x@b", None)),
    "encoded-host": (("http://a%2eb/", None), ("http://a/%2e", None)),
    "ipv4-rare-form": (("http://0x7f000001/", None), ("http://127.0.0.1/", None)),
    "ipv6-embedded-ipv4": (("http://[64:ff9b::a00:1]/", None), ("http://[2001:db8::1]/", None)),
    "port-out-of-range": (("http://h:070000/", None), ("http://h:065535/", None)),
    "well-known-port": (("https://h:80/", None), ("https://h:443/", None)),
    "encoded-control": (("http://h/?q=%C2%85", None), ("http://h/?q=%20", None)),
    "double-encoding": (("http://h/%2541", None), ("http://h/%25zz", None)),
    "overlong-utf8": (("http://h/%E0%80%AF", None), ("http://h/%E2%82%AC", None)),
    "encoded-dot-segment": (("http://h/a/%2E/b", None), ("http://h/a/%2Ex/b", None)),
    "encoded-slash": (("http://h/a/..%5Cb", None), ("http://h/?a%2Fb", None)),
    "nfkc-delimiter": (("http://a\uff1a80/", "rfc3987"), ("http://\uff45xample/", "rfc3987")),
    "bidi-control": (("http://h/%e2%81%a7", None), ("http://h/%e2%82%ac", None)),
    "mixed-script-host": (("http://xn--pple-43d.com/", None), ("http://例え.テスト/", "rfc3987")),
    "query-semicolon": (("http://h/?a=1&b=2;c=3", None), ("http://h/a;b?c", None)),
    "dangerous-parameter": (
        ("https://h/?next=javascript:alert(1)", None),
        ("https://h/?n=https://h/", None),
    ),
    "bracketed-host": (("http://[v1.x]/", None), ("http://[::1]/", None)),
    "non-dns-host": (("http://a,b.example/", None), ("http://a_b.example/", None)),
    "long-host": (
        ("http://" + "a" * 64 + ".example/", None),
        ("http://" + "a" * 63 + ".example/", None),
    ),
    "invisible-host": (
        ("http://a\u200bb.example/", "rfc3987"),
        ("http://ab.example/\u200b", "rfc3987"),
    ),
    "mapped-host": (("http://\uff41.example/", "rfc3987"), ("http://\u00e4.example/", "rfc3987")),
    "deviation-host": (("http://fa\u00df.example/", "rfc3987"), ("http://fass.example/", None)),
    "confusable-host": (
        ("http://xn--80ak6aa92e.com/", None),
        ("http://xn--bcher-kva.example/", None),
    ),
    "malformed-port": (("http://h:+80/", None), ("http://h:80/", None)),
    "path-parameter-traversal": (("http://h/a/..;/b", None), ("http://h/a;b/c", None)),
    "parser-differential": (("http:evil.com", None), ("http://evil.com/", None)),
}


def test_every_rule_has_examples() -> None:
    assert set(RULE_EXAMPLES) == set(urikit.LINT_RULES)


@pytest.mark.parametrize("rule", sorted(RULE_EXAMPLES))
def test_each_rule_fires_on_its_example_and_not_on_the_other(rule: str) -> None:
    (positive, grammar), (negative, other) = RULE_EXAMPLES[rule]
    found = [f for f in urikit.lint(positive, grammar=grammar) if f.rule == rule]
    assert len(found) == 1, found
    entry = urikit.LINT_RULES[rule]
    assert (found[0].severity, found[0].source) == (entry.severity, entry.source)
    assert 0 <= found[0].position <= found[0].end <= len(positive)
    assert rule not in {f.rule for f in urikit.lint(negative, grammar=other)}


def test_a_semicolon_of_an_html_character_reference_says_so() -> None:
    (escaped,) = urikit.lint("http://h/?id=1&amp;L=2")
    assert "the HTML character reference &amp;" in escaped.message
    (plain,) = urikit.lint("http://h/?a=1;b=2;c")
    assert "HTML" not in plain.message and plain.message.endswith("(and 1 more)")


def test_one_finding_per_rule_counting_the_others() -> None:
    (control,) = urikit.lint("http://h/%0d%0a%00")
    assert control.position == 9 and control.message.endswith("(and 2 more)")


# -- the parser differential ---------------------------------------------------------------
DIFFERENTIAL = [
    ("http://evil.com\\@good.com/", None, True),
    ("http://0x7f.1/", None, True),
    ("http:evil.com", None, True),
    ("http://%65vil.com/", None, True),
    ("https://example.com/", None, False),
    ("HTTP://EXAMPLE.COM/", None, False),
    ("http://[::FFFF:127.0.0.1]/", None, False),  # the same address, written otherwise
    ("http://bücher.de/", "rfc3987", False),  # its IDNA form, for all three
    ("mailto:a@b", None, False),
]


@pytest.mark.parametrize(("text", "grammar", "fires"), DIFFERENTIAL)
def test_the_parser_differential(text: str, grammar: str | None, fires: bool) -> None:
    found = urikit.lint(text, grammar=grammar, select=NO_DIFF)
    assert bool(found) is fires
    if fires:
        assert found[0].severity == "error"
        assert "urllib.parse" in found[0].message and "WHATWG" in found[0].message


def test_the_differential_says_each_reading() -> None:
    (found,) = urikit.lint("http://evil.com\\@good.com/", select=NO_DIFF)
    assert found.message == (
        "the hosts differ: urllib.parse 'good.com', WHATWG 'evil.com', urikit rejects it"
    )


def test_the_differential_resolves_against_the_base() -> None:
    (found,) = urikit.lint("\\\\evil.com", base="http://good.example/", select=NO_DIFF)
    assert "WHATWG 'evil.com'" in found.message
    assert not urikit.lint("//evil.com", base="http://good.example/", select=NO_DIFF)


def test_the_differential_needs_no_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """The URL Standard's reading is urikit's own: with ada-url unimportable, the same
    findings (issue 31; tests/test_extras.py compares thousands)."""
    monkeypatch.setitem(sys.modules, "ada_url", None)  # import ada_url raises ImportError
    found = urikit.lint("http://0x7f.1/")
    assert [(f.rule, f.severity) for f in found] == [
        (NO_DIFF, "error"),
        ("ipv4-rare-form", "error"),
    ]
    assert "WHATWG '127.0.0.1'" in found[0].message


# -- the function's contract -----------------------------------------------------------------
def test_finding_is_a_frozen_slotted_value() -> None:
    (found,) = urikit.lint("http://h:99999/")
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.rule = "x"  # type: ignore[misc]
    assert not hasattr(found, "__dict__")
    assert found == urikit.Finding(
        "port-out-of-range",
        "error",
        9,
        14,
        found.message,
        "RFC 3986 §3.2.3; RFC 9293 §3.1 (16-bit ports)",
    )


def test_arguments() -> None:
    with pytest.raises(TypeError, match="bytes"):
        urikit.lint(b"http://a/")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no-such-rule"):
        urikit.lint("x", select=["no-such-rule"])
    with pytest.raises(ValueError, match="ignore"):
        urikit.lint("x", ignore="no-such-rule")
    with pytest.raises(TypeError):
        urikit.lint("x", select=[1])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="base"):
        urikit.lint("x", base=1)  # type: ignore[arg-type]
    with pytest.raises(urikit.ResolutionError):
        urikit.lint("x", base="//no-scheme")
    with pytest.raises(urikit.URISyntaxError):
        urikit.lint("x", base="http://a b/")
    ref = urikit.parse("http://0x7f.1/", grammar="rfc2396")
    assert [f.rule for f in urikit.lint(ref, ignore=[NO_DIFF])] == ["ipv4-rare-form"]
    assert urikit.lint("", ignore=NO_DIFF) == []
    only = urikit.lint("http://a:1@0x7f.1:99999/", select=("ipv4-rare-form", "port-out-of-range"))
    assert [f.rule for f in only] == ["ipv4-rare-form", "port-out-of-range"]


def test_the_base_stands_for_a_missing_scheme() -> None:
    rules = {f.rule for f in urikit.lint("/\\evil.com", base="http://a/", ignore=NO_DIFF)}
    assert rules == {"backslash", "slash-confusion", "syntax"}
    rules = {f.rule for f in urikit.lint("/\\x", base="urn:a:b", ignore=NO_DIFF)}
    assert rules == {"backslash", "syntax"}  # not a special scheme: no network-path reading
    (slash,) = urikit.lint("a\\b", base="foo:x", select="backslash")
    assert slash.message == "'\\' in a foo: URL: other parsers may read it as '/'"


# Text of any kind, and URL-like text: references of each grammar and the attack strings
# above, edited a few times and cut anywhere (a fuzz found a span past the end of "http://a%").
URL_LIKE = st.one_of(
    abnf.mutated(abnf.reference(None, True)),
    abnf.mutated(abnf.reference_2396(None)),
    abnf.mutated(abnf.iri_reference_rule(), abnf.IRI_MUTATION_ALPHABET),
    st.sampled_from([text for text, *_ in ATTACKS]).flatmap(
        lambda text: abnf.mutated(lambda _: text, abnf.MUTATION_ALPHABET + "%\\")
    ),
)


@given(
    st.one_of(
        st.text(
            alphabet=st.characters(codec="utf-8") | st.sampled_from("%/\\:@?#[].0x"), max_size=40
        ),
        st.tuples(URL_LIKE, st.integers(0, 200)).map(lambda cut: cut[0][: cut[1]]),
    ),
    st.sampled_from([None, "rfc3986", "rfc2396", "rfc3987"]),
    st.sampled_from([None, "http://a/b", "foo:x"]),
)
@example("http://a%", None, None)  # encoded-host: "%" and what follows taken for a triplet
@example("//n*%\\", "rfc3987", "http://a/b")
@example("http://a%4", "rfc2396", None)
@example("{F%b%43", None, None)  # a "%" whose digits are encoded: half a UTF-8 sequence
@example("/%C%33;%c9%07", "rfc3987", "http://a/b")
def test_any_string_gives_findings_within_it(
    text: str, grammar: str | None, base: str | None
) -> None:
    for found in urikit.lint(text, grammar=grammar, base=base):
        assert 0 <= found.position <= found.end <= len(text), found
        assert "\n" not in found.message and "\r" not in found.message
        ceiling = SEVERITIES.index(urikit.LINT_RULES[found.rule].severity)
        assert SEVERITIES.index(found.severity) >= ceiling  # context lowers, never raises


@given(
    st.one_of(
        URL_LIKE,
        st.sampled_from([text for text, *_ in ATTACKS]),
        st.from_regex(
            r"https?://[a-z0-9.,;=~&+!$'()*_-]{0,80}(/[a-z:;=&?#%]{0,20})?", fullmatch=True
        ),
    )
)
@example("http://" + "a" * 63 + "/")
@example("http://" + "a" * 64 + "/")
@example("https://h.example/?next=JavaScript:x")
@example("https://e.example,t.example/")
def test_the_hot_path_finds_what_the_full_one_does(text: str) -> None:
    # the default call runs the core's plain test (lint_plain, which is _lint._plain);
    # a grammar given runs every check: the findings are the same
    fast = urikit.lint(text, ignore=NO_DIFF)
    assert fast == urikit.lint(text, grammar="rfc3987", ignore=NO_DIFF)
    assert urikit.lint(text) == urikit.lint(text, grammar="rfc3987")


@pytest.mark.parametrize("text", ["http://a.example/b?c=d", "http://0x7f.1/", "a b"])
def test_every_call_of_lint_is_the_python_function_s(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """lint's compiled front (csrc/front.c) answers its common calls, and hands every
    other to the Python function: the same findings, the same errors, with the core's
    lint_plain or without it."""
    from urikit._lint import lint as _lint

    calls: list[dict[str, object]] = [
        {},
        {"ignore": None},
        {"ignore": NO_DIFF},
        {"ignore": [NO_DIFF]},
        {"ignore": "syntax"},
        {"select": NO_DIFF},
        {"select": None, "ignore": NO_DIFF},
        {"base": "http://x/"},
        {"grammar": None},
        {"ignore": "no-such-rule"},
        {"ignore": 1},
        {"colour": "red"},
    ]

    def outcomes() -> list[object]:
        got: list[object] = []
        for kwargs in calls:
            try:
                got.append(urikit.lint(text, **kwargs))  # type: ignore[arg-type]
            except (TypeError, ValueError) as error:
                got.append((type(error), str(error)))
        return got

    compiled = outcomes()
    monkeypatch.setattr(_lint, "core_lint_plain", None)  # the front hands all to Python
    assert compiled == outcomes()


#: Real URLs (tests/data/corpus_sample.txt, MIT), most of them plain.
SAMPLE = (Path(__file__).parent / "data" / "corpus_sample.txt").read_text("utf-8").splitlines()
#: References of the shapes lint_plain passes: a scheme, "//", a name, a path, a query
#: and a fragment of any case, dots, digits, "_", "-", and ":" after other letters.
PLAIN_LIKE = st.from_regex(
    r"[A-Za-z][A-Za-z0-9+.-]{0,8}://[A-Za-z0-9._-]{1,20}"
    r"(/[A-Za-z0-9._~!$&'()*+,;=:@/-]{0,20})?(\?[A-Za-z0-9=&:/?._-]{0,15})?(#[A-Za-z0-9:/?._-]{0,8})?",
    fullmatch=True,
)


def _no_differential_when_plain(text: str) -> bool:
    """Whether ``text`` is plain (``_lint._plain``), and then the parser differential,
    computed whole, finds nothing: the claim that lets the default call return at once."""
    from urikit._lint import lint as _lint
    from urikit._syntax.grammar import RFC3987
    from urikit._syntax.parse import components, split

    parts = split(text, RFC3987, RFC3987.rules["URI-reference"])
    if not _lint._plain(parts, text):
        return False
    assert parts is not None
    assert _differential.differential(text, None, components(parts)[3]) is None, text
    return True


def test_no_plain_url_of_the_sample_has_a_differential() -> None:
    plain = sum(_no_differential_when_plain(text) for text in SAMPLE)
    assert plain > 0.9 * len(SAMPLE)  # the test reads most of the sample


@given(
    st.one_of(PLAIN_LIKE, st.from_regex(r"(?:http|foo|file)://[0-9a-fx.]{1,12}/", fullmatch=True))
)
@example("http://127.1/x")  # an IPv4 address to the URL Standard: not plain
@example("http://0x1f/")  # 0.0.0.31 to the URL Standard: not plain
@example("http://xn--bcher-kva.de/")
@example("FILE://localhost/etc/hosts")
@example("foo://Host.Example/a")
@example("http://a..b/")
@example("ws://-a_b-/x?t=1#x:y")
def test_no_plain_reference_has_a_differential(text: str) -> None:
    _no_differential_when_plain(text)


# -- the catalogue in docs/lint.md ----------------------------------------------------------
def test_the_docs_table_is_the_catalogue() -> None:
    docs = Path(__file__).parent.parent / "docs"
    readme = (docs / "lint.md").read_text("utf-8")
    rows = re.findall(r"^\| `([a-z0-9-]+)` \| (error|warning|info) \| .* \| (.*) \|$", readme, re.M)
    assert [(name, severity) for name, severity, _ in rows] == [
        (rule.name, rule.severity) for rule in urikit.LINT_RULES.values()
    ]
    for name, _, source in rows:
        assert source == urikit.LINT_RULES[name].source, name


# -- the command --------------------------------------------------------------------------------
LINES = b"http://0x7f.1/\nhttps://ok.example/\n\nhttp://a/?x=1&y=2;z=3\nhttp://a b/\n"


def test_cli_reports_each_finding_and_exits_by_the_worst() -> None:
    result = run("lint", "--ignore", NO_DIFF, "-", stdin=LINES)
    assert result.code == 1, result
    assert result.lines == [
        "<stdin>:1:8: error: ipv4-rare-form: the host '0x7f.1' is 127.0.0.1 to inet_aton and "
        "browsers",
        "<stdin>:4:18: warning: query-semicolon: ';' in the query: parsers that split "
        "parameters at ';' see other parameters than those that split at '&' only",
        "<stdin>:5:9: error: syntax: a character not allowed in an IRI: ' ' (U+0020)",
        "<stdin>:5:9: error: whitespace-or-control: U+0020 (SPACE) inside: parsers reject it, "
        "keep it or cut the string there",
        "5 lines: 3 errors, 1 warnings, 0 info",
    ]
    assert result.err == ""
    warnings = run("lint", "--select", "query-semicolon,ipv6-embedded-ipv4", stdin=LINES)
    assert warnings.code == 3, warnings
    clean = run("lint", "--select", "well-known-port", stdin=LINES)
    assert (clean.code, clean.lines) == (0, ["5 lines: 0 errors, 0 warnings, 0 info"])


def test_cli_json_one_record_per_line() -> None:
    result = run("lint", "--json", "--ignore", NO_DIFF, stdin=LINES + b"\xff\n")
    records = [json.loads(line) for line in result.lines]
    assert [len(r["findings"] or []) for r in records] == [1, 0, 0, 1, 2, 0]
    first = records[0]["findings"][0]
    assert first == {
        "rule": "ipv4-rare-form",
        "severity": "error",
        "position": 7,
        "end": 13,
        "line": 1,
        "column": 8,
        "message": "the host '0x7f.1' is 127.0.0.1 to inet_aton and browsers",
        "source": "RFC 3986 §7.4",
    }
    assert records[5]["findings"] is None and records[5]["error"]["kind"] == "not-utf-8"
    assert all(r["error"] is None for r in records[:5])
    assert result.err == "6 lines: 3 errors, 1 warnings, 0 info\n"
    assert result.code == 1


def test_cli_options(tmp_path: Path) -> None:
    unknown = run("lint", "--select", "backslash,nope", stdin=LINES)
    assert unknown.code == 2 and "unknown rule 'nope'" in unknown.err
    assert run("lint", "--ignore", "nope", stdin=LINES).code == 2
    assert run("lint", "--base", "no scheme", stdin=LINES).code == 2
    based = run("lint", "--base", "http://a/", "--select", "slash-confusion", stdin=b"/\\x\n")
    assert based.code == 1 and ":1:1: error: slash-confusion:" in based.out
    shown = run(
        "lint", "--show-source", "--select", "port-out-of-range", stdin=b"http://h:1234567/"
    )
    assert shown.lines[1:3] == ["  http://h:1234567/", "           ^"]
    rfc3987 = run("lint", "-g", "rfc3987", "--select", "syntax", stdin="http://ü/\n".encode())
    assert rfc3987.code == 0
    path = tmp_path / "urls.txt"
    path.write_bytes(b"http://h:99999/\n")
    assert run("lint", "--select", "port-out-of-range", str(path)).out.startswith(f"{path}:1:10:")


def test_cli_in_a_process() -> None:
    result = run_process("lint", "--json", "-", stdin=b"http:evil.com\n")
    (record,) = (json.loads(line) for line in result.out.splitlines())
    assert {f["rule"] for f in record["findings"]} == {"slash-confusion", NO_DIFF}
    assert result.code == 1


# -- the corners of each check --------------------------------------------------------------
# (text, grammar, base, rule, whether it fires)
#: A DNS name of 253 octets, the most RFC 1034 §3.1 allows (without the root's dot).
_NAME_253 = ".".join(["a" * 63] * 3) + "." + "b" * 61
CORNERS: list[tuple[str, str | None, str | None, str, bool]] = [
    # the URL Standard's IPv4 parser and inet_aton, part by part
    ("http://0x/", None, None, "ipv4-rare-form", True),  # "0x" alone is 0
    ("http://1..2/", None, None, "ipv4-rare-form", False),  # an empty part
    ("http://09.1/", None, None, "ipv4-rare-form", False),  # 9 is no octal digit
    ("http://../", None, None, "ipv4-rare-form", False),
    ("http://1.2.3.4.5.6/", None, None, "ipv4-rare-form", False),  # too many parts
    ("http://1.2.3.4.5/", None, None, "ipv4-rare-form", False),
    # numbers past their size: browsers reject them, parsers that wrap reach an address
    ("http://256.1.1.1/", None, None, "ipv4-rare-form", True),  # 0.1.1.1
    ("http://1.16777216/", None, None, "ipv4-rare-form", True),  # past 24 bits: 1.0.0.0
    ("http://0x100000000/", None, None, "ipv4-rare-form", True),  # past 32 bits: 0.0.0.0
    ("http://1.2.3." + "9" * 65 + "/", None, None, "ipv4-rare-form", False),  # no address
    ("http://1.2.3.0000000000000000000000000004/", None, None, "ipv4-rare-form", True),
    ("http://%31%32%37.1/", None, None, "ipv4-rare-form", True),  # browsers decode first
    # IPv6 literals that carry IPv4 addresses
    ("http://[2002:7f00:1::]/", None, None, "ipv6-embedded-ipv4", True),  # 6to4
    ("http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", None, None, "ipv6-embedded-ipv4", True),
    ("http://[fe80::5efe:10.0.0.1]/", None, None, "ipv6-embedded-ipv4", True),  # ISATAP
    ("http://[::ffff:0:10.0.0.1]/", None, None, "ipv6-embedded-ipv4", True),  # translated
    ("http://[::10.0.0.1]/", None, None, "ipv6-embedded-ipv4", True),  # compatible
    ("http://[::1]/", None, None, "ipv6-embedded-ipv4", False),
    ("http://[v1.x]/", None, None, "ipv6-embedded-ipv4", False),
    ("http://[fe80::1%25eth0]/", None, None, "ipv6-embedded-ipv4", False),
    # the authority as any string splits
    ("http://u@[::1]:8o/", None, None, "port-out-of-range", False),
    ("http://[::1]x/", None, None, "syntax", True),
    ("http://a:b:c/", None, None, "syntax", True),
    ("http://localhost@evil/", None, None, "userinfo-looks-like-host", True),
    ("http://10.0.0.1@evil/", None, None, "userinfo-looks-like-host", True),
    ("http://a.-@evil/", None, None, "userinfo-looks-like-host", False),
    ("http://a.b.c.4@evil/", None, None, "userinfo-looks-like-host", False),
    ("http://a b:99999/", None, None, "port-out-of-range", True),
    ("http://a?x", None, None, "authority-confusion", False),
    ("http://a#b.c", None, None, "authority-confusion", False),
    ("http://a?.evil.com", None, None, "authority-confusion", True),
    ("//h:99999/", None, None, "port-out-of-range", True),  # no scheme
    ("//h:80/", None, None, "well-known-port", True),
    ("https://h:0443/", None, None, "well-known-port", False),
    # schemes and slashes
    ("/a", None, "http://h/", "slash-confusion", False),
    ("\\\\evil.com", None, None, "slash-confusion", True),
    ("//\\evil.com", None, "mailto:x", "slash-confusion", False),  # not a special scheme
    ("foo:12ab", None, None, "scheme-confusion", False),
    ("foo:123456", None, None, "scheme-confusion", False),  # no port has six digits
    ("a b:80/", None, None, "scheme-confusion", False),  # no scheme at all
    ("DATA:text/html,<script>", None, None, "dangerous-scheme", True),
    ("http://h/\\x", None, None, "backslash", True),
    ("http://h/?\\x", None, None, "backslash", False),
    ("file://h/\\x", None, None, "slash-confusion", False),
    # percent-encodings
    ("http://h/?%2e%2e", None, None, "encoded-dot-segment", False),
    ("http://h/a%2eb", None, None, "encoded-dot-segment", False),
    ("http://a%2Fb@h/", None, None, "encoded-slash", True),
    ("http://a%zz%41/", None, None, "encoded-host", True),  # at the triplet, 11
    ("http://a%/", None, None, "encoded-host", False),  # no triplet: the syntax rule's
    ("http://a%4", None, None, "encoded-host", False),
    ("http://h/%F0%80%80%AF", None, None, "overlong-utf8", True),
    ("http://h/%C1%9C", None, None, "overlong-utf8", True),
    ("http://h/%D8%9C", None, None, "bidi-control", True),  # ARABIC LETTER MARK
    ("http://h/\u2067", "rfc3987", None, "bidi-control", True),
    # Unicode hosts
    ("http://xn--9999999999a/", None, None, "mixed-script-host", False),  # no punycode
    ("http://xn--a/", None, None, "mixed-script-host", False),
    ("http://\u0440\u0430y\u0440\u0430l.com/", "rfc3987", None, "mixed-script-host", True),
    ("http://日本語.jp/", "rfc3987", None, "mixed-script-host", False),
    ("http://\u03b1\u03b2.com/", "rfc3987", None, "mixed-script-host", False),
    # the length of a name (RFC 1034 §3.1): 253 octets without the root's dot, 63 a label
    ("http://" + _NAME_253 + "/", None, None, "long-host", False),
    ("http://" + _NAME_253 + "./", None, None, "long-host", False),  # the root's dot
    ("http://" + _NAME_253 + "b/", None, None, "long-host", True),  # 254
    ("http://" + _NAME_253 + "b./", None, None, "long-host", True),
    ("http://" + _NAME_253[:-2] + "\u00fc/", "rfc3987", None, "long-host", True),  # xn--...
    ("http://" + "a" * 63 + "/", None, None, "long-host", False),
    ("http://" + "a" * 64 + "/", None, None, "long-host", True),
    # path parameters after a dot segment, in every spelling of ";"
    ("http://h/..%3b/x", None, None, "path-parameter-traversal", True),
    ("http://h/..%3B/x", None, None, "path-parameter-traversal", True),
    ("http://h/%2e%2E%3b/x", None, None, "path-parameter-traversal", True),
    ("http://h/.%3Bx/y", None, None, "path-parameter-traversal", True),
    ("http://h/a..%3b/x", None, None, "path-parameter-traversal", False),  # no dot segment
    ("http://h/..%3c/x", None, None, "path-parameter-traversal", False),
    # a parameter value that decodes, once or twice, to a script URL (not only after %3A)
    ("http://h/?next=javascript%253Aalert(1)", None, None, "dangerous-parameter", True),
    ("http://h/?next=%256Aavascript%253Aalert(1)", None, None, "dangerous-parameter", True),
    ("http://h/#next=javascript%253Aalert(1)", None, None, "dangerous-parameter", True),
    ("http://h/?next=javascript%25253Aalert(1)", None, None, "dangerous-parameter", False),
    ("http://h/?next=%2541", None, None, "dangerous-parameter", False),
    # a port of digits that are not ASCII: int() reads decimal digits (Nd) only
    ("//a:1\u2474", None, None, "malformed-port", True),  # PARENTHESIZED DIGIT ONE
    ("//a:\u0661\u0662", None, None, "malformed-port", True),  # ARABIC-INDIC 1 2
    ("//a:\u00b2", None, None, "malformed-port", True),  # SUPERSCRIPT TWO
    # the differential, against a base
    ("g", "rfc2396", "http://a_b/", NO_DIFF, False),
    ("http:g", None, "http://a/b", NO_DIFF, True),  # RFC 3986 §5.2.2 strict: no host
]


@pytest.mark.parametrize(("text", "grammar", "base", "rule", "fires"), CORNERS)
def test_the_corners_of_each_check(
    text: str, grammar: str | None, base: str | None, rule: str, fires: bool
) -> None:
    found = [f for f in urikit.lint(text, grammar=grammar, base=base) if f.rule == rule]
    assert bool(found) is fires, found


def test_the_differential_helpers() -> None:
    assert repr(_differential.REJECTED) == "REJECTED"
    assert _differential.canonical("[v1.a:b]") == "v1.a:b"  # IPvFuture: as written
    # a name outside ASCII in the URL Standard's IDNA form (urikit's UTS #46, no extra);
    # one that has none (a joiner out of context, RFC 5892 A.1) as written, lower-cased
    assert _differential.canonical("Bücher.de") == "xn--bcher-kva.de"
    assert _differential.canonical("A\u200cB.de") == "a\u200cb.de"


def test_messages_stay_short_and_printable() -> None:
    (found,) = urikit.lint("http://" + "%" + "41" * 200 + "\u0430pple.com/", select="encoded-host")
    assert len(found.message) < 160
    from urikit._lint.catalogue import shown

    assert shown("a\x00b\u202e") == "a\\x00b\\u202e"


def test_the_rules_of_a_list_are_not_cached_but_still_checked() -> None:
    for _ in range(3):
        assert urikit.lint("http://h:99999/", select=["port-out-of-range"], ignore=("syntax",))
    pairs = list(itertools.combinations(sorted(urikit.LINT_RULES), 2))[:70]  # past the cache
    for pair in pairs:
        found = urikit.lint("http://h:99999/", ignore=pair, select="port-out-of-range")
        assert bool(found) is ("port-out-of-range" not in pair)


def test_an_encoded_host_is_found_at_its_first_triplet() -> None:
    # RFC 3986 §2.1: a "%" that starts no triplet is no encoding (the syntax rule says so)
    (found,) = urikit.lint("http://a%zz%41/", select="encoded-host")
    assert (found.position, found.end) == (11, 14)
