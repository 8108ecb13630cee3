"""A ``URIReference`` keeps its text and the spans of its components, and makes each
component a string when it is read (issue 25); ``normalize`` and ``resolve`` have a
compiled front, as ``parse`` and ``is_valid`` do.  What must not change: the components
(against the split of the grammar's pattern, RFC 3986 Appendix B's shape, which the
Python engine reads), equality, hashing, pickling and copying between references made
by either path, and the answers and errors of the Python functions."""

from __future__ import annotations

import copy
import gc
import pickle
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urikit
from tests import strategies as abnf
from tests.profiles import THOROUGH
from urikit import _engine, _operations, _reference
from urikit._syntax.grammar import GRAMMARS, RFC2396, RFC3986
from urikit._syntax.parse import COMPONENTS, Split, regs_of, split_python

#: The compiled core's own tests: deselected on the pure-Python engine (tests/conftest.py).
needs_core = pytest.mark.core

#: Absent and empty components of every kind, IP literals, RFC 2396's registry-based and
#: empty servers (whose host, userinfo and port are absent inside a present authority).
NOTABLE = [
    "",
    "?",
    "#",
    "?#",
    "a:",
    "a:#",
    "a:?",
    "//",
    "//@",
    "//:",
    "//@:",
    "///",
    "http://h",
    "http://h?",
    "http://h#",
    "http://u:p@h:80/a/b;c?q=1&r#f",
    "http://@h:/",
    "http://[2001:db8::7]:8080/a?#",
    "http://[v1.x]/",
    "mailto:x?y",
    "file:///x",
    "http://a_b/x",
    "foo://reg@:x/p",
    "../g;x?y#s",
    "g:h",
]
GRAMMAR_NAMES = ["rfc3986", "rfc3987", "rfc2396"]


def _expected(text: str, grammar: str) -> tuple[str | None, ...] | None:
    """The text and components as the Python engine's split gives them (the pattern's
    groups, or its Split for RFC 2396's authority without a server)."""
    g = GRAMMARS[grammar]
    parts = split_python(text, g, g.rules["URI-reference"])
    return None if parts is None else (parts[0], *parts.groups())


def check_spans(text: str, grammar: str) -> None:
    """Every way of making the reference of ``text`` gives its components, and the
    references are equal, hash alike, pickle and copy to themselves."""
    expected = _expected(text, grammar)
    if expected is None:
        return
    python_parse = getattr(_reference.parse, "__wrapped__", _reference.parse)
    made = [
        urikit.parse(text, grammar=grammar),  # the front, when the core serves the grammar
        python_parse(text, grammar=grammar),  # the Python path: spans from the split
        urikit.parse(type("Text", (str,), {})(text), grammar=grammar),  # a str subclass
        urikit.parse(urikit.parse(text, grammar=grammar), grammar=GRAMMARS[grammar]),
    ]
    for ref in made:
        got: tuple[str | None, ...] = (str(ref), ref.scheme, ref.authority, ref.userinfo)
        got += (ref.host, ref.port, ref.path, ref.query, ref.fragment)
        assert got == expected, (text, grammar, ref)
        assert type(str(ref)) is str and ref._components() == expected[1:]
        assert ref.components() == dict(zip(COMPONENTS, expected[1:], strict=True))
        assert ref == made[0] and hash(ref) == hash(made[0]) == hash(text)
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(ref, protocol))
            assert back == ref and back.components() == ref.components()
            assert back.grammar == ref.grammar and type(back) is urikit.URIReference
        assert copy.copy(ref) is ref and copy.deepcopy(ref) is ref
        assert repr(ref) == repr(made[0])


@pytest.mark.parametrize("grammar", GRAMMAR_NAMES)
@pytest.mark.parametrize("text", NOTABLE)
def test_absent_and_empty_components(text: str, grammar: str) -> None:
    check_spans(text, grammar)


