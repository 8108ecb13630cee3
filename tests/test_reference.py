"""``URIReference``, the value: its components and derived facts, ``replace()`` and its
errors, equality against equivalence, hashing, pickling and copying."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urikit
from tests import strategies as abnf
from urikit import ErrorKind, _engine, _reference
from urikit._syntax import parse as _parse
from urikit._syntax.parse import COMPONENTS as COMPONENT_NAMES


# -- derived facts -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("http://h:80/", 80),
        ("http://h:0080/", 80),
        ("http://h:0/", 0),
        ("http://h:000/", 0),
        ("http://h:/", None),  # empty: no port (RFC 3986 §3.2.3, §6.2.3)
        ("http://h/", None),
        ("http://h:99999999999999999999/", 99999999999999999999),  # *DIGIT: no bound
        ("http://h:" + "0" * 10_000 + "7/", 7),  # leading zeros do not count
        ("http://h:" + "9" * 4300 + "/", int("9" * 4300)),
    ],
)
def test_port_number(text: str, number: int | None) -> None:
    assert urikit.parse(text).port_number == number


def test_port_number_past_the_int_conversion_limit_is_a_clear_value_error() -> None:
    ref = urikit.parse("http://h:" + "1" * 4301 + "/")
    assert ref.port == "1" * 4301  # the component itself is always there, as written
    with pytest.raises(ValueError, match="4301 digits"):
        ref.port_number  # noqa: B018


@pytest.mark.parametrize(
    ("text", "grammar", "host", "host_type"),
    [
        ("file:///x", "rfc3986", "", "reg-name"),  # RFC 3986 §3.2.2: an empty reg-name
        # RFC 2396 §3.2.2: server = [ [ userinfo "@" ] hostport ]: the empty one has no host
        ("file:///x", "rfc2396", None, None),
        ("http://a_b/x", "rfc2396", None, None),  # §3.2.1 registry-based
        ("http://a.b/x", "rfc2396", "a.b", "hostname"),
        ("http://[::1]/x", "rfc2396", "[::1]", "ipv6"),
        ("http://1.2.3.4/x", "rfc2396", "1.2.3.4", "ipv4"),
        ("http://[v1.x]/", "rfc3986", "[v1.x]", "ipvfuture"),
        ("mailto:x", "rfc3986", None, None),
    ],
)
def test_host_and_host_type(text: str, grammar: str, host: str | None, host_type: str) -> None:
    ref = urikit.parse(text, grammar=grammar)
    assert (ref.host, ref.host_type) == (host, host_type)


@pytest.mark.parametrize(
    ("text", "grammar", "hostname", "username", "password"),
    [
        ("http://WWW.Example.COM:80/", "rfc3986", "www.example.com", None, None),
        ("http://u@[2001:DB8::A]/", "rfc3986", "2001:db8::a", "u", None),
        ("http://[FE80::1%25Eth0]/", "rfc3986", "fe80::1%25Eth0", None, None),  # RFC 6874 zone
        ("http://[v1.AB]/", "rfc3986", "v1.ab", None, None),
        ("http://%c3%bcBER.de/", "rfc3986", "%C3%BCber.de", None, None),  # §6.2.2.1
        ("http://Ünïcode.Example/", "rfc3987", "Ünïcode.example", None, None),  # ASCII only
        ("ftp://anne:s%3Acret@h/", "rfc3986", "h", "anne", "s%3Acret"),
        ("ftp://:@h/", "rfc3986", "h", "", ""),
        ("ftp://a:b:c@h/", "rfc3986", "h", "a", "b:c"),  # the first ":" splits
        ("file:///etc/hosts", "rfc3986", "", None, None),
        ("mailto:a@b", "rfc3986", None, None, None),
        ("/relative", "rfc3986", None, None, None),
        ("http://User@Host.Example/", "rfc2396", "host.example", "User", None),
    ],
)
def test_urllib_style_views(
    text: str, grammar: str, hostname: str | None, username: str | None, password: str | None
) -> None:
    ref = urikit.parse(text, grammar=grammar)
    assert (ref.hostname, ref.username, ref.password) == (hostname, username, password)


def test_empty_rfc2396_server() -> None:
    ref = urikit.parse("file:///x", grammar="rfc2396")
    assert (ref.authority, ref.userinfo, ref.host, ref.port) == ("", None, None, None)
    assert str(ref) == "file:///x"


@pytest.mark.parametrize(
    ("text", "relative", "absolute", "opaque"),
    [
        ("http://a/b", False, True, False),
        ("http://a/b#f", False, False, False),
        ("//a/b", True, False, False),
        ("b", True, False, False),
        ("mailto:x", False, True, True),
        ("s:/x", False, True, False),
    ],
)
def test_kinds(text: str, relative: bool, absolute: bool, opaque: bool) -> None:
    ref = urikit.parse(text)
    assert (ref.is_relative, ref.is_absolute, ref.is_opaque) == (relative, absolute, opaque)


def test_components_and_repr() -> None:
    ref = urikit.parse("http://u@h:1/p?q#f")
    assert ref.components() == {
        "scheme": "http",
        "authority": "u@h:1",
        "userinfo": "u",
        "host": "h",
        "port": "1",
        "path": "/p",
        "query": "q",
        "fragment": "f",
    }
    assert repr(ref) == "URIReference('http://u@h:1/p?q#f')"
    assert repr(urikit.parse("a", grammar="rfc2396")) == "URIReference('a', grammar='rfc2396')"
    assert urikit.URIReference("x:y") == urikit.parse("x:y")


# -- replace() ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "changes", "result"),
    [
        ("http://a/b?c", {"scheme": "https", "port": 8443, "query": None}, "https://a:8443/b"),
        ("http://a/b", {"fragment": ""}, "http://a/b#"),
        ("http://a/b", {"query": ""}, "http://a/b?"),
        ("http://u@a:1/b", {"userinfo": None}, "http://a:1/b"),
        ("http://u@a:1/b", {"port": None}, "http://u@a/b"),
        ("http://u@a:1/b", {"port": ""}, "http://u@a:/b"),
        ("http://u@a:1/b", {"host": "[::1]"}, "http://u@[::1]:1/b"),
        ("http://a/b", {"host": None}, "http:/b"),
        ("http://a/b", {"authority": None}, "http:/b"),
        ("http://a/b", {"authority": "u@h:2"}, "http://u@h:2/b"),
        ("/b", {"host": "h"}, "//h/b"),
        ("http://a/b", {"path": ""}, "http://a"),
        ("x:y", {"scheme": None}, "y"),
    ],
)
def test_replace(text: str, changes: dict[str, str | int | None], result: str) -> None:
    new = urikit.parse(text).replace(**changes)
    assert str(new) == result
    assert new.components() == urikit.parse(result).components()


@pytest.mark.parametrize(
    ("text", "changes", "error"),
    [
        ("http://a/b", {"nope": "x"}, TypeError),
        ("http://a/b", {"path": None}, TypeError),  # a path is never None
        ("http://a/b", {"query": 7}, TypeError),
        ("http://a/b", {"port": True}, TypeError),
        ("http://a/b", {"authority": "h", "host": "g"}, TypeError),
        ("b", {"userinfo": "u"}, ValueError),  # no host to go with it
        ("b", {"port": 1}, ValueError),
    ],
)
def test_replace_errors(text: str, changes: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        urikit.parse(text).replace(**changes)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "changes", "position", "kind"),
    [
        ("http://a/b", {"scheme": "1x"}, 0, ErrorKind.INVALID_SCHEME),
        ("http://a/b", {"port": "8a"}, 1, ErrorKind.INVALID_PORT),
        ("http://a/b", {"query": "a b"}, 1, ErrorKind.INVALID_CHARACTER),
        ("http://a/b", {"path": "c"}, 8, ErrorKind.INVALID_PATH),  # §3.3: needs "/"
        ("b", {"host": "h"}, 3, ErrorKind.INVALID_PATH),  # replace() repairs nothing
        ("b", {"path": "//c"}, 0, ErrorKind.INVALID_PATH),  # would read as an authority
        ("b", {"path": "c:d"}, 1, ErrorKind.COLON_IN_FIRST_SEGMENT),  # §4.2
    ],
)
def test_replace_syntax_errors(
    text: str, changes: dict[str, str], position: int, kind: ErrorKind
) -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.parse(text).replace(**changes)
    assert (caught.value.position, caught.value.kind) == (position, kind)


def test_replace_keeps_a_registry_based_authority() -> None:
    # RFC 2396 §3.2.1: "a_b" is no hostname, so the authority is a reg_name; it has no
    # userinfo, host or port, and changing none of them must not lose it
    ref = urikit.parse("http://a_b/x", grammar="rfc2396")
    assert str(ref.replace(port=None)) == "http://a_b/x"
    assert str(ref.replace(userinfo=None, port=None)) == "http://a_b/x"
    assert str(ref.replace(path="/y")) == "http://a_b/y"
    assert str(ref.replace(host="h", port=1)) == "http://h:1/x"  # a server replaces it
    assert str(ref.replace(authority="c_d")) == "http://c_d/x"
    for changes in ({"userinfo": "u"}, {"port": 80}):
        with pytest.raises(ValueError, match="registry-based"):
            ref.replace(**changes)
    empty = urikit.parse("file:///x", grammar="rfc2396")
    assert str(empty.replace(port=None)) == "file:///x"
    assert str(empty.replace(host="h")) == "file://h/x"
    with pytest.raises(ValueError, match="needs a host"):
        empty.replace(userinfo="u")


# replace(c=<its own value>) is the reference itself, whatever the grammar: RFC 2396's
# registry-based and empty authorities, whose host is None, included (a fuzz found "//"
# losing its authority, and "////" raising, under host=None).
REFERENCES = {
    "rfc3986": abnf.uri_reference(),
    "rfc2396": abnf.uri_reference_2396(),
    "rfc3987": abnf.iri_reference(),
}


@pytest.mark.parametrize("grammar", sorted(REFERENCES))
@pytest.mark.parametrize("component", COMPONENT_NAMES)
@given(data=st.data())
@example(data=None)
def test_replace_with_its_own_value_is_the_same_reference(
    grammar: str, component: str, data: st.DataObject | None
) -> None:
    texts = ["////", "//", "///", "http://a_b", "file:///x", "http://@/", "//u@:1", "s:/"]
    if data is not None:
        texts = [data.draw(REFERENCES[grammar])]
    for text in texts:
        if not urikit.is_valid(text, grammar=grammar):
            continue
        ref = urikit.parse(text, grammar=grammar)
        same = ref.replace(**{component: getattr(ref, component)})
        assert (same, str(same), same.components()) == (ref, text, ref.components())


@pytest.mark.parametrize(
    ("call", "text", "position", "kind"),
    [
        # the host given, its own text, its rule "host": the same error from either
        (lambda: urikit.parse("http://h/").replace(host="["), "[", 1, ErrorKind.INVALID_IP_LITERAL),
        (lambda: urikit.compose(host="["), "[", 1, ErrorKind.INVALID_IP_LITERAL),
        (lambda: urikit.compose(host="[::1"), "[::1", 4, ErrorKind.INVALID_IP_LITERAL),
        # a host with ":": in replace() a reg-name, which holds none; compose() takes it
        # for an IPv6 address (its decoded parts), which "a:b" is not
        (lambda: urikit.parse("http://h/").replace(host="a:b"), "a:b", 1, ErrorKind.INVALID_HOST),
        (lambda: urikit.compose(host="a:b"), "a:b", 3, ErrorKind.INVALID_HOST),
        (
            lambda: urikit.compose(host="[v1.x]", grammar="rfc2396"),
            "[v1.x]",
            1,
            ErrorKind.INVALID_IP_LITERAL,
        ),
        (
            lambda: urikit.parse("http://h/", grammar="rfc2396").replace(host="[v1.x]"),
            "[v1.x]",
            1,
            ErrorKind.INVALID_IP_LITERAL,
        ),
    ],
)
def test_replace_and_compose_name_the_host(
    call: Callable[[], object], text: str, position: int, kind: ErrorKind
) -> None:
    with pytest.raises(urikit.URISyntaxError) as caught:
        call()
    error = caught.value
    assert (error.text, error.position, error.kind, error.rule) == (text, position, kind, "host")


def test_replace_names_the_change_that_breaks_the_reference() -> None:
    # RFC 2396 §3: "http:" alone is no URI; the error says which change made it
    ref = urikit.parse("http://h", grammar="rfc2396")
    with pytest.raises(urikit.URISyntaxError) as caught:
        ref.replace(host=None)
    assert (caught.value.text, caught.value.position) == ("http:", 5)
    assert caught.value.kind is ErrorKind.EMPTY_SCHEME_SPECIFIC_PART
    assert "host=None" in caught.value.reason  # the message is the point here
    registry = urikit.parse("http://a_b", grammar="rfc2396")
    assert registry.replace(host=None) is not None  # no host to remove: nothing changes
    assert str(registry.replace(host=None)) == "http://a_b"
    assert str(registry.replace(authority=None, path="/")) == "http:/"


# -- value behaviour -------------------------------------------------------------------------
def test_equality_is_string_comparison_not_equivalence() -> None:
    a, b = urikit.parse("http://a/"), urikit.parse("HTTP://a/")
    assert a != b and urikit.equivalent(a, b)
    assert a == urikit.parse("http://a/", grammar="rfc2396")  # the grammar is not compared
    assert a != "http://a/"  # a value, not a string
    assert hash(a) == hash(urikit.parse("http://a/"))
    assert len({a, urikit.parse("http://a/"), b}) == 2


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc2396"])
def test_pickle_and_copy(grammar: str) -> None:
    ref = urikit.parse("http://u@h:1/p?q#f", grammar=grammar)
    back = pickle.loads(pickle.dumps(ref))
    assert back == ref and back.grammar == grammar
    assert back.components() == ref.components()
    assert copy.copy(ref) is ref and copy.deepcopy(ref) is ref  # immutable
    with pytest.raises(AttributeError):
        ref.scheme = "x"  # type: ignore[misc]


# -- one spelling rule: functions return strings, methods return values -----------------
def test_methods_return_values_and_functions_return_strings() -> None:
    base = urikit.parse("http://a/b/c/d;p?q")
    assert base.resolve("../g") == urikit.parse("http://a/b/g")
    assert urikit.resolve(base, "../g") == "http://a/b/g"
    assert base.relativize("http://a/b/x") == urikit.parse("../x")
    assert urikit.relativize(base, "http://a/b/x") == "../x"
    upper = urikit.parse("HTTP://A:80/%7e")
    assert upper.normalize() == urikit.parse("http://a/~")
    assert urikit.normalize(upper) == "http://a/~"
    assert upper.normalize(level="string") is upper
    for value in (base.resolve("g"), base.relativize("g"), upper.normalize()):
        assert isinstance(value, urikit.URIReference)


def test_methods_keep_the_receivers_grammar() -> None:
    base = urikit.parse("http://a/b/c/d;p?q", grammar="rfc2396")
    resolved = base.resolve("?y")  # RFC 2396 Appendix C
    assert (str(resolved), resolved.grammar) == ("http://a/b/c/?y", "rfc2396")
    assert str(base.relativize("http://a/b/c/d;p?y")) == "d;p?y"
    assert base.normalize().grammar == "rfc2396"
    assert str(urikit.parse("http://h/%21", grammar="rfc2396").normalize()) == "http://h/!"


def test_query_params() -> None:
    ref = urikit.parse("http://h/s?q=a+b%26c&flag#f")
    assert ref.query_params() == [("q", "a b&c"), ("flag", "")]
    assert urikit.parse("http://h/s").query_params() == []
    assert str(ref.with_query_params({"x": "1 2"})) == "http://h/s?x=1%202#f"
    assert str(ref.with_query_params([])) == "http://h/s?#f"


def test_method_errors() -> None:
    with pytest.raises(urikit.ResolutionError) as caught:
        urikit.parse("//a/b").resolve("c")
    assert caught.value.kind is ErrorKind.BASE_WITHOUT_SCHEME
    with pytest.raises(urikit.ResolutionError) as caught:
        urikit.parse("mailto:x", grammar="rfc2396").resolve("g")
    assert caught.value.kind is ErrorKind.OPAQUE_BASE
    with pytest.raises(urikit.ResolutionError) as caught:
        urikit.parse("http://a/b").resolve("../../g", above_root="raise")
    assert caught.value.kind is ErrorKind.ABOVE_ROOT
    with pytest.raises(ValueError, match="above_root"):
        urikit.parse("http://a/b").resolve("g", above_root="never")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="level"):
        urikit.parse("http://a/b").normalize(level="all")  # type: ignore[arg-type]
    with pytest.raises(urikit.URISyntaxError):
        urikit.parse("http://a/b").resolve("a b")
    with pytest.raises(TypeError, match="NoneType"):
        urikit.parse("http://a/b").relativize(None)  # type: ignore[arg-type]


def test_resolution_errors_pickle_with_their_kind() -> None:
    error = urikit.ResolutionError("x", ErrorKind.NO_BASE, "no base")
    back = pickle.loads(pickle.dumps(error))
    assert (back.text, back.kind, back.reason, str(back)) == (
        "x",
        ErrorKind.NO_BASE,
        "no base",
        "no base",
    )
    syntax = urikit.URISyntaxError("a b", 1, ErrorKind.INVALID_CHARACTER, "space", rule="URI")
    again = pickle.loads(pickle.dumps(syntax))
    assert (again.text, again.position, again.kind, again.rule) == ("a b", 1, syntax.kind, "URI")


# -- one meaning for grammar= -------------------------------------------------------------
def test_parse_takes_a_reference_too() -> None:
    ref = urikit.parse("http://a/b?[x]", grammar="rfc2396")
    assert urikit.parse(ref) is ref  # its own grammar: nothing to do
    assert urikit.URIReference(ref) is ref
    assert urikit.parse(ref, grammar="rfc2396") is ref
    assert urikit.parse(ref, rule="absoluteURI").grammar == "rfc2396"  # its grammar's rule
    with pytest.raises(urikit.URISyntaxError) as caught:  # an explicit grammar reads again
        urikit.parse(ref, grammar="rfc3986")
    assert caught.value.position == 11  # "[" is no RFC 3986 query character
    assert urikit.parse(urikit.parse("a:b"), grammar=urikit.RFC2396).grammar == "rfc2396"
    with pytest.raises(urikit.URISyntaxError):
        urikit.parse(urikit.parse("a"), rule="URI")


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        # None: the reference argument's own grammar (RFC 2396 here) ...
        (lambda r: urikit.resolve(r, "?y"), "http://a/b/c/?y"),
        (lambda r: urikit.normalize(r), "http://a/b/c/d;p?q"),
        (lambda r: urikit.is_valid(r, rule="absoluteURI"), True),
        (lambda r: urikit.equivalent(r, "HTTP://A/b/c/d;p?q"), True),
        # ... and an explicit grammar reads it again
        (lambda r: urikit.resolve(r, "?y", grammar="rfc3986"), "http://a/b/c/d;p?y"),
        (lambda r: urikit.resolve(r, "?y", grammar=urikit.RFC3986), "http://a/b/c/d;p?y"),
        (lambda r: urikit.is_valid(r, rule="URI", grammar="rfc3986"), True),
    ],
)
def test_grammar_none_is_the_references_own(call: Any, expected: object) -> None:
    assert call(urikit.parse("http://a/b/c/d;p?q", grammar="rfc2396")) == expected


def test_a_str_argument_reads_under_rfc3986_by_default() -> None:
    assert urikit.resolve("http://a/b/c/d;p?q", "?y") == "http://a/b/c/d;p?y"
    assert urikit.parse("http://a").grammar == "rfc3986"
    ref = urikit.parse("?y", grammar="rfc2396")  # a reference argument follows the base
    assert urikit.resolve("http://a/b/c/d;p?q", ref) == "http://a/b/c/d;p?y"
    assert urikit.GRAMMARS == {
        "rfc3986": urikit.RFC3986,
        "rfc2396": urikit.RFC2396,
        "rfc3987": urikit.RFC3987,
    }
    assert isinstance(urikit.RFC3986, urikit.Grammar)


def test_replace_refuses_what_would_not_read_back() -> None:
    # RFC 2396 §3: "x?y" is the whole opaque_part of mailto:x?y; without the scheme it
    # reads as the path "x" and the query "y"
    ref = urikit.parse("mailto:x?y", grammar="rfc2396")
    assert ref.path == "x?y" and ref.query is None
    with pytest.raises(urikit.URISyntaxError) as caught:
        ref.replace(scheme=None)
    assert caught.value.kind is ErrorKind.INVALID_PATH


# -- a fallback never hides a bug ------------------------------------------------------------
# Only documented refusals (a grammar or rule given otherwise than by a known name, a
# URIReference, what is not a str) take the slower path: a TypeError or KeyError raised
# inside the engine is a bug, and must surface rather than be answered, slowly but right.
def _type_error(*_: object) -> object:
    raise TypeError("a bug inside the engine")


def _key_error(*_: object) -> object:
    raise KeyError("a bug inside the engine")


@pytest.mark.parametrize("bug", [_type_error, _key_error])
@pytest.mark.parametrize("text", ["http://a/b", "http://a b/"])  # valid, then invalid
@pytest.mark.parametrize("grammar", ["rfc3986", "rfc2396", "rfc3987"])
def test_an_engine_failure_is_not_hidden_by_a_fallback(
    monkeypatch: pytest.MonkeyPatch, grammar: str, text: str, bug: Callable[..., object]
) -> None:
    for module, name in [(_reference, "split"), (_parse, "split")]:
        monkeypatch.setattr(module, name, bug)
    # the Python bodies, behind the compiled fast path (which answers a valid str in C)
    parse = getattr(_reference.parse, "__wrapped__", _reference.parse)
    is_valid = getattr(_reference.is_valid, "__wrapped__", _reference.is_valid)
    calls: list[Callable[[], object]] = [
        lambda: parse(text, grammar=grammar),
        lambda: parse(text, grammar=urikit.GRAMMARS[grammar]),  # a grammar given by value
        lambda: parse(text, grammar=grammar, rule=list(urikit.GRAMMARS[grammar].rules)[1]),
        lambda: is_valid(text, grammar=grammar),
        lambda: _reference.components_of(text, urikit.GRAMMARS[grammar]),
    ]
    for call in calls:
        with pytest.raises((TypeError, KeyError), match="a bug inside the engine"):
            call()


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc3987", None])
def test_an_invalid_text_is_scanned_once_before_its_diagnosis(
    monkeypatch: pytest.MonkeyPatch, grammar: str | None
) -> None:
    """Issue 20: parse has one compiled path, the front (``urikit._engine.front``), which
    hands a text it found invalid straight to the diagnosis; nothing splits it again.
    The pure-Python engine has no front: its parse splits each text once."""
    splits: list[str] = []

    def counted(text: str, *args: object) -> object:
        splits.append(text)
        return _parse.split_python(text, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(_reference, "split", counted)
    monkeypatch.setattr(_parse, "split", counted)
    with pytest.raises(urikit.URISyntaxError) as caught:
        urikit.parse("http://a b/", grammar=grammar)
    assert caught.value.position == 8
    assert urikit.parse("http://a/b", grammar=grammar).host == "a"
    assert splits == ([] if _engine.front else ["http://a b/", "http://a/b"])
