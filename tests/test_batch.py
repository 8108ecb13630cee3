"""urikit.batch: each function over each kind of column equals the per-URL function row
by row, on each engine.

The engines: ``python`` (``urikit._engine.use(None)``: every row in Python),
``contract`` (``tests.fake_core``, the compiled core's column functions written in
Python: the Arrow side of urikit.batch, buffers, offsets, slices and bitmaps, tested
wherever the core is built or not) and ``core`` (the compiled core itself, when it is
built with its column functions).  The kinds: a list, a pyarrow ``string`` array, a
``large_string`` one, a sliced one (a non-zero offset), a chunked one, a pandas Series
and a polars Series.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import pandas as pd
import polars as pl
import pyarrow as pa
import pyarrow.compute
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from tests import fake_core
from tests.profiles import THOROUGH
from urikit import _engine, batch
from urikit.strategies import near_misses, references

SAMPLE = Path(__file__).parent / "data" / "corpus_sample.txt"
CORE = _engine.core
ENGINES = {"python": None, "contract": fake_core}
if hasattr(CORE, "column_valid"):  # the compiled core with its column functions
    ENGINES["core"] = CORE
KINDS = ["list", "string", "large_string", "sliced", "chunked", "pandas", "polars"]
BASE = "http://a/b/c/d;p?q"

#: Rows of every sort: valid, invalid (each a different error), null, empty, IRIs.
ROWS: list[str | None] = [
    "http://user@Example.COM:80/a/./b/../c?q=%7e#f",
    None,
    "http://exa mple.com/",
    "",
    "../g?y",
    "http://[::1/",
    "mailto:a@b",
    "//h:/p",
    "http://例え.jp/ü?ä#ö",
    "HTTP://[2001:DB8::7]:8080/%7euser",
    "g:h",
    "a:b:c/d%zz",
    "#frag",
    "http://a/b/c/./../../g",
    None,
    "?y",
]


@contextmanager
def running(engine_module: Any) -> Iterator[None]:
    """urikit.batch on another engine's column entry points (urikit._engine.use)."""
    _engine.use(engine_module)
    try:
        yield
    finally:
        _engine.use(CORE)


@pytest.fixture(params=list(ENGINES))
def engine(request: pytest.FixtureRequest) -> Iterator[str]:
    with running(ENGINES[request.param]):
        yield request.param


def column(kind: str, rows: list[str | None]) -> Any:
    """``rows`` as a column of ``kind``."""
    if kind == "list":
        return list(rows)
    if kind == "string":
        return pa.array(rows, pa.string())
    if kind == "large_string":
        return pa.array(rows, pa.large_string())
    if kind == "sliced":  # the rows at offset 3 of a longer array
        return pa.array(["x", None, "a b", *rows, "y"], pa.string())[3 : 3 + len(rows)]
    if kind == "chunked":
        half = len(rows) // 2
        return pa.chunked_array([rows[:half], [], rows[half:]], pa.string())
    if kind == "pandas":
        return pd.Series(rows, index=[f"r{i}" for i in range(len(rows))], name="url", dtype=object)
    assert kind == "polars"
    return pl.Series("url", rows, dtype=pl.String)


def arrow_type(function: str, large: bool) -> Any:
    """The Arrow type of ``function``'s result: strings as wide as the input's."""
    string = pa.large_string() if large else pa.string()
    if function == "is_valid":
        return pa.bool_()
    if function == "errors":
        return pa.struct([("position", pa.int64()), ("kind", pa.string()), ("reason", pa.string())])
    if function == "split":
        return pa.struct([(name, string) for name in batch.COMPONENTS])
    if function == "extract":
        fields = [("uri", string), ("iri", string), ("start", pa.int64()), ("end", pa.int64())]
        return pa.list_(pa.struct(fields))
    if function == "match_templates":
        return pa.struct([("index", pa.int64()), ("template", string), ("variables", string)])
    return string


