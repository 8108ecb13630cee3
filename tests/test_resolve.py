"""Reference resolution (RFC 3986 §5.2, RFC 2396 §5.2) and relativize: edge cases and
properties on bases and references generated from the ABNF."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from tests import strategies as abnf


def literal_remove_dot_segments(path: str) -> str:
    """RFC 3986 §5.2.4 word for word, with string buffers (quadratic; tests only)."""
    inp, out = path, ""
    while inp:
        if inp.startswith("../"):
            inp = inp[3:]
        elif inp.startswith("./"):
            inp = inp[2:]
        elif inp.startswith("/./"):
            inp = "/" + inp[3:]
        elif inp == "/.":
            inp = "/"
        elif inp.startswith("/../") or inp == "/..":
            inp = "/" + inp[4:]
            out = out[: out.rfind("/")] if "/" in out else ""
        elif inp in (".", ".."):
            inp = ""
        else:
            end = inp.find("/", 1)
            end = len(inp) if end < 0 else end
            out, inp = out + inp[:end], inp[end:]
    return out


@given(st.text(alphabet="./a", max_size=24))
def test_remove_dot_segments_is_the_rfc_algorithm(path: str) -> None:
    assert urikit.remove_dot_segments(path) == literal_remove_dot_segments(path)


def _has_dot_segment(path: str) -> bool:
    return any(segment in (".", "..") for segment in path.split("/"))


@settings(max_examples=300)
@given(abnf.uri, abnf.uri_reference())
def test_resolution_gives_a_valid_uri_without_dot_segments(base: str, ref: str) -> None:
    target = urikit.resolve(base, ref)
    parsed = urikit.parse(target, rule="URI")  # raises if not a valid URI
    path = parsed.path
    if parsed.authority is None and path.startswith("/.//"):
        path = path[2:]  # the "/." that keeps a "//" path from reading as an authority
    assert not _has_dot_segment(path)
    # an absolute result resolves to itself, against any base
    assert urikit.resolve(base, target) == target
    assert urikit.resolve("s:", target) == target
    assert str(urikit.parse(base).resolve(ref)) == target


@settings(max_examples=300)
@given(abnf.uri, abnf.uri_reference())
def test_relativize_round_trips(base: str, target: str) -> None:
    wanted = urikit.resolve(base, target)
    ref = urikit.relativize(base, target)
    assert urikit.resolve(base, ref) == wanted
    assert len(ref) <= len(wanted)
    assert str(urikit.parse(base).relativize(target)) == ref


@settings(max_examples=200)
@given(abnf.uri_reference_2396(relative=False), abnf.uri_reference_2396())
def test_rfc2396_resolution_never_fails_unexpectedly(base: str, ref: str) -> None:
    base_ref = urikit.parse(base, grammar="rfc2396")
    try:
        target = urikit.resolve(base_ref, ref)
    except urikit.ResolutionError:
        # an opaque base refuses relative references (§5); step 6a glues a relative path
        # to an authority with an empty path, which may give no URI
        assert base_ref.is_opaque or (base_ref.authority is not None and not base_ref.path)
        return
    assert urikit.parse(target, grammar="rfc2396").scheme is not None


# -- RFC 3986 edge cases ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("base", "ref", "target"),
    [
        ("http://a", "g", "http://a/g"),  # §5.2.3: authority and empty path
        ("http://a", "", "http://a"),
        ("http://a", "?q", "http://a?q"),
        ("http://a/b#frag", "", "http://a/b"),  # the base's fragment is ignored
        ("http://a/b?q#f", "#g", "http://a/b?q#g"),
        ("mailto:x", "g", "mailto:g"),  # any base with a scheme, mechanically
        ("urn:a:b", "c", "urn:c"),
        ("s:foo/bar", "../baz", "s:/baz"),  # §5.2.4 rule C on a rootless path
        ("s:/a", "..//g", "s:/.//g"),  # "//g" without authority: kept a path by "/."
        ("s:", "/..//g", "s:/.//g"),
        ("http://a/b/c", "//h", "http://h"),
        ("http://a/b/c", "//h/./x/../y", "http://h/y"),
        ("http://a/b/c", "g:./x/../y", "g:/y"),  # dots go with a scheme too; rule C leaves "/"
        ("HTTP://a/b", "HTTP:g", "HTTP:g"),
        ("http://[::1]:80/a/b", "c?x#y", "http://[::1]:80/a/c?x#y"),
        ("http://u@h:1/a", "//v@i:2", "http://v@i:2"),
    ],
)
def test_rfc3986_edge_cases(base: str, ref: str, target: str) -> None:
    assert urikit.resolve(base, ref) == target
    resolved = urikit.parse(base).resolve(ref)
    assert resolved.components() == urikit.parse(target).components()


def test_base_needs_a_scheme() -> None:
    with pytest.raises(urikit.ResolutionError):
        urikit.resolve("//a/b", "c")
    with pytest.raises(urikit.ResolutionError):
        urikit.parse("/a/b").resolve("c")
    assert issubclass(urikit.ResolutionError, ValueError)


def test_invalid_input_is_a_syntax_error() -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.resolve("http://a/b", "c d")
    assert caught.value.position == 1
    with pytest.raises(urikit.URISyntaxError):
        urikit.resolve("http://a b/", "c")


def test_above_root() -> None:
    base = "http://a/b/c/d;p?q"
    assert urikit.resolve(base, "../../../g") == "http://a/g"
    assert urikit.resolve(base, "../../../g", above_root="keep") == "http://a/../g"
    assert urikit.resolve(base, "../../../g", grammar="rfc2396", above_root="drop") == (
        "http://a/g"
    )
    for grammar in ("rfc3986", "rfc2396"):
        with pytest.raises(urikit.ResolutionError):
            urikit.resolve(base, "../../../g", grammar=grammar, above_root="raise")
        assert urikit.resolve(base, "../g", grammar=grammar, above_root="raise") == ("http://a/b/g")
    with pytest.raises(ValueError, match="above_root"):
        urikit.resolve(base, "g", above_root="sometimes")  # type: ignore[arg-type]


# -- RFC 2396 edge cases ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("base", "ref", "target"),
    [
        ("mailto:x", "#f", "mailto:x#f"),  # the current document, even when opaque
        ("mailto:x", "", "mailto:x"),
        ("mailto:x", "news:y", "news:y"),  # absolute references
        ("http://a", "g", "http://ag"),  # step 6a as written (RFC 3986 §5.2.3 fixed it)
        ("http://a/b/c", "./g/../../../h", "http://a/../h"),
        ("http://a/b/", "..", "http://a/"),
        ("http://a/b/c/d", "?y#s", "http://a/b/c/?y#s"),
    ],
)
def test_rfc2396_edge_cases(base: str, ref: str, target: str) -> None:
    assert urikit.resolve(base, ref, grammar="rfc2396") == target


def test_rfc2396_step_6a_as_written_or_refused() -> None:
    assert urikit.resolve("http://a", "g", grammar="rfc2396") == "http://ag"
    with pytest.raises(urikit.ResolutionError, match="6a"):
        urikit.resolve("http://[::1]", "g", grammar="rfc2396")


@pytest.mark.parametrize("ref", ["g", "./g", "//h/g", "/g", "?y"])
def test_rfc2396_opaque_base_refuses_relative_references(ref: str) -> None:
    with pytest.raises(urikit.ResolutionError, match="opaque"):
        urikit.resolve("mailto:x", ref, grammar="rfc2396")


def test_rfc2396_reference_grammar_follows_the_base() -> None:
    base = urikit.parse("http://a/b/c", grammar="rfc2396")
    resolved = base.resolve("g?x[1]")  # "[" is allowed in an RFC 2396 (2732) query
    assert str(resolved) == "http://a/b/g?x[1]"
    assert resolved.grammar == "rfc2396"


# -- relativize --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("base", "target", "ref"),
    [
        ("http://a/b/c/d", "http://a/b/x?y", "../x?y"),
        ("http://a/b/c/d", "http://a/b/c/d", ""),
        ("http://a/b/c/d#f", "http://a/b/c/d", ""),
        ("http://a/b/c/d", "http://a/b/c/d#top", "#top"),
        ("http://a/b/c/d?q", "http://a/b/c/d?r", "?r"),
        ("http://a/b/c/d?q", "http://a/b/c/d", "d"),
        ("http://a/b/c/?q", "http://a/b/c/", "."),
        ("http://a/b/c/d", "http://a/b/c/", "."),
        ("http://a/b/c/d", "http://a/b/", ".."),
        ("http://a/b/c/d", "http://a/", "/"),
        ("http://a/b/c/d", "http://a/b/c/e/", "e/"),
        ("http://a/b/c/d", "http://a/b/c/x:y", "./x:y"),
        ("http://a/b/c/d", "http://a/b/c//x", ".//x"),
        ("http://a/b/c/d", "http://h/b/c/d", "//h/b/c/d"),
        ("http://a/b/c/d", "https://a/b/c/d", "https://a/b/c/d"),
        ("http://a?q", "http://a", "//a"),
        ("http://a", "http://a/x", "x"),
        ("http://a/b/c/d", "../x", "../x"),  # a relative target is resolved first
        ("urn:a:b", "urn:a:c", "./a:c"),
        ("mailto:x", "mailto:y", "y"),
    ],
)
def test_relativize(base: str, target: str, ref: str) -> None:
    assert urikit.relativize(base, target) == ref
    assert urikit.resolve(base, ref) == urikit.resolve(base, target)


def test_an_explicit_grammar_wins_over_the_bases() -> None:
    base = urikit.parse("http://a/b/c/d;p?q", grammar="rfc2396")
    assert urikit.resolve(base, "?y") == "http://a/b/c/?y"  # the base's grammar
    assert urikit.resolve(base, "?y", grammar="rfc3986") == "http://a/b/c/d;p?y"
    ref = urikit.parse("?y", grammar="rfc2396")
    assert urikit.resolve("http://a/b/c/d;p?q", ref) == "http://a/b/c/d;p?y"
