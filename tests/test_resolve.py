"""Reference resolution (RFC 3986 §5.2, RFC 2396 §5.2) and relativize: edge cases and
properties on bases and references generated from the ABNF."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urikit
from tests import strategies as abnf
from tests.profiles import THOROUGH


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


@THOROUGH
@given(st.text(alphabet="./a", max_size=24))
def test_remove_dot_segments_is_the_rfc_algorithm(path: str) -> None:
    assert urikit.remove_dot_segments(path) == literal_remove_dot_segments(path)


def _has_dot_segment(path: str) -> bool:
    return any(segment in (".", "..") for segment in path.split("/"))


@given(abnf.uri, abnf.uri_reference())
@example("A://[v0.!]///!!!!!!/.", "")  # found by the ci profile: the base's own "."
@example("http://a/b/./c/../d?q", "#f")
def test_resolution_gives_a_valid_uri_without_dot_segments(base: str, ref: str) -> None:
    """Without dot segments, but where RFC 3986 §5.2.2 takes the base's path as it is: a
    reference with no scheme, no authority and an empty path ("", "?y", "#s") gets
    ``T.path = Base.path``, which remove_dot_segments never sees."""
    target = urikit.resolve(base, ref)
    parsed = urikit.parse(target, rule="URI")  # raises if not a valid URI
    path = parsed.path
    if parsed.authority is None and path.startswith("/.//"):
        path = path[2:]  # the "/." that keeps a "//" path from reading as an authority
    reference = urikit.parse(ref)
    if reference.scheme is None and reference.authority is None and not reference.path:
        assert parsed.path == urikit.parse(base).path
        if _has_dot_segment(path):
            return  # what follows holds for targets without dot segments
    assert not _has_dot_segment(path)
    # an absolute result resolves to itself, against any base
    assert urikit.resolve(base, target) == target
    assert urikit.resolve("s:", target) == target
    assert str(urikit.parse(base).resolve(ref)) == target


@given(abnf.uri_reference_2396(relative=False), abnf.uri_reference_2396())
def test_rfc2396_resolution_gives_a_uri(base: str, ref: str) -> None:
    base_ref = urikit.parse(base, grammar="rfc2396")
    try:
        resolved = base_ref.resolve(ref)
    except urikit.ResolutionError:
        assert base_ref.is_opaque  # §5: an opaque base refuses relative references
        assert urikit.parse(ref, grammar="rfc2396").scheme is None
        return
    target = urikit.parse(str(resolved), grammar="rfc2396", rule="URI-reference")
    assert target.scheme is not None
    assert resolved.components() == target.components()
    if urikit.parse(ref, grammar="rfc2396").scheme is None:
        # a relative reference never chooses the host (RFC 3986 §3.3 protection)
        assert target.authority in (
            base_ref.authority,
            urikit.parse(ref, grammar="rfc2396").authority,
        )


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
        ("http://a/b/c", "./g/../../../h", "http://a/../h"),
        ("http://a/b/", "..", "http://a/"),
        ("http://a/b/c/d", "?y#s", "http://a/b/c/?y#s"),
        # §5.2: "A component is undefined if its preceding separator does not appear in
        # the URI reference": "///" has an authority, empty, and an empty path.
        ("http://a/b", "///", "http:///"),
        ("http://a/b", "//", "http://"),
        # a result path beginning with "//" without an authority stays a path (RFC 3986
        # §3.3): a relative reference never chooses the host
        ("http:/a", ".//evil.com/x", "http:/.//evil.com/x"),
        ("http:/a/b", "..//evil.com/x", "http:/.//evil.com/x"),
        ("http:/a", "/.//evil.com/x", "http:/.//evil.com/x"),  # step 5 keeps it as written
    ],
)
def test_rfc2396_edge_cases(base: str, ref: str, target: str) -> None:
    assert urikit.resolve(base, ref, grammar="rfc2396") == target
    resolved = urikit.parse(base, grammar="rfc2396").resolve(ref)
    assert resolved.components() == urikit.parse(target, grammar="rfc2396").components()


# RFC 2396 §5.2 step 6a copies "all but the last segment of the base URI's path", which
# for "http://a" is nothing, and appends "g": "http://ag", another host.  §3 admits only
# an abs_path after an authority, §5.2 is "an example algorithm", and RFC 3986 §5.2.3
# merges an empty base path with an authority as "/"; so do java.net.URI (OpenJDK 17:
# new URI("http://a").resolve("g") is http://a/g), Ruby's RFC2396_Parser and Perl's URI.
@pytest.mark.parametrize(
    ("base", "ref", "target"),
    [
        ("http://a", "g", "http://a/g"),
        ("http://a", ".", "http://a/"),
        ("http://a", "./", "http://a/"),
        ("http://a", "g/..", "http://a/"),
        ("http://a", "..", "http://a/.."),  # 6g: kept, as Appendix C keeps them
        ("http://a", "../g", "http://a/../g"),
        # Only a reference with a path merges as "/": step 6 with an empty reference path
        # copies the base path, empty (a, b), as java.net.URI's resolve does (OpenJDK 17:
        # http://a + ?q is http://a?q), and Ruby's and Perl's; "foo://a?" and
        # "foo://a/?" are not equivalent where the scheme says nothing of an empty path.
        ("http://a", "?y", "http://a?y"),
        ("http://a", "?y#s", "http://a?y#s"),
        ("foo://a", "?", "foo://a?"),
        ("http://a?q", "?y", "http://a?y"),
        ("http://u@h:1", "?", "http://u@h:1?"),
        ("http://a", "", "http://a"),  # step 2: the current document
        ("http://a", "#s", "http://a#s"),
        ("http://a?q", "g", "http://a/g"),
        ("http://[::1]", "g", "http://[::1]/g"),
        ("http://u@h:1", "g;x", "http://u@h:1/g;x"),
        ("http://a_b", "g", "http://a_b/g"),  # a registry-based authority (§3.2.1)
    ],
)
def test_rfc2396_empty_base_path_with_an_authority(base: str, ref: str, target: str) -> None:
    assert urikit.resolve(base, ref, grammar="rfc2396") == target
    assert str(urikit.parse(base, grammar="rfc2396").resolve(ref)) == target


# RFC 2396 §5.2 step 3: "an implementation may work around such references by removing
# the scheme if it matches that of the base URI and the scheme is known to always use
# the <hier_part> syntax.  The parser can then continue with the steps below for the
# remainder of the reference components."  The remainder is a relative reference: the
# scheme of the target is always the base's.
@pytest.mark.parametrize(
    ("ref", "rfc3986", "rfc2396"),
    [
        ("http:g", "http://x/g", "http://x/g"),
        ("HTTP:g", "http://x/g", "http://x/g"),
        (
            "http:javascript:alert(1)",
            "http://x/javascript:alert(1)",
            "http://x/javascript:alert(1)",
        ),
        ("http::", "http://x/:", "http://x/:"),
        ("http:a:b/c", "http://x/a:b/c", "http://x/a:b/c"),
        ("http:?q", "http://x/y?q", "http://x/?q"),  # RFC 2396: the directory (App. C)
        ("http:g?y/./x", "http://x/g?y/./x", "http://x/g?y/./x"),  # the query is no path
        ("http:/z/../w", "http://x/w", "http://x/z/../w"),  # RFC 2396 step 5: as written
        ("http://h/g", "http://h/g", "http://h/g"),
        ("https:g", "https:g", "https:g"),  # another scheme: an absolute URI
        ("http:#f", "http://x/y#f", None),  # RFC 2396 §3: "http:" needs a hier_part
    ],
)
def test_non_strict_never_switches_the_scheme(ref: str, rfc3986: str, rfc2396: str | None) -> None:
    for grammar, expected in (("rfc3986", rfc3986), ("rfc2396", rfc2396)):
        if expected is None:  # not a reference under this grammar
            with pytest.raises(urikit.URISyntaxError):
                urikit.resolve("http://x/y", ref, grammar=grammar, strict=False)
            continue
        assert urikit.resolve("http://x/y", ref, grammar=grammar, strict=False) == expected
        scheme = urikit.parse(expected, grammar=grammar).scheme
        assert scheme == urikit.parse(ref, grammar=grammar).scheme.lower()  # type: ignore[union-attr]


def test_rfc2396_loophole_needs_a_hierarchical_base() -> None:
    # "the scheme is known to always use the <hier_part> syntax": an opaque base does not
    assert urikit.resolve("mailto:x", "mailto:y", grammar="rfc2396", strict=False) == "mailto:y"
    # a remainder that is no relative reference leaves an absolute URI, as written
    assert urikit.resolve("http://x/y", "http:a[b", grammar="rfc2396", strict=False) == ("http:a[b")


def test_base_without_a_scheme_is_refused_under_both_grammars() -> None:
    # RFC 2396 §5.2: "only the scheme component is required to be present in the base
    # URI"; RFC 3986 §5.2.1: "the base URI ... must be an absolute URI".
    for grammar in ("rfc3986", "rfc2396"):
        with pytest.raises(urikit.ResolutionError, match="scheme"):
            urikit.resolve("//a/b", "c", grammar=grammar)
        with pytest.raises(urikit.ResolutionError, match="scheme"):
            urikit.relativize("/a/b", "/a/c", grammar=grammar)


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
        # the shortest: the same document with a fragment, and the empty reference
        ("http://a/b?q", "http://a/b?q#s", "#s"),
        ("http://a/b?q", "http://a/b?q", ""),
        ("http://a/b?q#f", "http://a/b?q#g", "#g"),
        # rootless bases merge too (RFC 3986 §5.2.3): resolve("foo:a/b", "c") is foo:a/c
        ("foo:a/b", "foo:a/c", "c"),
        ("foo:a/b/c", "foo:a/x", "../x"),
        ("foo:a/b", "foo:a/", "."),
        ("foo:a/b", "foo:x/c", "foo:x/c"),  # ".." would make the path absolute (§5.2.4)
        ("foo:a/b", "foo:/c", "/c"),
        ("s:/a", "s://h/x", "//h/x"),
        ("s:/a/b", "s:/.//x", "/.//x"),  # a "//" path needs its "/." (RFC 3986 §3.3)
    ],
)
def test_relativize(base: str, target: str, ref: str) -> None:
    assert urikit.relativize(base, target) == ref
    assert urikit.resolve(base, ref) == urikit.resolve(base, target)


@pytest.mark.parametrize(
    ("base", "target", "ref"),
    [
        # RFC 2396 Appendix C: "?y" is http://a/b/c/?y, so the query needs the path
        ("http://a/b/c/d;p?q", "http://a/b/c/d;p?y", "d;p?y"),
        ("http://a/b/c/d;p?q", "http://a/b/c/?y", "?y"),
        ("http://a/b?[x]", "http://a/c", "c"),  # "[" in a query is RFC 2732's
        ("http://a/b?[x]", "http://a/b?[y]", "b?[y]"),
        ("http://a/b", "s:.", "s:."),  # an absolute URI is not resolved (step 3)
        ("http://a/b/c", "http://a/../g", "/../g"),  # step 5 keeps an abs_path as written
        ("http://a/b/c/d", "http://a/../g", "/../g"),
        ("http://a", "http://a/g", "g"),  # the empty base path merges as "/"
        ("http://a/b", "http://a/b#s", "#s"),
        ("http://a/b", "http://a/b", ""),
        ("http://a/b/c", "http:/x", "http:/x"),
        ("mailto:x", "mailto:x#f", "#f"),  # step 2 holds for an opaque base too
        ("mailto:x", "mailto:y", "mailto:y"),
    ],
)
def test_relativize_rfc2396(base: str, target: str, ref: str) -> None:
    assert urikit.relativize(base, target, grammar="rfc2396") == ref
    wanted = urikit.resolve(base, target, grammar="rfc2396")
    assert urikit.resolve(base, ref, grammar="rfc2396") == wanted
    parsed = urikit.parse(base, grammar="rfc2396")
    assert urikit.relativize(parsed, target) == ref  # the base's grammar
    assert str(parsed.relativize(target)) == ref


# Bases and references from a few segments that make the cases relativize must get
# right: shared and differing directories, "." and "..", ":" in a first segment, empty
# segments, rootless paths, with and without authority, query and fragment.
_segment = st.sampled_from(["a", "b", "c:d", ".", "..", "", "e"])
_path = st.lists(_segment, max_size=4).map("/".join)


@st.composite
def _small_reference(draw: st.DrawFn, scheme: bool) -> str:
    text = draw(st.sampled_from(["s:", "http:"])) if scheme else ""
    authority = draw(st.sampled_from([None, "", "a", "u@b:1"]))
    path = draw(_path)
    rooted = authority is not None or draw(st.booleans())
    if rooted:
        path = "/" + path
    if authority is not None:
        text += "//" + authority
    text += path
    if draw(st.booleans()):
        text += "?" + draw(st.sampled_from(["", "q", "r", "[x]"]))
    if draw(st.booleans()):
        text += "#" + draw(st.sampled_from(["", "f", "g"]))
    return text


def _valid(grammar: str, text: str) -> bool:
    return urikit.is_valid(text, grammar=grammar)


def _shorter_alternatives(target: str, depth: int) -> set[str]:
    """References of the shapes a shortest one can have, built from the target's text:
    each suffix, with "./" or a run of "../" before it, and runs of ".." alone."""
    found = {"", ".", "./"}
    for k in range(1, depth + 2):
        found.add("/".join([".."] * k))
        found.add("../" * k)
    for i in range(len(target) + 1):
        suffix = target[i:]
        found.add(suffix)
        found.add("./" + suffix)
        found.update("../" * k + suffix for k in range(1, depth + 2))
    return found


def _check_relativize(grammar: str, base: str, target: str) -> None:
    try:
        wanted = urikit.resolve(base, target, grammar=grammar)
    except urikit.ResolutionError:
        return  # an opaque RFC 2396 base: nothing to relativize against
    ref = urikit.relativize(base, target, grammar=grammar)
    assert urikit.resolve(base, ref, grammar=grammar) == wanted
    assert len(ref) <= len(wanted)
    assert str(urikit.parse(base, grammar=grammar).relativize(target)) == ref
    depth = urikit.parse(base, grammar=grammar).path.count("/")
    for other in _shorter_alternatives(wanted, depth):
        if len(other) >= len(ref) or not _valid(grammar, other):
            continue
        try:
            resolved = urikit.resolve(base, other, grammar=grammar)
        except urikit.ResolutionError:
            continue
        assert resolved != wanted, f"{other!r} is shorter than {ref!r}"


@given(st.sampled_from(["rfc3986", "rfc2396"]), _small_reference(True), _small_reference(False))
def test_relativize_is_the_shortest_inverse(grammar: str, base: str, ref: str) -> None:
    if not (_valid(grammar, base) and _valid(grammar, ref)):
        return
    _check_relativize(grammar, base, ref)  # a relative target is resolved first


@given(abnf.uri, abnf.uri_reference())
def test_relativize_round_trips(base: str, target: str) -> None:
    _check_relativize("rfc3986", base, target)


@given(abnf.uri_reference_2396(relative=False), abnf.uri_reference_2396())
def test_relativize_round_trips_rfc2396(base: str, target: str) -> None:
    _check_relativize("rfc2396", base, target)


def test_an_explicit_grammar_wins_over_the_bases() -> None:
    base = urikit.parse("http://a/b/c/d;p?q", grammar="rfc2396")
    assert urikit.resolve(base, "?y") == "http://a/b/c/?y"  # the base's grammar
    assert urikit.resolve(base, "?y", grammar="rfc3986") == "http://a/b/c/d;p?y"
    ref = urikit.parse("?y", grammar="rfc2396")
    assert urikit.resolve("http://a/b/c/d;p?q", ref) == "http://a/b/c/d;p?y"