def values(kind: str, function: str, given: Any, result: Any) -> list[Any]:
    """The rows of ``result`` as Python values, after checking that it is of the kind of
    ``given`` (same type, index, name, chunks) and of the Arrow type expected."""
    if kind == "list":
        assert isinstance(result, list)
        return result
    if kind == "pandas":
        assert isinstance(result, pd.Series)
        assert list(result.index) == list(given.index) and result.name == "url"
        assert isinstance(result.dtype, pd.ArrowDtype)
        return [None if value is pd.NA else value for value in result]
    if kind == "polars":
        assert isinstance(result, pl.Series) and result.name == "url"
        return result.to_list()
    if kind == "chunked":
        assert isinstance(result, pa.ChunkedArray)
        assert [len(c) for c in result.chunks] == [len(c) for c in given.chunks]
    else:
        assert isinstance(result, pa.Array)
        result.validate(full=True)
    assert result.type == arrow_type(function, kind == "large_string")
    if pa.types.is_struct(result.type):  # fields null where the struct is
        for chunk in result.chunks if kind == "chunked" else [result]:
            for i in range(chunk.type.num_fields):
                either = pa.compute.or_(chunk.is_valid(), chunk.field(i).is_null())
                assert all(either.to_pylist())
    rows: list[Any] = result.to_pylist()
    return rows


# -- the per-URL results: what each batch function must give, row by row ----------------
def assert_same(actual: Any, expected: Any, where: str = "rows") -> None:
    """``actual`` equals ``expected`` and every value in it is of the type of the
    expected one, through lists, tuples and dicts (``==`` alone passes ``1`` for ``True``
    and ``1.0`` for ``1``); ``where`` names the value in the message."""
    assert type(actual) is type(expected), (
        f"{where}: {actual!r} ({type(actual).__name__}), "
        f"expected {expected!r} ({type(expected).__name__})"
    )
    if isinstance(expected, list | tuple):
        assert len(actual) == len(expected), (
            f"{where}: {len(actual)} values, {len(expected)} expected"
        )
        for i, (one, other) in enumerate(zip(actual, expected, strict=True)):
            assert_same(one, other, f"{where}[{i}]")
    elif isinstance(expected, dict):
        assert list(actual) == list(expected), f"{where}: keys {list(actual)}, {list(expected)}"
        for key, other in expected.items():
            assert_same(actual[key], other, f"{where}[{key!r}]")
    else:
        assert actual == expected, f"{where}: {actual!r}, expected {expected!r}"


def test_assert_same_tells_types_apart() -> None:
    assert_same([True, None, {"a": (1, "x")}], [True, None, {"a": (1, "x")}])
    for actual, expected in [
        ([1, 0], [True, False]),
        ([True], [1]),
        ([{"position": 1.0}], [{"position": 1}]),
        ([{"a": None, "b": 1}], [{"b": 1, "a": None}]),  # the fields' order
        ((1,), [1]),
        ([None], [""]),
        ([[]], [[None]]),
    ]:
        with pytest.raises(AssertionError):
            assert_same(actual, expected)


def error_of(text: str, **options: Any) -> dict[str, Any] | None:
    try:
        urikit.validate(text, **options)
    except urikit.URISyntaxError as error:
        return {"position": error.position, "kind": error.kind.value, "reason": error.reason}
    return None


def split_of(text: str, **options: Any) -> dict[str, str | None] | None:
    try:
        return urikit.parse(text, **options).components()
    except urikit.URISyntaxError:
        return None


def or_none(function: Callable[..., str]) -> Callable[..., str | None]:
    def call(*args: Any, **options: Any) -> str | None:
        try:
            return function(*args, **options)
        except (urikit.URISyntaxError, urikit.ResolutionError):
            return None

    return call


#: Templates for the rows of ROWS: several match some rows, none matches others.
ROUTES = ["http://{host}{/path*}{?q}", "mailto:{to}", "{scheme}:{+rest}", "{#f}", "{+any}"]


def route_of(
    text: str, templates: list[str] = ROUTES, order: str = "given", **options: Any
) -> dict[str, object] | None:
    """What ``batch.match_templates`` gives for a row: every template tried in turn (in
    the order given, or the most literal characters first), the first match."""
    parsed = [urikit.URITemplate(t) for t in templates]
    ranks = list(range(len(parsed)))
    if order == "specific":
        literal = [len(t.expand({})) for t in parsed]  # (no bound values in these tests)
        ranks.sort(key=lambda i: -literal[i])
    for i in ranks:
        found = parsed[i].match(text, **options)
        if found is not None:
            variables = json.dumps(found, ensure_ascii=False, separators=(",", ":"))
            return {"index": i, "template": templates[i], "variables": variables}
    return None