@THOROUGH
@given(
    st.one_of(
        st.tuples(abnf.uri_reference(), st.sampled_from(["rfc3986", "rfc3987", "rfc2396"])),
        st.tuples(abnf.iri_reference(), st.just("rfc3987")),
        st.tuples(abnf.uri_reference_2396(), st.just("rfc2396")),
    )
)
@example(("http://ü@[::1]:0/ä?ö#ü", "rfc3987"))
def test_every_path_gives_the_components(case: tuple[str, str]) -> None:
    check_spans(*case)


@given(abnf.uri_reference())
def test_the_spans_of_a_split_are_the_spans_of_its_match(text: str) -> None:
    """``regs_of`` lays out a Split's strings as RFC 3986 §3 does: where the pattern's
    match puts them."""
    match = RFC3986.reference.match(text)
    assert match is not None
    assert regs_of(Split((match[0], *match.groups()))) == match.regs


def test_the_spans_of_rfc2396_without_a_server() -> None:
    """RFC 2396 §3.2: ``file:///x``'s authority is the empty server, which has no host."""
    parts = split_python("file:///x?q#f", RFC2396, RFC2396.rules["URI-reference"])
    assert isinstance(parts, Split)
    assert regs_of(parts) == ((0, 13), (0, 4), (7, 7), *[(-1, -1)] * 3, (7, 9), (10, 11), (12, 13))


def test_immutable() -> None:
    ref = urikit.parse("http://h/p")
    for name in COMPONENTS:
        with pytest.raises(AttributeError):
            setattr(ref, name, "x")
    with pytest.raises(AttributeError):
        ref.colour = "red"  # type: ignore[attr-defined]
    assert not hasattr(ref, "__dict__")


# -- the compiled storage ------------------------------------------------------------------
@needs_core
def test_a_reference_is_never_tracked_by_the_collector() -> None:
    for text, grammar in [("http://h/p", "rfc3986"), ("a:b", "rfc2396"), ("http://ü/", "rfc3987")]:
        assert not gc.is_tracked(urikit.parse(text, grammar=grammar))
    assert not gc.is_tracked(pickle.loads(pickle.dumps(urikit.parse("http://h/"))))


@needs_core
def test_a_reference_costs_at_most_250_bytes() -> None:
    """Issue 25's bound, measured as the benchmark does (tracemalloc), here on URLs whose
    components are all present; the text itself is the caller's."""
    texts = [f"http://user@host{i}.example:8080/a/b/c?q={i}#f" for i in range(2000)]
    kept: list[object] = [None] * len(texts)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i, text in enumerate(texts):
            kept[i] = urikit.parse(text)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown / len(texts) <= 250


@needs_core
@pytest.mark.parametrize(
    ("regs", "error"),
    [
        (((0, 3), (0, 1), *[(-1, -1)] * 4, (2, 3), (-1, -1), (-1, -1)), None),
        (((0, 3), (0, 1), *[(-1, -1)] * 4, (1, 3), (-1, -1), (-1, -1)), ValueError),  # no ':'
        (((0, 3), *[(-1, -1)] * 8), ValueError),  # no path
        (((0, 3), (0, 1), *[(-1, -1)] * 4, (2, 9), (-1, -1), (-1, -1)), ValueError),  # too far
        (((0, 3),), TypeError),
        (((0, 3), *[(0,)] * 8), TypeError),
    ],
)
def test_the_core_checks_the_spans_it_is_given(regs: Any, error: type[Exception] | None) -> None:
    if error is None:
        assert _engine.reference("a:b", regs, RFC3986).components()["path"] == "b"
    else:
        with pytest.raises(error):
            _engine.reference("a:b", regs, RFC3986)


