"""Public suffixes, registrable domains and Common Crawl's URL columns (issue 24).

Reference data: the Public Suffix List's own ``tests.txt`` and the facts that Common
Crawl's cc-index-table tests assert (``tests/data/psl/``, ``tests/data/commoncrawl/``,
each README says the source, license and judging rule); the Arrow columns equal the
per-URL function on the bundled corpus sample.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from hypothesis import example, given
from publicsuffixlist import PublicSuffixList

import urikit
from urikit import batch
from urikit.strategies import components

DATA = Path(__file__).parent / "data"


def psl_cases() -> list[tuple[str | None, str | None]]:
    cases = []
    for line in (DATA / "psl" / "tests.txt").read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("//"):
            host, expected = line.split()
            cases.append(
                (None if host == "null" else host, None if expected == "null" else expected)
            )
    return cases


def test_the_public_suffix_lists_own_tests_pass() -> None:
    cases = psl_cases()
    assert len(cases) == 78
    hosts = [host for host, _ in cases]
    assert batch.registrable_domain(hosts) == [expected for _, expected in cases]
    for host, expected in cases:
        if host is not None:
            assert urikit.registrable_domain(host) == expected, host


@pytest.mark.parametrize(
    ("u_label", "a_label"),
    [
        ("www.食狮.公司.cn", "www.xn--85x722f.xn--55qx5d.cn"),
        ("Bücher.example.de", "xn--bcher-kva.example.de"),
    ],
)
def test_a_u_label_host_and_its_a_label_form_agree(u_label: str, a_label: str) -> None:
    for function in (urikit.public_suffix, urikit.registrable_domain):
        found = function(u_label)
        assert found is not None
        assert urikit.host_to_ascii(found) == function(a_label)
        assert urikit.host_to_unicode(function(a_label) or "") == found


def test_hosts_with_no_registrable_domain() -> None:
    for host in ("[::1]", "[v1.x]", "127.0.0.1", "1.2.3", "a.0x7f", ".com", "a..com", "", "."):
        assert urikit.registrable_domain(host) is None, host
        assert urikit.public_suffix(host) is None, host
    assert urikit.public_suffix("com") == "com"
    assert urikit.registrable_domain("com") is None


def test_the_root_dot_is_kept_and_percent_encoding_read() -> None:
    assert urikit.registrable_domain("www.example.com.") == "example.com."
    assert urikit.public_suffix("example.co.uk.") == "co.uk."
    assert urikit.registrable_domain("www.example%2Ecom") == "example.com"


def test_private_rules_and_the_implicit_rule_are_options() -> None:
    assert urikit.registrable_domain("myblog.blogspot.com") == "myblog.blogspot.com"
    assert urikit.registrable_domain("myblog.blogspot.com", private=False) == "blogspot.com"
    assert urikit.public_suffix("a.b.example") == "example"
    assert urikit.public_suffix("a.b.example", implicit_rule=False) is None
    assert urikit.registrable_domain("a.b.example", implicit_rule=False) is None


def test_a_url_is_not_a_host() -> None:
    with pytest.raises(urikit.URISyntaxError) as error:
        urikit.registrable_domain("http://example.com/")
    assert error.value.position == 4
    with pytest.raises(TypeError):
        urikit.registrable_domain(b"example.com")  # type: ignore[arg-type]
    with pytest.raises(urikit.IDNAError):
        urikit.registrable_domain("a\u2100.com")  # maps to a/c: no host
    assert batch.public_suffix(["http://example.com/", "a\u2100.com", None]) == [None] * 3


#: Every ASCII character no reg-name holds (RFC 3986 §3.2.2: unreserved / sub-delims),
#: written from the RFC's ABNF: its escape in a host decodes to no host name.
NOT_IN_A_NAME = sorted(
    set(map(chr, range(0x80)))
    - set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=")
)


@pytest.mark.parametrize("char", NOT_IN_A_NAME)
def test_an_escape_that_decodes_to_no_host_name_is_an_error(char: str) -> None:
    """``a.b%2Fc`` is no host once decoded (``a.b/c``): an error at its ``%``, never an
    answer that is no host."""
    host = f"www.a.b%{ord(char):02X}c.com"
    for function in (urikit.registrable_domain, urikit.public_suffix):
        with pytest.raises(urikit.URISyntaxError) as info:
            function(host)
        assert (info.value.position, info.value.kind) == (7, urikit.ErrorKind.INVALID_HOST)
    assert batch.registrable_domain([host, "a.b%2Fc"]) == [None, None]
    row = urikit.common_crawl_row(f"http://{host}/")
    assert row["url_host_name"] is row["url_host_tld"] is row["url_host_private_domain"] is None


def test_escapes_that_decode_to_a_host_name() -> None:
    assert urikit.registrable_domain("www.a%21b%2Ecom") == "a!b.com"
    assert urikit.public_suffix("a.%63om") == "com"


@given(components("host", grammar="rfc3987"))
@example("a.b%2Fc")
@example("x.a%3Ab.com")
def test_every_answer_is_a_host(host: str) -> None:
    """An answer is a host name: valid (RFC 3987 ihost), nothing left to decode."""
    for function in (urikit.registrable_domain, urikit.public_suffix):
        try:
            found = function(host)
        except (urikit.URISyntaxError, urikit.IDNAError):
            continue
        if found is not None:
            assert urikit.is_valid(found, rule="host", grammar="rfc3987"), (host, found)
            assert "%" not in found, (host, found)


LIST = """\
// ===BEGIN ICANN DOMAINS===
test
*.wild.test
!keep.wild.test
// ===END ICANN DOMAINS===
// ===BEGIN PRIVATE DOMAINS===
hosting.test
// ===END PRIVATE DOMAINS===
"""


def test_a_list_file_of_ones_own(tmp_path: Path) -> None:
    path = tmp_path / "list.dat"
    path.write_text(LIST, "utf-8")
    for list_file in (path, str(path)):
        assert urikit.registrable_domain("a.b.test", list_file=list_file) == "b.test"
        assert urikit.registrable_domain("a.b.wild.test", list_file=list_file) == "a.b.wild.test"
        assert (
            urikit.registrable_domain("x.keep.wild.test", list_file=list_file) == "keep.wild.test"
        )
        assert urikit.public_suffix("a.hosting.test", list_file=list_file) == "hosting.test"
        assert urikit.public_suffix("a.hosting.test", list_file=list_file, private=False) == "test"
        assert urikit.public_suffix("a.b.com", list_file=list_file) == "com"  # implicit *
    loaded = PublicSuffixList(LIST)
    assert urikit.public_suffix("a.hosting.test", list_file=loaded) == "hosting.test"
    with pytest.raises(ValueError, match="only_icann"):
        urikit.public_suffix("a.test", list_file=loaded, private=False)
    with pytest.raises(TypeError):
        urikit.public_suffix("a.test", list_file=42)
    with pytest.raises(TypeError):
        batch.registrable_domain(["a.test"], list_file=42)


def test_common_crawls_own_test_facts() -> None:
    cases = json.loads((DATA / "commoncrawl" / "rows.json").read_text("utf-8"))
    failures = []
    for case in cases:
        row = urikit.common_crawl_row(case["url"])
        table = batch.common_crawl_columns([case["url"]]).to_pylist()[0]
        assert table == row, case["url"]
        for column, expected in case["expect"].items():
            if row[column] != expected:
                failures.append((case["source"], case["url"], column, row[column], expected))
    assert failures == []


def test_the_columns_have_the_schemas_names_and_types() -> None:
    table = batch.common_crawl_columns(pa.array([], pa.string()))
    assert tuple(table.column_names) == batch.COMMON_CRAWL_COLUMNS
    assert table.schema.field("url_port").type == pa.int32()
    assert {table.schema.field(n).type for n in table.column_names} - {pa.int32()} == {pa.string()}


def loop(rows: list[str | None]) -> list[dict[str, Any]]:
    """The per-URL loop the column must equal: the row's columns, ``url`` alone for a
    URL that is no IRI, all null for a null row."""
    empty = dict.fromkeys(batch.COMMON_CRAWL_COLUMNS)
    found = []
    for url in rows:
        try:
            found.append(empty if url is None else urikit.common_crawl_row(url))
        except urikit.URISyntaxError:
            found.append({**empty, "url": url})
    return found


def test_the_arrow_columns_equal_the_per_url_loop() -> None:
    rows: list[str | None] = [*(DATA / "corpus_sample.txt").read_text("utf-8").splitlines()]
    rows += [None, "", "http://a:/", "http://a:99999999999/", "HTTP://[::1]:80", "http://%zz/"]
    rows += ["http://a:0/", "http://a:000/", "http://a:00000000080/", "http://a:2147483648/"]
    rows += ["https://", "http://@/a", "http://:80/"]  # IRIs without a SURT key (no host)
    rows += [  # the hosts the column reads apart from the plain names, and the edges
        "http://a.b.c.d.e.f.g.h.i.j.example.co.uk/",
        "http://EXAMPLE.com./",
        "http://a..b.com/",
        "http://.com/",
        "http://example.com../",
        "http://x.1/",
        "http://a.b1/",
        "http://1.2.3.256/",
        "http://münchen.de/",
        "http://www.example%2ecom/",
        "http://%E9%A3%9F%E7%8B%AE.%E5%85%AC%E5%8F%B8.cn/",
        "http://a\u2100.com/",
        "http://[v1.x]/",
        "file:///etc/hosts",
        "http://b.test.ck/",
        "http://www.ck/",
        "http://x.s3.us-east-1.amazonaws.com/",
    ]
    expected = loop(rows)
    assert batch.common_crawl_columns(rows).to_pylist() == expected
    chunked = pa.chunked_array([rows[:100], rows[100:]], pa.large_string())
    assert batch.common_crawl_columns(chunked).to_pylist() == expected


def test_common_crawl_columns_refuses_other_columns() -> None:
    with pytest.raises(TypeError):
        batch.common_crawl_columns("http://a/")
    with pytest.raises(ValueError, match="mode"):
        batch.common_crawl_columns([], mode="nope")


@pytest.mark.parametrize("implicit", [True, False])
def test_the_column_matching_gives_the_packages_answers(implicit: bool) -> None:
    """:mod:`urikit._crawl.suffix_arrow` against ``publicsuffixlist`` on the list's own
    tests (in A-labels) and every host name of the corpus sample."""
    from urikit._crawl.suffix_arrow import suffix_columns, tails

    hosts = {urikit.host_to_ascii(h) for h, _ in psl_cases() if h and not h.startswith(".")}
    for line in (DATA / "corpus_sample.txt").read_text("utf-8").splitlines():
        with contextlib.suppress(urikit.URISyntaxError, urikit.IDNAError):
            hosts.add(urikit.host_to_ascii(urikit.parse(line).host or ""))
    names = sorted(h for h in hosts if h and "" not in h.split("."))
    column = pa.array(names, pa.string())
    found = [c.to_pylist() for c in suffix_columns(column, tails(column), implicit=implicit)]
    for i, private in enumerate((False, True)):
        psl = PublicSuffixList(only_icann=not private)
        assert found[2 * i] == [psl.publicsuffix(n, accept_unknown=implicit) for n in names]
        assert found[2 * i + 1] == [psl.privatesuffix(n, accept_unknown=implicit) for n in names]