#: name: (the batch function, the per-URL function of one row), each with the options.
def matches_of(text: str, **options: Any) -> list[dict[str, object]]:
    """What ``batch.extract`` gives for a row: ``urikit.extract``'s matches as dicts."""
    return [
        {"uri": m.uri, "iri": m.iri, "start": m.start, "end": m.end}
        for m in urikit.extract(text, **options)
    ]


FUNCTIONS: dict[str, tuple[Callable[..., Any], Callable[..., Any]]] = {
    "is_valid": (batch.is_valid, urikit.is_valid),
    "errors": (batch.errors, error_of),
    "split": (batch.split, split_of),
    "normalize": (batch.normalize, or_none(urikit.normalize)),
    "resolve": (
        lambda col, **kw: batch.resolve(BASE, col, **kw),
        lambda row, **kw: or_none(urikit.resolve)(BASE, row, **kw),
    ),
    "relativize": (
        lambda col, **kw: batch.relativize(BASE, col, **kw),
        lambda row, **kw: or_none(urikit.relativize)(BASE, row, **kw),
    ),
    "extract": (batch.extract, lambda row, **kw: matches_of(row, **kw)),
    "match_templates": (  # (no grammar: templates read URIs as RFC 6570 writes them)
        lambda col, **kw: batch.match_templates(col, ROUTES),
        lambda row, **kw: route_of(row),
    ),
}


def options_of(function: str, grammar: str) -> Iterator[dict[str, Any]]:
    """The option sets each function is tried with under ``grammar``."""
    yield {"grammar": grammar}
    if function in ("is_valid", "errors", "split"):
        yield {
            "grammar": grammar,
            "rule": "absolute-URI" if grammar != "rfc2396" else "absoluteURI",
        }
    if function in ("is_valid", "errors"):
        yield {"grammar": grammar, "rule": "host"}  # a component rule: Python only
    if function == "normalize":
        yield {"grammar": grammar, "level": "syntax"}
        yield {"grammar": grammar, "level": "string"}


def check(function: str, kind: str, rows: list[str | None], **options: Any) -> None:
    bulk, one = FUNCTIONS[function]
    given_column = column(kind, rows)
    got = values(kind, function, given_column, bulk(given_column, **options))
    assert_same(got, [None if row is None else one(row, **options) for row in rows])


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc3987", "rfc2396"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("function", list(FUNCTIONS))
def test_each_function_on_each_kind_equals_the_per_url_function(
    engine: str, function: str, kind: str, grammar: str
) -> None:
    for options in options_of(function, grammar):
        check(function, kind, ROWS, **options)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("function", list(FUNCTIONS))
def test_an_empty_column_and_a_column_of_nulls(engine: str, function: str, kind: str) -> None:
    check(function, kind, [])
    check(function, kind, [None, None])


@pytest.mark.parametrize("function", list(FUNCTIONS))
def test_the_corpus_sample_through_arrow(engine: str, function: str) -> None:
    rows: list[str | None] = list(SAMPLE.read_text("utf-8").splitlines())
    check(function, "sliced", rows)


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc3987"])
def test_is_valid_over_a_long_list_as_over_a_column(engine: str, grammar: str) -> None:
    """A list's rows are read as a column's (packed, through the accept filter): rows
    across many of the filter's chunks of 16 KB, longer than one, empty, non-ASCII,
    Latin-1, with lone surrogates, None; each the per-URL answer."""
    sample = SAMPLE.read_text("utf-8").splitlines()
    odd: list[str | None] = ["", None, "http://a/" + "b" * 20_000, "http://ü/", "é", "\ud800"]
    rows = [row for i, line in enumerate(sample * 6) for row in (line, odd[i % len(odd)])]
    want = [None if row is None else urikit.is_valid(row, grammar=grammar) for row in rows]
    assert batch.is_valid(rows, grammar=grammar) == want
    assert batch.is_valid(tuple(rows), grammar=grammar) == want