# -- the fronts of normalize and resolve ---------------------------------------------------
def _outcome(
    function: Callable[..., object], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[str, object]:
    try:
        return ("ok", function(*args, **kwargs))
    except (TypeError, ValueError) as error:  # URISyntaxError, ResolutionError, ...
        return (type(error).__name__, str(error))


NORMALIZE_CASES: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    (("HTTP://A:80/%7e/./b",), {}),
    (("http://a/b",), {}),  # already normal: the same str
    (("HTTP://A:80/%7e",), {"level": "syntax"}),
    (("HTTP://A:80/%7e",), {"level": "string"}),
    (("HTTP://A:80/%7e",), {"level": "nope"}),
    (("HTTP://A:80/%7e",), {"level": ["scheme"]}),
    (("HTTP://Ä/%c3%a4",), {"grammar": "rfc3987"}),  # an IRI with escapes: Python's
    (("HTTP://A/",), {"grammar": RFC3986}),
    (("HTTP://A/",), {"grammar": "rfc2396"}),
    (("HTTP://A/",), {"grammar": "nope"}),
    (("HTTP://A/",), {"grammar": ["rfc3986"]}),
    (("http://a b/",), {}),
    (("http://a b/",), {"level": "string"}),
    ((urikit.parse("HTTP://A/"),), {}),
    ((b"http://a/",), {}),
    (("HTTP://A/", "scheme"), {}),
    (("HTTP://A/",), {"colour": "red"}),
    ((), {}),
]
RESOLVE_CASES: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    (("http://a/b/c/d;p?q", "../g"), {}),
    (("http://a/b/c/d;p?q", "../../../g"), {"above_root": "keep"}),
    (("http://a/b/c/d;p?q", "../../../g"), {"above_root": "drop"}),
    (("http://a/b/c/d;p?q", "../../../g"), {"above_root": "raise"}),
    (("http://a/b/c/d;p?q", "../../../g"), {"above_root": "nope"}),
    (("http://a/b/c/d;p?q", "http:g"), {"strict": False}),
    (("http://a/b/c/d;p?q", "http:g"), {"strict": 0}),
    (("http://a/b/c/d;p?q", "?y"), {"grammar": "rfc2396"}),
    (("http://a/b/c/d;p?q", "?y"), {"grammar": RFC3986}),
    (("http://ä/b", "c"), {"grammar": "rfc3987"}),
    (("b/c", "d"), {}),  # no scheme
    (("http://a/", "a b"), {}),
    (("http://a b/", "c"), {}),
    ((urikit.parse("http://a/b"), "c"), {}),
    (("http://a/b", urikit.parse("c")), {}),
    (("http://a/b", b"c"), {}),
    (("http://a/b",), {}),
    (("http://a/b", "c"), {"colour": "red"}),
]


@needs_core
@pytest.mark.parametrize(
    ("name", "cases"), [("normalize", NORMALIZE_CASES), ("resolve", RESOLVE_CASES)]
)
def test_the_fronts_answer_as_the_python_functions(
    name: str, cases: list[tuple[tuple[Any, ...], dict[str, Any]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    front = getattr(urikit, name)
    assert "compiled" in repr(front) and front.__name__ == name
    python = front.__wrapped__
    for args, kwargs in cases:
        expected = _outcome(python, args, kwargs)
        assert _outcome(front, args, kwargs) == expected, (name, args, kwargs)
        monkeypatch.setattr(_operations, f"core_{name}", None)  # the Python engine alone
        assert _outcome(front, args, kwargs) == expected, (name, args, kwargs)
        monkeypatch.undo()


@needs_core
def test_the_fronts_answer_in_c_while_the_core_is_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python body runs only for what the core leaves to it."""
    calls: list[str] = []
    recompose: Callable[..., str] = vars(_operations)["recompose"]

    def counted(*args: Any) -> str:
        calls.append(args[0])
        return recompose(*args)

    monkeypatch.setattr(_operations, "recompose", counted)
    assert urikit.normalize("HTTP://A/") == "http://a/" and calls == []
    assert urikit.resolve("http://a/b", "c") == "http://a/c" and calls == []
    monkeypatch.setattr(_operations, "core_normalize", None)
    monkeypatch.setattr(_operations, "core_resolve", None)
    assert urikit.normalize("HTTP://A/") == "http://a/" and len(calls) == 1
    assert urikit.resolve("http://a/b", "c") == "http://a/c" and len(calls) == 2
