"""``urikit.schemes``: the registry behind scheme-based normalization (RFC 3986 §6.2.3)."""

from __future__ import annotations

import pytest

from urikit import normalize, schemes


def test_lookup_is_case_insensitive() -> None:
    assert schemes.get("HTTP") is schemes.get("http")
    assert schemes.get("no-such-scheme") is None
    names = [scheme.name for scheme in schemes.known()]
    assert names == sorted(names) and "mailto" in names


def test_register_and_unregister() -> None:
    schemes.register(schemes.Scheme("Example-Proto", default_port=7, hierarchical=False))
    try:
        known = schemes.get("example-proto")
        assert known is not None and known.name == "example-proto"
        assert known.empty_path_is_root is False  # follows hierarchical
        assert normalize("example-proto://h:7") == "example-proto://h"
    finally:
        schemes.unregister("EXAMPLE-PROTO")
    assert schemes.get("example-proto") is None
    schemes.unregister("example-proto")  # unknown names are ignored


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("mailto:joe", "mailto:joe"),  # no address domain: nothing to lower-case
        ("mailto:Joe@Example.COM,x", "mailto:Joe@example.com,x"),  # RFC 6068 §2
        ("urn:ISBN:0-395", "urn:isbn:0-395"),  # RFC 8141 §3.1: the NID
        ("urn:example", "urn:example"),
    ],
)
def test_scheme_specific_path_rules(text: str, normal: str) -> None:
    assert normalize(text) == normal


@pytest.mark.parametrize(
    "call",
    [
        lambda: schemes.get(None),  # type: ignore[arg-type]
        lambda: schemes.unregister(b"http"),  # type: ignore[arg-type]
        lambda: schemes.register("http"),  # type: ignore[arg-type]
        lambda: schemes.Scheme(7),  # type: ignore[arg-type]
    ],
)
def test_what_is_not_a_name_is_a_type_error(call: object) -> None:
    with pytest.raises(TypeError):
        call()  # type: ignore[operator]