def test_is_valid_over_a_pandas_series_of_objects(engine: str) -> None:
    """A Series of Python strings (dtype object) is read in place: a missing value
    (None, NaN, pd.NA) is null, any other object that is no str a TypeError."""
    rows = ["http://a/", None, float("nan"), pd.NA, "bad url", "http://ü/", ""]
    series = pd.Series(rows, index=list("abcdefg"), name="u", dtype=object)
    got = batch.is_valid(series)
    assert list(got.index) == list("abcdefg") and got.name == "u"
    assert got.dtype == pd.ArrowDtype(pa.bool_())
    assert [None if v is pd.NA else v for v in got] == [True, None, None, None, False, False, True]
    iri = batch.is_valid(series, grammar="rfc3987")
    assert [None if v is pd.NA else v for v in iri] == [True, None, None, None, False, True, True]
    for wrong in (5, ["http://a/"], b"http://a/"):
        with pytest.raises(TypeError):
            batch.is_valid(pd.Series(["http://a/", wrong], dtype=object))


def test_grammar_values_and_a_uri_reference_base(engine: str) -> None:
    rows = ["g;x?y", "http://[::1]/a b", None, "ä"]
    valid = batch.is_valid(pa.array(rows), grammar=urikit.RFC3987).to_pylist()
    assert_same(valid, [True, False, None, True])
    base = urikit.parse("http://a/b/c/d;p?q", grammar="rfc2396")
    resolved = batch.resolve(base, pa.array(rows)).to_pylist()
    assert_same(resolved, [urikit.resolve(base, "g;x?y"), None, None, None])
    relative = batch.relativize(base, rows)
    assert_same(relative, [urikit.relativize(base, "g;x?y"), None, None, None])


def test_a_string_view_and_a_null_typed_column(engine: str) -> None:
    if hasattr(pa, "string_view"):  # pyarrow 16
        view = pa.array(["http://a/", None, "a b"], pa.string_view())
        assert_same(batch.normalize(view).to_pylist(), ["http://a/", None, None])
    assert_same(batch.is_valid(pa.nulls(3)).to_pylist(), [None, None, None])


# -- match_templates: the routing question ----------------------------------------------------
class Counted(urikit.URITemplate):
    """A template that counts the URIs it is asked to match."""

    __slots__ = ()
    calls: ClassVar[list[str]] = []

    def match(self, uri: str, **options: Any) -> Any:
        Counted.calls.append(str(self))
        return super().match(uri, **options)


def test_match_templates_tries_only_the_templates_a_row_can_match() -> None:
    """Many templates under many prefixes: each row is tried against the templates whose
    leading literal it starts with (and those without one), in order; the result is the
    first match of trying every template in turn."""
    templates = [f"/api/v{k}/{{resource}}{{/id}}" for k in range(300)]
    templates += ["/api/v1/users/me", "/static/{+path}", "{+anything}/raw", "/api/v12{/x}"]
    rows: list[str | None] = [
        "/api/v7/users/42",
        "/api/v1/users/me",  # /api/v1/{resource}{/id} first, in the order given
        "/api/v12/things",
        "/api/v120/things/9",  # /api/v12{/x} cannot take "0/things/9"
        "/static/a/b.css",
        "/docs/raw",
        "/nowhere",
        None,
        "",
    ]
    Counted.calls = []
    counted = [Counted(t) for t in templates]
    Counted.calls = []
    for order in ("given", "specific"):
        got = batch.match_templates(rows, counted, order=order)
        want = [None if r is None else route_of(r, templates, order) for r in rows]
        assert_same(got, want)
    assert got[1] is not None and got[1]["template"] == "/api/v1/users/me"  # specific
    tried = len(Counted.calls) - 2 * len(templates)  # once each, by the router: refusals
    assert tried < 2 * 30, Counted.calls  # for the 9 rows, in each order: not 300 per row
    assert "/api/v12{/x}" in Counted.calls and "{+anything}/raw" in Counted.calls


