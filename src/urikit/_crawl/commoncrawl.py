"""Common Crawl's URL index columns: the ``url_*`` columns of its columnar index.

The columns, their names and types are those of the flat schema of the index
(``cc-index-schema-flat.json`` in github.com/commoncrawl/cc-index-table); each rule
below is read from that project's code (``HostName``, ``WarcUri``: Java's ``URL``),
which builds them from a capture's URL:

``url``
    the URL as given.
``url_surtkey``
    its SURT key, :func:`urikit.surt`'s default form (the Internet Archive's, which the
    index takes from its CDX files); null where that refuses the URL (a special
    scheme's URL without a host: ``https://``).
``url_host_name``
    the host, lower-case: an IPv4 address of one to four decimal numbers in dotted
    decimal (``123.8092539`` -> ``123.123.123.123``), an IPv6 literal with its brackets;
    a name percent-decoded, its U-labels to A-labels (IDNA), without its root dot (a
    name whose escapes decode to no host name, ``a%2Fb``, has no host columns).
``url_host_tld`` ... ``url_host_5th_last_part``
    the name's labels from the last: ``com``, ``example``, ``www``; null past the first
    label, and for an IP address.
``url_host_registry_suffix``, ``url_host_registered_domain``
    the public suffix of the ICANN section of the Public Suffix List and the domain
    one label below it; null for an IP address, for a name under no listed rule (no
    implicit ``*`` rule: ``example.invalid`` has none) and for a public suffix itself.
``url_host_private_suffix``, ``url_host_private_domain``
    the same with the list's PRIVATE section too (``blogspot.com``).
``url_host_name_reversed``
    the labels from the last, joined by dots (``com.example.www``); null for an IP address.
``url_protocol``
    the scheme, lower-case.
``url_port``
    the port as a number, null where the URL gives none (an explicit default port
    stays: ``http://a:80/`` has 80; an empty port is none, and so is one past
    2**31 - 1, the schema's ``integer``).
``url_path``, ``url_query``
    the path as written (``""`` when empty) and the query (null without ``?``).

A URL that urikit does not read as an RFC 3987 IRI has only ``url``; a host whose IDNA
conversion or percent-decoding fails has no host columns (Common Crawl's host is null
then).  Differences from Common Crawl's Java, by rule: the IDNA conversion is urikit's
(UTS #46 by default, ``mode=``; Java's ``IDN.toASCII`` is IDNA 2003), and Java's
``URL`` reads some strings RFC 3987 does not (a space in the path).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from .._algorithms.idna import host_to_ascii
from .._reference import parse
from ..errors import IDNAError, URISyntaxError
from . import surt as _surt
from .suffix import decoded_name, label_counts, suffix_list
from .suffix_arrow import suffix_columns, tails

__all__ = [
    "COMMON_CRAWL_COLUMNS",
    "HOST_COLUMNS",
    "arrow_columns",
    "cache_clear",
    "common_crawl_row",
    "host_columns",
]

#: The columns of the host, in the schema's order.
HOST_COLUMNS = (
    "url_host_name",
    "url_host_tld",
    "url_host_2nd_last_part",
    "url_host_3rd_last_part",
    "url_host_4th_last_part",
    "url_host_5th_last_part",
    "url_host_registry_suffix",
    "url_host_registered_domain",
    "url_host_private_suffix",
    "url_host_private_domain",
    "url_host_name_reversed",
)
#: Every URL column of the flat schema, in its order.
COMMON_CRAWL_COLUMNS = (
    "url_surtkey",
    "url",
    *HOST_COLUMNS,
    "url_protocol",
    "url_port",
    "url_path",
    "url_query",
)
#: An IPv4 address as Common Crawl reads one (``HostName``): one to four decimal
#: numbers, the last filling the octets left (``inet_aton``'s decimal forms).
_CC_IPV4 = re.compile(r"(?:[0-9]{1,3}\.){0,3}[0-9]+")
_NO_HOST: tuple[str | None, ...] = (None,) * len(HOST_COLUMNS)


def _ipv4(host: str) -> str | None:
    """The dotted-decimal form of a Common Crawl IPv4 host, ``None`` if it is none."""
    if not host[-1:].isdigit() or _CC_IPV4.fullmatch(host) is None:
        return None
    *head, last = (int(part) for part in host.split("."))
    if any(part > 255 for part in head) or last >= 1 << (8 * (4 - len(head))):
        return None
    octets = [*head, *last.to_bytes(4 - len(head), "big")]
    return ".".join(map(str, octets))


@functools.lru_cache(maxsize=1 << 16)
def _reading(host: str | None, mode: str) -> tuple[str | None, tuple[str, ...] | None]:
    """``url_host_name`` and the name's labels from the last (``None`` for an
    address, a host that cannot be read, or none)."""
    if host is None:
        return None, None
    if host.startswith("["):  # IPv6 and IPvFuture literals: the name only
        return host.lower(), None
    address = _ipv4(host)
    if address is not None:
        return address, None
    try:
        name = decoded_name(host) if "%" in host else host
        name = name.lower() if name.isascii() else host_to_ascii(name, mode=mode)
    except (URISyntaxError, IDNAError):
        return None, None
    if name.endswith("."):
        name = name[:-1]
    return name, tuple(name.split(".")[::-1])


def _named(name: str | None, labels: tuple[str, ...] | None) -> tuple[str | None, ...]:
    """The columns of the name but its suffixes: the name, its last five labels, and
    the labels reversed."""
    if labels is None:
        return (name, *_NO_HOST[1:7])
    return (name, *(labels + (None,) * 5)[:5], ".".join(labels))


@functools.lru_cache(maxsize=1 << 16)
def host_columns(host: str | None, mode: str = "uts46") -> tuple[str | None, ...]:
    """The values of :data:`HOST_COLUMNS` for a host as ``urikit.parse`` gives it."""
    name, labels = _reading(host, mode)
    named = _named(name, labels)
    suffixes: list[str | None] = [None] * 4
    if name is not None and labels is not None and "" not in labels:  # none: empty labels
        private = label_counts(name, suffix_list(private=True), implicit_rule=False)
        # Common Crawl's own shortcut (HostName): a suffix of one label under every rule
        # is the suffix under the ICANN rules too (those are a part of every rule).
        icann = (
            private
            if private[0] <= 1
            else label_counts(name, suffix_list(private=False), implicit_rule=False)
        )
        for i, (suffix, domain) in enumerate((icann, private)):
            if suffix:
                suffixes[2 * i] = ".".join(labels[suffix - 1 :: -1])
            if domain:
                suffixes[2 * i + 1] = ".".join(labels[domain - 1 :: -1])
    return (*named[:6], *suffixes, named[6])


def surt_key(url: str) -> str | None:
    """``url_surtkey``: :func:`urikit.surt`, ``None`` where it refuses the URL."""
    try:
        return _surt.surt(url)
    except URISyntaxError:
        return None


def cache_clear() -> None:
    """Empty the per-host caches (the benchmark starts each contender with them empty)."""
    _reading.cache_clear()
    host_columns.cache_clear()


def common_crawl_row(url: str, *, mode: str = "uts46", surt: bool = True) -> dict[str, Any]:
    """The Common Crawl index's URL columns of ``url`` (:data:`COMMON_CRAWL_COLUMNS`),
    by the rules of this module's docstring; ``surt=False`` leaves ``url_surtkey``
    null.  Raises :class:`~urikit.URISyntaxError` where ``url`` is no RFC 3987 IRI."""
    ref = parse(url, rule="IRI", grammar="rfc3987")
    port = ref.port
    return {
        "url_surtkey": surt_key(url) if surt else None,
        "url": url,
        **dict(zip(HOST_COLUMNS, host_columns(ref.host, mode), strict=True)),
        "url_protocol": ref.scheme.lower() if ref.scheme is not None else None,
        "url_port": int(port) if port and int(port) < 1 << 31 else None,
        "url_path": ref.path,
        "url_query": ref.query,
    }


def arrow_columns(urls: Any, parts: Any, keys: Any, *, mode: str = "uts46") -> Any:
    """The columns as a ``pyarrow.Table`` from a string array ``urls``, its
    ``urikit.batch.split`` struct array ``parts`` (rule ``IRI``, RFC 3987) and its SURT
    keys (:func:`surt_key` of each row, ``None``: a null column): the host columns
    computed once per distinct host and taken per row, the others by
    ``pyarrow.compute``; the key only where the URL is an IRI."""
    import pyarrow as pa
    import pyarrow.compute as pc

    hosts = pc.dictionary_encode(pc.struct_field(parts, "host"))
    if keys is None:
        keys = pa.nulls(len(urls), pa.string())
    else:
        none = pa.scalar(None, pa.string())
        keys = pc.if_else(parts.is_valid(), keys.cast(pa.string()), none)
    columns: dict[str, Any] = {"url_surtkey": keys, "url": urls}
    values = _host_values(pa, pc, hosts.dictionary, mode)
    for name, column in zip(HOST_COLUMNS, values, strict=True):
        columns[name] = column.take(hosts.indices)
    columns["url_protocol"] = pc.utf8_lower(pc.struct_field(parts, "scheme"))
    port = pc.cast(pc.struct_field(parts, "port"), pa.large_string())
    none = pa.scalar(None, pa.large_string())
    significant = pc.utf8_ltrim(port, "0")  # leading zeros: a port of 11 digits may be 80
    digits = pc.if_else(
        pc.equal(port, ""), none, pc.if_else(pc.equal(significant, ""), "0", significant)
    )
    number = pc.cast(
        pc.if_else(pc.less_equal(pc.utf8_length(digits), 10), digits, none), pa.int64()
    )
    columns["url_port"] = pc.cast(pc.if_else(pc.less(number, 1 << 31), number, None), pa.int32())
    columns["url_path"] = pc.struct_field(parts, "path")
    columns["url_query"] = pc.struct_field(parts, "query")
    return pa.table(columns)


def _host_values(pa: Any, pc: Any, hosts: Any, mode: str) -> list[Any]:
    """:data:`HOST_COLUMNS` for a string array of distinct hosts, as
    :func:`host_columns` gives them: a plain ASCII name (no ``%``, not ending in a
    digit) is read by ``pyarrow.compute`` (lower-cased, its root dot dropped, its
    labels cut by :func:`.suffix_arrow.tails`), the other hosts by :func:`_reading`."""
    hosts = hosts.cast(pa.string())  # the distinct hosts: far below 2 GiB
    special = pc.or_(
        pc.or_(pc.invert(pc.string_is_ascii(hosts)), pc.match_substring(hosts, "%")),
        pc.match_substring_regex(hosts, r"^\[|[0-9]$"),
    )
    readings = [
        _reading(host, mode) if odd else (None, None)
        for host, odd in zip(hosts.to_pylist(), special.to_pylist(), strict=True)
    ]
    plain = pc.replace_substring_regex(pc.utf8_lower(hosts), r"\.$", "", max_replacements=1)
    read = pa.array([name for name, _ in readings], pa.string())
    host_name = pc.if_else(special, read, plain)
    is_name = pc.or_(
        pc.invert(special), pa.array([labels is not None for _, labels in readings], pa.bool_())
    )
    names = pc.if_else(is_name, host_name, pa.scalar(None, pa.string()))
    cut = tails(names)
    parts = [pc.struct_field(pc.extract_regex(tail, "^(?P<p>[^.]*)"), "p") for tail in cut]
    # A last argument that is never null: pyarrow 26's binary_join_element_wise with
    # null_handling="skip" drops the rows after the last it joins anything in.  Its
    # separator, always the last character then, is cut.
    padding = pa.array([""] * len(hosts), pa.string())
    joined = pc.binary_join_element_wise(*parts, padding, ".", null_handling="skip")
    reversed_name = pc.replace_substring_regex(joined, r"\.$", "", max_replacements=1)
    lengths = pc.add(pc.count_substring(names, "."), 1)
    longer = pc.greater(lengths, len(cut))
    if pc.any(longer).as_py():  # more labels than the tails cut: joined here
        joined = [
            ".".join(name.split(".")[::-1]) if more else None
            for name, more in zip(names.to_pylist(), longer.to_pylist(), strict=True)
        ]
        reversed_name = pc.if_else(longer, pa.array(joined, pa.string()), reversed_name)
    no_empty_label = pc.if_else(pc.match_substring_regex(names, r"^\.|\.\.|\.$|^$"), None, names)
    return [
        host_name,
        *parts[:5],
        *suffix_columns(no_empty_label, cut),
        pc.if_else(is_name, reversed_name, pa.scalar(None, pa.string())),
    ]