def test_match_templates_values_and_options() -> None:
    routes = ["/r{?keys*}", "/l{/list*}", "/q{?a,b}", "/u/{id}"]
    rows = ["/r?a=1&b=%C3%A9", "/r?a=1&a=2", "/l/x/y", "/q?b=2&a=1", "/u/%2F"]
    strict = batch.match_templates(rows, routes)
    variables = [None if r is None else json.loads(r["variables"]) for r in strict]
    assert variables == [
        {"keys": {"a": "1", "b": "é"}},
        {"keys": [["a", "1"], ["a", "2"]]},  # a name twice: its pairs
        {"list": ["x", "y"]},
        None,  # strict: {?a,b} in its order only
        {"id": "/"},
    ]
    assert json.loads(batch.match_templates(rows, routes, query="any")[3]["variables"]) == {
        "b": "2",
        "a": "1",
    }
    bound = urikit.URITemplate("/p{/a,b}").partial({"a": "x"})  # a template with values
    assert batch.match_templates(["/p/x/y", "/p/z/y"], [bound]) == [
        {"index": 0, "template": "/p/x{/b}", "variables": '{"b":"y"}'},
        None,
    ]
    assert batch.match_templates(["/a"], []) == [None]
    table = pa.table({"url": pa.array(["/u/7", "/x", None], pa.large_string())})
    routed = batch.match_templates(table["url"], routes)
    assert routed.type.field("template").type == pa.large_string()
    assert routed.combine_chunks().field("index").to_pylist() == [3, None, None]
    series = batch.match_templates(pd.Series(["/u/7", "/x"]), routes)
    assert series.struct.field("variables").isna().tolist() == [False, True]
    polars = batch.match_templates(pl.Series("url", ["/l/a", None]), routes)
    assert polars.struct.field("index").to_list() == [1, None]


@pytest.mark.parametrize("kind", ["list", "string", "pandas"])
def test_match_templates_wrong_arguments_raise_before_any_row(kind: str) -> None:
    col = column(kind, ["/a", None])
    with pytest.raises(urikit.URISyntaxError) as raised:
        batch.match_templates(col, ["/ok", "/u/{id"])
    assert raised.value.position == 6
    with pytest.raises(urikit.AmbiguousTemplateError) as ambiguous:
        batch.match_templates(col, ["{a}{b}"])
    assert ambiguous.value.position == 0  # the expression whose end cannot be told
    wrongs: list[Callable[[], object]] = [
        lambda: batch.match_templates(col, ["/a"], query="loose"),  # type: ignore[arg-type]
        lambda: batch.match_templates(col, ["/a"], order="best"),  # type: ignore[arg-type]
    ]
    for wrong in wrongs:
        with pytest.raises(ValueError):
            wrong()
    with pytest.raises(TypeError):
        batch.match_templates(col, "/a/{b}")
    with pytest.raises(TypeError):
        batch.match_templates([b"/a"], ["/a"])


# -- arguments ----------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_a_wrong_argument_raises_as_the_per_url_function_does(engine: str, kind: str) -> None:
    col = column(kind, ["http://a/", None])
    calls: list[tuple[Callable[[], object], Callable[[], object]]] = [
        (
            lambda: batch.is_valid(col, grammar="rfc9999"),
            lambda: urikit.is_valid("", grammar="rfc9999"),
        ),
        (lambda: batch.errors(col, rule="URL"), lambda: urikit.validate("", rule="URL")),
        (lambda: batch.split(col, rule="host"), lambda: urikit.parse("", rule="host")),
        (
            lambda: batch.normalize(col, level="full"),  # type: ignore[arg-type]
            lambda: urikit.normalize("", level="full"),  # type: ignore[arg-type]
        ),
        (lambda: batch.resolve("//a/b", col), lambda: urikit.resolve("//a/b", "")),
        (lambda: batch.resolve("a b:", col), lambda: urikit.resolve("a b:", "")),
        (lambda: batch.relativize("x", col), lambda: urikit.relativize("x", "")),
        (lambda: batch.is_valid(col, rule=7), lambda: urikit.is_valid("", rule=7)),  # type: ignore[arg-type]
    ]
    for bulk, one in calls:
        with pytest.raises(Exception) as expected:
            one()
        with pytest.raises(type(expected.value)) as found:
            bulk()
        assert_same(found.value.args, expected.value.args)


def test_what_is_not_a_column_of_strings_is_a_type_error(engine: str) -> None:
    for wrong in ["http://a/", {"http://a/"}, pa.array([1, 2]), pd.Series([1.5]), pl.Series([1])]:
        with pytest.raises(TypeError):
            batch.is_valid(wrong)
    with pytest.raises(TypeError):
        batch.is_valid(pa.chunked_array([[1]]))


def test_no_data_library_is_imported_by_urikit_batch() -> None:
    import subprocess
    import sys

    code = (
        "import sys, urikit.batch as b; b.is_valid(['http://a/']); "
        "print(sorted({'pyarrow', 'pandas', 'polars', 'pyspark'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# -- properties: generated references and near misses -------------------------------------
PROPERTY = settings(max_examples=max(5, THOROUGH.max_examples // 10))  # a differential


def rows_of(grammar: str) -> st.SearchStrategy[list[str | None]]:
    row = st.one_of(
        references(grammar=grammar), near_misses(grammar=grammar), st.none(), st.text(max_size=8)
    )
    return st.lists(row, max_size=12)


def encodable(rows: list[str | None]) -> list[str | None]:
    """``rows`` with the strings Arrow cannot hold (lone surrogates) made null."""
    out: list[str | None] = []
    for row in rows:
        try:
            if row is not None:
                row.encode("utf-8")
        except UnicodeEncodeError:
            row = None
        out.append(row)
    return out


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc3987", "rfc2396"])
@pytest.mark.parametrize("engine_name", list(ENGINES))
def test_property_batch_equals_per_url(engine_name: str, grammar: str) -> None:
    @PROPERTY
    @given(rows_of(grammar))
    def run(rows: list[str | None]) -> None:
        for function in FUNCTIONS:
            check(function, "list", rows, grammar=grammar)
            check(function, "large_string", encodable(rows), grammar=grammar)

    with running(ENGINES[engine_name]):
        run()


def test_which_calls_the_compiled_core_reads() -> None:
    """Arrow columns under RFC 3986 and RFC 3987 go to the core's column functions, lists
    to its ``list_map``; the rest (RFC 2396, component rules, relativize, level "string")
    stays in Python."""
    calls: list[tuple[str, Any]] = []

    class Recording:
        def __getattr__(self, name: str) -> Any:
            function = getattr(fake_core, name)

            def record(*args: Any) -> Any:
                calls.append((name, args[-2:]))
                return function(*args)

            return record

    with running(Recording()):
        _record(calls)


def _record(calls: list[tuple[str, Any]]) -> None:
    arrow = pa.array(ROWS)
    batch.is_valid(arrow, grammar="rfc3987")
    batch.errors(arrow, rule="URI")
    batch.split(arrow)
    batch.normalize(arrow, level="syntax")
    batch.resolve(BASE, arrow)
    rfc3986, rfc3987 = urikit.RFC3986, urikit.RFC3987  # the core's ids and rule flags
    assert_same(
        calls,
        [
            ("column_valid", (rfc3987.core, rfc3987.rules["IRI-reference"].flags)),
            ("column_valid", (rfc3986.core, rfc3986.rules["URI"].flags)),
            ("column_split", (rfc3986.core, rfc3986.rules["URI-reference"].flags)),
            ("column_normalize", (rfc3986.core, 1)),  # "syntax"
            ("column_resolve", (False, rfc3986.core)),
        ],
    )
    calls.clear()
    for function in (batch.is_valid, batch.errors, batch.split, batch.normalize):
        function(ROWS)
    batch.resolve(BASE, ROWS)
    keys, flags = batch.COMPONENTS, rfc3986.rules["URI-reference"].flags
    assert calls == [
        ("list_map", ((rfc3986.core, flags), keys)),  # is_valid
        ("list_map", ((rfc3986.core, flags), keys)),  # errors: is_valid's, then the diagnosis
        ("list_map", ((rfc3986.core, flags), keys)),  # split
        ("list_map", ((rfc3986.core, 2), keys)),  # normalize: level "scheme"
        ("list_map", ((BASE, rfc3986.core, True, False), keys)),  # resolve
    ]
    calls.clear()
    batch.is_valid(ROWS, grammar="rfc2396")
    batch.is_valid(ROWS, rule="host")
    batch.normalize(ROWS, level="string")
    batch.is_valid(arrow, grammar="rfc2396")
    batch.is_valid(arrow, rule="host")
    batch.relativize(BASE, arrow)
    batch.normalize(arrow, level="string")
    batch.split(pa.array([], pa.string()))
    assert_same(calls, [])
